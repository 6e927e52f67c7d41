//! Elemental user procedures called with array arguments: the call is made once per
//! element (in array element order), with the elements of the array arguments (their
//! addresses, so that `intent(out)` and `intent(inout)` dummies write them) and the
//! scalar arguments as they are.

use super::*;

impl G<'_> {
    /// A call of an elemental procedure with at least one array argument.
    pub(super) fn is_elemental_array_call(&self, key: &str, args: &[Arg]) -> bool {
        self.procs.map.get(key).is_some_and(|s| s.elemental)
            && args.iter().any(|a| matches!(a, Arg::Index(x) | Arg::Keyword(_, x) if x.ty.rank() > 0))
    }

    /// The first array argument of a call.
    pub(super) fn first_array_arg(args: &[Arg]) -> Option<&Expr> {
        args.iter().find_map(|a| match a {
            Arg::Index(x) | Arg::Keyword(_, x) if x.ty.rank() > 0 => Some(x),
            _ => None,
        })
    }

    /// The address of element `idx` of an array argument: the element itself for a
    /// variable or section, else a temporary holding its value.
    fn elem_arg_addr(&mut self, x: &Expr, idx: &[Op]) -> Op {
        match &x.kind {
            ExprKind::Name(id) => {
                if let Some(Home::Array(d)) = self.lookup(&id.name) {
                    let subs: Vec<Op> =
                        d.lb.iter().zip(idx).map(|(lb, i)| self.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                    return self.elem_addr(&d, &subs);
                }
            }
            ExprKind::ArrayRef { name, subs } => {
                if let Some(Home::Array(d)) = self.lookup(&name.name) {
                    let s = self.subscripts(&d, subs, idx);
                    return self.elem_addr(&d, &s);
                }
            }
            _ => {}
        }
        let t = self.expr_ty(x);
        let v = self.expr_at(x, idx);
        let v = self.conv(v, t);
        let tmp = self.tmp(t);
        self.emit(Stmt::Assign(tmp, Rv::Use(v)));
        self.val(Ty::Ptr, Rv::AddrOf(tmp))
    }

    /// The link name and arguments of the invocation at element `idx`.
    fn elemental_ops(&mut self, key: &str, args: &[Arg], idx: &[Op], sp: Span) -> Option<(String, Vec<Op>)> {
        let procs = self.procs;
        let sig = procs.map.get(key)?;
        if sig.args.iter().any(|d| d.base == BaseTy::Character) {
            self.not_yet("elemental procedures with character arguments called with arrays", sp);
            return None;
        }
        let mut slots: Vec<Option<&Expr>> = vec![None; sig.args.len().max(args.len())];
        let mut pos = 0;
        for a in args {
            match a {
                Arg::Index(e) => {
                    if let Some(sl) = slots.get_mut(pos) {
                        *sl = Some(e);
                    }
                    pos += 1;
                }
                Arg::Keyword(k, e) => {
                    if let Some(sl) = sig.args.iter().position(|d| d.name == k.name).and_then(|i| slots.get_mut(i)) {
                        *sl = Some(e);
                    }
                }
                Arg::Range { .. } => {}
            }
        }
        let mut ops = Vec::new();
        for sl in slots {
            ops.push(match sl {
                Some(x) if x.ty.rank() > 0 => self.elem_arg_addr(x, idx),
                Some(x) => self.arg_addr(x),
                None => Op::Null,
            });
        }
        // an internal procedure also takes its host's frame
        if self.takes_frame(key) {
            ops.push(self.frame.map_or(Op::Null, Op::Var));
        }
        Some((sig.link_name.clone(), ops))
    }

    /// Element `idx` of an elemental function reference with array arguments.
    pub(super) fn elemental_call_at(&mut self, e: &Expr, key: &str, args: &[Arg], idx: &[Op]) -> Op {
        let rt = self.expr_ty(e);
        match self.elemental_ops(key, args, idx, e.span) {
            Some((link, ops)) => self.val(rt, Rv::Call(link, ops, rt)),
            None => zero_of(rt),
        }
    }

    /// `call s(...)` of an elemental subroutine with array arguments: one call per element.
    pub(super) fn elemental_sub_call(&mut self, key: &str, args: &[Arg], sp: Span) {
        let mut mark = None;
        for a in args {
            if let Arg::Index(x) | Arg::Keyword(_, x) = a {
                let m = self.materialize(x);
                mark.get_or_insert(m);
            }
        }
        let Some(first) = Self::first_array_arg(args) else { return };
        let shape = self.shape(first);
        self.scalarise(&shape, &mut |g, idx| {
            if let Some((link, ops)) = g.elemental_ops(key, args, idx, sp) {
                g.emit(Stmt::Call(link, ops));
            }
        });
        if let Some(m) = mark {
            self.free_mats(m);
        }
    }
}
