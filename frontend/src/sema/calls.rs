//! Calls of procedures: `call` statements, user functions, actual arguments against explicit
//! or implicit interfaces, procedures as actual arguments, and intrinsic subroutines.

use super::*;

/// The name prefix sema gives a procedure named as an actual argument: `@proc:KEY`.
pub const PROC_ACTUAL: &str = "@proc:";

/// The procedure key of an actual argument that names a procedure.
pub fn proc_actual(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(id) => id.name.strip_prefix(PROC_ACTUAL),
        _ => None,
    }
}

/// How the caller sees the type of a function it calls.
#[derive(Clone, Copy)]
pub(super) enum Declared {
    /// Declared with a type in the calling unit.
    Typed(BaseTy),
    /// Implicitly typed by its first letter.
    Implicit(BaseTy),
    /// Not typed in the calling unit (module, internal procedure, interface).
    None,
}

pub(super) fn unit_word(k: UnitKind) -> &'static str {
    crate::parser::unit_keyword(k)
}

/// The positions of the dummies that positional arguments fill, in order. For an `openacc`
/// routine called with one argument less than it has dummies, an optional `len` before
/// a required argument is skipped (`acc_copyin_async(a, async)`), as the two specific
/// interfaces of the generic do.
pub(super) fn positional_order(sig: &ProcSig, args: &[Arg]) -> Vec<usize> {
    let n = sig.args.len();
    let positional = args.iter().filter(|a| matches!(a, Arg::Index(_))).count();
    let skip = if sig.api && positional + 1 == n && args.iter().all(|a| matches!(a, Arg::Index(_))) {
        sig.args.iter().position(|d| d.name == "len" && d.optional).filter(|&k| sig.args.iter().skip(k + 1).any(|d| !d.optional))
    } else {
        None
    };
    (0..n).filter(|&j| Some(j) != skip).collect()
}

impl Checker {
    /// The key of an external procedure `name`, made up at its first reference.
    pub(super) fn ext_key(&mut self, name: &str) -> String {
        if let Some(k) = self.g.externals.get(name) {
            return k.clone();
        }
        let mut key = name.to_string();
        if self.g.procs.map.contains_key(&key) {
            key = format!("{name}_");
        }
        while self.g.procs.map.contains_key(&key) {
            key.push('\'');
        }
        self.g.externals.insert(name.to_string(), key.clone());
        key
    }

    /// The key of the procedure an actual argument names, if it is a bare procedure name.
    pub(super) fn procedure_actual(&mut self, e: &Expr) -> Option<String> {
        let ExprKind::Name(id) = &e.kind else { return None };
        let n = &id.name;
        match self.syms.get(n) {
            Some(s) if s.external && (s.dummy.is_some() || s.pointer) => Some(self.dummy_proc_key(n)),
            Some(s) if s.external => Some(match self.function_key(n) {
                Some(k) => k,
                None => self.ext_key(n),
            }),
            Some(_) => None,
            None => match self.scope.get(n) {
                Some(k) => Some(k.clone()),
                None if self.ext_names.contains(n) => Some(self.ext_key(n)),
                None => None,
            },
        }
    }

    /// The key of a dummy procedure of this unit: its calls go through the address the
    /// caller passed (link name `@dummy:NAME`, see gimplify).
    pub(super) fn dummy_proc_key(&mut self, n: &str) -> String {
        if self.syms.get(n).is_some_and(|s| s.external && s.host && s.module.is_none()) && self.reported.insert(format!("{n}@host")) {
            let sp = self.syms.get(n).map(|s| s.span).unwrap_or_default();
            self.err(Diagnostic::not_yet(format!("the host's procedure pointer or dummy procedure `{n}` in an internal procedure"), sp));
        }
        // A module's procedure pointer (here or use-associated): the module's key.
        if let Some(s) = self.syms.get(n).filter(|s| s.external && s.pointer && s.module.is_some()) {
            let remote = s.module_name.clone().unwrap_or_else(|| n.to_string());
            return format!("{remote}@pptr@{}", s.module.as_deref().unwrap_or_default());
        }
        let key = format!("{n}@dummy@{}", self.key.as_deref().unwrap_or("main"));
        // With an interface body in this unit, calls are checked against it.
        if !self.g.procs.map.contains_key(&key) {
            if let Some(sig) = self.scope.get(n).and_then(|k| self.g.procs.map.get(k)).filter(|p| p.explicit && !p.defined).cloned() {
                self.g.procs.map.insert(key.clone(), sig);
            }
        }
        if let Some(p) = self.g.procs.map.get_mut(&key).filter(|p| !p.link_name.starts_with("@pptr:")) {
            p.link_name = format!("@dummy:{n}");
        }
        key
    }

    /// `call x%f(args)` (parsed as `@pcomp(x%f, args)`): `f` must be a procedure pointer
    /// component; the statement becomes a call of its interface's key with the component
    /// first.
    fn call_through_component(&mut self, s: &mut Stmt, name: Ident, mut args: Vec<Arg>, cspan: Span) {
        let Some(Arg::Index(mut target)) = (!args.is_empty()).then(|| args.remove(0)) else { return };
        // `call x%b(args)` of a type-bound procedure `b` of `x`'s type.
        if let ExprKind::Component(cr) = &target.kind {
            let (mark, reported) = (self.diags.len(), self.reported.clone());
            let mut base = cr.base.clone();
            self.expr(&mut base);
            self.diags.truncate(mark);
            self.reported = reported;
            if let Some(BaseTy::Derived(k)) = base.ty.base() {
                if let Some(b) = self.binding(k, &cr.name.name).filter(|_| !self.inherits(k, &cr.name.name)) {
                    if base.ty.rank() > 0 {
                        self.err(Diagnostic::not_yet("type-bound procedures of arrays of structures", cspan));
                        s.kind = StmtKind::Call { name, args: Vec::new() };
                        return;
                    }
                    let bname = b.name.clone();
                    let Some((key, args)) = self.binding_call(&cr.base.clone(), k, b, args, false, cspan) else {
                        s.kind = StmtKind::Call { name, args: Vec::new() };
                        return;
                    };
                    let callee = Ident { name: bname, span: cr.name.span };
                    let (callee, args, _) = self.call_user(key, callee, args, false, cspan, Declared::None);
                    s.kind = StmtKind::Call { name: callee, args };
                    return;
                }
            }
        }
        self.expr(&mut target);
        let key = self.comp_info(&target).and_then(|c| c.proc_key.clone());
        let Some(key) = key else {
            if target.ty != Ty::Unknown {
                self.err(Diagnostic::not_yet(
                    "type-bound procedures (`call x%p` of a component that is not a procedure pointer)",
                    target.span,
                ));
            }
            s.kind = StmtKind::Call { name, args: Vec::new() };
            return;
        };
        if self.on_device() {
            self.err(Diagnostic::not_yet(format!("calls through procedure pointer components {}", self.device_where()), cspan));
            s.kind = StmtKind::Call { name, args: Vec::new() };
            return;
        }
        let callee = Ident { name: key.clone(), span: name.span };
        let (callee, mut args, _) = self.call_user(key, callee, args, false, cspan, Declared::None);
        args.insert(0, Arg::Index(target));
        s.kind = StmtKind::Call { name: callee, args };
    }

