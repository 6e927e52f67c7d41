//! NVIDIA PTX: a gang is a CTA, a worker is `%tid.y`, a vector lane is `%tid.x` of a 32-lane warp.
//! The builtins become target primitives that codegen selects instructions for.

use super::OffloadHooks;
use crate::ir::*;

pub struct Nvptx;

impl OffloadHooks for Nvptx {
    /// `acc_device_not_host`, `acc_device_nvidia`
    fn acc_device_types(&self) -> &'static [i32] {
        &[3, 4]
    }
    fn traps_runtime_errors(&self) -> bool {
        true
    }
    fn target(&self) -> Target {
        Target::Nvptx
    }
    fn dim_pos(&self, l: Level) -> Rv {
        Rv::Prim(Prim::ThreadIdx(l), vec![])
    }
    fn dim_size(&self, l: Level) -> Rv {
        Rv::Prim(Prim::NumThreads(l), vec![])
    }
    fn shuffle(&self, _: Ty, mode: ShuffleMode, val: Op, arg: Op) -> Rv {
        Rv::Prim(Prim::Shuffle(mode), vec![val, arg])
    }
    fn barrier(&self) -> Stmt {
        Stmt::Prim(Prim::Barrier, vec![])
    }
    fn shared_base(&self) -> Rv {
        Rv::Prim(Prim::SharedBase, vec![])
    }
}
