//! gpuf's code generator: lowers the IR of `gpuf-lower` to LLVM and emits host objects and
//! device images (PTX text, AMDGPU relocatable objects).
//!
//! This is the only crate that uses inkwell / LLVM. It does no file I/O and spawns no
//! processes: every entry point returns bytes.

mod cabi;
mod devmath;
mod gen;

use gpuf_lower::ir::{Module, Target};
use inkwell::context::Context;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target as LlTarget, TargetMachine, TargetTriple};
use inkwell::OptimizationLevel;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

/// Code generation options.
#[derive(Clone, Debug)]
pub struct Options {
    /// 0..=3.
    pub opt_level: u8,
    /// e.g. `sm_80`.
    pub nvptx_arch: String,
    /// e.g. `gfx90a`.
    pub amdgcn_arch: String,
    /// The host CPU (`-march=`): an LLVM CPU name, or `native` for the build machine's;
    /// `None` is generic x86-64.
    pub host_cpu: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options { opt_level: 2, nvptx_arch: "sm_80".into(), amdgcn_arch: "gfx90a".into(), host_cpu: None }
    }
}

/// What to emit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    LlvmIr,
    Asm,
    Obj,
}

/// What the host object carries for the GPUs.
///
/// An object compiled by gpuf carries its device code as LLVM bitcode per GPU target
/// (`nvptx_bc`, `amdgcn_bc`) in the sections [`OFFLOAD_SECTION_NVPTX`] and
/// [`OFFLOAD_SECTION_AMDGCN`]; the final link combines the bitcode of all objects into one
/// image per target ([`link_device_bitcode`]) and adds [`images_object`], which registers
/// the images with the run time before `main`. `ptx`/`hsaco` embed finished images directly
/// and hand them to `gpuf_init` from `main` (used by tests).
#[derive(Clone, Debug, Default)]
pub struct DeviceImages {
    /// PTX text (embedded NUL-terminated).
    pub ptx: Option<Vec<u8>>,
    /// The linked HSA code object.
    pub hsaco: Option<Vec<u8>>,
    /// The NVIDIA device code of this object, LLVM bitcode.
    pub nvptx_bc: Option<Vec<u8>>,
    /// The AMD device code of this object, LLVM bitcode.
    pub amdgcn_bc: Option<Vec<u8>>,
}

/// The object sections holding device bitcode. Each holds records of
/// [`OFFLOAD_RECORD_MAGIC`], the length as a little-endian `u64`, the bitcode, and zero
/// padding to a multiple of 16 bytes, so that sections concatenated by `ld -r` still parse.
pub const OFFLOAD_SECTION_NVPTX: &str = ".gpuf_offload.nvptx";
pub const OFFLOAD_SECTION_AMDGCN: &str = ".gpuf_offload.amdgcn";
pub const OFFLOAD_RECORD_MAGIC: &[u8; 8] = b"GPUFBC01";

/// One offload-section record around `bitcode`.
pub fn offload_record(bitcode: &[u8]) -> Vec<u8> {
    let mut v = OFFLOAD_RECORD_MAGIC.to_vec();
    v.extend_from_slice(&(bitcode.len() as u64).to_le_bytes());
    v.extend_from_slice(bitcode);
    while !v.len().is_multiple_of(16) {
        v.push(0);
    }
    v
}

/// The bitcode modules in an offload section's contents (see [`offload_record`]).
pub fn offload_records(section: &[u8]) -> Result<Vec<&[u8]>, CodegenError> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < section.len() {
        let rest = section.get(i..).unwrap_or_default();
        if rest.iter().take(16).all(|&b| b == 0) && !rest.starts_with(OFFLOAD_RECORD_MAGIC) {
            i += 16.min(rest.len());
            continue;
        }
        if !rest.starts_with(OFFLOAD_RECORD_MAGIC) || rest.len() < 16 {
            return err("malformed gpuf offload section (no record header)");
        }
        let mut len = [0u8; 8];
        len.copy_from_slice(rest.get(8..16).unwrap_or(&[0; 8]));
        let n = u64::from_le_bytes(len) as usize;
        let Some(bc) = rest.get(16..16 + n) else { return err("malformed gpuf offload section (record past its end)") };
        out.push(bc);
        i += (16 + n).div_ceil(16) * 16;
    }
    Ok(out)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodegenError(pub String);

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "codegen: {}", self.0)
    }
}

