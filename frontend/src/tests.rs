//! Data-style tests of the whole front end: parse round trips, rendered diagnostics, and
//! robustness against mangled input.

use crate::ast::*;
use crate::parse_and_check;
use crate::sema::Symbols;

/// Renders every diagnostic of `src` (errors or warnings) as the driver would print them.
fn render_all(src: &str) -> String {
    let diags = match parse_and_check(src) {
        Ok((_, _, w)) => w,
        Err(d) => d,
    };
    diags.iter().map(|d| d.render("t.f90", src)).collect::<Vec<_>>().join("\n")
}

#[test]
fn sample_programs() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/programs/acc");
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<_> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    paths.sort();
    let mut bad = String::new();
    for p in paths {
        let Ok(src) = std::fs::read_to_string(&p) else {
            continue;
        };
        if let Err(d) = parse_and_check(&src) {
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
        ExprKind::Logical(b) => b.to_string(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Name(id) => id.name.clone(),
        ExprKind::Apply { name, args } | ExprKind::ArrayRef { name, subs: args } => {
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
            format!("{}[{}]", name.name, a.join(","))
        }
        ExprKind::Intrinsic { func, args } => {
            format!("{func:?}({})", args.iter().map(sexpr).collect::<Vec<_>>().join(","))
        }
        ExprKind::Unary(op, x) => format!("({op:?} {})", sexpr(x)),
        ExprKind::Binary(op, l, r) => format!("({op:?} {} {})", sexpr(l), sexpr(r)),
        ExprKind::Paren(x) => format!("[{}]", sexpr(x)),
    }
}

/// Parses `x = <expr>` inside a program without `implicit none` and returns the rhs.
fn parse_rhs(expr: &str) -> String {
    let src = format!("program t\n  x = {expr}\nend program t\n");
    let (prog, diags) = crate::parser::parse(&src);
    assert!(diags.iter().all(|d| !d.is_error()), "{diags:?}");
    let Some(prog) = prog else { panic!("no program") };
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

fn check_ok(src: &str) -> (Program, Symbols) {
    match parse_and_check(src) {
        Ok((p, s, _)) => (p, s),
        Err(d) => panic!("{}", d.iter().map(|d| d.render("t.f90", src)).collect::<String>()),
    }
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
            StmtKind::AccBlock { .. } => "accblock",
            StmtKind::If { .. } => "if",
            StmtKind::Deallocate(_) => "deallocate",
            _ => "other",
        })
        .collect();
    assert_eq!(kinds, ["allocate", "assign", "assign", "do", "accblock", "accblock", "assign", "if", "deallocate"]);
    let Some(StmtKind::AccBlock { dir, body, .. }) = p.body.get(4).map(|s| &s.kind) else { panic!() };
    assert_eq!(dir.kind, AccKind::Data);
    assert_eq!(dir.clauses.len(), 2);
    let Some(StmtKind::AccLoop { dir, do_stmt }) = body.first().map(|s| &s.kind) else { panic!("{body:?}") };
    assert_eq!(dir.kind, AccKind::ParallelLoop);
    let names: Vec<String> =
        dir.clauses.iter().map(|c| format!("{:?}", c.kind).chars().take_while(|c| c.is_alphabetic()).collect()).collect();
    assert_eq!(names, ["Gang", "VectorLength", "Reduction", "Private"]);
    let StmtKind::Do { body, .. } = &do_stmt.kind else { panic!() };
    let Some(StmtKind::Assign { rhs, .. }) = body.get(1).map(|s| &s.kind) else { panic!() };
    assert_eq!(sexpr(rhs), "(Add Sqrt(t) (Mul Huge(t) 0))");
    assert_eq!(rhs.ty, Ty::Scalar(BaseTy::Real(8)));
    let Some(StmtKind::AccBlock { body, .. }) = p.body.get(5).map(|s| &s.kind) else { panic!() };
    assert!(matches!(body.first().map(|s| &s.kind), Some(StmtKind::AccAtomic { kind: AtomicKind::Update, .. })));
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
fn diag_unsupported_directive() {
    diag(
        "program p\n  implicit none\n  real :: a(10)\n  !$acc host_data use_device(a)\n  !$acc end host_data\nend program p\n",
        "\
error[E0900]: not yet implemented: the `host_data` directive
 --> t.f90:4:3
  |
4 |   !$acc host_data use_device(a)
  |   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
",
    );
}

#[test]
fn diag_unsupported_clause() {
    diag(
        "program p\n  implicit none\n  integer :: i\n  real :: a(10)\n  !$acc parallel loop async(1)\n  do i = 1, 10\n    a(i) = 1.0\n  end do\nend program p\n",
        "\
error[E0900]: not yet implemented: the `async` clause
 --> t.f90:5:23
  |
5 |   !$acc parallel loop async(1)
  |                       ^^^^^^^^
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
program smoke
  implicit none
  integer, parameter :: n = 64
  real(8), allocatable :: a(:), b(:,:)
  real(8) :: s, t
  integer :: i, j, k
  logical :: ok
  character(len=*), parameter :: msg = 'sum = '
  allocate(a(n), b(n, n))
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
    print '(A)', \"bad\"
  end if
  deallocate(a, b)
end program smoke
";

/// Checks that `src` is handled without panicking. Runs the front end on the test's own
/// thread (2 MiB stack, smaller than the front end's thread) so that stack use is tested too.
fn no_panic(src: &str) {
    let r = std::panic::catch_unwind(|| {
        let diags = match crate::check_file(src) {
            Ok((_, _, w)) => w,
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
    for s in &inputs {
        no_panic(s);
    }
    // Bytes that are not valid on their own still arrive as valid UTF-8 here; try all of Latin-1.
    let all: String = (0u32..256).filter_map(char::from_u32).collect();
    no_panic(&all);
    no_panic(&format!("program p\n{all}\nend\n"));
}
