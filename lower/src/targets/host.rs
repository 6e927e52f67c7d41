//! The host fallback: one gang of one worker of one lane. Reductions collapse to plain
//! updates (seed 001, "Host Implementation").

use super::{tmp, OffloadHooks};
use crate::ir::*;
use crate::passes::gimplify::combine_rv;

pub struct Host;

impl OffloadHooks for Host {
    /// `acc_device_host`
    fn acc_device_types(&self) -> &'static [i32] {
        &[2]
    }
    fn target(&self) -> Target {
        Target::Host
    }
    fn dim_pos(&self, _: Level) -> Rv {
        Rv::Use(Op::I32(0))
    }
    fn dim_size(&self, _: Level) -> Rv {
        Rv::Use(Op::I32(1))
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
    /// Implements [`OffloadHooks::reduction`] for the host: the gang-level result is
    /// updated in place; every other stage is empty.
    fn reduction(&self, f: &mut Function, stage: RedStage, level: Level, op: RedOp, ty: Ty, res: &Op, local: VarId) -> Vec<Stmt> {
        if level != Level::Gang || *res == Op::Null {
            return Vec::new();
        }
        match stage {
            RedStage::Init => vec![Stmt::Assign(local, Rv::Use(super::identity(op, ty)))],
            RedStage::Fini => {
                let mut out = Vec::new();
                let old = tmp(f, &mut out, ty, Rv::Load(ty, res.clone()));
                let new = tmp(f, &mut out, ty, combine_rv(op, old, Op::Var(local)));
                out.push(Stmt::Store(ty, res.clone(), new));
                out
            }
            _ => Vec::new(),
        }
    }
}
