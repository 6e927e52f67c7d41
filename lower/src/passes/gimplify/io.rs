//! Lowering of I/O status specifiers (`iostat=`, `iomsg=`, `end=`, `err=`), `go to`,
//! `rewind`/`backspace`, `inquire` and formats given by expressions (a part of gimplify).
//!
//! A statement with status specifiers becomes `gpuf_io_catch(mask)`, the statement, then
//! `gpuf_io_status()` (gfortran's `iostat` value) and the jumps: `end=L` and `err=L` exit
//! (or restart, jumping back) the [`StmtKind::LabelBlock`] of `L` that the front end built
//! around the statement.

use super::G;
use crate::ir::*;
use gpuf_frontend::ast::{self, StmtKind};

/// The conditions `gpuf_io_catch` handles (runtime-lib `iostat.rs`).
const CATCH_ERR: i32 = 1;
const CATCH_END: i32 = 2;
const CATCH_EOR: i32 = 4;

impl G<'_> {
    /// The format operands of `gpuf_io_begin` and friends: the text and its length
    /// (null for list-directed).
    pub(super) fn fmt_ops(&mut self, format: &ast::Format) -> (Op, Op) {
        match format {
            ast::Format::ListDirected => (Op::Null, Op::I64(0)),
            ast::Format::Label(l, sp) => {
                // the front end puts the text of `format` statements in (labels::resolve)
                self.not_yet(format!("the format label {l} here"), *sp);
                (Op::Null, Op::I64(0))
            }
            ast::Format::Literal(f, _) => (Op::Str(f.clone()), Op::I64(f.len() as i64)),
            ast::Format::Expr(e) => {
                let (a, n) = self.str_expr(e);
                let n = self.conv(n, Ty::I64);
                (a, n)
            }
        }
    }

    /// `-fcheck=bounds`: the subscript `v` (`I64`) of dimension `dim` of `d` must lie in its
    /// bounds (host code only; the upper bound of an assumed-size dimension is unknown).
    pub(super) fn bounds_check(&mut self, d: &super::Desc, dim: usize, v: &Op, sp: gpuf_frontend::Span) {
        if self.region.is_some() {
            return;
        }
        let (Some(&lb), Some(&ext)) = (d.lb.get(dim), d.ext.get(dim)) else { return };
        let assumed_size =
            self.syms.get(&d.name).is_some_and(|s| dim + 1 == s.dims.len() && matches!(s.dims.last(), Some(ast::DimSpec::AssumedSize(_))));
        let t = self.val(Ty::I64, Rv::Binary(BinOp::Add, Op::Var(lb), Op::Var(ext)));
        let hi = self.val(Ty::I64, Rv::Binary(BinOp::Sub, t, Op::I64(1)));
        let mut bad = self.val(Ty::I32, Rv::Binary(BinOp::Lt, v.clone(), Op::Var(lb)));
        if !assumed_size {
            let above = self.val(Ty::I32, Rv::Binary(BinOp::Gt, v.clone(), hi.clone()));
            bad = self.val(Ty::I32, Rv::Binary(BinOp::Or, bad, above));
        }
        let line = self.line(sp) as i32;
        let file = self.opts.source_path.clone();
        let (fl, nl) = (file.len() as i64, d.name.len() as i64);
        let call = Stmt::Call(
            "gpuf_bounds_error".into(),
            vec![
                Op::Str(file),
                Op::I64(fl),
                Op::I32(line),
                Op::Str(d.name.clone()),
                Op::I64(nl),
                Op::I32(dim as i32 + 1),
                v.clone(),
                Op::Var(lb),
                hi,
            ],
        );
        self.emit(Stmt::If { cond: bad, then_body: vec![call], else_body: vec![] });
    }

    /// `-fcheck=bounds` of a section `lo:hi:st` of dimension `dim` of `d`, like gfortran: when
    /// the section is not empty, its first and its last element must lie in the bounds.
    pub(super) fn section_check(&mut self, d: &super::Desc, dim: usize, [lo, hi, st]: [&Op; 3], sp: gpuf_frontend::Span) {
        if self.region.is_some() {
            return;
        }
        let (Some(&lb), Some(&ext)) = (d.lb.get(dim), d.ext.get(dim)) else { return };
        let assumed_size =
            self.syms.get(&d.name).is_some_and(|s| dim + 1 == s.dims.len() && matches!(s.dims.last(), Some(ast::DimSpec::AssumedSize(_))));
        let t = self.val(Ty::I64, Rv::Binary(BinOp::Add, Op::Var(lb), Op::Var(ext)));
        let ub = self.val(Ty::I64, Rv::Binary(BinOp::Sub, t, Op::I64(1)));
        // not empty: st > 0 and hi >= lo, or st < 0 and hi <= lo
        let pos = self.val(Ty::I32, Rv::Binary(BinOp::Gt, st.clone(), Op::I64(0)));
        let neg = self.val(Ty::I32, Rv::Binary(BinOp::Lt, st.clone(), Op::I64(0)));
        let up = self.val(Ty::I32, Rv::Binary(BinOp::Ge, hi.clone(), lo.clone()));
        let down = self.val(Ty::I32, Rv::Binary(BinOp::Le, hi.clone(), lo.clone()));
        let a = self.val(Ty::I32, Rv::Binary(BinOp::And, pos, up));
        let b = self.val(Ty::I32, Rv::Binary(BinOp::And, neg, down));
        let nonempty = self.val(Ty::I32, Rv::Binary(BinOp::Or, a, b));
        let line = self.line(sp) as i32;
        let file = self.opts.source_path.clone();
        let (fl, nl) = (file.len() as i64, d.name.len() as i64);
        let report = |g: &mut Self, idx: Op, x: Op, y: Op| {
            let mut bad = g.val(Ty::I32, Rv::Binary(BinOp::Lt, idx.clone(), Op::Var(lb)));
            if !assumed_size {
                let above = g.val(Ty::I32, Rv::Binary(BinOp::Gt, idx.clone(), ub.clone()));
                bad = g.val(Ty::I32, Rv::Binary(BinOp::Or, bad, above));
            }
            let call = Stmt::Call(
                "gpuf_section_error".into(),
                vec![
                    Op::Str(file.clone()),
                    Op::I64(fl),
                    Op::I32(line),
                    Op::Str(d.name.clone()),
                    Op::I64(nl),
                    Op::I32(dim as i32 + 1),
                    idx,
                    x,
                    y,
                ],
            );
            g.emit(Stmt::If { cond: bad, then_body: vec![call], else_body: vec![] });
        };
        self.push_block();
        report(self, lo.clone(), Op::Var(lb), ub.clone());
        // the last element: lo + ((hi - lo) / st) * st (gfortran prints the bounds reversed)
        let span = self.val(Ty::I64, Rv::Binary(BinOp::Sub, hi.clone(), lo.clone()));
        let q = self.val(Ty::I64, Rv::Binary(BinOp::Div, span, st.clone()));
        let off = self.val(Ty::I64, Rv::Binary(BinOp::Mul, q, st.clone()));
        let last = self.val(Ty::I64, Rv::Binary(BinOp::Add, lo.clone(), off));
        report(self, last, ub.clone(), Op::Var(lb));
        let body = self.pop_block();
        self.emit(Stmt::If { cond: nonempty, then_body: body, else_body: vec![] });
    }

    /// The loop that `go to label` leaves (a forward block, named `label`) or restarts (a
    /// backward block, named `label<`), and whether it restarts.
    fn label_target(&mut self, label: u32, sp: gpuf_frontend::Span) -> Option<(LoopId, bool)> {
        let (fwd, back) = (label.to_string(), format!("{label}<"));
        let t = self.named.iter().rev().find(|(l, _)| *l == fwd || *l == back).map(|x| (x.1, x.0 == back));
        if t.is_none() {
            self.not_yet(format!("a jump to the label {label} from here"), sp);
        }
        t
    }

    #[inline(never)]
    pub(super) fn io_ext(&mut self, s: &ast::Stmt) {
        match &s.kind {
            StmtKind::GoTo(l) => match self.label_target(*l, s.span) {
                Some((id, false)) => self.emit(Stmt::Exit(id)),
                Some((id, true)) => self.emit(Stmt::Cycle(id)),
                None => {}
            },
            StmtKind::LabelBlock { label, body, backward: false } => {
                self.named_construct(&Some(ast::Ident { name: label.to_string(), span: s.span }), |g| g.stmts(body))
            }
            StmtKind::LabelBlock { label, body, backward: true } => {
                let id = self.f.new_loop();
                self.named.push((format!("{label}<"), id));
                self.push_block();
                self.stmts(body);
                let mut b = self.pop_block();
                self.named.pop();
                b.push(Stmt::Exit(id));
                self.emit(Stmt::While { id, cond_body: Vec::new(), cond: Op::I32(1), body: b });
            }
            StmtKind::IoStatus { stmt, ctl } => {
                if self.region.is_some() {
                    self.not_yet("input/output statements inside a compute construct", s.span);
                    return;
                }
                let mut mask = 0;
                // `iomsg=` alone leaves errors fatal, as in gfortran
                if ctl.iostat.is_some() {
                    mask = CATCH_ERR | CATCH_END | CATCH_EOR;
                }
                if ctl.end.is_some() {
                    mask |= CATCH_END;
                }
                if ctl.err.is_some() {
                    // like gfortran, `err=` does not catch an end of record
                    mask |= CATCH_ERR;
                }
                if ctl.advance_no {
                    self.emit(Stmt::Call("gpuf_io_nonadvancing".into(), vec![]));
                }
                if mask == 0 && ctl.iomsg.is_none() {
                    self.stmt(stmt);
                    return;
                }
                self.emit(Stmt::Call("gpuf_io_catch".into(), vec![Op::I32(mask)]));
                self.stmt(stmt);
                let st = self.val(Ty::I32, Rv::Call("gpuf_io_status".into(), vec![], Ty::I32));
                if let Some(e) = &ctl.iostat {
                    let t = self.expr_ty(e);
                    let v = self.conv(st.clone(), t);
                    self.store_to(e, v);
                }
                if let Some(e) = &ctl.iomsg {
                    let (a, n) = self.str_expr(e);
                    let n = self.conv(n, Ty::I64);
                    self.emit(Stmt::Call("gpuf_io_msg".into(), vec![a, n]));
                }
                for (target, op, k) in [(ctl.end, BinOp::Eq, -1), (ctl.err, BinOp::Gt, 0)] {
                    let Some((l, sp)) = target else { continue };
                    let Some((id, back)) = self.label_target(l, sp) else { continue };
                    let jump = if back { Stmt::Cycle(id) } else { Stmt::Exit(id) };
                    let c = self.val(Ty::I32, Rv::Binary(op, st.clone(), Op::I32(k)));
                    self.emit(Stmt::If { cond: c, then_body: vec![jump], else_body: vec![] });
                }
            }
            StmtKind::UnitOp { op, unit } => {
                if self.region.is_some() {
                    self.not_yet("input/output statements inside a compute construct", s.span);
                    return;
                }
                let u = self.expr(unit);
                let u = self.conv(u, Ty::I32);
                let f = match op {
                    ast::UnitOp::Rewind => "gpuf_rewind",
                    ast::UnitOp::Backspace => "gpuf_backspace",
                    ast::UnitOp::Endfile => "gpuf_endfile",
                    ast::UnitOp::Flush => "gpuf_flush",
                };
                self.emit(Stmt::Call(f.into(), vec![u]));
            }
            StmtKind::Inquire(q) => {
                if self.region.is_some() {
                    self.not_yet("input/output statements inside a compute construct", s.span);
                    return;
                }
                let file = match &q.file {
                    Some(f) => {
                        let (a, n) = self.str_expr(f);
                        let n = self.conv(n, Ty::I64);
                        Some((a, n))
                    }
                    None => None,
                };
                let unit = match &q.unit {
                    Some(u) => {
                        let v = self.expr(u);
                        self.conv(v, Ty::I32)
                    }
                    None => Op::I32(0),
                };
                for (target, what) in [(&q.exist, 0), (&q.opened, 1), (&q.number, 2)] {
                    let Some(e) = target else { continue };
                    let v = match &file {
                        Some((a, n)) => {
                            self.val(Ty::I32, Rv::Call("gpuf_inquire_file".into(), vec![a.clone(), n.clone(), Op::I32(what)], Ty::I32))
                        }
                        None => self.val(Ty::I32, Rv::Call("gpuf_inquire_unit".into(), vec![unit.clone(), Op::I32(what)], Ty::I32)),
                    };
                    let t = self.expr_ty(e);
                    let v = self.conv(v, t);
                    self.store_to(e, v);
                }
            }
            StmtKind::AllocStatus { stmt, stat, errmsg } => self.alloc_status(stmt, stat.as_deref(), errmsg.as_deref()),
            _ => {}
        }
    }

    /// `allocate`/`deallocate` with `stat=`/`errmsg=`: the runtime records errors instead of
    /// stopping; an allocated array keeps its shape.
    fn alloc_status(&mut self, stmt: &ast::Stmt, stat: Option<&ast::Expr>, errmsg: Option<&ast::Expr>) {
        if self.region.is_some() {
            self.not_yet("`allocate` and `deallocate` inside a compute construct", stmt.span);
            return;
        }
        if stat.is_none() {
            // `errmsg=` alone: errors stay fatal
            self.stmt(stmt);
            return;
        }
        self.emit(Stmt::Call("gpuf_alloc_catch".into(), vec![]));
        match &stmt.kind {
            StmtKind::Allocate(items) => {
                for (name, dims) in items {
                    let Some(super::Home::Array(d)) = self.lookup(&name.name) else {
                        self.not_yet(format!("`allocate` of `{}`", name.name), name.span);
                        continue;
                    };
                    let n = d.name.clone();
                    let len = n.len() as i64;
                    let ok = self.val(
                        Ty::I32,
                        Rv::Call("gpuf_alloc_check".into(), vec![Op::Var(d.addr), Op::Str(n.clone()), Op::I64(len)], Ty::I32),
                    );
                    self.push_block();
                    self.set_shape(&d, dims, name.span);
                    let bytes = self.desc_bytes(&d);
                    let p = self.val(
                        Ty::Ptr,
                        Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(d.addr), bytes, Op::Str(n), Op::I64(len)], Ty::Ptr),
                    );
                    self.emit(Stmt::Assign(d.addr, Rv::Use(p)));
                    let b = self.pop_block();
                    self.emit(Stmt::If { cond: ok, then_body: b, else_body: vec![] });
                }
            }
            _ => self.stmt(stmt),
        }
        let st = self.val(Ty::I32, Rv::Call("gpuf_alloc_status".into(), vec![], Ty::I32));
        if let Some(e) = stat {
            let t = self.expr_ty(e);
            let v = self.conv(st, t);
            self.store_to(e, v);
        }
        if let Some(e) = errmsg {
            let (a, n) = self.str_expr(e);
            let n = self.conv(n, Ty::I64);
            self.emit(Stmt::Call("gpuf_alloc_msg".into(), vec![a, n]));
        }
    }
}
