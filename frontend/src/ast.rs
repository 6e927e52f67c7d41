//! The abstract syntax tree of a Fortran source file with its OpenACC directives.
//!
//! The parser builds it with every `ty` field set to [`Ty::Unknown`]; semantic analysis
//! ([`crate::sema`]) resolves names, rewrites [`ExprKind::Apply`] into array references or
//! intrinsic calls, and fills in the types. Names are stored in lower case.

use crate::diag::Span;

/// A name with the place it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Ident {
    /// The name in lower case.
    pub name: String,
    pub span: Span,
}

/// A source file: its program units in source order.
#[derive(Clone, Debug, Default)]
pub struct SourceFile {
    pub units: Vec<Unit>,
    /// The derived-type names written in `type(name)` declarations and type definitions:
    /// the parser's [`BaseTy::Derived`] indexes this list; semantic analysis replaces it
    /// with an index into [`crate::sema::Checked::types`].
    pub type_names: Vec<String>,
}

/// The kinds of program units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitKind {
    Program,
    Module,
    Subroutine,
    Function,
    /// `block data`: initial values of common blocks.
    BlockData,
}

/// One program unit: a main program, a module, or a subroutine or function (external,
/// module procedure, or internal procedure after `contains`).
#[derive(Clone, Debug)]
pub struct Unit {
    pub kind: UnitKind,
    pub name: Ident,
    /// Dummy argument names, in order (procedures only).
    pub args: Vec<Ident>,
    /// `result(r)` of a function; `None` means the function's own name holds the result.
    pub result: Option<Ident>,
    /// The type in a function's prefix (`logical function f()`), if written there.
    pub result_base: Option<BaseTy>,
    /// The length in a `character(len=...) function` prefix.
    pub result_char_len: Option<CharLen>,
    pub recursive: bool,
    pub pure: bool,
    pub elemental: bool,
    pub uses: Vec<Use>,
    pub implicit_none: bool,
    pub decls: Vec<Decl>,
    /// Explicit `interface` blocks: procedure headers and their declarations, no bodies.
    pub interfaces: Vec<Unit>,
    /// A bare `save` statement: every local variable is saved.
    pub save_all: bool,
    /// Names listed in `save a, b` statements.
    pub saved: Vec<Ident>,
    /// Names listed in `external f, g` statements.
    pub externals: Vec<Ident>,
    /// Names listed in `intrinsic sqrt, abs` statements.
    pub intrinsics: Vec<Ident>,
    /// `namelist /group/ a, b`: each group and its objects, in order.
    pub namelists: Vec<(Ident, Vec<Ident>)>,
    /// Names listed in OpenMP `threadprivate(a, b)` directives.
    pub threadprivate: Vec<Ident>,
    /// `data` statements, in order.
    pub data: Vec<DataSet>,
    /// `common` statements, block by block in order (a block named twice continues).
    pub commons: Vec<CommonBlock>,
    /// Common blocks named in `save /blk/` statements.
    pub saved_commons: Vec<Ident>,
    /// `equivalence` sets, in order.
    pub equivalences: Vec<EquivSet>,
    /// `dimension`, `allocatable` and `parameter` statements (attributes given apart
    /// from the type declaration), in order.
    pub attr_stmts: Vec<AttrStmt>,
    /// `implicit real(8) (a-h, o-z)` rules: letter ranges and their type.
    pub implicit_rules: Vec<(char, char, BaseTy)>,
    /// A module's bare `private` statement: entities are private unless declared public.
    pub default_private: bool,
    /// A module's `public`/`private` statements and attributes: each name and whether it
    /// is public.
    pub access: Vec<(Ident, bool)>,
    pub body: Vec<Stmt>,
    /// Procedures after `contains`.
    pub contains: Vec<Unit>,
    /// Derived-type definitions (`type :: name ... end type`), in source order.
    pub types: Vec<TypeDef>,
    /// Generic interfaces (`interface name ... end interface`): the generic name and its
    /// specific procedures (`module procedure` names and the interface bodies' names).
    pub generics: Vec<(Ident, Vec<Ident>)>,
    /// The bodies of `abstract interface` blocks: interfaces only, no procedures.
    pub abstract_ifaces: Vec<Unit>,
    /// `procedure(iface) [, pointer] ... :: names`.
    pub proc_decls: Vec<ProcDecl>,
    /// `!$acc routine [(name)] clauses` lines of the specification part.
    pub routines: Vec<AccRoutine>,
    /// `!$omp declare target` lines of the specification part.
    pub declare_targets: Vec<OmpDeclareTarget>,
    /// `!$omp declare mapper` lines of the specification part.
    pub mappers: Vec<OmpMapper>,
    /// `!$acc declare clauses` lines of the specification part.
    pub declares: Vec<Directive>,
    /// `!$omp requires unified_shared_memory` (or `unified_address`) in the specification
    /// part: the device may use host memory, so maps need not copy.
    pub requires_usm: bool,
    /// `bind(c[, name="..."])` on the header: the C name the procedure is linked under
    /// (the given name, else the procedure's name in lower case).
    pub bind_c: Option<String>,
    /// A subroutine's `entry name(args)` statements: the name, the dummy arguments and the
    /// label the parser put where the statement was (the parser's `entries.rs` turns the
    /// subroutine into a master procedure and one wrapper per entry point).
    pub entries: Vec<(Ident, Vec<Ident>, u32)>,
    pub span: Span,
}

/// An `!$omp declare target` directive: the names it lists with the clause that lists them
/// (`to`/`enter` or `link`; none: the unit itself), and its `device_type`.
#[derive(Clone, Debug)]
pub struct OmpDeclareTarget {
    pub items: Vec<(Ident, DeclareTargetKind)>,
    pub device_type: Option<Ident>,
    pub span: Span,
}

/// An `!$omp declare mapper([default :] type :: var) map(...)...` directive: the maps (the
/// `map` clauses, in order) that replace a map of a whole variable of the type, written in
/// terms of `var`; a named one applies where a `map(mapper(id), ...)` clause names it.
#[derive(Clone, Debug)]
pub struct OmpMapper {
    /// The mapper identifier (`None`: the default mapper).
    pub id: Option<Ident>,
    pub type_name: Ident,
    pub var: Ident,
    pub maps: Vec<Clause>,
    pub span: Span,
}

/// How `declare target` lists a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclareTargetKind {
    /// `to`, `enter` or the parenthesised list: a device copy for the whole program.
    Enter,
    /// `link`: device storage only while the variable is mapped.
    Link,
}

/// An `!$acc routine` directive of a specification part: the procedure it names (`None`:
/// the unit itself) and the directive with its clauses.
#[derive(Clone, Debug)]
pub struct AccRoutine {
    pub name: Option<Ident>,
    pub dir: Directive,
}

/// The argument of an `!$acc routine` directive's `bind` clause.
#[derive(Clone, Debug, PartialEq)]
pub enum RoutineBind {
    /// `bind(name)`: a procedure of the program, called as Fortran calls it.
    Name(Ident),
    /// `bind("string")`: the device symbol of that name.
    Symbol(String),
}

/// A derived-type definition: its components are declarations.
#[derive(Clone, Debug)]
pub struct TypeDef {
    pub name: Ident,
    /// `extends(parent)`: the parent type.
    pub extends: Option<Ident>,
    /// `abstract`: no objects of this type itself.
    pub is_abstract: bool,
    pub comps: Vec<Decl>,
    /// `procedure(iface), pointer, nopass :: f`: procedure pointer components, in order
    /// after `comps` (`ProcDecl::span` orders them among the data components).
    pub proc_comps: Vec<ProcDecl>,
    /// The type-bound procedures after `contains`, in order.
    pub bindings: Vec<TypeBinding>,
    /// `final :: f, g`.
    pub finals: Vec<Ident>,
    pub span: Span,
}

/// One type-bound procedure: `procedure[(iface)][, attrs] :: name [=> impl]`, or a generic
/// binding `generic :: name => a, b` (`name` may be `operator(+)` or `assignment(=)`).
#[derive(Clone, Debug)]
pub struct TypeBinding {
    pub name: Ident,
    /// The procedure (a specific binding: `impl`, else the binding's own name) or the
    /// specific bindings of a generic one.
    pub targets: Vec<Ident>,
    pub generic: bool,
    pub nopass: bool,
    /// `pass(arg)`: the passed-object dummy by name (else the first).
    pub pass: Option<Ident>,
    /// `deferred` with `procedure(iface)`.
    pub deferred: bool,
    pub iface: Option<Ident>,
    /// `private` (written, or the default of the type-bound part after a `private`
    /// statement).
    pub private: bool,
    /// `non_overridable`.
    pub non_overridable: bool,
    pub span: Span,
}

/// An attribute statement for one name.
#[derive(Clone, Debug)]
pub enum AttrStmt {
    /// `dimension a(3, n)`.
    Dimension(Entity),
    /// `allocatable a(:)` or `allocatable a`.
    Allocatable(Entity),
    /// `parameter (n = 10)`.
    Parameter(Entity),
    /// `pointer p(:)` or `pointer p`.
    Pointer(Entity),
    /// `target t`.
    Target(Entity),
    /// A member of a `common` block (with the bounds written there, if any).
    Common(Entity),
}

/// One parenthesised set of an `equivalence` statement.
#[derive(Clone, Debug)]
pub struct EquivSet {
    /// Variables and array elements with constant subscripts.
    pub items: Vec<Expr>,
    /// After semantic analysis: each item's variable and the position of its element in
    /// the variable's storage, in elements (0 for a whole variable).
    pub resolved: Vec<(String, i64)>,
    pub span: Span,
}

