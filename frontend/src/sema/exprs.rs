//! Expressions: each is checked and typed, and `name(args)` is resolved to an array
//! element or section, a substring, an intrinsic or a function call.

use super::*;

/// Is `e` an array element (all subscripts scalar)?
pub(super) fn is_element(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::ArrayRef { subs, .. } if subs.iter().all(|a| matches!(a, Arg::Index(x) if x.ty.rank() == 0)))
}

/// The variable a designator names, if it is one.
pub(super) fn designator_name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. } => Some(&id.name),
        ExprKind::Component(c) => designator_name(&c.base),
        _ => None,
    }
}

impl Checker {
    pub(super) fn expr(&mut self, e: &mut Expr) {
        let kind = std::mem::replace(&mut e.kind, ExprKind::Logical(false));
        let (kind, ty) = self.expr_kind(kind, e.span);
        e.kind = kind;
        e.ty = ty;
        self.zero_divisor(e);
        if self.in_routine() && !self.in_compute() {
            let name = match &e.kind {
                ExprKind::Name(i) => Some(&i.name),
                ExprKind::ArrayRef { name, .. } => Some(&name.name),
                _ => None,
            };
            if let Some(s) = name.and_then(|n| self.syms.get(n)) {
                if s.host && !s.parameter && !s.external {
                    self.err(Diagnostic::not_yet(
                        format!("host association in a device procedure (`{}` is a variable of the host procedure)", s.name),
                        e.span,
                    ));
                } else if !s.parameter && !s.external && s.dummy.is_none() && (s.module.is_some() || s.save) && !device_saved_scalar(s) {
                    let what = if s.module.is_some() { "module variables" } else { "saved variables" };
                    self.err(Diagnostic::not_yet(format!("{what} inside a device procedure (`routine` or `declare target`)"), e.span));
                }
            }
        }
        if self.on_device()
            && !self.in_compute()
            && matches!(ty.base(), Some(BaseTy::Integer(1 | 2)))
            && matches!(e.kind, ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::Int(..))
        {
            self.err(Diagnostic::not_yet(format!("`integer(1)` and `integer(2)` {}", self.device_where()), e.span));
        }
    }

    /// Integer division, `mod` or `modulo` by a constant zero with constant operands is an
    /// error, as in gfortran (folding it would give an arbitrary value).
    fn zero_divisor(&mut self, e: &Expr) {
        if !matches!(e.ty, Ty::Scalar(BaseTy::Integer(_))) {
            return;
        }
        let (divisor, span, label) = match &e.kind {
            ExprKind::Binary(BinOp::Div, l, r) if self.is_const(l) => (&**r, e.span, "the divisor is zero"),
            ExprKind::Intrinsic { func: f @ (Intrinsic::Mod | Intrinsic::Modulo), args } => match args.as_slice() {
                [a, p] if self.is_const(a) => (p, p.span, if *f == Intrinsic::Mod { "`mod` by zero" } else { "`modulo` by zero" }),
                _ => return,
            },
            _ => return,
        };
        if self.is_const(divisor) && self.const_int(divisor) == Some(0) {
            self.err(Diagnostic::error("E0276", "division by zero", span).with_label(label));
        }
    }

