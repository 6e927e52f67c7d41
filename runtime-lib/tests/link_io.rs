//! Link test of the input, file, internal-write and intrinsic entries: a C
//! program written like gpuf's generated code is linked with the static
//! library (`cc prog.c libgpuf_rt.a -lpthread -ldl -lm`) and run per mode;
//! stdout, stderr and exit status must be those of the equivalent Fortran
//! program compiled with gfortran 12 (`-fno-backtrace`: gfortran's
//! backtrace and `At line N of file F` lines are not reproduced). The
//! Fortran source of each mode is in a comment next to it.

mod common;

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

const PROG: &str = r#"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
void gpuf_init(const void *); void gpuf_finish(void);
void gpuf_io_begin(int32_t, const uint8_t *, int64_t); void gpuf_io_i32(int32_t); void gpuf_io_i64(int64_t);
void gpuf_io_f32(float); void gpuf_io_f64(double); void gpuf_io_logical(int32_t); void gpuf_io_str(const uint8_t *, int64_t);
void gpuf_io_end(void); void gpuf_io_begin_internal(uint8_t *, int64_t, const uint8_t *, int64_t);
void gpuf_read_begin(int32_t, const uint8_t *, int64_t); void gpuf_read_i32(int32_t *); void gpuf_read_i64(int64_t *);
void gpuf_read_f32(float *); void gpuf_read_f64(double *); void gpuf_read_logical(int32_t *); void gpuf_read_str(uint8_t *, int64_t);
void gpuf_read_end(void);
void gpuf_open(int32_t, const uint8_t *, int64_t, int32_t, int32_t, int32_t); void gpuf_close(int32_t, int32_t);
void gpuf_random_f32(float *, int64_t); void gpuf_random_f64(double *, int64_t);
int32_t gpuf_random_seed_size(void); void gpuf_random_seed_put(const int32_t *, int64_t); void gpuf_random_seed_get(int32_t *, int64_t);
void gpuf_random_seed_default(void);
float gpuf_cpu_time_f32(void); double gpuf_cpu_time_f64(void); int64_t gpuf_system_clock(int32_t, int32_t);
void gpuf_exit(int32_t); void gpuf_error_stop(int32_t, int32_t);
void gpuf_get_command_argument(int32_t, uint8_t *, int64_t, int32_t *, int32_t *); int32_t gpuf_command_argument_count(void);

#define S(x) (const uint8_t *)x, (int64_t)strlen(x)

static void bracket(const uint8_t *s, int64_t n) { /* print *, '[', s, ']' */
  gpuf_io_begin(6, 0, 0); gpuf_io_str(S("[")); gpuf_io_str(s, n); gpuf_io_str(S("]")); gpuf_io_end();
}

