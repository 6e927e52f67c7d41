//! OpenMP directives (`!$omp ...`, only with `-fopenmp`): the directive line (the construct's
//! leaf constructs or another directive's name, then the clauses of [`OPENMP`]), the
//! constructs it opens, the loops and `atomic` statements it applies to, and the
//! `!$omp end ...` statements that close them. The block, loop and atomic forms are the
//! ones OpenACC uses (`directives/mod.rs`).

use super::omp_clauses::OPENMP;
use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use crate::lexer::Tok;
use crate::parser::{suggest, Fail, PResult, Parser, Term};

/// The directive names (for suggestions).
const DIRECTIVES: &[&str] = &[
    "target",
    "teams",
    "distribute",
    "parallel",
    "do",
    "simd",
    "loop",
    "atomic",
    "barrier",
    "end",
    "critical",
    "single",
    "master",
    "masked",
    "sections",
    "section",
    "task",
    "taskwait",
    "taskgroup",
    "taskloop",
    "taskyield",
    "threadprivate",
    "declare",
    "ordered",
    "flush",
    "workshare",
    "requires",
    "scan",
    "cancel",
    "cancellation",
    "scope",
    "allocate",
];

/// Directives recognised only to report "not yet implemented" that have a body and an `end`
/// directive (also after `parallel`: `parallel sections`, `parallel workshare`).
const NOT_YET_BLOCKS: &[&str] = &["workshare", "scope"];

/// Directives recognised only to report "not yet implemented" without a body.
const NOT_YET_STANDALONE: &[&str] = &[
    "taskyield",
    "threadprivate",
    "declare",
    "requires",
    "scan",
    "cancel",
    "cancellation",
    "allocate",
    "metadirective",
    "error",
    "interop",
    "dispatch",
    "assume",
];

/// The combined constructs OpenMP defines (besides the leaf constructs alone).
fn is_construct(l: OmpLeaves) -> bool {
    const T: u8 = OmpLeaves::TARGET.0;
    const TE: u8 = OmpLeaves::TEAMS.0;
    const D: u8 = OmpLeaves::DISTRIBUTE.0;
    const P: u8 = OmpLeaves::PARALLEL.0;
    const DO: u8 = OmpLeaves::DO.0;
    const S: u8 = OmpLeaves::SIMD.0;
    const L: u8 = OmpLeaves::LOOP.0;
    const W: u8 = OmpLeaves::WORKDISTRIBUTE.0;
    const VALID: &[u8] = &[
        T | TE,
        T | TE | W,
        TE | W,
        T | P,
        T | S,
        T | TE | D,
        T | TE | D | S,
        T | TE | D | P | DO,
        T | TE | D | P | DO | S,
        T | P | DO,
        T | P | DO | S,
        T | TE | L,
        T | P | L,
        TE | D,
        TE | D | S,
        TE | D | P | DO,
        TE | D | P | DO | S,
        TE | L,
        D | S,
        D | P | DO,
        D | P | DO | S,
        P | DO,
        P | DO | S,
        P | L,
        DO | S,
    ];
    l.0.count_ones() == 1 || VALID.contains(&l.0)
}

impl Parser {
    /// An OpenMP directive line and, for constructs, what it applies to.
    pub(crate) fn omp_directive(&mut self) -> PResult<Option<Stmt>> {
        if self.omp_metadirective()? {
            // Rewritten into the chosen directive (or none): parsed from here.
            return Ok(None);
        }
        let (dir, atomic_kind, head_span) = self.omp_directive_head()?;
        let DirKind::Omp(k) = dir.kind else { return Ok(None) };
        match k {
            OmpKind::Leaves(l) if l.is_loop() => self.dir_loop(dir, head_span),
            OmpKind::Taskloop(_) => self.dir_loop(dir, head_span),
            OmpKind::Leaves(_)
            | OmpKind::TargetData
            | OmpKind::NotYet(_, true)
            | OmpKind::Critical
            | OmpKind::Single
            | OmpKind::Master
            | OmpKind::Masked
            | OmpKind::Sections
            | OmpKind::ParallelSections
            | OmpKind::ParallelMaster
            | OmpKind::ParallelMasked
            | OmpKind::Task
            | OmpKind::Ordered
            | OmpKind::Taskgroup => Ok(Some(self.dir_block(dir, head_span))),
            OmpKind::Atomic => self.dir_atomic(dir, atomic_kind, head_span),
            _ => {
                let span = dir.span;
                Ok(Some(Stmt { kind: StmtKind::Standalone(dir), span }))
            }
        }
    }

