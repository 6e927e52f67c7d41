//! gpuf's GIMPLE-like IR.
//!
//! A [`Module`] holds the host program (`main`) and the kernels outlined by omp-lower.
//! Functions are structured trees of statements ([`Stmt`]) over typed scalar variables
//! ([`VarId`]) and three-address right-hand sides ([`Rv`]) whose operands ([`Op`]) are
//! variables or constants. Arrays do not exist as values: gimplify turns each array into a
//! descriptor made of scalar variables (a data pointer, and a lower bound and an extent per
//! dimension) and every element access into address arithmetic plus [`Rv::Load`] /
//! [`Stmt::Store`].
//!
//! Offload constructs (OpenACC compute constructs or OpenMP target regions) appear as
//! [`Stmt::Region`] / [`Stmt::DataRegion`] and loops with a [`PartLoop`] after gimplify, as
//! [`Stmt::Launch`] and data-environment calls after omp-lower, as partitioned loops with
//! abstract builtins ([`Builtin`]) after omp-expand, and as target primitives ([`Prim`]) or
//! runtime calls after oacc-xform. The vocabulary is the models' common one (a region, a
//! loop partitioned over levels, data maps of a kind, reductions), as in GCC, which lowers
//! both models through the same omp-low and omp-expand.

use std::fmt;

/// A scalar type of the IR.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    I32,
    I64,
    F32,
    F64,
    /// An untyped (byte-addressed) pointer in the generic address space.
    Ptr,
    /// Narrow integers (Fortran `integer(1)`, `integer(2)`): the memory type of their
    /// loads and stores, and the target of the casts that wrap a value to their range.
    /// Fortran computes on them in `I32` (see `gimplify::ir_ty`).
    I8,
    I16,
    /// `integer(16)` (gfortran's `__int128`): host code only.
    I128,
    /// `real(16)` (gfortran's `__float128`, IEEE binary128, LLVM's `fp128`): host code only;
    /// arithmetic in libgcc's soft-float routines, functions from libquadmath.
    F128,
}

impl Ty {
    pub fn size(self) -> i64 {
        match self {
            Ty::I8 => 1,
            Ty::I16 => 2,
            Ty::I32 | Ty::F32 => 4,
            Ty::I64 | Ty::F64 | Ty::Ptr => 8,
            Ty::I128 | Ty::F128 => 16,
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64 | Ty::F128)
    }
    pub fn is_int(self) -> bool {
        matches!(self, Ty::I32 | Ty::I64 | Ty::I8 | Ty::I16 | Ty::I128)
    }
}

/// Index of a variable in its function's [`Function::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// Index of a loop, unique in its function; used by `exit`/`cycle` and by reductions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LoopId(pub u32);

#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    /// The user's name, or a generated one (`t.3`, `a.addr`, `a.lb1`, ...).
    pub name: String,
    pub ty: Ty,
    /// A reduction's private accumulator (`Some(Add)` for `+`, `Some(Mul)` for `*`): that
    /// operation's floating-point updates of it may be reassociated, as the order in which a
    /// reduction combines its values is unspecified; LLVM then vectorises reduction loops.
    pub reassoc: Option<BinOp>,
}

/// An operand: a variable or a constant.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Var(VarId),
    I32(i32),
    I64(i64),
    /// An `integer(16)` constant.
    I128(i128),
    F32(f32),
    F64(f64),
    /// A `real(16)` constant: its decimal text, `[-]DIGITS.DIGITSe[-]DIGITS`, or a
    /// hexadecimal `[-]0xHHHHp[-]N` (codegen converts it exactly).
    F128(String),
    /// The null pointer.
    Null,
    /// The address of a constant byte string (for formats, names and character literals).
    Str(String),
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    /// Logical not on a 0/1 `I32`.
    LNot,
    /// Bitwise not.
    BitNot,
}

/// Binary operators. Both operands have the same type; comparisons produce a 0/1 `I32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    /// Integer division truncates toward zero (Fortran and C agree).
    Div,
    /// Integer remainder with the sign of the dividend (Fortran `mod`); on floats `fmod`.
    Rem,
    /// `a ** b` with both operands of the same type (integer power: Fortran's rules, e.g.
    /// `2 ** -1 == 0`, `1 ** -n == 1`, `(-1) ** -n == ±1`).
    Pow,
    Min,
    Max,
    /// Bitwise and / or / xor (also the logical operators on 0/1 values).
    And,
    Or,
    Xor,
    /// Shifts of integers by `0..bits` (larger amounts are undefined: guard them).
    Shl,
    /// Logical (zero-filling) right shift.
    LShr,
    Eq,
    /// Equal bit patterns (floats compared as integers of their size; NaN equals itself),
    /// as a compare-and-swap loop needs.
    BitEq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Math functions (the operand types decide the variant: f32 or f64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MathFn {
    Sqrt,
    Exp,
    Log,
    Sin,
    Cos,
    /// Absolute value (integer or float).
    Abs,
    /// Round to nearest, ties away from zero (Fortran `nint`/`anint`), result in the float type.
    Round,
    /// Toward zero (Fortran `aint`).
    Trunc,
    Floor,
    /// `powi(float, i32)`: float raised to an integer power.
    Powi,
    Tan,
    Asin,
    Acos,
    Atan,
    /// `atan2(y, x)`: two operands of the same float type.
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Log10,
    /// C library functions of reals (host code only).
    Erf,
    Erfc,
    ErfcScaled,
    Gamma,
    LogGamma,
    Acosh,
    Asinh,
    Atanh,
    /// Bit counts of an integer, in its own type: set bits, leading and trailing zeros.
    Popcnt,
    Leadz,
    Trailz,
}

impl MathFn {
    /// The number of operands.
    pub fn arity(self) -> usize {
        if matches!(self, MathFn::Powi | MathFn::Atan2) {
            2
        } else {
            1
        }
    }
}

/// Parallelism levels of partitioned loops: OpenACC's gang, worker and vector (OpenMP's
/// teams, threads and simd lanes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Gang = 0,
    Worker = 1,
    Vector = 2,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Gang, Level::Worker, Level::Vector];
    pub fn name(self) -> &'static str {
        match self {
            Level::Gang => "gang",
            Level::Worker => "worker",
            Level::Vector => "vector",
        }
    }
}

