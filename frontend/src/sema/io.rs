//! Input/output statements: `read`, `write`, `print`, `open`, `close`, `inquire`, `rewind`, their
//! item lists, status specifiers and formats.

use super::*;

impl Checker {
    /// An item of an I/O list: implied-do lists may mix types (`(a(i), x(i), i = 1, n)`).
    pub(super) fn io_list_item(&mut self, e: &mut Expr) {
        let ExprKind::ArrayCtor(items) = &mut e.kind else {
            self.expr(e);
            self.io_alloc_comps(e);
            return;
        };
        if !items.iter().any(|it| matches!(it, CtorItem::ImpliedDo(_))) {
            self.expr(e);
            self.io_alloc_comps(e);
            return;
        }
        let ok = self.io_items(items);
        e.ty = if ok { Ty::Array(BaseTy::Integer(4), 1) } else { Ty::Unknown };
    }

    /// A structure with allocatable components (at any depth) cannot be an I/O item
    /// without a defined input/output procedure.
    fn io_alloc_comps(&mut self, e: &Expr) {
        let Some(BaseTy::Derived(k)) = e.ty.base() else { return };
        if let Some(name) = self.alloc_comp_path(k, 0) {
            self.err(
                Diagnostic::error("E0277", "an item of an input/output list cannot have allocatable components", e.span)
                    .with_label(format!("its component `{name}` is allocatable"))
                    .with_note("help: transfer the components one by one"),
            );
        }
    }

    /// The first allocatable component of type `k`, nested ones as `a%b`.
    fn alloc_comp_path(&self, k: u16, depth: u32) -> Option<String> {
        let t = self.g.types.get(k as usize)?;
        for c in &t.comps {
            if c.alloc {
                return Some(c.name.clone());
            }
            if let (BaseTy::Derived(j), true) = (c.base, depth < 32) {
                if let Some(p) = self.alloc_comp_path(j, depth + 1) {
                    return Some(format!("{}%{p}", c.name));
                }
            }
        }
        None
    }

    pub(super) fn io_items(&mut self, items: &mut [CtorItem]) -> bool {
        let mut ok = true;
        for it in items {
            match it {
                CtorItem::Expr(x) => {
                    self.io_list_item(x);
                    ok &= x.ty != Ty::Unknown;
                }
                CtorItem::ImpliedDo(d) => {
                    let mut v = Expr { kind: ExprKind::Name(d.var.clone()), span: d.var.span, ty: Ty::Unknown };
                    self.expr(&mut v);
                    ok &= self.want_int_scalar(&v, "the implied-do variable must be a scalar integer");
                    for b in [Some(&mut d.lo), Some(&mut d.hi), d.step.as_mut()].into_iter().flatten() {
                        self.expr(b);
                        ok &= self.want_int_scalar(b, "implied-do bounds must be scalar integers");
                    }
                    ok &= self.io_items(&mut d.items);
                }
            }
        }
        ok
    }