    /// The directive's words from token `i` on: the directive and how many words it takes
    /// (`None` if the first is not an OpenMP directive). Leaf constructs are taken in the
    /// order OpenMP writes them; whether they form a construct is checked by the caller.
    fn omp_words(&self, i: usize) -> Option<(OmpKind, usize)> {
        let word = |j: usize| match self.tok_at(i + j) {
            Tok::Name(n) => Some(n.as_str()),
            _ => None,
        };
        let first = word(0)?;
        // `taskloop` alone and in its combined forms (`parallel master taskloop simd`, ...).
        let mut n = 0;
        while matches!(word(n), Some("parallel" | "master" | "masked" | "taskloop" | "simd")) && n < 4 {
            n += 1;
        }
        let words: Vec<&str> = (0..n).filter_map(word).collect();
        if let Some(t) = words.iter().position(|w| *w == "taskloop") {
            const FORMS: [&str; 10] = [
                "taskloop",
                "taskloop simd",
                "master taskloop",
                "master taskloop simd",
                "masked taskloop",
                "masked taskloop simd",
                "parallel master taskloop",
                "parallel master taskloop simd",
                "parallel masked taskloop",
                "parallel masked taskloop simd",
            ];
            let end = if words.get(t + 1) == Some(&"simd") { t + 2 } else { t + 1 };
            let name = words.get(..end).map(|w| w.join(" ")).unwrap_or_default();
            if let Some(f) = FORMS.iter().find(|f| **f == name) {
                return Some((OmpKind::Taskloop(f), end));
            }
        }
        match (first, word(1), word(2)) {
            ("target", Some("data"), _) => return Some((OmpKind::TargetData, 2)),
            ("target", Some("enter"), Some("data")) => return Some((OmpKind::TargetEnterData, 3)),
            ("target", Some("exit"), Some("data")) => return Some((OmpKind::TargetExitData, 3)),
            ("target", Some("update"), _) => return Some((OmpKind::TargetUpdate, 2)),
            ("atomic", ..) => return Some((OmpKind::Atomic, 1)),
            ("barrier", ..) => return Some((OmpKind::Barrier, 1)),
            ("flush", ..) => return Some((OmpKind::Flush, 1)),
            ("nothing", ..) => return Some((OmpKind::Nothing, 1)),
            ("depobj", ..) => return Some((OmpKind::Depobj, 1)),
            ("critical", ..) => return Some((OmpKind::Critical, 1)),
            ("single", ..) => return Some((OmpKind::Single, 1)),
            ("master", ..) => return Some((OmpKind::Master, 1)),
            ("masked", ..) => return Some((OmpKind::Masked, 1)),
            ("sections", ..) => return Some((OmpKind::Sections, 1)),
            ("section", ..) => return Some((OmpKind::Section, 1)),
            ("taskwait", ..) => return Some((OmpKind::Taskwait, 1)),
            ("task", ..) => return Some((OmpKind::Task, 1)),
            ("taskgroup", ..) => return Some((OmpKind::Taskgroup, 1)),
            ("ordered", ..) => return Some((OmpKind::Ordered, 1)),
            ("parallel", Some("sections"), _) => return Some((OmpKind::ParallelSections, 2)),
            ("parallel", Some("master"), _) => return Some((OmpKind::ParallelMaster, 2)),
            ("parallel", Some("masked"), _) => return Some((OmpKind::ParallelMasked, 2)),
            ("begin", Some("metadirective"), _) => return Some((OmpKind::NotYet("begin metadirective", false), 2)),
            _ => {}
        }
        if let Some(n) = NOT_YET_BLOCKS.iter().find(|n| **n == first) {
            return Some((OmpKind::NotYet(n, true), 1));
        }
        if let Some(n) = NOT_YET_STANDALONE.iter().find(|n| **n == first) {
            return Some((OmpKind::NotYet(n, false), 1));
        }
        let mut leaves = OmpLeaves(0);
        let mut n = 0;
        while let Some(w) = word(n) {
            let Some(pos) = OmpLeaves::ALL.iter().position(|(_, name)| *name == w) else { break };
            let Some(&(leaf, _)) = OmpLeaves::ALL.get(pos) else { break };
            // Leaves come in order, each once: `parallel do`, not `do parallel`.
            if OmpLeaves::ALL.iter().skip(pos).any(|(l, _)| leaves.has(*l)) {
                break;
            }
            leaves = leaves.with(leaf);
            n += 1;
        }
        if n == 0 {
            return None;
        }
        if leaves == OmpLeaves::PARALLEL {
            // `parallel workshare`: not yet.
            let name = match word(1) {
                Some("workshare") => Some("parallel workshare"),
                _ => None,
            };
            if let Some(name) = name {
                return Some((OmpKind::NotYet(name, true), 2));
            }
        }
        Some((OmpKind::Leaves(leaves), n))
    }