/// A set of levels, as a bit mask (bit 0 gang, 1 worker, 2 vector).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Levels(pub u8);

impl Levels {
    pub fn has(self, l: Level) -> bool {
        self.0 & (1 << l as u8) != 0
    }
    pub fn with(self, l: Level) -> Levels {
        Levels(self.0 | (1 << l as u8))
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Level> {
        Level::ALL.into_iter().filter(move |l| self.has(*l))
    }
}

impl fmt::Display for Levels {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return write!(f, "seq");
        }
        let names: Vec<&str> = self.iter().map(Level::name).collect();
        write!(f, "{}", names.join("|"))
    }
}

/// Reduction operators (OpenACC's list for Fortran).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RedOp {
    Add,
    Mul,
    Max,
    Min,
    /// `iand`; also `.and.` on 0/1 logicals.
    And,
    /// `ior`; also `.or.`.
    Or,
    /// `ieor`; also `.neqv.`.
    Xor,
    /// `.eqv.` on 0/1 logicals.
    Eqv,
}

/// The four reduction stages of seed 001.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedStage {
    Setup,
    Init,
    Fini,
    Teardown,
}

/// Abstract offload builtins placed by omp-expand and expanded by oacc-xform.
#[derive(Clone, Debug, PartialEq)]
pub enum Builtin {
    /// `I32`: the number of gangs / workers / vector lanes of the launch.
    DimSize(Level),
    /// `I32`: this thread's position at the level.
    DimPos(Level),
    /// Start / end of a region partitioned over `levels` (no operands, no result).
    Fork(Levels),
    Join(Levels),
    /// A reduction stage: operands `[result_ptr_or_null, local]`, result: the new local.
    Reduction {
        stage: RedStage,
        level: Level,
        op: RedOp,
        ty: Ty,
        loop_id: LoopId,
        red_id: u32,
    },
    /// Enter / leave a region executed by one thread at a time across gangs (no operands).
    Lock,
    Unlock,
    /// `I32`, OpenMP SIMT (seed 004): this lane's index / the vectorization factor (the
    /// lanes of the warp or wavefront a `simd` loop runs on; 0 / 1 on the host).
    SimtLane,
    SimtVf,
    /// `I32` 0/1: whether any lane of the warp has operand 0 (`I32`) non-zero
    /// (`GOMP_SIMT_VOTE_ANY`; every lane of the warp must reach it).
    SimtVoteAny,
    /// `I32`: the highest lane whose operand 0 (`I32`) is non-zero (`GOMP_SIMT_LAST_LANE`;
    /// used only where [`Builtin::SimtVoteAny`] of the same operand is true).
    SimtLastLane,
    /// Operand 0 (any scalar of at most 8 bytes) as lane operand 1 (`I32`) has it
    /// (`GOMP_SIMT_XCHG_IDX`); the value's type.
    SimtXchgIdx,
    /// Operand 0 as lane `lane ^ operand 1` has it (`GOMP_SIMT_XCHG_BFLY`); the value's type.
    SimtXchgBfly,
    /// `I32` 0/1: whether this lane runs the ordered statements in this round of the vote
    /// loop of an `ordered` construct in a `simd` loop (`GOMP_SIMT_ORDERED_PRED`): operand
    /// 0 (`I32`) is the lane's countdown, which reaches 0 in round `lane`.
    SimtOrderedPred,
    /// `I32`: 1 where the code runs on the host device (the host fallback), 0 on a device
    /// (OpenMP's `omp_is_initial_device()` in a target region).
    IsInitialDevice,
    /// `I32`: an OpenMP query routine called in a device procedure (`declare target`),
    /// whose body is compiled for every target and, on the host, also serves the sim
    /// device's kernels and host code: the GPU targets answer as the team's sequential code
    /// would; the host copy asks the run time where it runs.
    OmpQuery(OmpQuery),
    /// `I32`: OpenACC's `acc_on_device(dev_type)` in a compute construct: 1 where the
    /// operand names the device type the code runs on (`acc_device_not_host` on any
    /// device but the host).
    AccOnDevice,
    /// `I32`: 1 where every gang runs on one thread (worker and vector dims are 1: the host
    /// device), 0 elsewhere. oacc-xform answers it and keeps only the branch of an `if` on
    /// it that the target takes (omp-expand's nested form of a collapsed loop, over the
    /// thread's iterations `first..=last`). Operands `[start, end, tid, nthreads, first,
    /// last]`: the run `start..end` the `nthreads` threads share, this thread's position, and
    /// the variables (`I64`) holding the first and last iteration the nested form runs.
    /// Where the threads take contiguous blocks instead (`OffloadHooks::block_per_thread`,
    /// the sim device), oacc-xform keeps the nested form too, with `first` and `last`
    /// set to the thread's block. No operands (a SIMT loop, whose lanes keep their
    /// strided iterations): only the one-thread targets take the nested form.
    OneThreadPerGang,
}

