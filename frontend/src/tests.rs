//! Data-style tests of the whole front end: parse round trips, rendered diagnostics, and
//! robustness against mangled input.

use crate::ast::*;
use crate::parse_and_check;
use crate::sema::{Checked, Symbols};

/// Renders every diagnostic of `src` (errors or warnings) as the driver would print them.
fn render_all(src: &str) -> String {
    let diags = match parse_and_check(src) {
        Ok((_, w)) => w,
        Err(d) => d,
    };
    diags.iter().map(|d| d.render("t.f90", src)).collect::<Vec<_>>().join("\n")
}

#[test]
fn sample_programs() {
    let mut paths = Vec::new();
    for sub in ["acc", "f90"] {
        let dir = format!("{}/../tests/programs/{sub}", env!("CARGO_MANIFEST_DIR"));
        let Ok(rd) = std::fs::read_dir(dir) else {
            continue;
        };
        // `.F90` files need the preprocessor first; only `.f90` files are checked here.
        paths.extend(rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "f90")));
    }
    paths.sort();
    let mut bad = String::new();
    for p in paths {
        let Ok(src) = std::fs::read_to_string(&p) else {
            continue;
        };
        // A program's `! flags:` first line may ask for language options.
        let flags = src.lines().next().and_then(|l| l.trim_start().strip_prefix("! flags:")).unwrap_or("").to_string();
        let src = if flags.contains("-ffixed-form") { crate::fixed_form::to_free_form(&src, 72) } else { src };
        let opts = crate::Options {
            openmp: flags.contains("-fopenmp"),
            implicit_none: flags.contains("-fimplicit-none"),
            allow_argument_mismatch: flags.contains("-fallow-argument-mismatch"),
            dialect: crate::dialect::Dialect {
                default_real8: flags.contains("-fdefault-real-8"),
                default_double8: flags.contains("-fdefault-double-8"),
                backslash: flags.contains("-fbackslash"),
                no_underscoring: flags.contains("-fno-underscoring"),
                default_integer8: flags.contains("-fdefault-integer-8"),
            },
        };
        if let Err(d) = crate::parse_and_check_here(&src, &opts) {
            for d in d {
                bad.push_str(&d.render(&p.display().to_string(), &src));
            }
        }
    }
    assert!(bad.is_empty(), "{bad}");
}

// ----- parse round trips -----

/// A compact prefix form of an expression, for precedence tests.
fn sexpr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v, k) => {
            if *k == 4 {
                v.to_string()
            } else {
                format!("{v}_{k}")
            }
        }
        ExprKind::Real(v, k) => format!("{v:?}_{k}"),
        ExprKind::Quad(t) => format!("{t}_16"),
        ExprKind::Int128(v) => format!("{v}_16"),
        ExprKind::Boz(v) => format!("z'{v:x}'"),
        ExprKind::Logical(b) => b.to_string(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Name(id) => id.name.clone(),
        ExprKind::Apply { name, args } | ExprKind::ArrayRef { name, subs: args } | ExprKind::Call { name, args } => {
            let call = if matches!(e.kind, ExprKind::Call { .. }) { "call " } else { "" };
            let a: Vec<String> = args
                .iter()
                .map(|a| match a {
                    Arg::Index(e) => sexpr(e),
                    Arg::Keyword(k, e) => format!("{}={}", k.name, sexpr(e)),
                    Arg::Range { lo, hi, stride, .. } => {
                        let f = |x: &Option<Expr>| x.as_ref().map_or(String::new(), sexpr);
                        match stride {
                            Some(_) => format!("{}:{}:{}", f(lo), f(hi), f(stride)),
                            None => format!("{}:{}", f(lo), f(hi)),
                        }
                    }
                })
                .collect();
            format!("{call}{}[{}]", name.name, a.join(","))
        }
        ExprKind::Intrinsic { func, args } => {
            format!("{func:?}({})", args.iter().map(sexpr).collect::<Vec<_>>().join(","))
        }
        ExprKind::Unary(op, x) => format!("({op:?} {})", sexpr(x)),
        ExprKind::Binary(op, l, r) => format!("({op:?} {} {})", sexpr(l), sexpr(r)),
        ExprKind::Paren(x) => format!("[{}]", sexpr(x)),
        ExprKind::ArrayCtor(items) => format!("ctor({})", items.len()),
        ExprKind::Complex(re, im) => format!("({},{})", sexpr(re), sexpr(im)),
        ExprKind::Component(c) => format!("{}%{}({})", sexpr(&c.base), c.name.name, c.subs.len()),
        ExprKind::StructCtor { ty, args } => format!("type{ty}({})", args.len()),
    }
}

/// Parses `x = <expr>` inside a program without `implicit none` and returns the rhs.
fn parse_rhs(expr: &str) -> String {
    let src = format!("program t\n  x = {expr}\nend program t\n");
    let (file, diags) = crate::parser::parse(&src);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let Some(file) = file else { panic!("no program") };
    let Some(prog) = file.units.first() else { panic!("no program") };
    match prog.body.first().map(|s| &s.kind) {
        Some(StmtKind::Assign { rhs, .. }) => sexpr(rhs),
        other => panic!("not an assignment: {other:?}"),
    }
}

#[test]
fn expression_precedence() {
    let cases = [
        ("-a**2", "(Neg (Pow a 2))"),
        ("-a*b", "(Neg (Mul a b))"),
        ("a - b - c", "(Sub (Sub a b) c)"),
        ("2**3**2", "(Pow 2 (Pow 3 2))"),
        ("a + b * c ** d", "(Add a (Mul b (Pow c d)))"),
        ("a .or. b .and. .not. c", "(Or a (And b (Not c)))"),
        ("a .eqv. b .or. c", "(Eqv a (Or b c))"),
        ("x + 1 > y .and. z <= 2", "(And (Gt (Add x 1) y) (Le z 2))"),
        ("1.eq.2", "(Eq 1 2)"),
        ("'a' // 'b' // c", "(Concat (Concat \"a\" \"b\") c)"),
        ("(a + b) * c", "(Mul [(Add a b)] c)"),
        ("a(i, 2:n, :, ::2)", "a[i,2:n,:,::2]"),
        ("sum(a, dim=1)", "sum[a,dim=1]"),
        ("1.0d0 + 2.5_8 + 5_8 + .5 + 1e3", "(Add (Add (Add (Add 1.0_8 2.5_8) 5_8) 0.5_4) 1000.0_4)"),
    ];
    for (src, want) in cases {
        assert_eq!(parse_rhs(src), want, "for `{src}`");
    }
}

fn check_file_ok(src: &str) -> Checked {
    match parse_and_check(src) {
        Ok((c, _)) => c,
        Err(d) => panic!("{}", d.iter().map(|d| d.render("t.f90", src)).collect::<String>()),
    }
}

/// The first unit of a file that must check without errors, and its symbols.
fn check_ok(src: &str) -> (Program, Symbols) {
    let c = check_file_ok(src);
    let Some(u) = c.units.into_iter().next() else { panic!("no unit") };
    (u.unit, u.symbols)
}

