//! A conservative dependence test for the loops of a `kernels` construct that carry no
//! `independent` (a bare `loop` or `loop auto`): it proves that no two iterations touch
//! the same written datum, or names the first obstacle it meets. The proof accepts only
//! assignments, `if` and inner `do` loops whose expressions call no procedure other than
//! intrinsic functions; the only scalars written may be the variables of inner loops; and
//! every reference to a written array has, in one fixed dimension, the subscript `v + c`
//! for the loop's variable `v` and one constant `c`, so iteration `v` touches only slice
//! `v + c` of it. Anything else keeps the loop sequential.

use super::*;
use std::collections::BTreeMap;

/// References to an array in the loop: whether it is written, and the subscripts of each
/// reference (`None`: a whole-array reference).
#[derive(Default)]
struct Refs {
    written: bool,
    subs: Vec<Option<Vec<ast::Arg>>>,
    span: Option<Span>,
}

struct Scan<'s> {
    syms: &'s Symbols,
    /// Variables of the inner loops being scanned (private to each iteration of the
    /// tested loop).
    inner: Vec<String>,
    /// Variables of all the inner loops: not to be read outside their loops.
    loop_vars: Vec<String>,
    arrays: BTreeMap<String, Refs>,
}

/// The dependence test's verdict on a loop directive of a `kernels` construct and its
/// `do` loop: `None` when the directive decides itself (`seq`, `independent`, levels),
/// `Err` with the reason the loop stays sequential, `Ok` when it may be partitioned.
pub(super) fn kernels_auto_verdict(
    syms: &Symbols,
    unit: &ast::Unit,
    dir: &ast::Directive,
    do_stmt: &ast::Stmt,
) -> Option<Result<(), String>> {
    let decided = dir.clauses.iter().any(|c| {
        matches!(
            c.kind,
            ClauseKind::Seq
                | ClauseKind::Independent
                | ClauseKind::Gang(_)
                | ClauseKind::GangStatic(_)
                | ClauseKind::GangDim(_)
                | ClauseKind::Worker(_)
                | ClauseKind::Vector(_)
        )
    });
    if decided {
        return None;
    }
    let StmtKind::Do { var, body, .. } = &do_stmt.kind else { return None };
    if dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Reduction(..) | ClauseKind::Private(_) | ClauseKind::Lastprivate(_))) {
        return Some(Err("the dependence test does not analyse loops with `private` or `reduction` clauses".into()));
    }
    // A `collapse` or `tile` nest: independent when each of its loops is (iterations that
    // differ in an outer loop touch other slices of every written array, those that
    // differ only in an inner loop other slices too).
    let depth = dir
        .clauses
        .iter()
        .filter_map(|c| match &c.kind {
            ClauseKind::Collapse(ast::Expr { kind: ast::ExprKind::Int(n, _), .. }) => usize::try_from(*n).ok(),
            ClauseKind::Tile(sizes) => Some(sizes.len()),
            _ => None,
        })
        .max()
        .unwrap_or(1);
    let mut cur = do_stmt;
    for k in 1..depth {
        let StmtKind::Do { var, body, .. } = &cur.kind else { break };
        if let Err(e) = loop_independent(syms, unit, &var.name, body) {
            return Some(Err(e));
        }
        match body.as_slice() {
            [inner @ ast::Stmt { kind: StmtKind::Do { .. }, .. }] => cur = inner,
            _ => return Some(Err(format!("the {} loops of its `collapse` or `tile` are not tightly nested", k + 1))),
        }
    }
    if depth > 1 {
        let StmtKind::Do { var, body, .. } = &cur.kind else { return Some(Err("not a `do` loop".into())) };
        return Some(loop_independent(syms, unit, &var.name, body));
    }
    Some(loop_independent(syms, unit, &var.name, body))
}

/// `Ok` when the iterations of `do var = ...` with this body are proved independent,
/// otherwise the reason the proof failed (naming the variable or construct).
fn loop_independent(syms: &Symbols, unit: &ast::Unit, var: &str, body: &[ast::Stmt]) -> Result<(), String> {
    let mut s = Scan { syms, inner: Vec::new(), loop_vars: Vec::new(), arrays: BTreeMap::new() };
    do_vars(body, &mut s.loop_vars);
    s.stmts(body)?;
    for (name, refs) in &s.arrays {
        if !refs.written {
            continue;
        }
        let sym = syms.get(name);
        let equivalenced = unit.equivalences.iter().any(|e| e.resolved.iter().any(|(n, _)| n == name));
        if sym.is_none_or(|s| s.pointer || s.target || s.common.is_some() || s.dims.iter().any(|d| matches!(d, DimSpec::AssumedSize(_))))
            || equivalenced
        {
            return Err(format!("array `{name}` is written and may share storage with other data"));
        }
        let rank = sym.map_or(0, |s| s.rank as usize);
        let mut proved = false;
        for d in 0..rank {
            let mut c0 = None;
            let all = refs.subs.iter().all(|subs| {
                let Some(ast::Arg::Index(e)) = subs.as_ref().and_then(|s| s.get(d)) else { return false };
                match offset_of(syms, e, var) {
                    Some(c) if c0.is_none_or(|c0| c0 == c) => {
                        c0 = Some(c);
                        true
                    }
                    _ => false,
                }
            });
            if all {
                proved = true;
                break;
            }
        }
        if !proved {
            return Err(format!(
                "array `{name}` is written and its subscripts do not confine each iteration to its own elements (`{var} + constant` in one dimension of every reference)"
            ));
        }
    }
    Ok(())
}

