//! The routines of the `openacc` module as compiled programs call them: a C
//! program declaring every `gpuf_acc_*` routine of the API (so linking
//! checks that each exists with that name) is linked with the static
//! library and run on the host and sim devices, plus the error exits
//! (switching to an absent GPU, updating data that is not present).

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

const PROG: &str = r#"
#include <stdint.h>
#include <stdio.h>
#include <string.h>
typedef struct { const uint8_t *ptx; int64_t ptx_len; const uint8_t *hsaco; int64_t hsaco_len; } GpufImages;
void gpuf_init(const GpufImages *); void gpuf_finish(void);
int32_t gpuf_acc_get_num_devices(int32_t); void gpuf_acc_set_device_type(int32_t); int32_t gpuf_acc_get_device_type(void);
void gpuf_acc_set_device_num(int32_t, int32_t); int32_t gpuf_acc_get_device_num(int32_t);
void gpuf_acc_init(int32_t); void gpuf_acc_shutdown(int32_t); int32_t gpuf_acc_on_device(int32_t);
int32_t gpuf_acc_async_test(int32_t); int32_t gpuf_acc_async_test_all(void);
void gpuf_acc_wait(int32_t); void gpuf_acc_wait_all(void); void gpuf_acc_wait_async(int32_t, int32_t); void gpuf_acc_wait_all_async(int32_t);
void gpuf_acc_wait_device(int32_t, int32_t); void gpuf_acc_wait_device_async(int32_t, int32_t, int32_t);
void gpuf_acc_wait_all_device(int32_t); void gpuf_acc_wait_all_device_async(int32_t, int32_t);
int32_t gpuf_acc_async_test_device(int32_t, int32_t); int32_t gpuf_acc_async_test_all_device(int32_t);
int32_t gpuf_acc_is_present(void *, int64_t);
void gpuf_acc_set_default_async(int32_t); int32_t gpuf_acc_get_default_async(void);
void gpuf_acc_init_device(int32_t, int32_t); void gpuf_acc_shutdown_device(int32_t, int32_t);
int64_t gpuf_acc_get_property(int32_t, int32_t, int32_t); void gpuf_acc_get_property_string(int32_t, int32_t, int32_t, char *, int64_t);
void gpuf_acc_memcpy_d2d(void *, int64_t, void *, int64_t, int64_t, int32_t, int32_t);
void gpuf_acc_memcpy_d2d_async(void *, int64_t, void *, int64_t, int64_t, int32_t, int32_t, int32_t);
#define DATA(n) void gpuf_acc_##n(void *, int64_t); void gpuf_acc_##n##_async(void *, int64_t, int32_t);
DATA(copyin) DATA(create) DATA(copyout) DATA(delete) DATA(copyout_finalize) DATA(delete_finalize)
DATA(update_device) DATA(update_self) DATA(present_or_copyin) DATA(present_or_create)

enum { NONE, DEFAULT, HOST, NOT_HOST, NVIDIA, RADEON };

int main(int argc, char **argv) {
  GpufImages im = { 0, 0, 0, 0 };
  gpuf_init(&im);
  const char *mode = argc > 1 ? argv[1] : "";
  if (!strcmp(mode, "nvidia")) { printf("switching\n"); fflush(stdout); gpuf_acc_set_device_type(NVIDIA); }
  double a[8], b[2] = { 0, 0 };
  for (int i = 0; i < 8; i++) a[i] = i + 1;
  if (!strcmp(mode, "absent")) gpuf_acc_update_self(b, 16);
  if (!strcmp(mode, "devnum")) gpuf_acc_wait_device(1, 1);
  printf("type %d num host %d not_host %d nvidia %d radeon %d\n", gpuf_acc_get_device_type(), gpuf_acc_get_num_devices(HOST),
         gpuf_acc_get_num_devices(NOT_HOST), gpuf_acc_get_num_devices(NVIDIA), gpuf_acc_get_num_devices(RADEON));
  printf("on host %d not_host %d\n", gpuf_acc_on_device(HOST), gpuf_acc_on_device(NOT_HOST));
  printf("present before %d\n", gpuf_acc_is_present(a, 64));
  gpuf_acc_copyin(a, 64);
  gpuf_acc_copyin_async(a, 64, -1);
  gpuf_acc_present_or_copyin(a + 2, 16);
  printf("present %d %d, a(3:4) %d, a(8:9) %d\n", gpuf_acc_is_present(a, 64), gpuf_acc_is_present(a + 7, 8),
         gpuf_acc_is_present(a + 2, 16), gpuf_acc_is_present(a + 7, 16));
  a[1] = 20; a[2] = 30;
  gpuf_acc_update_device_async(a + 2, 8, 1);
  gpuf_acc_wait(1); gpuf_acc_wait_async(1, 2); gpuf_acc_wait_all_async(3); gpuf_acc_wait_all();
  gpuf_acc_wait_device(1, 0); gpuf_acc_wait_device_async(1, 2, 0); gpuf_acc_wait_all_device_async(3, 0); gpuf_acc_wait_all_device(0);
  printf("tests %d %d %d %d\n", gpuf_acc_async_test(1), gpuf_acc_async_test_all(), gpuf_acc_async_test_device(1, 0),
         gpuf_acc_async_test_all_device(0));
  gpuf_acc_set_default_async(7);
  printf("default async %d\n", gpuf_acc_get_default_async());
  gpuf_acc_copyout(a, 64);
  gpuf_acc_copyout_async(a, 64, 1);
  printf("after 2 copyouts: present %d a(2) %g\n", gpuf_acc_is_present(a, 64), a[1]);
  gpuf_acc_copyout(a, 64);
  printf("after 3: present %d a(2) %g a(3) %g\n", gpuf_acc_is_present(a, 64), a[1], a[2]);
  gpuf_acc_create(b, 16); gpuf_acc_create_async(b, 16, 1); gpuf_acc_present_or_create(b, 16); gpuf_acc_present_or_create_async(b, 8, 1);
  gpuf_acc_delete(b, 16); gpuf_acc_delete_async(b, 16, 1);
  b[0] = 5;
  gpuf_acc_update_self(b, 16); gpuf_acc_update_self_async(b, 8, 1);
  printf("create: b(1) %g present %d\n", b[0], gpuf_acc_is_present(b, 16));
  gpuf_acc_delete_finalize(b, 16);
  gpuf_acc_present_or_copyin_async(b, 16, 1);
  gpuf_acc_copyout_finalize_async(b, 16, 1);
  gpuf_acc_create(b, 16); gpuf_acc_delete_finalize_async(b, 16, 1);
  gpuf_acc_copyin(b, 16); gpuf_acc_update_device(b, 16); gpuf_acc_copyout_finalize(b, 16);
  printf("finalized: present %d\n", gpuf_acc_is_present(b, 16));
  char vendor[8];
  gpuf_acc_get_property_string(0, HOST, 0x10002, vendor, 8);
  printf("host vendor [%.8s] shared %lld\n", vendor, (long long)gpuf_acc_get_property(0, HOST, 3));
  gpuf_acc_init_device(0, gpuf_acc_get_device_type()); gpuf_acc_shutdown_device(1, NVIDIA);
  gpuf_acc_memcpy_d2d(b, 16, b, 16, 0, 0, 0); gpuf_acc_memcpy_d2d_async(b, 16, b, 16, 0, 0, 0, 1);
  gpuf_acc_init(HOST);
  gpuf_acc_set_device_num(0, HOST);
  printf("host: type %d num %d present %d\n", gpuf_acc_get_device_type(), gpuf_acc_get_device_num(HOST), gpuf_acc_is_present(b, 16));
  gpuf_acc_set_device_type(DEFAULT);
  printf("default: type %d\n", gpuf_acc_get_device_type());
  gpuf_acc_shutdown(DEFAULT);
  gpuf_finish();
  return 0;
}
"#;