impl std::error::Error for CodegenError {}

impl From<inkwell::builder::BuilderError> for CodegenError {
    fn from(e: inkwell::builder::BuilderError) -> CodegenError {
        CodegenError(format!("LLVM builder: {e}"))
    }
}

pub(crate) type R<T> = Result<T, CodegenError>;

pub(crate) fn err<T>(msg: impl Into<String>) -> R<T> {
    Err(CodegenError(msg.into()))
}

static TIMING: AtomicBool = AtomicBool::new(false);
static TIMES: Mutex<Vec<(String, Instant, Duration)>> = Mutex::new(Vec::new());

/// Records the wall time of each step of code generation (building the LLVM IR,
/// verification, optimisation, machine code, per target) for the driver's `-ftime-report`;
/// [`take_times`] returns them.
pub fn set_timing(on: bool) {
    TIMING.store(on, Ordering::Relaxed);
}

/// The steps timed since the last call: what, when it started, how long it took.
pub fn take_times() -> Vec<(String, Instant, Duration)> {
    TIMES.lock().map(|mut t| std::mem::take(&mut *t)).unwrap_or_default()
}

/// Runs `f`, recording its wall time as `what` when timing is on.
fn timed<T>(what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> T {
    if !TIMING.load(Ordering::Relaxed) {
        return f();
    }
    let start = Instant::now();
    let r = f();
    let d = start.elapsed();
    if let Ok(mut t) = TIMES.lock() {
        t.push((what(), start, d));
    }
    r
}

/// The LLVM target a module is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tgt {
    /// x86_64, host fallback or sim copy, or the host program.
    X86,
    Nvptx,
    Amdgcn,
}

impl Tgt {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Tgt::X86 => "x86_64",
            Tgt::Nvptx => "nvptx",
            Tgt::Amdgcn => "amdgcn",
        }
    }
    pub(crate) fn is_gpu(self) -> bool {
        self != Tgt::X86
    }
}

fn init_targets() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let c = InitializationConfig::default();
        LlTarget::initialize_x86(&c);
        LlTarget::initialize_nvptx(&c);
        LlTarget::initialize_amd_gpu(&c);
    });
}

fn ptx_features(arch: &str) -> &'static str {
    let n: u32 = arch.trim_start_matches("sm_").trim_end_matches(|c: char| c.is_ascii_alphabetic()).parse().unwrap_or(80);
    match n {
        0..=69 => "+ptx60",
        70..=72 => "+ptx61",
        73..=79 => "+ptx63",
        80 => "+ptx70",
        81..=86 => "+ptx71",
        87 => "+ptx74",
        _ => "+ptx78",
    }
}

fn opt_level(o: u8) -> OptimizationLevel {
    match o {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    }
}

pub(crate) fn target_machine(tgt: Tgt, opts: &Options) -> R<TargetMachine> {
    init_targets();
    let (triple, cpu, features, reloc) = match tgt {
        Tgt::X86 => {
            let (cpu, features) = match opts.host_cpu.as_deref() {
                None | Some("x86-64") => ("x86-64".to_string(), String::new()),
                Some("native") => (TargetMachine::get_host_cpu_name().to_string(), TargetMachine::get_host_cpu_features().to_string()),
                Some(c) => (c.to_string(), String::new()),
            };
            ("x86_64-unknown-linux-gnu", cpu, features, RelocMode::PIC)
        }
        Tgt::Nvptx => ("nvptx64-nvidia-cuda", opts.nvptx_arch.clone(), ptx_features(&opts.nvptx_arch).to_string(), RelocMode::Default),
        // gpuf assumes 64-lane wavefronts (Target::Amdgcn.warp_size()): force them on gfx10+.
        Tgt::Amdgcn => {
            let f = if opts.amdgcn_arch.starts_with("gfx1") { "+wavefrontsize64" } else { "" };
            ("amdgcn-amd-amdhsa", opts.amdgcn_arch.clone(), f.to_string(), RelocMode::PIC)
        }
    };
    let features = features.as_str();
    let triple = TargetTriple::create(triple);
    let t = LlTarget::from_triple(&triple).map_err(|e| CodegenError(format!("target {}: {e}", tgt.name())))?;
    t.create_target_machine(&triple, &cpu, features, opt_level(opts.opt_level), reloc, CodeModel::Default)
        .ok_or_else(|| CodegenError(format!("cannot create a target machine for {} (cpu `{cpu}`)", tgt.name())))
}