/// The variables of the `do` loops in the statements, at any depth.
fn do_vars(ss: &[ast::Stmt], out: &mut Vec<String>) {
    for s in ss {
        match &s.kind {
            StmtKind::Do { var, body, .. } => {
                out.push(var.name.clone());
                do_vars(body, out);
            }
            StmtKind::LoopConstruct { do_stmt, .. } => do_vars(std::slice::from_ref(do_stmt), out),
            StmtKind::If { arms, else_body, .. } => {
                for (_, b) in arms {
                    do_vars(b, out);
                }
                if let Some(b) = else_body {
                    do_vars(b, out);
                }
            }
            _ => {}
        }
    }
}

/// `c` when `e` is `var + c`, `c + var`, `var - c` or `var` with `c` constant.
fn offset_of(syms: &Symbols, e: &Expr, var: &str) -> Option<i64> {
    let is_var = |x: &Expr| matches!(&x.kind, ExprKind::Name(id) if id.name == var);
    match &e.kind {
        ExprKind::Paren(x) => offset_of(syms, x, var),
        _ if is_var(e) => Some(0),
        ExprKind::Binary(ast::BinOp::Add, a, b) if is_var(a) => const_int(syms, b),
        ExprKind::Binary(ast::BinOp::Add, a, b) if is_var(b) => const_int(syms, a),
        ExprKind::Binary(ast::BinOp::Sub, a, b) if is_var(a) => const_int(syms, b)?.checked_neg(),
        _ => None,
    }
}

/// An integer constant (literals and named constants, negated or parenthesised).
fn const_int(syms: &Symbols, e: &Expr) -> Option<i64> {
    match &e.kind {
        ExprKind::Int(n, _) => Some(*n),
        ExprKind::Name(id) => {
            let s = syms.get(&id.name).filter(|s| s.parameter && s.rank == 0)?;
            const_int(syms, s.init.as_ref()?)
        }
        ExprKind::Unary(ast::UnOp::Neg, x) => const_int(syms, x)?.checked_neg(),
        ExprKind::Paren(x) => const_int(syms, x),
        _ => None,
    }
}

