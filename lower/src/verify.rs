//! The IR verifier, run by the pass manager after every pass: variables exist, operand
//! types agree, `exit`/`cycle` name an enclosing loop, and each stage's constructs appear
//! only where they may (no regions after omp-lower, no builtins after oacc-xform, no
//! primitives on the host targets).

use crate::ir::*;

/// Which pipeline stage the module has reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Stage {
    Gimple,
    OmpLower,
    OmpExpand,
    OaccXform,
}

/// Checks the module; the errors name the function and what is wrong.
pub fn verify(m: &Module, stage: Stage) -> Result<(), Vec<String>> {
    let mut errs = Vec::new();
    let target = m.target;
    Checker { f: &m.main, errs: &mut errs, loops: Vec::new(), stage, kernel: false, target }.stmts(&m.main.body);
    for p in &m.procs {
        for v in &p.params {
            // Addresses, and scalars of `value` dummies.
            if p.vars.get(v.0 as usize).is_none_or(|x| matches!(x.ty, Ty::I128 | Ty::F128)) {
                errs.push(format!("{}: parameter {} is not a pointer or scalar variable", p.name, v.0));
            }
        }
        Checker { f: p, errs: &mut errs, loops: Vec::new(), stage, kernel: false, target }.stmts(&p.body);
    }
    for k in &m.kernels {
        for p in &k.params {
            if k.func.vars.get(p.0 as usize).map(|v| v.ty.size() <= 8) != Some(true) {
                errs.push(format!("{}: parameter {} is neither a pointer nor a scalar of at most 8 bytes", k.name, p.0));
            }
        }
        let mut c = Checker { f: &k.func, errs: &mut errs, loops: Vec::new(), stage, kernel: true, target };
        c.stmts(&k.prologue);
        c.stmts(&k.func.body);
    }
    if errs.is_empty() {
        Ok(())
    } else {
        Err(errs)
    }
}

struct Checker<'a> {
    f: &'a Function,
    errs: &'a mut Vec<String>,
    loops: Vec<LoopId>,
    stage: Stage,
    kernel: bool,
    target: Option<Target>,
}