    /// The clauses of `!$omp atomic` that choose its form (`read`, `write`, `update`,
    /// `capture`, `compare`, in any order and separated by commas or not), and those that
    /// cannot change a result since gpuf's atomic operations are sequentially consistent:
    /// the memory orders, `fail(order)`, `weak` and `hint(h)`.
    fn omp_atomic_clauses(&mut self) -> AtomicKind {
        let (mut form, mut capture, mut compare) = (AtomicKind::Update, false, false);
        while let Tok::Name(w) = self.tok().clone() {
            match w.as_str() {
                "read" => form = AtomicKind::Read,
                "write" => form = AtomicKind::Write,
                "update" => form = AtomicKind::Update,
                "capture" => capture = true,
                "compare" => compare = true,
                "seq_cst" | "acq_rel" | "acquire" | "release" | "relaxed" | "weak" => {}
                "fail" | "hint" if self.tok_at(1) == &Tok::LParen => {
                    self.bump();
                    if !self.skip_parens() {
                        break;
                    }
                    self.eat(&Tok::Comma);
                    continue;
                }
                _ => break,
            }
            self.bump();
            self.eat(&Tok::Comma);
        }
        match (compare, capture) {
            (true, true) => AtomicKind::CompareCapture,
            (true, false) => AtomicKind::Compare,
            (false, true) => AtomicKind::Capture,
            (false, false) => form,
        }
    }

    /// The directive line itself: its name, clauses and the span of `!$omp name`.
    #[inline(never)]
    fn omp_directive_head(&mut self) -> PResult<(Directive, AtomicKind, Span)> {
        let start = self.bump().span; // !$omp
        let (word, wsp) = match self.tok().clone() {
            Tok::Name(w) => (w, self.span()),
            _ => return Err(self.err_expected("a directive name after `!$omp`")),
        };
        if word == "end" {
            // Only reached for an `end` directive the block logic did not take.
            let sp = self.statement_span();
            self.diags.push(Diagnostic::error("E0012", "unexpected `!$omp end` directive", start.to(sp)).with_label("nothing to end here"));
            return Err(Fail);
        }
        let Some((kind, n)) = self.omp_words(0) else {
            let mut d = Diagnostic::error("E0020", format!("unknown OpenMP directive `{word}`"), wsp).with_label("not a directive");
            if let Some(s) = suggest(&word, DIRECTIVES) {
                d = d.with_note(format!("help: did you mean `{s}`?"));
            }
            self.diags.push(d);
            return Err(Fail);
        };
        for _ in 0..n {
            self.bump();
        }
        let head_span = self.from(start);
        if let OmpKind::Leaves(l) = kind {
            if !is_construct(l) {
                self.diags.push(
                    Diagnostic::error("E0020", format!("`{}` is not an OpenMP construct", kind.name()), wsp.to(head_span))
                        .with_label("no combined construct has these constructs in this order"),
                );
                return Err(Fail);
            }
        }
        let atomic_kind = if kind == OmpKind::Atomic { self.omp_atomic_clauses() } else { AtomicKind::Update };
        // `critical (name)`.
        let mut name_clause = None;
        if kind == OmpKind::Critical && self.is(&Tok::LParen) {
            let lo = self.span();
            self.bump();
            let n = self.expect_name("the name of the critical section")?;
            self.expect(&Tok::RParen)?;
            name_clause = Some(Clause { kind: ClauseKind::CriticalName(n.name), span: lo.to(n.span) });
        }
        let mut clauses: Vec<Clause> = if matches!(kind, OmpKind::NotYet(..) | OmpKind::Flush | OmpKind::Depobj) {
            // Reported by semantic analysis; what follows the name is not looked at (a
            // `flush` fences all memory, whatever its list or memory order).
            while !self.at_eos() {
                self.bump();
            }
            Vec::new()
        } else {
            self.clauses(&OPENMP).into_iter().map(|(kind, span)| Clause { kind, span }).collect()
        };
        if let Some(c) = name_clause {
            clauses.insert(0, c);
        }
        let span = self.from(start);
        self.eat(&Tok::Eos);
        Ok((Directive { kind: DirKind::Omp(kind), clauses, span }, atomic_kind, head_span))
    }