    /// `read`, `open` and `close`.
    #[inline(never)]
    pub(super) fn io_stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        let what = match s.kind {
            StmtKind::Read { .. } => "read",
            StmtKind::Open(_) => "open",
            _ => "close",
        };
        if self.on_device() {
            self.err(Diagnostic::not_yet(format!("`{what}` {}", self.device_where()), span));
        }
        match &mut s.kind {
            StmtKind::Read { unit, items, .. } => {
                if let IoUnit::Number(e) = unit {
                    self.expr(e);
                    if matches!(e.ty, Ty::Array(BaseTy::Character, _)) && !matches!(e.kind, ExprKind::Name(_)) {
                        self.err(Diagnostic::not_yet("internal files that are sections of character arrays", e.span));
                    } else if !matches!(e.ty, Ty::Scalar(BaseTy::Character) | Ty::Array(BaseTy::Character, _)) {
                        self.want_int_scalar(e, "the unit of `read` must be a scalar integer");
                    }
                }
                for e in items.iter_mut() {
                    self.io_list_item(e);
                    self.read_target(e);
                }
            }
            StmtKind::Open(o) => {
                self.expr(&mut o.unit);
                self.want_int_scalar(&o.unit, "the unit of `open` must be a scalar integer");
                if o.newunit {
                    self.status_var(&o.unit, "newunit=", "open");
                }
                if let Some(r) = &mut o.recl {
                    self.expr(r);
                    self.want_int_scalar(r, "`recl=` must be a scalar integer");
                }
                if let Some(f) = &mut o.file {
                    self.expr(f);
                    if !matches!(f.ty, Ty::Unknown | Ty::Scalar(BaseTy::Character)) {
                        self.err(
                            Diagnostic::error(
                                "E0271",
                                format!("the `file=` of `open` must be a scalar `character`, found {}", ty_name(f.ty)),
                                f.span,
                            )
                            .with_label("expected a file name"),
                        );
                    }
                }
                for (m, e) in o.mode_exprs.iter_mut() {
                    self.mode_value(*m, e, "open");
                }
            }
            StmtKind::Close { unit, .. } => {
                self.expr(unit);
                self.want_int_scalar(unit, "the unit of `close` must be a scalar integer");
            }
            _ => {}
        }
    }

    /// Reports an item of a `read` that is not a variable (implied-do lists item by item).
    pub(super) fn read_target(&mut self, e: &Expr) {
        if e.ty == Ty::Unknown {
            return;
        }
        if let ExprKind::ArrayCtor(items) = &e.kind {
            if items.iter().any(|it| matches!(it, CtorItem::ImpliedDo(_))) {
                for it in items {
                    match it {
                        CtorItem::Expr(x) => self.read_target(x),
                        CtorItem::ImpliedDo(d) => {
                            for x in &d.items {
                                if let CtorItem::Expr(x) = x {
                                    self.read_target(x);
                                } else {
                                    let ie = Expr { kind: ExprKind::ArrayCtor(vec![x.clone()]), span: e.span, ty: e.ty };
                                    self.read_target(&ie);
                                }
                            }
                        }
                    }
                }
                return;
            }
        }
        if let Some(why) = self.not_definable(e) {
            self.err(Diagnostic::error("E0272", "the items of `read` must be variables", e.span).with_label(why));
        }
    }

    /// `iostat=`, `newunit=`, `number=` (integer), `exist=`/`opened=` (logical) and `iomsg=`
    /// (character) must be definable scalar variables of their type.
    pub(super) fn status_var(&mut self, e: &Expr, spec: &str, stmt: &str) {
        let is_char = matches!(spec, "iomsg=" | "errmsg=" | "name=" | "blank=" | "decimal=" | "round=" | "sign=" | "delim=" | "pad=");
        let want = match spec {
            _ if is_char => "a `character`",
            "exist=" | "opened=" => "a `logical`",
            _ => "an `integer`",
        };
        let ok = match e.ty {
            Ty::Unknown => return,
            Ty::Scalar(BaseTy::Character) => is_char,
            Ty::Scalar(BaseTy::Logical(_)) => spec == "exist=" || spec == "opened=",
            Ty::Scalar(BaseTy::Integer(_)) => !is_char && !matches!(spec, "exist=" | "opened="),
            _ => false,
        };
        if !ok {
            self.err(
                Diagnostic::error(
                    "E0273",
                    format!("the `{spec}` of `{stmt}` must be {want} scalar variable, found {}", ty_name(e.ty)),
                    e.span,
                )
                .with_label(format!("expected {want} variable")),
            );
        } else if let Some(why) = self.not_definable(e) {
            self.err(Diagnostic::error("E0273", format!("the `{spec}` of `{stmt}` must be a variable"), e.span).with_label(why));
        }
    }

    /// A changeable-mode specifier given by a character expression (its value is checked at
    /// run time).
    fn mode_value(&mut self, m: usize, e: &mut Expr, stmt: &str) {
        self.expr(e);
        if !matches!(e.ty, Ty::Unknown | Ty::Scalar(BaseTy::Character)) {
            self.err(
                Diagnostic::error(
                    "E0271",
                    format!("the `{}=` of `{stmt}` must be a scalar `character`, found {}", IoModes::name(m), ty_name(e.ty)),
                    e.span,
                )
                .with_label("expected a character value"),
            );
        }
    }

    /// The changeable modes of a `read` or `write`: they need a format, `delim=` one that is
    /// list-directed.
    fn transfer_modes(&mut self, stmt: &Stmt, modes: &IoModes, what: &str, span: Span) {
        let format = match &stmt.kind {
            StmtKind::Write { format, .. } | StmtKind::Read { format, .. } => format,
            _ => return,
        };
        let given = |i: usize| modes.given(i);
        let first = (0..6).find(|&i| given(i)).unwrap_or(0);
        match format {
            Format::Unformatted => self.err(
                Diagnostic::error("E0275", format!("`{}=` needs a format", IoModes::name(first)), span)
                    .with_label(format!("unformatted `{what}`")),
            ),
            Format::Namelist(..) => {}
            Format::ListDirected => {}
            _ if given(4) => self.err(
                Diagnostic::error("E0275", "`delim=` needs list-directed formatting", span).with_label("a `write` with an explicit format"),
            ),
            _ => {}
        }
    }

    /// Checks the statements of this impl block; false for other statements.
    #[inline(never)]
    pub(super) fn io_status_stmt(&mut self, s: &mut Stmt) -> bool {
        let span = s.span;
        self.io_format(s);
        match &mut s.kind {
            StmtKind::LabelBlock { body, .. } => self.stmts(body),
            StmtKind::IoStatus { stmt, ctl } => {
                let what = match &stmt.kind {
                    StmtKind::Read { .. } => "read",
                    StmtKind::Write { .. } => "write",
                    StmtKind::Open(_) => "open",
                    StmtKind::Close { .. } => "close",
                    StmtKind::Inquire(_) => "inquire",
                    StmtKind::UnitOp { op, .. } => op.keyword(),
                    _ => "allocate",
                };
                self.stmt(stmt);
                if ctl.advance_no {
                    let unformatted_kind = match &stmt.kind {
                        StmtKind::Write { format, .. } | StmtKind::Read { format, .. } => match format {
                            Format::ListDirected => Some("list-directed"),
                            Format::Namelist(..) => Some("namelist"),
                            _ => None,
                        },
                        _ => None,
                    };
                    let list_directed = unformatted_kind.is_some();
                    let internal = matches!(&stmt.kind, StmtKind::Write { unit: IoUnit::Number(u), .. } | StmtKind::Read { unit: IoUnit::Number(u), .. } if u.ty.base() == Some(BaseTy::Character));
                    if list_directed {
                        self.err(
                            Diagnostic::error("E0275", "`advance=` needs a format", span)
                                .with_label(format!("{} `{what}`", unformatted_kind.unwrap_or("list-directed"))),
                        );
                    } else if internal {
                        self.err(Diagnostic::not_yet("`advance='no'` on an internal file", span));
                    }
                }
                for (m, e) in ctl.mode_exprs.iter_mut() {
                    self.mode_value(*m, e, what);
                }
                let mut given = ctl.modes;
                for (m, _) in &ctl.mode_exprs {
                    if let Some(c) = given.0.get_mut(*m) {
                        *c = 1;
                    }
                }
                if !given.is_empty() {
                    self.transfer_modes(stmt, &given, what, span);
                }
                if let Some(e) = &mut ctl.iostat {
                    self.expr(e);
                    self.status_var(e, "iostat=", what);
                }
                if let Some(e) = &mut ctl.size {
                    self.expr(e);
                    self.status_var(e, "size=", what);
                    if !ctl.advance_no {
                        self.err(
                            Diagnostic::error("E0347", "`size=` needs `advance='no'`", e.span)
                                .with_label("the characters of a non-advancing `read` only"),
                        );
                    }
                }
                if let Some(e) = &mut ctl.iomsg {
                    self.expr(e);
                    self.status_var(e, "iomsg=", what);
                }
                for (e, k) in [(&mut ctl.rec, "rec="), (&mut ctl.pos, "pos=")] {
                    if let Some(e) = e {
                        self.expr(e);
                        self.want_int_scalar(e, &format!("`{k}` must be a scalar integer"));
                    }
                }
            }
            StmtKind::GoTo(_) if self.on_device() => {
                self.err(Diagnostic::not_yet(format!("`go to` {}", self.device_where()), span));
            }
            StmtKind::UnitOp { op, unit } => {
                let what = op.keyword();
                if self.on_device() {
                    self.err(Diagnostic::not_yet(format!("`{what}` {}", self.device_where()), span));
                }
                self.expr(unit);
                self.want_int_scalar(unit, &format!("the unit of `{what}` must be a scalar integer"));
            }
            StmtKind::Inquire(q) => {
                if self.on_device() {
                    self.err(Diagnostic::not_yet(format!("`inquire` {}", self.device_where()), span));
                }
                if let Some(u) = &mut q.unit {
                    self.expr(u);
                    self.want_int_scalar(u, "the unit of `inquire` must be a scalar integer");
                }
                if let Some(f) = &mut q.file {
                    self.expr(f);
                    if !matches!(f.ty, Ty::Unknown | Ty::Scalar(BaseTy::Character)) {
                        self.err(
                            Diagnostic::error(
                                "E0271",
                                format!("the `file=` of `inquire` must be a scalar `character`, found {}", ty_name(f.ty)),
                                f.span,
                            )
                            .with_label("expected a file name"),
                        );
                    }
                }
                for e in q.items.iter_mut() {
                    self.io_list_item(e);
                }
                for (e, spec) in [
                    (&mut q.exist, "exist="),
                    (&mut q.opened, "opened="),
                    (&mut q.number, "number="),
                    (&mut q.name, "name="),
                    (&mut q.size, "size="),
                    (&mut q.iolength, "iolength="),
                ] {
                    if let Some(e) = e {
                        self.expr(e);
                        self.status_var(e, spec, "inquire");
                    }
                }
                for (m, e) in q.modes.iter_mut() {
                    self.expr(e);
                    self.status_var(e, &format!("{}=", IoModes::name(*m)), "inquire");
                }
            }
            StmtKind::AllocStatus { stmt, stat, errmsg } => {
                let what = if matches!(stmt.kind, StmtKind::Allocate(_)) { "allocate" } else { "deallocate" };
                self.stmt(stmt);
                if let Some(e) = stat {
                    self.expr(e);
                    self.status_var(e, "stat=", what);
                }
                if let Some(e) = errmsg {
                    self.expr(e);
                    self.status_var(e, "errmsg=", what);
                    if stat.is_none() {
                        self.err(
                            Diagnostic::warning("W0276", "`errmsg=` has no effect without `stat=`", e.span)
                                .with_label("an error still stops the program"),
                        );
                    }
                }
            }
            StmtKind::Associate(binds) => self.associate(binds, span),
            StmtKind::GoTo(_) | StmtKind::Label(_) | StmtKind::FormatStmt(_) => {}
            _ => return false,
        }
        true
    }

    /// The bindings of an `associate` construct: each (renamed) associate name becomes a
    /// symbol of its selector's type and shape (a whole array keeps its bounds).
    #[inline(never)]
    fn associate(&mut self, binds: &mut [(Ident, Expr)], span: Span) {
        if self.on_device() {
            self.err(Diagnostic::not_yet(format!("`associate` {}", self.device_where()), span));
        }
        for (n, sel) in binds.iter_mut() {
            self.expr(sel);
            let (Some(base), rank) = (sel.ty.base(), sel.ty.rank()) else { continue };
            let mut s = Symbol::new(n.name.clone(), base, n.span);
            s.rank = rank;
            s.assoc = true;
            if let ExprKind::Name(id) = &sel.kind {
                if let Some(orig) = self.syms.get(&id.name) {
                    s.dims = orig.dims.clone();
                    s.char_len = orig.char_len.clone();
                }
            }
            if s.dims.len() != usize::from(rank) {
                s.dims = vec![DimSpec::Deferred(sel.span); usize::from(rank)];
            }
            if base == BaseTy::Character && !matches!(sel.kind, ExprKind::Name(_)) {
                s.char_len = Some(CharLen::Assumed(sel.span));
            }
            self.syms.push(s);
        }
    }

    /// A namelist transfer: `g` in the format's place becomes [`Format::Namelist`], whose
    /// objects are checked here.
    #[inline(never)]
    fn namelist_format(&mut self, s: &mut Stmt) {
        let (is_read, format, items) = match &mut s.kind {
            StmtKind::Write { format, items, .. } => (false, format, items),
            StmtKind::Read { format, items, .. } => (true, format, items),
            _ => return,
        };
        if let Format::Expr(e) = format {
            if let ExprKind::Name(id) = &e.kind {
                if self.namelists.contains_key(&id.name) {
                    *format = Format::Namelist(id.clone(), Vec::new());
                }
            }
        }
        let Format::Namelist(g, objs) = format else { return };
        let Some(names) = self.namelists.get(&g.name).cloned() else {
            self.err(
                Diagnostic::error("E0101", format!("`{}` is not a namelist group", g.name), g.span)
                    .with_label("no `namelist` statement declares it"),
            );
            return;
        };
        if let Some(x) = items.first() {
            self.err(Diagnostic::error("E0024", "a namelist transfer has no item list", x.span).with_label("unexpected item"));
        }
        if self.on_device() {
            self.err(Diagnostic::not_yet(format!("namelist input/output {}", self.device_where()), s.span));
        }
        for n in names {
            let mut e = Expr { kind: ExprKind::Name(n.clone()), span: n.span, ty: Ty::Unknown };
            self.expr(&mut e);
            if matches!(e.ty, Ty::Array(BaseTy::Derived(_), _)) {
                self.err(Diagnostic::not_yet("arrays of derived type in a namelist group", n.span));
            }
            if is_read {
                if let Some(why) = self.not_definable(&e) {
                    self.err(Diagnostic::error("E0272", "the objects of a namelist `read` must be variables", n.span).with_label(why));
                }
            }
            objs.push(e);
        }
    }

    /// A format given by a character expression (`write(*, fmt) x`).
    #[inline(never)]
    pub(super) fn io_format(&mut self, s: &mut Stmt) {
        self.namelist_format(s);
        if let StmtKind::Write { unit: IoUnit::Number(u), format: Format::Unformatted, .. }
        | StmtKind::Read { unit: IoUnit::Number(u), format: Format::Unformatted, .. } = &mut s.kind
        {
            self.expr(u);
            if u.ty.base() == Some(BaseTy::Character) {
                self.err(
                    Diagnostic::error("E0270", "an internal file needs a format", u.span).with_label("a character variable as the unit"),
                );
            }
        }
        let (StmtKind::Print { format: Format::Expr(e), .. }
        | StmtKind::Write { format: Format::Expr(e), .. }
        | StmtKind::Read { format: Format::Expr(e), .. }) = &mut s.kind
        else {
            return;
        };
        self.expr(e);
        match e.ty {
            Ty::Unknown | Ty::Scalar(BaseTy::Character) => {}
            Ty::Array(BaseTy::Character, _) => self.err(Diagnostic::not_yet("formats held in character arrays", e.span)),
            t => self.err(
                Diagnostic::error("E0274", format!("a format must be a character expression or a label, found {}", ty_name(t)), e.span)
                    .with_label("not a format"),
            ),
        }
    }
}
