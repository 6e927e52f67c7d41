//! Executable statements: assignments, `allocate`, `if`, `select case`, `do` loops, `where`,
//! `forall`, `exit`/`cycle` and named constructs.

use super::*;

/// The value of a `case` item (logical selectors use 0 and 1).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum CaseKey {
    Int(i64),
    Str(String),
}

impl CaseKey {
    /// Compares as Fortran does: character values as if padded with blanks.
    pub(super) fn cmp_padded(&self, o: &CaseKey) -> std::cmp::Ordering {
        match (self, o) {
            (CaseKey::Int(a), CaseKey::Int(b)) => a.cmp(b),
            (CaseKey::Str(a), CaseKey::Str(b)) => {
                let (a, b) = (crate::text::raw_bytes(a), crate::text::raw_bytes(b));
                let (a, b) = (a.as_slice(), b.as_slice());
                let n = a.len().max(b.len());
                let at = |s: &[u8], i: usize| s.get(i).copied().unwrap_or(b' ');
                (0..n).map(|i| at(a, i).cmp(&at(b, i))).find(|o| o.is_ne()).unwrap_or(std::cmp::Ordering::Equal)
            }
            (CaseKey::Int(_), CaseKey::Str(_)) => std::cmp::Ordering::Less,
            (CaseKey::Str(_), CaseKey::Int(_)) => std::cmp::Ordering::Greater,
        }
    }
    pub(super) fn show(&self) -> String {
        match self {
            CaseKey::Int(v) => v.to_string(),
            CaseKey::Str(s) => format!("'{s}'"),
        }
    }
}

impl Checker {
    pub(super) fn stmts(&mut self, body: &mut [Stmt]) {
        for s in body {
            self.stmt(s);
        }
    }

