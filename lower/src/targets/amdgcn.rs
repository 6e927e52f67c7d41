//! AMD GCN: a gang is a workgroup, a worker is `workitem.id.y`, a vector lane is `workitem.id.x` of a 64-lane wavefront.
//! The builtins become target primitives that codegen selects instructions for.

use super::OffloadHooks;
use crate::ir::*;

pub struct Amdgcn;

impl OffloadHooks for Amdgcn {
    /// `acc_device_not_host`, `acc_device_radeon`
    fn acc_device_types(&self) -> &'static [i32] {
        &[3, 5]
    }
    fn traps_runtime_errors(&self) -> bool {
        true
    }
    fn target(&self) -> Target {
        Target::Amdgcn
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
