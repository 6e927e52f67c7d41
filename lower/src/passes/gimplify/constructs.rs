//! Control constructs: named constructs, `if`, `select case`, `do` and `do while` loops,
//! `where`, `forall` and `do concurrent`.

use super::*;

/// The longest `if`/`else if` chain or `select case` lowered to nested `if`s; longer ones
/// use [`G::flat_chain`].
const NESTED_CHAIN: usize = 32;

impl G<'_> {
    /// Lowers a named `if`, `select case` or `block` construct through `f`; when an
    /// `exit name` leaves it, its statements go in a loop that runs once.
    pub(super) fn named_construct(&mut self, name: &Option<ast::Ident>, f: impl FnOnce(&mut Self)) {
        let Some(n) = name else {
            f(self);
            return;
        };
        let id = self.f.new_loop();
        self.named.push((n.name.clone(), id));
        self.push_block();
        f(self);
        let mut body = self.pop_block();
        self.named.pop();
        if exits_to(&body, id) {
            body.push(Stmt::Exit(id));
            self.emit(Stmt::While { id, cond_body: Vec::new(), cond: Op::I32(1), body });
        } else {
            for s in body {
                self.emit(s);
            }
        }
    }

    /// `select case` as a chain of `if`s on a copy of the selector; `case default` is the
    /// final `else` wherever it was written.
    pub(super) fn select_case(&mut self, selector: &Expr, cases: &[ast::CaseBlock]) {
        let Some(b) = selector.ty.base() else { return };
        let sel = if b == BaseTy::Character {
            let (a, n) = self.str_expr(selector);
            (a, n, Ty::Ptr)
        } else {
            let t = ir_ty(b);
            let v = self.expr(selector);
            let v = self.conv(v, t);
            let sel = self.tmp(t);
            self.emit(Stmt::Assign(sel, Rv::Use(v)));
            (Op::Var(sel), Op::I64(0), t)
        };
        let arms: Vec<&ast::CaseBlock> = cases.iter().filter(|c| c.values.is_some()).collect();
        let default = cases.iter().find(|c| c.values.is_none());
        if arms.len() > NESTED_CHAIN {
            self.flat_chain(
                arms.len(),
                |g, i| g.case_cond(&sel, arms[i]),
                |g, i| g.stmts(&arms[i].body),
                |g| {
                    if let Some(d) = default {
                        g.stmts(&d.body);
                    }
                },
            );
            return;
        }
        self.case_chain(&sel, &arms, default);
    }

    /// A long `if`/`else if` chain or `select case` without nesting that grows with its
    /// length (every pass walks the IR recursively): a flag records that an arm was taken,
    /// and each later arm (its condition included) runs only while it is clear.
    fn flat_chain(
        &mut self,
        n: usize,
        mut cond: impl FnMut(&mut Self, usize) -> Op,
        mut body: impl FnMut(&mut Self, usize),
        otherwise: impl FnOnce(&mut Self),
    ) {
        let taken = self.tmp(Ty::I32);
        self.emit(Stmt::Assign(taken, Rv::Use(Op::I32(0))));
        let arm = |g: &mut Self, i: usize| {
            let c = cond(g, i);
            g.push_block();
            body(g, i);
            g.emit(Stmt::Assign(taken, Rv::Use(Op::I32(1))));
            let then_body = g.pop_block();
            g.emit(Stmt::If { cond: c, then_body, else_body: Vec::new() });
        };
        let mut arm = arm;
        arm(self, 0);
        for i in 1..n {
            self.push_block();
            arm(self, i);
            let b = self.pop_block();
            let c = self.bin(Ty::I32, BinOp::Eq, Op::Var(taken), Op::I32(0));
            self.emit(Stmt::If { cond: c, then_body: b, else_body: Vec::new() });
        }
        self.push_block();
        otherwise(self);
        let b = self.pop_block();
        if !b.is_empty() {
            let c = self.bin(Ty::I32, BinOp::Eq, Op::Var(taken), Op::I32(0));
            self.emit(Stmt::If { cond: c, then_body: b, else_body: Vec::new() });
        }
    }

    /// `selector <op> e` for a `case` value `e`; `sel` is the selector's value (or address
    /// and length, with type `Ptr`, for a character selector) and its type.
    fn case_test(&mut self, sel: &(Op, Op, Ty), op: BinOp, e: &Expr) -> Op {
        let (v, n, t) = sel.clone();
        if t == Ty::Ptr {
            let (b, lb) = self.str_expr(e);
            let c = self.val(Ty::I32, Rv::Call("gpuf_str_cmp".into(), vec![v, n, b, lb], Ty::I32));
            return self.bin(Ty::I32, op, c, Op::I32(0));
        }
        let x = self.expr(e);
        let x = self.conv(x, t);
        self.bin(t, op, v, x)
    }

    fn case_chain(&mut self, sel: &(Op, Op, Ty), arms: &[&ast::CaseBlock], default: Option<&ast::CaseBlock>) {
        let Some((c, rest)) = arms.split_first() else {
            if let Some(d) = default {
                self.stmts(&d.body);
            }
            return;
        };
        let cond = self.case_cond(sel, c);
        self.push_block();
        self.stmts(&c.body);
        let then_body = self.pop_block();
        self.push_block();
        self.case_chain(sel, rest, default);
        let else_body = self.pop_block();
        self.emit(Stmt::If { cond, then_body, else_body });
    }

    /// Whether the selector matches one of the values of the `case` `c`.
    fn case_cond(&mut self, sel: &(Op, Op, Ty), c: &ast::CaseBlock) -> Op {
        let mut cond: Option<Op> = None;
        for v in c.values.iter().flatten() {
            let (lo, hi) = match v {
                ast::CaseValue::Value(e) => (Some(e), Some(e)),
                ast::CaseValue::Range { lo, hi, .. } => (lo.as_ref(), hi.as_ref()),
            };
            let mut test: Option<Op> = None;
            if let (ast::CaseValue::Value(_), Some(e)) = (v, lo) {
                test = Some(self.case_test(sel, BinOp::Eq, e));
            } else {
                for (bound, op) in [(lo, BinOp::Ge), (hi, BinOp::Le)] {
                    let Some(e) = bound else { continue };
                    let c = self.case_test(sel, op, e);
                    test = Some(match test {
                        Some(p) => self.bin(Ty::I32, BinOp::And, p, c),
                        None => c,
                    });
                }
            }
            let test = test.unwrap_or(Op::I32(0));
            cond = Some(match cond {
                Some(p) => self.bin(Ty::I32, BinOp::Or, p, test),
                None => test,
            });
        }
        cond.unwrap_or(Op::I32(0))
    }

    /// A logical condition whose temporary strings are freed as soon as it is known (it
    /// may be evaluated in a branch or once per iteration, not once per statement).
    pub(super) fn cond_expr(&mut self, c: &Expr) -> Op {
        let mark = self.str_temps.len();
        let v = self.expr(c);
        if self.str_temps.len() == mark {
            return v;
        }
        let t = self.tmp(Ty::I32);
        self.emit(Stmt::Assign(t, Rv::Use(v)));
        self.free_str_temps(mark);
        Op::Var(t)
    }

    pub(super) fn if_chain(&mut self, arms: &[(Expr, Vec<ast::Stmt>)], else_body: Option<&[ast::Stmt]>) {
        if arms.len() > NESTED_CHAIN {
            self.flat_chain(
                arms.len(),
                |g, i| g.cond_expr(&arms[i].0),
                |g, i| g.stmts(&arms[i].1),
                |g| {
                    if let Some(e) = else_body {
                        g.stmts(e);
                    }
                },
            );
            return;
        }
        let Some(((c, body), rest)) = arms.split_first() else {
            if let Some(e) = else_body {
                self.stmts(e);
            }
            return;
        };
        let cond = self.cond_expr(c);
        self.push_block();
        self.stmts(body);
        let t = self.pop_block();
        self.push_block();
        self.if_chain(rest, else_body);
        let e = self.pop_block();
        self.emit(Stmt::If { cond, then_body: t, else_body: e });
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn do_loop(
        &mut self,
        name: Option<String>,
        var: &ast::Ident,
        start: &Expr,
        end: &Expr,
        step: Option<&Expr>,
        body: &[ast::Stmt],
        mut part: Option<PartLoop>,
    ) {
        let home = self.lookup(&var.name);
        let (vty, reg) = match &home {
            Some(Home::Reg(v, b)) => (ir_ty(*b), Some(*v)),
            Some(Home::Mem(_, b)) => (ir_ty(*b), None),
            _ => (Ty::I32, None),
        };
        let lo = self.expr(start);
        let lo = self.conv(lo, vty);
        let hi = self.expr(end);
        let hi = self.conv(hi, vty);
        let st = match step {
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, vty)
            }
            None => {
                if vty == Ty::I64 {
                    Op::I64(1)
                } else {
                    Op::I32(1)
                }
            }
        };
        // Inside a compute construct every loop variable is private to the thread.
        let (lv, scoped) = if self.region.is_some() || reg.is_none() {
            let v = self.f.new_var(var.name.clone(), vty);
            let base = self.syms.get(&var.name).map_or(BaseTy::Integer(4), |s| s.base);
            let mut m = HashMap::new();
            m.insert(var.name.clone(), Home::Reg(v, base));
            self.overrides.push(m);
            (v, true)
        } else {
            (reg.unwrap_or(VarId(0)), false)
        };
        let id = self.f.new_loop();
        self.loops.push((name, id));
        self.do_vars.push(var.name.clone());
        self.push_block();
        if let Some((n, vs)) = self.region.as_mut().and_then(|r| r.allocas.take()) {
            if n > 1 {
                self.region.as_mut().unwrap().allocas = Some((n - 1, vs));
            } else {
                for (v, bytes, consts) in vs {
                    self.emit(Stmt::Assign(v, Rv::Alloca(bytes)));
                    for (c, x) in consts {
                        self.emit(Stmt::Assign(c, Rv::Use(Op::I64(x))));
                    }
                }
            }
        }
        if scoped && self.region.is_none() {
            // A memory-scalar loop variable outside regions: keep memory in step.
            if let Some(Home::Mem(p, b)) = &home {
                self.store_as(*b, Op::Var(*p), Op::Var(lv));
            }
        }
        let last = self.last_private_cond(part.as_ref(), &var.name, lv, vty, &lo, &hi, &st);
        // `linear` items: `x = x0 + k * s` at the start of each iteration of the nest's
        // innermost loop, `k` the iteration's number in the (collapsed) iteration space,
        // `k = k_outer * trip + (i - lo) / st` from loop to loop, all computed there.
        let linear = match &part {
            Some(p) if !self.linear.is_empty() => Some((p.collapse.max(1) - 1, Vec::new())),
            Some(_) => None,
            None => self.linear_nest.take(),
        };
        if let Some((rest, mut nest)) = linear {
            nest.push((lv, vty, lo.clone(), hi.clone(), st.clone()));
            if rest > 0 {
                self.linear_nest = Some((rest - 1, nest));
            } else {
                let mut k = Op::I64(0);
                for (m, (v, t, lo, hi, st)) in nest.into_iter().enumerate() {
                    let d = self.bin(t, BinOp::Sub, Op::Var(v), lo.clone());
                    let ki = self.bin(t, BinOp::Div, d, st.clone());
                    let ki = self.conv(ki, Ty::I64);
                    if m == 0 {
                        k = ki;
                        continue;
                    }
                    let span = self.bin(t, BinOp::Sub, hi, lo);
                    let span = self.bin(t, BinOp::Add, span, st.clone());
                    let trip = self.bin(t, BinOp::Div, span, st);
                    let trip = self.conv(trip, Ty::I64);
                    let trip = self.bin(Ty::I64, BinOp::Max, trip, Op::I64(0));
                    let kt = self.bin(Ty::I64, BinOp::Mul, k, trip);
                    k = self.bin(Ty::I64, BinOp::Add, kt, ki);
                }
                for (x, x0, s) in std::mem::take(&mut self.linear) {
                    let xt = self.f.var(x).ty;
                    let k = self.conv(k.clone(), xt);
                    let ks = self.bin(xt, BinOp::Mul, k, s);
                    self.emit(Stmt::Assign(x, Rv::Binary(BinOp::Add, x0, ks)));
                }
            }
        }
        // The body of a SIMT loop (its innermost collapsed loop's): where `ordered` may be.
        let simt = part.as_ref().and_then(|p| p.simt.as_ref().map(|_| (p.collapse, p.levels)));
        let outer_simt = self.simt_body.clone();
        if let (Some((n, ls)), Some(p)) = (simt, &part) {
            if let Some(sp) = super::offload_loop::cycle_with_ordered(body) {
                self.not_yet("`cycle` in a `simd` loop with an `ordered` construct in a target region", sp);
            }
            let k = n.max(1) as usize - 1;
            let mut own = p.privates.clone();
            own.extend(p.reductions.iter().map(|r| r.local));
            own.push(lv);
            self.simt_body = Some(SimtBody {
                loops: self.loops.len() + k,
                blocks: self.blocks.len() + k,
                lanes_only: !ls.has(Level::Gang) && !ls.has(Level::Worker),
                first_var: self.f.vars.len() as u32,
                own,
            });
        }
        self.stmts(body);
        if let Some(lp) = last {
            if lp.simt {
                let lanes_only = self.simt_body.as_ref().is_some_and(|b| b.lanes_only);
                self.last_private_simt(lp, lanes_only);
            } else {
                self.last_private_copy(lp);
            }
        }
        if simt.is_some() {
            self.simt_body = outer_simt;
            if let (Some((vars, copy)), Some(t)) = (self.simt_last.take(), part.as_mut().and_then(|p| p.simt.as_mut())) {
                t.last_vars = vars;
                t.last_copy = copy;
            }
        }
        let b = self.pop_block();
        self.loops.pop();
        self.do_vars.pop();
        if scoped {
            self.overrides.pop();
        }
        let sequential_in_region = scoped && self.region.is_some() && part.is_none();
        // A partitioned loop inside a construct's body: the statements after it (run by
        // each thread that ran a share of it) see the variable's value after the loop, as
        // OpenMP's `loop` gives it (lastprivate) and after a sequential loop.
        let partitioned_in_body = scoped && part.is_some() && self.region.as_ref().is_some_and(|r| !r.combined);
        let after = partitioned_in_body.then(|| (lo.clone(), hi.clone(), st.clone()));
        self.emit(Stmt::Loop { id, var: lv, lo, hi, step: st, body: b, part });
        if let Some((lo, hi, st)) = after.filter(|_| matches!(vty, Ty::I32 | Ty::I64)) {
            // A variable in a register (a memory one would become mapped); the region drops
            // these statements when nothing reads the variable after them.
            if let Some(Home::Reg(o, _)) = self.lookup(&var.name).filter(|h| matches!(h, Home::Reg(_, b) if ir_ty(*b) == vty)) {
                // o = lo + max((hi - lo + st) / st, 0) * st
                let mut temps = Vec::new();
                let mut bin = |g: &mut Self, op: BinOp, a: Op, b: Op| {
                    let t = g.tmp(vty);
                    g.emit(Stmt::Assign(t, Rv::Binary(op, a, b)));
                    temps.push(t);
                    Op::Var(t)
                };
                let d = bin(self, BinOp::Sub, hi, lo.clone());
                let d = bin(self, BinOp::Add, d, st.clone());
                let n = bin(self, BinOp::Div, d, st.clone());
                let n = bin(self, BinOp::Max, n, zero_of(vty));
                let m = bin(self, BinOp::Mul, n, st);
                let v = bin(self, BinOp::Add, lo, m);
                self.emit(Stmt::Assign(o, Rv::Use(v)));
                if let Some(r) = self.region.as_mut() {
                    r.after_loop.push((o, temps));
                }
            }
        }
        // A sequential loop of a compute construct leaves its variable, private to the
        // thread, with the value after the loop (statements after it in the construct read
        // the same variable).
        if sequential_in_region {
            match self.lookup(&var.name) {
                Some(Home::Reg(o, b)) if ir_ty(b) == vty => self.emit(Stmt::Assign(o, Rv::Use(Op::Var(lv)))),
                Some(Home::Mem(p, b)) if ir_ty(b) == vty => self.store_as(b, Op::Var(p), Op::Var(lv)),
                _ => {}
            }
        }
    }

    /// `where (m1) ... elsewhere (m2) ... elsewhere ... end where`: the control masks are
    /// evaluated into temporaries first (`done` marks elements taken by an earlier arm).
    pub(super) fn where_stmt(&mut self, arms: &[(Option<Expr>, Vec<ast::Stmt>)], sp: Span) {
        let Some((Some(m0), _)) = arms.first() else { return };
        if self.region.is_some() {
            self.not_yet("`where` inside a compute construct", sp);
            return;
        }
        let mark = self.materialize(m0);
        let shape = self.shape(m0);
        let done = self.temp_buf(&shape, 4);
        let cur = self.temp_buf(&shape, 4);
        self.scalarise(&shape, &mut |g, idx| {
            let a = g.lin_addr(&done, idx, &shape, 4);
            g.emit(Stmt::Store(Ty::I32, a, Op::I32(0)));
        });
        for (mask, body) in arms {
            let m2 = mask.as_ref().map(|m| self.materialize(m));
            self.scalarise(&shape, &mut |g, idx| {
                let da = g.lin_addr(&done, idx, &shape, 4);
                let d = g.val(Ty::I32, Rv::Load(Ty::I32, da.clone()));
                let free = g.bin(Ty::I32, BinOp::Eq, d.clone(), Op::I32(0));
                let c = match mask {
                    Some(m) => {
                        let mv = g.expr_at(m, idx);
                        let mv = g.bin(Ty::I32, BinOp::Ne, mv, Op::I32(0));
                        g.val(Ty::I32, Rv::Binary(BinOp::And, free, mv))
                    }
                    None => free,
                };
                let ca = g.lin_addr(&cur, idx, &shape, 4);
                g.emit(Stmt::Store(Ty::I32, ca, c.clone()));
                let nd = g.val(Ty::I32, Rv::Binary(BinOp::Or, d, c));
                g.emit(Stmt::Store(Ty::I32, da, nd));
            });
            if let Some(mk) = m2 {
                self.free_mats(mk);
            }
            for st in body {
                if let StmtKind::Assign { lhs, rhs } = &st.kind {
                    self.masked_assign(lhs, rhs, &cur, &shape);
                }
            }
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![done]));
        self.emit(Stmt::Call("gpuf_free".into(), vec![cur]));
        self.free_mats(mark);
    }

    /// `lhs = rhs` where the control mask `cur` (one `I32` per element of `shape`) is set.
    fn masked_assign(&mut self, lhs: &Expr, rhs: &Expr, cur: &Op, shape: &[Op]) {
        let mark = self.materialize(rhs);
        let lt = self.expr_ty(lhs);
        let name = match &lhs.kind {
            ExprKind::Name(id) => id.name.clone(),
            ExprKind::ArrayRef { name, .. } => name.name.clone(),
            _ => String::new(),
        };
        let scalar = if rhs.ty.rank() == 0 {
            let v = self.expr(rhs);
            Some(self.conv(v, lt))
        } else {
            None
        };
        let masked = |g: &mut Self, idx: &[Op], body: &mut dyn FnMut(&mut Self)| {
            let ca = g.lin_addr(cur, idx, shape, 4);
            let c = g.val(Ty::I32, Rv::Load(Ty::I32, ca));
            g.push_block();
            body(g);
            let b = g.pop_block();
            g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] });
        };
        if scalar.is_none() && mentions(rhs, &name) {
            let tmp = self.temp_buf(shape, lt.size());
            self.scalarise(shape, &mut |g, idx| {
                masked(g, idx, &mut |g| {
                    let v = g.expr_at(rhs, idx);
                    let v = g.conv(v, lt);
                    let a = g.lin_addr(&tmp, idx, shape, lt.size());
                    g.emit(Stmt::Store(lt, a, v));
                })
            });
            self.scalarise(shape, &mut |g, idx| {
                masked(g, idx, &mut |g| {
                    let a = g.lin_addr(&tmp, idx, shape, lt.size());
                    let v = g.val(lt, Rv::Load(lt, a));
                    g.store_elem(lhs, idx, v);
                })
            });
            self.emit(Stmt::Call("gpuf_free".into(), vec![tmp]));
        } else {
            self.scalarise(shape, &mut |g, idx| {
                masked(g, idx, &mut |g| {
                    let v = match &scalar {
                        Some(v) => v.clone(),
                        None => {
                            let v = g.expr_at(rhs, idx);
                            g.conv(v, lt)
                        }
                    };
                    g.store_elem(lhs, idx, v);
                })
            });
        }
        self.free_mats(mark);
    }

    /// `forall` (`is_forall`) and `do concurrent`: nested loops over fresh index variables.
    /// A `forall` assignment whose right side or mask reads the assigned array evaluates all
    /// values (and mask bits) into temporaries first.
    /// The bindings of an `associate` construct (in the override scope its block opened):
    /// a variable selector is aliased (a whole variable shares its home, an element or
    /// component is addressed, a character designator points into its storage, a
    /// contiguous section gets a descriptor); an expression is evaluated once into a
    /// temporary (freed at the end of the construct).
    pub(super) fn associate(&mut self, binds: &[(ast::Ident, Expr)], sp: Span) {
        if self.region.is_some() {
            self.not_yet("`associate` inside a compute construct", sp);
            return;
        }
        for (n, sel) in binds {
            let Some(base) = sel.ty.base() else { continue };
            let home = match &sel.kind {
                ExprKind::Name(id) => self.lookup(&id.name),
                _ => None,
            };
            let section = if home.is_none() && sel.ty.rank() > 0 { self.contiguous_section(sel) } else { None };
            let home = match (home, section) {
                (Some(h), _) => h,
                (None, Some(d)) => Home::Array(Desc { name: n.name.clone(), ..d }),
                (None, _)
                    if sel.ty.rank() > 0
                        && !matches!(sel.kind, ExprKind::ArrayRef { .. } | ExprKind::Component(_))
                        && matches!(base, BaseTy::Integer(4 | 8) | BaseTy::Real(_) | BaseTy::Logical(4)) =>
                {
                    // an array expression: its value in a temporary with bounds from 1
                    let mark = self.call_after.len();
                    let (tmp, shape) = self.expr_temp(sel);
                    self.call_after.truncate(mark);
                    let addr = self.tmp(Ty::Ptr);
                    self.emit(Stmt::Assign(addr, Rv::Use(tmp)));
                    if let Some(f) = self.assoc_frees.last_mut() {
                        f.push(addr);
                    }
                    let (mut lb, mut ext) = (Vec::new(), Vec::new());
                    for x in shape {
                        let (l, e) = (self.tmp(Ty::I64), self.tmp(Ty::I64));
                        self.emit(Stmt::Assign(l, Rv::Use(Op::I64(1))));
                        self.emit(Stmt::Assign(e, Rv::Use(x)));
                        lb.push(l);
                        ext.push(e);
                    }
                    Home::Array(Desc { name: n.name.clone(), base, addr, lb, ext })
                }
                (None, _) if sel.ty.rank() > 0 => {
                    self.not_yet("`associate` with a strided section or this array expression", sel.span);
                    self.placeholder_home(base, sel.ty.rank())
                }
                (None, _)
                    if matches!(base, BaseTy::Complex(_))
                        || (matches!(base, BaseTy::Derived(_)) && !matches!(sel.kind, ExprKind::Name(_))) =>
                {
                    let tn = match base {
                        BaseTy::Derived(k) => format!("type({})", self.types.get(k as usize).map_or("?", |t| t.name.as_str())),
                        b => gpuf_frontend::sema::base_name(b),
                    };
                    self.not_yet(format!("`associate` with a `{tn}` selector"), sel.span);
                    self.placeholder_home(base, 0)
                }
                (None, _) if base == BaseTy::Character => {
                    let (a, l) = self.str_expr(sel);
                    let l = self.conv(l, Ty::I64);
                    let (addr, len) = (self.tmp(Ty::Ptr), self.tmp(Ty::I64));
                    self.emit(Stmt::Assign(len, Rv::Use(l.clone())));
                    if matches!(sel.kind, ExprKind::ArrayRef { .. } | ExprKind::Component(_)) {
                        self.emit(Stmt::Assign(addr, Rv::Use(a)));
                    } else {
                        // the value of an expression outlives the statement's temporaries
                        let size = self.bin(Ty::I64, BinOp::Max, l.clone(), Op::I64(1));
                        self.emit(Stmt::Assign(addr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
                        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![Op::Var(addr), l.clone(), a, l]));
                        if let Some(f) = self.assoc_frees.last_mut() {
                            f.push(addr);
                        }
                    }
                    Home::Chars { addr, len }
                }
                (None, _) if matches!(sel.kind, ExprKind::ArrayRef { .. } | ExprKind::Component(_)) => {
                    let a = self.arg_addr(sel);
                    let p = self.tmp(Ty::Ptr);
                    self.emit(Stmt::Assign(p, Rv::Use(a)));
                    Home::Mem(p, base)
                }
                (None, _) => {
                    let t = ir_ty(base);
                    let v = self.expr(sel);
                    let v = self.conv(v, t);
                    let r = self.tmp(t);
                    self.emit(Stmt::Assign(r, Rv::Use(v)));
                    Home::Reg(r, base)
                }
            };
            if let Some(scope) = self.overrides.last_mut() {
                scope.insert(n.name.clone(), home);
            }
        }
    }

    /// A home for an associate name whose selector was reported (its uses report nothing
    /// more; the unit is not compiled).
    fn placeholder_home(&mut self, base: BaseTy, rank: u8) -> Home {
        let addr = self.tmp(Ty::Ptr);
        self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
        if rank == 0 {
            return Home::Mem(addr, base);
        }
        let (mut lb, mut ext) = (Vec::new(), Vec::new());
        for _ in 0..rank {
            let (l, e) = (self.tmp(Ty::I64), self.tmp(Ty::I64));
            self.emit(Stmt::Assign(l, Rv::Use(Op::I64(1))));
            self.emit(Stmt::Assign(e, Rv::Use(Op::I64(0))));
            lb.push(l);
            ext.push(e);
        }
        Home::Array(Desc { name: String::new(), base, addr, lb, ext })
    }

    /// A descriptor (bounds from 1) over a contiguous section of a named array: ranges
    /// without strides in the leading dimensions, all but the last of them whole, then
    /// scalar subscripts; `None` for any other reference (nothing emitted).
    fn contiguous_section(&mut self, e: &Expr) -> Option<Desc> {
        let ExprKind::ArrayRef { name, subs } = &e.kind else { return None };
        let Some(Home::Array(d)) = self.lookup(&name.name) else { return None };
        let nr = subs.iter().take_while(|s| matches!(s, Arg::Range { stride: None, .. })).count();
        let ok = nr > 0
            && subs[..nr - 1].iter().all(|s| matches!(s, Arg::Range { lo: None, hi: None, .. }))
            && subs[nr..].iter().all(|s| matches!(s, Arg::Index(x) if x.ty.rank() == 0));
        if !ok || subs.len() != d.lb.len() {
            return None;
        }
        let mut first = Vec::new();
        let (mut lb, mut ext) = (Vec::new(), Vec::new());
        for (k, s) in subs.iter().enumerate() {
            match s {
                Arg::Range { lo, hi, .. } => {
                    let l = self.range_lo(&d, k, lo.as_ref());
                    let h = self.range_hi(&d, k, hi.as_ref());
                    let n = self.bin(Ty::I64, BinOp::Sub, h, l.clone());
                    let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
                    let (lv, ev) = (self.tmp(Ty::I64), self.tmp(Ty::I64));
                    self.emit(Stmt::Assign(lv, Rv::Use(Op::I64(1))));
                    self.emit(Stmt::Assign(ev, Rv::Binary(BinOp::Max, n, Op::I64(0))));
                    lb.push(lv);
                    ext.push(ev);
                    first.push(l);
                }
                Arg::Index(x) | Arg::Keyword(_, x) => {
                    let v = self.expr(x);
                    first.push(self.conv(v, Ty::I64));
                }
            }
        }
        let a = self.elem_addr(&d, &first);
        let addr = self.tmp(Ty::Ptr);
        self.emit(Stmt::Assign(addr, Rv::Use(a)));
        Some(Desc { name: d.name.clone(), base: d.base, addr, lb, ext })
    }

    /// `do concurrent`, run in order: a `local` or `local_init` variable is saved before the
    /// loops and restored after them (the construct's entity is a different one);
    /// `local_init` also sets it from the saved value at the start of every iteration.
    /// Scalars of intrinsic numeric and logical types are saved in a register; arrays,
    /// characters, complex values and structures without allocatable components as bytes
    /// in a temporary; a pointer's association (the variables of its address or descriptor),
    /// so the construct's pointer is associated anew, or as outside for `local_init`.
    pub(super) fn do_concurrent(&mut self, specs: &[ast::ConcurrentSpec], mask: Option<&Expr>, loc: &ast::Locality, body: &[ast::Stmt]) {
        let mut saved = Vec::new();
        let mut init = Vec::new();
        let mut bytes = Vec::new();
        // (name, association variables with their copies, `local_init`)
        let mut ptrs: Vec<(String, VarCopies, bool)> = Vec::new();
        let mut structs: Vec<(Op, Op, Op, u16, bool)> = Vec::new();
        for (k, e) in &loc.names {
            if *k == ast::LocalityKind::Shared {
                continue;
            }
            if let Some((name, vars)) = self.pointer_state(e) {
                let copies = vars
                    .into_iter()
                    .map(|v| {
                        let t = self.tmp(self.f.var(v).ty);
                        self.emit(Stmt::Assign(t, Rv::Use(Op::Var(v))));
                        (v, t)
                    })
                    .collect();
                ptrs.push((name, copies, *k == ast::LocalityKind::LocalInit));
                continue;
            }
            if let Some((addr, kt)) = self.alloc_comp_struct(e) {
                // the outer value's bytes (with its components) in a temporary; the
                // construct's entity a deep copy of it
                let n = Op::I64(self.type_size(kt));
                let buf = self.temp_buf(&[], self.type_size(kt));
                let _ = self.val(Ty::Ptr, Rv::Call("memcpy".into(), vec![buf.clone(), addr.clone(), n.clone()], Ty::Ptr));
                self.dup_alloc_comps(addr.clone(), kt);
                structs.push((addr, buf, n, kt, *k == ast::LocalityKind::LocalInit));
                continue;
            }
            if e.ty.rank() > 0 || matches!(e.ty.base(), Some(BaseTy::Character | BaseTy::Derived(_) | BaseTy::Complex(_)) | None) {
                match self.locality_bytes(e) {
                    Some((addr, n)) => {
                        let buf = self.temp_buf(std::slice::from_ref(&n), 1);
                        let _ = self.val(Ty::Ptr, Rv::Call("memcpy".into(), vec![buf.clone(), addr.clone(), n.clone()], Ty::Ptr));
                        bytes.push((addr, buf, n, *k == ast::LocalityKind::LocalInit));
                    }
                    None => self.not_yet("`local` and `local_init` of arrays of structures with allocatable components", e.span),
                }
                continue;
            }
            let t = self.tmp(self.expr_ty(e));
            let v = self.expr(e);
            self.emit(Stmt::Assign(t, Rv::Use(v)));
            saved.push((e, t));
            if *k == ast::LocalityKind::LocalInit {
                init.push((e, t));
            }
        }
        let init_bytes: Vec<(Op, Op, Op)> = bytes.iter().filter(|b| b.3).map(|(a, b, n, _)| (a.clone(), b.clone(), n.clone())).collect();
        let init_ptrs: Vec<(String, VarCopies)> = ptrs.iter().filter(|p| p.2).map(|(n, c, _)| (n.clone(), c.clone())).collect();
        self.forall_ptrs = init_ptrs;
        self.forall_structs = structs.clone();
        self.forall(specs, mask, body, false, &init, &init_bytes);
        for (addr, buf, n, kt, _) in structs {
            self.free_alloc_comps(addr.clone(), kt);
            let _ = self.val(Ty::Ptr, Rv::Call("memcpy".into(), vec![addr, buf.clone(), n], Ty::Ptr));
            self.emit(Stmt::Call("gpuf_free".into(), vec![buf]));
        }
        for (e, t) in saved {
            self.store_to(e, Op::Var(t));
        }
        for (name, copies, _) in ptrs {
            self.restore_pointer(&name, &copies);
        }
        for (addr, buf, n, _) in bytes {
            let _ = self.val(Ty::Ptr, Rv::Call("memcpy".into(), vec![addr, buf.clone(), n], Ty::Ptr));
            self.emit(Stmt::Call("gpuf_free".into(), vec![buf]));
        }
    }

    /// The address and type of `e` if it is a scalar structure with allocatable components.
    fn alloc_comp_struct(&mut self, e: &Expr) -> Option<(Op, u16)> {
        let ExprKind::Name(id) = &e.kind else { return None };
        let sym = self.syms.get(&id.name)?;
        let BaseTy::Derived(k) = sym.base else { return None };
        if sym.rank > 0 || sym.pointer || sym.allocatable || !self.has_alloc_comps(k, 0) {
            return None;
        }
        Some((self.arg_addr(e), k))
    }

    /// The variables holding the association of the pointer `e` (a scalar's address, an
    /// array's descriptor and element distances), or `None` if `e` is not a pointer.
    fn pointer_state(&mut self, e: &Expr) -> Option<(String, Vec<VarId>)> {
        let ExprKind::Name(id) = &e.kind else { return None };
        if !self.syms.get(&id.name)?.pointer {
            return None;
        }
        let vars = match self.lookup(&id.name)? {
            Home::Mem(pv, _) => vec![pv],
            Home::Array(d) => {
                let mut v = vec![d.addr];
                v.extend(d.lb.iter().chain(d.ext.iter()).copied());
                v.extend(self.ptr_sm.get(&d.addr).cloned().unwrap_or_default());
                v
            }
            _ => return None,
        };
        Some((id.name.clone(), vars))
    }

    /// Sets the association of the pointer `name` from the copies (`(variable, copy)`), and
    /// writes it back where a module, saved or dummy pointer lives.
    pub(super) fn restore_pointer(&mut self, name: &str, copies: &[(VarId, VarId)]) {
        for (v, t) in copies {
            self.emit(Stmt::Assign(*v, Rv::Use(Op::Var(*t))));
        }
        self.store_global_ptr(name);
        self.store_global_desc(name);
    }

    /// The address and byte size of a `local` variable kept in contiguous storage of a
    /// size known on entry to the construct (`None`: a pointer, an assumed-size array or an
    /// array of structures with allocatable components).
    fn locality_bytes(&mut self, e: &Expr) -> Option<(Op, Op)> {
        let ExprKind::Name(id) = &e.kind else { return None };
        let sym = self.syms.get(&id.name)?;
        if sym.pointer || sym.dims.iter().any(|d| matches!(d, ast::DimSpec::AssumedSize(_))) {
            return None;
        }
        if let BaseTy::Derived(k) = sym.base {
            if self.has_alloc_comps(k, 0) {
                return None;
            }
        }
        let home = self.lookup(&id.name)?;
        let addr = self.arg_addr(e);
        let n = match home {
            Home::Array(d) => self.desc_bytes(&d),
            Home::CharArray { d, len } => {
                let mut n = Op::Var(len);
                for x in d.ext.clone() {
                    n = self.bin(Ty::I64, BinOp::Mul, n, Op::Var(x));
                }
                n
            }
            Home::Chars { len, .. } => Op::Var(len),
            Home::Str(_) => return None,
            Home::Reg(_, b) | Home::Mem(_, b) => Op::I64(self.elem_size(b)),
        };
        Some((addr, n))
    }

    pub(super) fn forall(
        &mut self,
        specs: &[ast::ConcurrentSpec],
        mask: Option<&Expr>,
        body: &[ast::Stmt],
        is_forall: bool,
        init: &[(&Expr, VarId)],
        init_bytes: &[(Op, Op, Op)],
    ) {
        let mut loops = Vec::new();
        let mut scope = HashMap::new();
        let mut counts = Vec::new();
        for sp in specs {
            let (base, vt, lo, hi, st) = self.index_bounds(&sp.var.name, &sp.lo, &sp.hi, sp.step.as_ref());
            // Values that must not change while the loops run.
            let mut fixed = [lo, hi, st].map(|o| {
                if let Op::Var(_) = o {
                    let t = self.tmp(vt);
                    self.emit(Stmt::Assign(t, Rv::Use(o)));
                    Op::Var(t)
                } else {
                    o
                }
            });
            let [lo, hi, st] = std::mem::replace(&mut fixed, [Op::I32(0), Op::I32(0), Op::I32(0)]);
            let n = self.bin(vt, BinOp::Sub, hi.clone(), lo.clone());
            let n = self.bin(vt, BinOp::Add, n, st.clone());
            let n = self.bin(vt, BinOp::Div, n, st.clone());
            let n = self.conv(n, Ty::I64);
            counts.push(self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0))));
            let v = self.f.new_var(sp.var.name.clone(), vt);
            scope.insert(sp.var.name.clone(), Home::Reg(v, base));
            loops.push((v, lo, hi, st));
        }
        self.overrides.push(scope);
        // `local_init` pointers of a `do concurrent` (see `do_concurrent`)
        let init_ptrs = std::mem::take(&mut self.forall_ptrs);
        let init_structs = std::mem::take(&mut self.forall_structs);
        if !is_forall {
            self.nest(&loops, 0, &mut |g| {
                for (e, t) in init {
                    g.store_to(e, Op::Var(*t));
                }
                for (name, copies) in &init_ptrs {
                    g.restore_pointer(name, copies);
                }
                // a structure with allocatable components: the last iteration's components
                // go; `local_init` copies the outer value deeply
                for (addr, buf, n, kt, init) in &init_structs {
                    g.free_alloc_comps(addr.clone(), *kt);
                    if *init {
                        let _ = g.val(Ty::Ptr, Rv::Call("memcpy".into(), vec![addr.clone(), buf.clone(), n.clone()], Ty::Ptr));
                        g.dup_alloc_comps(addr.clone(), *kt);
                    }
                }
                for (addr, buf, n) in init_bytes {
                    let _ = g.val(Ty::Ptr, Rv::Call("memcpy".into(), vec![addr.clone(), buf.clone(), n.clone()], Ty::Ptr));
                }
                match mask {
                    Some(m) => {
                        let c = g.expr(m);
                        g.push_block();
                        g.stmts(body);
                        let b = g.pop_block();
                        g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] });
                    }
                    None => g.stmts(body),
                }
            });
            self.overrides.pop();
            return;
        }
        for st in body {
            let StmtKind::Assign { lhs, rhs } = &st.kind else { continue };
            let name = match &lhs.kind {
                ExprKind::Name(id) => id.name.clone(),
                ExprKind::ArrayRef { name, .. } => name.name.clone(),
                _ => String::new(),
            };
            let lt = self.expr_ty(lhs);
            let reads = mentions(rhs, &name) || mask.is_some_and(|m| mentions(m, &name));
            if !reads {
                self.nest(&loops, 0, &mut |g| {
                    let c = mask.map(|m| g.expr(m));
                    g.push_block();
                    let mk = g.materialize(rhs);
                    g.assign(lhs, rhs, st.span);
                    g.free_mats(mk);
                    let b = g.pop_block();
                    match c {
                        Some(c) => g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] }),
                        None => {
                            for s in b {
                                g.emit(s);
                            }
                        }
                    }
                });
                continue;
            }
            let vals = self.temp_buf(&counts, lt.size());
            let bits = self.temp_buf(&counts, 4);
            let pos = self.tmp(Ty::I64);
            self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
            self.nest(&loops, 0, &mut |g| {
                let c = match mask {
                    Some(m) => g.expr(m),
                    None => Op::I32(1),
                };
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(4));
                let ba = g.val(Ty::Ptr, Rv::PtrAdd(bits.clone(), off));
                g.emit(Stmt::Store(Ty::I32, ba, c.clone()));
                g.push_block();
                let mk = g.materialize(rhs);
                let v = g.expr(rhs);
                let v = g.conv(v, lt);
                g.free_mats(mk);
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(lt.size()));
                let va = g.val(Ty::Ptr, Rv::PtrAdd(vals.clone(), off));
                g.emit(Stmt::Store(lt, va, v));
                let b = g.pop_block();
                g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] });
                g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
            });
            self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
            self.nest(&loops, 0, &mut |g| {
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(4));
                let ba = g.val(Ty::Ptr, Rv::PtrAdd(bits.clone(), off));
                let c = g.val(Ty::I32, Rv::Load(Ty::I32, ba));
                g.push_block();
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(lt.size()));
                let va = g.val(Ty::Ptr, Rv::PtrAdd(vals.clone(), off));
                let v = g.val(lt, Rv::Load(lt, va));
                g.assign_op(lhs, v);
                let b = g.pop_block();
                g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] });
                g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
            });
            self.emit(Stmt::Call("gpuf_free".into(), vec![vals]));
            self.emit(Stmt::Call("gpuf_free".into(), vec![bits]));
        }
        self.overrides.pop();
    }

    /// Nested counted loops over `loops[k..]` (variable, lo, hi, step); the innermost one is
    /// the target of `cycle`.
    fn nest(&mut self, loops: &[(VarId, Op, Op, Op)], k: usize, inner: &mut dyn FnMut(&mut Self)) {
        let Some((v, lo, hi, st)) = loops.get(k).cloned() else {
            inner(self);
            return;
        };
        let id = self.f.new_loop();
        let last = k + 1 == loops.len();
        if last {
            self.loops.push((None, id));
        }
        self.push_block();
        self.nest(loops, k + 1, inner);
        let body = self.pop_block();
        if last {
            self.loops.pop();
        }
        self.emit(Stmt::Loop { id, var: v, lo, hi, step: st, body, part: None });
    }
}

/// Does any statement leave the loop `id` (at any depth)?
fn exits_to(ss: &[Stmt], id: LoopId) -> bool {
    ss.iter().any(|s| match s {
        Stmt::Exit(l) => *l == id,
        Stmt::If { then_body, else_body, .. } => exits_to(then_body, id) || exits_to(else_body, id),
        Stmt::Loop { body, .. } | Stmt::DataRegion { body, .. } => exits_to(body, id),
        Stmt::While { cond_body, body, .. } => exits_to(cond_body, id) || exits_to(body, id),
        Stmt::Region(r) => exits_to(&r.body, id),
        Stmt::HostParallel(h) => exits_to(&h.body, id),
        _ => false,
    })
}