    pub(super) fn stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        match &mut s.kind {
            StmtKind::Assign { lhs, rhs } => {
                if let Some(gkey) = self.defined_assignment(lhs, rhs) {
                    let StmtKind::Assign { lhs, rhs } = std::mem::replace(&mut s.kind, StmtKind::Continue) else { return };
                    let name = Ident { name: "assignment(=)".into(), span: lhs.span };
                    let (name, args, _) = self.call_user(gkey, name, vec![Arg::Index(lhs), Arg::Index(rhs)], false, span, Declared::None);
                    s.kind = StmtKind::Call { name, args };
                } else {
                    self.assign(lhs, rhs);
                }
            }
            StmtKind::PtrAssign { lhs, rhs } => self.ptr_assign(lhs, rhs, span),
            StmtKind::Nullify(items) => self.nullify(items),
            StmtKind::If { .. } => self.if_construct(s),
            StmtKind::Do { .. } => self.do_loop(s, None),
            StmtKind::DoWhile { name, cond, body } => {
                self.expr(cond);
                self.want_logical(cond, "the `do while` condition");
                self.loops.push(LoopCtx {
                    name: name.as_ref().map(|n| n.name.clone()),
                    var: None,
                    acc_parallel: false,
                    compute_depth: self.compute.len(),
                    construct: false,
                });
                self.stmts(body);
                self.loops.pop();
            }
            StmtKind::SelectCase { .. } => self.select_case(s),
            StmtKind::SelectType { .. } => self.select_type(s),
            StmtKind::Block { .. } => self.if_construct(s),
            StmtKind::Exit(_) | StmtKind::Cycle(_) => {
                let is_exit = matches!(s.kind, StmtKind::Exit(_));
                let name = match &s.kind {
                    StmtKind::Exit(n) | StmtKind::Cycle(n) => n.clone(),
                    _ => None,
                };
                self.exit_cycle(is_exit, name, span);
            }
            StmtKind::Continue => {}
            StmtKind::Construct { dir, body, .. } => self.acc_block(dir, body),
            StmtKind::LoopConstruct { dir, do_stmt } => self.acc_loop(dir, do_stmt),
            StmtKind::Where { .. } | StmtKind::Forall { .. } | StmtKind::DoConcurrent { .. } => self.array_stmt(s),
            _ => self.simple_stmt(s),
        }
    }

    /// The locality specs of `do concurrent`: variables, each named once (`default(none)`
    /// is checked by [`Checker::lookup`] while the body is checked).
    fn locality(&mut self, l: &mut Locality) {
        let mut seen = HashSet::new();
        for (k, e) in l.names.iter_mut() {
            let ExprKind::Name(n) = &e.kind else { continue };
            let n = n.clone();
            if !seen.insert(n.name.clone()) {
                self.err(
                    Diagnostic::error("E0024", format!("`{}` appears in more than one locality spec", n.name), n.span)
                        .with_label("repeated"),
                );
                continue;
            }
            self.expr(e);
            if *k != LocalityKind::Shared {
                if let Some(why) = self.not_definable(e) {
                    self.err(Diagnostic::error("E0272", "a `local` or `local_init` name must be a variable", n.span).with_label(why));
                    continue;
                }
                // Fortran 2018's C1130 (which also excludes allocatable variables: gpuf
                // accepts them, each iteration with an entity of its own)
                let why = self.syms.get(&n.name).and_then(|s| {
                    if s.optional {
                        Some("it is an optional dummy argument")
                    } else if s.dims.iter().any(|d| matches!(d, DimSpec::AssumedSize(_))) {
                        Some("it is an assumed-size array")
                    } else if s.class && !s.pointer && s.dummy.is_some() {
                        Some("it is a polymorphic dummy argument")
                    } else {
                        None
                    }
                });
                if let Some(why) = why {
                    let spec = if *k == LocalityKind::Local { "local" } else { "local_init" };
                    self.err(
                        Diagnostic::error("E0279", format!("`{}` cannot be `{spec}` in a `do concurrent`", n.name), n.span).with_label(why),
                    );
                }
            }
        }
    }

    /// `where`, `forall` and `do concurrent`.
    #[inline(never)]
    pub(super) fn array_stmt(&mut self, s: &mut Stmt) {
        let mut frame = false;
        if let StmtKind::DoConcurrent { locality, specs, .. } = &mut s.kind {
            let mut l = std::mem::take(locality);
            self.locality(&mut l);
            if l.default_none {
                let mut allowed: HashSet<String> = specs.iter().map(|x| x.var.name.clone()).collect();
                for (_, e) in &l.names {
                    if let ExprKind::Name(n) = &e.kind {
                        allowed.insert(n.name.clone());
                    }
                }
                self.dc_none.push((allowed, Vec::new()));
                frame = true;
            }
            if let StmtKind::DoConcurrent { locality, .. } = &mut s.kind {
                *locality = l;
            }
        }
        self.array_stmt_checked(s);
        if frame {
            if let Some((_, missing)) = self.dc_none.pop() {
                for n in missing {
                    self.err(
                        Diagnostic::error("E0277", format!("`{}` is not in a locality spec of this `do concurrent`", n.name), n.span)
                            .with_label("`default(none)` requires `local`, `local_init` or `shared`"),
                    );
                }
            }
        }
    }

    #[inline(never)]
    fn array_stmt_checked(&mut self, s: &mut Stmt) {
        let span = s.span;
        let what = match &s.kind {
            StmtKind::Where { .. } => "where",
            StmtKind::Forall { .. } => "forall",
            _ => "do concurrent",
        };
        if self.on_device() {
            self.err(Diagnostic::not_yet(format!("`{what}` {}", self.device_where()), span));
        }
        match &mut s.kind {
            StmtKind::Where { arms } => {
                let mut rank: Option<u8> = None;
                for (mask, body) in arms.iter_mut() {
                    if let Some(m) = mask {
                        self.expr(m);
                        match m.ty {
                            Ty::Unknown => {}
                            Ty::Array(BaseTy::Logical(_), r) => match rank {
                                Some(r0) if r0 != r => self.err(
                                    Diagnostic::error(
                                        "E0230",
                                        format!("the masks of this `where` have different ranks ({r0} and {r})"),
                                        m.span,
                                    )
                                    .with_label("masks must conform"),
                                ),
                                _ => rank = Some(r),
                            },
                            t => self.err(
                                Diagnostic::error(
                                    "E0219",
                                    format!("the `where` mask must be a `logical` array, found {}", ty_name(t)),
                                    m.span,
                                )
                                .with_label("expected a `logical` array"),
                            ),
                        }
                    }
                    for st in body.iter_mut() {
                        let StmtKind::Assign { lhs, rhs } = &mut st.kind else {
                            self.err(Diagnostic::not_yet("statements other than assignments in `where`", st.span));
                            continue;
                        };
                        self.assign(lhs, rhs);
                        if let (Some(r), Ty::Scalar(_) | Ty::Array(..)) = (rank, lhs.ty) {
                            if lhs.ty.rank() != r {
                                self.err(
                                    Diagnostic::error(
                                        "E0230",
                                        format!("the `where` mask has rank {r}, but the assigned variable has rank {}", lhs.ty.rank()),
                                        lhs.span,
                                    )
                                    .with_label("does not conform to the mask"),
                                );
                            }
                        }
                    }
                }
            }
            StmtKind::Forall { specs, mask, body } | StmtKind::DoConcurrent { specs, mask, body, .. } => {
                for sp in specs.iter_mut() {
                    let mut v = Expr { kind: ExprKind::Name(sp.var.clone()), span: sp.var.span, ty: Ty::Unknown };
                    self.expr(&mut v);
                    self.want_int_scalar(&v, &format!("the `{what}` index must be a scalar integer"));
                    for e in [Some(&mut sp.lo), Some(&mut sp.hi), sp.step.as_mut()].into_iter().flatten() {
                        self.expr(e);
                        self.want_int_scalar(e, &format!("the `{what}` bounds must be scalar integers"));
                    }
                }
                if let Some(m) = mask {
                    self.expr(m);
                    self.want_logical(m, &format!("the `{what}` mask"));
                }
                if what == "forall" {
                    for st in body.iter_mut() {
                        let StmtKind::Assign { lhs, rhs } = &mut st.kind else {
                            self.err(Diagnostic::not_yet("statements other than assignments in `forall`", st.span));
                            continue;
                        };
                        self.assign(lhs, rhs);
                        if lhs.ty.rank() > 0 {
                            self.err(Diagnostic::not_yet("array sections assigned in `forall`", lhs.span));
                        }
                    }
                } else {
                    let n = specs.len();
                    for sp in specs.iter() {
                        self.loops.push(LoopCtx {
                            name: None,
                            var: Some(sp.var.name.clone()),
                            acc_parallel: false,
                            compute_depth: self.compute.len(),
                            construct: false,
                        });
                    }
                    self.stmts(body);
                    for _ in 0..n {
                        self.loops.pop();
                    }
                }
            }
            _ => {}
        }
    }

    /// Statements without a body (kept apart so that the recursive `stmt` stays small).
    #[inline(never)]
    pub(super) fn simple_stmt(&mut self, s: &mut Stmt) {
        if self.io_status_stmt(s) {
            return;
        }
        let span = s.span;
        match &mut s.kind {
            StmtKind::Print { items, .. } => {
                if self.on_device() {
                    self.err(Diagnostic::not_yet(format!("`print` {}", self.device_where()), span));
                }
                for e in items {
                    self.io_list_item(e);
                }
            }
            StmtKind::Stop(_) | StmtKind::ErrorStop(_) => {
                let kw = if matches!(s.kind, StmtKind::Stop(_)) { "stop" } else { "error stop" };
                if self.on_device() {
                    self.err(Diagnostic::not_yet(format!("`{kw}` {}", self.device_where()), span));
                }
                let (StmtKind::Stop(code) | StmtKind::ErrorStop(code)) = &mut s.kind else { return };
                if let Some(c) = code {
                    self.expr(c);
                    match c.ty {
                        Ty::Unknown | Ty::Scalar(BaseTy::Integer(_) | BaseTy::Character) => {}
                        t => self.err(
                            Diagnostic::error(
                                "E0217",
                                format!("the `{kw}` code must be a scalar integer or character, found {}", ty_name(t)),
                                c.span,
                            )
                            .with_label("invalid stop code"),
                        ),
                    }
                }
            }
            StmtKind::Write { unit, items, .. } => {
                if self.on_device() {
                    self.err(Diagnostic::not_yet(format!("`write` {}", self.device_where()), span));
                }
                if let IoUnit::Number(e) = unit {
                    self.expr(e);
                    // A character variable is an internal file, a character array one
                    // with a record per element.
                    if matches!(e.ty, Ty::Array(BaseTy::Character, _)) && !matches!(e.kind, ExprKind::Name(_)) {
                        self.err(Diagnostic::not_yet("internal files that are sections of character arrays", e.span));
                    } else if matches!(e.ty, Ty::Scalar(BaseTy::Character) | Ty::Array(BaseTy::Character, _)) {
                        if let Some(why) = self.not_definable(e) {
                            self.err(
                                Diagnostic::error("E0270", "the internal file of `write` must be a character variable", e.span)
                                    .with_label(why),
                            );
                        }
                    } else {
                        self.want_int_scalar(e, "the unit of `write` must be a scalar integer");
                    }
                }
                for e in items {
                    self.io_list_item(e);
                }
            }
            StmtKind::Read { .. } | StmtKind::Open(_) | StmtKind::Close { .. } => self.io_stmt(s),
            StmtKind::Return => {
                if !self.in_procedure() {
                    // gfortran accepts it (a GNU extension) and ends the program.
                    self.err(
                        Diagnostic::warning("W0123", "`return` in the main program ends the program", span)
                            .with_label("not inside a subroutine or function")
                            .with_note("help: `stop` is the standard way to end the main program"),
                    );
                } else if self.in_compute() {
                    self.err(
                        Diagnostic::error("E0314", "`return` cannot leave a compute construct", span)
                            .with_label("inside a compute construct"),
                    );
                }
            }
            StmtKind::Call { .. } => self.call_stmt(s),
            StmtKind::IntrinsicCall { .. } => {}
            StmtKind::Allocate(items) => {
                if self.on_device() {
                    self.err(
                        Diagnostic::error("E0315", format!("`allocate` is not allowed {}", self.device_where()), span)
                            .with_label("allocate before the construct"),
                    );
                }
                for (id, dims) in items.iter_mut() {
                    for d in dims.iter_mut() {
                        match d {
                            DimSpec::Deferred(sp) => self
                                .err(Diagnostic::error("E0216", "`allocate` needs explicit bounds", *sp).with_label("`:` is not a bound")),
                            DimSpec::AssumedSize(sp) => self
                                .err(Diagnostic::error("E0216", "`allocate` needs explicit bounds", *sp).with_label("`*` is not a bound")),
                            DimSpec::AssumedLo { span, .. } => {
                                self.err(Diagnostic::error("E0216", "`allocate` needs explicit bounds", *span).with_label("no upper bound"))
                            }
                            DimSpec::Explicit { .. } => self.dim(d, false),
                        }
                    }
                    if dims.is_empty() {
                        // A scalar; an array needs its bounds.
                        let rank = self.lookup(id).and_then(|i| self.sym(i)).map_or(0, |s| s.rank);
                        if rank > 0 {
                            self.err(
                                Diagnostic::error("E0019", format!("`allocate` needs the shape of `{}`", id.name), id.span)
                                    .with_label(format!("expected `{}(...)`", id.name)),
                            );
                        } else {
                            self.alloc_target(id, None, "allocate");
                        }
                        continue;
                    }
                    self.alloc_target(id, Some(dims.len()), "allocate");
                }
            }
            StmtKind::Deallocate(names) => {
                if self.on_device() {
                    self.err(
                        Diagnostic::error("E0315", format!("`deallocate` is not allowed {}", self.device_where()), span)
                            .with_label("deallocate after the construct"),
                    );
                }
                for id in names.iter() {
                    self.alloc_target(id, None, "deallocate");
                }
            }
            StmtKind::AllocateComp(items) => {
                if self.on_device() {
                    self.err(
                        Diagnostic::error("E0315", format!("`allocate` is not allowed {}", self.device_where()), span)
                            .with_label("allocate before the construct"),
                    );
                }
                for (e, dims) in items.iter_mut() {
                    self.expr(e);
                    for d in dims.iter_mut() {
                        self.dim(d, false);
                    }
                    match self.alloc_comp(e).or_else(|| self.is_pointer(e).then(|| self.comp_info(e).map_or(0, |c| c.dims.len()))) {
                        Some(rank) if dims.is_empty() && rank > 0 => {
                            let n = match &e.kind {
                                ExprKind::Component(cr) => cr.name.name.clone(),
                                _ => String::new(),
                            };
                            self.err(
                                Diagnostic::error("E0019", format!("`allocate` needs the shape of `{n}`"), e.span)
                                    .with_label(format!("expected `{n}(...)`")),
                            );
                        }
                        Some(rank) if rank != dims.len() => {
                            let n = dims.len();
                            self.err(
                                Diagnostic::error(
                                    "E0203",
                                    format!(
                                        "wrong number of bounds for this component: it has rank {rank}, but {n} {} given",
                                        if n == 1 { "is" } else { "are" }
                                    ),
                                    e.span,
                                )
                                .with_label(format!("expected {rank}")),
                            );
                        }
                        Some(_) => {}
                        None => self.not_alloc_comp(e, "allocate"),
                    }
                }
            }
            StmtKind::DeallocateComp(items) => {
                if self.on_device() {
                    self.err(
                        Diagnostic::error("E0315", format!("`deallocate` is not allowed {}", self.device_where()), span)
                            .with_label("deallocate after the construct"),
                    );
                }
                for e in items.iter_mut() {
                    self.expr(e);
                    if self.alloc_comp(e).is_none() && !self.is_pointer(e) {
                        self.not_alloc_comp(e, "deallocate");
                    }
                }
            }
            StmtKind::AllocOpts { stmt, spec, source, mold } => {
                self.alloc_opts(stmt, spec.as_mut(), source.as_deref_mut(), *mold);
            }
            StmtKind::Standalone(dir) => self.acc_standalone(dir),
            StmtKind::Atomic { dir, kind, body } => {
                self.directive(dir, None);
                let kind = *kind;
                self.stmts(body);
                self.atomic(kind, body, dir.span);
            }
            _ => {}
        }
    }

    /// `allocate(type-spec :: items)` and `allocate(items, source=|mold=e)`: items without
    /// bounds take them from `e`; the type spec and `e` must suit every item.
    fn alloc_opts(&mut self, inner: &mut Stmt, spec: Option<&mut AllocTypeSpec>, source: Option<&mut Expr>, mold: bool) {
        let what = if mold { "mold=" } else { "source=" };
        let src = source.map(|e| {
            self.expr(e);
            (e.ty, e.span)
        });
        let spec = spec.map(|sp| {
            if let Some(l) = &mut sp.len {
                self.expr(l);
                self.want_int_scalar(l, "a character length must be a scalar integer");
            }
            (sp.base, sp.span)
        });
        if !matches!(inner.kind, StmtKind::Allocate(_)) {
            if let StmtKind::AllocateComp(items) = &mut inner.kind {
                for (e, dims) in items.iter_mut() {
                    self.expr(e);
                    for d in dims.iter_mut() {
                        self.dim(d, false);
                    }
                }
            }
        }
        // Each item: (its type, the number of bounds given, its span).
        let mut targets: Vec<(Ty, usize, Span, bool, bool)> = Vec::new();
        match &mut inner.kind {
            StmtKind::Allocate(items) => {
                let plain: Vec<(Ident, Vec<DimSpec>)> = items.iter().filter(|(_, d)| !d.is_empty()).cloned().collect();
                let mut plain_stmt = Stmt { kind: StmtKind::Allocate(plain), span: inner.span };
                self.stmt(&mut plain_stmt);
                if let StmtKind::Allocate(checked) = plain_stmt.kind {
                    let mut it = checked.into_iter();
                    for (_, dims) in items.iter_mut().filter(|(_, d)| !d.is_empty()) {
                        if let Some((_, d)) = it.next() {
                            *dims = d;
                        }
                    }
                }
                for (id, dims) in items.iter() {
                    if dims.is_empty() {
                        self.alloc_target(id, None, "allocate");
                    }
                    let Some(i) = self.lookup(id) else { continue };
                    let Some(s) = self.sym(i) else { continue };
                    let deferred_char = matches!(s.char_len, Some(CharLen::Deferred(_)));
                    targets.push((with_rank(s.base, s.rank), dims.len(), id.span, deferred_char, s.class));
                }
            }
            StmtKind::AllocateComp(items) => {
                for (e, dims) in items.iter() {
                    // (A polymorphic pointer component too.)
                    let class_ptr = matches!(&e.kind, ExprKind::Component(cr) if self.class_comp(cr).is_some());
                    match self.alloc_comp(e).or(class_ptr.then_some(0)) {
                        Some(rank) => {
                            if !dims.is_empty() && rank != dims.len() {
                                self.err(
                                    Diagnostic::error(
                                        "E0203",
                                        format!("wrong number of bounds for this component: it has rank {rank}, but {} given", dims.len()),
                                        e.span,
                                    )
                                    .with_label(format!("expected {rank}")),
                                );
                                continue;
                            }
                            let class =
                                matches!(&e.kind, ExprKind::Component(cr) if self.class_comp(cr).is_some() || self.class_comp_array(cr));
                            targets.push((e.ty, dims.len(), e.span, false, class));
                        }
                        None => self.not_alloc_comp(e, "allocate"),
                    }
                }
            }
            _ => return,
        }
        for (ty, nb, sp, deferred_char, class) in targets {
            if ty == Ty::Unknown {
                continue;
            }
            let rank = ty.rank();
            // A polymorphic object takes any extension of its declared type.
            let fits = |c: &Self, b: Option<BaseTy>| match (b, ty.base()) {
                (Some(BaseTy::Derived(a)), Some(BaseTy::Derived(t))) if class => c.extends(a, t),
                (Some(_), Some(BaseTy::Derived(t))) if class => c.g.types.get(t as usize).is_some_and(TypeInfo::is_star),
                (b, t) => b == t,
            };
            if let Some((b, _)) = spec {
                if !fits(self, Some(b)) {
                    self.err(
                        Diagnostic::error(
                            "E0230",
                            format!("the type spec `{}` of `allocate` is not the type of this object, {}", base_name(b), ty_name(ty)),
                            sp,
                        )
                        .with_label(format!("declared {}", ty_name(ty))),
                    );
                    continue;
                }
                if b == BaseTy::Character && ty.base() == Some(BaseTy::Character) && deferred_char == (rank > 0) {
                    self.err(Diagnostic::not_yet(
                        "a `character` type spec in `allocate` for a deferred-length array or a fixed-length scalar",
                        sp,
                    ));
                    continue;
                }
            }
            if nb == 0 && rank > 0 {
                match src {
                    None => self.err(
                        Diagnostic::error("E0019", "`allocate` needs the shape of this array", sp)
                            .with_label("give its bounds, or `source=`/`mold=`"),
                    ),
                    Some((st, ssp)) if st != Ty::Unknown && st.rank() != rank => self.err(
                        Diagnostic::error(
                            "E0203",
                            format!("the `{what}` of `allocate` has rank {}, but this array has rank {rank}", st.rank()),
                            ssp,
                        )
                        .with_label(format!("expected rank {rank}")),
                    ),
                    _ => {}
                }
            }
            if let Some((st, ssp)) = src {
                if st == Ty::Unknown {
                    continue;
                }
                if st.rank() > 0 && st.rank() != rank {
                    self.err(
                        Diagnostic::error(
                            "E0203",
                            format!("the `{what}` of `allocate` has rank {}, but the object has rank {rank}", st.rank()),
                            ssp,
                        )
                        .with_label(format!("expected rank {rank} or a scalar")),
                    );
                } else if mold && !fits(self, st.base()) {
                    self.err(
                        Diagnostic::error(
                            "E0230",
                            format!("the `mold=` of `allocate` is `{}`, but the object is `{}`", ty_name(st), ty_name(ty)),
                            ssp,
                        )
                        .with_label("a different type"),
                    );
                } else if !(mold || (class && fits(self, st.base()))) {
                    self.assign_compat(
                        with_rank(ty.base().unwrap_or(BaseTy::Logical(4)), 0),
                        with_rank(st.base().unwrap_or(BaseTy::Logical(4)), 0),
                        ssp,
                    );
                }
                if ty.base() == Some(BaseTy::Character) {
                    self.err(Diagnostic::not_yet("`source=` and `mold=` for character objects", ssp));
                }
            }
        }
    }

    /// The rank of the allocatable component that `e` (checked) names, if it is one.
    pub(super) fn alloc_comp(&self, e: &Expr) -> Option<usize> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        let Ty::Scalar(BaseTy::Derived(k)) = cr.base.ty else { return None };
        if !cr.subs.is_empty() {
            return None;
        }
        let c = self.g.types.get(k as usize)?.comps.iter().find(|c| c.name == cr.name.name)?;
        c.alloc.then_some(c.dims.len())
    }

    /// Reports that `e` is not an allocatable component (unless it is already in error).
    fn not_alloc_comp(&mut self, e: &Expr, what: &str) {
        if e.ty == Ty::Unknown {
            return;
        }
        self.err(
            Diagnostic::error("E0242", format!("cannot {what} this: it is not an allocatable component"), e.span)
                .with_label("not declared `allocatable`"),
        );
    }

    pub(super) fn alloc_target(&mut self, id: &Ident, dims: Option<usize>, what: &str) {
        let Some(i) = self.lookup(id) else { return };
        if self.fixed_association(id, what) {
            return;
        }
        let Some(sym) = self.sym(i) else { return };
        let (alloc, rank) = (sym.allocatable || sym.pointer, sym.rank);
        if !alloc {
            self.err(
                Diagnostic::error("E0242", format!("cannot {what} `{}`: it is not allocatable", id.name), id.span)
                    .with_label("not declared `allocatable`"),
            );
        } else if let (Some(0), true) = (dims, rank > 0) {
            self.err(
                Diagnostic::error("E0019", format!("`allocate` needs the shape of `{}`", id.name), id.span)
                    .with_label(format!("expected `{}(...)`", id.name)),
            );
        } else if let Some(n) = dims {
            if n != usize::from(rank) {
                self.err(
                    Diagnostic::error(
                        "E0203",
                        format!(
                            "wrong number of bounds for `{}`: it has rank {rank}, but {n} {} given",
                            id.name,
                            if n == 1 { "is" } else { "are" }
                        ),
                        id.span,
                    )
                    .with_label(format!("expected {rank}")),
                );
            }
        }
    }

    pub(super) fn assign(&mut self, lhs: &mut Expr, rhs: &mut Expr) {
        self.expr(lhs);
        self.expr(rhs);
        let Some(target) = designator_name(lhs).map(str::to_string) else {
            if let ExprKind::Call { name, .. } = &lhs.kind {
                // A reference to a function with a pointer result designates its target.
                if self.g.procs.map.get(&name.name).is_some_and(|p| p.result_pointer) {
                    if matches!(lhs.ty, Ty::Scalar(BaseTy::Derived(_))) {
                        self.err(Diagnostic::not_yet("assignment of a structure through a pointer function reference", lhs.span));
                    }
                    return;
                }
            }
            if lhs.ty != Ty::Unknown || matches!(lhs.kind, ExprKind::Intrinsic { .. }) {
                self.err(Diagnostic::error("E0243", "cannot assign to this expression", lhs.span).with_label("not a variable"));
            }
            return;
        };
        if let Some(sym) = self.syms.get(&target) {
            if sym.parameter {
                self.err(
                    Diagnostic::error("E0240", format!("cannot assign to parameter `{target}`"), lhs.span)
                        .with_label("a parameter is a constant"),
                );
                return;
            }
            // (Through an `intent(in)` pointer its target may change.)
            if sym.intent == Some(Intent::In) && sym.dummy.is_some() && !sym.pointer {
                self.err(
                    Diagnostic::error("E0244", format!("cannot assign to `{target}`: it is an `intent(in)` argument"), lhs.span)
                        .with_label("`intent(in)` arguments cannot be changed"),
                );
                return;
            }
        }
        if self.loops.iter().any(|l| l.var.as_deref() == Some(target.as_str())) {
            self.err(
                Diagnostic::error("E0241", format!("cannot assign to `{target}` inside the `do` loop it controls"), lhs.span)
                    .with_label("the loop variable must not change in the loop"),
            );
        }
        if lhs.ty == Ty::Unknown || rhs.ty == Ty::Unknown {
            return;
        }
        let class_comp = match &lhs.kind {
            ExprKind::Component(cr) => self.class_comp(cr).map(|_| self.comp_is_pointer(cr)),
            _ => None,
        };
        if class_comp == Some(true) {
            self.err(Diagnostic::not_yet("intrinsic assignment to a polymorphic pointer component", lhs.span));
            return;
        }
        // A polymorphic allocatable (variable or component) takes the dynamic type of any
        // extension (F2008).
        let poly = (class_comp.is_some() || matches!(&lhs.kind, ExprKind::Name(_)))
            && (class_comp.is_some() || self.syms.get(&target).is_some_and(|s| s.class && s.allocatable))
            && match (lhs.ty.base(), rhs.ty.base()) {
                (Some(BaseTy::Derived(t)), Some(BaseTy::Derived(a))) => self.extends(a, t),
                (Some(BaseTy::Derived(t)), Some(_)) => self.g.types.get(t as usize).is_some_and(TypeInfo::is_star),
                _ => false,
            };
        if !poly && !self.assign_compat(lhs.ty, rhs.ty, rhs.span) {
            return;
        }
        match (lhs.ty.rank(), rhs.ty.rank()) {
            (0, r) if r > 0 => self.err(
                Diagnostic::error("E0231", format!("cannot assign a rank-{r} array to the scalar `{target}`"), rhs.span)
                    .with_label(format!("this is a {}", ty_name(rhs.ty))),
            ),
            (l, r) if r > 0 && l != r => self.err(
                Diagnostic::error("E0230", format!("rank mismatch in assignment: rank {l} and rank {r}"), rhs.span)
                    .with_label(format!("this is a {}", ty_name(rhs.ty))),
            ),
            _ => {}
        }
    }

    /// A counted `do` loop; `acc` is `Some(seq)` when an OpenACC loop directive applies.
    #[inline(never)]
    pub(super) fn do_loop(&mut self, s: &mut Stmt, acc: Option<bool>) {
        let StmtKind::Do { name, var, start, end, step, body } = &mut s.kind else {
            if let StmtKind::DoWhile { .. } = s.kind {
                self.stmt(s);
            }
            return;
        };
        self.do_header(var, start, end, step);
        self.loops.push(LoopCtx {
            name: name.as_ref().map(|n| n.name.clone()),
            var: Some(var.name.clone()),
            acc_parallel: acc == Some(false),
            compute_depth: self.compute.len(),
            construct: false,
        });
        self.stmts(body);
        self.loops.pop();
    }

    /// The checks of a `do` statement's loop control.
    #[inline(never)]
    pub(super) fn do_header(&mut self, var: &Ident, start: &mut Expr, end: &mut Expr, step: &mut Option<Expr>) {
        if let Some(i) = self.lookup(var) {
            if let Some(sym) = self.sym(i) {
                let (ty, param) = (sym.ty(), sym.parameter);
                if param || !matches!(ty, Ty::Scalar(BaseTy::Integer(_))) {
                    let why = if param { "a parameter".to_string() } else { ty_name(ty) };
                    self.err(
                        Diagnostic::error(
                            "E0212",
                            format!("the `do` variable `{}` must be a scalar integer variable, found {why}", var.name),
                            var.span,
                        )
                        .with_label("expected a scalar `integer` variable"),
                    );
                }
            }
        }
        if self.loops.iter().any(|l| l.var.as_deref() == Some(var.name.as_str())) {
            self.err(
                Diagnostic::error("E0241", format!("`{}` is already the variable of an enclosing `do` loop", var.name), var.span)
                    .with_label("reused loop variable"),
            );
        }
        for e in [Some(&mut *start), Some(&mut *end), step.as_mut()].into_iter().flatten() {
            self.expr(e);
            match e.ty {
                Ty::Unknown => {}
                Ty::Scalar(b) if is_numeric(b) => {}
                t => self.err(
                    Diagnostic::error("E0214", format!("`do` loop bounds must be scalar numbers, found {}", ty_name(t)), e.span)
                        .with_label("expected a scalar integer"),
                ),
            }
        }
        if let Some(st) = step {
            if st.ty != Ty::Unknown && self.const_value(st, 0).is_some_and(|v| v == Const::Int(0) || v == Const::Real(0.0)) {
                self.err(Diagnostic::error("E0215", "the step of a `do` loop must not be zero", st.span).with_label("zero step"));
            }
        }
    }

    /// An `if` or `block` construct (kept out of `stmt` so that its frame stays small).
    #[inline(never)]
    pub(super) fn if_construct(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::If { name, arms, else_body } => {
                self.push_construct(name);
                for (c, body) in arms.iter_mut() {
                    self.expr(c);
                    self.want_logical(c, "the `if` condition");
                    self.stmts(body);
                }
                if let Some(b) = else_body {
                    self.stmts(b);
                }
                self.pop_construct(name);
            }
            StmtKind::Block { name, body, .. } => {
                self.push_construct(name);
                self.stmts(body);
                self.pop_construct(name);
            }
            _ => {}
        }
    }

    /// A `select case` construct: the selector, its case values (constants of the
    /// selector's type, `case default` at most once) and overlapping values.
    #[inline(never)]
    pub(super) fn select_case(&mut self, s: &mut Stmt) {
        let StmtKind::SelectCase { name, selector, cases } = &mut s.kind else { return };
        self.expr(selector);
        let sel = match selector.ty {
            Ty::Scalar(b @ (BaseTy::Integer(_) | BaseTy::Logical(_) | BaseTy::Character)) => Some(b),
            Ty::Unknown => None,
            t => {
                self.err(
                    Diagnostic::error(
                        "E0250",
                        format!("the `select case` selector must be a scalar integer, logical or character, found {}", ty_name(t)),
                        selector.span,
                    )
                    .with_label("not a valid selector"),
                );
                None
            }
        };
        let mut seen: Vec<(Option<CaseKey>, Option<CaseKey>)> = Vec::new();
        let mut default: Option<Span> = None;
        self.push_construct(name);
        for c in cases.iter_mut() {
            match &mut c.values {
                None => {
                    if default.is_some() {
                        self.err(
                            Diagnostic::error("E0252", "more than one `case default` in this `select case` construct", c.span)
                                .with_label("second `case default`"),
                        );
                    }
                    default = Some(c.span);
                }
                Some(vals) => {
                    for v in vals.iter_mut() {
                        let (lo, hi, sp) = match v {
                            CaseValue::Value(e) => {
                                let k = self.case_key(e, sel);
                                (k.clone(), k, e.span)
                            }
                            CaseValue::Range { lo, hi, span } => {
                                if matches!(sel, Some(BaseTy::Logical(_))) {
                                    self.err(
                                        Diagnostic::error("E0251", "a `logical` selector cannot have a `case` range", *span)
                                            .with_label("ranges need an integer or character selector"),
                                    );
                                    continue;
                                }
                                let l = lo.as_mut().and_then(|e| self.case_key(e, sel));
                                let h = hi.as_mut().and_then(|e| self.case_key(e, sel));
                                if (lo.is_some() && l.is_none()) || (hi.is_some() && h.is_none()) {
                                    continue;
                                }
                                (l, h, *span)
                            }
                        };
                        if matches!(v, CaseValue::Value(_)) && lo.is_none() {
                            continue;
                        }
                        if let (Some(l), Some(h)) = (&lo, &hi) {
                            if l.cmp_padded(h) == std::cmp::Ordering::Greater {
                                // An empty range matches nothing.
                                continue;
                            }
                        }
                        let below = |a: &Option<CaseKey>, b: &Option<CaseKey>| match (a, b) {
                            (Some(a), Some(b)) => a.cmp_padded(b) != std::cmp::Ordering::Greater,
                            _ => true,
                        };
                        if let Some((plo, phi)) = seen.iter().find(|(plo, phi)| below(&lo, phi) && below(plo, &hi)) {
                            let witness = match (&lo, plo) {
                                (Some(a), Some(b)) => Some(if a.cmp_padded(b) == std::cmp::Ordering::Greater { a } else { b }),
                                (Some(a), None) | (None, Some(a)) => Some(a),
                                (None, None) => hi.as_ref().or(phi.as_ref()),
                            };
                            let mut d = Diagnostic::error("E0253", "this `case` value overlaps with an earlier `case`", sp)
                                .with_label("overlapping `case` value");
                            if let Some(w) = witness {
                                d = d.with_note(format!("note: the value {} is matched by an earlier `case`", w.show()));
                            }
                            self.err(d);
                            continue;
                        }
                        seen.push((lo, hi));
                    }
                }
            }
            self.stmts(&mut c.body);
        }
        self.pop_construct(name);
    }

    /// The value of a `case` value `e`, which must be a constant of the selector's type.
    pub(super) fn case_key(&mut self, e: &mut Expr, sel: Option<BaseTy>) -> Option<CaseKey> {
        self.expr(e);
        let sel = sel?;
        let b = e.ty.base()?;
        let same = matches!((sel, b), (BaseTy::Integer(_), BaseTy::Integer(_))) || sel == b;
        if !same || e.ty.rank() > 0 {
            self.err(
                Diagnostic::error("E0254", format!("a `case` value must be {}, found {}", ty_name(Ty::Scalar(sel)), ty_name(e.ty)), e.span)
                    .with_label(format!("expected {}", ty_name(Ty::Scalar(sel)))),
            );
            return None;
        }
        let k = match sel {
            BaseTy::Integer(_) => self.const_int(e).map(CaseKey::Int),
            BaseTy::Logical(_) => self.const_logical(e, 0).map(|b| CaseKey::Int(b as i64)),
            _ => self.const_str(e, 0).map(CaseKey::Str),
        };
        if k.is_none() {
            self.err(Diagnostic::error("E0255", "a `case` value must be a constant", e.span).with_label("not a constant"));
        }
        k
    }

    /// Enters a named `if`, `select case` or `block` construct (a target of `exit name`).
    #[inline(never)]
    pub(super) fn push_construct(&mut self, name: &Option<Ident>) {
        if let Some(n) = name {
            self.loops.push(LoopCtx {
                name: Some(n.name.clone()),
                var: None,
                acc_parallel: false,
                compute_depth: self.compute.len(),
                construct: true,
            });
        }
    }

    #[inline(never)]
    pub(super) fn pop_construct(&mut self, name: &Option<Ident>) {
        if name.is_some() {
            self.loops.pop();
        }
    }

    pub(super) fn exit_cycle(&mut self, is_exit: bool, name: Option<Ident>, span: Span) {
        let kw = if is_exit { "exit" } else { "cycle" };
        let target = match &name {
            None => self.loops.iter().rposition(|l| !l.construct),
            Some(n) => self.loops.iter().rposition(|l| l.name.as_deref() == Some(n.name.as_str())),
        };
        let Some(t) = target else {
            match name {
                None => {
                    self.err(Diagnostic::error("E0110", format!("`{kw}` outside of a loop"), span).with_label("not inside a `do` loop"))
                }
                Some(n) => self.err(
                    Diagnostic::error("E0111", format!("no enclosing construct is named `{}`", n.name), n.span)
                        .with_label("no construct of this name encloses this statement"),
                ),
            }
            return;
        };
        let Some(ctx) = self.loops.get(t) else { return };
        if ctx.construct && !is_exit {
            let n = name.as_ref().map_or(span, |n| n.span);
            self.err(
                Diagnostic::error("E0113", "`cycle` must name a `do` loop", n)
                    .with_label("this names an `if`, `select case` or `block` construct"),
            );
            return;
        }
        if ctx.compute_depth < self.compute.len() {
            self.err(
                Diagnostic::error("E0314", format!("`{kw}` cannot leave a compute construct"), span)
                    .with_label("the loop is outside the compute construct"),
            );
            return;
        }
        if is_exit && self.loops.get(t..).is_some_and(|ls| ls.iter().any(|l| l.acc_parallel)) {
            self.err(
                Diagnostic::error("E0312", "`exit` out of a loop parallelised by an OpenACC `loop` directive", span)
                    .with_label("not allowed here")
                    .with_note(
                        "note: the iteration count of a parallel loop must be known when it starts; add `seq` to run the loop sequentially",
                    ),
            );
        }
    }
}

