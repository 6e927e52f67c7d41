//! IR → LLVM lowering.

use crate::{err, CodegenError, DeviceImages, Tgt, R};
use gpuf_lower::ir::{
    ArgKind, AtomicOp, BinOp, Function, Kernel, Launch, Level, LoopId, MathFn, Module, Op, Prim, Rv, ShuffleMode, Stmt, Ty, UnOp, VarId,
};
use inkwell::attributes::AttributeLoc;
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::intrinsics::Intrinsic;
use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::{Linkage, Module as LlModule};
use inkwell::targets::TargetMachine;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum, FloatType, IntType, PointerType};
use inkwell::values::{
    BasicMetadataValueEnum, BasicValue, BasicValueEnum, FastMathFlags, FloatValue, FunctionValue, GlobalValue, InstructionValue, IntValue,
    PointerValue,
};
use inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp, FloatPredicate, IntPredicate};
use std::collections::HashMap;

mod aggret;
mod outline;

const SEQ: AtomicOrdering = AtomicOrdering::SequentiallyConsistent;

/// Helpers for AMDGPU that need sync scopes, which the LLVM 19 C API cannot set: parsed
/// from text as the start of every amdgcn module.
const AMDGCN_PRELUDE: &str = r#"
define internal void @gpuf.amdgcn.barrier() #0 {
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void
}
define internal void @gpuf.amdgcn.fence() #0 {
  fence syncscope("agent") seq_cst
  ret void
}
declare void @llvm.amdgcn.s.barrier() #1
attributes #0 = { alwaysinline convergent nounwind }
attributes #1 = { convergent nounwind willreturn }
"#;

pub(crate) struct Cg<'ctx> {
    pub(crate) ctx: &'ctx Context,
    pub(crate) m: LlModule<'ctx>,
    pub(crate) b: Builder<'ctx>,
    pub(crate) tgt: Tgt,
    strings: HashMap<String, PointerValue<'ctx>>,
    /// Kernel info globals by kernel index (host program only).
    kinfo: Vec<PointerValue<'ctx>>,
    /// Device code: the `!$acc routine` procedures it may call (see `Module::routines`).
    routines: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum RetKind {
    Main,
    Void,
    /// A Fortran function: returns the value of the variable.
    Value(VarId),
}

struct Fx<'ctx, 'a> {
    f: &'a Function,
    fv: FunctionValue<'ctx>,
    /// The home of each variable (an alloca, a slot of an outlined run's frame).
    vars: Vec<PointerValue<'ctx>>,
    /// An outlined run ([`outline`]): the homes of the variables it names, instead of `vars`.
    sparse: Option<HashMap<VarId, PointerValue<'ctx>>>,
    /// The frame block of a function cut in runs.
    frame: Option<PointerValue<'ctx>>,
    loops: HashMap<LoopId, (BasicBlock<'ctx>, BasicBlock<'ctx>)>,
    entry_br: InstructionValue<'ctx>,
    ret: RetKind,
    /// The kernel's shared-memory global (GPU kernels with shared_bytes > 0).
    shared: Option<GlobalValue<'ctx>>,
}

impl<'ctx> Fx<'ctx, '_> {
    /// The home of a variable.
    fn slot(&self, v: VarId) -> R<PointerValue<'ctx>> {
        let p = match &self.sparse {
            Some(m) => m.get(&v).copied(),
            None => self.vars.get(v.0 as usize).copied(),
        };
        p.ok_or_else(|| CodegenError(format!("function `{}`: variable {} has no home here", self.f.name, v.0)))
    }
}

pub(crate) fn setup_module(m: &LlModule, tm: &TargetMachine) {
    m.set_triple(&tm.get_triple());
    m.set_data_layout(&tm.get_target_data().get_data_layout());
}

/// The host module: `main`, the procedures, the host copy of each kernel, the kernel
/// infos, the embedded device images, and the sim copy of each kernel unless `sim_apart`
/// (then only declared: [`build_sim`] defines them in a module of their own).
pub(crate) fn build_host<'ctx>(
    ctx: &'ctx Context,
    tm: &TargetMachine,
    host: &Module,
    sim: &Module,
    images: &DeviceImages,
    sim_apart: bool,
) -> R<LlModule<'ctx>> {
    let m = ctx.create_module("gpuf.host");
    setup_module(&m, tm);
    let mut cg = Cg::new(ctx, m, Tgt::X86);
    let ptr = cg.ptr();
    let kfn_ty = ctx.void_type().fn_type(&[ptr.into()], false);
    let host_fns: Vec<FunctionValue> = host.kernels.iter().map(|k| cg.m.add_function(&format!("{}_host", k.name), kfn_ty, None)).collect();
    let sim_fns: Vec<FunctionValue> = sim.kernels.iter().map(|k| cg.m.add_function(&format!("{}_sim", k.name), kfn_ty, None)).collect();
    // Kernel infos: { ptr name, ptr host_fn, ptr sim_fn, i64 shared_bytes, i32 levels }.
    for (i, k) in host.kernels.iter().enumerate() {
        let Some(si) = sim.kernels.iter().position(|s| s.name == k.name) else {
            return err(format!("kernel `{}` of the host module is missing from the sim module", k.name));
        };
        let name = cg.str_ptr(&k.name);
        let init = ctx.const_struct(
            &[
                name.into(),
                host_fns[i].as_global_value().as_pointer_value().into(),
                sim_fns[si].as_global_value().as_pointer_value().into(),
                ctx.i64_type().const_int(sim.kernels[si].shared_bytes as u64, true).into(),
                ctx.i32_type().const_int(k.levels.0 as u64, false).into(),
            ],
            false,
        );
        let g = cg.m.add_global(init.get_type(), None, &format!("gpuf.kinfo.{}", k.name));
        g.set_initializer(&init);
        g.set_constant(true);
        g.set_linkage(Linkage::Internal);
        g.set_alignment(8);
        cg.kinfo.push(g.as_pointer_value());
    }
    // Variables with static storage.
    for g in &host.globals {
        let init: BasicValueEnum = match g.init {
            Op::I32(c) => ctx.i32_type().const_int(c as u64, true).into(),
            Op::I64(c) => ctx.i64_type().const_int(c as u64, true).into(),
            Op::I128(c) => ctx.i128_type().const_int_arbitrary_precision(&[c as u64, (c >> 64) as u64]).into(),
            Op::F32(c) => ctx.f32_type().const_float(c as f64).into(),
            Op::F64(c) => ctx.f64_type().const_float(c).into(),
            Op::F128(ref t) => match quad_const(ctx, t) {
                Some(v) => v.into(),
                None => return err(format!("global `{}`: `real(16)` constant `{t}`", g.name)),
            },
            _ => cg.llty(g.ty).const_zero(),
        };
        let gv = cg.m.add_global(cg.llty(g.ty), None, &g.name);
        // An OpenMP `threadprivate` variable: one copy per thread, as gfortran's TLS symbol.
        gv.set_thread_local(g.tls);
        if g.external {
            gv.set_alignment(g.ty.size() as u32);
            continue;
        }
        gv.set_initializer(&init);
        gv.set_alignment(g.ty.size() as u32);
        if g.local {
            gv.set_linkage(Linkage::Internal);
        } else if g.name.starts_with(".gomp_critical_user_") {
            // The lock of a named OpenMP `critical` section: a common symbol, as gfortran
            // emits it, so every object naming the section shares one.
            gv.set_linkage(Linkage::Common);
        }
    }
    // Common blocks, equivalence storage, module and saved arrays: arrays of bytes; an
    // uninitialised common block is a common symbol, merged by the linker with gfortran's.
    for st in &host.storage {
        let aty = ctx.i8_type().array_type(st.size.max(0) as u32);
        let gv = cg.m.add_global(aty, None, &st.name);
        gv.set_alignment(st.align.max(1));
        if st.external {
            // A module array of another object (its module's).
            continue;
        }
        gv.set_constant(st.constant);
        match &st.init {
            Some(bytes) => {
                gv.set_initializer(&ctx.const_string(bytes, false));
            }
            None => {
                gv.set_initializer(&aty.const_zero());
                if !st.local && !st.object {
                    gv.set_linkage(Linkage::Common);
                }
            }
        }
        if st.local {
            gv.set_linkage(Linkage::Internal);
        }
        gv.set_alignment(st.align.max(1));
    }
    // Procedures: declared first so that calls in any order find them.
    let mut proc_fns = Vec::new();
    for p in &host.procs {
        let ps: Vec<BasicMetadataTypeEnum> = p.params.iter().map(|v| cg.llty(p.var(*v).ty).into()).collect();
        let fty = match p.result {
            Some(r) if aggret::agg_cls(&p.var(r).name).is_some() => {
                cg.agg_type(aggret::agg_cls(&p.var(r).name).unwrap_or("l")).fn_type(&ps, false)
            }
            Some(r) => cg.llty(p.var(r).ty).fn_type(&ps, false),
            None => ctx.void_type().fn_type(&ps, false),
        };
        let fv = match cg.m.get_function(&p.name) {
            Some(f) if f.count_basic_blocks() == 0 && f.get_type() == fty => f,
            Some(_) => return err(format!("procedure `{}` is defined twice or with two signatures", p.name)),
            None => cg.m.add_function(&p.name, fty, if p.local { Some(Linkage::Internal) } else { None }),
        };
        // A complex-valued function: the body is internal, the wrapper has gfortran's ABI.
        if let Some((link, f32k)) = crate::cabi::split(&p.name, &crate::cabi::RET_PREFIX) {
            fv.set_linkage(Linkage::Internal);
            let w = crate::cabi::abi_function(&cg, link, f32k, p.params.len().saturating_sub(1), p.local);
            if w.count_basic_blocks() > 0 {
                return err(format!("procedure `{link}` is defined twice"));
            }
            crate::cabi::wrapper_body(&cg, w, fv, f32k)?;
        }
        if let Some(link) = p.name.strip_prefix(crate::cabi::RET16_PREFIX) {
            fv.set_linkage(Linkage::Internal);
            let w = crate::cabi::abi_function16(&cg, link, p.params.len().saturating_sub(1), p.local);
            if w.count_basic_blocks() > 0 {
                return err(format!("procedure `{link}` is defined twice"));
            }
            crate::cabi::wrapper_body16(&cg, w, fv)?;
        }
        proc_fns.push(fv);
    }
    cg.vtabs(&host.vtabs);
    for (p, fv) in host.procs.iter().zip(&proc_fns) {
        cg.proc_body(p, *fv)?;
    }
    // The sim copies of the routines with partitioned loops (`ir::sim_copy_name`).
    for p in sim.procs.iter().filter(|p| p.name.starts_with("gpuf_sim.")) {
        let ps: Vec<BasicMetadataTypeEnum> = p.params.iter().map(|v| cg.llty(p.var(*v).ty).into()).collect();
        let fty = match p.result {
            Some(r) => cg.llty(p.var(r).ty).fn_type(&ps, false),
            None => ctx.void_type().fn_type(&ps, false),
        };
        let fv = match cg.m.get_function(&p.name) {
            Some(f) if f.count_basic_blocks() == 0 && f.get_type() == fty => f,
            Some(_) => return err(format!("procedure `{}` is defined twice or with two signatures", p.name)),
            None => cg.m.add_function(&p.name, fty, if p.local { Some(Linkage::Internal) } else { None }),
        };
        cg.proc_body(p, fv)?;
    }
    let ctors: Vec<FunctionValue> = host.procs.iter().zip(&proc_fns).filter(|(p, _)| p.ctor).map(|(_, f)| *f).collect();
    let init_array = cg.global_ctors(&ctors);
    for (k, fv) in host.kernels.iter().zip(&host_fns) {
        cg.host_kernel(k, *fv)?;
    }
    if !sim_apart {
        for (k, fv) in sim.kernels.iter().zip(&sim_fns) {
            cg.host_kernel(k, *fv)?;
        }
    }
    let images_g = cg.images_global(images);
    // This object's device code, for the final link to combine into one image per target.
    let mut used: Vec<PointerValue> = init_array.into_iter().collect();
    for (bc, section, name) in [
        (&images.nvptx_bc, crate::OFFLOAD_SECTION_NVPTX, "gpuf.offload.nvptx"),
        (&images.amdgcn_bc, crate::OFFLOAD_SECTION_AMDGCN, "gpuf.offload.amdgcn"),
    ] {
        if let Some(bc) = bc {
            let rec = crate::offload_record(bc);
            let init = ctx.const_string(&rec, false);
            let g = cg.m.add_global(init.get_type(), None, name);
            g.set_initializer(&init);
            g.set_constant(true);
            g.set_linkage(Linkage::Private);
            g.set_section(Some(section));
            g.set_alignment(16);
            used.push(g.as_pointer_value());
        }
    }
    cg.keep_used(&used);
    // main (absent when the file has no main program, e.g. only a module)
    if host.main.name.is_empty() {
        return Ok(cg.m);
    }
    let main_ty = ctx.i32_type().fn_type(&[ctx.i32_type().into(), ptr.into()], false);
    let main_fv = cg.m.add_function("main", main_ty, None);
    let (mut fx, plan) = cg.host_body(&host.main, main_fv, RetKind::Main)?;
    let init_fn = cg.declare("gpuf_init", &[Ty::Ptr], None)?;
    cg.b.build_call(init_fn, &[images_g.as_pointer_value().into()], "")?;
    match &plan {
        Some(plan) => cg.planned_body(&mut fx, plan)?,
        None => cg.stmts(&mut fx, &host.main.body)?,
    }
    cg.end(&fx)?;
    Ok(cg.m)
}

