//! The OpenMP clause table: every clause name with how it is parsed, shared by all OpenMP
//! directives, and the functions that parse the clauses with their own syntax. Clauses
//! with an OpenACC twin (`private`, `reduction`, `collapse`, `if`, ...) become the same
//! [`ClauseKind`]; where a clause may appear is checked by semantic analysis.

use super::{Clause, ClauseTable, Syntax};
use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::Tok;
use crate::parser::{Fail, PResult, Parser};

/// The clauses of OpenMP, in the order in which they are offered as suggestions.
pub(super) static OPENMP: ClauseTable<ClauseKind> = ClauseTable {
    language: "OpenMP",
    clauses: &[
        Clause { name: "map", syntax: Syntax::Own(Parser::omp_clause_map) },
        Clause { name: "private", syntax: Syntax::VarList(ClauseKind::Private) },
        Clause { name: "firstprivate", syntax: Syntax::VarList(ClauseKind::Firstprivate) },
        Clause { name: "lastprivate", syntax: Syntax::VarList(ClauseKind::Lastprivate) },
        Clause { name: "shared", syntax: Syntax::VarList(ClauseKind::Shared) },
        Clause { name: "default", syntax: Syntax::Own(Parser::omp_clause_default) },
        Clause { name: "reduction", syntax: Syntax::Own(Parser::omp_clause_reduction) },
        Clause { name: "collapse", syntax: Syntax::Expr(ClauseKind::Collapse) },
        Clause { name: "num_teams", syntax: Syntax::Expr(ClauseKind::NumTeams) },
        Clause { name: "thread_limit", syntax: Syntax::Expr(ClauseKind::ThreadLimit) },
        Clause { name: "num_threads", syntax: Syntax::Expr(ClauseKind::NumThreads) },
        Clause { name: "if", syntax: Syntax::Own(Parser::omp_clause_if) },
        Clause { name: "device", syntax: Syntax::Own(Parser::omp_clause_device) },
        Clause { name: "nowait", syntax: Syntax::Own(Parser::omp_clause_nowait) },
        Clause { name: "filter", syntax: Syntax::Expr(ClauseKind::Filter) },
        Clause { name: "copyprivate", syntax: Syntax::VarList(ClauseKind::Copyprivate) },
        Clause { name: "final", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "untied", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "mergeable", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "priority", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "grainsize", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "num_tasks", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "nogroup", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "schedule", syntax: Syntax::Own(Parser::omp_clause_schedule) },
        Clause { name: "dist_schedule", syntax: Syntax::Own(Parser::omp_clause_dist_schedule) },
        Clause { name: "simdlen", syntax: Syntax::Expr(ClauseKind::Simdlen) },
        Clause { name: "safelen", syntax: Syntax::Expr(ClauseKind::Safelen) },
        Clause { name: "to", syntax: Syntax::Own(Parser::omp_clause_motion) },
        Clause { name: "from", syntax: Syntax::Own(Parser::omp_clause_motion) },
        Clause { name: "depend", syntax: Syntax::Own(Parser::omp_clause_depend) },
        Clause { name: "defaultmap", syntax: Syntax::Own(Parser::omp_clause_defaultmap) },
        Clause { name: "is_device_ptr", syntax: Syntax::VarList(ClauseKind::IsDevicePtr) },
        Clause { name: "has_device_addr", syntax: Syntax::VarList(ClauseKind::HasDeviceAddr) },
        Clause { name: "use_device_ptr", syntax: Syntax::VarList(ClauseKind::UseDevicePtr) },
        Clause { name: "use_device_addr", syntax: Syntax::VarList(ClauseKind::UseDeviceAddr) },
        Clause { name: "allocate", syntax: Syntax::Own(Parser::omp_clause_allocate) },
        Clause { name: "in_reduction", syntax: Syntax::Own(Parser::omp_clause_task_reduction) },
        Clause { name: "task_reduction", syntax: Syntax::Own(Parser::omp_clause_task_reduction) },
        Clause { name: "affinity", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "detach", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "linear", syntax: Syntax::Own(Parser::omp_clause_linear) },
        Clause { name: "aligned", syntax: Syntax::Own(Parser::omp_clause_aligned) },
        Clause { name: "nontemporal", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        // `ordered simd` / `ordered threads`: which ordering the construct gives (the
        // constructs it binds to decide it).
        Clause { name: "simd", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "threads", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "order", syntax: Syntax::Own(Parser::omp_clause_ignored) },
        Clause { name: "bind", syntax: Syntax::Own(Parser::omp_clause_bind) },
        Clause { name: "proc_bind", syntax: Syntax::Own(Parser::omp_clause_proc_bind) },
        Clause { name: "copyin", syntax: Syntax::VarList(ClauseKind::Copyin) },
        Clause { name: "ordered", syntax: Syntax::Own(Parser::omp_ordered_clause) },
        Clause { name: "uses_allocators", syntax: Syntax::Own(Parser::omp_clause_uses_allocators) },
        Clause { name: "seq_cst", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "relaxed", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "acq_rel", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "acquire", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "release", syntax: Syntax::Own(Parser::omp_clause_not_yet) },
        Clause { name: "hint", syntax: Syntax::Own(Parser::omp_clause_ignored) },
    ],
    unlisted: &[],
};

/// OpenMP's predefined memory allocators.
const PREDEFINED_ALLOCATORS: [&str; 8] = [
    "omp_default_mem_alloc",
    "omp_large_cap_mem_alloc",
    "omp_const_mem_alloc",
    "omp_high_bw_mem_alloc",
    "omp_low_lat_mem_alloc",
    "omp_cgroup_mem_alloc",
    "omp_pteam_mem_alloc",
    "omp_thread_mem_alloc",
];

/// A `map` clause with its modifiers. With `present`, the data is on the device already:
/// whatever the map type, the reference count it gains and loses again leaves it there and
/// copies nothing, as OpenACC's `present`. With `always`, the copies of the map type are
/// made even when the data is present ([`ClauseKind::MapAlways`]).
fn map_clause(present: bool, always: bool, ty: MapType, list: Vec<Expr>) -> ClauseKind {
    match (present, always) {
        (true, true) => ClauseKind::Unsupported("map(always, present, ...)".into()),
        (true, false) if ty == MapType::Default => ClauseKind::Present(list),
        (true, false) => ClauseKind::MapPresent(ty, list),
        (false, true) => ClauseKind::MapAlways(ty, list),
        (false, false) => ClauseKind::Map(ty, list),
    }
}

impl Parser {
    /// `map([map-type:] list)`: `to`, `from`, `tofrom` (also without a type), `alloc`,
    /// `release`, `delete`; the modifiers `close` (a hint), `present` (the clause is then
    /// [`ClauseKind::Present`]) and `always` are accepted, `mapper` and `iterator` are not
    /// supported yet.
    pub(super) fn omp_clause_map(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        // `present` (the data must be present already) and `close` (a hint) modifiers.
        let mut present = false;
        let mut always = false;
        while (self.is_name("close") || self.is_name("present") || self.is_name("always"))
            && matches!(self.tok_at(1), Tok::Comma | Tok::Name(_) | Tok::Colon)
        {
            present |= self.is_name("present");
            always |= self.is_name("always");
            self.bump();
            if !self.eat(&Tok::Comma) && self.is(&Tok::Colon) {
                // `map(present: list)` (OpenMP 5.2: a modifier without a map type).
                self.bump();
                let list = self.var_items()?;
                return Ok(map_clause(present, always, MapType::Default, list));
            }
        }
        // `mapper(id),` before the map type.
        let mut mapper = None;
        if self.is_name("mapper") && self.tok_at(1) == &Tok::LParen {
            self.bump();
            self.bump();
            mapper = Some(self.expect_name("a mapper identifier")?);
            self.expect(&Tok::RParen)?;
            self.expect(&Tok::Comma)?;
        }
        if let (Tok::Name(m), Tok::Comma | Tok::LParen) = (self.tok().clone(), self.tok_at(1).clone()) {
            if ["always", "close", "present", "mapper", "iterator"].contains(&m.as_str()) {
                self.skip_clause_rest();
                return Ok(ClauseKind::Unsupported(format!("map({m})")));
            }
        }
        let mut ty = MapType::Default;
        if let (Tok::Name(t), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
            let sp = self.span();
            ty = match t.as_str() {
                "to" => MapType::To,
                "from" => MapType::From,
                "tofrom" => MapType::Tofrom,
                "alloc" => MapType::Alloc,
                "release" => MapType::Release,
                "delete" => MapType::Delete,
                "always" | "close" | "present" => {
                    self.skip_to_rparen();
                    return Ok(ClauseKind::Unsupported(format!("map({t}:)")));
                }
                _ => {
                    self.diags.push(
                        Diagnostic::error("E0023", format!("unknown map type `{t}`"), sp)
                            .with_label("expected `to`, `from`, `tofrom`, `alloc`, `release` or `delete`"),
                    );
                    return Err(Fail);
                }
            };
            self.bump();
            self.bump();
        }
        let list = self.var_items()?;
        if let Some(id) = mapper {
            if present || always {
                return Ok(ClauseKind::Unsupported("map(mapper(...)) with `present` or `always`".into()));
            }
            return Ok(ClauseKind::MapMapper(id, ty, list));
        }
        Ok(map_clause(present, always, ty, list))
    }

    /// Skips the rest of a clause's parenthesised argument, nested parentheses included,
    /// and its closing parenthesis.
    fn skip_clause_rest(&mut self) {
        let mut depth = 0usize;
        while !self.at_eos() {
            match self.tok() {
                Tok::LParen => depth += 1,
                Tok::RParen if depth == 0 => {
                    self.bump();
                    return;
                }
                Tok::RParen => depth -= 1,
                _ => {}
            }
            self.bump();
        }
    }

    /// `to([present:] list)` / `from([present:] list)` of `target update`; the `iterator`
    /// modifier is not supported yet.
    fn omp_clause_motion(&mut self, name: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        if self.is_name("iterator") && self.tok_at(1) == &Tok::LParen {
            self.skip_clause_rest();
            return Ok(ClauseKind::Unsupported(format!("{name}(iterator(...): ...)")));
        }
        let present = self.is_name("present") && self.tok_at(1) == &Tok::Colon;
        if present {
            self.bump();
            self.bump();
        }
        let list = self.var_items()?;
        Ok(match (name, present) {
            ("to", false) => ClauseKind::To(list),
            ("to", true) => ClauseKind::ToPresent(list),
            (_, false) => ClauseKind::From(list),
            (_, true) => ClauseKind::FromPresent(list),
        })
    }

    /// `default(shared|none|private|firstprivate)`.
    fn omp_clause_default(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let v = self.expect_name("`shared`, `none`, `private` or `firstprivate`")?;
        if !["shared", "none", "private", "firstprivate"].contains(&v.name.as_str()) {
            self.diags.push(
                Diagnostic::error("E0023", format!("`default({})` is not valid", v.name), v.span)
                    .with_label("expected `shared`, `none`, `private` or `firstprivate`"),
            );
            return Err(Fail);
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::OmpDefault(v.name))
    }

    /// `reduction([modifier,] op: list)`: the operators are OpenACC's and `-` (OpenMP's
    /// deprecated spelling of `+`); the modifiers `inscan`, `task`, `default` are not
    /// supported yet.
    fn omp_clause_reduction(&mut self, name: &str) -> PResult<ClauseKind> {
        if self.tok_at(1) == &Tok::Minus && self.tok_at(2) == &Tok::Colon {
            // OpenMP's `-` (deprecated in 5.2) combines the partial results by addition.
            self.bump();
            self.bump();
            self.bump();
            let list = self.var_items()?;
            return Ok(ClauseKind::Reduction(RedOp::Add, list));
        }
        if let (Tok::Name(m), Tok::Comma) = (self.tok_at(1).clone(), self.tok_at(2).clone()) {
            if ["inscan", "task", "default"].contains(&m.as_str()) {
                self.skip_parens();
                return Ok(ClauseKind::Unsupported(format!("reduction({m},)")));
            }
        }
        self.clause_reduction(name)
    }

    /// `in_reduction(op: list)` / `task_reduction(op: list)`: the operators of `reduction`.
    fn omp_clause_task_reduction(&mut self, name: &str) -> PResult<ClauseKind> {
        let ClauseKind::Reduction(op, list) = self.omp_clause_reduction(name)? else {
            return Ok(ClauseKind::Unsupported(format!("{name}(...)")));
        };
        Ok(if name == "in_reduction" { ClauseKind::InReduction(op, list) } else { ClauseKind::TaskReduction(op, list) })
    }

    /// `if([directive-name:] condition)`.
    fn omp_clause_if(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        // `if(target: c)`, `if(target data: c)`, `if(parallel: c)`
        let mut i = 0;
        let mut words = Vec::new();
        while let Tok::Name(w) = self.tok_at(i) {
            words.push(w.clone());
            i += 1;
        }
        let modifier = (i > 0 && self.tok_at(i) == &Tok::Colon).then(|| words.join(" "));
        if modifier.is_some() {
            for _ in 0..=i {
                self.bump();
            }
        }
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(match modifier {
            Some(m) => ClauseKind::IfFor(m, e),
            None => ClauseKind::If(e),
        })
    }

    /// `device([device_num:] n)`; `device(ancestor: n)` is not supported yet.
    fn omp_clause_device(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        if let (Tok::Name(m), Tok::Colon) = (self.tok().clone(), self.tok_at(1).clone()) {
            if m == "ancestor" {
                self.skip_to_rparen();
                return Ok(ClauseKind::Unsupported("device(ancestor:)".into()));
            }
            self.bump();
            self.bump();
        }
        let e = self.expr()?;
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::DeviceExpr(e))
    }

    /// `schedule([modifier[, modifier]:] kind[, chunk])`: the kind as written.
    fn omp_clause_schedule(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let mut kind = self.expect_name("a schedule kind")?;
        while self.eat(&Tok::Comma) || self.eat(&Tok::Colon) {
            if self.is(&Tok::RParen) {
                break;
            }
            if let (Tok::Name(_), Tok::Comma | Tok::Colon | Tok::RParen) = (self.tok().clone(), self.tok_at(1).clone()) {
                // a modifier (`monotonic`, `simd`) before the kind, or the kind after them
                kind = self.expect_name("a schedule kind")?;
                continue;
            }
            let chunk = self.expr()?;
            self.expect(&Tok::RParen)?;
            return Ok(ClauseKind::Schedule(kind.name, Some(chunk)));
        }
        if !["static", "dynamic", "guided", "auto", "runtime"].contains(&kind.name.as_str()) {
            self.diags.push(
                Diagnostic::error("E0023", format!("unknown schedule kind `{}`", kind.name), kind.span)
                    .with_label("expected `static`, `dynamic`, `guided`, `auto` or `runtime`"),
            );
            return Err(Fail);
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Schedule(kind.name, None))
    }

    /// `dist_schedule(static[, chunk])`.
    fn omp_clause_dist_schedule(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let kind = self.expect_name("`static`")?;
        if kind.name != "static" {
            self.diags.push(
                Diagnostic::error("E0023", format!("unknown dist_schedule kind `{}`", kind.name), kind.span)
                    .with_label("expected `static`"),
            );
            return Err(Fail);
        }
        let chunk = if self.eat(&Tok::Comma) { Some(self.expr()?) } else { None };
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::DistSchedule(chunk))
    }

    /// A clause recognised but not supported yet, with its argument (if any) skipped.
    /// `nowait` or OpenMP 5.1's `nowait(do_not_synchronize)`: constructs run synchronously,
    /// which every value of the argument allows.
    fn omp_clause_nowait(&mut self, _: &str) -> PResult<ClauseKind> {
        if self.is(&Tok::LParen) && !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        Ok(ClauseKind::Nowait)
    }

    /// `bind(thread|parallel|teams)`.
    fn omp_clause_bind(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let b = self.expect_name("`thread`, `parallel` or `teams`")?;
        if !["thread", "parallel", "teams"].contains(&b.name.as_str()) {
            self.diags.push(
                Diagnostic::error("E0023", format!("unknown binding `{}`", b.name), b.span)
                    .with_label("expected `thread`, `parallel` or `teams`"),
            );
            return Err(Fail);
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Bind(b.name))
    }

    /// `proc_bind(primary|master|close|spread)`: the thread affinity policy of a team.
    fn omp_clause_proc_bind(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let b = self.expect_name("`primary`, `close` or `spread`")?;
        let kind = match b.name.as_str() {
            "primary" | "master" => 2,
            "close" => 3,
            "spread" => 4,
            _ => {
                self.diags.push(
                    Diagnostic::error("E0023", format!("unknown affinity policy `{}`", b.name), b.span)
                        .with_label("expected `primary`, `close` or `spread`"),
                );
                return Err(Fail);
            }
        };
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::ProcBind(kind))
    }

    /// A clause that gives the implementation a permission or a hint and so cannot change
    /// results (see [`ClauseKind::Ignored`]).
    fn omp_clause_ignored(&mut self, name: &str) -> PResult<ClauseKind> {
        if self.is(&Tok::LParen) && !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        Ok(ClauseKind::Ignored(name.to_string()))
    }

    /// `depend([modifier,] type: list)`: see [`ClauseKind::Depend`].
    fn omp_clause_depend(&mut self, _: &str) -> PResult<ClauseKind> {
        if !self.is(&Tok::LParen) {
            return Err(self.err_expected("`(`"));
        }
        if !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        Ok(ClauseKind::Depend)
    }

    /// `defaultmap(behavior[:category])`.
    fn omp_clause_defaultmap(&mut self, _: &str) -> PResult<ClauseKind> {
        const BEHAVIORS: [&str; 8] = ["alloc", "to", "from", "tofrom", "firstprivate", "none", "default", "present"];
        const CATEGORIES: [&str; 4] = ["scalar", "aggregate", "allocatable", "pointer"];
        self.expect(&Tok::LParen)?;
        let b = self.expect_name("an implicit behavior (`tofrom`, `firstprivate`, `none`, ...)")?;
        if !BEHAVIORS.contains(&b.name.as_str()) {
            let mut d = Diagnostic::error("E0024", format!("unknown implicit behavior `{}`", b.name), b.span)
                .with_label("not a behavior of `defaultmap`");
            if let Some(s) = crate::parser::suggest(&b.name, &BEHAVIORS) {
                d = d.with_note(format!("help: did you mean `{s}`?"));
            }
            self.diags.push(d);
            return Err(Fail);
        }
        let mut cat = None;
        if self.eat(&Tok::Colon) {
            let c = self.expect_name("a variable category (`scalar`, `aggregate`, `allocatable`, `pointer`)")?;
            if !CATEGORIES.contains(&c.name.as_str()) {
                let mut d = Diagnostic::error("E0024", format!("unknown variable category `{}`", c.name), c.span)
                    .with_label("not a category of `defaultmap`");
                if let Some(s) = crate::parser::suggest(&c.name, &CATEGORIES) {
                    d = d.with_note(format!("help: did you mean `{s}`?"));
                }
                self.diags.push(d);
                return Err(Fail);
            }
            cat = Some(c.name);
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Defaultmap(b.name, cat))
    }

    /// `allocate([allocator:] list)` or `allocate(allocator(a)[, align(n)]: list)`: see
    /// [`ClauseKind::Allocate`]; `align` is not supported yet.
    fn omp_clause_allocate(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let mut allocator = None;
        if self.is_name("allocator") && self.tok_at(1) == &Tok::LParen {
            self.bump();
            self.bump();
            allocator = Some(self.expr()?);
            self.expect(&Tok::RParen)?;
            if self.is(&Tok::Comma) {
                self.skip_clause_rest();
                return Ok(ClauseKind::Unsupported("allocate(align)".into()));
            }
            self.expect(&Tok::Colon)?;
        } else if self.is_name("align") && self.tok_at(1) == &Tok::LParen {
            self.skip_clause_rest();
            return Ok(ClauseKind::Unsupported("allocate(align)".into()));
        } else if self.colon_before_rparen() {
            allocator = Some(self.expr()?);
            self.expect(&Tok::Colon)?;
        }
        let list = self.var_items()?;
        Ok(ClauseKind::Allocate(allocator, list))
    }

    /// Is there a `:` at parenthesis depth 0 before the `)` that closes the clause?
    fn colon_before_rparen(&self) -> bool {
        let mut depth = 0usize;
        for i in 0.. {
            match self.tok_at(i) {
                Tok::LParen => depth += 1,
                Tok::RParen if depth == 0 => return false,
                Tok::RParen => depth -= 1,
                Tok::Colon if depth == 0 => return true,
                Tok::Eos | Tok::Eof => return false,
                _ => {}
            }
        }
        false
    }

    /// `uses_allocators(list)`: the predefined allocators (`omp_default_mem_alloc`, ...)
    /// need nothing (see [`ClauseKind::Allocate`]); allocators with traits or memory spaces
    /// are not supported yet.
    fn omp_clause_uses_allocators(&mut self, name: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        loop {
            match self.tok().clone() {
                Tok::Name(n) if PREDEFINED_ALLOCATORS.contains(&n.as_str()) && matches!(self.tok_at(1), Tok::Comma | Tok::RParen) => {
                    self.bump();
                }
                _ => {
                    self.skip_clause_rest();
                    return Ok(ClauseKind::Unsupported("uses_allocators(user-defined allocators)".into()));
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Ignored(name.to_string()))
    }

    /// `ordered` on a loop; `ordered(n)` (doacross loops) is not implemented yet.
    fn omp_ordered_clause(&mut self, name: &str) -> PResult<ClauseKind> {
        if self.is(&Tok::LParen) {
            return self.omp_clause_not_yet("ordered(n)").map(|_| ClauseKind::Unsupported(format!("{name}(n)")));
        }
        Ok(ClauseKind::OmpOrdered)
    }

    /// `linear(list[: step])`, with OpenMP's modifiers: `val(list)` and `: val` (a loop's
    /// items are values, the default) and OpenMP 5.2's `step(s)` after the colon
    /// (`linear(list: val, step(s))`). `ref` and `uval` describe dummy arguments of
    /// `declare simd` procedures: an error on a loop.
    fn omp_clause_linear(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let called = |p: &Self, m: &str| p.is_name(m) && p.tok_at(1) == &Tok::LParen;
        let alone = |p: &Self, m: &str| p.is_name(m) && matches!(p.tok_at(1), Tok::Comma | Tok::RParen);
        let wrapped = called(self, "val");
        if wrapped {
            self.bump();
            self.bump();
        } else if called(self, "ref") || called(self, "uval") {
            return Err(self.linear_ref_uval());
        }
        let mut items = Vec::new();
        loop {
            items.push(self.designator()?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if wrapped {
            self.expect(&Tok::RParen)?;
        }
        let mut step = None;
        if self.eat(&Tok::Colon) {
            loop {
                if alone(self, "val") {
                    self.bump();
                } else if alone(self, "ref") || alone(self, "uval") {
                    return Err(self.linear_ref_uval());
                } else if called(self, "step") && step.is_none() {
                    self.bump();
                    self.bump();
                    step = Some(self.expr()?);
                    self.expect(&Tok::RParen)?;
                } else if step.is_none() {
                    step = Some(self.expr()?);
                } else {
                    return Err(self.err_expected("`val` or `step(...)`"));
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Linear(items, step))
    }

    /// The `ref` or `uval` modifier of `linear` (the current token) on a loop construct.
    fn linear_ref_uval(&mut self) -> Fail {
        let m = if self.is_name("ref") { "ref" } else { "uval" };
        self.diags.push(
            Diagnostic::error("E0023", format!("the `{m}` modifier of `linear` is allowed only on `declare simd`"), self.span())
                .with_label("not on a loop construct")
                .with_note("note: the `linear` items of a loop are values (`val`, the default)"),
        );
        self.skip_clause_rest();
        Fail
    }

    /// `aligned(list[: alignment])`.
    fn omp_clause_aligned(&mut self, _: &str) -> PResult<ClauseKind> {
        self.expect(&Tok::LParen)?;
        let mut items = Vec::new();
        loop {
            items.push(self.designator()?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        let align = if self.eat(&Tok::Colon) { Some(self.expr()?) } else { None };
        self.expect(&Tok::RParen)?;
        Ok(ClauseKind::Aligned(items, align))
    }

    fn omp_clause_not_yet(&mut self, name: &str) -> PResult<ClauseKind> {
        if self.is(&Tok::LParen) && !self.skip_parens() {
            return Err(self.err_expected("`)`"));
        }
        Ok(ClauseKind::Unsupported(name.to_string()))
    }
}
