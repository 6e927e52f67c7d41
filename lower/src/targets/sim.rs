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
    /// Lanes run one after the other (fibers switch only at shuffles, votes and barriers):
    /// each lane's contiguous block keeps its accesses in its own cache lines.
    fn block_per_thread(&self) -> bool {
        true
    }
    /// The emulator's warp vote.
    fn simt_vote_any(&self, cond: Op) -> Rv {
        Rv::Call("gpuf_sim_vote".into(), vec![Op::I32(0), cond], Ty::I32)
    }
    /// One warp round of the emulator: the maximum over the lanes of `lane` where `cond`
    /// holds and -1 elsewhere.
    fn simt_last_lane(&self, f: &mut Function, out: &mut Vec<Stmt>, cond: Op) -> Rv {
        let lane = super::tmp(f, out, Ty::I32, self.simt_lane());
        let c = super::tmp(f, out, Ty::I32, Rv::Binary(BinOp::Ne, cond, Op::I32(0)));
        let l1 = super::tmp(f, out, Ty::I32, Rv::Binary(BinOp::Add, lane, Op::I32(1)));
        let m = super::tmp(f, out, Ty::I32, Rv::Binary(BinOp::Mul, c, l1));
        let x = super::tmp(f, out, Ty::I32, Rv::Binary(BinOp::Sub, m, Op::I32(1)));
        Rv::Call("gpuf_sim_vreduce_i32".into(), vec![x, Op::I32(2)], Ty::I32)
    }
    /// The emulator's one-round warp reduction, as its vector reductions use (every lane
    /// gets the combination of all lanes' values, as after the butterfly).
    fn simt_butterfly(&self, ty: Ty, op: BinOp, val: Op) -> Option<Rv> {
        let name = match ty {
            Ty::I32 => "gpuf_sim_vreduce_i32",
            Ty::I64 => "gpuf_sim_vreduce_i64",
            Ty::F32 => "gpuf_sim_vreduce_f32",
            Ty::F64 => "gpuf_sim_vreduce_f64",
            _ => return None,
        };
        let code = match op {
            BinOp::Add => 0,
            BinOp::Mul => 1,
            BinOp::Max => 2,
            BinOp::Min => 3,
            BinOp::And if ty.is_int() => 4,
            BinOp::Or if ty.is_int() => 5,
            BinOp::Xor if ty.is_int() => 6,
            _ => return None,
        };
        Some(Rv::Call(name.into(), vec![val, Op::I32(code)], ty))
    }
    fn after_atomic(&self) -> Vec<Stmt> {
        vec![Stmt::Call("gpuf_sim_atomic_note".into(), vec![])]
    }
    /// A vector reduction's butterfly is one call into the emulator (one round of the warp
    /// instead of one per shuffle); the other stages as on every target.
    fn reduction(&self, f: &mut Function, stage: RedStage, level: Level, op: RedOp, ty: Ty, res: &Op, local: VarId) -> Vec<Stmt> {
        if (stage, level) == (RedStage::Fini, Level::Vector) {
            let name = match ty {
                Ty::I32 => Some("gpuf_sim_vreduce_i32"),
                Ty::I64 => Some("gpuf_sim_vreduce_i64"),
                Ty::F32 => Some("gpuf_sim_vreduce_f32"),
                Ty::F64 => Some("gpuf_sim_vreduce_f64"),
                _ => None,
            };
            let float = matches!(ty, Ty::F32 | Ty::F64);
            let code = match op {
                RedOp::Add => Some(0),
                RedOp::Mul => Some(1),
                RedOp::Max => Some(2),
                RedOp::Min => Some(3),
                RedOp::And if !float => Some(4),
                RedOp::Or if !float => Some(5),
                RedOp::Xor if !float => Some(6),
                _ => None,
            };
            if let (Some(name), Some(code)) = (name, code) {
                return vec![Stmt::Assign(local, Rv::Call(name.into(), vec![Op::Var(local), Op::I32(code)], ty))];
            }
        }
        super::default_reduction(self, f, stage, level, op, ty, res, local)
    }
}
