//! `allocate` and `deallocate`, with `stat=` and `errmsg=`.

use super::*;

impl G<'_> {
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