#[test]
fn statements_and_directives() {
    let src = "\
program demo
  implicit none
  integer, parameter :: n = 100, dp = kind(1.0d0)
  real(dp), allocatable :: a(:), b(:,:)
  real(kind=8) :: s
  double precision :: t
  character(len=*), parameter :: msg = 'it''s ' // \"done\"
  integer :: i, j
  logical :: ok
  allocate(a(n), b(0:n, n))
  s = 0.0_dp; t = 1
  outer: do i = 1, n
    if (i > 50) exit outer
    do j = 0, n
      b(j, i) = real(i * j, 8)
    end do
  end do outer
  !$acc data copyin(b) &
  !$acc&     copyout(a)
  !$acc parallel loop gang vector_length(128) reduction(+:s) private(t)
  do i = 1, n
    t = b(0, i)
    a(i) = sqrt(t) + huge(t) * 0
    s = s + a(i)
  end do
  !$acc end parallel loop
  !$acc end data
  !$acc serial
  !$acc atomic update
  s = s + 1.0_8
  !$acc end serial
  ok = s > 0 .and. .not. (t < 0)
  if (ok) then
    print *, msg, s
  else if (t > 1) then
    print '(A, F8.3)', 'no ', t
  else
    stop 1
  end if
  deallocate(a, b)
end program demo
";
    let (p, syms) = check_ok(src);
    assert_eq!(p.name.name, "demo");
    assert!(p.implicit_none);
    assert_eq!(syms.get("dp").and_then(|s| s.init.as_ref()).map(sexpr), Some("8".to_string()));
    assert_eq!(syms.get("a").map(|s| (s.base, s.rank, s.allocatable)), Some((BaseTy::Real(8), 1, true)));
    assert_eq!(syms.get("t").map(|s| s.base), Some(BaseTy::Real(8)));
    let kinds: Vec<&str> = p
        .body
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Allocate(_) => "allocate",
            StmtKind::Assign { .. } => "assign",
            StmtKind::Do { .. } => "do",
            StmtKind::Construct { .. } => "accblock",
            StmtKind::If { .. } => "if",
            StmtKind::Deallocate(_) => "deallocate",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["allocate", "assign", "assign", "do", "accblock", "accblock", "assign", "if", "deallocate"]);
    let Some(StmtKind::Construct { dir, body, .. }) = p.body.get(4).map(|s| &s.kind) else { panic!() };
    assert_eq!(dir.kind, AccKind::Data);
    assert_eq!(dir.clauses.len(), 2);
    let Some(StmtKind::LoopConstruct { dir, do_stmt }) = body.first().map(|s| &s.kind) else { panic!("{body:?}") };
    assert_eq!(dir.kind, AccKind::ParallelLoop);
    let names: Vec<String> =
        dir.clauses.iter().map(|c| format!("{:?}", c.kind).chars().take_while(|c| c.is_alphabetic()).collect()).collect();
    assert_eq!(names, ["Gang", "VectorLength", "Reduction", "Private"]);
    let StmtKind::Do { body, .. } = &do_stmt.kind else { panic!() };
    let Some(StmtKind::Assign { rhs, .. }) = body.get(1).map(|s| &s.kind) else { panic!() };
    assert_eq!(sexpr(rhs), "(Add Sqrt(t) (Mul Huge(t) 0))");
    assert_eq!(rhs.ty, Ty::Scalar(BaseTy::Real(8)));
    let Some(StmtKind::Construct { body, .. }) = p.body.get(5).map(|s| &s.kind) else { panic!() };
    assert!(matches!(body.first().map(|s| &s.kind), Some(StmtKind::Atomic { kind: AtomicKind::Update, .. })));
}

#[test]
fn implicit_typing_and_array_types() {
    let src = "\
program p
  real :: a(10, 20), v(5)
  k = 2
  x = 1.5
  a(:, 1) = a(1:10, k) * 2 + x
  v = v / sum(v)
end program
";
    let (p, syms) = check_ok(src);
    assert_eq!(syms.get("k").map(|s| s.base), Some(BaseTy::Integer(4)));
    assert_eq!(syms.get("x").map(|s| s.base), Some(BaseTy::Real(4)));
    let Some(StmtKind::Assign { lhs, rhs }) = p.body.get(2).map(|s| &s.kind) else { panic!() };
    assert_eq!(lhs.ty, Ty::Array(BaseTy::Real(4), 1));
    assert_eq!(rhs.ty, Ty::Array(BaseTy::Real(4), 1));
}

// ----- rendered diagnostics -----

/// Asserts the full rendered diagnostics of `src`.
fn diag(src: &str, want: &str) {
    let got = render_all(src);
    assert_eq!(got.trim_end(), want.trim_end(), "\n--- got ---\n{got}");
}

#[test]
fn diag_syntax_error_in_expression() {
    diag(
        "program p\n  implicit none\n  integer :: x\n  x = (1 + ) * 2\nend program p\n",
        "\
error[E0001]: expected expression, found `)`
 --> t.f90:4:12
  |
4 |   x = (1 + ) * 2
  |            ^ expected expression
",
    );
}

#[test]
fn diag_misspelled_clause() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  !$acc parallel loop copyn(a)\n  do i = 1, 10\n    a(i) = 0\n  end do\nend program p\n",
        "\
error[E0021]: unknown clause `copyn`
 --> t.f90:5:23
  |
5 |   !$acc parallel loop copyn(a)
  |                       ^^^^^ not an OpenACC clause
  = help: did you mean `copyin`?
",
    );
}

#[test]
fn diag_undeclared_in_reduction() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  !$acc parallel loop reduction(+:total)\n  do i = 1, 10\n    a(i) = 1.0\n  end do\nend program p\n",
        "\
error[E0101]: undeclared variable `total`
 --> t.f90:5:35
  |
5 |   !$acc parallel loop reduction(+:total)
  |                                   ^^^^^ not declared
  = note: `implicit none` requires every variable to be declared
",
    );
}

#[test]
fn diag_undeclared_in_statement() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  i = y + 1\n  i = y * 2\nend program p\n",
        "\
error[E0101]: undeclared variable `y`
 --> t.f90:4:7
  |
4 |   i = y + 1
  |       ^ not declared
  = note: `implicit none` requires every variable to be declared
",
    );
}

#[test]
fn diag_assignment_type_mismatch() {
    diag(
        "program p\n  implicit none\n  logical :: ok\n  real(8) :: x\n  x = 1.0d0\n  ok = x\nend program p\n",
        "\
error[E0221]: mismatched types: cannot assign `real(8)` to `logical`
 --> t.f90:6:8
  |
6 |   ok = x
  |        ^ expected `logical`, found `real(8)`
",
    );
}

#[test]
fn diag_missing_end_parallel() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  !$acc parallel copy(a)\n  !$acc loop\n  do i = 1, 10\n    a(i) = 1.0\n  end do\nend program p\n",
        "\
error[E0010]: missing `!$acc end parallel` for this `parallel` construct
 --> t.f90:5:3
  |
5 |   !$acc parallel copy(a)
  |   ^^^^^^^^^^^^^^ this `parallel` construct is never closed
",
    );
}

#[test]
fn diag_collapse_too_deep() {
    diag(
        "program p\n  implicit none\n  integer :: i, j\n  real :: a(10,10)\n  !$acc parallel loop collapse(3)\n  do i = 1, 10\n    do j = 1, 10\n      a(i,j) = 1.0\n    end do\n  end do\nend program p\n",
        "\
error[E0304]: `collapse(3)` needs 3 nested loops, but only 2 are nested here
 --> t.f90:5:23
  |
5 |   !$acc parallel loop collapse(3)
  |                       ^^^^^^^^^^^ asks for 3 tightly nested loops
  = note: each collapsed loop must contain only the next loop
",
    );
}

#[test]
fn diag_reduction_operator_type() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real(8) :: s\n  s = 0\n  !$acc parallel loop reduction(iand:s)\n  do i = 1, 10\n    s = s + 1\n  end do\nend program p\n",
        "\
error[E0305]: reduction operator `iand` needs an `integer` variable, but `s` is `real(8)`
 --> t.f90:6:23
  |
6 |   !$acc parallel loop reduction(iand:s)
  |                       ^^^^^^^^^^^^^^^^^ `iand` cannot reduce `real(8)`
",
    );
}

#[test]
fn diag_reduction_item_not_variable() {
    // OpenACC reduces array elements and sections; a function reference is no variable.
    diag(
        "program p\n  implicit none\n  integer :: i, y, a(4)\n  !$acc parallel loop reduction(+:a(2), f(2))\n  do i = 1, 10\n    a(2) = a(2) + 1\n  end do\ncontains\n  integer function f(j)\n    integer, intent(in) :: j\n    f = j\n  end function f\nend program p\n",
        "\
error[E0305]: a reduction item must be a variable, an array element or an array section
 --> t.f90:4:41
  |
4 |   !$acc parallel loop reduction(+:a(2), f(2))
  |                                         ^^^^ not a variable
",
    );
}