/// Basic blocks and instructions above which a host function is not optimised.
const HUGE_FN_BLOCKS: usize = 2_000;
const HUGE_FN_INSTRS: usize = 40_000;

/// Marks huge host functions `optnone`: LLVM's optimisers (dominator tree updates, GVN,
/// the SLP vectoriser) and register allocator take time that grows faster than linearly
/// with the length of one function (a `where` with 8,000 `elsewhere`s, tens of thousands
/// of statements in one unit), so such a function is compiled as at -O0 and compile time
/// stays linear in the program's length. Whether there was one.
fn skip_huge_functions(m: &inkwell::module::Module) -> bool {
    let ctx = m.get_context();
    let mut any = false;
    for f in m.get_functions() {
        let blocks = f.count_basic_blocks() as usize;
        if blocks == 0 {
            continue;
        }
        let mut instrs = 0;
        if blocks <= HUGE_FN_BLOCKS {
            for bb in f.get_basic_block_iter() {
                let mut i = bb.get_first_instruction();
                while let Some(x) = i {
                    instrs += 1;
                    i = x.get_next_instruction();
                }
            }
        }
        if blocks > HUGE_FN_BLOCKS || instrs > HUGE_FN_INSTRS {
            for a in ["optnone", "noinline"] {
                let kind = inkwell::attributes::Attribute::get_named_enum_kind_id(a);
                f.remove_enum_attribute(inkwell::attributes::AttributeLoc::Function, kind);
                f.add_attribute(inkwell::attributes::AttributeLoc::Function, ctx.create_enum_attribute(kind, 0));
            }
            let always = inkwell::attributes::Attribute::get_named_enum_kind_id("alwaysinline");
            f.remove_enum_attribute(inkwell::attributes::AttributeLoc::Function, always);
            any = true;
        }
    }
    any
}

/// LLVM's diagnostics while a module is optimised and emitted ([`finish`]): errors are
/// collected (the build fails with them), the remarks and "loop not vectorized" warnings
/// of `simd` loops whose vectorisation hint LLVM could not follow are dropped (the loop
/// runs as it is, as GCC's do without a message), other warnings are shown as LLVM
/// would show them.
extern "C" fn llvm_diagnostic(info: inkwell::llvm_sys::prelude::LLVMDiagnosticInfoRef, data: *mut std::ffi::c_void) {
    use inkwell::llvm_sys::core::{LLVMDisposeMessage, LLVMGetDiagInfoDescription, LLVMGetDiagInfoSeverity};
    use inkwell::llvm_sys::LLVMDiagnosticSeverity as S;
    // SAFETY: `data` is the `RefCell` that `finish` installed and keeps alive while LLVM
    // works in this context; `info` is valid during the call, and the description is a
    // message LLVM allocated for us.
    let (errors, severity, msg) = unsafe {
        let errors = &*(data as *const std::cell::RefCell<Vec<String>>);
        let p = LLVMGetDiagInfoDescription(info);
        let msg = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
        LLVMDisposeMessage(p);
        (errors, LLVMGetDiagInfoSeverity(info), msg)
    };
    match severity {
        S::LLVMDSError => errors.borrow_mut().push(msg),
        S::LLVMDSWarning if !msg.contains("loop not vectorized") => eprintln!("warning: {msg}"),
        _ => {}
    }
}

