//! The host fallback: gangs of one worker of one lane, one gang per host thread (the run
//! time's `gpuf_host_gang_pos`/`gpuf_host_num_gangs` give a thread its gang; a kernel
//! without gang loops is one gang). Reductions need no shuffles or shared memory: each
//! gang combines its partial result into the result atomically (seed 001, "Host
//! Implementation").

use super::{atomic_combine, OffloadHooks};
use crate::ir::*;

pub struct Host;

impl OffloadHooks for Host {
    /// `acc_device_host`
    fn acc_device_types(&self) -> &'static [i32] {
        &[2]
    }
    fn target(&self) -> Target {
        Target::Host
    }
    fn dim_pos(&self, l: Level) -> Rv {
        match l {
            Level::Gang => Rv::Call("gpuf_host_gang_pos".into(), vec![], Ty::I32),
            _ => Rv::Use(Op::I32(0)),
        }
    }
    fn dim_size(&self, l: Level) -> Rv {
        match l {
            Level::Gang => Rv::Call("gpuf_host_num_gangs".into(), vec![], Ty::I32),
            _ => Rv::Use(Op::I32(1)),
        }
    }
    fn shuffle(&self, _: Ty, _: ShuffleMode, val: Op, _: Op) -> Rv {
        Rv::Use(val)
    }
    fn barrier(&self) -> Stmt {
        Stmt::Call("gpuf_host_barrier".into(), vec![])
    }
    fn shared_base(&self) -> Rv {
        Rv::Use(Op::Null)
    }
    fn is_initial_device(&self) -> bool {
        true
    }
    fn needs_neutering(&self) -> bool {
        false
    }
    /// One lane: `GOMP_SIMT_LANE` 0, `GOMP_SIMT_VF` 1 (seed 004's host expansion); votes
    /// and exchanges see the lane's own value; the loop gets vectorisation hints instead.
    fn simt_lane(&self) -> Rv {
        Rv::Use(Op::I32(0))
    }
    fn simt_vf(&self) -> Rv {
        Rv::Use(Op::I32(1))
    }
    fn simt_vote_any(&self, cond: Op) -> Rv {
        Rv::Binary(BinOp::Ne, cond, Op::I32(0))
    }
    fn simt_last_lane(&self, _f: &mut Function, _out: &mut Vec<Stmt>, _cond: Op) -> Rv {
        Rv::Use(Op::I32(0))
    }
    fn simd_loop_hints(&self) -> bool {
        true
    }
    fn unroll_and_jam(&self) -> bool {
        true
    }
    /// Implements [`OffloadHooks::reduction`] for the host: the gang-level result is
    /// combined atomically into the result by each gang; every other stage is empty.
    fn reduction(&self, f: &mut Function, stage: RedStage, level: Level, op: RedOp, ty: Ty, res: &Op, local: VarId) -> Vec<Stmt> {
        if level != Level::Gang || *res == Op::Null {
            return Vec::new();
        }
        match stage {
            RedStage::Init => vec![Stmt::Assign(local, Rv::Use(super::identity(op, ty)))],
            RedStage::Fini => atomic_combine(self, f, op, ty, res, Op::Var(local)),
            _ => Vec::new(),
        }
    }
}