#[test]
fn diag_missing_end_do() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  do i = 1, 10\n    print *, i\nend program p\n",
        "\
error[E0010]: missing `end do` for this `do` loop
 --> t.f90:4:3
  |
4 |   do i = 1, 10
  |   ^^^^^^^^^^^^ this `do` loop is never closed
",
    );
}

#[test]
fn diag_nested_compute_constructs() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  !$acc kernels\n  !$acc parallel loop\n  do i = 1, 10\n    a(i) = 1.0\n  end do\n  !$acc end kernels\nend program p\n",
        "\
error[E0301]: `parallel loop` construct nested inside a `kernels` construct
 --> t.f90:6:3
  |
6 |   !$acc parallel loop
  |   ^^^^^^^^^^^^^^^^^^^ compute constructs cannot be nested
",
    );
}

#[test]
fn diag_clause_not_allowed() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  !$acc parallel\n  !$acc loop copy(a)\n  do i = 1, 10\n    a(i) = 1.0\n  end do\n  !$acc end parallel\nend program p\n",
        "\
error[E0316]: clause `copy` is not allowed on `loop`
 --> t.f90:6:14
  |
6 |   !$acc loop copy(a)
  |              ^^^^^^^ not allowed here
",
    );
}

#[test]
fn diag_cache_outside_compute() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  do i = 1, 10\n    !$acc cache(a)\n    a(i) = 1.0\n  end do\nend program p\n",
        "\
error[E0316]: `cache` is allowed only inside a loop of a compute construct
 --> t.f90:6:5
  |
6 |     !$acc cache(a)
  |     ^^^^^^^^^^^^^^ outside every compute construct
",
    );
}

#[test]
fn diag_attach_needs_pointer() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  !$acc parallel loop attach(a)\n  do i = 1, 10\n    a(i) = 1.0\n  end do\nend program p\n",
        "\
error[E0337]: `attach` needs a pointer or allocatable variable or member
 --> t.f90:5:30
  |
5 |   !$acc parallel loop attach(a)
  |                              ^ neither a pointer nor allocatable
",
    );
}

#[test]
fn diag_logical_condition_required() {
    diag(
        "program p\n  implicit none\n  integer :: n\n  n = 3\n  if (n) then\n    n = 4\n  end if\nend program p\n",
        "\
error[E0213]: the `if` condition must be a scalar `logical`, found `integer(4)`
 --> t.f90:5:7
  |
5 |   if (n) then
  |       ^ expected `logical`
",
    );
}

#[test]
fn diag_wrong_subscript_count() {
    diag(
        "program p\n  implicit none\n  real :: a(10, 10)\n  a(1) = 2.0\nend program p\n",
        "\
error[E0203]: wrong number of subscripts for `a`: it has rank 2, but 1 subscript is given
 --> t.f90:4:3
  |
4 |   a(1) = 2.0
  |   ^^^^ expected 2 subscripts
",
    );
}

#[test]
fn diag_seq_with_gang() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  !$acc parallel loop gang seq\n  do i = 1, 10\n    a(i) = 1.0\n  end do\nend program p\n",
        "\
error[E0306]: `gang` cannot be combined with `seq`
 --> t.f90:5:23
  |
5 |   !$acc parallel loop gang seq
  |                       ^^^^ conflicts with `seq`
",
    );
}

#[test]
fn diag_stray_end_and_recovery() {
    // Two independent syntax errors are both reported; the stray `end if` once.
    diag(
        "program p\n  implicit none\n  integer :: i\n  i = 1 +\n  end if\n  i = * 2\nend program p\n",
        "\
error[E0001]: expected expression, found end of statement
 --> t.f90:4:10
  |
4 |   i = 1 +
  |          ^ expected expression

error[E0012]: `end if` without a matching `if`
 --> t.f90:5:3
  |
5 |   end if
  |   ^^^^^^ nothing to end here

error[E0001]: expected expression, found `*`
 --> t.f90:6:7
  |
6 |   i = * 2
  |       ^ expected expression
",
    );
}

#[test]
fn diag_atomic_capture_single_statement() {
    diag(
        "program p\n  implicit none\n  integer :: x, v\n  x = 0\n  !$acc parallel\n  !$acc atomic capture\n  v = x\n  !$acc end atomic\n  !$acc end parallel\nend program p\n",
        "\
error[E0311]: `atomic capture` needs two statements in Fortran
 --> t.f90:7:3
  |
7 |   v = x
  |   ^^^^^ only one statement here
  = help: write `v = x` and an update of `x` (in either order), then `!$acc end atomic`
",
    );
}

#[test]
fn diag_parameter_assignment_and_exit() {
    diag(
        "program p\n  implicit none\n  integer, parameter :: n = 4\n  n = 5\n  exit\nend program p\n",
        "\
error[E0240]: cannot assign to parameter `n`
 --> t.f90:4:3
  |
4 |   n = 5
  |   ^ a parameter is a constant

error[E0110]: `exit` outside of a loop
 --> t.f90:5:3
  |
5 |   exit
  |   ^^^^ not inside a `do` loop
",
    );
}

// ----- robustness -----

const SMOKE: &str = "\
module consts
  implicit none
  integer, parameter :: n = 64
  integer :: calls = 0
contains
  subroutine tick(k)
    integer, intent(inout) :: k
    k = k + 1
    calls = calls + 1
  end subroutine tick
end module consts

program smoke
  use consts, only: tick, nn => n
  implicit none
  integer, parameter :: n = nn
  real(8), allocatable :: a(:), b(:,:)
  real(8) :: s, t, norm
  integer :: i, j, k
  logical :: ok
  character(len=*), parameter :: msg = 'sum = '
  allocate(a(n), b(n, n))
  call tick(k)
  s = 0.0d0
  do i = 1, n
    a(i) = dble(i) * 0.5d0
  end do
  !$acc data copyin(a) create(b)
  !$acc parallel loop collapse(2) gang vector &
  !$acc& reduction(+:s) private(t)
  do j = 1, n
    do i = 1, n
      t = a(i) * a(j)
      b(i, j) = t
      s = s + t
    end do
  end do
  !$acc end parallel loop
  !$acc update self(b(1:n, 1))
  !$acc end data
  k = 0
  do while (k < 10)
    k = k + 1
    if (mod(k, 2) == 0) cycle
  end do
  ok = s > 0.0d0 .and. k /= 3
  if (ok) then
    print *, msg, s
  else
    write(*, '(A)') \"bad\"
  end if
  s = norm(a, n) + twice(s)
  deallocate(a, b)
contains
  real(8) function twice(x)
    real(8), intent(in) :: x
    twice = 2 * x
    if (x < 0) return
  end function twice
end program smoke

real(8) function norm(v, m)
  implicit none
  integer, intent(in) :: m
  real(8), intent(in) :: v(m)
  norm = sqrt(sum(v * v))
end function norm
";

/// Checks that `src` is handled without panicking. Runs the front end on the test's own
/// thread (2 MiB stack, smaller than the front end's thread) so that stack use is tested too.
/// Every prefix of `src`, `src` with each character deleted, and with each character
/// replaced by one of `subs` in turn: none makes the front end panic.
fn no_panic_on_edits(src: &str, subs: &[&str]) {
    for (n, (i, c)) in src.char_indices().enumerate() {
        no_panic(&src[..i]);
        let mut del = String::from(&src[..i]);
        del.push_str(src.get(i + 1..).unwrap_or(""));
        no_panic(&del);
        let sub = subs.get(n % subs.len()).copied().unwrap_or("(");
        let mut s = String::from(&src[..i]);
        s.push_str(sub);
        s.push_str(&src[i + c.len_utf8()..]);
        no_panic(&s);
    }
}

fn no_panic(src: &str) {
    let r = std::panic::catch_unwind(|| {
        let diags = match crate::check_file(src) {
            Ok((_, w)) => w,
            Err(d) => d,
        };
        for d in &diags {
            let _ = d.render("t.f90", src);
        }
    });
    assert!(r.is_ok(), "panic on input:\n{src}");
}

