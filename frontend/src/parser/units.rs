//! Program units: the file, `program`/`module` units, procedure headers, `contains`
//! sections and `end` statements.

use super::nesting::MAX_BLOCK_DEPTH;
use super::{BlockScope, Fail, Open, PResult, Parser, Term};
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;

/// Is `name` declared by one of `decls`?
fn find_entity(decls: &[Decl], name: &str) -> bool {
    decls.iter().any(|d| d.entities.iter().any(|e| e.name.name == name))
}

/// A unit with nothing in it yet.
pub(super) fn new_unit(kind: UnitKind, name: Ident, span: Span) -> Unit {
    Unit {
        kind,
        name,
        args: Vec::new(),
        result: None,
        result_base: None,
        result_char_len: None,
        recursive: false,
        pure: false,
        elemental: false,
        uses: Vec::new(),
        implicit_none: false,
        decls: Vec::new(),
        interfaces: Vec::new(),
        save_all: false,
        namelists: Vec::new(),
        saved: Vec::new(),
        externals: Vec::new(),
        intrinsics: Vec::new(),
        threadprivate: Vec::new(),
        default_private: false,
        access: Vec::new(),
        implicit_rules: Vec::new(),
        data: Vec::new(),
        attr_stmts: Vec::new(),
        commons: Vec::new(),
        saved_commons: Vec::new(),
        equivalences: Vec::new(),
        body: Vec::new(),
        contains: Vec::new(),
        types: Vec::new(),
        generics: Vec::new(),
        abstract_ifaces: Vec::new(),
        proc_decls: Vec::new(),
        routines: Vec::new(),
        declare_targets: Vec::new(),
        mappers: Vec::new(),
        declares: Vec::new(),
        requires_usm: false,
        bind_c: None,
        entries: Vec::new(),
        span,
    }
}

/// The keyword of a unit kind (`end subroutine`).
pub fn unit_keyword(k: UnitKind) -> &'static str {
    match k {
        UnitKind::Program => "program",
        UnitKind::Module => "module",
        UnitKind::Subroutine => "subroutine",
        UnitKind::Function => "function",
        UnitKind::BlockData => "block data",
    }
}

/// How a unit kind is named in messages.
fn unit_what(k: UnitKind) -> &'static str {
    unit_keyword(k)
}

impl Parser {
    /// The whole file: program units until the end.
    pub(super) fn file(&mut self) -> Option<SourceFile> {
        let mut units: Vec<Unit> = Vec::new();
        let mut program: Option<Span> = None;
        loop {
            self.skip_eos();
            if self.is(&Tok::Eof) || self.aborted {
                break;
            }
            let before = self.pos;
            if let Some(t) = self.terminator() {
                if !matches!(t, Term::UnitStart | Term::Eof | Term::EndUnit(None)) {
                    let sp = self.statement_span();
                    self.diags.push(
                        Diagnostic::error("E0012", format!("{} outside of any program unit", t.describe()), sp)
                            .with_label("nothing to end here"),
                    );
                    self.skip_statement();
                    continue;
                }
            }
            if self.stray_directive() {
                continue;
            }
            if let Some(u) = self.unit() {
                if u.kind == UnitKind::Program {
                    if program.is_some() {
                        let sp = if u.name.span.hi > u.name.span.lo { u.name.span } else { Span { lo: u.span.lo, hi: u.span.lo } };
                        self.diags.push(
                            Diagnostic::error("E0015", "a file may contain only one main program", sp)
                                .with_label("a second main program")
                                .with_note("note: put the other procedures in subroutines or functions"),
                        );
                    }
                    program.get_or_insert(u.span);
                }
                units.push(u);
            }
            if self.pos == before {
                // Nothing consumed: skip the statement so that parsing always advances.
                self.skip_statement();
            }
        }
        if units.is_empty() && !self.diags.iter().any(Diagnostic::is_error) {
            let sp = self.span();
            self.diags.push(Diagnostic::error("E0015", "the file contains no program unit", sp).with_label("expected `program`"));
            return None;
        }
        Some(SourceFile { units, type_names: std::mem::take(&mut self.type_names) })
    }

