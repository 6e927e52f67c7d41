//! Input/output statements: `print`, `read`, `write`, `open`, `close`, `inquire`, `rewind`
//! and friends, `format`, and their specifiers.

use super::{Fail, PResult, Parser};
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;

/// The specifiers of `read` and `write` other than `unit=` and `fmt=` (not supported yet).
const DATA_TRANSFER_SPECS: &[&str] = &[
    "iostat",
    "iomsg",
    "err",
    "end",
    "eor",
    "advance",
    "rec",
    "pos",
    "size",
    "id",
    "asynchronous",
    "blank",
    "decimal",
    "delim",
    "pad",
    "round",
    "sign",
    "nml",
];

/// The specifiers of `open` (those past `form=` are not supported yet).
const OPEN_SPECS: &[&str] = &[
    "unit",
    "file",
    "status",
    "action",
    "position",
    "form",
    "newunit",
    "iostat",
    "iomsg",
    "err",
    "access",
    "recl",
    "blank",
    "delim",
    "pad",
    "decimal",
    "encoding",
    "round",
    "sign",
    "asynchronous",
    "convert",
];

/// `stmt` with its status specifiers, if it has any.
fn with_status(stmt: Stmt, ctl: IoControl) -> Stmt {
    if ctl.iostat.is_none()
        && ctl.iomsg.is_none()
        && ctl.end.is_none()
        && ctl.err.is_none()
        && !ctl.advance_no
        && ctl.rec.is_none()
        && ctl.pos.is_none()
        && ctl.size.is_none()
        && ctl.modes.is_empty()
        && ctl.mode_exprs.is_empty()
    {
        return stmt;
    }
    let span = stmt.span;
    Stmt { kind: StmtKind::IoStatus { stmt: Box::new(stmt), ctl: Box::new(ctl) }, span }
}