/// The OpenMP query routines a device procedure may call ([`Builtin::OmpQuery`]); the
/// discriminant is the code the run time's `gpuf_omp_device_query` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OmpQuery {
    IsInitialDevice = 0,
    TeamNum = 1,
    NumTeams = 2,
    ThreadNum = 3,
    NumThreads = 4,
    MaxThreads = 5,
    ThreadLimit = 6,
    Level = 7,
    ActiveLevel = 8,
    InParallel = 9,
    DeviceNum = 10,
}

impl OmpQuery {
    /// The query of an `omp_lib` routine's link name (`omp_get_team_num_`).
    pub fn of_link(link: &str) -> Option<OmpQuery> {
        Some(match link {
            "omp_is_initial_device_" => OmpQuery::IsInitialDevice,
            "omp_get_team_num_" => OmpQuery::TeamNum,
            "omp_get_num_teams_" => OmpQuery::NumTeams,
            "omp_get_thread_num_" => OmpQuery::ThreadNum,
            "omp_get_num_threads_" => OmpQuery::NumThreads,
            "omp_get_max_threads_" => OmpQuery::MaxThreads,
            "omp_get_thread_limit_" => OmpQuery::ThreadLimit,
            "omp_get_level_" => OmpQuery::Level,
            "omp_get_active_level_" => OmpQuery::ActiveLevel,
            "omp_in_parallel_" => OmpQuery::InParallel,
            "omp_get_device_num_" => OmpQuery::DeviceNum,
            _ => return None,
        })
    }

    /// The routine's name (dumps).
    pub fn name(self) -> &'static str {
        match self {
            OmpQuery::IsInitialDevice => "omp_is_initial_device",
            OmpQuery::TeamNum => "omp_get_team_num",
            OmpQuery::NumTeams => "omp_get_num_teams",
            OmpQuery::ThreadNum => "omp_get_thread_num",
            OmpQuery::NumThreads => "omp_get_num_threads",
            OmpQuery::MaxThreads => "omp_get_max_threads",
            OmpQuery::ThreadLimit => "omp_get_thread_limit",
            OmpQuery::Level => "omp_get_level",
            OmpQuery::ActiveLevel => "omp_get_active_level",
            OmpQuery::InParallel => "omp_in_parallel",
            OmpQuery::DeviceNum => "omp_get_device_num",
        }
    }
}

/// Target primitives produced by oacc-xform for the GPU targets (nvptx, amdgcn) and
/// implemented by codegen.
#[derive(Clone, Debug, PartialEq)]
pub enum Prim {
    /// `I32`: thread index in the block along the level's axis (gang = block index,
    /// worker = thread y, vector = thread x / lane).
    ThreadIdx(Level),
    /// `I32`: block / grid extent along the level's axis.
    NumThreads(Level),
    /// Warp shuffle of operand 0 (any scalar type; 64-bit values in two halves where the
    /// ISA needs it) with lane operand 1 (`I32`).
    Shuffle(ShuffleMode),
    /// `I32` 0/1: any / all of the warp's lanes have operand 0 non-zero.
    VoteAny,
    VoteAll,
    /// `I32`: the highest lane of the warp whose operand 0 is non-zero (-1 for none).
    LastLane,
    /// Block-wide barrier (no operands, no result).
    Barrier,
    /// `Ptr`: the base of the kernel's shared memory ([`Kernel::shared_bytes`] bytes).
    SharedBase,
    /// Memory fence at device scope.
    Fence,
    /// Ends the kernel abnormally (a run-time error in device code, such as a subscript
    /// out of bounds under `-fcheck=bounds`, where no message can be printed).
    Trap,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShuffleMode {
    /// Read from lane `arg`.
    Idx,
    /// Read from lane `self ^ arg`.
    Xor,
    /// Read from lane `self + arg`, keeping the own value past the warp's end.
    Down,
}

/// Atomic read-modify-write operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicOp {
    Add,
    Min,
    Max,
    And,
    Or,
    Xor,
    Xchg,
}

