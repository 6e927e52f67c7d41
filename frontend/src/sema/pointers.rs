//! Data pointers: pointer assignment (`p => t`, with bounds `p(0:) => a` and rank remapping
//! `p(1:n, 1:m) => v`), `nullify`, and the intrinsics `associated` and `null`.

use super::*;

/// `null()` as written (no arguments).
pub(super) fn is_null(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Apply { name, args } => name.name == "null" && args.is_empty(),
        ExprKind::Intrinsic { func: Intrinsic::Null, args } => args.is_empty(),
        _ => false,
    }
}

impl Checker {
    /// Is the checked designator `e` a pointer (a pointer variable or pointer component)?
    pub(super) fn is_pointer(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(id) => self.syms.get(&id.name).is_some_and(|s| s.pointer),
            ExprKind::Component(cr) if cr.subs.is_empty() => self.comp_info(e).is_some_and(|c| c.pointer),
            _ => false,
        }
    }

    /// The component that the checked `x%c` names.
    pub(super) fn comp_info(&self, e: &Expr) -> Option<&CompInfo> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        let Ty::Scalar(BaseTy::Derived(k)) = cr.base.ty else { return None };
        self.g.types.get(k as usize)?.comps.iter().find(|c| c.name == cr.name.name)
    }

    /// May the checked designator `e` be a pointer's target: a variable with the `target`
    /// or `pointer` attribute, an element or section of one, a component of one (or of a
    /// structure a pointer points to), or a function result that is a pointer.
    pub(super) fn is_target(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(id) | ExprKind::ArrayRef { name: id, .. } => self.syms.get(&id.name).is_some_and(|s| s.target || s.pointer),
            ExprKind::Component(cr) => {
                self.comp_info(e).is_some_and(|c| c.pointer) || self.is_target(&cr.base) || self.is_pointer(&cr.base)
            }
            ExprKind::Call { name, .. } => self.g.procs.map.get(&name.name).is_some_and(|p| p.result_pointer),
            ExprKind::Paren(x) => self.is_target(x),
            _ => false,
        }
    }

    fn not_pointer(&mut self, e: &Expr, what: &str) {
        if e.ty == Ty::Unknown {
            return;
        }
        self.err(
            Diagnostic::error("E0280", format!("{what} must be a pointer"), e.span).with_label("not declared with the `pointer` attribute"),
        );
    }

    /// Checks the bounds `lo:` or `lo:hi` of a pointer on the left of `=>`: whether they
    /// are all `lo:hi` (a remapping); `None` after an error.
    fn ptr_bounds(&mut self, args: &mut [Arg], span: Span) -> Option<bool> {
        let mut all_hi = true;
        let mut all_lo = true;
        for a in args.iter_mut() {
            match a {
                Arg::Range { lo: Some(lo), hi, stride: None, .. } => {
                    self.expr(lo);
                    self.want_int_scalar(lo, "a pointer's lower bound must be an integer scalar");
                    match hi {
                        Some(h) => {
                            self.expr(h);
                            self.want_int_scalar(h, "a pointer's upper bound must be an integer scalar");
                            all_lo = false;
                        }
                        None => all_hi = false,
                    }
                }
                other => {
                    let sp = match other {
                        Arg::Index(e) | Arg::Keyword(_, e) => e.span,
                        Arg::Range { span, .. } => *span,
                    };
                    self.err(
                        Diagnostic::error("E0281", "a pointer's bounds are `lo:` or `lo:hi` for every dimension", sp)
                            .with_label("expected `lo:` or `lo:hi`"),
                    );
                    return None;
                }
            }
        }
        if !all_hi && !all_lo {
            self.err(Diagnostic::error("E0281", "a pointer's bounds are either all `lo:` or all `lo:hi`", span).with_label("mixed bounds"));
            return None;
        }
        Some(all_hi)
    }

    /// `p => t`, `p(0:) => a`, `p(1:n, 1:m) => v`, `p => null()`.
    pub(super) fn ptr_assign(&mut self, lhs: &mut Expr, rhs: &mut Expr, span: Span) {
        // On the device: a local pointer of the procedure (its copy in the construct) or a
        // pointer component (of the structure's device copy).
        if self.on_device() {
            let local = match &lhs.kind {
                ExprKind::Name(id) | ExprKind::Apply { name: id, .. } => self.syms.get(&id.name).is_some_and(|s| {
                    s.pointer && !s.external && s.module.is_none() && s.dummy.is_none() && !s.save && !s.host && s.init.is_none()
                }),
                ExprKind::Component(_) => true,
                _ => false,
            };
            if !local {
                self.err(Diagnostic::not_yet(
                    format!("pointer assignment to a module, saved, dummy, host or procedure pointer {}", self.device_where()),
                    span,
                ));
            } else if matches!(&lhs.kind, ExprKind::Name(id) if self.syms.get(&id.name).is_some_and(|s| s.rank == 0)) {
                self.err(Diagnostic::not_yet(format!("pointer assignment to a scalar pointer {}", self.device_where()), span));
            }
        }
        // Bounds (`p(0:)`) or a bounds remapping (`p(1:n, 1:m)`): checked apart, the
        // pointer keeps its plain name.
        let mut bounds: Option<(usize, bool)> = None;
        let comp_bounds = match &mut lhs.kind {
            ExprKind::Component(cr) if !cr.subs.is_empty() => Some(std::mem::take(&mut cr.subs)),
            _ => None,
        };
        if let Some(mut args) = comp_bounds {
            // `x%v(0:) => t`: the component checked whole, its bounds apart.
            let Some(all_hi) = self.ptr_bounds(&mut args, lhs.span) else { return };
            self.expr(lhs);
            let n = args.len();
            if let ExprKind::Component(cr) = &mut lhs.kind {
                cr.subs = args;
            }
            let rank = self.comp_info(lhs).filter(|c| c.pointer).map(|c| c.dims.len());
            match rank {
                _ if lhs.ty == Ty::Unknown => return,
                Some(r) if r == n => bounds = Some((n, all_hi)),
                Some(r) if r > 0 => {
                    self.err(
                        Diagnostic::error("E0203", format!("this pointer component has rank {r}, but {n} bounds are given"), lhs.span)
                            .with_label(format!("expected {r}")),
                    );
                    return;
                }
                _ => {
                    self.err(Diagnostic::error("E0280", "only an array pointer takes bounds", lhs.span).with_label("not an array pointer"));
                    return;
                }
            }
        } else if let ExprKind::Apply { name, args } = &mut lhs.kind {
            let n = args.len();
            let Some(all_hi) = self.ptr_bounds(args, lhs.span) else { return };
            let id = name.clone();
            if self.fixed_association(&id, "associate") {
                return;
            }
            if let Some(i) = self.lookup(&id) {
                let (pointer, rank, base) = self.sym(i).map_or((false, 0, None), |s| (s.pointer, s.rank, Some(s.base)));
                if !pointer || rank == 0 {
                    self.err(
                        Diagnostic::error("E0280", format!("`{}` must be an array pointer to take bounds", id.name), id.span)
                            .with_label("not an array pointer"),
                    );
                    return;
                }
                if usize::from(rank) != n {
                    self.err(
                        Diagnostic::error("E0203", format!("`{}` has rank {rank}, but {n} bounds are given", id.name), lhs.span)
                            .with_label(format!("expected {rank}")),
                    );
                    return;
                }
                lhs.ty = base.map_or(Ty::Unknown, |b| with_rank(b, rank));
            }
            bounds = Some((n, all_hi));
        } else {
            self.expr(lhs);
            if !self.is_pointer(lhs) {
                self.not_pointer(lhs, "the left side of `=>`");
                return;
            }
            if let ExprKind::Name(id) = &lhs.kind {
                let id = id.clone();
                if self.fixed_association(&id, "associate") {
                    return;
                }
            }
        }
        if is_null(rhs) {
            rhs.kind = ExprKind::Intrinsic { func: Intrinsic::Null, args: Vec::new() };
            rhs.ty = lhs.ty;
            return;
        }
        if self.is_proc_pointer(lhs) {
            self.proc_target(rhs, "the target of a procedure pointer");
            return;
        }
        self.expr(rhs);
        if rhs.ty == Ty::Unknown || lhs.ty == Ty::Unknown {
            return;
        }
        if !self.is_target(rhs) {
            self.err(
                Diagnostic::error("E0282", "the target of `=>` must have the `target` or `pointer` attribute", rhs.span)
                    .with_label("not a target")
                    .with_note("help: declare the variable with the `target` attribute"),
            );
            return;
        }
        // A polymorphic pointer points to objects of its declared type or its extensions.
        let poly = self.is_poly(lhs)
            && match (lhs.ty.base(), rhs.ty.base()) {
                (Some(BaseTy::Derived(t)), Some(BaseTy::Derived(a))) => self.extends(a, t),
                (Some(BaseTy::Derived(t)), Some(_)) => self.g.types.get(t as usize).is_some_and(TypeInfo::is_star),
                _ => false,
            };
        if lhs.ty.base() != rhs.ty.base() && !poly {
            self.err(
                Diagnostic::error("E0283", format!("a pointer to {} cannot point to {}", ty_name(lhs.ty), ty_name(rhs.ty)), rhs.span)
                    .with_label("another type"),
            );
            return;
        }
        let (lr, rr) = (lhs.ty.rank(), rhs.ty.rank());
        let ok = match bounds {
            Some((_, true)) => rr == 1 || rr == lr,
            _ => lr == rr,
        };
        if !ok {
            self.err(
                Diagnostic::error("E0283", format!("a pointer of rank {lr} cannot point to a target of rank {rr}"), rhs.span)
                    .with_label(format!("rank {rr}")),
            );
        }
    }

    /// `nullify(p, x%q)`.
    pub(super) fn nullify(&mut self, items: &mut [Expr]) {
        for e in items.iter_mut() {
            self.expr(e);
            if !self.is_pointer(e) {
                self.not_pointer(e, "an item of `nullify`");
            } else if let ExprKind::Name(id) = &e.kind {
                let id = id.clone();
                self.fixed_association(&id, "nullify");
            }
        }
    }

    /// Is `e` a procedure pointer (`procedure(iface), pointer :: p`)?
    pub(super) fn is_proc_pointer(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(id) => self.syms.get(&id.name).is_some_and(|s| s.external && s.pointer),
            ExprKind::Component(cr) if cr.subs.is_empty() => self.comp_info(e).is_some_and(|c| c.proc_key.is_some()),
            _ => false,
        }
    }

    /// A procedure as the target of `=>` or the second argument of `associated`: rewritten
    /// to name the procedure's key, as an actual argument for a dummy procedure.
    pub(super) fn proc_target(&mut self, e: &mut Expr, what: &str) {
        if matches!(e.kind, ExprKind::Component(_)) {
            // A procedure pointer component: the address it holds.
            self.expr(e);
            if e.ty != Ty::Unknown && !self.is_proc_pointer(e) {
                self.err(
                    Diagnostic::error("E0287", format!("{what} must be a procedure"), e.span)
                        .with_label("not a procedure or procedure pointer"),
                );
            }
            return;
        }
        match self.procedure_actual(e) {
            Some(k) => {
                e.kind = ExprKind::Name(Ident { name: format!("{PROC_ACTUAL}{k}"), span: e.span });
                e.ty = Ty::Scalar(BaseTy::Integer(8));
            }
            None => self.err(
                Diagnostic::error("E0287", format!("{what} must be a procedure"), e.span)
                    .with_label("not a procedure or procedure pointer"),
            ),
        }
    }

    /// Reports (and returns true) when `id` is an `intent(in)` pointer dummy, whose
    /// association cannot change (its target's value can).
    pub(super) fn fixed_association(&mut self, id: &Ident, what: &str) -> bool {
        let fixed = self.syms.get(&id.name).is_some_and(|s| s.pointer && s.dummy.is_some() && s.intent == Some(Intent::In));
        if fixed {
            self.err(
                Diagnostic::error("E0285", format!("cannot {what} `{}`: it is an `intent(in)` pointer argument", id.name), id.span)
                    .with_label("its association cannot change")
                    .with_note("note: the value of its target can; drop `intent(in)` to change what it points to"),
            );
        }
        fixed
    }

    /// `associated(p [, t])`: a logical scalar.
    pub(super) fn associated(&mut self, args: &[Expr], span: Span) -> Ty {
        match args {
            [p] | [p, _] if !self.is_pointer(p) => {
                self.not_pointer(p, "the first argument of `associated`");
                Ty::Unknown
            }
            [_] => Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind())),
            [p, _] if self.is_proc_pointer(p) => Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind())),
            [p, t] => {
                let poly = self.is_poly(p)
                    && matches!((p.ty.base(), t.ty.base()), (Some(BaseTy::Derived(a)), Some(BaseTy::Derived(b))) if self.extends(b, a));
                if (t.ty.base() != p.ty.base() && !poly) || t.ty.rank() != p.ty.rank() || !(self.is_target(t)) {
                    if t.ty != Ty::Unknown {
                        self.err(
                            Diagnostic::error(
                                "E0284",
                                "the second argument of `associated` must be a pointer or target like the first",
                                t.span,
                            )
                            .with_label("another type or rank, or not a target"),
                        );
                    }
                    return Ty::Unknown;
                }
                Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind()))
            }
            _ => {
                self.err(
                    Diagnostic::error("E0206", "`associated` takes a pointer and an optional target", span)
                        .with_label("expected one or two arguments"),
                );
                Ty::Unknown
            }
        }
    }
}
