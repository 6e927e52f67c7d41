//! Unroll-and-jam of independent loops around a sequential inner loop (the host device).
//!
//! A partitioned nest's innermost loop ([`Function::independent`]) whose body is
//! `pre; do k ...; post` runs two iterations at a time (four where the inner loop's body is
//! small, see [`factor`]), their inner loops fused:
//!
//! ```text
//! do i = lo, hi - 1, 2          ! i and i + 1
//!   pre(i); pre'(i + 1)
//!   do k ...; C(i, k); C'(i + 1, k); end do
//!   post(i); post'(i + 1)
//! end do
//! do i = i, hi                  ! the last iteration of an odd count (the last 1-3 of four)
//!   pre(i); do k ...; C(i, k); end do; post(i)
//! end do
//! ```
//!
//! The other copies' variables are new ones. This is what gfortran's outer-loop
//! vectorisation achieves for a matrix product: independent accumulator chains per inner
//! loop, whose loads LLVM's SLP vectoriser pairs (with four, two vector chains, which hide
//! the addition's latency that bounds gfortran's one chain). It is done only where it is legal
//! and changes nothing observable: the iterations are independent (partitioned loops), the
//! statements before and inside the inner loop neither write memory nor call anything (so
//! moving a later iteration's reads before an earlier one's `post` reads nothing the
//! earlier writes, which independence already rules out), the inner loop's bounds are the
//! same for every iteration, every variable the body writes is written before the body
//! reads it (no value flows from one iteration to the next) and read nowhere else in the
//! kernel, and the body has no `exit` or `cycle`.

use crate::ir::*;
use std::collections::{BTreeSet, HashMap};

/// Unrolls and jams the function's independent loops of the shape above (the prologue
/// `pro`, which runs before the body, counts as "elsewhere in the kernel").
pub fn unroll_and_jam(f: &mut Function, pro: &[Stmt]) {
    if f.independent.is_empty() {
        return;
    }
    let body = std::mem::take(&mut f.body);
    let mut total = HashMap::new();
    reads(pro, &mut total);
    reads(&body, &mut total);
    let consts = constants(pro, &body);
    f.body = walk(f, body, &total, &consts);
}

/// How many iterations run jammed: four where the inner loop's body is small (four
/// accumulator chains, which LLVM's SLP vectoriser pairs into two vector chains, so the
/// loop is no longer bound by the latency of one addition per trip: a 900^2 matrix product
/// 0.86x gfortran's time against 1.00x with two), else two (more copies of a large body
/// would only spill registers).
fn factor(body: &[Stmt]) -> i64 {
    match split(body) {
        Some((_, Stmt::Loop { body: kb, .. })) if size(kb) <= SMALL_INNER => 4,
        _ => 2,
    }
}

/// The largest inner-loop body (in IR statements) that is jammed four times.
const SMALL_INNER: usize = 32;

/// The number of statements, nested ones included.
fn size(ss: &[Stmt]) -> usize {
    ss.iter()
        .map(|s| match s {
            Stmt::If { then_body, else_body, .. } => 1 + size(then_body) + size(else_body),
            Stmt::Loop { body, .. } => 1 + size(body),
            Stmt::While { cond_body, body, .. } => 1 + size(cond_body) + size(body),
            _ => 1,
        })
        .sum()
}

fn walk(f: &mut Function, ss: Vec<Stmt>, total: &HashMap<VarId, usize>, consts: &HashMap<VarId, i64>) -> Vec<Stmt> {
    let mut out = Vec::new();
    for s in ss {
        match s {
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                let l = Stmt::Loop { id, var, lo, hi, step, body, part };
                if f.independent.contains(&id) && legal(f, &l, total, consts) {
                    let n = match &l {
                        Stmt::Loop { body, .. } => factor(body),
                        _ => 2,
                    };
                    out.extend(jam(f, l, n));
                    continue;
                }
                let Stmt::Loop { id, var, lo, hi, step, body, part } = l else { unreachable!() };
                out.push(Stmt::Loop { id, var, lo, hi, step, body: walk(f, body, total, consts), part });
            }
            Stmt::If { cond, then_body, else_body } => {
                out.push(Stmt::If { cond, then_body: walk(f, then_body, total, consts), else_body: walk(f, else_body, total, consts) })
            }
            Stmt::While { id, cond_body, cond, body } => {
                out.push(Stmt::While { id, cond_body: walk(f, cond_body, total, consts), cond, body: walk(f, body, total, consts) })
            }
            s => out.push(s),
        }
    }
    out
}

