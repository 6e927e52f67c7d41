//! Data clauses of offload constructs: which scalars live in memory, the mapped blocks of
//! clause items, data regions and the standalone data and runtime directives.

use super::*;

/// A pointer field in a structure: its host address and its target's size in bytes.
pub(super) type PtrField = (Op, Op);

impl G<'_> {
    /// A structured data construct: a data region around the body; with `if(cond)` the
    /// maps are made only when the condition holds on entry.
    pub(super) fn data_region(&mut self, dir: &ast::Directive, body: &[ast::Stmt]) {
        // `async` on `data`: the data clauses run synchronously (which every queue allows),
        // after the waits of `wait`.
        self.async_clauses(&dir.clauses, false);
        let cond = self.offload_cond(dir);
        let mut named = BTreeSet::new();
        let maps = self.data_maps(dir, Some(&mut named));
        let saved = self.devptrs.clone();
        self.devptrs.extend(deviceptr_names(&dir.clauses));
        let saved_named = self.enclosing_named.clone();
        self.enclosing_named.extend(named);
        self.push_block();
        self.stmts(body);
        let b = self.pop_block();
        self.devptrs = saved;
        self.enclosing_named = saved_named;
        let keep = cond.map(|c| {
            let keep = self.tmp(Ty::I32);
            self.emit(Stmt::Assign(keep, Rv::Use(c)));
            Op::Var(keep)
        });
        self.emit_data_region(maps, b, keep);
    }

    /// A data region of `maps` around `body`; with `keep` (a condition evaluated once, on
    /// entry) the maps are made, and undone at the end, only when it holds.
    pub(super) fn emit_data_region(&mut self, maps: Vec<MapItem>, body: Vec<Stmt>, keep: Option<Op>) {
        match keep {
            Some(keep) => {
                let enter: Vec<Stmt> = maps
                    .iter()
                    .map(|m| {
                        Stmt::Call(
                            "gpuf_acc_enter".into(),
                            vec![m.addr.clone(), m.bytes.clone(), Op::I32(m.kind.code()), Op::I32(0), Op::Str(m.at.clone())],
                        )
                    })
                    .collect();
                let exit: Vec<Stmt> = maps
                    .iter()
                    .rev()
                    .map(|m| {
                        Stmt::Call(
                            "gpuf_acc_exit".into(),
                            vec![m.addr.clone(), m.bytes.clone(), Op::I32(m.kind.code()), Op::I32(0), Op::I32(0), Op::Str(m.at.clone())],
                        )
                    })
                    .collect();
                self.emit(Stmt::If { cond: keep.clone(), then_body: enter, else_body: vec![] });
                for s in body {
                    self.emit(s);
                }
                self.emit(Stmt::If { cond: keep, then_body: exit, else_body: vec![] });
            }
            None => self.emit(Stmt::DataRegion { maps, body }),
        }
    }

    /// `host_data use_device(list) [if_present] [if(cond)]`: inside the construct each
    /// listed array's address is its device copy's (the host address where the device
    /// shares the host's memory, for absent data with `if_present`, and when `cond` is
    /// false).
    pub(super) fn host_data(&mut self, dir: &ast::Directive, body: &[ast::Stmt]) {
        let cond = dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None }).map(|e| self.expr(e));
        let cond = cond.map(|c| self.conv(c, Ty::I32));
        let if_present = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::IfPresent));
        let mut scope = HashMap::new();
        for c in &dir.clauses {
            let (ClauseKind::UseDevice(list) | ClauseKind::UseDeviceAddr(list) | ClauseKind::UseDevicePtr(list)) = &c.kind else {
                continue;
            };
            for e in list {
                let ExprKind::Name(id) = &e.kind else { continue };
                // `use_device_ptr` of a `type(c_ptr)` (an `integer(8)` scalar to gimplify):
                // its value is replaced; of anything else, as `use_device_addr`.
                let by_value = matches!(c.kind, ClauseKind::UseDevicePtr(_))
                    && matches!(self.lookup(&id.name), Some(Home::Mem(_, BaseTy::Integer(8)) | Home::Reg(_, BaseTy::Integer(8))));
                let at = self.item_at(dir, c, &id.name);
                // The host address of the item and its bytes; for a `type(c_ptr)` in
                // `use_device_ptr`, the address it holds.
                let (addr, bytes) = match self.lookup(&id.name) {
                    Some(Home::Array(d)) => (Op::Var(d.addr), self.desc_bytes(&d)),
                    Some(Home::Mem(p, b)) if !by_value => (Op::Var(p), Op::I64(self.elem_size(b))),
                    Some(Home::Mem(p, b @ BaseTy::Integer(8))) if by_value => {
                        let v = self.load_as(b, Op::Var(p));
                        (self.val(Ty::Ptr, Rv::Cast(Ty::Ptr, v)), Op::I64(1))
                    }
                    Some(Home::Reg(v, BaseTy::Integer(8))) if by_value => (self.val(Ty::Ptr, Rv::Cast(Ty::Ptr, Op::Var(v))), Op::I64(1)),
                    _ => {
                        self.not_yet(format!("this `{}` item", use_clause_word(&c.kind)), e.span);
                        continue;
                    }
                };
                let dv = self.f.new_var(format!("{}.dev", id.name), Ty::Ptr);
                let call =
                    Rv::Call("gpuf_acc_use_device".into(), vec![addr.clone(), bytes, Op::I32(i32::from(if_present)), Op::Str(at)], Ty::Ptr);
                match &cond {
                    Some(c) => {
                        self.emit(Stmt::Assign(dv, Rv::Use(addr)));
                        self.emit(Stmt::If { cond: c.clone(), then_body: vec![Stmt::Assign(dv, call)], else_body: vec![] });
                    }
                    None => self.emit(Stmt::Assign(dv, call)),
                }
                let home = match self.lookup(&id.name) {
                    Some(Home::Array(d)) => Home::Array(Desc { addr: dv, ..d }),
                    Some(Home::Mem(_, b)) if !by_value => Home::Mem(dv, b),
                    _ => {
                        // The device address as the `type(c_ptr)`'s value.
                        let r = self.f.new_var(format!("{}.devptr", id.name), Ty::I64);
                        self.emit(Stmt::Assign(r, Rv::Cast(Ty::I64, Op::Var(dv))));
                        Home::Reg(r, BaseTy::Integer(8))
                    }
                };
                scope.insert(id.name.clone(), home);
            }
        }
        self.overrides.push(scope);
        self.stmts(body);
        self.overrides.pop();
    }

    /// The unit's `!$acc declare` directives. In a procedure (or the main program) a data
    /// region for its lifetime: entered here, left at every return. In a module the items
    /// are registered with the run time (`gpuf_acc_declare`), which keeps them on every
    /// device it opens for the rest of the program.
    pub(super) fn acc_declares(&mut self) {
        let module = self.unit.kind == UnitKind::Module;
        let unit = self.unit;
        for d in &unit.declares {
            for m in self.data_maps(d, None) {
                let (addr, bytes, kind, at) = (m.addr, m.bytes, Op::I32(m.kind.code()), Op::Str(m.at));
                if module {
                    self.emit(Stmt::Call("gpuf_acc_declare".into(), vec![addr, bytes, kind, at]));
                } else {
                    self.emit(Stmt::Call("gpuf_acc_enter".into(), vec![addr.clone(), bytes.clone(), kind.clone(), Op::I32(0), at.clone()]));
                    let exit = Stmt::Call("gpuf_acc_exit".into(), vec![addr, bytes, kind, Op::I32(0), Op::I32(0), at]);
                    self.declare_exits.insert(0, exit);
                }
            }
        }
    }

    /// When an offload construct or data directive acts on the device: its `if` condition,
    /// and not when OpenMP's `device(n)` names the host (see
    /// `gpuf_omp_is_initial_device_num`). `None`: always.
    pub(super) fn offload_cond(&mut self, dir: &ast::Directive) -> Option<Op> {
        let forced = self.kernels_if.clone();
        let c =
            dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None }).map(|e| self.expr(e)).or(forced);
        let Some(d) = dir.clauses.iter().find_map(|c| if let ClauseKind::DeviceExpr(e) = &c.kind { Some(e) } else { None }) else {
            return c;
        };
        let n = self.expr(d);
        let n = self.conv(n, Ty::I32);
        let host = self.val(Ty::I32, Rv::Call("gpuf_omp_is_initial_device_num".into(), vec![n], Ty::I32));
        let dev = self.val(Ty::I32, Rv::Binary(BinOp::Eq, host, Op::I32(0)));
        Some(match c {
            Some(c) => {
                let c = self.conv(c, Ty::I32);
                let c = self.val(Ty::I32, Rv::Binary(BinOp::Ne, c, Op::I32(0)));
                self.val(Ty::I32, Rv::Binary(BinOp::And, c, dev))
            }
            None => dev,
        })
    }

    /// The mapped block of a data-clause item: (host address, bytes, description).
    pub(super) fn map_block(&mut self, e: &Expr) -> Option<(Op, Op, String, Option<Desc>)> {
        match &e.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(d)) => {
                    // An array pointer maps its target's elements (the hull of a strided
                    // target).
                    let (a, b) = self.map_hull(&d);
                    Some((a, b, id.name.clone(), Some(d)))
                }
                Some(Home::Mem(p, b)) => Some((Op::Var(p), Op::I64(self.elem_size(b)), id.name.clone(), None)),
                Some(Home::Chars { addr, len }) => Some((Op::Var(addr), Op::Var(len), id.name.clone(), None)),
                Some(Home::CharArray { d, len }) => {
                    let n = self.char_array_bytes(&d, len);
                    Some((Op::Var(d.addr), n, id.name.clone(), None))
                }
                _ => None,
            },
            ExprKind::ArrayRef { name, subs } | ExprKind::Apply { name, args: subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return None };
                let (a, n) = self.section_hull(&d, subs);
                let what = self.src.get(e.span.lo as usize..e.span.hi as usize).unwrap_or(&name.name).to_string();
                Some((a, n, what, Some(d)))
            }
            ExprKind::Component(_) => self.member_block(e).map(|(a, n, what, _)| (a, n, what, None)),
            _ => None,
        }
    }

    /// A section `a(lo:hi:st)` of a rank-1 array or array component with a stride other
    /// than the constant 1: the array and the section's bounds and stride (`I64`).
    fn strided_section(&mut self, e: &Expr) -> Option<(Desc, Op, Op, Op)> {
        let (subs, d) = match &e.kind {
            ExprKind::ArrayRef { name, subs } | ExprKind::Apply { name, args: subs } => match self.lookup(&name.name) {
                Some(Home::Array(d)) => (subs, d),
                _ => return None,
            },
            ExprKind::Component(cr) if cr.base.ty.rank() == 0 && !cr.subs.is_empty() => {
                let (a, c) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
                if c.dims.is_empty() || c.base == BaseTy::Character || c.proc_key.is_some() {
                    return None;
                }
                (&cr.subs, self.comp_desc(a, &c))
            }
            _ => return None,
        };
        let [Arg::Range { lo, hi, stride: Some(st), .. }] = subs.as_slice() else { return None };
        if d.lb.len() != 1 || matches!(st.kind, ExprKind::Int(1, _)) {
            return None;
        }
        let l = self.range_lo(&d, 0, lo.as_ref());
        let h = self.range_hi(&d, 0, hi.as_ref());
        let s = self.expr(st);
        let s = self.conv(s, Ty::I64);
        Some((d, l, h, s))
    }

    /// The contiguous hull of the section `subs` of the array `d`: the address of its first
    /// element and the bytes up to the end of its last.
    fn section_hull(&mut self, d: &Desc, subs: &[Arg]) -> (Op, Op) {
        let mut first = Vec::new();
        let mut last = Vec::new();
        for (dim, s) in subs.iter().enumerate() {
            match s {
                Arg::Index(x) | Arg::Keyword(_, x) => {
                    let v = self.expr(x);
                    let v = self.conv(v, Ty::I64);
                    first.push(v.clone());
                    last.push(v);
                }
                Arg::Range { lo, hi, .. } => {
                    let l = self.range_lo(d, dim, lo.as_ref());
                    let h = self.range_hi(d, dim, hi.as_ref());
                    first.push(l);
                    last.push(h);
                }
            }
        }
        let a = self.elem_addr(d, &first);
        let z = self.elem_addr(d, &last);
        let ai = self.val(Ty::I64, Rv::Cast(Ty::I64, a.clone()));
        let zi = self.val(Ty::I64, Rv::Cast(Ty::I64, z));
        let n = self.bin(Ty::I64, BinOp::Sub, zi, ai);
        let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(self.elem_size(d.base)));
        let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0)));
        (a, n)
    }

    /// A structure member in a data clause (`a%b`, `a%b(1:n)`, `a%c%d`, `t(2)%v`): the
    /// mapped block of its data (host address, bytes), how messages name it, and for an
    /// allocatable or pointer component the host address of its pointer field in the
    /// structure (a scalar's address, an array's descriptor's data pointer), through which
    /// the device copy of the structure is attached to the device copy of the data.
    pub(super) fn member_block(&mut self, e: &Expr) -> Option<(Op, Op, String, Option<PtrField>)> {
        let ExprKind::Component(cr) = &e.kind else { return None };
        if cr.base.ty.rank() > 0 {
            return None;
        }
        let what = self.src.get(e.span.lo as usize..e.span.hi as usize).unwrap_or(&cr.name.name).to_string();
        let (a, c) = self.comp_addr(&cr.base, &cr.name.name, &[])?;
        if c.base == BaseTy::Character || c.proc_key.is_some() {
            return None;
        }
        let ptr = c.alloc || c.pointer;
        if c.dims.is_empty() {
            let bytes = Op::I64(self.elem_size(c.base));
            if !ptr {
                return Some((a, bytes, what, None));
            }
            let addr = self.val(Ty::Ptr, Rv::Load(Ty::Ptr, a.clone()));
            return Some((addr, bytes.clone(), what, Some((a, bytes))));
        }
        let d = self.comp_desc(a.clone(), &c);
        let (lo, n) = self.map_hull(&d);
        let field = ptr.then(|| (a, n.clone()));
        if cr.subs.is_empty() {
            return Some((lo, n, what, field));
        }
        let (lo, n) = self.section_hull(&d, &cr.subs);
        Some((lo, n, what, field))
    }

    /// `file:line` of a source position, for run-time messages.
    pub(super) fn src_at(&self, sp: Span) -> String {
        format!("{}:{}", self.src_file(sp), self.line(sp))
    }

    /// How run-time messages name a clause item: `present(a) on parallel at f.f90:12: a`
    /// (`update self(a) at f.f90:12: a` for the standalone directives).
    pub(super) fn item_at(&self, dir: &ast::Directive, c: &ast::Clause, what: &str) -> String {
        let text = self.src.get(c.span.lo as usize..c.span.hi as usize).unwrap_or("");
        let mut clause = text.split('(').next().unwrap_or("").trim().to_lowercase();
        let mut d = dir.kind.name().to_string();
        let standalone = matches!(dir.kind.acc(), Some(ast::AccKind::EnterData | ast::AccKind::ExitData | ast::AccKind::Update));
        let at = self.src_at(dir.span);
        // A clause of a directive rewritten from OpenMP's (gimplify's offload_omp) spans the
        // whole directive: name the OpenMP directive and its `map`.
        if let Some(rest) = clause.trim_start().strip_prefix("!$omp") {
            let mut words: Vec<&str> = rest.split_whitespace().collect();
            if text.contains('(') {
                words.pop();
            }
            d = words.join(" ");
            clause = if dir.kind.acc() == Some(ast::AccKind::Update) { "update".into() } else { "map".into() };
        }
        if standalone {
            format!("{d} {clause}({what}) at {at}: {what}")
        } else {
            format!("{clause}({what}) on {d} at {at}: {what}")
        }
    }

    pub(super) fn data_maps(&mut self, dir: &ast::Directive, mut mentioned: Option<&mut BTreeSet<String>>) -> Vec<MapItem> {
        let mut maps = Vec::new();
        for c in &dir.clauses {
            let Some((kind, list)) = map_clause(&c.kind) else { continue };
            for e in list {
                if let ExprKind::Component(cr) = &e.kind {
                    self.member_maps(dir, c, kind, e, &mut maps);
                    // The member's name (without subscripts): a kernel's reference to it
                    // maps nothing more.
                    if let Some(m) = mentioned.as_deref_mut() {
                        m.insert(self.src.get(e.span.lo as usize..cr.name.span.hi as usize).unwrap_or("").to_string());
                    }
                    continue;
                }
                if kind == MapKind::Attach {
                    // A whole pointer or allocatable variable is never itself on the
                    // device: there is no device copy of it to attach.
                    continue;
                }
                let base = match &e.kind {
                    ExprKind::Name(i) => i.name.clone(),
                    ExprKind::ArrayRef { name, .. } | ExprKind::Apply { name, .. } => name.name.clone(),
                    _ => String::new(),
                };
                if self.syms.get(&base).is_some_and(|s| s.parameter) {
                    // A named constant needs no device copy.
                    continue;
                }
                if let Some(m) = self.declare_target_map(&base, dir) {
                    if !maps.iter().any(|x: &MapItem| x.kind == MapKind::DeclareTarget && x.what == m.what) {
                        maps.push(m);
                    }
                }
                match self.map_block(e) {
                    Some((addr, bytes, what, _)) => {
                        if let Some(m) = mentioned.as_deref_mut() {
                            m.insert(base);
                        }
                        let at = self.item_at(dir, c, &what);
                        maps.push(MapItem { kind, addr, bytes, what, at });
                    }
                    // The variable of an enclosing `do` loop is in a register there; the
                    // construct cannot define it, so its value captured on entry is all
                    // any map of it gives the construct.
                    None if matches!(e.kind, ExprKind::Name(_)) && self.do_vars.contains(&base) => {}
                    // A scalar in a register (a private variable of a host `parallel`)
                    // copied in: the construct gets its value, as a firstprivate copy.
                    None if matches!(e.kind, ExprKind::Name(_)) && e.ty.rank() == 0 && kind == MapKind::Copyin => {}
                    None => {
                        // A scalar that stays in a register cannot be mapped; it cannot happen
                        // since every other scalar in a data clause lives in memory.
                        self.not_yet("this data clause item", e.span);
                    }
                }
            }
        }
        maps
    }

    /// The maps of a structure member in a data clause: its data, then (for a pointer or
    /// allocatable component) the attach of the structure's device copy to it (on exit the
    /// detach comes first, as exits run in reverse). With `attach`/`detach`, the attach
    /// alone. The structure itself is not mapped (and not named) by this.
    fn member_maps(&mut self, dir: &ast::Directive, c: &ast::Clause, kind: MapKind, e: &Expr, maps: &mut Vec<MapItem>) {
        let Some((addr, bytes, what, field)) = self.member_block(e) else {
            self.not_yet("this structure member in a data clause", e.span);
            return;
        };
        let at = self.item_at(dir, c, &what);
        if kind != MapKind::Attach {
            maps.push(MapItem { kind, addr, bytes, what: what.clone(), at: at.clone() });
        }
        if let Some((f, whole)) = field {
            maps.push(MapItem { kind: MapKind::Attach, addr: f, bytes: whole, what, at });
        }
    }

    /// For a `declare target` variable, the map that makes its device copy present (created
    /// and filled from the host copy when a construct first needs it, then never removed).
    pub(super) fn declare_target_map(&mut self, name: &str, dir: &ast::Directive) -> Option<MapItem> {
        if !self.syms.get(name).is_some_and(|s| s.declare_target) {
            return None;
        }
        let e = Expr { kind: ExprKind::Name(ast::Ident { name: name.to_string(), span: dir.span }), span: dir.span, ty: ast::Ty::Unknown };
        let (addr, bytes, what, _) = self.map_block(&e)?;
        let at = format!("declare target({what}) at {}: {what}", self.src_at(dir.span));
        Some(MapItem { kind: MapKind::DeclareTarget, addr, bytes, what, at })
    }

    pub(super) fn clause_op(&mut self, cs: &[ast::Clause], pick: fn(&ClauseKind) -> Option<&Expr>) -> Option<Op> {
        for c in cs {
            if let Some(e) = pick(&c.kind) {
                let v = self.expr(e);
                return Some(self.conv(v, Ty::I32));
            }
        }
        None
    }

    pub(super) fn standalone(&mut self, dir: &ast::Directive) {
        let if_present = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::IfPresent));
        let finalize = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Finalize));
        let runtime = matches!(dir.kind.acc(), Some(ast::AccKind::Init | ast::AccKind::Shutdown | ast::AccKind::Set));
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Unsupported(n) if !runtime => self.not_yet(format!("the `{n}` clause"), c.span),
                _ => {}
            }
        }
        // `if(cond)`: the directive does nothing when the condition is false.
        let cond = self.offload_cond(dir);
        self.push_block();
        let queue = self.async_clauses(&dir.clauses, !runtime);
        let queued = queue.is_some() && dir.kind.acc() != Some(ast::AccKind::Wait);
        if let Some(q) = queue.filter(|_| queued) {
            self.emit(Stmt::Call("gpuf_acc_async_begin".into(), vec![q]));
        }
        self.standalone_body(dir, if_present, finalize);
        if queued {
            self.emit(Stmt::Call("gpuf_acc_async_end".into(), vec![]));
        }
        let body = self.pop_block();
        match cond {
            Some(c) => self.emit(Stmt::If { cond: c, then_body: body, else_body: vec![] }),
            None => {
                for s in body {
                    self.emit(s);
                }
            }
        }
    }

    fn standalone_body(&mut self, dir: &ast::Directive, if_present: bool, finalize: bool) {
        match dir.kind.acc() {
            Some(ast::AccKind::EnterData) => {
                for m in self.data_maps(dir, None) {
                    self.emit(Stmt::Call(
                        "gpuf_acc_enter".into(),
                        vec![m.addr, m.bytes, Op::I32(m.kind.code()), Op::I32(1), Op::Str(m.at)],
                    ));
                }
            }
            Some(ast::AccKind::ExitData) => {
                for m in self.data_maps(dir, None) {
                    self.emit(Stmt::Call(
                        "gpuf_acc_exit".into(),
                        vec![m.addr, m.bytes, Op::I32(m.kind.code()), Op::I32(1), Op::I32(finalize as i32), Op::Str(m.at)],
                    ));
                }
            }
            Some(ast::AccKind::Update) => {
                for c in &dir.clauses {
                    let (to_dev, list) = match &c.kind {
                        ClauseKind::SelfHost(l) => (0, l),
                        ClauseKind::Device(l) => (1, l),
                        _ => continue,
                    };
                    for e in list {
                        let base = match &e.kind {
                            ExprKind::Name(i) => i.name.clone(),
                            ExprKind::ArrayRef { name, .. } | ExprKind::Apply { name, .. } => name.name.clone(),
                            _ => String::new(),
                        };
                        if let Some(m) = self.declare_target_map(&base, dir) {
                            self.emit(Stmt::Call(
                                "gpuf_acc_enter".into(),
                                vec![m.addr, m.bytes, Op::I32(m.kind.code()), Op::I32(1), Op::Str(m.at)],
                            ));
                        }
                        if let Some((d, lo, hi, st)) = self.strided_section(e) {
                            // A section with a stride (OpenMP 5.0's non-contiguous `target
                            // update`): element by element, the elements between untouched.
                            let what = self.src.get(e.span.lo as usize..e.span.hi as usize).unwrap_or(&base).to_string();
                            let at = Op::Str(self.item_at(dir, c, &what));
                            let bytes = Op::I64(self.elem_size(d.base));
                            let i = self.f.new_var("update.i", Ty::I64);
                            let id = self.f.new_loop();
                            self.push_block();
                            let a = self.elem_addr(&d, &[Op::Var(i)]);
                            self.emit(Stmt::Call(
                                "gpuf_acc_update".into(),
                                vec![a, bytes, Op::I32(to_dev), Op::I32(if_present as i32), at],
                            ));
                            let body = self.pop_block();
                            self.emit(Stmt::Loop { id, var: i, lo, hi, step: st, body, part: None });
                            continue;
                        }
                        if let Some((a, n, what, _)) = self.map_block(e) {
                            let at = Op::Str(self.item_at(dir, c, &what));
                            self.emit(Stmt::Call("gpuf_acc_update".into(), vec![a, n, Op::I32(to_dev), Op::I32(if_present as i32), at]));
                        }
                    }
                }
            }
            // The waits are the directive's `wait` clause (its argument list).
            Some(ast::AccKind::Wait) => {}
            // A hint: the loop reads memory directly (the loop-mapping report names it).
            Some(ast::AccKind::Cache) => {}
            Some(ast::AccKind::Init | ast::AccKind::Shutdown | ast::AccKind::Set) => self.runtime_directive(dir),
            _ => self.not_yet(format!("the `{}` directive", dir.kind.name()), dir.span),
        }
    }

    /// `init`, `shutdown`, `set` as calls of the OpenACC runtime routines they stand for
    /// (`default_async` is recorded; every construct runs synchronously).
    fn runtime_directive(&mut self, dir: &ast::Directive) {
        let mut ty = 1;
        let mut num = None;
        let mut cond = None;
        let mut queue = None;
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::DeviceType(names) => {
                    ty = names.first().and_then(|n| gpuf_frontend::sema::acc_device_code(n)).unwrap_or(1);
                }
                ClauseKind::DeviceNum(e) => num = Some(e),
                ClauseKind::DefaultAsync(e) => queue = Some(e),
                ClauseKind::If(e) => cond = Some(e),
                _ => {}
            }
        }
        let c = cond.map(|e| self.expr(e));
        self.push_block();
        let n = num.map(|e| {
            let v = self.expr(e);
            self.conv(v, Ty::I32)
        });
        if let Some(e) = queue {
            let v = self.expr(e);
            let v = self.conv(v, Ty::I32);
            self.emit(Stmt::Call("gpuf_acc_set_default_async".into(), vec![v]));
        }
        let ty = Op::I32(ty);
        match (dir.kind.acc(), n) {
            (Some(ast::AccKind::Init), None) => self.emit(Stmt::Call("gpuf_acc_init".into(), vec![ty])),
            (Some(ast::AccKind::Init), Some(n)) => {
                self.emit(Stmt::Call("gpuf_acc_init".into(), vec![ty.clone()]));
                self.emit(Stmt::Call("gpuf_acc_set_device_num".into(), vec![n, ty]));
            }
            (Some(ast::AccKind::Shutdown), _) => self.emit(Stmt::Call("gpuf_acc_shutdown".into(), vec![ty])),
            (_, Some(n)) => self.emit(Stmt::Call("gpuf_acc_set_device_num".into(), vec![n, ty])),
            (_, None) => {
                if dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::DeviceType(_))) {
                    self.emit(Stmt::Call("gpuf_acc_set_device_type".into(), vec![ty]));
                }
            }
        }
        let body = self.pop_block();
        match c {
            Some(c) => self.emit(Stmt::If { cond: c, then_body: body, else_body: Vec::new() }),
            None => {
                for s in body {
                    self.emit(s);
                }
            }
        }
    }
}