/// The sim copy of each kernel (`{name}_sim`) in a module of its own, which the host
/// module's kernel infos name, so that both are optimised and compiled at the same time.
/// The variables and procedures of the host module are declared here. None when the sim
/// copy cannot be apart from them without changing its code: when a kernel calls or names
/// a procedure of the file (which LLVM may inline into it) or uses a variable of the file
/// that only the host module can see (internal linkage).
pub(crate) fn build_sim<'ctx>(ctx: &'ctx Context, tm: &TargetMachine, host: &Module, sim: &Module) -> R<Option<LlModule<'ctx>>> {
    let m = ctx.create_module("gpuf.sim");
    setup_module(&m, tm);
    let mut cg = Cg::new(ctx, m, Tgt::X86);
    let ptr = cg.ptr();
    let mut internal = std::collections::HashSet::new();
    for g in &host.globals {
        let gv = cg.m.add_global(cg.llty(g.ty), None, &g.name);
        gv.set_thread_local(g.tls);
        gv.set_alignment(g.ty.size() as u32);
        if g.local {
            internal.insert(g.name.clone());
        }
    }
    for st in &host.storage {
        let gv = cg.m.add_global(ctx.i8_type().array_type(st.size.max(0) as u32), None, &st.name);
        gv.set_alignment(st.align.max(1));
        if st.local {
            internal.insert(st.name.clone());
        }
    }
    let mut procs = std::collections::HashSet::new();
    for p in &host.procs {
        let ps: Vec<BasicMetadataTypeEnum> = p.params.iter().map(|_| ptr.into()).collect();
        let fty = match p.result {
            Some(r) if aggret::agg_cls(&p.var(r).name).is_some() => {
                cg.agg_type(aggret::agg_cls(&p.var(r).name).unwrap_or("l")).fn_type(&ps, false)
            }
            Some(r) => cg.llty(p.var(r).ty).fn_type(&ps, false),
            None => ctx.void_type().fn_type(&ps, false),
        };
        if cg.m.get_function(&p.name).is_none() {
            cg.m.add_function(&p.name, fty, None);
        }
        procs.insert(p.name.clone());
        if let Some((link, _)) = crate::cabi::split(&p.name, &crate::cabi::RET_PREFIX) {
            procs.insert(link.to_string());
        }
        if let Some(link) = p.name.strip_prefix(crate::cabi::RET16_PREFIX) {
            procs.insert(link.to_string());
        }
    }
    // The sim copies of routines, which the host module defines (internal ones too).
    procs.extend(sim.procs.iter().filter(|p| p.name.starts_with("gpuf_sim.")).map(|p| p.name.clone()));
    let kfn_ty = ctx.void_type().fn_type(&[ptr.into()], false);
    for k in &sim.kernels {
        let fv = cg.m.add_function(&format!("{}_sim", k.name), kfn_ty, None);
        cg.host_kernel(k, fv)?;
    }
    let used = |p: PointerValue| p.get_first_use().is_some();
    for f in cg.m.get_functions() {
        let name = f.get_name().to_string_lossy();
        if f.count_basic_blocks() == 0 && procs.contains(name.as_ref()) && used(f.as_global_value().as_pointer_value()) {
            return Ok(None);
        }
    }
    for g in cg.m.get_globals() {
        let name = g.get_name().to_string_lossy();
        if internal.contains(name.as_ref()) && used(g.as_pointer_value()) {
            return Ok(None);
        }
    }
    Ok(Some(cg.m))
}

/// The images object: the finished device images and a constructor that registers them
/// (`gpuf_register_images`) before `main`.
pub(crate) fn build_images_object<'ctx>(ctx: &'ctx Context, tm: &TargetMachine, images: &DeviceImages) -> R<LlModule<'ctx>> {
    let m = ctx.create_module("gpuf.images");
    setup_module(&m, tm);
    let mut cg = Cg::new(ctx, m, Tgt::X86);
    let images_g = cg.images_global(images);
    let ctor_ty = ctx.void_type().fn_type(&[], false);
    let ctor = cg.m.add_function("gpuf.register_images", ctor_ty, Some(Linkage::Internal));
    let bb = ctx.append_basic_block(ctor, "entry");
    cg.b.position_at_end(bb);
    let reg = cg.declare("gpuf_register_images", &[Ty::Ptr], None)?;
    cg.b.build_call(reg, &[images_g.as_pointer_value().into()], "")?;
    cg.b.build_return(None)?;
    let init_array = cg.global_ctors(&[ctor]);
    cg.keep_used(&init_array.into_iter().collect::<Vec<_>>());
    Ok(cg.m)
}

impl<'ctx> Cg<'ctx> {
    /// Functions run before `main`: pointers to them in `.init_array` (the global returned,
    /// for `llvm.used`). Not `llvm.global_ctors`: without the target option clang sets, LLVM
    /// puts those in `.ctors`, which GNU ld folds into `.init_array` but lld does not run.
    fn global_ctors(&self, fns: &[FunctionValue<'ctx>]) -> Option<PointerValue<'ctx>> {
        if fns.is_empty() {
            return None;
        }
        let ptr = self.ptr();
        let ptrs: Vec<_> = fns.iter().map(|f| f.as_global_value().as_pointer_value()).collect();
        let arr = ptr.const_array(&ptrs);
        let g = self.m.add_global(arr.get_type(), None, "gpuf.init_array");
        g.set_initializer(&arr);
        g.set_linkage(Linkage::Internal);
        g.set_section(Some(".init_array"));
        g.set_alignment(8);
        Some(g.as_pointer_value())
    }

    /// `llvm.used`: globals kept through optimisation and into the object.
    fn keep_used(&self, globals: &[PointerValue<'ctx>]) {
        if globals.is_empty() {
            return;
        }
        let arr = self.ptr().const_array(globals);
        let g = self.m.add_global(arr.get_type(), None, "llvm.used");
        g.set_initializer(&arr);
        g.set_linkage(Linkage::Appending);
        g.set_section(Some("llvm.metadata"));
    }
}

pub(crate) fn build_device<'ctx>(ctx: &'ctx Context, tm: &TargetMachine, tgt: Tgt, module: &Module) -> R<LlModule<'ctx>> {
    let m = if tgt == Tgt::Amdgcn {
        let buf = MemoryBuffer::create_from_memory_range_copy(AMDGCN_PRELUDE.as_bytes(), "gpuf.amdgcn");
        ctx.create_module_from_ir(buf).map_err(|e| CodegenError(format!("amdgcn prelude: {}", e.to_string())))?
    } else {
        ctx.create_module("gpuf.device")
    };
    setup_module(&m, tm);
    let mut cg = Cg::new(ctx, m, tgt);
    // `!$acc routine seq` procedures defined here become device functions (declared first
    // so that calls in any order find them); the others are declared when called and
    // resolved by the whole-program device link.
    cg.routines = module.routines.clone();
    let mut routine_fns = Vec::new();
    for p in module.procs.iter().filter(|p| module.routines.contains(&p.name)) {
        let ps: Vec<BasicMetadataTypeEnum> = p.params.iter().map(|v| cg.llty(p.var(*v).ty).into()).collect();
        let fty = match p.result {
            Some(r)
                if aggret::agg_cls(&p.var(r).name).is_some()
                    || crate::cabi::split(&p.name, &crate::cabi::RET_PREFIX).is_some()
                    || p.name.starts_with(crate::cabi::RET16_PREFIX) =>
            {
                return err(format!(
                    "the `!$acc routine` `{}` returns a structure or complex value (not supported on {})",
                    p.name,
                    tgt.name()
                ));
            }
            Some(r) => cg.llty(p.var(r).ty).fn_type(&ps, false),
            None => ctx.void_type().fn_type(&ps, false),
        };
        let fv = cg.m.add_function(&p.name, fty, if p.local { Some(Linkage::Internal) } else { None });
        routine_fns.push((p, fv));
    }
    // Saved scalars (internal globals of the file, such as a device procedure's saved
    // locals): each device image has its own copy, in global memory, with the initial value;
    // LLVM drops the ones no device code names.
    if !routine_fns.is_empty() {
        for g in module.globals.iter().filter(|g| g.local && !g.external && !g.tls) {
            let init: BasicValueEnum = match g.init {
                Op::I32(c) => ctx.i32_type().const_int(c as u64, true).into(),
                Op::I64(c) => ctx.i64_type().const_int(c as u64, true).into(),
                Op::F32(c) => ctx.f32_type().const_float(c as f64).into(),
                Op::F64(c) => ctx.f64_type().const_float(c).into(),
                // `integer(16)` and `real(16)` have no device code.
                _ if matches!(g.ty, Ty::I128 | Ty::F128) => continue,
                _ => cg.llty(g.ty).const_zero(),
            };
            let gv = cg.m.add_global(cg.llty(g.ty), Some(AddressSpace::from(1u16)), &g.name);
            gv.set_initializer(&init);
            gv.set_alignment(g.ty.size() as u32);
            gv.set_linkage(Linkage::Internal);
        }
    }
    for (p, fv) in routine_fns {
        cg.proc_body(p, fv)?;
    }
    for k in &module.kernels {
        let params: Vec<BasicMetadataTypeEnum> = k.params.iter().map(|p| cg.llty(k.func.var(*p).ty).into()).collect();
        let fty = ctx.void_type().fn_type(&params, false);
        let fv = cg.m.add_function(&k.name, fty, None);
        match tgt {
            Tgt::Nvptx => fv.set_call_conventions(71),
            Tgt::Amdgcn => {
                fv.set_call_conventions(91);
                fv.add_attribute(AttributeLoc::Function, ctx.create_string_attribute("amdgpu-flat-work-group-size", "1,1024"));
                fv.add_attribute(AttributeLoc::Function, ctx.create_string_attribute("uniform-work-group-size", "true"));
            }
            Tgt::X86 => unreachable!(),
        }
        let shared = if k.shared_bytes > 0 {
            let aty = ctx.i8_type().array_type(k.shared_bytes as u32);
            let g = cg.m.add_global(aty, Some(AddressSpace::from(3u16)), &format!("{}.shared", k.name));
            g.set_initializer(&aty.get_undef());
            g.set_linkage(Linkage::Internal);
            g.set_alignment(16);
            Some(g)
        } else {
            None
        };
        let mut fx = cg.begin(&k.func, fv, RetKind::Void, shared)?;
        let noalias = inkwell::attributes::Attribute::get_named_enum_kind_id("noalias");
        for (i, p) in k.params.iter().enumerate() {
            let pv = fv.get_nth_param(i as u32).unwrap();
            pv.set_name(&format!("p{i}"));
            // An array no other parameter reaches (`Function::noalias`): read-only ones are
            // then loaded through the non-coherent cache (`ld.global.nc`).
            if k.func.noalias.contains(p) {
                fv.add_attribute(AttributeLoc::Param(i as u32), ctx.create_enum_attribute(noalias, 0));
            }
            cg.store_param(&fx, k, *p, pv)?;
        }
        cg.stmts(&mut fx, &k.prologue)?;
        cg.stmts(&mut fx, &k.func.body)?;
        cg.end(&fx)?;
    }
    Ok(cg.m)
}

impl<'ctx> Cg<'ctx> {
    /// The shared memory of the routines with partitioned loops (GPU device code).
    fn routine_shared(&self) -> GlobalValue<'ctx> {
        const NAME: &str = "gpuf.routine.shared";
        if let Some(g) = self.m.get_global(NAME) {
            return g;
        }
        let aty = self.ctx.i8_type().array_type(gpuf_lower::ir::ROUTINE_SHARED_BYTES as u32);
        let g = self.m.add_global(aty, Some(AddressSpace::from(3u16)), NAME);
        g.set_initializer(&aty.get_undef());
        g.set_linkage(Linkage::Internal);
        g.set_alignment(16);
        g
    }
}

fn llname(v: &gpuf_lower::ir::Var) -> String {
    v.name.clone()
}

impl<'ctx> Cg<'ctx> {
    /// gfortran's vtabs: structures of 8-byte words, integers or addresses of procedures
    /// and other vtabs (declared here when this module does not define them).
    fn vtabs(&mut self, vtabs: &[gpuf_lower::ir::Vtab]) {
        use gpuf_lower::ir::VtabWord;
        let i64t = self.ctx.i64_type();
        let ptr = self.ptr();
        let globals: Vec<_> = vtabs
            .iter()
            .map(|v| {
                let fields: Vec<BasicTypeEnum> =
                    v.words.iter().map(|w| if matches!(w, VtabWord::Int(_)) { i64t.into() } else { ptr.into() }).collect();
                let sty = self.ctx.struct_type(&fields, false);
                let gv = match self.m.get_global(&v.name) {
                    Some(g) => g,
                    None => self.m.add_global(sty, None, &v.name),
                };
                (gv, sty)
            })
            .collect();
        for (v, (gv, sty)) in vtabs.iter().zip(globals) {
            let vals: Vec<BasicValueEnum> = v
                .words
                .iter()
                .map(|w| match w {
                    VtabWord::Int(n) => i64t.const_int(*n as u64, true).into(),
                    VtabWord::Null => ptr.const_null().into(),
                    VtabWord::Addr(s) => match (self.m.get_global(s), self.m.get_function(s)) {
                        (Some(g), _) => g.as_pointer_value().into(),
                        (None, Some(f)) => f.as_global_value().as_pointer_value().into(),
                        (None, None) => {
                            let f = self.m.add_function(s, self.ctx.void_type().fn_type(&[], false), Some(Linkage::External));
                            f.as_global_value().as_pointer_value().into()
                        }
                    },
                })
                .collect();
            gv.set_initializer(&sty.const_named_struct(&vals));
            gv.set_alignment(8);
            if v.local {
                gv.set_linkage(Linkage::Internal);
            }
        }
    }
}