impl Checker<'_> {
    fn err(&mut self, msg: String) {
        self.errs.push(format!("{}: {msg}", self.f.name));
    }
    fn var_ty(&mut self, v: VarId) -> Option<Ty> {
        match self.f.vars.get(v.0 as usize) {
            Some(var) => Some(var.ty),
            None => {
                self.err(format!("variable {} does not exist", v.0));
                None
            }
        }
    }
    fn op(&mut self, o: &Op) -> Option<Ty> {
        match o {
            Op::Var(v) => self.var_ty(*v),
            _ => Some(self.f.op_ty(o)),
        }
    }
    fn ops(&mut self, os: &[Op]) {
        for o in os {
            self.op(o);
        }
    }
    fn expect(&mut self, o: &Op, t: Ty, what: &str) {
        if let Some(got) = self.op(o) {
            if got != t {
                self.err(format!("{what}: expected {t:?}, found {got:?}"));
            }
        }
    }
    /// The type of the right-hand side, if it can be told.
    fn rv(&mut self, r: &Rv) -> Option<Ty> {
        match r {
            Rv::Use(o) => self.op(o),
            Rv::Unary(_, o) => self.op(o),
            Rv::Binary(b, x, y) => {
                let tx = self.op(x);
                let ty = self.op(y);
                if tx.is_some() && ty.is_some() && tx != ty {
                    self.err(format!("operands of {b:?} differ: {tx:?} and {ty:?}"));
                }
                match b {
                    BinOp::Eq | BinOp::BitEq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => Some(Ty::I32),
                    _ => tx,
                }
            }
            Rv::Cast(t, o) => {
                self.op(o);
                Some(*t)
            }
            Rv::Math(MathFn::Powi, os) => {
                if let Some(o) = os.get(1) {
                    self.expect(o, Ty::I32, "powi exponent");
                }
                os.first().and_then(|o| self.op(o))
            }
            Rv::Math(_, os) => {
                let ts: Vec<Option<Ty>> = os.iter().map(|o| self.op(o)).collect();
                ts.first().copied().flatten()
            }
            Rv::Load(t, p) => {
                self.expect(p, Ty::Ptr, "load address");
                Some(*t)
            }
            Rv::PtrAdd(p, o) => {
                self.expect(p, Ty::Ptr, "pointer addition");
                self.expect(o, Ty::I64, "pointer offset");
                Some(Ty::Ptr)
            }
            Rv::Call(_, os, t) => {
                self.ops(os);
                Some(*t)
            }
            Rv::Builtin(b, os) => {
                self.ops(os);
                if self.stage >= Stage::OaccXform {
                    self.err(format!("builtin {b:?} left after oacc-xform"));
                }
                self.simt_operands(b, os);
                match b {
                    Builtin::DimSize(_)
                    | Builtin::DimPos(_)
                    | Builtin::SimtLane
                    | Builtin::SimtVf
                    | Builtin::SimtVoteAny
                    | Builtin::SimtLastLane
                    | Builtin::SimtOrderedPred
                    | Builtin::IsInitialDevice
                    | Builtin::AccOnDevice
                    | Builtin::OmpQuery(_)
                    | Builtin::OneThreadPerGang => Some(Ty::I32),
                    Builtin::Reduction { ty, .. } => Some(*ty),
                    Builtin::SimtXchgIdx | Builtin::SimtXchgBfly => os.first().and_then(|o| self.op(o)),
                    _ => None,
                }
            }
            Rv::Prim(p, os) => {
                self.ops(os);
                self.prim_allowed(p);
                match p {
                    Prim::ThreadIdx(_) | Prim::NumThreads(_) | Prim::VoteAny | Prim::VoteAll | Prim::LastLane => Some(Ty::I32),
                    Prim::SharedBase => Some(Ty::Ptr),
                    Prim::Shuffle(_) => os.first().and_then(|o| self.op(o)),
                    Prim::Barrier | Prim::Fence | Prim::Trap => None,
                }
            }
            Rv::AtomicRmw(_, t, p, v) => {
                self.expect(p, Ty::Ptr, "atomic address");
                self.expect(v, *t, "atomic value");
                Some(*t)
            }
            Rv::AtomicCas(t, p, e, n) => {
                self.expect(p, Ty::Ptr, "cas address");
                self.expect(e, *t, "cas expected value");
                self.expect(n, *t, "cas new value");
                Some(*t)
            }
            Rv::AtomicLoad(t, p) => {
                self.expect(p, Ty::Ptr, "atomic load address");
                Some(*t)
            }
            Rv::AddrOf(v) => {
                self.var_ty(*v);
                Some(Ty::Ptr)
            }
            Rv::GlobalAddr(_) | Rv::Alloca(_) => Some(Ty::Ptr),
        }
    }
    /// The SIMT builtins (gimplify's `ordered` vote loop, omp-expand's lowering of `simd`
    /// loops) live in kernels only (offload regions before omp-lower), and their predicates
    /// and lane numbers are `I32`.
    fn simt_operands(&mut self, b: &Builtin, os: &[Op]) {
        let lane_at = match b {
            Builtin::SimtLane | Builtin::SimtVf => None,
            Builtin::SimtVoteAny | Builtin::SimtLastLane | Builtin::SimtOrderedPred => Some(0),
            Builtin::SimtXchgIdx | Builtin::SimtXchgBfly => Some(1),
            _ => return,
        };
        if !self.kernel && self.stage >= Stage::OmpLower {
            self.err(format!("SIMT builtin {b:?} outside a kernel"));
        }
        let want = lane_at.map_or(0, |i| i + 1);
        if os.len() != want {
            self.err(format!("SIMT builtin {b:?} with {} operands", os.len()));
        } else if let Some(i) = lane_at {
            self.expect(&os[i], Ty::I32, "SIMT predicate or lane");
        }
    }
    fn prim_allowed(&mut self, p: &Prim) {
        if !matches!(self.target, Some(Target::Nvptx | Target::Amdgcn)) {
            self.err(format!("primitive {p:?} outside a GPU module"));
        }
    }
    fn stmts(&mut self, ss: &[Stmt]) {
        for s in ss {
            self.stmt(s);
        }
    }
    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Assign(v, r) => {
                let vt = self.var_ty(*v);
                let rt = self.rv(r);
                if let (Some(vt), Some(rt)) = (vt, rt) {
                    if vt != rt {
                        let name = self.f.var(*v).name.clone();
                        self.err(format!("assignment to `{name}` of type {vt:?} from {rt:?}"));
                    }
                }
            }
            Stmt::Store(t, p, v) | Stmt::AtomicStore(t, p, v) => {
                self.expect(p, Ty::Ptr, "store address");
                self.expect(v, *t, "stored value");
            }
            Stmt::Call(_, os) => self.ops(os),
            Stmt::If { cond, then_body, else_body } => {
                self.op(cond);
                self.stmts(then_body);
                self.stmts(else_body);
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                if let Some(t) = self.var_ty(*var) {
                    if !t.is_int() {
                        self.err(format!("loop#{} variable is not an integer", id.0));
                    }
                    for o in [lo, hi, step] {
                        self.expect(o, t, "loop bound");
                    }
                }
                if part.as_ref().is_some_and(|a| !a.levels.is_empty()) && self.stage >= Stage::OmpExpand {
                    self.err(format!("loop#{} is still marked partitioned after omp-expand", id.0));
                }
                self.loops.push(*id);
                self.stmts(body);
                self.loops.pop();
            }
            Stmt::While { id, cond_body, cond, body } => {
                self.stmts(cond_body);
                self.op(cond);
                self.loops.push(*id);
                self.stmts(body);
                self.loops.pop();
            }
            Stmt::Exit(id) | Stmt::Cycle(id) => {
                if !self.loops.contains(id) {
                    self.err(format!("exit/cycle of loop#{} outside it", id.0));
                }
            }
            Stmt::Region(r) => {
                if self.stage >= Stage::OmpLower {
                    self.err("compute region left after omp-lower".into());
                }
                if self.kernel {
                    self.err("compute region inside a kernel".into());
                }
                let saved = std::mem::take(&mut self.loops);
                self.stmts(&r.body);
                self.loops = saved;
            }
            Stmt::DataRegion { body, .. } => {
                if self.stage >= Stage::OmpLower {
                    self.err("data construct left after omp-lower".into());
                }
                self.stmts(body);
            }
            Stmt::HostParallel(h) => {
                if self.stage >= Stage::OmpLower {
                    self.err("host parallel construct left after omp-lower".into());
                }
                if self.kernel {
                    self.err("host parallel construct inside a kernel".into());
                }
                self.op(&h.num_threads);
                let saved = std::mem::take(&mut self.loops);
                self.stmts(&h.body);
                self.loops = saved;
            }
            Stmt::Launch(l) => {
                if self.kernel {
                    self.err("launch inside a kernel".into());
                }
                for a in &l.args {
                    self.op(&a.host);
                }
            }
            Stmt::Builtin(b, os) => {
                self.ops(os);
                if self.stage >= Stage::OaccXform {
                    self.err(format!("builtin {b:?} left after oacc-xform"));
                }
            }
            Stmt::Prim(p, os) => {
                self.ops(os);
                self.prim_allowed(p);
            }
            Stmt::Return => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module_with(kernel_body: Vec<Stmt>, main_body: Vec<Stmt>, target: Option<Target>) -> Module {
        let mut func = Function::new("k");
        let v = func.new_var("x", Ty::I32);
        let f = func.new_var("y", Ty::F64);
        assert_eq!((v, f), (VarId(0), VarId(1)));
        func.body = kernel_body;
        let mut main = Function::new("main");
        main.new_var("x", Ty::I32);
        main.body = main_body;
        Module {
            source: "t.f90".into(),
            main,
            procs: Vec::new(),
            globals: Vec::new(),
            storage: Vec::new(),
            vtabs: Vec::new(),
            kernels: vec![Kernel {
                name: "k".into(),
                kind: RegionKind::Parallel,
                func,
                params: Vec::new(),
                levels: Levels::default().with(Level::Vector),
                shared_bytes: 0,
                prologue: Vec::new(),
                devices: None,
            }],
            routines: Vec::new(),
            par_routines: Vec::new(),
            routine_binds: Vec::new(),
            target,
        }
    }

    fn lane() -> Stmt {
        Stmt::Assign(VarId(0), Rv::Builtin(Builtin::SimtLane, vec![]))
    }

    #[test]
    fn simt_builtins_live_in_kernels_until_oacc_xform() {
        let m = module_with(vec![lane()], Vec::new(), None);
        assert!(verify(&m, Stage::OmpExpand).is_ok());
        let m = module_with(vec![lane()], Vec::new(), Some(Target::Nvptx));
        let e = verify(&m, Stage::OaccXform).unwrap_err();
        assert!(e.iter().any(|e| e.contains("left after oacc-xform")), "{e:?}");
        // In host code once omp-lower has outlined the regions.
        let m = module_with(Vec::new(), vec![lane()], None);
        assert!(verify(&m, Stage::Gimple).is_ok());
        let e = verify(&m, Stage::OmpLower).unwrap_err();
        assert!(e.iter().any(|e| e.contains("outside a kernel")), "{e:?}");
    }

    #[test]
    fn simt_predicates_and_lanes_are_i32() {
        let vote = Stmt::Assign(VarId(0), Rv::Builtin(Builtin::SimtVoteAny, vec![Op::Var(VarId(1))]));
        let e = verify(&module_with(vec![vote], Vec::new(), None), Stage::OmpExpand).unwrap_err();
        assert!(e.iter().any(|e| e.contains("SIMT predicate or lane")), "{e:?}");
        let xchg = Stmt::Assign(VarId(1), Rv::Builtin(Builtin::SimtXchgBfly, vec![Op::Var(VarId(1)), Op::I32(1)]));
        assert!(verify(&module_with(vec![xchg], Vec::new(), None), Stage::OmpExpand).is_ok());
        let short = Stmt::Assign(VarId(1), Rv::Builtin(Builtin::SimtXchgIdx, vec![Op::Var(VarId(1))]));
        let e = verify(&module_with(vec![short], Vec::new(), None), Stage::OmpExpand).unwrap_err();
        assert!(e.iter().any(|e| e.contains("with 1 operands")), "{e:?}");
    }
}