#[test]
fn smoke_program_is_valid() {
    check_ok(SMOKE);
}

#[test]
fn no_panic_on_prefixes_and_deletions() {
    let src = SMOKE;
    for (i, _) in src.char_indices() {
        no_panic(&src[..i]);
        let mut del = String::from(&src[..i]);
        del.push_str(src.get(i + 1..).unwrap_or(""));
        no_panic(&del);
    }
}

#[test]
fn no_panic_on_substitutions() {
    let src = SMOKE;
    let subs = ["(", ")", "&", "'", "\"", "!", ";", ":", "=", "é", "\n", ".", "1", ","];
    for (n, (i, c)) in src.char_indices().enumerate() {
        let sub = subs.get(n % subs.len()).copied().unwrap_or("(");
        let mut s = String::from(&src[..i]);
        s.push_str(sub);
        s.push_str(&src[i + c.len_utf8()..]);
        no_panic(&s);
    }
}

#[test]
fn no_panic_on_odd_inputs() {
    let long_chain = format!("program p\nx = {}1\nend\n", "1 + ".repeat(5000));
    let deep_parens = format!("program p\nx = {}1{}\nend\n", "(".repeat(5000), ")".repeat(5000));
    let deep_not = format!("program p\nx = {}y\nend\n", ".not. ".repeat(5000));
    let deep_do = format!("program p\n{}x = 1\n{}end\n", "do i = 1, 2\n".repeat(500), "end do\n".repeat(500));
    let deep_if = format!("program p\n{}x = 1\n{}end\n", "if (.true.) then\n".repeat(500), "end if\n".repeat(500));
    let deep_acc = format!("program p\n{}x = 1\n{}end\n", "!$acc data\n".repeat(500), "!$acc end data\n".repeat(500));
    // Just under the limits: valid programs that semantic analysis walks in full.
    let near_do = format!(
        "program p\n{}x = {}1\n{}end\n",
        "do i = 1, 2\n".repeat(63),
        "(1 + ".repeat(60) + &"1) ".repeat(60) + "+ 1 + ",
        "end do\n".repeat(63)
    );
    let near_chain = format!("program p\nx = {}1\nend\n", "1 * ".repeat(1990));
    let inputs: Vec<String> = vec![
        near_do,
        near_chain,
        String::new(),
        "\0\u{1}\u{7f}".into(),
        "program".into(),
        "program p\nend program q\n".into(),
        "program p\n x = 'abc\nend\n".into(),
        "program p\n x = 1 &\n".into(),
        "program p\n!$acc\n!$acc end\n!$acc parallel &\nend\n".into(),
        "program p\n!$acc parallel loop\n!$acc end parallel loop\nend\n".into(),
        "program p\n x = 1e999 + 99999999999999999999_8\nend\n".into(),
        "program p\n  real :: a(1,1,1,1,1,1,1,1)\nend\n".into(),
        "program ü\n ü = 1\nend\n".into(),
        "\u{feff}program p\nend\n".into(),
        "program p\r\n x = 1 + &\r\n & 2\r\nend program p\r\n".into(),
        "program p\n integer :: i\n !$acc parallel loop collapse(99999999999)\n do i = 1, 2\n end do\nend\n".into(),
        "program p\n !$acc atomic capture\n end program p\n".into(),
        long_chain,
        deep_parens,
        deep_not,
        deep_do,
        deep_if,
        deep_acc,
    ];
    // On a stack as large as the one `parse_and_check` gives the front end (the nesting
    // limits are set for it, not for a test thread's default).
    let run = move || {
        for s in &inputs {
            no_panic(s);
        }
        // Bytes that are not valid on their own still arrive as valid UTF-8 here; try all of Latin-1.
        let all: String = (0u32..256).filter_map(char::from_u32).collect();
        no_panic(&all);
        no_panic(&format!("program p\n{all}\nend\n"));
    };
    let t = std::thread::Builder::new().stack_size(64 << 20).spawn(run);
    assert!(t.is_ok_and(|t| t.join().is_ok()), "a panic or no test thread");
}

// ----- program units and procedures -----

#[test]
fn diag_wrong_argument_count() {
    diag(
        "program p\n  implicit none\n  call foo(1, 2)\nend program p\nsubroutine foo(n)\n  integer, intent(in) :: n\n  print *, n\nend subroutine foo\n",
        "\
error[E0125]: `foo` takes 1 argument, but 2 were given
 --> t.f90:3:15
  |
3 |   call foo(1, 2)
  |               ^ unexpected argument
",
    );
    diag(
        "module m\ncontains\n  subroutine foo(n, x)\n    integer :: n\n    real :: x\n  end subroutine foo\nend module m\nprogram p\n  use m\n  call foo(x=1.0)\nend program p\n",
        "\
error[E0125]: missing argument `n` in the call of `foo`
  --> t.f90:10:8
   |
10 |   call foo(x=1.0)
   |        ^^^^^^^^^^ argument `n` not given
",
    );
}

#[test]
fn diag_argument_type_mismatch() {
    diag(
        "module m\n  implicit none\ncontains\n  subroutine foo(x)\n    integer, intent(in) :: x\n  end subroutine foo\nend module m\nprogram p\n  use m\n  implicit none\n  call foo(2.5)\nend program p\n",
        "\
error[E0230]: argument 1 of `foo` has type `real(4)`, but the dummy `x` is `integer(4)`
  --> t.f90:11:12
   |
11 |   call foo(2.5)
   |            ^^^ expected `integer(4)`
",
    );
}

#[test]
fn diag_function_called_as_subroutine() {
    diag(
        "program p\n  call bar(1)\ncontains\n  integer function bar(k)\n    integer :: k\n    bar = k\n  end function bar\nend program p\n",
        "\
error[E0124]: function `bar` cannot be called with `call`
 --> t.f90:2:8
  |
2 |   call bar(1)
  |        ^^^ `bar` is a function
  = help: use its result in an expression
",
    );
}

#[test]
fn diag_return_in_main_program_is_a_warning() {
    diag(
        "program p\n  implicit none\n  return\nend program p\n",
        "\
warning[W0123]: `return` in the main program ends the program
 --> t.f90:3:3
  |
3 |   return
  |   ^^^^^^ not inside a subroutine or function
  = help: `stop` is the standard way to end the main program
",
    );
}

#[test]
fn diag_unknown_module() {
    diag(
        "program p\n  use foo\n  implicit none\nend program p\n",
        "\
error[E0120]: unknown module `foo`
 --> t.f90:2:7
  |
2 |   use foo
  |       ^^^ not defined in this file
  = note: no module file `foo.gmod` was found; compile the file that defines it first, and pass its directory with `-I`
",
    );
}

#[test]
fn diag_undeclared_in_procedure() {
    diag(
        "subroutine s(a, n)\n  implicit none\n  integer, intent(in) :: n\n  real, intent(out) :: a(n)\n  a = total\nend subroutine s\n",
        "\
error[E0101]: undeclared variable `total`
 --> t.f90:5:7
  |
5 |   a = total
  |       ^^^^^ not declared
  = note: `implicit none` requires every variable to be declared
",
    );
}

#[test]
fn diag_mismatched_end_subroutine() {
    diag(
        "subroutine s(x)\n  real :: x\n  x = 1\nend subroutine t\n",
        "\
error[E0013]: `end subroutine` names `t`, but the subroutine is `s`
 --> t.f90:4:16
  |
4 | end subroutine t
  |                ^ expected `s`
",
    );
}

#[test]
fn diag_intrinsic_subroutine_arguments() {
    diag(
        "program p\n  implicit none\n  integer :: k(3)\n  call random_number(k)\nend program p\n",
        "\
error[E0210]: the `harvest` argument of `random_number` must be a `real` scalar or array, found rank-1 `integer(4)` array
 --> t.f90:4:22
  |
4 |   call random_number(k)
  |                      ^ expected a `real` scalar or array
",
    );
}