    pub(super) fn expr_kind(&mut self, kind: ExprKind, span: Span) -> (ExprKind, Ty) {
        match kind {
            ExprKind::Int(v, k) => (ExprKind::Int(v, k), Ty::Scalar(BaseTy::Integer(k))),
            ExprKind::Real(v, k) => (ExprKind::Real(v, k), Ty::Scalar(BaseTy::Real(k))),
            // (Moved, not rebuilt: this function is on the recursion path of deep expressions.)
            k @ ExprKind::Quad(_) => (k, Ty::Scalar(BaseTy::Real(16))),
            ExprKind::Logical(b) => (ExprKind::Logical(b), Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind()))),
            ExprKind::Str(s) => (ExprKind::Str(s), Ty::Scalar(BaseTy::Character)),
            k @ ExprKind::Int128(_) => (k, Ty::Scalar(BaseTy::Integer(16))),
            ExprKind::Boz(v) => {
                self.misplaced_boz(span);
                (ExprKind::Boz(v), Ty::Unknown)
            }
            ExprKind::Name(id) => {
                let ty = match self.lookup(&id) {
                    Some(i) => match self.sym(i) {
                        // A procedure pointer as a designator (`=>`, `associated`,
                        // `nullify`): the address it holds.
                        Some(s) if s.external && s.pointer => Ty::Scalar(BaseTy::Integer(8)),
                        Some(s) if s.external => {
                            if self.reported.insert(id.name.clone()) {
                                self.err(Diagnostic::not_yet(format!("procedure names as values (`{}` is a procedure)", id.name), id.span));
                            }
                            Ty::Unknown
                        }
                        Some(s) => s.ty(),
                        None => Ty::Unknown,
                    },
                    None => Ty::Unknown,
                };
                (ExprKind::Name(id), ty)
            }
            ExprKind::Paren(mut x) => {
                self.expr(&mut x);
                let t = x.ty;
                (ExprKind::Paren(x), t)
            }
            ExprKind::Unary(op, mut x) => {
                let (mark, orig) = (self.diags.len(), x.clone());
                self.expr(&mut x);
                let sym = match op {
                    UnOp::Not => ".not.",
                    UnOp::Neg => "-",
                    UnOp::Plus => "+",
                };
                if let Some(r) = self.defined_op(sym, &[&x], &[*orig], mark, span) {
                    return r;
                }
                let t = match (op, x.ty) {
                    (_, Ty::Unknown) => Ty::Unknown,
                    (UnOp::Not, t) if matches!(t.base(), Some(BaseTy::Logical(_))) => t,
                    (UnOp::Neg | UnOp::Plus, t) if t.base().is_some_and(|b| is_numeric(b) || matches!(b, BaseTy::Complex(_))) => t,
                    (op, t) => {
                        let (sym, want) = match op {
                            UnOp::Not => (".not.", "a `logical` operand"),
                            UnOp::Neg => ("-", "a numeric operand"),
                            UnOp::Plus => ("+", "a numeric operand"),
                        };
                        self.err(
                            Diagnostic::error("E0222", format!("`{sym}` needs {want}, found {}", ty_name(t)), x.span)
                                .with_label(format!("this is {}", ty_name(t))),
                        );
                        Ty::Unknown
                    }
                };
                (ExprKind::Unary(op, x), t)
            }
            ExprKind::Binary(op, mut l, mut r) => {
                let (mark, orig) = (self.diags.len(), [(*l).clone(), (*r).clone()]);
                self.expr(&mut l);
                self.expr(&mut r);
                if let Some(res) = self.defined_op(super::types::binop_name(op), &[&l, &r], &orig, mark, span) {
                    return res;
                }
                let t = self.binary_ty(op, &l, &r, span);
                (ExprKind::Binary(op, l, r), t)
            }
            ExprKind::Apply { name, args } if name.name.starts_with("operator(.") => self.defined_op_ref(name, args, span),
            ExprKind::Apply { name, args } => self.apply(name, args, span),
            ExprKind::ArrayCtor(items) => self.array_ctor(items, span),
            ExprKind::Complex(mut re, mut im) => {
                self.expr(&mut re);
                self.expr(&mut im);
                let mut kind = 4;
                let mut ok = true;
                for p in [&re, &im] {
                    match p.ty {
                        Ty::Scalar(BaseTy::Real(k)) => kind = kind.max(k),
                        Ty::Scalar(BaseTy::Integer(_)) => {}
                        Ty::Unknown => ok = false,
                        t => {
                            self.err(
                                Diagnostic::error(
                                    "E0210",
                                    format!("the parts of a complex constant must be scalar `integer` or `real`, found {}", ty_name(t)),
                                    p.span,
                                )
                                .with_label("expected `real`"),
                            );
                            ok = false;
                        }
                    }
                }
                (ExprKind::Complex(re, im), if ok { Ty::Scalar(BaseTy::Complex(kind)) } else { Ty::Unknown })
            }
            k @ (ExprKind::ArrayRef { .. } | ExprKind::Intrinsic { .. } | ExprKind::Call { .. }) => (k, Ty::Unknown),
            k @ (ExprKind::Component(_) | ExprKind::StructCtor { .. }) => self.derived_expr(k, span),
        }
    }

    #[inline(never)]
    pub(super) fn array_ctor(&mut self, mut items: Vec<CtorItem>, span: Span) -> (ExprKind, Ty) {
        let mut base = None;
        let ok = self.ctor_items(&mut items, &mut base);
        // On the device only `(x, j = lo, hi[, st])` with a scalar `x` (computed element by
        // element in compute constructs and device procedures)...
        // ... or scalars `[x1, x2, ...]` (one chosen per element).
        let scalar = |it: &CtorItem| matches!(it, CtorItem::Expr(x) if x.ty.rank() == 0 && x.ty.base() != Some(BaseTy::Character));
        let direct = match items.as_slice() {
            [CtorItem::ImpliedDo(d)] => matches!(d.items.as_slice(), [x] if scalar(x)),
            _ => !items.is_empty() && items.iter().all(scalar),
        };
        if self.on_device() && !direct {
            self.err(Diagnostic::not_yet(format!("array constructors {}", self.device_where()), span));
        }
        let ty = match base {
            Some(b) if ok => Ty::Array(b, 1),
            None if ok => {
                self.err(Diagnostic::not_yet("empty array constructors", span));
                Ty::Unknown
            }
            _ => Ty::Unknown,
        };
        (ExprKind::ArrayCtor(items), ty)
    }

    /// Checks the items of an array constructor; all must have the same base type.
    pub(super) fn ctor_items(&mut self, items: &mut [CtorItem], base: &mut Option<BaseTy>) -> bool {
        let mut ok = true;
        for it in items {
            match it {
                CtorItem::Expr(e) => {
                    self.expr(e);
                    match (e.ty.base(), *base) {
                        (None, _) => ok = false,
                        (Some(b), None) => *base = Some(b),
                        (Some(b), Some(want)) if b != want => {
                            self.err(
                                Diagnostic::error("E0210", "the elements of an array constructor must have the same type", e.span)
                                    .with_label(format!("expected `{}`, found `{}`", base_name(want), base_name(b))),
                            );
                            ok = false;
                        }
                        _ => {}
                    }
                }
                CtorItem::ImpliedDo(d) => {
                    let mut v = Expr { kind: ExprKind::Name(d.var.clone()), span: d.var.span, ty: Ty::Unknown };
                    self.expr(&mut v);
                    ok &= self.want_int_scalar(&v, "the implied-do variable must be a scalar integer");
                    for e in [Some(&mut d.lo), Some(&mut d.hi), d.step.as_mut()].into_iter().flatten() {
                        self.expr(e);
                        ok &= self.want_int_scalar(e, "implied-do bounds must be scalar integers");
                    }
                    ok &= self.ctor_items(&mut d.items, base);
                }
            }
        }
        ok
    }

    /// Resolves `name(args)`: an array reference or an intrinsic call.
    #[inline(never)]
    pub(super) fn apply(&mut self, name: Ident, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        let bad = |args: Vec<Arg>, name: Ident| (ExprKind::Apply { name, args }, Ty::Unknown);
        let n = name.name.clone();
        if self.type_scope.contains(&n) && self.syms.index(&n).is_none() {
            return self.struct_ctor(name, args, span);
        }
        let call = |this: &mut Checker, key: String, name: Ident, args: Vec<Arg>, declared: Declared| {
            let (name, args, ty) = this.call_user(key, name, args, true, span, declared);
            (ExprKind::Call { name, args }, ty)
        };
        if let Some(i) = self.syms.index(&n) {
            let Some(sym) = self.sym(i) else {
                return bad(args, name);
            };
            let (rank, base) = (sym.rank, sym.base);
            if sym.external && (sym.dummy.is_some() || sym.pointer) {
                let k = self.dummy_proc_key(&n);
                let r = call(self, k, name, args, Declared::Typed(base));
                self.dummy_proc_key(&n);
                return r;
            }
            if sym.external {
                let key = match self.function_key(&n) {
                    Some(k) => k,
                    None => self.ext_key(&n),
                };
                return call(self, key, name, args, Declared::Typed(base));
            }
            if rank > 0 {
                return self.array_ref(name, args, rank, base, span);
            }
            if base == BaseTy::Character && matches!(args.as_slice(), [Arg::Range { stride: None, .. }]) {
                return self.substring(name, args);
            }
            let is_result = self.result_name.as_deref() == Some(n.as_str()) && !sym.host;
            let local_typed = !sym.parameter
                && sym.dummy.is_none()
                && !sym.host
                && sym.module.is_none()
                && !is_result
                && sym.init.is_none()
                && self.declared.contains(&n);
            if local_typed {
                // A typed name used with arguments: an intrinsic, or an external function.
                if let Some(f) = Intrinsic::from_name(&n) {
                    return self.intrinsic(f, name, args, span);
                }
                if let Some(s) = self.syms.get_mut(i) {
                    s.external = true;
                }
                let key = match self.function_key(&n) {
                    Some(k) => k,
                    None => self.ext_key(&n),
                };
                return call(self, key, name, args, Declared::Typed(base));
            }
            if sym.dummy.is_some() && !sym.parameter {
                self.err(Diagnostic::not_yet(format!("dummy procedures (`{n}` is a scalar dummy argument)"), name.span));
                return bad(args, name);
            }
            let hint = if is_result {
                format!(
                    "note: `{n}` is the result variable of the function; to call the function recursively, declare it `recursive function {n}(...) result(r)`"
                )
            } else if Intrinsic::from_name(&n).is_some() {
                format!("note: the variable `{n}` hides the intrinsic function of the same name")
            } else {
                format!("note: `{n}` is a scalar variable")
            };
            self.err(
                Diagnostic::error("E0106", format!("`{n}` is not an array or a known intrinsic function"), name.span)
                    .with_label("cannot be subscripted or called")
                    .with_note(hint),
            );
            return bad(args, name);
        }
        if let Some(f) = Intrinsic::from_name(&n) {
            // A generic extending an intrinsic: the intrinsic when no specific matches.
            if self.scope.get(&n).is_some_and(|k| self.g.procs.generics.contains_key(k)) && !self.generic_trial(&n, &args) {
                return self.intrinsic(f, name, args, span);
            }
        }
        if let Some(key) = self.function_key(&n) {
            let declared = if self.ext_names.contains(&n) && !self.scope.contains_key(&n) {
                if self.implicit_none {
                    self.err(
                        Diagnostic::error("E0107", format!("function `{n}` has no type in this scope"), name.span)
                            .with_label("not declared")
                            .with_note(format!("help: declare its type, e.g. `real, external :: {n}`")),
                    );
                    return bad(args, name);
                }
                Declared::Implicit(self.implicit(&n))
            } else {
                Declared::None
            };
            return call(self, key, name, args, declared);
        }
        if let Some(f) = Intrinsic::from_name(&n) {
            return self.intrinsic(f, name, args, span);
        }
        if IntrinsicSub::from_name(&n).is_some() && !self.intrinsics.contains(&n) {
            self.err(
                Diagnostic::error("E0124", format!("`{n}` is an intrinsic subroutine, not a function"), name.span)
                    .with_label("not a function")
                    .with_note(format!("help: call it with `call {n}(...)`")),
            );
            return bad(args, name);
        }
        if let Some(d) = super::intrinsics::coarray_intrinsic(&n, false, name.span) {
            self.err(d);
            return bad(args, name);
        }
        if OTHER_INTRINSICS.contains(&n.as_str()) {
            self.err(Diagnostic::not_yet(format!("the intrinsic function `{n}`"), name.span));
            return bad(args, name);
        }
        let defined_external = self.g.externals.get(&n).cloned();
        if let Some(what) = super::intrinsics::not_yet_intrinsic(&n, false).filter(|_| defined_external.is_none()) {
            self.err(Diagnostic::not_yet(what, name.span));
            return bad(args, name);
        }
        if self.openacc && n.starts_with("acc_") && defined_external.is_none() {
            self.err(Diagnostic::not_yet(format!("the OpenACC routine `{n}`"), name.span));
            return bad(args, name);
        }
        if self.implicit_none {
            let mut d = Diagnostic::error("E0106", format!("`{n}` is not an array or a known intrinsic function"), name.span)
                .with_label("not declared");
            if let Some(k) = &defined_external {
                if let Some(sig) = self.g.procs.map.get(k) {
                    if let Some((b, _)) = sig.result {
                        d = d.with_note(format!("help: `{n}` is an external function; declare its type here: `{} :: {n}`", base_name(b)));
                    }
                }
            }
            self.err(d);
            return bad(args, name);
        }
        // An implicitly typed external function.
        let key = defined_external.unwrap_or_else(|| self.ext_key(&n));
        call(self, key, name, args, Declared::Implicit(self.implicit(&n)))
    }

    pub(super) fn array_ref(&mut self, name: Ident, mut subs: Vec<Arg>, rank: u8, base: BaseTy, span: Span) -> (ExprKind, Ty) {
        let mut ok = true;
        let mut ranges = 0u8;
        for a in subs.iter_mut() {
            match a {
                Arg::Index(e) => {
                    self.expr(e);
                    if let Ty::Array(BaseTy::Integer(_), r) = e.ty {
                        // a vector subscript: a dimension of the section
                        ranges += 1;
                        if r != 1 {
                            self.err(
                                Diagnostic::error("E0278", format!("a vector subscript must have rank 1, found rank {r}"), e.span)
                                    .with_label("not a rank-1 integer array"),
                            );
                            ok = false;
                        }
                    } else if !self.want_int_scalar(e, "array subscripts must be scalar integers") {
                        ok = false;
                    }
                }
                Arg::Range { lo, hi, stride, .. } => {
                    ranges += 1;
                    for e in [lo, hi, stride].into_iter().flatten() {
                        self.expr(e);
                        if !self.want_int_scalar(e, "section bounds must be scalar integers") {
                            ok = false;
                        }
                    }
                }
                Arg::Keyword(k, e) => {
                    self.expr(e);
                    self.err(
                        Diagnostic::error(
                            "E0207",
                            format!("`{}` is an array: keyword arguments are not allowed in subscripts", name.name),
                            k.span,
                        )
                        .with_label("keyword argument"),
                    );
                    ok = false;
                }
            }
        }
        // `a(i)(j:k)`: a substring of an element of a character array.
        let element_substring = base == BaseTy::Character
            && subs.len() == usize::from(rank) + 1
            && subs.last().is_some_and(|s| matches!(s, Arg::Range { .. }))
            && subs.iter().take(usize::from(rank)).all(|s| matches!(s, Arg::Index(x) if x.ty.rank() == 0));
        if element_substring {
            let ty = if ok { Ty::Scalar(base) } else { Ty::Unknown };
            return (ExprKind::ArrayRef { name, subs }, ty);
        }
        if base == BaseTy::Character && subs.len() == usize::from(rank) + 1 && subs.last().is_some_and(|s| matches!(s, Arg::Range { .. })) {
            self.err(Diagnostic::not_yet("substrings of character array sections", span));
            return (ExprKind::ArrayRef { name, subs }, Ty::Unknown);
        }
        if subs.len() != usize::from(rank) {
            let n = subs.len();
            self.err(
                Diagnostic::error(
                    "E0203",
                    format!(
                        "wrong number of subscripts for `{}`: it has rank {rank}, but {n} subscript{} given",
                        name.name,
                        if n == 1 { " is" } else { "s are" }
                    ),
                    span,
                )
                .with_label(format!("expected {rank} subscript{}", if rank == 1 { "" } else { "s" })),
            );
            ok = false;
        }
        let ty = if ok { with_rank(base, ranges) } else { Ty::Unknown };
        (ExprKind::ArrayRef { name, subs }, ty)
    }

    /// `s(i:j)` of a scalar character variable: an [`ExprKind::ArrayRef`] with one range.
    pub(super) fn substring(&mut self, name: Ident, mut args: Vec<Arg>) -> (ExprKind, Ty) {
        let mut ok = true;
        if let Some(Arg::Range { lo, hi, .. }) = args.first_mut() {
            for e in [lo, hi].into_iter().flatten() {
                self.expr(e);
                ok &= self.want_int_scalar(e, "a substring bound must be a scalar integer");
            }
        }
        (ExprKind::ArrayRef { name, subs: args }, if ok { Ty::Scalar(BaseTy::Character) } else { Ty::Unknown })
    }
}