int main(int argc, char **argv) {
  gpuf_init(0);
  const char *mode = getenv("MODE"); if (!mode) mode = "";
  int32_t a = -1, b = -1, c = -1, i, n, st, seed[33], l;
  float x; double d, dd[3];
  uint8_t s[6], buf[12], line[10], c3[3];
  if (!strcmp(mode, "io")) {
    gpuf_read_begin(-1, 0, 0); gpuf_read_i32(&a); gpuf_read_i32(&b); gpuf_read_i32(&c); gpuf_read_end();
    gpuf_io_begin(6, 0, 0); gpuf_io_i32(a); gpuf_io_i32(b); gpuf_io_i32(c); gpuf_io_end();
    gpuf_read_begin(-1, 0, 0); gpuf_read_f32(&x); gpuf_read_f64(&d); gpuf_read_logical(&l); gpuf_read_str(s, 6); gpuf_read_end();
    gpuf_io_begin(6, 0, 0); gpuf_io_f32(x); gpuf_io_f64(d); gpuf_io_logical(l); gpuf_io_str(S("[")); gpuf_io_str(s, 6); gpuf_io_str(S("]")); gpuf_io_end();
    gpuf_read_begin(5, S("(I5, F8.3)")); gpuf_read_i32(&i); gpuf_read_f32(&x); gpuf_read_end();
    gpuf_io_begin(6, 0, 0); gpuf_io_i32(i); gpuf_io_f32(x); gpuf_io_end();
    gpuf_open(10, S("data.txt"), 3, 2, 0);
    gpuf_io_begin(10, 0, 0); gpuf_io_i32(1); gpuf_io_i32(2); gpuf_io_end();
    gpuf_io_begin(10, S("(A)")); gpuf_io_str(S("hello")); gpuf_io_end();
    gpuf_close(10, 0);
    gpuf_open(11, S("data.txt  "), 1, 1, 0);
    gpuf_read_begin(11, 0, 0); gpuf_read_i32(&a); gpuf_read_i32(&b); gpuf_read_end();
    gpuf_read_begin(11, S("(A)")); gpuf_read_str(line, 10); gpuf_read_end();
    gpuf_io_begin(6, 0, 0); gpuf_io_i32(a); gpuf_io_i32(b); gpuf_io_str(S("[")); gpuf_io_str(line, 10); gpuf_io_str(S("]")); gpuf_io_end();
    gpuf_close(11, 1);
    gpuf_io_begin_internal(buf, 12, S("(A, I0)")); gpuf_io_str(S("n=")); gpuf_io_i32(7); gpuf_io_end();
    bracket(buf, 12);
    gpuf_io_begin_internal(buf, 12, 0, 0); gpuf_io_i32(42); gpuf_io_end();
    bracket(buf, 12);
    gpuf_io_begin(6, 0, 0); gpuf_io_i32(gpuf_command_argument_count()); gpuf_io_end();
    for (i = 0; i <= 3; i++) {
      memset(s, 'X', 6); n = -7; st = -7;
      gpuf_get_command_argument(i, s, 6, &n, &st);
      gpuf_io_begin(6, S("(I2, 1X, \"[\", A, \"]\", 2I4)")); gpuf_io_i32(i); gpuf_io_str(s, 6); gpuf_io_i32(n); gpuf_io_i32(st); gpuf_io_end();
    }
    for (i = 0; i < 33; i++) seed[i] = i + 1;
    n = gpuf_random_seed_size();
    gpuf_io_begin(6, 0, 0); gpuf_io_i32(n); gpuf_io_end();
    gpuf_random_seed_put(seed, 33);
    gpuf_random_f64(dd, 3);
    gpuf_io_begin(6, 0, 0); gpuf_io_f64(dd[0]); gpuf_io_f64(dd[1]); gpuf_io_f64(dd[2]); gpuf_io_end();
    gpuf_random_f32(&x, 1);
    gpuf_io_begin(6, 0, 0); gpuf_io_f32(x); gpuf_io_end();
    gpuf_random_seed_get(seed, n);
    gpuf_io_begin(6, 0, 0); for (i = 0; i < n; i++) gpuf_io_i32(seed[i]); gpuf_io_end();
    gpuf_io_begin(6, 0, 0); gpuf_io_i32(gpuf_system_clock(4, 1)); gpuf_io_i32(gpuf_system_clock(4, 2)); gpuf_io_end();
    gpuf_io_begin(6, 0, 0); gpuf_io_i64(gpuf_system_clock(8, 1)); gpuf_io_i64(gpuf_system_clock(8, 2)); gpuf_io_end();
    /* not in the gfortran program: values vary between runs */
    if (gpuf_cpu_time_f64() < 0 || gpuf_cpu_time_f32() < 0 || gpuf_system_clock(8, 0) <= 0) return 99;
    gpuf_random_seed_default();
    gpuf_random_f64(dd, 3);
    if (dd[0] < 0 || dd[0] >= 1) return 98;
  }
  if (!strcmp(mode, "eof")) {
    gpuf_io_begin(6, 0, 0); gpuf_io_str(S("before")); gpuf_io_end();
    gpuf_read_begin(-1, 0, 0); gpuf_read_i32(&a); gpuf_read_end();
  }
  if (!strcmp(mode, "badint")) { gpuf_read_begin(5, 0, 0); gpuf_read_i32(&a); gpuf_read_i32(&b); gpuf_read_end(); }
  if (!strcmp(mode, "exit")) {
    gpuf_open(20, S("out.txt"), 3, 0, 0);
    gpuf_io_begin(20, S("(A)")); gpuf_io_str(S("kept")); gpuf_io_end();
    gpuf_io_begin(6, 0, 0); gpuf_io_str(S("bye")); gpuf_io_end();
    gpuf_exit(7);
  }
  if (!strcmp(mode, "errstop")) { gpuf_io_begin(6, 0, 0); gpuf_io_str(S("hi")); gpuf_io_end(); gpuf_error_stop(0, 0); }
  if (!strcmp(mode, "errstop3")) { gpuf_io_begin(6, 0, 0); gpuf_io_str(S("hi")); gpuf_io_end(); gpuf_error_stop(3, 1); }
  if (!strcmp(mode, "overflow")) {
    gpuf_io_begin(6, 0, 0); gpuf_io_str(S("x")); gpuf_io_end();
    gpuf_io_begin_internal(c3, 3, S("(I5)")); gpuf_io_i32(42); gpuf_io_end();
  }
  if (!strcmp(mode, "old")) gpuf_open(10, S("nope.txt"), 1, 0, 0);
  if (!strcmp(mode, "seedsmall")) gpuf_random_seed_put(seed, 4);
  gpuf_finish();
  return 0;
}
"#;