impl Checker {
    /// Is `lhs = rhs` a defined assignment: a generic `assignment(=)` in scope with a
    /// specific subroutine whose dummies match the two sides (checked on copies, their
    /// diagnostics dropped)?
    fn defined_assignment(&mut self, lhs: &Expr, rhs: &Expr) -> Option<String> {
        let (mark, reported) = (self.diags.len(), self.reported.clone());
        let (mut l, mut r) = (lhs.clone(), rhs.clone());
        self.expr(&mut l);
        self.expr(&mut r);
        self.diags.truncate(mark);
        self.reported = reported;
        if l.ty == Ty::Unknown || r.ty == Ty::Unknown {
            return None;
        }
        // `interface assignment(=)`, else a type-bound `assignment(=)` of the left side's
        // type: the binding of the matching specific's name in that type (an override),
        // through the vtab when the passed object is a polymorphic one.
        if let Some(g) = self.scope.get("assignment(=)").cloned() {
            let args = [Arg::Index(l), Arg::Index(r)];
            return self.generic_matches(&g, &args, false).then_some(g);
        }
        let Some(BaseTy::Derived(k)) = l.ty.base() else { return None };
        let gkey = self.bound_generic(k, "assignment(=)")?;
        let poly = [self.is_poly(&l), self.is_poly(&r)];
        let args = [Arg::Index(l), Arg::Index(r)];
        if !self.generic_matches(&gkey, &args, false) {
            return None;
        }
        let (mark, reported) = (self.diags.len(), self.reported.clone());
        let spec = self.resolve_generic(&gkey, "assignment(=)", &args, false, lhs.span);
        self.diags.truncate(mark);
        self.reported = reported;
        let spec = spec?;
        let bname =
            self.g.types.iter().flat_map(|t| t.bindings.iter()).find(|b| b.key.as_deref() == Some(spec.as_str())).map(|b| b.name.clone());
        Some(match bname.and_then(|n| self.binding(k, &n)) {
            Some(b) if !b.nopass && poly.get(b.pass_pos).copied().unwrap_or(false) => b.dispatch.unwrap_or(spec),
            Some(super::derived::BindInfo { key: Some(key), .. }) => key,
            _ => spec,
        })
    }
}

