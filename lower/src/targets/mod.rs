//! Per-target offload hooks, GCC's `TARGET_GOACC_*` in Rust: one trait with provided
//! defaults, one implementation per target. Only [`crate::passes::oacc_xform`] calls them.

mod amdgcn;
mod host;
mod nvptx;
mod sim;

pub use amdgcn::Amdgcn;
pub use host::Host;
pub use nvptx::Nvptx;
pub use sim::Sim;

use crate::ir::*;
use crate::passes::gimplify::combine_rv;

/// Bytes of shared memory a worker-level reduction uses: one 8-byte slot per worker.
pub const MAX_WORKERS: i64 = 32;

/// The hooks oacc-xform expands the abstract builtins with.
pub trait OffloadHooks {
    fn target(&self) -> Target;
    /// `GOACC_DIM_POS(level)` (an `I32`).
    fn dim_pos(&self, level: Level) -> Rv;
    /// `GOACC_DIM_SIZE(level)` (an `I32`).
    fn dim_size(&self, level: Level) -> Rv;
    /// A warp shuffle of `val` (of type `ty`: `I32`, `I64`, `F32` or `F64`).
    fn shuffle(&self, ty: Ty, mode: ShuffleMode, val: Op, arg: Op) -> Rv;
    /// A barrier over all threads of the gang.
    fn barrier(&self) -> Stmt;
    /// The base of the gang's shared memory (`Ptr`).
    fn shared_base(&self) -> Rv;
    /// Statements placed after every atomic operation (the sim counts them).
    fn after_atomic(&self) -> Vec<Stmt> {
        Vec::new()
    }
    /// Whether worker- and vector-single code must be neutered (false where every dim is 1).
    fn needs_neutering(&self) -> bool {
        true
    }
    /// Whether the threads of a partitioned loop take contiguous blocks of its iterations
    /// (see [`Builtin::OneThreadPerGang`]) instead of every `n`-th iteration (the GPUs:
    /// coalesced accesses).
    fn block_per_thread(&self) -> bool {
        false
    }
    /// Whether the innermost loops of partitioned nests (in their nested form) are unrolled
    /// and jammed around a sequential inner loop ([`crate::unroll_jam`]): where one thread
    /// runs a gang's iterations in order (the host device), two independent accumulator
    /// chains instead of one.
    fn unroll_and_jam(&self) -> bool {
        false
    }
    /// Whether the run time's error routines (`-fcheck=bounds` in a kernel) cannot be
    /// called in this target's kernels, which then trap instead ([`Prim::Trap`]).
    fn traps_runtime_errors(&self) -> bool {
        false
    }
    /// Whether this target is the host device (OpenMP's initial device).
    fn is_initial_device(&self) -> bool {
        false
    }
    /// The OpenACC device type codes (`acc_device_*` of the `openacc` module) for which
    /// `acc_on_device` is true in this target's kernels.
    fn acc_device_types(&self) -> &'static [i32];
    /// `GOMP_SIMT_LANE` / `GOMP_SIMT_VF` (seed 004): the lane of the warp or wavefront a
    /// `simd` loop's thread runs on, and how many lanes it has.
    fn simt_lane(&self) -> Rv {
        self.dim_pos(Level::Vector)
    }
    fn simt_vf(&self) -> Rv {
        self.dim_size(Level::Vector)
    }
    /// `GOMP_SIMT_VOTE_ANY(cond)`: `I32` 0/1, whether any lane has `cond` non-zero.
    fn simt_vote_any(&self, cond: Op) -> Rv {
        Rv::Prim(Prim::VoteAny, vec![cond])
    }
    /// `GOMP_SIMT_LAST_LANE(cond)`: `I32`, the highest lane with `cond` non-zero; `out`
    /// receives what computes its operands.
    fn simt_last_lane(&self, _f: &mut Function, _out: &mut Vec<Stmt>, cond: Op) -> Rv {
        Rv::Prim(Prim::LastLane, vec![cond])
    }
    /// `GOMP_SIMT_XCHG_IDX(val, lane)`: `val` as lane `lane` has it.
    fn simt_xchg_idx(&self, ty: Ty, val: Op, lane: Op) -> Rv {
        self.shuffle(ty, ShuffleMode::Idx, val, lane)
    }
    /// `GOMP_SIMT_XCHG_BFLY(val, mask)`: `val` as lane `lane ^ mask` has it.
    fn simt_xchg_bfly(&self, ty: Ty, val: Op, mask: Op) -> Rv {
        self.shuffle(ty, ShuffleMode::Xor, val, mask)
    }
    /// A whole `GOMP_SIMT_XCHG_BFLY` butterfly of `val` combined by `op` (omp-expand's loop of
    /// `log2 VF` exchanges), where the target has it as one operation; `None`: the loop's
    /// exchanges one by one.
    fn simt_butterfly(&self, _ty: Ty, _op: BinOp, _val: Op) -> Option<Rv> {
        None
    }
    /// `GOMP_SIMT_ORDERED_PRED(t)`: whether this lane's turn has come in the vote loop of
    /// an `ordered` construct (its countdown `t` is 0); the vote keeps the lanes in step.
    fn simt_ordered_pred(&self, t: Op) -> Rv {
        Rv::Binary(BinOp::Eq, t, Op::I32(0))
    }
    /// Whether the loops of `simd` constructs get LLVM's vectorisation hints
    /// ([`Function::simd_loops`]): where they run on one lane (the host), so the loop is
    /// the sequential one and LLVM's vectoriser gives it SIMD lanes.
    fn simd_loop_hints(&self) -> bool {
        false
    }
    /// Expands one `GOACC_REDUCTION` stage; `res` is the result address or `Op::Null`.
    #[allow(clippy::too_many_arguments)]
    fn reduction(&self, f: &mut Function, stage: RedStage, level: Level, op: RedOp, ty: Ty, res: &Op, local: VarId) -> Vec<Stmt> {
        default_reduction(self, f, stage, level, op, ty, res, local)
    }
}

