//! gimplify: the checked AST to IR.
//!
//! Expressions become three-address statements over explicit temporaries; arrays become
//! descriptors (a data pointer plus a lower bound and an extent per dimension, all scalar
//! variables) and element accesses become address arithmetic; whole-array and section
//! expressions are scalarised into loops. For OpenACC, the implicit data attributes of
//! every compute construct are made explicit ([`OffloadRegion::maps`] and
//! [`OffloadRegion::captures`]): arrays default to `copy`, scalars to `firstprivate` in
//! `parallel`/`serial` and to `copy` when assigned in `kernels`; loop variables, `private`
//! variables and reduction locals get fresh variables.
//!
//! Scalars that must have an address (those in data clauses, construct-level reductions,
//! assigned in `kernels`) live in memory for the whole program ("memory scalars").

use crate::ir::{self, *};
use gpuf_frontend::ast::{self, Arg, BaseTy, ClauseKind, DimSpec, Expr, ExprKind, Intrinsic, StmtKind};
use gpuf_frontend::ast::{CtorItem, IntrinsicSub, IoUnit, UnitKind};
use gpuf_frontend::sema::{Checked, Procs, Symbols};
use gpuf_frontend::text::raw_len;
use gpuf_frontend::{Diagnostic, Span};
use std::collections::{BTreeMap, BTreeSet, HashMap};

mod alloc;
mod arrayfn;
mod arrays;
mod assign;
mod assumed;
mod bits;
mod calls;
mod chars;
mod checks;
mod complex;
mod constructs;
mod dataflow;
mod depend;
mod derived;
mod device_type;
mod elemental;
mod exprs;
mod finalize;
mod frames;
mod globals;
mod host_omp;
mod intrinsics;
mod io;
mod model;
mod offload_atomic;
mod offload_data;
mod offload_loop;
mod offload_omp;
mod offload_region;
mod pointers;
mod poly_arrays;
mod polymorph;
mod stmts;
mod storage;
mod tile;
mod transform;
mod units;

use assign::mentions;
pub use dataflow::{defs, rv_ops, uses};
use frames::{thunk, thunk_frame_global};
use globals::mark_external_globals;
use offload_data::{assigned, deviceptr_names, map_clause, memory_scalars};
use offload_loop::red_op;
use units::const_value;

/// How a Fortran name is stored.
/// A thread-private array's stack block: its pointer variable, its size in bytes, and the
/// descriptor variables set to constants with it.
type PrivAlloca = (VarId, u64, Vec<(VarId, i64)>);

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

/// The body of a `simd` loop lowered to SIMT (see `G::simt_body`).
#[derive(Clone)]
struct SimtBody {
    /// The depths of `G::loops` and `G::blocks` in its (innermost collapsed) body.
    loops: usize,
    blocks: usize,
    /// The loop is partitioned over lanes only (not a composite `do simd`).
    lanes_only: bool,
    /// Variables made before the loop's body (`VarId`s below) that are not the loop's own
    /// (private copies, reduction locals, its variable) are the region's, one per thread.
    first_var: u32,
    own: Vec<VarId>,
}

/// The copy-out of `lastprivate` items: in the innermost of `remaining + 1` collapsed loops,
/// when every loop variable has its last value, the private copies are copied to the
/// originals (a loop variable of the nest gets its value after the sequential loop).
struct LastPrivate {
    remaining: u32,
    /// The nest's loops: variable name and register, type, last value, step (computed
    /// where the loop starts; the comparisons are made in the innermost body, since
    /// omp-expand hoists what precedes a collapsed inner loop).
    loops: Vec<(String, VarId, Ty, Op, Op)>,
    /// Name, private copy, original, where the clause names it.
    copies: Vec<(String, Home, Home, Span)>,
    /// The nest is an OpenMP `simd` loop lowered to SIMT: scalar items are copied out after
    /// the loop from the lane that ran the last iteration ([`Simt`]).
    simt: bool,
}