fn build() -> &'static PathBuf {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| common::link_c_program(PROG, "gpuf-rt-acc-api-test", &["-Wall", "-Werror"]))
}

fn run(mode: &str, device: Option<&str>) -> Output {
    let mut c = Command::new(build());
    c.arg(mode).env_remove("ACC_DEVICE_TYPE").env_remove("GPUF_SIM_STATS").env_remove("GPUF_SIM_LANES");
    if let Some(d) = device {
        c.env("ACC_DEVICE_TYPE", d);
    }
    c.output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn sim_device_reference_counts() {
    let o = run("", Some("sim"));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // The sim has memory of its own: a(2) changed on the host only is
    // overwritten by the final copyout, a(3) was updated on the device.
    assert_eq!(
        text(&o.stdout),
        "\
type 3 num host 1 not_host 1 nvidia 0 radeon 0
on host 1 not_host 0
present before 0
present 1 1, a(3:4) 1, a(8:9) 0
tests 1 1 1 1
default async 7
after 2 copyouts: present 1 a(2) 20
after 3: present 0 a(2) 2 a(3) 30
create: b(1) 0 present 1
finalized: present 0
host vendor [gpuf    ] shared 1
host: type 2 num 0 present 1
default: type 3
"
    );
    assert_eq!(text(&o.stderr), "");
}

#[test]
fn host_device_shares_memory() {
    for dev in [Some("host"), None] {
        let o = run("", dev);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert_eq!(
            text(&o.stdout),
            "\
type 2 num host 1 not_host 0 nvidia 0 radeon 0
on host 1 not_host 0
present before 1
present 1 1, a(3:4) 1, a(8:9) 1
tests 1 1 1 1
default async 7
after 2 copyouts: present 1 a(2) 20
after 3: present 1 a(2) 20 a(3) 30
create: b(1) 5 present 1
finalized: present 1
host vendor [gpuf    ] shared 1
host: type 2 num 0 present 1
default: type 2
"
        );
    }
}

#[test]
fn error_exits() {
    let o = run("nvidia", Some("host"));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "switching\n");
    assert_eq!(
        text(&o.stderr),
        "gpuf: acc_set_device_type(acc_device_nvidia): no NVIDIA GPU is usable: libcuda.so.1 could not be loaded\n"
    );

    let o = run("absent", Some("sim"));
    assert_eq!(o.status.code(), Some(1));
    let e = text(&o.stderr);
    assert!(e.starts_with("gpuf: acc_update_self: data at 0x") && e.ends_with(" (16 bytes) is not present on the device\n"), "{e}");
    // on the host device the same update is a no-op
    assert_eq!(run("absent", Some("host")).status.code(), Some(0));

    // The `_device` wait and test routines know device 0 of each type only.
    for (dev, name) in [("host", "acc_device_host"), ("sim", "acc_device_not_host")] {
        let o = run("devnum", Some(dev));
        assert_eq!(o.status.code(), Some(1), "{dev}");
        let e = text(&o.stderr);
        assert!(e.starts_with(&format!("gpuf: acc_wait_device: there is no device 1 of type {name} (1 available")), "{dev}: {e}");
    }
}