/// The text of a statement continued over lines as one line: each `&` at a line end (and a
/// comment after it), the line break, comment lines and the leading `&` of the next line go.
fn join_continuations(text: &str) -> String {
    if !text.contains('\n') {
        return text.to_string();
    }
    let mut out = String::new();
    let mut quote: Option<char> = None;
    let mut it = text.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '&' => {
                // a continuation if only blanks or a comment follow on this line
                let rest: String = it.clone().take_while(|&c| c != '\n').collect();
                let t = rest.trim_start();
                if !(t.is_empty() || (quote.is_none() && t.starts_with('!'))) {
                    out.push(c);
                    continue;
                }
                // skip to the next line that is not blank or a comment
                loop {
                    while it.next_if(|&c| c != '\n').is_some() {}
                    if it.next().is_none() {
                        break;
                    }
                    while it.next_if(|&c| c == ' ' || c == '\t').is_some() {}
                    if !matches!(it.peek(), Some('!' | '\n')) {
                        break;
                    }
                }
                it.next_if_eq(&'&');
            }
            '\'' | '"' => {
                match quote {
                    None => quote = Some(c),
                    Some(q) if q == c => quote = None,
                    _ => {}
                }
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// The index in [`IoModes::NAMES`] of a changeable-mode specifier.
fn mode_index(k: &str) -> Option<usize> {
    IoModes::NAMES.iter().position(|&n| n == k)
}

impl Parser {
    /// A changeable-mode specifier's value (the keyword and `=` consumed): a character
    /// literal naming one of the mode's values.
    fn mode_spec(&mut self, m: usize, ksp: Span, stmt: &str, modes: &mut IoModes, exprs: &mut Vec<(usize, Expr)>) -> PResult<()> {
        let (k, values) = (IoModes::NAMES.get(m).copied().unwrap_or("?"), IoModes::VALUES.get(m).copied().unwrap_or(&[]));
        if modes.0.get(m).is_some_and(|&c| c != 0) || exprs.iter().any(|(i, _)| *i == m) {
            self.diags.push(Diagnostic::error("E0024", format!("the `{k}=` of `{stmt}` is given twice"), ksp).with_label("repeated"));
            return Err(Fail);
        }
        let v = match self.tok().clone() {
            Tok::Str(v) if matches!(self.tok_at(1), Tok::Comma | Tok::RParen) => v,
            _ => {
                // a character expression: its value is checked at run time
                let e = self.expr()?;
                exprs.push((m, e));
                return Ok(());
            }
        };
        let vsp = self.bump().span;
        let v = v.trim().to_ascii_lowercase();
        let Some(code) = values.iter().position(|&x| x == v) else {
            let valid = values.iter().map(|x| format!("'{x}'")).collect::<Vec<_>>().join(", ");
            self.diags.push(
                Diagnostic::error("E0042", format!("`'{v}'` is not a valid value of `{k}=` in `{stmt}`"), vsp)
                    .with_label(format!("expected one of {valid}")),
            );
            return Err(Fail);
        };
        if let Some(c) = modes.0.get_mut(m) {
            *c = code as u8 + 1;
        }
        Ok(())
    }

    /// `write (unit, fmt) items` and `read (unit, fmt) items` with `unit=` and `fmt=`
    /// keywords allowed; also `read fmt, items` from standard input.
    #[inline(never)]
    pub(super) fn write(&mut self, start: Span) -> PResult<Stmt> {
        let is_read = self.is_name_at(0, "read");
        let stmt = if is_read { "read" } else { "write" };
        self.bump();
        if is_read && !self.is(&Tok::LParen) {
            // `read *, items` / `read '(fmt)', items`.
            let format = self.format_spec()?;
            let mut items = Vec::new();
            if !self.at_eos() {
                self.expect(&Tok::Comma)?;
                items = self.io_item_list()?;
            }
            self.expect_eos()?;
            return Ok(Stmt { kind: StmtKind::Read { unit: IoUnit::Star, format, items }, span: self.from(start) });
        }
        self.expect(&Tok::LParen)?;
        let mut unit: Option<IoUnit> = None;
        let mut format: Option<Format> = None;
        let mut ctl = IoControl::default();
        let mut n = 0usize;
        loop {
            let keyword = self.io_keyword();
            let which = match &keyword {
                Some((k, _)) if k == "unit" => 0,
                Some((k, _)) if k == "fmt" => 1,
                Some((k, sp)) if k == "advance" => {
                    let sp = *sp;
                    self.advance_spec(sp, stmt, &mut ctl)?;
                    n += 1;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                Some((k, sp)) if k == "nml" => {
                    if format.is_some() {
                        let sp = *sp;
                        self.diags
                            .push(Diagnostic::error("E0024", format!("the format of `{stmt}` is given twice"), sp).with_label("repeated"));
                        return Err(Fail);
                    }
                    let g = self.expect_name("a namelist group name")?;
                    format = Some(Format::Namelist(g, Vec::new()));
                    n += 1;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                Some((k, sp)) if k == "rec" || k == "pos" => {
                    let sp = *sp;
                    let slot = if k == "rec" { &mut ctl.rec } else { &mut ctl.pos };
                    if slot.is_some() {
                        self.diags
                            .push(Diagnostic::error("E0024", format!("the `{k}=` of `{stmt}` is given twice"), sp).with_label("repeated"));
                        return Err(Fail);
                    }
                    *slot = Some(self.expr()?);
                    n += 1;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                Some((k, sp)) if k == "size" && is_read => {
                    let sp = *sp;
                    if ctl.size.is_some() {
                        self.diags.push(Diagnostic::error("E0024", "`size=` is given twice", sp).with_label("repeated"));
                        return Err(Fail);
                    }
                    ctl.size = Some(self.expr()?);
                    n += 1;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                Some((k, sp)) if mode_index(k).is_some_and(|m| if is_read { m != 3 && m != 4 } else { m != 0 && m != 5 }) => {
                    let (m, sp) = (mode_index(k).unwrap_or(0), *sp);
                    self.mode_spec(m, sp, stmt, &mut ctl.modes, &mut ctl.mode_exprs)?;
                    n += 1;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                Some((k, sp)) if matches!(k.as_str(), "iostat" | "iomsg" | "err") || (k == "end" && is_read) => {
                    let sp = *sp;
                    self.status_spec(k.clone(), sp, stmt, &mut ctl)?;
                    n += 1;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                Some((k, sp)) => {
                    let sp = *sp;
                    if mode_index(k).is_some() {
                        let why = if is_read { "an output" } else { "an input" };
                        self.diags.push(
                            Diagnostic::error("E0040", format!("`{k}=` is not a specifier of `{stmt}`"), sp)
                                .with_label(format!("only {why} statement takes it")),
                        );
                    } else if DATA_TRANSFER_SPECS.contains(&k.as_str()) {
                        self.diags.push(Diagnostic::not_yet(format!("the `{k}=` specifier of `{stmt}`"), sp));
                    } else {
                        self.diags.push(
                            Diagnostic::error("E0040", format!("`{k}=` is not a specifier of `{stmt}`"), sp)
                                .with_label("unknown specifier"),
                        );
                    }
                    return Err(Fail);
                }
                None if n == 0 => 0,
                None if n == 1 => 1,
                None => {
                    let sp = self.span();
                    self.diags.push(Diagnostic::not_yet(format!("more than two positional specifiers in `{stmt}`"), sp));
                    return Err(Fail);
                }
            };
            if which == 0 && unit.is_some() || which == 1 && format.is_some() {
                let sp = self.span();
                let what = if which == 0 { "unit" } else { "format" };
                self.diags.push(Diagnostic::error("E0024", format!("the {what} of `{stmt}` is given twice"), sp).with_label("repeated"));
                return Err(Fail);
            }
            if which == 0 {
                unit = Some(if self.eat(&Tok::Star) { IoUnit::Star } else { IoUnit::Number(self.expr()?) });
            } else {
                format = Some(self.format_spec()?);
            }
            n += 1;
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        let Some(unit) = unit else {
            let sp = self.from(start);
            self.diags.push(
                Diagnostic::error("E0024", format!("`{stmt}` needs a unit"), sp)
                    .with_label(format!("expected `{stmt}(*, ...)` or `{stmt}(unit, ...)`")),
            );
            return Err(Fail);
        };
        let format = format.unwrap_or(Format::Unformatted);
        if matches!(format, Format::Unformatted) && ctl.advance_no {
            let sp = self.from(start);
            self.diags.push(Diagnostic::error("E0275", "`advance=` needs a format", sp).with_label("unformatted transfer"));
            return Err(Fail);
        }
        let mut items = Vec::new();
        if !self.at_eos() {
            // gfortran accepts a comma before the first item as an extension.
            self.eat(&Tok::Comma);
            items = self.io_item_list()?;
        }
        self.expect_eos()?;
        let kind = if is_read { StmtKind::Read { unit, format, items } } else { StmtKind::Write { unit, format, items } };
        Ok(with_status(Stmt { kind, span: self.from(start) }, ctl))
    }

    /// A specifier's `keyword=` (consumed), with the span of the keyword and its `=`.
    fn io_keyword(&mut self) -> Option<(String, Span)> {
        let (Tok::Name(k), Tok::Assign) = (self.tok().clone(), self.tok_at(1)) else {
            return None;
        };
        let sp = self.bump().span;
        self.bump();
        Some((k, Span { lo: sp.lo, hi: sp.hi + 1 }))
    }

    /// `item, item, ...` of an I/O statement.
    fn io_item_list(&mut self) -> PResult<Vec<Expr>> {
        let mut items = Vec::new();
        loop {
            items.push(self.expr()?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        Ok(items)
    }

    /// `open(unit, file=, status=, action=, position=, form=)` and `close(unit, status=)`.
    #[inline(never)]
    pub(super) fn open_close(&mut self, start: Span) -> PResult<Stmt> {
        let is_open = self.is_name_at(0, "open");
        let stmt = if is_open { "open" } else { "close" };
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut unit: Option<Expr> = None;
        let mut file: Option<Expr> = None;
        let (mut status, mut action, mut append, mut delete) = (0, 0, false, false);
        let (mut unformatted, mut access, mut recl) = (None::<bool>, 0, None);
        let mut ctl = IoControl::default();
        let mut newunit = false;
        let mut modes = IoModes::default();
        let mut mode_exprs = Vec::new();
        let mut n = 0usize;
        loop {
            let (k, ksp) = match self.io_keyword() {
                Some(key) => key,
                None if n == 0 => ("unit".to_string(), self.span()),
                None => {
                    let sp = self.span();
                    self.diags.push(
                        Diagnostic::error("E0041", format!("only the unit of `{stmt}` can be given without a keyword"), sp)
                            .with_label("expected `keyword=value`"),
                    );
                    return Err(Fail);
                }
            };
            n += 1;
            let known: &[&str] = if is_open { OPEN_SPECS } else { &["unit", "status", "iostat", "iomsg", "err"] };
            if !known.contains(&k.as_str()) {
                self.diags.push(
                    Diagnostic::error("E0040", format!("`{k}=` is not a specifier of `{stmt}`"), ksp).with_label("unknown specifier"),
                );
                return Err(Fail);
            }
            match k.as_str() {
                "unit" | "newunit" if unit.is_some() => {
                    self.diags.push(Diagnostic::error("E0024", format!("the unit of `{stmt}` is given twice"), ksp).with_label("repeated"));
                    return Err(Fail);
                }
                "unit" => unit = Some(self.expr()?),
                "newunit" => {
                    unit = Some(self.expr()?);
                    newunit = true;
                }
                "iostat" | "iomsg" | "err" => self.status_spec(k, ksp, stmt, &mut ctl)?,
                "file" if is_open => file = Some(self.expr()?),
                _ if is_open && mode_index(&k).is_some() => {
                    self.mode_spec(mode_index(&k).unwrap_or(0), ksp, stmt, &mut modes, &mut mode_exprs)?
                }
                "recl" if is_open => recl = Some(self.expr()?),
                "status" | "action" | "position" | "form" | "access" => {
                    let Tok::Str(v) = self.tok().clone() else {
                        let sp = self.span();
                        self.diags.push(Diagnostic::not_yet(format!("a `{k}=` specifier that is not a character literal"), sp));
                        return Err(Fail);
                    };
                    let vsp = self.bump().span;
                    let v = v.trim_end().to_ascii_lowercase();
                    let code = match (is_open, k.as_str(), v.as_str()) {
                        (true, "status", "unknown") => Some(0),
                        (true, "status", "old") => Some(1),
                        (true, "status", "new") => Some(2),
                        (true, "status", "replace") => Some(3),
                        (true, "status", "scratch") => Some(4),
                        (false, "status", "keep") => Some(0),
                        (false, "status", "delete") => Some(1),
                        (_, "action", "readwrite") => Some(0),
                        (_, "action", "read") => Some(1),
                        (_, "action", "write") => Some(2),
                        (_, "position", "asis" | "rewind") => Some(0),
                        (_, "position", "append") => Some(1),
                        (_, "form", "formatted") => Some(0),
                        (_, "form", "unformatted") => Some(1),
                        (true, "access", "sequential") => Some(0),
                        (true, "access", "stream") => Some(1),
                        (true, "access", "direct") => Some(2),
                        _ => None,
                    };
                    let Some(code) = code else {
                        self.diags.push(
                            Diagnostic::error("E0042", format!("`'{v}'` is not a valid value of `{k}=` in `{stmt}`"), vsp)
                                .with_label("invalid value"),
                        );
                        return Err(Fail);
                    };
                    match k.as_str() {
                        "status" if is_open => status = code,
                        "status" => delete = code == 1,
                        "action" => action = code,
                        "position" => append = code == 1,
                        "form" => unformatted = Some(code == 1),
                        "access" => access = code,
                        _ => {}
                    }
                }
                _ => {
                    self.diags.push(Diagnostic::not_yet(format!("the `{k}=` specifier of `{stmt}`"), ksp));
                    return Err(Fail);
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        let Some(unit) = unit else {
            let sp = self.from(start);
            self.diags
                .push(Diagnostic::error("E0024", format!("`{stmt}` needs a unit"), sp).with_label(format!("expected `{stmt}(unit, ...)`")));
            return Err(Fail);
        };
        if access == 2 && recl.is_none() {
            let sp = self.from(start);
            self.diags.push(Diagnostic::error("E0024", "`open` with `access='direct'` needs `recl=`", sp).with_label("expected `recl=`"));
        }
        if access == 2 && unformatted == Some(false) {
            let sp = self.from(start);
            self.diags.push(Diagnostic::not_yet("formatted direct-access files", sp));
        }
        // direct and stream access are unformatted unless `form=` says otherwise
        let unformatted = unformatted.unwrap_or(access != 0);
        let kind = if is_open {
            StmtKind::Open(OpenSpec { unit, file, status, action, append, newunit, unformatted, access, recl, modes, mode_exprs })
        } else {
            StmtKind::Close { unit, delete }
        };
        Ok(with_status(Stmt { kind, span: self.from(start) }, ctl))
    }

    /// The format of `print` or `write`: `*` or a character literal.
    fn format_spec(&mut self) -> PResult<Format> {
        match self.tok().clone() {
            Tok::Star => {
                self.bump();
                Ok(Format::ListDirected)
            }
            Tok::Str(s) if matches!(self.tok_at(1), Tok::Comma | Tok::RParen | Tok::Eos | Tok::Eof) => {
                let sp = self.bump().span;
                Ok(Format::Literal(s, sp))
            }
            Tok::Int(..) => {
                let (l, sp) = self.label_ref()?;
                Ok(Format::Label(l, sp))
            }
            Tok::Name(_) | Tok::Str(_) | Tok::LParen => Ok(Format::Expr(Box::new(self.expr()?))),
            _ => Err(self.err_expected("`*` or a format string")),
        }
    }

    pub(super) fn print(&mut self, start: Span) -> PResult<Stmt> {
        self.bump();
        let format = self.format_spec()?;
        let mut items = Vec::new();
        if !self.at_eos() {
            self.expect(&Tok::Comma)?;
            loop {
                items.push(self.expr()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        self.expect_eos()?;
        Ok(Stmt { kind: StmtKind::Print { format, items }, span: self.from(start) })
    }

    /// `advance='yes'|'no'` of `read` or `write` (the keyword and `=` consumed).
    #[inline(never)]
    fn advance_spec(&mut self, ksp: Span, stmt: &str, ctl: &mut IoControl) -> PResult<()> {
        let Tok::Str(v) = self.tok().clone() else {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("an `advance=` specifier that is not a character literal", sp));
            return Err(Fail);
        };
        let vsp = self.bump().span;
        match v.trim_end().to_ascii_lowercase().as_str() {
            "no" => ctl.advance_no = true,
            "yes" => {}
            other => {
                self.diags.push(
                    Diagnostic::error("E0042", format!("`'{other}'` is not a valid value of `advance=` in `{stmt}`"), vsp)
                        .with_label("expected 'yes' or 'no'"),
                );
                return Err(Fail);
            }
        }
        let _ = ksp;
        Ok(())
    }

    /// `iostat=`, `iomsg=`, `end=` or `err=` (the keyword and `=` consumed).
    fn status_spec(&mut self, k: String, ksp: Span, stmt: &str, ctl: &mut IoControl) -> PResult<()> {
        let given = match k.as_str() {
            "iostat" => ctl.iostat.is_some(),
            "iomsg" => ctl.iomsg.is_some(),
            "end" => ctl.end.is_some(),
            _ => ctl.err.is_some(),
        };
        if given {
            self.diags.push(Diagnostic::error("E0024", format!("the `{k}=` of `{stmt}` is given twice"), ksp).with_label("repeated"));
            return Err(Fail);
        }
        match k.as_str() {
            "iostat" => ctl.iostat = Some(self.expr()?),
            "iomsg" => ctl.iomsg = Some(self.expr()?),
            "end" => ctl.end = Some(self.label_ref()?),
            _ => ctl.err = Some(self.label_ref()?),
        }
        Ok(())
    }

    /// `go to L`, `format(...)`, `rewind`, `backspace`, `endfile`, `flush` and `inquire`.
    #[inline(never)]
    pub(super) fn label_or_unit_stmt(&mut self, kw: &str) -> PResult<Option<Stmt>> {
        let start = self.span();
        match kw {
            "go" | "goto" => {
                self.bump();
                if kw == "go" && !self.eat_name("to") {
                    return Err(self.err_expected("`to`"));
                }
                if self.eat(&Tok::LParen) {
                    // Computed `go to (l1, l2, ...) [,] i`: `select case (i)` with one case
                    // per label (an index out of range goes on with the next statement).
                    let mut labels = Vec::new();
                    loop {
                        labels.push(self.label_ref()?);
                        if !self.eat(&Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(&Tok::RParen)?;
                    self.eat(&Tok::Comma);
                    let selector = self.expr()?;
                    self.expect_eos()?;
                    let cases = labels
                        .into_iter()
                        .enumerate()
                        .map(|(i, (l, sp))| CaseBlock {
                            values: Some(vec![CaseValue::Value(Expr { kind: ExprKind::Int(i as i64 + 1, 4), span: sp, ty: Ty::Unknown })]),
                            body: vec![Stmt { kind: StmtKind::GoTo(l), span: sp }],
                            span: sp,
                        })
                        .collect();
                    return Ok(Some(Stmt { kind: StmtKind::SelectCase { name: None, selector, cases }, span: self.from(start) }));
                }
                if !matches!(self.tok(), Tok::Int(..)) {
                    let sp = self.statement_span();
                    self.diags.push(Diagnostic::not_yet("`go to` without a statement label (assigned `go to`)", sp));
                    return Err(Fail);
                }
                let (l, _) = self.label_ref()?;
                self.expect_eos()?;
                Ok(Some(Stmt { kind: StmtKind::GoTo(l), span: self.from(start) }))
            }
            "format" if self.tok_at(1) == &Tok::LParen => {
                self.bump();
                let lo = self.span().lo as usize;
                if !self.skip_parens() {
                    return Err(self.err_expected("`)`"));
                }
                let hi = (self.last_hi as usize).min(self.src.len());
                let text = join_continuations(self.src.get(lo..hi).unwrap_or(""));
                self.expect_eos()?;
                Ok(Some(Stmt { kind: StmtKind::FormatStmt(text), span: self.from(start) }))
            }
            "rewind" | "backspace" | "endfile" | "flush" => {
                self.bump();
                let mut ctl = IoControl::default();
                let unit = if self.is(&Tok::LParen) {
                    self.bump();
                    let mut unit = None;
                    loop {
                        match self.io_keyword() {
                            Some((k, ksp)) if matches!(k.as_str(), "iostat" | "iomsg" | "err") => self.status_spec(k, ksp, kw, &mut ctl)?,
                            Some((k, ksp)) if k != "unit" => {
                                self.diags.push(
                                    Diagnostic::error("E0040", format!("`{k}=` is not a specifier of `{kw}`"), ksp)
                                        .with_label("unknown specifier"),
                                );
                                return Err(Fail);
                            }
                            _ => {
                                if unit.is_some() {
                                    let sp = self.span();
                                    self.diags.push(
                                        Diagnostic::error("E0024", format!("the unit of `{kw}` is given twice"), sp).with_label("repeated"),
                                    );
                                    return Err(Fail);
                                }
                                unit = Some(self.expr()?);
                            }
                        }
                        if !self.eat(&Tok::Comma) {
                            break;
                        }
                    }
                    self.expect(&Tok::RParen)?;
                    match unit {
                        Some(u) => u,
                        None => {
                            let sp = self.from(start);
                            self.diags.push(Diagnostic::error("E0024", format!("`{kw}` needs a unit"), sp).with_label("no unit"));
                            return Err(Fail);
                        }
                    }
                } else {
                    self.expr()?
                };
                self.expect_eos()?;
                let op = match kw {
                    "rewind" => UnitOp::Rewind,
                    "backspace" => UnitOp::Backspace,
                    "endfile" => UnitOp::Endfile,
                    _ => UnitOp::Flush,
                };
                let st = Stmt { kind: StmtKind::UnitOp { op, unit }, span: self.from(start) };
                Ok(Some(with_status(st, ctl)))
            }
            "inquire" if self.tok_at(1) == &Tok::LParen => self.inquire(start).map(Some),
            _ => {
                let sp = self.span();
                let what = match kw {
                    "go" | "goto" => "`go to` statements".to_string(),
                    "format" => "this form of the `format` statement".to_string(),
                    other => format!("the `{other}` statement"),
                };
                self.diags.push(Diagnostic::not_yet(what, sp));
                Err(Fail)
            }
        }
    }

    /// `inquire(file=f | [unit=]u, exist=, opened=, number=, iostat=, iomsg=, err=)`.
    #[inline(never)]
    fn inquire(&mut self, start: Span) -> PResult<Stmt> {
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut spec = InquireSpec {
            file: None,
            unit: None,
            exist: None,
            opened: None,
            number: None,
            name: None,
            size: None,
            iolength: None,
            items: Vec::new(),
            modes: Vec::new(),
        };
        let mut ctl = IoControl::default();
        let mut n = 0;
        loop {
            let (k, ksp) = match self.io_keyword() {
                Some(key) => key,
                None if n == 0 => ("unit".to_string(), self.span()),
                None => {
                    let sp = self.span();
                    self.diags.push(
                        Diagnostic::error("E0041", "only the unit of `inquire` can be given without a keyword", sp)
                            .with_label("expected `keyword=value`"),
                    );
                    return Err(Fail);
                }
            };
            n += 1;
            let slot = match k.as_str() {
                "file" => &mut spec.file,
                "unit" => &mut spec.unit,
                "exist" => &mut spec.exist,
                "opened" => &mut spec.opened,
                "number" => &mut spec.number,
                "name" => &mut spec.name,
                "size" => &mut spec.size,
                "iolength" => &mut spec.iolength,
                "iostat" | "iomsg" | "err" => {
                    self.status_spec(k, ksp, "inquire", &mut ctl)?;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                _ if mode_index(&k).is_some() => {
                    let m = mode_index(&k).unwrap_or(0);
                    if spec.modes.iter().any(|(i, _)| *i == m) {
                        self.diags.push(
                            Diagnostic::error("E0024", format!("the `{k}=` of `inquire` is given twice"), ksp).with_label("repeated"),
                        );
                        return Err(Fail);
                    }
                    let e = self.expr()?;
                    spec.modes.push((m, e));
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                "access" | "action" | "direct" | "form" | "formatted" | "named" | "nextrec" | "position" | "read" | "readwrite"
                | "recl" | "sequential" | "unformatted" | "write" | "pos" | "stream" | "encoding" | "asynchronous" | "pending" | "id" => {
                    self.diags.push(Diagnostic::not_yet(format!("the `{k}=` specifier of `inquire`"), ksp));
                    return Err(Fail);
                }
                _ => {
                    self.diags.push(
                        Diagnostic::error("E0040", format!("`{k}=` is not a specifier of `inquire`"), ksp).with_label("unknown specifier"),
                    );
                    return Err(Fail);
                }
            };
            if slot.is_some() {
                self.diags.push(Diagnostic::error("E0024", format!("the `{k}=` of `inquire` is given twice"), ksp).with_label("repeated"));
                return Err(Fail);
            }
            *slot = Some(self.expr()?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        if spec.iolength.is_some() {
            let sp = self.from(start);
            if spec.file.is_some() || spec.unit.is_some() || n != 1 {
                self.diags
                    .push(Diagnostic::error("E0024", "`inquire(iolength=)` takes no other specifier", sp).with_label("only `iolength=`"));
                return Err(Fail);
            }
            if !self.at_eos() {
                spec.items = self.io_item_list()?;
            }
            self.expect_eos()?;
            return Ok(Stmt { kind: StmtKind::Inquire(Box::new(spec)), span: self.from(start) });
        }
        let sp = self.from(start);
        if spec.file.is_some() == spec.unit.is_some() {
            self.diags.push(
                Diagnostic::error("E0024", "`inquire` needs exactly one of `file=` and `unit=`", sp)
                    .with_label("expected `file=` or `unit=`"),
            );
            return Err(Fail);
        }
        self.expect_eos()?;
        Ok(with_status(Stmt { kind: StmtKind::Inquire(Box::new(spec)), span: sp }, ctl))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_continuations_are_joined() {
        assert_eq!(join_continuations("(I2, F5.1)"), "(I2, F5.1)");
        assert_eq!(join_continuations("(I2, &\n   & F5.1)"), "(I2,  F5.1)");
        assert_eq!(join_continuations("(I2, & ! two\n! comment\n\n     2X, A)"), "(I2, 2X, A)");
        assert_eq!(join_continuations("('a&b', &\n  I3)"), "('a&b', I3)");
        assert_eq!(join_continuations("('ab&\n  &cd')"), "('abcd')");
    }
}