/// Variables with the variables holding copies of their values (`(variable, copy)`).
type VarCopies = Vec<(VarId, VarId)>;

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
        BaseTy::Integer(16) => Ty::I128,
        BaseTy::Integer(_) | BaseTy::Logical(_) => Ty::I32,
        BaseTy::Real(8) => Ty::F64,
        BaseTy::Real(16) | BaseTy::Complex(16) => Ty::F128,
        BaseTy::Real(_) => Ty::F32,
        BaseTy::Character => Ty::Ptr,
        // The type of each part (see `gimplify/complex.rs`).
        BaseTy::Complex(8) => Ty::F64,
        BaseTy::Complex(_) => Ty::F32,
        // The value of a derived-type expression is the address of its bytes.
        BaseTy::Derived(_) => Ty::Ptr,
    }
}

/// The type of a value of base type `b` in memory: `integer(1)` and `integer(2)` (and
/// `logical(1)`, `logical(2)`) take one and two bytes there, and are `I32` values in registers (see `G::load_as`, `G::store_as`).
pub fn mem_ty(b: BaseTy) -> Ty {
    match b {
        BaseTy::Integer(1) | BaseTy::Logical(1) => Ty::I8,
        BaseTy::Integer(2) | BaseTy::Logical(2) => Ty::I16,
        // `logical(8)`: computed on as `I32` (its values are 0 and 1).
        BaseTy::Logical(8) => Ty::I64,
        _ => ir_ty(b),
    }
}

/// The context of the offload region (OpenACC compute construct) being gimplified.
struct RegionCtx {
    kind: RegionKind,
    /// Levels used by enclosing partitioned loops.
    levels: Levels,
    /// Per-gang scratch memory for private arrays: the kernel's base pointer variable and
    /// the host's descriptor of the array.
    scratch: Vec<(VarId, Desc)>,
    /// Thread-private arrays of the partitioned loop being entered: their pointer
    /// variables and sizes, given a stack block ([`Rv::Alloca`]) at the start of the body
    /// of the innermost loop the loop collapses (the count of loops still to enter), with
    /// the constant bounds and extents the copy's descriptor variables take there.
    allocas: Option<(u32, Vec<PrivAlloca>)>,
    /// Allocatable and pointer components the body references through a path of scalar
    /// structures (`f%v`, `a%c%d`): mapped implicitly, with their structure's device copy
    /// attached to them, so the kernel reads the device copy of the data.
    members: Vec<Expr>,
    /// How many `do` loops enclosed the construct (`G::do_vars`): the variables of the
    /// loops after them are the construct's own, private to each thread.
    do_depth: usize,
    /// `num_gangs(n1, n2[, n3])`: the sizes, evaluated on the host before the construct
    /// (`I32` temporaries, 1 for a missing one); empty for one dimension.
    gang_dims: Vec<Op>,
    /// OpenMP's team size (`num_threads`, `thread_limit`, `if(parallel: c)`) and
    /// `thread_limit`, evaluated on the host before the region (see [`PartLoop::threads`]).
    threads: Option<Op>,
    thread_limit: Option<Op>,
    /// A combined construct (`parallel loop`, `target teams distribute parallel do`): its
    /// body is the loop, no statement follows it.
    combined: bool,
    /// The assignments of a variable's value after a partitioned loop of the body (the
    /// variable, the temporaries computing the value): dropped when nothing reads the
    /// variable.
    after_loop: Vec<(VarId, Vec<VarId>)>,
}

/// A loop of a collapsed nest: its variable, the variable's type, first value, last
/// value and step.
type NestLoop = (VarId, Ty, Op, Op, Op);