    /// A directive line between program units (one followed, after any other directive
    /// lines, by the start of a program unit, such as an `!$acc routine` written above the
    /// `function` statement it is meant for):
    /// E0012, and the directive is skipped, instead of its starting a main program that the
    /// next unit's header then leaves unended.
    fn stray_directive(&mut self) -> bool {
        let sentinel = match self.tok() {
            Tok::DirectiveStart => "!$acc",
            Tok::OmpDirectiveStart => "!$omp",
            _ => return false,
        };
        let m = self.mark();
        let sp = self.statement_span();
        let word = match self.tok_at(1) {
            Tok::Name(w) => w.clone(),
            _ => String::new(),
        };
        self.skip_statement();
        self.skip_eos();
        // Several such lines in a row (`!$acc declare` of one variable per line): each one
        // is reported.
        while matches!(self.tok(), Tok::DirectiveStart | Tok::OmpDirectiveStart) {
            self.skip_statement();
            self.skip_eos();
        }
        let next_unit = self.at_unit_start();
        self.reset(m);
        if !next_unit {
            return false;
        }
        self.skip_statement();
        let what = if word.is_empty() { sentinel.to_string() } else { format!("{sentinel} {word}") };
        let mut d = Diagnostic::error("E0012", format!("`{what}` outside of any program unit"), sp).with_label("not inside a program unit");
        d = if matches!(word.as_str(), "routine" | "declare") {
            d.with_note(format!(
                "help: put `{what}` in the specification part of the unit it is meant for, after the unit's first statement"
            ))
        } else {
            d.with_note("help: directives go inside a program unit")
        };
        self.diags.push(d);
        true
    }

    /// Is the current statement the header of a subroutine or function (possibly with a
    /// prefix such as `recursive` or `real(8)`)?
    pub(super) fn at_procedure_header(&self) -> bool {
        if self.is_assignment() {
            return false;
        }
        let mut i = 0;
        loop {
            let Tok::Name(w) = self.tok_at(i) else { return false };
            match w.as_str() {
                "subroutine" | "function" => return matches!(self.tok_at(i + 1), Tok::Name(_)),
                "recursive" | "pure" | "elemental" | "impure" | "integer" | "real" | "logical" | "character" | "doubleprecision"
                | "double" | "precision" | "complex" | "doublecomplex" | "type" => {
                    i += 1;
                    if self.tok_at(i) == &Tok::LParen || self.tok_at(i) == &Tok::Star {
                        // A kind selector: skip it.
                        let mut depth = 0usize;
                        loop {
                            match self.tok_at(i) {
                                Tok::LParen => depth += 1,
                                Tok::RParen => depth = depth.saturating_sub(1),
                                Tok::Eos | Tok::Eof => return false,
                                _ => {}
                            }
                            i += 1;
                            if depth == 0 && !matches!(self.tok_at(i - 1), Tok::Star) {
                                break;
                            }
                        }
                    }
                }
                _ => return false,
            }
            if i > 12 {
                return false;
            }
        }
    }

    /// Is the current statement the start of a program unit (`program`, `module`, a
    /// procedure header)?
    pub(super) fn at_unit_start(&self) -> bool {
        if self.is_assignment() {
            return false;
        }
        match self.tok() {
            Tok::Name(n) if n == "program" => matches!(self.tok_at(1), Tok::Name(_)),
            Tok::Name(n) if n == "module" => matches!(self.tok_at(1), Tok::Name(p) if p != "procedure") && self.tok_at(2) == &Tok::Eos,
            Tok::Name(n) if n == "submodule" => self.tok_at(1) == &Tok::LParen,
            Tok::Name(n) if n == "block" => self.is_name_at(1, "data"),
            Tok::Name(n) if n == "blockdata" => true,
            _ => self.at_procedure_header(),
        }
    }

