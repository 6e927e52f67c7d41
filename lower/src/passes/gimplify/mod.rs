//! gimplify: the checked AST to IR.
//!
//! Expressions become three-address statements over explicit temporaries; arrays become
//! descriptors (a data pointer plus a lower bound and an extent per dimension, all scalar
//! variables) and element accesses become address arithmetic; whole-array and section
//! expressions are scalarised into loops. For OpenACC, the implicit data attributes of
//! every compute construct are made explicit ([`AccRegion::maps`] and
//! [`AccRegion::captures`]): arrays default to `copy`, scalars to `firstprivate` in
//! `parallel`/`serial` and to `copy` when assigned in `kernels`; loop variables, `private`
//! variables and reduction locals get fresh variables.
//!
//! Scalars that must have an address (those in data clauses, construct-level reductions,
//! assigned in `kernels`) live in memory for the whole program ("memory scalars").

use crate::ir::{self, *};
use gpuf_frontend::ast::{self, Arg, BaseTy, ClauseKind, DimSpec, Expr, ExprKind, Intrinsic, StmtKind};
use gpuf_frontend::ast::{CtorItem, IntrinsicSub, IoUnit, UnitKind};
use gpuf_frontend::sema::{Checked, Procs, Symbols};
use gpuf_frontend::{Diagnostic, Span};
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod arrayfn;
mod assumed;
mod complex;
mod derived;
mod elemental;
mod io;
mod transform;

/// How a Fortran name is stored.
#[derive(Clone, Debug)]
enum Home {
    /// A scalar in a variable.
    Reg(VarId, BaseTy),
    /// A scalar in memory at the address held by the `Ptr` variable.
    Mem(VarId, BaseTy),
    Array(Desc),
    /// A character constant.
    Str(String),
    /// A character variable: the `Ptr` variable holding its bytes' address and the `I64`
    /// variable holding its length.
    Chars {
        addr: VarId,
        len: VarId,
    },
    /// An array of character variables of one length: a descriptor over elements of
    /// `len` bytes each.
    CharArray {
        d: Desc,
        len: VarId,
    },
}

/// An array descriptor made of scalar variables.
#[derive(Clone, Debug)]
struct Desc {
    name: String,
    base: BaseTy,
    addr: VarId,
    lb: Vec<VarId>,
    ext: Vec<VarId>,
}

pub fn ir_ty(b: BaseTy) -> Ty {
    match b {
        BaseTy::Integer(8) => Ty::I64,
        BaseTy::Integer(_) | BaseTy::Logical => Ty::I32,
        BaseTy::Real(8) => Ty::F64,
        BaseTy::Real(_) => Ty::F32,
        BaseTy::Character => Ty::Ptr,
        // The type of each part (see `gimplify/complex.rs`).
        BaseTy::Complex(8) => Ty::F64,
        BaseTy::Complex(_) => Ty::F32,
        // The value of a derived-type expression is the address of its bytes.
        BaseTy::Derived(_) => Ty::Ptr,
    }
}

/// The type of a value of base type `b` in memory: `integer(1)` and `integer(2)` take one
/// and two bytes there, and are `I32` values in registers (see `G::load_as`, `G::store_as`).
pub fn mem_ty(b: BaseTy) -> Ty {
    match b {
        BaseTy::Integer(1) => Ty::I8,
        BaseTy::Integer(2) => Ty::I16,
        _ => ir_ty(b),
    }
}

/// The context of the compute construct being gimplified.
struct RegionCtx {
    kind: RegionKind,
    /// Levels used by enclosing acc loops.
    levels: Levels,
    /// Per-gang scratch memory for private arrays: the kernel's base pointer variable and
    /// the host's descriptor of the array.
    scratch: Vec<(VarId, Desc)>,
}

struct G<'a> {
    f: Function,
    /// Every checked unit of the file (callees' declarations, e.g. result lengths).
    units: &'a [gpuf_frontend::sema::CheckedUnit],
    syms: &'a Symbols,
    procs: &'a Procs,
    unit: &'a ast::Unit,
    /// Variables with static storage so far (the module's).
    globals: Vec<Global>,
    src: &'a str,
    homes: BTreeMap<String, Home>,
    /// Scoped replacements of a name (privates, reduction locals, loop variables).
    overrides: Vec<HashMap<String, Home>>,
    loops: Vec<(Option<String>, LoopId)>,
    /// Named `if`, `select case` and `block` constructs that `exit name` may leave.
    named: Vec<(String, LoopId)>,
    /// Temporary character buffers of the statement being lowered, freed after it.
    str_temps: Vec<VarId>,
    blocks: Vec<Vec<Stmt>>,
    diags: Vec<Diagnostic>,
    region: Option<RegionCtx>,
    /// Host-associated variables of an internal procedure without a home (reported).
    host_vars: Vec<String>,
    /// The host frame: built by a unit with internal procedures, received (as the last
    /// parameter) by an internal procedure; passed on to calls of internal procedures.
    frame: Option<VarId>,
    /// Descriptor and length variables loaded from the host frame, stored back through
    /// the frame's pointers at every return (an internal procedure may reallocate them).
    frame_back: Vec<(VarId, VarId, Ty)>,
    /// Module and saved allocatable arrays: the global descriptor block and the unit's
    /// descriptor variables (see [`G::global_alloc_array`]).
    global_descs: Vec<(VarId, Desc)>,
    /// Data pointers of a procedure's local arrays, freed at every return.
    frees: Vec<VarId>,
    /// Scalars that live in memory because a directive needs their address.
    mem_names: BTreeSet<String>,
    /// Command-line options (`-fcheck=bounds`).
    opts: &'a super::Options,
    /// A function result kept in memory: its home, the returned variable, its type.
    result_mem: Option<(VarId, VarId, Ty)>,
    /// Array constructors evaluated into temporaries (keyed by the expression's address):
    /// the buffer and its length (`I64`).
    mats: HashMap<usize, (Op, Op)>,
    /// Buffers of `mats` to free after the statement.
    mat_frees: Vec<Op>,
    /// Internal procedures passed as actual arguments: thunks to make (their keys).
    thunks: Vec<String>,
    /// Host-frame globals set for a call that passes internal procedures, with the
    /// values to restore after it.
    frame_restores: Vec<(String, VarId)>,
    /// Copy-back of packed assumed-shape dummies, run at every return (see `assumed.rs`).
    unpacks: Vec<Stmt>,
    /// Statements to run after the call being lowered (descriptors and packed sections
    /// to free), from a mark taken before its arguments.
    call_after: Vec<Stmt>,
    /// The shapes of the array-valued function references in `mats`.
    mat_shapes: HashMap<usize, Vec<Op>>,
    /// The derived types (indexed by `BaseTy::Derived`).
    types: &'a [gpuf_frontend::sema::TypeInfo],
}

/// Gimplifies one checked source file: the main program (if any) becomes `main`, every
/// subroutine and function a procedure, module and saved variables globals.
pub fn gimplify(c: &Checked, src: &str, source_name: &str) -> Result<Module, Vec<Diagnostic>> {
    gimplify_with(c, src, source_name, &super::Options::default())
}

