//! The parser: tokens from [`crate::lexer`] to an [`ast::SourceFile`] of program units.
//!
//! A hand-written recursive-descent parser, statement by statement (every statement ends
//! with [`Tok::Eos`]), with a precedence climber for expressions. It was written by hand
//! rather than with a combinator library for three reasons: statement-level recovery (a bad
//! statement is reported once and skipped), diagnostics that point at the smallest span and
//! name what was expected in Fortran terms, and hard limits on nesting so that no input can
//! overflow the stack.
//!
//! Block constructs (`do`, `if`, OpenACC `parallel` ...) keep a stack of what is open, so a
//! missing `end do` is reported at the `do` that lacks it, and a stray `end if` is reported
//! once without derailing the rest of the file.

use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::{Tok, Token};
use std::collections::HashMap;

mod block;
use block::BlockScope;

/// Deepest nesting of parentheses and unary operators inside one expression.
const MAX_EXPR_DEPTH: u32 = 64;
/// Most expression nodes in one statement (keeps every tree walk's recursion shallow).
const MAX_NODES: u32 = 2000;
/// Deepest nesting of block constructs.
const MAX_BLOCK_DEPTH: usize = 64;

/// Parses a whole file. Returns its program units (if any could be built at all) and the
/// diagnostics of lexing and parsing.
pub fn parse(src: &str) -> (Option<SourceFile>, Vec<Diagnostic>) {
    let lexed = crate::lexer::lex(src);
    let mut p = Parser {
        toks: lexed.tokens,
        pos: 0,
        diags: lexed.diags,
        last_hi: 0,
        open: Vec::new(),
        int_params: HashMap::new(),
        block_decls: Vec::new(),
        block_scope: BlockScope::default(),
        char_len: None,
        nodes: 0,
        depth: 0,
        aborted: false,
        cur_unit: None,
        host_is_module: false,
        access: Vec::new(),
        type_names: Vec::new(),
        src: src.to_string(),
        label_done: None,
    };
    let mut file = p.file();
    if let Some(f) = &mut file {
        if !p.diags.iter().any(Diagnostic::is_error) {
            crate::labels::resolve(f, &mut p.diags);
        }
    }
    (file, p.diags)
}

/// A parse failure whose diagnostic has already been recorded.
struct Fail;
type PResult<T> = Result<T, Fail>;

/// The loop control of a `do` statement.
enum Header {
    Counted(Ident, Expr, Expr, Option<Expr>),
    While(Expr),
    /// `do concurrent (specs [, mask])`.
    Concurrent(Vec<ConcurrentSpec>, Option<Expr>),
}

/// A construct that is open while its body is parsed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Open {
    /// A program unit (its specification and executable parts).
    Unit(UnitKind),
    Do,
    If,
    /// `select case`.
    Select,
    /// `block`.
    Block,
    Acc(AccKind),
    /// `!$acc atomic capture` block.
    Atomic,
    /// A `where` construct.
    Where,
    /// A `forall` construct.
    Forall,
}

/// A statement that ends (part of) a construct.
#[derive(Clone, Debug, PartialEq)]
enum Term {
    /// `end`, `end program`, `end subroutine`, ... (`None` for a bare `end`).
    EndUnit(Option<UnitKind>),
    /// `contains`.
    Contains,
    /// The header of another program unit (`subroutine s`, `module m`, ...).
    UnitStart,
    EndDo,
    EndIf,
    Else,
    ElseIf,
    /// `case (...)` or `case default` inside `select case`.
    Case,
    /// `elsewhere` / `else where` inside a `where` construct.
    ElseWhere,
    /// `end subroutine`, `end select`, ...: nothing here can open these.
    EndOther(String),
    AccEnd(AccKind),
    /// `!$acc end <something unknown>`.
    AccEndUnknown,
    Eof,
}

impl Term {
    fn describe(&self) -> String {
        match self {
            Term::EndUnit(None) => "`end`".into(),
            Term::EndUnit(Some(k)) => format!("`end {}`", unit_keyword(*k)),
            Term::Contains => "`contains`".into(),
            Term::UnitStart => "the start of another program unit".into(),
            Term::EndDo => "`end do`".into(),
            Term::EndIf => "`end if`".into(),
            Term::Else => "`else`".into(),
            Term::ElseIf => "`else if`".into(),
            Term::Case => "`case`".into(),
            Term::ElseWhere => "`elsewhere`".into(),
            Term::EndOther(w) => format!("`end {w}`"),
            Term::AccEnd(k) => format!("`!$acc end {}`", k.name()),
            Term::AccEndUnknown => "`!$acc end`".into(),
            Term::Eof => "end of file".into(),
        }
    }
    fn matches(&self, o: Open) -> bool {
        match (self, o) {
            (Term::EndUnit(_) | Term::Contains | Term::UnitStart, Open::Unit(_)) => true,
            (Term::EndDo, Open::Do) => true,
            (Term::EndIf | Term::Else | Term::ElseIf, Open::If) => true,
            (Term::Case, Open::Select) => true,
            (Term::ElseWhere, Open::Where) => true,
            (Term::EndOther(w), Open::Where) => w == "where",
            (Term::EndOther(w), Open::Forall) => w == "forall",
            (Term::EndOther(w), Open::Select) => w == "select",
            (Term::EndOther(w), Open::Block) => w == "block",
            (Term::AccEnd(k), Open::Acc(o)) => *k == o,
            (Term::AccEnd(AccKind::Atomic), Open::Atomic) => true,
            _ => false,
        }
    }
    /// `end do`, `end if`, `else`: ends of Fortran constructs (as opposed to directives).
    fn is_fortran_block_end(&self) -> bool {
        matches!(self, Term::EndDo | Term::EndIf | Term::Else | Term::ElseIf)
    }
}

struct Parser {
    /// The length of the last `character` type spec parsed.
    char_len: Option<CharLen>,
    /// Declarations of the `block` constructs of the unit being parsed, moved to the unit.
    block_decls: Vec<Decl>,
    /// The renamings of the declarations of the `block` constructs being parsed.
    block_scope: BlockScope,
    toks: Vec<Token>,
    pos: usize,
    diags: Vec<Diagnostic>,
    /// End of the last consumed token.
    last_hi: u32,
    open: Vec<Open>,
    /// Integer named constants seen so far, for kind parameters (`real(dp)`, `1.0_dp`).
    int_params: HashMap<String, i64>,
    /// Expression nodes built in the current statement.
    nodes: u32,
    /// Current expression nesting.
    depth: u32,
    /// Parsing gave up (nesting limit): no more "missing end" reports.
    aborted: bool,
    /// The kind of the unit whose declarations are being parsed.
    cur_unit: Option<UnitKind>,
    /// The host of the procedures being parsed after `contains` is a module.
    host_is_module: bool,
    /// `public`/`private` attributes of the declaration just parsed (moved to the unit).
    access: Vec<(Ident, bool)>,
    /// Derived-type names seen (see [`SourceFile::type_names`]).
    type_names: Vec<String>,
    /// The source text (for the text of `format` statements).
    src: String,
    /// The label of the terminal statement of the labelled `do` loop just closed (loops
    /// sharing it end there too).
    label_done: Option<u32>,
}

/// A unit with nothing in it yet.
/// Is `name` declared by one of `decls`?
fn find_entity(decls: &[Decl], name: &str) -> bool {
    decls.iter().any(|d| d.entities.iter().any(|e| e.name.name == name))
}

fn new_unit(kind: UnitKind, name: Ident, span: Span) -> Unit {
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
        saved: Vec::new(),
        externals: Vec::new(),
        intrinsics: Vec::new(),
        default_private: false,
        access: Vec::new(),
        implicit_rules: Vec::new(),
        data: Vec::new(),
        attr_stmts: Vec::new(),
        body: Vec::new(),
        contains: Vec::new(),
        types: Vec::new(),
        generics: Vec::new(),
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
    }
}

/// How a unit kind is named in messages.
fn unit_what(k: UnitKind) -> &'static str {
    unit_keyword(k)
}

/// Levenshtein distance, for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev.get(j).copied().unwrap_or(0) + usize::from(ca != *cb);
            let del = prev.get(j + 1).copied().unwrap_or(0) + 1;
            let ins = cur.get(j).copied().unwrap_or(0) + 1;
            if let Some(c) = cur.get_mut(j + 1) {
                *c = sub.min(del).min(ins);
            }
        }
        prev = cur;
    }
    prev.last().copied().unwrap_or(0)
}

/// Is `a` a subsequence of `b` (so `b` is `a` with letters added)?
fn is_subsequence(a: &str, b: &str) -> bool {
    let mut it = b.chars();
    a.chars().all(|c| it.any(|d| d == c))
}

/// The closest candidate within edit distance 2. On a tie, a candidate that only adds
/// letters wins (a dropped letter is the most common typo), then the longer one.
pub fn suggest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, _)| *d <= 2 && *d < word.len().max(2))
        .min_by_key(|(d, c)| (*d, !is_subsequence(word, c), std::cmp::Reverse(c.len())))
        .map(|(_, c)| c)
}

/// The clause names the parser knows (for suggestions).
const CLAUSES: &[&str] = &[
    "gang",
    "worker",
    "vector",
    "seq",
    "auto",
    "independent",
    "collapse",
    "num_gangs",
    "num_workers",
    "vector_length",
    "reduction",
    "copy",
    "copyin",
    "copyout",
    "create",
    "delete",
    "present",
    "no_create",
    "private",
    "firstprivate",
    "self",
    "host",
    "device",
    "if",
    "if_present",
    "finalize",
    "default",
    "async",
    "wait",
    "device_type",
    "dtype",
    "tile",
    "attach",
    "detach",
    "deviceptr",
    "use_device",
    "device_resident",
    "link",
    "bind",
    "nohost",
    "device_num",
    "default_async",
    "pcopy",
    "pcopyin",
    "pcopyout",
    "pcreate",
    "present_or_copy",
    "present_or_copyin",
    "present_or_copyout",
    "present_or_create",
];

/// The directive names (for suggestions).
const DIRECTIVES: &[&str] = &[
    "parallel",
    "kernels",
    "serial",
    "data",
    "loop",
    "enter",
    "exit",
    "update",
    "wait",
    "init",
    "shutdown",
    "set",
    "atomic",
    "host_data",
    "routine",
    "declare",
    "cache",
    "end",
];

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

/// Statements recognised only to say they are not supported yet.
const UNSUPPORTED_STMTS: &[&str] = &[
    "goto",
    "go",
    "select",
    "case",
    "open",
    "close",
    "block",
    "associate",
    "format",
    "data",
    "common",
    "equivalence",
    "namelist",
    "pointer",
    "target",
    "nullify",
    "inquire",
    "type",
    "class",
    "entry",
    "include",
    "rewind",
    "backspace",
    "flush",
    "sync",
    "critical",
    "dimension",
    "allocatable",
    "parameter",
    "print*",
    "procedure",
    "public",
    "private",
    "protected",
    "import",
    "submodule",
];

impl Parser {
    // ----- token helpers -----

