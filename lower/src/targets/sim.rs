//! The sim device: the SIMT emulator in the run-time library. Dims, shuffles, barriers and
//! shared memory become calls into it; atomics are native and counted.

use super::OffloadHooks;
use crate::ir::*;

pub struct Sim;

impl OffloadHooks for Sim {
    /// `acc_device_not_host` (the sim reports no vendor type)
    fn acc_device_types(&self) -> &'static [i32] {
        &[3]
    }
    fn target(&self) -> Target {
        Target::Sim
    }
    fn dim_pos(&self, l: Level) -> Rv {
        Rv::Call("gpuf_sim_dim_pos".into(), vec![Op::I32(l as i32)], Ty::I32)
    }
    fn dim_size(&self, l: Level) -> Rv {
        Rv::Call("gpuf_sim_dim_size".into(), vec![Op::I32(l as i32)], Ty::I32)
    }
    fn shuffle(&self, ty: Ty, mode: ShuffleMode, val: Op, arg: Op) -> Rv {
        let name = match ty {
            Ty::I64 | Ty::Ptr => "gpuf_sim_shfl_i64",
            Ty::F32 => "gpuf_sim_shfl_f32",
            Ty::F64 => "gpuf_sim_shfl_f64",
            Ty::I32 | Ty::I8 | Ty::I16 => "gpuf_sim_shfl_i32",
            // Not reached: gimplify refuses `integer(16)` and `real(16)` in compute constructs.
            Ty::I128 | Ty::F128 => "gpuf_sim_shfl_i128",
        };
        let m = match mode {
            ShuffleMode::Idx => 0,
            ShuffleMode::Xor => 1,
            ShuffleMode::Down => 2,
        };
        Rv::Call(name.into(), vec![val, Op::I32(m), arg], ty)
    }
    fn barrier(&self) -> Stmt {
        Stmt::Call("gpuf_sim_barrier".into(), vec![])
    }
    fn shared_base(&self) -> Rv {
        Rv::Call("gpuf_sim_shared".into(), vec![], Ty::Ptr)
    }
    fn after_atomic(&self) -> Vec<Stmt> {
        vec![Stmt::Call("gpuf_sim_atomic_note".into(), vec![])]
    }
}