/// Names of scalars that need an address: see the module doc.
/// `routine`: the unit is a routine with partitioned loops, whose loops' reduction
/// variables are its own (as a gang loop's are).
pub(super) fn memory_scalars(p: &ast::Unit, syms: &Symbols, routine: bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    fn names(list: &[Expr], out: &mut BTreeSet<String>, syms: &Symbols) {
        for e in list {
            if let ExprKind::Name(id) = &e.kind {
                if syms.get(&id.name).is_some_and(|s| s.rank == 0 && !s.parameter) {
                    out.insert(id.name.clone());
                }
            }
        }
    }
    fn clauses(cs: &[ast::Clause], out: &mut BTreeSet<String>, syms: &Symbols, reductions: bool) {
        for c in cs {
            if let Some((_, l)) = map_clause(&c.kind) {
                names(l, out, syms);
                continue;
            }
            match &c.kind {
                ClauseKind::SelfHost(l) | ClauseKind::Device(l) => names(l, out, syms),
                ClauseKind::Reduction(_, l) if reductions => names(l, out, syms),
                _ => {}
            }
        }
    }
    fn walk(ss: &[ast::Stmt], out: &mut BTreeSet<String>, syms: &Symbols, in_region: Option<ast::AccKind>, in_gang: bool) {
        for s in ss {
            match &s.kind {
                StmtKind::Construct { dir, body, .. } => {
                    let compute = matches!(dir.kind.acc(), Some(ast::AccKind::Parallel | ast::AccKind::Kernels | ast::AccKind::Serial));
                    clauses(&dir.clauses, out, syms, compute);
                    if dir.kind == ast::AccKind::Kernels {
                        let mut lv = Vec::new();
                        let mut privs = BTreeSet::new();
                        for n in private_names(&dir.clauses) {
                            privs.insert(n);
                        }
                        let mut a = BTreeSet::new();
                        assigned(body, &mut a, syms, &mut lv);
                        out.extend(a.into_iter().filter(|n| !privs.contains(n)));
                    }
                    walk(body, out, syms, if compute { dir.kind.acc() } else { in_region }, in_gang);
                }
                StmtKind::LoopConstruct { dir, do_stmt } => {
                    let combined =
                        matches!(dir.kind.acc(), Some(ast::AccKind::ParallelLoop | ast::AccKind::KernelsLoop | ast::AccKind::SerialLoop));
                    let gang = dir
                        .clauses
                        .iter()
                        .any(|c| matches!(c.kind, ClauseKind::Gang(_) | ClauseKind::GangStatic(_) | ClauseKind::GangDim(_)));
                    clauses(&dir.clauses, out, syms, combined || !in_gang);
                    if dir.kind == ast::AccKind::KernelsLoop {
                        let mut lv = Vec::new();
                        let mut a = BTreeSet::new();
                        assigned(std::slice::from_ref(do_stmt), &mut a, syms, &mut lv);
                        let privs: BTreeSet<String> = private_names(&dir.clauses).into_iter().collect();
                        let reds: BTreeSet<String> = dir
                            .clauses
                            .iter()
                            .filter_map(|c| if let ClauseKind::Reduction(_, l) = &c.kind { Some(l) } else { None })
                            .flatten()
                            .filter_map(|e| if let ExprKind::Name(i) = &e.kind { Some(i.name.clone()) } else { None })
                            .collect();
                        out.extend(a.into_iter().filter(|n| !privs.contains(n) && !reds.contains(n)));
                    }
                    let region = if combined { dir.kind.acc() } else { in_region };
                    // Any enclosing partitioned loop (explicit `gang`, or `auto` that may become one)
                    // makes inner reduction variables gang-private, not shared memory.
                    let seq = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Seq));
                    walk(std::slice::from_ref(do_stmt), out, syms, region, in_gang || gang || combined || !seq);
                }
                StmtKind::Standalone(dir) => clauses(&dir.clauses, out, syms, false),
                StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } | StmtKind::DoConcurrent { body, .. } => {
                    walk(body, out, syms, in_region, in_gang)
                }
                StmtKind::If { arms, else_body, .. } => {
                    for (_, b) in arms {
                        walk(b, out, syms, in_region, in_gang);
                    }
                    if let Some(b) = else_body {
                        walk(b, out, syms, in_region, in_gang);
                    }
                }
                StmtKind::SelectCase { cases, .. } => {
                    for c in cases {
                        walk(&c.body, out, syms, in_region, in_gang);
                    }
                }
                StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => walk(body, out, syms, in_region, in_gang),
                // The target of an atomic inside a compute construct is shared.
                StmtKind::Atomic { kind, body, .. } if in_region.is_some() => {
                    let assigns: Vec<(&Expr, &Expr)> = body
                        .iter()
                        .filter_map(|s| if let StmtKind::Assign { lhs, rhs } = &s.kind { Some((lhs, rhs)) } else { None })
                        .collect();
                    let target = match (kind, assigns.as_slice()) {
                        (ast::AtomicKind::Read, [(_, x)]) => Some(*x),
                        (ast::AtomicKind::Update | ast::AtomicKind::Write, [(x, _)]) => Some(*x),
                        // Capture: the statement that is not a plain copy updates the target.
                        (ast::AtomicKind::Capture, [(a, ra), (b, _)]) => Some(if matches!(ra.kind, ExprKind::Name(_)) { *b } else { *a }),
                        (ast::AtomicKind::Compare | ast::AtomicKind::CompareCapture, _) => {
                            ast::atomic_compare(body, &super::offload_atomic::same_place).map(|c| c.x)
                        }
                        _ => None,
                    };
                    if let Some(x) = target {
                        names(std::slice::from_ref(x), out, syms);
                    }
                }
                _ => {}
            }
        }
    }
    for d in &p.declares {
        clauses(&d.clauses, &mut out, syms, false);
    }
    walk(&p.body, &mut out, syms, None, routine);
    // `declare target` variables: their device copy is found by their address.
    out.extend(syms.list().iter().filter(|s| s.declare_target && s.rank == 0).map(|s| s.name.clone()));
    // Host `parallel`: shared scalars are reached through their addresses.
    if super::host_omp::has_host_parallel(&p.body) {
        for s in syms.list() {
            if s.rank == 0 && !s.parameter && !s.external && matches!(s.base, BaseTy::Integer(_) | BaseTy::Real(_) | BaseTy::Logical(_)) {
                out.insert(s.name.clone());
            }
        }
    }
    // Atomic reads put the read variable in the set too, but `v` in `v = x` must stay
    // private; only shared targets matter and an extra memory scalar is harmless.
    out
}