/// Verify, optimise and emit a finished module.
/// `what` names the module in `-ftime-report`.
fn finish(m: &inkwell::module::Module, tm: &TargetMachine, tgt: Tgt, opts: &Options, emit: Emit, what: &str) -> R<Vec<u8>> {
    use inkwell::llvm_sys::core::LLVMContextSetDiagnosticHandler;
    let errors = std::cell::RefCell::new(Vec::<String>::new());
    let ctx = m.get_context().raw();
    // SAFETY: the handler reads `errors`, which outlives its installation (removed below).
    unsafe { LLVMContextSetDiagnosticHandler(ctx, Some(llvm_diagnostic), &errors as *const _ as *mut std::ffi::c_void) };
    let r = finish_in(m, tm, tgt, opts, emit, what);
    // SAFETY: back to LLVM's own handler before `errors` goes away.
    unsafe { LLVMContextSetDiagnosticHandler(ctx, None, std::ptr::null_mut()) };
    let errors = errors.into_inner();
    if !errors.is_empty() {
        return err(format!("LLVM: {}", errors.join("; ")));
    }
    r
}

fn finish_in(m: &inkwell::module::Module, tm: &TargetMachine, tgt: Tgt, opts: &Options, emit: Emit, what: &str) -> R<Vec<u8>> {
    timed(|| format!("{what}: verify"), || m.verify())
        .map_err(|e| CodegenError(format!("LLVM module for {} does not verify: {}", tgt.name(), e.to_string())))?;
    // A huge host function is not optimised, and the module's machine code is generated
    // as at -O0 (the register allocator's memory and time, too, grow with the function).
    let mut fast_tm = None;
    if opts.opt_level > 0 {
        if tgt == Tgt::X86 && skip_huge_functions(m) {
            fast_tm = Some(target_machine(tgt, &Options { opt_level: 0, ..opts.clone() })?);
        }
        let o = opts.opt_level.min(3);
        let pbo = PassBuilderOptions::create();
        if tgt.is_gpu() {
            // Device code is not unrolled, as GCC's offload compilers do not at -O2: NVPTX
            // and AMDGPU otherwise unroll every loop with a run-time trip count by four
            // (plus a remainder loop), which multiplies kernels' code for little gain on
            // short device loops.
            pbo.set_loop_unrolling(false);
        }
        timed(|| format!("{what}: optimise (O{o})"), || m.run_passes(&format!("default<O{o}>"), tm, pbo))
            .map_err(|e| CodegenError(format!("optimisation passes failed: {}", e.to_string())))?;
    } else if tgt.is_gpu() {
        // Unoptimised device code still drops the procedures nothing calls: LLVM 19's AMDGPU
        // register usage analysis crashes on an internal function without callers (an
        // internal `!$acc routine` no kernel calls).
        timed(|| format!("{what}: drop unused functions"), || m.run_passes("globaldce", tm, PassBuilderOptions::create()))
            .map_err(|e| CodegenError(format!("optimisation passes failed: {}", e.to_string())))?;
    }
    let tm = fast_tm.as_ref().unwrap_or(tm);
    timed(
        || format!("{what}: machine code"),
        || match emit {
            Emit::LlvmIr => Ok(m.print_to_string().to_bytes().to_vec()),
            Emit::Asm => write(m, tm, FileType::Assembly),
            Emit::Obj if tgt == Tgt::Nvptx => write(m, tm, FileType::Assembly),
            Emit::Obj => write(m, tm, FileType::Object),
        },
    )
}

fn write(m: &inkwell::module::Module, tm: &TargetMachine, ft: FileType) -> R<Vec<u8>> {
    let buf = tm.write_to_memory_buffer(m, ft).map_err(|e| CodegenError(format!("LLVM code emission failed: {}", e.to_string())))?;
    Ok(buf.as_slice().to_vec())
}

/// The host object (x86_64-unknown-linux-gnu, PIC): `main`, the host-fallback copy of every
/// kernel taken from `host` (a Module after oacc-xform for Target::Host), the sim copy of
/// every kernel taken from `sim` (Target::Sim), one KernelInfo per kernel, and the embedded
/// device images.
pub fn compile_host(host: &Module, sim: &Module, images: &DeviceImages, opts: &Options, emit: Emit) -> Result<Vec<u8>, CodegenError> {
    if let Some(t) = host.target {
        if t != Target::Host {
            return err(format!("compile_host: the host module was specialised for {}", t.name()));
        }
    }
    if let Some(t) = sim.target {
        if t != Target::Sim {
            return err(format!("compile_host: the sim module was specialised for {}", t.name()));
        }
    }
    let tm = target_machine(Tgt::X86, opts)?;
    let ctx = Context::create();
    let m = timed(|| "x86_64 host+sim: LLVM IR".into(), || gen::build_host(&ctx, &tm, host, sim, images, false))?;
    finish(&m, &tm, Tgt::X86, opts, emit, "x86_64 host+sim")
}