/// One block of a `common` statement: `/name/ a, b(10)` (`name` is `None` for blank
/// common).
#[derive(Clone, Debug)]
pub struct CommonBlock {
    pub name: Option<Ident>,
    pub members: Vec<Ident>,
    pub span: Span,
}

/// One `objects / values /` pair of a `data` statement.
#[derive(Clone, Debug)]
pub struct DataSet {
    /// Variables, array elements and implied-do lists of them.
    pub objects: Vec<CtorItem>,
    /// Constants with their repeat counts (`3*0.0`).
    pub values: Vec<(Option<Expr>, Expr)>,
    pub span: Span,
}

/// `procedure(iface) [, pointer] [, intent(...)] [, optional] :: a [=> null()], b`: dummy
/// procedures and procedure pointers with the interface of `iface` (an abstract
/// interface or a procedure).
#[derive(Clone, Debug)]
pub struct ProcDecl {
    pub iface: Ident,
    pub pointer: bool,
    pub intent: Option<Intent>,
    pub optional: bool,
    /// `save`, or implied by an initial `=> null()` on one of the names.
    pub save: bool,
    pub names: Vec<Ident>,
    pub span: Span,
}

impl Unit {
    /// Whether a module's entity `name` is accessible by use association.
    pub fn is_public(&self, name: &str) -> bool {
        match self.access.iter().rev().find(|(n, _)| n.name == name) {
            Some((_, p)) => *p,
            None => !self.default_private,
        }
    }
}

/// The main program is a [`Unit`] of kind [`UnitKind::Program`].
pub type Program = Unit;

/// `use m [, only: a, b => c] [, x => y]`.
#[derive(Clone, Debug)]
pub struct Use {
    pub module: Ident,
    /// `only:` list: (local name, name in the module); `None` when there is no `only:`.
    pub only: Option<Vec<(Ident, Ident)>>,
    /// Renames without `only:`: (local name, name in the module).
    pub renames: Vec<(Ident, Ident)>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intent {
    In,
    Out,
    InOut,
}

/// A base type as written in a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BaseTy {
    /// `integer` with its kind in bytes (4 unless written otherwise).
    Integer(u8),
    /// `real` with its kind in bytes: 4 or 8 (`double precision` is 8).
    Real(u8),
    /// `logical` with its kind in bytes: 1, 2, 4 (default) or 8.
    Logical(u8),
    /// `character(len=n)`; only literals and parameters for now.
    Character,
    /// `complex` with the kind of its parts: 4 or 8 (`double complex` is 8).
    Complex(u8),
    /// `type(name)`: before semantic analysis an index into [`SourceFile::type_names`],
    /// after it an index into [`crate::sema::Checked::types`].
    Derived(u16),
}

/// The type of an expression: a base type and a rank (0 for scalars).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// Not yet known (before semantic analysis, or after an error).
    Unknown,
    Scalar(BaseTy),
    Array(BaseTy, u8),
}

impl Ty {
    pub fn base(self) -> Option<BaseTy> {
        match self {
            Ty::Unknown => None,
            Ty::Scalar(b) | Ty::Array(b, _) => Some(b),
        }
    }
    pub fn rank(self) -> u8 {
        match self {
            Ty::Array(_, r) => r,
            _ => 0,
        }
    }
}

/// A type declaration statement: `real(8), allocatable :: a(:,:), b`.
#[derive(Clone, Debug)]
pub struct Decl {
    pub base: BaseTy,
    /// The span of the type spec (`real(8)`).
    pub base_span: Span,
    /// `class(T)`: polymorphic.
    pub class: bool,
    pub parameter: bool,
    pub allocatable: bool,
    /// `pointer`: a data pointer (an address for a scalar, a descriptor for an array).
    pub pointer: bool,
    /// `target`: the variable may be the target of a pointer (it lives in memory).
    pub target: bool,
    pub intent: Option<Intent>,
    pub optional: bool,
    /// `save` (an initial value implies it too; semantic analysis records that).
    pub save: bool,
    /// `external`: the names are procedures.
    pub external: bool,
    /// `value`: scalar dummy arguments passed by value (C's convention).
    pub value: bool,
    /// `bind(c [, name="..."])` on a module variable: the C name if given (`Some(None)`:
    /// the variable's name).
    pub bind_c: Option<Option<String>>,
    /// `dimension(...)` attribute, applying to entities without their own shape.
    pub dimension: Option<Vec<DimSpec>>,
    /// The length of a `character` declaration (`None`: length 1, or not `character`).
    pub char_len: Option<CharLen>,
    pub entities: Vec<Entity>,
    pub span: Span,
}

/// The length in `character(len=...)`.
#[derive(Clone, Debug)]
pub enum CharLen {
    /// A (constant) expression.
    Expr(Expr),
    /// `*`: assumed from the actual argument or the constant's value.
    Assumed(Span),
    /// `:`: deferred (allocatable), set by allocation on assignment.
    Deferred(Span),
}

/// One declared name with its own shape and initial value.
#[derive(Clone, Debug)]
pub struct Entity {
    pub name: Ident,
    pub dims: Option<Vec<DimSpec>>,
    pub init: Option<Expr>,
    pub span: Span,
}

/// One dimension of an array declaration or an `allocate` shape.
#[derive(Clone, Debug)]
pub enum DimSpec {
    /// `hi` or `lo:hi`.
    Explicit { lo: Option<Expr>, hi: Expr },
    /// `:` (allocatable, deferred shape; assumed shape for a dummy argument).
    Deferred(Span),
    /// `*`: the last bound of an assumed-size dummy argument.
    AssumedSize(Span),
    /// `lo:` of an assumed-shape dummy argument (the extent comes from the actual); the
    /// span covers `lo:`.
    AssumedLo { lo: Expr, span: Span },
}