    /// Resolves `call name(args)`.
    #[inline(never)]
    pub(super) fn call_stmt(&mut self, s: &mut Stmt) {
        let span = s.span;
        let StmtKind::Call { name, args } = &mut s.kind else { return };
        let name = std::mem::replace(name, Ident { name: String::new(), span: Span::default() });
        let args = std::mem::take(args);
        let cspan = Span { lo: name.span.lo, hi: span.hi };
        let n = name.name.clone();
        if n == "@pcomp" {
            return self.call_through_component(s, name, args, cspan);
        }
        let key = if let Some(k) = self.scope.get(&n) {
            Some(k.clone())
        } else if self.ext_names.contains(&n) {
            Some(self.ext_key(&n))
        } else if let Some(sym) = self.syms.get(&n) {
            if sym.external && (sym.dummy.is_some() || sym.pointer) {
                let k = self.dummy_proc_key(&n);
                let (name, args, _) = self.call_user(k.clone(), name, args, false, cspan, Declared::None);
                self.dummy_proc_key(&n);
                s.kind = StmtKind::Call { name, args };
                return;
            }
            if sym.external {
                let b = sym.base;
                self.err(
                    Diagnostic::error("E0124", format!("function `{n}` cannot be called with `call`"), name.span)
                        .with_label(format!("`{n}` is declared as a `{}` function", base_name(b)))
                        .with_note("help: use its result in an expression"),
                );
                s.kind = StmtKind::Call { name, args };
                return;
            }
            if IntrinsicSub::from_name(&n).is_none() {
                self.err(
                    Diagnostic::error("E0124", format!("`{n}` is a variable, not a subroutine"), name.span).with_label("not a subroutine"),
                );
                s.kind = StmtKind::Call { name, args };
                return;
            }
            None
        } else if IntrinsicSub::from_name(&n).is_some() {
            None
        } else if let Some(k) = self.g.externals.get(&n) {
            Some(k.clone())
        } else if let Some(d) = super::intrinsics::coarray_intrinsic(&n, true, name.span) {
            self.err(d);
            s.kind = StmtKind::Call { name, args };
            return;
        } else if let Some(what) = super::intrinsics::not_yet_intrinsic(&n, true) {
            self.err(Diagnostic::not_yet(what, name.span));
            s.kind = StmtKind::Call { name, args };
            return;
        } else if Intrinsic::from_name(&n).is_some() || OTHER_INTRINSICS.contains(&n.as_str()) {
            self.err(
                Diagnostic::error("E0124", format!("`{n}` is an intrinsic function, not a subroutine"), name.span)
                    .with_label("not a subroutine")
                    .with_note("help: use its result in an expression"),
            );
            s.kind = StmtKind::Call { name, args };
            return;
        } else if self.openacc && n.starts_with("acc_") {
            self.err(Diagnostic::not_yet(format!("the OpenACC routine `{n}`"), name.span));
            s.kind = StmtKind::Call { name, args };
            return;
        } else {
            Some(self.ext_key(&n))
        };
        match key {
            Some(k) => {
                let (name, args, _) = self.call_user(k, name, args, false, cspan, Declared::None);
                s.kind = StmtKind::Call { name, args };
            }
            None => {
                let Some(sub) = IntrinsicSub::from_name(&n) else { return };
                let args = self.intrinsic_sub(sub, &name, args, cspan);
                s.kind = StmtKind::IntrinsicCall { sub, args };
            }
        }
    }

