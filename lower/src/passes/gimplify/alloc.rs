//! `allocate` and `deallocate`, also with `stat=` and `errmsg=`.

use super::*;

impl G<'_> {
    /// `allocate`: each array gets its shape and data (character arrays blank-filled,
    /// derived-type elements default-initialised).
    pub(super) fn allocate(&mut self, items: &[(ast::Ident, Vec<DimSpec>)], sp: Span) {
        if self.region.is_some() {
            self.not_yet("`allocate` inside a compute construct", sp);
            return;
        }
        for (name, dims) in items {
            if let Some(Home::CharArray { d, len }) = self.lookup(&name.name) {
                self.set_shape(&d, dims, name.span);
                let bytes = self.char_array_bytes(&d, len);
                self.allocate_data(&d, bytes);
                self.blank_char_array(&d, len);
                continue;
            }
            if let (Some(Home::Mem(pv, b)), true) = (self.lookup(&name.name), self.is_pointer_var(&name.name)) {
                // A scalar pointer: fresh memory (the old target is left alone).
                let size = self.elem_size(b).max(1);
                self.emit(Stmt::Assign(pv, Rv::Call("gpuf_alloc".into(), vec![Op::I64(size)], Ty::Ptr)));
                if let BaseTy::Derived(k) = b {
                    self.init_struct(Op::Var(pv), k);
                }
                self.store_global_ptr(&name.name);
                continue;
            }
            let Some(Home::Array(d)) = self.lookup(&name.name) else {
                self.not_yet(format!("`allocate` of `{}`", name.name), name.span);
                continue;
            };
            if self.is_pointer_var(&name.name) {
                self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
            }
            self.set_shape(&d, dims, name.span);
            self.contiguous_sm(&d);
            let bytes = self.desc_bytes(&d);
            self.allocate_data(&d, bytes);
            self.store_global_desc(&name.name);
            if let BaseTy::Derived(k) = d.base {
                self.init_array_elems(&d, k);
            }
        }
    }

    /// `deallocate`: frees the data and leaves the variable unallocated.
    pub(super) fn deallocate(&mut self, names: &[ast::Ident], sp: Span) {
        if self.region.is_some() {
            self.not_yet("`deallocate` inside a compute construct", sp);
            return;
        }
        for name in names {
            let d = match self.lookup(&name.name) {
                Some(Home::Array(d)) | Some(Home::CharArray { d, .. }) => d,
                Some(Home::Chars { addr, len }) => {
                    self.deallocate_data(addr, &name.name);
                    self.emit(Stmt::Assign(len, Rv::Use(Op::I64(0))));
                    continue;
                }
                Some(Home::Mem(pv, _)) if self.is_pointer_var(&name.name) => {
                    self.deallocate_data(pv, &name.name);
                    self.store_global_ptr(&name.name);
                    continue;
                }
                _ => continue,
            };
            self.deallocate_data(d.addr, &d.name);
            self.store_global_desc(&name.name);
        }
    }

    /// The runtime's allocation of `bytes` for the data of the array `d` (an error if it
    /// is allocated already).
    fn allocate_data(&mut self, d: &Desc, bytes: Op) {
        let n = d.name.clone();
        let len = n.len() as i64;
        let p = self.val(Ty::Ptr, Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(d.addr), bytes, Op::Str(n), Op::I64(len)], Ty::Ptr));
        self.emit(Stmt::Assign(d.addr, Rv::Use(p)));
    }

    /// The runtime's deallocation of the data at `addr` of the variable `name` (an error if
    /// it is not allocated); the pointer becomes null.
    fn deallocate_data(&mut self, addr: VarId, name: &str) {
        let nl = name.len() as i64;
        self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![Op::Var(addr), Op::Str(name.to_string()), Op::I64(nl)]));
        self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
    }

    /// `allocate`/`deallocate` with `stat=`/`errmsg=`: the runtime records errors instead of
    /// stopping; an allocated array keeps its shape.
    pub(super) fn alloc_status(&mut self, stmt: &ast::Stmt, stat: Option<&ast::Expr>, errmsg: Option<&ast::Expr>) {
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
                    self.allocate_data(&d, bytes);
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