impl DimSpec {
    /// `:` or `lo:`: a bound of an assumed-shape dummy argument (or a deferred shape).
    pub fn is_assumed_shape(&self) -> bool {
        matches!(self, DimSpec::Deferred(_) | DimSpec::AssumedLo { .. })
    }
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `lhs = rhs`; `lhs` is a name, an element or a section.
    Assign { lhs: Expr, rhs: Expr },
    /// `print *, items` or `print '(fmt)', items`.
    Print { format: Format, items: Vec<Expr> },
    /// `[name:] if (c) then ... else if (c) then ... else ... end if [name]` and the one-line
    /// `if (c) stmt`.
    If { name: Option<Ident>, arms: Vec<(Expr, Vec<Stmt>)>, else_body: Option<Vec<Stmt>> },
    /// `[name:] select case (selector) ... end select [name]`; at most one block is
    /// `case default` (its `values` is `None`).
    SelectCase { name: Option<Ident>, selector: Expr, cases: Vec<CaseBlock> },
    /// `select type ([assoc =>] selector)`: the selector (a variable name) and the type
    /// guards in order.
    SelectType { name: Option<Ident>, selector: Expr, guards: Vec<TypeGuard> },
    /// `[name:] block ... end block [name]` with its own declarations (the parser also adds
    /// them to the unit's declarations, renaming its names `name@bN` inside the block
    /// and turning automatic arrays into allocatables allocated at the start of `body`).
    Block { name: Option<Ident>, decls: Vec<Decl>, body: Vec<Stmt> },
    /// The first statement of the `block` an `associate` construct becomes: each
    /// (renamed) associate name and its selector, bound for the rest of the block.
    Associate(Vec<(Ident, Expr)>),
    /// `[name:] do var = start, end [, step] ... end do`.
    Do { name: Option<Ident>, var: Ident, start: Expr, end: Expr, step: Option<Expr>, body: Vec<Stmt> },
    /// `[name:] do while (cond) ... end do`.
    DoWhile { name: Option<Ident>, cond: Expr, body: Vec<Stmt> },
    /// `exit [name]`.
    Exit(Option<Ident>),
    /// `cycle [name]`.
    Cycle(Option<Ident>),
    /// `continue`.
    Continue,
    /// `stop [code]`.
    Stop(Option<Expr>),
    /// `call name(args)`: a user procedure, or an intrinsic subroutine after semantic
    /// analysis rewrote it to [`StmtKind::IntrinsicCall`]. After semantic analysis
    /// `name.name` is the subroutine's key in [`crate::sema::Procs::map`].
    Call { name: Ident, args: Vec<Arg> },
    /// An intrinsic subroutine with its arguments in the standard's order (keywords
    /// resolved; `None` for an absent optional argument).
    IntrinsicCall { sub: IntrinsicSub, args: Vec<Option<Expr>> },
    /// `return` from a procedure.
    Return,
    /// `error stop [code]`.
    ErrorStop(Option<Expr>),
    /// `write(unit, fmt) items`; `write(*, *)` and `write(6, ...)` go to standard output.
    Write { unit: IoUnit, format: Format, items: Vec<Expr> },
    /// `read(unit, fmt) items` and `read fmt, items` (standard input); the items are
    /// variables, elements, sections or implied-do lists of them (`ExprKind::ArrayCtor`).
    Read { unit: IoUnit, format: Format, items: Vec<Expr> },
    /// `open(unit, file=, status=, action=, position=, form='formatted')`.
    Open(OpenSpec),
    /// `close(unit [, status='keep'|'delete'])`.
    Close { unit: Expr, delete: bool },
    /// `allocate(a(n), b(0:n, m))`.
    Allocate(Vec<(Ident, Vec<DimSpec>)>),
    /// `deallocate(a, b)`.
    Deallocate(Vec<Ident>),
    /// Pointer assignment `p => t`: `lhs` is a pointer designator (`p`, `x%p`), or with
    /// bounds `p(0:)` / `p(1:n, 1:m)` an `ExprKind::Apply`; `rhs` a target, `null()`
    /// or a function returning a pointer.
    PtrAssign { lhs: Expr, rhs: Expr },
    /// `nullify(p, x%q)`.
    Nullify(Vec<Expr>),
    /// `allocate(x%c(n), xs(i)%c(0:n, m))`: allocatable components (an
    /// `ExprKind::Component` without subscripts, and the bounds).
    AllocateComp(Vec<(Expr, Vec<DimSpec>)>),
    /// `deallocate(x%c)`.
    DeallocateComp(Vec<Expr>),
    /// A standalone offload directive (OpenACC `enter data`, `exit data`, `update`, `wait`,
    /// ...; OpenMP `target enter data`, `target update`, ...).
    Standalone(Directive),
    /// A directive construct with a body and an `end` directive: compute constructs
    /// (`parallel`, `kernels`, `serial`; OpenMP `target`) and data regions (`data`).
    Construct { dir: Directive, body: Vec<Stmt>, end_span: Span },
    /// A loop directive (`loop`, `parallel loop`, `kernels loop`, `serial loop`) and the `do`
    /// statement it applies to. A combined construct's optional `end` directive is consumed.
    LoopConstruct { dir: Directive, do_stmt: Box<Stmt> },
    /// `atomic [update|read|write|capture]` and its statement(s); `capture` takes one
    /// statement or a block of two ended by `end atomic`.
    Atomic { dir: Directive, kind: AtomicKind, body: Vec<Stmt> },
    /// `where (mask) ... elsewhere (mask2) ... elsewhere ... end where` and the one-line
    /// `where (mask) a = b`: arms in order, the last one's mask `None` for a bare `elsewhere`.
    /// The bodies hold only array assignments.
    Where { arms: Vec<(Option<Expr>, Vec<Stmt>)> },
    /// `forall (i = lo:hi[:st], ... [, mask]) body` (one statement or a block of assignments).
    Forall { specs: Vec<ConcurrentSpec>, mask: Option<Expr>, body: Vec<Stmt> },
    /// `do concurrent (i = lo:hi[:st], ... [, mask]) ... end do`.
    DoConcurrent { specs: Vec<ConcurrentSpec>, mask: Option<Expr>, locality: Locality, body: Vec<Stmt> },
    /// An I/O statement (`read`, `write`, `print`, `open`, `close`, `rewind`, ...) with
    /// status specifiers (`iostat=`, `iomsg=`, `end=`, `err=`).
    IoStatus { stmt: Box<Stmt>, ctl: Box<IoControl> },
    /// The label of the next statement (`10 continue` parses as `Label(10)`, `Continue`).
    /// Only the parser makes these; [`crate::labels::resolve`] removes them.
    Label(u32),
    /// A `format(...)` statement with its text (parentheses included); removed by
    /// [`crate::labels::resolve`], which puts the text into the `Format`s naming its label.
    FormatStmt(String),
    /// `go to label`: after [`crate::labels::resolve`] always inside a
    /// [`StmtKind::LabelBlock`] of that label, whose end it jumps to.
    GoTo(u32),
    /// Made by [`crate::labels::resolve`]: statements followed by the statement labelled
    /// `label`, and a `go to label` (or an `end=`/`err=` naming it) inside leaves the block;
    /// or (`backward`) the statements from the label to the last jump back to it, and a
    /// `go to label` inside starts them again (falling off the end leaves the block).
    LabelBlock { label: u32, body: Vec<Stmt>, backward: bool },
    /// `rewind unit` / `rewind(unit)`, `backspace`, `endfile` and `flush`.
    UnitOp { op: UnitOp, unit: Expr },
    /// `inquire(file=f | unit=u, exist=, opened=, number=)`.
    Inquire(Box<InquireSpec>),
    /// An `allocate` or `deallocate` with `stat=` and/or `errmsg=` (then errors do not stop
    /// the program).
    AllocStatus { stmt: Box<Stmt>, stat: Option<Box<Expr>>, errmsg: Option<Box<Expr>> },
    /// `allocate(type-spec :: items)`, `allocate(items, source=e)`, `allocate(items,
    /// mold=e)`: an `Allocate` or `AllocateComp` whose items may omit their bounds (then
    /// taken from `source`/`mold`).
    AllocOpts { stmt: Box<Stmt>, spec: Option<AllocTypeSpec>, source: Option<Box<Expr>>, mold: bool },
}

/// The type spec of `allocate(type-spec :: ...)`.
#[derive(Clone, Debug)]
pub struct AllocTypeSpec {
    pub base: BaseTy,
    /// The length of `character(len=n)`.
    pub len: Option<Box<Expr>>,
    pub span: Span,
}

/// The file positioning statements and `flush`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitOp {
    Rewind,
    Backspace,
    Endfile,
    Flush,
}

impl UnitOp {
    pub fn keyword(self) -> &'static str {
        match self {
            UnitOp::Rewind => "rewind",
            UnitOp::Backspace => "backspace",
            UnitOp::Endfile => "endfile",
            UnitOp::Flush => "flush",
        }
    }
}

/// Status specifiers of an I/O statement.
#[derive(Clone, Debug, Default)]
pub struct IoControl {
    /// `iostat=`: an integer variable.
    pub iostat: Option<Expr>,
    /// `iomsg=`: a character variable.
    pub iomsg: Option<Expr>,
    /// `end=label`.
    pub end: Option<(u32, Span)>,
    /// `err=label`.
    pub err: Option<(u32, Span)>,
    /// `advance='no'` of a formatted `write`: the record is left open.
    pub advance_no: bool,
    /// `rec=` of a direct-access transfer, `pos=` of a stream transfer.
    pub rec: Option<Expr>,
    pub pos: Option<Expr>,
    /// `size=` of a non-advancing `read`: an integer variable that gets the number of
    /// characters the data edit descriptors read (padding blanks not counted).
    pub size: Option<Expr>,
    /// `blank=`, `decimal=`, `round=`, `sign=`, `delim=`, `pad=` of this transfer.
    pub modes: IoModes,
    /// Those given by character expressions other than literals (checked at run time),
    /// each with its index in [`IoModes::NAMES`].
    pub mode_exprs: Vec<(usize, Expr)>,
}

/// The changeable modes of a connection (`open`) or of one data transfer: for each mode
/// (in [`IoModes::NAMES`] order) 0 when not given, else the 1-based position of its value
/// in [`IoModes::VALUES`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IoModes(pub [u8; 6]);

impl IoModes {
    /// The specifiers, in the order of the codes.
    pub const NAMES: [&'static str; 6] = ["blank", "decimal", "round", "sign", "delim", "pad"];
    /// The values of each specifier, in the order of their codes (from 1).
    pub const VALUES: [&'static [&'static str]; 6] = [
        &["null", "zero"],
        &["point", "comma"],
        &["up", "down", "zero", "nearest", "compatible", "processor_defined"],
        &["plus", "suppress", "processor_defined"],
        &["apostrophe", "quote", "none"],
        &["yes", "no"],
    ];

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 6]
    }

    /// The specifier of mode `i`.
    pub fn name(i: usize) -> &'static str {
        IoModes::NAMES.get(i).copied().unwrap_or("?")
    }

    /// Whether mode `i` is given.
    pub fn given(&self, i: usize) -> bool {
        self.0.get(i).is_some_and(|&c| c != 0)
    }

    /// The codes in one integer, 4 bits per mode, `blank` lowest (the run time's
    /// `gpuf_open_modes` / `gpuf_io_modes`).
    pub fn packed(&self) -> i32 {
        self.0.iter().enumerate().map(|(i, &c)| i32::from(c) << (4 * i)).sum()
    }
}

/// The specifiers of `inquire`.
#[derive(Clone, Debug)]
pub struct InquireSpec {
    /// `file=` (a character expression) or else `unit=`.
    pub file: Option<Expr>,
    pub unit: Option<Expr>,
    /// `exist=`, `opened=` (logical variables) and `number=` (an integer variable).
    pub exist: Option<Expr>,
    pub opened: Option<Expr>,
    pub number: Option<Expr>,
    /// `name=` (a character variable) and `size=` (an integer variable: bytes).
    pub name: Option<Expr>,
    pub size: Option<Expr>,
    /// `inquire(iolength=n) items`: the variable and the output list.
    pub iolength: Option<Expr>,
    pub items: Vec<Expr>,
    /// `blank=`, `decimal=`, `round=`, `sign=`, `delim=`, `pad=`: character variables, each
    /// with its index in [`IoModes::NAMES`].
    pub modes: Vec<(usize, Expr)>,
}

/// One type guard of a `select type` construct and its statements.
#[derive(Clone, Debug)]
pub struct TypeGuard {
    pub kind: GuardKind,
    /// The associate name inside this block (renamed `a@bN`, as block entities are).
    pub assoc: Ident,
    pub body: Vec<Stmt>,
    /// The guard statement.
    pub span: Span,
}

/// `type is (t)`, `class is (t)`, `class default`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GuardKind {
    TypeIs(BaseTy),
    ClassIs(BaseTy),
    Default,
}

/// One `case` of a `select case` construct and its statements.
#[derive(Clone, Debug)]
pub struct CaseBlock {
    /// The case values; `None` for `case default`.
    pub values: Option<Vec<CaseValue>>,
    pub body: Vec<Stmt>,
    /// The `case` statement.
    pub span: Span,
}

/// One item of a `case (...)` list.
#[derive(Clone, Debug)]
pub enum CaseValue {
    /// `v`.
    Value(Expr),
    /// `lo:`, `:hi` or `lo:hi`.
    Range { lo: Option<Expr>, hi: Option<Expr>, span: Span },
}