/// The integer constant an operand is: a literal, or a variable assigned exactly once, a
/// literal or a conversion of one.
fn constant(o: &Op, consts: &HashMap<VarId, i64>) -> Option<i64> {
    match o {
        Op::I32(c) => Some(i64::from(*c)),
        Op::I64(c) => Some(*c),
        Op::Var(v) => consts.get(v).copied(),
        _ => None,
    }
}

fn constants(pro: &[Stmt], body: &[Stmt]) -> HashMap<VarId, i64> {
    fn walk(ss: &[Stmt], n: &mut HashMap<VarId, (usize, Option<i64>)>) {
        for s in ss {
            match s {
                Stmt::Assign(v, r) => {
                    let c = match r {
                        Rv::Use(Op::I32(c)) | Rv::Cast(Ty::I32 | Ty::I64, Op::I32(c)) => Some(i64::from(*c)),
                        Rv::Use(Op::I64(c)) | Rv::Cast(Ty::I64, Op::I64(c)) => Some(*c),
                        Rv::Cast(Ty::I32, Op::I64(c)) => i32::try_from(*c).ok().map(i64::from),
                        _ => None,
                    };
                    let e = n.entry(*v).or_insert((0, c));
                    e.0 += 1;
                }
                Stmt::If { then_body, else_body, .. } => {
                    walk(then_body, n);
                    walk(else_body, n);
                }
                Stmt::Loop { var, body, .. } => {
                    n.entry(*var).or_insert((0, None)).0 += 2;
                    walk(body, n);
                }
                Stmt::While { cond_body, body, .. } => {
                    walk(cond_body, n);
                    walk(body, n);
                }
                _ => {}
            }
        }
    }
    let mut n = HashMap::new();
    walk(pro, &mut n);
    walk(body, &mut n);
    n.into_iter().filter_map(|(v, (k, c))| if k == 1 { c.map(|c| (v, c)) } else { None }).collect()
}

/// How often each variable is read (operands, conditions, bounds, addresses taken).
fn reads(ss: &[Stmt], n: &mut HashMap<VarId, usize>) {
    let op = |o: &Op, n: &mut HashMap<VarId, usize>| {
        if let Op::Var(v) = o {
            *n.entry(*v).or_insert(0) += 1;
        }
    };
    for s in ss {
        match s {
            Stmt::Assign(_, r) => {
                if let Rv::AddrOf(x) = r {
                    *n.entry(*x).or_insert(0) += 1;
                }
                crate::passes::gimplify::rv_ops(r).into_iter().for_each(|o| op(o, n));
            }
            Stmt::Store(_, a, b) | Stmt::AtomicStore(_, a, b) => {
                op(a, n);
                op(b, n);
            }
            Stmt::Call(_, os) | Stmt::Builtin(_, os) | Stmt::Prim(_, os) => os.iter().for_each(|o| op(o, n)),
            Stmt::If { cond, then_body, else_body } => {
                op(cond, n);
                reads(then_body, n);
                reads(else_body, n);
            }
            Stmt::Loop { lo, hi, step, body, part, .. } => {
                for o in [lo, hi, step] {
                    op(o, n);
                }
                reads(body, n);
                if let Some(a) = part {
                    // A partitioned loop (not left in kernels after omp-expand): its
                    // reduction variables count as read.
                    for r in &a.reductions {
                        op(&Op::Var(r.local), n);
                        match r.result {
                            RedResult::Var(v) | RedResult::Mem(v) => op(&Op::Var(v), n),
                        }
                    }
                }
            }
            Stmt::While { cond_body, cond, body, .. } => {
                reads(cond_body, n);
                op(cond, n);
                reads(body, n);
            }
            Stmt::Region(r) => reads(&r.body, n),
            Stmt::DataRegion { body, .. } => reads(body, n),
            Stmt::HostParallel(h) => {
                op(&h.num_threads, n);
                reads(&h.body, n);
            }
            Stmt::Launch(_) | Stmt::Exit(_) | Stmt::Cycle(_) | Stmt::Return => {}
        }
    }
}

/// Statements that neither write memory nor call anything, without loops, `exit` or `cycle`.
fn pure(ss: &[Stmt]) -> bool {
    ss.iter().all(|s| match s {
        Stmt::Assign(_, r) => matches!(
            r,
            Rv::Use(_) | Rv::Unary(..) | Rv::Binary(..) | Rv::Cast(..) | Rv::Math(..) | Rv::Load(..) | Rv::PtrAdd(..) | Rv::GlobalAddr(_)
        ),
        Stmt::If { then_body, else_body, .. } => pure(then_body) && pure(else_body),
        _ => false,
    })
}