    /// One top-level program unit.
    fn unit(&mut self) -> Option<Unit> {
        // A program unit sees the named constants of other units only through `use`.
        self.int_params.clear();
        self.typed.clear();
        let start = self.span();
        if self.is_name("blockdata") || (self.is_name("block") && self.is_name_at(1, "data")) {
            // `block data [name]`: a unit of specifications only (common blocks and their
            // initial values); unnamed, gfortran calls it `__BLOCK_DATA__`.
            if self.bump().tok == Tok::Name("block".into()) {
                self.bump();
            }
            let name = match self.tok().clone() {
                Tok::Name(_) => self.expect_name("a block data name").ok(),
                _ => None,
            };
            let name = name.unwrap_or(Ident { name: "__block_data__".into(), span: start });
            if self.expect_eos().is_err() {
                self.skip_statement();
            }
            let head_span = self.from(start);
            let mut u = new_unit(UnitKind::BlockData, name, head_span);
            self.unit_rest(&mut u, head_span, 0);
            return Some(u);
        }
        if self.is_name("submodule") {
            let what = "submodules";
            let sp = self.statement_span();
            self.diags.push(Diagnostic::not_yet(what, sp));
            self.aborted = true;
            while !self.is(&Tok::Eof) {
                self.bump();
            }
            return None;
        }
        if self.is_name("module") && !self.is_assignment() {
            self.bump();
            let name = match self.expect_name("a module name") {
                Ok(n) => n,
                Err(Fail) => {
                    self.skip_statement();
                    return None;
                }
            };
            if self.expect_eos().is_err() {
                self.skip_statement();
            }
            let head_span = self.from(start);
            let mut u = new_unit(UnitKind::Module, name, head_span);
            self.unit_rest(&mut u, head_span, 0);
            // What `use` of this module makes visible: its public constants, its own and
            // those it uses.
            let public = self.int_params.iter().filter(|(n, _)| u.is_public(n)).map(|(n, v)| (n.clone(), *v)).collect();
            self.module_consts.insert(u.name.name.clone(), public);
            return Some(u);
        }
        if self.at_procedure_header() {
            return self.procedure(0);
        }
        // A main program, with or without a `program` statement.
        let (name, head_span) = if self.is_name("program") && !self.is_assignment() {
            self.bump();
            let n = match self.expect_name("a program name") {
                Ok(n) => n,
                Err(Fail) => Ident { name: "main".into(), span: start },
            };
            if self.expect_eos().is_err() {
                self.skip_statement();
            }
            (n, self.from(start))
        } else {
            (Ident { name: "main".into(), span: Span { lo: start.lo, hi: start.lo } }, Span { lo: start.lo, hi: start.lo })
        };
        let mut u = new_unit(UnitKind::Program, name, head_span);
        self.unit_rest(&mut u, head_span, 0);
        Some(u)
    }

    /// A subroutine or function: its header, then the rest of the unit. `depth` is 0 for
    /// external procedures, 1 for module and internal procedures, 2 below.
    fn procedure(&mut self, depth: usize) -> Option<Unit> {
        let start = self.span();
        let mut u = match self.procedure_header() {
            Ok(u) => u,
            Err(Fail) => {
                self.skip_statement();
                // Parse the body anyway so that its `end` is not taken for the host's.
                let mut u = new_unit(UnitKind::Subroutine, Ident { name: "?".into(), span: start }, start);
                let sp = self.from(start);
                self.unit_rest(&mut u, sp, depth);
                return None;
            }
        };
        let head_span = u.span;
        self.unit_rest(&mut u, head_span, depth);
        Some(u)
    }