/// The hooks of a target.
pub fn hooks_for(t: Target) -> Box<dyn OffloadHooks> {
    match t {
        Target::Host => Box::new(Host),
        Target::Sim => Box::new(Sim),
        Target::Nvptx => Box::new(Nvptx),
        Target::Amdgcn => Box::new(Amdgcn),
    }
}

pub use crate::passes::gimplify::identity;

pub(crate) fn tmp(f: &mut Function, out: &mut Vec<Stmt>, ty: Ty, rv: Rv) -> Op {
    let n = f.vars.len();
    let v = f.new_var(format!("x.{n}"), ty);
    out.push(Stmt::Assign(v, rv));
    Op::Var(v)
}

/// `if pos(level) != 0 { local = identity }`.
fn keep_on_leader<H: OffloadHooks + ?Sized>(h: &H, f: &mut Function, level: Level, op: RedOp, ty: Ty, local: VarId) -> Vec<Stmt> {
    let mut out = Vec::new();
    let p = tmp(f, &mut out, Ty::I32, h.dim_pos(level));
    let c = tmp(f, &mut out, Ty::I32, Rv::Binary(BinOp::Ne, p, Op::I32(0)));
    out.push(Stmt::If { cond: c, then_body: vec![Stmt::Assign(local, Rv::Use(identity(op, ty)))], else_body: vec![] });
    out
}

/// Is this thread worker 0, lane 0 of its gang?
pub(crate) fn is_gang_leader<H: OffloadHooks + ?Sized>(h: &H, f: &mut Function, out: &mut Vec<Stmt>) -> Op {
    let w = tmp(f, out, Ty::I32, h.dim_pos(Level::Worker));
    let v = tmp(f, out, Ty::I32, h.dim_pos(Level::Vector));
    let o = tmp(f, out, Ty::I32, Rv::Binary(BinOp::Or, w, v));
    tmp(f, out, Ty::I32, Rv::Binary(BinOp::Eq, o, Op::I32(0)))
}

/// Combines `val` into the memory at `res` atomically: a native read-modify-write where
/// the operator has one, else a compare-and-swap loop.
pub fn atomic_combine<H: OffloadHooks + ?Sized>(h: &H, f: &mut Function, op: RedOp, ty: Ty, res: &Op, val: Op) -> Vec<Stmt> {
    let mut out = Vec::new();
    let native = match op {
        RedOp::Add => Some(AtomicOp::Add),
        RedOp::Max => Some(AtomicOp::Max),
        RedOp::Min => Some(AtomicOp::Min),
        RedOp::And if ty.is_int() => Some(AtomicOp::And),
        RedOp::Or if ty.is_int() => Some(AtomicOp::Or),
        RedOp::Xor if ty.is_int() => Some(AtomicOp::Xor),
        _ => None,
    };
    if let Some(a) = native {
        tmp(f, &mut out, ty, Rv::AtomicRmw(a, ty, res.clone(), val));
        out.extend(h.after_atomic());
        return out;
    }
    let id = f.new_loop();
    let mut body = Vec::new();
    let old = tmp(f, &mut body, ty, Rv::AtomicLoad(ty, res.clone()));
    let new = tmp(f, &mut body, ty, combine_rv(op, old.clone(), val));
    let prev = tmp(f, &mut body, ty, Rv::AtomicCas(ty, res.clone(), old.clone(), new));
    body.extend(h.after_atomic());
    let done = tmp(f, &mut body, Ty::I32, Rv::Binary(BinOp::BitEq, prev, old));
    body.push(Stmt::If { cond: done, then_body: vec![Stmt::Exit(id)], else_body: vec![] });
    out.push(Stmt::While { id, cond_body: vec![], cond: Op::I32(1), body });
    out
}