#[test]
fn diag_implicit_interface_mismatch() {
    diag(
        "program p\n  call s(1.0)\n  call s(1)\nend program p\n",
        "\
error[E0230]: argument 1 of `s` has type `integer(4)`, but an earlier call passed `real(4)`
 --> t.f90:3:10
  |
3 |   call s(1)
  |          ^ expected `real(4)`
  = note: without an explicit interface, every call must pass the same types
",
    );
}

#[test]
fn diag_preprocessor_line() {
    diag(
        "#define N 3\nprogram p\nend program p\n",
        "\
error[E0900]: not yet implemented: preprocessor directives in .f90 files (rename to .F90)
 --> t.f90:1:1
  |
1 | #define N 3
  | ^^^^^^^^^^^
",
    );
}

#[test]
fn long_lines_and_two_programs() {
    let long = format!("program p\n  print *, '{}'\nend program p\n", "x".repeat(200));
    assert_eq!(render_all(&long), "");
    diag(
        "program a\nend program a\nprogram b\nend program b\n",
        "\
error[E0015]: a file may contain only one main program
 --> t.f90:3:9
  |
3 | program b
  |         ^ a second main program
  = note: put the other procedures in subroutines or functions
",
    );
}

#[test]
fn multi_unit_round_trip() {
    let src = "\
module m
  implicit none
  integer, parameter :: n = 4
  real(8) :: w = 2.0d0
contains
  subroutine inc(k)
    integer, intent(inout) :: k
    k = k + 1
  end subroutine inc
  pure function sq(x) result(y)
    real(8), intent(in) :: x
    real(8) :: y
    y = x * x * w
  end function
end module m

program main
  use m, only: inc, sq, n, weight => w
  implicit none
  integer :: i
  real(8) :: a(n), f
  external f
  i = 0
  call inc(i)
  a = 1.0d0
  a(1) = sq(weight) + f(2.0d0)
  call fill(a, n)
  call show()
  write(*, '(I3)') i
  write(unit=6, fmt=*) 'x', i
  call random_number(a)
  if (i > 100) error stop 2
contains
  subroutine show()
    print *, i, a(2)
  end subroutine show
end program main

subroutine fill(b, m)
  integer :: m
  real(8) :: b(m), c(*)
  integer :: k
  integer, save :: calls = 0
  do k = 1, m
    b(k) = k
  end do
  calls = calls + 1
  return
end subroutine

real(8) function f(x)
  real(8) x
  f = x + 1
end
";
    // `c(*)` is not a dummy of `fill`: the one error, then the file without it.
    assert!(render_all(src).contains("error[E0034]: assumed-size arrays are only allowed for dummy arguments"));
    let src = src.replace(", c(*)", "");
    let c = check_file_ok(&src);
    let names: Vec<(&str, UnitKind, Option<usize>)> = c.units.iter().map(|u| (u.unit.name.name.as_str(), u.unit.kind, u.host)).collect();
    assert_eq!(
        names,
        [
            ("m", UnitKind::Module, None),
            ("inc", UnitKind::Subroutine, Some(0)),
            ("sq", UnitKind::Function, Some(0)),
            ("main", UnitKind::Program, None),
            ("show", UnitKind::Subroutine, Some(3)),
            ("fill", UnitKind::Subroutine, None),
            ("f", UnitKind::Function, None),
        ]
    );
    let link = |k: &str| c.procs.map.get(k).map(|p| (p.link_name.as_str(), p.defined, p.explicit, p.module.clone()));
    assert_eq!(link("inc"), Some(("__m_MOD_inc", true, true, Some("m".to_string()))));
    assert_eq!(link("sq"), Some(("__m_MOD_sq", true, true, Some("m".to_string()))));
    assert_eq!(link("fill"), Some(("fill_", true, true, None)));
    assert_eq!(link("f"), Some(("f_", true, true, None)));
    assert_eq!(link("show").map(|l| l.0.to_string()), Some("main.show".to_string()));
    let fill = &c.procs.map["fill"];
    let args: Vec<(&str, BaseTy, u8, bool)> = fill.args.iter().map(|a| (a.name.as_str(), a.base, a.rank, a.assumed_shape)).collect();
    assert_eq!(args, [("b", BaseTy::Real(8), 1, false), ("m", BaseTy::Integer(4), 0, false)]);
    assert_eq!(c.procs.map["sq"].result, Some((BaseTy::Real(8), 0)));
    // Symbols: module variables, use renames, host association, dummies, saves.
    let syms = |i: usize| &c.units[i].symbols;
    let w = syms(0).get("w").unwrap();
    assert!(w.save && w.module.as_deref() == Some("m"));
    let weight = syms(3).get("weight").unwrap();
    assert_eq!((weight.module.as_deref(), weight.module_name.as_deref()), (Some("m"), Some("w")));
    assert!(syms(3).get("f").unwrap().external);
    assert!(syms(4).get("i").unwrap().host);
    let k = syms(1).get("k").unwrap();
    assert_eq!((k.dummy, k.intent), (Some(0), Some(Intent::InOut)));
    assert!(syms(5).get("calls").unwrap().save);
    assert_eq!(syms(5).get("b").unwrap().dummy, Some(0));
    assert!(syms(2).get("y").is_some_and(|y| y.dummy.is_none() && y.base == BaseTy::Real(8)));
    // Calls are resolved to their keys; intrinsic subroutines are rewritten.
    let body = &c.units[3].unit.body;
    let kinds: Vec<String> = body
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Call { name, .. } => format!("call {}", name.name),
            StmtKind::IntrinsicCall { sub, args } => format!("{sub:?}/{}", args.len()),
            StmtKind::Assign { rhs, .. } => sexpr(rhs),
            StmtKind::Write { unit: IoUnit::Star, .. } => "write *".into(),
            StmtKind::Write { unit: IoUnit::Number(e), .. } => format!("write {}", sexpr(e)),
            StmtKind::If { arms, .. } => format!("if {:?}", arms[0].1[0].kind).chars().take(18).collect(),
            _ => "other".into(),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "0",
            "call inc",
            "1.0_8",
            "(Add call sq[weight] call f[2.0_8])",
            "call fill",
            "call show",
            "write *",
            "write 6",
            "RandomNumber/1",
            "if ErrorStop(Some(",
        ]
    );
    let StmtKind::Assign { rhs, .. } = &body[3].kind else { panic!() };
    assert_eq!(rhs.ty, Ty::Scalar(BaseTy::Real(8)));
}

// ----- the intrinsic module `openacc` -----

