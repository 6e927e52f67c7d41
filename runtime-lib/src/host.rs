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
    fn launch(&self, k: &KernelInfo, args: &[u64], _dims: Dims) {
        let mut a: Vec<*mut u8> = args.iter().map(|&p| p as *mut u8).collect();
        (k.host_fn)(a.as_mut_ptr());
    }
}
