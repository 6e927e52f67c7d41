//! OpenACC constructs with `device_type` groups: the construct is lowered once for each
//! set of kinds of device on which the same clauses are in effect
//! (`gpuf_frontend::device_type::views`), and the host picks the lowering of the device in
//! use at run time (`gpuf_acc_device_kind`). Each lowering has kernels of its own, compiled
//! for every target like any other; the one launched on an NVIDIA GPU is the lowering with
//! `nvidia`'s clauses, on an AMD GPU `radeon`'s, on the host device `host`'s (or
//! `multicore`'s), on the sim device `default`'s; a compute construct whose `if` clause
//! sends it to the host runs the host's lowering (when the condition calls no function:
//! it is evaluated once more to choose).

use super::*;
use gpuf_frontend::device_type::{self as dt, AccDevice};

impl G<'_> {
    /// Lowers `s` per device kind when it is an OpenACC construct (or `update`) of the host
    /// with device-specific clauses in it; false when `s` is not one.
    pub(super) fn device_type_views(&mut self, s: &ast::Stmt) -> bool {
        if self.region.is_some() {
            return false;
        }
        let dir = match &s.kind {
            StmtKind::Construct { dir, .. } | StmtKind::LoopConstruct { dir, .. } | StmtKind::Standalone(dir) => dir,
            _ => return false,
        };
        // A compute construct with groups on it or on its loops; a `data` construct or an
        // `update` with groups of its own (the constructs inside a `data` construct without
        // them are lowered per device where they are).
        let relevant = match dir.kind.acc() {
            Some(
                ast::AccKind::Parallel
                | ast::AccKind::Kernels
                | ast::AccKind::Serial
                | ast::AccKind::ParallelLoop
                | ast::AccKind::KernelsLoop
                | ast::AccKind::SerialLoop,
            ) => dt::mentions(s),
            Some(ast::AccKind::Data | ast::AccKind::Update) => dt::has_groups(dir),
            _ => false,
        };
        if !relevant {
            return false;
        }
        let groups = dt::views(s);
        let names = |g: &[AccDevice]| {
            let n = g.iter().map(|d| d.names()).collect::<Vec<_>>().join(", ");
            if n.contains(',') {
                format!("device types {n}")
            } else {
                format!("device type {n}")
            }
        };
        let saved = self.dt_view.take();
        let saved_devices = self.dt_devices.take();
        if let [only] = groups.as_slice() {
            let r = dt::resolve_stmt(s, only[0]);
            self.stmt(&r);
            self.dt_view = saved;
            self.dt_devices = saved_devices;
            return true;
        }
        let kind = self.tmp(Ty::I32);
        self.emit(Stmt::Assign(kind, Rv::Call("gpuf_acc_device_kind".into(), vec![], Ty::I32)));
        // A compute construct whose `if` clause is false runs on the host: the host's
        // clauses (the condition is evaluated once more here when it calls no function).
        let cond = dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None });
        let compute = !matches!(dir.kind.acc(), Some(ast::AccKind::Data | ast::AccKind::Update));
        if let Some(e) = cond.filter(|e| compute && !super::io::has_call(e)) {
            let c = self.expr(e);
            let c = self.conv(c, Ty::I32);
            let c = self.val(Ty::I32, Rv::Binary(BinOp::Ne, c, Op::I32(0)));
            // kind = 2 + c * (kind - 2)
            let d = self.val(Ty::I32, Rv::Binary(BinOp::Sub, Op::Var(kind), Op::I32(AccDevice::Host.code())));
            let d = self.val(Ty::I32, Rv::Binary(BinOp::Mul, c, d));
            self.emit(Stmt::Assign(kind, Rv::Binary(BinOp::Add, d, Op::I32(AccDevice::Host.code()))));
        }
        let mut conds = Vec::new();
        for g in &groups {
            let mut c = Op::I32(0);
            for d in g {
                let eq = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(kind), Op::I32(d.code())));
                c = self.val(Ty::I32, Rv::Binary(BinOp::Or, c, eq));
            }
            conds.push(c);
        }
        let mut bodies = Vec::new();
        for g in &groups {
            self.dt_view = Some(names(g));
            // `AccDevice::ALL` and `Target::ALL` name the devices in the same order.
            self.dt_devices = Some(AccDevice::ALL.map(|d| g.contains(&d)));
            let r = dt::resolve_stmt(s, g[0]);
            self.push_block();
            self.stmt(&r);
            bodies.push(self.pop_block());
        }
        self.dt_view = saved;
        self.dt_devices = saved_devices;
        // if (kind in group 1) ... else if (kind in group 2) ... else (the last group).
        let mut tail = bodies.pop().unwrap_or_default();
        conds.pop();
        while let (Some(b), Some(c)) = (bodies.pop(), conds.pop()) {
            tail = vec![Stmt::If { cond: c, then_body: b, else_body: tail }];
        }
        for st in tail {
            self.emit(st);
        }
        true
    }
}