    fn tok(&self) -> &Tok {
        self.tok_at(0)
    }
    fn tok_at(&self, n: usize) -> &Tok {
        match self.toks.get(self.pos + n) {
            Some(t) => &t.tok,
            None => &Tok::Eof,
        }
    }
    fn span(&self) -> Span {
        self.span_at(0)
    }
    fn span_at(&self, n: usize) -> Span {
        match self.toks.get(self.pos + n).or(self.toks.last()) {
            Some(t) => t.span,
            None => Span::default(),
        }
    }
    fn bump(&mut self) -> Token {
        let t = match self.toks.get(self.pos) {
            Some(t) => t.clone(),
            None => Token { tok: Tok::Eof, span: Span::new(self.last_hi as usize, self.last_hi as usize) },
        };
        if t.tok != Tok::Eof {
            self.pos += 1;
            if t.tok != Tok::Eos {
                self.last_hi = t.span.hi;
            }
        }
        t
    }
    fn is(&self, t: &Tok) -> bool {
        self.tok() == t
    }
    fn is_name(&self, kw: &str) -> bool {
        matches!(self.tok(), Tok::Name(n) if n == kw)
    }
    fn is_name_at(&self, n: usize, kw: &str) -> bool {
        matches!(self.tok_at(n), Tok::Name(s) if s == kw)
    }
    fn eat(&mut self, t: &Tok) -> bool {
        if self.is(t) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn eat_name(&mut self, kw: &str) -> bool {
        if self.is_name(kw) {
            self.bump();
            true
        } else {
            false
        }
    }
    fn at_eos(&self) -> bool {
        matches!(self.tok(), Tok::Eos | Tok::Eof)
    }
    /// "expected X, found Y" at the current token.
    fn err_expected(&mut self, what: &str) -> Fail {
        let found = self.tok().describe();
        let span = self.span();
        let label = format!("expected {what}");
        self.diags.push(Diagnostic::error("E0001", format!("expected {what}, found {found}"), span).with_label(label));
        Fail
    }
    fn expect(&mut self, t: &Tok) -> PResult<Span> {
        if self.is(t) {
            Ok(self.bump().span)
        } else {
            Err(self.err_expected(&format!("`{}`", t.symbol())))
        }
    }
    fn expect_name(&mut self, what: &str) -> PResult<Ident> {
        match self.tok().clone() {
            Tok::Name(name) => {
                let span = self.bump().span;
                Ok(Ident { name, span })
            }
            _ => Err(self.err_expected(what)),
        }
    }
    fn expect_eos(&mut self) -> PResult<()> {
        if self.at_eos() {
            self.eat(&Tok::Eos);
            Ok(())
        } else {
            Err(self.err_expected("end of statement"))
        }
    }
    /// Skips to just after the end of the current statement.
    fn skip_statement(&mut self) {
        while !self.at_eos() {
            self.bump();
        }
        self.eat(&Tok::Eos);
    }
    fn skip_eos(&mut self) {
        while self.eat(&Tok::Eos) {}
    }
    /// Skips balanced parentheses starting at `(`; returns false at end of statement.
    fn skip_parens(&mut self) -> bool {
        let mut depth = 0usize;
        loop {
            match self.tok() {
                Tok::LParen => depth += 1,
                Tok::RParen => depth = depth.saturating_sub(1),
                Tok::Eos | Tok::Eof => return false,
                _ => {}
            }
            self.bump();
            if depth == 0 {
                return true;
            }
        }
    }
    /// The span from `lo` to the last consumed token.
    fn from(&self, lo: Span) -> Span {
        Span { lo: lo.lo, hi: self.last_hi.max(lo.hi) }
    }
    /// The span of the current statement's tokens (from the current position to its end).
    fn statement_span(&self) -> Span {
        let lo = self.span();
        let mut hi = lo;
        let mut i = 0;
        while !matches!(self.tok_at(i), Tok::Eos | Tok::Eof) {
            hi = self.span_at(i);
            i += 1;
        }
        lo.to(hi)
    }

    /// Is the current statement `name [(...)] [%name[(...)]]... = ...`?
    fn is_assignment(&self) -> bool {
        if !matches!(self.tok(), Tok::Name(_)) {
            return false;
        }
        let mut i = 1;
        loop {
            match self.tok_at(i) {
                Tok::LParen => {
                    let mut depth = 0usize;
                    loop {
                        match self.tok_at(i) {
                            Tok::LParen => depth += 1,
                            Tok::RParen => depth -= 1,
                            Tok::Eos | Tok::Eof => return false,
                            _ => {}
                        }
                        i += 1;
                        if depth == 0 {
                            break;
                        }
                    }
                }
                Tok::Percent if matches!(self.tok_at(i + 1), Tok::Name(_)) => i += 2,
                Tok::Assign => return true,
                _ => return false,
            }
        }
    }

    // ----- program units -----

    /// The whole file: program units until the end.
    fn file(&mut self) -> Option<SourceFile> {
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

    /// Is the current statement the header of a subroutine or function (possibly with a
    /// prefix such as `recursive` or `real(8)`)?
    fn at_procedure_header(&self) -> bool {
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
    fn at_unit_start(&self) -> bool {
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
        let start = self.span();
        if self.is_name("submodule") || self.is_name("blockdata") || (self.is_name("block") && self.is_name_at(1, "data")) {
            let what = if self.is_name("submodule") { "submodules" } else { "`block data` program units" };
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
    fn procedure_header(&mut self) -> PResult<Unit> {
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
            } else if self.is_name("bind") {
                let sp = self.span();
                self.diags.push(Diagnostic::not_yet("`bind(c)` procedures", sp));
                return Err(Fail);
            } else {
                break;
            }
        }
        self.expect_eos()?;
        let span = self.from(start);
        let mut u = new_unit(kind, name, span);
        u.args = args;
        u.result = result;
        u.result_base = result_base;
        u.result_char_len = result_char_len;
        u.recursive = recursive;
        u.pure = pure;
        u.elemental = elemental;
        Ok(u)
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
        if u.kind == UnitKind::Module {
            self.skip_eos();
            if self.terminator().is_none() {
                let sp = self.statement_span();
                self.diags.push(
                    Diagnostic::error("E0036", "executable statements are not allowed in a module", sp)
                        .with_label("not a declaration")
                        .with_note("help: put the statements in a module procedure after `contains`"),
                );
                let _ = self.block();
            }
        } else {
            let variables = u.decls.iter().filter(|d| !d.parameter).flat_map(|d| d.entities.iter().map(|e| e.name.name.clone()));
            let variables = variables.filter(|n| !u.args.iter().any(|a| a.name == *n)).collect();
            let saved_scope = std::mem::replace(&mut self.block_scope, BlockScope { variables, ..BlockScope::default() });
            let body = self.block();
            self.block_scope = saved_scope;
            u.body.extend(body);
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
                    if let Some(p) = self.procedure(depth + 1) {
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

    /// The specification part: `use`, `implicit`, declarations, `save`/`external`/`intrinsic`
    /// statements and interface blocks.
    fn spec_part(&mut self, u: &mut Unit, in_interface: bool) {
        let mut seen_decl = false;
        loop {
            self.skip_eos();
            if self.is_assignment() || self.at_procedure_header() {
                break;
            }
            if !in_interface && matches!(self.tok(), Tok::Int(..)) && self.is_name_at(1, "format") && self.tok_at(2) == &Tok::LParen {
                // `100 format(...)` among the declarations: kept at the start of the body.
                for _ in 0..2 {
                    if let Some(s) = self.stmt() {
                        u.body.push(s);
                    }
                }
                continue;
            }
            let Tok::Name(w) = self.tok().clone() else { break };
            match w.as_str() {
                "use" => {
                    if seen_decl || u.implicit_none {
                        let sp = self.statement_span();
                        self.diags.push(
                            Diagnostic::error("E0031", "`use` statements must come first in a program unit", sp)
                                .with_label("move this before `implicit` and the declarations"),
                        );
                        self.skip_statement();
                        continue;
                    }
                    match self.use_stmt() {
                        Ok(x) => u.uses.push(x),
                        Err(Fail) => self.skip_statement(),
                    }
                }
                "implicit" => {
                    let sp = self.statement_span();
                    self.bump();
                    if self.eat_name("none") && self.at_eos() {
                        if seen_decl {
                            self.diags.push(
                                Diagnostic::error("E0031", "`implicit none` must come before the declarations", sp)
                                    .with_label("move this before the first declaration"),
                            );
                        }
                        u.implicit_none = true;
                    } else if let Err(Fail) = self.implicit_rules(u) {
                        self.skip_statement();
                        continue;
                    }
                    self.skip_statement();
                }
                "data" if !matches!(self.tok_at(1), Tok::Assign | Tok::LParen) || self.data_follows() => {
                    seen_decl = true;
                    if let Err(Fail) = self.data_stmt(u) {
                        self.skip_statement();
                    }
                }
                "dimension" | "allocatable" | "parameter"
                    if !(matches!(self.tok_at(1), Tok::Assign) || (w != "parameter" && self.tok_at(1) == &Tok::LParen)) =>
                {
                    seen_decl = true;
                    if let Err(Fail) = self.attr_stmt(u, &w) {
                        self.skip_statement();
                    }
                }
                "save" | "external" | "intrinsic" => {
                    seen_decl = true;
                    if let Err(Fail) = self.name_list_stmt(u, &w) {
                        self.skip_statement();
                    }
                }
                "interface" | "abstract" => {
                    seen_decl = true;
                    if in_interface {
                        let sp = self.statement_span();
                        self.diags.push(
                            Diagnostic::error("E0037", "an interface body cannot contain an interface block", sp)
                                .with_label("not allowed here"),
                        );
                        self.skip_statement();
                    } else {
                        self.interface_block(u);
                    }
                }
                "public" | "private" | "protected" if u.kind == UnitKind::Module => {
                    seen_decl = true;
                    if let Err(Fail) = self.access_stmt(u, &w) {
                        self.skip_statement();
                    }
                }
                _ if self.at_type_spec() => {
                    seen_decl = true;
                    if let Some(d) = self.declaration() {
                        u.decls.push(d);
                    }
                    u.access.append(&mut self.access);
                }
                "type" if !in_interface && !matches!(self.tok_at(1), Tok::LParen | Tok::Assign | Tok::Percent) => {
                    seen_decl = true;
                    if let Some(t) = self.type_def() {
                        u.types.push(t);
                    }
                }
                _ => break,
            }
        }
    }

    /// `dimension [::] a(3), b(n, m)`, `allocatable [::] a(:), b`, `parameter (n = 10, x = 1.5)`.
    fn attr_stmt(&mut self, u: &mut Unit, kw: &str) -> PResult<()> {
        self.bump();
        if kw == "parameter" {
            self.expect(&Tok::LParen)?;
            loop {
                let name = self.expect_name("a name")?;
                self.expect(&Tok::Assign)?;
                let e = self.expr()?;
                if let Some(v) = self.const_int(&e) {
                    self.int_params.insert(name.name.clone(), v);
                }
                let span = self.from(name.span);
                u.attr_stmts.push(AttrStmt::Parameter(Entity { name, dims: None, init: Some(e), span }));
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
            return self.expect_eos();
        }
        self.eat(&Tok::DoubleColon);
        loop {
            let name = self.expect_name("a name")?;
            let dims = if self.eat(&Tok::LParen) { Some(self.dim_list()?) } else { None };
            let span = self.from(name.span);
            if kw == "dimension" && dims.is_none() {
                return Err(self.err_expected("`(` and the array's bounds"));
            }
            let ent = Entity { name, dims, init: None, span };
            u.attr_stmts.push(if kw == "dimension" { AttrStmt::Dimension(ent) } else { AttrStmt::Allocatable(ent) });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()
    }

    /// `data (a(i), i = 1, 3) / ... /` rather than an assignment to an array `data`.
    fn data_follows(&self) -> bool {
        let mut k = 1;
        let mut depth = 0;
        loop {
            match self.tok_at(k) {
                Tok::LParen => depth += 1,
                Tok::RParen => depth -= 1,
                Tok::Assign if depth == 0 => return false,
                Tok::Slash if depth == 0 => return true,
                Tok::Eos | Tok::Eof => return false,
                _ => {}
            }
            k += 1;
        }
    }

    /// `data objects / values / [[,] objects / values /]...`
    fn data_stmt(&mut self, u: &mut Unit) -> PResult<()> {
        self.bump();
        loop {
            let start = self.span();
            let mut objects = Vec::new();
            loop {
                objects.push(self.data_object()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::Slash)?;
            let mut values = Vec::new();
            loop {
                let first = self.data_constant()?;
                if self.eat(&Tok::Star) {
                    let v = self.data_constant()?;
                    values.push((Some(first), v));
                } else {
                    values.push((None, first));
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::Slash)?;
            u.data.push(DataSet { objects, values, span: self.from(start) });
            self.eat(&Tok::Comma);
            if self.at_eos() {
                break;
            }
        }
        self.expect_eos()
    }

    /// A `data` object: a variable, an element, or `(objects, i = lo, hi [, step])`.
    fn data_object(&mut self) -> PResult<CtorItem> {
        if !self.is(&Tok::LParen) {
            return Ok(CtorItem::Expr(self.designator()?));
        }
        self.enter()?;
        self.bump();
        let mut items = Vec::new();
        let r = loop {
            match self.data_object() {
                Ok(it) => items.push(it),
                Err(f) => break Err(f),
            }
            if let Err(f) = self.expect(&Tok::Comma) {
                break Err(f);
            }
            if matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Assign {
                break Ok(());
            }
        };
        self.depth -= 1;
        r?;
        let var = self.expect_name("the implied-do variable")?;
        let var = self.block_rename(var);
        self.expect(&Tok::Assign)?;
        let lo = self.expr()?;
        self.expect(&Tok::Comma)?;
        let hi = self.expr()?;
        let step = if self.eat(&Tok::Comma) { Some(self.expr()?) } else { None };
        self.expect(&Tok::RParen)?;
        Ok(CtorItem::ImpliedDo(Box::new(ImpliedDo { items, var, lo, hi, step })))
    }

    /// A constant of a `data` value list: a literal with an optional sign, or a name.
    fn data_constant(&mut self) -> PResult<Expr> {
        let sp = self.span();
        let neg = match self.tok() {
            Tok::Minus => {
                self.bump();
                Some(UnOp::Neg)
            }
            Tok::Plus => {
                self.bump();
                Some(UnOp::Plus)
            }
            _ => None,
        };
        let e = self.primary()?;
        match neg {
            Some(op) => {
                let span = self.from(sp);
                self.node(ExprKind::Unary(op, Box::new(e)), span)
            }
            None => Ok(e),
        }
    }

    /// After `implicit`: `type (a-h, o-z) [, type (l)]`.
    fn implicit_rules(&mut self, u: &mut Unit) -> PResult<()> {
        loop {
            if !self.at_type_spec() {
                return Err(self.err_expected("a type or `none`"));
            }
            // `integer (a-z)`: the parentheses hold letters, not a kind, unless another
            // parenthesised list follows them.
            let mut k = 2;
            let mut depth = 1;
            while depth > 0 && !matches!(self.tok_at(k), Tok::Eos | Tok::Eof) {
                match self.tok_at(k) {
                    Tok::LParen => depth += 1,
                    Tok::RParen => depth -= 1,
                    _ => {}
                }
                k += 1;
            }
            let letters_next = self.tok_at(1) == &Tok::LParen && self.tok_at(k) != &Tok::LParen;
            let (base, sp) = match self.tok().clone() {
                Tok::Name(n) if letters_next && matches!(n.as_str(), "integer" | "real" | "logical") => {
                    let sp = self.bump().span;
                    let b = match n.as_str() {
                        "integer" => BaseTy::Integer(4),
                        "real" => BaseTy::Real(4),
                        _ => BaseTy::Logical,
                    };
                    (b, sp)
                }
                _ => self.type_spec()?,
            };
            if base == BaseTy::Character {
                self.char_len = None;
                self.diags.push(Diagnostic::not_yet("implicit `character` typing", sp));
                return Err(Fail);
            }
            self.expect(&Tok::LParen)?;
            loop {
                let a = self.expect_name("a letter")?;
                let lo = a.name.chars().next().unwrap_or('a');
                let hi = if self.eat(&Tok::Minus) { self.expect_name("a letter")?.name.chars().next().unwrap_or(lo) } else { lo };
                if a.name.len() != 1 || hi < lo {
                    self.diags.push(
                        Diagnostic::error("E0034", "expected a letter or a range of letters (`a-h`)", self.from(a.span))
                            .with_label("not a letter range"),
                    );
                    return Err(Fail);
                }
                u.implicit_rules.push((lo, hi, base));
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if !self.at_eos() {
            return Err(self.err_expected("the end of the statement"));
        }
        Ok(())
    }

    /// `public`, `private` (the module's default), `public [::] a, b`, `private [::] c`;
    /// `protected [::] a` (accepted: it only forbids changes outside the module).
    fn access_stmt(&mut self, u: &mut Unit, kw: &str) -> PResult<()> {
        self.bump();
        let public = kw != "private";
        if self.at_eos() {
            match kw {
                "private" => u.default_private = true,
                "public" => u.default_private = false,
                _ => return Err(self.err_expected("a name")),
            }
            self.eat(&Tok::Eos);
            return Ok(());
        }
        self.eat(&Tok::DoubleColon);
        loop {
            let n = self.expect_name("a name")?;
            if matches!(n.name.as_str(), "operator" | "assignment") && self.is(&Tok::LParen) {
                self.diags.push(Diagnostic::not_yet("defined operators and assignments", n.span));
                return Err(Fail);
            }
            if kw != "protected" {
                u.access.push((n, public));
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()
    }

    /// `save [[::] a, b]`, `external [::] f, g`, `intrinsic [::] sqrt`.
    fn name_list_stmt(&mut self, u: &mut Unit, kw: &str) -> PResult<()> {
        self.bump();
        self.eat(&Tok::DoubleColon);
        if kw == "save" && self.at_eos() {
            u.save_all = true;
            self.eat(&Tok::Eos);
            return Ok(());
        }
        loop {
            if kw == "save" && self.is(&Tok::Slash) {
                let sp = self.span();
                self.diags.push(Diagnostic::not_yet("common blocks", sp));
                return Err(Fail);
            }
            let n = self.expect_name("a name")?;
            match kw {
                "save" => u.saved.push(n),
                "external" => u.externals.push(n),
                _ => u.intrinsics.push(n),
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()
    }

    /// `use [, intrinsic ::] m [, only: a, b => c] [, x => y]`.
    fn use_stmt(&mut self) -> PResult<Use> {
        let start = self.bump().span;
        // `use, intrinsic :: m` / `use, non_intrinsic :: m`: gpuf's own modules are the
        // intrinsic ones, so the nature only documents the intent.
        if self.eat(&Tok::Comma) {
            if !(self.eat_name("intrinsic") || self.eat_name("non_intrinsic")) {
                return Err(self.err_expected("`intrinsic` or `non_intrinsic`"));
            }
            self.expect(&Tok::DoubleColon)?;
        }
        self.eat(&Tok::DoubleColon);
        let module = self.expect_name("a module name")?;
        let mut only = None;
        let mut renames = Vec::new();
        if self.eat(&Tok::Comma) {
            if self.is_name("only") && self.tok_at(1) == &Tok::Colon {
                self.bump();
                self.bump();
                let mut list = Vec::new();
                while !self.at_eos() {
                    list.push(self.use_item()?);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                only = Some(list);
            } else {
                loop {
                    let (local, remote) = self.use_item()?;
                    if local.name == remote.name && local.span == remote.span {
                        return Err(self.err_expected("`=>`"));
                    }
                    renames.push((local, remote));
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
            }
        }
        self.expect_eos()?;
        // Kind constants of the intrinsic modules may appear in kind selectors right away.
        if let Some(table) = crate::intrinsic_modules::constants(&module.name) {
            let wanted: Vec<(String, String)> = match &only {
                Some(l) => l.iter().map(|(a, b)| (a.name.clone(), b.name.clone())).collect(),
                None => {
                    let mut v: Vec<(String, String)> = table.iter().map(|(n, _)| (n.to_string(), n.to_string())).collect();
                    v.extend(renames.iter().map(|(a, b)| (a.name.clone(), b.name.clone())));
                    v
                }
            };
            for (local, remote) in wanted {
                if let Some((_, v)) = table.iter().find(|(n, _)| *n == remote) {
                    self.int_params.insert(local, *v);
                }
            }
        }
        Ok(Use { module, only, renames, span: self.from(start) })
    }

    /// `name` or `local => name` in a `use` statement.
    fn use_item(&mut self) -> PResult<(Ident, Ident)> {
        if (self.is_name("operator") || self.is_name("assignment")) && self.tok_at(1) == &Tok::LParen {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("defined operators and assignments", sp));
            return Err(Fail);
        }
        let local = self.expect_name("a name")?;
        if self.is(&Tok::Assign) && self.tok_at(1) == &Tok::Gt {
            self.bump();
            self.bump();
            let remote = self.expect_name("a name in the module")?;
            return Ok((local, remote));
        }
        Ok((local.clone(), local))
    }

    /// `interface ... end interface` with procedure headers and their declarations.
    fn interface_block(&mut self, u: &mut Unit) {
        let start = self.span();
        let head = self.statement_span();
        let generic = self.generic_head();
        if generic.is_none() && (self.is_name("abstract") || !matches!(self.tok_at(1), Tok::Eos | Tok::Eof)) {
            let what = if self.is_name("abstract") {
                "abstract interfaces"
            } else if self.is_name_at(1, "operator") || self.is_name_at(1, "assignment") {
                "defined operators and assignments (`interface operator(...)`, `interface assignment(=)`)"
            } else {
                "this form of generic interface"
            };
            self.diags.push(Diagnostic::not_yet(what, head));
            // Skip to `end interface`.
            loop {
                self.skip_statement();
                self.skip_eos();
                if self.is(&Tok::Eof) || self.is_name("endinterface") || (self.is_name("end") && self.is_name_at(1, "interface")) {
                    break;
                }
            }
            self.skip_statement();
            return;
        }
        self.bump();
        let mut specifics: Vec<Ident> = Vec::new();
        if let Some(g) = &generic {
            let _ = g;
            self.bump();
        }
        self.eat(&Tok::Eos);
        let saved_unit = self.cur_unit;
        loop {
            self.skip_eos();
            if self.is_name("endinterface") || (self.is_name("end") && self.is_name_at(1, "interface")) {
                self.skip_statement();
                break;
            }
            if self.at_procedure_header() {
                let pstart = self.span();
                match self.procedure_header() {
                    Ok(mut p) => {
                        let hs = p.span;
                        self.cur_unit = Some(p.kind);
                        self.open.push(Open::Unit(p.kind));
                        self.spec_part(&mut p, true);
                        // Anything else up to the end of the body is an error.
                        let mut reported = false;
                        loop {
                            self.skip_eos();
                            if matches!(self.terminator(), Some(Term::EndUnit(_) | Term::Eof | Term::UnitStart | Term::Contains))
                                || self.at_procedure_header()
                                || self.is_name("endinterface")
                                || (self.is_name("end") && self.is_name_at(1, "interface"))
                            {
                                break;
                            }
                            if !reported {
                                let sp = self.statement_span();
                                self.diags.push(
                                    Diagnostic::error("E0037", "an interface body may only contain declarations", sp)
                                        .with_label("not allowed in an interface body"),
                                );
                                reported = true;
                            }
                            self.skip_statement();
                        }
                        self.open.pop();
                        self.cur_unit = saved_unit;
                        self.end_unit(&mut p, hs);
                        p.span = self.from(pstart);
                        if generic.is_some() {
                            specifics.push(p.name.clone());
                        }
                        u.interfaces.push(p);
                    }
                    Err(Fail) => self.skip_statement(),
                }
                continue;
            }
            if matches!(self.terminator(), Some(Term::EndUnit(_) | Term::Eof | Term::UnitStart | Term::Contains)) {
                self.diags.push(
                    Diagnostic::error("E0010", "missing `end interface` for this interface block", head)
                        .with_label("this interface block is never closed"),
                );
                break;
            }
            if generic.is_some() && (self.is_name("module") || self.is_name("procedure")) {
                if let Some(list) = self.module_procedure_stmt() {
                    specifics.extend(list);
                }
                continue;
            }
            if self.is_name("module") || self.is_name("procedure") {
                let sp = self.statement_span();
                self.diags.push(Diagnostic::not_yet("`module procedure` in interface blocks", sp));
                self.skip_statement();
                continue;
            }
            let _ = self.err_expected("`subroutine`, `function` or `end interface`");
            self.skip_statement();
        }
        let _ = start;
        self.cur_unit = saved_unit;
        if let Some(g) = generic {
            u.generics.push((g, specifics));
        }
    }

    /// `interface name` (a generic interface): the generic name, without consuming it.
    fn generic_head(&mut self) -> Option<Ident> {
        if !matches!(self.tok_at(2), Tok::Eos | Tok::Eof) || self.is_name("abstract") {
            return None;
        }
        let Tok::Name(n) = self.tok_at(1) else { return None };
        let name = n.clone();
        let span = self.span_at(1);
        Some(Ident { name, span })
    }

    /// `module procedure a, b` or `procedure a, b` inside a generic interface block.
    fn module_procedure_stmt(&mut self) -> Option<Vec<Ident>> {
        if self.is_name("module") {
            self.bump();
        }
        if !self.is_name("procedure") {
            let _ = self.err_expected("`procedure`");
            self.skip_statement();
            return None;
        }
        self.bump();
        if self.is(&Tok::Colon) && self.tok_at(1) == &Tok::Colon {
            self.bump();
            self.bump();
        }
        let mut list = Vec::new();
        loop {
            match self.expect_name("a procedure name") {
                Ok(n) => list.push(n),
                Err(Fail) => {
                    self.skip_statement();
                    return Some(list);
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if self.expect_eos().is_err() {
            self.skip_statement();
        }
        Some(list)
    }

    /// The `end` statement of a unit (reports a missing or mismatched one).
    fn end_unit(&mut self, u: &mut Unit, head_span: Span) {
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
                if matches!(&first.tok, Tok::Name(w) if w == "end") && matches!(self.tok(), Tok::Name(_)) {
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

    /// If the current statement ends a construct, which end it is.
    fn terminator(&self) -> Option<Term> {
        match self.tok() {
            Tok::Eof => return Some(Term::Eof),
            Tok::DirectiveStart => {
                if !self.is_name_at(1, "end") {
                    return None;
                }
                let words: Vec<&str> = (2..5)
                    .map_while(|i| match self.tok_at(i) {
                        Tok::Name(n) => Some(n.as_str()),
                        _ => None,
                    })
                    .collect();
                let k = match words.as_slice() {
                    ["parallel", "loop", ..] => AccKind::ParallelLoop,
                    ["kernels", "loop", ..] => AccKind::KernelsLoop,
                    ["serial", "loop", ..] => AccKind::SerialLoop,
                    ["parallel", ..] => AccKind::Parallel,
                    ["kernels", ..] => AccKind::Kernels,
                    ["serial", ..] => AccKind::Serial,
                    ["data", ..] => AccKind::Data,
                    ["atomic", ..] => AccKind::Atomic,
                    ["host_data", ..] => AccKind::HostData,
                    ["loop", ..] => AccKind::Loop,
                    _ => return Some(Term::AccEndUnknown),
                };
                return Some(Term::AccEnd(k));
            }
            _ => {}
        }
        if self.is_assignment() {
            return None;
        }
        let Tok::Name(w) = self.tok() else {
            return None;
        };
        if self.at_unit_start() {
            return Some(Term::UnitStart);
        }
        match w.as_str() {
            "contains" if matches!(self.tok_at(1), Tok::Eos | Tok::Eof) => Some(Term::Contains),
            "end" => match self.tok_at(1) {
                Tok::Eos | Tok::Eof => Some(Term::EndUnit(None)),
                Tok::Name(n) => Some(match n.as_str() {
                    "program" => Term::EndUnit(Some(UnitKind::Program)),
                    "module" => Term::EndUnit(Some(UnitKind::Module)),
                    "subroutine" => Term::EndUnit(Some(UnitKind::Subroutine)),
                    "function" => Term::EndUnit(Some(UnitKind::Function)),
                    "do" => Term::EndDo,
                    "if" => Term::EndIf,
                    other => Term::EndOther(other.to_string()),
                }),
                _ => None,
            },
            "endprogram" => Some(Term::EndUnit(Some(UnitKind::Program))),
            "endmodule" => Some(Term::EndUnit(Some(UnitKind::Module))),
            "endsubroutine" => Some(Term::EndUnit(Some(UnitKind::Subroutine))),
            "endfunction" => Some(Term::EndUnit(Some(UnitKind::Function))),
            "enddo" => Some(Term::EndDo),
            "endif" => Some(Term::EndIf),
            "else" if self.is_name_at(1, "if") => Some(Term::ElseIf),
            "else" if self.is_name_at(1, "where") => Some(Term::ElseWhere),
            "elsewhere" => Some(Term::ElseWhere),
            "else" => Some(Term::Else),
            "elseif" => Some(Term::ElseIf),
            "case" if matches!(self.tok_at(1), Tok::LParen) || self.is_name_at(1, "default") => Some(Term::Case),
            w if w.starts_with("end") && w.len() > 3 && matches!(self.tok_at(1), Tok::Eos | Tok::Eof | Tok::Name(_)) => {
                let rest = &w[3..];
                if ["select", "where", "forall", "block", "associate", "type", "interface"].contains(&rest) {
                    Some(Term::EndOther(rest.to_string()))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// Parses statements until a terminator that closes an open construct (not consumed).
    fn block(&mut self) -> Vec<Stmt> {
        let mut out = Vec::new();
        loop {
            self.skip_eos();
            if let Some(t) = self.terminator() {
                let top = self.open.last().copied();
                let closes_open = t == Term::Eof || self.open.iter().any(|o| t.matches(*o));
                let fortran_mismatch = t.is_fortran_block_end() && matches!(top, Some(Open::Do | Open::If));
                if closes_open || fortran_mismatch {
                    return out;
                }
                // A stray end: report it once and go on.
                self.stray_end(t);
                self.skip_statement();
                continue;
            }
            if let Some(s) = self.stmt() {
                out.push(s);
            }
        }
    }

    /// Reports a construct end that closes nothing open (not inlined: `block` recurses).
    #[inline(never)]
    fn stray_end(&mut self, t: Term) {
        let sp = self.statement_span();
        let msg = match &t {
            Term::EndDo => "`end do` without a matching `do`".to_string(),
            Term::EndIf => "`end if` without a matching `if`".to_string(),
            Term::Else | Term::ElseIf => {
                format!("{} without a matching `if`", t.describe())
            }
            Term::AccEnd(k) => format!("`!$acc end {}` without a matching `!$acc {}`", k.name(), k.name()),
            Term::AccEndUnknown => "unknown `!$acc end` directive".to_string(),
            other => format!("{} without a matching construct", other.describe()),
        };
        let mut d = Diagnostic::error("E0012", msg, sp).with_label("nothing to end here");
        if let Term::AccEnd(k @ (AccKind::ParallelLoop | AccKind::KernelsLoop | AccKind::SerialLoop)) = t {
            d = d.with_note(format!("note: `!$acc end {}` may only follow the `do` loop of a `!$acc {}` directive", k.name(), k.name()));
        }
        self.diags.push(d);
    }

    /// Consumes the construct's end statement if it is `want` (returning its span; an
    /// `!$acc end` statement is consumed whole, `end do`/`end if` only up to the keywords);
    /// otherwise reports the construct opened at `open_span` as never closed.
    fn close_construct(&mut self, want: Term, what: &str, open_span: Span) -> Option<Span> {
        let t = self.terminator();
        let sp = self.statement_span();
        match t {
            Some(t) if t == want => {
                if matches!(t, Term::AccEnd(_)) {
                    self.skip_statement();
                } else if self.is_name("end") {
                    self.bump();
                    self.bump();
                } else {
                    self.bump();
                }
                Some(sp)
            }
            Some(t) if t != Term::Eof && !self.open.iter().any(|o| t.matches(*o)) && t.is_fortran_block_end() => {
                // `end if` where `end do` belongs: take it as the end of this construct.
                self.diags.push(
                    Diagnostic::error("E0011", format!("expected {}, found {}", want.describe(), t.describe()), sp)
                        .with_label(format!("this should be {}", want.describe())),
                );
                self.skip_statement();
                None
            }
            _ if self.aborted => None,
            _ => {
                self.diags.push(
                    Diagnostic::error("E0010", format!("missing {} for this {what}", want.describe()), open_span)
                        .with_label(format!("this {what} is never closed")),
                );
                None
            }
        }
    }

    // ----- declarations -----

    /// Are the declarations being parsed those of a subroutine or function?
    fn in_procedure(&self) -> bool {
        matches!(self.cur_unit, Some(UnitKind::Subroutine | UnitKind::Function))
    }

    fn at_type_spec(&self) -> bool {
        if self.is_assignment() {
            return false;
        }
        match self.tok() {
            Tok::Name(n) => {
                matches!(n.as_str(), "integer" | "real" | "logical" | "character" | "doubleprecision" | "complex" | "doublecomplex")
                    || (n == "double" && (self.is_name_at(1, "precision") || self.is_name_at(1, "complex")))
                    || (n == "type" && self.tok_at(1) == &Tok::LParen)
            }
            _ => false,
        }
    }

    /// Parses a kind selector's value: `4`, `kind=8`, `dp`.
    fn kind_value(&mut self, e: &Expr) -> Option<i64> {
        self.const_int(e)
    }

    /// Evaluates an integer constant expression made of literals and named constants seen so
    /// far, plus `kind(...)` and `selected_real_kind(...)`/`selected_int_kind(...)`.
    fn const_int(&self, e: &Expr) -> Option<i64> {
        match &e.kind {
            ExprKind::Int(v, _) => Some(*v),
            ExprKind::Name(id) => self.int_params.get(&id.name).copied(),
            ExprKind::Paren(x) => self.const_int(x),
            ExprKind::Unary(UnOp::Neg, x) => self.const_int(x).and_then(i64::checked_neg),
            ExprKind::Unary(UnOp::Plus, x) => self.const_int(x),
            ExprKind::Binary(op, l, r) => {
                let (l, r) = (self.const_int(l)?, self.const_int(r)?);
                match op {
                    BinOp::Add => l.checked_add(r),
                    BinOp::Sub => l.checked_sub(r),
                    BinOp::Mul => l.checked_mul(r),
                    BinOp::Div if r != 0 => l.checked_div(r),
                    _ => None,
                }
            }
            ExprKind::Apply { name, args } => {
                let first = match args.first() {
                    Some(Arg::Index(x)) | Some(Arg::Keyword(_, x)) => x,
                    _ => return None,
                };
                match name.name.as_str() {
                    "kind" => match &first.kind {
                        ExprKind::Int(_, k) | ExprKind::Real(_, k) => Some(i64::from(*k)),
                        ExprKind::Logical(_) => Some(4),
                        _ => None,
                    },
                    "selected_real_kind" => {
                        let (mut p, mut r) = (0, 0);
                        for (i, a) in args.iter().enumerate() {
                            let (slot, x) = match a {
                                Arg::Index(x) => (i, x),
                                Arg::Keyword(k, x) if k.name == "p" => (0, x),
                                Arg::Keyword(k, x) if k.name == "r" => (1, x),
                                _ => return None,
                            };
                            let v = self.const_int(x)?;
                            match slot {
                                0 => p = v,
                                1 => r = v,
                                _ => return None,
                            }
                        }
                        Some(crate::sema::selected_real_kind(p, r))
                    }
                    "selected_int_kind" => Some(crate::sema::selected_int_kind(self.const_int(first)?)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `integer`, `integer(8)`, `real(kind=8)`, `double precision`, `character(len=*)`.
    fn type_spec(&mut self) -> PResult<(BaseTy, Span)> {
        let start = self.span();
        let Tok::Name(w) = self.bump().tok else {
            return Err(self.err_expected("a type"));
        };
        if w == "type" {
            self.expect(&Tok::LParen)?;
            let n = self.expect_name("a derived-type name")?;
            self.expect(&Tok::RParen)?;
            return Ok((BaseTy::Derived(self.type_name_id(&n.name)), self.from(start)));
        }
        if w == "double" || w == "doubleprecision" || w == "doublecomplex" {
            let cplx = w == "doublecomplex" || self.is_name("complex");
            if w == "double" {
                self.bump();
            }
            return Ok((if cplx { BaseTy::Complex(8) } else { BaseTy::Real(8) }, self.from(start)));
        }
        if w == "character" {
            // character, character(len=*), character(10), character*(*), character*10
            self.char_len = None;
            if self.eat(&Tok::LParen) {
                if self.is_name("len") && self.tok_at(1) == &Tok::Assign {
                    self.bump();
                    self.bump();
                }
                let sp = self.span();
                if self.eat(&Tok::Star) {
                    self.char_len = Some(CharLen::Assumed(sp));
                } else if self.is(&Tok::Colon) && matches!(self.tok_at(1), Tok::RParen | Tok::Comma) {
                    self.bump();
                    self.char_len = Some(CharLen::Deferred(sp));
                } else {
                    self.char_len = Some(CharLen::Expr(self.expr()?));
                }
                if self.eat(&Tok::Comma) {
                    let sp = self.statement_span();
                    self.diags.push(Diagnostic::not_yet("character kinds", sp));
                    return Err(Fail);
                }
                self.expect(&Tok::RParen)?;
            } else if self.eat(&Tok::Star) {
                let sp = self.span();
                if let Tok::Int(n, _) = *self.tok() {
                    self.bump();
                    self.char_len = Some(CharLen::Expr(Expr { kind: ExprKind::Int(n, 4), span: sp, ty: Ty::Unknown }));
                } else if self.is(&Tok::LParen) && self.tok_at(1) == &Tok::Star && self.tok_at(2) == &Tok::RParen {
                    self.skip_parens();
                    self.char_len = Some(CharLen::Assumed(self.from(sp)));
                } else if self.is(&Tok::LParen) {
                    self.bump();
                    self.char_len = Some(CharLen::Expr(self.expr()?));
                    self.expect(&Tok::RParen)?;
                } else {
                    self.bump();
                }
            }
            return Ok((BaseTy::Character, self.from(start)));
        }
        let mut kind: Option<(i64, Span)> = None;
        if self.is(&Tok::LParen) {
            self.bump();
            if self.is_name("kind") && self.tok_at(1) == &Tok::Assign {
                self.bump();
                self.bump();
            }
            let ksp = self.span();
            let e = self.expr()?;
            let ksp = self.from(ksp);
            self.expect(&Tok::RParen)?;
            match self.kind_value(&e) {
                Some(k) => kind = Some((k, ksp)),
                None => {
                    self.diags.push(
                        Diagnostic::error("E0032", "kind must be an integer constant", ksp)
                            .with_label("not a constant known here")
                            .with_note("note: kinds may be literals such as `8` or integer parameters declared earlier"),
                    );
                    return Err(Fail);
                }
            }
        } else if self.is(&Tok::Star) {
            // integer*8, real*8
            self.bump();
            if let Tok::Int(k, _) = *self.tok() {
                let sp = self.bump().span;
                kind = Some((k, sp));
            } else {
                return Err(self.err_expected("a kind after `*`"));
            }
        }
        let sp = self.from(start);
        let check = |this: &mut Parser, allowed: &[i64], name: &str| -> PResult<u8> {
            match kind {
                None => Ok(4),
                Some((k, _)) if allowed.contains(&k) => Ok(k as u8),
                Some((k, ksp)) => {
                    if k > 0 && [1, 2, 4, 8, 10, 16].contains(&k) {
                        this.diags.push(Diagnostic::not_yet(format!("`{name}({k})`"), ksp));
                    } else {
                        this.diags.push(
                            Diagnostic::error("E0032", format!("`{name}` has no kind {k}"), ksp).with_label("invalid kind").with_note(
                                format!("note: the supported kinds of `{name}` are {}", {
                                    let ks: Vec<String> = allowed.iter().map(|k| k.to_string()).collect();
                                    match ks.split_last() {
                                        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                                        _ => ks.join(""),
                                    }
                                }),
                            ),
                        );
                    }
                    Err(Fail)
                }
            }
        };
        let base = match w.as_str() {
            "integer" => BaseTy::Integer(check(self, &[1, 2, 4, 8], "integer")?),
            "real" => BaseTy::Real(check(self, &[4, 8], "real")?),
            "complex" => BaseTy::Complex(check(self, &[4, 8], "complex")?),
            _ => {
                check(self, &[4], "logical")?;
                BaseTy::Logical
            }
        };
        Ok((base, sp))
    }

    fn declaration(&mut self) -> Option<Decl> {
        let start = self.span();
        let r = self.declaration_inner(start);
        match r {
            Ok(d) => {
                if self.expect_eos().is_err() {
                    self.skip_statement();
                }
                Some(d)
            }
            Err(Fail) => {
                self.skip_statement();
                None
            }
        }
    }

    fn declaration_inner(&mut self, start: Span) -> PResult<Decl> {
        self.nodes = 0;
        self.depth = 0;
        let (base, base_span) = self.type_spec()?;
        let char_len = if base == BaseTy::Character { self.char_len.take() } else { None };
        let mut parameter = false;
        let mut allocatable = false;
        let mut dimension = None;
        let mut intent = None;
        let mut optional = false;
        let mut save = false;
        let mut external = false;
        let mut access: Option<bool> = None;
        let mut had_attrs = false;
        while self.eat(&Tok::Comma) {
            had_attrs = true;
            let a = self.expect_name("an attribute")?;
            match a.name.as_str() {
                "parameter" => parameter = true,
                "allocatable" => allocatable = true,
                "dimension" => {
                    self.expect(&Tok::LParen)?;
                    dimension = Some(self.dim_list()?);
                }
                "save" => save = true,
                "external" => external = true,
                "target" | "contiguous" | "intrinsic" => {}
                "intent" | "optional" if !matches!(self.cur_unit, Some(UnitKind::Subroutine | UnitKind::Function)) => {
                    let where_ = if self.cur_unit == Some(UnitKind::Module) { "a module" } else { "a main program" };
                    self.diags.push(
                        Diagnostic::error("E0033", format!("the `{}` attribute is only allowed on dummy arguments", a.name), a.span)
                            .with_label(format!("not allowed in {where_}")),
                    );
                    return Err(Fail);
                }
                "intent" => {
                    self.expect(&Tok::LParen)?;
                    let w = self.expect_name("`in`, `out` or `inout`")?;
                    let i = match w.name.as_str() {
                        "in" if self.is_name("out") => {
                            self.bump();
                            Intent::InOut
                        }
                        "in" => Intent::In,
                        "out" => Intent::Out,
                        "inout" => Intent::InOut,
                        _ => {
                            self.diags.push(
                                Diagnostic::error("E0033", format!("`intent({})` is not valid", w.name), w.span)
                                    .with_label("expected `in`, `out` or `inout`"),
                            );
                            return Err(Fail);
                        }
                    };
                    self.expect(&Tok::RParen)?;
                    intent = Some(i);
                }
                "optional" => optional = true,
                "value" => {
                    self.diags.push(Diagnostic::not_yet("the `value` attribute", a.span));
                    return Err(Fail);
                }
                "public" | "private" => access = Some(a.name == "public"),
                "protected" => {}
                "pointer" | "volatile" | "asynchronous" | "bind" => {
                    self.diags.push(Diagnostic::not_yet(format!("the `{}` attribute", a.name), a.span));
                    return Err(Fail);
                }
                other => {
                    let mut d = Diagnostic::error("E0033", format!("unknown attribute `{other}`"), a.span).with_label("not an attribute");
                    if let Some(s) = suggest(
                        other,
                        &["parameter", "allocatable", "dimension", "save", "target", "intent", "optional", "external", "intrinsic"],
                    ) {
                        d = d.with_note(format!("help: did you mean `{s}`?"));
                    }
                    self.diags.push(d);
                    return Err(Fail);
                }
            }
        }
        if !self.eat(&Tok::DoubleColon) && had_attrs {
            return Err(self.err_expected("`::`"));
        }
        let mut entities = Vec::new();
        loop {
            let name = self.expect_name("a variable name")?;
            let dims = if self.eat(&Tok::LParen) { Some(self.dim_list()?) } else { None };
            if base == BaseTy::Character && self.is(&Tok::Star) {
                // `c*10`
                let sp = self.span();
                self.bump();
                if self.is(&Tok::LParen) {
                    self.skip_parens();
                } else {
                    self.bump();
                }
                self.diags.push(Diagnostic::not_yet("a character length after the name (`c*10`)", self.from(sp)));
                return Err(Fail);
            }
            let init = if self.eat(&Tok::Assign) {
                let e = self.expr()?;
                Some(e)
            } else if self.is(&Tok::Ne) || self.is(&Tok::EqEq) {
                return Err(self.err_expected("`=`"));
            } else {
                None
            };
            let mut init = init;
            if parameter && matches!(base, BaseTy::Integer(_)) {
                if let Some(e) = &init {
                    if let Some(v) = self.const_int(e) {
                        if matches!(e.kind, ExprKind::Apply { .. }) {
                            // `kind(1.0d0)`, `selected_real_kind(15)`: fold to the value.
                            if v < 0 {
                                self.diags.push(Diagnostic::not_yet("kinds beyond `real(8)`/`integer(8)`", e.span));
                            }
                            init = Some(Expr { kind: ExprKind::Int(v, 4), span: e.span, ty: Ty::Unknown });
                        }
                        self.int_params.insert(name.name.clone(), v);
                    }
                }
            }
            let span = self.from(name.span);
            if let Some(p) = access {
                self.access.push((name.clone(), p));
            }
            entities.push(Entity { name, dims, init, span });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        Ok(Decl {
            base,
            base_span,
            parameter,
            allocatable,
            intent,
            optional,
            save,
            external,
            dimension,
            char_len,
            entities,
            span: self.from(start),
        })
    }

    /// A dimension list after its `(`, up to and including `)`.
    fn dim_list(&mut self) -> PResult<Vec<DimSpec>> {
        let mut dims = Vec::new();
        loop {
            if self.is(&Tok::Colon) {
                let sp = self.bump().span;
                dims.push(DimSpec::Deferred(sp));
            } else if self.is(&Tok::Star) {
                let sp = self.span();
                if !self.in_procedure() {
                    self.diags.push(
                        Diagnostic::error("E0034", "assumed-size arrays are only allowed for dummy arguments", sp)
                            .with_label("`*` is not allowed here"),
                    );
                    return Err(Fail);
                }
                self.bump();
                dims.push(DimSpec::AssumedSize(sp));
            } else {
                let first = self.expr()?;
                if self.eat(&Tok::Colon) {
                    if matches!(self.tok(), Tok::Comma | Tok::RParen) {
                        let sp = self.span_at(0);
                        let span = Span::new(first.span.lo as usize, sp.lo as usize);
                        if self.in_procedure() {
                            dims.push(DimSpec::AssumedLo { lo: first, span });
                            if !self.eat(&Tok::Comma) {
                                break;
                            }
                            continue;
                        } else {
                            self.diags.push(
                                Diagnostic::error("E0034", "an upper bound is required here", span)
                                    .with_label("assumed-shape bounds are only allowed for dummy arguments"),
                            );
                        }
                        return Err(Fail);
                    }
                    if self.is(&Tok::Star) {
                        let sp = self.span();
                        self.diags.push(Diagnostic::not_yet("assumed-size arrays with lower bounds", first.span.to(sp)));
                        return Err(Fail);
                    }
                    let hi = self.expr()?;
                    dims.push(DimSpec::Explicit { lo: Some(first), hi });
                } else {
                    dims.push(DimSpec::Explicit { lo: None, hi: first });
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        if dims.len() > 7 {
            let sp = self.span();
            self.diags.push(Diagnostic::error("E0035", "arrays may have at most 7 dimensions", sp));
            return Err(Fail);
        }
        Ok(dims)
    }

    // ----- statements -----

    /// Parses one statement (or construct); `None` if it was reported and skipped.
    fn stmt(&mut self) -> Option<Stmt> {
        self.nodes = 0;
        self.depth = 0;
        if self.open.len() > MAX_BLOCK_DEPTH {
            let sp = self.statement_span();
            self.diags.push(
                Diagnostic::error("E0009", format!("constructs are nested too deeply (more than {MAX_BLOCK_DEPTH} levels)"), sp)
                    .with_label("nesting limit reached here"),
            );
            // Skip to the end of the file: nothing sensible can follow.
            self.aborted = true;
            while !self.is(&Tok::Eof) {
                self.bump();
            }
            return None;
        }
        match self.stmt_inner() {
            Ok(s) => s,
            Err(Fail) => {
                self.skip_statement();
                None
            }
        }
    }

    fn stmt_inner(&mut self) -> PResult<Option<Stmt>> {
        let start = self.span();
        if self.is(&Tok::DirectiveStart) {
            return self.directive();
        }
        // Construct name: `outer: do ...`.
        if let (Tok::Name(_), Tok::Colon) = (self.tok(), self.tok_at(1)) {
            let label = self.expect_name("a name")?;
            self.bump();
            if self.is_name("do") {
                return self.do_construct(Some(label), start).map(Some);
            }
            if self.is_name("if") {
                return self.if_construct(Some(label), start).map(Some);
            }
            if self.is_name("select") || self.is_name("selectcase") {
                return self.select_case(Some(label), start).map(Some);
            }
            if self.is_name("block") && matches!(self.tok_at(1), Tok::Eos | Tok::Eof) {
                return self.block_construct(Some(label), start).map(Some);
            }
            if self.is_name("associate") {
                let sp = self.from(start);
                self.diags.push(Diagnostic::not_yet("construct names on `associate`", sp));
                return Err(Fail);
            }
            return Err(self.err_expected("`do`, `if`, `select case` or `block` after the construct name"));
        }
        if self.is_assignment() {
            return self.assignment(start).map(Some);
        }
        if let Tok::Int(..) = self.tok() {
            return self.statement_label().map(Some);
        }
        let Tok::Name(kw) = self.tok().clone() else {
            return Err(self.err_expected("a statement"));
        };
        match kw.as_str() {
            "print" => self.print(start).map(Some),
            "if" => self.if_construct(None, start).map(Some),
            "do" => self.do_construct(None, start).map(Some),
            "select" | "selectcase" => self.select_case(None, start).map(Some),
            "block" if matches!(self.tok_at(1), Tok::Eos | Tok::Eof) => self.block_construct(None, start).map(Some),
            "exit" | "cycle" => {
                self.bump();
                let name = match self.tok().clone() {
                    Tok::Name(n) => Some(Ident { name: n, span: self.bump().span }),
                    _ => None,
                };
                self.expect_eos()?;
                let kind = if kw == "exit" { StmtKind::Exit(name) } else { StmtKind::Cycle(name) };
                Ok(Some(Stmt { kind, span: self.from(start) }))
            }
            "continue" => {
                self.bump();
                self.expect_eos()?;
                Ok(Some(Stmt { kind: StmtKind::Continue, span: self.from(start) }))
            }
            "stop" => {
                self.bump();
                let code = if self.at_eos() { None } else { Some(self.expr()?) };
                self.expect_eos()?;
                Ok(Some(Stmt { kind: StmtKind::Stop(code), span: self.from(start) }))
            }
            "allocate" => self.allocate(start).map(Some),
            "deallocate" => self.deallocate(start).map(Some),
            "call" => self.call(start).map(Some),
            "write" => self.write(start).map(Some),
            "return" | "error" | "errorstop" => self.return_or_error_stop(&kw, start),
            _ => self.rare_stmt(&kw),
        }
    }

    /// `return` and `error stop` (kept out of `stmt_inner` to keep its frame small).
    #[inline(never)]
    fn return_or_error_stop(&mut self, kw: &str, start: Span) -> PResult<Option<Stmt>> {
        if kw == "return" {
            self.bump();
            if !self.at_eos() {
                let sp = self.statement_span();
                self.diags.push(Diagnostic::not_yet("alternate returns (`return n`)", sp));
                return Err(Fail);
            }
            self.expect_eos()?;
            return Ok(Some(Stmt { kind: StmtKind::Return, span: self.from(start) }));
        }
        if kw == "error" && !self.is_name_at(1, "stop") {
            return self.rare_stmt(kw);
        }
        self.bump();
        if kw == "error" {
            self.bump();
        }
        let code = if self.at_eos() { None } else { Some(self.expr()?) };
        if self.is(&Tok::Comma) {
            let sp = self.statement_span();
            self.diags.push(Diagnostic::not_yet("`quiet=` in `error stop`", sp));
            return Err(Fail);
        }
        self.expect_eos()?;
        Ok(Some(Stmt { kind: StmtKind::ErrorStop(code), span: self.from(start) }))
    }

    /// Statements that are errors or not supported yet (kept out of `stmt_inner` so that its
    /// stack frame, which recursion through nested constructs multiplies, stays small).
    #[inline(never)]
    fn rare_stmt(&mut self, kw: &str) -> PResult<Option<Stmt>> {
        match kw {
            "where" if self.tok_at(1) == &Tok::LParen => self.where_construct().map(Some),
            "forall" if self.tok_at(1) == &Tok::LParen => self.forall_construct().map(Some),
            "read" => self.write(self.span()).map(Some),
            "open" | "close" if self.tok_at(1) == &Tok::LParen => self.open_close(self.span()).map(Some),
            "go" | "goto" | "format" | "rewind" | "backspace" | "endfile" | "flush" | "inquire" => self.label_or_unit_stmt(kw),
            "integer" | "real" | "logical" | "character" | "double" | "doubleprecision" | "complex" | "doublecomplex" | "implicit"
            | "use" | "save" | "external" | "intrinsic" | "interface" => {
                let sp = self.statement_span();
                self.diags.push(
                    Diagnostic::error("E0030", "declarations must come before the executable statements", sp)
                        .with_label("declaration after an executable statement"),
                );
                Err(Fail)
            }
            k if UNSUPPORTED_STMTS.contains(&k) => {
                let sp = self.span();
                let what = match k {
                    "go" | "goto" => "`go to` statements".to_string(),
                    "select" | "case" => "`select case` constructs".to_string(),
                    "entry" => "`entry` statements".to_string(),
                    "save" | "dimension" | "allocatable" | "parameter" | "common" | "equivalence" | "data" | "namelist" => {
                        format!("the `{k}` statement (or a specification statement after executable statements)")
                    }
                    other => format!("the `{other}` statement"),
                };
                self.diags.push(Diagnostic::not_yet(what, sp));
                Err(Fail)
            }
            _ => {
                // Probably a malformed assignment: `x + 1`, `a(1 = 2`.
                self.bump();
                if self.is(&Tok::LParen) {
                    self.args()?;
                }
                Err(self.err_expected("`=`"))
            }
        }
    }

    fn assignment(&mut self, start: Span) -> PResult<Stmt> {
        let lhs = self.designator()?;
        self.expect(&Tok::Assign)?;
        let rhs = self.expr()?;
        self.expect_eos()?;
        Ok(Stmt { kind: StmtKind::Assign { lhs, rhs }, span: self.from(start) })
    }

    /// A substring of an array element, `a(i)(j:k)`: the range is kept as one more
    /// subscript (semantic analysis accepts rank + 1 subscripts for character arrays).
    fn element_substring(&mut self, args: &mut Vec<Arg>) -> PResult<()> {
        if !self.is(&Tok::LParen) {
            return Ok(());
        }
        let sp = self.span();
        let more = self.args()?;
        match <[Arg; 1]>::try_from(more) {
            Ok([r @ Arg::Range { stride: None, .. }]) => {
                args.push(r);
                Ok(())
            }
            _ => {
                self.diags.push(Diagnostic::not_yet("this kind of substring", self.from(sp)));
                Err(Fail)
            }
        }
    }

    /// A variable: `a`, `a(i, j)`, `a(2:n)`.
    fn designator(&mut self) -> PResult<Expr> {
        let name = self.expect_name("a variable")?;
        let name = self.block_rename(name);
        let e = if self.is(&Tok::LParen) {
            let mut args = self.args()?;
            self.element_substring(&mut args)?;
            Expr { kind: ExprKind::Apply { name: name.clone(), args }, span: self.from(name.span), ty: Ty::Unknown }
        } else {
            Expr { span: name.span, kind: ExprKind::Name(name), ty: Ty::Unknown }
        };
        let e = self.components(e)?;
        if self.is(&Tok::LParen) {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("substrings", sp));
            return Err(Fail);
        }
        Ok(e)
    }

    /// `%name` and `%name(subs)` parts after a designator.
    #[inline(never)]
    fn node_components(&mut self, kind: ExprKind, span: Span) -> PResult<Expr> {
        let e = self.node(kind, span)?;
        if self.is(&Tok::Percent) {
            self.components(e)
        } else {
            Ok(e)
        }
    }

    #[inline(never)]
    fn components(&mut self, mut e: Expr) -> PResult<Expr> {
        while self.eat(&Tok::Percent) {
            let name = self.expect_name("a component name")?;
            let subs = if self.is(&Tok::LParen) { self.args()? } else { Vec::new() };
            if self.is(&Tok::LParen) {
                let s2 = self.span();
                self.diags.push(Diagnostic::not_yet("substrings", s2));
                return Err(Fail);
            }
            let span = e.span.to(self.from(name.span));
            e = self.node(ExprKind::Component(Box::new(CompRef { base: e, name, subs })), span)?;
        }
        Ok(e)
    }

    /// The index of a derived-type name in [`Parser::type_names`].
    fn type_name_id(&mut self, n: &str) -> u16 {
        let i = match self.type_names.iter().position(|x| x == n) {
            Some(i) => i,
            None => {
                self.type_names.push(n.to_string());
                self.type_names.len() - 1
            }
        };
        u16::try_from(i).unwrap_or(u16::MAX)
    }

    /// `type [[, attrs] ::] name` ... `end type [name]`: component declarations only.
    #[inline(never)]
    fn type_def(&mut self) -> Option<TypeDef> {
        let start = self.span();
        self.bump();
        // `public`, `private` (access is not enforced) and `bind(c)` (the layout is C's
        // anyway) are accepted; `extends` and `abstract` are not supported.
        while self.eat(&Tok::Comma) {
            let asp = self.span();
            let ok = match self.tok().clone() {
                Tok::Name(a) if a == "public" || a == "private" => {
                    self.bump();
                    true
                }
                Tok::Name(a)
                    if a == "bind" && self.tok_at(1) == &Tok::LParen && self.is_name_at(2, "c") && self.tok_at(3) == &Tok::RParen =>
                {
                    for _ in 0..4 {
                        self.bump();
                    }
                    true
                }
                _ => false,
            };
            if !ok {
                let what = match self.tok() {
                    Tok::Name(a) if a == "extends" => "type extension (`extends`)".to_string(),
                    Tok::Name(a) => format!("the type attribute `{a}`"),
                    _ => "this type attribute".to_string(),
                };
                let sp = asp.to(self.statement_span());
                self.diags.push(Diagnostic::not_yet(what, sp));
                self.skip_statement();
                self.skip_type_body();
                return None;
            }
        }
        self.eat(&Tok::DoubleColon);
        let name = match self.expect_name("a type name") {
            Ok(n) => n,
            Err(Fail) => {
                self.skip_statement();
                self.skip_type_body();
                return None;
            }
        };
        if self.is(&Tok::LParen) {
            let sp = self.statement_span();
            self.diags.push(Diagnostic::not_yet("parameterized derived types", sp));
            self.skip_statement();
            self.skip_type_body();
            return None;
        }
        if self.expect_eos().is_err() {
            self.skip_statement();
        }
        self.type_name_id(&name.name);
        let mut comps = Vec::new();
        loop {
            self.skip_eos();
            if matches!(self.tok(), Tok::Eof) {
                self.diags.push(
                    Diagnostic::error("E0010", format!("missing `end type` for type `{}`", name.name), name.span)
                        .with_label("this type definition is not closed"),
                );
                return None;
            }
            if self.at_end_type() {
                if self.eat_name("endtype") {
                } else {
                    self.bump();
                    self.bump();
                }
                if let Tok::Name(n) = self.tok().clone() {
                    let sp = self.span();
                    self.bump();
                    if n != name.name {
                        self.diags.push(
                            Diagnostic::error("E0013", format!("`end type {n}` does not match type `{}`", name.name), sp)
                                .with_label(format!("expected `{}`", name.name)),
                        );
                    }
                }
                if self.expect_eos().is_err() {
                    self.skip_statement();
                }
                break;
            }
            if self.at_type_spec() {
                if let Some(d) = self.declaration() {
                    comps.push(d);
                }
                continue;
            }
            let sp = self.statement_span();
            let what = match self.tok() {
                Tok::Name(w) if w == "contains" => "type-bound procedures".to_string(),
                Tok::Name(w) if ["sequence", "private", "public"].contains(&w.as_str()) && self.tok_at(1) == &Tok::Eos => {
                    // `sequence` and access statements: the layout is the same; access is not enforced.
                    self.skip_statement();
                    continue;
                }
                Tok::Name(w) if w == "procedure" || w == "class" => "type-bound procedures and polymorphic components".to_string(),
                _ => String::new(),
            };
            let tbp = what == "type-bound procedures";
            if what.is_empty() {
                self.diags.push(
                    Diagnostic::error("E0034", "expected a component declaration or `end type`", sp)
                        .with_label("not a component declaration"),
                );
            } else {
                self.diags.push(Diagnostic::not_yet(what, sp));
            }
            if tbp {
                self.skip_type_body();
                return None;
            }
            self.skip_statement();
        }
        Some(TypeDef { name, comps, span: self.from(start) })
    }

    fn at_end_type(&self) -> bool {
        self.is_name("endtype") || (self.is_name("end") && self.is_name_at(1, "type"))
    }

    /// Skips statements up to and including `end type`.
    fn skip_type_body(&mut self) {
        loop {
            self.skip_eos();
            if matches!(self.tok(), Tok::Eof) {
                return;
            }
            if self.at_end_type() {
                self.skip_statement();
                return;
            }
            if self.at_unit_start() {
                return;
            }
            self.skip_statement();
        }
    }

    /// `call name [(args)]`.
    #[inline(never)]
    fn call(&mut self, start: Span) -> PResult<Stmt> {
        self.bump();
        let name = self.expect_name("a subroutine name")?;
        if self.is(&Tok::Percent) {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("type-bound procedures (`call x%p`)", sp));
            return Err(Fail);
        }
        let args = if self.is(&Tok::LParen) { self.args()? } else { Vec::new() };
        self.expect_eos()?;
        Ok(Stmt { kind: StmtKind::Call { name, args }, span: self.from(start) })
    }

    /// `write (unit, fmt) items` and `read (unit, fmt) items` with `unit=` and `fmt=`
    /// keywords allowed; also `read fmt, items` from standard input.
    #[inline(never)]
    fn write(&mut self, start: Span) -> PResult<Stmt> {
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
            let keyword = match (self.tok().clone(), self.tok_at(1)) {
                (Tok::Name(k), Tok::Assign) => {
                    let sp = self.bump().span;
                    self.bump();
                    Some((k, sp))
                }
                _ => None,
            };
            let which = match &keyword {
                Some((k, _)) if k == "unit" => 0,
                Some((k, _)) if k == "fmt" => 1,
                Some((k, sp)) if k == "advance" && !is_read => {
                    let sp = Span { lo: sp.lo, hi: sp.hi + 1 };
                    self.advance_spec(sp, &mut ctl)?;
                    n += 1;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                Some((k, sp)) if matches!(k.as_str(), "iostat" | "iomsg" | "err") || (k == "end" && is_read) => {
                    let sp = Span { lo: sp.lo, hi: sp.hi + 1 };
                    self.status_spec(k.clone(), sp, stmt, &mut ctl)?;
                    n += 1;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                Some((k, sp)) => {
                    let sp = Span { lo: sp.lo, hi: sp.hi + 1 };
                    if DATA_TRANSFER_SPECS.contains(&k.as_str()) {
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
        let Some(format) = format else {
            let sp = self.from(start);
            self.diags.push(Diagnostic::not_yet(format!("unformatted `{stmt}`"), sp));
            return Err(Fail);
        };
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
    fn open_close(&mut self, start: Span) -> PResult<Stmt> {
        let is_open = self.is_name_at(0, "open");
        let stmt = if is_open { "open" } else { "close" };
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut unit: Option<Expr> = None;
        let mut file: Option<Expr> = None;
        let (mut status, mut action, mut append, mut delete) = (0, 0, false, false);
        let mut ctl = IoControl::default();
        let mut newunit = false;
        let mut n = 0usize;
        loop {
            let (k, ksp) = match (self.tok().clone(), self.tok_at(1)) {
                (Tok::Name(k), Tok::Assign) => {
                    let sp = self.bump().span;
                    self.bump();
                    (k, Span { lo: sp.lo, hi: sp.hi + 1 })
                }
                _ if n == 0 => ("unit".to_string(), self.span()),
                _ => {
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
                "status" | "action" | "position" | "form" => {
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
                        _ => None,
                    };
                    let Some(code) = code else {
                        if k == "form" && v == "unformatted" {
                            self.diags.push(Diagnostic::not_yet("unformatted files (`form='unformatted'`)", vsp));
                        } else {
                            self.diags.push(
                                Diagnostic::error("E0042", format!("`'{v}'` is not a valid value of `{k}=` in `{stmt}`"), vsp)
                                    .with_label("invalid value"),
                            );
                        }
                        return Err(Fail);
                    };
                    match k.as_str() {
                        "status" if is_open => status = code,
                        "status" => delete = code == 1,
                        "action" => action = code,
                        "position" => append = code == 1,
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
        let kind = if is_open {
            StmtKind::Open(OpenSpec { unit, file, status, action, append, newunit })
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

    fn print(&mut self, start: Span) -> PResult<Stmt> {
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

    /// `(cond)` of `if`, `else if`, `do while`.
    fn paren_cond(&mut self) -> PResult<Expr> {
        self.expect(&Tok::LParen)?;
        let c = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(c)
    }

    fn if_construct(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        let if_kw = self.bump().span;
        let cond = match self.paren_cond() {
            Ok(c) => c,
            Err(Fail) => {
                // If this was `if (...) then`, parse the block anyway so that its `end if`
                // is not reported as stray.
                let mut i = 0;
                while !matches!(self.tok_at(i), Tok::Eos | Tok::Eof) {
                    i += 1;
                }
                if i > 0 && self.is_name_at(i - 1, "then") {
                    while self.pos + 1 < self.toks.len() && !matches!(self.tok_at(1), Tok::Eos | Tok::Eof) {
                        self.bump();
                    }
                    Expr { kind: ExprKind::Logical(false), span: if_kw, ty: Ty::Unknown }
                } else {
                    return Err(Fail);
                }
            }
        };
        if !(self.is_name("then") && matches!(self.tok_at(1), Tok::Eos | Tok::Eof)) {
            // One-line `if (c) stmt`.
            if self.at_eos() {
                return Err(self.err_expected("`then` or a statement"));
            }
            let inner_start = self.span();
            let forbidden = self.terminator().is_some()
                || matches!(self.tok(), Tok::DirectiveStart)
                || (!self.is_assignment()
                    && matches!(self.tok(), Tok::Name(n) if ["if", "do", "select", "contains", "integer", "real", "logical", "character", "double", "implicit"].contains(&n.as_str())));
            if forbidden {
                let sp = self.statement_span();
                self.diags.push(
                    Diagnostic::error("E0017", "this statement cannot follow a one-line `if`", sp)
                        .with_label("not allowed here")
                        .with_note("help: use an `if (...) then` ... `end if` block"),
                );
                return Err(Fail);
            }
            let inner = match self.stmt_inner()? {
                Some(s) => s,
                None => return Err(Fail),
            };
            let _ = inner_start;
            if let Some(n) = &name {
                self.diags.push(
                    Diagnostic::error("E0013", format!("the one-line `if` statement cannot have a construct name (`{}`)", n.name), n.span)
                        .with_label("only `if (...) then` constructs can be named"),
                );
                return Err(Fail);
            }
            return Ok(Stmt { kind: StmtKind::If { name, arms: vec![(cond, vec![inner])], else_body: None }, span: self.from(start) });
        }
        self.bump();
        self.expect_eos()?;
        let open_span = self.from(start);
        let mut arms = Vec::new();
        let mut else_body = None;
        let mut cond = cond;
        self.open.push(Open::If);
        loop {
            let body = self.block();
            arms.push((cond, body));
            match self.terminator() {
                Some(Term::ElseIf) => {
                    let kw = self.bump();
                    if matches!(kw.tok, Tok::Name(ref n) if n == "else") {
                        self.bump();
                    }
                    let c = match self.paren_cond().and_then(|c| {
                        if !self.eat_name("then") {
                            return Err(self.err_expected("`then`"));
                        }
                        self.inner_construct_name(&name, "else if");
                        self.expect_eos()?;
                        Ok(c)
                    }) {
                        Ok(c) => c,
                        Err(Fail) => {
                            self.skip_statement();
                            Expr { kind: ExprKind::Logical(false), span: kw.span, ty: Ty::Unknown }
                        }
                    };
                    cond = c;
                }
                Some(Term::Else) => {
                    self.bump();
                    self.inner_construct_name(&name, "else");
                    if self.expect_eos().is_err() {
                        self.skip_statement();
                    }
                    let body = self.block();
                    else_body = Some(body);
                    break;
                }
                _ => break,
            }
        }
        // After `else`, a stray second `else` is reported by the loop above only once.
        while matches!(self.terminator(), Some(Term::Else | Term::ElseIf)) {
            let sp = self.statement_span();
            self.diags.push(Diagnostic::error("E0012", "`else` after `else`", sp).with_label("not allowed after `else`"));
            self.skip_statement();
            let more = self.block();
            if let Some(b) = else_body.as_mut() {
                b.extend(more);
            }
        }
        self.open.pop();
        if self.close_construct(Term::EndIf, "`if` construct", open_span).is_some() {
            self.end_construct_name(&name, "end if", "`if` construct");
        }
        Ok(Stmt { kind: StmtKind::If { name, arms, else_body }, span: self.from(start) })
    }

    /// The optional construct name after an end statement (`end select outer`) and the end
    /// of that statement; reports a name that differs from the construct's.
    #[inline(never)]
    fn end_construct_name(&mut self, name: &Option<Ident>, end: &str, what: &str) {
        let end_name = match self.tok().clone() {
            Tok::Name(n) => Some(Ident { name: n, span: self.bump().span }),
            _ => None,
        };
        match (name, end_name) {
            (Some(n), Some(e)) if n.name != e.name => self.diags.push(
                Diagnostic::error("E0013", format!("`{end}` names `{}`, but the {what} is named `{}`", e.name, n.name), e.span)
                    .with_label(format!("expected `{}`", n.name)),
            ),
            (None, Some(e)) => self.diags.push(
                Diagnostic::error("E0013", format!("`{end}` names `{}`, but the {what} has no name", e.name), e.span)
                    .with_label("unexpected name"),
            ),
            (Some(n), None) => self.diags.push(
                Diagnostic::error("E0013", format!("missing the construct name `{}` after `{end}`", n.name), self.from(self.span()))
                    .with_label(format!("expected `{end} {}`", n.name)),
            ),
            _ => {}
        }
        if self.expect_eos().is_err() {
            self.skip_statement();
        }
    }

    /// `[name:] select case (selector)`, its `case` blocks and `end select [name]`.
    #[inline(never)]
    fn select_case(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        if self.bump().tok == Tok::Name("select".into()) && !self.eat_name("case") {
            return Err(self.err_expected("`case` after `select`"));
        }
        let selector = self.paren_cond()?;
        self.expect_eos()?;
        let open_span = self.from(start);
        let mut cases: Vec<CaseBlock> = Vec::new();
        self.open.push(Open::Select);
        self.skip_eos();
        // Statements before the first `case` are not allowed.
        if self.terminator().is_none() {
            let sp = self.statement_span();
            self.diags.push(
                Diagnostic::error("E0025", "expected `case` or `end select` after `select case`", sp)
                    .with_label("statement outside of any `case`"),
            );
            let _ = self.block();
        }
        while self.terminator() == Some(Term::Case) {
            let case_start = self.span();
            let values = match self.case_stmt(&name) {
                Ok(v) => v,
                Err(Fail) => {
                    self.skip_statement();
                    Some(Vec::new())
                }
            };
            let span = self.from(case_start);
            let body = self.block();
            cases.push(CaseBlock { values, body, span });
        }
        self.open.pop();
        if self.close_construct(Term::EndOther("select".into()), "`select case` construct", open_span).is_some() {
            self.end_construct_name(&name, "end select", "`select case` construct");
        }
        Ok(Stmt { kind: StmtKind::SelectCase { name, selector, cases }, span: open_span })
    }

    /// A `case (...)` or `case default` statement (with an optional construct name).
    #[inline(never)]
    fn case_stmt(&mut self, name: &Option<Ident>) -> PResult<Option<Vec<CaseValue>>> {
        self.bump();
        let values = if self.eat_name("default") {
            None
        } else {
            self.expect(&Tok::LParen)?;
            let mut vals = Vec::new();
            loop {
                let lo_sp = self.span();
                if self.eat(&Tok::Colon) {
                    let hi = self.expr()?;
                    vals.push(CaseValue::Range { lo: None, hi: Some(hi), span: self.from(lo_sp) });
                } else {
                    let lo = self.expr()?;
                    if self.eat(&Tok::Colon) {
                        let hi = if matches!(self.tok(), Tok::Comma | Tok::RParen) { None } else { Some(self.expr()?) };
                        vals.push(CaseValue::Range { lo: Some(lo), hi, span: self.from(lo_sp) });
                    } else {
                        vals.push(CaseValue::Value(lo));
                    }
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::RParen)?;
            Some(vals)
        };
        self.inner_construct_name(name, "case");
        self.expect_eos()?;
        Ok(values)
    }

    /// The optional construct name after `else`, `else if (...) then` or `case (...)`.
    #[inline(never)]
    fn inner_construct_name(&mut self, name: &Option<Ident>, stmt: &str) {
        if let Tok::Name(n) = self.tok().clone() {
            let sp = self.bump().span;
            if name.as_ref().is_none_or(|c| c.name != n) {
                self.diags.push(
                    Diagnostic::error("E0013", format!("`{stmt}` names `{n}`, which is not the name of this construct"), sp)
                        .with_label("unexpected name"),
                );
            }
        }
    }

    /// `[name:] block`, its declarations and statements, and `end block [name]`.
    #[inline(never)]
    fn block_construct(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        self.bump();
        self.expect_eos()?;
        let open_span = self.from(start);
        self.open.push(Open::Block);
        let mut decls = Vec::new();
        let renames_before = self.block_scope.renames.len();
        let outer_params = self.int_params.clone();
        loop {
            self.skip_eos();
            if !self.at_type_spec() {
                break;
            }
            if let Some(mut d) = self.declaration() {
                self.rename_block_entities(&mut d);
                decls.push(d);
            }
        }
        let (decls, prologue, epilogue) = self.block_automatic_arrays(decls);
        self.block_decls.extend(decls.iter().cloned());
        let mut body = prologue;
        body.extend(self.block());
        body.extend(epilogue);
        self.block_scope.renames.truncate(renames_before);
        self.int_params = outer_params;
        self.open.pop();
        if self.close_construct(Term::EndOther("block".into()), "`block` construct", open_span).is_some() {
            self.end_construct_name(&name, "end block", "`block` construct");
        }
        Ok(Stmt { kind: StmtKind::Block { name, decls, body }, span: open_span })
    }

    /// The loop control of a `do` statement, up to the end of the statement (not inlined:
    /// its frame would stay on the stack while the loop body is parsed).
    #[inline(never)]
    fn do_header(&mut self, do_kw: Span) -> PResult<Header> {
        let header = if self.at_eos() {
            Header::While(Expr { kind: ExprKind::Logical(true), span: do_kw, ty: Ty::Unknown })
        } else if self.is_name("while") && self.tok_at(1) == &Tok::LParen {
            self.bump();
            Header::While(self.paren_cond()?)
        } else if self.is_name("concurrent") && self.tok_at(1) == &Tok::LParen {
            self.bump();
            let (specs, mask) = self.concurrent_header()?;
            Header::Concurrent(specs, mask)
        } else if matches!(self.tok(), Tok::Int(..)) {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("labelled `do` loops (`do 10 i = ...`)", sp));
            return Err(Fail);
        } else {
            self.eat(&Tok::Comma);
            let var = self.expect_name("a loop variable")?;
            let var = self.block_rename(var);
            if self.is(&Tok::LParen) {
                let sp = self.span();
                self.diags.push(
                    Diagnostic::error("E0018", "the `do` variable must be a scalar variable", var.span.to(sp))
                        .with_label("not a scalar name"),
                );
                return Err(Fail);
            }
            self.expect(&Tok::Assign)?;
            let a = self.expr()?;
            self.expect(&Tok::Comma)?;
            let b = self.expr()?;
            let s = if self.eat(&Tok::Comma) { Some(self.expr()?) } else { None };
            Header::Counted(var, a, b, s)
        };
        self.expect_eos()?;
        Ok(header)
    }

    fn do_construct(&mut self, name: Option<Ident>, start: Span) -> PResult<Stmt> {
        let do_kw = self.bump().span;
        let stmt_span = self.statement_span();
        let label = self.do_label();
        let header = match self.do_header(do_kw) {
            Ok(h) => h,
            Err(Fail) => {
                // Parse the body anyway, so its `end do` is not reported as stray.
                self.skip_statement();
                Header::While(Expr { kind: ExprKind::Logical(false), span: do_kw, ty: Ty::Unknown })
            }
        };
        let _ = stmt_span;
        let open_span = self.from(start);
        self.open.push(Open::Do);
        let body = match label {
            Some(l) => self.labelled_do_body(l, open_span),
            None => self.block(),
        };
        self.open.pop();
        if label.is_none() {
            self.end_do(&name, open_span);
        }
        let kind = match header {
            Header::Counted(var, start_e, end, step) => StmtKind::Do { name, var, start: start_e, end, step, body },
            Header::While(cond) => StmtKind::DoWhile { name, cond, body },
            Header::Concurrent(specs, mask) => {
                if let Some(n) = &name {
                    self.diags.push(Diagnostic::not_yet("construct names on `do concurrent`", n.span));
                }
                StmtKind::DoConcurrent { specs, mask, body }
            }
        };
        Ok(Stmt { kind, span: open_span })
    }

    /// `end do [name]` of a `do` construct (kept out of `do_construct`, whose frame stays on
    /// the stack while nested loops are parsed).
    #[inline(never)]
    fn end_do(&mut self, name: &Option<Ident>, open_span: Span) {
        if self.close_construct(Term::EndDo, "`do` loop", open_span).is_some() {
            self.end_construct_name(name, "end do", "loop");
        }
    }

    fn allocate(&mut self, start: Span) -> PResult<Stmt> {
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut items = Vec::new();
        let (mut stat, mut errmsg) = (None, None);
        // `allocate(character(len=n) :: s)`, `allocate(t :: x)`: a type spec first.
        if self.at_type_spec() || (matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::DoubleColon) {
            let sp = self.span();
            self.diags.push(Diagnostic::not_yet("type specs in `allocate`", sp));
            return Err(Fail);
        }
        loop {
            let name = self.expect_name("an array name")?;
            let name = if self.is(&Tok::Assign) { name } else { self.block_rename(name) };
            if self.is(&Tok::Assign) {
                self.alloc_spec(&name, "allocate", &mut stat, &mut errmsg)?;
                if !self.eat(&Tok::Comma) {
                    break;
                }
                continue;
            }
            if !self.is(&Tok::LParen) {
                let sp = self.span();
                self.diags.push(
                    Diagnostic::error(
                        "E0019",
                        format!("`allocate` needs the shape of `{}`", name.name),
                        name.span.to(Span { lo: sp.lo, hi: sp.lo }),
                    )
                    .with_label(format!("expected `{}(...)`", name.name)),
                );
                return Err(Fail);
            }
            self.bump();
            let dims = self.dim_list()?;
            items.push((name, dims));
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        Ok(with_alloc_status(Stmt { kind: StmtKind::Allocate(items), span: self.from(start) }, stat, errmsg))
    }

    fn deallocate(&mut self, start: Span) -> PResult<Stmt> {
        self.bump();
        self.expect(&Tok::LParen)?;
        let mut names = Vec::new();
        let (mut stat, mut errmsg) = (None, None);
        loop {
            let name = self.expect_name("an array name")?;
            let name = if self.is(&Tok::Assign) { name } else { self.block_rename(name) };
            if self.is(&Tok::Assign) {
                self.alloc_spec(&name, "deallocate", &mut stat, &mut errmsg)?;
                if !self.eat(&Tok::Comma) {
                    break;
                }
                continue;
            }
            names.push(name);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        self.expect_eos()?;
        Ok(with_alloc_status(Stmt { kind: StmtKind::Deallocate(names), span: self.from(start) }, stat, errmsg))
    }

    // ----- OpenACC -----

    /// A directive line and, for constructs, what it applies to.
    fn directive(&mut self) -> PResult<Option<Stmt>> {
        let (dir, atomic_kind, head_span) = self.directive_head()?;
        match dir.kind {
            AccKind::Parallel | AccKind::Kernels | AccKind::Serial | AccKind::Data | AccKind::HostData => {
                Ok(Some(self.acc_block(dir, head_span)))
            }
            AccKind::Loop | AccKind::ParallelLoop | AccKind::KernelsLoop | AccKind::SerialLoop => self.acc_loop(dir, head_span),
            AccKind::Atomic => self.acc_atomic(dir, atomic_kind, head_span),
            _ => {
                let span = dir.span;
                Ok(Some(Stmt { kind: StmtKind::AccStandalone(dir), span }))
            }
        }
    }

    /// The directive line itself: its name, clauses and the span of `!$acc name`.
    #[inline(never)]
    fn directive_head(&mut self) -> PResult<(AccDirective, AtomicKind, Span)> {
        let start = self.bump().span; // !$acc
        let word = match self.tok().clone() {
            Tok::Name(w) => w,
            _ => return Err(self.err_expected("a directive name after `!$acc`")),
        };
        let wsp = self.bump().span;
        let kind = match word.as_str() {
            "parallel" | "kernels" | "serial" => {
                let combined = self.is_name("loop");
                if combined {
                    self.bump();
                }
                match (word.as_str(), combined) {
                    ("parallel", false) => AccKind::Parallel,
                    ("parallel", true) => AccKind::ParallelLoop,
                    ("kernels", false) => AccKind::Kernels,
                    ("kernels", true) => AccKind::KernelsLoop,
                    ("serial", false) => AccKind::Serial,
                    _ => AccKind::SerialLoop,
                }
            }
            "data" => AccKind::Data,
            "loop" => AccKind::Loop,
            "enter" | "exit" => {
                if !self.eat_name("data") {
                    return Err(self.err_expected(&format!("`data` after `{word}`")));
                }
                if word == "enter" {
                    AccKind::EnterData
                } else {
                    AccKind::ExitData
                }
            }
            "update" => AccKind::Update,
            "wait" => AccKind::Wait,
            "init" => AccKind::Init,
            "shutdown" => AccKind::Shutdown,
            "set" => AccKind::Set,
            "atomic" => AccKind::Atomic,
            "host_data" => AccKind::HostData,
            "routine" => AccKind::Routine,
            "declare" => AccKind::Declare,
            "cache" => AccKind::Cache,
            "end" => {
                // Only reached for an `end` directive the block logic did not take.
                let sp = self.statement_span();
                self.diags
                    .push(Diagnostic::error("E0012", "unexpected `!$acc end` directive", start.to(sp)).with_label("nothing to end here"));
                return Err(Fail);
            }
            other => {
                let mut d = Diagnostic::error("E0020", format!("unknown OpenACC directive `{other}`"), wsp).with_label("not a directive");
                if let Some(s) = suggest(other, DIRECTIVES) {
                    d = d.with_note(format!("help: did you mean `{s}`?"));
                }
                self.diags.push(d);
                return Err(Fail);
            }
        };
        let mut atomic_kind = AtomicKind::Update;
        if kind == AccKind::Atomic {
            if let Tok::Name(w) = self.tok().clone() {
                let k = match w.as_str() {
                    "update" => Some(AtomicKind::Update),
                    "read" => Some(AtomicKind::Read),
                    "write" => Some(AtomicKind::Write),
                    "capture" => Some(AtomicKind::Capture),
                    _ => None,
                };
                if let Some(k) = k {
                    atomic_kind = k;
                    self.bump();
                }
            }
        }
        // `wait(1)`, `cache(a(1:n))`, `routine(name)`: an argument list right after the name.
        if matches!(kind, AccKind::Wait | AccKind::Cache | AccKind::Routine) && self.is(&Tok::LParen) && !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        let head_span = self.from(start);
        let clauses = self.clauses();
        let span = self.from(start);
        self.eat(&Tok::Eos);
        Ok((AccDirective { kind, clauses, span }, atomic_kind, head_span))
    }

    #[inline(never)]
    fn acc_block(&mut self, dir: AccDirective, head_span: Span) -> Stmt {
        let kind = dir.kind;
        let stmt_span = dir.span;
        self.open.push(Open::Acc(kind));
        let body = self.block();
        self.open.pop();
        let what = format!("`{}` construct", kind.name());
        let end_span = match self.close_construct(Term::AccEnd(kind), &what, head_span) {
            Some(sp) => sp,
            None => Span { lo: self.last_hi, hi: self.last_hi },
        };
        Stmt { kind: StmtKind::AccBlock { dir, body, end_span }, span: stmt_span.to(end_span) }
    }

    #[inline(never)]
    fn acc_loop(&mut self, dir: AccDirective, head_span: Span) -> PResult<Option<Stmt>> {
        let kind = dir.kind;
        let stmt_span = dir.span;
        self.skip_eos();
        let is_do = !self.is_assignment()
            && (self.is_name("do") || (matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Colon && self.is_name_at(2, "do")));
        if !is_do {
            let found = self.found_stmt();
            self.diags.push(
                Diagnostic::error("E0014", format!("`!$acc {}` must be followed by a `do` loop", kind.name()), head_span)
                    .with_label(format!("found {found} instead")),
            );
            return Ok(None);
        }
        let Some(do_stmt) = self.stmt() else {
            return Ok(None);
        };
        let mut span = stmt_span.to(do_stmt.span);
        if kind != AccKind::Loop {
            self.skip_eos();
            if self.terminator() == Some(Term::AccEnd(kind)) {
                let sp = self.statement_span();
                self.skip_statement();
                span = span.to(sp);
            }
        }
        Ok(Some(Stmt { kind: StmtKind::AccLoop { dir, do_stmt: Box::new(do_stmt) }, span }))
    }

    #[inline(never)]
    fn acc_atomic(&mut self, dir: AccDirective, atomic_kind: AtomicKind, head_span: Span) -> PResult<Option<Stmt>> {
        let stmt_span = dir.span;
        self.skip_eos();
        if self.terminator().is_some() || self.is(&Tok::DirectiveStart) {
            let found = self.found_stmt();
            self.diags.push(
                Diagnostic::error("E0014", "`!$acc atomic` must be followed by an assignment statement", head_span)
                    .with_label(format!("found {found} instead")),
            );
            return Ok(None);
        }
        let mut body = Vec::new();
        if let Some(s) = self.stmt() {
            body.push(s);
        }
        self.skip_eos();
        let mut span = stmt_span;
        if let Some(s) = body.last() {
            span = span.to(s.span);
        }
        if self.terminator() == Some(Term::AccEnd(AccKind::Atomic)) {
            let sp = self.statement_span();
            self.skip_statement();
            span = span.to(sp);
        } else if atomic_kind == AtomicKind::Capture && self.terminator().is_none() && !self.is(&Tok::DirectiveStart) {
            if let Some(s) = self.stmt() {
                span = span.to(s.span);
                body.push(s);
            }
            self.skip_eos();
            self.open.push(Open::Atomic);
            if let Some(sp) = self.close_construct(Term::AccEnd(AccKind::Atomic), "`atomic capture` construct", head_span) {
                span = span.to(sp);
            }
            self.open.pop();
        }
        Ok(Some(Stmt { kind: StmtKind::AccAtomic { dir, kind: atomic_kind, body }, span }))
    }

    /// Describes the statement at the current position, for "found ... instead".
    fn found_stmt(&self) -> String {
        match self.tok() {
            Tok::Eof => "the end of the file".into(),
            Tok::DirectiveStart => "another directive".into(),
            Tok::Name(_) if self.is_assignment() => "an assignment".into(),
            Tok::Name(n) => format!("`{n}`"),
            t => t.describe(),
        }
    }

    /// The clauses up to the end of the directive. Errors are reported and the rest of the
    /// directive skipped; the clauses parsed so far are kept so the construct still works.
    fn clauses(&mut self) -> Vec<AccClause> {
        let mut out = Vec::new();
        loop {
            self.eat(&Tok::Comma);
            if self.at_eos() {
                break;
            }
            let name = match self.tok().clone() {
                Tok::Name(n) => n,
                _ => {
                    let _ = self.err_expected("a clause");
                    break;
                }
            };
            let start = self.bump().span;
            match self.clause(&name, start) {
                Ok(Some(k)) => out.push(AccClause { kind: k, span: self.from(start) }),
                Ok(None) => {}
                Err(Fail) => break,
            }
        }
        while !self.at_eos() {
            self.bump();
        }
        out
    }

    /// A parenthesised expression after a clause name.
    fn clause_expr(&mut self) -> PResult<Expr> {
        self.expect(&Tok::LParen)?;
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(e)
    }

    /// `gang(num: 4)`, `vector(length: 64)`, `worker(4)`: the optional argument.
    fn level_arg(&mut self, keyword: &str, clause: &str) -> PResult<Result<Option<Expr>, String>> {
        if !self.eat(&Tok::LParen) {
            return Ok(Ok(None));
        }
        if let (Tok::Name(k), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
            if k == keyword {
                self.bump();
                self.bump();
            } else if clause == "gang" && (k == "static" || k == "dim") {
                self.bump();
                self.bump();
                if self.is(&Tok::Star) {
                    self.bump();
                } else {
                    self.expr()?;
                }
                self.expect(&Tok::RParen)?;
                return Ok(Err(format!("gang({k}:)")));
            } else {
                let sp = self.span();
                self.diags.push(
                    Diagnostic::error("E0023", format!("unknown argument `{k}:` of the `{clause}` clause"), sp)
                        .with_label(format!("expected `{keyword}:`")),
                );
                return Err(Fail);
            }
        }
        let e = self.expr()?;
        if clause == "gang" && self.is(&Tok::Comma) {
            // gang(num:4, static:*) and the like
            while !self.is(&Tok::RParen) && !self.at_eos() {
                self.bump();
            }
            self.expect(&Tok::RParen)?;
            return Ok(Err("gang(static:)".into()));
        }
        self.expect(&Tok::RParen)?;
        Ok(Ok(Some(e)))
    }

    /// A variable list in parentheses: `(a, b(2:n), c(:, 1))`.
    fn var_list(&mut self) -> PResult<Vec<Expr>> {
        self.expect(&Tok::LParen)?;
        self.var_items()
    }

    /// The items of a variable list and its `)`.
    fn var_items(&mut self) -> PResult<Vec<Expr>> {
        let mut items = Vec::new();
        loop {
            if let (Tok::Name(m), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
                let sp = self.span();
                self.diags.push(Diagnostic::not_yet(format!("the `{m}:` modifier"), sp));
                return Err(Fail);
            }
            if self.is(&Tok::Slash) {
                let sp = self.span();
                self.diags.push(Diagnostic::not_yet("common blocks in clauses", sp));
                return Err(Fail);
            }
            items.push(self.designator()?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(items)
    }

    /// One clause after its name; `Ok(None)` if it was reported but parsing can go on.
    fn clause(&mut self, name: &str, start: Span) -> PResult<Option<ClauseKind>> {
        let k = match name {
            "gang" => match self.level_arg("num", "gang")? {
                Ok(e) => ClauseKind::Gang(e),
                Err(s) => ClauseKind::Unsupported(s),
            },
            "worker" => match self.level_arg("num", "worker")? {
                Ok(e) => ClauseKind::Worker(e),
                Err(s) => ClauseKind::Unsupported(s),
            },
            "vector" => match self.level_arg("length", "vector")? {
                Ok(e) => ClauseKind::Vector(e),
                Err(s) => ClauseKind::Unsupported(s),
            },
            "seq" => ClauseKind::Seq,
            "auto" => ClauseKind::Auto,
            "independent" => ClauseKind::Independent,
            "if_present" => ClauseKind::IfPresent,
            "finalize" => ClauseKind::Finalize,
            "collapse" => {
                self.expect(&Tok::LParen)?;
                if self.is_name("force") && self.tok_at(1) == &Tok::Colon {
                    self.skip_to_rparen();
                    return Ok(Some(ClauseKind::Unsupported("collapse(force:)".into())));
                }
                let e = self.expr()?;
                self.expect(&Tok::RParen)?;
                ClauseKind::Collapse(e)
            }
            "num_gangs" => ClauseKind::NumGangs(self.clause_expr()?),
            "num_workers" => ClauseKind::NumWorkers(self.clause_expr()?),
            "vector_length" => ClauseKind::VectorLength(self.clause_expr()?),
            "if" => ClauseKind::If(self.clause_expr()?),
            "reduction" => {
                self.expect(&Tok::LParen)?;
                let osp = self.span();
                let op = match self.tok().clone() {
                    Tok::Plus => Some(RedOp::Add),
                    Tok::Star => Some(RedOp::Mul),
                    Tok::And => Some(RedOp::And),
                    Tok::Or => Some(RedOp::Or),
                    Tok::Eqv => Some(RedOp::Eqv),
                    Tok::Neqv => Some(RedOp::Neqv),
                    Tok::Name(n) => match n.as_str() {
                        "max" => Some(RedOp::Max),
                        "min" => Some(RedOp::Min),
                        "iand" => Some(RedOp::Iand),
                        "ior" => Some(RedOp::Ior),
                        "ieor" => Some(RedOp::Ieor),
                        _ => None,
                    },
                    _ => None,
                };
                let Some(op) = op else {
                    if self.tok_at(1) == &Tok::Colon {
                        let shown = match self.tok() {
                            Tok::Name(n) => n.clone(),
                            t => t.symbol().to_string(),
                        };
                        self.diags.push(
                            Diagnostic::error("E0022", format!("unknown reduction operator `{shown}`"), osp)
                                .with_label("not a reduction operator")
                                .with_note("note: the reduction operators are `+`, `*`, `max`, `min`, `iand`, `ior`, `ieor`, `.and.`, `.or.`, `.eqv.` and `.neqv.`"),
                        );
                        return Err(Fail);
                    }
                    return Err(self.err_expected("a reduction operator"));
                };
                self.bump();
                self.expect(&Tok::Colon)?;
                let list = self.var_items()?;
                ClauseKind::Reduction(op, list)
            }
            "copy" | "pcopy" | "present_or_copy" => ClauseKind::Copy(self.var_list()?),
            "copyin" | "pcopyin" | "present_or_copyin" => ClauseKind::Copyin(self.var_list()?),
            "copyout" | "pcopyout" | "present_or_copyout" => ClauseKind::Copyout(self.var_list()?),
            "create" | "pcreate" | "present_or_create" => ClauseKind::Create(self.var_list()?),
            "delete" => ClauseKind::Delete(self.var_list()?),
            "present" => ClauseKind::Present(self.var_list()?),
            "no_create" => ClauseKind::NoCreate(self.var_list()?),
            "private" => ClauseKind::Private(self.var_list()?),
            "firstprivate" => ClauseKind::Firstprivate(self.var_list()?),
            "self" | "host" => {
                if !self.is(&Tok::LParen) {
                    return Ok(Some(ClauseKind::Unsupported("self".into())));
                }
                ClauseKind::SelfHost(self.var_list()?)
            }
            "device" => ClauseKind::Device(self.var_list()?),
            "default" => {
                self.expect(&Tok::LParen)?;
                let v = self.expect_name("`none` or `present`")?;
                let k = match v.name.as_str() {
                    "none" => ClauseKind::Default(true),
                    "present" => ClauseKind::Default(false),
                    _ => {
                        self.diags.push(
                            Diagnostic::error("E0023", format!("`default({})` is not valid", v.name), v.span)
                                .with_label("expected `none` or `present`"),
                        );
                        return Err(Fail);
                    }
                };
                self.expect(&Tok::RParen)?;
                k
            }
            "tile" => {
                // Only the number of tile sizes matters: a tiled nest is executed as the
                // collapsed nest (tiling changes the order of iterations, not the result).
                self.expect(&Tok::LParen)?;
                let mut depth = 1usize;
                let mut n = 1u32;
                while depth > 0 {
                    match self.tok() {
                        Tok::LParen => depth += 1,
                        Tok::RParen => depth -= 1,
                        Tok::Comma if depth == 1 => n += 1,
                        Tok::Eos | Tok::Eof => return Err(self.err_expected("`)`")),
                        _ => {}
                    }
                    self.bump();
                }
                ClauseKind::Tile(n)
            }
            "device_num" => ClauseKind::DeviceNum(self.clause_expr()?),
            "default_async" => ClauseKind::DefaultAsync(self.clause_expr()?),
            // The device types are kept in the text: `device_type(host,nvidia)`.
            "device_type" | "dtype" if self.is(&Tok::LParen) => {
                self.bump();
                let mut names = Vec::new();
                loop {
                    if self.eat(&Tok::Star) {
                        names.push("*".to_string());
                    } else {
                        names.push(self.expect_name("a device type")?.name);
                    }
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                self.expect(&Tok::RParen)?;
                ClauseKind::Unsupported(format!("device_type({})", names.join(",")))
            }
            "async" | "wait" | "device_type" | "dtype" | "attach" | "detach" | "deviceptr" | "use_device" | "device_resident" | "link"
            | "bind" | "nohost" | "num" | "readonly" => {
                if self.is(&Tok::LParen) && !self.skip_parens() {
                    return Err(self.err_expected("`)`"));
                }
                ClauseKind::Unsupported(name.to_string())
            }
            other => {
                let mut d = Diagnostic::error("E0021", format!("unknown clause `{other}`"), start).with_label("not an OpenACC clause");
                if let Some(s) = suggest(other, CLAUSES) {
                    d = d.with_note(format!("help: did you mean `{s}`?"));
                }
                self.diags.push(d);
                if self.is(&Tok::LParen) && !self.skip_parens() {
                    return Err(Fail);
                }
                return Ok(None);
            }
        };
        Ok(Some(k))
    }

    fn skip_to_rparen(&mut self) {
        while !self.is(&Tok::RParen) && !self.at_eos() {
            self.bump();
        }
        self.eat(&Tok::RParen);
    }

    // ----- expressions -----

    fn node(&mut self, kind: ExprKind, span: Span) -> PResult<Expr> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            self.diags.push(
                Diagnostic::error("E0009", format!("expression too complex (more than {MAX_NODES} operations in one statement)"), span)
                    .with_label("limit reached here")
                    .with_note("help: split the computation into several statements"),
            );
            return Err(Fail);
        }
        Ok(Expr { kind, span, ty: Ty::Unknown })
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_EXPR_DEPTH {
            let sp = self.span();
            self.diags.push(
                Diagnostic::error("E0009", format!("expression nested too deeply (more than {MAX_EXPR_DEPTH} levels)"), sp)
                    .with_label("limit reached here"),
            );
            return Err(Fail);
        }
        Ok(())
    }

    pub(crate) fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.equiv();
        self.depth -= 1;
        r
    }

    fn binary(&mut self, op: BinOp, l: Expr, r: Expr) -> PResult<Expr> {
        let span = l.span.to(r.span);
        self.node(ExprKind::Binary(op, Box::new(l), Box::new(r)), span)
    }

    fn equiv(&mut self) -> PResult<Expr> {
        let mut l = self.or()?;
        loop {
            let op = match self.tok() {
                Tok::Eqv => BinOp::Eqv,
                Tok::Neqv => BinOp::Neqv,
                _ => return Ok(l),
            };
            self.bump();
            let r = self.or()?;
            l = self.binary(op, l, r)?;
        }
    }

    fn or(&mut self) -> PResult<Expr> {
        let mut l = self.and()?;
        while self.eat(&Tok::Or) {
            let r = self.and()?;
            l = self.binary(BinOp::Or, l, r)?;
        }
        Ok(l)
    }

    fn and(&mut self) -> PResult<Expr> {
        let mut l = self.not()?;
        while self.eat(&Tok::And) {
            let r = self.not()?;
            l = self.binary(BinOp::And, l, r)?;
        }
        Ok(l)
    }

    fn not(&mut self) -> PResult<Expr> {
        if self.is(&Tok::Not) {
            let sp = self.bump().span;
            self.enter()?;
            let e = self.not();
            self.depth -= 1;
            let e = e?;
            let span = sp.to(e.span);
            return self.node(ExprKind::Unary(UnOp::Not, Box::new(e)), span);
        }
        self.rel()
    }

    fn rel(&mut self) -> PResult<Expr> {
        let l = self.concat()?;
        let op = match self.rel_op() {
            Some(op) => op,
            None => return Ok(l),
        };
        self.bump();
        let r = self.concat()?;
        if self.rel_op().is_some() {
            let sp = self.span();
            self.diags.push(
                Diagnostic::error("E0005", "comparison operators cannot be chained", sp)
                    .with_label("second comparison")
                    .with_note("help: combine the comparisons with `.and.`"),
            );
            return Err(Fail);
        }
        self.binary(op, l, r)
    }

    fn rel_op(&self) -> Option<BinOp> {
        Some(match self.tok() {
            Tok::EqEq => BinOp::Eq,
            Tok::Ne => BinOp::Ne,
            Tok::Lt => BinOp::Lt,
            Tok::Le => BinOp::Le,
            Tok::Gt => BinOp::Gt,
            Tok::Ge => BinOp::Ge,
            _ => return None,
        })
    }

    fn concat(&mut self) -> PResult<Expr> {
        let mut l = self.add()?;
        while self.eat(&Tok::Concat) {
            let r = self.add()?;
            l = self.binary(BinOp::Concat, l, r)?;
        }
        Ok(l)
    }

    /// A unary `+`/`-` after a binary operator (`a * -b`): accepted, as gfortran does, with a
    /// warning.
    fn signed_operand(&mut self, next: fn(&mut Parser) -> PResult<Expr>) -> PResult<Expr> {
        let op = match self.tok() {
            Tok::Minus => UnOp::Neg,
            Tok::Plus => UnOp::Plus,
            _ => return next(self),
        };
        let sp = self.bump().span;
        self.diags.push(
            Diagnostic::warning("W0001", "unary operator follows an arithmetic operator", sp)
                .with_label("this sign")
                .with_note("help: put the signed operand in parentheses"),
        );
        self.enter()?;
        let e = self.signed_operand(next);
        self.depth -= 1;
        let e = e?;
        let span = sp.to(e.span);
        self.node(ExprKind::Unary(op, Box::new(e)), span)
    }

    fn add(&mut self) -> PResult<Expr> {
        let mut l = match self.tok() {
            Tok::Minus | Tok::Plus => {
                let op = if self.is(&Tok::Minus) { UnOp::Neg } else { UnOp::Plus };
                let sp = self.bump().span;
                if matches!(self.tok(), Tok::Minus | Tok::Plus) {
                    self.signed_operand(Parser::mul)?
                } else {
                    let e = self.mul()?;
                    let span = sp.to(e.span);
                    self.node(ExprKind::Unary(op, Box::new(e)), span)?
                }
            }
            _ => self.mul()?,
        };
        loop {
            let op = match self.tok() {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => return Ok(l),
            };
            self.bump();
            let r = self.signed_operand(Parser::mul)?;
            l = self.binary(op, l, r)?;
        }
    }

    fn mul(&mut self) -> PResult<Expr> {
        let mut l = self.pow()?;
        loop {
            let op = match self.tok() {
                Tok::Star => BinOp::Mul,
                // `/)` ends an array constructor `(/ ... /)`.
                Tok::Slash if self.tok_at(1) == &Tok::RParen => return Ok(l),
                Tok::Slash => BinOp::Div,
                _ => return Ok(l),
            };
            self.bump();
            let r = self.signed_operand(Parser::pow)?;
            l = self.binary(op, l, r)?;
        }
    }

    fn pow(&mut self) -> PResult<Expr> {
        let base = self.primary()?;
        if self.eat(&Tok::Pow) {
            self.enter()?;
            let e = self.signed_operand(Parser::pow);
            self.depth -= 1;
            let e = e?;
            return self.binary(BinOp::Pow, base, e);
        }
        Ok(base)
    }

    fn primary(&mut self) -> PResult<Expr> {
        let sp = self.span();
        match self.tok().clone() {
            Tok::Int(v, k) => {
                self.bump();
                self.node(ExprKind::Int(v, k), sp)
            }
            Tok::Real(v, k) => {
                self.bump();
                self.node(ExprKind::Real(v, k), sp)
            }
            Tok::NamedKind { text, real, kind } => {
                self.bump();
                let k = match self.int_params.get(&kind) {
                    Some(k @ (4 | 8)) => *k as u8,
                    Some(k @ (1 | 2)) if !real => *k as u8,
                    Some(k) => {
                        self.diags.push(Diagnostic::not_yet(format!("kind {k} literals"), sp));
                        return Err(Fail);
                    }
                    None => {
                        self.diags.push(
                            Diagnostic::error("E0032", format!("unknown kind parameter `{kind}`"), sp)
                                .with_label("not an integer parameter declared before this point"),
                        );
                        return Err(Fail);
                    }
                };
                if real {
                    if text.contains(['d', 'D']) {
                        self.diags.push(
                            Diagnostic::error("E0004", "a real literal with a `d` exponent cannot have a kind suffix", sp)
                                .with_label("both `d` and `_` give a kind"),
                        );
                    }
                    self.node(ExprKind::Real(crate::lexer::parse_real(&text), k), sp)
                } else {
                    match text.parse::<i64>() {
                        Ok(v) if k == 8 || v <= (1i64 << (8 * u32::from(k) - 1)) => self.node(ExprKind::Int(v, k), sp),
                        _ => {
                            self.diags.push(Diagnostic::error("E0004", "integer literal is too large", sp).with_label("out of range"));
                            Err(Fail)
                        }
                    }
                }
            }
            Tok::Str(s) => {
                self.bump();
                self.node(ExprKind::Str(s), sp)
            }
            t @ (Tok::True | Tok::False) => {
                self.bump();
                self.node(ExprKind::Logical(t == Tok::True), sp)
            }
            Tok::Name(name) => {
                self.bump();
                let id = self.block_rename(Ident { name, span: sp });
                if self.is(&Tok::LParen) {
                    let mut args = self.args()?;
                    self.element_substring(&mut args)?;
                    let span = self.from(sp);
                    self.node_components(ExprKind::Apply { name: id, args }, span)
                } else if self.is(&Tok::Percent) {
                    self.node_components(ExprKind::Name(id), sp)
                } else {
                    self.node(ExprKind::Name(id), sp)
                }
            }
            Tok::LParen if self.tok_at(1) == &Tok::Slash => self.array_ctor(sp),
            Tok::LParen => {
                self.bump();
                let e = self.expr()?;
                if self.is(&Tok::Comma) && self.paren_has_implied_do() {
                    return self.implied_do_rest(e, sp);
                }
                if self.eat(&Tok::Comma) {
                    // A complex literal `(re, im)`.
                    let im = self.expr()?;
                    self.expect(&Tok::RParen)?;
                    let span = self.from(sp);
                    return self.node(ExprKind::Complex(Box::new(e), Box::new(im)), span);
                }
                self.expect(&Tok::RParen)?;
                let span = self.from(sp);
                self.node(ExprKind::Paren(Box::new(e)), span)
            }
            Tok::LBracket => self.array_ctor(sp),
            _ => Err(self.err_expected("expression")),
        }
    }

    /// `[ ... ]` or `(/ ... /)`.
    #[inline(never)]
    fn array_ctor(&mut self, sp: Span) -> PResult<Expr> {
        let close = if self.bump().tok == Tok::LBracket { Tok::RBracket } else { Tok::Slash };
        if close == Tok::Slash {
            self.bump();
        }
        self.enter()?;
        let spec = self.ctor_type_spec();
        let items = spec.and_then(|spec| self.ctor_items(&close).map(|items| (spec, items)));
        self.depth -= 1;
        let (spec, mut items) = items?;
        if close == Tok::Slash {
            self.expect(&Tok::RParen)?;
        }
        if let Some((base, len)) = spec {
            convert_ctor_items(&mut items, base, len);
        }
        let span = self.from(sp);
        self.node(ExprKind::ArrayCtor(items), span)
    }

    /// `type-spec ::` at the start of an array constructor: the type and, for
    /// `character`, a constant length.
    fn ctor_type_spec(&mut self) -> PResult<Option<(BaseTy, Option<i64>)>> {
        let Tok::Name(n) = self.tok() else { return Ok(None) };
        if !matches!(n.as_str(), "integer" | "real" | "logical" | "character" | "doubleprecision" | "double") {
            return Ok(None);
        }
        // Find `::` after the type name and its parenthesised selector, if any.
        let mut k = 1;
        if self.is_name_at(1, "precision") {
            k = 2;
        } else if self.tok_at(1) == &Tok::LParen {
            let mut depth = 0;
            loop {
                match self.tok_at(k) {
                    Tok::LParen => depth += 1,
                    Tok::RParen => {
                        depth -= 1;
                        if depth == 0 {
                            k += 1;
                            break;
                        }
                    }
                    Tok::Eos | Tok::Eof => return Ok(None),
                    _ => {}
                }
                k += 1;
            }
        }
        if self.tok_at(k) != &Tok::DoubleColon {
            return Ok(None);
        }
        let (base, tsp) = self.type_spec()?;
        self.expect(&Tok::DoubleColon)?;
        let len = match self.char_len.take() {
            Some(CharLen::Expr(e)) if base == BaseTy::Character => match self.const_int(&e) {
                Some(v) => Some(v.max(0)),
                None => {
                    self.diags.push(Diagnostic::not_yet("a non-constant length in an array constructor's type", e.span));
                    return Err(Fail);
                }
            },
            Some(_) if base == BaseTy::Character => {
                self.diags.push(Diagnostic::not_yet("this length in an array constructor's type", tsp));
                return Err(Fail);
            }
            _ => None,
        };
        Ok(Some((base, len)))
    }

    /// The items of an array constructor up to and including `close` (`]`, or the `/` of `/)`).
    /// Nested constructors (and parenthesised implied-do lists) are flattened into the list.
    fn ctor_items(&mut self, close: &Tok) -> PResult<Vec<CtorItem>> {
        let mut items = Vec::new();
        if self.eat(close) {
            return Ok(items);
        }
        loop {
            let e = self.expr()?;
            match e.kind {
                ExprKind::ArrayCtor(inner) => items.extend(inner),
                _ => items.push(CtorItem::Expr(e)),
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if !self.eat(close) {
            let what = if close == &Tok::Slash { "`,` or `/)`" } else { "`,` or `]`" };
            return Err(self.err_expected(what));
        }
        Ok(items)
    }

    /// After `(`: `items, var = lo, hi [, step] )`, an implied-do list (as a constructor with
    /// one implied-do item).
    #[inline(never)]
    fn implied_do_rest(&mut self, first: Expr, sp: Span) -> PResult<Expr> {
        let mut items = Vec::new();
        match first.kind {
            ExprKind::ArrayCtor(inner) => items.extend(inner),
            _ => items.push(CtorItem::Expr(first)),
        }
        self.expect(&Tok::Comma)?;
        loop {
            if let (Tok::Name(_), Tok::Assign) = (self.tok(), self.tok_at(1)) {
                break;
            }
            let e = self.expr()?;
            match e.kind {
                ExprKind::ArrayCtor(inner) => items.extend(inner),
                _ => items.push(CtorItem::Expr(e)),
            }
            self.expect(&Tok::Comma)?;
        }
        let var = self.expect_name("the implied-do variable")?;
        let var = self.block_rename(var);
        self.expect(&Tok::Assign)?;
        let lo = self.expr()?;
        self.expect(&Tok::Comma)?;
        let hi = self.expr()?;
        let step = if self.eat(&Tok::Comma) { Some(self.expr()?) } else { None };
        self.expect(&Tok::RParen)?;
        let span = self.from(sp);
        self.node(ExprKind::ArrayCtor(vec![CtorItem::ImpliedDo(Box::new(ImpliedDo { items, var, lo, hi, step }))]), span)
    }

    /// After `forall` / `do concurrent`: `(i = lo:hi[:st], ... [, mask])`.
    #[inline(never)]
    fn concurrent_header(&mut self) -> PResult<(Vec<ConcurrentSpec>, Option<Expr>)> {
        self.expect(&Tok::LParen)?;
        let mut specs = Vec::new();
        let mut mask = None;
        loop {
            if let (Tok::Name(_), Tok::Assign) = (self.tok(), self.tok_at(1)) {
                let var = self.expect_name("an index name")?;
                let var = self.block_rename(var);
                self.bump();
                let lo = self.expr()?;
                self.expect(&Tok::Colon)?;
                let hi = self.expr()?;
                let step = if self.eat(&Tok::Colon) { Some(self.expr()?) } else { None };
                specs.push(ConcurrentSpec { var, lo, hi, step });
            } else if specs.is_empty() {
                return Err(self.err_expected("an index `i = lo:hi`"));
            } else {
                mask = Some(self.expr()?);
                break;
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok((specs, mask))
    }

    /// `where (mask) a = b` or the `where` construct.
    #[inline(never)]
    fn where_construct(&mut self) -> PResult<Stmt> {
        let start = self.span();
        self.bump();
        let mask = self.paren_cond()?;
        if !self.at_eos() {
            let s = self.assignment(self.span())?;
            return Ok(Stmt { kind: StmtKind::Where { arms: vec![(Some(mask), vec![s])] }, span: self.from(start) });
        }
        self.expect_eos()?;
        let open_span = self.from(start);
        let mut arms = Vec::new();
        let mut cur = Some(mask);
        self.open.push(Open::Where);
        loop {
            let body = self.block();
            arms.push((cur.take(), body));
            if self.terminator() != Some(Term::ElseWhere) {
                break;
            }
            if self.is_name("else") {
                self.bump();
            }
            self.bump();
            if self.is(&Tok::LParen) {
                cur = Some(self.paren_cond()?);
            }
            let last = cur.is_none();
            self.expect_eos()?;
            if last {
                let body = self.block();
                arms.push((None, body));
                break;
            }
        }
        self.open.pop();
        if self.close_construct(Term::EndOther("where".into()), "`where` construct", open_span).is_some() && self.expect_eos().is_err() {
            self.skip_statement();
        }
        Ok(Stmt { kind: StmtKind::Where { arms }, span: self.from(start) })
    }

    /// `forall (...) a(i) = b` or the `forall` construct.
    #[inline(never)]
    fn forall_construct(&mut self) -> PResult<Stmt> {
        let start = self.span();
        self.bump();
        let (specs, mask) = self.concurrent_header()?;
        if !self.at_eos() {
            let s = self.assignment(self.span())?;
            return Ok(Stmt { kind: StmtKind::Forall { specs, mask, body: vec![s] }, span: self.from(start) });
        }
        self.expect_eos()?;
        let open_span = self.from(start);
        self.open.push(Open::Forall);
        let body = self.block();
        self.open.pop();
        if self.close_construct(Term::EndOther("forall".into()), "`forall` construct", open_span).is_some() && self.expect_eos().is_err() {
            self.skip_statement();
        }
        Ok(Stmt { kind: StmtKind::Forall { specs, mask, body }, span: self.from(start) })
    }

    /// Inside parentheses (after their first item): is there a `name =` at this level before
    /// the closing `)`? That is an implied-do loop `(a(i), i = 1, n)`.
    fn paren_has_implied_do(&self) -> bool {
        let mut depth = 0usize;
        let mut i = 0;
        loop {
            match self.tok_at(i) {
                Tok::LParen => depth += 1,
                Tok::RParen if depth == 0 => return false,
                Tok::RParen => depth -= 1,
                Tok::Eos | Tok::Eof => return false,
                Tok::Name(_) if depth == 0 && self.tok_at(i + 1) == &Tok::Assign => return true,
                _ => {}
            }
            i += 1;
        }
    }

    /// `( args )` of a name: subscripts, sections and keyword arguments.
    fn args(&mut self) -> PResult<Vec<Arg>> {
        self.expect(&Tok::LParen)?;
        self.enter()?;
        let r = self.args_inner();
        self.depth -= 1;
        r
    }

    fn args_inner(&mut self) -> PResult<Vec<Arg>> {
        let mut args = Vec::new();
        if self.eat(&Tok::RParen) {
            return Ok(args);
        }
        loop {
            let sp = self.span();
            if let (Tok::Name(k), Tok::Assign) = (self.tok().clone(), self.tok_at(1).clone()) {
                let id = Ident { name: k, span: self.bump().span };
                self.bump();
                let e = self.expr()?;
                args.push(Arg::Keyword(id, e));
            } else {
                let lo = if matches!(self.tok(), Tok::Colon | Tok::DoubleColon) { None } else { Some(self.expr()?) };
                if self.eat(&Tok::DoubleColon) {
                    // `lo::stride` (the lexer sees `::` as one token).
                    let stride = Some(self.expr()?);
                    args.push(Arg::Range { lo, hi: None, stride, span: self.from(sp) });
                } else if self.eat(&Tok::Colon) {
                    let hi = if matches!(self.tok(), Tok::Comma | Tok::RParen | Tok::Colon) { None } else { Some(self.expr()?) };
                    let stride = if self.eat(&Tok::Colon) { Some(self.expr()?) } else { None };
                    args.push(Arg::Range { lo, hi, stride, span: self.from(sp) });
                } else if let Some(e) = lo {
                    args.push(Arg::Index(e));
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if !self.is(&Tok::RParen) {
            return Err(self.err_expected("`,` or `)`"));
        }
        self.bump();
        Ok(args)
    }
}

/// Applies an array constructor's type spec to its items: numeric items are converted with
/// `int`/`real` of the kind; character literals are padded or cut to the length (other
/// character items keep their own length, which assignment pads or cuts the same way).
fn convert_ctor_items(items: &mut [CtorItem], base: BaseTy, len: Option<i64>) {
    for it in items.iter_mut() {
        match it {
            CtorItem::ImpliedDo(d) => convert_ctor_items(&mut d.items, base, len),
            CtorItem::Expr(e) => match base {
                BaseTy::Character => {
                    if let (ExprKind::Str(s), Some(n)) = (&mut e.kind, len) {
                        let n = n as usize;
                        if s.len() > n {
                            s.truncate(n);
                        } else {
                            s.push_str(&" ".repeat(n - s.len()));
                        }
                    }
                }
                BaseTy::Integer(k) | BaseTy::Real(k) | BaseTy::Complex(k) => {
                    let f = match base {
                        BaseTy::Integer(_) => "int",
                        BaseTy::Real(_) => "real",
                        _ => "cmplx",
                    };
                    let sp = e.span;
                    let x = std::mem::replace(e, Expr { kind: ExprKind::Logical(false), span: sp, ty: Ty::Unknown });
                    let kind = Expr { kind: ExprKind::Int(i64::from(k), 4), span: sp, ty: Ty::Unknown };
                    *e = Expr {
                        kind: ExprKind::Apply {
                            name: Ident { name: f.to_string(), span: sp },
                            args: vec![Arg::Index(x), Arg::Keyword(Ident { name: "kind".to_string(), span: sp }, kind)],
                        },
                        span: sp,
                        ty: Ty::Unknown,
                    };
                }
                _ => {}
            },
        }
    }
}

/// `stmt` with its status specifiers, if it has any.
fn with_status(stmt: Stmt, ctl: IoControl) -> Stmt {
    if ctl.iostat.is_none() && ctl.iomsg.is_none() && ctl.end.is_none() && ctl.err.is_none() && !ctl.advance_no {
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

/// `stmt` with its `stat=` and `errmsg=`, if it has any.
fn with_alloc_status(stmt: Stmt, stat: Option<Box<Expr>>, errmsg: Option<Box<Expr>>) -> Stmt {
    if stat.is_none() && errmsg.is_none() {
        return stmt;
    }
    let span = stmt.span;
    Stmt { kind: StmtKind::AllocStatus { stmt: Box::new(stmt), stat, errmsg }, span }
}

/// Statement labels, `go to`, `format`, `rewind`, `backspace`, `inquire`, labelled `do`.
impl Parser {
    /// `stat=v` or `errmsg=v` of `allocate`/`deallocate` (at `=`, after the keyword).
    #[inline(never)]
    fn alloc_spec(&mut self, k: &Ident, stmt: &str, stat: &mut Option<Box<Expr>>, errmsg: &mut Option<Box<Expr>>) -> PResult<()> {
        let slot = match k.name.as_str() {
            "stat" => stat,
            "errmsg" => errmsg,
            _ => {
                self.diags.push(Diagnostic::not_yet(format!("`{}=` in `{stmt}`", k.name), k.span));
                return Err(Fail);
            }
        };
        self.bump();
        if slot.is_some() {
            self.diags
                .push(Diagnostic::error("E0024", format!("the `{}=` of `{stmt}` is given twice", k.name), k.span).with_label("repeated"));
            return Err(Fail);
        }
        *slot = Some(Box::new(self.expr()?));
        Ok(())
    }

    /// A label reference (or definition): an integer of 1 to 5 digits, not 0.
    #[inline(never)]
    fn label_ref(&mut self) -> PResult<(u32, Span)> {
        let Tok::Int(v, _) = self.tok().clone() else {
            return Err(self.err_expected("a statement label"));
        };
        let sp = self.bump().span;
        if !(1..=99999).contains(&v) {
            self.diags
                .push(Diagnostic::error("E0043", format!("`{v}` is not a valid statement label"), sp).with_label("labels are 1 to 99999"));
            return Err(Fail);
        }
        Ok((v as u32, sp))
    }

    /// `10 stmt`: the label marker; the statement follows as the next one.
    #[inline(never)]
    fn statement_label(&mut self) -> PResult<Stmt> {
        let (l, sp) = self.label_ref()?;
        if self.at_eos() {
            self.diags.push(
                Diagnostic::error("E0044", format!("the label {l} is not followed by a statement"), sp)
                    .with_label("expected a statement after the label"),
            );
            return Err(Fail);
        }
        Ok(Stmt { kind: StmtKind::Label(l), span: sp })
    }

    /// `advance='yes'|'no'` of `write` (the keyword and `=` consumed).
    #[inline(never)]
    fn advance_spec(&mut self, ksp: Span, ctl: &mut IoControl) -> PResult<()> {
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
                    Diagnostic::error("E0042", format!("`'{other}'` is not a valid value of `advance=` in `write`"), vsp)
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
    fn label_or_unit_stmt(&mut self, kw: &str) -> PResult<Option<Stmt>> {
        let start = self.span();
        match kw {
            "go" | "goto" => {
                self.bump();
                if kw == "go" && !self.eat_name("to") {
                    return Err(self.err_expected("`to`"));
                }
                if self.is(&Tok::LParen) {
                    let sp = self.statement_span();
                    self.diags.push(Diagnostic::not_yet("computed `go to`", sp));
                    return Err(Fail);
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
                        let key = match (self.tok().clone(), self.tok_at(1)) {
                            (Tok::Name(k), Tok::Assign) => {
                                let sp = self.bump().span;
                                self.bump();
                                Some((k, Span { lo: sp.lo, hi: sp.hi + 1 }))
                            }
                            _ => None,
                        };
                        match key {
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
        let mut spec = InquireSpec { file: None, unit: None, exist: None, opened: None, number: None };
        let mut ctl = IoControl::default();
        let mut n = 0;
        loop {
            let (k, ksp) = match (self.tok().clone(), self.tok_at(1)) {
                (Tok::Name(k), Tok::Assign) => {
                    let sp = self.bump().span;
                    self.bump();
                    (k, Span { lo: sp.lo, hi: sp.hi + 1 })
                }
                _ if n == 0 => ("unit".to_string(), self.span()),
                _ => {
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
                "iostat" | "iomsg" | "err" => {
                    self.status_spec(k, ksp, "inquire", &mut ctl)?;
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                "access" | "action" | "blank" | "delim" | "direct" | "form" | "formatted" | "iolength" | "name" | "named" | "nextrec"
                | "pad" | "position" | "read" | "readwrite" | "recl" | "sequential" | "unformatted" | "write" | "size" | "pos"
                | "stream" | "encoding" | "decimal" | "round" | "sign" | "asynchronous" | "pending" | "id" => {
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

    /// The label of `do 10 i = ...` (with its optional comma), if any.
    #[inline(never)]
    fn do_label(&mut self) -> Option<u32> {
        if !matches!(self.tok(), Tok::Int(..)) {
            return None;
        }
        let l = self.label_ref().ok()?;
        self.eat(&Tok::Comma);
        self.label_done = None;
        Some(l.0)
    }

    /// The body of `do 10 ...` up to and including the statement labelled 10 (`continue`,
    /// any action statement or `end do`); loops sharing that statement end there too.
    #[inline(never)]
    fn labelled_do_body(&mut self, l: u32, open_span: Span) -> Vec<Stmt> {
        let mut out = Vec::new();
        loop {
            self.skip_eos();
            if matches!(self.tok(), Tok::Int(v, _) if *v == i64::from(l)) {
                let sp = self.bump().span;
                out.push(Stmt { kind: StmtKind::Label(l), span: sp });
                if self.is_name("enddo") || (self.is_name("end") && self.is_name_at(1, "do")) {
                    let n = if self.is_name("enddo") { 1 } else { 2 };
                    for _ in 0..n {
                        self.bump();
                    }
                    if self.expect_eos().is_err() {
                        self.skip_statement();
                    }
                } else if let Some(s) = self.stmt() {
                    out.push(s);
                }
                self.label_done = Some(l);
                return out;
            }
            if let Some(t) = self.terminator() {
                let top = self.open.last().copied();
                let closes_open = t == Term::Eof || self.open.iter().any(|o| t.matches(*o));
                let fortran_mismatch = t.is_fortran_block_end() && matches!(top, Some(Open::Do | Open::If));
                if closes_open || fortran_mismatch {
                    if !self.aborted {
                        self.diags.push(
                            Diagnostic::error("E0010", format!("missing the statement labelled {l} that ends this `do` loop"), open_span)
                                .with_label("this `do` loop is never closed"),
                        );
                    }
                    return out;
                }
                self.stray_end(t);
                self.skip_statement();
                continue;
            }
            if let Some(s) = self.stmt() {
                out.push(s);
            }
            if self.label_done == Some(l) {
                return out;
            }
        }
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

    #[test]
    fn edit_distance_works() {
        assert_eq!(edit_distance("copyn", "copyin"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(suggest("copyn", CLAUSES), Some("copyin"));
        assert_eq!(suggest("zzzzzz", CLAUSES), None);
    }
}