    /// A call of a user procedure (`func`: as a function). Checks the arguments against the
    /// interface (or records them for an external procedure without one). Returns the
    /// callee's key as the name, the arguments and the result type.
    #[inline(never)]
    pub(super) fn call_user(
        &mut self,
        key: String,
        name: Ident,
        mut args: Vec<Arg>,
        func: bool,
        span: Span,
        declared: Declared,
    ) -> (Ident, Vec<Arg>, Ty) {
        // A `block`-local name renamed by the parser (`name@bN`) names the procedure `name`.
        let fname = name.name.split_once('@').map_or(name.name.as_str(), |(n, _)| n).to_string();
        let mut bad = false;
        for a in args.iter_mut() {
            match a {
                Arg::Index(e) | Arg::Keyword(_, e) => {
                    // A procedure name as an actual argument (for a dummy procedure).
                    if let Some(k) = self.procedure_actual(e) {
                        let Some(k) = self.generic_actual(k, e.span) else {
                            bad = true;
                            continue;
                        };
                        e.kind = ExprKind::Name(Ident { name: format!("{PROC_ACTUAL}{k}"), span: e.span });
                        e.ty = Ty::Scalar(BaseTy::Integer(8));
                        continue;
                    }
                    self.expr(e);
                    bad |= e.ty == Ty::Unknown;
                }
                Arg::Range { span, .. } => {
                    self.err(
                        Diagnostic::error("E0208", format!("a range is not an argument of `{fname}`"), *span)
                            .with_label("ranges are only allowed in array subscripts"),
                    );
                    bad = true;
                }
            }
        }
        let via_generic = self.g.procs.generics.contains_key(&key);
        let key = if via_generic {
            if bad {
                return (Ident { name: key, span: name.span }, args, Ty::Unknown);
            }
            match self.resolve_generic(&key, &fname, &args, func, span) {
                Some(k) => k,
                None => return (Ident { name: key, span: name.span }, args, Ty::Unknown),
            }
        } else {
            key
        };
        let call_name = Ident { name: key.clone(), span: name.span };
        // `!$acc routine nohost`: the procedure exists for device code only.
        if !self.on_device() && self.g.procs.map.get(&key).is_some_and(|p| p.routine_nohost) {
            self.err(
                Diagnostic::error("E0307", format!("`{fname}` is an `!$acc routine nohost`: it cannot be called from host code"), span)
                    .with_label("called on the host")
                    .with_note("note: call it inside a compute construct or another `!$acc routine`, or remove `nohost`"),
            );
            return (call_name, args, Ty::Unknown);
        }
        if self.on_device() {
            // OpenMP's device queries that gimplify answers with a builtin; the other
            // routines of `omp_lib` are host-only for now.
            const DEVICE_QUERIES: [&str; 11] = [
                "omp_get_device_num",
                "omp_get_thread_limit",
                "omp_is_initial_device",
                "omp_get_team_num",
                "omp_get_num_teams",
                "omp_get_thread_num",
                "omp_get_num_threads",
                "omp_get_max_threads",
                "omp_get_level",
                "omp_get_active_level",
                "omp_in_parallel",
            ];
            if let Some(r) = omp_lib_routine_of(&key).filter(|r| !DEVICE_QUERIES.contains(r)) {
                let place = if self.in_compute() { "a target region" } else { "a device procedure (`declare target`)" };
                self.err(Diagnostic::not_yet(format!("`{r}` inside {place}"), span));
                return (call_name, args, Ty::Unknown);
            }
            // Gimplify answers the queries inside target regions and device procedures (whose
            // host copy, called from host code and from sim kernels, asks the run time).
            // A device query is checked as an ordinary call below.
            // `acc_on_device` in a compute construct or an `!$acc routine` is answered per
            // target (a builtin).
            let acc_query = key == "gpuf_acc_on_device" && self.on_device();
            if omp_lib_routine_of(&key).is_none() && !acc_query {
                let sig = self.g.procs.map.get(&key);
                if sig.is_some_and(|p| p.api) {
                    self.err(Diagnostic::not_yet(format!("calls of the OpenACC routine `{fname}` {}", self.device_where()), span));
                    return (call_name, args, Ty::Unknown);
                }
                // OpenMP: a procedure of the file called in a target region or an OpenMP
                // device procedure is a device procedure too (implicit `declare target`).
                let omp_device = match self.compute.last() {
                    Some(k) => matches!(k, DirKind::Omp(_)),
                    None => self.key.as_ref().is_some_and(|k| self.g.omp_device.contains(k)),
                };
                if !sig.is_some_and(|p| p.routine) && omp_device && sig.is_some_and(|p| p.defined) {
                    self.g.implicit_device.insert(key.clone());
                } else if !sig.is_some_and(|p| p.routine) {
                    let help = if sig.is_some_and(|p| p.defined) {
                        format!("help: add `!$acc routine seq` to the specification part of `{fname}`")
                    } else {
                        format!("help: declare `{fname}` in an interface block (or `use` its module) with `!$acc routine({fname}) seq`")
                    };
                    self.err(
                        Diagnostic::error(
                            "E0324",
                            format!("`{fname}` is called {} but has no `!$acc routine` directive", self.device_where()),
                            span,
                        )
                        .with_label("called on the device")
                        .with_note(help),
                    );
                    return (call_name, args, Ty::Unknown);
                }
                // The calls of routines from routine bodies: a body that calls a routine with
                // `bind` gets device copies of its own (`ProcSig::routine_twin`, see `check`).
                if !self.in_compute() {
                    if let Some(k) = &self.key {
                        self.g.routine_calls.push((k.clone(), key.clone(), span));
                    }
                }
                // A routine with partitioned loops is called where its levels are free:
                // a `gang` one from gang-redundant code, a `worker` one from code no worker
                // or vector loop partitions, a `vector` one outside vector loops; and by a
                // routine of its level or above.
                let callee = sig.map_or(0, |p| p.routine_level);
                if callee > 0 {
                    let (outer, outer_name) = self.enclosing_level();
                    let names = crate::sema::directives::routine_name;
                    if outer > 0 && outer <= callee {
                        self.err(
                            Diagnostic::error(
                                "E0307",
                                format!("the `routine {}` `{fname}` cannot be called inside a `{outer_name}` loop", names(callee)),
                                span,
                            )
                            .with_label(format!("called in {outer_name}-partitioned code"))
                            .with_note(match callee {
                                3 => "note: a `routine gang` is called from gang-redundant code: outside every partitioned loop".to_string(),
                                2 => "note: a `routine worker` is called from code that no worker or vector loop partitions (inside a gang loop, for one)".to_string(),
                                _ => "note: a `routine vector` is called from code that no vector loop partitions (inside a worker loop, for one)".to_string(),
                            }),
                        );
                        return (call_name, args, Ty::Unknown);
                    }
                    if !self.in_compute() {
                        if let Some(mine) = self.routine_level().filter(|m| *m < callee) {
                            self.err(
                                Diagnostic::error(
                                    "E0307",
                                    format!(
                                        "the `routine {}` `{fname}` cannot be called inside a `routine {}`",
                                        names(callee),
                                        names(mine)
                                    ),
                                    span,
                                )
                                .with_label("a routine of a higher level")
                                .with_note("note: a routine calls routines of its own level or below"),
                            );
                            return (call_name, args, Ty::Unknown);
                        }
                    }
                }
            }
        }
        let Some(sig) = self.g.procs.map.get(&key).cloned() else {
            // The first reference of an external procedure without an interface.
            if let Some(k) = args.iter().find_map(|a| match a {
                Arg::Keyword(k, _) => Some(k.span),
                _ => None,
            }) {
                self.err(
                    Diagnostic::error("E0125", "keyword arguments need an explicit interface", k)
                        .with_label(format!("`{fname}` has no explicit interface")),
                );
                return (call_name, args, Ty::Unknown);
            }
            let result = match declared {
                Declared::Typed(b) | Declared::Implicit(b) => Some((b, 0)),
                Declared::None => None,
            };
            if !bad {
                let argsigs = args
                    .iter()
                    .enumerate()
                    .filter_map(|(i, a)| match a {
                        Arg::Index(e) => Some(ArgSig {
                            name: format!("arg{}", i + 1),
                            base: e.ty.base()?,
                            rank: e.ty.rank(),
                            assumed_shape: false,
                            intent: None,
                            optional: false,
                            any_type: false,
                            allocatable: false,
                            pointer: false,
                            value: false,
                            class: false,
                        }),
                        _ => None,
                    })
                    .collect();
                let kind = if func { UnitKind::Function } else { UnitKind::Subroutine };
                self.g.procs.map.insert(
                    key,
                    ProcSig {
                        name: fname.clone(),
                        kind,
                        link_name: crate::dialect::external_name(&fname),
                        args: argsigs,
                        result: if func { result } else { None },
                        result_len: None,
                        defined: false,
                        explicit: false,
                        module: None,
                        elemental: false,
                        api: false,
                        routine: false,
                        routine_level: 0,
                        routine_nohost: false,
                        routine_bind: Default::default(),
                        routine_twin: false,
                        result_pointer: false,
                        result_class: false,
                    },
                );
            }
            let ty = match (func, result) {
                (true, Some((b, _))) => Ty::Scalar(b),
                _ => Ty::Unknown,
            };
            return (call_name, args, ty);
        };
        if let Some(d) =
            sig.args.iter().find(|d| d.assumed_shape).filter(|_| {
                !sig.api && !via_generic && self.key.as_deref() != Some(key.as_str()) && !self.scope.values().any(|k| *k == key)
            })
        {
            // An external procedure defined in this file but without an interface here.
            self.err(
                Diagnostic::error("E0125", format!("`{fname}` needs an explicit interface here"), name.span)
                    .with_label(format!("its dummy `{}` is an assumed-shape array", d.name))
                    .with_note(format!("help: put `{fname}` in a module, or declare it in an `interface` block")),
            );
            return (call_name, args, Ty::Unknown);
        }
        if func && sig.kind == UnitKind::Subroutine {
            self.err(
                Diagnostic::error("E0124", format!("subroutine `{fname}` cannot be used as a function"), name.span)
                    .with_label(format!("`{fname}` is a subroutine"))
                    .with_note(format!("help: call it with `call {fname}(...)`")),
            );
            return (call_name, args, Ty::Unknown);
        }
        if !func && sig.kind == UnitKind::Function {
            self.err(
                Diagnostic::error("E0124", format!("function `{fname}` cannot be called with `call`"), name.span)
                    .with_label(format!("`{fname}` is a function"))
                    .with_note("help: use its result in an expression"),
            );
            return (call_name, args, Ty::Unknown);
        }
        if self.key.as_deref() == Some(key.as_str()) && !self.recursive {
            let w = unit_word(sig.kind);
            self.err(
                Diagnostic::error("E0126", format!("`{fname}` calls itself, but it is not `recursive`"), name.span)
                    .with_label("recursive call")
                    .with_note(format!("help: declare it `recursive {w} {fname}(...)`")),
            );
        }
        let mut ty = sig.result.map_or(Ty::Unknown, |(b, r)| with_rank(b, r));
        if let (Some((rb, _)), Declared::Typed(db) | Declared::Implicit(db)) = (sig.result, declared) {
            if rb != db {
                let how = match declared {
                    Declared::Typed(_) => format!("it is declared `{}` here", base_name(db)),
                    _ => format!("its implicit type here is `{}`", base_name(db)),
                };
                self.err(
                    Diagnostic::error("E0230", format!("`{fname}` returns `{}`, but {how}", base_name(rb)), name.span)
                        .with_label("mismatched result type")
                        .with_note(format!("help: declare `{} :: {fname}` in this unit", base_name(rb))),
                );
                return (call_name, args, Ty::Unknown);
            }
        }
        if bad {
            return (call_name, args, ty);
        }
        let ok = if sig.explicit { self.explicit_args(&sig, &fname, &args, span) } else { self.implicit_args(&sig, &fname, &args, span) };
        if !ok {
            return (call_name, args, Ty::Unknown);
        }
        if sig.api {
            args = api_keyword_args(&sig, args);
        }
        if sig.elemental && ty.rank() == 0 {
            if let Some(b) = ty.base() {
                let rank = args
                    .iter()
                    .filter_map(|a| match a {
                        Arg::Index(e) | Arg::Keyword(_, e) => Some(e.ty.rank()),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0);
                ty = with_rank(b, rank);
            }
        }
        (call_name, args, ty)
    }

    /// Matches the actual arguments with an explicit interface. False after an error.
    #[inline(never)]
    pub(super) fn explicit_args(&mut self, sig: &ProcSig, fname: &str, args: &[Arg], span: Span) -> bool {
        // `-fallow-argument-mismatch` covers procedures other than module procedures.
        self.mismatch_warns = sig.module.is_none() && !sig.api && ALLOW_MISMATCH.with(|a| a.get());
        let n = sig.args.len();
        let mut slots: Vec<Option<&Expr>> = vec![None; n];
        let order = positional_order(sig, args);
        let mut pos = 0usize;
        let mut seen_kw = false;
        for a in args {
            match a {
                Arg::Index(e) => {
                    if seen_kw {
                        self.err(
                            Diagnostic::error("E0125", "a positional argument cannot follow a keyword argument", e.span)
                                .with_label("positional argument after `name=`"),
                        );
                        return false;
                    }
                    match order.get(pos).and_then(|&j| slots.get_mut(j)) {
                        Some(sl) => *sl = Some(e),
                        None => {
                            let m = args.len();
                            self.err(
                                Diagnostic::error(
                                    "E0125",
                                    format!(
                                        "`{fname}` takes {n} argument{}, but {m} {} given",
                                        if n == 1 { "" } else { "s" },
                                        if m == 1 { "was" } else { "were" }
                                    ),
                                    e.span,
                                )
                                .with_label("unexpected argument"),
                            );
                            return false;
                        }
                    }
                    pos += 1;
                }
                Arg::Keyword(k, e) => {
                    seen_kw = true;
                    let Some(j) = sig.args.iter().position(|d| d.name == k.name) else {
                        self.err(
                            Diagnostic::error("E0211", format!("`{fname}` has no argument named `{}`", k.name), k.span)
                                .with_label("unknown keyword"),
                        );
                        return false;
                    };
                    match slots.get_mut(j) {
                        Some(Some(_)) => {
                            self.err(
                                Diagnostic::error("E0125", format!("argument `{}` of `{fname}` is given twice", k.name), k.span)
                                    .with_label("already given"),
                            );
                            return false;
                        }
                        Some(sl) => *sl = Some(e),
                        None => {}
                    }
                }
                Arg::Range { .. } => {}
            }
        }
        let missing: Vec<String> =
            sig.args.iter().zip(&slots).filter(|(d, s)| s.is_none() && !d.optional).map(|(d, _)| format!("`{}`", d.name)).collect();
        if !missing.is_empty() {
            let list = match missing.as_slice() {
                [one] => one.clone(),
                [init @ .., last] => format!("{} and {last}", init.join(", ")),
                [] => String::new(),
            };
            let s = if missing.len() == 1 { "" } else { "s" };
            self.err(
                Diagnostic::error("E0125", format!("missing argument{s} {list} in the call of `{fname}`"), span)
                    .with_label(format!("argument{s} {list} not given")),
            );
            return false;
        }
        let mut ok = true;
        for (j, slot) in slots.iter().enumerate() {
            let (Some(e), Some(d)) = (slot, sig.args.get(j)) else { continue };
            let i =
                args.iter().position(|a| matches!(a, Arg::Index(x) | Arg::Keyword(_, x) if std::ptr::eq(x, *e))).map_or(j + 1, |p| p + 1);
            if sig.api && d.name.starts_with("data_arg") {
                // Any variable, element, section or value: lowered to its address and size.
                continue;
            }
            if sig.api && d.name.starts_with("data_dev") {
                // A device address: `type(c_ptr), value` (gpuf's `c_ptr` is an `integer(8)`).
                if e.ty != Ty::Scalar(BaseTy::Integer(8)) && e.ty != Ty::Unknown {
                    let what = match e.ty.base() {
                        Some(b) if e.ty.rank() == 0 => format!("has type `{}`", base_name(b)),
                        Some(b) => format!("is a rank-{} `{}` array", e.ty.rank(), base_name(b)),
                        None => "is not a value".to_string(),
                    };
                    self.err(
                        Diagnostic::error(
                            "E0230",
                            format!("argument {i} of `{fname}` {what}, but the dummy `{}` is `type(c_ptr)`", d.name),
                            e.span,
                        )
                        .with_label("expected a device address, `type(c_ptr)`"),
                    );
                    ok = false;
                }
                continue;
            }
            if sig.api && d.name == "len" && matches!(e.ty.base(), Some(BaseTy::Integer(_))) {
                // `len` has specifics for `c_int` and `c_size_t` (so `-fdefault-integer-8`
                // programs pass either); lowered to an `I64`.
                continue;
            }
            ok &= self.check_arg(fname, i, e, d, sig.elemental);
        }
        ok
    }

    /// One actual argument against its dummy.
    pub(super) fn check_arg(&mut self, fname: &str, i: usize, e: &Expr, d: &ArgSig, elemental: bool) -> bool {
        if proc_actual(e).is_some() || d.any_type {
            return true;
        }
        // An `intent(in)` pointer dummy may also be associated with a target.
        let target_ok = d.intent == Some(Intent::In) && self.is_target(e);
        if d.pointer && !self.is_pointer(e) && e.ty != Ty::Unknown && !target_ok {
            self.err(
                Diagnostic::error("E0280", format!("argument {i} of `{fname}` must be a pointer: dummy `{}` is a pointer", d.name), e.span)
                    .with_label("not a pointer"),
            );
            return false;
        }
        let Some(ab) = e.ty.base() else { return true };
        if ab != d.base && self.mismatch_warns {
            self.err(
                Diagnostic::warning(
                    "W0230",
                    format!(
                        "argument {i} of `{fname}` has type `{}`, but the dummy `{}` is `{}`; passed by address as it is (-fallow-argument-mismatch)",
                        base_name(ab),
                        d.name,
                        base_name(d.base)
                    ),
                    e.span,
                ),
            );
            return true;
        }
        // A `class(T)` dummy takes an object of `T` or of any extension of `T`.
        let ab = match (ab, d.base) {
            (BaseTy::Derived(a), BaseTy::Derived(t)) if d.class && self.extends(a, t) => d.base,
            // A `class(*)` dummy takes anything.
            (_, BaseTy::Derived(t)) if d.class && self.g.types.get(t as usize).is_some_and(TypeInfo::is_star) => d.base,
            _ => ab,
        };
        if ab != d.base {
            self.err(
                Diagnostic::error(
                    "E0230",
                    format!(
                        "argument {i} of `{fname}` has type `{}`, but the dummy `{}` is `{}`",
                        base_name(ab),
                        d.name,
                        base_name(d.base)
                    ),
                    e.span,
                )
                .with_label(format!("expected `{}`", base_name(d.base))),
            );
            return false;
        }
        let ar = e.ty.rank();
        let rank_err = if elemental && d.rank == 0 {
            None
        } else if d.rank == 0 && ar > 0 {
            Some((
                format!("argument {i} of `{fname}` is a rank-{ar} array, but the dummy `{}` is a scalar", d.name),
                "expected a scalar".to_string(),
            ))
        } else if d.rank > 0
            && ar == 0
            && (d.assumed_shape || !(is_element(e) || (d.base == BaseTy::Character && e.ty.base() == Some(BaseTy::Character))))
        {
            // (A character scalar may be the actual of an explicit-shape or assumed-size
            // character array dummy: sequence association, as C strings are passed.)
            Some((
                format!("argument {i} of `{fname}` is a scalar, but the dummy `{}` is a rank-{} array", d.name, d.rank),
                "expected an array".to_string(),
            ))
        } else if (d.assumed_shape || d.allocatable) && ar > 0 && ar != d.rank {
            Some((
                format!("argument {i} of `{fname}` has rank {ar}, but the dummy `{}` has rank {}", d.name, d.rank),
                format!("expected a rank-{} array", d.rank),
            ))
        } else {
            None
        };
        if let Some((msg, label)) = rank_err {
            self.err(Diagnostic::error("E0230", msg, e.span).with_label(label));
            return false;
        }
        if d.allocatable && !self.is_allocatable(e) {
            self.err(
                Diagnostic::error("E0230", format!("argument {i} of `{fname}` must be allocatable: the dummy `{}` is", d.name), e.span)
                    .with_label("not an allocatable variable or component"),
            );
            return false;
        }
        if let Some(it @ (Intent::Out | Intent::InOut)) = d.intent {
            let vector =
                matches!(&e.kind, ExprKind::ArrayRef { subs, .. } if subs.iter().any(|s| matches!(s, Arg::Index(x) if x.ty.rank() > 0)));
            let why = if vector { Some("a section with a vector subscript".to_string()) } else { self.not_definable(e) };
            if let Some(why) = why {
                self.err(
                    Diagnostic::error(
                        "E0233",
                        format!(
                            "argument {i} of `{fname}` must be a variable, because the dummy `{}` is `intent({})`",
                            d.name,
                            intent_name(it)
                        ),
                        e.span,
                    )
                    .with_label(why),
                );
                return false;
            }
        }
        true
    }

    /// Why `e` cannot be changed by a procedure (None: it is a variable that can).
    pub(super) fn not_definable(&self, e: &Expr) -> Option<String> {
        let Some(n) = designator_name(e) else {
            return Some("not a variable".into());
        };
        let s = self.syms.get(n)?;
        if s.parameter {
            Some(format!("`{n}` is a parameter"))
        } else if s.intent == Some(Intent::In) && s.dummy.is_some() && !s.pointer {
            Some(format!("`{n}` is `intent(in)`"))
        } else {
            None
        }
    }

    /// Checks a call of a procedure without an explicit interface against the first call.
    #[inline(never)]
    pub(super) fn implicit_args(&mut self, sig: &ProcSig, fname: &str, args: &[Arg], span: Span) -> bool {
        if let Some(k) = args.iter().find_map(|a| match a {
            Arg::Keyword(k, _) => Some(k.span),
            _ => None,
        }) {
            self.err(
                Diagnostic::error("E0125", "keyword arguments need an explicit interface", k)
                    .with_label(format!("`{fname}` has no explicit interface")),
            );
            return false;
        }
        if args.len() != sig.args.len() {
            let (m, n) = (args.len(), sig.args.len());
            self.err(
                Diagnostic::error(
                    "E0125",
                    format!("`{fname}` is called with {m} argument{} here, but with {n} in an earlier call", if m == 1 { "" } else { "s" }),
                    span,
                )
                .with_label("different number of arguments"),
            );
            return false;
        }
        let mut ok = true;
        for (i, (a, d)) in args.iter().zip(&sig.args).enumerate() {
            let Arg::Index(e) = a else { continue };
            let Some(ab) = e.ty.base() else { continue };
            if ab != d.base {
                self.err(
                    Diagnostic::error(
                        "E0230",
                        format!(
                            "argument {} of `{fname}` has type `{}`, but an earlier call passed `{}`",
                            i + 1,
                            base_name(ab),
                            base_name(d.base)
                        ),
                        e.span,
                    )
                    .with_label(format!("expected `{}`", base_name(d.base)))
                    .with_note("note: without an explicit interface, every call must pass the same types"),
                );
                ok = false;
            }
        }
        ok
    }

    /// Resolves `name(args)` to a user function: the key, or None if it is not one.
    pub(super) fn function_key(&mut self, name: &str) -> Option<String> {
        if let Some(k) = self.scope.get(name) {
            return Some(k.clone());
        }
        if self.ext_names.contains(name) {
            return Some(self.ext_key(name));
        }
        None
    }

    /// An intrinsic subroutine's arguments in the order of its parameters, checked.
    #[inline(never)]
    pub(super) fn intrinsic_sub(&mut self, sub: IntrinsicSub, name: &Ident, args: Vec<Arg>, span: Span) -> Vec<Option<Expr>> {
        let sname = name.name.clone();
        let params = sub.params();
        let mut out: Vec<Option<Expr>> = vec![None; params.len()];
        if self.on_device() && !matches!(sub, IntrinsicSub::CFPointer | IntrinsicSub::Mvbits) {
            self.err(Diagnostic::not_yet(format!("`{sname}` {}", self.device_where()), span));
        }
        let mut pos = 0usize;
        let mut ok = true;
        for a in args {
            match a {
                Arg::Index(mut e) => {
                    self.expr(&mut e);
                    match out.get_mut(pos) {
                        Some(sl) => *sl = Some(e),
                        None => {
                            let n = params.len();
                            self.err(
                                Diagnostic::error(
                                    "E0209",
                                    format!("`{sname}` takes at most {n} argument{}", if n == 1 { "" } else { "s" }),
                                    e.span,
                                )
                                .with_label("unexpected argument"),
                            );
                            ok = false;
                        }
                    }
                    pos += 1;
                }
                Arg::Keyword(k, mut e) => {
                    self.expr(&mut e);
                    match params.iter().position(|p| *p == k.name) {
                        None => {
                            self.err(
                                Diagnostic::error("E0211", format!("`{sname}` has no argument named `{}`", k.name), k.span)
                                    .with_label("unknown keyword"),
                            );
                            ok = false;
                        }
                        Some(j) => match out.get_mut(j) {
                            Some(Some(_)) => {
                                self.err(
                                    Diagnostic::error("E0125", format!("argument `{}` of `{sname}` is given twice", k.name), k.span)
                                        .with_label("already given"),
                                );
                                ok = false;
                            }
                            Some(sl) => *sl = Some(e),
                            None => {}
                        },
                    }
                }
                Arg::Range { span: rs, .. } => {
                    self.err(
                        Diagnostic::error("E0208", format!("a range is not an argument of `{sname}`"), rs)
                            .with_label("ranges are only allowed in array subscripts"),
                    );
                    ok = false;
                }
            }
        }
        if !ok {
            return out;
        }
        // Required arguments.
        let required: &[usize] = match sub {
            IntrinsicSub::RandomNumber
            | IntrinsicSub::CpuTime
            | IntrinsicSub::GetCommandArgument
            | IntrinsicSub::GetEnvironmentVariable
            | IntrinsicSub::ExecuteCommandLine => &[0],
            IntrinsicSub::MoveAlloc | IntrinsicSub::CFPointer | IntrinsicSub::CFProcpointer => &[0, 1],
            IntrinsicSub::Mvbits => &[0, 1, 2, 3, 4],
            _ => &[],
        };
        for &j in required {
            if out.get(j).is_some_and(Option::is_none) {
                let p = params.get(j).copied().unwrap_or("");
                self.err(
                    Diagnostic::error("E0209", format!("`{sname}` needs the argument `{p}`"), span).with_label(format!("missing `{p}`")),
                );
                return out;
            }
        }
        if sub == IntrinsicSub::RandomSeed && out.iter().filter(|x| x.is_some()).count() > 1 {
            self.err(Diagnostic::error("E0209", "`random_seed` takes at most one argument", span).with_label("more than one argument"));
            return out;
        }
        if sub == IntrinsicSub::MoveAlloc {
            self.move_alloc_args(&out, span);
            return out;
        }
        if sub == IntrinsicSub::Mvbits {
            self.mvbits_args(&out);
            return out;
        }
        if sub == IntrinsicSub::CFPointer {
            if let Some(Some(f)) = out.get(1) {
                let shaped = out.get(2).is_some_and(Option::is_some);
                if f.ty.rank() > 0 && !shaped {
                    self.err(
                        Diagnostic::error("E0209", "`c_f_pointer` needs the argument `shape` for an array pointer", span)
                            .with_label("missing `shape`"),
                    );
                } else if f.ty.rank() == 0 && shaped {
                    self.err(
                        Diagnostic::error("E0210", "`c_f_pointer` takes `shape` only for an array pointer", span)
                            .with_label("`fptr` is a scalar"),
                    );
                } else if f.ty.base() == Some(BaseTy::Character) {
                    self.err(Diagnostic::not_yet("`c_f_pointer` to character pointers", span));
                } else if self.on_device() {
                    // On the device: a local array pointer of the construct or procedure.
                    let local = matches!(&f.kind, ExprKind::Name(id) if self.syms.get(&id.name).is_some_and(|s| {
                        s.rank > 0 && s.pointer && s.module.is_none() && s.dummy.is_none() && !s.save && !s.host
                    }));
                    if !local {
                        self.err(Diagnostic::not_yet(format!("`c_f_pointer` to this pointer {}", self.device_where()), span));
                    }
                }
            }
        }
        // Types, and whether the argument must be a variable.
        for (j, e) in out.iter().enumerate() {
            let Some(e) = e else { continue };
            if e.ty == Ty::Unknown {
                continue;
            }
            let p = params.get(j).copied().unwrap_or("");
            let int_scalar = matches!(e.ty, Ty::Scalar(BaseTy::Integer(_)));
            let (good, need, out_arg) = match (sub, p) {
                (IntrinsicSub::RandomNumber, _) => (matches!(e.ty.base(), Some(BaseTy::Real(_))), "a `real` scalar or array", true),
                (IntrinsicSub::RandomSeed, "size") => (int_scalar, "a scalar `integer`", true),
                (IntrinsicSub::RandomSeed, "put") => (matches!(e.ty, Ty::Array(BaseTy::Integer(_), 1)), "a rank-1 `integer` array", false),
                (IntrinsicSub::RandomSeed, _) => (matches!(e.ty, Ty::Array(BaseTy::Integer(_), 1)), "a rank-1 `integer` array", true),
                (IntrinsicSub::CpuTime, _) => (matches!(e.ty, Ty::Scalar(BaseTy::Real(_))), "a scalar `real`", true),
                (IntrinsicSub::SystemClock, "count_rate") => {
                    (matches!(e.ty, Ty::Scalar(BaseTy::Integer(_) | BaseTy::Real(_))), "a scalar `integer` or `real`", true)
                }
                (IntrinsicSub::SystemClock, _) => (int_scalar, "a scalar `integer`", true),
                (IntrinsicSub::Exit | IntrinsicSub::Flush, _) => (int_scalar, "a scalar `integer`", false),
                (IntrinsicSub::MoveAlloc, _) => (true, "", true),
                (IntrinsicSub::CFPointer | IntrinsicSub::CFProcpointer, "cptr") => {
                    (e.ty == Ty::Scalar(BaseTy::Integer(8)), "a `type(c_ptr)` or `type(c_funptr)` scalar", false)
                }
                (IntrinsicSub::CFPointer, "fptr") => (self.is_pointer(e) && !self.is_proc_pointer(e), "a data pointer", false),
                (IntrinsicSub::CFProcpointer, _) => (self.is_proc_pointer(e), "a procedure pointer", false),
                (IntrinsicSub::CFPointer, _) => (matches!(e.ty, Ty::Array(BaseTy::Integer(_), 1)), "a rank-1 `integer` array", false),
                (IntrinsicSub::GetCommandArgument, "number") => (int_scalar, "a scalar `integer`", false),
                (IntrinsicSub::GetCommandArgument, "value") => (e.ty == Ty::Scalar(BaseTy::Character), "a scalar `character`", true),
                (IntrinsicSub::GetCommandArgument, _) => (int_scalar, "a scalar `integer`", true),
                (IntrinsicSub::GetEnvironmentVariable | IntrinsicSub::ExecuteCommandLine, "name" | "command") => {
                    (e.ty == Ty::Scalar(BaseTy::Character), "a scalar `character`", false)
                }
                (IntrinsicSub::GetEnvironmentVariable | IntrinsicSub::ExecuteCommandLine, "value" | "cmdmsg") => {
                    (e.ty == Ty::Scalar(BaseTy::Character), "a scalar `character`", true)
                }
                (IntrinsicSub::GetEnvironmentVariable | IntrinsicSub::ExecuteCommandLine, "trim_name" | "wait") => {
                    (matches!(e.ty, Ty::Scalar(BaseTy::Logical(_))), "a scalar `logical`", false)
                }
                (IntrinsicSub::GetEnvironmentVariable | IntrinsicSub::ExecuteCommandLine, _) => (int_scalar, "a scalar `integer`", true),
                (IntrinsicSub::DateAndTime, "values") => {
                    (matches!(e.ty, Ty::Array(BaseTy::Integer(_), 1)), "a rank-1 `integer` array", true)
                }
                (IntrinsicSub::DateAndTime, _) => (e.ty == Ty::Scalar(BaseTy::Character), "a scalar `character`", true),
                (IntrinsicSub::GetCommand, "command") => (e.ty == Ty::Scalar(BaseTy::Character), "a scalar `character`", true),
                (IntrinsicSub::GetCommand, _) => (int_scalar, "a scalar `integer`", true),
                (IntrinsicSub::Mvbits, _) => (true, "", false),
            };
            if !good {
                self.err(
                    Diagnostic::error("E0210", format!("the `{p}` argument of `{sname}` must be {need}, found {}", ty_name(e.ty)), e.span)
                        .with_label(format!("expected {need}")),
                );
            } else if out_arg {
                if let Some(why) = self.not_definable(e) {
                    self.err(
                        Diagnostic::error("E0233", format!("the `{p}` argument of `{sname}` must be a variable"), e.span).with_label(why),
                    );
                }
            }
        }
        out
    }

    /// `mvbits(from, frompos, len, to, topos)`: integers, `from` and `to` of one kind, `to`
    /// a variable, array arguments of `to`'s rank (elemental).
    fn mvbits_args(&mut self, args: &[Option<Expr>]) {
        let names = ["from", "frompos", "len", "to", "topos"];
        let Some(Some(to)) = args.get(3) else { return };
        if args.iter().flatten().any(|e| e.ty == Ty::Unknown) {
            return;
        }
        for (e, p) in args.iter().zip(names) {
            let Some(e) = e else { continue };
            if !matches!(e.ty.base(), Some(BaseTy::Integer(_))) {
                self.err(
                    Diagnostic::error(
                        "E0210",
                        format!("the `{p}` argument of `mvbits` must be `integer`, found {}", ty_name(e.ty)),
                        e.span,
                    )
                    .with_label("expected `integer`"),
                );
                return;
            }
            if e.ty.rank() > 0 && e.ty.rank() != to.ty.rank() {
                self.err(
                    Diagnostic::error(
                        "E0230",
                        format!("the `{p}` argument of `mvbits` has rank {} but `to` has rank {}", e.ty.rank(), to.ty.rank()),
                        e.span,
                    )
                    .with_label("arrays must conform"),
                );
                return;
            }
        }
        if let Some(Some(from)) = args.first() {
            if from.ty.base() != to.ty.base() {
                self.err(
                    Diagnostic::error("E0210", "the `from` and `to` arguments of `mvbits` must have the same kind", to.span).with_label(
                        format!("expected {}, found {}", ty_name(Ty::Scalar(from.ty.base().unwrap_or(BaseTy::Integer(4)))), ty_name(to.ty)),
                    ),
                );
                return;
            }
        }
        if let Some(why) = self.not_definable(to) {
            self.err(Diagnostic::error("E0233", "the `to` argument of `mvbits` must be a variable", to.span).with_label(why));
        }
    }

    /// `move_alloc(from, to)`: two allocatable variables or components of one type and rank.
    fn move_alloc_args(&mut self, args: &[Option<Expr>], span: Span) {
        let (Some(Some(from)), Some(Some(to))) = (args.first(), args.get(1)) else { return };
        if from.ty == Ty::Unknown || to.ty == Ty::Unknown {
            return;
        }
        for (e, p) in [(from, "from"), (to, "to")] {
            if !self.is_allocatable(e) {
                self.err(
                    Diagnostic::error("E0210", format!("the `{p}` argument of `move_alloc` must be allocatable"), e.span)
                        .with_label("not allocatable"),
                );
                return;
            }
        }
        if from.ty != to.ty {
            self.err(
                Diagnostic::error(
                    "E0210",
                    format!("`move_alloc` needs arguments of one type and rank, found {} and {}", ty_name(from.ty), ty_name(to.ty)),
                    span,
                )
                .with_label("different types or ranks"),
            );
        } else if from.ty.base() == Some(BaseTy::Character) {
            self.err(Diagnostic::not_yet("`move_alloc` of character variables", span));
        }
    }

    /// Is `e` (checked) a whole allocatable variable or component?
    pub(super) fn is_allocatable(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(id) => self.syms.get(&id.name).is_some_and(|s| s.allocatable),
            ExprKind::Component(_) => self.alloc_comp(e).is_some(),
            _ => false,
        }
    }
}