/// A right-hand side. Each variant documents its result type.
#[derive(Clone, Debug, PartialEq)]
pub enum Rv {
    /// The operand itself.
    Use(Op),
    Unary(UnOp, Op),
    Binary(BinOp, Op, Op),
    /// Conversion to the type: int↔int (sign-extend / truncate), int→float, float→int
    /// (toward zero), float↔float, int↔ptr.
    Cast(Ty, Op),
    Math(MathFn, Vec<Op>),
    /// Load of a value of the type from the pointer.
    Load(Ty, Op),
    /// `Ptr`: pointer plus a byte offset (`I64`).
    PtrAdd(Op, Op),
    /// A call of a runtime function returning the type.
    Call(String, Vec<Op>, Ty),
    /// Abstract builtin (before oacc-xform only).
    Builtin(Builtin, Vec<Op>),
    /// Target primitive (after oacc-xform, GPU targets only).
    Prim(Prim, Vec<Op>),
    /// `Ptr`: the address of the variable (arguments passed by reference).
    AddrOf(VarId),
    /// `Ptr`: the address of a module-level variable ([`Module::globals`]).
    GlobalAddr(String),
    /// Atomic RMW of `ty` at pointer operand 0 with value operand 1; the old value.
    AtomicRmw(AtomicOp, Ty, Op, Op),
    /// Compare-and-swap of `ty` at pointer 0: expected 1, new 2; the old value (floats
    /// compare bitwise).
    AtomicCas(Ty, Op, Op, Op),
    /// Atomic load of `ty` from the pointer.
    AtomicLoad(Ty, Op),
    /// `Ptr`: an uninitialised block of the given number of bytes (16-byte aligned) in the
    /// executing thread's own stack frame, the same block each time the statement runs
    /// (private arrays of partitioned loops: a per-thread copy on every target).
    Alloca(u64),
}

/// The kind of an offload region (named after the OpenACC compute constructs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    Parallel,
    Kernels,
    Serial,
}

/// How a variable enters an offload region or data region (made explicit by gimplify). OpenMP's
/// `map` types correspond: `to` is `Copyin`, `from` `Copyout`, `tofrom` `Copy`, `alloc` `Create`,
/// `release`/`delete` `Delete`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapKind {
    Copy,
    Copyin,
    Copyout,
    Create,
    Present,
    NoCreate,
    Delete,
    /// The device copy of a `declare target` variable: made present (created and filled
    /// from the host) if it is not, with an infinite reference count; nothing on exit.
    DeclareTarget,
    /// `attach` on entry, `detach` on exit: `addr` is the host address of a pointer field
    /// (a structure's pointer or allocatable component: its data pointer) whose device
    /// copy gets the device address of its present target, `bytes` the target's size (a
    /// section of it may be what is present).
    Attach,
}

impl MapKind {
    /// The code the runtime's `gpuf_acc_enter` / `gpuf_acc_exit` take.
    pub fn code(self) -> i32 {
        match self {
            MapKind::Copy => 1,
            MapKind::Copyin => 2,
            MapKind::Copyout => 3,
            MapKind::Create => 4,
            MapKind::Present => 5,
            MapKind::NoCreate => 6,
            MapKind::Delete => 7,
            MapKind::DeclareTarget => 8,
            MapKind::Attach => 9,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            MapKind::Copy => "copy",
            MapKind::Copyin => "copyin",
            MapKind::Copyout => "copyout",
            MapKind::Create => "create",
            MapKind::Present => "present",
            MapKind::NoCreate => "no_create",
            MapKind::Delete => "delete",
            MapKind::DeclareTarget => "declare_target",
            MapKind::Attach => "attach",
        }
    }
}

/// A mapped block of host memory: `bytes` bytes from `addr`.
#[derive(Clone, Debug, PartialEq)]
pub struct MapItem {
    pub kind: MapKind,
    pub addr: Op,
    pub bytes: Op,
    /// The user's name of what is mapped (for dumps and messages).
    pub what: String,
    /// Where it is named, for run-time messages: `present(a) on parallel at f.f90:12: a`
    /// (the directive and clause, the source line, the item).
    pub at: String,
}

/// How a variable is visible inside an offload region.
#[derive(Clone, Debug, PartialEq)]
pub enum Capture {
    /// A `Ptr` variable holding the host address of mapped data (an array's data pointer,
    /// or the home of a scalar that lives in memory, such as `copy(s)` or a reduction
    /// result): the kernel's copy holds the device address of the same data. The `I64`
    /// operand is the size of the whole object (of which a section may be mapped).
    Mapped(VarId, Op),
    /// A scalar copied in by value (firstprivate, also the array bounds).
    Value(VarId),
    /// A private scalar: a fresh variable per thread, uninitialised.
    Private(VarId),
    /// A `Ptr` variable receiving per-gang scratch memory of the given `I64` host-side size
    /// per gang (gang-private arrays).
    Scratch(VarId, Op),
}

/// A reduction attached to a partitioned loop or an offload region.
#[derive(Clone, Debug, PartialEq)]
pub struct Reduction {
    pub op: RedOp,
    pub ty: Ty,
    /// The LOCAL object of seed 001: a variable private to each thread inside the loop.
    pub local: VarId,
    /// The RESULT object.
    pub result: RedResult,
}

/// Where a reduction's result lives (seed 001: a copy object or a private variable).
#[derive(Clone, Debug, PartialEq)]
pub enum RedResult {
    /// A variable of an enclosing scope (private to the thread that runs that scope).
    Var(VarId),
    /// A scalar in (device) memory at the address held by this `Ptr` variable.
    Mem(VarId),
}

