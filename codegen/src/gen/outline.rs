//! Huge host functions in pieces: runs of the top-level statements of a function with more
//! than [`OUTLINE_ABOVE`] statements become internal functions of about [`RUN_SIZE`]
//! statements each (`main.run3`), called in order. A run receives the caller's frame: the
//! variables named in more than one place (two runs, or a run and the statements left in
//! the caller, the parameters and the result) or whose address is taken live in one block
//! of the caller's stack, which every run addresses at fixed offsets; a variable named in
//! one run only is that run's own. LLVM's optimisers and register allocators take time
//! that grows faster than linearly with the length of one function; in pieces of bounded
//! length the whole program compiles in linear time, and each piece is optimised, as for
//! size (`optsize`: less unrolling and code growth; an 8,000-branch `where` then takes
//! 24 s of CPU at -O2 instead of 53 s, against 1.8 s at -O0).
//!
//! A top-level statement runs once per call of the function, so moving it into a function
//! called once changes nothing, except `return` (kept in the caller). Loops named by
//! `exit`/`cycle` are always inside the statement that names them.

use super::*;
use gpuf_lower::ir::RedResult;
use std::ops::Range;

/// The [`size`] above which a function is cut in runs: about where codegen's
/// `skip_huge_functions` would give up optimising it (2,000 blocks, 40,000 instructions).
const OUTLINE_ABOVE: usize = 8_000;
/// The [`size`] of a run.
const RUN_SIZE: usize = 1_000;

/// Who names a variable.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Owner {
    Nobody,
    Caller,
    Run(u32),
    /// More than one of those, or its address is taken: a slot of the frame.
    Frame,
}

/// How a function's body is cut.
pub(super) struct Plan {
    owner: Vec<Owner>,
    /// Byte offsets of the frame slots (of `Owner::Frame` variables).
    offset: Vec<u32>,
    frame_bytes: u64,
    items: Vec<Item>,
    /// The variables each run names.
    run_vars: Vec<Vec<VarId>>,
}

enum Item {
    /// A statement emitted in the caller.
    Stmt(usize),
    /// Run number .0: the statements .1.
    Run(usize, Range<usize>),
}

/// The length of statements for LLVM: one per statement (about 3.4 instructions) and four
/// per basic block of a construct.
fn size(ss: &[Stmt]) -> usize {
    ss.iter()
        .map(|s| {
            1 + match s {
                Stmt::If { then_body, else_body, .. } => 12 + size(then_body) + size(else_body),
                Stmt::Loop { body, .. } => 16 + size(body),
                Stmt::While { cond_body, body, .. } => 12 + size(cond_body) + size(body),
                Stmt::DataRegion { body, .. } => size(body),
                Stmt::Region(r) => size(&r.body),
                _ => 0,
            }
        })
        .sum()
}

/// Whether the statements may leave the function other than by falling through.
fn returns(ss: &[Stmt]) -> bool {
    ss.iter().any(|s| match s {
        Stmt::Return => true,
        Stmt::If { then_body, else_body, .. } => returns(then_body) || returns(else_body),
        Stmt::Loop { body, .. } => returns(body),
        Stmt::While { cond_body, body, .. } => returns(cond_body) || returns(body),
        Stmt::DataRegion { body, .. } => returns(body),
        Stmt::Region(r) => returns(&r.body),
        _ => false,
    })
}