/// Scalar names assigned in the statements (loop variables and privates excluded).
pub(super) fn assigned(ss: &[ast::Stmt], out: &mut BTreeSet<String>, syms: &Symbols, loopvars: &mut Vec<String>) {
    for s in ss {
        match &s.kind {
            StmtKind::Assign { lhs, .. } => {
                if let ExprKind::Name(id) = &lhs.kind {
                    if !loopvars.contains(&id.name) && syms.get(&id.name).is_some_and(|s| s.rank == 0) {
                        out.insert(id.name.clone());
                    }
                }
            }
            StmtKind::Do { var, body, .. } => {
                loopvars.push(var.name.clone());
                assigned(body, out, syms, loopvars);
                loopvars.pop();
            }
            StmtKind::DoWhile { body, .. } => assigned(body, out, syms, loopvars),
            StmtKind::If { arms, else_body, .. } => {
                for (_, b) in arms {
                    assigned(b, out, syms, loopvars);
                }
                if let Some(b) = else_body {
                    assigned(b, out, syms, loopvars);
                }
            }
            StmtKind::SelectCase { cases, .. } => {
                for c in cases {
                    assigned(&c.body, out, syms, loopvars);
                }
            }
            StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => assigned(body, out, syms, loopvars),
            StmtKind::LoopConstruct { dir, do_stmt } => {
                let privs = private_names(&dir.clauses);
                loopvars.extend(privs.iter().cloned());
                assigned(std::slice::from_ref(do_stmt), out, syms, loopvars);
                loopvars.truncate(loopvars.len() - privs.len());
            }
            StmtKind::Atomic { body, .. } => assigned(body, out, syms, loopvars),
            StmtKind::Construct { body, .. } => assigned(body, out, syms, loopvars),
            _ => {}
        }
    }
}