    /// `!$omp declare target [(list)] [to|enter|link(list)]... [device_type(any|host|nohost)]
    /// [indirect]` in a specification part.
    pub(crate) fn omp_declare_target(&mut self) -> PResult<OmpDeclareTarget> {
        let start = self.bump().span; // !$omp
        self.bump(); // declare
        self.bump(); // target
        let mut items = Vec::new();
        let mut device_type = None;
        if self.is(&Tok::LParen) {
            self.omp_name_list(DeclareTargetKind::Enter, &mut items)?;
        }
        loop {
            self.eat(&Tok::Comma);
            if self.at_eos() {
                break;
            }
            let clause = self.expect_name("a clause of `declare target` (`to`, `enter`, `link`, `device_type`)")?;
            match clause.name.as_str() {
                "to" | "enter" => self.omp_name_list(DeclareTargetKind::Enter, &mut items)?,
                "link" => self.omp_name_list(DeclareTargetKind::Link, &mut items)?,
                "device_type" => {
                    self.expect(&Tok::LParen)?;
                    let t = self.expect_name("`any`, `host` or `nohost`")?;
                    if !["any", "host", "nohost"].contains(&t.name.as_str()) {
                        self.diags.push(
                            Diagnostic::error("E0022", format!("unknown device type `{}`", t.name), t.span)
                                .with_label("expected `any`, `host` or `nohost`"),
                        );
                        return Err(Fail);
                    }
                    self.expect(&Tok::RParen)?;
                    device_type = Some(t);
                }
                "indirect" => {
                    self.diags.push(Diagnostic::not_yet("the `indirect` clause of `declare target`", clause.span));
                    return Err(Fail);
                }
                w => {
                    let mut d = Diagnostic::error("E0021", format!("unknown clause `{w}` on `declare target`"), clause.span)
                        .with_label("not a clause of `declare target`");
                    if let Some(s) = suggest(w, &["to", "enter", "link", "device_type", "indirect"]) {
                        d = d.with_note(format!("help: did you mean `{s}`?"));
                    }
                    self.diags.push(d);
                    return Err(Fail);
                }
            }
        }
        let span = self.from(start);
        self.eat(&Tok::Eos);
        Ok(OmpDeclareTarget { items, device_type, span })
    }

    /// `!$omp declare mapper([id :] type :: var) map(...) [map(...)]...` in a specification
    /// part.
    pub(crate) fn omp_declare_mapper(&mut self) -> PResult<OmpMapper> {
        let start = self.bump().span; // !$omp
        self.bump(); // declare
        self.bump(); // mapper
        self.expect(&Tok::LParen)?;
        let mut id = None;
        if matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Colon {
            let name = self.expect_name("a mapper identifier")?;
            self.bump(); // :
            if name.name != "default" {
                id = Some(name);
            }
        }
        let type_name = self.expect_name("a derived type name")?;
        self.expect(&Tok::DoubleColon)?;
        let var = self.expect_name("a variable name")?;
        self.expect(&Tok::RParen)?;
        let mut maps = Vec::new();
        loop {
            self.eat(&Tok::Comma);
            if self.at_eos() {
                break;
            }
            let clause = self.expect_name("a `map` clause")?;
            if clause.name != "map" {
                let d = Diagnostic::error("E0021", format!("unknown clause `{}` on `declare mapper`", clause.name), clause.span)
                    .with_label("`declare mapper` takes `map` clauses only");
                self.diags.push(d);
                return Err(Fail);
            }
            let kind = self.omp_clause_map("map")?;
            maps.push(Clause { kind, span: self.from(clause.span) });
        }
        if maps.is_empty() {
            let sp = self.from(start);
            self.diags
                .push(Diagnostic::error("E0320", "`declare mapper` needs at least one `map` clause", sp).with_label("no `map` clause"));
            return Err(Fail);
        }
        let span = self.from(start);
        self.eat(&Tok::Eos);
        Ok(OmpMapper { id, type_name, var, maps, span })
    }

