//! Run-time state of the OpenACC support: the selected device (chosen
//! lazily, at the first data directive or compute construct, from
//! `ACC_DEVICE_TYPE`) and the present table, plus the entry points behind
//! `gpuf_acc_*`: data entry/exit, update and kernel launch.
//!
//! On the host device (shared memory) data clauses are no-ops and kernels
//! get host addresses. Otherwise, mapped arguments are translated through
//! the present table (and must be present) and by-value arguments are
//! copied into temporary device storage for the launch.

use crate::data::PresentTable;
use crate::device::{self, Device, Dims, Images, KernelInfo};
use std::sync::{Arc, Mutex, MutexGuard};

struct Runtime {
    device: Arc<dyn Device>,
    table: PresentTable,
}

static IMAGES: Mutex<Images> = Mutex::new(Images { ptx: None, hsaco: None });
static RT: Mutex<Option<Runtime>> = Mutex::new(None);

fn rt() -> MutexGuard<'static, Option<Runtime>> {
    RT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records the embedded GPU images (`gpuf_init`).
pub fn set_images(i: Images) {
    *IMAGES.lock().unwrap_or_else(|e| e.into_inner()) = i;
}

fn with_rt<R>(f: impl FnOnce(&mut Runtime) -> R) -> R {
    let mut g = rt();
    if g.is_none() {
        let images = *IMAGES.lock().unwrap_or_else(|e| e.into_inner());
        *g = Some(Runtime { device: device::select(images), table: PresentTable::default() });
    }
    f(g.as_mut().expect("runtime"))
}

/// The selected device (selecting it if needed).
pub fn device() -> Arc<dyn Device> {
    with_rt(|rt| rt.device.clone())
}

/// `gpuf_acc_enter`.
pub fn enter(host: usize, bytes: i64, kind: i32, dynamic: bool) {
    with_rt(|rt| {
        if rt.device.shares_host_memory() {
            return;
        }
        if let Err(e) = rt.table.enter(&*rt.device, host, bytes.max(0) as usize, kind, dynamic) {
            crate::fatal::gpuf_error(&e)
        }
    })
}

/// `gpuf_acc_exit`.
pub fn exit(host: usize, bytes: i64, kind: i32, dynamic: bool, finalize: bool) {
    with_rt(|rt| {
        if rt.device.shares_host_memory() {
            return;
        }
        if let Err(e) = rt.table.exit(&*rt.device, host, bytes.max(0) as usize, kind, dynamic, finalize) {
            crate::fatal::gpuf_error(&e)
        }
    })
}

/// `gpuf_acc_update`.
pub fn update(host: usize, bytes: i64, to_device: bool, if_present: bool) {
    with_rt(|rt| {
        if rt.device.shares_host_memory() {
            return;
        }
        if let Err(e) = rt.table.update(&*rt.device, host, bytes.max(0) as usize, to_device, if_present) {
            crate::fatal::gpuf_error(&e)
        }
    })
}

/// Argument kinds of `gpuf_acc_launch`.
pub const ARG_MAPPED: i32 = 0;
pub const ARG_VALUE: i32 = 1;
/// Fresh device memory of `size` bytes per gang (gang-private arrays).
pub const ARG_SCRATCH: i32 = 2;

/// `gpuf_acc_launch` with the arrays already turned into slices.
pub fn launch(info: &KernelInfo, hosts: &[*mut u8], sizes: &[i64], kinds: &[i32], mut dims: Dims) {
    let (dev, args, temps) = with_rt(|rt| {
        if kinds.contains(&ARG_SCRATCH) && dims.gangs <= 0 {
            // Fix the gang count now: the scratch is sized by it.
            dims.gangs = rt.device.default_gangs(info.levels & 1 != 0);
        }
        let dev = rt.device.clone();
        let mut args = Vec::with_capacity(hosts.len());
        let mut temps = Vec::new();
        for (i, ((&h, &sz), &k)) in hosts.iter().zip(sizes).zip(kinds).enumerate() {
            let h = h as usize;
            let sz = sz.max(0) as usize;
            match k {
                ARG_MAPPED => {
                    if dev.shares_host_memory() || h == 0 {
                        args.push(h as u64);
                    } else {
                        match rt.table.translate(h, sz) {
                            Some(d) => args.push(d),
                            None => crate::fatal::gpuf_error(&format!(
                                "kernel {}: argument {} (data at {h:#x}, {sz} bytes) is not present on the device",
                                info.name(),
                                i + 1
                            )),
                        }
                    }
                }
                ARG_VALUE => {
                    let d = dev.alloc(sz.max(1));
                    if h != 0 {
                        // SAFETY: codegen passes the address of a scalar of
                        // `sz` bytes.
                        unsafe { dev.h2d(d, h as *const u8, sz) };
                    }
                    args.push(d);
                    temps.push(d);
                }
                ARG_SCRATCH => {
                    let d = dev.alloc((sz * dims.gangs.max(1) as usize).max(1));
                    args.push(d);
                    temps.push(d);
                }
                other => crate::fatal::gpuf_error(&format!("kernel {}: argument {} has unknown kind {other}", info.name(), i + 1)),
            }
        }
        (dev, args, temps)
    });
    dev.launch(info, &args, dims);
    for t in temps {
        dev.free(t);
    }
}

/// Releases the device at program end (`gpuf_finish`).
pub fn finish() {
    let mut g = rt();
    if let Some(rt) = g.as_mut() {
        rt.table.clear(&*rt.device);
        rt.device.finish();
    }
}