impl<'ctx> Cg<'ctx> {
    fn new(ctx: &'ctx Context, m: LlModule<'ctx>, tgt: Tgt) -> Cg<'ctx> {
        Cg { ctx, m, b: ctx.create_builder(), tgt, strings: HashMap::new(), kinfo: Vec::new(), routines: Vec::new() }
    }

    pub(crate) fn ptr(&self) -> PointerType<'ctx> {
        self.ctx.ptr_type(AddressSpace::default())
    }

    pub(crate) fn llty(&self, t: Ty) -> BasicTypeEnum<'ctx> {
        match t {
            Ty::I32 => self.ctx.i32_type().into(),
            Ty::I64 => self.ctx.i64_type().into(),
            Ty::F32 => self.ctx.f32_type().into(),
            Ty::F64 => self.ctx.f64_type().into(),
            Ty::Ptr => self.ptr().into(),
            Ty::I8 => self.ctx.i8_type().into(),
            Ty::I16 => self.ctx.i16_type().into(),
            Ty::I128 => self.ctx.i128_type().into(),
            Ty::F128 => self.ctx.f128_type().into(),
        }
    }

    fn i32c(&self, v: i64) -> IntValue<'ctx> {
        self.ctx.i32_type().const_int(v as u64, true)
    }

    /// A private constant global holding `data` (plus a NUL if asked); (pointer, length
    /// without the NUL), or (null, 0).
    /// The device images as the run time's `GpufImages`: { ptr ptx, i64 ptx_len, ptr hsaco,
    /// i64 hsaco_len } (null and 0 for a missing image).
    fn images_global(&mut self, images: &DeviceImages) -> GlobalValue<'ctx> {
        let ptx = self.blob("gpuf.ptx", images.ptx.as_deref(), true);
        let hsaco = self.blob("gpuf.hsaco", images.hsaco.as_deref(), false);
        let i64t = self.ctx.i64_type();
        let init = self.ctx.const_struct(
            &[ptx.0.into(), i64t.const_int(ptx.1, false).into(), hsaco.0.into(), i64t.const_int(hsaco.1, false).into()],
            false,
        );
        let g = self.m.add_global(init.get_type(), None, "gpuf.images");
        g.set_initializer(&init);
        g.set_constant(true);
        g.set_linkage(Linkage::Internal);
        g.set_alignment(8);
        g
    }

    fn blob(&mut self, name: &str, data: Option<&[u8]>, nul: bool) -> (PointerValue<'ctx>, u64) {
        let Some(data) = data else {
            return (self.ptr().const_null(), 0);
        };
        let mut bytes = data.to_vec();
        if nul {
            bytes.push(0);
        }
        let init = self.ctx.const_string(&bytes, false);
        let g = self.m.add_global(init.get_type(), None, name);
        g.set_initializer(&init);
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        g.set_alignment(16);
        (g.as_pointer_value(), data.len() as u64)
    }

    fn str_ptr(&mut self, s: &str) -> PointerValue<'ctx> {
        if let Some(p) = self.strings.get(s) {
            return *p;
        }
        // Raw bytes of the source's literals stand for themselves.
        let mut bytes = gpuf_lower::raw_bytes(s);
        bytes.push(0);
        let init = self.ctx.const_string(&bytes, false);
        let g = self.m.add_global(init.get_type(), None, ".str");
        g.set_initializer(&init);
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        g.set_unnamed_addr(true);
        g.set_alignment(1);
        let p = g.as_pointer_value();
        self.strings.insert(s.to_string(), p);
        p
    }

    /// Declare (or find) an external runtime function.
    /// The body of a procedure (arguments by reference: each parameter is an address).
    fn proc_body(&mut self, p: &Function, fv: FunctionValue<'ctx>) -> R<()> {
        let ret = match p.result {
            Some(r) => RetKind::Value(r),
            None => RetKind::Void,
        };
        let (mut fx, plan) = if self.tgt.is_gpu() { (self.begin(p, fv, ret, None)?, None) } else { self.host_body(p, fv, ret)? };
        let noalias = inkwell::attributes::Attribute::get_named_enum_kind_id("noalias");
        for (i, v) in p.params.iter().enumerate() {
            let a = fv.get_nth_param(i as u32).ok_or_else(|| CodegenError(format!("procedure `{}`: missing parameter {i}", p.name)))?;
            if p.noalias.contains(v) {
                fv.add_attribute(AttributeLoc::Param(i as u32), self.ctx.create_enum_attribute(noalias, 0));
            }
            self.store(p.var(*v).ty, fx.slot(*v)?, a)?;
        }
        match &plan {
            Some(plan) => self.planned_body(&mut fx, plan)?,
            None => self.stmts(&mut fx, &p.body)?,
        }
        self.end(&fx)
    }

    fn declare(&self, name: &str, params: &[Ty], ret: Option<Ty>) -> R<FunctionValue<'ctx>> {
        if self.tgt.is_gpu() && !self.routines.iter().any(|r| r == name) {
            return err(format!("runtime function `{name}` called in device code for {}", self.tgt.name()));
        }
        let ps: Vec<BasicMetadataTypeEnum> = params.iter().map(|t| self.llty(*t).into()).collect();
        let fty = match ret {
            Some(t) => self.llty(t).fn_type(&ps, false),
            None => self.ctx.void_type().fn_type(&ps, false),
        };
        if let Some(f) = self.m.get_function(name) {
            if f.get_type() != fty {
                return err(format!(
                    "runtime function `{name}` called with type {} but earlier with {}",
                    fty.print_to_string().to_string(),
                    f.get_type().print_to_string().to_string()
                ));
            }
            return Ok(f);
        }
        Ok(self.m.add_function(name, fty, Some(Linkage::External)))
    }

    /// A call of the function `name`. A function only declared so far with another type
    /// (its address was taken before any call) is called through its address.
    fn call_named(&mut self, fx: &Fx<'ctx, '_>, name: &str, args: &[Op], ret: Option<Ty>) -> R<Option<BasicValueEnum<'ctx>>> {
        let tys: Vec<Ty> = args.iter().map(|a| fx.f.op_ty(a)).collect();
        if !self.tgt.is_gpu() {
            if let Some(f) = self.m.get_function(name).filter(|f| f.count_basic_blocks() == 0) {
                let ps: Vec<BasicMetadataTypeEnum> = tys.iter().map(|t| self.llty(*t).into()).collect();
                let fty = match ret {
                    Some(t) => self.llty(t).fn_type(&ps, false),
                    None => self.ctx.void_type().fn_type(&ps, false),
                };
                if f.get_type() != fty && f.get_type() == self.ctx.void_type().fn_type(&[], false) {
                    let mut vals: Vec<BasicMetadataValueEnum> = Vec::new();
                    for a in args {
                        vals.push(self.op(fx, a)?.into());
                    }
                    let p = f.as_global_value().as_pointer_value();
                    return Ok(self.b.build_indirect_call(fty, p, &vals, "")?.try_as_basic_value().basic());
                }
            }
        }
        let f = self.declare(name, &tys, ret)?;
        let mut vals = Vec::new();
        for a in args {
            vals.push(self.op(fx, a)?);
        }
        self.call(f, &vals)
    }

    /// A call through a procedure pointer: `args[0]` is the address, the rest the arguments.
    fn call_ptr(&mut self, fx: &Fx<'ctx, '_>, args: &[Op], ret: Option<Ty>) -> R<Option<BasicValueEnum<'ctx>>> {
        let Some((fp, rest)) = args.split_first() else { return err("indirect call without an address".to_string()) };
        let fp = self.ptr_op(fx, fp, "indirect call address")?;
        let ps: Vec<BasicMetadataTypeEnum> = rest.iter().map(|a| self.llty(fx.f.op_ty(a)).into()).collect();
        let fty = match ret {
            Some(t) => self.llty(t).fn_type(&ps, false),
            None => self.ctx.void_type().fn_type(&ps, false),
        };
        let mut vals: Vec<BasicMetadataValueEnum> = Vec::new();
        for a in rest {
            vals.push(self.op(fx, a)?.into());
        }
        Ok(self.b.build_indirect_call(fty, fp, &vals, "")?.try_as_basic_value().basic())
    }

    pub(crate) fn intrinsic(&self, name: &str, tys: &[BasicTypeEnum<'ctx>]) -> R<FunctionValue<'ctx>> {
        let i = Intrinsic::find(name).ok_or_else(|| CodegenError(format!("unknown LLVM intrinsic `{name}`")))?;
        i.get_declaration(&self.m, tys).ok_or_else(|| CodegenError(format!("cannot declare LLVM intrinsic `{name}` for {tys:?}")))
    }

    pub(crate) fn call(&self, f: FunctionValue<'ctx>, args: &[BasicValueEnum<'ctx>]) -> R<Option<BasicValueEnum<'ctx>>> {
        let a: Vec<BasicMetadataValueEnum> = args.iter().map(|v| (*v).into()).collect();
        Ok(self.b.build_call(f, &a, "")?.try_as_basic_value().basic())
    }

    /// `llvm.minnum`/`llvm.maxnum` with the `nnan nsz` fast-math flags.
    fn min_max(&self, name: &str, fty: FloatType<'ctx>, x: FloatValue<'ctx>, y: FloatValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
        let v = self.call_intr(name, &[fty.into()], &[x.into(), y.into()])?;
        if let Some(i) = v.as_instruction_value() {
            let _ = i.set_fast_math_flags(FastMathFlags::NoNaNs | FastMathFlags::NoSignedZeros);
        }
        Ok(v)
    }

    pub(crate) fn call_intr(&self, name: &str, tys: &[BasicTypeEnum<'ctx>], args: &[BasicValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let f = self.intrinsic(name, tys)?;
        self.call(f, args)?.ok_or_else(|| CodegenError(format!("intrinsic `{name}` returns void")))
    }

    /// Gives the loop whose back edge is `br` the loop metadata `!llvm.loop !{self,
    /// !{"llvm.loop.vectorize.enable", i1 true}}` (a `simd` loop on the host: LLVM's
    /// vectoriser gives it SIMD lanes, as `GOMP_SIMD` hints do for GCC). The loop ID must
    /// refer to itself: built around a temporary node replaced by the node afterwards.
    fn vectorize_hint(&self, br: InstructionValue<'ctx>) {
        use inkwell::llvm_sys::core::{
            LLVMConstInt, LLVMGetMDKindIDInContext, LLVMInt1TypeInContext, LLVMMDNodeInContext2, LLVMMDStringInContext2,
            LLVMMetadataAsValue, LLVMSetMetadata, LLVMValueAsMetadata,
        };
        use inkwell::llvm_sys::debuginfo::{LLVMMetadataReplaceAllUsesWith, LLVMTemporaryMDNode};
        use inkwell::values::AsValueRef;
        let ctx = self.ctx.raw();
        let key = "llvm.loop.vectorize.enable";
        let kind = "llvm.loop";
        // SAFETY: every node and value is created in this context; the temporary node is
        // consumed by the replacement (which disposes of it).
        unsafe {
            let tmp = LLVMTemporaryMDNode(ctx, std::ptr::null_mut(), 0);
            let name = LLVMMDStringInContext2(ctx, key.as_ptr().cast(), key.len());
            let on = LLVMValueAsMetadata(LLVMConstInt(LLVMInt1TypeInContext(ctx), 1, 0));
            let mut hint = [name, on];
            let hint = LLVMMDNodeInContext2(ctx, hint.as_mut_ptr(), 2);
            let mut ops = [tmp, hint];
            let id = LLVMMDNodeInContext2(ctx, ops.as_mut_ptr(), 2);
            LLVMMetadataReplaceAllUsesWith(tmp, id);
            let k = LLVMGetMDKindIDInContext(ctx, kind.as_ptr().cast(), kind.len() as u32);
            LLVMSetMetadata(br.as_value_ref(), k, LLVMMetadataAsValue(ctx, id));
        }
    }

    fn call_void_intr(&self, name: &str) -> R<()> {
        let f = self.intrinsic(name, &[])?;
        self.call(f, &[])?;
        Ok(())
    }

    fn terminated(&self) -> bool {
        self.b.get_insert_block().and_then(|bb| bb.get_terminator()).is_some()
    }

    fn load(&self, t: Ty, p: PointerValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
        let v = self.b.build_load(self.llty(t), p, "")?;
        v.as_instruction_value().unwrap().set_alignment(t.size() as u32).map_err(|e| CodegenError(e.to_string()))?;
        Ok(v)
    }

    fn store(&self, t: Ty, p: PointerValue<'ctx>, v: BasicValueEnum<'ctx>) -> R<InstructionValue<'ctx>> {
        let s = self.b.build_store(p, v)?;
        s.set_alignment(t.size() as u32).map_err(|e| CodegenError(e.to_string()))?;
        Ok(s)
    }

    // ---- functions ----

    fn begin<'a>(&mut self, f: &'a Function, fv: FunctionValue<'ctx>, ret: RetKind, shared: Option<GlobalValue<'ctx>>) -> R<Fx<'ctx, 'a>> {
        self.begin_planned(f, fv, ret, shared, None)
    }

    /// [`Cg::begin`] for a function whose body `plan` cuts in runs ([`outline`]).
    fn begin_planned<'a>(
        &mut self,
        f: &'a Function,
        fv: FunctionValue<'ctx>,
        ret: RetKind,
        shared: Option<GlobalValue<'ctx>>,
        plan: Option<&outline::Plan>,
    ) -> R<Fx<'ctx, 'a>> {
        let entry = self.ctx.append_basic_block(fv, "entry");
        let body = self.ctx.append_basic_block(fv, "body");
        self.b.position_at_end(entry);
        let mut frame = None;
        let vars = match plan {
            Some(p) => {
                let (homes, fr) = self.planned_homes(f, p)?;
                frame = Some(fr);
                homes
            }
            None => {
                let mut vars = Vec::with_capacity(f.vars.len());
                for v in &f.vars {
                    let a = self.b.build_alloca(self.llty(v.ty), &llname(v))?;
                    a.as_instruction_value().unwrap().set_alignment(v.ty.size() as u32).map_err(|e| CodegenError(e.to_string()))?;
                    vars.push(a);
                }
                if self.tgt.is_gpu() {
                    // Device variables start as zero, not undef: a value a lane has not
                    // assigned (one broadcast from lane 0, say) must never let LLVM fold a
                    // shuffle's operand to undef. Stores no read depends on are deleted.
                    for (v, a) in f.vars.iter().zip(&vars) {
                        self.store(v.ty, *a, self.llty(v.ty).const_zero())?;
                    }
                }
                vars
            }
        };
        let entry_br = self.b.build_unconditional_branch(body)?;
        self.b.position_at_end(body);
        Ok(Fx { f, fv, vars, sparse: None, frame, loops: HashMap::new(), entry_br, ret, shared })
    }

    /// A host function's body, cut in runs when it is huge ([`outline`]).
    fn host_body<'a>(&mut self, f: &'a Function, fv: FunctionValue<'ctx>, ret: RetKind) -> R<(Fx<'ctx, 'a>, Option<outline::Plan>)> {
        let plan = outline::plan(f);
        let fx = self.begin_planned(f, fv, ret, None, plan.as_ref())?;
        Ok((fx, plan))
    }

    fn end(&mut self, fx: &Fx<'ctx, '_>) -> R<()> {
        if !self.terminated() {
            self.ret(fx)?;
        }
        Ok(())
    }

    fn ret(&mut self, fx: &Fx<'ctx, '_>) -> R<()> {
        match fx.ret {
            RetKind::Main => {
                let fin = self.declare("gpuf_finish", &[], None)?;
                self.b.build_call(fin, &[], "")?;
                self.b.build_return(Some(&self.ctx.i32_type().const_zero()))?;
            }
            RetKind::Void => {
                self.b.build_return(None)?;
            }
            RetKind::Value(v) if aggret::agg_cls(&fx.f.var(v).name).is_some() => {
                let cls = aggret::agg_cls(&fx.f.var(v).name).unwrap_or("l").to_string();
                self.agg_return(fx, v, &cls)?;
            }
            RetKind::Value(v) => {
                let t = fx.f.var(v).ty;
                let val = self.load(t, fx.slot(v)?)?;
                self.b.build_return(Some(&val))?;
            }
        }
        Ok(())
    }

    /// A fresh alloca in the entry block.
    fn temp_alloca(&self, fx: &Fx<'ctx, '_>, t: Ty, name: &str) -> R<PointerValue<'ctx>> {
        let b = self.ctx.create_builder();
        b.position_before(&fx.entry_br);
        let a = b.build_alloca(self.llty(t), name)?;
        a.as_instruction_value().unwrap().set_alignment(t.size() as u32).map_err(|e| CodegenError(e.to_string()))?;
        Ok(a)
    }

    fn store_param(&self, fx: &Fx<'ctx, '_>, k: &Kernel, p: VarId, v: BasicValueEnum<'ctx>) -> R<()> {
        let var = k.func.var(p);
        if var.ty.size() > 8 {
            return err(format!("kernel `{}`: parameter `{}` is {:?}, wider than a kernel argument slot", k.name, var.name, var.ty));
        }
        self.store(var.ty, fx.slot(p)?, v)?;
        Ok(())
    }

    /// `void @{name}_host|_sim(ptr %args)`. A kernel with `noalias` parameters
    /// (`Function::noalias`: arrays no other parameter reaches, which it only reads) gets
    /// its body in an internal `noinline` function taking the parameters one by one, those
    /// marked `noalias`, that this one calls once: the host copy's loops need no run-time
    /// overlap checks, and a loop copying a `noalias` array into another becomes a `memcpy`
    /// (inlined, the parameters would become alias scopes of the accesses, which LLVM's
    /// loop-idiom recognition does not consult: the copy stayed a loop of vector moves, 1.4x
    /// the time of gfortran's `memmove` in the stencil's copy back).
    fn host_kernel(&mut self, k: &Kernel, fv: FunctionValue<'ctx>) -> R<()> {
        let body_fv = if k.func.noalias.is_empty() {
            None
        } else {
            let tys: Vec<BasicMetadataTypeEnum> = k.params.iter().map(|p| self.llty(k.func.var(*p).ty).into()).collect();
            let name = format!("{}.body", fv.get_name().to_string_lossy());
            let bf = self.m.add_function(&name, self.ctx.void_type().fn_type(&tys, false), Some(Linkage::Internal));
            let kind = |n: &str| inkwell::attributes::Attribute::get_named_enum_kind_id(n);
            bf.add_attribute(AttributeLoc::Function, self.ctx.create_enum_attribute(kind("noinline"), 0));
            for (i, p) in k.params.iter().enumerate() {
                if k.func.noalias.contains(p) {
                    bf.add_attribute(AttributeLoc::Param(i as u32), self.ctx.create_enum_attribute(kind("noalias"), 0));
                }
            }
            Some(bf)
        };
        let args = fv.get_nth_param(0).unwrap().into_pointer_value();
        args.set_name("args");
        let load_args = |cg: &mut Self| -> R<Vec<BasicValueEnum<'ctx>>> {
            let mut vs = Vec::new();
            for (i, p) in k.params.iter().enumerate() {
                let slot = unsafe { cg.b.build_gep(cg.ptr(), args, &[cg.ctx.i64_type().const_int(i as u64, false)], "")? };
                // One 8-byte slot per parameter: an address, or a scalar's bits in its low bytes.
                vs.push(cg.load(k.func.var(*p).ty, slot)?);
            }
            Ok(vs)
        };
        let (f, vs) = match body_fv {
            None => {
                let fx = self.begin(&k.func, fv, RetKind::Void, None)?;
                let vs = load_args(self)?;
                (fx, vs)
            }
            Some(bf) => {
                let entry = self.ctx.append_basic_block(fv, "entry");
                self.b.position_at_end(entry);
                let vs = load_args(self)?;
                self.call(bf, &vs)?;
                self.b.build_return(None)?;
                let fx = self.begin(&k.func, bf, RetKind::Void, None)?;
                let ps = (0..k.params.len() as u32).map(|i| bf.get_nth_param(i).unwrap()).collect();
                (fx, ps)
            }
        };
        let mut fx = f;
        for (p, v) in k.params.iter().zip(vs) {
            self.store_param(&fx, k, *p, v)?;
        }
        self.stmts(&mut fx, &k.prologue)?;
        self.stmts(&mut fx, &k.func.body)?;
        self.end(&fx)
    }

    // ---- operands ----

    fn op(&mut self, fx: &Fx<'ctx, '_>, o: &Op) -> R<BasicValueEnum<'ctx>> {
        Ok(match o {
            Op::Var(v) => {
                let var =
                    fx.f.vars
                        .get(v.0 as usize)
                        .ok_or_else(|| CodegenError(format!("function `{}`: variable {} out of range", fx.f.name, v.0)))?;
                self.load(var.ty, fx.slot(*v)?)?
            }
            Op::I32(c) => self.i32c(*c as i64).into(),
            Op::I64(c) => self.ctx.i64_type().const_int(*c as u64, true).into(),
            Op::I128(c) => self.ctx.i128_type().const_int_arbitrary_precision(&[*c as u64, (*c >> 64) as u64]).into(),
            Op::F32(c) => self.ctx.f32_type().const_float(*c as f64).into(),
            Op::F64(c) => self.ctx.f64_type().const_float(*c).into(),
            Op::F128(t) => match quad_const(self.ctx, t) {
                Some(v) => v.into(),
                None => return err(format!("function `{}`: `real(16)` constant `{t}`", fx.f.name)),
            },
            Op::Null => self.ptr().const_null().into(),
            Op::Str(s) => self.str_ptr(s).into(),
        })
    }

    fn op_of(&mut self, fx: &Fx<'ctx, '_>, o: &Op, t: Ty, what: &str) -> R<BasicValueEnum<'ctx>> {
        let ot = fx.f.op_ty(o);
        if ot != t {
            return err(format!("function `{}`: {what}: operand {o:?} is {ot:?}, expected {t:?}", fx.f.name));
        }
        self.op(fx, o)
    }

    fn ptr_op(&mut self, fx: &Fx<'ctx, '_>, o: &Op, what: &str) -> R<PointerValue<'ctx>> {
        Ok(self.op_of(fx, o, Ty::Ptr, what)?.into_pointer_value())
    }

    fn int_op(&mut self, fx: &Fx<'ctx, '_>, o: &Op, what: &str) -> R<IntValue<'ctx>> {
        let v = self.op(fx, o)?;
        if !v.is_int_value() {
            return err(format!("function `{}`: {what}: operand {o:?} is not an integer", fx.f.name));
        }
        Ok(v.into_int_value())
    }

    /// An i32 operand (i64 truncated).
    fn i32_op(&mut self, fx: &Fx<'ctx, '_>, o: &Op, what: &str) -> R<IntValue<'ctx>> {
        let v = self.int_op(fx, o, what)?;
        Ok(if v.get_type().get_bit_width() == 32 { v } else { self.b.build_int_truncate(v, self.ctx.i32_type(), "")? })
    }

    /// `v != 0` as i1.
    fn truth(&self, v: BasicValueEnum<'ctx>) -> R<IntValue<'ctx>> {
        Ok(match v {
            BasicValueEnum::IntValue(i) => self.b.build_int_compare(IntPredicate::NE, i, i.get_type().const_zero(), "")?,
            BasicValueEnum::FloatValue(f) => self.b.build_float_compare(FloatPredicate::UNE, f, f.get_type().const_zero(), "")?,
            BasicValueEnum::PointerValue(p) => self.b.build_is_not_null(p, "")?,
            _ => return err("condition of unsupported type"),
        })
    }

    fn zext32(&self, c: IntValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
        Ok(self.b.build_int_z_extend(c, self.ctx.i32_type(), "")?.into())
    }

    // ---- statements ----

    fn stmts(&mut self, fx: &mut Fx<'ctx, '_>, ss: &[Stmt]) -> R<()> {
        for s in ss {
            if self.terminated() {
                break;
            }
            self.stmt(fx, s)?;
        }
        Ok(())
    }

    fn block(&self, fx: &Fx<'ctx, '_>, name: &str) -> BasicBlock<'ctx> {
        self.ctx.append_basic_block(fx.fv, name)
    }

    fn br(&self, to: BasicBlock<'ctx>) -> R<()> {
        if !self.terminated() {
            self.b.build_unconditional_branch(to)?;
        }
        Ok(())
    }

    fn stmt(&mut self, fx: &mut Fx<'ctx, '_>, s: &Stmt) -> R<()> {
        match s {
            Stmt::Assign(v, rv) => {
                let var = fx.f.var(*v).clone();
                let val = self.rv(fx, rv)?;
                if val.get_type() != self.llty(var.ty) {
                    return err(format!(
                        "function `{}`: assignment to `{}` ({:?}) of a {} value: {rv:?}",
                        fx.f.name,
                        var.name,
                        var.ty,
                        val.get_type().print_to_string().to_string()
                    ));
                }
                self.store(var.ty, fx.slot(*v)?, val)?;
            }
            Stmt::Store(t, p, v) => {
                let p = self.ptr_op(fx, p, "store address")?;
                let v = self.op_of(fx, v, *t, "stored value")?;
                self.store(*t, p, v)?;
            }
            Stmt::AtomicStore(t, p, v) => {
                let p = self.ptr_op(fx, p, "atomic store address")?;
                let v = self.op_of(fx, v, *t, "atomic stored value")?;
                // NVPTX in LLVM 19 selects neither fences nor atomic loads / stores stronger than
                // monotonic: use monotonic accesses between `membar.gl`s there.
                let nv = self.tgt == Tgt::Nvptx;
                if nv {
                    self.call_void_intr("llvm.nvvm.membar.gl")?;
                }
                let s = self.store(*t, p, v)?;
                s.set_atomic_ordering(if nv { AtomicOrdering::Monotonic } else { SEQ }).map_err(|e| CodegenError(e.to_string()))?;
                if nv {
                    self.call_void_intr("llvm.nvvm.membar.gl")?;
                }
            }
            Stmt::Call(name, args) if name == "@ptr" => {
                self.call_ptr(fx, args, None)?;
            }
            Stmt::Call(name, args) if aggret::agg_cls(name).is_some() => {
                let cls = aggret::agg_cls(name).unwrap_or("l").to_string();
                self.agg_call(fx, name, &cls, args)?;
            }
            Stmt::Call(name, args) if name.starts_with(crate::cabi::QCALL_PREFIX) => {
                let link = name.strip_prefix(crate::cabi::QCALL_PREFIX).unwrap_or_default();
                if self.tgt.is_gpu() {
                    return err(format!("libquadmath's `{link}` called in device code"));
                }
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.op(fx, a)?);
                }
                crate::cabi::qcall(self, link, &vals)?;
            }
            Stmt::Call(name, args) if name.starts_with(crate::cabi::CALL16_PREFIX) => {
                let link = name.strip_prefix(crate::cabi::CALL16_PREFIX).unwrap_or_default();
                if self.tgt.is_gpu() {
                    return err(format!("complex function `{link}` called in device code"));
                }
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.op(fx, a)?);
                }
                crate::cabi::call16(self, link, &vals)?;
            }
            Stmt::Call(name, args) if crate::cabi::split(name, &crate::cabi::CALL_PREFIX).is_some() => {
                let (link, f32k) = crate::cabi::split(name, &crate::cabi::CALL_PREFIX).unwrap_or_default();
                if self.tgt.is_gpu() {
                    return err(format!("complex function `{link}` called in device code"));
                }
                let mut vals = Vec::new();
                for a in args {
                    vals.push(self.op(fx, a)?);
                }
                crate::cabi::call(self, link, f32k, &vals)?;
            }
            Stmt::Call(name, args) => {
                self.call_named(fx, name, args, None)?;
            }
            Stmt::If { cond, then_body, else_body } => {
                let c = self.op(fx, cond)?;
                let c = self.truth(c)?;
                let then_bb = self.block(fx, "if.then");
                let merge = self.block(fx, "if.end");
                let else_bb = if else_body.is_empty() { merge } else { self.block(fx, "if.else") };
                self.b.build_conditional_branch(c, then_bb, else_bb)?;
                self.b.position_at_end(then_bb);
                self.stmts(fx, then_body)?;
                self.br(merge)?;
                if !else_body.is_empty() {
                    self.b.position_at_end(else_bb);
                    self.stmts(fx, else_body)?;
                    self.br(merge)?;
                }
                self.b.position_at_end(merge);
            }
            Stmt::Loop { id, var, lo, hi, step, body, part: _ } => {
                let t = fx.f.var(*var).ty;
                if !t.is_int() {
                    return err(format!("function `{}`: loop variable of type {t:?}", fx.f.name));
                }
                let lo = self.op_of(fx, lo, t, "loop lower bound")?.into_int_value();
                let hi = self.op_of(fx, hi, t, "loop upper bound")?.into_int_value();
                let step = self.op_of(fx, step, t, "loop step")?.into_int_value();
                // A bounded loop (`Function::bounded`) runs while its variable is at most
                // `hi`; any other counts its trips first, as Fortran's DO does.
                let cnt = if fx.f.bounded.contains(id) {
                    None
                } else {
                    let d = self.b.build_int_sub(hi, lo, "")?;
                    let d = self.b.build_int_add(d, step, "")?;
                    let trip = self.b.build_int_signed_div(d, step, "trip")?;
                    let cnt = self.temp_alloca(fx, t, "loop.cnt")?;
                    self.store(t, cnt, trip.into())?;
                    Some(cnt)
                };
                let vp = fx.slot(*var)?;
                self.store(t, vp, lo.into())?;
                let head = self.block(fx, "loop.head");
                let body_bb = self.block(fx, "loop.body");
                let latch = self.block(fx, "loop.latch");
                let exit = self.block(fx, "loop.exit");
                self.b.build_unconditional_branch(head)?;
                self.b.position_at_end(head);
                let more = match cnt {
                    Some(cnt) => {
                        let c = self.load(t, cnt)?.into_int_value();
                        self.b.build_int_compare(IntPredicate::SGT, c, c.get_type().const_zero(), "")?
                    }
                    None => {
                        let v = self.load(t, vp)?.into_int_value();
                        self.b.build_int_compare(IntPredicate::SLE, v, hi, "")?
                    }
                };
                self.b.build_conditional_branch(more, body_bb, exit)?;
                fx.loops.insert(*id, (exit, latch));
                self.b.position_at_end(body_bb);
                self.stmts(fx, body)?;
                self.br(latch)?;
                self.b.position_at_end(latch);
                // `nsw`: the variable stays in its kind's range (a program whose DO variable
                // would step past it is not standard-conforming); LLVM can then widen it
                // and strength-reduce the addresses built from it.
                let v = self.load(t, vp)?.into_int_value();
                let v = self.b.build_int_nsw_add(v, step, "")?;
                self.store(t, vp, v.into())?;
                if let Some(cnt) = cnt {
                    let c = self.load(t, cnt)?.into_int_value();
                    let c = self.b.build_int_nsw_sub(c, c.get_type().const_int(1, false), "")?;
                    self.store(t, cnt, c.into())?;
                }
                let back = self.b.build_unconditional_branch(head)?;
                if fx.f.simd_loops.contains(id) {
                    self.vectorize_hint(back);
                }
                self.b.position_at_end(exit);
            }
            Stmt::While { id, cond_body, cond, body } => {
                let head = self.block(fx, "while.head");
                let body_bb = self.block(fx, "while.body");
                let exit = self.block(fx, "while.exit");
                self.b.build_unconditional_branch(head)?;
                fx.loops.insert(*id, (exit, head));
                self.b.position_at_end(head);
                self.stmts(fx, cond_body)?;
                if !self.terminated() {
                    let c = self.op(fx, cond)?;
                    let c = self.truth(c)?;
                    self.b.build_conditional_branch(c, body_bb, exit)?;
                }
                self.b.position_at_end(body_bb);
                self.stmts(fx, body)?;
                self.br(head)?;
                self.b.position_at_end(exit);
            }
            Stmt::Exit(id) | Stmt::Cycle(id) => {
                let (exit, latch) = *fx
                    .loops
                    .get(id)
                    .ok_or_else(|| CodegenError(format!("function `{}`: exit/cycle of unknown loop {}", fx.f.name, id.0)))?;
                let to = if matches!(s, Stmt::Exit(_)) { exit } else { latch };
                self.b.build_unconditional_branch(to)?;
            }
            Stmt::Return => self.ret(fx)?,
            Stmt::Launch(l) => self.launch(fx, l)?,
            Stmt::Prim(p, args) => {
                self.prim(fx, p, args)?;
            }
            Stmt::Builtin(b, _) => {
                return err(format!("function `{}`: builtin {b:?} left for codegen (oacc-xform should remove it)", fx.f.name))
            }
            Stmt::Region(r) => return err(format!("function `{}`: compute construct `{}` not lowered by omp-lower", fx.f.name, r.what)),
            Stmt::DataRegion { .. } => return err(format!("function `{}`: data construct not lowered by omp-lower", fx.f.name)),
            Stmt::HostParallel(h) => return err(format!("function `{}`: host `{}` construct not lowered by omp-lower", fx.f.name, h.what)),
        }
        Ok(())
    }

    fn launch(&mut self, fx: &mut Fx<'ctx, '_>, l: &Launch) -> R<()> {
        if self.tgt.is_gpu() {
            return err("kernel launch in device code");
        }
        let info = *self
            .kinfo
            .get(l.kernel)
            .ok_or_else(|| CodegenError(format!("function `{}`: launch of unknown kernel {}", fx.f.name, l.kernel)))?;
        let n = l.args.len() as u32;
        let ptr = self.ptr();
        let i64t = self.ctx.i64_type();
        let i32t = self.ctx.i32_type();
        let mk = |cg: &Self, t: BasicTypeEnum<'ctx>, name: &str| -> R<PointerValue<'ctx>> {
            let b = cg.ctx.create_builder();
            b.position_before(&fx.entry_br);
            let a = b.build_alloca(t.array_type(n), name)?;
            a.as_instruction_value().unwrap().set_alignment(8).map_err(|e| CodegenError(e.to_string()))?;
            Ok(a)
        };
        let hosts = mk(self, ptr.into(), "launch.hosts")?;
        let sizes = mk(self, i64t.into(), "launch.sizes")?;
        let kinds = mk(self, i32t.into(), "launch.kinds")?;
        for (i, a) in l.args.iter().enumerate() {
            let (hv, kind): (BasicValueEnum, u64) = match a.kind {
                ArgKind::Mapped => (self.ptr_op(fx, &a.host, "mapped launch argument")?.into(), 0),
                ArgKind::Scratch => (ptr.const_null().into(), 2),
                ArgKind::Value | ArgKind::Scalar => match &a.host {
                    Op::Var(v) => {
                        let kind = if a.kind == ArgKind::Scalar { 3 } else { 1 };
                        let t = fx.f.var(*v).ty;
                        let whole = match a.bytes {
                            Op::I64(b) => b == t.size(),
                            Op::I32(b) => i64::from(b) == t.size(),
                            _ => false,
                        };
                        if whole {
                            // The runtime reads the value at the launch: it gets a copy, so
                            // the variable's own slot does not escape (LLVM keeps it in a
                            // register, and knows stores through pointers leave it alone).
                            let copy = self.temp_alloca(fx, t, "launch.value")?;
                            let val = self.load(t, fx.slot(*v)?)?;
                            self.store(t, copy, val)?;
                            (copy.into(), kind)
                        } else {
                            (fx.slot(*v)?.into(), kind)
                        }
                    }
                    o => return err(format!("function `{}`: by-value launch argument {o:?} is not a variable", fx.f.name)),
                },
            };
            let idx = i64t.const_int(i as u64, false);
            unsafe {
                let p = self.b.build_gep(ptr, hosts, &[idx], "")?;
                self.store(Ty::Ptr, p, hv)?;
                let p = self.b.build_gep(i64t, sizes, &[idx], "")?;
                let n = self.int_op(fx, &a.bytes, "launch argument size")?;
                let n = if n.get_type().get_bit_width() == 64 { n } else { self.b.build_int_s_extend(n, i64t, "")? };
                self.store(Ty::I64, p, n.into())?;
                let p = self.b.build_gep(i32t, kinds, &[idx], "")?;
                self.store(Ty::I32, p, i32t.const_int(kind, false).into())?;
            }
        }
        if l.on_host {
            let f = self.declare("gpuf_acc_launch_host", &[Ty::Ptr, Ty::I32, Ty::Ptr, Ty::Ptr, Ty::Ptr], None)?;
            self.call(f, &[info.into(), i32t.const_int(n as u64, false).into(), hosts.into(), sizes.into(), kinds.into()])?;
            return Ok(());
        }
        let g = self.i32_op(fx, &l.gangs, "gangs")?;
        let w = self.i32_op(fx, &l.workers, "workers")?;
        let v = self.i32_op(fx, &l.vector, "vector length")?;
        let f = self.declare("gpuf_acc_launch", &[Ty::Ptr, Ty::I32, Ty::Ptr, Ty::Ptr, Ty::Ptr, Ty::I32, Ty::I32, Ty::I32], None)?;
        self.call(
            f,
            &[info.into(), i32t.const_int(n as u64, false).into(), hosts.into(), sizes.into(), kinds.into(), g.into(), w.into(), v.into()],
        )?;
        Ok(())
    }

    // ---- right-hand sides ----

    fn rv(&mut self, fx: &mut Fx<'ctx, '_>, rv: &Rv) -> R<BasicValueEnum<'ctx>> {
        let fname = &fx.f.name;
        match rv {
            Rv::Use(o) => self.op(fx, o),
            Rv::Unary(u, o) => {
                let v = self.op(fx, o)?;
                Ok(match (u, v) {
                    (UnOp::Neg, BasicValueEnum::IntValue(i)) => self.b.build_int_neg(i, "")?.into(),
                    (UnOp::Neg, BasicValueEnum::FloatValue(f)) => self.b.build_float_neg(f, "")?.into(),
                    (UnOp::LNot, BasicValueEnum::IntValue(i)) => {
                        let z = self.b.build_int_compare(IntPredicate::EQ, i, i.get_type().const_zero(), "")?;
                        self.b.build_int_z_extend(z, i.get_type(), "")?.into()
                    }
                    (UnOp::BitNot, BasicValueEnum::IntValue(i)) => self.b.build_not(i, "")?.into(),
                    _ => return err(format!("function `{fname}`: {u:?} of {o:?}")),
                })
            }
            Rv::Binary(op, a, b) => self.binary(fx, *op, a, b),
            Rv::Cast(t, o) => self.cast(fx, *t, o),
            Rv::Math(f, args) => self.math(fx, *f, args),
            Rv::Load(t, p) => {
                let p = self.ptr_op(fx, p, "load address")?;
                self.load(*t, p)
            }
            Rv::PtrAdd(p, off) => {
                let p = self.ptr_op(fx, p, "PtrAdd base")?;
                let off = self.int_op(fx, off, "PtrAdd offset")?;
                Ok(unsafe { self.b.build_gep(self.ctx.i8_type(), p, &[off], "")? }.into())
            }
            Rv::Call(name, args, ret) if name == "@ptr" => self
                .call_ptr(fx, args, Some(*ret))?
                .ok_or_else(|| CodegenError(format!("function `{fname}`: an indirect call returned nothing"))),
            Rv::Call(name, args, ret) => self
                .call_named(fx, name, args, Some(*ret))?
                .ok_or_else(|| CodegenError(format!("function `{fname}`: `{name}` returned nothing"))),
            Rv::AddrOf(v) => {
                let p = fx.slot(*v)?;
                if p.get_type() != self.ptr() {
                    // AMDGPU's private stack (address space 5): a generic address for calls.
                    return Ok(self.b.build_address_space_cast(p, self.ptr(), "")?.into());
                }
                Ok(p.into())
            }
            Rv::Alloca(n) => {
                // In the entry block: one block per call of the function, however often the
                // statement runs.
                let b = self.ctx.create_builder();
                b.position_before(&fx.entry_br);
                let a = b.build_alloca(self.ctx.i8_type().array_type((*n).max(1) as u32), "priv")?;
                a.as_instruction_value().unwrap().set_alignment(16).map_err(|e| CodegenError(e.to_string()))?;
                if a.get_type().get_address_space() != AddressSpace::default() {
                    return Ok(self.b.build_address_space_cast(a, self.ptr(), "")?.into());
                }
                Ok(a.into())
            }
            Rv::GlobalAddr(g) => match self.m.get_global(g) {
                Some(gv) if !self.tgt.is_gpu() => Ok(gv.as_pointer_value().into()),
                // A saved scalar's device copy (`build_device`), in global memory.
                Some(gv) => Ok(self.b.build_address_space_cast(gv.as_pointer_value(), self.ptr(), "")?.into()),
                // A procedure's address (an actual argument for a dummy procedure).
                None if !self.tgt.is_gpu() => {
                    let f = match self.m.get_function(g) {
                        Some(f) => f,
                        None => self.m.add_function(g, self.ctx.void_type().fn_type(&[], false), Some(Linkage::External)),
                    };
                    Ok(f.as_global_value().as_pointer_value().into())
                }
                _ => err(format!("function `{fname}`: no global `{g}` in this module")),
            },
            Rv::Builtin(b, _) => err(format!("function `{fname}`: builtin {b:?} left for codegen (oacc-xform should remove it)")),
            Rv::Prim(p, args) => {
                self.prim(fx, p, args)?.ok_or_else(|| CodegenError(format!("function `{}`: primitive {p:?} has no value", fx.f.name)))
            }
            Rv::AtomicRmw(op, t, p, v) => {
                let p = self.ptr_op(fx, p, "atomic address")?;
                let v = self.op_of(fx, v, *t, "atomic operand")?;
                self.atomic_rmw(*op, *t, p, v)
            }
            Rv::AtomicCas(t, p, e, n) => {
                let p = self.ptr_op(fx, p, "cmpxchg address")?;
                let e = self.op_of(fx, e, *t, "cmpxchg expected value")?;
                let n = self.op_of(fx, n, *t, "cmpxchg new value")?;
                let (e, n) = if t.is_float() {
                    let it = self.int_ty(t.size() as u32 * 8);
                    (self.b.build_bit_cast(e, it, "")?, self.b.build_bit_cast(n, it, "")?)
                } else {
                    (e, n)
                };
                let r = self.b.build_cmpxchg(p, e, n, SEQ, SEQ)?;
                let old = self.b.build_extract_value(r, 0, "")?;
                Ok(if t.is_float() { self.b.build_bit_cast(old, self.llty(*t), "")? } else { old })
            }
            Rv::AtomicLoad(t, p) => {
                let p = self.ptr_op(fx, p, "atomic load address")?;
                let nv = self.tgt == Tgt::Nvptx;
                if nv {
                    self.call_void_intr("llvm.nvvm.membar.gl")?;
                }
                let v = self.load(*t, p)?;
                v.as_instruction_value()
                    .unwrap()
                    .set_atomic_ordering(if nv { AtomicOrdering::Monotonic } else { SEQ })
                    .map_err(|e| CodegenError(e.to_string()))?;
                if nv {
                    self.call_void_intr("llvm.nvvm.membar.gl")?;
                }
                Ok(v)
            }
        }
    }

    pub(crate) fn int_ty(&self, bits: u32) -> IntType<'ctx> {
        if bits == 64 {
            self.ctx.i64_type()
        } else {
            self.ctx.i32_type()
        }
    }

    fn atomic_rmw(&mut self, op: AtomicOp, t: Ty, p: PointerValue<'ctx>, v: BasicValueEnum<'ctx>) -> R<BasicValueEnum<'ctx>> {
        match t {
            Ty::I8 | Ty::I16 | Ty::I128 | Ty::F128 => err(format!("atomic {op:?} on {t:?} is not supported")),
            Ty::I32 | Ty::I64 => {
                let o = match op {
                    AtomicOp::Add => AtomicRMWBinOp::Add,
                    AtomicOp::Min => AtomicRMWBinOp::Min,
                    AtomicOp::Max => AtomicRMWBinOp::Max,
                    AtomicOp::And => AtomicRMWBinOp::And,
                    AtomicOp::Or => AtomicRMWBinOp::Or,
                    AtomicOp::Xor => AtomicRMWBinOp::Xor,
                    AtomicOp::Xchg => AtomicRMWBinOp::Xchg,
                };
                Ok(self.b.build_atomicrmw(o, p, v.into_int_value(), SEQ)?.into())
            }
            Ty::F32 | Ty::F64 => {
                use inkwell::llvm_sys::core::LLVMBuildAtomicRMW;
                use inkwell::llvm_sys::LLVMAtomicOrdering;
                use inkwell::llvm_sys::LLVMAtomicRMWBinOp as B;
                use inkwell::values::AsValueRef;
                let o = match op {
                    AtomicOp::Add => B::LLVMAtomicRMWBinOpFAdd,
                    AtomicOp::Min => B::LLVMAtomicRMWBinOpFMin,
                    AtomicOp::Max => B::LLVMAtomicRMWBinOpFMax,
                    AtomicOp::Xchg => B::LLVMAtomicRMWBinOpXchg,
                    AtomicOp::And | AtomicOp::Or | AtomicOp::Xor => return err(format!("atomic {op:?} on {t:?} is not supported")),
                };
                let r = unsafe {
                    LLVMBuildAtomicRMW(
                        self.b.as_mut_ptr(),
                        o,
                        p.as_value_ref(),
                        v.as_value_ref(),
                        LLVMAtomicOrdering::LLVMAtomicOrderingSequentiallyConsistent,
                        0,
                    )
                };
                Ok(unsafe { FloatValue::new(r) }.into())
            }
            Ty::Ptr => {
                if op != AtomicOp::Xchg {
                    return err(format!("atomic {op:?} on a pointer is not supported"));
                }
                let i = self.b.build_ptr_to_int(v.into_pointer_value(), self.ctx.i64_type(), "")?;
                let r = self.b.build_atomicrmw(AtomicRMWBinOp::Xchg, p, i, SEQ)?;
                Ok(self.b.build_int_to_ptr(r, self.ptr(), "")?.into())
            }
        }
    }

    fn binary(&mut self, fx: &mut Fx<'ctx, '_>, op: BinOp, a: &Op, b: &Op) -> R<BasicValueEnum<'ctx>> {
        let ta = fx.f.op_ty(a);
        let tb = fx.f.op_ty(b);
        if ta != tb {
            return err(format!("function `{}`: {op:?} of {a:?} ({ta:?}) and {b:?} ({tb:?})", fx.f.name));
        }
        let x = self.op(fx, a)?;
        let y = self.op(fx, b)?;
        let bd = &self.b;
        match ta {
            Ty::I8 | Ty::I16 => err(format!("function `{}`: {op:?} of narrow integers (computed in i32)", fx.f.name)),
            Ty::I32 | Ty::I64 | Ty::I128 => {
                let (x, y) = (x.into_int_value(), y.into_int_value());
                let cmp = |p: IntPredicate| -> R<BasicValueEnum<'ctx>> {
                    let c = bd.build_int_compare(p, x, y, "")?;
                    self.zext32(c)
                };
                Ok(match op {
                    // Fortran integers do not overflow (a program whose do is not standard
                    // conforming, as gfortran also assumes): `nsw` lets LLVM widen 32-bit
                    // indices and fold their sign extensions into addresses.
                    BinOp::Add => bd.build_int_nsw_add(x, y, "")?.into(),
                    BinOp::Sub => bd.build_int_nsw_sub(x, y, "")?.into(),
                    BinOp::Mul => bd.build_int_nsw_mul(x, y, "")?.into(),
                    BinOp::Div => bd.build_int_signed_div(x, y, "")?.into(),
                    BinOp::Rem => bd.build_int_signed_rem(x, y, "")?.into(),
                    BinOp::Pow => {
                        let f = self.ipow(ta)?;
                        self.call(f, &[x.into(), y.into()])?.unwrap()
                    }
                    BinOp::Min => {
                        let c = bd.build_int_compare(IntPredicate::SLT, x, y, "")?;
                        bd.build_select(c, x, y, "")?
                    }
                    BinOp::Max => {
                        let c = bd.build_int_compare(IntPredicate::SGT, x, y, "")?;
                        bd.build_select(c, x, y, "")?
                    }
                    BinOp::And => bd.build_and(x, y, "")?.into(),
                    BinOp::Or => bd.build_or(x, y, "")?.into(),
                    BinOp::Xor => bd.build_xor(x, y, "")?.into(),
                    BinOp::Shl => bd.build_left_shift(x, y, "")?.into(),
                    BinOp::LShr => bd.build_right_shift(x, y, false, "")?.into(),
                    BinOp::Eq | BinOp::BitEq => cmp(IntPredicate::EQ)?,
                    BinOp::Ne => cmp(IntPredicate::NE)?,
                    BinOp::Lt => cmp(IntPredicate::SLT)?,
                    BinOp::Le => cmp(IntPredicate::SLE)?,
                    BinOp::Gt => cmp(IntPredicate::SGT)?,
                    BinOp::Ge => cmp(IntPredicate::SGE)?,
                })
            }
            Ty::F32 | Ty::F64 | Ty::F128 => {
                let (x, y) = (x.into_float_value(), y.into_float_value());
                let fty = x.get_type();
                let quad = ta == Ty::F128;
                let cmp = |p: FloatPredicate| -> R<BasicValueEnum<'ctx>> {
                    let c = bd.build_float_compare(p, x, y, "")?;
                    self.zext32(c)
                };
                // Device code contracts a*b+c into fma, as GCC's nvptx/amdgcn offload and
                // nvcc do by default; host code (the host device, sim) stays uncontracted
                // like gfortran's x86_64 -O2.
                // A reduction accumulator's own `+` (`*`) (`Var::reassoc`) may be
                // reassociated: LLVM vectorises the loop with partial results, as a device
                // combines the partial results of its threads.
                let red = |o: &Op| matches!(o, Op::Var(v) if fx.f.var(*v).reassoc == Some(op));
                let mut flags = FastMathFlags::empty();
                if self.tgt.is_gpu() {
                    flags |= FastMathFlags::AllowContract;
                }
                if red(a) || red(b) {
                    flags |= FastMathFlags::AllowReassoc;
                }
                let contract = |v: FloatValue<'ctx>| -> BasicValueEnum<'ctx> {
                    if !flags.is_empty() {
                        if let Some(i) = v.as_instruction_value() {
                            let _ = i.set_fast_math_flags(flags);
                        }
                    }
                    v.into()
                };
                Ok(match op {
                    BinOp::Add => contract(bd.build_float_add(x, y, "")?),
                    BinOp::Sub => contract(bd.build_float_sub(x, y, "")?),
                    BinOp::Mul => contract(bd.build_float_mul(x, y, "")?),
                    BinOp::Div => bd.build_float_div(x, y, "")?.into(),
                    BinOp::Rem => bd.build_float_rem(x, y, "")?.into(),
                    BinOp::Pow if quad => {
                        let f = self.declare("powq", &[Ty::F128, Ty::F128], Some(Ty::F128))?;
                        self.call(f, &[x.into(), y.into()])?.unwrap()
                    }
                    // libquadmath's fmin/fmax order (gfortran's MAX_EXPR compares).
                    BinOp::Min | BinOp::Max if quad => {
                        let p = if op == BinOp::Min { FloatPredicate::OLT } else { FloatPredicate::OGT };
                        let c = bd.build_float_compare(p, x, y, "")?;
                        bd.build_select(c, x, y, "")?
                    }
                    BinOp::Pow => {
                        if self.tgt.is_gpu() {
                            let f = crate::devmath::function(self, "pow", fty)?;
                            self.call(f, &[x.into(), y.into()])?.unwrap()
                        } else {
                            self.call_intr("llvm.pow", &[fty.into()], &[x.into(), y.into()])?
                        }
                    }
                    // Fortran leaves `max`/`min` of a NaN processor-dependent; like gfortran's -O2
                    // (MAX_EXPR), gpuf lets LLVM ignore NaN ordering and the sign of zero here,
                    // which is what lets max/min reductions vectorise.
                    BinOp::Min => self.min_max("llvm.minnum", fty, x, y)?,
                    BinOp::Max => self.min_max("llvm.maxnum", fty, x, y)?,
                    BinOp::And | BinOp::Or | BinOp::Xor | BinOp::Shl | BinOp::LShr => {
                        return err(format!("function `{}`: {op:?} on {ta:?}", fx.f.name))
                    }
                    BinOp::Eq => cmp(FloatPredicate::OEQ)?,
                    BinOp::BitEq => {
                        let it = self.int_ty(fty.get_bit_width());
                        let xi = bd.build_bit_cast(x, it, "")?.into_int_value();
                        let yi = bd.build_bit_cast(y, it, "")?.into_int_value();
                        let c = bd.build_int_compare(IntPredicate::EQ, xi, yi, "")?;
                        self.zext32(c)?
                    }
                    BinOp::Ne => cmp(FloatPredicate::UNE)?,
                    BinOp::Lt => cmp(FloatPredicate::OLT)?,
                    BinOp::Le => cmp(FloatPredicate::OLE)?,
                    BinOp::Gt => cmp(FloatPredicate::OGT)?,
                    BinOp::Ge => cmp(FloatPredicate::OGE)?,
                })
            }
            Ty::Ptr => {
                let i64t = self.ctx.i64_type();
                let x = bd.build_ptr_to_int(x.into_pointer_value(), i64t, "")?;
                let y = bd.build_ptr_to_int(y.into_pointer_value(), i64t, "")?;
                let p = match op {
                    BinOp::Eq => IntPredicate::EQ,
                    BinOp::Ne => IntPredicate::NE,
                    BinOp::Lt => IntPredicate::ULT,
                    BinOp::Le => IntPredicate::ULE,
                    BinOp::Gt => IntPredicate::UGT,
                    BinOp::Ge => IntPredicate::UGE,
                    _ => return err(format!("function `{}`: {op:?} on pointers", fx.f.name)),
                };
                let c = bd.build_int_compare(p, x, y, "")?;
                self.zext32(c)
            }
        }
    }

    fn cast(&mut self, fx: &mut Fx<'ctx, '_>, t: Ty, o: &Op) -> R<BasicValueEnum<'ctx>> {
        let from = fx.f.op_ty(o);
        let v = self.op(fx, o)?;
        let to = self.llty(t);
        let bd = &self.b;
        Ok(match (from, t) {
            (a, b) if a == b => v,
            (Ty::I32 | Ty::I64 | Ty::I8 | Ty::I16 | Ty::I128, Ty::I32 | Ty::I64 | Ty::I8 | Ty::I16 | Ty::I128) => {
                if from.size() < t.size() {
                    bd.build_int_s_extend(v.into_int_value(), to.into_int_type(), "")?.into()
                } else {
                    bd.build_int_truncate(v.into_int_value(), to.into_int_type(), "")?.into()
                }
            }
            (Ty::I32 | Ty::I64 | Ty::I128, Ty::F32 | Ty::F64 | Ty::F128) => {
                bd.build_signed_int_to_float(v.into_int_value(), to.into_float_type(), "")?.into()
            }
            (Ty::F32 | Ty::F64 | Ty::F128, Ty::I32 | Ty::I64 | Ty::I128) => {
                bd.build_float_to_signed_int(v.into_float_value(), to.into_int_type(), "")?.into()
            }
            (Ty::F32 | Ty::F64 | Ty::F128, Ty::F32 | Ty::F64 | Ty::F128) if from.size() < t.size() => {
                bd.build_float_ext(v.into_float_value(), to.into_float_type(), "")?.into()
            }
            (Ty::F32 | Ty::F64 | Ty::F128, Ty::F32 | Ty::F64 | Ty::F128) => {
                bd.build_float_trunc(v.into_float_value(), to.into_float_type(), "")?.into()
            }
            (Ty::I32 | Ty::I64, Ty::Ptr) => bd.build_int_to_ptr(v.into_int_value(), self.ptr(), "")?.into(),
            (Ty::Ptr, Ty::I32 | Ty::I64) => bd.build_ptr_to_int(v.into_pointer_value(), to.into_int_type(), "")?.into(),
            _ => return err(format!("function `{}`: cast of {o:?} ({from:?}) to {t:?}", fx.f.name)),
        })
    }

    fn math(&mut self, fx: &mut Fx<'ctx, '_>, f: MathFn, args: &[Op]) -> R<BasicValueEnum<'ctx>> {
        let want = f.arity();
        if args.len() != want {
            return err(format!("function `{}`: {f:?} with {} operands", fx.f.name, args.len()));
        }
        let t = fx.f.op_ty(&args[0]);
        let x = self.op(fx, &args[0])?;
        if t.is_int() && matches!(f, MathFn::Popcnt | MathFn::Leadz | MathFn::Trailz) {
            let it = x.get_type();
            return match f {
                MathFn::Popcnt => self.call_intr("llvm.ctpop", &[it], &[x]),
                _ => {
                    let name = if f == MathFn::Leadz { "llvm.ctlz" } else { "llvm.cttz" };
                    let no_poison = self.ctx.bool_type().const_zero().into();
                    self.call_intr(name, &[it], &[x, no_poison])
                }
            };
        }
        if t.is_int() {
            if f != MathFn::Abs {
                return err(format!("function `{}`: {f:?} of an integer", fx.f.name));
            }
            let i = x.into_int_value();
            let neg = self.b.build_int_neg(i, "")?;
            let c = self.b.build_int_compare(IntPredicate::SLT, i, i.get_type().const_zero(), "")?;
            return Ok(self.b.build_select(c, neg, i, "")?);
        }
        if !t.is_float() {
            return err(format!("function `{}`: {f:?} of a pointer", fx.f.name));
        }
        let fty = x.get_type();
        if t == Ty::F128 {
            return self.quad_math(fx, f, x, args);
        }
        let name = match f {
            MathFn::Sqrt => "llvm.sqrt",
            MathFn::Abs => "llvm.fabs",
            MathFn::Round => "llvm.round",
            MathFn::Trunc => "llvm.trunc",
            MathFn::Floor => "llvm.floor",
            MathFn::Exp | MathFn::Log | MathFn::Sin | MathFn::Cos => {
                let short = match f {
                    MathFn::Exp => "exp",
                    MathFn::Log => "log",
                    MathFn::Sin => "sin",
                    _ => "cos",
                };
                if self.tgt.is_gpu() {
                    let func = crate::devmath::function(self, short, fty.into_float_type())?;
                    return Ok(self.call(func, &[x])?.unwrap());
                }
                match f {
                    MathFn::Exp => "llvm.exp",
                    MathFn::Log => "llvm.log",
                    MathFn::Sin => "llvm.sin",
                    _ => "llvm.cos",
                }
            }
            MathFn::Tan
            | MathFn::Asin
            | MathFn::Acos
            | MathFn::Atan
            | MathFn::Atan2
            | MathFn::Sinh
            | MathFn::Cosh
            | MathFn::Tanh
            | MathFn::Log10 => {
                let short = match f {
                    MathFn::Tan => "tan",
                    MathFn::Asin => "asin",
                    MathFn::Acos => "acos",
                    MathFn::Atan => "atan",
                    MathFn::Atan2 => "atan2",
                    MathFn::Sinh => "sinh",
                    MathFn::Cosh => "cosh",
                    MathFn::Tanh => "tanh",
                    _ => "log10",
                };
                let mut vals = vec![x];
                if f == MathFn::Atan2 {
                    vals.push(self.op(fx, &args[1])?);
                }
                if self.tgt.is_gpu() {
                    let func = crate::devmath::function(self, short, fty.into_float_type())?;
                    return Ok(self.call(func, &vals)?.unwrap());
                }
                // The host and sim call the C library, as gfortran's code does.
                let (name, ft) = if t == Ty::F32 { (format!("{short}f"), Ty::F32) } else { (short.to_string(), Ty::F64) };
                let func = self.declare(&name, &vec![ft; vals.len()], Some(ft))?;
                return Ok(self.call(func, &vals)?.unwrap());
            }
            MathFn::Erf | MathFn::Erfc | MathFn::Gamma | MathFn::LogGamma | MathFn::Acosh | MathFn::Asinh | MathFn::Atanh => {
                let short = match f {
                    MathFn::Erf => "erf",
                    MathFn::Erfc => "erfc",
                    MathFn::Gamma => "tgamma",
                    MathFn::LogGamma => "lgamma",
                    MathFn::Acosh => "acosh",
                    MathFn::Asinh => "asinh",
                    _ => "atanh",
                };
                if self.tgt.is_gpu() {
                    return err(format!("function `{}`: no device implementation of `{short}`", fx.f.name));
                }
                let (name, ft) = if t == Ty::F32 { (format!("{short}f"), Ty::F32) } else { (short.to_string(), Ty::F64) };
                let func = self.declare(&name, &[ft], Some(ft))?;
                return Ok(self.call(func, &[x])?.unwrap());
            }
            MathFn::ErfcScaled => {
                if self.tgt.is_gpu() {
                    let func = crate::devmath::function(self, "erfc_scaled", x.get_type().into_float_type())?;
                    return Ok(self.call(func, &[x])?.unwrap());
                }
                // The runtime's double-precision function; a real(4) argument goes through it
                // (its result is exact to far more digits than real(4) holds).
                let func = self.declare("gpuf_erfc_scaled", &[Ty::F64], Some(Ty::F64))?;
                if t == Ty::F32 {
                    let d = self.b.build_float_ext(x.into_float_value(), self.ctx.f64_type(), "")?;
                    let r = self.call(func, &[d.into()])?.unwrap();
                    return Ok(self.b.build_float_trunc(r.into_float_value(), self.ctx.f32_type(), "")?.into());
                }
                return Ok(self.call(func, &[x])?.unwrap());
            }
            MathFn::Popcnt | MathFn::Leadz | MathFn::Trailz => {
                return err(format!("function `{}`: {f:?} of a float", fx.f.name));
            }
            MathFn::Powi => {
                let n = self.int_op(fx, &args[1], "powi exponent")?;
                let func = self.powi(fty.into_float_type(), n.get_type())?;
                return Ok(self.call(func, &[x, n.into()])?.unwrap());
            }
        };
        self.call_intr(name, &[fty], &[x])
    }

    /// A function of `real(16)` values: libquadmath's, as gfortran calls them (`abs` a
    /// bit operation, integer powers libgcc's `__powitf2`).
    fn quad_math(&mut self, fx: &mut Fx<'ctx, '_>, f: MathFn, x: BasicValueEnum<'ctx>, args: &[Op]) -> R<BasicValueEnum<'ctx>> {
        let fty = x.get_type();
        let name = match f {
            MathFn::Abs => return self.call_intr("llvm.fabs", &[fty], &[x]),
            MathFn::Powi => {
                let n = self.int_op(fx, &args[1], "powi exponent")?;
                let func = self.powi(fty.into_float_type(), n.get_type())?;
                return Ok(self.call(func, &[x, n.into()])?.unwrap());
            }
            MathFn::Popcnt | MathFn::Leadz | MathFn::Trailz | MathFn::ErfcScaled => {
                return err(format!("function `{}`: {f:?} of a real(16) value", fx.f.name));
            }
            MathFn::Sqrt => "sqrtq",
            MathFn::Round => "roundq",
            MathFn::Trunc => "truncq",
            MathFn::Floor => "floorq",
            MathFn::Exp => "expq",
            MathFn::Log => "logq",
            MathFn::Sin => "sinq",
            MathFn::Cos => "cosq",
            MathFn::Tan => "tanq",
            MathFn::Asin => "asinq",
            MathFn::Acos => "acosq",
            MathFn::Atan => "atanq",
            MathFn::Atan2 => "atan2q",
            MathFn::Sinh => "sinhq",
            MathFn::Cosh => "coshq",
            MathFn::Tanh => "tanhq",
            MathFn::Log10 => "log10q",
            MathFn::Erf => "erfq",
            MathFn::Erfc => "erfcq",
            MathFn::Gamma => "tgammaq",
            MathFn::LogGamma => "lgammaq",
            MathFn::Acosh => "acoshq",
            MathFn::Asinh => "asinhq",
            MathFn::Atanh => "atanhq",
        };
        let mut vals = vec![x];
        if f == MathFn::Atan2 {
            vals.push(self.op(fx, &args[1])?);
        }
        let func = self.declare(name, &vec![Ty::F128; vals.len()], Some(Ty::F128))?;
        Ok(self.call(func, &vals)?.unwrap())
    }

    // ---- helper functions emitted into the module ----

    /// Start an internal helper function; returns None if it already exists.
    pub(crate) fn helper(&self, name: &str, fty: inkwell::types::FunctionType<'ctx>) -> (FunctionValue<'ctx>, bool) {
        if let Some(f) = self.m.get_function(name) {
            return (f, false);
        }
        let f = self.m.add_function(name, fty, Some(Linkage::Internal));
        f.add_attribute(
            AttributeLoc::Function,
            self.ctx.create_enum_attribute(inkwell::attributes::Attribute::get_named_enum_kind_id("nounwind"), 0),
        );
        (f, true)
    }

    /// `T gpuf.ipow.T(T x, T n)`: Fortran integer power.
    fn ipow(&self, t: Ty) -> R<FunctionValue<'ctx>> {
        let it = self.llty(t).into_int_type();
        let name = format!("gpuf.ipow.{}", gpuf_lower::print::ty_name(t));
        let (f, new) = self.helper(&name, it.fn_type(&[it.into(), it.into()], false));
        if !new {
            return Ok(f);
        }
        let b = self.ctx.create_builder();
        let entry = self.ctx.append_basic_block(f, "entry");
        let neg = self.ctx.append_basic_block(f, "neg");
        let lp = self.ctx.append_basic_block(f, "loop");
        let body = self.ctx.append_basic_block(f, "body");
        let done = self.ctx.append_basic_block(f, "done");
        let x = f.get_nth_param(0).unwrap().into_int_value();
        let n = f.get_nth_param(1).unwrap().into_int_value();
        let zero = it.const_zero();
        let one = it.const_int(1, false);
        let m1 = it.const_all_ones();
        b.position_at_end(entry);
        let isneg = b.build_int_compare(IntPredicate::SLT, n, zero, "")?;
        b.build_conditional_branch(isneg, neg, lp)?;
        // n < 0: 1 if x == 1; ±1 if x == -1; else 0.
        b.position_at_end(neg);
        let odd = b.build_and(n, one, "")?;
        let odd = b.build_int_compare(IntPredicate::NE, odd, zero, "")?;
        let pm = b.build_select(odd, m1, one, "")?.into_int_value();
        let is1 = b.build_int_compare(IntPredicate::EQ, x, one, "")?;
        let ism1 = b.build_int_compare(IntPredicate::EQ, x, m1, "")?;
        let r = b.build_select(ism1, pm, zero, "")?.into_int_value();
        let r = b.build_select(is1, one, r, "")?;
        b.build_return(Some(&r))?;
        // n >= 0: square and multiply.
        b.position_at_end(lp);
        let pr = b.build_phi(it, "r")?;
        let pb = b.build_phi(it, "b")?;
        let pe = b.build_phi(it, "e")?;
        let e = pe.as_basic_value().into_int_value();
        let fin = b.build_int_compare(IntPredicate::EQ, e, zero, "")?;
        b.build_conditional_branch(fin, done, body)?;
        b.position_at_end(body);
        let rv = pr.as_basic_value().into_int_value();
        let bv = pb.as_basic_value().into_int_value();
        let bit = b.build_and(e, one, "")?;
        let bit = b.build_int_compare(IntPredicate::NE, bit, zero, "")?;
        let rm = b.build_int_mul(rv, bv, "")?;
        let r2 = b.build_select(bit, rm, rv, "")?.into_int_value();
        let b2 = b.build_int_mul(bv, bv, "")?;
        let e2 = b.build_right_shift(e, one, false, "")?;
        b.build_unconditional_branch(lp)?;
        pr.add_incoming(&[(&one, entry), (&r2, body)]);
        pb.add_incoming(&[(&x, entry), (&b2, body)]);
        pe.add_incoming(&[(&n, entry), (&e2, body)]);
        b.position_at_end(done);
        b.build_return(Some(&rv))?;
        Ok(f)
    }

    /// `F gpuf.powi.F.I(F x, I n)` by binary exponentiation (the result gfortran gets from its run time).
    fn powi(&self, ft: FloatType<'ctx>, it: IntType<'ctx>) -> R<FunctionValue<'ctx>> {
        let fname = if ft == self.ctx.f32_type() { "f32" } else { "f64" };
        let name = format!("gpuf.powi.{fname}.i{}", it.get_bit_width());
        let (f, new) = self.helper(&name, ft.fn_type(&[ft.into(), it.into()], false));
        if !new {
            return Ok(f);
        }
        let b = self.ctx.create_builder();
        let entry = self.ctx.append_basic_block(f, "entry");
        let lp = self.ctx.append_basic_block(f, "loop");
        let cont = self.ctx.append_basic_block(f, "cont");
        let done = self.ctx.append_basic_block(f, "done");
        let x = f.get_nth_param(0).unwrap().into_float_value();
        let n = f.get_nth_param(1).unwrap().into_int_value();
        let zero = it.const_zero();
        let one = it.const_int(1, false);
        let fone = ft.const_float(1.0);
        b.position_at_end(entry);
        let recip = b.build_int_compare(IntPredicate::SLT, n, zero, "")?;
        let nn = b.build_int_neg(n, "")?;
        let m0 = b.build_select(recip, nn, n, "")?.into_int_value();
        b.build_unconditional_branch(lp)?;
        b.position_at_end(lp);
        let pr = b.build_phi(ft, "r")?;
        let pa = b.build_phi(ft, "a")?;
        let pm = b.build_phi(it, "m")?;
        let r = pr.as_basic_value().into_float_value();
        let a = pa.as_basic_value().into_float_value();
        let m = pm.as_basic_value().into_int_value();
        let bit = b.build_and(m, one, "")?;
        let bit = b.build_int_compare(IntPredicate::NE, bit, zero, "")?;
        let ra = b.build_float_mul(r, a, "")?;
        let r2 = b.build_select(bit, ra, r, "")?.into_float_value();
        let m2 = b.build_right_shift(m, one, false, "")?;
        let fin = b.build_int_compare(IntPredicate::EQ, m2, zero, "")?;
        b.build_conditional_branch(fin, done, cont)?;
        b.position_at_end(cont);
        let a2 = b.build_float_mul(a, a, "")?;
        b.build_unconditional_branch(lp)?;
        pr.add_incoming(&[(&fone, entry), (&r2, cont)]);
        pa.add_incoming(&[(&x, entry), (&a2, cont)]);
        pm.add_incoming(&[(&m0, entry), (&m2, cont)]);
        b.position_at_end(done);
        let inv = b.build_float_div(fone, r2, "")?;
        let res = b.build_select(recip, inv, r2, "")?;
        b.build_return(Some(&res))?;
        Ok(f)
    }

    // ---- target primitives ----

    fn i32_intr(&self, name: &str) -> R<IntValue<'ctx>> {
        Ok(self.call_intr(name, &[], &[])?.into_int_value())
    }

    fn thread_idx(&self, l: Level) -> R<IntValue<'ctx>> {
        match (self.tgt, l) {
            (Tgt::Nvptx, Level::Vector) => self.i32_intr("llvm.nvvm.read.ptx.sreg.tid.x"),
            (Tgt::Nvptx, Level::Worker) => self.i32_intr("llvm.nvvm.read.ptx.sreg.tid.y"),
            (Tgt::Nvptx, Level::Gang) => self.i32_intr("llvm.nvvm.read.ptx.sreg.ctaid.x"),
            (Tgt::Amdgcn, Level::Vector) => self.i32_intr("llvm.amdgcn.workitem.id.x"),
            (Tgt::Amdgcn, Level::Worker) => self.i32_intr("llvm.amdgcn.workitem.id.y"),
            (Tgt::Amdgcn, Level::Gang) => self.i32_intr("llvm.amdgcn.workgroup.id.x"),
            (Tgt::X86, _) => unreachable!(),
        }
    }

    /// Load an integer of `t` at byte `off` of the AMDGPU dispatch packet.
    fn dispatch_field(&self, off: u64, t: IntType<'ctx>) -> R<IntValue<'ctx>> {
        let dp = self.call_intr("llvm.amdgcn.dispatch.ptr", &[], &[])?.into_pointer_value();
        let p = unsafe { self.b.build_gep(self.ctx.i8_type(), dp, &[self.ctx.i64_type().const_int(off, false)], "")? };
        let v = self.b.build_load(t, p, "")?;
        v.as_instruction_value().unwrap().set_alignment(t.get_bit_width() / 8).map_err(|e| CodegenError(e.to_string()))?;
        let v = v.into_int_value();
        let i32t = self.ctx.i32_type();
        Ok(if t.get_bit_width() < 32 { self.b.build_int_z_extend(v, i32t, "")? } else { v })
    }

    fn num_threads(&self, l: Level) -> R<IntValue<'ctx>> {
        match (self.tgt, l) {
            (Tgt::Nvptx, Level::Vector) => self.i32_intr("llvm.nvvm.read.ptx.sreg.ntid.x"),
            (Tgt::Nvptx, Level::Worker) => self.i32_intr("llvm.nvvm.read.ptx.sreg.ntid.y"),
            (Tgt::Nvptx, Level::Gang) => self.i32_intr("llvm.nvvm.read.ptx.sreg.nctaid.x"),
            (Tgt::Amdgcn, Level::Vector) => self.dispatch_field(4, self.ctx.i16_type()),
            (Tgt::Amdgcn, Level::Worker) => self.dispatch_field(6, self.ctx.i16_type()),
            (Tgt::Amdgcn, Level::Gang) => {
                let grid = self.dispatch_field(12, self.ctx.i32_type())?;
                let wg = self.dispatch_field(4, self.ctx.i16_type())?;
                Ok(self.b.build_int_unsigned_div(grid, wg, "")?)
            }
            (Tgt::X86, _) => unreachable!(),
        }
    }

    /// AMDGPU: this lane's index in the wavefront.
    fn amd_lane(&self) -> R<IntValue<'ctx>> {
        let i32t = self.ctx.i32_type();
        let lo = self.call_intr("llvm.amdgcn.mbcnt.lo", &[], &[i32t.const_all_ones().into(), i32t.const_zero().into()])?;
        Ok(self.call_intr("llvm.amdgcn.mbcnt.hi", &[], &[i32t.const_all_ones().into(), lo])?.into_int_value())
    }

    /// Shuffle of an i32 or i64.
    fn shuffle_bits(&self, mode: ShuffleMode, v: IntValue<'ctx>, arg: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let i32t = self.ctx.i32_type();
        let i64t = self.ctx.i64_type();
        let wide = v.get_type().get_bit_width() == 64;
        // On NVPTX a 64-bit value is split and joined by one `mov.b64 {lo, hi}` each (LLVM
        // would shift, truncate, extend and or); every bit of both halves is defined.
        let pair_ty = self.ctx.struct_type(&[i32t.into(), i32t.into()], false);
        let halves: Vec<IntValue> = if wide && self.tgt == Tgt::Nvptx {
            let split_ty = pair_ty.fn_type(&[i64t.into()], false);
            let asm = self.ctx.create_inline_asm(split_ty, "mov.b64 {$0, $1}, $2;".into(), "=r,=r,l".into(), false, false, None, false);
            let pair = self.b.build_indirect_call(split_ty, asm, &[v.into()], "")?.try_as_basic_value().basic();
            let pair = pair.ok_or_else(|| CodegenError("inline asm without a result".into()))?.into_struct_value();
            let lo = self.b.build_extract_value(pair, 0, "")?.into_int_value();
            let hi = self.b.build_extract_value(pair, 1, "")?.into_int_value();
            vec![lo, hi]
        } else if wide {
            let lo = self.b.build_int_truncate(v, i32t, "")?;
            let hi = self.b.build_right_shift(v, i64t.const_int(32, false), false, "")?;
            let hi = self.b.build_int_truncate(hi, i32t, "")?;
            vec![lo, hi]
        } else {
            vec![v]
        };
        let mut out = Vec::new();
        match self.tgt {
            Tgt::Nvptx => {
                let name = match mode {
                    ShuffleMode::Idx => "llvm.nvvm.shfl.sync.idx.i32",
                    ShuffleMode::Xor => "llvm.nvvm.shfl.sync.bfly.i32",
                    ShuffleMode::Down => "llvm.nvvm.shfl.sync.down.i32",
                };
                for h in halves {
                    let r = self.call_intr(
                        name,
                        &[],
                        &[i32t.const_all_ones().into(), h.into(), arg.into(), i32t.const_int(0x1f, false).into()],
                    )?;
                    out.push(r.into_int_value());
                }
            }
            Tgt::Amdgcn => {
                let tid = self.thread_idx(Level::Vector)?;
                let lane = self.amd_lane()?;
                let target = match mode {
                    ShuffleMode::Idx => arg,
                    ShuffleMode::Xor => self.b.build_xor(tid, arg, "")?,
                    ShuffleMode::Down => self.b.build_int_add(tid, arg, "")?,
                };
                let delta = self.b.build_int_sub(target, tid, "")?;
                let src = self.b.build_int_add(lane, delta, "")?;
                let addr = self.b.build_left_shift(src, i32t.const_int(2, false), "")?;
                let keep = if mode == ShuffleMode::Down {
                    let n = self.num_threads(Level::Vector)?;
                    let past = self.b.build_int_compare(IntPredicate::UGE, target, n, "")?;
                    let src_lane = self.b.build_int_add(lane, arg, "")?;
                    let past_wave = self.b.build_int_compare(IntPredicate::UGE, src_lane, i32t.const_int(64, false), "")?;
                    Some(self.b.build_or(past, past_wave, "")?)
                } else {
                    None
                };
                for h in halves {
                    let r = self.call_intr("llvm.amdgcn.ds.bpermute", &[], &[addr.into(), h.into()])?.into_int_value();
                    let r = match keep {
                        Some(k) => self.b.build_select(k, h, r, "")?.into_int_value(),
                        None => r,
                    };
                    out.push(r);
                }
            }
            Tgt::X86 => unreachable!(),
        }
        Ok(if wide && self.tgt == Tgt::Nvptx {
            let join_ty = i64t.fn_type(&[i32t.into(), i32t.into()], false);
            let asm = self.ctx.create_inline_asm(join_ty, "mov.b64 $0, {$1, $2};".into(), "=l,r,r".into(), false, false, None, false);
            let r = self.b.build_indirect_call(join_ty, asm, &[out[0].into(), out[1].into()], "")?.try_as_basic_value().basic();
            r.ok_or_else(|| CodegenError("inline asm without a result".into()))?.into_int_value()
        } else if wide {
            let lo = self.b.build_int_z_extend(out[0], i64t, "")?;
            let hi = self.b.build_int_z_extend(out[1], i64t, "")?;
            let hi = self.b.build_left_shift(hi, i64t.const_int(32, false), "")?;
            self.b.build_or(lo, hi, "")?
        } else {
            out[0]
        })
    }

    fn prim(&mut self, fx: &mut Fx<'ctx, '_>, p: &Prim, args: &[Op]) -> R<Option<BasicValueEnum<'ctx>>> {
        if !self.tgt.is_gpu() {
            return err(format!("function `{}`: target primitive {p:?} in host code", fx.f.name));
        }
        let nargs = match p {
            Prim::Shuffle(_) => 2,
            Prim::VoteAny | Prim::VoteAll | Prim::LastLane => 1,
            _ => 0,
        };
        if args.len() != nargs {
            return err(format!("function `{}`: {p:?} with {} operands", fx.f.name, args.len()));
        }
        let i32t = self.ctx.i32_type();
        Ok(match p {
            Prim::ThreadIdx(l) => Some(self.thread_idx(*l)?.into()),
            Prim::NumThreads(l) => Some(self.num_threads(*l)?.into()),
            Prim::Shuffle(mode) => {
                let t = fx.f.op_ty(&args[0]);
                let v = self.op(fx, &args[0])?;
                let lane = self.i32_op(fx, &args[1], "shuffle lane")?;
                let bits = match t {
                    Ty::I8 | Ty::I16 => return err(format!("function `{}`: shuffle of a narrow integer", fx.f.name)),
                    Ty::I128 | Ty::F128 => return err(format!("function `{}`: shuffle of a 16-byte value", fx.f.name)),
                    Ty::I32 | Ty::I64 => v.into_int_value(),
                    Ty::F32 => self.b.build_bit_cast(v, i32t, "")?.into_int_value(),
                    Ty::F64 => self.b.build_bit_cast(v, self.ctx.i64_type(), "")?.into_int_value(),
                    Ty::Ptr => self.b.build_ptr_to_int(v.into_pointer_value(), self.ctx.i64_type(), "")?,
                };
                let r = self.shuffle_bits(*mode, bits, lane)?;
                Some(match t {
                    Ty::I32 | Ty::I64 | Ty::I8 | Ty::I16 | Ty::I128 => r.into(),
                    Ty::F32 | Ty::F64 | Ty::F128 => self.b.build_bit_cast(r, self.llty(t), "")?,
                    Ty::Ptr => self.b.build_int_to_ptr(r, self.ptr(), "")?.into(),
                })
            }
            Prim::VoteAny | Prim::VoteAll => {
                let v = self.op(fx, &args[0])?;
                let c = self.truth(v)?;
                let r = match self.tgt {
                    Tgt::Nvptx => {
                        let name = if *p == Prim::VoteAny { "llvm.nvvm.vote.any.sync" } else { "llvm.nvvm.vote.all.sync" };
                        self.call_intr(name, &[], &[i32t.const_all_ones().into(), c.into()])?.into_int_value()
                    }
                    _ => {
                        let i64t = self.ctx.i64_type();
                        if *p == Prim::VoteAny {
                            let m = self.call_intr("llvm.amdgcn.ballot", &[i64t.into()], &[c.into()])?.into_int_value();
                            self.b.build_int_compare(IntPredicate::NE, m, i64t.const_zero(), "")?
                        } else {
                            let nc = self.b.build_not(c, "")?;
                            let m = self.call_intr("llvm.amdgcn.ballot", &[i64t.into()], &[nc.into()])?.into_int_value();
                            self.b.build_int_compare(IntPredicate::EQ, m, i64t.const_zero(), "")?
                        }
                    }
                };
                Some(self.zext32(r)?)
            }
            Prim::LastLane => {
                // The warp's ballot of the predicate; the highest set bit's lane
                // (`bits - 1 - ctlz`, -1 for none).
                let v = self.op(fx, &args[0])?;
                let c = self.truth(v)?;
                let f = self.ctx.bool_type().const_zero();
                let (mask, bits) = match self.tgt {
                    Tgt::Nvptx => {
                        let m = self.call_intr("llvm.nvvm.vote.ballot.sync", &[], &[i32t.const_all_ones().into(), c.into()])?;
                        (m.into_int_value(), 32)
                    }
                    _ => {
                        let i64t = self.ctx.i64_type();
                        let m = self.call_intr("llvm.amdgcn.ballot", &[i64t.into()], &[c.into()])?;
                        (m.into_int_value(), 64)
                    }
                };
                let mt = mask.get_type();
                let lz = self.call_intr("llvm.ctlz", &[mt.into()], &[mask.into(), f.into()])?.into_int_value();
                let last = self.b.build_int_sub(mt.const_int(bits - 1, false), lz, "")?;
                Some(if bits == 32 { last.into() } else { self.b.build_int_truncate(last, i32t, "")?.into() })
            }
            Prim::Barrier => {
                match self.tgt {
                    Tgt::Nvptx => self.call_void_intr("llvm.nvvm.barrier0")?,
                    _ => {
                        let f = self.m.get_function("gpuf.amdgcn.barrier").unwrap();
                        self.call(f, &[])?;
                    }
                }
                None
            }
            Prim::Trap => {
                self.call_void_intr("llvm.trap")?;
                None
            }
            Prim::Fence => {
                match self.tgt {
                    Tgt::Nvptx => self.call_void_intr("llvm.nvvm.membar.gl")?,
                    _ => {
                        let f = self.m.get_function("gpuf.amdgcn.fence").unwrap();
                        self.call(f, &[])?;
                    }
                }
                None
            }
            Prim::SharedBase => {
                let g = match fx.shared {
                    Some(g) => g,
                    // A routine with partitioned loops: the block its broadcasts and worker
                    // reductions use, one per gang like a kernel's.
                    None if self.routines.contains(&fx.f.name) => self.routine_shared(),
                    None => return err(format!("function `{}`: SharedBase in a kernel with shared_bytes = 0", fx.f.name)),
                };
                Some(self.b.build_address_space_cast(g.as_pointer_value(), self.ptr(), "")?.into())
            }
        })
    }
}