impl Scan<'_> {
    fn is_array(&self, name: &str) -> bool {
        self.syms.get(name).is_some_and(|s| s.rank > 0)
    }

    fn stmts(&mut self, ss: &[ast::Stmt]) -> Result<(), String> {
        for s in ss {
            self.stmt(s)?;
        }
        Ok(())
    }

    fn stmt(&mut self, s: &ast::Stmt) -> Result<(), String> {
        match &s.kind {
            StmtKind::Assign { lhs, rhs } => {
                self.expr(rhs)?;
                match &lhs.kind {
                    ExprKind::Name(id) if self.is_array(&id.name) => {
                        let r = self.arrays.entry(id.name.clone()).or_default();
                        r.written = true;
                        r.subs.push(None);
                        Ok(())
                    }
                    ExprKind::Name(id) => {
                        Err(format!("scalar `{}` is assigned in the loop (its value may carry between iterations)", id.name))
                    }
                    ExprKind::ArrayRef { name, subs } => {
                        self.args(subs)?;
                        let r = self.arrays.entry(name.name.clone()).or_default();
                        r.written = true;
                        r.subs.push(Some(subs.clone()));
                        r.span.get_or_insert(lhs.span);
                        Ok(())
                    }
                    _ => Err("the loop assigns to something other than a variable or an array element".into()),
                }
            }
            StmtKind::If { arms, else_body, .. } => {
                for (c, b) in arms {
                    self.expr(c)?;
                    self.stmts(b)?;
                }
                if let Some(b) = else_body {
                    self.stmts(b)?;
                }
                Ok(())
            }
            StmtKind::Do { var, start, end, step, body, .. } => {
                self.expr(start)?;
                self.expr(end)?;
                if let Some(e) = step {
                    self.expr(e)?;
                }
                if self.is_array(&var.name) {
                    return Err(format!("the inner loop variable `{}` is not a scalar", var.name));
                }
                self.inner.push(var.name.clone());
                self.stmts(body)?;
                self.inner.pop();
                Ok(())
            }
            StmtKind::LoopConstruct { do_stmt, dir } => {
                if dir.clauses.iter().any(|c| !matches!(c.kind, ClauseKind::Auto | ClauseKind::Independent | ClauseKind::Seq)) {
                    return Err("an inner loop directive has clauses (the test takes only `auto`, `independent` and `seq`)".into());
                }
                self.stmt(do_stmt)
            }
            StmtKind::Continue => Ok(()),
            StmtKind::Call { name, .. } => Err(format!("the loop calls `{}`", name.name)),
            StmtKind::IntrinsicCall { .. } => Err("the loop calls an intrinsic subroutine".into()),
            StmtKind::Print { .. } | StmtKind::Write { .. } | StmtKind::Read { .. } => Err("the loop does I/O".into()),
            StmtKind::Exit(_) => Err("the loop contains `exit`".into()),
            StmtKind::Cycle(_) => Err("the loop contains `cycle`".into()),
            StmtKind::Return => Err("the loop contains `return`".into()),
            StmtKind::Stop(_) | StmtKind::ErrorStop(_) => Err("the loop contains `stop`".into()),
            _ => Err("the loop contains a statement the test does not analyse".into()),
        }
    }

    fn args(&mut self, args: &[ast::Arg]) -> Result<(), String> {
        for a in args {
            match a {
                ast::Arg::Index(e) | ast::Arg::Keyword(_, e) => self.expr(e)?,
                ast::Arg::Range { lo, hi, stride, .. } => {
                    for e in [lo, hi, stride].into_iter().flatten() {
                        self.expr(e)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn expr(&mut self, e: &Expr) -> Result<(), String> {
        match &e.kind {
            ExprKind::Int(..)
            | ExprKind::Int128(_)
            | ExprKind::Real(..)
            | ExprKind::Quad(_)
            | ExprKind::Logical(_)
            | ExprKind::Str(_)
            | ExprKind::Boz(_) => Ok(()),
            ExprKind::Name(id) => {
                if self.loop_vars.contains(&id.name) && !self.inner.contains(&id.name) {
                    // Outside its loop its value is another iteration's, or depends on
                    // how that loop was run.
                    return Err(format!("the variable `{}` of an inner loop is read outside that loop", id.name));
                }
                if self.is_array(&id.name) {
                    self.arrays.entry(id.name.clone()).or_default().subs.push(None);
                }
                Ok(())
            }
            ExprKind::ArrayRef { name, subs } => {
                self.args(subs)?;
                self.arrays.entry(name.name.clone()).or_default().subs.push(Some(subs.clone()));
                Ok(())
            }
            ExprKind::Intrinsic { args, .. } => {
                for a in args {
                    self.expr(a)?;
                }
                Ok(())
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => self.expr(x),
            ExprKind::Binary(_, a, b) | ExprKind::Complex(a, b) => {
                self.expr(a)?;
                self.expr(b)
            }
            ExprKind::Call { name, .. } | ExprKind::Apply { name, .. } => Err(format!("the loop calls `{}`", name.name)),
            ExprKind::Component(_) | ExprKind::StructCtor { .. } => Err("the loop references derived-type data".into()),
            ExprKind::ArrayCtor(_) => Err("the loop contains an array constructor".into()),
        }
    }
}

/// The statements of a `kernels` construct with each `do` loop without a loop directive
/// that the test proves independent under a synthetic `loop` directive (and so
/// partitioned), at the top level and, inside such loops, for their inner `do` loops
/// (the outermost takes gangs, inner ones the remaining levels). Loops not proved keep no
/// directive and their bodies are left as written.
pub(super) fn mark_proved_loops(syms: &Symbols, unit: &ast::Unit, ss: &[ast::Stmt]) -> Vec<ast::Stmt> {
    ss.iter()
        .map(|s| match &s.kind {
            StmtKind::Do { name, var, start, end, step, body } if loop_independent(syms, unit, &var.name, body).is_ok() => {
                let inner = StmtKind::Do {
                    name: name.clone(),
                    var: var.clone(),
                    start: start.clone(),
                    end: end.clone(),
                    step: step.clone(),
                    body: mark_proved_loops(syms, unit, body),
                };
                let dir = ast::Directive { kind: ast::DirKind::Acc(ast::AccKind::Loop), clauses: Vec::new(), span: s.span };
                ast::Stmt {
                    kind: StmtKind::LoopConstruct { dir, do_stmt: Box::new(ast::Stmt { kind: inner, span: s.span }) },
                    span: s.span,
                }
            }
            _ => s.clone(),
        })
        .collect()
}
