//! Devices and their selection.
//!
//! A [`Device`] owns device memory and runs kernels. Three implementations:
//! [`crate::host::HostDevice`] (shared memory: data clauses do no copies,
//! kernels are the host-fallback functions), [`crate::sim::SimDevice`]
//! (separate memory, the SIMT emulator) and [`crate::gpu::GpuDevice`]
//! (CUDA or HIP through `dlopen`).
//!
//! Selection (`ACC_DEVICE_TYPE`, read at the first data directive or
//! compute construct): `host`, `sim`, `nvidia`, `radeon` (any case, with or
//! without the `acc_device_` prefix); unset or empty: a usable GPU (CUDA
//! first, then HIP) with an embedded image for it, else the host.

use std::sync::Arc;

/// Which loop levels a kernel uses (`KernelInfo::levels`).
pub const LEVEL_GANG: i32 = 1;
pub const LEVEL_WORKER: i32 = 2;
pub const LEVEL_VECTOR: i32 = 4;

/// Static description of one compiled kernel (emitted by codegen).
#[repr(C)]
pub struct KernelInfo {
    /// NUL-terminated kernel name (also the symbol in the GPU images).
    pub name: *const u8,
    /// Host version: one thread per gang, every other dim 1 (`gpuf_host_gang_pos`).
    pub host_fn: extern "C" fn(*mut *mut u8),
    /// Sim version (calls the `gpuf_sim_*` functions).
    pub sim_fn: extern "C" fn(*mut *mut u8),
    /// Bytes of the gang's shared-memory arena on the sim.
    pub shared_bytes: i64,
    /// Bit set of LEVEL_GANG / LEVEL_WORKER / LEVEL_VECTOR.
    pub levels: i32,
}

impl KernelInfo {
    /// The kernel's name as a string.
    pub fn name(&self) -> String {
        if self.name.is_null() {
            return "?".into();
        }
        // SAFETY: codegen emits a NUL-terminated string.
        unsafe { std::ffi::CStr::from_ptr(self.name as *const std::ffi::c_char) }.to_string_lossy().into_owned()
    }
}

/// The GPU images embedded in the executable (`gpuf_init`'s argument).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct GpufImages {
    pub ptx: *const u8,
    pub ptx_len: i64,
    pub hsaco: *const u8,
    pub hsaco_len: i64,
}

/// Copy of the images as byte slices of static data.
#[derive(Clone, Copy, Default)]
pub struct Images {
    pub ptx: Option<&'static [u8]>,
    pub hsaco: Option<&'static [u8]>,
}

impl Images {
    /// # Safety
    /// Non-null pointers must point to `len` bytes that live forever.
    pub unsafe fn from_c(i: &GpufImages) -> Images {
        let sl = |p: *const u8, n: i64| {
            if p.is_null() || n <= 0 {
                None
            } else {
                Some(std::slice::from_raw_parts(p, n as usize))
            }
        };
        Images { ptx: sl(i.ptx, i.ptx_len), hsaco: sl(i.hsaco, i.hsaco_len) }
    }
}

/// Launch dimensions as given by the clauses (0 = default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dims {
    pub gangs: i32,
    pub workers: i32,
    pub vlen: i32,
}