/// The unit of a `write`.
#[derive(Clone, Debug)]
pub enum IoUnit {
    /// `*`.
    Star,
    /// An integer expression (6 is standard output, 0 standard error).
    Number(Expr),
}

/// The specifiers of an `open` statement, with the character ones already decoded.
#[derive(Clone, Debug)]
pub struct OpenSpec {
    pub unit: Expr,
    /// `file=`: a character expression.
    pub file: Option<Expr>,
    /// `status=`: 0 unknown, 1 old, 2 new, 3 replace, 4 scratch.
    pub status: i32,
    /// `action=`: 0 readwrite, 1 read, 2 write.
    pub action: i32,
    /// `position='append'`.
    pub append: bool,
    /// `newunit=`: `unit` is the variable that receives a new unit number.
    pub newunit: bool,
    /// `form='unformatted'`.
    pub unformatted: bool,
    /// `access=`: 0 sequential, 1 stream, 2 direct.
    pub access: i32,
    /// `recl=`.
    pub recl: Option<Expr>,
    /// The connection's changeable modes.
    pub modes: IoModes,
    /// Those given by character expressions other than literals (see [`IoControl`]).
    pub mode_exprs: Vec<(usize, Expr)>,
}

/// Intrinsic subroutines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntrinsicSub {
    /// `random_number(harvest)`.
    RandomNumber,
    /// `random_seed(size, put, get)`.
    RandomSeed,
    /// `cpu_time(time)`.
    CpuTime,
    /// `system_clock(count, count_rate, count_max)`.
    SystemClock,
    /// `exit(status)` (a GNU extension real test suites use).
    Exit,
    /// `get_command_argument(number, value, length, status)`.
    GetCommandArgument,
    /// `get_environment_variable(name, value, length, status, trim_name)`.
    GetEnvironmentVariable,
    /// `date_and_time(date, time, zone, values)`.
    DateAndTime,
    /// `execute_command_line(command, wait, exitstat, cmdstat, cmdmsg)`.
    ExecuteCommandLine,
    /// `flush(unit)` (a GNU extension: the `flush` statement as a subroutine).
    Flush,
    /// `move_alloc(from, to)`.
    MoveAlloc,
    /// `iso_c_binding`'s `c_f_pointer(cptr, fptr, shape)`.
    CFPointer,
    /// `iso_c_binding`'s `c_f_procpointer(cptr, fptr)`.
    CFProcpointer,
    /// `mvbits(from, frompos, len, to, topos)` (elemental; device code too).
    Mvbits,
    /// `get_command(command, length, status)`.
    GetCommand,
}

impl IntrinsicSub {
    pub fn from_name(name: &str) -> Option<IntrinsicSub> {
        Some(match name {
            "random_number" => IntrinsicSub::RandomNumber,
            "random_seed" => IntrinsicSub::RandomSeed,
            "cpu_time" => IntrinsicSub::CpuTime,
            "system_clock" => IntrinsicSub::SystemClock,
            "exit" => IntrinsicSub::Exit,
            "get_command_argument" => IntrinsicSub::GetCommandArgument,
            "get_environment_variable" => IntrinsicSub::GetEnvironmentVariable,
            "date_and_time" => IntrinsicSub::DateAndTime,
            "execute_command_line" => IntrinsicSub::ExecuteCommandLine,
            "flush" => IntrinsicSub::Flush,
            "move_alloc" => IntrinsicSub::MoveAlloc,
            "c_f_pointer" => IntrinsicSub::CFPointer,
            "c_f_procpointer" => IntrinsicSub::CFProcpointer,
            "mvbits" => IntrinsicSub::Mvbits,
            "get_command" => IntrinsicSub::GetCommand,
            _ => return None,
        })
    }
    /// The argument keywords in order.
    pub fn params(self) -> &'static [&'static str] {
        match self {
            IntrinsicSub::RandomNumber => &["harvest"],
            IntrinsicSub::RandomSeed => &["size", "put", "get"],
            IntrinsicSub::CpuTime => &["time"],
            IntrinsicSub::SystemClock => &["count", "count_rate", "count_max"],
            IntrinsicSub::Exit => &["status"],
            IntrinsicSub::GetCommandArgument => &["number", "value", "length", "status"],
            IntrinsicSub::GetEnvironmentVariable => &["name", "value", "length", "status", "trim_name"],
            IntrinsicSub::DateAndTime => &["date", "time", "zone", "values"],
            IntrinsicSub::ExecuteCommandLine => &["command", "wait", "exitstat", "cmdstat", "cmdmsg"],
            IntrinsicSub::Flush => &["unit"],
            IntrinsicSub::MoveAlloc => &["from", "to"],
            IntrinsicSub::CFPointer => &["cptr", "fptr", "shape"],
            IntrinsicSub::CFProcpointer => &["cptr", "fptr"],
            IntrinsicSub::Mvbits => &["from", "frompos", "len", "to", "topos"],
            IntrinsicSub::GetCommand => &["command", "length", "status"],
        }
    }
}

#[derive(Clone, Debug)]
pub enum Format {
    /// `*`.
    ListDirected,
    /// A character literal holding the format, e.g. `'(I5, F8.3)'`; the span is the literal's.
    Literal(String, Span),
    /// The label of a `format` statement; [`crate::labels::resolve`] turns it into a
    /// `Literal` (with the label's span).
    Label(u32, Span),
    /// A character expression holding the format (`write(*, fmt) x`).
    Expr(Box<Expr>),
    /// No format: an unformatted transfer (`write(10) x`).
    Unformatted,
    /// A namelist group (`nml=g`, or `g` in the format's place); sema fills in the
    /// group's objects as checked expressions.
    Namelist(Ident, Vec<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtomicKind {
    Update,
    Read,
    Write,
    Capture,
    /// OpenMP's `atomic compare`: see [`atomic_compare`].
    Compare,
    /// OpenMP's `atomic compare capture`.
    CompareCapture,
}

/// The parts of the body of an OpenMP `atomic compare [capture]` (the Fortran forms with
/// `==` or `.eqv.`): `if (x == e) then; x = d; [else; v = x;] end if`, or the `if` preceded
/// by `v = x` (the old value) or followed by it (the new value).
pub struct AtomicCompare<'a> {
    pub x: &'a Expr,
    pub e: &'a Expr,
    pub d: &'a Expr,
    /// The captured variable and which value of `x` it gets.
    pub capture: Option<(&'a Expr, CaptureOf)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureOf {
    /// `v = x` before the `if`: the value `x` had.
    Old,
    /// `else; v = x`: the value `x` had, when the comparison failed.
    OldIfFailed,
    /// `v = x` after the `if`: the value `x` has afterwards.
    New,
}

/// The parts of an `atomic compare [capture]` body, or `None` when it has none of the forms;
/// `same` tells whether two expressions designate the same variable.
pub fn atomic_compare<'a>(body: &'a [Stmt], same: &dyn Fn(&Expr, &Expr) -> bool) -> Option<AtomicCompare<'a>> {
    let copy = |s: &'a Stmt| match &s.kind {
        StmtKind::Assign { lhs, rhs } => Some((lhs, rhs)),
        _ => None,
    };
    let is_if = |s: &Stmt| matches!(s.kind, StmtKind::If { .. });
    let (before, cond_stmt, after) = match body {
        [s] => (None, s, None),
        [a, s] if is_if(s) => (Some(a), s, None),
        [s, b] if is_if(s) => (None, s, Some(b)),
        _ => return None,
    };
    let StmtKind::If { arms, else_body, .. } = &cond_stmt.kind else { return None };
    let [(cond, then_body)] = arms.as_slice() else { return None };
    let [assign] = then_body.as_slice() else { return None };
    let (x, d) = copy(assign)?;
    let ExprKind::Binary(BinOp::Eq | BinOp::Eqv, a, b) = &cond.kind else { return None };
    let e = if same(a, x) {
        &**b
    } else if same(b, x) {
        &**a
    } else {
        return None;
    };
    // `v = x` with the same `x`.
    let capture_of = |s: &'a Stmt| copy(s).filter(|(_, r)| same(r, x)).map(|(v, _)| v);
    let capture = match (before, else_body.as_deref(), after) {
        (None, None, None) => None,
        (Some(s), None, None) => Some((capture_of(s)?, CaptureOf::Old)),
        (None, None, Some(s)) => Some((capture_of(s)?, CaptureOf::New)),
        (None, Some([s]), None) => Some((capture_of(s)?, CaptureOf::OldIfFailed)),
        _ => return None,
    };
    Some(AtomicCompare { x, e, d, capture })
}

/// A directive with its clauses. Statements carry directives through model-neutral
/// variants ([`Stmt::Standalone`], [`Stmt::Construct`], [`Stmt::LoopConstruct`],
/// [`Stmt::Atomic`]); the kind and clause spellings are the directive language's (OpenACC's
/// or OpenMP's), parsed in `crate::directives`.
#[derive(Clone, Debug)]
pub struct Directive {
    pub kind: DirKind,
    pub clauses: Vec<Clause>,
    /// From the sentinel to the end of the directive (continuations included).
    pub span: Span,
}

/// A directive's kind in its language (the programming model).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirKind {
    Acc(AccKind),
    Omp(OmpKind),
}

impl DirKind {
    /// The directive's name as written in the specification.
    pub fn name(self) -> String {
        match self {
            DirKind::Acc(k) => k.name().to_string(),
            DirKind::Omp(k) => k.name(),
        }
    }

    /// The OpenACC kind, if the directive is OpenACC's.
    pub fn acc(self) -> Option<AccKind> {
        match self {
            DirKind::Acc(k) => Some(k),
            DirKind::Omp(_) => None,
        }
    }