/// The default expansion of the reduction stages (seed 001): vector level by a butterfly
/// of shuffles, worker level through one shared-memory slot per worker between two
/// barriers, gang level by an atomic update of the result done by each gang's leader.
#[allow(clippy::too_many_arguments)]
pub fn default_reduction<H: OffloadHooks + ?Sized>(
    h: &H,
    f: &mut Function,
    stage: RedStage,
    level: Level,
    op: RedOp,
    ty: Ty,
    res: &Op,
    local: VarId,
) -> Vec<Stmt> {
    let mem = *res != Op::Null;
    match (stage, level) {
        (RedStage::Init, Level::Gang) => {
            if mem {
                vec![Stmt::Assign(local, Rv::Use(identity(op, ty)))]
            } else {
                Vec::new()
            }
        }
        (RedStage::Init, l) => keep_on_leader(h, f, l, op, ty, local),
        (RedStage::Fini, Level::Vector) => {
            let mut out = Vec::new();
            let n = tmp(f, &mut out, Ty::I32, h.dim_size(Level::Vector));
            let off = f.new_var("bfly.off", Ty::I32);
            out.push(Stmt::Assign(off, Rv::Binary(BinOp::Div, n, Op::I32(2))));
            let id = f.new_loop();
            let mut cb = Vec::new();
            let c = tmp(f, &mut cb, Ty::I32, Rv::Binary(BinOp::Gt, Op::Var(off), Op::I32(0)));
            let mut body = Vec::new();
            let other = tmp(f, &mut body, ty, h.shuffle(ty, ShuffleMode::Xor, Op::Var(local), Op::Var(off)));
            body.push(Stmt::Assign(local, combine_rv(op, Op::Var(local), other)));
            body.push(Stmt::Assign(off, Rv::Binary(BinOp::Div, Op::Var(off), Op::I32(2))));
            out.push(Stmt::While { id, cond_body: cb, cond: c, body });
            out
        }
        (RedStage::Fini, Level::Worker) => {
            let mut out = Vec::new();
            let w = tmp(f, &mut out, Ty::I32, h.dim_pos(Level::Worker));
            let v = tmp(f, &mut out, Ty::I32, h.dim_pos(Level::Vector));
            let nw = tmp(f, &mut out, Ty::I32, h.dim_size(Level::Worker));
            let base = tmp(f, &mut out, Ty::Ptr, h.shared_base());
            let w64 = tmp(f, &mut out, Ty::I64, Rv::Cast(Ty::I64, w));
            let off = tmp(f, &mut out, Ty::I64, Rv::Binary(BinOp::Mul, w64, Op::I64(8)));
            let slot = tmp(f, &mut out, Ty::Ptr, Rv::PtrAdd(base.clone(), off));
            let lead = tmp(f, &mut out, Ty::I32, Rv::Binary(BinOp::Eq, v, Op::I32(0)));
            out.push(Stmt::If { cond: lead, then_body: vec![Stmt::Store(ty, slot, Op::Var(local))], else_body: vec![] });
            out.push(h.barrier());
            let acc = f.new_var("wred.acc", ty);
            out.push(Stmt::Assign(acc, Rv::Load(ty, base.clone())));
            let k = f.new_var("wred.k", Ty::I32);
            let id = f.new_loop();
            let mut body = Vec::new();
            let k64 = tmp(f, &mut body, Ty::I64, Rv::Cast(Ty::I64, Op::Var(k)));
            let o = tmp(f, &mut body, Ty::I64, Rv::Binary(BinOp::Mul, k64, Op::I64(8)));
            let p = tmp(f, &mut body, Ty::Ptr, Rv::PtrAdd(base, o));
            let x = tmp(f, &mut body, ty, Rv::Load(ty, p));
            body.push(Stmt::Assign(acc, combine_rv(op, Op::Var(acc), x)));
            let hi = tmp(f, &mut out, Ty::I32, Rv::Binary(BinOp::Sub, nw, Op::I32(1)));
            out.push(Stmt::Loop { id, var: k, lo: Op::I32(1), hi, step: Op::I32(1), body, part: None });
            out.push(h.barrier());
            out.push(Stmt::Assign(local, Rv::Use(Op::Var(acc))));
            out
        }
        (RedStage::Fini, Level::Gang) => {
            if !mem {
                return Vec::new();
            }
            let mut out = Vec::new();
            let lead = is_gang_leader(h, f, &mut out);
            let body = atomic_combine(h, f, op, ty, res, Op::Var(local));
            out.push(Stmt::If { cond: lead, then_body: body, else_body: vec![] });
            out
        }
        (RedStage::Setup | RedStage::Teardown, _) => Vec::new(),
    }
}