/// A device: memory plus kernel execution. Device addresses are `u64`.
/// Errors inside a device are fatal (printed, then exit).
pub trait Device: Send + Sync {
    /// Short name for messages (`host`, `sim`, `nvidia`, `radeon`).
    fn name(&self) -> &'static str;
    /// True for the host device: data clauses are no-ops, kernels get host
    /// addresses.
    fn shares_host_memory(&self) -> bool {
        false
    }
    /// Allocates `bytes` (at least 1) of device memory. The default is host memory (the
    /// host and sim devices); GPUs override the four memory functions.
    fn alloc(&self, bytes: usize) -> u64 {
        crate::mem::alloc(bytes as i64) as u64
    }
    /// [`Device::alloc`] for a block the caller fills completely at once (a copy-in): its
    /// contents need not be zeroed.
    fn alloc_uninit(&self, bytes: usize) -> u64 {
        self.alloc(bytes)
    }
    fn free(&self, dev: u64) {
        // SAFETY: `dev` came from `alloc` above.
        unsafe { crate::mem::free(dev as *mut u8) }
    }
    /// Copies host → device.
    ///
    /// # Safety
    /// `host` must be valid for `bytes` bytes; `dev` must be inside a block
    /// from `alloc`.
    unsafe fn h2d(&self, dev: u64, host: *const u8, bytes: usize) {
        std::ptr::copy(host, dev as *mut u8, bytes)
    }
    /// Copies device → host.
    ///
    /// # Safety
    /// As for `h2d`.
    unsafe fn d2h(&self, host: *mut u8, dev: u64, bytes: usize) {
        std::ptr::copy(dev as *const u8, host, bytes)
    }
    /// Runs a kernel with `args` (device addresses, one per parameter) and
    /// returns when it has finished.
    fn launch(&self, k: &KernelInfo, args: &[u64], dims: Dims);
    /// Releases the device at program end.
    fn finish(&self) {}
    /// The number of gangs a launch without `num_gangs` gets (`gang_loops`: the kernel
    /// partitions some loop over gangs).
    fn default_gangs(&self, gang_loops: bool) -> i32 {
        if gang_loops {
            4
        } else {
            1
        }
    }
}

/// The device kinds `ACC_DEVICE_TYPE` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceKind {
    Host,
    Sim,
    Nvidia,
    Radeon,
}

/// Parses an `ACC_DEVICE_TYPE` value; `Ok(None)` means "not set: choose".
pub fn parse_device_type(v: Option<&str>) -> Result<Option<DeviceKind>, String> {
    let Some(v) = v else { return Ok(None) };
    let l = v.trim().to_ascii_lowercase();
    let l = l.strip_prefix("acc_device_").unwrap_or(&l);
    Ok(Some(match l {
        "" | "default" | "not_host" => return Ok(None),
        "host" => DeviceKind::Host,
        "sim" => DeviceKind::Sim,
        "nvidia" => DeviceKind::Nvidia,
        "radeon" => DeviceKind::Radeon,
        _ => return Err(format!("ACC_DEVICE_TYPE={v} is not a device type gpuf knows (host, sim, nvidia or radeon)")),
    }))
}

/// Reads `GPUF_SIM_LANES` (32 or 64, default 32).
pub fn sim_lanes_from_env(v: Option<&str>) -> Result<usize, String> {
    match v.map(str::trim) {
        None | Some("") => Ok(32),
        Some("32") => Ok(32),
        Some("64") => Ok(64),
        Some(o) => Err(format!("GPUF_SIM_LANES={o} is not supported (32 or 64)")),
    }
}

impl DeviceKind {
    /// The kind of a device, from its [`Device::name`].
    pub fn of(d: &dyn Device) -> DeviceKind {
        match d.name() {
            "host" => DeviceKind::Host,
            "nvidia" => DeviceKind::Nvidia,
            "radeon" => DeviceKind::Radeon,
            _ => DeviceKind::Sim,
        }
    }
}

/// Opens a device of the given kind. Errors for GPUs read "no NVIDIA GPU is
/// usable: why" (the caller says who asked for it).
pub fn open(kind: DeviceKind, lanes_env: Option<&str>, images: Images) -> Result<Arc<dyn Device>, String> {
    match kind {
        DeviceKind::Host => Ok(Arc::new(crate::host::HostDevice)),
        DeviceKind::Sim => {
            let lanes = sim_lanes_from_env(lanes_env)?;
            Ok(Arc::new(crate::sim::SimDevice::new(lanes)))
        }
        DeviceKind::Nvidia => crate::gpu::GpuDevice::open_cuda(images.ptx)
            .map(|d| Arc::new(d) as Arc<dyn Device>)
            .map_err(|e| format!("no NVIDIA GPU is usable: {e}")),
        DeviceKind::Radeon => crate::gpu::GpuDevice::open_hip(images.hsaco)
            .map(|d| Arc::new(d) as Arc<dyn Device>)
            .map_err(|e| format!("no AMD GPU is usable: {e}")),
    }
}