fn build() -> &'static PathBuf {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| common::link_c_program(PROG, "gpuf-rt-link-io-test", &[]))
}

/// Runs `mode` in a fresh directory with `stdin` and arguments (argv[0]
/// is `./io`, as when gfortran's program was run); returns the output and
/// the directory.
fn run(mode: &str, stdin: &str, args: &[&str]) -> (Output, PathBuf) {
    let dir = std::env::temp_dir().join(format!("gpuf-rt-link-io-{}-{mode}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(build())
        .arg0("./io")
        .args(args)
        .env("MODE", mode)
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    (child.wait_with_output().unwrap(), dir)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn check(o: &Output, code: i32, stdout: &str, stderr: &str) {
    assert_eq!(text(&o.stderr), stderr);
    assert_eq!(text(&o.stdout), stdout);
    assert_eq!(o.status.code(), Some(code));
}

// program t
//   integer :: a, b, c, i, n, st, seed(33), c4, r4, m4
//   integer(8) :: r8, m8
//   real :: x
//   double precision :: d, dd(3)
//   logical :: l
//   character(len=6) :: s
//   character(len=12) :: buf
//   character(len=10) :: line
//   a = -1; b = -1; c = -1
//   read(*, *) a, b, c
//   print *, a, b, c
//   read(*, *) x, d, l, s
//   print *, x, d, l, '[', s, ']'
//   read(*, '(I5, F8.3)') i, x
//   print *, i, x
//   open(10, file='data.txt', status='replace', action='write')
//   write(10, *) 1, 2
//   write(10, '(A)') 'hello'
//   close(10)
//   open(11, file='data.txt', status='old', action='read')
//   read(11, *) a, b
//   read(11, '(A)') line
//   print *, a, b, '[', line, ']'
//   close(11, status='delete')
//   write(buf, '(A, I0)') 'n=', 7
//   print *, '[', buf, ']'
//   write(buf, *) 42
//   print *, '[', buf, ']'
//   print *, command_argument_count()
//   do i = 0, 3
//     s = 'XXXXXX'; n = -7; st = -7
//     call get_command_argument(i, s, n, st)
//     print '(I2, 1X, "[", A, "]", 2I4)', i, s, n, st
//   end do
//   seed = [(i, i = 1, 33)]
//   call random_seed(size=n)
//   print *, n
//   call random_seed(put=seed)
//   call random_number(dd)
//   print *, dd
//   call random_number(x)
//   print *, x
//   call random_seed(get=seed(1:n))
//   print *, seed(1:n)
//   call system_clock(c4, r4, m4)
//   print *, r4, m4
//   call system_clock(count_rate=r8, count_max=m8)
//   print *, r8, m8
// end program
// run as: printf '1 2,3\n1.5 2.5d0 T "a b"\n   42  12.345\n' | ./io prog abcdefghij ""
#[test]
fn input_files_internal_intrinsics() {
    let (o, dir) = run("io", "1 2,3\n1.5 2.5d0 T \"a b\"\n   42  12.345\n", &["prog", "abcdefghij", ""]);
    let want = "           1           2           3
   1.50000000       2.5000000000000000      T [a b   ]
          42   12.3450003    
           1           2 [hello     ]
 [n=7         ]
 [          42]
           3
 0 [./io  ]   4   0
 1 [prog  ]   4   0
 2 [abcdef]  10  -1
 3 [      ]   0   0
           8
  0.47107089936082125       0.11734479025488309       0.35754797210216693     
  0.318134785    
  -542895616 -2088979429 -1736100110 -1415303014   984168517  1300561812  1892843248 -1615987987
        1000  2147483647
           1000000000  9223372036854775807
";
    check(&o, 0, want, "");
    assert!(!dir.join("data.txt").exists(), "close(status='delete')");
}

// program t
//   integer :: a
//   print *, 'before'
//   read(*, *) a
// end program
// (empty stdin; gfortran adds "At line 4 of file eof.f90 (unit = 5, file = 'stdin')")
#[test]
fn end_of_file() {
    let (o, _) = run("eof", "", &[]);
    check(&o, 2, " before\n", "Fortran runtime error: End of file\n");
}

// program t
//   integer :: a, b
//   read(*, *) a, b
// end program
// (stdin "1 x")
#[test]
fn bad_integer() {
    let (o, _) = run("badint", "1 x\n", &[]);
    check(&o, 2, "", "Fortran runtime error: Bad integer for item 2 in list input\n");
}

// program t
//   open(20, file='out.txt', status='replace')
//   write(20, '(A)') 'kept'
//   print *, 'bye'
//   call exit(7)
// end program
#[test]
fn exit_flushes_units() {
    let (o, dir) = run("exit", "", &[]);
    check(&o, 7, " bye\n", "");
    assert_eq!(std::fs::read_to_string(Path::new(&dir).join("out.txt")).unwrap(), "kept\n");
}

// program t
//   print *, 'hi'
//   error stop        ! and: error stop 3
// end program
#[test]
fn error_stop() {
    let (o, _) = run("errstop", "", &[]);
    check(&o, 1, " hi\n", "ERROR STOP \n");
    let (o, _) = run("errstop3", "", &[]);
    check(&o, 3, " hi\n", "ERROR STOP 3\n");
}

// program t
//   character(len=3) :: c
//   print *, 'x'
//   write(c, '(I5)') 42
// end program
#[test]
fn internal_write_overflow() {
    let (o, _) = run("overflow", "", &[]);
    check(&o, 2, " x\n", "Fortran runtime error: End of record\n");
}

// program t
//   open(10, file='nope.txt', status='old')
// end program
#[test]
fn open_missing_old_file() {
    let (o, _) = run("old", "", &[]);
    check(&o, 2, "", "Fortran runtime error: Cannot open file 'nope.txt': No such file or directory\n");
}

// gfortran: call random_seed(put=s(1:4)) is rejected at compile time when
// the size is known; at run time libgfortran reports this:
#[test]
fn seed_put_too_small() {
    let (o, _) = run("seedsmall", "", &[]);
    check(&o, 2, "", "Fortran runtime error: Array size of PUT is too small.\n");
}
