//! Procedure calls: actual arguments in dummy order, argument addresses, procedure addresses
//! for dummy procedures.

use super::*;

impl G<'_> {
    /// The link name and argument addresses of a call (Fortran passes by reference).
    pub(super) fn call_args(&mut self, name: &ast::Ident, args: &[Arg], sp: Span) -> Option<(String, Vec<Op>)> {
        let procs = self.procs;
        let Some(sig) = procs.map.get(&name.name) else {
            self.not_yet(format!("a call of `{}`", name.name), sp);
            return None;
        };
        // Actual arguments in dummy order: positional first, then keywords.
        let n = sig.args.len().max(args.len());
        let mut slots: Vec<Option<&Expr>> = vec![None; n];
        let mut pos = 0;
        for a in args {
            match a {
                Arg::Index(e) => {
                    if let Some(sl) = slots.get_mut(pos) {
                        *sl = Some(e);
                    }
                    pos += 1;
                }
                Arg::Keyword(k, e) => match sig.args.iter().position(|d| d.name == k.name) {
                    Some(i) => {
                        if let Some(sl) = slots.get_mut(i) {
                            *sl = Some(e);
                        }
                    }
                    None => self.not_yet(format!("keyword argument `{}`", k.name), k.span),
                },
                Arg::Range { span, .. } => self.not_yet("a section as an argument here", *span),
            }
        }
        if sig.api {
            return Some((sig.link_name.clone(), self.api_args(sig, &slots)));
        }
        let mut ops = Vec::new();
        // gfortran's hidden lengths of character arguments, after all the others (passed
        // as pointer-sized values, as codegen declares every parameter a pointer).
        let mut lens = Vec::new();
        for (i, sl) in slots.into_iter().enumerate() {
            let char_dummy = sig.args.get(i).is_some_and(|d| d.base == BaseTy::Character);
            match sl {
                // (A `class` dummy, pointer and allocatable ones too, gets a container; a
                // `class(*)` one holds a character's length, not a hidden argument.)
                Some(e) if sig.args.get(i).is_some_and(|d| d.class) => {
                    if sig.args.get(i).is_some_and(|d| d.allocatable && d.intent == Some(ast::Intent::Out)) {
                        // gfortran's callers deallocate the actual of an `intent(out)`
                        // allocatable dummy (gpuf's callees do it again, harmlessly).
                        self.deallocate_class_actual(e);
                    }
                    if let Some(d) = sig.args.get(i).filter(|d| d.rank > 0 && !d.allocatable && !d.pointer) {
                        ops.push(self.class_array_actual(e, d));
                        continue;
                    }
                    if let Some(d) = sig.args.get(i).filter(|d| d.rank > 0 && d.allocatable) {
                        ops.push(self.class_alloc_array_actual(e, d.intent == Some(ast::Intent::Out)));
                        continue;
                    }
                    if sig.args.get(i).is_some_and(|d| d.rank > 0 && d.pointer) {
                        ops.push(self.class_ptr_array_actual(e));
                        continue;
                    }
                    let star = sig.args.get(i).is_some_and(|d| self.is_star(d.base));
                    ops.push(self.class_actual(e, star));
                }
                // A `value` dummy: the value, converted to the dummy's type (a character's
                // first byte).
                Some(e) if sig.args.get(i).is_some_and(|d| d.value && e.ty.rank() == 0) => {
                    if char_dummy {
                        let (a, _) = self.str_expr(e);
                        ops.push(self.val(Ty::I8, Rv::Load(Ty::I8, a)));
                        continue;
                    }
                    let t = sig.args.get(i).map_or(Ty::I32, |d| mem_ty(d.base));
                    let v = self.expr(e);
                    ops.push(self.conv(v, t));
                }
                // A `character(:), allocatable` dummy: the addresses of the data pointer
                // and of the length.
                Some(e) if char_dummy && sig.args.get(i).is_some_and(|d| d.allocatable && d.rank == 0) => {
                    let out = sig.args.get(i).is_some_and(|d| d.intent == Some(ast::Intent::Out));
                    let (a, l) = self.deferred_chars_actual(e, out);
                    ops.push(a);
                    lens.push(l);
                }
                Some(e) if e.ty == ast::Ty::Scalar(BaseTy::Character) => {
                    let (a, n) = self.str_expr(e);
                    ops.push(a);
                    let n = self.conv(n, Ty::I64);
                    lens.push(self.val(Ty::Ptr, Rv::Cast(Ty::Ptr, n)));
                }
                Some(e) if sig.args.get(i).is_some_and(|d| d.pointer) => ops.push(self.pointer_actual(e)),

                Some(e) => {
                    // A polymorphic array function result: homed under a fresh name, then
                    // passed as that array (the declared type's part of each element).
                    let homed;
                    let e = match self.class_array_call(e) {
                        Some(t) => {
                            homed = Expr { kind: ExprKind::Name(ast::Ident { name: t, span: e.span }), ..e.clone() };
                            &homed
                        }
                        None => e,
                    };
                    let assumed = sig.args.get(i).is_some_and(|d| d.assumed_shape);
                    if char_dummy {
                        // A whole character array: its data and its elements' length.
                        match &e.kind {
                            ExprKind::Name(id) => match self.lookup(&id.name) {
                                Some(Home::CharArray { d, len }) => {
                                    ops.push(Op::Var(d.addr));
                                    lens.push(self.val(Ty::Ptr, Rv::Cast(Ty::Ptr, Op::Var(len))));
                                    continue;
                                }
                                _ => self.not_yet("this character array as an argument", e.span),
                            },
                            _ => self.not_yet("character array sections and expressions as arguments", e.span),
                        }
                    }
                    if let Some(p) =
                        sig.args.get(i).filter(|d| d.rank > 0 && !d.allocatable && !d.pointer).and_then(|d| self.class_array_packed(e, d))
                    {
                        ops.push(p);
                    } else if let Some(d) = sig.args.get(i).filter(|d| d.allocatable) {
                        let out = d.intent == Some(ast::Intent::Out);
                        ops.push(self.alloc_arg(e, out));
                    } else if assumed && e.ty.rank() > 0 {
                        let d = self.desc_arg(e);
                        ops.push(self.absent_passed_on(e, d));
                    } else if let Some(p) = self.packed_section(e, sig.args.get(i).and_then(|d| d.intent)) {
                        ops.push(p);
                    } else if e.ty.rank() > 0 && !matches!(e.kind, ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::Component(_)) {
                        ops.push(self.expr_temp(e).0);
                    } else {
                        ops.push(self.arg_addr(e));
                    }
                }
                None => {
                    ops.push(Op::Null);
                    if char_dummy {
                        lens.push(Op::Null);
                    }
                }
            }
        }
        ops.extend(lens);
        if self.takes_frame(&name.name) {
            ops.push(self.frame.map_or(Op::Null, Op::Var));
        }
        // A type-bound procedure through a polymorphic object: through its vtab.
        if let Some(at) = sig.link_name.strip_prefix("@tbp:") {
            let fp = self.dispatch_addr(at, &ops, sp)?;
            ops.insert(0, fp);
            return Some(("@ptr".to_string(), ops));
        }
        // A `nopass` one: the object's container only selects the procedure.
        if let Some(at) = sig.link_name.strip_prefix("@tbpn:") {
            let fp = self.dispatch_addr(at, &ops, sp)?;
            if !ops.is_empty() {
                ops.remove(0);
            }
            ops.insert(0, fp);
            return Some(("@ptr".to_string(), ops));
        }
        // A procedure pointer: an indirect call through the address it holds.
        if let Some(n) = sig.link_name.strip_prefix("@pptr:") {
            let fp = self.proc_ptr_value(n, sp)?;
            ops.insert(0, fp);
            return Some(("@ptr".to_string(), ops));
        }
        // A dummy procedure: an indirect call through the address the caller passed.
        if let Some(d) = sig.link_name.strip_prefix("@dummy:") {
            let fp = self.dummy_proc_addr(d, sp)?;
            ops.insert(0, fp);
            return Some(("@ptr".to_string(), ops));
        }
        Some((sig.link_name.clone(), ops))
    }

    /// Arguments of an OpenACC runtime routine: each data argument as its address and size
    /// in bytes (or the explicit `len`), a character `string` as its address and length,
    /// `bytes` as an `I64`, every other argument by value as an `I32`.
    fn api_args(&mut self, sig: &gpuf_frontend::sema::ProcSig, slots: &[Option<&Expr>]) -> Vec<Op> {
        let mut ops = Vec::new();
        let len_at = sig.args.iter().position(|a| a.name == "len");
        for (i, d) in sig.args.iter().enumerate() {
            let e = slots.get(i).copied().flatten();
            match d.name.as_str() {
                n if n.starts_with("data_arg") => {
                    let Some(e) = e else {
                        ops.push(Op::Null);
                        ops.push(Op::I64(0));
                        continue;
                    };
                    let (addr, bytes) = match self.map_block(e) {
                        Some((a, n, _, _)) => (a, n),
                        None => {
                            let n = e.ty.base().map_or(self.expr_ty(e).size(), |b| self.elem_size(b));
                            (self.arg_addr(e), Op::I64(n))
                        }
                    };
                    ops.push(addr);
                    match len_at.and_then(|k| slots.get(k).copied().flatten()) {
                        Some(len) => {
                            let v = self.expr(len);
                            ops.push(self.conv(v, Ty::I64));
                        }
                        None => ops.push(bytes),
                    }
                }
                "len" => {}
                // A device address (`type(c_ptr), value`).
                n if n.starts_with("data_dev") => match e {
                    Some(e) => {
                        let v = self.expr(e);
                        ops.push(self.conv(v, Ty::I64));
                    }
                    None => ops.push(Op::I64(0)),
                },
                // A character result: its address and length.
                "string" => match e {
                    Some(e) => {
                        let (a, n) = self.str_expr(e);
                        ops.push(a);
                        ops.push(self.conv(n, Ty::I64));
                    }
                    None => {
                        ops.push(Op::Null);
                        ops.push(Op::I64(0));
                    }
                },
                "bytes" => match e {
                    Some(e) => {
                        let v = self.expr(e);
                        ops.push(self.conv(v, Ty::I64));
                    }
                    None => ops.push(Op::I64(0)),
                },
                _ => match e {
                    Some(e) => {
                        let v = self.expr(e);
                        ops.push(self.conv(v, Ty::I32));
                    }
                    None => ops.push(Op::I32(0)),
                },
            }
        }
        ops
    }

    /// The address a dummy procedure `name` of this unit received.
    fn dummy_proc_addr(&mut self, name: &str, sp: Span) -> Option<Op> {
        let i = self.syms.get(name).and_then(|s| s.dummy)?;
        match self.f.params.get(i + self.result_params()) {
            Some(p) => Some(Op::Var(*p)),
            None => {
                self.not_yet(format!("the dummy procedure `{name}` here"), sp);
                None
            }
        }
    }

    /// The address the procedure pointer `name` holds.
    pub(super) fn proc_ptr_value(&mut self, name: &str, sp: Span) -> Option<Op> {
        if self.region.is_some() {
            self.not_yet("calls through procedure pointers inside compute constructs", sp);
            return None;
        }
        match self.lookup(name) {
            Some(Home::Mem(pv, _)) => Some(Op::Var(pv)),
            _ => {
                self.not_yet(format!("the procedure pointer `{name}` here"), sp);
                None
            }
        }
    }

    /// The address of a procedure named as an actual argument (for a dummy procedure).
    pub(super) fn proc_addr(&mut self, key: &str, sp: Span) -> Op {
        let procs = self.procs;
        if let Some(n) = procs.map.get(key).and_then(|s| s.link_name.strip_prefix("@pptr:")) {
            return self.proc_ptr_value(n, sp).unwrap_or(Op::Null);
        }
        // A dummy procedure passed on (see sema's `dummy_proc_key`).
        if let Some((d, _)) = key.split_once("@dummy@") {
            return self.dummy_proc_addr(d, sp).unwrap_or(Op::Null);
        }
        let Some(sig) = procs.map.get(key) else {
            self.not_yet(format!("passing `{key}` as an argument"), sp);
            return Op::Null;
        };
        if let Some(d) = sig.link_name.strip_prefix("@dummy:") {
            return self.dummy_proc_addr(d, sp).unwrap_or(Op::Null);
        }
        if self.takes_frame(key) && matches!(sig.result, Some((BaseTy::Complex(_), _))) {
            self.not_yet(format!("internal complex functions as actual arguments (`{}`)", sig.name), sp);
            return Op::Null;
        }
        if self.takes_frame(key) {
            // Through a thunk that finds the host frame in a global, set around the call.
            let g = thunk_frame_global(&sig.link_name);
            self.add_global(&g, Ty::Ptr, Op::Null, true);
            let ga = self.val(Ty::Ptr, Rv::GlobalAddr(g.clone()));
            let old = self.tmp(Ty::Ptr);
            self.emit(Stmt::Assign(old, Rv::Load(Ty::Ptr, ga.clone())));
            self.emit(Stmt::Store(Ty::Ptr, ga, self.frame.map_or(Op::Null, Op::Var)));
            self.frame_restores.push((g, old));
            if !self.thunks.iter().any(|t| t == key) {
                self.thunks.push(key.to_string());
            }
            return self.val(Ty::Ptr, Rv::GlobalAddr(format!("{}.thunk", sig.link_name)));
        }
        if sig.api {
            self.not_yet(format!("OpenACC routines as actual arguments (`{}`)", sig.name), sp);
            return Op::Null;
        }
        self.val(Ty::Ptr, Rv::GlobalAddr(sig.link_name.clone()))
    }

    /// The address of an actual argument: the variable or element itself, or a temporary
    /// holding the value of an expression.
    pub(super) fn arg_addr(&mut self, e: &Expr) -> Op {
        if let Some(k) = gpuf_frontend::sema::proc_actual(e) {
            return self.proc_addr(k, e.span);
        }
        if e.ty == ast::Ty::Scalar(BaseTy::Character) {
            return self.str_expr(e).0;
        }
        match &e.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Reg(v, _)) => self.val(Ty::Ptr, Rv::AddrOf(v)),
                Some(Home::Mem(p, _)) => Op::Var(p),
                Some(Home::Array(d)) => Op::Var(d.addr),
                Some(Home::Str(s)) => Op::Str(s),
                Some(Home::Chars { addr, .. }) => Op::Var(addr),
                Some(Home::CharArray { d, .. }) => Op::Var(d.addr),
                None => self.expr(e),
            },
            // A vector-subscripted section: its value in a temporary (not definable).
            ExprKind::ArrayRef { subs, .. } if has_vector_subscript(subs) => self.expr_temp(e).0,
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return Op::Null };
                // An element, or the first element of a (contiguous) section: sequence association.
                let mut first = Vec::new();
                for (dim, sub) in subs.iter().enumerate() {
                    match sub {
                        Arg::Index(x) | Arg::Keyword(_, x) => {
                            let v = self.expr(x);
                            first.push(self.conv(v, Ty::I64));
                        }
                        Arg::Range { lo, stride, span, .. } => {
                            if stride.is_some() {
                                self.not_yet("a strided section as an actual argument", *span);
                            }
                            first.push(self.range_lo(&d, dim, lo.as_ref()));
                        }
                    }
                }
                self.elem_addr(&d, &first)
            }
            ExprKind::Component(c) if c.base.ty.rank() > 0 => {
                self.not_yet("a component of an array of structures as an actual argument", e.span);
                Op::Null
            }
            ExprKind::Component(_) => self.component_addr(e, &[]),
            _ if matches!(e.ty, ast::Ty::Scalar(BaseTy::Derived(_))) => self.expr(e),
            _ => {
                if let Some(a) = self.complex_arg_addr(e) {
                    return a;
                }
                if e.ty.rank() > 0 {
                    self.not_yet("an array expression as an actual argument", e.span);
                    return Op::Null;
                }
                let t = self.expr_ty(e);
                let v = self.expr(e);
                let v = self.conv(v, t);
                let tmp = self.tmp(t);
                self.emit(Stmt::Assign(tmp, Rv::Use(v)));
                self.val(Ty::Ptr, Rv::AddrOf(tmp))
            }
        }
    }

    /// An allocatable actual argument of an allocatable dummy: the address of its gfortran
    /// descriptor (a component's own; a temporary for a variable, read back after the call).
    /// For an `intent(out)` dummy the caller deallocates it first, as gfortran does (a
    /// callee compiled by gfortran expects it unallocated).
    fn alloc_arg(&mut self, e: &Expr, out: bool) -> Op {
        if let Some((a, c)) = self.alloc_comp_ref(e) {
            if out {
                self.free_elem_comps(&a, &c);
                let p = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a.clone()));
                self.emit(Stmt::Call("gpuf_free".into(), vec![p]));
                self.emit(Stmt::Store(Ty::Ptr, a.clone(), Op::Null));
            }
            return a;
        }
        let ExprKind::Name(id) = &e.kind else {
            self.not_yet("this actual argument of an allocatable dummy", e.span);
            return Op::Null;
        };
        // An allocatable scalar: the address of its data pointer (a module's, saved one's or
        // dummy's own slot, else the variable's address).
        if let Some((p, base)) = self.alloc_scalar_var(&id.name) {
            if out {
                self.free_alloc_scalar(p, base);
            }
            if let Some((block, _)) = self.global_descs.iter().find(|(_, g)| g.addr == p && g.lb.is_empty()).cloned() {
                return Op::Var(block);
            }
            return self.val(Ty::Ptr, Rv::AddrOf(p));
        }
        let Some(Home::Array(d)) = self.lookup(&id.name) else {
            self.not_yet("this actual argument of an allocatable dummy", e.span);
            return Op::Null;
        };
        if out {
            if let BaseTy::Derived(k) = d.base {
                if self.has_alloc_comps(k, 0) {
                    let size = self.elem_size(d.base);
                    self.each_desc_elem(&d, size, &mut |g, x| g.free_alloc_comps(x, k));
                }
            }
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(d.addr)]));
            self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
            self.store_global_desc(&id.name);
        }
        let tmp = self.str_temp(Op::I64(gpuf_frontend::sema::CompInfo::desc_size(d.lb.len())));
        self.store_alloc_comp_desc(&tmp, &d);
        self.arg_reloads.push((tmp.clone(), id.name.clone()));
        tmp
    }
}