/// [`compile_host`]'s object in two parts made at the same time on two threads (each with
/// its own LLVM context): the host code, and the sim copy of the kernels, whose symbols the
/// first one's kernel infos name; both must be linked (or `ld -r`-combined) together. The
/// second is None when the sim copy cannot be apart without changing its code (its kernels
/// call procedures of the file, or use variables only the host module can see; see
/// `gen::build_sim`), or when there are no kernels: the first is then [`compile_host`]'s
/// whole object.
pub fn compile_host_parts(
    host: &Module,
    sim: &Module,
    images: &DeviceImages,
    opts: &Options,
) -> Result<(Vec<u8>, Option<Vec<u8>>), CodegenError> {
    if host.target.is_some_and(|t| t != Target::Host) || sim.target.is_some_and(|t| t != Target::Sim) || sim.kernels.is_empty() {
        return compile_host(host, sim, images, opts, Emit::Obj).map(|o| (o, None));
    }
    std::thread::scope(|sc| {
        // Whether the sim copy is apart, known once its LLVM IR is built (before it is
        // optimised).
        let (apart_tx, apart_rx) = std::sync::mpsc::channel::<bool>();
        let sim_thread = sc.spawn(move || -> R<Option<Vec<u8>>> {
            let built = target_machine(Tgt::X86, opts).and_then(|tm| {
                let ctx = Context::create();
                let m = timed(|| "x86_64 sim: LLVM IR".into(), || gen::build_sim(&ctx, &tm, host, sim))?;
                let _ = apart_tx.send(m.is_some());
                m.map(|m| finish(&m, &tm, Tgt::X86, opts, Emit::Obj, "x86_64 sim")).transpose()
            });
            // An error before the answer: the host thread builds the whole object (and
            // meets the same error there).
            let _ = apart_tx.send(false);
            built
        });
        let apart = apart_rx.recv().unwrap_or(false);
        let host_obj = target_machine(Tgt::X86, opts).and_then(|tm| {
            let ctx = Context::create();
            let what = if apart { "x86_64 host" } else { "x86_64 host+sim" };
            let m = timed(|| format!("{what}: LLVM IR"), || gen::build_host(&ctx, &tm, host, sim, images, apart))?;
            finish(&m, &tm, Tgt::X86, opts, Emit::Obj, what)
        });
        let sim_obj = sim_thread.join().unwrap_or_else(|_| err("the sim copy's code generator panicked"));
        match (host_obj, apart) {
            (Ok(h), true) => Ok((h, Some(sim_obj?.ok_or_else(|| CodegenError("the sim copy's object is missing".into()))?))),
            (Ok(h), false) => Ok((h, None)),
            (Err(e), _) => Err(e),
        }
    })
}

/// The device code for Target::Nvptx (Asm = PTX text, Obj = PTX text too, LlvmIr = .ll
/// text) or Target::Amdgcn (Asm = GCN assembly text, Obj = ELF relocatable object that the
/// driver links with `ld.lld-19 -shared` into an HSA code object, LlvmIr = .ll).
pub fn compile_device(m: &Module, opts: &Options, emit: Emit) -> Result<Vec<u8>, CodegenError> {
    let tgt = match m.target {
        Some(Target::Nvptx) => Tgt::Nvptx,
        Some(Target::Amdgcn) => Tgt::Amdgcn,
        Some(t) => return err(format!("compile_device: module specialised for {}, not a GPU", t.name())),
        None => return err("compile_device: module not specialised by oacc-xform (target is None)"),
    };
    let tm = target_machine(tgt, opts)?;
    let ctx = Context::create();
    let lm = timed(|| format!("{}: LLVM IR", tgt.name()), || gen::build_device(&ctx, &tm, tgt, m))?;
    finish(&lm, &tm, tgt, opts, emit, tgt.name())
}