pub(crate) fn build_devmath_test<'ctx>(ctx: &'ctx Context, tm: &TargetMachine) -> R<LlModule<'ctx>> {
    let m = ctx.create_module("gpuf.devmath");
    setup_module(&m, tm);
    let cg = Cg::new(ctx, m, Tgt::X86);
    for name in ["exp", "log", "sin", "cos", "pow", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "log10"] {
        for ft in [ctx.f32_type(), ctx.f64_type()] {
            let inner = crate::devmath::function(&cg, name, ft)?;
            let n = inner.count_params() as usize;
            let tn = if ft == ctx.f32_type() { "f32" } else { "f64" };
            let params: Vec<BasicMetadataTypeEnum> = vec![ft.into(); n];
            let f = cg.m.add_function(&format!("gpuf_devmath_{name}_{tn}"), ft.fn_type(&params, false), None);
            let b = ctx.create_builder();
            b.position_at_end(ctx.append_basic_block(f, "entry"));
            let args: Vec<BasicMetadataValueEnum> = f.get_params().iter().map(|p| (*p).into()).collect();
            let r = b.build_call(inner, &args, "")?.try_as_basic_value().basic().unwrap();
            b.build_return(Some(&r))?;
        }
    }
    Ok(cg.m)
}

/// The `fp128` constant of the decimal text `t` (`[-]DIGITS.DIGITSe[-]DIGITS`, or
/// hexadecimal `[-]0xHHHHp[-]N`), converted
/// exactly by LLVM; `None` if `t` is not such a number.
fn quad_const<'ctx>(ctx: &'ctx Context, t: &str) -> Option<inkwell::values::FloatValue<'ctx>> {
    let body = t.strip_prefix('-').unwrap_or(t);
    if let Some(h) = body.strip_prefix("0x") {
        // A hexadecimal one (from a gfortran module file): `0xHHHHp[-]N`.
        let (m, e) = h.split_once('p')?;
        let e = e.strip_prefix('-').unwrap_or(e);
        if m.is_empty() || !m.bytes().all(|c| c.is_ascii_hexdigit()) || e.is_empty() || !e.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        // SAFETY: a well-formed hexadecimal floating-point number (checked above).
        return Some(unsafe { ctx.f128_type().const_float_from_string(t) });
    }
    let (m, e) = body.split_once('e')?;
    let (i, f) = m.split_once('.')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    let e = e.strip_prefix('-').unwrap_or(e);
    if !(digits(i) && digits(f) && digits(e)) {
        return None;
    }
    // SAFETY: a well-formed decimal number (checked above), which LLVM parses.
    Some(unsafe { ctx.f128_type().const_float_from_string(t) })
}