/// The default choice: a usable GPU with an image for it (CUDA first, then
/// HIP), else the host.
pub fn default_device(images: Images) -> Arc<dyn Device> {
    if images.ptx.is_some() {
        if let Ok(d) = crate::gpu::GpuDevice::open_cuda(images.ptx) {
            return Arc::new(d);
        }
    }
    if images.hsaco.is_some() {
        if let Ok(d) = crate::gpu::GpuDevice::open_hip(images.hsaco) {
            return Arc::new(d);
        }
    }
    Arc::new(crate::host::HostDevice)
}

/// Selects a device as `ACC_DEVICE_TYPE` (given as `env`) asks, without
/// exiting: errors are returned as the message to print after `gpuf: `.
pub fn try_select(env: Option<&str>, lanes_env: Option<&str>, images: Images) -> Result<Arc<dyn Device>, String> {
    match parse_device_type(env)? {
        Some(k @ (DeviceKind::Nvidia | DeviceKind::Radeon)) => {
            let name = if k == DeviceKind::Nvidia { "nvidia" } else { "radeon" };
            open(k, lanes_env, images).map_err(|e| format!("ACC_DEVICE_TYPE={name} but {e}"))
        }
        Some(k) => open(k, lanes_env, images),
        None => Ok(default_device(images)),
    }
}

/// Selects the device from the process environment; exits with status 1
/// and a one-line message if the requested device is not usable.
pub fn select(images: Images) -> Arc<dyn Device> {
    let env = std::env::var("ACC_DEVICE_TYPE").ok();
    let lanes = std::env::var("GPUF_SIM_LANES").ok();
    match try_select(env.as_deref(), lanes.as_deref(), images) {
        Ok(d) => d,
        Err(e) => crate::fatal::gpuf_error(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn device_type_spellings() {
        assert_eq!(parse_device_type(Some("host")), Ok(Some(DeviceKind::Host)));
        assert_eq!(parse_device_type(Some("HOST")), Ok(Some(DeviceKind::Host)));
        assert_eq!(parse_device_type(Some("acc_device_host")), Ok(Some(DeviceKind::Host)));
        assert_eq!(parse_device_type(Some("ACC_DEVICE_NVIDIA")), Ok(Some(DeviceKind::Nvidia)));
        assert_eq!(parse_device_type(Some("radeon")), Ok(Some(DeviceKind::Radeon)));
        assert_eq!(parse_device_type(Some("Sim")), Ok(Some(DeviceKind::Sim)));
        assert_eq!(parse_device_type(None), Ok(None));
        assert!(parse_device_type(Some("tpu")).is_err());
        assert_eq!(sim_lanes_from_env(None), Ok(32));
        assert_eq!(sim_lanes_from_env(Some("64")), Ok(64));
        assert!(sim_lanes_from_env(Some("16")).is_err());
    }

    #[test]
    fn gpu_selection_without_gpu_fails_clearly() {
        // No CUDA/HIP driver is installed on the build machine.
        let e = try_select(Some("nvidia"), None, Images::default()).err().expect("no GPU here");
        assert_eq!(e, "ACC_DEVICE_TYPE=nvidia but no NVIDIA GPU is usable: libcuda.so.1 could not be loaded");
        let e = try_select(Some("acc_device_radeon"), None, Images::default()).err().expect("no GPU here");
        assert_eq!(e, "ACC_DEVICE_TYPE=radeon but no AMD GPU is usable: libamdhip64.so could not be loaded");
        // unset: falls back to the host device
        let d = try_select(None, None, Images::default()).ok().unwrap();
        assert_eq!(d.name(), "host");
        let d = try_select(Some("sim"), Some("64"), Images::default()).ok().unwrap();
        assert_eq!(d.name(), "sim");
    }
}