/// Calls `f(v, address_taken)` for every variable the statements name.
fn vars(ss: &[Stmt], f: &mut impl FnMut(VarId, bool)) {
    fn op(o: &Op, f: &mut impl FnMut(VarId, bool)) {
        if let Op::Var(v) = o {
            f(*v, false);
        }
    }
    fn rv(r: &Rv, f: &mut impl FnMut(VarId, bool)) {
        match r {
            Rv::Use(o) | Rv::Unary(_, o) | Rv::Cast(_, o) | Rv::Load(_, o) | Rv::AtomicLoad(_, o) => op(o, f),
            Rv::Binary(_, a, b) | Rv::PtrAdd(a, b) | Rv::AtomicRmw(_, _, a, b) => {
                op(a, f);
                op(b, f);
            }
            Rv::AtomicCas(_, a, b, c) => {
                op(a, f);
                op(b, f);
                op(c, f);
            }
            Rv::Math(_, os) | Rv::Call(_, os, _) | Rv::Builtin(_, os) | Rv::Prim(_, os) => os.iter().for_each(|o| op(o, f)),
            Rv::AddrOf(v) => f(*v, true),
            Rv::GlobalAddr(_) | Rv::Alloca(_) => {}
        }
    }
    for s in ss {
        match s {
            Stmt::Assign(v, r) => {
                f(*v, false);
                rv(r, f);
            }
            Stmt::Store(_, a, b) | Stmt::AtomicStore(_, a, b) => {
                op(a, f);
                op(b, f);
            }
            Stmt::Call(_, os) | Stmt::Builtin(_, os) | Stmt::Prim(_, os) => os.iter().for_each(|o| op(o, f)),
            Stmt::If { cond, then_body, else_body } => {
                op(cond, f);
                vars(then_body, f);
                vars(else_body, f);
            }
            Stmt::Loop { var, lo, hi, step, body, part, .. } => {
                f(*var, false);
                op(lo, f);
                op(hi, f);
                op(step, f);
                vars(body, f);
                for r in part.iter().flat_map(|p| &p.reductions) {
                    f(r.local, false);
                    match r.result {
                        RedResult::Var(v) | RedResult::Mem(v) => f(v, false),
                    }
                }
            }
            Stmt::While { cond_body, cond, body, .. } => {
                vars(cond_body, f);
                op(cond, f);
                vars(body, f);
            }
            Stmt::Launch(l) => {
                for a in &l.args {
                    match (&a.kind, &a.host) {
                        (ArgKind::Value | ArgKind::Scalar, Op::Var(v)) => f(*v, true),
                        (_, o) => op(o, f),
                    }
                    op(&a.bytes, f);
                }
                op(&l.gangs, f);
                op(&l.workers, f);
                op(&l.vector, f);
            }
            Stmt::Region(r) => {
                // Not lowered (codegen refuses it); named conservatively.
                vars(&r.body, f);
            }
            Stmt::DataRegion { body, .. } => vars(body, f),
            Stmt::HostParallel(h) => {
                // Not lowered (codegen refuses it); named conservatively.
                op(&h.num_threads, f);
                vars(&h.body, f);
            }
            Stmt::Exit(_) | Stmt::Cycle(_) | Stmt::Return => {}
        }
    }
}

/// The cut of a host function's body, or `None` for a function of ordinary length.
pub(super) fn plan(func: &Function) -> Option<Plan> {
    let body = &func.body;
    if size(body) <= OUTLINE_ABOVE {
        return None;
    }
    let mut items = Vec::new();
    let mut runs = 0usize;
    let mut start = 0;
    let mut len = 0;
    for (i, s) in body.iter().enumerate() {
        let one = std::slice::from_ref(s);
        if returns(one) {
            if start < i {
                items.push(Item::Run(runs, start..i));
                runs += 1;
            }
            items.push(Item::Stmt(i));
            start = i + 1;
            len = 0;
            continue;
        }
        len += size(one);
        if len >= RUN_SIZE {
            items.push(Item::Run(runs, start..i + 1));
            runs += 1;
            start = i + 1;
            len = 0;
        }
    }
    if start < body.len() {
        items.push(Item::Run(runs, start..body.len()));
        runs += 1;
    }
    if runs < 2 {
        return None;
    }
    let mut owner = vec![Owner::Nobody; func.vars.len()];
    let mark = |owner: &mut Vec<Owner>, v: VarId, who: Owner, addr: bool| {
        let Some(o) = owner.get_mut(v.0 as usize) else { return };
        *o = if addr {
            Owner::Frame
        } else {
            match *o {
                Owner::Nobody => who,
                x if x == who => x,
                _ => Owner::Frame,
            }
        };
    };
    for v in func.params.iter().chain(func.result.iter()) {
        mark(&mut owner, *v, Owner::Caller, false);
    }
    let mut run_vars = vec![Vec::new(); runs];
    for it in &items {
        match it {
            Item::Stmt(i) => vars(std::slice::from_ref(&body[*i]), &mut |v, a| mark(&mut owner, v, Owner::Caller, a)),
            Item::Run(r, range) => {
                let mut seen = std::collections::HashSet::new();
                vars(&body[range.clone()], &mut |v, a| {
                    mark(&mut owner, v, Owner::Run(*r as u32), a);
                    if seen.insert(v) {
                        run_vars[*r].push(v);
                    }
                })
            }
        }
    }
    let mut offset = vec![u32::MAX; func.vars.len()];
    let mut frame_bytes = 0u64;
    for (i, o) in owner.iter().enumerate() {
        if *o == Owner::Frame {
            let n = func.vars[i].ty.size() as u64;
            frame_bytes = frame_bytes.div_ceil(n) * n;
            offset[i] = frame_bytes as u32;
            frame_bytes += n;
        }
    }
    Some(Plan { owner, offset, frame_bytes: frame_bytes.max(1), items, run_vars })
}

