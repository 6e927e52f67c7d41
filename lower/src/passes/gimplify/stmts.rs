//! The statement dispatcher: each executable statement to the method that lowers it.

use super::*;

impl G<'_> {
    pub(super) fn stmts(&mut self, ss: &[ast::Stmt]) {
        for s in ss {
            let mark = self.str_temps.len();
            self.stmt(s);
            self.free_str_temps(mark);
        }
    }

    pub(super) fn stmt(&mut self, s: &ast::Stmt) {
        if self.device_type_views(s) {
            return;
        }
        match &s.kind {
            StmtKind::Assign { lhs, rhs } if matches!(&lhs.kind, ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. } if self.is_reduced_array(&id.name)) => {
                self.reduced_array_assign(lhs, rhs, s.span)
            }
            StmtKind::Assign { lhs, rhs } => {
                let mark = self.materialize(rhs);
                // array constructors in the subscripts of the target (vector subscripts)
                self.materialize_rec(lhs);
                self.assign(lhs, rhs, s.span);
                self.free_mats(mark);
            }
            StmtKind::Print { format, items } => self.print(format, items, s.span),
            StmtKind::Where { arms } => self.where_stmt(arms, s.span),
            StmtKind::Forall { specs, mask, body } => self.forall(specs, mask.as_ref(), body, true, &[], &[]),
            StmtKind::DoConcurrent { specs, mask, locality, body } => self.do_concurrent(specs, mask.as_ref(), locality, body),
            StmtKind::If { name, arms, else_body } => self.named_construct(name, |g| g.if_chain(arms, else_body.as_deref())),
            StmtKind::SelectCase { name, selector, cases } => self.named_construct(name, |g| g.select_case(selector, cases)),
            StmtKind::SelectType { name, selector, guards } => self.named_construct(name, |g| g.select_type(selector, guards)),
            StmtKind::Block { name, body, .. } => self.named_construct(name, |g| {
                // an `associate` construct: its names are bound for the block
                let assoc = matches!(body.first().map(|s| &s.kind), Some(StmtKind::Associate(_)));
                if assoc {
                    g.overrides.push(HashMap::new());
                    g.assoc_frees.push(Vec::new());
                }
                g.stmts(body);
                if assoc {
                    g.overrides.pop();
                    for t in g.assoc_frees.pop().unwrap_or_default() {
                        g.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(t)]));
                    }
                }
            }),
            StmtKind::Associate(binds) => self.associate(binds, s.span),
            StmtKind::Do { name, var, start, end, step, body } => {
                self.do_loop(name.as_ref().map(|n| n.name.clone()), var, start, end, step.as_ref(), body, None);
            }
            StmtKind::DoWhile { name, cond, body } => {
                let id = self.f.new_loop();
                self.push_block();
                let c = self.cond_expr(cond);
                let cb = self.pop_block();
                self.loops.push((name.as_ref().map(|n| n.name.clone()), id));
                self.push_block();
                self.stmts(body);
                let b = self.pop_block();
                self.loops.pop();
                self.emit(Stmt::While { id, cond_body: cb, cond: c, body: b });
            }
            StmtKind::Exit(name) | StmtKind::Cycle(name) => {
                let found = match name {
                    Some(n) => self
                        .loops
                        .iter()
                        .rev()
                        .find(|(l, _)| l.as_deref() == Some(&n.name))
                        .map(|x| x.1)
                        .or_else(|| self.named.iter().rev().find(|(l, _)| *l == n.name).map(|x| x.1)),
                    None => self.loops.last().map(|x| x.1),
                };
                match found {
                    Some(id) => self.emit(if matches!(s.kind, StmtKind::Exit(_)) { Stmt::Exit(id) } else { Stmt::Cycle(id) }),
                    None => self.not_yet("`exit`/`cycle` of a loop outside the compute construct", s.span),
                }
            }
            StmtKind::Continue => {}
            StmtKind::Call { name, args } if name.name.ends_with("@pcomp") => {
                // Through a procedure pointer component: the address it holds, first.
                let (Some(Arg::Index(target)), rest) = (args.first(), args.get(1..).unwrap_or_default()) else { return };
                let fp = self.component_addr(target, &[]);
                let mark = self.call_after.len();
                if let Some((_, mut ops)) = self.call_args(name, rest, s.span) {
                    ops.insert(0, fp);
                    self.emit(Stmt::Call("@ptr".into(), ops));
                    self.reload_global_descs();
                }
                self.after_call(mark);
            }
            StmtKind::Call { name, args } => {
                // Inside a compute construct sema allows only `!$acc routine` procedures.
                if self.is_elemental_array_call(&name.name, args) {
                    return self.elemental_sub_call(&name.name, args, s.span);
                }
                let mark = self.call_after.len();
                if let Some((link, ops)) = self.call_args(name, args, s.span) {
                    self.emit(Stmt::Call(link, ops));
                    self.reload_global_descs();
                }
                self.after_call(mark);
            }
            StmtKind::IntrinsicCall { sub, args } => self.intrinsic_call(*sub, args, s.span),
            StmtKind::Return => self.ret(),
            StmtKind::ErrorStop(code) => {
                if self.region.is_some() {
                    self.not_yet("`error stop` inside a compute construct", s.span);
                    return;
                }
                let (c, has) = match code {
                    Some(c) => {
                        let v = self.expr(c);
                        (self.conv(v, Ty::I32), 1)
                    }
                    None => (Op::I32(0), 0),
                };
                self.emit(Stmt::Call("gpuf_error_stop".into(), vec![c, Op::I32(has)]));
            }
            StmtKind::Write { unit: IoUnit::Number(e), format: ast::Format::Namelist(..), .. }
                if e.ty == ast::Ty::Scalar(BaseTy::Character) =>
            {
                self.not_yet("namelist output to an internal file", s.span);
            }
            StmtKind::Write { unit, format: ast::Format::Namelist(g, objs), .. } => {
                if self.region.is_some() {
                    self.not_yet("output inside a compute construct", s.span);
                    return;
                }
                let u = match unit {
                    IoUnit::Star => Op::I32(6),
                    IoUnit::Number(e) => {
                        let v = self.expr(e);
                        self.conv(v, Ty::I32)
                    }
                };
                self.namelist(true, u, None, g, objs);
            }
            StmtKind::Write { unit: IoUnit::Number(e), format, items } if e.ty == ast::Ty::Scalar(BaseTy::Character) => {
                if self.region.is_some() {
                    self.not_yet("output inside a compute construct", s.span);
                    return;
                }
                let (a, n) = self.str_expr(e);
                let n = self.conv(n, Ty::I64);
                self.output(Some((a, n, None)), Op::I32(0), format, items, s.span);
            }
            StmtKind::Write { unit: IoUnit::Number(e), format, items } if matches!(e.ty, ast::Ty::Array(BaseTy::Character, _)) => {
                if self.region.is_some() {
                    self.not_yet("output inside a compute construct", s.span);
                    return;
                }
                if let Some((a, n, c)) = self.internal_array(e) {
                    self.output(Some((a, n, Some(c))), Op::I32(0), format, items, s.span);
                }
            }
            StmtKind::Read { .. } | StmtKind::Open(_) | StmtKind::Close { .. } => self.io_stmt(s),
            StmtKind::Write { unit, format: ast::Format::Unformatted, items } => {
                if self.region.is_some() {
                    self.not_yet("output inside a compute construct", s.span);
                    return;
                }
                let u = match unit {
                    IoUnit::Star => Op::I32(6),
                    IoUnit::Number(e) => {
                        let v = self.expr(e);
                        self.conv(v, Ty::I32)
                    }
                };
                self.unformatted(true, u, items);
            }
            StmtKind::Write { unit, format, items } => {
                let u = match unit {
                    IoUnit::Star => Op::I32(6),
                    IoUnit::Number(e) => {
                        let v = self.expr(e);
                        self.conv(v, Ty::I32)
                    }
                };
                self.print_to(u, format, items, s.span);
            }
            StmtKind::Stop(code) => {
                if self.region.is_some() {
                    self.not_yet("`stop` inside a compute construct", s.span);
                    return;
                }
                match code {
                    Some(c) => {
                        let v = self.expr(c);
                        let v = self.conv(v, Ty::I32);
                        self.emit(Stmt::Call("gpuf_stop".into(), vec![v, Op::I32(1)]));
                    }
                    None => self.emit(Stmt::Call("gpuf_stop".into(), vec![Op::I32(0), Op::I32(0)])),
                }
            }
            StmtKind::Allocate(items) => self.allocate(items, s.span),
            StmtKind::PtrAssign { lhs, rhs } => self.ptr_assign(lhs, rhs, s.span),
            StmtKind::Nullify(items) => self.nullify(items),
            StmtKind::Deallocate(names) => self.deallocate(names, s.span),
            StmtKind::AllocateComp(items) => self.allocate_comps(items, s.span),
            StmtKind::AllocOpts { stmt, spec, source, mold } => self.alloc_opts(stmt, spec.as_ref(), source.as_deref(), *mold, s.span),
            StmtKind::DeallocateComp(items) => self.deallocate_comps(items, s.span),
            // Host OpenMP (the target constructs were rewritten into OpenACC's).
            StmtKind::Construct { dir, body, .. } if dir.kind.omp().is_some_and(|k| k.leaves().has(ast::OmpLeaves::PARALLEL)) => {
                self.host_parallel(dir, body, None)
            }
            StmtKind::LoopConstruct { dir, do_stmt } if dir.kind.omp().is_some() => {
                let l = dir.kind.omp().map(|k| k.leaves()).unwrap_or(ast::OmpLeaves(0));
                if l.has(ast::OmpLeaves::PARALLEL) {
                    self.host_parallel(dir, &[], Some(do_stmt))
                } else if l.has(ast::OmpLeaves::DO) || l.has(ast::OmpLeaves::LOOP) {
                    self.host_do(dir, do_stmt, false)
                } else {
                    // `simd` alone: the loop itself, with LLVM's vectorisation hint unless
                    // `safelen` bounds the iterations run at once (or it has an `ordered`).
                    self.stmt(do_stmt);
                    let bounded = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Safelen(_)));
                    if let Some(Stmt::Loop { id, body, .. }) = self.blocks.last().and_then(|b| b.last()) {
                        let ordered = body_calls(body, "GOMP_ordered_start");
                        if !bounded && !ordered {
                            let id = *id;
                            self.f.simd_loops.push(id);
                        }
                    }
                }
            }
            // `ordered` in a `simd` loop of a target region (kept by `offload_omp` for it).
            StmtKind::Construct { dir, body, .. } if dir.kind.omp() == Some(ast::OmpKind::Ordered) && self.region.is_some() => {
                self.simt_ordered(body, dir.span)
            }
            StmtKind::Construct { dir, body, .. } if dir.kind.omp().is_some() => self.host_construct(dir, body),
            StmtKind::Standalone(dir) if dir.kind.omp() == Some(ast::OmpKind::Barrier) => self.host_barrier(),
            // `flush`: a sequentially consistent fence (libgomp's `GOMP_flush` is not exported;
            // gfortran emits the fence inline).
            StmtKind::Standalone(dir) if dir.kind.omp() == Some(ast::OmpKind::Flush) => {
                self.emit(Stmt::Call("gpuf_omp_flush".into(), vec![]))
            }
            StmtKind::Standalone(dir) if dir.kind.omp() == Some(ast::OmpKind::Taskwait) => {
                self.emit(Stmt::Call("GOMP_taskwait".into(), vec![]))
            }
            // `section` outside `sections` was reported.
            StmtKind::Standalone(dir) if dir.kind.omp() == Some(ast::OmpKind::Section) => {}
            StmtKind::Construct { dir, body, .. } => match dir.kind.acc() {
                Some(ast::AccKind::Parallel | ast::AccKind::Kernels | ast::AccKind::Serial) => self.region(dir, body, None, s.span),
                Some(ast::AccKind::Data) => self.data_region(dir, body),
                Some(ast::AccKind::HostData) => self.host_data(dir, body),
                _ => self.not_yet(format!("`{}` construct", dir.kind.name()), dir.span),
            },
            StmtKind::LoopConstruct { dir, do_stmt } => match dir.kind.acc() {
                Some(ast::AccKind::ParallelLoop | ast::AccKind::KernelsLoop | ast::AccKind::SerialLoop) => {
                    self.region(dir, std::slice::from_ref(do_stmt), Some(dir), s.span)
                }
                _ => self.acc_loop(dir, do_stmt),
            },
            StmtKind::Standalone(dir) => self.standalone(dir),
            StmtKind::Atomic { dir, kind, body } => self.atomic(dir, *kind, body),
            StmtKind::LabelBlock { .. }
            | StmtKind::GoTo(_)
            | StmtKind::IoStatus { .. }
            | StmtKind::UnitOp { .. }
            | StmtKind::Inquire(_)
            | StmtKind::AllocStatus { .. }
            | StmtKind::Label(_)
            | StmtKind::FormatStmt(_) => self.io_ext(s),
        }
    }
}

/// Whether the statements call the run-time routine `name` (at any depth).
pub(super) fn body_calls(ss: &[Stmt], name: &str) -> bool {
    ss.iter().any(|s| match s {
        Stmt::Call(n, _) => n == name,
        Stmt::If { then_body, else_body, .. } => body_calls(then_body, name) || body_calls(else_body, name),
        Stmt::Loop { body, .. } => body_calls(body, name),
        Stmt::While { cond_body, body, .. } => body_calls(cond_body, name) || body_calls(body, name),
        _ => false,
    })
}