/// Statements after the inner loop: also stores, atomics and calls; no loops, `exit`,
/// `cycle`, builtins or primitives.
fn after(ss: &[Stmt]) -> bool {
    ss.iter().all(|s| match s {
        Stmt::Assign(_, r) => !matches!(r, Rv::Builtin(..) | Rv::Prim(..) | Rv::Alloca(_) | Rv::AddrOf(_)),
        Stmt::Store(..) | Stmt::AtomicStore(..) | Stmt::Call(..) => true,
        Stmt::If { then_body, else_body, .. } => after(then_body) && after(else_body),
        _ => false,
    })
}

/// Whether every read of a variable of `mine` happens after a write of it in the same pass
/// through the statements (`d`: the variables written so far on every path); adds to `d`
/// the variables every path through the statements writes.
fn written_first(ss: &[Stmt], mine: &BTreeSet<VarId>, d: &mut BTreeSet<VarId>) -> bool {
    let ok = |o: &Op, d: &BTreeSet<VarId>| match o {
        Op::Var(v) => !mine.contains(v) || d.contains(v),
        _ => true,
    };
    for s in ss {
        match s {
            Stmt::Assign(v, r) => {
                if !crate::passes::gimplify::rv_ops(r).into_iter().all(|o| ok(o, d)) {
                    return false;
                }
                d.insert(*v);
            }
            Stmt::Store(_, a, b) | Stmt::AtomicStore(_, a, b) => {
                if !ok(a, d) || !ok(b, d) {
                    return false;
                }
            }
            Stmt::Call(_, os) => {
                if !os.iter().all(|o| ok(o, d)) {
                    return false;
                }
            }
            Stmt::If { cond, then_body, else_body } => {
                if !ok(cond, d) {
                    return false;
                }
                let (mut a, mut b) = (d.clone(), d.clone());
                if !written_first(then_body, mine, &mut a) || !written_first(else_body, mine, &mut b) {
                    return false;
                }
                *d = a.intersection(&b).copied().collect();
            }
            Stmt::Loop { var, lo, hi, step, body, .. } => {
                if ![lo, hi, step].iter().all(|o| ok(o, d)) {
                    return false;
                }
                // The variable is set before the first trip; what the body writes may
                // not be (no trips).
                d.insert(*var);
                let mut inside = d.clone();
                if !written_first(body, mine, &mut inside) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

/// The body split at its one top-level loop: (before, the loop, after).
fn split(body: &[Stmt]) -> Option<(usize, &Stmt)> {
    let mut at = None;
    for (k, s) in body.iter().enumerate() {
        if matches!(s, Stmt::Loop { .. } | Stmt::While { .. }) {
            if at.is_some() {
                return None;
            }
            at = Some((k, s));
        }
    }
    at
}

fn legal(f: &Function, l: &Stmt, total: &HashMap<VarId, usize>, consts: &HashMap<VarId, i64>) -> bool {
    let Stmt::Loop { var, step, body, .. } = l else { return false };
    if constant(step, consts) != Some(1) || !matches!(f.var(*var).ty, Ty::I32 | Ty::I64) {
        return false;
    }
    let Some((k, Stmt::Loop { var: kv, lo: klo, hi: khi, step: kst, body: kbody, part: None, .. })) = split(body) else { return false };
    if !pure(&body[..k]) || !pure(kbody) || !after(&body[k + 1..]) {
        return false;
    }
    let mine = crate::passes::gimplify::defs(body);
    if mine.contains(var) || mine.is_empty() {
        return false;
    }
    // The inner loop's bounds are the same for both iterations.
    let varies = |o: &Op| matches!(o, Op::Var(v) if mine.contains(v) || v == var);
    if [klo, khi, kst].into_iter().any(varies) || !mine.contains(kv) {
        return false;
    }
    let mut d = BTreeSet::new();
    if !written_first(body, &mine, &mut d) {
        return false;
    }
    // Nothing outside the loop reads what the body writes.
    let mut inside = HashMap::new();
    reads(std::slice::from_ref(l), &mut inside);
    mine.iter().all(|v| total.get(v).copied().unwrap_or(0) == inside.get(v).copied().unwrap_or(0))
}

/// Copies the statements with the variables of `map` replaced (reads and writes).
fn rename(ss: &[Stmt], map: &HashMap<VarId, VarId>) -> Vec<Stmt> {
    let v = |x: &VarId| *map.get(x).unwrap_or(x);
    let o = |x: &Op| match x {
        Op::Var(y) => Op::Var(v(y)),
        x => x.clone(),
    };
    let os = |xs: &[Op]| xs.iter().map(o).collect::<Vec<_>>();
    ss.iter()
        .map(|s| match s {
            Stmt::Assign(d, r) => Stmt::Assign(
                v(d),
                match r {
                    Rv::Use(a) => Rv::Use(o(a)),
                    Rv::Unary(u, a) => Rv::Unary(*u, o(a)),
                    Rv::Binary(b, x, y) => Rv::Binary(*b, o(x), o(y)),
                    Rv::Cast(t, a) => Rv::Cast(*t, o(a)),
                    Rv::Math(m, xs) => Rv::Math(*m, os(xs)),
                    Rv::Load(t, a) => Rv::Load(*t, o(a)),
                    Rv::PtrAdd(x, y) => Rv::PtrAdd(o(x), o(y)),
                    Rv::Call(n, xs, t) => Rv::Call(n.clone(), os(xs), *t),
                    Rv::Builtin(b, xs) => Rv::Builtin(b.clone(), os(xs)),
                    Rv::Prim(p, xs) => Rv::Prim(p.clone(), os(xs)),
                    Rv::AddrOf(x) => Rv::AddrOf(v(x)),
                    Rv::GlobalAddr(g) => Rv::GlobalAddr(g.clone()),
                    Rv::AtomicRmw(a, t, x, y) => Rv::AtomicRmw(*a, *t, o(x), o(y)),
                    Rv::AtomicCas(t, x, y, z) => Rv::AtomicCas(*t, o(x), o(y), o(z)),
                    Rv::AtomicLoad(t, a) => Rv::AtomicLoad(*t, o(a)),
                    Rv::Alloca(n) => Rv::Alloca(*n),
                },
            ),
            Stmt::Store(t, a, b) => Stmt::Store(*t, o(a), o(b)),
            Stmt::AtomicStore(t, a, b) => Stmt::AtomicStore(*t, o(a), o(b)),
            Stmt::Call(n, xs) => Stmt::Call(n.clone(), os(xs)),
            Stmt::If { cond, then_body, else_body } => {
                Stmt::If { cond: o(cond), then_body: rename(then_body, map), else_body: rename(else_body, map) }
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                Stmt::Loop { id: *id, var: v(var), lo: o(lo), hi: o(hi), step: o(step), body: rename(body, map), part: part.clone() }
            }
            // Not reached: `legal` admits no other statements.
            s => s.clone(),
        })
        .collect()
}

/// Unrolls the loop by `factor` and jams the copies' inner loops into one.
fn jam(f: &mut Function, l: Stmt, factor: i64) -> Vec<Stmt> {
    let Stmt::Loop { id, var, lo, hi, step, body, part } = l else { return vec![l] };
    let Some((k, _)) = split(&body) else { return vec![Stmt::Loop { id, var, lo, hi, step, body, part }] };
    let t = f.var(var).ty;
    let c = |x: i64| if t == Ty::I32 { Op::I32(x as i32) } else { Op::I64(x) };
    // The variables of copies 1.., and the copies.
    let mut maps = Vec::new();
    let mut copies = Vec::new();
    for u in 1..factor {
        let mut map = HashMap::new();
        for v in crate::passes::gimplify::defs(&body).into_iter().chain([var]) {
            let old = f.var(v).clone();
            let n = f.new_var(format!("{}.uj{u}", old.name), old.ty);
            f.vars[n.0 as usize].reassoc = old.reassoc;
            map.insert(v, n);
        }
        copies.push(rename(&body, &map));
        maps.push(map);
    }
    let Stmt::Loop { var: kv, lo: klo, hi: khi, step: kst, body: kb, id: kid, .. } = &body[k] else {
        return vec![Stmt::Loop { id, var, lo, hi, step, body, part }];
    };
    let mut jammed = Vec::new();
    for (u, map) in maps.iter().enumerate() {
        jammed.push(Stmt::Assign(map[&var], Rv::Binary(BinOp::Add, Op::Var(var), c(u as i64 + 1))));
    }
    jammed.extend(body[..k].iter().cloned());
    for cp in &copies {
        jammed.extend(cp[..k].iter().cloned());
    }
    let mut inner = kb.clone();
    for (cp, map) in copies.iter().zip(&maps) {
        let Stmt::Loop { body: kbu, .. } = &cp[k] else { return vec![Stmt::Loop { id, var, lo, hi, step, body, part }] };
        inner.push(Stmt::Assign(map[kv], Rv::Use(Op::Var(*kv))));
        inner.extend(kbu.iter().cloned());
    }
    let nid = f.new_loop();
    if f.bounded.contains(kid) {
        f.bounded.push(nid);
    }
    jammed.push(Stmt::Loop { id: nid, var: *kv, lo: klo.clone(), hi: khi.clone(), step: kst.clone(), body: inner, part: None });
    for map in &maps {
        jammed.push(Stmt::Assign(map[kv], Rv::Use(Op::Var(*kv))));
    }
    jammed.extend(body[k + 1..].iter().cloned());
    for cp in &copies {
        jammed.extend(cp[k + 1..].iter().cloned());
    }
    let n = f.vars.len();
    let last = f.new_var(format!("x.{n}"), t);
    let main = f.new_loop();
    vec![
        Stmt::Assign(last, Rv::Binary(BinOp::Sub, hi.clone(), c(factor - 1))),
        Stmt::Loop { id: main, var, lo, hi: Op::Var(last), step: c(factor), body: jammed, part: None },
        // The last iterations of a count that is not a multiple: `var` is where the groups stopped.
        Stmt::Loop { id, var, lo: Op::Var(var), hi, step: c(1), body, part },
    ]
}

#[cfg(test)]
mod tests {
    use crate::ir::{Module, Target};

    fn modules(src: &str, targets: &[Target]) -> Vec<Module> {
        let (c, _) = gpuf_frontend::parse_and_check(src).expect("the test program checks");
        crate::passes::run_pipeline(&c, src, "t.f90", targets, None).unwrap_or_else(|_| panic!("the pipeline runs")).modules
    }

    /// The number of variables of each kernel that copy one of a later iteration.
    fn jammed(m: &Module) -> Vec<usize> {
        m.kernels.iter().map(|k| k.func.vars.iter().filter(|v| v.name.contains(".uj")).count()).collect()
    }

    const SRC: &str = "program p
  integer, parameter :: n = 9
  real(8) :: a(n, n), c(n, n), s
  integer :: i, j, k, t(n)
  a = 1
  !$acc parallel loop collapse(2) copyin(a) copyout(c) private(s)
  do j = 1, n
    do i = 1, n
      s = 0
      do k = 1, n
        s = s + a(i, k) * a(k, j)
      end do
      c(i, j) = s
    end do
  end do
  !$acc parallel loop copyout(t) private(k)
  do i = 1, n
    t(i) = 0
    do k = 1, i
      t(i) = t(i) + k
    end do
  end do
  !$acc parallel loop copyin(a) copyout(c) private(s)
  do i = 1, n
    s = 0
    do k = 1, n
      s = s + a(i, k)
    end do
    c(i, 1) = s
    do k = 1, n
      c(i, k) = s
    end do
  end do
end program p
";

    #[test]
    fn only_the_host_jams_and_only_legal_loops() {
        let ms = modules(SRC, &[Target::Host, Target::Sim, Target::Nvptx]);
        let host = jammed(&ms[0]);
        // The product is jammed; the triangular loop (bounds vary, a store before the
        // inner loop) and the loop with two inner loops are not.
        assert!(host[0] > 0, "{host:?}");
        assert_eq!(&host[1..], &[0, 0]);
        assert_eq!(jammed(&ms[1]), vec![0, 0, 0]);
        assert_eq!(jammed(&ms[2]), vec![0, 0, 0]);
    }

    /// The copies of each jammed kernel (the largest `.ujN` suffix).
    fn copies(m: &Module) -> Vec<u32> {
        m.kernels
            .iter()
            .map(|k| k.func.vars.iter().filter_map(|v| v.name.rsplit_once(".uj").and_then(|(_, n)| n.parse().ok())).max().unwrap_or(0))
            .collect()
    }

    #[test]
    fn small_inner_bodies_jam_four_iterations_large_ones_two() {
        let big = (1..=12).map(|e| format!("a(i, k) ** {e}")).collect::<Vec<_>>().join(" + ");
        let src = format!(
            "program p
  integer, parameter :: n = 9
  real(8) :: a(n, n), c(n, n), s
  integer :: i, j, k
  a = 1
  !$acc parallel loop collapse(2) copyin(a) copyout(c) private(s)
  do j = 1, n
    do i = 1, n
      s = 0
      do k = 1, n
        s = s + a(i, k) * a(k, j)
      end do
      c(i, j) = s
    end do
  end do
  !$acc parallel loop copyin(a) copyout(c) private(s)
  do i = 1, n
    s = 0
    do k = 1, n
      s = s + {big}
    end do
    c(i, 1) = s
  end do
end program p
"
        );
        let ms = modules(&src, &[Target::Host]);
        assert_eq!(copies(&ms[0]), vec![3, 1]);
    }
}