impl Checker {
    /// A defined operator `.name.` applied to its operands (the parser's `operator(.name.)`
    /// reference): the generic interface of that name in scope, else a type-bound
    /// operator of an operand's type (E0223 when there is none).
    #[inline(never)]
    fn defined_op_ref(&mut self, name: Ident, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        if self.scope.contains_key(&name.name) {
            return self.apply(name, args, span);
        }
        let orig: Vec<Expr> = args.iter().filter_map(|a| if let Arg::Index(e) = a { Some(e.clone()) } else { None }).collect();
        let mark = self.diags.len();
        let mut checked = orig.clone();
        for e in checked.iter_mut() {
            self.expr(e);
        }
        if checked.iter().any(|e| e.ty == Ty::Unknown) {
            return (ExprKind::Logical(false), Ty::Unknown);
        }
        let op = name.name.trim_start_matches("operator(").trim_end_matches(')').to_string();
        let refs: Vec<&Expr> = checked.iter().collect();
        if let Some(r) = self.defined_op(&op, &refs, &orig, mark, span) {
            return r;
        }
        let types: Vec<String> = checked.iter().map(|e| ty_name(e.ty)).collect();
        self.err(
            Diagnostic::error("E0223", format!("no defined operator `{op}` for operands of {}", types.join(" and ")), name.span)
                .with_label("no `interface operator` or type-bound operator of this name applies")
                .with_note(format!(
                    "help: declare `interface operator({op})` or bind `generic :: operator({op}) => ...` in the operand's type"
                )),
        );
        (ExprKind::Logical(false), Ty::Unknown)
    }