struct G<'a> {
    f: Function,
    /// Every checked unit of the file (callees' declarations, e.g. result lengths).
    units: &'a [gpuf_frontend::sema::CheckedUnit],
    syms: &'a Symbols,
    procs: &'a Procs,
    unit: &'a ast::Unit,
    /// The unit's index in `units` (`unit` may be a rewritten copy of that unit).
    unit_idx: usize,
    /// Variables with static storage so far (the module's).
    globals: Vec<Global>,
    /// Common blocks and equivalence storage (moved in per unit like `globals`).
    storage: Vec<Storage>,
    src: &'a str,
    homes: BTreeMap<String, Home>,
    /// Scoped replacements of a name (privates, reduction locals, loop variables).
    overrides: Vec<HashMap<String, Home>>,
    /// The unit's OpenMP `threadprivate` variables: name, thread-local global, type.
    tls: Vec<(String, String, BaseTy)>,
    loops: Vec<(Option<String>, LoopId)>,
    /// The variables of the enclosing `do` loops (which their bodies cannot define).
    do_vars: Vec<String>,
    /// `lastprivate` copies for the partitioned loop being lowered: see [`LastPrivate`].
    last_private: Option<LastPrivate>,
    /// The scalar `lastprivate` copy-out of a SIMT loop's nest ([`Simt::last_vars`],
    /// [`Simt::last_copy`]), made in its innermost loop and taken by the SIMT loop.
    simt_last: Option<(Vec<VarId>, Vec<Stmt>)>,
    /// In the body of a `simd` loop lowered to SIMT: where an `ordered` construct may be
    /// (see `offload_loop::simt_ordered`).
    simt_body: Option<SimtBody>,
    /// The `linear` items of the partitioned loop being lowered: private copy, its value
    /// before the loop, step (in the copy's type); see `offload_loop::acc_loop`.
    linear: Vec<(VarId, Op, Op)>,
    /// In a collapsed nest with `linear` items: how many of its loops are still to come,
    /// and the variable, type, first value, last value and step of each loop around; the
    /// innermost loop sets the items (from all of them: omp-expand hoists what the outer
    /// bodies compute before the inner loops out of the flattened nest).
    linear_nest: Option<(u32, Vec<NestLoop>)>,
    /// Arrays reduced by an enclosing OpenACC `reduction` (whole arrays, elements and
    /// sections): each assignment to one of their elements is an atomic update of the
    /// shared array, which combines every thread's contributions as scalar reductions would.
    red_arrays: Vec<String>,
    /// Named `if`, `select case` and `block` constructs that `exit name` may leave.
    named: Vec<(String, LoopId)>,
    /// Temporary character buffers of the statement being lowered, freed after it.
    str_temps: Vec<VarId>,
    /// Temporaries among `str_temps` holding structures of a type with allocatable
    /// components (function results, structure constructors): the components are freed
    /// with them.
    temp_comps: Vec<(VarId, u16)>,
    /// Temporaries among `str_temps` holding the class containers of polymorphic function
    /// results (declared type): the object is freed with them, by its dynamic type.
    class_temps: Vec<(VarId, u16)>,
    /// Temporaries among `str_temps` holding the class containers of polymorphic array
    /// function results (the name they are homed under, declared type): their elements
    /// are freed with them, by their dynamic type.
    class_arr_temps: Vec<(VarId, String, u16)>,
    /// The references (by the address of their expression) already evaluated into
    /// `class_arr_temps`, so that an inquiry and a use of the same reference call once.
    class_arr_calls: Vec<(usize, String)>,
    /// How deep the inline frees and copies of polymorphic scalar components are nested
    /// (each level an `if` chain over the dynamic types): bounded, as a `class(*)` one's
    /// dynamic type may be any type, the enclosing one too.
    class_comp_depth: u32,
    blocks: Vec<Vec<Stmt>>,
    diags: Vec<Diagnostic>,
    region: Option<RegionCtx>,
    /// The unit is an `!$acc routine` of level `vector`, `worker` or `gang`: the levels its
    /// orphaned loops may partition (its body is gimplified as a `parallel` construct's,
    /// the levels above its own taken by its callers).
    routine_levels: Option<Levels>,
    /// Inside the parts of a split `kernels` construct (its `serial` parts included: their
    /// loops get the dependence test's verdict in the report).
    in_kernels: bool,
    /// The `if` condition of the split `kernels` construct being lowered, evaluated once
    /// before its parts: each part's launch and the data region around them use it.
    kernels_if: Option<Op>,
    /// The loop directives at the top level of the current `kernels` kernel: an `auto`
    /// loop proved independent is partitioned there or inside a gang loop, never inside
    /// a sequential loop of the kernel (its gangs would not wait for each other between
    /// two of its iterations).
    kernels_top: Vec<Span>,
    /// While an OpenACC construct with `device_type` groups is lowered for some kinds of
    /// device: their names, for the report (`device_type.rs`).
    dt_view: Option<String>,
    /// With `dt_view`: the targets (in `Target::ALL` order) whose devices launch this lowering.
    dt_devices: Option<[bool; 4]>,
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
    /// Allocatable array dummies: the parameter holding the address of the caller's
    /// gfortran descriptor, and the unit's descriptor variables (loaded on entry and after
    /// calls, written back when the array is (re)allocated, like `global_descs`).
    dummy_descs: Vec<(VarId, Desc)>,
    /// The assumed-shape dummies of the unit and the variables holding the addresses of
    /// the descriptors their callers passed (for `is_contiguous`, which answers for the
    /// actual argument, not for gimplify's packed copy).
    assumed_descs: HashMap<String, VarId>,
    /// Local structures (scalars and arrays) of a procedure whose allocatable components
    /// are deallocated on return, before `frees` releases the structures themselves.
    comp_frees: Vec<(Desc, u16)>,
    /// Allocatable arrays passed to allocatable dummies in the call being built: the
    /// temporary gfortran descriptor and the array's name, reloaded after the call.
    arg_reloads: Vec<(Op, String)>,
    /// Module, saved and dummy scalar pointers: where the address lives (a global, or
    /// the caller's pointer for a dummy: gfortran's layout) and the unit's variable of it
    /// (written back on change, reloaded after calls like `global_descs`).
    global_ptrs: Vec<(pointers::PtrSlot, VarId)>,
    /// Array pointers (by their descriptor's data-address variable): the variables of the
    /// distance in elements between neighbours along each dimension, so that a pointer
    /// can point to a strided section; other arrays are contiguous, column-major.
    ptr_sm: HashMap<VarId, Vec<VarId>>,
    /// Array pointer dummies: the parameter holding the address of the caller's gfortran
    /// descriptor and the unit's descriptor of it (written back on change, reloaded after
    /// calls).
    ptr_descs: Vec<(VarId, Desc)>,
    /// The `local_init` pointers of the `do concurrent` being lowered: each one's name and
    /// its association variables with their copies from before the construct.
    forall_ptrs: Vec<(String, VarCopies)>,
    /// Its scalar structures with allocatable components: address, outer value's copy,
    /// size, type, `local_init`.
    forall_structs: Vec<(Op, Op, Op, u16, bool)>,
    /// Data pointers of a procedure's local arrays, freed at every return.
    frees: Vec<VarId>,
    /// Polymorphic allocatable locals (data address, container, declared type), freed
    /// with their dynamic type's allocatable components at every return.
    class_frees: Vec<(VarId, VarId, u16)>,

    /// Scalars that live in memory because a directive needs their address.
    mem_names: BTreeSet<String>,
    /// Arrays of the `deviceptr` clauses of the enclosing data constructs: their addresses
    /// are device addresses, passed to kernels as they are.
    devptrs: BTreeSet<String>,
    /// The names in the data clauses of the enclosing data constructs and of the `kernels`
    /// construct being split into kernels (`default(none)` accepts them).
    enclosing_named: BTreeSet<String>,
    /// The `if` and `do` statements of a split `kernels` construct that run on the host
    /// around the part being lowered ([`OffloadRegion::hosted`]).
    hosted: Vec<String>,
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
    /// The class containers of the unit's polymorphic (`class`) dummies, by name.
    class_conts: HashMap<String, VarId>,
    /// Polymorphic arrays (see `poly_arrays.rs`): by their descriptor's data-address
    /// variable, the variable holding the dynamic type's element size (`_vptr->_size`).
    class_esize: HashMap<VarId, VarId>,
    /// Polymorphic arrays by name: the variable holding the address of the class
    /// container whose `_vptr` is their dynamic type's vtab.
    class_arrs: HashMap<String, VarId>,
    /// Polymorphic allocatable arrays: container, element-size variable, rank and whether
    /// it is `class(*)` (`_len` counts), the size reloaded from `_vptr` after calls (which
    /// may reallocate them).
    class_alloc_arrs: Vec<(VarId, VarId, i64, bool)>,
    /// Deferred-length `character` allocatable dummies: the parameters holding the
    /// addresses of the caller's data pointer and length, and the unit's variables of them
    /// (written back on change, reloaded after calls).
    deferred_chars: Vec<(VarId, VarId, VarId, VarId)>,
    /// Polymorphic allocatable local arrays (name, declared type), freed at every return.
    class_array_frees: Vec<(String, u16)>,
    /// Host-frame globals set for a call that passes internal procedures, with the
    /// values to restore after it.
    frame_restores: Vec<(String, VarId)>,
    /// Copy-back of packed assumed-shape dummies, run at every return (see `assumed.rs`).
    unpacks: Vec<Stmt>,
    /// Temporaries holding the values of the open `associate` constructs' expression
    /// selectors, freed at the end of each construct.
    assoc_frees: Vec<Vec<VarId>>,
    /// Statements to run after the call being lowered (descriptors and packed sections
    /// to free), from a mark taken before its arguments.
    call_after: Vec<Stmt>,
    /// The shapes of the array-valued function references in `mats`.
    mat_shapes: HashMap<usize, Vec<Op>>,
    /// The derived types (indexed by `BaseTy::Derived`).
    types: &'a [gpuf_frontend::sema::TypeInfo],
    /// The data exits of a procedure's `!$acc declare` directives, run at every return.
    declare_exits: Vec<Stmt>,
    /// A module whose variables' initial values are stored at run time, by a
    /// constructor of the module's object (`G::static_init`).
    module_init: bool,
}