/// [`gimplify`] with code generation options (`-fcheck=bounds`).
pub fn gimplify_with(c: &Checked, src: &str, source_name: &str, opts: &super::Options) -> Result<Module, Vec<Diagnostic>> {
    let mut module = Module {
        source: source_name.to_string(),
        main: Function::new(""),
        procs: Vec::new(),
        globals: Vec::new(),
        kernels: Vec::new(),
        target: None,
    };
    let mut thunks: Vec<String> = Vec::new();
    let mut diags = Vec::new();
    for cu in &c.units {
        let u = &cu.unit;
        let name = match u.kind {
            UnitKind::Program => "main".to_string(),
            UnitKind::Module => format!("{}.module", u.name.name),
            _ => {
                let key = cu.key.clone().unwrap_or_else(|| u.name.name.clone());
                c.procs.map.get(&key).map_or_else(|| format!("{}_", u.name.name), |p| p.link_name.clone())
            }
        };
        let mem = memory_scalars(u, &cu.symbols);
        let mut g = G {
            f: Function::new(name),
            units: &c.units,
            syms: &cu.symbols,
            procs: &c.procs,
            unit: u,
            src,
            homes: BTreeMap::new(),
            overrides: Vec::new(),
            loops: Vec::new(),
            named: Vec::new(),
            str_temps: Vec::new(),
            blocks: vec![Vec::new()],
            diags: Vec::new(),
            region: None,
            host_vars: Vec::new(),
            frame: None,
            frame_back: Vec::new(),
            global_descs: Vec::new(),
            thunks: Vec::new(),
            frame_restores: Vec::new(),
            frees: Vec::new(),
            mem_names: mem.clone(),
            result_mem: None,
            mats: HashMap::new(),
            mat_frees: Vec::new(),
            unpacks: Vec::new(),
            call_after: Vec::new(),
            mat_shapes: HashMap::new(),
            globals: std::mem::take(&mut module.globals),
            types: &c.types,
            opts,
        };
        g.declare(&mem);
        if u.kind != UnitKind::Module {
            g.stmts(&u.body);
            g.ret();
        }
        module.globals = std::mem::take(&mut g.globals);
        for t in std::mem::take(&mut g.thunks) {
            if !thunks.contains(&t) {
                thunks.push(t);
            }
        }
        diags.append(&mut g.diags);
        let mut f = g.f;
        f.body = g.blocks.pop().unwrap_or_default();
        match u.kind {
            UnitKind::Program => module.main = f,
            UnitKind::Module => {}
            _ => {
                f.local = cu.host.is_some_and(|h| c.units.get(h).is_some_and(|hu| hu.unit.kind != UnitKind::Module));
                module.procs.push(f);
            }
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    for key in thunks {
        if let Some(f) = thunk(c, &key) {
            module.procs.push(f);
        }
    }
    mark_external_globals(c, &mut module);
    Ok(module)
}

/// The global through which an internal procedure passed as an actual argument finds its
/// host's frame (set by the caller around the call).
fn thunk_frame_global(link: &str) -> String {
    format!("{link}.hostframe")
}

/// A thunk for internal procedure `key`: the procedure's own parameters without the host
/// frame, which it loads from [`thunk_frame_global`] before calling the procedure.
fn thunk(c: &Checked, key: &str) -> Option<Function> {
    let cu = c.units.iter().find(|u| u.key.as_deref() == Some(key))?;
    let sig = c.procs.map.get(key)?;
    let u = &cu.unit;
    let rname = u.result.as_ref().unwrap_or(&u.name).name.clone();
    let rsym = (u.kind == UnitKind::Function).then(|| cu.symbols.get(&rname)).flatten();
    let char_result = rsym.is_some_and(|s| s.base == BaseTy::Character);
    let hidden = u.args.iter().filter(|a| cu.symbols.get(&a.name).is_some_and(|s| s.base == BaseTy::Character && !s.external)).count();
    let array_result = rsym.is_some_and(|s| s.rank > 0 && s.base != BaseTy::Character);
    if rsym.is_some_and(|s| matches!(s.base, BaseTy::Complex(_))) {
        // Complex results take gfortran's ABI wrapper, which a thunk does not have.
        return None;
    }
    let n = u.args.len() + hidden + if char_result { 2 } else { usize::from(array_result) };
    let mut f = Function::new(format!("{}.thunk", sig.link_name));
    f.local = true;
    let params: Vec<VarId> = (0..n).map(|i| f.new_var(format!("p{i}"), Ty::Ptr)).collect();
    f.params = params.clone();
    let fr = f.new_var("frame", Ty::Ptr);
    let g = f.new_var("g", Ty::Ptr);
    let mut body =
        vec![Stmt::Assign(g, Rv::GlobalAddr(thunk_frame_global(&sig.link_name))), Stmt::Assign(fr, Rv::Load(Ty::Ptr, Op::Var(g)))];
    let mut ops: Vec<Op> = params.iter().map(|p| Op::Var(*p)).collect();
    ops.push(Op::Var(fr));
    match rsym.filter(|_| !char_result && !array_result) {
        Some(s) => {
            let t = ir_ty(s.base);
            let r = f.new_var("r", t);
            body.push(Stmt::Assign(r, Rv::Call(sig.link_name.clone(), ops, t)));
            f.result = Some(r);
        }
        None => body.push(Stmt::Call(sig.link_name.clone(), ops)),
    }
    body.push(Stmt::Return);
    f.body = body;
    Some(f)
}

/// Variables of modules not defined in this file (read from module files) live in the
/// object of the file that defines the module: they are declared, not defined, here.
fn mark_external_globals(c: &Checked, module: &mut Module) {
    let here: BTreeSet<&str> = c.units.iter().filter(|cu| cu.unit.kind == UnitKind::Module).map(|cu| cu.unit.name.name.as_str()).collect();
    for g in &mut module.globals {
        let owner = g.name.strip_prefix("__").and_then(|n| n.split_once("_MOD_")).map(|(m, _)| m);
        if let Some(m) = owner {
            g.external = !g.local && !here.contains(m);
        }
    }
}

/// Names of scalars that need an address: see the module doc.
fn memory_scalars(p: &ast::Unit, syms: &Symbols) -> BTreeSet<String> {
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
    fn clauses(cs: &[ast::AccClause], out: &mut BTreeSet<String>, syms: &Symbols, reductions: bool) {
        for c in cs {
            match &c.kind {
                ClauseKind::Copy(l)
                | ClauseKind::Copyin(l)
                | ClauseKind::Copyout(l)
                | ClauseKind::Create(l)
                | ClauseKind::Delete(l)
                | ClauseKind::Present(l)
                | ClauseKind::NoCreate(l)
                | ClauseKind::SelfHost(l)
                | ClauseKind::Device(l) => names(l, out, syms),
                ClauseKind::Reduction(_, l) if reductions => names(l, out, syms),
                _ => {}
            }
        }
    }
    fn walk(ss: &[ast::Stmt], out: &mut BTreeSet<String>, syms: &Symbols, in_region: Option<ast::AccKind>, in_gang: bool) {
        for s in ss {
            match &s.kind {
                StmtKind::AccBlock { dir, body, .. } => {
                    let compute = matches!(dir.kind, ast::AccKind::Parallel | ast::AccKind::Kernels | ast::AccKind::Serial);
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
                    walk(body, out, syms, if compute { Some(dir.kind) } else { in_region }, in_gang);
                }
                StmtKind::AccLoop { dir, do_stmt } => {
                    let combined = matches!(dir.kind, ast::AccKind::ParallelLoop | ast::AccKind::KernelsLoop | ast::AccKind::SerialLoop);
                    let gang = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Gang(_)));
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
                    let region = if combined { Some(dir.kind) } else { in_region };
                    // Any enclosing partitioned loop (explicit `gang`, or `auto` that may become one)
                    // makes inner reduction variables gang-private, not shared memory.
                    let seq = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Seq));
                    walk(std::slice::from_ref(do_stmt), out, syms, region, in_gang || gang || combined || !seq);
                }
                StmtKind::AccStandalone(dir) => clauses(&dir.clauses, out, syms, false),
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
                StmtKind::AccAtomic { kind, body, .. } if in_region.is_some() => {
                    let assigns: Vec<(&Expr, &Expr)> = body
                        .iter()
                        .filter_map(|s| if let StmtKind::Assign { lhs, rhs } = &s.kind { Some((lhs, rhs)) } else { None })
                        .collect();
                    let target = match (kind, assigns.as_slice()) {
                        (ast::AtomicKind::Read, [(_, x)]) => Some(*x),
                        (ast::AtomicKind::Update | ast::AtomicKind::Write, [(x, _)]) => Some(*x),
                        // Capture: the statement that is not a plain copy updates the target.
                        (ast::AtomicKind::Capture, [(a, ra), (b, _)]) => Some(if matches!(ra.kind, ExprKind::Name(_)) { *b } else { *a }),
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
    walk(&p.body, &mut out, syms, None, false);
    // Atomic reads put the read variable in the set too, but `v` in `v = x` must stay
    // private; only shared targets matter and an extra memory scalar is harmless.
    out
}

/// Scalar names assigned in the statements (loop variables and privates excluded).
fn assigned(ss: &[ast::Stmt], out: &mut BTreeSet<String>, syms: &Symbols, loopvars: &mut Vec<String>) {
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
            StmtKind::AccLoop { dir, do_stmt } => {
                let privs = private_names(&dir.clauses);
                loopvars.extend(privs.iter().cloned());
                assigned(std::slice::from_ref(do_stmt), out, syms, loopvars);
                loopvars.truncate(loopvars.len() - privs.len());
            }
            StmtKind::AccAtomic { body, .. } => assigned(body, out, syms, loopvars),
            StmtKind::AccBlock { body, .. } => assigned(body, out, syms, loopvars),
            _ => {}
        }
    }
}

fn private_names(cs: &[ast::AccClause]) -> Vec<String> {
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

fn red_op(op: ast::RedOp) -> RedOp {
    match op {
        ast::RedOp::Add => RedOp::Add,
        ast::RedOp::Mul => RedOp::Mul,
        ast::RedOp::Max => RedOp::Max,
        ast::RedOp::Min => RedOp::Min,
        ast::RedOp::Iand | ast::RedOp::And => RedOp::And,
        ast::RedOp::Ior | ast::RedOp::Or => RedOp::Or,
        ast::RedOp::Ieor | ast::RedOp::Neqv => RedOp::Xor,
        ast::RedOp::Eqv => RedOp::Eqv,
    }
}

impl<'a> G<'a> {
    // ----- emission helpers -----
    fn emit(&mut self, s: Stmt) {
        if let Some(b) = self.blocks.last_mut() {
            b.push(s);
        }
    }
    fn push_block(&mut self) {
        self.blocks.push(Vec::new());
    }
    fn pop_block(&mut self) -> Vec<Stmt> {
        self.blocks.pop().unwrap_or_default()
    }
    fn tmp(&mut self, ty: Ty) -> VarId {
        let n = self.f.vars.len();
        self.f.new_var(format!("t.{n}"), ty)
    }
    fn val(&mut self, ty: Ty, rv: Rv) -> Op {
        if let Rv::Use(o) = rv {
            return o;
        }
        let t = self.tmp(ty);
        self.emit(Stmt::Assign(t, rv));
        Op::Var(t)
    }
    fn bin(&mut self, ty: Ty, op: BinOp, a: Op, b: Op) -> Op {
        // Fold the common constant cases so the dumps stay readable.
        if let (Op::I64(x), Op::I64(y)) = (&a, &b) {
            match op {
                BinOp::Add => return Op::I64(x.wrapping_add(*y)),
                BinOp::Sub => return Op::I64(x.wrapping_sub(*y)),
                BinOp::Mul => return Op::I64(x.wrapping_mul(*y)),
                _ => {}
            }
        }
        if op == BinOp::Mul && (a == Op::I64(1)) {
            return b;
        }
        if (op == BinOp::Mul || op == BinOp::Div) && b == Op::I64(1) {
            return a;
        }
        if (op == BinOp::Add || op == BinOp::Sub) && b == Op::I64(0) {
            return a;
        }
        if op == BinOp::Add && a == Op::I64(0) {
            return b;
        }
        let rt = match op {
            BinOp::Eq | BinOp::BitEq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Ty::I32,
            _ => ty,
        };
        self.val(rt, Rv::Binary(op, a, b))
    }
    fn conv(&mut self, o: Op, to: Ty) -> Op {
        let from = self.f.op_ty(&o);
        if from == to {
            return o;
        }
        match (&o, to) {
            (Op::I32(x), Ty::I64) => return Op::I64(*x as i64),
            (Op::I64(x), Ty::I32) => return Op::I32(*x as i32),
            (Op::I32(x), Ty::F64) => return Op::F64(*x as f64),
            (Op::I32(x), Ty::F32) => return Op::F32(*x as f32),
            (Op::F32(x), Ty::F64) => return Op::F64(*x as f64),
            _ => {}
        }
        self.val(to, Rv::Cast(to, o))
    }
    fn line(&self, sp: Span) -> u32 {
        gpuf_frontend::diag::line_col(self.src, sp.lo as usize).0 as u32
    }
    fn not_yet(&mut self, what: impl AsRef<str>, sp: Span) {
        self.diags.push(Diagnostic::not_yet(what, sp));
    }

    // ----- names -----
    fn lookup(&self, name: &str) -> Option<Home> {
        for scope in self.overrides.iter().rev() {
            if let Some(h) = scope.get(name) {
                return Some(h.clone());
            }
        }
        self.homes.get(name).cloned()
    }

    /// The number of leading parameters that carry a character function's result.
    fn result_params(&self) -> usize {
        let r = match self.unit.kind {
            UnitKind::Function => self.unit.result.as_ref().unwrap_or(&self.unit.name),
            _ => return 0,
        };
        match self.syms.get(&r.name) {
            Some(s) if s.base == BaseTy::Character => 2,
            // An array result's descriptor.
            Some(s) if s.rank > 0 => 1,
            _ => 0,
        }
    }

    fn declare(&mut self, mem: &BTreeSet<String>) {
        let syms = self.syms;
        let unit = self.unit;
        // Dummy arguments arrive by reference: one pointer parameter each.
        let params: Vec<VarId> = unit.args.iter().map(|a| self.f.new_var(format!("{}.arg", a.name), Ty::Ptr)).collect();
        self.f.params = params.clone();
        let result_name = match unit.kind {
            UnitKind::Function => Some(unit.result.as_ref().unwrap_or(&unit.name).name.clone()),
            _ => None,
        };
        // A character function (gfortran's convention): the caller passes the result's
        // buffer and its length (an `I64` passed as a pointer) before the arguments.
        if let Some(r) = result_name.as_deref().and_then(|r| syms.get(r)).filter(|r| r.base == BaseTy::Character) {
            if r.rank > 0 {
                self.not_yet("character-valued functions returning arrays", r.span);
            }
            let addr = self.f.new_var(format!("{}.res", r.name), Ty::Ptr);
            let hidden = self.f.new_var(format!("{}.reslen", r.name), Ty::Ptr);
            self.f.params.insert(0, hidden);
            self.f.params.insert(0, addr);
            let len = self.f.new_var(format!("{}.len", r.name), Ty::I64);
            self.emit(Stmt::Assign(len, Rv::Cast(Ty::I64, Op::Var(hidden))));
            self.homes.insert(r.name.clone(), Home::Chars { addr, len });
        }
        // An array result arrives as a hidden first argument: its descriptor.
        let array_result = result_name.as_deref().and_then(|r| syms.get(r)).filter(|s| s.rank > 0 && s.base != BaseTy::Character);
        let result_desc = array_result.map(|_| self.f.new_var("result.desc", Ty::Ptr));
        if let Some(rd) = result_desc {
            self.f.params.insert(0, rd);
        }
        // gfortran's hidden lengths: one more parameter per character dummy, in order
        // (an `I64` passed where codegen declares every parameter a pointer).
        let mut char_arrays = Vec::new();
        for a in &unit.args {
            let Some(s) = syms.get(&a.name).filter(|s| s.base == BaseTy::Character && !s.external) else { continue };
            let Some(&pv) = unit.args.iter().position(|x| x.name == a.name).and_then(|i| params.get(i)) else { continue };
            let hidden = self.f.new_var(format!("{}.hlen", a.name), Ty::Ptr);
            self.f.params.push(hidden);
            let len = self.f.new_var(format!("{}.len", a.name), Ty::I64);
            let n = match &s.char_len {
                None => Rv::Use(Op::I64(1)),
                Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(v, _), .. })) => Rv::Use(Op::I64(*v)),
                _ => Rv::Cast(Ty::I64, Op::Var(hidden)),
            };
            self.emit(Stmt::Assign(len, n));
            if s.rank > 0 {
                if s.dims.iter().any(|d| matches!(d, DimSpec::Deferred(_))) {
                    self.not_yet(format!("assumed-shape character array dummy argument `{}`", s.name), s.span);
                }
                char_arrays.push((s, pv, len));
                continue;
            }
            self.homes.insert(s.name.clone(), Home::Chars { addr: pv, len });
        }
        // The host frame comes after the hidden lengths (and before a complex result's
        // address, which codegen's wrapper expects last).
        if let Some(fp) = self.receive_frame() {
            self.f.params.push(fp);
        }
        // Character array dummies: shapes may use scalar dummies, set up below.
        let char_arrays: Vec<(&gpuf_frontend::sema::Symbol, VarId, VarId)> = char_arrays;
        // Scalar dummies first: array bounds may use them whatever the declaration order.
        for s in &syms.list {
            if let (Some(i), 0) = (s.dummy, s.rank) {
                if let Some(&pv) = params.get(i) {
                    if s.base != BaseTy::Character || s.external {
                        self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
                    }
                    if let (BaseTy::Derived(k), Some(ast::Intent::Out)) = (s.base, s.intent) {
                        // `intent(out)` derived-type dummies get their default values on entry.
                        self.init_struct(Op::Var(pv), k);
                    }
                }
            }
        }
        for (s, pv, len) in char_arrays {
            let desc = self.new_desc(s);
            self.emit(Stmt::Assign(desc.addr, Rv::Use(Op::Var(pv))));
            self.set_shape(&desc, &s.dims, s.span);
            self.homes.insert(s.name.clone(), Home::CharArray { d: desc, len });
        }
        for s in &syms.list {
            if s.external || (s.dummy.is_some() && (s.rank == 0 || s.base == BaseTy::Character)) {
                continue;
            }
            if s.host && !s.parameter && s.module.is_none() {
                if !self.homes.contains_key(&s.name) {
                    self.host_vars.push(s.name.clone());
                }
                continue;
            }
            if let Some(i) = s.dummy {
                let Some(&pv) = params.get(i) else { continue };
                if s.rank == 0 {
                    self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
                } else if Self::is_assumed_shape_dummy(s) {
                    self.declare_assumed_shape(s, pv);
                } else {
                    let desc = self.new_desc(s);
                    self.emit(Stmt::Assign(desc.addr, Rv::Use(Op::Var(pv))));
                    self.set_shape(&desc, &s.dims, s.span);
                    if let (BaseTy::Derived(k), Some(ast::Intent::Out)) = (s.base, s.intent) {
                        if s.dims.iter().any(|d| matches!(d, DimSpec::AssumedSize(_))) {
                            self.not_yet("assumed-size `intent(out)` arrays of derived type", s.span);
                        } else {
                            self.init_array_elems(&desc, k);
                        }
                    }
                }
                continue;
            }
            if let (BaseTy::Derived(k), false) = (s.base, result_name.as_deref() == Some(s.name.as_str())) {
                let saved_here = unit.kind != UnitKind::Program && (s.save || s.init.is_some());
                let saved = match &s.module {
                    Some(m) => Some((format!("__{m}_MOD_{}", s.module_name.as_deref().unwrap_or(&s.name)), false)),
                    None if saved_here => Some((format!("{}.{}", self.f.name, s.name), true)),
                    None => None,
                };
                self.declare_derived(s, k, saved);
                continue;
            }
            if result_name.as_deref() == Some(s.name.as_str()) {
                if let BaseTy::Derived(k) = s.base {
                    if s.rank > 0 {
                        self.not_yet("array-valued functions", s.span);
                        self.declare_derived(s, k, None);
                    } else {
                        self.declare_derived_result(s, k);
                    }
                    continue;
                }
                if s.rank > 0 {
                    if s.base == BaseTy::Character || s.allocatable || !s.dims.iter().all(|d| matches!(d, DimSpec::Explicit { .. })) {
                        self.not_yet("array-valued functions other than with explicit-shape results", s.span);
                    }
                    continue;
                }
                if s.base == BaseTy::Character {
                    // Set up with the parameters above.
                    continue;
                }
                if let Some(pt) = complex::part_ty(s.base) {
                    self.complex_result(s, pt);
                    continue;
                }
                let v = self.f.new_var(s.name.clone(), ir_ty(s.base));
                self.f.result = Some(v);
                if mem.contains(&s.name) {
                    // A directive needs the result's address (a data clause or reduction):
                    // keep it in memory and load it into the returned variable at `return`.
                    let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                    self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![Op::I64(8)], Ty::Ptr)));
                    self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
                    self.result_mem = Some((p, v, ir_ty(s.base)));
                } else {
                    self.homes.insert(s.name.clone(), Home::Reg(v, s.base));
                }
                continue;
            }
            let saved_here = unit.kind != UnitKind::Program && (s.save || s.init.is_some()) && !s.parameter;
            if let (Some(pt), 0) = (complex::part_ty(s.base), s.rank) {
                if s.parameter {
                    // A complex named constant: a local copy of its value.
                    self.complex_local(s, pt);
                    continue;
                }
                if s.module.is_some() || saved_here {
                    let (gname, local) = match &s.module {
                        Some(m) => (format!("__{m}_MOD_{}", s.module_name.as_deref().unwrap_or(&s.name)), false),
                        None => (format!("{}.{}", self.f.name, s.name), true),
                    };
                    self.complex_saved(s, pt, gname, local);
                    continue;
                }
            } else if complex::part_ty(s.base).is_some() && s.parameter {
                self.not_yet("complex named constant arrays", s.span);
                continue;
            }
            if (s.module.is_some() || saved_here) && s.base != BaseTy::Character {
                let (gname, local) = match &s.module {
                    Some(m) => (format!("__{m}_MOD_{}", s.module_name.as_deref().unwrap_or(&s.name)), false),
                    None => (format!("{}.{}", self.f.name, s.name), true),
                };
                if s.rank > 0 {
                    self.saved_array(s, gname, local);
                    continue;
                }
                let init = match &s.init {
                    Some(e) => match const_value(e, ir_ty(s.base), syms) {
                        Some(v) => v,
                        None => {
                            self.not_yet(format!("a non-constant initial value for `{}`", s.name), e.span);
                            zero_of(ir_ty(s.base))
                        }
                    },
                    None => zero_of(ir_ty(s.base)),
                };
                if !self.globals.iter().any(|g| g.name == gname) {
                    self.globals.push(Global { name: gname.clone(), ty: ir_ty(s.base), init, local, external: false });
                }
                let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                self.emit(Stmt::Assign(p, Rv::GlobalAddr(gname)));
                self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
                continue;
            }
            if s.base == BaseTy::Character {
                if s.parameter && s.rank == 0 {
                    if let Some(Expr { kind: ExprKind::Str(v), .. }) = &s.init {
                        self.homes.insert(s.name.clone(), Home::Str(v.clone()));
                    }
                } else {
                    self.declare_chars(s);
                }
                continue;
            }
            let ty = ir_ty(s.base);
            if let (Some(pt), 0) = (complex::part_ty(s.base), s.rank) {
                self.complex_local(s, pt);
                continue;
            }
            if s.rank == 0 {
                // Narrow integers too: passed by reference, a callee stores one or two bytes.
                if mem.contains(&s.name) || mem_ty(s.base) != ty {
                    let p = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                    self.emit(Stmt::Assign(p, Rv::Call("gpuf_alloc".into(), vec![Op::I64(8)], Ty::Ptr)));
                    self.homes.insert(s.name.clone(), Home::Mem(p, s.base));
                } else {
                    let v = self.f.new_var(s.name.clone(), ty);
                    self.homes.insert(s.name.clone(), Home::Reg(v, s.base));
                }
                if let Some(init) = &s.init {
                    let o = self.expr(init);
                    let o = self.conv(o, ty);
                    self.store_name(&s.name, o);
                } else {
                    // gfortran's locals usually start as zero (static or fresh stack); doing
                    // the same keeps programs that read them early reproducible.
                    self.store_name(&s.name, zero_of(ty));
                }
            } else {
                let desc = self.new_desc(s);
                let addr = desc.addr;
                if unit.kind != UnitKind::Program {
                    self.frees.push(addr);
                }
                if s.allocatable {
                    self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
                    for d in 0..s.rank as usize {
                        self.emit(Stmt::Assign(desc.lb[d], Rv::Use(Op::I64(1))));
                        self.emit(Stmt::Assign(desc.ext[d], Rv::Use(Op::I64(0))));
                    }
                } else {
                    self.set_shape(&desc, &s.dims, s.span);
                    let bytes = self.desc_bytes(&desc);
                    self.emit(Stmt::Assign(addr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr)));
                    if let Some(init) = &s.init {
                        self.fill_array(&desc, init);
                    }
                }
            }
        }
        if let (Some(s), Some(rd)) = (array_result, result_desc) {
            self.declare_array_result(s, rd);
        }
        self.build_frame();
    }

    /// The host variables an internal procedure can see through its host frame, in frame
    /// order, with their number of pointer slots: one per scalar, address and length of
    /// a character variable, data address plus lower bound and extent per dimension of
    /// an array.
    fn frame_layout(host: &Symbols) -> Vec<(String, usize)> {
        host.list
            .iter()
            .filter(|s| !s.parameter && !s.external && s.module.is_none() && !s.host)
            .map(|s| {
                let slots = if s.rank > 0 && s.base == BaseTy::Character {
                    2 + 2 * s.rank as usize
                } else if s.rank > 0 {
                    1 + 2 * s.rank as usize
                } else if s.base == BaseTy::Character {
                    2
                } else {
                    1
                };
                (s.name.clone(), slots)
            })
            .collect()
    }

    /// This unit's index in the file.
    fn unit_index(&self) -> Option<usize> {
        self.units.iter().position(|u| std::ptr::eq(&u.unit, self.unit))
    }

    /// Whether procedure `key` is an internal procedure (it takes a host frame).
    fn takes_frame(&self, key: &str) -> bool {
        let units = self.units;
        units.iter().any(|u| {
            u.key.as_deref() == Some(key)
                && matches!(u.unit.kind, UnitKind::Subroutine | UnitKind::Function)
                && u.host.and_then(|h| units.get(h)).is_some_and(|h| h.unit.kind != UnitKind::Module)
        })
    }

    /// In an internal procedure: the frame parameter, and homes for the host's variables
    /// through it.
    fn receive_frame(&mut self) -> Option<VarId> {
        let units = self.units;
        let me = units.get(self.unit_index()?)?;
        let host = units.get(me.host?)?;
        if host.unit.kind == UnitKind::Module {
            return None;
        }
        let fp = self.f.new_var("host.frame", Ty::Ptr);
        self.frame = Some(fp);
        let mut slot = 0i64;
        for (name, n) in Self::frame_layout(&host.symbols) {
            let base = slot;
            slot += n as i64;
            let Some(s) = self.syms.get(&name).filter(|s| s.host) else { continue };
            let char_array = s.rank > 0 && s.base == BaseTy::Character;
            let ptr_at = |g: &mut Self, k: i64| {
                let a = g.val(Ty::Ptr, Rv::PtrAdd(Op::Var(fp), Op::I64((base + k) * 8)));
                g.val(Ty::Ptr, Rv::Load(Ty::Ptr, a))
            };
            if s.rank > 0 {
                let desc = self.new_desc(s);
                let mut parts = vec![(desc.addr, Ty::Ptr)];
                for d in 0..s.rank as usize {
                    parts.push((desc.lb[d], Ty::I64));
                    parts.push((desc.ext[d], Ty::I64));
                }
                if char_array {
                    let len = self.f.new_var(format!("{}.len", s.name), Ty::I64);
                    parts.push((len, Ty::I64));
                    self.homes.insert(s.name.clone(), Home::CharArray { d: desc.clone(), len });
                }
                for (k, (v, t)) in parts.into_iter().enumerate() {
                    let p = ptr_at(self, k as i64);
                    let pv = self.tmp(Ty::Ptr);
                    self.emit(Stmt::Assign(pv, Rv::Use(p)));
                    self.emit(Stmt::Assign(v, Rv::Load(t, Op::Var(pv))));
                    self.frame_back.push((pv, v, t));
                }
            } else if s.base == BaseTy::Character {
                let addr = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                let len = self.f.new_var(format!("{}.len", s.name), Ty::I64);
                for (k, (v, t)) in [(addr, Ty::Ptr), (len, Ty::I64)].into_iter().enumerate() {
                    let p = ptr_at(self, k as i64);
                    let pv = self.tmp(Ty::Ptr);
                    self.emit(Stmt::Assign(pv, Rv::Use(p)));
                    self.emit(Stmt::Assign(v, Rv::Load(t, Op::Var(pv))));
                    self.frame_back.push((pv, v, t));
                }
                self.homes.insert(s.name.clone(), Home::Chars { addr, len });
            } else {
                let p = ptr_at(self, 0);
                let pv = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
                self.emit(Stmt::Assign(pv, Rv::Use(p)));
                self.homes.insert(s.name.clone(), Home::Mem(pv, s.base));
            }
        }
        Some(fp)
    }

    /// In a unit with internal procedures: the frame of pointers to its variables.
    fn build_frame(&mut self) {
        let units = self.units;
        let Some(me) = self.unit_index() else { return };
        if self.unit.kind == UnitKind::Module || !units.iter().any(|u| u.host == Some(me)) {
            return;
        }
        let layout = Self::frame_layout(self.syms);
        let total: usize = layout.iter().map(|(_, n)| n).sum();
        let fp = self.f.new_var("frame", Ty::Ptr);
        self.emit(Stmt::Assign(fp, Rv::Call("gpuf_alloc".into(), vec![Op::I64((total.max(1) * 8) as i64)], Ty::Ptr)));
        if self.unit.kind != UnitKind::Program {
            self.frees.push(fp);
        }
        self.frame = Some(fp);
        let mut slot = 0i64;
        for (name, n) in layout {
            let ptrs: Vec<Op> = match self.homes.get(&name).cloned() {
                Some(Home::Reg(v, _)) => vec![self.val(Ty::Ptr, Rv::AddrOf(v))],
                Some(Home::Mem(p, _)) => vec![Op::Var(p)],
                Some(Home::Array(d)) if d.lb.len() * 2 + 1 == n => {
                    let mut v = vec![self.val(Ty::Ptr, Rv::AddrOf(d.addr))];
                    for k in 0..d.lb.len() {
                        v.push(self.val(Ty::Ptr, Rv::AddrOf(d.lb[k])));
                        v.push(self.val(Ty::Ptr, Rv::AddrOf(d.ext[k])));
                    }
                    v
                }
                Some(Home::Chars { addr, len }) => vec![self.val(Ty::Ptr, Rv::AddrOf(addr)), self.val(Ty::Ptr, Rv::AddrOf(len))],
                Some(Home::CharArray { d, len }) if d.lb.len() * 2 + 2 == n => {
                    let mut v = vec![self.val(Ty::Ptr, Rv::AddrOf(d.addr))];
                    for k in 0..d.lb.len() {
                        v.push(self.val(Ty::Ptr, Rv::AddrOf(d.lb[k])));
                        v.push(self.val(Ty::Ptr, Rv::AddrOf(d.ext[k])));
                    }
                    v.push(self.val(Ty::Ptr, Rv::AddrOf(len)));
                    v
                }
                _ => Vec::new(),
            };
            for (k, p) in ptrs.into_iter().enumerate().take(n) {
                let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(fp), Op::I64((slot + k as i64) * 8)));
                self.emit(Stmt::Store(Ty::Ptr, a, p));
            }
            slot += n as i64;
        }
    }

    /// A local character variable: a buffer of its length filled with blanks (or its
    /// initial value); a deferred-length one starts unallocated.
    fn declare_chars(&mut self, s: &gpuf_frontend::sema::Symbol) {
        let saved = s.module.is_some() || (self.unit.kind != UnitKind::Program && (s.save || s.init.is_some()));
        if saved && !s.parameter {
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

    /// A reference to a character function: the caller evaluates the result's length
    /// (from the callee's declaration, with its dummy arguments bound to the actual
    /// arguments), passes a temporary buffer of that length and the length first.
    fn char_call(&mut self, name: &ast::Ident, args: &[Arg], sp: Span) -> (Op, Op) {
        let none = (Op::Null, Op::I64(0));
        let units = self.units;
        let callee = units.iter().find(|u| u.key.as_deref() == Some(name.name.as_str()) && u.unit.kind == UnitKind::Function);
        let rname = callee.map(|u| u.unit.result.as_ref().unwrap_or(&u.unit.name).name.clone());
        let rsym = callee.zip(rname).and_then(|(u, r)| u.symbols.get(&r));
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
            _ => {
                self.not_yet("a reference to this character function (its result length is not known here)", sp);
                return none;
            }
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

    /// A saved or module character variable or array: a global pointer to its bytes,
    /// allocated and initialised the first time a unit that sees it runs.
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
        let (gname, local) = match &s.module {
            Some(m) => (format!("__{m}_MOD_{}", s.module_name.as_deref().unwrap_or(&s.name)), false),
            None => (format!("{}.{}", self.f.name, s.name), true),
        };
        if !self.globals.iter().any(|g| g.name == gname) {
            self.globals.push(Global { name: gname.clone(), ty: Ty::Ptr, init: Op::Null, local, external: false });
        }
        let len = self.f.new_var(format!("{}.len", s.name), Ty::I64);
        self.emit(Stmt::Assign(len, Rv::Use(Op::I64(n.max(0)))));
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
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
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

    fn char_array_bytes(&mut self, d: &Desc, len: VarId) -> Op {
        let mut n = self.bin(Ty::I64, BinOp::Max, Op::Var(len), Op::I64(1));
        for e in d.ext.clone() {
            n = self.bin(Ty::I64, BinOp::Mul, n, Op::Var(e));
        }
        n
    }

    fn blank_char_array(&mut self, d: &Desc, len: VarId) {
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
    fn char_items(&mut self, e: &Expr, f: &mut dyn FnMut(&mut Self, Op, Op)) {
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
                // Each dimension: a fixed subscript, or a range walked by a loop.
                let mut dims: Vec<Result<Op, (Op, Op, Op)>> = Vec::new();
                for (k, sub) in subs.iter().enumerate() {
                    match sub {
                        Arg::Index(x) | Arg::Keyword(_, x) => {
                            let v = self.expr(x);
                            dims.push(Ok(self.conv(v, Ty::I64)));
                        }
                        Arg::Range { lo, hi, stride, .. } => {
                            let l = self.range_lo(&d, k, lo.as_ref());
                            let h = self.range_hi(&d, k, hi.as_ref());
                            let st = match stride {
                                Some(x) => {
                                    let v = self.expr(x);
                                    self.conv(v, Ty::I64)
                                }
                                None => Op::I64(1),
                            };
                            dims.push(Err((l, h, st)));
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
            _ => self.not_yet("this character array expression", e.span),
        }
    }

    fn char_section_rec(
        &mut self,
        d: &Desc,
        len: VarId,
        dims: &[Result<Op, (Op, Op, Op)>],
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
            Err((l, h, st)) => {
                let id = self.f.new_loop();
                let v = self.tmp(Ty::I64);
                idx[k - 1] = Op::Var(v);
                self.push_block();
                self.char_section_rec(d, len, dims, k - 1, idx, f);
                let b = self.pop_block();
                self.emit(Stmt::Loop { id, var: v, lo: l.clone(), hi: h.clone(), step: st.clone(), body: b, acc: None });
            }
        }
    }

    /// Assignment to a whole character array or a rank-1 section: from a scalar (every
    /// element), or element by element from another array or a constructor.
    fn assign_char_array(&mut self, lhs: &Expr, rhs: &Expr, sp: Span) {
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
        let lo = match lo {
            Some(x) => {
                let v = self.expr(x);
                self.conv(v, Ty::I64)
            }
            None => Op::I64(1),
        };
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

    /// The base and IR types of index variable `var` and its bounds and step (default 1) in that type,
    /// for implied-do loops and `forall`/`do concurrent` indices.
    fn index_bounds(&mut self, var: &str, lo: &Expr, hi: &Expr, step: Option<&Expr>) -> (BaseTy, Ty, Op, Op, Op) {
        let base = self.syms.get(var).map_or(BaseTy::Integer(4), |s| s.base);
        let vt = ir_ty(base);
        let lo = self.expr(lo);
        let lo = self.conv(lo, vt);
        let hi = self.expr(hi);
        let hi = self.conv(hi, vt);
        let st = match step {
            Some(x) => {
                let v = self.expr(x);
                self.conv(v, vt)
            }
            None => self.conv(Op::I32(1), vt),
        };
        (base, vt, lo, hi, st)
    }

    /// A temporary character buffer of `n` bytes (an `I64`), freed after the statement.
    fn str_temp(&mut self, n: Op) -> Op {
        let size = self.bin(Ty::I64, BinOp::Max, n, Op::I64(1));
        let t = self.f.new_var(format!("str.{}", self.f.vars.len()), Ty::Ptr);
        self.emit(Stmt::Assign(t, Rv::Call("gpuf_alloc".into(), vec![size], Ty::Ptr)));
        self.str_temps.push(t);
        Op::Var(t)
    }

    /// A scalar character expression as its address and its length (an `I64`).
    fn str_expr(&mut self, e: &Expr) -> (Op, Op) {
        if let Some(s) = self.const_str(e) {
            let n = s.len() as i64;
            return (Op::Str(s), Op::I64(n));
        }
        let none = (Op::Null, Op::I64(0));
        if self.region.is_some() {
            self.not_yet("character operations inside compute constructs", e.span);
            return none;
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
                    if subs.iter().all(|s| matches!(s, Arg::Index(_))) {
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
                    let n = s.len() as i64;
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
                    Intrinsic::Achar | Intrinsic::Char => {
                        let c = int(self, 0, Ty::I32);
                        let t = self.str_temp(Op::I64(1));
                        self.emit(Stmt::Call("gpuf_str_char".into(), vec![t.clone(), c]));
                        (t, Op::I64(1))
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

    /// The integer-valued character intrinsics: `len`, `len_trim`, `index`, `ichar`,
    /// `iachar` (as `I32`).
    fn char_int_intrinsic(&mut self, func: Intrinsic, args: &[Expr]) -> Op {
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
            _ => return self.val(Ty::I32, Rv::Call("gpuf_str_ichar".into(), vec![a, la], Ty::I32)),
        };
        self.conv(v, Ty::I32)
    }

    /// Assignment to a character variable or substring: blank padding or truncation; a
    /// deferred-length variable is (re)allocated to the value's length.
    fn assign_chars(&mut self, lhs: &Expr, rhs: &Expr) {
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
                return;
            }
        }
        let (dst, dl) = self.str_expr(lhs);
        self.emit(Stmt::Call("gpuf_str_copy".into(), vec![dst, dl, src, sl]));
    }

    /// Frees the temporary character buffers made since `mark`.
    fn free_str_temps(&mut self, mark: usize) {
        for t in self.str_temps.split_off(mark) {
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(t)]));
        }
    }

    /// An array with static storage (saved, or a module variable): a global pointer to its
    /// data, allocated and initialised the first time the unit runs.
    fn saved_array(&mut self, s: &gpuf_frontend::sema::Symbol, gname: String, local: bool) {
        if s.allocatable {
            self.global_alloc_array(s, gname, local);
            return;
        }
        if s.dims.iter().any(|d| matches!(d, DimSpec::Deferred(_))) {
            self.not_yet(format!("saved or module allocatable array `{}`", s.name), s.span);
            return;
        }
        if !self.globals.iter().any(|g| g.name == gname) {
            self.globals.push(Global { name: gname.clone(), ty: Ty::Ptr, init: Op::Null, local, external: false });
        }
        let desc = self.new_desc(s);
        self.set_shape(&desc, &s.dims, s.span);
        let gp = self.val(Ty::Ptr, Rv::GlobalAddr(gname));
        self.emit(Stmt::Assign(desc.addr, Rv::Load(Ty::Ptr, gp.clone())));
        let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(desc.addr), Op::Null));
        self.push_block();
        let bytes = self.desc_bytes(&desc);
        self.emit(Stmt::Assign(desc.addr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr)));
        self.emit(Stmt::Store(Ty::Ptr, gp, Op::Var(desc.addr)));
        if let Some(init) = &s.init {
            self.fill_array(&desc, init);
        }
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
    }

    /// A module or saved allocatable array: its descriptor (data address, then lower bound
    /// and extent per dimension) lives in a block that a global points to, created by
    /// the first unit that runs. Units copy it into their descriptor variables on entry
    /// and after every call, and write it back when they (re)allocate the array.
    fn global_alloc_array(&mut self, s: &gpuf_frontend::sema::Symbol, gname: String, local: bool) {
        if !self.globals.iter().any(|g| g.name == gname) {
            self.globals.push(Global { name: gname.clone(), ty: Ty::Ptr, init: Op::Null, local, external: false });
        }
        let desc = self.new_desc(s);
        let gp = self.val(Ty::Ptr, Rv::GlobalAddr(gname));
        let block = self.f.new_var(format!("{}.desc", s.name), Ty::Ptr);
        self.emit(Stmt::Assign(block, Rv::Load(Ty::Ptr, gp.clone())));
        let first = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(block), Op::Null));
        self.push_block();
        let bytes = 8 * (1 + 2 * desc.lb.len() as i64);
        self.emit(Stmt::Assign(block, Rv::Call("gpuf_alloc".into(), vec![Op::I64(bytes)], Ty::Ptr)));
        for k in 0..desc.lb.len() as i64 {
            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(block), Op::I64(8 + 16 * k)));
            self.emit(Stmt::Store(Ty::I64, a, Op::I64(1)));
        }
        self.emit(Stmt::Store(Ty::Ptr, gp, Op::Var(block)));
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond: first, then_body, else_body: vec![] });
        self.global_descs.push((block, desc));
        self.reload_global_descs();
    }

    /// The parts of a global descriptor block, with their variables and types.
    fn global_desc_parts(block: VarId, d: &Desc) -> Vec<(VarId, i64, Ty)> {
        let mut v = vec![(d.addr, 0, Ty::Ptr)];
        for (k, (lb, ext)) in d.lb.iter().zip(&d.ext).enumerate() {
            v.push((*lb, 8 + 16 * k as i64, Ty::I64));
            v.push((*ext, 16 + 16 * k as i64, Ty::I64));
        }
        let _ = block;
        v
    }

    /// Reloads the descriptors of module and saved allocatable arrays (after a call, which
    /// may have allocated or deallocated them).
    fn reload_global_descs(&mut self) {
        for (g, old) in std::mem::take(&mut self.frame_restores) {
            let ga = self.val(Ty::Ptr, Rv::GlobalAddr(g));
            self.emit(Stmt::Store(Ty::Ptr, ga, Op::Var(old)));
        }
        if self.region.is_some() {
            return;
        }
        for (block, d) in self.global_descs.clone() {
            for (v, off, t) in Self::global_desc_parts(block, &d) {
                let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(block), Op::I64(off)));
                self.emit(Stmt::Assign(v, Rv::Load(t, a)));
            }
        }
    }

    /// Writes back the descriptor of `name` if it is a module or saved allocatable array.
    fn store_global_desc(&mut self, name: &str) {
        let Some(Home::Array(d)) = self.lookup(name) else { return };
        let Some((block, _)) = self.global_descs.iter().find(|(_, g)| g.addr == d.addr).cloned() else { return };
        for (v, off, t) in Self::global_desc_parts(block, &d) {
            let a = self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(block), Op::I64(off)));
            self.emit(Stmt::Store(t, a, Op::Var(v)));
        }
    }

    /// Initialises every element of an array with a scalar initial value.
    fn fill_array(&mut self, d: &Desc, init: &Expr) {
        if init.ty.rank() > 0 {
            let mark = self.materialize(init);
            let t = ir_ty(d.base);
            let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
            let d2 = d.clone();
            let linear = d.lb.len() > 1 && init.ty.rank() == 1;
            self.scalarise(&shape, &mut |g, idx| {
                // A rank-1 value (from `data`) fills a higher-rank array in element order.
                let v = if linear {
                    let zero: Vec<Op> = d2.lb.iter().map(|l| Op::Var(*l)).collect();
                    let at: Vec<Op> = zero.iter().zip(idx).map(|(l, i)| g.bin(Ty::I64, BinOp::Add, l.clone(), i.clone())).collect();
                    let k = g.elem_offset(&d2, &at);
                    g.expr_at(init, &[k])
                } else {
                    g.expr_at(init, idx)
                };
                let v = g.conv(v, t);
                let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
                let a = g.elem_addr(&d2, &subs);
                g.store_as(d2.base, a, v);
            });
            self.free_mats(mark);
            return;
        }
        let t = ir_ty(d.base);
        let v = self.expr(init);
        let v = self.conv(v, t);
        let shape: Vec<Op> = d.ext.iter().map(|e| Op::Var(*e)).collect();
        let d2 = d.clone();
        self.scalarise(&shape, &mut |g, idx| {
            let subs: Vec<Op> = d2.lb.iter().zip(idx).map(|(lb, i)| g.bin(Ty::I64, BinOp::Add, Op::Var(*lb), i.clone())).collect();
            let a = g.elem_addr(&d2, &subs);
            g.store_as(d2.base, a, v.clone());
        });
    }

    /// Returns from the unit, freeing the procedure's local arrays first.
    fn ret(&mut self) {
        for (p, v, t) in self.frame_back.clone() {
            self.emit(Stmt::Store(t, Op::Var(p), Op::Var(v)));
        }
        if let Some((p, v, t)) = self.result_mem {
            self.emit(Stmt::Assign(v, Rv::Load(t, Op::Var(p))));
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(p)]));
        }
        self.unpack_dummies();
        for p in self.frees.clone() {
            self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(p)]));
        }
        self.emit(Stmt::Return);
    }

    /// A fresh descriptor for an array symbol, registered as its home.
    fn new_desc(&mut self, s: &gpuf_frontend::sema::Symbol) -> Desc {
        let addr = self.f.new_var(format!("{}.addr", s.name), Ty::Ptr);
        let mut lb = Vec::new();
        let mut ext = Vec::new();
        for d in 0..s.rank {
            lb.push(self.f.new_var(format!("{}.lb{}", s.name, d + 1), Ty::I64));
            ext.push(self.f.new_var(format!("{}.ext{}", s.name, d + 1), Ty::I64));
        }
        let desc = Desc { name: s.name.clone(), base: s.base, addr, lb, ext };
        self.homes.insert(s.name.clone(), Home::Array(desc.clone()));
        desc
    }

    fn set_shape(&mut self, d: &Desc, dims: &[DimSpec], sp: Span) {
        for (k, dim) in dims.iter().enumerate() {
            let (Some(&lbv), Some(&extv)) = (d.lb.get(k), d.ext.get(k)) else { break };
            match dim {
                DimSpec::Explicit { lo, hi } => {
                    let lo = match lo {
                        Some(e) => {
                            let o = self.expr(e);
                            self.conv(o, Ty::I64)
                        }
                        None => Op::I64(1),
                    };
                    let hi = self.expr(hi);
                    let hi = self.conv(hi, Ty::I64);
                    self.emit(Stmt::Assign(lbv, Rv::Use(lo.clone())));
                    let n = self.bin(Ty::I64, BinOp::Sub, hi, lo);
                    let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(1));
                    self.emit(Stmt::Assign(extv, Rv::Binary(BinOp::Max, n, Op::I64(0))));
                }
                DimSpec::AssumedSize(_) => {
                    // `a(*)`: the extent is unknown; elements are addressed from the lower
                    // bound 1, whole-array operations see no elements (sema forbids them).
                    self.emit(Stmt::Assign(lbv, Rv::Use(Op::I64(1))));
                    self.emit(Stmt::Assign(extv, Rv::Use(Op::I64(0))));
                }
                DimSpec::Deferred(_) | DimSpec::AssumedLo { .. } => {
                    self.diags.push(Diagnostic::error("E0210", format!("array `{}` needs an explicit shape here", d.name), sp));
                }
            }
        }
    }

    fn elem_size(&self, b: BaseTy) -> i64 {
        match b {
            BaseTy::Derived(k) => self.type_size(k),
            _ => match complex::part_ty(b) {
                Some(pt) => 2 * pt.size(),
                None => mem_ty(b).size(),
            },
        }
    }

    /// Loads a value of base type `b` from memory (narrow integers sign-extend to `I32`).
    fn load_as(&mut self, b: BaseTy, a: Op) -> Op {
        let (mt, vt) = (mem_ty(b), ir_ty(b));
        let v = self.val(mt, Rv::Load(mt, a));
        if mt == vt {
            v
        } else {
            self.val(vt, Rv::Cast(vt, v))
        }
    }

    /// Stores a value (of type `ir_ty(b)`) as base type `b` (narrow integers truncate).
    fn store_as(&mut self, b: BaseTy, a: Op, v: Op) {
        let mt = mem_ty(b);
        let v = if mt == ir_ty(b) { v } else { self.val(mt, Rv::Cast(mt, v)) };
        self.emit(Stmt::Store(mt, a, v));
    }

    /// Wraps an `I32` value to the range of a narrow integer kind (two's complement, as
    /// gfortran's arithmetic on `integer(1)` and `integer(2)` does); other kinds unchanged.
    fn wrap(&mut self, b: Option<BaseTy>, v: Op) -> Op {
        let Some(b) = b else { return v };
        let mt = mem_ty(b);
        if mt == ir_ty(b) {
            return v;
        }
        if let Op::I32(c) = v {
            return Op::I32(if mt == Ty::I8 { c as i8 as i32 } else { c as i16 as i32 });
        }
        let n = self.val(mt, Rv::Cast(mt, v));
        self.val(Ty::I32, Rv::Cast(Ty::I32, n))
    }

    fn desc_bytes(&mut self, d: &Desc) -> Op {
        let mut n = Op::I64(self.elem_size(d.base));
        for e in d.ext.clone() {
            n = self.bin(Ty::I64, BinOp::Mul, n, Op::Var(e));
        }
        n
    }

    /// Stores a value to a scalar name.
    fn store_name(&mut self, name: &str, v: Op) {
        match self.lookup(name) {
            Some(Home::Reg(var, b)) => {
                let v = self.wrap(Some(b), v);
                self.emit(Stmt::Assign(var, Rv::Use(v)))
            }
            Some(Home::Mem(p, b)) => self.store_as(b, Op::Var(p), v),
            _ => {}
        }
    }

    // ----- expressions -----
    fn expr_ty(&self, e: &Expr) -> Ty {
        match e.ty.base() {
            Some(b) => ir_ty(b),
            None => Ty::I32,
        }
    }

    /// A scalar expression.
    fn expr(&mut self, e: &Expr) -> Op {
        // Array-valued references inside (constructors, `pack`, array functions) are
        // evaluated first unless the statement already did.
        let mark = self.materialize(e);
        let v = self.expr_at(e, &[]);
        self.free_mats(mark);
        v
    }

    /// The element at zero-based position `idx` of an array expression (or a scalar
    /// expression when `idx` is empty or the expression is scalar).
    fn expr_at(&mut self, e: &Expr, idx: &[Op]) -> Op {
        if let Some(v) = self.complex_scalar(e, idx) {
            return v;
        }
        match &e.kind {
            ExprKind::Int(v, k) => {
                if *k == 8 {
                    Op::I64(*v)
                } else {
                    Op::I32(*v as i32)
                }
            }
            ExprKind::Real(v, k) => {
                if *k == 8 {
                    Op::F64(*v)
                } else {
                    Op::F32(*v as f32)
                }
            }
            ExprKind::Logical(b) => Op::I32(*b as i32),
            ExprKind::Str(s) => Op::Str(s.clone()),
            ExprKind::Paren(x) => self.expr_at(x, idx),
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Reg(v, _)) => Op::Var(v),
                Some(Home::Mem(p, BaseTy::Derived(_))) => Op::Var(p),
                Some(Home::Mem(p, b)) => self.load_as(b, Op::Var(p)),
                Some(Home::Array(d)) => {
                    if idx.is_empty() {
                        self.not_yet(format!("array `{}` used as a scalar here", d.name), e.span);
                        return Op::I32(0);
                    }
                    let subs: Vec<Op> = d.lb.iter().map(|lb| Op::Var(*lb)).collect::<Vec<_>>();
                    let subs: Vec<Op> = subs.into_iter().zip(idx).map(|(lb, i)| self.bin(Ty::I64, BinOp::Add, lb, i.clone())).collect();
                    let a = self.elem_addr(&d, &subs);
                    if matches!(d.base, BaseTy::Derived(_)) {
                        return a;
                    }
                    self.load_as(d.base, a)
                }
                Some(Home::CharArray { d, .. }) => {
                    self.not_yet(format!("the character array `{}` here", d.name), e.span);
                    Op::I32(0)
                }
                Some(Home::Str(s)) => Op::Str(s),
                Some(Home::Chars { addr, .. }) => Op::Var(addr),
                None => {
                    if self.host_vars.contains(&id.name) {
                        self.not_yet(format!("host association of `{}` in an internal procedure", id.name), e.span);
                    } else {
                        self.not_yet(format!("use of `{}` here", id.name), e.span);
                    }
                    Op::I32(0)
                }
            },
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else {
                    self.not_yet(format!("`{}` as an array here", name.name), e.span);
                    return Op::I32(0);
                };
                let s = self.subscripts(&d, subs, idx);
                let a = self.elem_addr(&d, &s);
                if matches!(d.base, BaseTy::Derived(_)) {
                    return a;
                }
                self.load_as(d.base, a)
            }
            ExprKind::Component(_) => self.component_value(e, idx),
            ExprKind::StructCtor { ty, args } => self.struct_ctor(*ty, args, e.span),
            ExprKind::Apply { name, .. } => {
                self.not_yet(format!("call of `{}`", name.name), e.span);
                Op::I32(0)
            }
            ExprKind::Call { .. } if self.is_array_call(e) => self.array_call_at(e, idx),
            ExprKind::Call { name, args } if self.is_elemental_array_call(&name.name, args) => {
                self.elemental_call_at(e, &name.name, args, idx)
            }
            // Complex-typed: `complex_scalar` above reported it.
            ExprKind::Complex(..) => Op::F32(0.0),
            ExprKind::Call { name, args } => {
                if e.ty.rank() > 0 {
                    self.not_yet("array-valued function references", e.span);
                }
                if let (Some(BaseTy::Derived(k)), 0) = (e.ty.base(), e.ty.rank()) {
                    return self.call_derived(name, args, e.span, k);
                }
                let rt = self.expr_ty(e);
                let mark = self.call_after.len();
                let v = match self.call_args(name, args, e.span) {
                    Some((link, ops)) => {
                        let v = self.val(rt, Rv::Call(link, ops, rt));
                        self.reload_global_descs();
                        v
                    }
                    None => zero_of(rt),
                };
                self.after_call(mark);
                v
            }
            ExprKind::Unary(op, x) => {
                let t = self.expr_ty(e);
                let v = self.expr_at(x, idx);
                let v = self.conv(v, t);
                match op {
                    ast::UnOp::Plus => v,
                    ast::UnOp::Neg if matches!(e.ty.base(), Some(BaseTy::Integer(1 | 2))) => {
                        let n = self.val(t, Rv::Unary(ir::UnOp::Neg, v));
                        self.wrap(e.ty.base(), n)
                    }
                    ast::UnOp::Neg => match v {
                        Op::I32(c) => Op::I32(c.wrapping_neg()),
                        Op::I64(c) => Op::I64(c.wrapping_neg()),
                        Op::F32(c) => Op::F32(-c),
                        Op::F64(c) => Op::F64(-c),
                        v => self.val(t, Rv::Unary(ir::UnOp::Neg, v)),
                    },
                    ast::UnOp::Not => self.val(Ty::I32, Rv::Unary(ir::UnOp::LNot, v)),
                }
            }
            ExprKind::Binary(op, x, y) => {
                let v = self.binary(e, *op, x, y, idx);
                self.wrap(e.ty.base(), v)
            }
            ExprKind::Intrinsic { func, args } => {
                let v = self.intrinsic(e, *func, args, idx);
                self.wrap(e.ty.base(), v)
            }
            ExprKind::ArrayCtor(_) => {
                let t = self.expr_ty(e);
                let Some((buf, _)) = self.mats.get(&(e as *const Expr as usize)).cloned() else {
                    self.not_yet("an array constructor here", e.span);
                    return zero_of(t);
                };
                let b = e.ty.base().unwrap_or(BaseTy::Integer(4));
                let i = idx.first().cloned().unwrap_or(Op::I64(0));
                let off = self.bin(Ty::I64, BinOp::Mul, i, Op::I64(mem_ty(b).size()));
                let a = self.val(Ty::Ptr, Rv::PtrAdd(buf, off));
                self.load_as(b, a)
            }
        }
    }

    /// Evaluates the array constructors in `e` into temporaries (see [`G::mats`]); returns
    /// the mark to give [`G::free_mats`] after the statement.
    fn materialize(&mut self, e: &Expr) -> usize {
        let mark = self.mat_frees.len();
        self.materialize_rec(e);
        mark
    }
    fn materialize_rec(&mut self, e: &Expr) {
        if let Some((b, _)) = self.mats.get(&(e as *const Expr as usize)) {
            if self.mat_frees.contains(b) {
                return;
            }
        }
        if self.is_array_call(e) {
            return self.materialize_call(e);
        }
        match &e.kind {
            ExprKind::Call { args, .. } | ExprKind::ArrayRef { subs: args, .. } => {
                for a in args {
                    match a {
                        Arg::Index(x) | Arg::Keyword(_, x) => self.materialize_rec(x),
                        Arg::Range { lo, hi, stride, .. } => {
                            for x in [lo, hi, stride].into_iter().flatten() {
                                self.materialize_rec(x);
                            }
                        }
                    }
                }
            }
            ExprKind::Unary(_, x) | ExprKind::Paren(x) => self.materialize_rec(x),
            ExprKind::Binary(_, x, y) => {
                self.materialize_rec(x);
                self.materialize_rec(y);
            }
            ExprKind::Intrinsic { func, args } => {
                for a in args {
                    self.materialize_rec(a);
                }
                if matches!(func, Intrinsic::Pack | Intrinsic::Unpack) {
                    self.materialize_transform(e, *func, args);
                }
            }
            // Character constructors are walked where they are used.
            ExprKind::ArrayCtor(_) if e.ty.base() == Some(BaseTy::Character) => {}
            ExprKind::ArrayCtor(items) => {
                let t = self.expr_ty(e);
                let n = self.tmp(Ty::I64);
                self.emit(Stmt::Assign(n, Rv::Use(Op::I64(0))));
                self.ctor_walk(items, &mut |g, x| {
                    let mut sz = Op::I64(1);
                    for d in g.shape(x) {
                        sz = g.bin(Ty::I64, BinOp::Mul, sz, d);
                    }
                    g.emit(Stmt::Assign(n, Rv::Binary(BinOp::Add, Op::Var(n), sz)));
                });
                let cnt = self.val(Ty::I64, Rv::Binary(BinOp::Max, Op::Var(n), Op::I64(1)));
                let eb = e.ty.base().unwrap_or(BaseTy::Integer(4));
                let bytes = self.bin(Ty::I64, BinOp::Mul, cnt, Op::I64(self.elem_size(eb)));
                let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![bytes], Ty::Ptr));
                let pos = self.tmp(Ty::I64);
                self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
                let b2 = buf.clone();
                let put = move |g: &mut Self, v: Op| {
                    let v = g.conv(v, t);
                    let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(mem_ty(eb).size()));
                    let a = g.val(Ty::Ptr, Rv::PtrAdd(b2.clone(), off));
                    g.store_as(eb, a, v);
                    g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
                };
                let cpt = complex::part_ty(eb);
                self.ctor_walk(items, &mut |g, x| {
                    if let Some(pt) = cpt {
                        // Complex elements: two parts each.
                        let shape = g.shape(x);
                        g.scalarise(&shape, &mut |g, idx| {
                            let v = g.cexpr_at(x, idx, pt);
                            let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(2 * pt.size()));
                            let a = g.val(Ty::Ptr, Rv::PtrAdd(buf.clone(), off));
                            g.cstore(pt, a, v);
                            g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
                        });
                    } else if x.ty.rank() == 0 {
                        let v = g.expr(x);
                        put(g, v);
                    } else {
                        let shape = g.shape(x);
                        g.scalarise(&shape, &mut |g, idx| {
                            let v = g.expr_at(x, idx);
                            put(g, v);
                        });
                    }
                });
                self.mats.insert(e as *const Expr as usize, (buf.clone(), Op::Var(n)));
                self.mat_frees.push(buf);
            }
            _ => {}
        }
    }
    /// Calls `f` for every expression item of a constructor in order, inside the loops of
    /// its implied-do items.
    fn ctor_walk(&mut self, items: &[CtorItem], f: &mut dyn FnMut(&mut Self, &Expr)) {
        for it in items {
            match it {
                CtorItem::Expr(x) => {
                    self.materialize_rec(x);
                    f(self, x);
                }
                CtorItem::ImpliedDo(d) => {
                    let (base, vt, lo, hi, st) = self.index_bounds(&d.var.name, &d.lo, &d.hi, d.step.as_ref());
                    let v = self.f.new_var(d.var.name.clone(), vt);
                    let mut m = HashMap::new();
                    m.insert(d.var.name.clone(), Home::Reg(v, base));
                    self.overrides.push(m);
                    let id = self.f.new_loop();
                    self.push_block();
                    self.ctor_walk(&d.items, f);
                    let body = self.pop_block();
                    self.overrides.pop();
                    self.emit(Stmt::Loop { id, var: v, lo, hi, step: st, body, acc: None });
                }
            }
        }
    }
    /// Frees the constructor temporaries made since `mark`.
    fn free_mats(&mut self, mark: usize) {
        let bufs: Vec<Op> = self.mat_frees.drain(mark..).collect();
        for b in bufs {
            self.emit(Stmt::Call("gpuf_free".into(), vec![b]));
        }
    }

    /// `vals[j]` for a zero-based `I64` position `j`.
    fn select(&mut self, ty: Ty, vals: &[Op], j: &Op) -> Op {
        if let Op::I64(k) = j {
            return vals.get(*k as usize).cloned().unwrap_or_else(|| zero_of(ty));
        }
        let out = self.tmp(ty);
        let first = vals.first().cloned().unwrap_or_else(|| zero_of(ty));
        self.emit(Stmt::Assign(out, Rv::Use(first)));
        for (k, v) in vals.iter().enumerate().skip(1) {
            let c = self.bin(Ty::I32, BinOp::Eq, j.clone(), Op::I64(k as i64));
            self.emit(Stmt::If { cond: c, then_body: vec![Stmt::Assign(out, Rv::Use(v.clone()))], else_body: vec![] });
        }
        Op::Var(out)
    }

    /// Lower bounds (`I64`) of an array expression: a whole named array's own (1 for an
    /// empty dimension), 1 for anything else.
    fn lbounds(&mut self, a: &Expr) -> Vec<Op> {
        if let Some(lbs) = self.component_lbounds(a) {
            return lbs;
        }
        let shape = self.shape(a);
        let desc = match &a.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(d)) => Some(d),
                _ => None,
            },
            _ => None,
        };
        let Some(d) = desc else { return shape.iter().map(|_| Op::I64(1)).collect() };
        let mut out = Vec::new();
        for (lb, ext) in d.lb.iter().zip(&d.ext) {
            let t = self.tmp(Ty::I64);
            self.emit(Stmt::Assign(t, Rv::Use(Op::Var(*lb))));
            let empty = self.bin(Ty::I32, BinOp::Le, Op::Var(*ext), Op::I64(0));
            self.emit(Stmt::If { cond: empty, then_body: vec![Stmt::Assign(t, Rv::Use(Op::I64(1)))], else_body: vec![] });
            out.push(Op::Var(t));
        }
        out
    }

    /// The array intrinsics (argument forms in `sema::Checker::array_intrinsic`).
    fn array_intrinsic(&mut self, e: &Expr, func: Intrinsic, args: &[Expr], idx: &[Op]) -> Op {
        use Intrinsic as I;
        if func.is_transformational() {
            return self.transform_at(e, func, args, idx);
        }
        let rt = self.expr_ty(e);
        let Some(a) = args.first() else { return zero_of(rt) };
        let dim = match args.get(1).map(|d| &d.kind) {
            Some(ExprKind::Int(v, _)) => *v as usize,
            _ => 0,
        };
        let j = idx.first().cloned().unwrap_or(Op::I64(0));
        // A run-time `dim` of `size`, `lbound`, `ubound`: its zero-based value.
        let rt_dim = match args.get(1) {
            Some(d) if !matches!(d.kind, ExprKind::Int(..)) && matches!(func, I::Size | I::Lbound | I::Ubound) => {
                let v = self.expr(d);
                let v = self.conv(v, Ty::I64);
                Some(self.bin(Ty::I64, BinOp::Sub, v, Op::I64(1)))
            }
            _ => None,
        };
        match func {
            I::Merge => {
                let t = self.expr_at(a, idx);
                let t = self.conv(t, rt);
                let f = match args.get(1) {
                    Some(x) => self.expr_at(x, idx),
                    None => zero_of(rt),
                };
                let f = self.conv(f, rt);
                let m = match args.get(2) {
                    Some(x) => self.expr_at(x, idx),
                    None => Op::I32(1),
                };
                let out = self.tmp(rt);
                self.emit(Stmt::If {
                    cond: m,
                    then_body: vec![Stmt::Assign(out, Rv::Use(t))],
                    else_body: vec![Stmt::Assign(out, Rv::Use(f))],
                });
                return Op::Var(out);
            }
            I::DotProduct => {
                let Some(b) = args.get(1) else { return zero_of(rt) };
                let acc = self.tmp(rt);
                self.emit(Stmt::Assign(acc, Rv::Use(zero_of(rt))));
                let shape = self.shape(a);
                self.scalarise(&shape, &mut |g, ix| {
                    let x = g.expr_at(a, ix);
                    let x = g.conv(x, rt);
                    let y = g.expr_at(b, ix);
                    let y = g.conv(y, rt);
                    let p = g.val(rt, Rv::Binary(BinOp::Mul, x, y));
                    g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::Add, Op::Var(acc), p)));
                });
                return Op::Var(acc);
            }
            I::Size => {
                let shape = self.shape(a);
                let n = if let Some(k) = &rt_dim {
                    self.select(Ty::I64, &shape, k)
                } else if dim > 0 {
                    shape.get(dim - 1).cloned().unwrap_or(Op::I64(0))
                } else {
                    let mut n = Op::I64(1);
                    for d in shape {
                        n = self.bin(Ty::I64, BinOp::Mul, n, d);
                    }
                    n
                };
                return self.conv(n, rt);
            }
            I::Shape => {
                let shape = self.shape(a);
                let v = self.select(Ty::I64, &shape, &j);
                return self.conv(v, rt);
            }
            I::Lbound | I::Ubound => {
                let lbs = self.lbounds(a);
                let vals = if func == I::Lbound {
                    lbs
                } else {
                    let shape = self.shape(a);
                    let mut out = Vec::new();
                    for (l, n) in lbs.into_iter().zip(shape) {
                        let t = self.bin(Ty::I64, BinOp::Add, l, n);
                        out.push(self.bin(Ty::I64, BinOp::Sub, t, Op::I64(1)));
                    }
                    out
                };
                let v = match &rt_dim {
                    Some(k) => self.select(Ty::I64, &vals, k),
                    None if dim > 0 => vals.get(dim - 1).cloned().unwrap_or(Op::I64(1)),
                    None => self.select(Ty::I64, &vals, &j),
                };
                return self.conv(v, rt);
            }
            _ => {}
        }
        // Reductions and locations: over all of `a`, or along dimension `dim` at the other
        // positions `idx`.
        let mask = if matches!(func, I::Count | I::Any | I::All) {
            None
        } else {
            args.get(2).filter(|m| !matches!(m.kind, ExprKind::Logical(true)))
        };
        let at = self.expr_ty(a);
        let full = self.shape(a);
        let inner_shape: Vec<Op> = if dim > 0 { vec![full.get(dim - 1).cloned().unwrap_or(Op::I64(0))] } else { full.clone() };
        let rank = full.len();
        let outer: Vec<Op> = if dim > 0 { (0..rank - 1).map(|k| idx.get(k).cloned().unwrap_or(Op::I64(0))).collect() } else { Vec::new() };
        let full_idx = move |inner: &[Op]| -> Vec<Op> {
            if dim > 0 {
                let mut v = outer.clone();
                v.insert(dim - 1, inner.first().cloned().unwrap_or(Op::I64(0)));
                v
            } else {
                inner.to_vec()
            }
        };
        let is_loc = matches!(func, I::Maxloc | I::Minloc);
        let acc_ty = if is_loc { at } else { rt };
        let init = match (func, acc_ty) {
            (I::Product | I::All, t) => self.conv(Op::I32(1), t),
            (I::Maxval | I::Maxloc, Ty::I32) => Op::I32(i32::MIN),
            (I::Maxval | I::Maxloc, Ty::I64) => Op::I64(i64::MIN),
            (I::Maxval | I::Maxloc, Ty::F32) => Op::F32(-f32::MAX),
            (I::Maxval | I::Maxloc, _) => Op::F64(-f64::MAX),
            (I::Minval | I::Minloc, Ty::I32) => Op::I32(i32::MAX),
            (I::Minval | I::Minloc, Ty::I64) => Op::I64(i64::MAX),
            (I::Minval | I::Minloc, Ty::F32) => Op::F32(f32::MAX),
            (I::Minval | I::Minloc, _) => Op::F64(f64::MAX),
            (_, t) => zero_of(t),
        };
        let acc = self.tmp(acc_ty);
        self.emit(Stmt::Assign(acc, Rv::Use(init)));
        let found = self.tmp(Ty::I32);
        let locs: Vec<VarId> = if is_loc { inner_shape.iter().map(|_| self.tmp(Ty::I64)).collect() } else { Vec::new() };
        if is_loc {
            self.emit(Stmt::Assign(found, Rv::Use(Op::I32(0))));
            for l in &locs {
                self.emit(Stmt::Assign(*l, Rv::Use(Op::I64(0))));
            }
        }
        self.scalarise(&inner_shape, &mut |g, inner| {
            let fi = full_idx(inner);
            let cond = mask.map(|m| g.expr_at(m, &fi));
            g.push_block();
            let v = g.expr_at(a, &fi);
            let v = g.conv(v, acc_ty);
            match func {
                I::Sum => g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::Add, Op::Var(acc), v))),
                I::Product => g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::Mul, Op::Var(acc), v))),
                I::Maxval => g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::Max, Op::Var(acc), v))),
                I::Minval => g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::Min, Op::Var(acc), v))),
                I::Count => {
                    let one = g.bin(Ty::I32, BinOp::Ne, v, Op::I32(0));
                    g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::Add, Op::Var(acc), one)));
                }
                I::Any => g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::Or, Op::Var(acc), v))),
                I::All => g.emit(Stmt::Assign(acc, Rv::Binary(BinOp::And, Op::Var(acc), v))),
                _ => {
                    let cmp = if func == I::Maxloc { BinOp::Gt } else { BinOp::Lt };
                    let better = g.bin(Ty::I32, cmp, v.clone(), Op::Var(acc));
                    let first = g.bin(Ty::I32, BinOp::Eq, Op::Var(found), Op::I32(0));
                    let take = g.val(Ty::I32, Rv::Binary(BinOp::Or, first, better));
                    let mut then_body = vec![Stmt::Assign(acc, Rv::Use(v)), Stmt::Assign(found, Rv::Use(Op::I32(1)))];
                    for (l, i) in locs.iter().zip(inner) {
                        then_body.push(Stmt::Assign(*l, Rv::Binary(BinOp::Add, i.clone(), Op::I64(1))));
                    }
                    g.emit(Stmt::If { cond: take, then_body, else_body: vec![] });
                }
            }
            let body = g.pop_block();
            match cond {
                Some(c) => g.emit(Stmt::If { cond: c, then_body: body, else_body: vec![] }),
                None => {
                    for st in body {
                        g.emit(st);
                    }
                }
            }
        });
        if is_loc {
            let vals: Vec<Op> = locs.iter().map(|l| Op::Var(*l)).collect();
            let v = if dim > 0 { vals.first().cloned().unwrap_or(Op::I64(0)) } else { self.select(Ty::I64, &vals, &j) };
            return self.conv(v, rt);
        }
        Op::Var(acc)
    }

    fn binary(&mut self, e: &Expr, op: ast::BinOp, x: &Expr, y: &Expr, idx: &[Op]) -> Op {
        use ast::BinOp as B;
        let rt = self.expr_ty(e);
        match op {
            B::Add | B::Sub | B::Mul | B::Div => {
                let a = self.expr_at(x, idx);
                let a = self.conv(a, rt);
                let b = self.expr_at(y, idx);
                let b = self.conv(b, rt);
                let o = match op {
                    B::Add => BinOp::Add,
                    B::Sub => BinOp::Sub,
                    B::Mul => BinOp::Mul,
                    _ => BinOp::Div,
                };
                self.val(rt, Rv::Binary(o, a, b))
            }
            B::Pow => {
                let a = self.expr_at(x, idx);
                let b = self.expr_at(y, idx);
                let bt = self.f.op_ty(&b);
                if rt.is_float() && bt.is_int() {
                    let a = self.conv(a, rt);
                    let b = self.conv(b, Ty::I32);
                    self.val(rt, Rv::Math(MathFn::Powi, vec![a, b]))
                } else {
                    let a = self.conv(a, rt);
                    let b = self.conv(b, rt);
                    self.val(rt, Rv::Binary(BinOp::Pow, a, b))
                }
            }
            B::Eq | B::Ne | B::Lt | B::Le | B::Gt | B::Ge => {
                let (a, b) = if x.ty.base() == Some(BaseTy::Character) {
                    // Compare as if padded with blanks: `gpuf_str_cmp(a, b) <op> 0`.
                    let (a, la) = self.str_expr(x);
                    let (b, lb) = self.str_expr(y);
                    (self.val(Ty::I32, Rv::Call("gpuf_str_cmp".into(), vec![a, la, b, lb], Ty::I32)), Op::I32(0))
                } else {
                    let ta = self.expr_ty(x);
                    let tb = self.expr_ty(y);
                    let ct = common(ta, tb);
                    let a = self.expr_at(x, idx);
                    let a = self.conv(a, ct);
                    let b = self.expr_at(y, idx);
                    (a, self.conv(b, ct))
                };
                let o = match op {
                    B::Eq => BinOp::Eq,
                    B::Ne => BinOp::Ne,
                    B::Lt => BinOp::Lt,
                    B::Le => BinOp::Le,
                    B::Gt => BinOp::Gt,
                    _ => BinOp::Ge,
                };
                self.val(Ty::I32, Rv::Binary(o, a, b))
            }
            B::And | B::Or | B::Eqv | B::Neqv => {
                let a = self.expr_at(x, idx);
                let b = self.expr_at(y, idx);
                let o = match op {
                    B::And => BinOp::And,
                    B::Or => BinOp::Or,
                    B::Eqv => BinOp::Eq,
                    _ => BinOp::Ne,
                };
                self.val(Ty::I32, Rv::Binary(o, a, b))
            }
            B::Concat => {
                if let (Some(a), Some(b)) = (self.const_str(x), self.const_str(y)) {
                    return Op::Str(a + &b);
                }
                let (a, _) = self.str_expr(e);
                a
            }
        }
    }

    fn const_str(&self, e: &Expr) -> Option<String> {
        match &e.kind {
            ExprKind::Str(s) => Some(s.clone()),
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Str(s)) => Some(s),
                _ => None,
            },
            ExprKind::Paren(x) => self.const_str(x),
            ExprKind::Binary(ast::BinOp::Concat, a, b) => Some(self.const_str(a)? + &self.const_str(b)?),
            _ => None,
        }
    }

    fn intrinsic(&mut self, e: &Expr, func: Intrinsic, args: &[Expr], idx: &[Op]) -> Op {
        use Intrinsic as I;
        if func.is_array_intrinsic() {
            return self.array_intrinsic(e, func, args, idx);
        }
        match func {
            I::Len | I::LenTrim | I::Index | I::Iachar | I::Ichar | I::Scan | I::Verify => return self.char_int_intrinsic(func, args),
            I::Lge | I::Lgt | I::Lle | I::Llt => {
                let (a, la) = match args.first() {
                    Some(x) => self.str_expr(x),
                    None => (Op::Null, Op::I64(0)),
                };
                let (b, lb) = match args.get(1) {
                    Some(x) => self.str_expr(x),
                    None => (Op::Null, Op::I64(0)),
                };
                // Characters are ASCII: the collating sequence is the processor's.
                let c = self.val(Ty::I32, Rv::Call("gpuf_str_cmp".into(), vec![a, la, b, lb], Ty::I32));
                let op = match func {
                    I::Lge => BinOp::Ge,
                    I::Lgt => BinOp::Gt,
                    I::Lle => BinOp::Le,
                    _ => BinOp::Lt,
                };
                return self.val(Ty::I32, Rv::Binary(op, c, Op::I32(0)));
            }
            I::Trim | I::Adjustl | I::Adjustr | I::Repeat | I::Achar | I::Char => return self.str_expr(e).0,
            _ => {}
        }
        let rt = self.expr_ty(e);
        let arg = |g: &mut Self, i: usize| -> Op {
            match args.get(i) {
                Some(a) => g.expr_at(a, idx),
                None => Op::I32(0),
            }
        };
        match func {
            Intrinsic::Abs | Intrinsic::Sqrt | Intrinsic::Exp | Intrinsic::Log | Intrinsic::Sin | Intrinsic::Cos => {
                let a = arg(self, 0);
                let a = self.conv(a, rt);
                let m = match func {
                    Intrinsic::Abs => MathFn::Abs,
                    Intrinsic::Sqrt => MathFn::Sqrt,
                    Intrinsic::Exp => MathFn::Exp,
                    Intrinsic::Log => MathFn::Log,
                    Intrinsic::Sin => MathFn::Sin,
                    _ => MathFn::Cos,
                };
                self.val(rt, Rv::Math(m, vec![a]))
            }
            Intrinsic::Tan
            | Intrinsic::Asin
            | Intrinsic::Acos
            | Intrinsic::Atan
            | Intrinsic::Atan2
            | Intrinsic::Sinh
            | Intrinsic::Cosh
            | Intrinsic::Tanh
            | Intrinsic::Log10
            | Intrinsic::Btest
            | Intrinsic::Ibset
            | Intrinsic::Ibclr
            | Intrinsic::Ibits
            | Intrinsic::Ishftc
            | Intrinsic::Popcnt
            | Intrinsic::Leadz
            | Intrinsic::Trailz
            | Intrinsic::CommandArgumentCount => {
                let mut ops: Vec<Op> = (0..args.len()).map(|i| arg(self, i)).collect();
                // Narrow integers: work on their own bits (zero-extended), wrap the result.
                let narrow = args.first().and_then(|a| a.ty.base()).map(mem_ty).filter(|t| matches!(t, Ty::I8 | Ty::I16));
                if let (Some(nt), Some(a0)) = (narrow, ops.first_mut()) {
                    let m = Op::I32(if nt == Ty::I8 { 0xff } else { 0xffff });
                    *a0 = self.val(Ty::I32, Rv::Binary(BinOp::And, a0.clone(), m));
                    let bits = 8 * nt.size() as i32;
                    match func {
                        Intrinsic::Leadz => {
                            let r = self.more_intrinsic(func, Ty::I32, ops);
                            return self.val(Ty::I32, Rv::Binary(BinOp::Sub, r, Op::I32(32 - bits)));
                        }
                        Intrinsic::Trailz => {
                            let r = self.more_intrinsic(func, Ty::I32, ops);
                            return self.val(Ty::I32, Rv::Binary(BinOp::Min, r, Op::I32(bits)));
                        }
                        Intrinsic::Ishftc if ops.len() == 2 => ops.push(Op::I32(bits)),
                        _ => {}
                    }
                }
                self.more_intrinsic(func, rt, ops)
            }
            Intrinsic::Max | Intrinsic::Min => {
                let o = if func == Intrinsic::Max { BinOp::Max } else { BinOp::Min };
                let mut acc = arg(self, 0);
                acc = self.conv(acc, rt);
                for i in 1..args.len() {
                    let b = arg(self, i);
                    let b = self.conv(b, rt);
                    acc = self.val(rt, Rv::Binary(o, acc, b));
                }
                acc
            }
            Intrinsic::Mod => {
                let a = arg(self, 0);
                let a = self.conv(a, rt);
                let b = arg(self, 1);
                let b = self.conv(b, rt);
                self.val(rt, Rv::Binary(BinOp::Rem, a, b))
            }
            Intrinsic::Real | Intrinsic::Dble | Intrinsic::Int => {
                let a = arg(self, 0);
                self.conv(a, rt)
            }
            Intrinsic::Nint => {
                let a = arg(self, 0);
                let at = self.f.op_ty(&a);
                let r = self.val(at, Rv::Math(MathFn::Round, vec![a]));
                self.conv(r, rt)
            }
            Intrinsic::Floor | Intrinsic::Ceiling => {
                let a = arg(self, 0);
                let at = self.f.op_ty(&a);
                let r = if func == Intrinsic::Floor {
                    self.val(at, Rv::Math(MathFn::Floor, vec![a]))
                } else {
                    let n = self.val(at, Rv::Unary(ir::UnOp::Neg, a));
                    let f = self.val(at, Rv::Math(MathFn::Floor, vec![n]));
                    self.val(at, Rv::Unary(ir::UnOp::Neg, f))
                };
                self.conv(r, rt)
            }
            Intrinsic::Aint | Intrinsic::Anint => {
                let a = arg(self, 0);
                let m = if func == Intrinsic::Aint { MathFn::Trunc } else { MathFn::Round };
                self.val(rt, Rv::Math(m, vec![a]))
            }
            Intrinsic::Float | Intrinsic::Sngl => {
                let a = arg(self, 0);
                self.conv(a, rt)
            }
            Intrinsic::Not => {
                let a = arg(self, 0);
                self.val(rt, Rv::Unary(ir::UnOp::BitNot, a))
            }
            Intrinsic::Ishft => {
                // Left for positive shifts, logical right for negative ones, zero past the width.
                let a = arg(self, 0);
                let a = match args.first().and_then(|x| x.ty.base()).map(mem_ty) {
                    Some(Ty::I8) => self.val(Ty::I32, Rv::Binary(BinOp::And, a, Op::I32(0xff))),
                    Some(Ty::I16) => self.val(Ty::I32, Rv::Binary(BinOp::And, a, Op::I32(0xffff))),
                    _ => a,
                };
                let sh = arg(self, 1);
                let sh = self.conv(sh, rt);
                let bits = if rt == Ty::I64 { Op::I64(64) } else { Op::I32(32) };
                let zero = zero_of(rt);
                let mag = self.val(rt, Rv::Math(MathFn::Abs, vec![sh.clone()]));
                let out = self.tmp(rt);
                let l = self.val(rt, Rv::Binary(BinOp::Shl, a.clone(), mag.clone()));
                let r = self.val(rt, Rv::Binary(BinOp::LShr, a, mag.clone()));
                let neg = self.val(Ty::I32, Rv::Binary(BinOp::Lt, sh, zero.clone()));
                self.emit(Stmt::If {
                    cond: neg,
                    then_body: vec![Stmt::Assign(out, Rv::Use(r))],
                    else_body: vec![Stmt::Assign(out, Rv::Use(l))],
                });
                let big = self.val(Ty::I32, Rv::Binary(BinOp::Ge, mag, bits));
                self.emit(Stmt::If { cond: big, then_body: vec![Stmt::Assign(out, Rv::Use(zero))], else_body: vec![] });
                Op::Var(out)
            }
            Intrinsic::Sign => {
                let a = arg(self, 0);
                let b = arg(self, 1);
                let out = self.tmp(rt);
                let m = self.val(rt, Rv::Math(MathFn::Abs, vec![a]));
                let neg = self.val(Ty::I32, Rv::Binary(BinOp::Lt, b, zero_of(rt)));
                let nm = self.val(rt, Rv::Unary(ir::UnOp::Neg, m.clone()));
                self.emit(Stmt::If {
                    cond: neg,
                    then_body: vec![Stmt::Assign(out, Rv::Use(nm))],
                    else_body: vec![Stmt::Assign(out, Rv::Use(m))],
                });
                Op::Var(out)
            }
            Intrinsic::Modulo => {
                // a - floor(a / p) * p: the remainder takes the sign of p.
                let a = arg(self, 0);
                let p = arg(self, 1);
                let out = self.tmp(rt);
                self.emit(Stmt::Assign(out, Rv::Binary(BinOp::Rem, a, p.clone())));
                let nz = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(out), zero_of(rt)));
                let rn = self.val(Ty::I32, Rv::Binary(BinOp::Lt, Op::Var(out), zero_of(rt)));
                let pn = self.val(Ty::I32, Rv::Binary(BinOp::Lt, p.clone(), zero_of(rt)));
                let differ = self.val(Ty::I32, Rv::Binary(BinOp::Ne, rn, pn));
                let fix = self.val(Ty::I32, Rv::Binary(BinOp::And, nz, differ));
                self.emit(Stmt::If {
                    cond: fix,
                    then_body: vec![Stmt::Assign(out, Rv::Binary(BinOp::Add, Op::Var(out), p))],
                    else_body: vec![],
                });
                Op::Var(out)
            }
            Intrinsic::Dim => {
                let a = arg(self, 0);
                let b = arg(self, 1);
                let d = self.val(rt, Rv::Binary(BinOp::Sub, a, b));
                self.val(rt, Rv::Binary(BinOp::Max, d, zero_of(rt)))
            }
            Intrinsic::Present => {
                // An absent optional argument arrives as a null address.
                let dummy = match args.first().map(|a| &a.kind) {
                    Some(ExprKind::Name(id)) => self.syms.get(&id.name).and_then(|s| s.dummy),
                    _ => None,
                };
                match dummy.and_then(|i| self.dummy_param(i)) {
                    Some(p) if self.region.is_none() => self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(p), Op::Null)),
                    _ => {
                        self.not_yet("`present` inside a compute construct", e.span);
                        Op::I32(0)
                    }
                }
            }
            Intrinsic::Allocated => {
                // An unallocated array's data address is null.
                let name = match args.first().map(|a| &a.kind) {
                    Some(ExprKind::Name(id)) => Some(id.name.clone()),
                    _ => None,
                };
                match name.and_then(|n| self.lookup(&n)) {
                    Some(Home::Array(d)) | Some(Home::CharArray { d, .. }) => {
                        self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(d.addr), Op::Null))
                    }
                    // A deferred-length character variable.
                    Some(Home::Chars { addr, .. }) => self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(addr), Op::Null)),
                    _ => {
                        self.not_yet("`allocated` of this variable", e.span);
                        Op::I32(0)
                    }
                }
            }
            Intrinsic::Epsilon => {
                if rt == Ty::F64 {
                    Op::F64(f64::EPSILON)
                } else {
                    Op::F32(f32::EPSILON)
                }
            }
            Intrinsic::Tiny => {
                if rt == Ty::F64 {
                    Op::F64(f64::MIN_POSITIVE)
                } else {
                    Op::F32(f32::MIN_POSITIVE)
                }
            }
            Intrinsic::Huge => match rt {
                Ty::I32 if e.ty.base() == Some(BaseTy::Integer(1)) => Op::I32(i8::MAX.into()),
                Ty::I32 if e.ty.base() == Some(BaseTy::Integer(2)) => Op::I32(i16::MAX.into()),
                Ty::I32 => Op::I32(i32::MAX),
                Ty::I64 => Op::I64(i64::MAX),
                Ty::F32 => Op::F32(f32::MAX),
                _ => Op::F64(f64::MAX),
            },
            Intrinsic::Iand | Intrinsic::Ior | Intrinsic::Ieor => {
                let a = arg(self, 0);
                let a = self.conv(a, rt);
                let b = arg(self, 1);
                let b = self.conv(b, rt);
                let o = match func {
                    Intrinsic::Iand => BinOp::And,
                    Intrinsic::Ior => BinOp::Or,
                    _ => BinOp::Xor,
                };
                self.val(rt, Rv::Binary(o, a, b))
            }
            _ => zero_of(rt),
        }
    }

    /// The math, bit and command-line intrinsics added with issue 3 (operands evaluated).
    fn more_intrinsic(&mut self, func: Intrinsic, rt: Ty, ops: Vec<Op>) -> Op {
        use Intrinsic as I;
        let mut ops = ops.into_iter();
        let a = ops.next().unwrap_or(Op::I32(0));
        let math = match func {
            I::Tan => Some(MathFn::Tan),
            I::Asin => Some(MathFn::Asin),
            I::Acos => Some(MathFn::Acos),
            I::Atan => Some(MathFn::Atan),
            I::Atan2 => Some(MathFn::Atan2),
            I::Sinh => Some(MathFn::Sinh),
            I::Cosh => Some(MathFn::Cosh),
            I::Tanh => Some(MathFn::Tanh),
            I::Log10 => Some(MathFn::Log10),
            _ => None,
        };
        if let Some(m) = math {
            let a = self.conv(a, rt);
            let mut v = vec![a];
            if m == MathFn::Atan2 {
                let b = ops.next().unwrap_or(zero_of(rt));
                v.push(self.conv(b, rt));
            }
            return self.val(rt, Rv::Math(m, v));
        }
        if func == I::CommandArgumentCount {
            return self.val(Ty::I32, Rv::Call("gpuf_command_argument_count".into(), vec![], Ty::I32));
        }
        // Bit intrinsics work in the type of their first argument.
        let it = self.f.op_ty(&a);
        let it = if it == Ty::I64 { Ty::I64 } else { Ty::I32 };
        let a = self.conv(a, it);
        let bits = if it == Ty::I64 { 64 } else { 32 };
        let c = |v: i64| if it == Ty::I64 { Op::I64(v) } else { Op::I32(v as i32) };
        let mut next = |g: &mut Self| {
            let v = ops.next().unwrap_or(c(0));
            g.conv(v, it)
        };
        match func {
            I::Popcnt | I::Leadz | I::Trailz => {
                let m = match func {
                    I::Popcnt => MathFn::Popcnt,
                    I::Leadz => MathFn::Leadz,
                    _ => MathFn::Trailz,
                };
                let r = self.val(it, Rv::Math(m, vec![a]));
                self.conv(r, rt)
            }
            I::Btest | I::Ibset | I::Ibclr => {
                // Positions outside 0..bits are invalid Fortran; mask them to stay defined.
                let pos = next(self);
                let pos = self.val(it, Rv::Binary(BinOp::And, pos, c(bits - 1)));
                let bit = self.val(it, Rv::Binary(BinOp::Shl, c(1), pos));
                match func {
                    I::Btest => {
                        let m = self.val(it, Rv::Binary(BinOp::And, a, bit));
                        self.val(Ty::I32, Rv::Binary(BinOp::Ne, m, c(0)))
                    }
                    I::Ibset => self.val(it, Rv::Binary(BinOp::Or, a, bit)),
                    _ => {
                        let nb = self.val(it, Rv::Unary(ir::UnOp::BitNot, bit));
                        self.val(it, Rv::Binary(BinOp::And, a, nb))
                    }
                }
            }
            I::Ibits => {
                // (i >> pos) & mask(len), with mask(bits) = all ones.
                let pos = next(self);
                let len = next(self);
                let pos = self.val(it, Rv::Binary(BinOp::And, pos, c(bits - 1)));
                let sh = self.val(it, Rv::Binary(BinOp::LShr, a, pos));
                let mask = self.low_mask(it, len);
                self.val(it, Rv::Binary(BinOp::And, sh, mask))
            }
            _ => {
                // ishftc(i, shift [, size]): rotate the rightmost `size` bits.
                let shift = next(self);
                let size = match ops.next() {
                    Some(v) => self.conv(v, it),
                    None => c(bits),
                };
                let out = self.tmp(it);
                self.emit(Stmt::Assign(out, Rv::Use(a.clone())));
                // s = modulo(shift, size) in 0..size; nothing to do when s = 0 or size <= 0.
                let ok = self.val(Ty::I32, Rv::Binary(BinOp::Gt, size.clone(), c(0)));
                self.push_block();
                let r = self.val(it, Rv::Binary(BinOp::Rem, shift, size.clone()));
                let r = self.val(it, Rv::Binary(BinOp::Add, r, size.clone()));
                let s = self.val(it, Rv::Binary(BinOp::Rem, r, size.clone()));
                let nz = self.val(Ty::I32, Rv::Binary(BinOp::Ne, s.clone(), c(0)));
                self.push_block();
                let mask = self.low_mask(it, size.clone());
                let field = self.val(it, Rv::Binary(BinOp::And, a.clone(), mask.clone()));
                let nmask = self.val(it, Rv::Unary(ir::UnOp::BitNot, mask.clone()));
                let rest = self.val(it, Rv::Binary(BinOp::And, a, nmask));
                let l = self.val(it, Rv::Binary(BinOp::Shl, field.clone(), s.clone()));
                let back = self.val(it, Rv::Binary(BinOp::Sub, size, s));
                let rr = self.val(it, Rv::Binary(BinOp::LShr, field, back));
                let rot = self.val(it, Rv::Binary(BinOp::Or, l, rr));
                let rot = self.val(it, Rv::Binary(BinOp::And, rot, mask));
                self.emit(Stmt::Assign(out, Rv::Binary(BinOp::Or, rest, rot)));
                let inner = self.pop_block();
                self.emit(Stmt::If { cond: nz, then_body: inner, else_body: vec![] });
                let body = self.pop_block();
                self.emit(Stmt::If { cond: ok, then_body: body, else_body: vec![] });
                Op::Var(out)
            }
        }
    }

    /// `2**n - 1` in `it` for `n` in 0..=bits (all ones for `n >= bits`, 0 for `n <= 0`).
    fn low_mask(&mut self, it: Ty, n: Op) -> Op {
        let bits = if it == Ty::I64 { 64 } else { 32 };
        let c = |v: i64| if it == Ty::I64 { Op::I64(v) } else { Op::I32(v as i32) };
        let out = self.tmp(it);
        self.emit(Stmt::Assign(out, Rv::Use(c(-1))));
        let small = self.val(Ty::I32, Rv::Binary(BinOp::Lt, n.clone(), c(bits)));
        self.push_block();
        let nn = self.val(it, Rv::Binary(BinOp::Max, n, c(0)));
        let p = self.val(it, Rv::Binary(BinOp::Shl, c(1), nn));
        self.emit(Stmt::Assign(out, Rv::Binary(BinOp::Sub, p, c(1))));
        let body = self.pop_block();
        self.emit(Stmt::If { cond: small, then_body: body, else_body: vec![] });
        Op::Var(out)
    }

    /// The subscripts (as `I64` absolute indices) of an element of `d`; sections take their
    /// positions from `idx`, one per range subscript in order.
    fn subscripts(&mut self, d: &Desc, subs: &[Arg], idx: &[Op]) -> Vec<Op> {
        let mut out = Vec::new();
        let mut k = 0;
        for (dim, s) in subs.iter().enumerate() {
            match s {
                Arg::Index(x) | Arg::Keyword(_, x) => {
                    let v = self.expr(x);
                    let v = self.conv(v, Ty::I64);
                    if self.opts.check_bounds {
                        self.bounds_check(d, dim, &v, x.span);
                    }
                    out.push(v);
                }
                Arg::Range { lo, stride, .. } => {
                    let lo = self.range_lo(d, dim, lo.as_ref());
                    let st = match stride {
                        Some(s) => {
                            let v = self.expr(s);
                            self.conv(v, Ty::I64)
                        }
                        None => Op::I64(1),
                    };
                    let pos = idx.get(k).cloned().unwrap_or(Op::I64(0));
                    k += 1;
                    let off = self.bin(Ty::I64, BinOp::Mul, pos, st);
                    out.push(self.bin(Ty::I64, BinOp::Add, lo, off));
                }
            }
        }
        out
    }

    fn range_lo(&mut self, d: &Desc, dim: usize, lo: Option<&Expr>) -> Op {
        match lo {
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, Ty::I64)
            }
            None => d.lb.get(dim).map_or(Op::I64(1), |v| Op::Var(*v)),
        }
    }
    fn range_hi(&mut self, d: &Desc, dim: usize, hi: Option<&Expr>) -> Op {
        match hi {
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, Ty::I64)
            }
            None => {
                let (Some(lb), Some(ext)) = (d.lb.get(dim), d.ext.get(dim)) else { return Op::I64(0) };
                let t = self.bin(Ty::I64, BinOp::Add, Op::Var(*lb), Op::Var(*ext));
                self.bin(Ty::I64, BinOp::Sub, t, Op::I64(1))
            }
        }
    }

    /// Address of the element at absolute subscripts `subs` (column-major).
    fn elem_addr(&mut self, d: &Desc, subs: &[Op]) -> Op {
        let off = self.elem_offset(d, subs);
        let bytes = self.bin(Ty::I64, BinOp::Mul, off, Op::I64(self.elem_size(d.base)));
        self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(d.addr), bytes))
    }

    /// The address of an element of a character array (elements of `len` bytes).
    fn char_elem(&mut self, d: &Desc, len: VarId, subs: &[Op]) -> Op {
        let off = self.elem_offset(d, subs);
        let bytes = self.bin(Ty::I64, BinOp::Mul, off, Op::Var(len));
        self.val(Ty::Ptr, Rv::PtrAdd(Op::Var(d.addr), bytes))
    }

    /// The position of an element in array element order (an `I64`, from 0).
    fn elem_offset(&mut self, d: &Desc, subs: &[Op]) -> Op {
        let mut off = Op::I64(0);
        let mut stride = Op::I64(1);
        for (k, s) in subs.iter().enumerate() {
            let (Some(&lb), Some(&ext)) = (d.lb.get(k), d.ext.get(k)) else { break };
            let rel = self.bin(Ty::I64, BinOp::Sub, s.clone(), Op::Var(lb));
            let term = self.bin(Ty::I64, BinOp::Mul, rel, stride.clone());
            off = self.bin(Ty::I64, BinOp::Add, off, term);
            if k + 1 < subs.len() {
                stride = self.bin(Ty::I64, BinOp::Mul, stride, Op::Var(ext));
            }
        }
        off
    }

    /// The extents (`I64`) of an array expression; empty for scalars.
    fn shape(&mut self, e: &Expr) -> Vec<Op> {
        if self.is_array_call(e) {
            let n = usize::from(e.ty.rank());
            return self.mat_shapes.get(&(e as *const Expr as usize)).cloned().unwrap_or_else(|| vec![Op::I64(0); n]);
        }
        if let ExprKind::Call { name, args } = &e.kind {
            if self.is_elemental_array_call(&name.name, args) {
                return Self::first_array_arg(args).map(|x| self.shape(x)).unwrap_or_default();
            }
        }
        if let ExprKind::Intrinsic { func, args } = &e.kind {
            if func.is_transformational() {
                return self.transform_shape(e, *func, args);
            }
        }
        match &e.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(d)) | Some(Home::CharArray { d, .. }) => d.ext.iter().map(|v| Op::Var(*v)).collect(),
                _ => Vec::new(),
            },
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return Vec::new() };
                let mut out = Vec::new();
                for (dim, s) in subs.iter().enumerate() {
                    if let Arg::Range { lo, hi, stride, .. } = s {
                        let l = self.range_lo(&d, dim, lo.as_ref());
                        let h = self.range_hi(&d, dim, hi.as_ref());
                        let st = match stride {
                            Some(s) => {
                                let v = self.expr(s);
                                self.conv(v, Ty::I64)
                            }
                            None => Op::I64(1),
                        };
                        if self.opts.check_bounds {
                            self.section_check(&d, dim, [&l, &h, &st], e.span);
                        }
                        let n = self.bin(Ty::I64, BinOp::Sub, h, l);
                        let n = self.bin(Ty::I64, BinOp::Add, n, st.clone());
                        let n = self.bin(Ty::I64, BinOp::Div, n, st);
                        out.push(self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0))));
                    }
                }
                out
            }
            ExprKind::Paren(x) | ExprKind::Unary(_, x) => self.shape(x),
            ExprKind::Binary(_, x, y) => {
                if x.ty.rank() > 0 {
                    self.shape(x)
                } else {
                    self.shape(y)
                }
            }
            ExprKind::Intrinsic { .. } if e.ty.rank() == 0 => Vec::new(),
            ExprKind::Component(_) => self.component_shape(e),
            ExprKind::ArrayCtor(_) => match self.mats.get(&(e as *const Expr as usize)) {
                Some((_, n)) => vec![n.clone()],
                None => vec![Op::I64(0)],
            },
            ExprKind::Intrinsic {
                func: Intrinsic::Maxloc | Intrinsic::Minloc | Intrinsic::Lbound | Intrinsic::Ubound | Intrinsic::Shape,
                args,
            } if matches!(args.get(1).map(|d| &d.kind), None | Some(ExprKind::Int(0, _))) => {
                vec![Op::I64(args.first().map_or(0, |a| i64::from(a.ty.rank())))]
            }
            ExprKind::Intrinsic {
                func:
                    Intrinsic::Sum
                    | Intrinsic::Product
                    | Intrinsic::Maxval
                    | Intrinsic::Minval
                    | Intrinsic::Count
                    | Intrinsic::Any
                    | Intrinsic::All
                    | Intrinsic::Maxloc
                    | Intrinsic::Minloc,
                args,
            } => {
                let Some(a) = args.first() else { return Vec::new() };
                let dim = match args.get(1).map(|d| &d.kind) {
                    Some(ExprKind::Int(v, _)) => *v as usize,
                    _ => 0,
                };
                let mut sh = self.shape(a);
                if dim >= 1 && dim <= sh.len() {
                    sh.remove(dim - 1);
                }
                sh
            }
            ExprKind::Intrinsic { args, .. } => {
                for a in args {
                    if a.ty.rank() > 0 {
                        return self.shape(a);
                    }
                }
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    /// Emits loops over `shape` (first dimension innermost) and calls `body` with the
    /// zero-based positions.
    fn scalarise(&mut self, shape: &[Op], body: &mut dyn FnMut(&mut Self, &[Op])) {
        let vars: Vec<VarId> = shape.iter().map(|_| self.tmp(Ty::I64)).collect();
        self.scalarise_rec(shape, &vars, shape.len(), body);
    }
    fn scalarise_rec(&mut self, shape: &[Op], vars: &[VarId], k: usize, body: &mut dyn FnMut(&mut Self, &[Op])) {
        if k == 0 {
            let idx: Vec<Op> = vars.iter().map(|v| Op::Var(*v)).collect();
            body(self, &idx);
            return;
        }
        let d = k - 1;
        let id = self.f.new_loop();
        self.push_block();
        self.scalarise_rec(shape, vars, k - 1, body);
        let b = self.pop_block();
        let hi = self.bin(Ty::I64, BinOp::Sub, shape[d].clone(), Op::I64(1));
        self.emit(Stmt::Loop { id, var: vars[d], lo: Op::I64(0), hi, step: Op::I64(1), body: b, acc: None });
    }

    // ----- statements -----
    fn stmts(&mut self, ss: &[ast::Stmt]) {
        for s in ss {
            let mark = self.str_temps.len();
            self.stmt(s);
            self.free_str_temps(mark);
        }
    }

    fn stmt(&mut self, s: &ast::Stmt) {
        match &s.kind {
            StmtKind::Assign { lhs, rhs } => {
                let mark = self.materialize(rhs);
                self.assign(lhs, rhs, s.span);
                self.free_mats(mark);
            }
            StmtKind::Print { format, items } => self.print(format, items, s.span),
            StmtKind::Where { arms } => self.where_stmt(arms, s.span),
            StmtKind::Forall { specs, mask, body } => self.forall(specs, mask.as_ref(), body, true),
            StmtKind::DoConcurrent { specs, mask, body } => self.forall(specs, mask.as_ref(), body, false),
            StmtKind::If { name, arms, else_body } => self.named_construct(name, |g| g.if_chain(arms, else_body.as_deref())),
            StmtKind::SelectCase { name, selector, cases } => self.named_construct(name, |g| g.select_case(selector, cases)),
            StmtKind::Block { name, body, .. } => self.named_construct(name, |g| g.stmts(body)),
            StmtKind::Do { name, var, start, end, step, body } => {
                self.do_loop(name.as_ref().map(|n| n.name.clone()), var, start, end, step.as_ref(), body, None);
            }
            StmtKind::DoWhile { name, cond, body } => {
                let id = self.f.new_loop();
                self.push_block();
                let c = self.cond_expr(cond);
                let cb = self.pop_block();
                self.loops.push((name.as_ref().map(|n| n.name.clone()), id));
                self.push_block();
                self.stmts(body);
                let b = self.pop_block();
                self.loops.pop();
                self.emit(Stmt::While { id, cond_body: cb, cond: c, body: b });
            }
            StmtKind::Exit(name) | StmtKind::Cycle(name) => {
                let found = match name {
                    Some(n) => self
                        .loops
                        .iter()
                        .rev()
                        .find(|(l, _)| l.as_deref() == Some(&n.name))
                        .map(|x| x.1)
                        .or_else(|| self.named.iter().rev().find(|(l, _)| *l == n.name).map(|x| x.1)),
                    None => self.loops.last().map(|x| x.1),
                };
                match found {
                    Some(id) => self.emit(if matches!(s.kind, StmtKind::Exit(_)) { Stmt::Exit(id) } else { Stmt::Cycle(id) }),
                    None => self.not_yet("`exit`/`cycle` of a loop outside the compute construct", s.span),
                }
            }
            StmtKind::Continue => {}
            StmtKind::Call { name, args } => {
                if self.region.is_some() {
                    self.not_yet("procedure calls inside compute constructs (the `routine` directive)", s.span);
                    return;
                }
                if self.is_elemental_array_call(&name.name, args) {
                    return self.elemental_sub_call(&name.name, args, s.span);
                }
                let mark = self.call_after.len();
                if let Some((link, ops)) = self.call_args(name, args, s.span) {
                    self.emit(Stmt::Call(link, ops));
                    self.reload_global_descs();
                }
                self.after_call(mark);
            }
            StmtKind::IntrinsicCall { sub, args } => self.intrinsic_call(*sub, args, s.span),
            StmtKind::Return => self.ret(),
            StmtKind::ErrorStop(code) => {
                if self.region.is_some() {
                    self.not_yet("`error stop` inside a compute construct", s.span);
                    return;
                }
                let (c, has) = match code {
                    Some(c) => {
                        let v = self.expr(c);
                        (self.conv(v, Ty::I32), 1)
                    }
                    None => (Op::I32(0), 0),
                };
                self.emit(Stmt::Call("gpuf_error_stop".into(), vec![c, Op::I32(has)]));
            }
            StmtKind::Write { unit: IoUnit::Number(e), format, items } if e.ty == ast::Ty::Scalar(BaseTy::Character) => {
                if self.region.is_some() {
                    self.not_yet("output inside a compute construct", s.span);
                    return;
                }
                let (a, n) = self.str_expr(e);
                let n = self.conv(n, Ty::I64);
                self.output(Some((a, n)), Op::I32(0), format, items, s.span);
            }
            StmtKind::Read { .. } | StmtKind::Open(_) | StmtKind::Close { .. } => self.io_stmt(s),
            StmtKind::Write { unit, format, items } => {
                let u = match unit {
                    IoUnit::Star => Op::I32(6),
                    IoUnit::Number(e) => {
                        let v = self.expr(e);
                        self.conv(v, Ty::I32)
                    }
                };
                self.print_to(u, format, items, s.span);
            }
            StmtKind::Stop(code) => {
                if self.region.is_some() {
                    self.not_yet("`stop` inside a compute construct", s.span);
                    return;
                }
                match code {
                    Some(c) => {
                        let v = self.expr(c);
                        let v = self.conv(v, Ty::I32);
                        self.emit(Stmt::Call("gpuf_stop".into(), vec![v, Op::I32(1)]));
                    }
                    None => self.emit(Stmt::Call("gpuf_stop".into(), vec![Op::I32(0), Op::I32(0)])),
                }
            }
            StmtKind::Allocate(items) => {
                if self.region.is_some() {
                    self.not_yet("`allocate` inside a compute construct", s.span);
                    return;
                }
                for (name, dims) in items {
                    if let Some(Home::CharArray { d, len }) = self.lookup(&name.name) {
                        self.set_shape(&d, dims, name.span);
                        let bytes = self.char_array_bytes(&d, len);
                        let n = d.name.clone();
                        let nl = n.len() as i64;
                        let p = self.val(
                            Ty::Ptr,
                            Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(d.addr), bytes, Op::Str(n), Op::I64(nl)], Ty::Ptr),
                        );
                        self.emit(Stmt::Assign(d.addr, Rv::Use(p)));
                        self.blank_char_array(&d, len);
                        continue;
                    }
                    let Some(Home::Array(d)) = self.lookup(&name.name) else {
                        self.not_yet(format!("`allocate` of `{}`", name.name), name.span);
                        continue;
                    };
                    self.set_shape(&d, dims, name.span);
                    let bytes = self.desc_bytes(&d);
                    let n = d.name.clone();
                    let len = n.len() as i64;
                    let p = self.val(
                        Ty::Ptr,
                        Rv::Call("gpuf_allocate_array".into(), vec![Op::Var(d.addr), bytes, Op::Str(n), Op::I64(len)], Ty::Ptr),
                    );
                    self.emit(Stmt::Assign(d.addr, Rv::Use(p)));
                    self.store_global_desc(&name.name);
                    if let BaseTy::Derived(k) = d.base {
                        self.init_array_elems(&d, k);
                    }
                }
            }
            StmtKind::Deallocate(names) => {
                if self.region.is_some() {
                    self.not_yet("`deallocate` inside a compute construct", s.span);
                    return;
                }
                for name in names {
                    let d = match self.lookup(&name.name) {
                        Some(Home::Array(d)) | Some(Home::CharArray { d, .. }) => d,
                        Some(Home::Chars { addr, len }) => {
                            let n = name.name.clone();
                            let nl = n.len() as i64;
                            self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![Op::Var(addr), Op::Str(n), Op::I64(nl)]));
                            self.emit(Stmt::Assign(addr, Rv::Use(Op::Null)));
                            self.emit(Stmt::Assign(len, Rv::Use(Op::I64(0))));
                            continue;
                        }
                        _ => continue,
                    };
                    let n = d.name.clone();
                    let len = n.len() as i64;
                    self.emit(Stmt::Call("gpuf_deallocate_array".into(), vec![Op::Var(d.addr), Op::Str(n), Op::I64(len)]));
                    self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Null)));
                    self.store_global_desc(&name.name);
                }
            }
            StmtKind::AccBlock { dir, body, .. } => match dir.kind {
                ast::AccKind::Parallel | ast::AccKind::Kernels | ast::AccKind::Serial => self.region(dir, body, None, s.span),
                ast::AccKind::Data => {
                    let cond =
                        dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None }).map(|e| self.expr(e));
                    let maps = self.data_maps(&dir.clauses, None);
                    self.push_block();
                    self.stmts(body);
                    let b = self.pop_block();
                    match cond {
                        // `data if(cond)`: map only when the condition holds on entry.
                        Some(c) => {
                            let keep = self.tmp(Ty::I32);
                            self.emit(Stmt::Assign(keep, Rv::Use(c)));
                            let enter: Vec<Stmt> = maps
                                .iter()
                                .map(|m| {
                                    Stmt::Call(
                                        "gpuf_acc_enter".into(),
                                        vec![m.addr.clone(), m.bytes.clone(), Op::I32(m.kind.code()), Op::I32(0)],
                                    )
                                })
                                .collect();
                            let exit: Vec<Stmt> = maps
                                .iter()
                                .rev()
                                .map(|m| {
                                    Stmt::Call(
                                        "gpuf_acc_exit".into(),
                                        vec![m.addr.clone(), m.bytes.clone(), Op::I32(m.kind.code()), Op::I32(0), Op::I32(0)],
                                    )
                                })
                                .collect();
                            self.emit(Stmt::If { cond: Op::Var(keep), then_body: enter, else_body: vec![] });
                            for s in b {
                                self.emit(s);
                            }
                            self.emit(Stmt::If { cond: Op::Var(keep), then_body: exit, else_body: vec![] });
                        }
                        None => self.emit(Stmt::AccData { maps, body: b }),
                    }
                }
                k => self.not_yet(format!("`{}` construct", k.name()), dir.span),
            },
            StmtKind::AccLoop { dir, do_stmt } => match dir.kind {
                ast::AccKind::ParallelLoop | ast::AccKind::KernelsLoop | ast::AccKind::SerialLoop => {
                    self.region(dir, std::slice::from_ref(do_stmt), Some(dir), s.span)
                }
                _ => self.acc_loop(dir, do_stmt),
            },
            StmtKind::AccStandalone(dir) => self.standalone(dir),
            StmtKind::AccAtomic { dir, kind, body } => self.atomic(dir, *kind, body),
            StmtKind::LabelBlock { .. }
            | StmtKind::GoTo(_)
            | StmtKind::IoStatus { .. }
            | StmtKind::UnitOp { .. }
            | StmtKind::Inquire(_)
            | StmtKind::AllocStatus { .. }
            | StmtKind::Label(_)
            | StmtKind::FormatStmt(_) => self.io_ext(s),
        }
    }

    /// Lowers a named `if`, `select case` or `block` construct through `f`; when an
    /// `exit name` leaves it, its statements go in a loop that runs once.
    fn named_construct(&mut self, name: &Option<ast::Ident>, f: impl FnOnce(&mut Self)) {
        let Some(n) = name else {
            f(self);
            return;
        };
        let id = self.f.new_loop();
        self.named.push((n.name.clone(), id));
        self.push_block();
        f(self);
        let mut body = self.pop_block();
        self.named.pop();
        if exits_to(&body, id) {
            body.push(Stmt::Exit(id));
            self.emit(Stmt::While { id, cond_body: Vec::new(), cond: Op::I32(1), body });
        } else {
            for s in body {
                self.emit(s);
            }
        }
    }

    /// `select case` as a chain of `if`s on a copy of the selector; `case default` is the
    /// final `else` wherever it was written.
    fn select_case(&mut self, selector: &Expr, cases: &[ast::CaseBlock]) {
        let Some(b) = selector.ty.base() else { return };
        let sel = if b == BaseTy::Character {
            let (a, n) = self.str_expr(selector);
            (a, n, Ty::Ptr)
        } else {
            let t = ir_ty(b);
            let v = self.expr(selector);
            let v = self.conv(v, t);
            let sel = self.tmp(t);
            self.emit(Stmt::Assign(sel, Rv::Use(v)));
            (Op::Var(sel), Op::I64(0), t)
        };
        let arms: Vec<&ast::CaseBlock> = cases.iter().filter(|c| c.values.is_some()).collect();
        let default = cases.iter().find(|c| c.values.is_none());
        self.case_chain(&sel, &arms, default);
    }

    /// `selector <op> e` for a `case` value `e`; `sel` is the selector's value (or address
    /// and length, with type `Ptr`, for a character selector) and its type.
    fn case_test(&mut self, sel: &(Op, Op, Ty), op: BinOp, e: &Expr) -> Op {
        let (v, n, t) = sel.clone();
        if t == Ty::Ptr {
            let (b, lb) = self.str_expr(e);
            let c = self.val(Ty::I32, Rv::Call("gpuf_str_cmp".into(), vec![v, n, b, lb], Ty::I32));
            return self.bin(Ty::I32, op, c, Op::I32(0));
        }
        let x = self.expr(e);
        let x = self.conv(x, t);
        self.bin(t, op, v, x)
    }

    fn case_chain(&mut self, sel: &(Op, Op, Ty), arms: &[&ast::CaseBlock], default: Option<&ast::CaseBlock>) {
        let Some((c, rest)) = arms.split_first() else {
            if let Some(d) = default {
                self.stmts(&d.body);
            }
            return;
        };
        let mut cond: Option<Op> = None;
        for v in c.values.iter().flatten() {
            let (lo, hi) = match v {
                ast::CaseValue::Value(e) => (Some(e), Some(e)),
                ast::CaseValue::Range { lo, hi, .. } => (lo.as_ref(), hi.as_ref()),
            };
            let mut test: Option<Op> = None;
            if let (ast::CaseValue::Value(_), Some(e)) = (v, lo) {
                test = Some(self.case_test(sel, BinOp::Eq, e));
            } else {
                for (bound, op) in [(lo, BinOp::Ge), (hi, BinOp::Le)] {
                    let Some(e) = bound else { continue };
                    let c = self.case_test(sel, op, e);
                    test = Some(match test {
                        Some(p) => self.bin(Ty::I32, BinOp::And, p, c),
                        None => c,
                    });
                }
            }
            let test = test.unwrap_or(Op::I32(0));
            cond = Some(match cond {
                Some(p) => self.bin(Ty::I32, BinOp::Or, p, test),
                None => test,
            });
        }
        let cond = cond.unwrap_or(Op::I32(0));
        self.push_block();
        self.stmts(&c.body);
        let then_body = self.pop_block();
        self.push_block();
        self.case_chain(sel, rest, default);
        let else_body = self.pop_block();
        self.emit(Stmt::If { cond, then_body, else_body });
    }

    /// A logical condition whose temporary strings are freed as soon as it is known (it
    /// may be evaluated in a branch or once per iteration, not once per statement).
    fn cond_expr(&mut self, c: &Expr) -> Op {
        let mark = self.str_temps.len();
        let v = self.expr(c);
        if self.str_temps.len() == mark {
            return v;
        }
        let t = self.tmp(Ty::I32);
        self.emit(Stmt::Assign(t, Rv::Use(v)));
        self.free_str_temps(mark);
        Op::Var(t)
    }

    fn if_chain(&mut self, arms: &[(Expr, Vec<ast::Stmt>)], else_body: Option<&[ast::Stmt]>) {
        let Some(((c, body), rest)) = arms.split_first() else {
            if let Some(e) = else_body {
                self.stmts(e);
            }
            return;
        };
        let cond = self.cond_expr(c);
        self.push_block();
        self.stmts(body);
        let t = self.pop_block();
        self.push_block();
        self.if_chain(rest, else_body);
        let e = self.pop_block();
        self.emit(Stmt::If { cond, then_body: t, else_body: e });
    }

    #[allow(clippy::too_many_arguments)]
    fn do_loop(
        &mut self,
        name: Option<String>,
        var: &ast::Ident,
        start: &Expr,
        end: &Expr,
        step: Option<&Expr>,
        body: &[ast::Stmt],
        acc: Option<AccLoop>,
    ) {
        let home = self.lookup(&var.name);
        let (vty, reg) = match &home {
            Some(Home::Reg(v, b)) => (ir_ty(*b), Some(*v)),
            Some(Home::Mem(_, b)) => (ir_ty(*b), None),
            _ => (Ty::I32, None),
        };
        let lo = self.expr(start);
        let lo = self.conv(lo, vty);
        let hi = self.expr(end);
        let hi = self.conv(hi, vty);
        let st = match step {
            Some(e) => {
                let v = self.expr(e);
                self.conv(v, vty)
            }
            None => {
                if vty == Ty::I64 {
                    Op::I64(1)
                } else {
                    Op::I32(1)
                }
            }
        };
        // Inside a compute construct every loop variable is private to the thread.
        let (lv, scoped) = if self.region.is_some() || reg.is_none() {
            let v = self.f.new_var(var.name.clone(), vty);
            let base = self.syms.get(&var.name).map_or(BaseTy::Integer(4), |s| s.base);
            let mut m = HashMap::new();
            m.insert(var.name.clone(), Home::Reg(v, base));
            self.overrides.push(m);
            (v, true)
        } else {
            (reg.unwrap_or(VarId(0)), false)
        };
        let id = self.f.new_loop();
        self.loops.push((name, id));
        self.push_block();
        if scoped && self.region.is_none() {
            // A memory-scalar loop variable outside regions: keep memory in step.
            if let Some(Home::Mem(p, b)) = &home {
                self.store_as(*b, Op::Var(*p), Op::Var(lv));
            }
        }
        self.stmts(body);
        let b = self.pop_block();
        self.loops.pop();
        if scoped {
            self.overrides.pop();
        }
        self.emit(Stmt::Loop { id, var: lv, lo, hi, step: st, body: b, acc });
    }

    fn assign(&mut self, lhs: &Expr, rhs: &Expr, sp: Span) {
        if self.complex_assign(lhs, rhs, sp) {
            return;
        }
        if lhs.ty == ast::Ty::Scalar(BaseTy::Character) {
            self.assign_chars(lhs, rhs);
            return;
        }
        if let Some(BaseTy::Derived(k)) = lhs.ty.base() {
            self.assign_derived(lhs, rhs, k);
            return;
        }
        if lhs.ty.base() == Some(BaseTy::Character) {
            self.assign_char_array(lhs, rhs, sp);
            return;
        }
        let lt = self.expr_ty(lhs);
        if lhs.ty.rank() == 0 {
            match &lhs.kind {
                ExprKind::Name(id) => {
                    if matches!(self.lookup(&id.name), Some(Home::Array(_))) {
                        // Whole array assigned a scalar handled below.
                    } else {
                        let v = self.expr(rhs);
                        let v = self.conv(v, lt);
                        self.store_name(&id.name, v);
                        return;
                    }
                }
                ExprKind::ArrayRef { name, subs } => {
                    let v = self.expr(rhs);
                    let v = self.conv(v, lt);
                    let Some(Home::Array(d)) = self.lookup(&name.name) else { return };
                    let s = self.subscripts(&d, subs, &[]);
                    let a = self.elem_addr(&d, &s);
                    self.store_as(d.base, a, v);
                    return;
                }
                ExprKind::Component(_) => {
                    let v = self.expr(rhs);
                    self.component_store(lhs, &[], v);
                    return;
                }
                _ => {
                    self.not_yet("this assignment target", sp);
                    return;
                }
            }
        }
        // Array assignment: scalarise over the shape of the left-hand side.
        let name = match &lhs.kind {
            ExprKind::Name(id) => id.name.clone(),
            ExprKind::ArrayRef { name, .. } => name.name.clone(),
            ExprKind::Component(_) => derived::root_name(lhs).unwrap_or_default(),
            _ => String::new(),
        };
        let shape = self.shape(lhs);
        if rhs.ty.rank() == 0 {
            let v = self.expr(rhs);
            let v = self.conv(v, lt);
            self.scalarise(&shape, &mut |g, idx| g.store_elem(lhs, idx, v.clone()));
            return;
        }
        // An allocatable array assigned an array of another shape (or while unallocated)
        // is reallocated to the right-hand side's shape first (Fortran 2003).
        let alloc = matches!(lhs.kind, ExprKind::Name(_)) && self.syms.get(&name).is_some_and(|s| s.allocatable);
        if let (true, Some(Home::Array(d))) = (alloc, self.lookup(&name)) {
            let rsh = self.shape(rhs);
            if rsh.len() == d.ext.len() {
                let mut need = self.val(Ty::I32, Rv::Binary(BinOp::Eq, Op::Var(d.addr), Op::Null));
                for (e, r) in d.ext.iter().zip(&rsh) {
                    let ne = self.val(Ty::I32, Rv::Binary(BinOp::Ne, Op::Var(*e), r.clone()));
                    need = self.val(Ty::I32, Rv::Binary(BinOp::Or, need, ne));
                }
                self.push_block();
                self.realloc_assign(&d, rhs, &rsh, lt);
                self.store_global_desc(&name);
                let then_body = self.pop_block();
                self.push_block();
                self.assign_array_body(lhs, rhs, &name, &shape, lt);
                let else_body = self.pop_block();
                self.emit(Stmt::If { cond: need, then_body, else_body });
                return;
            }
        }
        self.assign_array_body(lhs, rhs, &name, &shape, lt);
    }

    /// `d = rhs` where `d` must take the shape `rsh` of `rhs`: the values go to a new
    /// block (the right-hand side may read the old one), which then replaces the old.
    fn realloc_assign(&mut self, d: &Desc, rhs: &Expr, rsh: &[Op], lt: Ty) {
        let mut n = Op::I64(lt.size());
        for e in rsh {
            n = self.bin(Ty::I64, BinOp::Mul, n, e.clone());
        }
        let n = self.bin(Ty::I64, BinOp::Max, n, Op::I64(1));
        let buf = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr));
        let bv = self.tmp(Ty::Ptr);
        self.emit(Stmt::Assign(bv, Rv::Use(buf)));
        let sh = rsh.to_vec();
        self.scalarise(rsh, &mut |g, idx| {
            let v = g.expr_at(rhs, idx);
            let v = g.conv(v, lt);
            let a = g.lin_addr(&Op::Var(bv), idx, &sh, lt.size());
            g.emit(Stmt::Store(lt, a, v));
        });
        // New bounds: the right-hand side's when it is a whole array, else 1.
        let lbs: Vec<Op> = match &rhs.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(r)) => r.lb.iter().map(|v| Op::Var(*v)).collect(),
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        let lbs: Vec<Op> = (0..d.lb.len()).map(|k| lbs.get(k).cloned().unwrap_or(Op::I64(1))).collect();
        let lbt: Vec<VarId> = lbs
            .into_iter()
            .map(|l| {
                let t = self.tmp(Ty::I64);
                self.emit(Stmt::Assign(t, Rv::Use(l)));
                t
            })
            .collect();
        self.emit(Stmt::Call("gpuf_free".into(), vec![Op::Var(d.addr)]));
        self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Var(bv))));
        for (k, (lb, ext)) in d.lb.iter().zip(&d.ext).enumerate() {
            if let (Some(l), Some(r)) = (lbt.get(k), rsh.get(k)) {
                self.emit(Stmt::Assign(*lb, Rv::Use(Op::Var(*l))));
                self.emit(Stmt::Assign(*ext, Rv::Use(r.clone())));
            }
        }
    }

    /// Element-by-element assignment of an array expression to an array of its shape.
    fn assign_array_body(&mut self, lhs: &Expr, rhs: &Expr, name: &str, shape: &[Op], lt: Ty) {
        let shape = shape.to_vec();
        if mentions(rhs, name) {
            // The right-hand side reads the array being assigned: evaluate into a temporary.
            let mut n = Op::I64(lt.size());
            for e in &shape {
                n = self.bin(Ty::I64, BinOp::Mul, n, e.clone());
            }
            let tmp = self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr));
            let lin = |g: &mut Self, idx: &[Op], shape: &[Op]| -> Op {
                let mut off = Op::I64(0);
                let mut stride = Op::I64(lt.size());
                for (k, i) in idx.iter().enumerate() {
                    let t = g.bin(Ty::I64, BinOp::Mul, i.clone(), stride.clone());
                    off = g.bin(Ty::I64, BinOp::Add, off, t);
                    if let Some(e) = shape.get(k) {
                        stride = g.bin(Ty::I64, BinOp::Mul, stride, e.clone());
                    }
                }
                g.val(Ty::Ptr, Rv::PtrAdd(tmp.clone(), off))
            };
            let sh = shape.clone();
            self.scalarise(&shape, &mut |g, idx| {
                let v = g.expr_at(rhs, idx);
                let v = g.conv(v, lt);
                let a = lin(g, idx, &sh);
                g.emit(Stmt::Store(lt, a, v));
            });
            self.scalarise(&shape, &mut |g, idx| {
                let a = lin(g, idx, &sh);
                let v = g.val(lt, Rv::Load(lt, a));
                g.store_elem(lhs, idx, v);
            });
            self.emit(Stmt::Call("gpuf_free".into(), vec![tmp]));
        } else {
            self.scalarise(&shape, &mut |g, idx| {
                let v = g.expr_at(rhs, idx);
                let v = g.conv(v, lt);
                g.store_elem(lhs, idx, v);
            });
        }
    }

    /// Address of element `idx` of a column-major temporary of `shape` with `size`-byte elements.
    fn lin_addr(&mut self, buf: &Op, idx: &[Op], shape: &[Op], size: i64) -> Op {
        let mut off = Op::I64(0);
        let mut stride = Op::I64(size);
        for (k, i) in idx.iter().enumerate() {
            let t = self.bin(Ty::I64, BinOp::Mul, i.clone(), stride.clone());
            off = self.bin(Ty::I64, BinOp::Add, off, t);
            if let Some(e) = shape.get(k) {
                stride = self.bin(Ty::I64, BinOp::Mul, stride, e.clone());
            }
        }
        self.val(Ty::Ptr, Rv::PtrAdd(buf.clone(), off))
    }

    /// A temporary of `n` elements of `size` bytes (at least one).
    fn temp_buf(&mut self, shape: &[Op], size: i64) -> Op {
        let mut n = Op::I64(size);
        for e in shape {
            n = self.bin(Ty::I64, BinOp::Mul, n, e.clone());
        }
        let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(size)));
        self.val(Ty::Ptr, Rv::Call("gpuf_alloc".into(), vec![n], Ty::Ptr))
    }

    /// `where (m1) ... elsewhere (m2) ... elsewhere ... end where`: the control masks are
    /// evaluated into temporaries first (`done` marks elements taken by an earlier arm).
    fn where_stmt(&mut self, arms: &[(Option<Expr>, Vec<ast::Stmt>)], sp: Span) {
        let Some((Some(m0), _)) = arms.first() else { return };
        if self.region.is_some() {
            self.not_yet("`where` inside a compute construct", sp);
            return;
        }
        let mark = self.materialize(m0);
        let shape = self.shape(m0);
        let done = self.temp_buf(&shape, 4);
        let cur = self.temp_buf(&shape, 4);
        self.scalarise(&shape, &mut |g, idx| {
            let a = g.lin_addr(&done, idx, &shape, 4);
            g.emit(Stmt::Store(Ty::I32, a, Op::I32(0)));
        });
        for (mask, body) in arms {
            let m2 = mask.as_ref().map(|m| self.materialize(m));
            self.scalarise(&shape, &mut |g, idx| {
                let da = g.lin_addr(&done, idx, &shape, 4);
                let d = g.val(Ty::I32, Rv::Load(Ty::I32, da.clone()));
                let free = g.bin(Ty::I32, BinOp::Eq, d.clone(), Op::I32(0));
                let c = match mask {
                    Some(m) => {
                        let mv = g.expr_at(m, idx);
                        let mv = g.bin(Ty::I32, BinOp::Ne, mv, Op::I32(0));
                        g.val(Ty::I32, Rv::Binary(BinOp::And, free, mv))
                    }
                    None => free,
                };
                let ca = g.lin_addr(&cur, idx, &shape, 4);
                g.emit(Stmt::Store(Ty::I32, ca, c.clone()));
                let nd = g.val(Ty::I32, Rv::Binary(BinOp::Or, d, c));
                g.emit(Stmt::Store(Ty::I32, da, nd));
            });
            if let Some(mk) = m2 {
                self.free_mats(mk);
            }
            for st in body {
                if let StmtKind::Assign { lhs, rhs } = &st.kind {
                    self.masked_assign(lhs, rhs, &cur, &shape);
                }
            }
        }
        self.emit(Stmt::Call("gpuf_free".into(), vec![done]));
        self.emit(Stmt::Call("gpuf_free".into(), vec![cur]));
        self.free_mats(mark);
    }

    /// `lhs = rhs` where the control mask `cur` (one `I32` per element of `shape`) is set.
    fn masked_assign(&mut self, lhs: &Expr, rhs: &Expr, cur: &Op, shape: &[Op]) {
        let mark = self.materialize(rhs);
        let lt = self.expr_ty(lhs);
        let name = match &lhs.kind {
            ExprKind::Name(id) => id.name.clone(),
            ExprKind::ArrayRef { name, .. } => name.name.clone(),
            _ => String::new(),
        };
        let scalar = if rhs.ty.rank() == 0 {
            let v = self.expr(rhs);
            Some(self.conv(v, lt))
        } else {
            None
        };
        let masked = |g: &mut Self, idx: &[Op], body: &mut dyn FnMut(&mut Self)| {
            let ca = g.lin_addr(cur, idx, shape, 4);
            let c = g.val(Ty::I32, Rv::Load(Ty::I32, ca));
            g.push_block();
            body(g);
            let b = g.pop_block();
            g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] });
        };
        if scalar.is_none() && mentions(rhs, &name) {
            let tmp = self.temp_buf(shape, lt.size());
            self.scalarise(shape, &mut |g, idx| {
                masked(g, idx, &mut |g| {
                    let v = g.expr_at(rhs, idx);
                    let v = g.conv(v, lt);
                    let a = g.lin_addr(&tmp, idx, shape, lt.size());
                    g.emit(Stmt::Store(lt, a, v));
                })
            });
            self.scalarise(shape, &mut |g, idx| {
                masked(g, idx, &mut |g| {
                    let a = g.lin_addr(&tmp, idx, shape, lt.size());
                    let v = g.val(lt, Rv::Load(lt, a));
                    g.store_elem(lhs, idx, v);
                })
            });
            self.emit(Stmt::Call("gpuf_free".into(), vec![tmp]));
        } else {
            self.scalarise(shape, &mut |g, idx| {
                masked(g, idx, &mut |g| {
                    let v = match &scalar {
                        Some(v) => v.clone(),
                        None => {
                            let v = g.expr_at(rhs, idx);
                            g.conv(v, lt)
                        }
                    };
                    g.store_elem(lhs, idx, v);
                })
            });
        }
        self.free_mats(mark);
    }

    /// `forall` (`is_forall`) and `do concurrent`: nested loops over fresh index variables.
    /// A `forall` assignment whose right side or mask reads the assigned array evaluates all
    /// values (and mask bits) into temporaries first.
    fn forall(&mut self, specs: &[ast::ConcurrentSpec], mask: Option<&Expr>, body: &[ast::Stmt], is_forall: bool) {
        let mut loops = Vec::new();
        let mut scope = HashMap::new();
        let mut counts = Vec::new();
        for sp in specs {
            let (base, vt, lo, hi, st) = self.index_bounds(&sp.var.name, &sp.lo, &sp.hi, sp.step.as_ref());
            // Values that must not change while the loops run.
            let mut fixed = [lo, hi, st].map(|o| {
                if let Op::Var(_) = o {
                    let t = self.tmp(vt);
                    self.emit(Stmt::Assign(t, Rv::Use(o)));
                    Op::Var(t)
                } else {
                    o
                }
            });
            let [lo, hi, st] = std::mem::replace(&mut fixed, [Op::I32(0), Op::I32(0), Op::I32(0)]);
            let n = self.bin(vt, BinOp::Sub, hi.clone(), lo.clone());
            let n = self.bin(vt, BinOp::Add, n, st.clone());
            let n = self.bin(vt, BinOp::Div, n, st.clone());
            let n = self.conv(n, Ty::I64);
            counts.push(self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0))));
            let v = self.f.new_var(sp.var.name.clone(), vt);
            scope.insert(sp.var.name.clone(), Home::Reg(v, base));
            loops.push((v, lo, hi, st));
        }
        self.overrides.push(scope);
        if !is_forall {
            self.nest(&loops, 0, &mut |g| match mask {
                Some(m) => {
                    let c = g.expr(m);
                    g.push_block();
                    g.stmts(body);
                    let b = g.pop_block();
                    g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] });
                }
                None => g.stmts(body),
            });
            self.overrides.pop();
            return;
        }
        for st in body {
            let StmtKind::Assign { lhs, rhs } = &st.kind else { continue };
            let name = match &lhs.kind {
                ExprKind::Name(id) => id.name.clone(),
                ExprKind::ArrayRef { name, .. } => name.name.clone(),
                _ => String::new(),
            };
            let lt = self.expr_ty(lhs);
            let reads = mentions(rhs, &name) || mask.is_some_and(|m| mentions(m, &name));
            if !reads {
                self.nest(&loops, 0, &mut |g| {
                    let c = mask.map(|m| g.expr(m));
                    g.push_block();
                    let mk = g.materialize(rhs);
                    g.assign(lhs, rhs, st.span);
                    g.free_mats(mk);
                    let b = g.pop_block();
                    match c {
                        Some(c) => g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] }),
                        None => {
                            for s in b {
                                g.emit(s);
                            }
                        }
                    }
                });
                continue;
            }
            let vals = self.temp_buf(&counts, lt.size());
            let bits = self.temp_buf(&counts, 4);
            let pos = self.tmp(Ty::I64);
            self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
            self.nest(&loops, 0, &mut |g| {
                let c = match mask {
                    Some(m) => g.expr(m),
                    None => Op::I32(1),
                };
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(4));
                let ba = g.val(Ty::Ptr, Rv::PtrAdd(bits.clone(), off));
                g.emit(Stmt::Store(Ty::I32, ba, c.clone()));
                g.push_block();
                let mk = g.materialize(rhs);
                let v = g.expr(rhs);
                let v = g.conv(v, lt);
                g.free_mats(mk);
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(lt.size()));
                let va = g.val(Ty::Ptr, Rv::PtrAdd(vals.clone(), off));
                g.emit(Stmt::Store(lt, va, v));
                let b = g.pop_block();
                g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] });
                g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
            });
            self.emit(Stmt::Assign(pos, Rv::Use(Op::I64(0))));
            self.nest(&loops, 0, &mut |g| {
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(4));
                let ba = g.val(Ty::Ptr, Rv::PtrAdd(bits.clone(), off));
                let c = g.val(Ty::I32, Rv::Load(Ty::I32, ba));
                g.push_block();
                let off = g.bin(Ty::I64, BinOp::Mul, Op::Var(pos), Op::I64(lt.size()));
                let va = g.val(Ty::Ptr, Rv::PtrAdd(vals.clone(), off));
                let v = g.val(lt, Rv::Load(lt, va));
                g.assign_op(lhs, v);
                let b = g.pop_block();
                g.emit(Stmt::If { cond: c, then_body: b, else_body: vec![] });
                g.emit(Stmt::Assign(pos, Rv::Binary(BinOp::Add, Op::Var(pos), Op::I64(1))));
            });
            self.emit(Stmt::Call("gpuf_free".into(), vec![vals]));
            self.emit(Stmt::Call("gpuf_free".into(), vec![bits]));
        }
        self.overrides.pop();
    }

    /// Nested counted loops over `loops[k..]` (variable, lo, hi, step); the innermost one is
    /// the target of `cycle`.
    fn nest(&mut self, loops: &[(VarId, Op, Op, Op)], k: usize, inner: &mut dyn FnMut(&mut Self)) {
        let Some((v, lo, hi, st)) = loops.get(k).cloned() else {
            inner(self);
            return;
        };
        let id = self.f.new_loop();
        let last = k + 1 == loops.len();
        if last {
            self.loops.push((None, id));
        }
        self.push_block();
        self.nest(loops, k + 1, inner);
        let body = self.pop_block();
        if last {
            self.loops.pop();
        }
        self.emit(Stmt::Loop { id, var: v, lo, hi, step: st, body, acc: None });
    }

    fn store_elem(&mut self, lhs: &Expr, idx: &[Op], v: Op) {
        match &lhs.kind {
            ExprKind::Name(id) => {
                let Some(Home::Array(d)) = self.lookup(&id.name) else { return };
                let subs: Vec<Op> =
                    d.lb.clone().into_iter().zip(idx).map(|(lb, i)| self.bin(Ty::I64, BinOp::Add, Op::Var(lb), i.clone())).collect();
                let a = self.elem_addr(&d, &subs);
                self.store_as(d.base, a, v);
            }
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return };
                let s = self.subscripts(&d, subs, idx);
                let a = self.elem_addr(&d, &s);
                self.store_as(d.base, a, v);
            }
            ExprKind::Component(_) => self.component_store(lhs, idx, v),
            _ => {}
        }
    }

    fn print(&mut self, format: &ast::Format, items: &[Expr], sp: Span) {
        self.print_to(Op::I32(6), format, items, sp)
    }

    fn print_to(&mut self, unit: Op, format: &ast::Format, items: &[Expr], sp: Span) {
        self.output(None, unit, format, items, sp)
    }

    /// `read`, `open` and `close` (outside compute constructs).
    #[inline(never)]
    fn io_stmt(&mut self, s: &ast::Stmt) {
        if self.region.is_some() {
            self.not_yet("input/output statements inside a compute construct", s.span);
            return;
        }
        match &s.kind {
            StmtKind::Read { unit, format, items } => {
                let (f, n) = self.fmt_ops(format);
                match unit {
                    IoUnit::Number(e) if e.ty == ast::Ty::Scalar(BaseTy::Character) => {
                        let (a, l) = self.str_expr(e);
                        let l = self.conv(l, Ty::I64);
                        self.emit(Stmt::Call("gpuf_read_begin_internal".into(), vec![a, l, f, n]));
                    }
                    _ => {
                        let u = match unit {
                            IoUnit::Star => Op::I32(5),
                            IoUnit::Number(e) => {
                                let v = self.expr(e);
                                self.conv(v, Ty::I32)
                            }
                        };
                        self.emit(Stmt::Call("gpuf_read_begin".into(), vec![u, f, n]));
                    }
                }
                for it in items {
                    if let ExprKind::ArrayCtor(ci) = &it.kind {
                        self.ctor_walk(ci, &mut |g, x| g.read_item(x));
                    } else {
                        self.read_item(it);
                    }
                }
                self.emit(Stmt::Call("gpuf_read_end".into(), vec![]));
            }
            StmtKind::Open(o) => {
                let u = if o.newunit {
                    let u = self.val(Ty::I32, Rv::Call("gpuf_newunit".into(), vec![], Ty::I32));
                    let t = self.expr_ty(&o.unit);
                    let v = self.conv(u.clone(), t);
                    self.store_to(&o.unit, v);
                    u
                } else {
                    let u = self.expr(&o.unit);
                    self.conv(u, Ty::I32)
                };
                let (a, n) = match &o.file {
                    Some(f) => self.str_expr(f),
                    None => (Op::Null, Op::I64(0)),
                };
                let n = self.conv(n, Ty::I64);
                let args = vec![u, a, n, Op::I32(o.status), Op::I32(o.action), Op::I32(o.append as i32)];
                self.emit(Stmt::Call("gpuf_open".into(), args));
            }
            StmtKind::Close { unit, delete } => {
                let u = self.expr(unit);
                let u = self.conv(u, Ty::I32);
                self.emit(Stmt::Call("gpuf_close".into(), vec![u, Op::I32(*delete as i32)]));
            }
            _ => {}
        }
    }

    fn io_begin(&mut self, unit: Op, format: &ast::Format) {
        let (f, n) = self.fmt_ops(format);
        self.emit(Stmt::Call("gpuf_io_begin".into(), vec![unit, f, n]))
    }

    /// Calls `f` with the address of each derived-type object `e` denotes (a scalar, or
    /// every element of an array in array element order).
    fn each_struct(&mut self, e: &Expr, f: &mut dyn FnMut(&mut Self, Op)) {
        if e.ty.rank() > 0 {
            let shape = self.shape(e);
            self.scalarise(&shape, &mut |g, idx| {
                let a = g.expr_at(e, idx);
                f(g, a);
            });
        } else {
            let a = self.expr(e);
            f(self, a);
        }
    }

    /// One variable, element or section of a `read`, element by element.
    fn read_item(&mut self, e: &Expr) {
        if let Some(BaseTy::Derived(k)) = e.ty.base() {
            self.each_struct(e, &mut |g, a| g.read_struct(a, k));
            return;
        }
        if self.complex_read(e) {
            return;
        }
        if e.ty.base() == Some(BaseTy::Character) {
            if e.ty.rank() > 0 {
                self.char_items(e, &mut |g, a, n| g.emit(Stmt::Call("gpuf_read_str".into(), vec![a, n])));
                return;
            }
            let (a, n) = self.str_expr(e);
            let n = self.conv(n, Ty::I64);
            self.emit(Stmt::Call("gpuf_read_str".into(), vec![a, n]));
            return;
        }
        let t = self.expr_ty(e);
        let f = match (e.ty.base(), t) {
            (Some(BaseTy::Logical), _) => "gpuf_read_logical",
            (_, Ty::I64) => "gpuf_read_i64",
            (_, Ty::F32) => "gpuf_read_f32",
            (_, Ty::F64) => "gpuf_read_f64",
            _ => "gpuf_read_i32",
        };
        let tmp = self.tmp(t);
        if e.ty.rank() > 0 {
            let shape = self.shape(e);
            self.scalarise(&shape, &mut |g, idx| {
                // the item keeps its value when nothing is read into it
                let cur = g.expr_at(e, idx);
                g.emit(Stmt::Assign(tmp, Rv::Use(cur)));
                let p = g.val(Ty::Ptr, Rv::AddrOf(tmp));
                g.emit(Stmt::Call(f.into(), vec![p]));
                g.store_elem(e, idx, Op::Var(tmp));
            });
        } else {
            let cur = self.expr(e);
            self.emit(Stmt::Assign(tmp, Rv::Use(cur)));
            let p = self.val(Ty::Ptr, Rv::AddrOf(tmp));
            self.emit(Stmt::Call(f.into(), vec![p]));
            self.store_to(e, Op::Var(tmp));
        }
    }

    /// Output to `unit`, or into the character variable `internal` (address, length).
    fn output(&mut self, internal: Option<(Op, Op)>, unit: Op, format: &ast::Format, items: &[Expr], sp: Span) {
        if self.region.is_some() {
            self.not_yet("output inside a compute construct", sp);
            return;
        }
        let mark = self.mat_frees.len();
        for it in items {
            // Constructors and implied-do lists are printed item by item below.
            if !matches!(it.kind, ExprKind::ArrayCtor(_)) {
                self.materialize_rec(it);
            }
        }
        // Scalar items that call functions are evaluated before the statement starts: the
        // functions may do I/O of their own (e.g. an internal write).
        let mut pre: Vec<Option<(Op, Op)>> = Vec::new();
        for it in items {
            let simple = matches!(it.ty.base(), Some(BaseTy::Integer(4 | 8) | BaseTy::Real(_) | BaseTy::Logical | BaseTy::Character));
            let v = if simple && it.ty.rank() == 0 && !matches!(it.kind, ExprKind::ArrayCtor(_)) && has_call(it) {
                if it.ty.base() == Some(BaseTy::Character) {
                    Some(self.str_expr(it))
                } else {
                    let v = self.expr(it);
                    let t = self.tmp(self.f.op_ty(&v));
                    self.emit(Stmt::Assign(t, Rv::Use(v)));
                    Some((Op::Var(t), Op::Null))
                }
            } else {
                None
            };
            pre.push(v);
        }
        if let Some((a, n)) = internal {
            let (f, fl) = self.fmt_ops(format);
            self.emit(Stmt::Call("gpuf_io_begin_internal".into(), vec![a, n, f, fl]));
        } else {
            self.io_begin(unit, format);
        }
        for (it, pre) in items.iter().zip(pre) {
            if let ExprKind::ArrayCtor(ci) = &it.kind {
                self.ctor_walk(ci, &mut |g, x| g.io_elem(x));
                continue;
            }
            if let Some(BaseTy::Derived(k)) = it.ty.base() {
                self.each_struct(it, &mut |g, a| g.io_struct(a, k));
                continue;
            }
            if let Some((v, n)) = pre {
                if it.ty.base() == Some(BaseTy::Character) {
                    self.emit(Stmt::Call("gpuf_io_str".into(), vec![v, n]));
                } else {
                    self.io_item(it, v);
                }
            } else if it.ty.rank() > 0 && it.ty.base() == Some(BaseTy::Character) {
                self.char_items(it, &mut |g, a, n| g.emit(Stmt::Call("gpuf_io_str".into(), vec![a, n])));
            } else if it.ty.rank() > 0 {
                let shape = self.shape(it);
                self.scalarise(&shape, &mut |g, idx| g.io_value(it, idx));
            } else if let Some(s) = self.const_str(it) {
                let n = s.len() as i64;
                self.emit(Stmt::Call("gpuf_io_str".into(), vec![Op::Str(s), Op::I64(n)]));
            } else if it.ty.base() == Some(BaseTy::Character) {
                let (a, n) = self.str_expr(it);
                self.emit(Stmt::Call("gpuf_io_str".into(), vec![a, n]));
            } else {
                self.io_value(it, &[]);
            }
        }
        self.emit(Stmt::Call("gpuf_io_end".into(), vec![]));
        self.free_mats(mark);
    }

    /// One item of a constructor or implied-do list in an I/O list.
    fn io_elem(&mut self, x: &Expr) {
        if x.ty.base() == Some(BaseTy::Character) && x.ty.rank() > 0 {
            self.char_items(x, &mut |g, a, n| g.emit(Stmt::Call("gpuf_io_str".into(), vec![a, n])));
        } else if x.ty.base() == Some(BaseTy::Character) && self.const_str(x).is_none() {
            let (a, n) = self.str_expr(x);
            self.emit(Stmt::Call("gpuf_io_str".into(), vec![a, n]));
        } else if x.ty.rank() > 0 {
            let shape = self.shape(x);
            self.scalarise(&shape, &mut |g, idx| g.io_value(x, idx));
        } else if let Some(s) = self.const_str(x) {
            let n = s.len() as i64;
            self.emit(Stmt::Call("gpuf_io_str".into(), vec![Op::Str(s), Op::I64(n)]));
        } else {
            self.io_value(x, &[]);
        }
    }

    fn io_item(&mut self, e: &Expr, v: Op) {
        let f = match e.ty.base() {
            Some(BaseTy::Logical) => "gpuf_io_logical",
            // Narrow integers travel as `I32`; the runtime prints them with their kind's width.
            Some(BaseTy::Integer(1)) => "gpuf_io_i8",
            Some(BaseTy::Integer(2)) => "gpuf_io_i16",
            _ => match self.f.op_ty(&v) {
                Ty::I32 | Ty::I8 | Ty::I16 => "gpuf_io_i32",
                Ty::I64 => "gpuf_io_i64",
                Ty::F32 => "gpuf_io_f32",
                Ty::F64 => "gpuf_io_f64",
                Ty::Ptr => "gpuf_io_str",
            },
        };
        self.emit(Stmt::Call(f.into(), vec![v]));
    }

    // ----- procedures -----

    /// The link name and argument addresses of a call (Fortran passes by reference).
    fn call_args(&mut self, name: &ast::Ident, args: &[Arg], sp: Span) -> Option<(String, Vec<Op>)> {
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
                Some(e) if e.ty == ast::Ty::Scalar(BaseTy::Character) => {
                    let (a, n) = self.str_expr(e);
                    ops.push(a);
                    let n = self.conv(n, Ty::I64);
                    lens.push(self.val(Ty::Ptr, Rv::Cast(Ty::Ptr, n)));
                }
                Some(e) => {
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
                    if assumed && e.ty.rank() > 0 {
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
        // A dummy procedure: an indirect call through the address the caller passed.
        if let Some(d) = sig.link_name.strip_prefix("@dummy:") {
            let fp = self.dummy_proc_addr(d, sp)?;
            ops.insert(0, fp);
            return Some(("@ptr".to_string(), ops));
        }
        Some((sig.link_name.clone(), ops))
    }

    /// Arguments of an OpenACC runtime routine: the data argument as its address and size
    /// in bytes (or the explicit `len`), every other argument by value.
    fn api_args(&mut self, sig: &gpuf_frontend::sema::ProcSig, slots: &[Option<&Expr>]) -> Vec<Op> {
        let mut ops = Vec::new();
        let len_at = sig.args.iter().position(|a| a.name == "len");
        for (i, d) in sig.args.iter().enumerate() {
            let e = slots.get(i).copied().flatten();
            match d.name.as_str() {
                "data_arg" => {
                    let Some(e) = e else {
                        ops.push(Op::Null);
                        ops.push(Op::I64(0));
                        continue;
                    };
                    let (addr, bytes) = match self.map_block(e) {
                        Some((a, n, _, _)) => (a, n),
                        None => {
                            let t = self.expr_ty(e);
                            (self.arg_addr(e), Op::I64(t.size()))
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

    /// The address of a procedure named as an actual argument (for a dummy procedure).
    fn proc_addr(&mut self, key: &str, sp: Span) -> Op {
        let procs = self.procs;
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
            if !self.globals.iter().any(|x| x.name == g) {
                self.globals.push(Global { name: g.clone(), ty: Ty::Ptr, init: Op::Null, local: true, external: false });
            }
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
    fn arg_addr(&mut self, e: &Expr) -> Op {
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

    /// Stores a value into a scalar variable or element named by an expression.
    fn store_to(&mut self, target: &Expr, v: Op) {
        let t = self.expr_ty(target);
        let v = self.conv(v, t);
        self.assign_op(target, v);
    }

    fn intrinsic_call(&mut self, sub: IntrinsicSub, args: &[Option<Expr>], sp: Span) {
        if self.region.is_some() {
            self.not_yet("intrinsic subroutines inside compute constructs", sp);
            return;
        }
        let arg = |i: usize| args.get(i).and_then(|a| a.as_ref());
        match sub {
            IntrinsicSub::RandomNumber => {
                let Some(h) = arg(0) else { return };
                let f = if self.expr_ty(h) == Ty::F64 { "gpuf_random_f64" } else { "gpuf_random_f32" };
                if h.ty.rank() > 0 {
                    let shape = self.shape(h);
                    let contiguous = matches!(h.kind, ExprKind::Name(_));
                    if contiguous {
                        let a = self.arg_addr(h);
                        let mut n = Op::I64(1);
                        for e in shape {
                            n = self.bin(Ty::I64, BinOp::Mul, n, e);
                        }
                        self.emit(Stmt::Call(f.into(), vec![a, n]));
                    } else {
                        // A section: one element at a time.
                        let t = self.expr_ty(h);
                        let tmp = self.tmp(t);
                        self.scalarise(&shape, &mut |g, idx| {
                            let p = g.val(Ty::Ptr, Rv::AddrOf(tmp));
                            g.emit(Stmt::Call(f.into(), vec![p, Op::I64(1)]));
                            g.store_elem(h, idx, Op::Var(tmp));
                        });
                    }
                } else {
                    let a = self.arg_addr(h);
                    self.emit(Stmt::Call(f.into(), vec![a, Op::I64(1)]));
                }
            }
            IntrinsicSub::RandomSeed => {
                let mut any = false;
                if let Some(sz) = arg(0) {
                    any = true;
                    let v = self.val(Ty::I32, Rv::Call("gpuf_random_seed_size".into(), vec![], Ty::I32));
                    self.store_to(sz, v);
                }
                for (i, f) in [(1, "gpuf_random_seed_put"), (2, "gpuf_random_seed_get")] {
                    if let Some(a) = arg(i) {
                        any = true;
                        let shape = self.shape(a);
                        let n = shape.first().cloned().unwrap_or(Op::I64(1));
                        let p = self.arg_addr(a);
                        self.emit(Stmt::Call(f.into(), vec![p, n]));
                    }
                }
                if !any {
                    self.emit(Stmt::Call("gpuf_random_seed_default".into(), vec![]));
                }
            }
            IntrinsicSub::CpuTime => {
                if let Some(t) = arg(0) {
                    let (f, ty) = if self.expr_ty(t) == Ty::F64 { ("gpuf_cpu_time_f64", Ty::F64) } else { ("gpuf_cpu_time_f32", Ty::F32) };
                    let v = self.val(ty, Rv::Call(f.into(), vec![], ty));
                    self.store_to(t, v);
                }
            }
            IntrinsicSub::SystemClock => {
                for which in 0..3 {
                    if let Some(t) = arg(which) {
                        let kind = if self.expr_ty(t) == Ty::I64 { 8 } else { 4 };
                        let v =
                            self.val(Ty::I64, Rv::Call("gpuf_system_clock".into(), vec![Op::I32(kind), Op::I32(which as i32)], Ty::I64));
                        self.store_to(t, v);
                    }
                }
            }
            IntrinsicSub::Exit => {
                let code = match arg(0) {
                    Some(e) => {
                        let v = self.expr(e);
                        self.conv(v, Ty::I32)
                    }
                    None => Op::I32(0),
                };
                self.emit(Stmt::Call("gpuf_exit".into(), vec![code]));
            }
            IntrinsicSub::GetCommandArgument => {
                let n = match arg(0) {
                    Some(e) => {
                        let v = self.expr(e);
                        self.conv(v, Ty::I32)
                    }
                    None => Op::I32(0),
                };
                let (buf, blen) = match arg(1) {
                    Some(e) => self.str_expr(e),
                    None => (Op::Null, Op::I64(0)),
                };
                let mut outs = Vec::new();
                // `length` and `status` arrive in `i32` temporaries, stored with conversion.
                for i in [2, 3] {
                    if arg(i).is_some() {
                        let t = self.tmp(Ty::I32);
                        self.emit(Stmt::Assign(t, Rv::Use(Op::I32(0))));
                        let p = self.val(Ty::Ptr, Rv::AddrOf(t));
                        outs.push(p);
                    } else {
                        outs.push(Op::Null);
                    }
                }
                let mut call = vec![n, buf, blen];
                call.extend(outs.iter().cloned());
                self.emit(Stmt::Call("gpuf_get_command_argument".into(), call));
                for (i, p) in [2, 3].into_iter().zip(outs) {
                    if let (Some(e), Op::Var(_)) = (arg(i), &p) {
                        let v = self.val(Ty::I32, Rv::Load(Ty::I32, p));
                        self.store_to(e, v);
                    }
                }
            }
        }
    }

    // ----- OpenACC -----

    /// The mapped block of a data-clause item: (host address, bytes, description).
    fn map_block(&mut self, e: &Expr) -> Option<(Op, Op, String, Option<Desc>)> {
        match &e.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Array(d)) => {
                    let b = self.desc_bytes(&d);
                    Some((Op::Var(d.addr), b, id.name.clone(), Some(d)))
                }
                Some(Home::Mem(p, b)) => Some((Op::Var(p), Op::I64(self.elem_size(b)), id.name.clone(), None)),
                _ => None,
            },
            ExprKind::ArrayRef { name, subs } | ExprKind::Apply { name, args: subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return None };
                // The contiguous hull of the section: from its first to its last element.
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
                            let l = self.range_lo(&d, dim, lo.as_ref());
                            let h = self.range_hi(&d, dim, hi.as_ref());
                            first.push(l);
                            last.push(h);
                        }
                    }
                }
                let a = self.elem_addr(&d, &first);
                let z = self.elem_addr(&d, &last);
                let ai = self.val(Ty::I64, Rv::Cast(Ty::I64, a.clone()));
                let zi = self.val(Ty::I64, Rv::Cast(Ty::I64, z));
                let n = self.bin(Ty::I64, BinOp::Sub, zi, ai);
                let n = self.bin(Ty::I64, BinOp::Add, n, Op::I64(self.elem_size(d.base)));
                let n = self.val(Ty::I64, Rv::Binary(BinOp::Max, n, Op::I64(0)));
                let what = self.src.get(e.span.lo as usize..e.span.hi as usize).unwrap_or(&name.name).to_string();
                Some((a, n, what, Some(d)))
            }
            _ => None,
        }
    }

    fn data_maps(&mut self, clauses: &[ast::AccClause], mut mentioned: Option<&mut BTreeSet<String>>) -> Vec<MapItem> {
        let mut maps = Vec::new();
        for c in clauses {
            let (kind, list) = match &c.kind {
                ClauseKind::Copy(l) => (MapKind::Copy, l),
                ClauseKind::Copyin(l) => (MapKind::Copyin, l),
                ClauseKind::Copyout(l) => (MapKind::Copyout, l),
                ClauseKind::Create(l) => (MapKind::Create, l),
                ClauseKind::Present(l) => (MapKind::Present, l),
                ClauseKind::NoCreate(l) => (MapKind::NoCreate, l),
                ClauseKind::Delete(l) => (MapKind::Delete, l),
                _ => continue,
            };
            for e in list {
                let base = match &e.kind {
                    ExprKind::Name(i) => i.name.clone(),
                    ExprKind::ArrayRef { name, .. } | ExprKind::Apply { name, .. } => name.name.clone(),
                    _ => String::new(),
                };
                match self.map_block(e) {
                    Some((addr, bytes, what, _)) => {
                        if let Some(m) = mentioned.as_deref_mut() {
                            m.insert(base);
                        }
                        maps.push(MapItem { kind, addr, bytes, what });
                    }
                    None => {
                        // A scalar that stays in a register cannot be mapped; it cannot happen
                        // since every scalar in a data clause lives in memory.
                        self.not_yet("this data clause item", e.span);
                    }
                }
            }
        }
        maps
    }

    fn clause_op(&mut self, cs: &[ast::AccClause], pick: fn(&ClauseKind) -> Option<&Expr>) -> Option<Op> {
        for c in cs {
            if let Some(e) = pick(&c.kind) {
                let v = self.expr(e);
                return Some(self.conv(v, Ty::I32));
            }
        }
        None
    }

    /// A compute construct (`loop_dir` is set for combined constructs).
    fn region(&mut self, dir: &ast::AccDirective, body: &[ast::Stmt], loop_dir: Option<&ast::AccDirective>, sp: Span) {
        if self.region.is_some() {
            self.diags.push(Diagnostic::error("E0301", "compute constructs cannot be nested", dir.span));
            return;
        }
        if dir.kind == ast::AccKind::Kernels && loop_dir.is_none() && self.split_kernels(dir, body, sp) {
            return;
        }
        let kind = match dir.kind {
            ast::AccKind::Parallel | ast::AccKind::ParallelLoop => RegionKind::Parallel,
            ast::AccKind::Kernels | ast::AccKind::KernelsLoop => RegionKind::Kernels,
            _ => RegionKind::Serial,
        };
        let if_cond = dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None }).map(|e| self.expr(e));
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Default(_) => {}
                ClauseKind::Unsupported(n) if !gpuf_frontend::sema::is_sync_clause(n.split('(').next().unwrap_or(n)) => {
                    self.not_yet(format!("the `{n}` clause"), c.span)
                }
                _ => {}
            }
        }
        let mut mentioned = BTreeSet::new();
        let mut maps = self.data_maps(&dir.clauses, Some(&mut mentioned));
        let (ng, nw, vl) = if kind == RegionKind::Serial {
            (Some(Op::I32(1)), Some(Op::I32(1)), Some(Op::I32(1)))
        } else {
            (
                self.clause_op(&dir.clauses, |k| if let ClauseKind::NumGangs(e) = k { Some(e) } else { None }),
                self.clause_op(&dir.clauses, |k| if let ClauseKind::NumWorkers(e) = k { Some(e) } else { None }),
                self.clause_op(&dir.clauses, |k| if let ClauseKind::VectorLength(e) = k { Some(e) } else { None }),
            )
        };
        // Construct-level reductions (not on combined constructs: those belong to the loop).
        let mut reductions = Vec::new();
        let mut scope = HashMap::new();
        if loop_dir.is_none() {
            for c in &dir.clauses {
                if let ClauseKind::Reduction(op, list) = &c.kind {
                    for e in list {
                        let ExprKind::Name(id) = &e.kind else { continue };
                        if let Some(Home::Mem(p, b)) = self.lookup(&id.name) {
                            let local = self.f.new_var(format!("{}.red", id.name), ir_ty(b));
                            reductions.push(Reduction { op: red_op(*op), ty: ir_ty(b), local, result: RedResult::Mem(p) });
                            scope.insert(id.name.clone(), Home::Reg(local, b));
                            if !mentioned.contains(&id.name) {
                                maps.push(MapItem {
                                    kind: MapKind::Copy,
                                    addr: Op::Var(p),
                                    bytes: Op::I64(self.elem_size(b)),
                                    what: id.name.clone(),
                                });
                                mentioned.insert(id.name.clone());
                            }
                        }
                    }
                }
            }
        }
        let mut privates = Vec::new();
        let mut firstprivates = BTreeSet::new();
        let mut pending_arrays = Vec::new();
        // Scalars without a data clause are firstprivate (as every such scalar is in
        // `parallel` and `serial`; read-only ones are the same as `copy` in `kernels`): load
        // them on the host, so that gangs do not share one copy and nothing is copied back
        // to an actual argument that may be a constant.
        {
            let mut written = BTreeSet::new();
            assigned(body, &mut written, self.syms, &mut Vec::new());
            let syms = self.syms;
            for sym in &syms.list {
                // Scalars kept in memory only for their storage (dummies, saved and module
                // variables), not because a data clause, reduction or atomic needs their
                // device address: firstprivate in `parallel` and `serial`; in `kernels`
                // only while the construct does not assign them.
                let storage_only = !self.mem_names.contains(&sym.name);
                let firstprivate = storage_only && (kind != RegionKind::Kernels || !written.contains(&sym.name));
                if sym.rank != 0 || sym.parameter || !firstprivate || mentioned.contains(&sym.name) || scope.contains_key(&sym.name) {
                    continue;
                }
                if matches!(sym.base, BaseTy::Derived(_)) {
                    // Derived-type scalars are aggregates: mapped like arrays.
                    continue;
                }
                if let Some(Home::Mem(p, b)) = self.lookup(&sym.name) {
                    let v = self.f.new_var(sym.name.clone(), ir_ty(b));
                    self.emit(Stmt::Assign(v, Rv::Load(ir_ty(b), Op::Var(p))));
                    scope.insert(sym.name.clone(), Home::Reg(v, b));
                    firstprivates.insert(sym.name.clone());
                }
            }
        }
        for c in &dir.clauses {
            match &c.kind {
                // On a combined construct the loop takes the `private` clause.
                ClauseKind::Private(l) if loop_dir.is_none() => {
                    for e in l {
                        if let ExprKind::Name(id) = &e.kind {
                            match self.lookup(&id.name) {
                                Some(Home::Mem(_, BaseTy::Derived(k))) => pending_arrays.push(self.struct_desc(&id.name, k)),
                                Some(Home::Reg(_, b)) | Some(Home::Mem(_, b)) => {
                                    let v = self.f.new_var(id.name.clone(), ir_ty(b));
                                    scope.insert(id.name.clone(), Home::Reg(v, b));
                                    privates.push(v);
                                }
                                Some(Home::Array(d)) => {
                                    pending_arrays.push(d);
                                }
                                _ => {}
                            }
                        }
                    }
                }
                ClauseKind::Firstprivate(l) => {
                    for e in l {
                        if let ExprKind::Name(id) = &e.kind {
                            match self.lookup(&id.name) {
                                Some(Home::Mem(_, BaseTy::Derived(_))) => self.not_yet("firstprivate derived-type variables", e.span),
                                Some(Home::Mem(p, b)) => {
                                    // Copy the value into a register before the region.
                                    let v = self.f.new_var(id.name.clone(), ir_ty(b));
                                    self.emit(Stmt::Assign(v, Rv::Load(ir_ty(b), Op::Var(p))));
                                    scope.insert(id.name.clone(), Home::Reg(v, b));
                                    firstprivates.insert(id.name.clone());
                                }
                                Some(Home::Reg(..)) => {
                                    firstprivates.insert(id.name.clone());
                                }
                                Some(Home::Array(_)) => self.not_yet("firstprivate arrays", e.span),
                                _ => {}
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        self.overrides.push(scope);
        self.region = Some(RegionCtx { kind, levels: Levels::default(), scratch: Vec::new() });
        self.push_block();
        for d in pending_arrays {
            let h = self.gang_private_array(&d);
            // A derived-type scalar is a rank-0 "array": its gang's copy is its home.
            let h = match h {
                Home::Array(pd) if pd.lb.is_empty() => Home::Mem(pd.addr, pd.base),
                h => h,
            };
            if let Some(top) = self.overrides.last_mut() {
                top.insert(d.name.clone(), h);
            }
        }
        match loop_dir {
            Some(ld) => {
                if let Some(d) = body.first() {
                    self.acc_loop(ld, d);
                }
            }
            None => self.stmts(body),
        }
        let b = self.pop_block();
        let scratch = self.region.take().map(|r| r.scratch).unwrap_or_default();
        self.overrides.pop();
        // Every name the body uses that is not private becomes a capture.
        let mut captures: Vec<Capture> = privates.iter().map(|v| Capture::Private(*v)).collect();
        let mut used = BTreeSet::new();
        uses(&b, &mut used);
        let mut mapped_vars = BTreeSet::new();
        // The construct's reductions: results are mapped, locals are the kernel's own.
        for r in &reductions {
            let (RedResult::Mem(p) | RedResult::Var(p)) = r.result;
            used.insert(p);
            mapped_vars.insert(r.local);
        }
        for (sp, d) in scratch {
            let bytes = self.desc_bytes(&d);
            captures.push(Capture::Scratch(sp, bytes));
            mapped_vars.insert(sp);
        }
        for (name, home) in self.homes.clone() {
            match home {
                Home::Array(d) => {
                    // Only the data pointer makes the array mapped; bounds alone are values.
                    if !used.contains(&d.addr) {
                        continue;
                    }
                    let bytes = self.desc_bytes(&d);
                    if !mentioned.contains(&name) {
                        maps.push(MapItem { kind: MapKind::Copy, addr: Op::Var(d.addr), bytes: bytes.clone(), what: name.clone() });
                    }
                    captures.push(Capture::Mapped(d.addr, bytes));
                    mapped_vars.insert(d.addr);
                    for v in d.lb.iter().chain(&d.ext) {
                        captures.push(Capture::Value(*v));
                        mapped_vars.insert(*v);
                    }
                }
                Home::Mem(p, b) => {
                    if !used.contains(&p) {
                        continue;
                    }
                    let size = self.elem_size(b);
                    if !mentioned.contains(&name) {
                        maps.push(MapItem { kind: MapKind::Copy, addr: Op::Var(p), bytes: Op::I64(size), what: name.clone() });
                    }
                    captures.push(Capture::Mapped(p, Op::I64(size)));
                    mapped_vars.insert(p);
                }
                Home::Reg(..) | Home::Str(_) | Home::Chars { .. } | Home::CharArray { .. } => {}
            }
        }
        // Remaining host variables read in the body: firstprivate.
        let defined = defs(&b);
        for v in used {
            if mapped_vars.contains(&v) || privates.contains(&v) {
                continue;
            }
            if v.0 as usize >= self.f.vars.len() {
                continue;
            }
            // Temporaries and variables created inside the region are the kernel's own.
            if defined.contains(&v) && !self.is_host_var(v) {
                continue;
            }
            if self.is_host_var(v) || !defined.contains(&v) {
                captures.push(Capture::Value(v));
            }
        }
        let what = match loop_dir {
            Some(_) => format!("{} loop", kind_name(kind)),
            None => kind_name(kind).to_string(),
        };
        let line = self.line(sp);
        self.emit(Stmt::AccRegion(Box::new(AccRegion {
            kind,
            what,
            line,
            maps,
            captures,
            reductions,
            num_gangs: ng,
            num_workers: nw,
            vector_length: vl,
            if_cond,
            body: b,
        })));
    }

    /// A `kernels` construct is a sequence of kernels, as the specification describes it:
    /// each loop nest at its top level becomes its own kernel, and so does each run of the
    /// statements between them; the construct's data clauses become a data region around
    /// them. Loop nests with a partitioned loop stay `kernels`, the rest run as `serial`
    /// (one gang, so that nothing is executed once per gang). Returns false when the body is
    /// a single group.
    fn split_kernels(&mut self, dir: &ast::AccDirective, body: &[ast::Stmt], sp: Span) -> bool {
        let mut groups: Vec<Vec<ast::Stmt>> = Vec::new();
        let mut run: Vec<ast::Stmt> = Vec::new();
        for s in body {
            if matches!(s.kind, StmtKind::AccLoop { .. } | StmtKind::Do { .. } | StmtKind::DoWhile { .. }) {
                if !run.is_empty() {
                    groups.push(std::mem::take(&mut run));
                }
                groups.push(vec![s.clone()]);
            } else {
                run.push(s.clone());
            }
        }
        if !run.is_empty() {
            groups.push(run);
        }
        if groups.len() <= 1 {
            return false;
        }
        let maps = self.data_maps(&dir.clauses, None);
        let data_clause = |c: &ast::AccClause| {
            matches!(
                c.kind,
                ClauseKind::Copy(_)
                    | ClauseKind::Copyin(_)
                    | ClauseKind::Copyout(_)
                    | ClauseKind::Create(_)
                    | ClauseKind::Present(_)
                    | ClauseKind::NoCreate(_)
                    | ClauseKind::Delete(_)
            )
        };
        self.push_block();
        for g in &groups {
            let partitioned = g.iter().any(has_partitioned_loop);
            let clauses: Vec<ast::AccClause> = dir
                .clauses
                .iter()
                .filter(|c| !data_clause(c))
                .filter(|c| {
                    partitioned || !matches!(c.kind, ClauseKind::NumGangs(_) | ClauseKind::NumWorkers(_) | ClauseKind::VectorLength(_))
                })
                .cloned()
                .collect();
            let kind = if partitioned { ast::AccKind::Kernels } else { ast::AccKind::Serial };
            let sub = ast::AccDirective { kind, clauses, span: dir.span };
            let gsp = g.first().map_or(sp, |s| s.span);
            self.region(&sub, g, None, gsp);
        }
        let b = self.pop_block();
        self.emit(Stmt::AccData { maps, body: b });
        true
    }

    /// A variable that holds a Fortran name's value on the host (not a temporary).
    fn is_host_var(&self, v: VarId) -> bool {
        let is = |h: &Home| matches!(h, Home::Reg(x, _) if *x == v);
        self.homes.values().any(is) || self.overrides.iter().any(|s| s.values().any(is))
    }

    /// A copy of the array private to each gang: its data lives in per-gang scratch memory
    /// that the launch provides; the bounds are the host array's.
    fn gang_private_array(&mut self, d: &Desc) -> Home {
        let sp = self.f.new_var(format!("{}.scratch", d.name), Ty::Ptr);
        let pa = self.f.new_var(format!("{}.priv", d.name), Ty::Ptr);
        if let Some(r) = self.region.as_mut() {
            r.scratch.push((sp, d.clone()));
        }
        let g = self.val(Ty::I32, Rv::Builtin(Builtin::DimPos(Level::Gang), vec![]));
        let g = self.conv(g, Ty::I64);
        let bytes = self.desc_bytes(d);
        let off = self.bin(Ty::I64, BinOp::Mul, g, bytes);
        self.emit(Stmt::Assign(pa, Rv::PtrAdd(Op::Var(sp), off)));
        Home::Array(Desc { addr: pa, ..d.clone() })
    }

    fn acc_loop(&mut self, dir: &ast::AccDirective, do_stmt: &ast::Stmt) {
        let StmtKind::Do { name, var, start, end, step, body } = &do_stmt.kind else {
            self.not_yet("an OpenACC loop directive not followed by a `do` loop", dir.span);
            return;
        };
        let Some(rk) = self.region.as_ref().map(|r| r.kind) else {
            self.not_yet("orphaned `loop` directive", dir.span);
            return;
        };
        let outer = self.region.as_ref().map_or(Levels::default(), |r| r.levels);
        let mut levels = Levels::default();
        let mut seq = false;
        let mut independent = false;
        let mut collapse = 1u32;
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Gang(a) | ClauseKind::Worker(a) | ClauseKind::Vector(a) => {
                    let l = match c.kind {
                        ClauseKind::Gang(_) => Level::Gang,
                        ClauseKind::Worker(_) => Level::Worker,
                        _ => Level::Vector,
                    };
                    levels = levels.with(l);
                    if a.is_some() && dir.kind == ast::AccKind::Loop && rk != RegionKind::Kernels {
                        self.not_yet(format!("an argument on `{}` inside `parallel`", l.name()), c.span);
                    }
                }
                ClauseKind::Seq => seq = true,
                // An explicit `auto` asks the compiler to prove the iterations independent;
                // gpuf has no dependence analysis yet, so the loop runs sequentially.
                ClauseKind::Auto => seq = true,
                ClauseKind::Independent => independent = true,
                ClauseKind::Collapse(e) => {
                    if let ExprKind::Int(n, _) = e.kind {
                        collapse = n.max(1) as u32;
                    }
                }
                ClauseKind::Tile(n) => collapse = (*n).max(1),
                ClauseKind::Unsupported(n) if !gpuf_frontend::sema::is_sync_clause(n.split('(').next().unwrap_or(n)) => {
                    self.not_yet(format!("the `{n}` clause"), c.span)
                }
                _ => {}
            }
        }
        if seq || rk == RegionKind::Serial {
            levels = Levels::default();
        } else if levels.is_empty() && (rk == RegionKind::Parallel || independent) {
            // `auto`: take every level the enclosing loops left free, outermost first, and
            // leave inner levels to nested loop directives.
            let inner = nested_levels(body);
            for l in Level::ALL {
                if !outer.has(l) && !inner.has(l) {
                    levels = levels.with(l);
                    if inner.0 != 0 {
                        break;
                    }
                }
            }
        }
        // Reductions and privates of the loop.
        let mut scope = HashMap::new();
        let mut reductions = Vec::new();
        let mut privates = Vec::new();
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Reduction(op, list) => {
                    for e in list {
                        let ExprKind::Name(id) = &e.kind else { continue };
                        let (result, b) = match self.lookup(&id.name) {
                            Some(Home::Reg(v, b)) => (RedResult::Var(v), b),
                            Some(Home::Mem(p, b)) => (RedResult::Mem(p), b),
                            _ => {
                                self.not_yet("reductions on arrays", e.span);
                                continue;
                            }
                        };
                        let local = self.f.new_var(format!("{}.red", id.name), ir_ty(b));
                        reductions.push(Reduction { op: red_op(*op), ty: ir_ty(b), local, result });
                        scope.insert(id.name.clone(), Home::Reg(local, b));
                    }
                }
                ClauseKind::Private(list) => {
                    for e in list {
                        let ExprKind::Name(id) = &e.kind else { continue };
                        match self.lookup(&id.name) {
                            Some(Home::Mem(_, BaseTy::Derived(k))) => {
                                let outer = self.region.as_ref().map(|r| r.levels).unwrap_or_default();
                                if levels.has(Level::Worker)
                                    || levels.has(Level::Vector)
                                    || outer.has(Level::Worker)
                                    || outer.has(Level::Vector)
                                {
                                    self.not_yet("private derived-type variables on worker or vector loops", e.span);
                                } else {
                                    let d = self.struct_desc(&id.name, k);
                                    if let Home::Array(pd) = self.gang_private_array(&d) {
                                        scope.insert(id.name.clone(), Home::Mem(pd.addr, pd.base));
                                    }
                                }
                            }
                            Some(Home::Reg(_, b)) | Some(Home::Mem(_, b)) => {
                                let v = self.f.new_var(id.name.clone(), ir_ty(b));
                                scope.insert(id.name.clone(), Home::Reg(v, b));
                                privates.push(v);
                            }
                            Some(Home::Array(d)) => {
                                if levels.has(Level::Worker) || levels.has(Level::Vector) {
                                    self.not_yet("private arrays on worker or vector loops", e.span);
                                } else {
                                    let h = self.gang_private_array(&d);
                                    scope.insert(id.name.clone(), h);
                                }
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        if seq && !reductions.is_empty() {
            // A reduction on a sequential loop is the plain loop.
            reductions.clear();
            scope.retain(|_, h| !matches!(h, Home::Reg(v, _) if !privates.contains(v)));
        }
        // Reduction locals start from the result's value; seed 001's INIT stage replaces it.
        for r in &reductions {
            match r.result {
                RedResult::Var(v) => self.emit(Stmt::Assign(r.local, Rv::Use(Op::Var(v)))),
                RedResult::Mem(_) => self.emit(Stmt::Assign(r.local, Rv::Use(zero_of(r.ty)))),
            }
        }
        self.overrides.push(scope);
        if let Some(r) = self.region.as_mut() {
            r.levels = Levels(r.levels.0 | levels.0);
        }
        let acc = AccLoop { levels, collapse, reductions: reductions.clone(), privates, independent };
        self.do_loop(name.as_ref().map(|n| n.name.clone()), var, start, end, step.as_ref(), body, Some(acc));
        if let Some(r) = self.region.as_mut() {
            r.levels = outer;
        }
        self.overrides.pop();
        // After the loop the result holds the reduced value (omp-expand wires it).
        let _ = reductions;
    }

    fn standalone(&mut self, dir: &ast::AccDirective) {
        let if_present = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::IfPresent));
        let finalize = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Finalize));
        let runtime = matches!(dir.kind, ast::AccKind::Init | ast::AccKind::Shutdown | ast::AccKind::Set);
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Unsupported(n) if !runtime && !gpuf_frontend::sema::is_sync_clause(n.split('(').next().unwrap_or(n)) => {
                    self.not_yet(format!("the `{n}` clause"), c.span)
                }
                _ => {}
            }
        }
        // `if(cond)`: the directive does nothing when the condition is false.
        let cond = dir.clauses.iter().find_map(|c| if let ClauseKind::If(e) = &c.kind { Some(e) } else { None }).map(|e| self.expr(e));
        self.push_block();
        self.standalone_body(dir, if_present, finalize);
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

    fn standalone_body(&mut self, dir: &ast::AccDirective, if_present: bool, finalize: bool) {
        match dir.kind {
            ast::AccKind::EnterData => {
                for m in self.data_maps(&dir.clauses, None) {
                    self.emit(Stmt::Call("gpuf_acc_enter".into(), vec![m.addr, m.bytes, Op::I32(m.kind.code()), Op::I32(1)]));
                }
            }
            ast::AccKind::ExitData => {
                for m in self.data_maps(&dir.clauses, None) {
                    self.emit(Stmt::Call(
                        "gpuf_acc_exit".into(),
                        vec![m.addr, m.bytes, Op::I32(m.kind.code()), Op::I32(1), Op::I32(finalize as i32)],
                    ));
                }
            }
            ast::AccKind::Update => {
                for c in &dir.clauses {
                    let (to_dev, list) = match &c.kind {
                        ClauseKind::SelfHost(l) => (0, l),
                        ClauseKind::Device(l) => (1, l),
                        _ => continue,
                    };
                    for e in list {
                        if let Some((a, n, _, _)) = self.map_block(e) {
                            self.emit(Stmt::Call("gpuf_acc_update".into(), vec![a, n, Op::I32(to_dev), Op::I32(if_present as i32)]));
                        }
                    }
                }
            }
            // Execution is synchronous: there is never anything to wait for.
            ast::AccKind::Wait => {}
            ast::AccKind::Init | ast::AccKind::Shutdown | ast::AccKind::Set => self.runtime_directive(dir),
            k => self.not_yet(format!("the `{}` directive", k.name()), dir.span),
        }
    }

    /// `init`, `shutdown`, `set` as calls of the OpenACC runtime routines they stand for
    /// (`default_async` is recorded; every construct runs synchronously).
    fn runtime_directive(&mut self, dir: &ast::AccDirective) {
        let mut ty = 1;
        let mut num = None;
        let mut cond = None;
        let mut queue = None;
        for c in &dir.clauses {
            match &c.kind {
                ClauseKind::Unsupported(s) => {
                    let n = s.split_once('(').map(|(_, r)| r.trim_end_matches(')')).unwrap_or("");
                    ty = gpuf_frontend::sema::acc_device_code(n).unwrap_or(1);
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
        match (dir.kind, n) {
            (ast::AccKind::Init, None) => self.emit(Stmt::Call("gpuf_acc_init".into(), vec![ty])),
            (ast::AccKind::Init, Some(n)) => {
                self.emit(Stmt::Call("gpuf_acc_init".into(), vec![ty.clone()]));
                self.emit(Stmt::Call("gpuf_acc_set_device_num".into(), vec![n, ty]));
            }
            (ast::AccKind::Shutdown, _) => self.emit(Stmt::Call("gpuf_acc_shutdown".into(), vec![ty])),
            (_, Some(n)) => self.emit(Stmt::Call("gpuf_acc_set_device_num".into(), vec![n, ty])),
            (_, None) => {
                if dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Unsupported(_))) {
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

    fn atomic(&mut self, dir: &ast::AccDirective, kind: ast::AtomicKind, body: &[ast::Stmt]) {
        let assign = |s: &ast::Stmt| -> Option<(Expr, Expr)> {
            if let StmtKind::Assign { lhs, rhs } = &s.kind {
                Some((lhs.clone(), rhs.clone()))
            } else {
                None
            }
        };
        let stmts: Vec<(Expr, Expr)> = body.iter().filter_map(assign).collect();
        if self.region.is_none() {
            // Outside compute constructs the host is the only thread.
            self.stmts(body);
            return;
        }
        match (kind, stmts.as_slice()) {
            (ast::AtomicKind::Read, [(v, x)]) => {
                let Some((p, t)) = self.place(x) else { return self.not_yet("this atomic read", dir.span) };
                let r = self.val(t, Rv::AtomicLoad(t, p));
                let vt = self.expr_ty(v);
                let r = self.conv(r, vt);
                self.assign_op(v, r);
            }
            (ast::AtomicKind::Write, [(x, e)]) => {
                let Some((p, t)) = self.place(x) else { return self.not_yet("this atomic write", dir.span) };
                let v = self.expr(e);
                let v = self.conv(v, t);
                self.emit(Stmt::AtomicStore(t, p, v));
            }
            (ast::AtomicKind::Update, [(x, e)]) => {
                let _ = self.atomic_update(x, e, dir.span);
            }
            (ast::AtomicKind::Capture, [(a1, e1), (a2, e2)]) => {
                // Either `v = x; x = x op e` (old value) or `x = x op e; v = x` (new value).
                if same_place(a1, e2) {
                    if let Some((old, new)) = self.atomic_update(a1, e1, dir.span) {
                        let _ = old;
                        let vt = self.expr_ty(a2);
                        let n = self.conv(new, vt);
                        self.assign_op(a2, n);
                    }
                } else if let Some((old, _)) = self.atomic_update(a2, e2, dir.span) {
                    let vt = self.expr_ty(a1);
                    let o = self.conv(old, vt);
                    self.assign_op(a1, o);
                }
            }
            _ => self.not_yet("this form of `atomic`", dir.span),
        }
    }

    fn assign_op(&mut self, lhs: &Expr, v: Op) {
        match &lhs.kind {
            ExprKind::Name(id) => self.store_name(&id.name, v),
            ExprKind::ArrayRef { .. } => self.store_elem(lhs, &[], v),
            ExprKind::Component(_) => self.component_store(lhs, &[], v),
            _ => {}
        }
    }

    /// The address and type of a scalar variable or array element.
    fn place(&mut self, x: &Expr) -> Option<(Op, Ty)> {
        match &x.kind {
            ExprKind::Name(id) => match self.lookup(&id.name) {
                Some(Home::Mem(p, b)) => Some((Op::Var(p), mem_ty(b))),
                _ => None,
            },
            ExprKind::ArrayRef { name, subs } => {
                let Some(Home::Array(d)) = self.lookup(&name.name) else { return None };
                let s = self.subscripts(&d, subs, &[]);
                Some((self.elem_addr(&d, &s), mem_ty(d.base)))
            }
            ExprKind::Component(_) if x.ty.rank() == 0 => {
                let t = self.expr_ty(x);
                Some((self.component_addr(x, &[]), t))
            }
            _ => None,
        }
    }

    /// `x = x op e` (or `x = e op x`, or `x = max(x, e)` ...) done atomically; returns the
    /// old and the new value.
    fn atomic_update(&mut self, x: &Expr, e: &Expr, sp: Span) -> Option<(Op, Op)> {
        let Some((p, t)) = self.place(x) else {
            self.not_yet("an atomic update of a private variable", sp);
            return None;
        };
        // Find the operator and the other operand.
        let (op, other, x_first) = match &e.kind {
            ExprKind::Binary(b, l, r) => {
                let o = match b {
                    ast::BinOp::Add => RedOpOrSub::Op(RedOp::Add),
                    ast::BinOp::Sub => RedOpOrSub::Sub,
                    ast::BinOp::Mul => RedOpOrSub::Op(RedOp::Mul),
                    ast::BinOp::Div => RedOpOrSub::Div,
                    ast::BinOp::And => RedOpOrSub::Op(RedOp::And),
                    ast::BinOp::Or => RedOpOrSub::Op(RedOp::Or),
                    ast::BinOp::Eqv => RedOpOrSub::Op(RedOp::Eqv),
                    ast::BinOp::Neqv => RedOpOrSub::Op(RedOp::Xor),
                    _ => {
                        self.not_yet("this atomic operator", e.span);
                        return None;
                    }
                };
                if same_place(l, x) {
                    (o, (**r).clone(), true)
                } else if same_place(r, x) {
                    (o, (**l).clone(), false)
                } else {
                    self.not_yet("this atomic update form", e.span);
                    return None;
                }
            }
            ExprKind::Intrinsic { func, args } if args.len() > 2 && matches!(func, Intrinsic::Max | Intrinsic::Min) => {
                // `x = max(a, b, x)`: combine the other arguments first, then atomically.
                let o = if *func == Intrinsic::Max { RedOp::Max } else { RedOp::Min };
                let Some(k) = args.iter().position(|a| same_place(a, x)) else {
                    self.not_yet("this atomic update form", e.span);
                    return None;
                };
                let rest: Vec<Expr> = args.iter().enumerate().filter(|(i, _)| *i != k).map(|(_, a)| a.clone()).collect();
                let other = Expr { kind: ExprKind::Intrinsic { func: *func, args: rest }, span: e.span, ty: x.ty };
                (RedOpOrSub::Op(o), other, true)
            }
            ExprKind::Intrinsic { func, args } if args.len() == 2 => {
                let o = match func {
                    Intrinsic::Max => RedOp::Max,
                    Intrinsic::Min => RedOp::Min,
                    Intrinsic::Iand => RedOp::And,
                    Intrinsic::Ior => RedOp::Or,
                    Intrinsic::Ieor => RedOp::Xor,
                    _ => {
                        self.not_yet("this atomic intrinsic", e.span);
                        return None;
                    }
                };
                if same_place(&args[0], x) {
                    (RedOpOrSub::Op(o), args[1].clone(), true)
                } else if same_place(&args[1], x) {
                    (RedOpOrSub::Op(o), args[0].clone(), false)
                } else {
                    self.not_yet("this atomic update form", e.span);
                    return None;
                }
            }
            _ => {
                self.not_yet("this atomic update form", e.span);
                return None;
            }
        };
        let v = self.expr(&other);
        let v = self.conv(v, t);
        // Native read-modify-write where one exists.
        let native = match op {
            RedOpOrSub::Op(RedOp::Add) => Some((AtomicOp::Add, v.clone())),
            RedOpOrSub::Sub if x_first => {
                let n = self.val(t, Rv::Unary(ir::UnOp::Neg, v.clone()));
                Some((AtomicOp::Add, n))
            }
            RedOpOrSub::Op(RedOp::Max) => Some((AtomicOp::Max, v.clone())),
            RedOpOrSub::Op(RedOp::Min) => Some((AtomicOp::Min, v.clone())),
            RedOpOrSub::Op(RedOp::And) if t.is_int() => Some((AtomicOp::And, v.clone())),
            RedOpOrSub::Op(RedOp::Or) if t.is_int() => Some((AtomicOp::Or, v.clone())),
            RedOpOrSub::Op(RedOp::Xor) if t.is_int() => Some((AtomicOp::Xor, v.clone())),
            _ => None,
        };
        if let Some((aop, val)) = native {
            let old = self.val(t, Rv::AtomicRmw(aop, t, p, val.clone()));
            let new = match aop {
                AtomicOp::Add => self.val(t, Rv::Binary(BinOp::Add, old.clone(), val)),
                AtomicOp::Max => self.val(t, Rv::Binary(BinOp::Max, old.clone(), val)),
                AtomicOp::Min => self.val(t, Rv::Binary(BinOp::Min, old.clone(), val)),
                AtomicOp::And => self.val(t, Rv::Binary(BinOp::And, old.clone(), val)),
                AtomicOp::Or => self.val(t, Rv::Binary(BinOp::Or, old.clone(), val)),
                _ => self.val(t, Rv::Binary(BinOp::Xor, old.clone(), val)),
            };
            return Some((old, new));
        }
        // Compare-and-swap loop.
        let old = self.tmp(t);
        let new = self.tmp(t);
        let prev = self.tmp(t);
        let id = self.f.new_loop();
        self.push_block();
        self.emit(Stmt::Assign(old, Rv::AtomicLoad(t, p.clone())));
        let (a, b) = if x_first { (Op::Var(old), v.clone()) } else { (v.clone(), Op::Var(old)) };
        let rv = match op {
            RedOpOrSub::Sub => Rv::Binary(BinOp::Sub, a, b),
            RedOpOrSub::Div => Rv::Binary(BinOp::Div, a, b),
            RedOpOrSub::Op(o) => combine_rv(o, a, b),
        };
        self.emit(Stmt::Assign(new, rv));
        self.emit(Stmt::Assign(prev, Rv::AtomicCas(t, p, Op::Var(old), Op::Var(new))));
        let done = self.tmp(Ty::I32);
        self.emit(Stmt::Assign(done, Rv::Binary(BinOp::BitEq, Op::Var(prev), Op::Var(old))));
        self.emit(Stmt::If { cond: Op::Var(done), then_body: vec![Stmt::Exit(id)], else_body: vec![] });
        let body = self.pop_block();
        self.emit(Stmt::While { id, cond_body: vec![], cond: Op::I32(1), body });
        Some((Op::Var(old), Op::Var(new)))
    }
}

/// The value of a constant initialiser (literals, parameters, arithmetic and the elemental
/// numeric intrinsics), converted to the type. Each step is rounded to its own kind, as
/// gfortran folds it.
fn const_value(e: &Expr, t: Ty, syms: &Symbols) -> Option<Op> {
    fn round(e: &Expr, v: f64) -> f64 {
        match e.ty.base() {
            Some(BaseTy::Real(4)) => v as f32 as f64,
            Some(BaseTy::Integer(_)) => v.trunc(),
            _ => v,
        }
    }
    fn eval(e: &Expr, syms: &Symbols, depth: u32) -> Option<f64> {
        if depth > 64 {
            return None;
        }
        let ev = |x: &Expr| eval(x, syms, depth + 1);
        let v = match &e.kind {
            ExprKind::Int(v, _) => *v as f64,
            ExprKind::Real(v, _) => *v,
            ExprKind::Logical(b) => *b as i32 as f64,
            ExprKind::Paren(x) => ev(x)?,
            ExprKind::Unary(ast::UnOp::Neg, x) => -ev(x)?,
            ExprKind::Unary(ast::UnOp::Plus, x) => ev(x)?,
            ExprKind::Name(id) => {
                let s = syms.get(&id.name).filter(|s| s.parameter && s.rank == 0)?;
                let init = s.init.as_ref()?;
                let v = ev(init)?;
                match s.base {
                    BaseTy::Real(4) => v as f32 as f64,
                    BaseTy::Integer(_) => v.trunc(),
                    _ => v,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (ev(a)?, ev(b)?);
                match op {
                    ast::BinOp::Add => x + y,
                    ast::BinOp::Sub => x - y,
                    ast::BinOp::Mul => x * y,
                    ast::BinOp::Div => {
                        if y == 0.0 {
                            return None;
                        }
                        x / y
                    }
                    ast::BinOp::Pow => x.powf(y),
                    _ => return None,
                }
            }
            ExprKind::Intrinsic { func, args } => {
                let a: Vec<f64> = args.iter().map(ev).collect::<Option<_>>()?;
                let first = *a.first()?;
                match func {
                    Intrinsic::Exp => first.exp(),
                    Intrinsic::Log => first.ln(),
                    Intrinsic::Sqrt => first.sqrt(),
                    Intrinsic::Sin => first.sin(),
                    Intrinsic::Cos => first.cos(),
                    Intrinsic::Tan => first.tan(),
                    Intrinsic::Asin => first.asin(),
                    Intrinsic::Acos => first.acos(),
                    Intrinsic::Atan => first.atan(),
                    Intrinsic::Atan2 => first.atan2(*a.get(1)?),
                    Intrinsic::Sinh => first.sinh(),
                    Intrinsic::Cosh => first.cosh(),
                    Intrinsic::Tanh => first.tanh(),
                    Intrinsic::Log10 => first.log10(),
                    Intrinsic::Abs => first.abs(),
                    Intrinsic::Real | Intrinsic::Dble | Intrinsic::Float | Intrinsic::Sngl => first,
                    Intrinsic::Int => first.trunc(),
                    Intrinsic::Nint => first.round(),
                    Intrinsic::Max => a.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                    Intrinsic::Min => a.iter().copied().fold(f64::INFINITY, f64::min),
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(round(e, v))
    }
    // Integers exactly; everything else through the evaluator.
    if let (ExprKind::Int(v, _), Ty::I32 | Ty::I64) = (&e.kind, t) {
        return Some(if t == Ty::I64 { Op::I64(*v) } else { Op::I32(*v as i32) });
    }
    let v = eval(e, syms, 0)?;
    if !v.is_finite() && t.is_int() {
        return None;
    }
    Some(match t {
        Ty::I32 => Op::I32(v as i32),
        Ty::I64 => Op::I64(v as i64),
        Ty::F32 => Op::F32(v as f32),
        Ty::F64 => Op::F64(v),
        Ty::Ptr | Ty::I8 | Ty::I16 => return None,
    })
}

enum RedOpOrSub {
    Op(RedOp),
    Sub,
    Div,
}

/// `a op b` for a reduction operator.
pub fn combine_rv(op: RedOp, a: Op, b: Op) -> Rv {
    match op {
        RedOp::Add => Rv::Binary(BinOp::Add, a, b),
        RedOp::Mul => Rv::Binary(BinOp::Mul, a, b),
        RedOp::Max => Rv::Binary(BinOp::Max, a, b),
        RedOp::Min => Rv::Binary(BinOp::Min, a, b),
        RedOp::And => Rv::Binary(BinOp::And, a, b),
        RedOp::Or => Rv::Binary(BinOp::Or, a, b),
        RedOp::Xor => Rv::Binary(BinOp::Xor, a, b),
        RedOp::Eqv => Rv::Binary(BinOp::Eq, a, b),
    }
}

pub fn zero_of(t: Ty) -> Op {
    match t {
        Ty::I32 => Op::I32(0),
        Ty::I64 => Op::I64(0),
        Ty::F32 => Op::F32(0.0),
        Ty::F64 => Op::F64(0.0),
        Ty::Ptr => Op::Null,
        // Narrow integers are memory types; their values are `I32`.
        Ty::I8 | Ty::I16 => Op::I32(0),
    }
}

fn common(a: Ty, b: Ty) -> Ty {
    fn rank(t: Ty) -> u8 {
        match t {
            Ty::I8 | Ty::I16 | Ty::I32 => 0,
            Ty::I64 => 1,
            Ty::F32 => 2,
            Ty::F64 => 3,
            Ty::Ptr => 4,
        }
    }
    if rank(a) >= rank(b) {
        a
    } else {
        b
    }
}

fn kind_name(k: RegionKind) -> &'static str {
    match k {
        RegionKind::Parallel => "parallel",
        RegionKind::Kernels => "kernels",
        RegionKind::Serial => "serial",
    }
}

fn same_place(a: &Expr, b: &Expr) -> bool {
    match (&a.kind, &b.kind) {
        (ExprKind::Paren(x), _) => same_place(x, b),
        (_, ExprKind::Paren(y)) => same_place(a, y),
        (ExprKind::Name(_), ExprKind::Name(_))
        | (ExprKind::ArrayRef { .. }, ExprKind::ArrayRef { .. })
        | (ExprKind::Component(_), ExprKind::Component(_)) => expr_eq(a, b),
        _ => false,
    }
}

/// Structural equality of expressions, ignoring spans.
fn expr_eq(x: &Expr, y: &Expr) -> bool {
    fn opt(a: &Option<Expr>, b: &Option<Expr>) -> bool {
        match (a, b) {
            (Some(a), Some(b)) => expr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
    fn args(a: &[Arg], b: &[Arg]) -> bool {
        a.len() == b.len()
            && a.iter().zip(b).all(|(p, q)| match (p, q) {
                (Arg::Index(p), Arg::Index(q)) => expr_eq(p, q),
                (Arg::Keyword(n1, p), Arg::Keyword(n2, q)) => n1.name == n2.name && expr_eq(p, q),
                (Arg::Range { lo: l1, hi: h1, stride: s1, .. }, Arg::Range { lo: l2, hi: h2, stride: s2, .. }) => {
                    opt(l1, l2) && opt(h1, h2) && opt(s1, s2)
                }
                _ => false,
            })
    }
    match (&x.kind, &y.kind) {
        (ExprKind::Int(a, k1), ExprKind::Int(b, k2)) => a == b && k1 == k2,
        (ExprKind::Real(a, k1), ExprKind::Real(b, k2)) => a.to_bits() == b.to_bits() && k1 == k2,
        (ExprKind::Logical(a), ExprKind::Logical(b)) => a == b,
        (ExprKind::Str(a), ExprKind::Str(b)) => a == b,
        (ExprKind::Name(a), ExprKind::Name(b)) => a.name == b.name,
        (ExprKind::Apply { name: n1, args: a1 }, ExprKind::Apply { name: n2, args: a2 })
        | (ExprKind::ArrayRef { name: n1, subs: a1 }, ExprKind::ArrayRef { name: n2, subs: a2 }) => n1.name == n2.name && args(a1, a2),
        (ExprKind::Intrinsic { func: f1, args: a1 }, ExprKind::Intrinsic { func: f2, args: a2 }) => {
            f1 == f2 && a1.len() == a2.len() && a1.iter().zip(a2).all(|(p, q)| expr_eq(p, q))
        }
        (ExprKind::Unary(o1, a), ExprKind::Unary(o2, b)) => o1 == o2 && expr_eq(a, b),
        (ExprKind::Binary(o1, a1, b1), ExprKind::Binary(o2, a2, b2)) => o1 == o2 && expr_eq(a1, a2) && expr_eq(b1, b2),
        (ExprKind::Paren(a), ExprKind::Paren(b)) => expr_eq(a, b),
        (ExprKind::Component(a), ExprKind::Component(b)) => {
            a.name.name == b.name.name && expr_eq(&a.base, &b.base) && args(&a.subs, &b.subs)
        }
        _ => false,
    }
}

fn mentions(e: &Expr, name: &str) -> bool {
    match &e.kind {
        ExprKind::Name(id) => id.name == name,
        ExprKind::ArrayRef { name: n, subs } | ExprKind::Apply { name: n, args: subs } | ExprKind::Call { name: n, args: subs } => {
            n.name == name
                || subs.iter().any(|s| match s {
                    Arg::Index(x) | Arg::Keyword(_, x) => mentions(x, name),
                    Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].iter().any(|o| o.as_ref().is_some_and(|x| mentions(x, name))),
                })
        }
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => mentions(x, name),
        ExprKind::Binary(_, x, y) => mentions(x, name) || mentions(y, name),
        ExprKind::Intrinsic { args, .. } => args.iter().any(|a| mentions(a, name)),
        ExprKind::Component(c) => {
            mentions(&c.base, name)
                || c.subs.iter().any(|s| match s {
                    Arg::Index(x) | Arg::Keyword(_, x) => mentions(x, name),
                    Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].iter().any(|o| o.as_ref().is_some_and(|x| mentions(x, name))),
                })
        }
        ExprKind::StructCtor { args, .. } => args.iter().flatten().any(|a| mentions(a, name)),
        _ => false,
    }
}

/// Does the statement contain a loop directive that partitions (not `seq`; in `kernels`
/// only explicit levels or `independent` partition)?
fn has_partitioned_loop(s: &ast::Stmt) -> bool {
    match &s.kind {
        StmtKind::AccLoop { dir, do_stmt } => {
            let seq = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Seq));
            let part = dir
                .clauses
                .iter()
                .any(|c| matches!(c.kind, ClauseKind::Gang(_) | ClauseKind::Worker(_) | ClauseKind::Vector(_) | ClauseKind::Independent));
            (!seq && part) || has_partitioned_loop(do_stmt)
        }
        StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } => body.iter().any(has_partitioned_loop),
        StmtKind::If { arms, else_body, .. } => {
            arms.iter().any(|(_, b)| b.iter().any(has_partitioned_loop))
                || else_body.as_ref().is_some_and(|b| b.iter().any(has_partitioned_loop))
        }
        StmtKind::SelectCase { cases, .. } => cases.iter().any(|c| c.body.iter().any(has_partitioned_loop)),
        StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => body.iter().any(has_partitioned_loop),
        _ => false,
    }
}

/// Levels named by loop directives nested in the statements.
fn nested_levels(ss: &[ast::Stmt]) -> Levels {
    let mut l = Levels::default();
    for s in ss {
        match &s.kind {
            StmtKind::AccLoop { dir, do_stmt } => {
                for c in &dir.clauses {
                    match c.kind {
                        ClauseKind::Gang(_) => l = l.with(Level::Gang),
                        ClauseKind::Worker(_) => l = l.with(Level::Worker),
                        ClauseKind::Vector(_) => l = l.with(Level::Vector),
                        _ => {}
                    }
                }
                let seq = dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Seq));
                let explicit =
                    dir.clauses.iter().any(|c| matches!(c.kind, ClauseKind::Gang(_) | ClauseKind::Worker(_) | ClauseKind::Vector(_)));
                if !seq && !explicit {
                    // A nested `auto` loop will take the innermost free level.
                    l = l.with(Level::Vector);
                }
                l = Levels(l.0 | nested_levels(std::slice::from_ref(do_stmt)).0);
            }
            StmtKind::Do { body, .. } | StmtKind::DoWhile { body, .. } => l = Levels(l.0 | nested_levels(body).0),
            StmtKind::If { arms, else_body, .. } => {
                for (_, b) in arms {
                    l = Levels(l.0 | nested_levels(b).0);
                }
                if let Some(b) = else_body {
                    l = Levels(l.0 | nested_levels(b).0);
                }
            }
            StmtKind::SelectCase { cases, .. } => {
                for c in cases {
                    l = Levels(l.0 | nested_levels(&c.body).0);
                }
            }
            StmtKind::Block { body, .. } | StmtKind::LabelBlock { body, .. } => l = Levels(l.0 | nested_levels(body).0),
            _ => {}
        }
    }
    l
}

/// Does any statement leave the loop `id` (at any depth)?
fn exits_to(ss: &[Stmt], id: LoopId) -> bool {
    ss.iter().any(|s| match s {
        Stmt::Exit(l) => *l == id,
        Stmt::If { then_body, else_body, .. } => exits_to(then_body, id) || exits_to(else_body, id),
        Stmt::Loop { body, .. } | Stmt::AccData { body, .. } => exits_to(body, id),
        Stmt::While { cond_body, body, .. } => exits_to(cond_body, id) || exits_to(body, id),
        Stmt::AccRegion(r) => exits_to(&r.body, id),
        _ => false,
    })
}

/// Every variable read or written in the statements.
pub fn uses(ss: &[Stmt], out: &mut BTreeSet<VarId>) {
    fn op(o: &Op, out: &mut BTreeSet<VarId>) {
        if let Op::Var(v) = o {
            out.insert(*v);
        }
    }
    fn rv(r: &Rv, out: &mut BTreeSet<VarId>) {
        for o in rv_ops(r) {
            op(o, out);
        }
    }
    for s in ss {
        match s {
            Stmt::Assign(v, r) => {
                out.insert(*v);
                if let Rv::AddrOf(x) = r {
                    out.insert(*x);
                }
                rv(r, out);
            }
            Stmt::Store(_, a, b) | Stmt::AtomicStore(_, a, b) => {
                op(a, out);
                op(b, out);
            }
            Stmt::Call(_, os) | Stmt::Builtin(_, os) | Stmt::Prim(_, os) => os.iter().for_each(|o| op(o, out)),
            Stmt::If { cond, then_body, else_body } => {
                op(cond, out);
                uses(then_body, out);
                uses(else_body, out);
            }
            Stmt::Loop { var, lo, hi, step, body, acc, .. } => {
                out.insert(*var);
                op(lo, out);
                op(hi, out);
                op(step, out);
                uses(body, out);
                if let Some(a) = acc {
                    for r in &a.reductions {
                        out.insert(r.local);
                        match r.result {
                            RedResult::Var(v) | RedResult::Mem(v) => {
                                out.insert(v);
                            }
                        }
                    }
                }
            }
            Stmt::While { cond_body, cond, body, .. } => {
                uses(cond_body, out);
                op(cond, out);
                uses(body, out);
            }
            Stmt::AccRegion(r) => uses(&r.body, out),
            Stmt::AccData { body, .. } => uses(body, out),
            Stmt::Launch(_) | Stmt::Exit(_) | Stmt::Cycle(_) | Stmt::Return => {}
        }
    }
}

/// The operands of a right-hand side.
pub fn rv_ops(r: &Rv) -> Vec<&Op> {
    match r {
        Rv::Use(o) | Rv::Unary(_, o) | Rv::Cast(_, o) | Rv::Load(_, o) | Rv::AtomicLoad(_, o) => vec![o],
        Rv::Binary(_, a, b) | Rv::PtrAdd(a, b) | Rv::AtomicRmw(_, _, a, b) => vec![a, b],
        Rv::AtomicCas(_, a, b, c) => vec![a, b, c],
        Rv::Math(_, os) | Rv::Call(_, os, _) | Rv::Builtin(_, os) | Rv::Prim(_, os) => os.iter().collect(),
        Rv::AddrOf(_) | Rv::GlobalAddr(_) => Vec::new(),
    }
}

/// Variables assigned (defined) in the statements, loop variables included.
pub fn defs(ss: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = BTreeSet::new();
    fn walk(ss: &[Stmt], out: &mut BTreeSet<VarId>) {
        for s in ss {
            match s {
                Stmt::Assign(v, _) => {
                    out.insert(*v);
                }
                Stmt::If { then_body, else_body, .. } => {
                    walk(then_body, out);
                    walk(else_body, out);
                }
                Stmt::Loop { var, body, .. } => {
                    out.insert(*var);
                    walk(body, out);
                }
                Stmt::While { cond_body, body, .. } => {
                    walk(cond_body, out);
                    walk(body, out);
                }
                Stmt::AccRegion(r) => walk(&r.body, out),
                Stmt::AccData { body, .. } => walk(body, out),
                _ => {}
            }
        }
    }
    walk(ss, &mut out);
    out
}

/// Whether an expression calls a user function.
fn has_call(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Call { .. } => true,
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => has_call(x),
        ExprKind::Binary(_, x, y) => has_call(x) || has_call(y),
        ExprKind::Intrinsic { args, .. } => args.iter().any(has_call),
        ExprKind::ArrayRef { subs, .. } => subs.iter().any(|a| match a {
            Arg::Index(x) | Arg::Keyword(_, x) => has_call(x),
            Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].iter().any(|b| b.as_ref().is_some_and(has_call)),
        }),
        _ => false,
    }
}