    /// An operator with a derived-type operand and a generic `operator(op)` in scope
    /// (`interface operator(+)`): a reference to the specific function that matches, the
    /// operands checked again as its arguments (the diagnostics of their first check,
    /// from `mark` on, are dropped).
    fn defined_op(&mut self, op: &str, checked: &[&Expr], orig: &[Expr], mark: usize, span: Span) -> Option<(ExprKind, Ty)> {
        if checked.iter().any(|e| e.ty == Ty::Unknown) || !checked.iter().any(|e| matches!(e.ty.base(), Some(BaseTy::Derived(_)))) {
            return None;
        }
        let gname = format!("operator({op})");
        let args: Vec<Arg> = orig.iter().cloned().map(Arg::Index).collect();
        if self.scope.contains_key(&gname) {
            self.diags.truncate(mark);
            return Some(self.apply(Ident { name: gname, span }, args, span));
        }
        // A type-bound operator (`generic :: operator(+) => add`) of an operand's type.
        let (tk, key) = checked.iter().find_map(|e| match e.ty.base() {
            Some(BaseTy::Derived(k)) => self.bound_generic(k, &gname).map(|g| (k, g)),
            _ => None,
        })?;
        self.diags.truncate(mark);
        // The specific, then the binding of that name in the operand's type (an override
        // of an inherited specific), through the vtab when its passed operand is
        // polymorphic.
        let cargs: Vec<Arg> = checked.iter().map(|e| Arg::Index((*e).clone())).collect();
        let Some(spec) = self.resolve_generic(&key, &gname, &cargs, true, span) else {
            return Some((ExprKind::Logical(false), Ty::Unknown));
        };
        let bname =
            self.g.types.iter().flat_map(|t| t.bindings.iter()).find(|b| b.key.as_deref() == Some(spec.as_str())).map(|b| b.name.clone());
        let b = bname.and_then(|n| self.binding(tk, &n));
        let via = match b {
            Some(b) if !b.nopass && checked.get(b.pass_pos).is_some_and(|e| self.is_poly(e)) => b.dispatch.unwrap_or(spec),
            Some(super::derived::BindInfo { key: Some(k), .. }) => k,
            _ => spec,
        };
        let (name, args, ty) = self.call_user(via, Ident { name: gname, span }, args, true, span, Declared::None);
        Some((ExprKind::Call { name, args }, ty))
    }
}

/// A saved local scalar of a device procedure that each device image keeps a copy of in
/// its global memory (codegen's `build_device`; the host copy, which sim kernels call, uses
/// the host's): numeric and default logical ones, not in common or threadprivate.
fn device_saved_scalar(s: &Symbol) -> bool {
    s.module.is_none()
        && s.rank == 0
        && !s.pointer
        && !s.allocatable
        && !s.threadprivate
        && s.common.is_none()
        && matches!(s.base, BaseTy::Integer(4 | 8) | BaseTy::Real(4 | 8) | BaseTy::Logical(4))
}