/// The levels a routine of level `level` (`ROUTINE_VECTOR` ... `ROUTINE_GANG`) partitions
/// its loops over: its own and those below.
pub fn routine_levels(level: u8) -> Levels {
    match level {
        3 => Levels(0b111),
        2 => Levels(0b110),
        _ => Levels(0b100),
    }
}

/// The bit of `gpuf_omp_requires`'s argument for `requires unified_shared_memory`.
const REQUIRES_USM: i32 = 1;

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
        storage: Vec::new(),
        vtabs: Vec::new(),
        kernels: Vec::new(),
        routines: Vec::new(),
        par_routines: Vec::new(),
        routine_binds: Vec::new(),
        target: None,
    };
    // With the symbols `bind` clauses name: device code calls them.
    module.routines = c
        .procs
        .map
        .values()
        .filter(|p| p.routine)
        .flat_map(|p| std::iter::once(p.link_name.clone()).chain(p.routine_bind.iter().flatten().cloned()))
        .collect();
    // A routine with device copies of its own (`routine_twin`): the host device's kernels
    // call `gpuf_host.NAME`, the sim device's `gpuf_sim.NAME` (a leveled routine's sim copy,
    // which its calls already reach); oacc-xform makes them.
    module.routine_binds = c
        .procs
        .map
        .values()
        .filter(|p| p.routine && (p.routine_bind.iter().any(Option::is_some) || p.routine_twin))
        .map(|p| {
            let mut b = p.routine_bind.clone();
            if p.routine_twin {
                b[0] = b[0].take().or_else(|| Some(host_twin_name(&p.link_name)));
                if p.routine_level == 0 {
                    b[1] = b[1].take().or_else(|| Some(sim_copy_name(&p.link_name)));
                }
            }
            (p.link_name.clone(), b)
        })
        .collect();
    module.routine_binds.sort();
    module.routine_binds.dedup();
    module.routines.sort();
    module.routines.dedup();
    module.par_routines = c
        .procs
        .map
        .values()
        .filter(|p| p.routine && p.routine_level > 0)
        .map(|p| (p.link_name.clone(), routine_levels(p.routine_level)))
        .collect();
    module.par_routines.sort_by(|a, b| a.0.cmp(&b.0));
    module.par_routines.dedup();
    let mut thunks: Vec<String> = Vec::new();
    let mut diags = Vec::new();
    for (unit_idx, cu) in c.units.iter().enumerate() {
        // OpenMP directives become the neutral offload constructs (`offload_omp`).
        let rewritten = offload_omp::omp_to_offload(&cu.unit.body, &mut diags).map(|body| ast::Unit { body, ..cu.unit.clone() });
        let u = rewritten.as_ref().unwrap_or(&cu.unit);
        let name = match u.kind {
            UnitKind::Program => "main".to_string(),
            UnitKind::Module => format!("{}.module", u.name.name),
            _ => {
                let key = cu.key.clone().unwrap_or_else(|| u.name.name.clone());
                c.procs.map.get(&key).map_or_else(|| format!("{}_", u.name.name), |p| p.link_name.clone())
            }
        };
        let par_routine = module.par_routines.iter().any(|(n, _)| *n == name);
        let mem = memory_scalars(u, &cu.symbols, par_routine);
        let parts = (std::mem::take(&mut module.globals), std::mem::take(&mut module.storage));
        let mut g = G::new(c, (unit_idx, &cu.symbols), u, name, mem.clone(), src, opts, parts);
        g.declare(&mem);
        g.acc_declares();
        if !matches!(u.kind, UnitKind::Module | UnitKind::BlockData) {
            // A routine with partitioned loops: its body as a `parallel` construct's, the
            // levels above the routine's taken (by its callers).
            let levels = module.par_routines.iter().find(|(n, _)| *n == g.f.name).map(|(_, l)| *l);
            if let Some(l) = levels {
                g.routine_levels = Some(l);
                g.region = Some(RegionCtx {
                    kind: RegionKind::Parallel,
                    levels: Levels(0b111 & !l.0),
                    scratch: Vec::new(),
                    allocas: None,
                    members: Vec::new(),
                    do_depth: 0,
                    gang_dims: Vec::new(),
                    threads: None,
                    thread_limit: None,
                    combined: false,
                    after_loop: Vec::new(),
                });
            }
            g.stmts(&u.body);
            g.region = None;
            g.ret();
        } else if !u.declares.is_empty() {
            g.ret();
        }
        module.globals = std::mem::take(&mut g.globals);
        module.storage = std::mem::take(&mut g.storage);
        for t in std::mem::take(&mut g.thunks) {
            if !thunks.contains(&t) {
                thunks.push(t);
            }
        }
        // (A module's variable is declared in every unit that uses it: one report.)
        for d in g.diags.drain(..) {
            if !diags.iter().any(|x: &Diagnostic| x.span == d.span && x.message == d.message) {
                diags.push(d);
            }
        }
        if u.requires_usm {
            // `requires unified_shared_memory`: the run time learns it before `main` runs,
            // from whichever object holds the unit.
            let mut r = Function::new(format!("gpuf.omp_requires.{}", g.f.name));
            r.body = vec![Stmt::Call("gpuf_omp_requires".into(), vec![Op::I32(REQUIRES_USM)]), Stmt::Return];
            r.ctor = true;
            r.local = true;
            module.procs.push(r);
        }
        let module_init = g.module_init;
        let mut f = g.f;
        f.body = g.blocks.pop().unwrap_or_default();
        match u.kind {
            UnitKind::Program => module.main = f,
            // A module's `!$acc declare` items, registered before `main` runs, and the
            // initial values of its variables that have no constant bytes.
            UnitKind::Module if !u.declares.is_empty() || module_init => {
                let what = if u.declares.is_empty() { "module_init" } else { "acc_declare" };
                f.name = format!("gpuf.{what}.{}", u.name.name);
                f.ctor = true;
                module.procs.push(f);
            }
            UnitKind::Module | UnitKind::BlockData => {}
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
    // The `_copy` and `_final` procedures of the vtabs.
    if let Some(cu) = c.units.first() {
        // A procedure of its own, gimplified by `body` in the first unit's scope.
        let add = |module: &mut Module, name: String, local: bool, body: &dyn Fn(&mut G)| {
            let parts = (std::mem::take(&mut module.globals), std::mem::take(&mut module.storage));
            let mut g = G::new(c, (0, &cu.symbols), &cu.unit, name, BTreeSet::new(), src, opts, parts);
            body(&mut g);
            module.globals = std::mem::take(&mut g.globals);
            module.storage = std::mem::take(&mut g.storage);
            let mut f = g.f;
            f.body = g.blocks.pop().unwrap_or_default();
            f.local = local;
            module.procs.push(f);
        };
        for k in polymorph::vtab_types(c) {
            let Some(t) = c.types.get(k as usize).filter(|t| !t.is_abstract) else { continue };
            add(&mut module, polymorph::copy_name(t), t.module.is_none(), &|g| g.copy_proc(k));
        }
        for k in polymorph::vtab_types(c).into_iter().filter(|&k| polymorph::has_final_wrapper(&c.types, k)) {
            let Some(t) = c.types.get(k as usize) else { continue };
            add(&mut module, polymorph::final_name(t), t.module.is_none(), &|g| g.final_proc_body(k));
        }
        for &b in polymorph::intrinsic_vtab_types(c) {
            add(&mut module, polymorph::intrinsic_copy_name(b), true, &|g| g.intrinsic_copy_proc(b));
        }
    }
    // gfortran's default initialisation object of each type with a vtab (its `_def_init`,
    // which gfortran's code copies into `intent(out)` polymorphic dummies), laid out in
    // the scope of the unit that defines the type.
    let mut def_inits = BTreeSet::new();
    for k in polymorph::vtab_types(c) {
        let Some(t) = c.types.get(k as usize).filter(|t| t.size > 0) else { continue };
        let ui = c.units.iter().position(|u| u.unit.name.name == t.scope).unwrap_or(0);
        let Some(cu) = c.units.get(ui) else { continue };
        let parts = (std::mem::take(&mut module.globals), std::mem::take(&mut module.storage));
        let mut g = G::new(c, (ui, &cu.symbols), &cu.unit, String::new(), BTreeSet::new(), src, opts, parts);
        if let Some(bytes) = g.struct_bytes(k, 0) {
            let set = bytes.iter().any(|b| *b != 0);
            g.storage.push(Storage {
                name: polymorph::def_init_name(t),
                size: t.size,
                align: t.align.max(1) as u32,
                init: set.then_some(bytes),
                local: t.module.is_none(),
                object: true,
                constant: set,
                external: false,
            });
            def_inits.insert(k);
        }
        module.globals = std::mem::take(&mut g.globals);
        module.storage = std::mem::take(&mut g.storage);
    }
    mark_external_globals(c, &mut module);
    module.vtabs = polymorph::vtabs(c, &def_inits);
    Ok(module)
}

impl<'a> G<'a> {
    /// The state for gimplifying unit `unit_idx` (`u`, possibly a rewritten copy of it)
    /// into the function `name`.
    #[allow(clippy::too_many_arguments)]
    fn new(
        c: &'a Checked,
        (unit_idx, syms): (usize, &'a Symbols),
        u: &'a ast::Unit,
        name: String,
        mem: BTreeSet<String>,
        src: &'a str,
        opts: &'a super::Options,
        (globals, storage): (Vec<Global>, Vec<Storage>),
    ) -> G<'a> {
        G {
            f: Function::new(name),
            units: &c.units,
            syms,
            procs: &c.procs,
            unit: u,
            unit_idx,
            src,
            homes: BTreeMap::new(),
            overrides: Vec::new(),
            tls: Vec::new(),
            loops: Vec::new(),
            do_vars: Vec::new(),
            last_private: None,
            simt_last: None,
            simt_body: None,
            linear: Vec::new(),
            linear_nest: None,
            red_arrays: Vec::new(),
            named: Vec::new(),
            str_temps: Vec::new(),
            temp_comps: Vec::new(),
            class_temps: Vec::new(),
            class_arr_temps: Vec::new(),
            class_arr_calls: Vec::new(),
            class_comp_depth: 0,
            blocks: vec![Vec::new()],
            diags: Vec::new(),
            region: None,
            routine_levels: None,
            in_kernels: false,
            kernels_if: None,
            kernels_top: Vec::new(),
            dt_view: None,
            dt_devices: None,
            host_vars: Vec::new(),
            frame: None,
            frame_back: Vec::new(),
            global_descs: Vec::new(),
            dummy_descs: Vec::new(),
            assumed_descs: HashMap::new(),
            comp_frees: Vec::new(),
            arg_reloads: Vec::new(),
            global_ptrs: Vec::new(),
            ptr_sm: HashMap::new(),
            ptr_descs: Vec::new(),
            forall_ptrs: Vec::new(),
            forall_structs: Vec::new(),
            thunks: Vec::new(),
            class_conts: HashMap::new(),
            class_esize: HashMap::new(),
            class_arrs: HashMap::new(),
            class_alloc_arrs: Vec::new(),
            deferred_chars: Vec::new(),
            class_array_frees: Vec::new(),
            frame_restores: Vec::new(),
            frees: Vec::new(),
            class_frees: Vec::new(),

            mem_names: mem.clone(),
            devptrs: BTreeSet::new(),
            enclosing_named: BTreeSet::new(),
            hosted: Vec::new(),
            result_mem: None,
            mats: HashMap::new(),
            mat_frees: Vec::new(),
            unpacks: Vec::new(),
            assoc_frees: Vec::new(),
            call_after: Vec::new(),
            mat_shapes: HashMap::new(),
            globals,
            storage,
            types: &c.types,
            opts,
            declare_exits: Vec::new(),
            module_init: false,
        }
    }
}

impl<'a> G<'a> {
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

    /// The line of a source position in its original file (see [`Self::src_file`]).
    fn line(&self, sp: Span) -> u32 {
        match &self.opts.source_map {
            Some(m) => m.locate(sp.lo as usize).1 as u32,
            None => gpuf_frontend::diag::line_col(self.src, sp.lo as usize).0 as u32,
        }
    }

    /// The file of a source position for run-time messages: the source file as named on the
    /// command line, or the included file the position lies in (as gfortran names them).
    fn src_file(&self, sp: Span) -> String {
        match &self.opts.source_map {
            Some(m) => {
                let path = m.locate(sp.lo as usize).0;
                if path == m.main_path() {
                    self.opts.source_path.clone()
                } else {
                    path
                }
            }
            None => self.opts.source_path.clone(),
        }
    }

    /// The unit is an `!$acc routine` procedure (compiled for the host and the devices).
    fn in_routine(&self) -> bool {
        self.procs.map.get(&self.f.name).or_else(|| self.procs.map.values().find(|p| p.link_name == self.f.name)).is_some_and(|p| p.routine)
    }

    fn not_yet(&mut self, what: impl AsRef<str>, sp: Span) {
        self.diags.push(Diagnostic::not_yet(what, sp));
    }

    fn lookup(&self, name: &str) -> Option<Home> {
        for scope in self.overrides.iter().rev() {
            if let Some(h) = scope.get(name) {
                return Some(h.clone());
            }
        }
        self.homes.get(name).cloned()
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
            return Op::I32(match mt {
                Ty::I8 => c as i8 as i32,
                Ty::I16 => c as i16 as i32,
                _ => c,
            });
        }
        let n = self.val(mt, Rv::Cast(mt, v));
        self.val(Ty::I32, Rv::Cast(Ty::I32, n))
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

/// The identity element of a reduction operator.
pub fn identity(op: RedOp, ty: Ty) -> Op {
    match (op, ty) {
        (RedOp::Add | RedOp::Or | RedOp::Xor, t) => zero_of(t),
        (RedOp::Mul, Ty::I64) => Op::I64(1),
        (RedOp::Mul, Ty::F32) => Op::F32(1.0),
        (RedOp::Mul, Ty::F64) => Op::F64(1.0),
        (RedOp::Mul, Ty::F128) => Op::F128("1.0e0".into()),
        (RedOp::Max, Ty::F128) => Op::F128(format!("-{QUAD_HUGE}")),
        (RedOp::Min, Ty::F128) => Op::F128(QUAD_HUGE.into()),
        (RedOp::Mul | RedOp::Eqv, _) => Op::I32(1),
        (RedOp::Max, Ty::I64) => Op::I64(i64::MIN),
        (RedOp::Max, Ty::F32) => Op::F32(f32::NEG_INFINITY),
        (RedOp::Max, Ty::F64) => Op::F64(f64::NEG_INFINITY),
        (RedOp::Max, _) => Op::I32(i32::MIN),
        (RedOp::Min, Ty::I64) => Op::I64(i64::MAX),
        (RedOp::Min, Ty::F32) => Op::F32(f32::INFINITY),
        (RedOp::Min, Ty::F64) => Op::F64(f64::INFINITY),
        (RedOp::Min, _) => Op::I32(i32::MAX),
        (RedOp::And, Ty::I64) => Op::I64(-1),
        (RedOp::And, _) => Op::I32(-1),
    }
}

/// `huge(0.0_16)` as the text of a `real(16)` constant.
pub const QUAD_HUGE: &str = "1.18973149535723176508575932662800702e4932";

pub fn zero_of(t: Ty) -> Op {
    match t {
        Ty::F128 => Op::F128("0.0e0".into()),
        Ty::I32 => Op::I32(0),
        Ty::I64 => Op::I64(0),
        Ty::I128 => Op::I128(0),
        Ty::F32 => Op::F32(0.0),
        Ty::F64 => Op::F64(0.0),
        Ty::Ptr => Op::Null,
        // Narrow integers are memory types; their values are `I32`.
        Ty::I8 | Ty::I16 => Op::I32(0),
    }
}

/// Has a reference's subscript list a vector subscript (a rank-1 integer array)?
fn has_vector_subscript(subs: &[Arg]) -> bool {
    subs.iter().any(|s| matches!(s, Arg::Index(x) if x.ty.rank() > 0))
}
