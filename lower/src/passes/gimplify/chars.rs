//! Character variables, arrays of them and character expressions: buffers with lengths,
//! substrings, concatenation and the character intrinsics.

use super::*;

impl G<'_> {
    /// A local character variable: a buffer of its length filled with blanks (or its
    /// initial value); a deferred-length one starts unallocated.
    pub(super) fn declare_chars(&mut self, s: &gpuf_frontend::sema::Symbol) {
        let saved = s.module.is_some() || (self.unit.kind != UnitKind::Program && (s.save || s.init.is_some()));
        // A module's named constant array is an object of the module too (gfortran's
        // users reference it).
        if (saved && !s.parameter) || (s.module.is_some() && s.parameter && s.rank > 0 && !self.in_routine()) {
            self.saved_chars(s);
            return;
        }
        if s.rank > 0 {
            self.declare_char_array(s);
            return;
        }
        let addr = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        let len = self.f.new_var(format!("{}.len", s.name), Ty::I64);
        self.homes.insert(s.name.clone(), Home::Chars { addr, len });
        let n = match &s.char_len {
            None => Op::I64(1),
            Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. })) => Op::I64(*v),
            Some(ast::CharLen::Deferred(_)) => {
                self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
                self.emit(Stmt::Assign(len, Rv::Use(Op::I64(0))));
                return;
            }
            // An automatic length, evaluated on entry (negative lengths are zero).
            Some(ast::CharLen::Expr(e)) => {
                let v = self.expr(e);
                let v = self.conv(v, Ty::I64);
                self.bin(Ty::I64, BinOp::Max, v, Op::I64(0))
            }
            Some(_) => {
                self.not_yet(format!("the length of `{}`", s.name), s.span);
                return;
            }
        };
        let size = self.bin(Ty::I64, BinOp::Max, n.clone(), Op::I64(1));
        self.emit(Stmt::Assign(addr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
        self.emit(Stmt::Assign(len, Rv::Use(n.clone())));
        if self.unit.kind != UnitKind::Program {
            self.frees.push(addr);
        }
        let (src, sl) = match &s.init {
            Some(e) => self.str_expr(e),
            None => (Op::Null, Op::I64(0)),
        };
        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![Op::Var(addr), n, src, sl]));
    }

    /// A `character(:), allocatable` dummy: `pv` holds the address of the caller's data
    /// pointer, `hidden` that of its length (gfortran's convention); `len` is the unit's
    /// length variable. An `intent(out)` one arrives deallocated.
    pub(super) fn declare_deferred_chars_dummy(&mut self, s: &gpuf_frontend::sema::Symbol, pv: VarId, hidden: VarId, len: VarId) {
        let addr = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        self.emit(Stmt::Assign(addr, Rv::Load(Ty::Ptr, Op::Var(pv))));
        self.emit(Stmt::Assign(len, Rv::Load(Ty::I64, Op::Var(hidden))));
        self.homes.insert(s.name.clone(), Home::Chars { addr, len });
        self.deferred_chars.push((pv, hidden, addr, len));
        if s.intent == Some(ast::Intent::Out) {
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(addr)]));
            self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
            self.emit(Stmt::Assign(len, Rv::Use(Op::I64(0))));
            self.store_deferred_chars(addr);
        }
    }

    /// Writes a deferred-length `character` dummy (by its data-address variable) back to
    /// the caller's variables after it changed.
    pub(super) fn store_deferred_chars(&mut self, addr: VarId) {
        let Some((pv, hv, _, len)) = self.deferred_chars.iter().find(|x| x.2 == addr).copied() else { return };
        self.emit(Stmt::Store(Ty::Ptr, Op::Var(pv), Op::Var(addr)));
        self.emit(Stmt::Store(Ty::I64, Op::Var(hv), Op::Var(len)));
    }

    /// The actual argument of a `character(:), allocatable` dummy: the addresses of its
    /// data pointer and of its length (a deferred-length variable's own, a dummy's the
    /// caller's); an `intent(out)` dummy's actual is deallocated first.
    pub(super) fn deferred_chars_actual(&mut self, e: &Expr, out: bool) -> (Op, Op) {
        let deferred =
            |g: &Self, n: &str| g.syms.get(n).is_some_and(|s| s.allocatable && matches!(s.char_len, Some(ast::CharLen::Deferred(_))));
        let (ExprKind::Name(id), true) = (&e.kind, matches!(&e.kind, ExprKind::Name(id) if deferred(self, &id.name))) else {
            self.not_yet("this actual argument of a deferred-length `character` dummy", e.span);
            return (Op::Null, Op::Null);
        };
        let Some(Home::Chars { addr, len }) = self.lookup(&id.name) else {
            self.not_yet("this actual argument of a deferred-length `character` dummy", e.span);
            return (Op::Null, Op::Null);
        };
        if out {
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(addr)]));
            self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
            self.emit(Stmt::Assign(len, Rv::Use(Op::I64(0))));
            self.store_deferred_chars(addr);
        }
        if let Some((pv, hv, _, _)) = self.deferred_chars.iter().find(|x| x.2 == addr).copied() {
            return (Op::Var(pv), Op::Var(hv));
        }
        (self.val(Ty::Ptr, Rv::AddrOf(addr)), self.val(Ty::Ptr, Rv::AddrOf(len)))
    }

    /// A reference to a character function: the caller evaluates the result's length
    /// (from the callee's declaration, with its dummy arguments bound to the actual
    /// arguments), passes a temporary buffer of that length and the length first.
    fn char_call(&mut self, name: &ast::Ident, args: &[Arg], sp: Span) -> (Op, Op) {
        let none = (Op::Null, Op::I64(0));
        let units = self.units;
        // A call through a vtab (`T%b@tbp`): the procedure of one of the bindings it may
        // reach stands for all (overriding procedures have the same result length).
        let key = self.dispatch_target(&name.name).unwrap_or_else(|| name.name.clone());
        let callee = units.iter().find(|u| u.key.as_deref() == Some(key.as_str()) && u.unit.kind == UnitKind::Function);
        let rname = callee.map(|u| u.unit.result.as_ref().unwrap_or(&u.unit.name).name.clone());
        let rsym = callee.zip(rname).and_then(|(u, r)| u.symbols.get(&r));
        if matches!(rsym.map(|s| &s.char_len), Some(Some(ast::CharLen::Deferred(_))))
            || (callee.is_none() && self.interface_deferred(&name.name))
        {
            return self.deferred_char_call(name, args, sp);
        }
        let len = match rsym.map(|s| &s.char_len) {
            Some(None) => Op::I64(1),
            Some(Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. }))) => Op::I64(*v),
            Some(Some(ast::CharLen::Expr(le))) => {
                // Bind the callee's dummy names to the actual arguments, then evaluate.
                let Some(cu) = callee else { return none };
                let mut scope = HashMap::new();
                for (i, d) in cu.unit.args.iter().enumerate() {
                    let actual = args.iter().enumerate().find_map(|(j, a)| match a {
                        Arg::Keyword(k, x) if k.name == d.name => Some(x),
                        Arg::Index(x) if j == i => Some(x),
                        _ => None,
                    });
                    let Some(x) = actual else { continue };
                    let home = match (&x.kind, cu.symbols.get(&d.name)) {
                        (ExprKind::Name(id), _) if self.lookup(&id.name).is_some() => self.lookup(&id.name),
                        (_, Some(ds)) if ds.rank == 0 && ds.base == BaseTy::Character => {
                            let (a, n) = self.str_expr(x);
                            let (av, nv) = (self.tmp(Ty::Ptr), self.tmp(Ty::I64));
                            self.emit(Stmt::Assign(av, Rv::Use(a)));
                            let n = self.conv(n, Ty::I64);
                            self.emit(Stmt::Assign(nv, Rv::Use(n)));
                            Some(Home::Chars { addr: av, len: nv })
                        }
                        (_, Some(ds)) if ds.rank == 0 => {
                            let v = self.expr(x);
                            let v = self.conv(v, ir_ty(ds.base));
                            let t = self.tmp(ir_ty(ds.base));
                            self.emit(Stmt::Assign(t, Rv::Use(v)));
                            Some(Home::Reg(t, ds.base))
                        }
                        _ => None,
                    };
                    if let Some(h) = home {
                        scope.insert(d.name.clone(), h);
                    }
                }
                self.overrides.push(scope);
                let v = self.expr(le);
                self.overrides.pop();
                let v = self.conv(v, Ty::I64);
                self.bin(Ty::I64, BinOp::Max, v, Op::I64(0))
            }
            _ => match self.procs.map.get(&name.name).and_then(|s| s.result_len).or_else(|| self.declared_result_len(&name.name)) {
                // A procedure from a module file: its constant result length; an external
                // function (defined elsewhere, or with an assumed-length result): the
                // length this unit declares it with.
                Some(n) => Op::I64(n.max(0)),
                None => {
                    self.not_yet("a reference to this character function (its result length is not known here)", sp);
                    return none;
                }
            },
        };
        let buf = self.str_temp(len.clone());
        let mark = self.call_after.len();
        let Some((link, mut ops)) = self.call_args(name, args, sp) else { return none };
        let hidden = self.val(Ty::Ptr, Rv::Cast(Ty::Ptr, len.clone()));
        // An indirect call (a dummy procedure) keeps the address first.
        let at = usize::from(link == "@ptr");
        ops.insert(at, hidden);
        ops.insert(at, buf.clone());
        self.emit(Stmt::Call(link, ops));
        self.reload_global_descs();
        self.after_call(mark);
        (buf, len)
    }

    /// Does an interface block of this unit declare the function `key` with a
    /// deferred-length `character` result?
    /// For the dispatching key of a type-bound procedure (`T%b@tbp`, `ProcSig::link_name`
    /// `@tbp:`/`@tbpn:`): the key of a procedure bound to `b` by `T` or a type of this file
    /// that extends it.
    fn dispatch_target(&self, key: &str) -> Option<String> {
        let sig = self.procs.map.get(key)?;
        if !sig.link_name.starts_with("@tbp") {
            return None;
        }
        let (tname, b) = key.strip_suffix("@tbp")?.rsplit_once('%')?;
        let t = self.types.iter().position(|t| t.name == tname)? as u16;
        self.family(t)
            .into_iter()
            .find_map(|k| self.types.get(k as usize)?.bindings.iter().find(|x| x.name == b).and_then(|x| x.key.clone()))
    }

    fn interface_deferred(&self, key: &str) -> bool {
        let src = self.procs.map.get(key).map_or(key, |s| s.name.as_str());
        self.unit.interfaces.iter().any(|i| {
            let result = i.result.as_ref().unwrap_or(&i.name).name.as_str();
            i.kind == UnitKind::Function
                && i.name.name == src
                && i.decls
                    .iter()
                    .any(|d| matches!(d.char_len, Some(ast::CharLen::Deferred(_))) && d.entities.iter().any(|e| e.name.name == result))
        })
    }

    /// A reference to a function with a deferred-length result: the callee stores a
    /// malloc'd buffer and its length through the two pointers passed first; the value is
    /// copied into a temporary of the statement and the buffer freed.
    fn deferred_char_call(&mut self, name: &ast::Ident, args: &[Arg], sp: Span) -> (Op, Op) {
        let (p, l) = (self.tmp(Ty::Ptr), self.tmp(Ty::I64));
        self.emit(Stmt::Assign(p, Rv::Use(Op::Null)));
        self.emit(Stmt::Assign(l, Rv::Use(Op::I64(0))));
        let mark = self.call_after.len();
        let Some((link, mut ops)) = self.call_args(name, args, sp) else { return (Op::Null, Op::I64(0)) };
        let at = usize::from(link == "@ptr");
        let la = self.val(Ty::Ptr, Rv::AddrOf(l));
        let pa = self.val(Ty::Ptr, Rv::AddrOf(p));
        ops.insert(at, la);
        ops.insert(at, pa);
        self.emit(Stmt::Call(link, ops));
        self.reload_global_descs();
        self.after_call(mark);
        let buf = self.str_temp(Op::Var(l));
        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![buf.clone(), Op::Var(l), Op::Var(p), Op::Var(l)]));
        self.emit(Stmt::Call("gpuf_c_free".into(), vec![Op::Var(p)]));
        (buf, Op::Var(l))
    }

    /// The constant length the calling unit declares the external character function
    /// `key` with (`character(len=12), external :: f`).
    fn declared_result_len(&self, key: &str) -> Option<i64> {
        let src = self.procs.map.get(key).map_or(key, |s| s.name.as_str());
        let s = self.syms.get(src)?;
        if !s.external || s.base != BaseTy::Character || s.rank > 0 {
            return None;
        }
        match &s.char_len {
            None => Some(1),
            Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. })) => Some(*v),
            _ => None,
        }
    }

    /// A saved or module character variable or array: gfortran's object of its bytes
    /// (`static_object`), else (beyond 4 GiB) a global pointer to its bytes, allocated and
    /// initialised the first time a unit that sees it runs.
    fn saved_chars(&mut self, s: &gpuf_frontend::sema::Symbol) {
        let n = match &s.char_len {
            None => 1,
            Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. })) => *v,
            _ => {
                self.not_yet(format!("this length of the saved character variable `{}`", s.name), s.span);
                return;
            }
        };
        if s.allocatable || s.dims.iter().any(|d| matches!(d, DimSpec::Deferred(_))) {
            self.not_yet(format!("saved or module allocatable character variable `{}`", s.name), s.span);
            return;
        }
        let (gname, local) = self.static_name(s);
        let len = self.f.new_var(format!("{}.len", s.name), Ty::I64);
        self.emit(Stmt::Assign(len, Rv::Use(Op::I64(n.max(0)))));
        if let Some((at, runtime_init)) = self.static_object(s, &gname, local) {
            let addr = if s.rank > 0 {
                let dims = self.const_dims(s);
                let desc = self.new_desc(s);
                self.emit(Stmt::Assign(desc.addr, Rv::Use(at)));
                self.set_shape(&desc, &dims, s.span);
                self.homes.insert(s.name.clone(), Home::CharArray { d: desc.clone(), len });
                desc.addr
            } else {
                let addr = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                self.emit(Stmt::Assign(addr, Rv::Use(at)));
                self.homes.insert(s.name.clone(), Home::Chars { addr, len });
                addr
            };
            if runtime_init {
                self.push_block();
                self.init_saved_chars(s, addr, len);
                self.static_init(s, &gname, local);
            }
            return;
        }
        self.add_global(&gname, Ty::Ptr, Op::Null, local);
        let gp = self.val(Ty::Ptr, Rv::GlobalAddr(gname));
        let addr = if s.rank > 0 {
            let desc = self.new_desc(s);
            self.set_shape(&desc, &s.dims, s.span);
            self.homes.insert(s.name.clone(), Home::CharArray { d: desc.clone(), len });
            desc.addr
        } else {
            let addr = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
            self.homes.insert(s.name.clone(), Home::Chars { addr, len });
            addr
        };
        self.emit(Stmt::Assign(addr, Rv::Load(Ty::Ptr, gp.clone())));
        let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(addr), Op::Null));
        self.push_block();
        let bytes = match self.lookup(&s.name) {
            Some(Home::CharArray { d, len }) => self.char_array_bytes(&d, len),
            _ => Op::I64(n.max(1)),
        };
        self.emit(Stmt::Assign(addr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr)));
        self.emit(Stmt::Store(Ty::Ptr, gp, Op::Var(addr)));
        self.init_saved_chars(s, addr, len);
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
    }

    /// Stores the initial value of a saved character variable or array (blanks without
    /// one) at `addr`.
    fn init_saved_chars(&mut self, s: &gpuf_frontend::sema::Symbol, addr: VarId, len: VarId) {
        match self.lookup(&s.name) {
            Some(Home::CharArray { d, len }) => {
                self.blank_char_array(&d, len);
                if let Some(init) = &s.init {
                    let target = Expr { kind: ExprKind::Name(ast::Ident { name: s.name.clone(), span: s.span }), span: s.span, ty: s.ty() };
                    self.assign_char_array(&target, init, s.span);
                }
            }
            _ => {
                let (src, sl) = match &s.init {
                    Some(e) => self.str_expr(e),
                    None => (Op::Null, Op::I64(0)),
                };
                self.emit(Stmt::Call("gpuf_str_copy".into(), vec![Op::Var(addr), Op::Var(len), src, sl]));
            }
        }
    }

    /// A local (or parameter) array of character variables: elements of the declared
    /// (constant or automatic) length, blank-filled or set from the initial value.
    fn declare_char_array(&mut self, s: &gpuf_frontend::sema::Symbol) {
        let n = match &s.char_len {
            None => Op::I64(1),
            Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. })) => Op::I64(*v),
            Some(ast::CharLen::Expr(e)) if !s.parameter => {
                let v = self.expr(e);
                let v = self.conv(v, Ty::I64);
                self.bin(Ty::I64, BinOp::Max, v, Op::I64(0))
            }
            _ => {
                self.not_yet(format!("the length of the character array `{}`", s.name), s.span);
                return;
            }
        };
        let desc = self.new_desc(s);
        let len = self.f.new_var(format!("{}.len", s.name), Ty::I64);
        self.emit(Stmt::Assign(len, Rv::Use(n)));
        self.homes.insert(s.name.clone(), Home::CharArray { d: desc.clone(), len });
        if self.unit.kind != UnitKind::Program {
            self.frees.push(desc.addr);
        }
        if s.allocatable {
            self.emit(Stmt::Assign(desc.addr, Rv::Use(Op::Null)));
            for d in 0..s.rank as usize {
                self.emit(Stmt::Assign(desc.lb[d], Rv::Use(Op::I64(1))));
                self.emit(Stmt::Assign(desc.ext[d], Rv::Use(Op::I64(0))));
            }
            return;
        }
        self.set_shape(&desc, &s.dims, s.span);
        let bytes = self.char_array_bytes(&desc, len);
        self.emit(Stmt::Assign(desc.addr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr)));
        self.blank_char_array(&desc, len);
        if let Some(init) = &s.init {
            let target = Expr { kind: ExprKind::Name(ast::Ident { name: s.name.clone(), span: s.span }), span: s.span, ty: s.ty() };
            self.assign_char_array(&target, init, s.span);
        }
    }

    pub(super) fn char_array_bytes(&mut self, d: &Desc, len: VarId) -> Op {
        let mut n = self.bin(Ty::I64, BinOp::Max, Op::Var(len), Op::I64(1));
        for e in d.ext.clone() {
            n = self.bin(Ty::I64, BinOp::Mul, n, Op::Var(e));
        }
        n
    }

    pub(super) fn blank_char_array(&mut self, d: &Desc, len: VarId) {
        let shape: Vec<Op> = d.ext.iter().map(|v| Op::Var(*v)).collect();
        let d2 = d.clone();
        self.scalarise(&shape, &mut |g, idx| {
            let subs: Vec<Op> = idx.iter().zip(&d2.lb).map(|(i, lb)| g.bin(Ty::I64, BinOp::Add, i.clone(), Op::Var(*lb))).collect();
            let a = g.char_elem(&d2, len, &subs);
            g.emit(Stmt::Call("gpuf_str_copy".into(), vec![a, Op::Var(len), Op::Null, Op::I64(0)]));
        });
    }

    /// The elements (address, length) a character array expression denotes, in array
    /// element order: a whole array, a rank-1 section, or a constructor of scalars.
    pub(super) fn char_items(&mut self, e: &Expr, f: &mut dyn FnMut(&mut Self, Op, Op)) {
        match &e.kind {
            ExprKind::Paren(x) => self.char_items(x, f),
            ExprKind::Name(id) => {
                let Some(Home::CharArray { d, len }) = self.lookup(&id.name) else {
                    self.not_yet("this character array", e.span);
                    return;
                };
                let shape: Vec<Op> = d.ext.iter().map(|v| Op::Var(*v)).collect();
                self.scalarise(&shape, &mut |g, idx| {
                    let subs: Vec<Op> = idx.iter().zip(&d.lb).map(|(i, lb)| g.bin(Ty::I64, BinOp::Add, i.clone(), Op::Var(*lb))).collect();
                    let a = g.char_elem(&d, len, &subs);
                    f(g, a, Op::Var(len));
                });
            }
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::CharArray { d, len }) = self.lookup(&name.name) else {
                    self.not_yet("this character array section", e.span);
                    return;
                };
                // Each dimension: a fixed subscript, or a range walked by a loop (a vector
                // subscript: its positions, each mapped to the element's index).
                let mut dims: Vec<Result<Op, CharDim>> = Vec::new();
                for (k, sub) in subs.iter().enumerate() {
                    match sub {
                        Arg::Index(x) if x.ty.rank() > 0 => {
                            let n = self.shape(x).first().cloned().unwrap_or(Op::I64(0));
                            let h = self.bin(Ty::I64, BinOp::Sub, n, Op::I64(1));
                            dims.push(Err((Op::I64(0), h, Op::I64(1), Some(x))));
                        }
                        Arg::Index(x) | Arg::Keyword(_, x) => {
                            let v = self.expr(x);
                            dims.push(Ok(self.conv(v, Ty::I64)));
                        }
                        Arg::Range { lo, hi, stride, .. } => {
                            let l = self.range_lo(&d, k, lo.as_ref());
                            let h = self.range_hi(&d, k, hi.as_ref());
                            let st = self.int_arg(stride.as_ref(), 1);
                            dims.push(Err((l, h, st, None)));
                        }
                    }
                }
                let mut idx: Vec<Op> = dims.iter().map(|x| x.clone().unwrap_or(Op::I64(0))).collect();
                self.char_section_rec(&d, len, &dims, dims.len(), &mut idx, f);
            }
            ExprKind::ArrayCtor(items) => {
                self.ctor_walk(items, &mut |g, x| {
                    if x.ty.rank() > 0 {
                        g.char_items(x, f);
                    } else {
                        let (a, n) = g.str_expr(x);
                        f(g, a, n);
                    }
                });
            }
            // `char`/`achar` of an integer array: each code as a one-character string.
            ExprKind::Intrinsic { func: Intrinsic::Char | Intrinsic::Achar, args } if e.ty.rank() > 0 => {
                let Some(x) = args.first() else { return };
                let buf = self.char_byte_temp();
                let shape = self.shape(x);
                self.scalarise(&shape, &mut |g, idx| {
                    let v = g.expr_at(x, idx);
                    let v = g.conv(v, Ty::I32);
                    let b = g.val(Ty::I8, Rv::Cast(Ty::I8, v));
                    g.emit(Stmt::Store(Ty::I8, buf.clone(), b));
                    f(g, buf.clone(), Op::I64(1));
                });
            }
            // `transfer` to a character array: the materialised bytes, `len(mold)` a piece
            ExprKind::Intrinsic { func: Intrinsic::Transfer, args } => {
                let key = e as *const Expr as usize;
                if !self.mats.contains_key(&key) {
                    self.materialize_transfer(e, args);
                }
                let Some((buf, n)) = self.mats.get(&key).cloned() else { return };
                let len = match args.get(1) {
                    Some(m) => self.char_len_of(m),
                    None => Op::I64(0),
                };
                let (lv, bv) = (self.tmp(Ty::I64), self.tmp(Ty::Ptr));
                self.emit(Stmt::Assign(lv, Rv::Use(len)));
                self.emit(Stmt::Assign(bv, Rv::Use(buf)));
                let n = self.conv(n, Ty::I64);
                self.scalarise(&[n], &mut |g, idx| {
                    let i = idx.first().cloned().unwrap_or(Op::I64(0));
                    let off = g.bin(Ty::I64, BinOp::Mul, i, Op::Var(lv));
                    let a = g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(bv), off));
                    f(g, a, Op::Var(lv));
                });
            }
            _ => self.not_yet("this character array expression", e.span),
        }
    }

    fn char_section_rec(
        &mut self,
        d: &Desc,
        len: VarId,
        dims: &[Result<Op, CharDim>],
        k: usize,
        idx: &mut Vec<Op>,
        f: &mut dyn FnMut(&mut Self, Op, Op),
    ) {
        if k == 0 {
            let a = self.char_elem(d, len, idx);
            f(self, a, Op::Var(len));
            return;
        }
        match &dims[k - 1] {
            Ok(_) => self.char_section_rec(d, len, dims, k - 1, idx, f),
            Err((l, h, st, vector)) => {
                let id = self.f.new_loop();
                let v = self.tmp(Ty::I64);
                self.push_block();
                idx[k - 1] = match vector {
                    Some(x) => {
                        let i = self.expr_at(x, &[Op::Var(v)]);
                        self.conv(i, Ty::I64)
                    }
                    None => Op::Var(v),
                };
                self.char_section_rec(d, len, dims, k - 1, idx, f);
                let b = self.pop_block();
                self.emit(Stmt::Loop { id, var: v, lo: l.clone(), hi: h.clone(), step: st.clone(), body: b, part: None });
            }
        }
    }

    /// Assignment to a whole character array or a rank-1 section: from a scalar (every
    /// element), or element by element from another array or a constructor.
    pub(super) fn assign_char_array(&mut self, lhs: &Expr, rhs: &Expr, sp: Span) {
        if self.region.is_some() || self.in_routine() {
            self.assign_char_array_device(lhs, rhs);
            return;
        }
        if rhs.ty.rank() == 0 {
            let (src, sl) = self.str_expr(rhs);
            let (t, tl) = (self.tmp(Ty::Ptr), self.tmp(Ty::I64));
            self.emit(Stmt::Assign(t, Rv::Use(src)));
            let sl = self.conv(sl, Ty::I64);
            self.emit(Stmt::Assign(tl, Rv::Use(sl)));
            self.char_items(lhs, &mut |g, a, n| g.emit(Stmt::Call("gpuf_str_copy".into(), vec![a, n, Op::Var(t), Op::Var(tl)])));
            return;
        }
        // Collect the right-hand side's element addresses first (it may overlap the left).
        let (ExprKind::Name(_) | ExprKind::ArrayRef { .. }) = &lhs.kind else {
            self.not_yet("this assignment target", sp);
            return;
        };
        let count = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(count, Rv::Use(Op::I64(0))));
        let total = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(total, Rv::Use(Op::I64(0))));
        self.char_items(rhs, &mut |g, _, n| {
            g.emit(Stmt::Assign(count, Rv::Binary(BinOp::Add, Op::Var(count), Op::I64(1))));
            g.emit(Stmt::Assign(total, Rv::Binary(BinOp::Add, Op::Var(total), n)));
        });
        let bytes = self.bin(Ty::I64, BinOp::Mul, Op::Var(count), Op::I64(16));
        let bytes = self.bin(Ty::I64, BinOp::Max, bytes, Op::I64(16));
        let tab = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        let tab = {
            let t = self.tmp(Ty::Ptr);
            self.emit(Stmt::Assign(t, Rv::Use(tab)));
            t
        };
        let pos = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
        // Values are copied into one buffer: (offset, length) pairs point into it.
        let tb = self.bin(Ty::I64, BinOp::Max, Op::Var(total), Op::I64(1));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![tb], Ty::Ptr));
        let bufv = self.tmp(Ty::Ptr);
        self.emit(Stmt::Assign(bufv, Rv::Use(buf)));
        let at = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(at, Rv::Use(Op::I64(0))));
        self.char_items(rhs, &mut |g, a, n| {
            let dst = g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(bufv), Op::Var(at)));
            g.emit(Stmt::Call("gpuf_str_copy".into(), vec![dst, n.clone(), a, n.clone()]));
            let slot = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(16));
            let p = g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(tab), slot));
            g.emit(Stmt::Store(Ty::I64, p.clone(), Op::Var(at)));
            let p8 = g.val(Ty::Ptr, Rv::PtrAdd(p, Op::I64(8)));
            g.emit(Stmt::Store(Ty::I64, p8, n.clone()));
            g.emit(Stmt::Assign(at, Rv::Binary(BinOp::Add, Op::Var(at), n)));
            g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
        });
        self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
        self.char_items(lhs, &mut |g, a, n| {
            // Elements beyond the right-hand side's count are left alone (a shape error).
            let inside = g.val(Ty::I32, Rv::Binary(BinOp::Lt, Op::Var(pos), Op::Var(count)));
            g.push_block();
            let slot = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(16));
            let p = g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(tab), slot));
            let off = g.val(Ty::I64, Rv::Load(Ty::I64, p.clone()));
            let p8 = g.val(Ty::Ptr, Rv::PtrAdd(p, Op::I64(8)));
            let sl = g.val(Ty::I64, Rv::Load(Ty::I64, p8));
            let src = g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(bufv), off));
            g.emit(Stmt::Call("gpuf_str_copy".into(), vec![a, n, src, sl]));
            let body = g.pop_block();
            g.emit(Stmt::If { cond: inside, then_body: body, else_body: Vec::new() });
            g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
        });
        self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(bufv)]));
        self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(tab)]));
    }

    /// The substring `(lo:hi)` of the string at `addr` of length `len`.
    fn substring(&mut self, addr: Op, len: Op, lo: Option<&Expr>, hi: Option<&Expr>) -> (Op, Op) {
        let lo = self.int_arg(lo, 1);
        let hi = match hi {
            Some(x) => {
                let v = self.expr(x);
                self.conv(v, Ty::I64)
            }
            None => len,
        };
        let off = self.bin(Ty::I64, BinOp::Sub, lo.clone(), Op::I64(1));
        let a = self.val(Ty::Ptr, Rv::PtrAdd(addr, off));
        let n = self.bin(Ty::I64, BinOp::Sub, hi, lo);
        let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
        let n = self.bin(Ty::I64, BinOp::Max, n, Op::I64(0));
        (a, n)
    }

    /// A temporary character buffer of `n` bytes (an `I64`), freed after the statement.
    pub(super) fn str_temp(&mut self, n: Op) -> Op {
        let size = self.bin(Ty::I64, BinOp::Max, n, Op::I64(1));
        let t = self.f.new_var(format!("str.{}", self.f.vars.len()), Ty::Ptr);
        self.emit(Stmt::Assign(t, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
        self.str_temps.push(t);
        Op::Var(t)
    }

    /// A scalar character expression as its address and its length (an `I64`).
    pub(super) fn str_expr(&mut self, e: &Expr) -> (Op, Op) {
        if let Some(s) = self.const_str(e) {
            let n = raw_len(&s) as i64;
            return (Op::Str(s), Op::I64(n));
        }
        let none = (Op::Null, Op::I64(0));
        if self.region.is_some() {
            // Device code: character variables, elements of character arrays and their
            // substrings (mapped like arrays), fixed-length character components (of mapped
            // structures).
            match &e.kind {
                ExprKind::Paren(x) => return self.str_expr(x),
                ExprKind::Component(_) => return self.component_str(e),
                ExprKind::Intrinsic { func: Intrinsic::Achar | Intrinsic::Char, .. } => {}
                ExprKind::Name(id) if matches!(self.lookup(&id.name), Some(Home::Chars { .. })) => {}
                ExprKind::ArrayRef { name, subs }
                    if matches!(self.lookup(&name.name), Some(Home::Chars { .. } | Home::CharArray { .. }))
                        && subs
                            .iter()
                            .all(|s| matches!(s, Arg::Index(x) if x.ty.rank() == 0) || matches!(s, Arg::Range { stride: None, .. })) => {}
                _ => {
                    self.not_yet("character operations inside compute constructs (other than assigning variables, elements, substrings and components)", e.span);
                    return none;
                }
            }
        }
        match &e.kind {
            ExprKind::Paren(x) => self.str_expr(x),
            ExprKind::Call { name, args } => self.char_call(name, args, e.span),
            ExprKind::Component(_) => self.component_str(e),
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Chars { addr, len }) => (Op::Var(addr), Op::Var(len)),
                _ => {
                    self.not_yet("this character variable", e.span);
                    none
                }
            },
            ExprKind::ArrayRef { name, subs } => {
                if let Some(Home::CharArray { d, len }) = self.lookup(&name.name) {
                    if subs.iter().all(|s| matches!(s, Arg::Index(x) if x.ty.rank() == 0)) {
                        let idx = self.subscripts(&d, subs, &[]);
                        return (self.char_elem(&d, len, &idx), Op::Var(len));
                    }
                    if let (true, Some(Arg::Range { lo, hi, .. })) = (subs.len() == d.lb.len() + 1, subs.last()) {
                        let idx = self.subscripts(&d, &subs[..d.lb.len()], &[]);
                        let a = self.char_elem(&d, len, &idx);
                        return self.substring(a, Op::Var(len), lo.as_ref(), hi.as_ref());
                    }
                    self.not_yet("sections of character arrays here", e.span);
                    return none;
                }
                if let (Some(Home::Str(s)), Some(Arg::Range { lo, hi, .. })) = (self.lookup(&name.name), subs.first()) {
                    let n = raw_len(&s) as i64;
                    return self.substring(Op::Str(s), Op::I64(n), lo.as_ref(), hi.as_ref());
                }
                let Some(Home::Chars { addr, len }) = self.lookup(&name.name) else {
                    self.not_yet("substrings of this variable", e.span);
                    return none;
                };
                let Some(Arg::Range { lo, hi, .. }) = subs.first() else { return none };
                self.substring(Op::Var(addr), Op::Var(len), lo.as_ref(), hi.as_ref())
            }
            ExprKind::Binary(ast::BinOp::Concat, x, y) => {
                let (a, la) = self.str_expr(x);
                let (b, lb) = self.str_expr(y);
                let n = self.bin(Ty::I64, BinOp::Add, la.clone(), lb.clone());
                let t = self.str_temp(n.clone());
                self.emit(Stmt::Call("gpuf_str_copy".into(), vec![t.clone(), la.clone(), a, la.clone()]));
                let t2 = self.val(Ty::Ptr, Rv::PtrAdd(t.clone(), la));
                self.emit(Stmt::Call("gpuf_str_copy".into(), vec![t2, lb.clone(), b, lb]));
                (t, n)
            }
            ExprKind::Intrinsic { func, args } => {
                let arg = |g: &mut Self, i: usize| match args.get(i) {
                    Some(a) => g.str_expr(a),
                    None => (Op::Null, Op::I64(0)),
                };
                let int = |g: &mut Self, i: usize, t: Ty| match args.get(i) {
                    Some(a) => {
                        let v = g.expr(a);
                        g.conv(v, t)
                    }
                    None => zero_of(t),
                };
                match func {
                    Intrinsic::Trim => {
                        let (a, la) = arg(self, 0);
                        let n = self.val(Ty::I64, Rv::Call("gpuf_str_len_trim".into(), vec![a.clone(), la], Ty::I64));
                        (a, n)
                    }
                    Intrinsic::Adjustl | Intrinsic::Adjustr => {
                        let (a, la) = arg(self, 0);
                        let t = self.str_temp(la.clone());
                        let left = Op::I32((*func == Intrinsic::Adjustl) as i32);
                        self.emit(Stmt::Call("gpuf_str_adjust".into(), vec![t.clone(), a, la.clone(), left]));
                        (t, la)
                    }
                    Intrinsic::Repeat => {
                        let (a, la) = arg(self, 0);
                        let k = int(self, 1, Ty::I64);
                        let k = self.bin(Ty::I64, BinOp::Max, k, Op::I64(0));
                        let n = self.bin(Ty::I64, BinOp::Mul, la.clone(), k.clone());
                        let t = self.str_temp(n.clone());
                        self.emit(Stmt::Call("gpuf_str_repeat".into(), vec![t.clone(), a, la, k]));
                        (t, n)
                    }
                    Intrinsic::Achar | Intrinsic::Char if self.region.is_some() || self.in_routine() => {
                        // Device code: the byte in a stack slot of its own.
                        let c = int(self, 0, Ty::I32);
                        let t = self.char_byte_temp();
                        let b = self.val(Ty::I8, Rv::Cast(Ty::I8, c));
                        self.emit(Stmt::Store(Ty::I8, t.clone(), b));
                        (t, Op::I64(1))
                    }
                    Intrinsic::Achar | Intrinsic::Char => {
                        let c = int(self, 0, Ty::I32);
                        let t = self.str_temp(Op::I64(1));
                        self.emit(Stmt::Call("gpuf_str_char".into(), vec![t.clone(), c]));
                        (t, Op::I64(1))
                    }
                    // `transfer(source, mold)` of a character scalar `mold`: the first `len(mold)`
                    // bytes of the source's (materialised: see `materialize_transfer`).
                    Intrinsic::Transfer => {
                        let key = e as *const Expr as usize;
                        if !self.mats.contains_key(&key) {
                            self.materialize_transfer(e, args);
                        }
                        let buf = self.mats.get(&key).map_or(Op::Null, |m| m.0.clone());
                        let n = match args.get(1) {
                            Some(m) => self.char_len_of(m),
                            None => Op::I64(0),
                        };
                        (buf, n)
                    }
                    Intrinsic::Merge => {
                        let (t, lt) = arg(self, 0);
                        let (f, lf) = arg(self, 1);
                        let m = match args.get(2) {
                            Some(x) => self.expr(x),
                            None => Op::I32(1),
                        };
                        let (a, n) = (self.tmp(Ty::Ptr), self.tmp(Ty::I64));
                        self.emit(Stmt::If {
                            cond: m,
                            then_body: vec![Stmt::Assign(a, Rv::Use(t)), Stmt::Assign(n, Rv::Use(lt))],
                            else_body: vec![Stmt::Assign(a, Rv::Use(f)), Stmt::Assign(n, Rv::Use(lf))],
                        });
                        (Op::Var(a), Op::Var(n))
                    }
                    _ => {
                        self.not_yet("this character intrinsic here", e.span);
                        none
                    }
                }
            }
            _ => {
                self.not_yet("this character expression", e.span);
                none
            }
        }
    }

    /// A one-byte temporary for a character made by `char`/`achar`: a stack slot in device
    /// code (no allocator there), else a buffer freed after the statement.
    fn char_byte_temp(&mut self) -> Op {
        if self.region.is_some() || self.in_routine() {
            return self.val(Ty::Ptr, Rv::Alloca(1));
        }
        self.str_temp(Op::I64(1))
    }

    /// The code (0 to 255) of the byte at `a`.
    fn load_byte(&mut self, a: Op) -> Op {
        let b = self.val(Ty::I8, Rv::Load(Ty::I8, a));
        let v = self.val(Ty::I32, Rv::Cast(Ty::I32, b));
        self.val(Ty::I32, Rv::Binary(BinOp::And, v, Op::I32(255)))
    }

    /// Element `idx` (zero-based positions) of a character array expression in device
    /// code: its address and length. Whole character arrays, their sections, and
    /// `char`/`achar` of integer arrays; `None` after reporting anything else.
    pub(super) fn char_elem_at(&mut self, e: &Expr, idx: &[Op]) -> Option<(Op, Op)> {
        match &e.kind {
            ExprKind::Paren(x) => self.char_elem_at(x, idx),
            ExprKind::Name(id) => {
                if let Some(Home::CharArray { d, len }) = self.lookup(&id.name) {
                    let subs: Vec<Op> =
                        idx.iter().zip(&d.lb).map(|(i, lb)| self.bin(Ty::I64, BinOp::Add, i.clone(), Op::Var(*lb))).collect();
                    return Some((self.char_elem(&d, len, &subs), Op::Var(len)));
                }
                self.not_yet("this character array in device code", e.span);
                None
            }
            ExprKind::ArrayRef { name, subs } => {
                if let Some(Home::CharArray { d, len }) = self.lookup(&name.name) {
                    // (A trailing substring range would be one subscript more.)
                    if subs.len() == d.lb.len() {
                        let s = self.subscripts(&d, subs, idx);
                        return Some((self.char_elem(&d, len, &s), Op::Var(len)));
                    }
                }
                self.not_yet("this character array section in device code", e.span);
                None
            }
            ExprKind::Intrinsic { func: Intrinsic::Char | Intrinsic::Achar, args } if e.ty.rank() > 0 => {
                let x = args.first()?;
                let v = self.expr_at(x, idx);
                let c = self.conv(v, Ty::I32);
                let t = self.char_byte_temp();
                let b = self.val(Ty::I8, Rv::Cast(Ty::I8, c));
                self.emit(Stmt::Store(Ty::I8, t.clone(), b));
                Some((t, Op::I64(1)))
            }
            _ => {
                self.not_yet("this character array expression in device code", e.span);
                None
            }
        }
    }

    /// Element `idx` of a character array comparison in device code (see
    /// [`G::materialize_char_compare`]).
    pub(super) fn char_compare_at(&mut self, e: &Expr, idx: &[Op]) -> Op {
        let ExprKind::Binary(op, x, y) = &e.kind else { return Op::I32(0) };
        let side = |g: &mut Self, z: &Expr| if z.ty.rank() > 0 { g.char_elem_at(z, idx) } else { Some(g.str_expr(z)) };
        let (Some((a, la)), Some((b, lb))) = (side(self, x), side(self, y)) else { return Op::I32(0) };
        let c = self.inline_str_cmp(a, la, b, lb);
        self.val(Ty::I32, Rv::Binary(char_cmp_op(*op), c, Op::I32(0)))
    }

    /// The comparison of `a(1:la)` with `b(1:lb)` as if the shorter were padded with
    /// blanks, in device code (no run time to call): -1, 0 or 1 by the first differing
    /// byte (as unsigned codes), by a loop that stops there.
    pub(super) fn inline_str_cmp(&mut self, a: Op, la: Op, b: Op, lb: Op) -> Op {
        let la = self.conv(la, Ty::I64);
        let lb = self.conv(lb, Ty::I64);
        // A literal's bytes are stored into a stack block first (constant data is not
        // addressable the same way on every device).
        let addressable = |g: &mut Self, p: Op, n: &Op| match (&p, n) {
            (Op::Str(_), Op::I64(k)) => {
                let t = g.val(Ty::Ptr, Rv::Alloca((*k).max(1) as u64));
                g.inline_str_copy(t.clone(), n.clone(), p, n.clone());
                t
            }
            _ => p,
        };
        let a = addressable(self, a, &la);
        let b = addressable(self, b, &lb);
        let r = self.f.new_var("strcmp.r", Ty::I32);
        self.emit(Stmt::Assign(r, Rv::Use(Op::I32(0))));
        let n = self.bin(Ty::I64, BinOp::Max, la.clone(), lb.clone());
        let hi = self.bin(Ty::I64, BinOp::Sub, n, Op::I64(1));
        let i = self.f.new_var("strcmp.i", Ty::I64);
        let id = self.f.new_loop();
        self.push_block();
        let byte = |g: &mut Self, p: &Op, l: &Op| {
            let c = g.f.new_var("strcmp.c", Ty::I32);
            g.emit(Stmt::Assign(c, Rv::Use(Op::I32(32))));
            let inside = g.val(Ty::I32, Rv::Binary(BinOp::Lt, Op::Var(i), l.clone()));
            g.push_block();
            let at = g.val(Ty::Ptr, Rv::PtrAdd(p.clone(), Op::Var(i)));
            let v = g.load_byte(at);
            g.emit(Stmt::Assign(c, Rv::Use(v)));
            let then_body = g.pop_block();
            g.emit(Stmt::If { cond: inside, then_body, else_body: vec![] });
            Op::Var(c)
        };
        let ca = byte(self, &a, &la);
        let cb = byte(self, &b, &lb);
        let differ = self.val(Ty::I32, Rv::Binary(BinOp::Ne, ca.clone(), cb.clone()));
        self.push_block();
        let gt = self.val(Ty::I32, Rv::Binary(BinOp::Gt, ca.clone(), cb.clone()));
        let lt = self.val(Ty::I32, Rv::Binary(BinOp::Lt, ca, cb));
        self.emit(Stmt::Assign(r, Rv::Binary(BinOp::Sub, gt, lt)));
        self.emit(Stmt::Exit(id));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: differ, then_body, else_body: vec![] });
        let body = self.pop_block();
        self.emit(Stmt::Loop { id, var: i, lo: Op::I64(0), hi, step: Op::I64(1), body, part: None });
        Op::Var(r)
    }

    /// Element `idx` of `ichar`/`iachar` of a character array in device code.
    pub(super) fn ichar_at(&mut self, e: &Expr, idx: &[Op]) -> Op {
        let ExprKind::Intrinsic { args, .. } = &e.kind else { return Op::I32(0) };
        let Some(x) = args.first() else { return Op::I32(0) };
        match self.char_elem_at(x, idx) {
            Some((a, _)) => {
                let v = self.load_byte(a);
                let t = self.expr_ty(e);
                self.conv(v, t)
            }
            None => Op::I32(0),
        }
    }

    /// `lhs = rhs` for character arrays in device code: element by element over the
    /// left-hand side's shape, each value blank-padded or truncated by an inline copy.
    /// (`rhs` is read element by element as it is stored: an overlapping assignment of
    /// an array to a shifted section of itself is not supported there.)
    fn assign_char_array_device(&mut self, lhs: &Expr, rhs: &Expr) {
        let shape = self.shape(lhs);
        let scalar = if rhs.ty.rank() == 0 {
            let (src, sl) = self.str_expr(rhs);
            let (t, tl) = (self.tmp(Ty::Ptr), self.tmp(Ty::I64));
            self.emit(Stmt::Assign(t, Rv::Use(src)));
            let sl = self.conv(sl, Ty::I64);
            self.emit(Stmt::Assign(tl, Rv::Use(sl)));
            Some((Op::Var(t), Op::Var(tl)))
        } else {
            None
        };
        self.scalarise(&shape, &mut |g, idx| {
            let Some((a, n)) = g.char_elem_at(lhs, idx) else { return };
            let src = match &scalar {
                Some(v) => Some(v.clone()),
                None => g.char_elem_at(rhs, idx),
            };
            if let Some((b, m)) = src {
                g.inline_str_copy(a, n, b, m);
            }
        });
    }

    /// The integer-valued character intrinsics: `len`, `len_trim`, `index`, `ichar`,
    /// `iachar` (as `I32`).
    /// `ichar`/`iachar` of a character array: the codes of its elements' first characters
    /// in array element order, in an `I32` temporary of the argument's shape.
    pub(super) fn materialize_ichar(&mut self, e: &Expr, args: &[Expr]) {
        let Some(s) = args.first() else { return };
        if self.region.is_some() || self.in_routine() {
            // Device code has no allocator: each element is read where it is used
            // (`G::ichar_at`).
            return;
        }
        let count = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(count, Rv::Use(Op::I64(0))));
        self.char_items(s, &mut |g, _, _| g.emit(Stmt::Assign(count, Rv::Binary(BinOp::Add, Op::Var(count), Op::I64(1)))));
        let bytes = self.bin(Ty::I64, BinOp::Mul, Op::Var(count), Op::I64(4));
        let bytes = self.val(Ty::I64, Rv::Binary(BinOp::Max, bytes, Op::I64(4)));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        let pos = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
        let b2 = buf.clone();
        self.char_items(s, &mut |g, a, n| {
            let c = g.val(Ty::I32, Rv::Call("gpuf_str_ichar".into(), vec![a, n], Ty::I32));
            let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(4));
            let at = g.val(Ty::Ptr, Rv::PtrAdd(b2.clone(), off));
            g.emit(Stmt::Store(Ty::I32, at, c));
            g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
        });
        // A rank-1 argument (constructors included) has as many elements as it gave.
        let shape = if s.ty.rank() == 1 { vec![Op::Var(count)] } else { self.shape(s) };
        let key = e as *const Expr as usize;
        self.mats.insert(key, (buf.clone(), Op::Var(count)));
        self.mat_shapes.insert(key, shape);
        self.mat_frees.push(buf);
    }

    /// A relational operation `x op y` with a character array operand (the other a scalar
    /// or an array of the same shape): each pair compared as if the shorter were padded
    /// with blanks, the results (`logical(4)`) in a temporary of the array's shape, in
    /// array element order. With two arrays, the first one's elements are copied into a
    /// block first (its items may share one buffer, as `achar` of an array's do).
    pub(super) fn materialize_char_compare(&mut self, e: &Expr, op: ast::BinOp, x: &Expr, y: &Expr) {
        if self.region.is_some() || self.in_routine() {
            // Device code has no allocator: each element is compared where it is used
            // (`G::char_compare_at`).
            return;
        }
        let o = char_cmp_op(op);
        let arr = if x.ty.rank() > 0 { x } else { y };
        let (count, elen) = (self.tmp(Ty::I64), self.tmp(Ty::I64));
        self.emit(Stmt::Assign(count, Rv::Use(Op::I64(0))));
        self.emit(Stmt::Assign(elen, Rv::Use(Op::I64(0))));
        self.char_items(arr, &mut |g, _, n| {
            let n = g.conv(n, Ty::I64);
            g.emit(Stmt::Assign(elen, Rv::Use(n)));
            g.emit(Stmt::Assign(count, Rv::Binary(BinOp::Add, Op::Var(count), Op::I64(1))));
        });
        let bytes = self.bin(Ty::I64, BinOp::Mul, Op::Var(count), Op::I64(4));
        let bytes = self.val(Ty::I64, Rv::Binary(BinOp::Max, bytes, Op::I64(4)));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
        let pos = self.tmp(Ty::I64);
        self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
        let b2 = buf.clone();
        let put = move |g: &mut Self, a: Op, la: Op, b: Op, lb: Op| {
            let c = g.val(Ty::I32, Rv::Call("gpuf_str_cmp".into(), vec![a, la, b, lb], Ty::I32));
            let v = g.val(Ty::I32, Rv::Binary(o, c, Op::I32(0)));
            let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(4));
            let at = g.val(Ty::Ptr, Rv::PtrAdd(b2.clone(), off));
            g.emit(Stmt::Store(Ty::I32, at, v));
            g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
        };
        if x.ty.rank() > 0 && y.ty.rank() > 0 {
            // The first operand's elements side by side, `elen` bytes each.
            let n = self.bin(Ty::I64, BinOp::Mul, Op::Var(count), Op::Var(elen));
            let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(1)));
            let first = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr));
            let f2 = first.clone();
            self.char_items(x, &mut |g, a, n| {
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::Var(elen));
                let at = g.val(Ty::Ptr, Rv::PtrAdd(f2.clone(), off));
                g.emit(Stmt::Call("gpuf_str_copy".into(), vec![at, Op::Var(elen), a, n]));
                g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
            });
            self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
            let f2 = first.clone();
            self.char_items(y, &mut |g, b, lb| {
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::Var(elen));
                let at = g.val(Ty::Ptr, Rv::PtrAdd(f2.clone(), off));
                put(g, at, Op::Var(elen), b, lb);
            });
            self.mat_frees.push(first);
        } else {
            let other = if x.ty.rank() > 0 { y } else { x };
            let (s, sl) = self.str_expr(other);
            let (t, tl) = (self.tmp(Ty::Ptr), self.tmp(Ty::I64));
            self.emit(Stmt::Assign(t, Rv::Use(s)));
            let sl = self.conv(sl, Ty::I64);
            self.emit(Stmt::Assign(tl, Rv::Use(sl)));
            let array_first = x.ty.rank() > 0;
            self.char_items(arr, &mut |g, a, n| {
                if array_first {
                    put(g, a, n, Op::Var(t), Op::Var(tl));
                } else {
                    put(g, Op::Var(t), Op::Var(tl), a, n);
                }
            });
        }
        let shape = if arr.ty.rank() == 1 { vec![Op::Var(count)] } else { self.shape(arr) };
        let key = e as *const Expr as usize;
        self.mats.insert(key, (buf.clone(), Op::Var(count)));
        self.mat_shapes.insert(key, shape);
        self.mat_frees.push(buf);
    }

    pub(super) fn char_int_intrinsic(&mut self, func: Intrinsic, args: &[Expr]) -> Op {
        let Some(first) = args.first() else { return Op::I32(0) };
        if let (Intrinsic::Len, ExprKind::Name(id)) = (func, &first.kind) {
            if let Some(Home::CharArray { len, .. }) = self.lookup(&id.name) {
                return self.val(Ty::I32, Rv::Cast(Ty::I32, Op::Var(len)));
            }
        }
        let (a, la) = self.str_expr(first);
        let v = match func {
            Intrinsic::Len => la,
            Intrinsic::LenTrim => self.val(Ty::I64, Rv::Call("gpuf_str_len_trim".into(), vec![a, la], Ty::I64)),
            Intrinsic::Index => {
                let (b, lb) = match args.get(1) {
                    Some(x) => self.str_expr(x),
                    None => (Op::Null, Op::I64(0)),
                };
                let back = match args.get(2) {
                    Some(x) => self.expr(x),
                    None => Op::I32(0),
                };
                self.val(Ty::I64, Rv::Call("gpuf_str_index".into(), vec![a, la, b, lb, back], Ty::I64))
            }
            Intrinsic::Scan | Intrinsic::Verify => {
                let (b, lb) = match args.get(1) {
                    Some(x) => self.str_expr(x),
                    None => (Op::Null, Op::I64(0)),
                };
                let back = match args.get(2) {
                    Some(x) => self.expr(x),
                    None => Op::I32(0),
                };
                let verify = Op::I32(i32::from(func == Intrinsic::Verify));
                self.val(Ty::I64, Rv::Call("gpuf_str_scan".into(), vec![a, la, b, lb, back, verify], Ty::I64))
            }
            _ if self.region.is_some() || self.in_routine() => return self.load_byte(a),
            _ => return self.val(Ty::I32, Rv::Call("gpuf_str_ichar".into(), vec![a, la], Ty::I32)),
        };
        self.conv(v, Ty::I32)
    }

    /// Assignment to a character variable or substring: blank padding or truncation; a
    /// deferred-length variable is (re)allocated to the value's length.
    pub(super) fn assign_chars(&mut self, lhs: &Expr, rhs: &Expr) {
        let (src, sl) = self.str_expr(rhs);
        if let ExprKind::Name(id) = &lhs.kind {
            let deferred = self.syms.get(&id.name).is_some_and(|s| matches!(s.char_len, Some(ast::CharLen::Deferred(_))));
            if let (true, Some(Home::Chars { addr, len })) = (deferred, self.lookup(&id.name)) {
                let size = self.bin(Ty::I64, BinOp::Max, sl.clone(), Op::I64(1));
                let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr));
                self.emit(Stmt::Call("gpuf_str_copy".into(), vec![buf.clone(), sl.clone(), src, sl.clone()]));
                self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(addr)]));
                self.emit(Stmt::Assign(addr, Rv::Use(buf)));
                self.emit(Stmt::Assign(len, Rv::Use(sl)));
                self.store_deferred_chars(addr);
                return;
            }
        }
        if self.region.is_none() {
            if let Some((pa, la)) = self.alloc_chars_comp(lhs) {
                // A deferred-length character component: (re)allocated to the value's
                // length (the value copied before the old data is freed: it may be part of it).
                let size = self.bin(Ty::I64, BinOp::Max, sl.clone(), Op::I64(1));
                let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr));
                self.emit(Stmt::Call("gpuf_str_copy".into(), vec![buf.clone(), sl.clone(), src, sl.clone()]));
                let old = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, pa.clone()));
                self.emit(Stmt::Call("gpuf_free".into(), vec![old]));
                self.emit(Stmt::Store(Ty::Ptr, pa, buf));
                self.emit(Stmt::Store(Ty::I64, la, sl));
                return;
            }
        }
        let (dst, dl) = self.str_expr(lhs);
        if self.region.is_some() {
            self.inline_str_copy(dst, dl, src, sl);
            return;
        }
        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![dst, dl, src, sl]));
    }

    /// `dst(1:dl) = src(1:sl)`, blank-padded, as a loop of byte copies (device code has no
    /// run time to call; the operands of a component assignment do not overlap partly).
    fn inline_str_copy(&mut self, dst: Op, dl: Op, src: Op, sl: Op) {
        if let Op::Str(s) = &src {
            // A literal: its bytes stored one by one (constant data is not addressable the
            // same way on every device), then the blanks.
            let bytes = gpuf_frontend::text::raw_bytes(s);
            for (k, b) in bytes.iter().enumerate() {
                let inside = self.val(Ty::I32, Rv::Binary(BinOp::Lt, Op::I64(k as i64), dl.clone()));
                self.push_block();
                let da = self.val(Ty::Ptr, Rv::PtrAdd(dst.clone(), Op::I64(k as i64)));
                let v = self.val(Ty::I8, Rv::Cast(Ty::I8, Op::I32(i32::from(*b))));
                self.emit(Stmt::Store(Ty::I8, da, v));
                let then_body = self.pop_block();
                self.emit(Stmt::If { cond: inside, then_body, else_body: vec![] });
            }
            let n = Op::I64(bytes.len() as i64);
            let rest = self.bin(Ty::I64, BinOp::Sub, dl, n.clone());
            let rest = self.bin(Ty::I64, BinOp::Max, rest, Op::I64(0));
            let tail = self.val(Ty::Ptr, Rv::PtrAdd(dst, n));
            return self.inline_str_copy(tail, rest, Op::Null, Op::I64(0));
        }
        let i = self.f.new_var("str.i", Ty::I64);
        let id = self.f.new_loop();
        let hi = self.bin(Ty::I64, BinOp::Sub, dl, Op::I64(1));
        self.push_block();
        let c = self.f.new_var("str.c", Ty::I32);
        self.emit(Stmt::Assign(c, Rv::Use(Op::I32(32))));
        let inside = self.val(Ty::I32, Rv::Binary(BinOp::Lt, Op::Var(i), sl));
        self.push_block();
        let sa = self.val(Ty::Ptr, Rv::PtrAdd(src, Op::Var(i)));
        let b = self.val(Ty::I8, Rv::Load(Ty::I8, sa));
        self.emit(Stmt::Assign(c, Rv::Cast(Ty::I32, b)));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: inside, then_body, else_body: vec![] });
        let da = self.val(Ty::Ptr, Rv::PtrAdd(dst, Op::Var(i)));
        let v = self.val(Ty::I8, Rv::Cast(Ty::I8, Op::Var(c)));
        self.emit(Stmt::Store(Ty::I8, da, v));
        let body = self.pop_block();
        self.emit(Stmt::Loop { id, var: i, lo: Op::I64(0), hi, step: Op::I64(1), body, part: None });
    }

    /// Frees the temporary character buffers made since `mark`.
    pub(super) fn free_str_temps(&mut self, mark: usize) {
        for t in self.str_temps.split_off(mark) {
            if let Some(i) = self.class_temps.iter().position(|(v, _)| *v == t) {
                let (_, k) = self.class_temps.swap_remove(i);
                self.free_class_temp(t, k);
            }
            if let Some(i) = self.class_arr_temps.iter().position(|(v, _, _)| *v == t) {
                let (_, name, k) = self.class_arr_temps.swap_remove(i);
                self.free_class_array_temp(t, &name, k);
            }
            if let Some(i) = self.temp_comps.iter().position(|(v, _)| *v == t) {
                let (_, k) = self.temp_comps.swap_remove(i);
                self.free_alloc_comps(Op::Var(t), k);
            }
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(t)]));
        }
    }
}

/// A dimension of a character array section walked by a loop: from, to, step, and the
/// vector subscript whose positions these are.
type CharDim<'e> = (Op, Op, Op, Option<&'e Expr>);

/// The IR comparison of a relational operator.
fn char_cmp_op(op: ast::BinOp) -> BinOp {
    match op {
        ast::BinOp::Eq => BinOp::Eq,
        ast::BinOp::Ne => BinOp::Ne,
        ast::BinOp::Lt => BinOp::Lt,
        ast::BinOp::Le => BinOp::Le,
        ast::BinOp::Gt => BinOp::Gt,
        _ => BinOp::Ge,
    }
}