#[test]
fn openacc_module_round_trip() {
    let src = "\
module dev
  use openacc, only: acc_device_host, acc_get_device_type, on => acc_on_device
end module dev

program p
  use openacc
  implicit none
  real(8) :: a(100), b(10, 10)
  integer :: n, h
  logical :: here
  n = acc_get_num_devices(acc_device_nvidia)
  call acc_set_device_type(acc_device_host)
  call acc_copyin(a)
  call acc_copyin(a(3:10))
  call acc_create(b(1, 2), 8 * 10)
  call acc_copyin_async(a, acc_async_noval)
  call acc_update_self_async(a(1), 16, 1)
  call acc_pcopyin(n)
  call acc_delete_finalize(data_arg=b, len=4)
  here = acc_is_present(a) .and. acc_on_device(acc_device_host)
  h = acc_get_device_type() + openacc_version
  call acc_wait_all()
  call acc_async_wait(1)
  if (acc_async_test_all()) call acc_shutdown(acc_device_default)
end program p

subroutine s()
  use dev
  implicit none
  if (on(acc_device_host)) print *, acc_get_device_type()
end subroutine s
";
    let c = check_file_ok(src);
    let p = &c.units[1];
    // Named constants: plain integer parameters.
    for (name, v) in [("acc_device_nvidia", 4), ("acc_async_noval", -1), ("openacc_version", 201711), ("acc_handle_kind", 4)] {
        let s = p.symbols.get(name).unwrap_or_else(|| panic!("{name}"));
        assert!(s.parameter && s.module.is_none() && s.base == BaseTy::Integer(4), "{name}");
        assert!(matches!(s.init.as_ref().map(|e| &e.kind), Some(ExprKind::Int(x, 4)) if *x == v), "{name}");
    }
    // Routines are api procedures keyed by their link names.
    let sig = &c.procs.map["gpuf_acc_copyin_async"];
    assert!(sig.api && sig.explicit && !sig.defined);
    assert_eq!(sig.link_name, "gpuf_acc_copyin_async");
    let dummies: Vec<(&str, bool)> = sig.args.iter().map(|a| (a.name.as_str(), a.optional)).collect();
    assert_eq!(dummies, [("data_arg", false), ("len", true), ("async_arg", false)]);
    assert_eq!(c.procs.map["gpuf_acc_is_present"].result, Some((BaseTy::Logical(4), 0)));
    assert_eq!(c.procs.map["gpuf_acc_get_device_type"].result, Some((BaseTy::Integer(4), 0)));
    assert!(c.procs.map.values().filter(|s| !s.api).all(|s| !s.link_name.starts_with("gpuf_")));
    // Calls name the keys; arguments become keyword arguments in dummy order.
    let stmts: Vec<String> = p
        .unit
        .body
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Call { name, args } => {
                sexpr(&Expr { kind: ExprKind::Call { name: name.clone(), args: args.clone() }, span: s.span, ty: Ty::Unknown })
            }
            StmtKind::Assign { rhs, .. } => format!("{} : {:?}", sexpr(rhs), rhs.ty),
            _ => "other".into(),
        })
        .collect();
    assert_eq!(
        stmts,
        [
            "call gpuf_acc_get_num_devices[dev_type=acc_device_nvidia] : Scalar(Integer(4))",
            "call gpuf_acc_set_device_type[dev_type=acc_device_host]",
            "call gpuf_acc_copyin[data_arg=a]",
            "call gpuf_acc_copyin[data_arg=a[3:10]]",
            "call gpuf_acc_create[data_arg=b[1,2],len=(Mul 8 10)]",
            "call gpuf_acc_copyin_async[data_arg=a,async_arg=acc_async_noval]",
            "call gpuf_acc_update_self_async[data_arg=a[1],len=16,async_arg=1]",
            "call gpuf_acc_present_or_copyin[data_arg=n]",
            "call gpuf_acc_delete_finalize[data_arg=b,len=4]",
            "(And call gpuf_acc_is_present[data_arg=a] call gpuf_acc_on_device[dev_type=acc_device_host]) : Scalar(Logical(4))",
            "(Add call gpuf_acc_get_device_type[] openacc_version) : Scalar(Integer(4))",
            "call gpuf_acc_wait_all[]",
            "call gpuf_acc_wait[wait_arg=1]",
            "other",
        ]
    );
    // Through a module, with `only` and a rename: the constant stays a plain constant.
    let s = &c.units[2];
    let host = s.symbols.get("acc_device_host").unwrap();
    assert!(host.parameter && host.module.is_none());
    assert!(s.symbols.get("acc_device_nvidia").is_none());
}

#[test]
fn openacc_link_names() {
    // The run-time library defines exactly these (see runtime-lib/tests/link_acc_api.rs).
    let mut links: Vec<String> = crate::sema::openacc_routines().into_iter().map(|(_, s)| s.link_name).collect();
    links.sort();
    links.dedup();
    let mut want: Vec<String> = [
        "get_num_devices",
        "set_device_type",
        "get_device_type",
        "set_device_num",
        "get_device_num",
        "init",
        "shutdown",
        "on_device",
        "async_test",
        "async_test_all",
        "wait",
        "wait_all",
        "wait_async",
        "wait_all_async",
        "wait_device",
        "wait_device_async",
        "wait_all_device",
        "wait_all_device_async",
        "async_test_device",
        "async_test_all_device",
        "set_default_async",
        "get_default_async",
        "is_present",
        "init_device",
        "shutdown_device",
        "get_property",
        "get_property_string",
        "memcpy_d2d",
        "memcpy_d2d_async",
        "malloc",
        "free",
        "deviceptr",
        "hostptr",
        "map_data",
        "unmap_data",
        "memcpy_to_device",
        "memcpy_to_device_async",
        "memcpy_from_device",
        "memcpy_from_device_async",
        "memcpy_device",
        "memcpy_device_async",
    ]
    .iter()
    .map(|n| format!("gpuf_acc_{n}"))
    .collect();
    for d in [
        "copyin",
        "create",
        "copyout",
        "delete",
        "copyout_finalize",
        "delete_finalize",
        "update_device",
        "update_self",
        "present_or_copyin",
        "present_or_create",
    ] {
        want.push(format!("gpuf_acc_{d}"));
        want.push(format!("gpuf_acc_{d}_async"));
    }
    want.sort();
    assert_eq!(links, want);
    // Every Fortran name resolves, aliases to the routine they stand for.
    let names: Vec<String> = crate::sema::openacc_routines().into_iter().map(|(n, _)| n).collect();
    for n in ["acc_pcopyin", "acc_pcreate", "acc_async_wait", "acc_async_wait_all", "acc_delete_finalize_async"] {
        assert!(names.iter().any(|x| x == n), "{n}");
    }
}

#[test]
fn diag_openacc_in_compute_construct() {
    diag(
        "program p\n  use openacc\n  implicit none\n  integer :: i, acc_device_nvidia\n  real :: a(4)\n  !$acc parallel loop\n  do i = 1, 4\n    if (acc_get_device_num(acc_device_host) > 0) a(i) = 1.0\n  end do\nend program p\n",
        "\
error[E0105]: `acc_device_nvidia` is already use-associated from module `openacc`
 --> t.f90:4:17
  |
4 |   integer :: i, acc_device_nvidia
  |                 ^^^^^^^^^^^^^^^^^ declared again here

error[E0900]: not yet implemented: calls of the OpenACC routine `acc_get_device_num` inside a compute construct
 --> t.f90:8:9
  |
8 |     if (acc_get_device_num(acc_device_host) > 0) a(i) = 1.0
  |         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
",
    );
}

#[test]
fn diag_openacc_routine_argument_type() {
    diag(
        "program p\n  use openacc\n  implicit none\n  real :: a(10)\n  call acc_copyin(a, 4.0)\nend program p\n",
        "\
error[E0230]: argument 2 of `acc_copyin` has type `real(4)`, but the dummy `len` is `integer(4)`
 --> t.f90:5:22
  |
5 |   call acc_copyin(a, 4.0)
  |                      ^^^ expected `integer(4)`
",
    );
    diag(
        "program p\n  use openacc\n  implicit none\n  logical :: t\n  t = acc_on_device()\n  call acc_copyout(a=t)\nend program p\n",
        "\
error[E0125]: missing argument `dev_type` in the call of `acc_on_device`
 --> t.f90:5:7
  |
5 |   t = acc_on_device()
  |       ^^^^^^^^^^^^^^^ argument `dev_type` not given

error[E0211]: `acc_copyout` has no argument named `a`
 --> t.f90:6:20
  |
6 |   call acc_copyout(a=t)
  |                    ^ unknown keyword
",
    );
}