fn private_names(cs: &[ast::Clause]) -> Vec<String> {
    let mut v = Vec::new();
    for c in cs {
        if let ClauseKind::Private(l) = &c.kind {
            for e in l {
                if let ExprKind::Name(i) = &e.kind {
                    v.push(i.name.clone());
                }
            }
        }
    }
    v
}

/// The map kind and list of a data clause (`copy`, `copyin`, `copyout`, `create`,
/// `present`, `no_create`, `delete`).
pub(super) fn map_clause(k: &ClauseKind) -> Option<(MapKind, &[Expr])> {
    Some(match k {
        ClauseKind::Copy(l) => (MapKind::Copy, l),
        ClauseKind::Copyin(l) => (MapKind::Copyin, l),
        ClauseKind::Copyout(l) => (MapKind::Copyout, l),
        ClauseKind::Create(l) => (MapKind::Create, l),
        ClauseKind::Present(l) => (MapKind::Present, l),
        ClauseKind::NoCreate(l) => (MapKind::NoCreate, l),
        // On `declare` only: device memory for the variable's lifetime.
        ClauseKind::DeviceResident(l) | ClauseKind::Link(l) => (MapKind::Create, l),
        ClauseKind::Delete(l) => (MapKind::Delete, l),
        ClauseKind::Attach(l) | ClauseKind::Detach(l) => (MapKind::Attach, l),
        _ => return None,
    })
}

/// The spelling of a clause that gives device addresses on the host.
pub(super) fn use_clause_word(k: &ClauseKind) -> &'static str {
    match k {
        ClauseKind::UseDevicePtr(_) => "use_device_ptr",
        ClauseKind::UseDeviceAddr(_) => "use_device_addr",
        _ => "use_device",
    }
}

/// The names in a directive's `deviceptr` (and OpenMP `is_device_ptr`) clauses.
pub(super) fn deviceptr_names(cs: &[ast::Clause]) -> Vec<String> {
    cs.iter()
        .filter_map(|c| if let ClauseKind::Deviceptr(l) | ClauseKind::IsDevicePtr(l) = &c.kind { Some(l) } else { None })
        .flatten()
        .filter_map(|e| if let ExprKind::Name(id) = &e.kind { Some(id.name.clone()) } else { None })
        .collect()
}
