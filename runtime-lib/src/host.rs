//! The host device: OpenACC's shared-memory device. Data clauses neither
//! allocate nor copy (the present table is not used), kernels are the
//! host-fallback functions, called once with host addresses.

use crate::device::{Device, Dims, KernelInfo};

/// The host device.
pub struct HostDevice;

impl Device for HostDevice {
    fn name(&self) -> &'static str {
        "host"
    }
    fn shares_host_memory(&self) -> bool {
        true
    }
    fn alloc(&self, bytes: usize) -> u64 {
        crate::mem::alloc(bytes as i64) as u64
    }
    fn free(&self, dev: u64) {
        // SAFETY: `dev` came from `alloc` above.
        unsafe { crate::mem::free(dev as *mut u8) }
    }
    unsafe fn h2d(&self, dev: u64, host: *const u8, bytes: usize) {
        std::ptr::copy(host, dev as *mut u8, bytes)
    }
    unsafe fn d2h(&self, host: *mut u8, dev: u64, bytes: usize) {
        std::ptr::copy(dev as *const u8, host, bytes)
    }
    fn launch(&self, k: &KernelInfo, args: &[u64], _dims: Dims) {
        let mut a: Vec<*mut u8> = args.iter().map(|&p| p as *mut u8).collect();
        (k.host_fn)(a.as_mut_ptr());
    }
}