/// How a loop is partitioned (an OpenACC `loop` directive; an OpenMP `distribute`,
/// worksharing or `simd` loop).
#[derive(Clone, Debug, PartialEq)]
pub struct PartLoop {
    /// Levels the loop is partitioned over (empty: sequential).
    pub levels: Levels,
    /// `collapse(n)`: the loop's body starts with n-1 further loops that belong to it.
    pub collapse: u32,
    pub reductions: Vec<Reduction>,
    pub privates: Vec<VarId>,
    pub independent: bool,
    /// `gang(static: k)`: the chunk size (`I64`, at least 1): gang `g` runs chunks `g`,
    /// `g + gangs`, ... of the (collapsed) iteration space; `None`: one tile per gang.
    pub chunk: Option<Op>,
    /// `gang(dim: d)` (or any gang loop) in a construct with `num_gangs(n1, n2[, n3])`:
    /// `d` and the three sizes (`I32`, 1 for a missing one); the loop is partitioned over
    /// the gangs' coordinate in dimension `d`.
    pub gang_dim: Option<Box<(u32, Vec<Op>)>>,
    /// OpenMP's team size (from `num_threads`, `thread_limit` and `if(parallel: c)`; `I32`,
    /// at least 1) for a loop over the threads of a team: only the first `threads` of the
    /// workers × lanes take iterations.
    pub threads: Option<Op>,
    /// Clauses and directives of the loop that change no code, as written, for the
    /// loop-mapping report: `tile(8, 4)` (run as the collapsed nest), `cache(a(i-1:i+1))`
    /// (a hint; the loop reads memory directly).
    pub notes: Box<[String]>,
    /// The loop's `lastprivate` and `linear` items by name, with their clause, for the
    /// loop-mapping report (which lists them there rather than as `private`; their private
    /// copies are among `privates`).
    pub copied_out: Box<[(&'static str, String)]>,
    /// A loop of a `kernels` construct without `independent` or levels (`loop`, `loop
    /// auto`): the dependence test's verdict (`Err`: why it kept the loop sequential).
    pub auto_proof: Option<Box<Result<(), String>>>,
    /// An OpenMP `simd` loop (its vector level): run on the lanes of a warp by seed 004's
    /// SIMT lowering in omp-expand.
    pub simt: Option<Box<Simt>>,
}

/// What an OpenMP `simd` loop's SIMT lowering needs beyond its [`PartLoop`]: omp-expand
/// runs its iterations from `GOMP_SIMT_LANE` in steps of `GOMP_SIMT_VF` (of the lanes
/// `safelen` allows), reduces by `GOMP_SIMT_XCHG_BFLY`, and lets the lane that ran the
/// sequentially last iteration (`GOMP_SIMT_VOTE_ANY`, `GOMP_SIMT_LAST_LANE`) broadcast the
/// `lastprivate` values (`GOMP_SIMT_XCHG_IDX`).
#[derive(Clone, Debug, PartialEq)]
pub struct Simt {
    /// `safelen(n)` (`I32`, at least 1): only lanes `0..n` take iterations.
    pub safelen: Option<Op>,
    /// The private copies of scalar `lastprivate` items and the nest's loop variables
    /// they read, broadcast from the lane that ran the last iteration.
    pub last_vars: Vec<VarId>,
    /// The copy-out of those items (reading `last_vars`), run after the broadcast by the
    /// warp that ran the last iteration.
    pub last_copy: Vec<Stmt>,
    /// Its `safelen`, `if(simd:)` (also a lone `simd`'s `if`) and `simdlen` clauses with
    /// their arguments as written, for the loop-mapping report.
    pub clauses: Box<[String]>,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Assign(VarId, Rv),
    /// Store of the value operand (of the type) to the pointer operand.
    Store(Ty, Op, Op),
    /// A runtime call without a result.
    Call(String, Vec<Op>),
    If {
        cond: Op,
        then_body: Vec<Stmt>,
        else_body: Vec<Stmt>,
    },
    /// A Fortran counted loop: the trip count `max(0, (hi - lo + step) / step)` is computed
    /// once before the first iteration; `var` takes `lo, lo+step, ...`. All of `var`, `lo`,
    /// `hi`, `step` have the same integer type.
    Loop {
        id: LoopId,
        var: VarId,
        lo: Op,
        hi: Op,
        step: Op,
        body: Vec<Stmt>,
        /// The loop's partitioning (offload loops; `None` for a sequential host or device loop).
        part: Option<PartLoop>,
    },
    /// `do while`: evaluates `cond_body` then tests `cond` before each iteration.
    While {
        id: LoopId,
        cond_body: Vec<Stmt>,
        cond: Op,
        body: Vec<Stmt>,
    },
    Exit(LoopId),
    Cycle(LoopId),
    /// An offload construct (OpenACC compute construct or OpenMP target region) before
    /// omp-lower; `maps` and `captures` are explicit.
    Region(Box<OffloadRegion>),
    /// A structured data construct (OpenACC `data`, OpenMP `target data`) before omp-lower.
    DataRegion {
        maps: Vec<MapItem>,
        body: Vec<Stmt>,
    },
    /// A host OpenMP `parallel` construct before omp-lower: every thread of the team runs
    /// the body; variables of the enclosing function are seen by value (shared data is
    /// reached through pointers, which gimplify keeps in variables).
    HostParallel(Box<HostParallel>),
    /// A kernel launch after omp-lower.
    Launch(Box<Launch>),
    /// A builtin without a result (fork, join, lock, ...).
    Builtin(Builtin, Vec<Op>),
    /// A primitive without a result (barrier, fence).
    Prim(Prim, Vec<Op>),
    /// Atomic store of the value (operand 1, of the type) to the pointer (operand 0).
    AtomicStore(Ty, Op, Op),
    /// Ends the kernel or the program's main function.
    Return,
}

/// An offload construct: its kind, data maps, captures, reductions and launch clauses.
#[derive(Clone, Debug, PartialEq)]
pub struct OffloadRegion {
    pub kind: RegionKind,
    /// The construct's name for kernel naming and messages (`parallel`, `kernels loop`).
    pub what: String,
    /// Source line of the construct.
    pub line: u32,
    pub maps: Vec<MapItem>,
    pub captures: Vec<Capture>,
    /// Reductions on the construct itself.
    pub reductions: Vec<Reduction>,
    pub num_gangs: Option<Op>,
    pub num_workers: Option<Op>,
    pub vector_length: Option<Op>,
    /// The `if` clause: when false the region runs on the host and maps nothing.
    pub if_cond: Option<Op>,
    /// For a part of a split `kernels` construct: the `if` and `do` statements around it
    /// that run on the host, outermost first (`loop it at line 9`), for `-Minfo=accel`.
    pub hosted: Vec<String>,
    pub body: Vec<Stmt>,
    /// What the loop-mapping report says beyond the fields above (array reductions of
    /// the construct, done by atomic updates), as text.
    pub notes: Vec<String>,
    /// Captured arrays (`Capture::Mapped` variables) whose memory the kernel reaches through
    /// no other capture: allocatables (never in `common` or `equivalence`), and local and
    /// dummy arrays of the unit outside `common` and `equivalence`, none a pointer, a
    /// target or an associate name; none in a construct with `deviceptr` items, which may
    /// hold the device address of a mapped array. The kernel's parameters for those it
    /// only reads are `noalias` (omp-lower).
    pub noalias: Vec<VarId>,
    /// One lowering of a construct with `device_type` groups: the targets (in the order of
    /// [`Target::ALL`]) whose devices launch it; the other images get an empty kernel (but
    /// the host's: an `if` clause may send any lowering to the host).
    pub devices: Option<[bool; 4]>,
}

/// A host OpenMP `parallel` or `task` construct (see [`Stmt::HostParallel`]); omp-lower
/// outlines it into a procedure started by libgomp's `GOMP_parallel` (or `GOMP_task`).
#[derive(Clone, Debug, PartialEq)]
pub struct HostParallel {
    /// The construct's name (`parallel`, `parallel do`).
    pub what: String,
    /// Source line of the construct.
    pub line: u32,
    /// `I32`: the team size asked for (`0`: the `nthreads-var` ICV, `OMP_NUM_THREADS`);
    /// for a task, its `if` clause (0: run at once by the encountering thread).
    pub num_threads: Op,
    /// An explicit `task` (started with `GOMP_task`), not a team.
    pub task: bool,
    /// `GOMP_parallel`'s flags: the `proc_bind` kind (0: none given).
    pub flags: i32,
    pub body: Vec<Stmt>,
}

/// How a kernel parameter is passed (the runtime's arg kinds).
#[derive(Clone, Debug, PartialEq)]
pub enum ArgKind {
    /// Kind 0: the host address is looked up in the present table.
    Mapped,
    /// Kind 1: `bytes` bytes at the host address are copied in; the kernel gets their address.
    Value,
    /// Kind 2: fresh device memory of `bytes` bytes per gang (private arrays of gang loops);
    /// the host address is null.
    Scratch,
    /// Kind 3: a scalar of at most 8 bytes passed in the kernel parameter itself (the
    /// parameter has the scalar's type); `host` is the variable, `bytes` its size.
    Scalar,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LaunchArg {
    pub kind: ArgKind,
    /// For `Mapped`, the host address (a pointer operand); for `Value`, the variable whose
    /// value is passed (codegen takes its address).
    pub host: Op,
    /// `I64`: the size (`Value`), the size per gang (`Scratch`), unused for `Mapped`.
    pub bytes: Op,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    pub kernel: usize,
    pub args: Vec<LaunchArg>,
    /// Run the host-fallback copy on the calling thread (a false `if` clause).
    pub on_host: bool,
    /// Launch dimensions; `I32(0)` means the runtime's default.
    pub gangs: Op,
    pub workers: Op,
    pub vector: Op,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The symbol name (`main`, gfortran's `name_` or `__mod_MOD_name`, or a kernel's).
    pub name: String,
    pub vars: Vec<Var>,
    pub body: Vec<Stmt>,
    /// Next free loop id.
    pub next_loop: u32,
    /// Procedures: one `Ptr` variable per dummy argument, receiving its address (Fortran
    /// passes by reference). Empty for `main` and kernels (see [`Kernel::params`]).
    pub params: Vec<VarId>,
    /// Functions: the variable whose value is returned.
    pub result: Option<VarId>,
    /// Internal linkage (internal procedures); external otherwise.
    pub local: bool,
    /// Run before `main` (a module's `!$acc declare` registration): no parameters.
    pub ctor: bool,
    /// Parameters (of `params`) whose memory no other name reaches while the procedure runs:
    /// explicit-shape and assumed-size array dummies (Fortran forbids changing an argument
    /// through one name while another references it); codegen marks them `noalias`. For a
    /// kernel, parameters of [`Kernel::params`]: its [`OffloadRegion::noalias`] arrays that
    /// it only reads (omp-lower).
    pub noalias: Vec<VarId>,
    /// Loops whose step is positive and whose variable cannot overflow past `hi + step`
    /// (the partitioned loops of a small iteration space): codegen runs them while the
    /// variable is at most `hi`, without a trip count (which would divide by the step).
    pub bounded: Vec<LoopId>,
    /// The loops of `simd` constructs (omp-expand's SIMT loops): where they run on one
    /// lane (the host copy, [`crate::targets::OffloadHooks::simd_loop_hints`]) codegen gives
    /// them LLVM's `llvm.loop.vectorize.enable` hint; oacc-xform clears the list elsewhere.
    pub simd_loops: Vec<LoopId>,
    /// Loops whose iterations are independent (the innermost loop of a partitioned nest's
    /// nested form, omp-expand): any interleaving of two iterations computes the same, so
    /// oacc-xform may unroll and jam them ([`crate::unroll_jam`]).
    pub independent: Vec<LoopId>,
}

impl Function {
    pub fn new(name: impl Into<String>) -> Function {
        Function {
            name: name.into(),
            vars: Vec::new(),
            body: Vec::new(),
            next_loop: 0,
            params: Vec::new(),
            result: None,
            local: false,
            noalias: Vec::new(),
            bounded: Vec::new(),
            simd_loops: Vec::new(),
            independent: Vec::new(),
            ctor: false,
        }
    }
    pub fn new_var(&mut self, name: impl Into<String>, ty: Ty) -> VarId {
        self.vars.push(Var { name: name.into(), ty, reassoc: None });
        VarId(self.vars.len() as u32 - 1)
    }
    /// A reduction's private accumulator (see [`Var::reassoc`]).
    pub fn new_reduction_local(&mut self, name: impl Into<String>, ty: Ty, op: RedOp) -> VarId {
        let v = self.new_var(name, ty);
        self.vars[v.0 as usize].reassoc = match op {
            RedOp::Add => Some(BinOp::Add),
            RedOp::Mul => Some(BinOp::Mul),
            _ => None,
        };
        v
    }
    pub fn var(&self, v: VarId) -> &Var {
        &self.vars[v.0 as usize]
    }
    pub fn new_loop(&mut self) -> LoopId {
        self.next_loop += 1;
        LoopId(self.next_loop - 1)
    }
    /// The type of an operand.
    pub fn op_ty(&self, op: &Op) -> Ty {
        match op {
            Op::Var(v) => self.var(*v).ty,
            Op::I32(_) => Ty::I32,
            Op::I64(_) => Ty::I64,
            Op::I128(_) => Ty::I128,
            Op::F32(_) => Ty::F32,
            Op::F64(_) => Ty::F64,
            Op::F128(_) => Ty::F128,
            Op::Null | Op::Str(_) => Ty::Ptr,
        }
    }
}

/// An outlined offload region.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// The symbol name (`main_kernel0`), unique in the program.
    pub name: String,
    pub kind: RegionKind,
    pub func: Function,
    /// One `Ptr` variable per parameter, in launch-argument order; each receives the
    /// device address of its [`LaunchArg`].
    pub params: Vec<VarId>,
    /// Levels some loop of the kernel is partitioned over.
    pub levels: Levels,
    /// Bytes of shared memory per gang that the kernel uses (set by oacc-xform).
    pub shared_bytes: i64,
    /// Statements run by every thread before the body (loading the parameters).
    pub prologue: Vec<Stmt>,
    /// [`OffloadRegion::devices`]: the targets that launch the kernel (`None`: all).
    pub devices: Option<[bool; 4]>,
}

/// A scalar variable with static storage.
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub ty: Ty,
    /// Its initial value (a constant of the type).
    pub init: Op,
    /// Internal linkage (saved locals); module variables are external (gfortran's names).
    pub local: bool,
    /// Defined in another object (a variable of a module compiled separately): declared
    /// here, without an initial value.
    pub external: bool,
    /// Thread-local storage: an OpenMP `threadprivate` variable (gfortran's layout: one
    /// TLS symbol under the same name).
    pub tls: bool,
}

/// A block of bytes with static storage: a common block under gfortran's name (`blk_`,
/// `__BLNK__`), as a common symbol unless `init` makes this object its definition (`block
/// data`), the storage of an equivalence set (`local`), or a variable's own object
/// (`object`: a module or saved array, as gfortran defines it).
#[derive(Clone, Debug, PartialEq)]
pub struct Storage {
    pub name: String,
    pub size: i64,
    pub align: u32,
    /// The initial bytes (`block data`, `data` of common members), `size` long.
    pub init: Option<Vec<u8>>,
    pub local: bool,
    /// A variable's own object, never a common symbol: `.data` with `init`, else `.bss`
    /// (`.rodata` when `constant`).
    pub object: bool,
    /// A named constant's object (`.rodata`).
    pub constant: bool,
    /// Declared only: defined by another object (a module of another file).
    pub external: bool,
}

impl Storage {
    /// A common block, equivalence storage or container: no object of its own.
    pub fn block(name: String, size: i64, align: u32, init: Option<Vec<u8>>, local: bool) -> Storage {
        Storage { name, size, align, init, local, object: false, constant: false, external: false }
    }
}

/// gfortran's virtual table of a derived type (`__MOD_MOD___vtab_MOD_Type`): 8-byte words,
/// `_hash` (an `i32` in the first word), `_size`, `_extends`, `_def_init`, `_copy`, `_final`,
/// `_deallocate`, then one procedure address per specific type-bound procedure.
#[derive(Clone, Debug, PartialEq)]
pub struct Vtab {
    pub name: String,
    pub words: Vec<VtabWord>,
    /// Internal linkage (a type of a main program).
    pub local: bool,
}

/// One word of a [`Vtab`].
#[derive(Clone, Debug, PartialEq)]
pub enum VtabWord {
    Int(i64),
    /// The address of a procedure or of another global (a parent's vtab).
    Addr(String),
    Null,
}

/// Which copy of the kernels a module holds (see the design notes: four executions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// The host fallback: every dim is 1, every position 0.
    Host,
    /// The SIMT emulator in the runtime, compiled for x86_64.
    Sim,
    Nvptx,
    Amdgcn,
}

