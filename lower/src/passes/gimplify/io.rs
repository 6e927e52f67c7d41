//! Input and output: `print`, `write`, `read`, `open`, `close`, their status specifiers
//! (`iostat=`, `iomsg=`, `end=`, `err=`), `go to`, `rewind`/`backspace`, `inquire` and formats.
//!
//! A statement with status specifiers becomes `gpuf_io_catch(mask)`, the statement, then
//! `gpuf_io_status()` (gfortran's `iostat` value) and the jumps: `end=L` and `err=L` exit
//! (or restart, jumping back) the [`StmtKind::LabelBlock`] of `L` that the front end built
//! around the statement.

use super::*;

/// The conditions `gpuf_io_catch` handles (runtime-lib `iostat.rs`).
const CATCH_ERR: i32 = 1;
const CATCH_END: i32 = 2;
const CATCH_EOR: i32 = 4;

impl G<'_> {
    /// The format operands of `gpuf_io_begin` and friends: the text and its length
    /// (null for list-directed).
    pub(super) fn fmt_ops(&mut self, format: &ast::Format) -> (Op, Op) {
        match format {
            ast::Format::ListDirected | ast::Format::Unformatted | ast::Format::Namelist(..) => (Op::Null, Op::I64(0)),
            ast::Format::Label(l, sp) => {
                // the front end puts the text of `format` statements in (labels::resolve)
                self.not_yet(format!("the format label {l} here"), *sp);
                (Op::Null, Op::I64(0))
            }
            ast::Format::Literal(f, _) => (Op::Str(f.clone()), Op::I64(raw_len(f) as i64)),
            ast::Format::Expr(e) => {
                let (a, n) = self.str_expr(e);
                let n = self.conv(n, Ty::I64);
                (a, n)
            }
        }
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
                if !ctl.modes.is_empty() {
                    self.emit(Stmt::Call("gpuf_io_modes".into(), vec![Op::I32(ctl.modes.packed())]));
                }
                let unformatted = matches!(
                    stmt.kind,
                    StmtKind::Read { format: ast::Format::Unformatted, .. } | StmtKind::Write { format: ast::Format::Unformatted, .. }
                );
                for (e, f) in [(&ctl.rec, "gpuf_io_rec"), (&ctl.pos, "gpuf_io_pos")] {
                    let Some(e) = e else { continue };
                    if !unformatted {
                        self.not_yet(format!("`{}=` in a formatted transfer", if f == "gpuf_io_rec" { "rec" } else { "pos" }), e.span);
                        continue;
                    }
                    let v = self.expr(e);
                    let v = self.conv(v, Ty::I64);
                    self.emit(Stmt::Call(f.into(), vec![v]));
                }
                let read_size = |g: &mut Self| {
                    if let Some(e) = &ctl.size {
                        let n = g.val(Ty::I64, Rv::Call("gpuf_io_read_size".into(), vec![], Ty::I64));
                        g.store_to(e, n);
                    }
                };
                if mask == 0 && ctl.iomsg.is_none() {
                    self.mode_strs(&ctl.mode_exprs, None);
                    self.stmt(stmt);
                    read_size(self);
                    return;
                }
                self.emit(Stmt::Call("gpuf_io_catch".into(), vec![Op::I32(mask)]));
                self.mode_strs(&ctl.mode_exprs, None);
                self.stmt(stmt);
                let st = self.val(Ty::I32, Rv::Call("gpuf_io_status".into(), vec![], Ty::I32));
                read_size(self);
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
                if let Some(e) = &q.iolength {
                    self.emit(Stmt::Call("gpuf_iolength_begin".into(), vec![]));
                    self.uf_items(true, &q.items);
                    let v = self.val(Ty::I64, Rv::Call("gpuf_iolength_end".into(), vec![], Ty::I64));
                    let t = self.expr_ty(e);
                    let v = self.conv(v, t);
                    self.store_to(e, v);
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
                if let Some(e) = &q.size {
                    let v = match &file {
                        Some((a, n)) => self.val(Ty::I64, Rv::Call("gpuf_inquire_file_size".into(), vec![a.clone(), n.clone()], Ty::I64)),
                        None => self.val(Ty::I64, Rv::Call("gpuf_inquire_size".into(), vec![unit.clone()], Ty::I64)),
                    };
                    let t = self.expr_ty(e);
                    let v = self.conv(v, t);
                    self.store_to(e, v);
                }
                for (m, e) in &q.modes {
                    let u = match &file {
                        Some((a, n)) => {
                            self.val(Ty::I32, Rv::Call("gpuf_inquire_file".into(), vec![a.clone(), n.clone(), Op::I32(2)], Ty::I32))
                        }
                        None => unit.clone(),
                    };
                    let (a, n) = self.str_expr(e);
                    let n = self.conv(n, Ty::I64);
                    self.emit(Stmt::Call("gpuf_inquire_mode".into(), vec![u, Op::I32(*m as i32), a, n]));
                }
                if let Some(e) = &q.name {
                    let u = match &file {
                        Some((a, n)) => {
                            self.val(Ty::I32, Rv::Call("gpuf_inquire_file".into(), vec![a.clone(), n.clone(), Op::I32(2)], Ty::I32))
                        }
                        None => unit.clone(),
                    };
                    let (a, n) = self.str_expr(e);
                    let n = self.conv(n, Ty::I64);
                    self.emit(Stmt::Call("gpuf_inquire_name".into(), vec![u, a, n]));
                }
            }
            StmtKind::AllocStatus { stmt, stat, errmsg } => self.alloc_status(stmt, stat.as_deref(), errmsg.as_deref()),
            _ => {}
        }
    }

    /// Changeable modes given by character expressions: of the unit `unit` just opened, or
    /// of the next data transfer (the run time checks the values).
    fn mode_strs(&mut self, exprs: &[(usize, Expr)], unit: Option<Op>) {
        for (m, e) in exprs {
            let (a, n) = self.str_expr(e);
            let n = self.conv(n, Ty::I64);
            match &unit {
                Some(u) => self.emit(Stmt::Call("gpuf_open_mode_str".into(), vec![u.clone(), Op::I32(*m as i32), a, n])),
                None => self.emit(Stmt::Call("gpuf_io_mode_str".into(), vec![Op::I32(*m as i32), a, n])),
            }
        }
    }

    pub(super) fn print(&mut self, format: &ast::Format, items: &[Expr], sp: Span) {
        self.print_to(Op::I32(6), format, items, sp)
    }

    pub(super) fn print_to(&mut self, unit: Op, format: &ast::Format, items: &[Expr], sp: Span) {
        self.output(None, unit, format, items, sp)
    }

    /// `read`, `open` and `close` (outside compute constructs).
    #[inline(never)]
    pub(super) fn io_stmt(&mut self, s: &ast::Stmt) {
        if self.region.is_some() {
            self.not_yet("input/output statements inside a compute construct", s.span);
            return;
        }
        match &s.kind {
            StmtKind::Read { unit: IoUnit::Number(e), format: ast::Format::Namelist(..), .. } if e.ty.rank() > 0 => {
                self.not_yet("namelist input from a character array", e.span)
            }
            StmtKind::Read { unit, format: ast::Format::Namelist(g, objs), .. } => match unit {
                IoUnit::Number(e) if e.ty == ast::Ty::Scalar(BaseTy::Character) => self.namelist(false, Op::I32(0), Some(e), g, objs),
                _ => {
                    let u = match unit {
                        IoUnit::Star => Op::I32(5),
                        IoUnit::Number(e) => {
                            let v = self.expr(e);
                            self.conv(v, Ty::I32)
                        }
                    };
                    self.namelist(false, u, None, g, objs);
                }
            },
            StmtKind::Read { unit, format: ast::Format::Unformatted, items } => {
                let u = match unit {
                    IoUnit::Star => Op::I32(5),
                    IoUnit::Number(e) => {
                        let v = self.expr(e);
                        self.conv(v, Ty::I32)
                    }
                };
                self.unformatted(false, u, items);
            }
            StmtKind::Read { unit, format, items } => {
                let (f, n) = self.fmt_ops(format);
                let array = match unit {
                    IoUnit::Number(e) if matches!(e.ty, ast::Ty::Array(BaseTy::Character, _)) => self.internal_array(e),
                    _ => None,
                };
                match unit {
                    _ if array.is_some() => {
                        let (a, l, c) = array.unwrap_or((Op::Null, Op::I64(0), Op::I64(0)));
                        self.emit(Stmt::Call("gpuf_read_begin_internal_array".into(), vec![a, l, c, f, n]));
                    }
                    IoUnit::Number(e) if e.ty == ast::Ty::Scalar(BaseTy::Character) => {
                        let (a, l) = self.str_expr(e);
                        let l = self.conv(l, Ty::I64);
                        self.emit(Stmt::Call("gpuf_read_begin_internal".into(), vec![a, l, f, n]));
                    }
                    _ => {
                        let u = match unit {
                            IoUnit::Star => Op::I32(5),
                            IoUnit::Number(e) => {
                                let v = self.expr(e);
                                self.conv(v, Ty::I32)
                            }
                        };
                        self.emit(Stmt::Call("gpuf_read_begin".into(), vec![u, f, n]));
                    }
                }
                for it in items {
                    if let ExprKind::ArrayCtor(ci) = &it.kind {
                        self.ctor_walk(ci, &mut |g, x| g.read_item(x));
                    } else {
                        self.read_item(it);
                    }
                }
                self.emit(Stmt::Call("gpuf_read_end".into(), vec![]));
            }
            StmtKind::Open(o) => {
                let u = if o.newunit {
                    let u = self.val(Ty::I32, Rv::Call("gpuf_newunit".into(), vec![], Ty::I32));
                    let t = self.expr_ty(&o.unit);
                    let v = self.conv(u.clone(), t);
                    self.store_to(&o.unit, v);
                    u
                } else {
                    let u = self.expr(&o.unit);
                    self.conv(u, Ty::I32)
                };
                let (a, n) = match &o.file {
                    Some(f) => self.str_expr(f),
                    None => (Op::Null, Op::I64(0)),
                };
                let n = self.conv(n, Ty::I64);
                let args = vec![u.clone(), a, n, Op::I32(o.status), Op::I32(o.action), Op::I32(o.append as i32)];
                self.emit(Stmt::Call("gpuf_open".into(), args));
                if o.unformatted || o.access != 0 {
                    let recl = match &o.recl {
                        Some(r) => {
                            let v = self.expr(r);
                            self.conv(v, Ty::I64)
                        }
                        None => Op::I64(0),
                    };
                    let args = vec![u.clone(), Op::I32(o.unformatted as i32), Op::I32(o.access), recl];
                    self.emit(Stmt::Call("gpuf_open_mode".into(), args));
                }
                if !o.modes.is_empty() {
                    self.emit(Stmt::Call("gpuf_open_modes".into(), vec![u.clone(), Op::I32(o.modes.packed())]));
                }
                self.mode_strs(&o.mode_exprs, Some(u));
            }
            StmtKind::Close { unit, delete } => {
                let u = self.expr(unit);
                let u = self.conv(u, Ty::I32);
                self.emit(Stmt::Call("gpuf_close".into(), vec![u, Op::I32(*delete as i32)]));
            }
            _ => {}
        }
    }

    /// A namelist `write` or `read` of the group `g` (its objects `objs`) on `unit`, or a
    /// `read` from the character variable `internal`: the objects' element addresses go to
    /// the run time, which does the transfer at `gpuf_nml_end`.
    pub(super) fn namelist(&mut self, write: bool, unit: Op, internal: Option<&Expr>, g: &ast::Ident, objs: &[Expr]) {
        let gname = Op::Str(g.name.clone());
        let glen = Op::I64(raw_len(&g.name) as i64);
        match internal {
            Some(e) => {
                let (a, n) = self.str_expr(e);
                let n = self.conv(n, Ty::I64);
                self.emit(Stmt::Call("gpuf_nml_begin_internal".into(), vec![a, n, gname, glen]));
            }
            None => self.emit(Stmt::Call("gpuf_nml_begin".into(), vec![unit, Op::I32(write as i32), gname, glen])),
        }
        let mut back = Vec::new();
        for o in objs {
            let ExprKind::Name(id) = &o.kind else { continue };
            self.nml_object(&id.name.to_ascii_uppercase(), o, &mut back);
        }
        self.emit(Stmt::Call("gpuf_nml_end".into(), vec![]));
        if !write {
            for (tmp, e) in back {
                self.store_to(&e, Op::Var(tmp));
            }
        }
    }

    /// The run-time kind code and element size of a namelist object of type `b`.
    fn nml_kind(&self, b: BaseTy) -> (i32, i64) {
        match b {
            BaseTy::Integer(k) => (1, k as i64),
            BaseTy::Real(k) => (2, k as i64),
            BaseTy::Logical(k) => (3, k as i64),
            BaseTy::Complex(k) => (5, 2 * k as i64),
            _ => (4, 0),
        }
    }

    fn nml_obj_call(&mut self, name: &str, kind: i32, size: Op) {
        let args = vec![Op::Str(name.to_string()), Op::I64(raw_len(name) as i64), Op::I32(kind), size];
        self.emit(Stmt::Call("gpuf_nml_obj".into(), args));
    }

    /// One object of a namelist group: scalars in registers are copied to a temporary
    /// (copied back after a `read`, through `back`).
    fn nml_object(&mut self, name: &str, e: &Expr, back: &mut Vec<(VarId, Expr)>) {
        let elem = |g: &mut Self, a: Op| g.emit(Stmt::Call("gpuf_nml_elem".into(), vec![a]));
        let Some(b) = e.ty.base() else { return };
        if let BaseTy::Derived(k) = b {
            if e.ty.rank() > 0 {
                self.not_yet("arrays of derived type in a namelist group", e.span);
                return;
            }
            let a = self.expr(e);
            self.nml_struct(name, a, k, e.span);
            return;
        }
        let ExprKind::Name(id) = &e.kind else { return };
        let (kind, size) = self.nml_kind(b);
        match self.lookup(&id.name) {
            Some(Home::Array(d)) => {
                self.nml_obj_call(name, kind, Op::I64(size));
                for (lb, ext) in d.lb.iter().zip(&d.ext) {
                    self.emit(Stmt::Call("gpuf_nml_dim".into(), vec![Op::Var(*lb), Op::Var(*ext)]));
                }
                let shape: Vec<Op> = d.ext.iter().map(|v| Op::Var(*v)).collect();
                self.scalarise(&shape, &mut |g, idx| {
                    let subs: Vec<Op> = idx.iter().zip(&d.lb).map(|(i, lb)| g.bin(Ty::I64, BinOp::Add, i.clone(), Op::Var(*lb))).collect();
                    let a = g.elem_addr(&d, &subs);
                    elem(g, a);
                });
            }
            Some(Home::CharArray { d, len }) => {
                self.nml_obj_call(name, 4, Op::Var(len));
                for (lb, ext) in d.lb.iter().zip(&d.ext) {
                    self.emit(Stmt::Call("gpuf_nml_dim".into(), vec![Op::Var(*lb), Op::Var(*ext)]));
                }
                let shape: Vec<Op> = d.ext.iter().map(|v| Op::Var(*v)).collect();
                self.scalarise(&shape, &mut |g, idx| {
                    let subs: Vec<Op> = idx.iter().zip(&d.lb).map(|(i, lb)| g.bin(Ty::I64, BinOp::Add, i.clone(), Op::Var(*lb))).collect();
                    let a = g.char_elem(&d, len, &subs);
                    elem(g, a);
                });
            }
            Some(Home::Mem(p, _)) => {
                self.nml_obj_call(name, kind, Op::I64(size));
                elem(self, Op::Var(p));
            }
            Some(Home::Chars { .. } | Home::Str(_)) => {
                let (a, n) = self.str_expr(e);
                let n = self.conv(n, Ty::I64);
                self.nml_obj_call(name, 4, n);
                elem(self, a);
            }
            Some(Home::Reg(..)) | None => {
                if e.ty.rank() > 0 {
                    self.not_yet("this array in a namelist group", e.span);
                    return;
                }
                let t = self.expr_ty(e);
                let tmp = self.tmp(t);
                let v = self.expr(e);
                self.emit(Stmt::Assign(tmp, Rv::Use(v)));
                self.nml_obj_call(name, kind, Op::I64(size));
                let p = self.val(Ty::Ptr, Rv::AddrOf(tmp));
                elem(self, p);
                back.push((tmp, e.clone()));
            }
        }
    }

    /// The components of a derived-type scalar at `addr` as objects `NAME%COMP`.
    fn nml_struct(&mut self, name: &str, addr: Op, k: u16, sp: Span) {
        let Some(ti) = self.type_info(k) else { return };
        for c in &ti.comps {
            let cname = format!("{name}%{}", c.name.to_ascii_uppercase());
            let ca = self.val(Ty::Ptr, Rv::PtrAdd(addr.clone(), Op::I64(c.offset)));
            if c.alloc {
                self.not_yet("allocatable components in a namelist group", sp);
                continue;
            }
            if let BaseTy::Derived(j) = c.base {
                if !c.dims.is_empty() {
                    self.not_yet("array components of derived type in a namelist group", sp);
                    continue;
                }
                self.nml_struct(&cname, ca, j, sp);
                continue;
            }
            let (kind, size) = self.nml_kind(c.base);
            let size = if c.base == BaseTy::Character { c.char_len } else { size };
            self.nml_obj_call(&cname, kind, Op::I64(size));
            for &(lo, hi) in &c.dims {
                self.emit(Stmt::Call("gpuf_nml_dim".into(), vec![Op::I64(lo), Op::I64(hi - lo + 1)]));
            }
            self.each_elem(&ca, c, size, &mut |g, a| g.emit(Stmt::Call("gpuf_nml_elem".into(), vec![a])));
        }
    }

    /// An unformatted `write` (`write` true) or `read` of `items` on `unit`.
    pub(super) fn unformatted(&mut self, write: bool, unit: Op, items: &[Expr]) {
        let mark = self.mat_frees.len();
        if write {
            for it in items {
                if !matches!(it.kind, ExprKind::ArrayCtor(_)) {
                    self.materialize_rec(it);
                }
            }
        }
        self.emit(Stmt::Call("gpuf_uf_begin".into(), vec![unit, Op::I32(write as i32)]));
        self.uf_items(write, items);
        self.emit(Stmt::Call("gpuf_uf_end".into(), vec![]));
        self.free_mats(mark);
    }

    fn uf_items(&mut self, write: bool, items: &[Expr]) {
        for it in items {
            if let ExprKind::ArrayCtor(ci) = &it.kind {
                if ci.iter().any(|c| matches!(c, ast::CtorItem::ImpliedDo(_))) || !write {
                    self.ctor_walk(ci, &mut |g, x| g.uf_item(write, x));
                    continue;
                }
            }
            self.uf_item(write, it);
        }
    }

    /// One item of an unformatted transfer: the bytes of each element in array element order.
    fn uf_item(&mut self, write: bool, e: &Expr) {
        let item = |g: &mut Self, a: Op, n: Op| g.emit(Stmt::Call("gpuf_uf_item".into(), vec![a, n]));
        let Some(b) = e.ty.base() else { return };
        if let BaseTy::Derived(k) = b {
            let n = self.type_size(k);
            self.each_struct(e, &mut |g, a| item(g, a, Op::I64(n)));
            return;
        }
        if b == BaseTy::Character {
            if e.ty.rank() > 0 {
                self.char_items(e, &mut |g, a, n| item(g, a, n));
            } else {
                let (a, n) = self.str_expr(e);
                let n = self.conv(n, Ty::I64);
                item(self, a, n);
            }
            return;
        }
        let shape = if e.ty.rank() > 0 { self.shape(e) } else { Vec::new() };
        if let Some(pt) = complex::part_ty(b) {
            let buf = if write { Some(self.str_temp(Op::I64(2 * pt.size()))) } else { None };
            self.scalarise(&shape, &mut |g, idx| {
                if let Some(buf) = &buf {
                    let v = g.cexpr_at(e, idx, pt);
                    g.cstore(pt, buf.clone(), v);
                    item(g, buf.clone(), Op::I64(2 * pt.size()));
                } else if let Some(a) = g.caddr(e, idx) {
                    item(g, a, Op::I64(2 * pt.size()));
                }
            });
            return;
        }
        let t = self.expr_ty(e);
        let n = Op::I64(mem_ty(b).size());
        let tmp = self.tmp(t);
        self.scalarise(&shape, &mut |g, idx| {
            let cur = g.expr_at(e, idx);
            g.emit(Stmt::Assign(tmp, Rv::Use(cur)));
            let p = g.val(Ty::Ptr, Rv::AddrOf(tmp));
            item(g, p, n.clone());
            if !write {
                if idx.is_empty() {
                    g.store_to(e, Op::Var(tmp));
                } else {
                    g.store_elem(e, idx, Op::Var(tmp));
                }
            }
        });
    }

    /// A whole character array as an internal file: the address of its first element, the
    /// element length and the number of elements.
    pub(super) fn internal_array(&mut self, e: &Expr) -> Option<(Op, Op, Op)> {
        let ExprKind::Name(id) = &e.kind else {
            self.not_yet("internal files that are sections of character arrays", e.span);
            return None;
        };
        let Some(Home::CharArray { d, len }) = self.lookup(&id.name) else {
            self.not_yet("this character array as an internal file", e.span);
            return None;
        };
        let lbs: Vec<Op> = d.lb.iter().map(|v| Op::Var(*v)).collect();
        let a = self.char_elem(&d, len, &lbs);
        let mut n = Op::I64(1);
        for x in &d.ext {
            n = self.bin(Ty::I64, BinOp::Mul, n, Op::Var(*x));
        }
        Some((a, Op::Var(len), n))
    }

    fn io_begin(&mut self, unit: Op, format: &ast::Format) {
        let (f, n) = self.fmt_ops(format);
        self.emit(Stmt::Call("gpuf_io_begin".into(), vec![unit, f, n]))
    }

    /// Calls `f` with the address of each derived-type object `e` denotes (a scalar, or
    /// every element of an array in array element order).
    fn each_struct(&mut self, e: &Expr, f: &mut dyn FnMut(&mut Self, Op)) {
        if e.ty.rank() > 0 {
            let shape = self.shape(e);
            self.scalarise(&shape, &mut |g, idx| {
                let a = g.expr_at(e, idx);
                f(g, a);
            });
        } else {
            let a = self.expr(e);
            f(self, a);
        }
    }

    /// One variable, element or section of a `read`, element by element.
    fn read_item(&mut self, e: &Expr) {
        // array constructors in subscripts (vector subscripts)
        let mark = self.mat_frees.len();
        self.materialize_rec(e);
        self.read_item_at(e);
        self.free_mats(mark);
    }

    fn read_item_at(&mut self, e: &Expr) {
        if let Some(BaseTy::Derived(k)) = e.ty.base() {
            self.each_struct(e, &mut |g, a| g.read_struct(a, k));
            return;
        }
        if self.complex_read(e) {
            return;
        }
        if e.ty.base() == Some(BaseTy::Character) {
            if e.ty.rank() > 0 {
                self.char_items(e, &mut |g, a, n| g.emit(Stmt::Call("gpuf_read_str".into(), vec![a, n])));
                return;
            }
            let (a, n) = self.str_expr(e);
            let n = self.conv(n, Ty::I64);
            self.emit(Stmt::Call("gpuf_read_str".into(), vec![a, n]));
            return;
        }
        let t = self.expr_ty(e);
        let f = match (e.ty.base(), t) {
            (Some(BaseTy::Logical(_)), _) => "gpuf_read_logical",
            (_, Ty::I64) => "gpuf_read_i64",
            (_, Ty::I128) => "gpuf_read_i128",
            (_, Ty::F32) => "gpuf_read_f32",
            (_, Ty::F64) => "gpuf_read_f64",
            (_, Ty::F128) => "gpuf_read_f128",
            _ => "gpuf_read_i32",
        };
        let tmp = self.tmp(t);
        if e.ty.rank() > 0 {
            let shape = self.shape(e);
            self.scalarise(&shape, &mut |g, idx| {
                // the item keeps its value when nothing is read into it
                let cur = g.expr_at(e, idx);
                g.emit(Stmt::Assign(tmp, Rv::Use(cur)));
                let p = g.val(Ty::Ptr, Rv::AddrOf(tmp));
                g.emit(Stmt::Call(f.into(), vec![p]));
                g.store_elem(e, idx, Op::Var(tmp));
            });
        } else {
            let cur = self.expr(e);
            self.emit(Stmt::Assign(tmp, Rv::Use(cur)));
            let p = self.val(Ty::Ptr, Rv::AddrOf(tmp));
            self.emit(Stmt::Call(f.into(), vec![p]));
            self.store_to(e, Op::Var(tmp));
        }
    }

    /// Output to `unit`, or into the character variable `internal` (address, length, and
    /// the number of elements of a character array).
    pub(super) fn output(&mut self, internal: Option<(Op, Op, Option<Op>)>, unit: Op, format: &ast::Format, items: &[Expr], sp: Span) {
        if self.region.is_some() {
            self.not_yet("output inside a compute construct", sp);
            return;
        }
        let mark = self.mat_frees.len();
        for it in items {
            // Constructors and implied-do lists are printed item by item below.
            if !matches!(it.kind, ExprKind::ArrayCtor(_)) {
                self.materialize_rec(it);
            }
        }
        // Scalar items that call functions are evaluated before the statement starts: the
        // functions may do I/O of their own (e.g. an internal write).
        let mut pre: Vec<Option<(Op, Op)>> = Vec::new();
        for it in items {
            let simple = matches!(it.ty.base(), Some(BaseTy::Integer(4 | 8) | BaseTy::Real(_) | BaseTy::Logical(_) | BaseTy::Character));
            let v = if simple && it.ty.rank() == 0 && !matches!(it.kind, ExprKind::ArrayCtor(_)) && has_call(it) {
                if it.ty.base() == Some(BaseTy::Character) {
                    Some(self.str_expr(it))
                } else {
                    let v = self.expr(it);
                    let t = self.tmp(self.f.op_ty(&v));
                    self.emit(Stmt::Assign(t, Rv::Use(v)));
                    Some((Op::Var(t), Op::Null))
                }
            } else {
                None
            };
            pre.push(v);
        }
        if let Some((a, n, count)) = internal {
            let (f, fl) = self.fmt_ops(format);
            match count {
                Some(c) => self.emit(Stmt::Call("gpuf_io_begin_internal_array".into(), vec![a, n, c, f, fl])),
                None => self.emit(Stmt::Call("gpuf_io_begin_internal".into(), vec![a, n, f, fl])),
            }
        } else {
            self.io_begin(unit, format);
        }
        for (it, pre) in items.iter().zip(pre) {
            if let ExprKind::ArrayCtor(ci) = &it.kind {
                self.ctor_walk(ci, &mut |g, x| g.io_elem(x));
                continue;
            }
            if let Some(BaseTy::Derived(k)) = it.ty.base() {
                self.each_struct(it, &mut |g, a| g.io_struct(a, k));
                continue;
            }
            if let Some((v, n)) = pre {
                if it.ty.base() == Some(BaseTy::Character) {
                    self.emit(Stmt::Call("gpuf_io_str".into(), vec![v, n]));
                } else {
                    self.io_item(it, v);
                }
            } else if it.ty.rank() > 0 && it.ty.base() == Some(BaseTy::Character) {
                self.char_items(it, &mut |g, a, n| g.emit(Stmt::Call("gpuf_io_str".into(), vec![a, n])));
            } else if it.ty.rank() > 0 {
                let shape = self.shape(it);
                self.scalarise(&shape, &mut |g, idx| g.io_value(it, idx));
            } else if let Some(s) = self.const_str(it) {
                let n = raw_len(&s) as i64;
                self.emit(Stmt::Call("gpuf_io_str".into(), vec![Op::Str(s), Op::I64(n)]));
            } else if it.ty.base() == Some(BaseTy::Character) {
                let (a, n) = self.str_expr(it);
                self.emit(Stmt::Call("gpuf_io_str".into(), vec![a, n]));
            } else {
                self.io_value(it, &[]);
            }
        }
        self.emit(Stmt::Call("gpuf_io_end".into(), vec![]));
        self.free_mats(mark);
    }

    /// One item of a constructor or implied-do list in an I/O list.
    fn io_elem(&mut self, x: &Expr) {
        if x.ty.base() == Some(BaseTy::Character) && x.ty.rank() > 0 {
            self.char_items(x, &mut |g, a, n| g.emit(Stmt::Call("gpuf_io_str".into(), vec![a, n])));
        } else if x.ty.base() == Some(BaseTy::Character) && self.const_str(x).is_none() {
            let (a, n) = self.str_expr(x);
            self.emit(Stmt::Call("gpuf_io_str".into(), vec![a, n]));
        } else if x.ty.rank() > 0 {
            let shape = self.shape(x);
            self.scalarise(&shape, &mut |g, idx| g.io_value(x, idx));
        } else if let Some(s) = self.const_str(x) {
            let n = raw_len(&s) as i64;
            self.emit(Stmt::Call("gpuf_io_str".into(), vec![Op::Str(s), Op::I64(n)]));
        } else {
            self.io_value(x, &[]);
        }
    }

    pub(super) fn io_item(&mut self, e: &Expr, v: Op) {
        if self.f.op_ty(&v) == Ty::F128 {
            // By address: the run time (Rust) has no binary128 type.
            let tmp = self.tmp(Ty::F128);
            self.emit(Stmt::Assign(tmp, Rv::Use(v)));
            let p = self.val(Ty::Ptr, Rv::AddrOf(tmp));
            self.emit(Stmt::Call("gpuf_io_f128".into(), vec![p]));
            return;
        }
        let f = match e.ty.base() {
            Some(BaseTy::Logical(_)) => "gpuf_io_logical",
            // Narrow integers travel as `I32`; the runtime prints them with their kind's width.
            Some(BaseTy::Integer(1)) => "gpuf_io_i8",
            Some(BaseTy::Integer(2)) => "gpuf_io_i16",
            _ => match self.f.op_ty(&v) {
                Ty::I32 | Ty::I8 | Ty::I16 => "gpuf_io_i32",
                Ty::I64 => "gpuf_io_i64",
                Ty::I128 => "gpuf_io_i128",
                Ty::F32 => "gpuf_io_f32",
                Ty::F64 | Ty::F128 => "gpuf_io_f64",
                Ty::Ptr => "gpuf_io_str",
            },
        };
        self.emit(Stmt::Call(f.into(), vec![v]));
    }
}

/// Whether an expression calls a user function.
pub(super) fn has_call(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Call { .. } => true,
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => has_call(x),
        ExprKind::Binary(_, x, y) => has_call(x) || has_call(y),
        ExprKind::Intrinsic { args, .. } => args.iter().any(has_call),
        ExprKind::ArrayRef { subs, .. } => subs.iter().any(|a| match a {
            Arg::Index(x) | Arg::Keyword(_, x) => has_call(x),
            Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].iter().any(|b| b.as_ref().is_some_and(has_call)),
        }),
        _ => false,
    }
}