/// The device code of `m` (a module after oacc-xform for Target::Nvptx or Target::Amdgcn) as
/// LLVM bitcode, verified but not optimised: the final link optimises the whole image.
pub fn compile_device_bitcode(m: &Module, opts: &Options) -> Result<Vec<u8>, CodegenError> {
    let tgt = match m.target {
        Some(Target::Nvptx) => Tgt::Nvptx,
        Some(Target::Amdgcn) => Tgt::Amdgcn,
        _ => return err("compile_device_bitcode: not a GPU module"),
    };
    let tm = target_machine(tgt, opts)?;
    let ctx = Context::create();
    let lm = timed(|| format!("{}: LLVM IR", tgt.name()), || gen::build_device(&ctx, &tm, tgt, m))?;
    timed(|| format!("{}: verify", tgt.name()), || lm.verify())
        .map_err(|e| CodegenError(format!("LLVM module for {} does not verify: {}", tgt.name(), e.to_string())))?;
    Ok(timed(|| format!("{}: bitcode", tgt.name()), || lm.write_bitcode_to_memory().as_slice().to_vec()))
}

/// Links the device bitcode of every object of a program into one module for `target` and
/// emits it (PTX text for nvptx; for amdgcn a relocatable object the driver turns into an
/// HSA code object with `ld.lld`).
pub fn link_device_bitcode(parts: &[&[u8]], target: Target, opts: &Options, emit: Emit) -> Result<Vec<u8>, CodegenError> {
    let tgt = match target {
        Target::Nvptx => Tgt::Nvptx,
        Target::Amdgcn => Tgt::Amdgcn,
        t => return err(format!("link_device_bitcode: {} is not a GPU", t.name())),
    };
    let tm = target_machine(tgt, opts)?;
    let ctx = Context::create();
    let parse = |i: usize, bc: &[u8]| {
        let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(bc, &format!("gpuf.device.{i}"));
        inkwell::module::Module::parse_bitcode_from_buffer(&buf, &ctx)
            .map_err(|e| CodegenError(format!("device code of object {} for {} cannot be read: {}", i + 1, tgt.name(), e.to_string())))
    };
    let Some((first, rest)) = parts.split_first() else { return err("link_device_bitcode: no device code") };
    let m = timed(
        || format!("{} image: read and link bitcode", tgt.name()),
        || -> R<inkwell::module::Module> {
            let m = parse(0, first)?;
            for (i, bc) in rest.iter().enumerate() {
                let other = parse(i + 1, bc)?;
                m.link_in_module(other)
                    .map_err(|e| CodegenError(format!("linking the device code for {} failed: {}", tgt.name(), e.to_string())))?;
            }
            Ok(m)
        },
    )?;
    gen::setup_module(&m, &tm);
    finish(&m, &tm, tgt, opts, emit, &format!("{} image", tgt.name()))
}

/// An x86_64 object that embeds the program's device images and registers them with the run
/// time before `main` (a constructor calling `gpuf_register_images`).
pub fn images_object(images: &DeviceImages, opts: &Options) -> Result<Vec<u8>, CodegenError> {
    let tm = target_machine(Tgt::X86, opts)?;
    let ctx = Context::create();
    let m = gen::build_images_object(&ctx, &tm, images)?;
    finish(&m, &tm, Tgt::X86, opts, Emit::Obj, "images object")
}

/// Testing aid: an x86_64 object exporting the device math functions (`gpuf_devmath_exp_f64`,
/// `gpuf_devmath_sin_f32`, ...) so that tests can compare them with libm on the host.
#[doc(hidden)]
pub fn devmath_test_object(opts: &Options) -> Result<Vec<u8>, CodegenError> {
    let tm = target_machine(Tgt::X86, opts)?;
    let ctx = Context::create();
    let m = gen::build_devmath_test(&ctx, &tm)?;
    finish(&m, &tm, Tgt::X86, opts, Emit::Obj, "devmath")
}
