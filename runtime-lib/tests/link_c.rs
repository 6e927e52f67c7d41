//! End-to-end test of the static library: a C program written like
//! gpuf's generated code (init, I/O, allocate, data directives, a kernel
//! with host and sim versions, finish) is linked with
//! `cc prog.c libgpuf_rt.a -lpthread -ldl -lm` and run on the host and sim
//! devices (32 and 64 lanes), plus the error exits (missing GPU,
//! divergence, STOP, double allocate, bad format, missing present data).

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

const PROG: &str = r#"
#include <stdint.h>
#include <string.h>
typedef struct { const uint8_t *ptx; int64_t ptx_len; const uint8_t *hsaco; int64_t hsaco_len; } GpufImages;
typedef struct { const char *name; void (*host_fn)(void **); void (*sim_fn)(void **); int64_t shared_bytes; int32_t levels; } KernelInfo;
void gpuf_init(const GpufImages *); void gpuf_finish(void); void gpuf_stop(int32_t, int32_t);
void gpuf_io_begin(int32_t, const uint8_t *, int64_t); void gpuf_io_i32(int32_t); void gpuf_io_i64(int64_t);
void gpuf_io_f32(float); void gpuf_io_f64(double); void gpuf_io_logical(int32_t); void gpuf_io_str(const uint8_t *, int64_t);
void gpuf_io_end(void);
void gpuf_allocate(uint8_t **, int64_t, const uint8_t *, int64_t); void gpuf_deallocate(uint8_t **, const uint8_t *, int64_t);
void gpuf_acc_enter(void *, int64_t, int32_t, int32_t, const char *); void gpuf_acc_exit(void *, int64_t, int32_t, int32_t, int32_t, const char *);
void gpuf_acc_update(void *, int64_t, int32_t, int32_t, const char *);
void gpuf_acc_launch(const KernelInfo *, int32_t, void *const *, const int64_t *, const int32_t *, int32_t, int32_t, int32_t);
int32_t gpuf_sim_dim_pos(int32_t); int32_t gpuf_sim_dim_size(int32_t);
double gpuf_sim_shfl_f64(double, int32_t, int32_t); int32_t gpuf_sim_shfl_i32(int32_t, int32_t, int32_t);
void gpuf_sim_barrier(void); uint8_t *gpuf_sim_shared(void); void gpuf_sim_atomic_note(void);

#define S(x) (const uint8_t *)x, (int64_t)strlen(x)

