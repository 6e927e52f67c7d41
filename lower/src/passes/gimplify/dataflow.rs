//! The variables IR statements use and define (region captures, neutering).

use super::*;

/// Every variable read or written in the statements.
pub fn uses(ss: &[Stmt], out: &mut BTreeSet<VarId>) {
    fn op(o: &Op, out: &mut BTreeSet<VarId>) {
        if let Op::Var(v) = o {
            out.insert(*v);
        }
    }
    fn rv(r: &Rv, out: &mut BTreeSet<VarId>) {
        for o in rv_ops(r) {
            op(o, out);
        }
    }
    for s in ss {
        match s {
            Stmt::Assign(v, r) => {
                out.insert(*v);
                if let Rv::AddrOf(x) = r {
                    out.insert(*x);
                }
                rv(r, out);
            }
            Stmt::Store(_, a, b) | Stmt::AtomicStore(_, a, b) => {
                op(a, out);
                op(b, out);
            }
            Stmt::Call(_, os) | Stmt::Builtin(_, os) | Stmt::Prim(_, os) => os.iter().for_each(|o| op(o, out)),
            Stmt::If { cond, then_body, else_body } => {
                op(cond, out);
                uses(then_body, out);
                uses(else_body, out);
            }
            Stmt::Loop { var, lo, hi, step, body, part, .. } => {
                out.insert(*var);
                op(lo, out);
                op(hi, out);
                op(step, out);
                uses(body, out);
                if let Some(a) = part {
                    a.chunk.iter().for_each(|c| op(c, out));
                    a.gang_dim.iter().flat_map(|g| &g.1).for_each(|c| op(c, out));
                    a.threads.iter().for_each(|c| op(c, out));
                    if let Some(t) = &a.simt {
                        t.safelen.iter().for_each(|c| op(c, out));
                        out.extend(t.last_vars.iter().copied());
                        uses(&t.last_copy, out);
                    }
                    for r in &a.reductions {
                        out.insert(r.local);
                        match r.result {
                            RedResult::Var(v) | RedResult::Mem(v) => {
                                out.insert(v);
                            }
                        }
                    }
                }
            }
            Stmt::While { cond_body, cond, body, .. } => {
                uses(cond_body, out);
                op(cond, out);
                uses(body, out);
            }
            Stmt::Region(r) => uses(&r.body, out),
            Stmt::DataRegion { body, .. } => uses(body, out),
            Stmt::HostParallel(h) => {
                op(&h.num_threads, out);
                uses(&h.body, out);
            }
            Stmt::Launch(_) | Stmt::Exit(_) | Stmt::Cycle(_) | Stmt::Return => {}
        }
    }
}

/// The operands of a right-hand side.
pub fn rv_ops(r: &Rv) -> Vec<&Op> {
    match r {
        Rv::Use(o) | Rv::Unary(_, o) | Rv::Cast(_, o) | Rv::Load(_, o) | Rv::AtomicLoad(_, o) => vec![o],
        Rv::Binary(_, a, b) | Rv::PtrAdd(a, b) | Rv::AtomicRmw(_, _, a, b) => vec![a, b],
        Rv::AtomicCas(_, a, b, c) => vec![a, b, c],
        Rv::Math(_, os) | Rv::Call(_, os, _) | Rv::Builtin(_, os) | Rv::Prim(_, os) => os.iter().collect(),
        Rv::AddrOf(_) | Rv::GlobalAddr(_) | Rv::Alloca(_) => Vec::new(),
    }
}

/// Variables assigned (defined) in the statements, loop variables included.
pub fn defs(ss: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    fn walk(ss: &[Stmt], out: &mut BTreeSet<VarId>) {
        for s in ss {
            match s {
                Stmt::Assign(v, _) => {
                    out.insert(*v);
                }
                Stmt::If { then_body, else_body, .. } => {
                    walk(then_body, out);
                    walk(else_body, out);
                }
                Stmt::Loop { var, body, part, .. } => {
                    out.insert(*var);
                    walk(body, out);
                    if let Some(t) = part.as_ref().and_then(|p| p.simt.as_ref()) {
                        out.extend(t.last_vars.iter().copied());
                        walk(&t.last_copy, out);
                    }
                }
                Stmt::While { cond_body, body, .. } => {
                    walk(cond_body, out);
                    walk(body, out);
                }
                Stmt::Region(r) => walk(&r.body, out),
                Stmt::DataRegion { body, .. } => walk(body, out),
                Stmt::HostParallel(h) => walk(&h.body, out),
                _ => {}
            }
        }
    }
    walk(ss, &mut out);
    out
}