impl Checker {
    /// A `select type` construct: the selector is a polymorphic dummy; each guard's type
    /// extends its declared type; each block's associate name is a symbol of the guard's
    /// type (polymorphic for `class is` and `class default`).
    #[inline(never)]
    fn select_type(&mut self, s: &mut Stmt) {
        let span = s.span;
        let StmtKind::SelectType { selector, guards, .. } = &mut s.kind else { return };
        self.expr(selector);
        // (After a "not yet implemented" selector the associate names are still declared,
        // so that the guards' bodies report nothing more.)
        let mut unsupported = false;
        let declared = match (&selector.kind, selector.ty) {
            (_, Ty::Unknown) => None,
            (ExprKind::Name(id), Ty::Scalar(BaseTy::Derived(k)) | Ty::Array(BaseTy::Derived(k), _))
                if self.syms.get(&id.name).is_some_and(|x| x.class) =>
            {
                Some(k)
            }
            (ExprKind::Component(cr), _) if self.class_comp(cr).is_some() => self.class_comp(cr),
            // A whole polymorphic array component.
            (ExprKind::Component(cr), Ty::Array(BaseTy::Derived(k), _)) if self.class_comp_array(cr) => Some(k),
            // A function with a polymorphic allocatable result (scalar or array).
            (ExprKind::Call { name, .. }, Ty::Scalar(BaseTy::Derived(k)) | Ty::Array(BaseTy::Derived(k), _))
                if self.g.procs.map.get(&name.name).is_some_and(|p| p.result_class) =>
            {
                Some(k)
            }
            // An element of a polymorphic array (a variable's or a component's).
            (ExprKind::Component(_) | ExprKind::ArrayRef { .. }, Ty::Scalar(BaseTy::Derived(k))) if self.is_poly(selector) => Some(k),
            (ExprKind::Name(id), t) if !t.base().is_some_and(|b| matches!(b, BaseTy::Derived(_))) || t.rank() == 0 => {
                self.err(
                    Diagnostic::error("E0253", format!("the `select type` selector `{}` is not polymorphic", id.name), selector.span)
                        .with_label(format!("declared {}", ty_name(t)))
                        .with_note("note: `select type` needs a `class(...)` entity"),
                );
                None
            }
            _ => {
                self.err(Diagnostic::not_yet("`select type` of a selector other than a polymorphic (`class`) variable", selector.span));
                unsupported = true;
                None
            }
        };
        if self.on_device() {
            self.err(Diagnostic::not_yet(format!("`select type` {}", self.device_where()), span));
        }
        let sel_base = selector.ty.base();
        let mut defaults = 0;
        for g in guards.iter_mut() {
            let (base, class) = match g.kind {
                GuardKind::TypeIs(b) => (b, false),
                GuardKind::ClassIs(b) => (b, true),
                GuardKind::Default => {
                    defaults += 1;
                    if defaults > 1 {
                        self.err(
                            Diagnostic::error("E0251", "`class default` appears more than once", g.span)
                                .with_label("second `class default`"),
                        );
                    }
                    (declared.map(BaseTy::Derived).or(sel_base).unwrap_or(BaseTy::Integer(4)), true)
                }
            };
            if let (Some(d), BaseTy::Derived(t), false) = (declared, base, g.kind == GuardKind::Default) {
                if !self.g.types.get(t as usize).is_some_and(|x| x.defined) || !self.type_scope.contains(&super::derived::derived_name(t)) {
                    self.err(
                        Diagnostic::error("E0130", format!("unknown derived type `{}`", super::derived::derived_name(t)), g.span)
                            .with_label("no type of this name is defined here"),
                    );
                } else if !self.extends(t, d) {
                    self.err(
                        Diagnostic::error(
                            "E0252",
                            format!(
                                "type `{}` does not extend `{}`, the selector's declared type",
                                super::derived::derived_name(t),
                                super::derived::derived_name(d)
                            ),
                            g.span,
                        )
                        .with_label("this guard can never match"),
                    );
                }
            }
            let star = declared.is_some_and(|d| self.g.types.get(d as usize).is_some_and(TypeInfo::is_star));
            if let (Some(d), false, false) = (declared, matches!(base, BaseTy::Derived(_)), star) {
                self.err(
                    Diagnostic::error(
                        "E0252",
                        format!(
                            "type `{}` does not extend `{}`, the selector's declared type",
                            base_name(base),
                            super::derived::derived_name(d)
                        ),
                        g.span,
                    )
                    .with_label("this guard can never match"),
                );
            }
            if declared.is_some() || unsupported {
                let mut sym = Symbol::new(g.assoc.name.clone(), base, g.assoc.span);
                sym.assoc = true;
                sym.class = class;
                // (A polymorphic array's: an array of the selector's shape.)
                sym.rank = selector.ty.rank();
                sym.dims = (0..sym.rank).map(|_| DimSpec::Deferred(g.assoc.span)).collect();
                if base == BaseTy::Character {
                    sym.char_len = Some(CharLen::Assumed(g.span));
                }
                self.syms.push(sym);
            }
            self.stmts(&mut g.body);
        }
    }
}