/* b(i) = 2*a(i); sum = sum + b(i)   (gang, worker, vector loop + reduction) */
int32_t gpuf_host_gang_pos(void); int32_t gpuf_host_num_gangs(void);
static void k_host(void **args) {
  double *a = args[0], *b = args[1], *sum = args[3]; int n = *(int *)args[2];
  int g = gpuf_host_gang_pos(), G = gpuf_host_num_gangs(), tile = (n + G - 1) / G;
  double local = 0;
  for (int i = g * tile; i < n && i < (g + 1) * tile; i++) { b[i] = 2 * a[i]; local += b[i]; }
  double old, nw; __atomic_load(sum, &old, __ATOMIC_RELAXED);
  do { nw = old + local; } while (!__atomic_compare_exchange(sum, &old, &nw, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
}
static void k_sim(void **args) {
  double *a = args[0], *b = args[1], *sum = args[3]; int n = *(int *)args[2];
  int g = gpuf_sim_dim_pos(0), G = gpuf_sim_dim_size(0), w = gpuf_sim_dim_pos(1), W = gpuf_sim_dim_size(1);
  int l = gpuf_sim_dim_pos(2), L = gpuf_sim_dim_size(2);
  double local = 0;
  for (int i = (g * W + w) * L + l; i < n; i += G * W * L) { b[i] = 2 * a[i]; local += b[i]; }
  for (int off = L / 2; off > 0; off /= 2) local += gpuf_sim_shfl_f64(local, 2, off);
  double *sh = (double *)gpuf_sim_shared();
  if (l == 0) sh[w] = local;
  gpuf_sim_barrier();
  if (w == 0 && l == 0) {
    double s = 0; for (int k = 0; k < W; k++) s += sh[k];
    double old, nw; __atomic_load(sum, &old, __ATOMIC_RELAXED);
    do { nw = old + s; } while (!__atomic_compare_exchange(sum, &old, &nw, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    gpuf_sim_atomic_note();
  }
}
static const KernelInfo K = { "scale_sum", k_host, k_sim, 64, 7 };

static void d_host(void **args) { (void)args; }
static void d_sim(void **args) { (void)args; if (gpuf_sim_dim_pos(2) < 5) gpuf_sim_shfl_i32(1, 1, 1); }
static const KernelInfo D = { "diverge", d_host, d_sim, 0, 4 };

int main(int argc, char **argv) {
  GpufImages im = { 0, 0, 0, 0 };
  gpuf_init(&im);
  const char *mode = argc > 1 ? argv[1] : "";
  int n = 1000;
  double *a = 0, *b = 0, sum = 0;
  gpuf_allocate((uint8_t **)&a, n * 8, S("a"));
  gpuf_allocate((uint8_t **)&b, n * 8, S("b"));
  for (int i = 0; i < n; i++) a[i] = i + 1;
  if (!strcmp(mode, "realloc")) gpuf_allocate((uint8_t **)&a, 8, S("a"));
  if (!strcmp(mode, "badfmt")) { gpuf_io_begin(6, S("(I3, F5)")); gpuf_io_i32(1); gpuf_io_end(); }
  if (!strcmp(mode, "stop")) { gpuf_io_begin(6, 0, 0); gpuf_io_str(S("before stop")); gpuf_io_end(); gpuf_stop(3, 1); }
  gpuf_io_begin(6, 0, 0); gpuf_io_str(S("n =")); gpuf_io_i32(n); gpuf_io_logical(1); gpuf_io_f32(0.1f); gpuf_io_end();
  /* !$acc data copyin(a) create(b) copy(sum) */
  gpuf_acc_enter(a, n * 8, 2, 0, 0); gpuf_acc_enter(b, n * 8, 4, 0, 0); gpuf_acc_enter(&sum, 8, 1, 0, 0);
  if (!strcmp(mode, "notpresent")) gpuf_acc_exit(a, n * 8, 2, 0, 0, 0);
  void *hosts[4] = { a, b, &n, &sum }; int64_t sizes[4] = { n * 8, n * 8, 4, 8 }; int32_t kinds[4] = { 0, 0, 1, 0 };
  gpuf_acc_launch(&K, 4, hosts, sizes, kinds, 0, 0, 0);
  if (!strcmp(mode, "diverge")) gpuf_acc_launch(&D, 0, 0, 0, 0, 1, 1, 0);
  /* b is create: before update self(b(1:2)) the host copy is untouched on sim */
  gpuf_io_begin(6, S("(A, F6.1)")); gpuf_io_str(S("b(1) before update =")); gpuf_io_f64(b[0]); gpuf_io_end();
  gpuf_acc_update(b, 16, 0, 0, 0);
  gpuf_io_begin(6, S("(A, 2F6.1)")); gpuf_io_str(S("after:")); gpuf_io_f64(b[0]); gpuf_io_f64(b[1]); gpuf_io_end();
  gpuf_acc_exit(&sum, 8, 1, 0, 0, 0); gpuf_acc_exit(b, n * 8, 4, 0, 0, 0); gpuf_acc_exit(a, n * 8, 2, 0, 0, 0);
  gpuf_io_begin(6, 0, 0); gpuf_io_str(S("sum =")); gpuf_io_f64(sum); gpuf_io_end();
  gpuf_io_begin(6, S("(ES12.4, I0)")); gpuf_io_f64(sum); gpuf_io_i64(123456789012LL); gpuf_io_end();
  gpuf_deallocate((uint8_t **)&a, S("a"));
  if (!strcmp(mode, "dealloc")) gpuf_deallocate((uint8_t **)&a, S("a"));
  gpuf_finish();
  return 0;
}
"#;

fn build() -> &'static PathBuf {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| common::link_c_program(PROG, "gpuf-rt-link-test", &[]))
}

fn run(mode: &str, env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(build());
    c.arg(mode).env_remove("ACC_DEVICE_TYPE").env_remove("GPUF_SIM_STATS").env_remove("GPUF_SIM_LANES");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const HEADER: &str = " n =        1000 T  0.100000001    \n";
const TAIL: &str = " sum =   1001000.0000000000     \n  1.0010E+06123456789012\n";

/// On 1 to 3 host threads: each gang runs its tile of the loop.
#[test]
fn host_device_shares_memory() {
    for cores in ["1", "2", "3"] {
        let o = run("", &[("ACC_DEVICE_TYPE", "host"), ("ACC_NUM_CORES", cores)]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        let want = format!("{HEADER}b(1) before update =   2.0\nafter:   2.0   4.0\n{TAIL}");
        assert_eq!(text(&o.stdout), want, "with {cores} threads");
        assert_eq!(text(&o.stderr), "");
    }
}

#[test]
fn sim_device_32_and_64_lanes() {
    for (lanes, shuffles) in [("32", 80), ("64", 96)] {
        let o = run("", &[("ACC_DEVICE_TYPE", "sim"), ("GPUF_SIM_LANES", lanes), ("GPUF_SIM_STATS", "1")]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        // separate memory: b is `create`, so the host copy is stale until
        // the update
        let want = format!("{HEADER}b(1) before update =   0.0\nafter:   2.0   4.0\n{TAIL}");
        assert_eq!(text(&o.stdout), want);
        assert_eq!(
            text(&o.stderr),
            format!("gpuf-sim: kernel scale_sum gangs 4 workers 4 lanes {lanes} shuffles {shuffles} votes 0 barriers 4 atomics 4\n")
        );
    }
}

#[test]
fn error_exits() {
    let o = run("", &[("ACC_DEVICE_TYPE", "nvidia")]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stderr), "gpuf: ACC_DEVICE_TYPE=nvidia but no NVIDIA GPU is usable: libcuda.so.1 could not be loaded\n");
    assert_eq!(text(&o.stdout), HEADER, "output before the error is flushed");

    let o = run("diverge", &[("ACC_DEVICE_TYPE", "sim")]);
    assert_eq!(o.status.code(), Some(3));
    let e = text(&o.stderr);
    assert!(
        e == ("gpuf-sim: error: kernel diverge: shuffle reached by only part of warp 0 of gang 0 (lanes 0..4); lanes 5..31 returned from the kernel\n"),
        "{e}"
    );
    // on the host device the same kernel has no rendezvous
    assert_eq!(run("diverge", &[("ACC_DEVICE_TYPE", "host")]).status.code(), Some(0));

    let o = run("notpresent", &[("ACC_DEVICE_TYPE", "sim")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with("gpuf: kernel scale_sum: argument 1 (data at 0x"), "{}", text(&o.stderr));

    let o = run("stop", &[]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(text(&o.stdout), " before stop\n");
    assert_eq!(text(&o.stderr), "STOP 3\n");

    let o = run("realloc", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stderr), "Fortran runtime error: Attempting to allocate already allocated variable 'a'\n");

    let o = run("dealloc", &[("ACC_DEVICE_TYPE", "host")]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stderr), "Fortran runtime error: Attempt to DEALLOCATE unallocated 'a'\n");

    let o = run("badfmt", &[]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(text(&o.stderr), "Fortran runtime error: Period required in format\n(I3, F5)\n       ^\n");

    let o = run("", &[("ACC_DEVICE_TYPE", "quantum")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with("gpuf: ACC_DEVICE_TYPE=quantum is not a device type"));
}