    /// `(name, name, ...)` of `declare target`; a common block `/name/` is not supported yet.
    fn omp_name_list(&mut self, kind: DeclareTargetKind, out: &mut Vec<(Ident, DeclareTargetKind)>) -> PResult<()> {
        self.expect(&Tok::LParen)?;
        loop {
            if self.is(&Tok::Slash) {
                let sp = self.span();
                self.diags.push(Diagnostic::not_yet("a common block in `declare target`", sp));
                return Err(Fail);
            }
            let n = self.expect_name("a variable or procedure name")?;
            out.push((n, kind));
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(())
    }

    /// `!$omp requires clause...` in a specification part: `atomic_default_mem_order` is
    /// honoured (gpuf's atomics are sequentially consistent, which every order allows);
    /// `unified_shared_memory` and `unified_address` put the program's device into unified
    /// shared memory (the run time's `gpuf_omp_requires`: the sim device then uses host memory
    /// directly, the GPUs refuse), so the result is true when one of them is given;
    /// `reverse_offload` and `dynamic_allocators` are "not yet implemented".
    pub(crate) fn omp_requires(&mut self) -> bool {
        self.bump(); // !$omp
        self.bump(); // requires
        let mut usm = false;
        loop {
            self.eat(&Tok::Comma);
            if self.at_eos() {
                break;
            }
            let Ok(c) = self.expect_name("a clause of `requires`") else { break };
            match c.name.as_str() {
                "atomic_default_mem_order" => {
                    if !self.skip_parens() {
                        break;
                    }
                }
                "unified_shared_memory" | "unified_address" => usm = true,
                "reverse_offload" | "dynamic_allocators" => {
                    self.diags.push(Diagnostic::not_yet(format!("`requires {}`", c.name), c.span));
                }
                w => {
                    let mut d = Diagnostic::error("E0021", format!("unknown clause `{w}` on `requires`"), c.span)
                        .with_label("not a clause of `requires`");
                    let known =
                        ["atomic_default_mem_order", "unified_shared_memory", "unified_address", "reverse_offload", "dynamic_allocators"];
                    if let Some(s) = suggest(w, &known) {
                        d = d.with_note(format!("help: did you mean `{s}`?"));
                    }
                    self.diags.push(d);
                    break;
                }
            }
        }
        self.skip_statement();
        usm
    }

    /// The clauses of the `!$omp end ...` directive at the current position that ends a
    /// construct of `kind` (`end do nowait`, `end single copyprivate(x)`); the position
    /// stays at the directive, which the caller consumes.
    pub(crate) fn omp_end_clauses(&mut self, kind: DirKind) -> Vec<Clause> {
        if kind.omp().is_none() || self.terminator() != Some(Term::DirEnd(kind)) {
            return Vec::new();
        }
        let Some((_, n)) = self.omp_words(2) else { return Vec::new() };
        let save = self.mark();
        for _ in 0..n + 2 {
            self.bump();
        }
        if kind == DirKind::Omp(OmpKind::Critical) && self.is(&Tok::LParen) {
            self.skip_parens();
        }
        let out =
            if self.at_eos() { Vec::new() } else { self.clauses(&OPENMP).into_iter().map(|(kind, span)| Clause { kind, span }).collect() };
        self.reset(save);
        out
    }

    /// If the directive line at the current position is `!$omp end ...`, which end it is.
    pub(crate) fn omp_directive_end(&self) -> Option<Term> {
        if !self.is_name_at(1, "end") {
            return None;
        }
        match self.omp_words(2) {
            Some((k, _)) => Some(Term::DirEnd(DirKind::Omp(k))),
            None => Some(Term::DirEndUnknown("!$omp")),
        }
    }
}