    /// The OpenMP kind, if the directive is OpenMP's.
    pub fn omp(self) -> Option<OmpKind> {
        match self {
            DirKind::Omp(k) => Some(k),
            DirKind::Acc(_) => None,
        }
    }

    /// The sentinel of the directive's language: `!$acc` or `!$omp`.
    pub fn sentinel(self) -> &'static str {
        match self {
            DirKind::Acc(_) => "!$acc",
            DirKind::Omp(_) => "!$omp",
        }
    }
}

impl PartialEq<AccKind> for DirKind {
    fn eq(&self, other: &AccKind) -> bool {
        *self == DirKind::Acc(*other)
    }
}

/// The leaf constructs of an OpenMP construct or combined construct (`target teams
/// distribute parallel do simd` has six), as a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OmpLeaves(pub u8);

impl OmpLeaves {
    pub const TARGET: OmpLeaves = OmpLeaves(1);
    pub const TEAMS: OmpLeaves = OmpLeaves(2);
    pub const DISTRIBUTE: OmpLeaves = OmpLeaves(4);
    pub const PARALLEL: OmpLeaves = OmpLeaves(8);
    pub const DO: OmpLeaves = OmpLeaves(16);
    pub const SIMD: OmpLeaves = OmpLeaves(32);
    pub const LOOP: OmpLeaves = OmpLeaves(64);
    /// OpenMP 6.0's `workdistribute` (array statements shared by the teams).
    pub const WORKDISTRIBUTE: OmpLeaves = OmpLeaves(128);
    /// The leaves in the order they are written, with their names.
    pub const ALL: [(OmpLeaves, &'static str); 8] = [
        (OmpLeaves::TARGET, "target"),
        (OmpLeaves::TEAMS, "teams"),
        (OmpLeaves::DISTRIBUTE, "distribute"),
        (OmpLeaves::PARALLEL, "parallel"),
        (OmpLeaves::DO, "do"),
        (OmpLeaves::SIMD, "simd"),
        (OmpLeaves::LOOP, "loop"),
        (OmpLeaves::WORKDISTRIBUTE, "workdistribute"),
    ];

    pub fn has(self, l: OmpLeaves) -> bool {
        self.0 & l.0 != 0
    }

    pub fn with(self, l: OmpLeaves) -> OmpLeaves {
        OmpLeaves(self.0 | l.0)
    }

    pub fn without(self, l: OmpLeaves) -> OmpLeaves {
        OmpLeaves(self.0 & !l.0)
    }

    /// A loop-associated construct (it applies to the `do` loop after it).
    pub fn is_loop(self) -> bool {
        self.has(OmpLeaves::DISTRIBUTE) || self.has(OmpLeaves::DO) || self.has(OmpLeaves::SIMD) || self.has(OmpLeaves::LOOP)
    }
}

/// OpenMP directives (`!$omp ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OmpKind {
    /// A construct or combined construct of leaf constructs: `target`, `teams`,
    /// `distribute`, `parallel`, `do`, `simd`, `loop` and their combinations.
    Leaves(OmpLeaves),
    TargetData,
    TargetEnterData,
    TargetExitData,
    TargetUpdate,
    Atomic,
    Barrier,
    /// `flush [memory-order] [(list)]`: a full memory fence (at least as strong as any list
    /// or memory order asks for).
    Flush,
    /// `nothing`: no effect (allowed in the specification part too).
    Nothing,
    /// `depobj(obj) depend(...)|destroy|update(...)`: no effect, since every construct with
    /// a dependence runs when it is met (the dependences hold without the object).
    Depobj,
    /// Host synchronisation and worksharing constructs: `critical [(name)]` (the name is a
    /// `CriticalName` clause), `single`, `master`, `masked`, `sections` and `parallel
    /// sections` (with a body); `section` (the separator inside `sections`) and `taskwait`.
    Critical,
    Single,
    Master,
    Masked,
    Sections,
    ParallelSections,
    /// `parallel master` and `parallel masked`: a team whose body only one thread runs.
    ParallelMaster,
    ParallelMasked,
    Section,
    Taskwait,
    /// `task` (explicit tasks on the host).
    Task,
    /// `ordered` (a block in a loop with the `ordered` clause) and `taskgroup`.
    Ordered,
    Taskgroup,
    /// `taskloop` alone and in its combined forms (`master taskloop`, `parallel masked
    /// taskloop simd`, ...): the form as written in the specification.
    Taskloop(&'static str),
    /// Directives recognised only to report "not yet implemented" (`critical`, `task`, ...);
    /// `true` for those with a body and an `end` directive.
    NotYet(&'static str, bool),
}

impl OmpKind {
    /// The directive's name as written in the specification.
    pub fn name(self) -> String {
        match self {
            OmpKind::Leaves(l) => OmpLeaves::ALL.iter().filter(|(x, _)| l.has(*x)).map(|(_, n)| *n).collect::<Vec<_>>().join(" "),
            OmpKind::TargetData => "target data".into(),
            OmpKind::TargetEnterData => "target enter data".into(),
            OmpKind::TargetExitData => "target exit data".into(),
            OmpKind::TargetUpdate => "target update".into(),
            OmpKind::Atomic => "atomic".into(),
            OmpKind::Barrier => "barrier".into(),
            OmpKind::Flush => "flush".into(),
            OmpKind::Nothing => "nothing".into(),
            OmpKind::Depobj => "depobj".into(),
            OmpKind::Critical => "critical".into(),
            OmpKind::Single => "single".into(),
            OmpKind::Master => "master".into(),
            OmpKind::Masked => "masked".into(),
            OmpKind::Sections => "sections".into(),
            OmpKind::ParallelSections => "parallel sections".into(),
            OmpKind::ParallelMaster => "parallel master".into(),
            OmpKind::ParallelMasked => "parallel masked".into(),
            OmpKind::Section => "section".into(),
            OmpKind::Taskwait => "taskwait".into(),
            OmpKind::Task => "task".into(),
            OmpKind::Ordered => "ordered".into(),
            OmpKind::Taskgroup => "taskgroup".into(),
            OmpKind::Taskloop(n) | OmpKind::NotYet(n, _) => n.into(),
        }
    }

    /// The leaf constructs (none for the other directives; `parallel sections` has
    /// `parallel`).
    pub fn leaves(self) -> OmpLeaves {
        match self {
            OmpKind::Leaves(l) => l,
            OmpKind::ParallelSections | OmpKind::ParallelMaster | OmpKind::ParallelMasked => OmpLeaves::PARALLEL,
            OmpKind::Taskloop(n) if n.starts_with("parallel") => OmpLeaves::PARALLEL,
            _ => OmpLeaves(0),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccKind {
    Parallel,
    Kernels,
    Serial,
    Data,
    Loop,
    ParallelLoop,
    KernelsLoop,
    SerialLoop,
    EnterData,
    ExitData,
    Update,
    Atomic,
    /// Directives recognised only to report "not yet implemented".
    HostData,
    Wait,
    Routine,
    Declare,
    Cache,
    Init,
    Shutdown,
    Set,
}

impl AccKind {
    /// The directive's name as written in the specification.
    pub fn name(self) -> &'static str {
        match self {
            AccKind::Parallel => "parallel",
            AccKind::Kernels => "kernels",
            AccKind::Serial => "serial",
            AccKind::Data => "data",
            AccKind::Loop => "loop",
            AccKind::ParallelLoop => "parallel loop",
            AccKind::KernelsLoop => "kernels loop",
            AccKind::SerialLoop => "serial loop",
            AccKind::EnterData => "enter data",
            AccKind::ExitData => "exit data",
            AccKind::Update => "update",
            AccKind::Atomic => "atomic",
            AccKind::HostData => "host_data",
            AccKind::Wait => "wait",
            AccKind::Routine => "routine",
            AccKind::Declare => "declare",
            AccKind::Cache => "cache",
            AccKind::Init => "init",
            AccKind::Shutdown => "shutdown",
            AccKind::Set => "set",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Clause {
    pub kind: ClauseKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ClauseKind {
    /// `gang`, `gang(n)`, `gang(num: n)`; `gang(static: ...)` is reported as not yet implemented.
    Gang(Option<Expr>),
    /// `gang(static: k)` / `gang(static: *)` (`None`): iterations in chunks of `k` dealt
    /// to the gangs in turn.
    GangStatic(Option<Expr>),
    /// `gang(dim: d)` (d a constant 1, 2 or 3): the iterations are partitioned over
    /// dimension `d` of the gangs of `num_gangs(n1, n2, n3)`.
    GangDim(Expr),
    /// `worker`, `worker(n)`, `worker(num: n)`.
    Worker(Option<Expr>),
    /// `vector`, `vector(n)`, `vector(length: n)`.
    Vector(Option<Expr>),
    Seq,
    /// `nohost` on `!$acc routine`: the procedure is called only in device code.
    NoHost,
    /// `bind(name)` / `bind("string")` on `!$acc routine`: the procedure device code calls
    /// in place of this one.
    RoutineBind(RoutineBind),
    Auto,
    Independent,
    Collapse(Expr),
    /// `tile(s1, s2, ...)`: the tile sizes (`None` for `*`), the first one for the innermost
    /// loop of the tiled nest.
    Tile(Vec<Option<Expr>>),
    NumGangs(Expr),
    /// `num_gangs(n1, n2[, n3])`: gangs in two or three dimensions (dimension 1 first).
    NumGangsDims(Vec<Expr>),
    NumWorkers(Expr),
    VectorLength(Expr),
    Reduction(RedOp, Vec<Expr>),
    /// OpenMP's `in_reduction(op: list)` (a task's part in a task reduction) and
    /// `task_reduction(op: list)` (a `taskgroup`'s): the originals stay shared, and each
    /// participating task combines its private copy into them when it ends.
    InReduction(RedOp, Vec<Expr>),
    TaskReduction(RedOp, Vec<Expr>),
    Copy(Vec<Expr>),
    Copyin(Vec<Expr>),
    Copyout(Vec<Expr>),
    Create(Vec<Expr>),
    Delete(Vec<Expr>),
    Present(Vec<Expr>),
    NoCreate(Vec<Expr>),
    /// `attach(list)` / `detach(list)`: pointers and allocatables (usually structure
    /// members) whose device copies are attached to (detached from) their targets'.
    Attach(Vec<Expr>),
    Detach(Vec<Expr>),
    /// `deviceptr(list)`: dummy arrays whose addresses are device addresses.
    Deviceptr(Vec<Expr>),
    /// OpenMP `is_device_ptr(list)` on `target`: dummy arrays whose addresses are device
    /// addresses (as `deviceptr`; OpenMP 5.1 reads a Fortran array here as `has_device_addr`).
    IsDevicePtr(Vec<Expr>),
    /// `use_device(list)` on `host_data`.
    UseDevice(Vec<Expr>),
    /// OpenMP `use_device_ptr(list)` on `target data`: arrays (as `use_device_addr`) and
    /// `type(c_ptr)` scalars, whose values are replaced by the device addresses they map to.
    UseDevicePtr(Vec<Expr>),
    /// OpenMP `use_device_addr(list)` on `target data`: arrays and scalars whose references
    /// in the construct use their device copies' addresses (as `use_device` on `host_data`).
    UseDeviceAddr(Vec<Expr>),
    /// OpenMP `has_device_addr(list)` on `target`: arrays whose addresses are device
    /// addresses already (as `deviceptr`).
    HasDeviceAddr(Vec<Expr>),
    /// `device_resident(list)` / `link(list)` on `declare`.
    DeviceResident(Vec<Expr>),
    Link(Vec<Expr>),
    Private(Vec<Expr>),
    Firstprivate(Vec<Expr>),
    /// `self(list)` / `host(list)` on `update`.
    SelfHost(Vec<Expr>),
    /// `device(list)` on `update`.
    Device(Vec<Expr>),
    If(Expr),
    IfPresent,
    Finalize,
    /// `default(none)` (true) or `default(present)` (false).
    Default(bool),
    /// `device_num(n)` on `init`, `shutdown`, `set`.
    DeviceNum(Expr),
    /// `default_async(n)` on `set`.
    DefaultAsync(Expr),
    /// `async` / `async(n)`: the queue (`None`: `acc_async_noval`).
    Async(Option<Expr>),
    /// `wait` / `wait(q1, q2, ...)` on a construct, and the argument list of the `wait`
    /// directive (empty: every queue).
    Wait(Vec<Expr>),
    /// `device_type(list)` / `dtype(list)`: the device types by name, in lower case (`*`
    /// for every type). On `init`, `shutdown` and `set` the device to act on; elsewhere it
    /// starts a group of device-specific clauses (see [`crate::device_type`]).
    DeviceType(Vec<String>),
    // The OpenMP clauses without an OpenACC twin.
    /// `map([map-type:] list)`.
    Map(MapType, Vec<Expr>),
    /// `map(mapper(id), [map-type:] list)`: the named mapper `id` (a `declare mapper`)
    /// applies to the list; sema turns it into `Map` clauses.
    MapMapper(Ident, MapType, Vec<Expr>),
    /// `map(always, [map-type:] list)`: the map type's copies are made even when the data
    /// is present already.
    MapAlways(MapType, Vec<Expr>),
    /// `map(present, map-type: list)` on `target exit data` (elsewhere semantic analysis
    /// makes it [`ClauseKind::Present`]): an error when the data is absent, else the map
    /// type's actions.
    MapPresent(MapType, Vec<Expr>),
    /// `to(list)` / `from(list)` on `target update`.
    To(Vec<Expr>),
    From(Vec<Expr>),
    /// `to(present: list)` / `from(present: list)`: the data must be present.
    ToPresent(Vec<Expr>),
    FromPresent(Vec<Expr>),
    NumTeams(Expr),
    ThreadLimit(Expr),
    NumThreads(Expr),
    /// `device(n)`.
    DeviceExpr(Expr),
    /// `schedule(kind[, chunk])` and `dist_schedule(static[, chunk])`: the kind as written.
    Schedule(String, Option<Expr>),
    DistSchedule(Option<Expr>),
    Simdlen(Expr),
    Safelen(Expr),
    Nowait,
    Shared(Vec<Expr>),
    Lastprivate(Vec<Expr>),
    /// `copyprivate(list)` of `single` (on its `end single`).
    Copyprivate(Vec<Expr>),
    /// OpenMP's `default(shared|none|private|firstprivate)`, as written.
    OmpDefault(String),
    /// `defaultmap(behavior[:category])`: the behaviour (`alloc`, `to`, `from`, `tofrom`,
    /// `firstprivate`, `none`, `default`, `present`) and the category (`scalar`,
    /// `aggregate`, `allocatable`, `pointer`; `None`: all), as written.
    Defaultmap(String, Option<String>),
    /// Clauses that permit or hint and so are honoured by the constructs as gpuf runs them:
    /// `order(concurrent)` (a permission to run iterations concurrently), `nontemporal`,
    /// `hint` and `affinity` (performance hints); of tasks `untied` and `mergeable` (a task
    /// may resume elsewhere or share its parent's data: running it tied and unmerged is one
    /// of the allowed executions) and `priority` (a hint); of `taskloop` `grainsize` and
    /// `num_tasks` (how the iterations are cut into tasks, which a conforming program cannot
    /// observe) and `nogroup` (the end of the taskloop may then wait or not). The clause name.
    Ignored(String),
    /// `bind(thread|parallel|teams)` of `loop`: the binding region, as written.
    Bind(String),
    /// `proc_bind(primary|master|close|spread)` of `parallel`: libgomp's kind (2 primary, 3
    /// close, 4 spread), passed in `GOMP_parallel`'s flags as gfortran does.
    ProcBind(u8),
    /// OpenMP's `if(directive-name: condition)`: the leaf construct it applies to, as
    /// written (`target`, `target data`, `parallel`, `simd`, ...); without a modifier the
    /// clause is [`ClauseKind::If`].
    IfFor(String, Expr),
    /// `allocate([allocator:] list)`: the allocator of the private copies of the list
    /// items. gpuf's private copies live in registers, per-thread stack blocks or launch
    /// scratch memory, where every allocator's traits hold, so the clause changes nothing.
    Allocate(Option<Expr>, Vec<Expr>),
    /// `depend(...)`: constructs run synchronously at the encountering point, which
    /// satisfies every dependence.
    Depend,
    /// OpenMP's `ordered` clause (without the doacross argument).
    OmpOrdered,
    /// Not written by users: an OpenMP `simd` loop inside a `target` region as the
    /// rewriting into offload constructs passes it to lowering (the loop's vector level
    /// runs on the lanes of a warp, seed 004's SIMT lowering), with its `safelen` bound and
    /// the condition of its `if(simd:)` clause (false: one iteration at a time), and its
    /// `simdlen` (a hint, which the loop-mapping report shows).
    OmpSimd(Option<Expr>, Option<Expr>, Option<Expr>),
    /// OpenMP's `linear(list[: step])` (without modifiers): each item is private and
    /// starts each iteration at its value before the loop plus the iteration's number times
    /// the step (1 without one); the value after the last iteration is copied out.
    Linear(Vec<Expr>, Option<Expr>),
    /// OpenMP's `aligned(list[: n])` on `simd`: a promise that the data the pointer,
    /// allocatable or `type(c_ptr)` items point to is aligned to `n` bytes. A hint only:
    /// lowering ignores it (code generation already knows the alignment of the element
    /// type, which is all it relies on).
    Aligned(Vec<Expr>, Option<Expr>),
    /// The name of a `critical (name)` construct.
    CriticalName(String),
    /// `filter(thread)` of `masked`.
    Filter(Expr),
    /// Recognised clauses reported as "not yet implemented" (name as written).
    Unsupported(String),
}

/// The map type of an OpenMP `map` clause (`tofrom` without one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapType {
    To,
    From,
    Tofrom,
    Alloc,
    Release,
    Delete,
    /// No map type written: `to` on `target enter data`, `from` on `target exit data`,
    /// `tofrom` elsewhere (OpenMP 5.2); semantic analysis replaces it.
    Default,
}

impl MapType {
    pub fn name(self) -> &'static str {
        match self {
            MapType::To => "to",
            MapType::From => "from",
            MapType::Tofrom => "tofrom",
            MapType::Alloc => "alloc",
            MapType::Release => "release",
            MapType::Delete => "delete",
            MapType::Default => "tofrom",
        }
    }
}

/// The reduction operators of OpenACC and OpenMP for Fortran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RedOp {
    Add,
    Mul,
    Max,
    Min,
    Iand,
    Ior,
    Ieor,
    And,
    Or,
    Eqv,
    Neqv,
}

impl RedOp {
    pub fn spelling(self) -> &'static str {
        match self {
            RedOp::Add => "+",
            RedOp::Mul => "*",
            RedOp::Max => "max",
            RedOp::Min => "min",
            RedOp::Iand => "iand",
            RedOp::Ior => "ior",
            RedOp::Ieor => "ieor",
            RedOp::And => ".and.",
            RedOp::Or => ".or.",
            RedOp::Eqv => ".eqv.",
            RedOp::Neqv => ".neqv.",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
    /// Filled in by semantic analysis.
    pub ty: Ty,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    /// An integer literal with its kind (`5`, `5_8`).
    Int(i64, u8),
    /// An `integer(16)` literal (or folded constant) beyond the range of `integer(8)`.
    Int128(i128),
    /// A real literal: its value, its kind (`1.0` is 4, `1.0d0` and `1.0_8` are 8).
    Real(f64, u8),
    /// A `real(16)` literal (`1.0_16`, `1q0`): its decimal text normalised as
    /// [`crate::lexer::quad_text`] gives it, or a hexadecimal `0xHHHHp-N` (the value of a
    /// constant of a gfortran module file); codegen converts it exactly.
    Quad(String),
    Logical(bool),
    Str(String),
    Name(Ident),
    /// `name(args)` as parsed: an array element or section, or a function call.
    Apply {
        name: Ident,
        args: Vec<Arg>,
    },
    /// After semantic analysis: an element (all subscripts `Arg::Index`) or a section.
    ArrayRef {
        name: Ident,
        subs: Vec<Arg>,
    },
    /// After semantic analysis: an intrinsic call, with keyword arguments in place.
    Intrinsic {
        func: Intrinsic,
        args: Vec<Expr>,
    },
    /// After semantic analysis: a reference to a user or external function (`name` is the
    /// procedure's key in `sema::Procs`); arguments as written.
    Call {
        name: Ident,
        args: Vec<Arg>,
    },
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    Paren(Box<Expr>),
    /// An array constructor `[a, b, (f(i), i = 1, n)]` or `(/ ... /)`, and the implied-do
    /// list of a `print` item `(a(i), i = 1, n)` (a constructor with one implied-do item).
    ArrayCtor(Vec<CtorItem>),
    /// A complex literal constant `(re, im)`.
    Complex(Box<Expr>, Box<Expr>),
    /// A BOZ literal constant (`z'ff'`, `b'101'`, `o'17'`): its bits. Typeless, it is
    /// allowed only where sema turns it into a typed literal (`sema/boz.rs`): a `data`
    /// value for an integer, an argument of `int`, `real`, `dble`, `cmplx` and of the bit
    /// intrinsics that take two integers.
    Boz(u128),
    /// `base%name` or `base%name(subs)` (a component of a derived-type scalar; `subs` is
    /// empty without subscripts).
    Component(Box<CompRef>),
    /// After semantic analysis: a structure constructor `t(a, b)` with one value per
    /// component in order (keywords resolved; `None`: the component's default).
    StructCtor {
        ty: u16,
        args: Vec<Option<Expr>>,
    },
}

/// `base%name[(subs)]` (boxed: keeps [`ExprKind`] small for deep recursion).
#[derive(Clone, Debug)]
pub struct CompRef {
    pub base: Expr,
    pub name: Ident,
    pub subs: Vec<Arg>,
}

/// One item of an array constructor.
#[derive(Clone, Debug)]
pub enum CtorItem {
    /// A scalar or an array (its elements in array element order).
    Expr(Expr),
    /// `(items, var = lo, hi [, step])`.
    ImpliedDo(Box<ImpliedDo>),
}

/// An implied-do loop in an array constructor or an I/O list.
#[derive(Clone, Debug)]
pub struct ImpliedDo {
    pub items: Vec<CtorItem>,
    pub var: Ident,
    pub lo: Expr,
    pub hi: Expr,
    pub step: Option<Expr>,
}

/// The locality specs of `do concurrent`: `local(a)`, `local_init(b)`, `shared(c)`,
/// `default(none)`.
#[derive(Clone, Debug, Default)]
pub struct Locality {
    /// Each name as an expression (typed by sema).
    pub names: Vec<(LocalityKind, Expr)>,
    pub default_none: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocalityKind {
    Local,
    LocalInit,
    Shared,
}

/// One index of `forall` / `do concurrent`: `var = lo:hi[:step]`.
#[derive(Clone, Debug)]
pub struct ConcurrentSpec {
    pub var: Ident,
    pub lo: Expr,
    pub hi: Expr,
    pub step: Option<Expr>,
}

/// One argument or subscript between parentheses.
#[derive(Clone, Debug)]
pub enum Arg {
    Index(Expr),
    /// `lo:hi[:stride]` with any part omitted.
    Range {
        lo: Option<Expr>,
        hi: Option<Expr>,
        stride: Option<Expr>,
        span: Span,
    },
    /// `name = value` (intrinsic keyword arguments such as `dim=`).
    Keyword(Ident, Expr),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Eqv,
    Neqv,
    Concat,
}

/// The intrinsic procedures known so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    Abs,
    Sqrt,
    Exp,
    Log,
    Sin,
    Cos,
    Max,
    Min,
    Mod,
    Real,
    Dble,
    Int,
    Nint,
    Huge,
    Iand,
    Ior,
    Ieor,
    Sum,
    Floor,
    Ceiling,
    Ishft,
    Not,
    Sign,
    Modulo,
    Aint,
    Anint,
    Float,
    Sngl,
    Epsilon,
    Tiny,
    /// `present(x)` of an optional dummy argument.
    Present,
    /// `allocated(a)` of an allocatable array.
    Allocated,
    /// `associated(p [, t])` of a pointer.
    Associated,
    SameTypeAs,
    ExtendsTypeOf,
    /// `transfer(source, mold)`: the bytes of a scalar read as `mold`'s scalar type.
    Transfer,
    /// `null()`: the disassociated pointer (an actual argument, a pointer assignment's or
    /// a structure constructor's pointer value).
    Null,
    Dim,
    Size,
    Shape,
    Lbound,
    Ubound,
    Maxval,
    Minval,
    Product,
    Count,
    Any,
    All,
    DotProduct,
    Maxloc,
    Minloc,
    Findloc,
    Norm2,
    Merge,
    // Character intrinsics.
    Len,
    LenTrim,
    Trim,
    Adjustl,
    Adjustr,
    Index,
    Repeat,
    Achar,
    Iachar,
    Char,
    Ichar,
    /// Elemental functions of reals from the C library (host code only).
    Erf,
    Erfc,
    ErfcScaled,
    Gamma,
    LogGamma,
    Acosh,
    Asinh,
    Atanh,
    /// `scan(string, set [, back])`, `verify(string, set [, back])`.
    Scan,
    Verify,
    /// ASCII comparisons `lge lgt lle llt`.
    Lge,
    Lgt,
    Lle,
    Llt,
    // Transformational array intrinsics (argument forms in `sema/transform.rs`).
    Matmul,
    Transpose,
    Reshape,
    Spread,
    Pack,
    Unpack,
    Cshift,
    Eoshift,
    // More elemental math (real arguments).
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Sinh,
    Cosh,
    Tanh,
    Log10,
    // Bit intrinsics.
    Btest,
    Ibset,
    Ibclr,
    Ibits,
    Ishftc,
    Popcnt,
    Leadz,
    Trailz,
    BitSize,
    /// The numeric inquiries `precision`, `range`, `digits`, `radix`, `maxexponent`,
    /// `minexponent` (folded to constants of the argument's kind).
    Precision,
    Range,
    Digits,
    Radix,
    MaxExponent,
    MinExponent,
    // Kind inquiries (folded to constants by semantic analysis).
    Kind,
    SelectedRealKind,
    SelectedIntKind,
    /// `command_argument_count()`.
    CommandArgumentCount,
    // Complex numbers.
    Cmplx,
    Aimag,
    Conjg,
    // `iso_c_binding`'s functions (`type(c_ptr)` is an `integer(8)` address).
    CLoc,
    CFunloc,
    CAssociated,
    CSizeof,
    /// `storage_size(a [, kind])`: an element's size in bits.
    StorageSize,
    // Bit intrinsics of Fortran 2008 (elemental, every integer kind; `sema/bit_intrinsics.rs`).
    Shiftl,
    Shiftr,
    Shifta,
    Maskl,
    Maskr,
    MergeBits,
    Dshiftl,
    Dshiftr,
    Bge,
    Bgt,
    Ble,
    Blt,
    Poppar,
    IsIostatEnd,
    IsIostatEor,
    // The real model's elemental functions and the Bessel functions (host code only,
    // `sema/model_intrinsics.rs`); `bessel_jn(n1, n2, x)`/`bessel_yn(n1, n2, x)` are
    // rank-1 results of three arguments.
    Scale,
    Fraction,
    Exponent,
    Nearest,
    Spacing,
    Rrspacing,
    SetExponent,
    BesselJ0,
    BesselJ1,
    BesselJn,
    BesselY0,
    BesselY1,
    BesselYn,
    /// Bitwise reductions of integer arrays (`[array, dim, mask]` like `sum`) and
    /// `parity(mask [, dim])` (like `any`).
    Iall,
    Iany,
    Iparity,
    Parity,
    /// `dprod(x, y)`: the `real(8)` product of two default reals.
    Dprod,
    /// `is_contiguous(array)`.
    IsContiguous,
    /// `rank(a)` and `selected_char_kind(name)`: folded to constants by sema.
    Rank,
    SelectedCharKind,
    /// `logical(l [, kind])`: the logical value in another kind.
    Logical,
}

impl Intrinsic {
    /// The transformational and inquiry intrinsics on whole arrays (and `merge`), which
    /// semantic analysis and lowering treat apart from the elemental ones.
    pub fn is_array_intrinsic(self) -> bool {
        use Intrinsic as I;
        matches!(
            self,
            I::Sum
                | I::Product
                | I::Maxval
                | I::Minval
                | I::Maxloc
                | I::Minloc
                | I::Findloc
                | I::Norm2
                | I::Iall
                | I::Iany
                | I::Iparity
                | I::Parity
                | I::Count
                | I::Any
                | I::All
                | I::Size
                | I::Lbound
                | I::Ubound
                | I::Shape
                | I::DotProduct
                | I::Merge
        ) || self.is_transformational()
    }

    /// The elemental bit intrinsics of Fortran 2008 and `is_iostat_end`/`is_iostat_eor`
    /// (integer arguments of every kind; device code too).
    pub fn is_bit_intrinsic(self) -> bool {
        use Intrinsic as I;
        matches!(
            self,
            I::Shiftl
                | I::Shiftr
                | I::Shifta
                | I::Maskl
                | I::Maskr
                | I::MergeBits
                | I::Dshiftl
                | I::Dshiftr
                | I::Bge
                | I::Bgt
                | I::Ble
                | I::Blt
                | I::Poppar
                | I::IsIostatEnd
                | I::IsIostatEor
        )
    }

    /// The real model's functions (`scale`, `fraction`, ...) and the Bessel functions.
    pub fn is_model_intrinsic(self) -> bool {
        use Intrinsic as I;
        matches!(
            self,
            I::Scale
                | I::Fraction
                | I::Exponent
                | I::Nearest
                | I::Spacing
                | I::Rrspacing
                | I::SetExponent
                | I::BesselJ0
                | I::BesselJ1
                | I::BesselJn
                | I::BesselY0
                | I::BesselY1
                | I::BesselYn
        )
    }

    /// The array-valued transformational intrinsics (`matmul`, `reshape`, `pack`, ...).
    pub fn is_transformational(self) -> bool {
        use Intrinsic as I;
        matches!(self, I::Matmul | I::Transpose | I::Reshape | I::Spread | I::Pack | I::Unpack | I::Cshift | I::Eoshift)
    }

    pub fn from_name(name: &str) -> Option<Intrinsic> {
        Some(match name {
            "abs" => Intrinsic::Abs,
            "sqrt" => Intrinsic::Sqrt,
            "exp" => Intrinsic::Exp,
            "log" => Intrinsic::Log,
            "sin" => Intrinsic::Sin,
            "cos" => Intrinsic::Cos,
            "max" => Intrinsic::Max,
            "min" => Intrinsic::Min,
            "mod" => Intrinsic::Mod,
            "real" => Intrinsic::Real,
            "dble" => Intrinsic::Dble,
            "logical" => Intrinsic::Logical,
            "int" => Intrinsic::Int,
            "nint" => Intrinsic::Nint,
            "huge" => Intrinsic::Huge,
            "iand" => Intrinsic::Iand,
            "ior" => Intrinsic::Ior,
            "ieor" => Intrinsic::Ieor,
            "sum" => Intrinsic::Sum,
            "floor" => Intrinsic::Floor,
            "ceiling" => Intrinsic::Ceiling,
            "ishft" => Intrinsic::Ishft,
            "not" => Intrinsic::Not,
            "sign" => Intrinsic::Sign,
            "modulo" => Intrinsic::Modulo,
            "aint" => Intrinsic::Aint,
            "anint" => Intrinsic::Anint,
            "float" => Intrinsic::Float,
            "sngl" => Intrinsic::Sngl,
            "epsilon" => Intrinsic::Epsilon,
            "tiny" => Intrinsic::Tiny,
            "present" => Intrinsic::Present,
            "allocated" => Intrinsic::Allocated,
            "associated" => Intrinsic::Associated,
            "same_type_as" => Intrinsic::SameTypeAs,
            "extends_type_of" => Intrinsic::ExtendsTypeOf,
            "transfer" => Intrinsic::Transfer,
            "null" => Intrinsic::Null,
            "dim" => Intrinsic::Dim,
            "size" => Intrinsic::Size,
            "shape" => Intrinsic::Shape,
            "lbound" => Intrinsic::Lbound,
            "ubound" => Intrinsic::Ubound,
            "maxval" => Intrinsic::Maxval,
            "minval" => Intrinsic::Minval,
            "product" => Intrinsic::Product,
            "count" => Intrinsic::Count,
            "any" => Intrinsic::Any,
            "all" => Intrinsic::All,
            "dot_product" => Intrinsic::DotProduct,
            "maxloc" => Intrinsic::Maxloc,
            "minloc" => Intrinsic::Minloc,
            "findloc" => Intrinsic::Findloc,
            "norm2" => Intrinsic::Norm2,
            "c_loc" => Intrinsic::CLoc,
            "c_funloc" => Intrinsic::CFunloc,
            "c_associated" => Intrinsic::CAssociated,
            "c_sizeof" => Intrinsic::CSizeof,
            "storage_size" => Intrinsic::StorageSize,
            "merge" => Intrinsic::Merge,
            "len" => Intrinsic::Len,
            "len_trim" => Intrinsic::LenTrim,
            "trim" => Intrinsic::Trim,
            "adjustl" => Intrinsic::Adjustl,
            "adjustr" => Intrinsic::Adjustr,
            "index" => Intrinsic::Index,
            "repeat" => Intrinsic::Repeat,
            "achar" => Intrinsic::Achar,
            "iachar" => Intrinsic::Iachar,
            "char" => Intrinsic::Char,
            "ichar" => Intrinsic::Ichar,
            "scan" => Intrinsic::Scan,
            "verify" => Intrinsic::Verify,
            "lge" => Intrinsic::Lge,
            "lgt" => Intrinsic::Lgt,
            "lle" => Intrinsic::Lle,
            "llt" => Intrinsic::Llt,
            "matmul" => Intrinsic::Matmul,
            "transpose" => Intrinsic::Transpose,
            "reshape" => Intrinsic::Reshape,
            "spread" => Intrinsic::Spread,
            "pack" => Intrinsic::Pack,
            "unpack" => Intrinsic::Unpack,
            "cshift" => Intrinsic::Cshift,
            "eoshift" => Intrinsic::Eoshift,
            "tan" => Intrinsic::Tan,
            "erf" => Intrinsic::Erf,
            "erfc" => Intrinsic::Erfc,
            "erfc_scaled" => Intrinsic::ErfcScaled,
            "gamma" => Intrinsic::Gamma,
            "log_gamma" => Intrinsic::LogGamma,
            "acosh" => Intrinsic::Acosh,
            "asinh" => Intrinsic::Asinh,
            "atanh" => Intrinsic::Atanh,
            "asin" => Intrinsic::Asin,
            "acos" => Intrinsic::Acos,
            "atan" => Intrinsic::Atan,
            "atan2" => Intrinsic::Atan2,
            "sinh" => Intrinsic::Sinh,
            "cosh" => Intrinsic::Cosh,
            "tanh" => Intrinsic::Tanh,
            "log10" => Intrinsic::Log10,
            "btest" => Intrinsic::Btest,
            "ibset" => Intrinsic::Ibset,
            "ibclr" => Intrinsic::Ibclr,
            "ibits" => Intrinsic::Ibits,
            "ishftc" => Intrinsic::Ishftc,
            "popcnt" => Intrinsic::Popcnt,
            "leadz" => Intrinsic::Leadz,
            "trailz" => Intrinsic::Trailz,
            "bit_size" => Intrinsic::BitSize,
            "precision" => Intrinsic::Precision,
            "range" => Intrinsic::Range,
            "digits" => Intrinsic::Digits,
            "radix" => Intrinsic::Radix,
            "maxexponent" => Intrinsic::MaxExponent,
            "minexponent" => Intrinsic::MinExponent,
            "kind" => Intrinsic::Kind,
            "selected_real_kind" => Intrinsic::SelectedRealKind,
            "selected_int_kind" => Intrinsic::SelectedIntKind,
            "command_argument_count" => Intrinsic::CommandArgumentCount,
            "cmplx" => Intrinsic::Cmplx,
            "aimag" => Intrinsic::Aimag,
            "conjg" => Intrinsic::Conjg,
            "shiftl" => Intrinsic::Shiftl,
            "shiftr" => Intrinsic::Shiftr,
            "shifta" => Intrinsic::Shifta,
            "maskl" => Intrinsic::Maskl,
            "maskr" => Intrinsic::Maskr,
            "merge_bits" => Intrinsic::MergeBits,
            "dshiftl" => Intrinsic::Dshiftl,
            "dshiftr" => Intrinsic::Dshiftr,
            "bge" => Intrinsic::Bge,
            "bgt" => Intrinsic::Bgt,
            "ble" => Intrinsic::Ble,
            "blt" => Intrinsic::Blt,
            "poppar" => Intrinsic::Poppar,
            "is_iostat_end" => Intrinsic::IsIostatEnd,
            "is_iostat_eor" => Intrinsic::IsIostatEor,
            "scale" => Intrinsic::Scale,
            "fraction" => Intrinsic::Fraction,
            "exponent" => Intrinsic::Exponent,
            "nearest" => Intrinsic::Nearest,
            "spacing" => Intrinsic::Spacing,
            "rrspacing" => Intrinsic::Rrspacing,
            "set_exponent" => Intrinsic::SetExponent,
            "bessel_j0" => Intrinsic::BesselJ0,
            "bessel_j1" => Intrinsic::BesselJ1,
            "bessel_jn" => Intrinsic::BesselJn,
            "bessel_y0" => Intrinsic::BesselY0,
            "bessel_y1" => Intrinsic::BesselY1,
            "bessel_yn" => Intrinsic::BesselYn,
            "iall" => Intrinsic::Iall,
            "iany" => Intrinsic::Iany,
            "iparity" => Intrinsic::Iparity,
            "parity" => Intrinsic::Parity,
            "dprod" => Intrinsic::Dprod,
            "is_contiguous" => Intrinsic::IsContiguous,
            "rank" => Intrinsic::Rank,
            "selected_char_kind" => Intrinsic::SelectedCharKind,
            _ => return None,
        })
    }
}