#[test]
fn diag_unknown_openacc_routine() {
    diag(
        "program p\n  use openacc\n  implicit none\n  real :: a(10)\n  call acc_set_cuda_stream(1, 0)\n  print *, acc_get_cuda_stream(1)\nend program p\n",
        "\
error[E0900]: not yet implemented: the OpenACC routine `acc_set_cuda_stream`
 --> t.f90:5:8
  |
5 |   call acc_set_cuda_stream(1, 0)
  |        ^^^^^^^^^^^^^^^^^^^

error[E0900]: not yet implemented: the OpenACC routine `acc_get_cuda_stream`
 --> t.f90:6:12
  |
6 |   print *, acc_get_cuda_stream(1)
  |            ^^^^^^^^^^^^^^^^^^^
",
    );
    diag(
        "program p\n  use openacc, only: acc_device_host, acc_get_cuda_stream, nothing\nend program p\n",
        "\
error[E0900]: not yet implemented: the OpenACC routine `acc_get_cuda_stream`
 --> t.f90:2:39
  |
2 |   use openacc, only: acc_device_host, acc_get_cuda_stream, nothing
  |                                       ^^^^^^^^^^^^^^^^^^^

error[E0121]: `nothing` is not in module `openacc`
 --> t.f90:2:60
  |
2 |   use openacc, only: acc_device_host, acc_get_cuda_stream, nothing
  |                                                            ^^^^^^^ not found in the module
",
    );
}

#[test]
fn diag_overlapping_case_values() {
    diag(
        "program p\n  integer :: i\n  i = 3\n  select case (i)\n  case (1:5)\n    i = 0\n  case (7, 4)\n    i = 1\n  end select\nend program p\n",
        "\
error[E0253]: this `case` value overlaps with an earlier `case`
 --> t.f90:7:12
  |
7 |   case (7, 4)
  |            ^ overlapping `case` value
  = note: the value 4 is matched by an earlier `case`
",
    );
}

#[test]
fn diag_exit_names_construct_not_enclosing() {
    diag(
        "program p\n  integer :: i\n  a: if (.true.) then\n    i = 1\n  end if a\n  do i = 1, 2\n    exit a\n  end do\nend program p\n",
        "\
error[E0111]: no enclosing construct is named `a`
 --> t.f90:7:10
  |
7 |     exit a
  |          ^ no construct of this name encloses this statement
",
    );
}

#[test]
fn diag_character_assigned_to_integer() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  i = 'abc'\nend program p\n",
        "\
error[E0221]: mismatched types: cannot assign `character` to `integer(4)`
 --> t.f90:4:7
  |
4 |   i = 'abc'
  |       ^^^^^ expected `integer(4)`, found `character`
",
    );
}

#[test]
fn diag_where_mask_not_conforming() {
    diag(
        "program p\n  implicit none\n  integer :: a(3), b(2,2)\n  a = 1\n  b = 0\n  where (b > 0) a = 2\nend program p\n",
        "\
error[E0230]: the `where` mask has rank 2, but the assigned variable has rank 1
 --> t.f90:6:17
  |
6 |   where (b > 0) a = 2
  |                 ^ does not conform to the mask
",
    );
}

#[test]
fn diag_dim_out_of_range() {
    diag(
        "program p\n  implicit none\n  integer :: a(3, 2), s(2)\n  a = 1\n  s = sum(a, dim=3)\nend program p\n",
        "\
error[E0218]: the `dim` argument of `sum` is 3, outside 1 to 2
 --> t.f90:5:18
  |
5 |   s = sum(a, dim=3)
  |                  ^ the array has rank 2
",
    );
}

#[test]
fn diag_non_logical_masks() {
    diag(
        "program p\n  implicit none\n  integer :: a(4), n\n  a = 1\n  n = maxval(a, mask=a)\n  where (a) a = 0\nend program p\n",
        "\
error[E0219]: the `mask` argument of `maxval` must be `logical`, found rank-1 `integer(4)` array
 --> t.f90:5:22
  |
5 |   n = maxval(a, mask=a)
  |                      ^ expected `logical`

error[E0219]: the `where` mask must be a `logical` array, found rank-1 `integer(4)` array
 --> t.f90:6:10
  |
6 |   where (a) a = 0
  |          ^ expected a `logical` array
",
    );
}

// ----- input/output statements -----

#[test]
fn diag_read_into_expression() {
    diag(
        "program p\n  implicit none\n  integer :: x, a(3), i\n  read(*, *) x + 1, (a(i), 2 * i, i = 1, 3)\nend program p\n",
        "\
error[E0272]: the items of `read` must be variables
 --> t.f90:4:14
  |
4 |   read(*, *) x + 1, (a(i), 2 * i, i = 1, 3)
  |              ^^^^^ not a variable

error[E0272]: the items of `read` must be variables
 --> t.f90:4:28
  |
4 |   read(*, *) x + 1, (a(i), 2 * i, i = 1, 3)
  |                            ^^^^^ not a variable
",
    );
}

#[test]
fn diag_unknown_open_specifier() {
    diag(
        "program p\n  implicit none\n  open(10, file='out.txt', recordsize=3)\nend program p\n",
        "\
error[E0040]: `recordsize=` is not a specifier of `open`
 --> t.f90:3:28
  |
3 |   open(10, file='out.txt', recordsize=3)
  |                            ^^^^^^^^^^^ unknown specifier
",
    );
}

#[test]
fn diag_read_not_yet_implemented_specifiers() {
    diag(
        "program p\n  implicit none\n  integer :: x, n\n  read(*, '(i3)', advance='no', asynchronous='no') x\nend program p\n",
        "\
error[E0900]: not yet implemented: the `asynchronous=` specifier of `read`
 --> t.f90:4:33
  |
4 |   read(*, '(i3)', advance='no', asynchronous='no') x
  |                                 ^^^^^^^^^^^^^
",
    );
}

// ----- derived types -----

const DERIVED: &str = "module m\n  type :: inner\n    real :: v(0:2) = 1.0\n  end type inner\n  type, public :: outer\n    sequence\n    character(len=3) :: s = 'ab'\n    type(inner) :: in\n    integer(8) :: k\n  end type\ncontains\n  subroutine s(o)\n    type(outer), intent(out) :: o(2)\n    o(1)%in%v(1) = o(2)%k\n  end subroutine s\nend module m\nprogram p\n  use m, only: outer, inner\n  type(outer) :: a, b(3) = outer('x', inner([1., 2., 3.]), 4_8)\n  a = outer(k=1, in=inner())\n  b%k = a%k + b(2)%in%v(0)\n  print *, a, b(1)%s(1:2), sum(a%in%v)\nend program p\n";

#[test]
fn derived_types_check_and_layout() {
    let c = check_file_ok(DERIVED);
    let outer = c.types.iter().find(|t| t.name == "outer").unwrap();
    // character(3) at 0, inner (12 bytes, align 4) at 4, integer(8) at 16: 24 bytes.
    let offs: Vec<i64> = outer.comps.iter().map(|c| c.offset).collect();
    assert_eq!((offs, outer.size, outer.align), (vec![0, 4, 16], 24, 8));
    let text = crate::modfile::write(&c, "m").unwrap();
    assert!(text.contains("type inner 12 4\ncomp v real(4) 0 1 0:2 = 1.0\n"), "{text}");
    assert!(text.contains("comp in type(inner) 4 0\n"), "{text}");
    let im = crate::modfile::read("m", &text).unwrap();
    assert_eq!(im.types.len(), 2);
}

#[test]
fn no_panic_on_derived_type_edits() {
    let src = DERIVED;
    let subs = ["(", ")", "%", "'", "=", "::", "\n", "type", ",", "1"];
    no_panic_on_edits(src, &subs);
}

// ----- statement labels -----

#[test]
fn many_nested_jumps_are_an_error_not_a_crash() {
    let mut src = String::from("program p\n  integer :: x\n  x = 0\n");
    for i in 1..300 {
        src.push_str(&format!("  if (x == {i}) go to {i}\n"));
    }
    for i in 1..300 {
        src.push_str(&format!("{i} x = x + 1\n"));
    }
    src.push_str("end program p\n");
    let got = render_all(&src);
    assert!(got.starts_with("error[E0009]: constructs are nested too deeply"), "{got}");
    // backward jumps nested as deeply
    let mut src = String::from("program p\n  integer :: x(400)\n");
    for i in 1..300 {
        src.push_str(&format!("{i} x({i}) = 1\n"));
    }
    for i in (1..300).rev() {
        src.push_str(&format!("  if (x({i}) < 2) go to {i}\n"));
    }
    src.push_str("end program p\n");
    let got = render_all(&src);
    assert!(got.contains("error[E0009]"), "{got}");
}