impl Target {
    /// Every target, in the order of OpenACC's kinds of device (host, sim, NVIDIA, AMD).
    pub const ALL: [Target; 4] = [Target::Host, Target::Sim, Target::Nvptx, Target::Amdgcn];
}

impl Target {
    pub fn name(self) -> &'static str {
        match self {
            Target::Host => "host",
            Target::Sim => "sim",
            Target::Nvptx => "nvptx",
            Target::Amdgcn => "amdgcn",
        }
    }
    /// Lanes of a warp / wavefront (the vector length).
    pub fn warp_size(self) -> u32 {
        match self {
            Target::Host => 1,
            Target::Sim => 64,
            Target::Nvptx => 32,
            Target::Amdgcn => 64,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Module {
    /// The source file's name (for messages).
    pub source: String,
    /// The program's main function (runs the Fortran main program); its name is empty
    /// when the file has no main program.
    pub main: Function,
    /// Subroutines and functions (host code).
    pub procs: Vec<Function>,
    /// Variables with static storage (saved locals, module variables).
    pub globals: Vec<Global>,
    /// Blocks of bytes with static storage: common blocks and equivalence storage.
    pub storage: Vec<Storage>,
    /// The virtual tables of the derived types this file defines (host code only).
    pub vtabs: Vec<Vtab>,
    pub kernels: Vec<Kernel>,
    /// The link names of the procedures with an `!$acc routine seq` directive that this
    /// file defines or may call: callable from kernels and other routines. Those among
    /// `procs` also get a device version (the host and sim copies of a kernel call the
    /// host procedure); the others are resolved by the whole-program device link.
    pub routines: Vec<String>,
    /// The routines among `routines` of level `vector`, `worker` or `gang`, with the levels
    /// their orphaned loops partition: a call of one is executed by every thread of those
    /// levels (omp-expand brackets it by a fork and a join), and their bodies are
    /// partitioned and neutered like a kernel's; the sim device calls their sim copy
    /// ([`sim_copy_name`]).
    pub par_routines: Vec<(String, Levels)>,
    /// The routines with `bind` clauses: per target (in the order of [`Target::ALL`]), the
    /// link name a kernel's calls of the routine go to instead (oacc-xform rewrites them).
    pub routine_binds: Vec<(String, [Option<String>; 4])>,
    /// `None` until oacc-xform specialised the kernels for one target.
    pub target: Option<Target>,
}

/// Bytes of shared memory the routines with partitioned loops may use for their
/// broadcasts and worker reductions: on the GPUs a block of their own, on the sim device
/// at least this much of the calling kernel's.
pub const ROUTINE_SHARED_BYTES: i64 = 1024;

/// The link name of the host device's copy of a routine whose body calls routines with
/// `bind` (its own body is host code).
pub fn host_twin_name(name: &str) -> String {
    format!("gpuf_host.{name}")
}

/// The link name of the sim copy of a routine with partitioned loops (the host copy keeps
/// the procedure's own name), or of a `routine seq` whose body calls routines with `bind`.
pub fn sim_copy_name(name: &str) -> String {
    format!("gpuf_sim.{name}")
}

/// `cycle`/`exit` of the loops `from` (inner loops of a collapsed nest) made to refer to the
/// loop `to` that replaces the nest (omp-expand's partitioned loop, host OpenMP's
/// worksharing loop).
pub fn retarget(ss: Vec<Stmt>, from: &[LoopId], to: LoopId) -> Vec<Stmt> {
    ss.into_iter()
        .map(|s| match s {
            Stmt::Cycle(i) if from.contains(&i) => Stmt::Cycle(to),
            Stmt::Exit(i) if from.contains(&i) => Stmt::Exit(to),
            Stmt::If { cond, then_body, else_body } => {
                Stmt::If { cond, then_body: retarget(then_body, from, to), else_body: retarget(else_body, from, to) }
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => Stmt::Loop { id, var, lo, hi, step, body: retarget(body, from, to), part },
            Stmt::While { id, cond_body, cond, body } => {
                Stmt::While { id, cond_body: retarget(cond_body, from, to), cond, body: retarget(body, from, to) }
            }
            s => s,
        })
        .collect()
}
