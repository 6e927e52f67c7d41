//! `-fcheck=bounds`: run-time checks of subscripts and sections against array bounds.

use super::*;

impl G<'_> {
    /// `-fcheck=bounds`: the subscript `v` (`I64`) of dimension `dim` of `d` must lie in its
    /// bounds (the upper bound of an assumed-size dimension is unknown). In compute
    /// constructs too: the host and sim kernels call the run time's error routine, the GPU
    /// kernels trap (oacc-xform).
    pub(super) fn bounds_check(&mut self, d: &super::Desc, dim: usize, v: &Op, sp: gpuf_frontend::Span) {
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
        let file = self.src_file(sp);
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
        let file = self.src_file(sp);
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
}