#[test]
fn labels_and_jumps_check() {
    // a loop built from labels is accepted, and so are jumps out of constructs
    let ok = "program p\n  integer :: i\n  i = 0\n10 i = i + 1\n  if (i < 3) then\n    go to 10\n  end if\n  do\n    if (i > 5) go to 20\n    i = i + 1\n  end do\n20 continue\nend program p\n";
    assert_eq!(render_all(ok).trim(), "");
}

/// Labels, formats, jumps and status specifiers, cut and edited everywhere.
#[test]
fn no_panic_on_edited_label_programs() {
    let src = "program p\n  integer :: i, j, ios\n  character(len=20) :: f\n100 format(I5, &\n   & F8.2)\n  \
               do 10 i = 1, 3\n  do 10 j = 1, 2\n    if (j == 2) go to 10\n    write(*, 100, iostat=ios, err=20) i, 1.5\n\
               10 continue\n20 read(f, *, end=30, iomsg=f) i\n  go to 20\n30 f = '(I3)'\n  print f, i\n  \
               open(newunit=i, file='x', iostat=ios)\n  inquire(unit=i, opened=ios)\n  rewind(i)\n  \
               allocate(a(3), stat=ios, errmsg=f)\nend program p\n";
    let subs = ["(", ")", "&", "'", "\n", "1", ",", "=", "0"];
    no_panic_on_edits(src, &subs);
}

// ----- specification statements, characters, procedures as arguments -----

const SPEC_STMTS: &str = "module m\n  private\n  public :: f, g\n  character(len=4) :: tags(2) = ['ab  ', 'cd  ']\ncontains\n  function f(s, n) result(r)\n    character(len=*), intent(in) :: s\n    integer :: n\n    character(len=len(s) + n) :: r\n    r = s\n  end function f\n  real function g(h, x)\n    real, external :: h\n    g = h(x)\n  end function g\nend module m\nprogram p\n  use m\n  implicit double precision (a-h, o-z), logical (l)\n  parameter (n = 3)\n  dimension v(n), w(2, *)\n  character(len=3) :: names(2)\n  data v /3*1.5/, (names(i), i = 1, 2) /'x', 'yz'/\n  names(1)(2:3) = f('q', 1)\n  print *, [character(len=2) :: 'a', 'bcd'], lge(names(1), names(2)), scan('abc', 'c')\n  allocate(character(len=2) :: s)\nend program p\n";

#[test]
fn no_panic_on_specification_statement_edits() {
    let src = SPEC_STMTS;
    let subs = ["(", ")", "/", "'", "=", "::", "\n", "*", ",", "-"];
    no_panic_on_edits(src, &subs);
}

/// The diagnostics of `src` with `-fopenmp`, rendered (only their first lines).
fn omp_diags(src: &str) -> Vec<String> {
    let diags = match crate::check_file_omp(src) {
        Ok((_, w)) => w,
        Err(d) => d,
    };
    diags.iter().map(|d| d.render("t.f90", src).lines().next().unwrap_or("").to_string()).collect()
}

#[test]
fn openmp_directives_parse_only_with_openmp() {
    let src = "program p\n  integer :: i, a(8)\n  !$omp target teams distribute parallel do &\n  !$omp& map(tofrom: a) collapse(1)\n  do i = 1, 8\n    a(i) = i\n  end do\n  !$omp end target teams distribute parallel do\nend program p\n";
    // Without OpenMP the lines are comments.
    let (p, _) = check_ok(src);
    assert!(matches!(p.body.first().map(|s| &s.kind), Some(StmtKind::Do { .. })));
    let c = match crate::check_file_omp(src) {
        Ok((c, _)) => c,
        Err(d) => panic!("{}", d.iter().map(|d| d.render("t.f90", src)).collect::<String>()),
    };
    let Some(StmtKind::LoopConstruct { dir, .. }) = c.units.first().and_then(|u| u.unit.body.first()).map(|s| &s.kind) else {
        panic!("no loop construct")
    };
    assert_eq!(dir.kind.name(), "target teams distribute parallel do");
    assert!(matches!(dir.clauses.first().map(|c| &c.kind), Some(ClauseKind::Map(MapType::Tofrom, _))));
    assert_eq!(dir.clauses.len(), 2);
}

#[test]
fn openmp_errors() {
    let prog = |body: &str| format!("program p\n  integer :: i, s, a(8)\n  logical :: l\n{body}end program p\n");
    let cases: &[(&str, &str)] = &[
        ("  !$omp target mapp(to: a)\n  a(1) = 1\n  !$omp end target\n", "error[E0021]: unknown clause `mapp`"),
        ("  !$omp target enter data map(from: a)\n", "error[E0323]: map type `from` is not allowed on `target enter data`"),
        ("  !$omp target exit data map(to: a)\n", "error[E0323]: map type `to` is not allowed on `target exit data`"),
        (
            "  !$omp target\n  !$omp critical\n  s = 1\n  !$omp end critical\n  !$omp end target\n",
            "error[E0900]: not yet implemented: `critical` inside a `target` region",
        ),
        ("  !$omp target distribute\n  do i = 1, 8\n  end do\n", "error[E0020]: `target distribute` is not an OpenMP construct"),
        (
            "  !$omp target teams distribute parallel do reduction(.and.: s)\n  do i = 1, 8\n  end do\n",
            "error[E0305]: reduction operator `.and.` needs a `logical` variable, but `s` is `integer(4)`",
        ),
        (
            "  !$omp target\n  !$omp target\n  s = 1\n  !$omp end target\n  !$omp end target\n",
            "error[E0301]: `target` construct nested inside a `target` construct",
        ),
        (
            "  !$omp target\n  !$omp distribute\n  do i = 1, 8\n  end do\n  !$omp end target\n",
            "error[E0321]: `distribute` must be closely nested inside a `teams` construct",
        ),
        (
            "  !$omp parallel\n  !$omp teams\n  s = 1\n  !$omp end teams\n  !$omp end parallel\n",
            "error[E0321]: a host `teams` construct may not be nested inside an OpenMP region",
        ),
        ("  !$omp distribute\n  do i = 1, 8\n  end do\n", "error[E0321]: `distribute` must be closely nested inside a `teams` construct"),
        ("  !$omp target update\n", "error[E0320]: `target update` needs at least one to or from clause"),
        (
            "  !$omp target\n  !$omp target update to(a)\n  !$omp end target\n",
            "error[E0301]: `target update` directive nested inside a `target` construct",
        ),
    ];
    for (body, want) in cases {
        let got = omp_diags(&prog(body));
        assert!(got.iter().any(|g| g == want), "for\n{body}\nwant {want}\ngot {got:#?}");
    }
}

/// OpenMP 5.2: `map(list)` without a map type is `to` on `target enter data`, `from` on
/// `target exit data` and `tofrom` elsewhere (gfortran 12 rejects the first two, so no
/// differential program can show it).
#[test]
fn openmp_map_without_type_depends_on_the_directive() {
    let src = "program p\n  integer :: a(8)\n  !$omp target enter data map(a)\n  !$omp target map(a)\n  a(1) = 1\n  !$omp end target\n  !$omp target exit data map(a)\nend program p\n";
    let c = match crate::check_file_omp(src) {
        Ok((c, _)) => c,
        Err(d) => panic!("{}", d.iter().map(|d| d.render("t.f90", src)).collect::<String>()),
    };
    let types: Vec<MapType> = c
        .units
        .first()
        .map(|u| u.unit.body.as_slice())
        .unwrap_or_default()
        .iter()
        .filter_map(|s| match &s.kind {
            StmtKind::Standalone(d) | StmtKind::Construct { dir: d, .. } => d.clauses.first().map(|c| &c.kind),
            _ => None,
        })
        .filter_map(|k| if let ClauseKind::Map(t, _) = k { Some(*t) } else { None })
        .collect();
    assert_eq!(types, vec![MapType::To, MapType::Tofrom, MapType::From]);
}