impl<'ctx> Cg<'ctx> {
    /// The caller's homes of the variables: frame slots, own allocas, or nothing for the
    /// variables of one run. Emitted in the entry block (the builder is there).
    pub(super) fn planned_homes(&self, f: &Function, plan: &Plan) -> R<(Vec<PointerValue<'ctx>>, PointerValue<'ctx>)> {
        let aty = self.ctx.i8_type().array_type(plan.frame_bytes as u32);
        let frame = self.b.build_alloca(aty, "frame")?;
        frame.as_instruction_value().unwrap().set_alignment(16).map_err(|e| CodegenError(e.to_string()))?;
        let mut homes = Vec::with_capacity(f.vars.len());
        for (i, v) in f.vars.iter().enumerate() {
            homes.push(match plan.owner[i] {
                Owner::Frame => self.frame_slot(frame, plan.offset[i], &llname(v))?,
                Owner::Run(_) | Owner::Nobody => self.ptr().const_null(),
                Owner::Caller => {
                    let a = self.b.build_alloca(self.llty(v.ty), &llname(v))?;
                    a.as_instruction_value().unwrap().set_alignment(v.ty.size() as u32).map_err(|e| CodegenError(e.to_string()))?;
                    a
                }
            });
        }
        Ok((homes, frame))
    }

    fn frame_slot(&self, frame: PointerValue<'ctx>, off: u32, name: &str) -> R<PointerValue<'ctx>> {
        let off = self.ctx.i64_type().const_int(off as u64, false);
        Ok(unsafe { self.b.build_in_bounds_gep(self.ctx.i8_type(), frame, &[off], name)? })
    }

    /// The body of a function cut by `plan`: its runs as internal functions called in order.
    pub(super) fn planned_body(&mut self, fx: &mut Fx<'ctx, '_>, plan: &Plan) -> R<()> {
        let f = fx.f;
        let frame = fx.frame.ok_or_else(|| CodegenError(format!("function `{}`: cut in runs without a frame", f.name)))?;
        let ptr = self.ptr();
        let run_ty = self.ctx.void_type().fn_type(&[ptr.into()], false);
        let noinline = inkwell::attributes::Attribute::get_named_enum_kind_id("noinline");
        let nounwind = inkwell::attributes::Attribute::get_named_enum_kind_id("nounwind");
        let noalias = inkwell::attributes::Attribute::get_named_enum_kind_id("noalias");
        let parent = fx.fv.get_name().to_string_lossy().to_string();
        for it in &plan.items {
            if self.terminated() {
                break;
            }
            match it {
                Item::Stmt(i) => self.stmt(fx, &f.body[*i])?,
                Item::Run(r, range) => {
                    let rf = self.m.add_function(&format!("{parent}.run{r}"), run_ty, Some(Linkage::Internal));
                    rf.add_attribute(AttributeLoc::Function, self.ctx.create_enum_attribute(noinline, 0));
                    rf.add_attribute(AttributeLoc::Function, self.ctx.create_enum_attribute(nounwind, 0));
                    let optsize = inkwell::attributes::Attribute::get_named_enum_kind_id("optsize");
                    rf.add_attribute(AttributeLoc::Function, self.ctx.create_enum_attribute(optsize, 0));
                    rf.add_attribute(AttributeLoc::Param(0), self.ctx.create_enum_attribute(noalias, 0));
                    let here = self.b.get_insert_block();
                    self.run_body(f, rf, plan, *r, &f.body[range.clone()])?;
                    if let Some(bb) = here {
                        self.b.position_at_end(bb);
                    }
                    self.b.build_call(rf, &[frame.into()], "")?;
                }
            }
        }
        Ok(())
    }

    fn run_body(&mut self, f: &Function, rf: FunctionValue<'ctx>, plan: &Plan, r: usize, ss: &[Stmt]) -> R<()> {
        let entry = self.ctx.append_basic_block(rf, "entry");
        let body = self.ctx.append_basic_block(rf, "body");
        self.b.position_at_end(entry);
        let frame = rf.get_nth_param(0).ok_or_else(|| CodegenError("run without a frame parameter".into()))?.into_pointer_value();
        frame.set_name("frame");
        let mut homes = HashMap::with_capacity(plan.run_vars[r].len());
        for v in &plan.run_vars[r] {
            let var = f.var(*v);
            let home = match plan.owner[v.0 as usize] {
                Owner::Frame => self.frame_slot(frame, plan.offset[v.0 as usize], &llname(var))?,
                _ => {
                    let a = self.b.build_alloca(self.llty(var.ty), &llname(var))?;
                    a.as_instruction_value().unwrap().set_alignment(var.ty.size() as u32).map_err(|e| CodegenError(e.to_string()))?;
                    a
                }
            };
            homes.insert(*v, home);
        }
        let entry_br = self.b.build_unconditional_branch(body)?;
        self.b.position_at_end(body);
        let mut fx = Fx {
            f,
            fv: rf,
            vars: Vec::new(),
            sparse: Some(homes),
            frame: None,
            loops: HashMap::new(),
            entry_br,
            ret: RetKind::Void,
            shared: None,
        };
        self.stmts(&mut fx, ss)?;
        self.end(&fx)
    }
}