    /// `[prefix...] subroutine|function name [(args)] [result(r)]` and the end of statement.
    pub(super) fn procedure_header(&mut self) -> PResult<Unit> {
        let start = self.span();
        let (mut recursive, mut pure, mut elemental) = (false, false, false);
        let mut result_base: Option<BaseTy> = None;
        let mut result_char_len = None;
        let kind = loop {
            let Tok::Name(w) = self.tok().clone() else {
                return Err(self.err_expected("`subroutine` or `function`"));
            };
            match w.as_str() {
                "subroutine" => break UnitKind::Subroutine,
                "function" => break UnitKind::Function,
                "recursive" => recursive = true,
                "pure" => pure = true,
                "elemental" => elemental = true,
                "impure" => {}
                _ if self.at_type_spec() && result_base.is_none() => {
                    let (b, _) = self.type_spec()?;
                    result_base = Some(b);
                    if b == BaseTy::Character {
                        result_char_len = self.char_len.take();
                    }
                    continue;
                }
                _ => return Err(self.err_expected("`subroutine` or `function`")),
            }
            self.bump();
        };
        let kw = self.bump().span;
        if kind == UnitKind::Subroutine && result_base.is_some() {
            self.diags.push(
                Diagnostic::error("E0036", "a subroutine cannot have a type", Span { lo: start.lo, hi: kw.hi })
                    .with_label("only functions have a result type"),
            );
            return Err(Fail);
        }
        let what = if kind == UnitKind::Subroutine { "a subroutine name" } else { "a function name" };
        let name = self.expect_name(what)?;
        let mut args = Vec::new();
        if self.eat(&Tok::LParen) {
            if !self.eat(&Tok::RParen) {
                loop {
                    if self.is(&Tok::Star) {
                        let sp = self.span();
                        self.diags.push(Diagnostic::not_yet("alternate returns (`*` dummy arguments)", sp));
                        return Err(Fail);
                    }
                    let a = self.expect_name("a dummy argument name")?;
                    if args.iter().any(|x: &Ident| x.name == a.name) {
                        self.diags.push(
                            Diagnostic::error("E0036", format!("dummy argument `{}` appears twice", a.name), a.span)
                                .with_label("repeated argument"),
                        );
                        return Err(Fail);
                    }
                    args.push(a);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                self.expect(&Tok::RParen)?;
            }
        } else if kind == UnitKind::Function {
            return Err(self.err_expected("`(` after the function name"));
        }
        let mut result = None;
        let mut bind_c = None;
        loop {
            if self.is_name("result") && kind == UnitKind::Function && result.is_none() {
                self.bump();
                self.expect(&Tok::LParen)?;
                let r = self.expect_name("a result variable name")?;
                self.expect(&Tok::RParen)?;
                if r.name == name.name {
                    self.diags.push(
                        Diagnostic::error("E0036", "the result variable must have a name different from the function", r.span)
                            .with_label("same name as the function"),
                    );
                    return Err(Fail);
                }
                result = Some(r);
            } else if self.is_name("bind") && bind_c.is_none() {
                bind_c = Some(self.bind_c_spec(&name.name)?);
            } else {
                break;
            }
        }
        self.expect_eos()?;
        let span = self.from(start);
        let mut u = new_unit(kind, name, span);
        u.args = args;
        u.result = result;
        u.bind_c = bind_c;
        u.result_base = result_base;
        u.result_char_len = result_char_len;
        u.recursive = recursive;
        u.pure = pure;
        u.elemental = elemental;
        Ok(u)
    }

    /// `bind(c [, name="..."])` (at `bind`): the C name, by default `default` (the
    /// procedure's name, already lower case).
    pub(super) fn bind_c_spec(&mut self, default: &str) -> PResult<String> {
        self.bump();
        self.expect(&Tok::LParen)?;
        let c = self.expect_name("`c`")?;
        if c.name != "c" {
            self.diags.push(Diagnostic::error("E0033", format!("`bind({})` is not valid", c.name), c.span).with_label("expected `c`"));
            return Err(Fail);
        }
        let mut cname = default.to_string();
        if self.eat(&Tok::Comma) {
            let n = self.expect_name("`name`")?;
            if n.name != "name" {
                self.diags.push(
                    Diagnostic::error("E0033", format!("unknown `bind(c)` specifier `{}`", n.name), n.span).with_label("expected `name=`"),
                );
                return Err(Fail);
            }
            self.expect(&Tok::Assign)?;
            let sp = self.span();
            match self.tok().clone() {
                Tok::Str(s) => {
                    self.bump();
                    let s = s.trim().to_string();
                    if s.is_empty()
                        || !s.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
                        || s.starts_with(|ch: char| ch.is_ascii_digit())
                    {
                        self.diags.push(
                            Diagnostic::error("E0033", format!("`{s}` is not a valid C name"), sp)
                                .with_label("letters, digits and `_`, not starting with a digit"),
                        );
                        return Err(Fail);
                    }
                    cname = s;
                }
                _ => {
                    self.diags.push(Diagnostic::not_yet("a `bind(c, name=)` that is not a character literal", sp));
                    return Err(Fail);
                }
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(cname)
    }

    /// Everything after a unit's header: specification part, executable part, `contains`
    /// section and the `end` statement.
    fn unit_rest(&mut self, u: &mut Unit, head_span: Span, depth: usize) {
        if self.open.len() > MAX_BLOCK_DEPTH {
            self.diags.push(
                Diagnostic::error("E0009", format!("program units are nested too deeply (more than {MAX_BLOCK_DEPTH} levels)"), head_span)
                    .with_label("nesting limit reached here"),
            );
            self.aborted = true;
            while !self.is(&Tok::Eof) {
                self.bump();
            }
            return;
        }
        let saved_unit = self.cur_unit.replace(u.kind);
        self.open.push(Open::Unit(u.kind));
        self.spec_part(u, false);
        if matches!(u.kind, UnitKind::Module | UnitKind::BlockData) {
            self.skip_eos();
            if self.terminator().is_none() {
                let sp = self.statement_span();
                let d = if u.kind == UnitKind::Module {
                    Diagnostic::error("E0036", "executable statements are not allowed in a module", sp)
                        .with_label("not a declaration")
                        .with_note("help: put the statements in a module procedure after `contains`")
                } else {
                    Diagnostic::error("E0036", "executable statements are not allowed in `block data`", sp).with_label("not a declaration")
                };
                self.diags.push(d);
                let _ = self.block();
            }
        } else {
            let variables = u.decls.iter().filter(|d| !d.parameter).flat_map(|d| d.entities.iter().map(|e| e.name.name.clone()));
            let variables = variables.filter(|n| !u.args.iter().any(|a| a.name == *n)).collect();
            let saved_scope = std::mem::replace(&mut self.block_scope, BlockScope { variables, ..BlockScope::default() });
            let body = self.block();
            self.block_scope = saved_scope;
            u.body.extend(body);
            u.entries = std::mem::take(&mut self.entries);
            // A `block` construct's declarations become the unit's (no shadowing yet).
            for d in std::mem::take(&mut self.block_decls) {
                let clash = d.entities.iter().find(|e| find_entity(&u.decls, &e.name.name) || u.args.iter().any(|a| a.name == e.name.name));
                if let Some(e) = clash {
                    self.diags.push(Diagnostic::not_yet("a `block` declaration of a name declared outside the `block`", e.name.span));
                    continue;
                }
                u.decls.push(d);
            }
        }
        if self.terminator() == Some(Term::Contains) {
            let sp = self.statement_span();
            self.skip_statement();
            if depth >= 2 || (depth == 1 && !self.host_is_module) {
                self.diags.push(
                    Diagnostic::error("E0036", "an internal procedure cannot contain other procedures", sp)
                        .with_label("`contains` is not allowed here"),
                );
            }
            let saved_host = self.host_is_module;
            self.host_is_module = u.kind == UnitKind::Module;
            loop {
                self.skip_eos();
                if self.aborted {
                    break;
                }
                if self.at_procedure_header() {
                    // A contained procedure's own constants are not its siblings' or host's.
                    let host_params = (self.int_params.clone(), self.typed.clone());
                    let p = self.procedure(depth + 1);
                    (self.int_params, self.typed) = host_params;
                    if let Some(p) = p {
                        u.contains.push(p);
                    }
                    continue;
                }
                match self.terminator() {
                    Some(Term::EndUnit(_) | Term::Eof | Term::UnitStart) => break,
                    _ => {
                        let sp = self.statement_span();
                        self.diags.push(
                            Diagnostic::error("E0036", "only subroutines and functions may follow `contains`", sp)
                                .with_label("expected `subroutine`, `function` or the end of the unit"),
                        );
                        self.skip_statement();
                    }
                }
            }
            self.host_is_module = saved_host;
        }
        self.open.pop();
        self.cur_unit = saved_unit;
        self.end_unit(u, head_span);
        u.span = Span { lo: u.span.lo.min(head_span.lo), hi: self.last_hi.max(head_span.hi) };
    }

    /// The `end` statement of a unit (reports a missing or mismatched one).
    pub(super) fn end_unit(&mut self, u: &mut Unit, head_span: Span) {
        let kw = unit_keyword(u.kind);
        let what = unit_what(u.kind);
        match self.terminator() {
            Some(Term::EndUnit(k)) => {
                if let Some(k) = k {
                    if k != u.kind {
                        // `end program` inside a procedure of that program: the procedure
                        // lacks its end; leave the statement to the enclosing unit.
                        if self.open.contains(&Open::Unit(k)) {
                            self.missing_end(u, head_span);
                            return;
                        }
                        let sp = self.statement_span();
                        self.diags.push(
                            Diagnostic::error("E0013", format!("expected `end {kw}`, found `end {}`", unit_keyword(k)), sp)
                                .with_label(format!("this {what} must end with `end {kw}`")),
                        );
                        self.skip_statement();
                        return;
                    }
                }
                let first = self.bump();
                if matches!(&first.tok, Tok::Name(w) if w == "end")
                    && matches!(self.tok(), Tok::Name(_))
                    && self.bump().tok == Tok::Name("block".into())
                    && self.is_name("data")
                {
                    self.bump();
                }
                if let Tok::Name(n) = self.tok().clone() {
                    let nsp = self.bump().span;
                    if k.is_some() && n != u.name.name {
                        self.diags.push(
                            Diagnostic::error("E0013", format!("`end {kw}` names `{n}`, but the {what} is `{}`", u.name.name), nsp)
                                .with_label(format!("expected `{}`", u.name.name)),
                        );
                    }
                }
                if self.expect_eos().is_err() {
                    self.skip_statement();
                }
            }
            _ if self.aborted => {}
            _ => self.missing_end(u, head_span),
        }
    }

    fn missing_end(&mut self, u: &Unit, head_span: Span) {
        if self.aborted {
            return;
        }
        let kw = unit_keyword(u.kind);
        let what = unit_what(u.kind);
        let mut d = Diagnostic::error("E0016", format!("missing `end {kw}` for this {what}"), head_span)
            .with_label(format!("this {what} is never ended"));
        if self.terminator() == Some(Term::UnitStart) && u.kind == UnitKind::Program {
            d = d.with_note("help: internal procedures must follow a `contains` statement");
        }
        self.diags.push(d);
    }
}
