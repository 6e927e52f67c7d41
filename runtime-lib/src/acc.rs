//! Run-time state of the OpenACC support: the selected device (chosen
//! lazily, at the first data directive, compute construct or runtime
//! routine, from `ACC_DEVICE_TYPE`, or as `acc_set_device_type` asks) and
//! the present table, plus the entry points behind `gpuf_acc_*`: data
//! entry/exit, update, kernel launch and the routines of the `openacc`
//! module (device selection, dynamic data routines, `acc_is_present`).
//!
//! On the host device (shared memory) data clauses are no-ops and kernels
//! get host addresses. Otherwise, mapped arguments are translated through
//! the present table (and must be present), by-value scalars of at most 8
//! bytes travel in the kernel parameters themselves and larger by-value
//! arguments are copied into temporary device storage for the launch.

use crate::data::{kind, PresentTable};
use crate::device::{self, Device, DeviceKind, Dims, Images, KernelInfo};
use std::sync::{Arc, Mutex, MutexGuard};

/// The device-type constants of the `openacc` module (`acc_device_*`).
pub mod devtype {
    pub const NONE: i32 = 0;
    pub const DEFAULT: i32 = 1;
    pub const HOST: i32 = 2;
    pub const NOT_HOST: i32 = 3;
    pub const NVIDIA: i32 = 4;
    pub const RADEON: i32 = 5;

    /// The Fortran name of a device-type constant.
    pub fn name(t: i32) -> String {
        match t {
            NONE => "acc_device_none".into(),
            DEFAULT => "acc_device_default".into(),
            HOST => "acc_device_host".into(),
            NOT_HOST => "acc_device_not_host".into(),
            NVIDIA => "acc_device_nvidia".into(),
            RADEON => "acc_device_radeon".into(),
            t => format!("device type {t}"),
        }
    }
}

/// The `acc_device_*` constant `acc_get_device_type` reports for a device
/// (the sim, which has no constant of its own, is `acc_device_not_host`).
pub fn device_type_of(d: &dyn Device) -> i32 {
    match DeviceKind::of(d) {
        DeviceKind::Host => devtype::HOST,
        DeviceKind::Sim => devtype::NOT_HOST,
        DeviceKind::Nvidia => devtype::NVIDIA,
        DeviceKind::Radeon => devtype::RADEON,
    }
}

/// The data routines of the OpenACC runtime API (`acc_copyin`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataOp {
    Copyin,
    Create,
    Copyout,
    Delete,
    CopyoutFinalize,
    DeleteFinalize,
    UpdateDevice,
    UpdateSelf,
    PresentOrCopyin,
    PresentOrCreate,
}

impl DataOp {
    /// The routine's Fortran name, for messages.
    pub fn name(self) -> &'static str {
        match self {
            DataOp::Copyin => "acc_copyin",
            DataOp::Create => "acc_create",
            DataOp::Copyout => "acc_copyout",
            DataOp::Delete => "acc_delete",
            DataOp::CopyoutFinalize => "acc_copyout_finalize",
            DataOp::DeleteFinalize => "acc_delete_finalize",
            DataOp::UpdateDevice => "acc_update_device",
            DataOp::UpdateSelf => "acc_update_self",
            DataOp::PresentOrCopyin => "acc_present_or_copyin",
            DataOp::PresentOrCreate => "acc_present_or_create",
        }
    }
}

/// The OpenACC run-time state: the device in use (selected lazily) and the
/// present table of its memory.
#[derive(Default)]
pub struct State {
    device: Option<Arc<dyn Device>>,
    table: PresentTable,
    /// The device type the program asked for (`acc_set_device_type`,
    /// `acc_init`); used when the device is selected again after
    /// `acc_shutdown`.
    choice: Option<i32>,
    /// `(ACC_DEVICE_TYPE, GPUF_SIM_LANES)` instead of the process
    /// environment (tests).
    env: Option<(Option<String>, Option<String>)>,
    /// The device addresses `acc_malloc` returned and `acc_free` has not freed yet: freeing
    /// anything else is an error instead of a corrupted heap.
    malloced: std::collections::HashSet<u64>,
}

impl State {
    /// A state that reads `ACC_DEVICE_TYPE` and `GPUF_SIM_LANES` from the
    /// given values instead of the environment.
    pub fn with_env(device_type: Option<&str>, lanes: Option<&str>) -> State {
        State { env: Some((device_type.map(str::to_string), lanes.map(str::to_string))), ..State::default() }
    }

    fn env(&self) -> (Option<String>, Option<String>) {
        match &self.env {
            Some(e) => e.clone(),
            None => (std::env::var("ACC_DEVICE_TYPE").ok(), std::env::var("GPUF_SIM_LANES").ok()),
        }
    }

    fn images() -> Images {
        *IMAGES.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The device in use, selecting it if needed (`ACC_DEVICE_TYPE`, or the
    /// program's earlier choice).
    pub fn device(&mut self) -> Result<Arc<dyn Device>, String> {
        if let Some(d) = &self.device {
            return Ok(d.clone());
        }
        let d = match self.choice {
            Some(t) => self.open_type(t, "acc_set_device_type")?,
            None => {
                let (ty, lanes) = self.env();
                let offload = if self.env.is_none() { std::env::var("OMP_TARGET_OFFLOAD").ok() } else { None };
                match offload.as_deref().map(str::to_ascii_lowercase).as_deref() {
                    // OpenMP's `disabled`: every target region runs on the host.
                    Some("disabled") if ty.is_none() => Arc::new(crate::host::HostDevice),
                    Some("mandatory") if ty.is_none() => {
                        // The default choice falls back to the host when no GPU is usable;
                        // OpenMP's `mandatory` forbids that. (`ACC_DEVICE_TYPE=host` or
                        // `sim` names one of gpuf's own offload devices.)
                        let d = device::try_select(None, lanes.as_deref(), Self::images())?;
                        if DeviceKind::of(&*d) == DeviceKind::Host {
                            return Err("OMP_TARGET_OFFLOAD=mandatory but no offload device is usable (no GPU could be opened; ACC_DEVICE_TYPE=sim or host selects one of gpuf's own devices)".into());
                        }
                        d
                    }
                    _ => device::try_select(ty.as_deref(), lanes.as_deref(), Self::images())?,
                }
            }
        };
        if requires_usm() && !d.shares_host_memory() {
            return Err(usm_refused(&*d));
        }
        self.device = Some(d.clone());
        self.enter_declared(&d)?;
        Ok(d)
    }

    /// Maps the module variables of `!$acc declare` directives on a device just opened
    /// (dynamic references: they stay for the program's lifetime, or until the device is
    /// shut down; the next device maps them again).
    fn enter_declared(&mut self, d: &Arc<dyn Device>) -> Result<(), String> {
        if d.shares_host_memory() {
            return Ok(());
        }
        let list = DECLARED.lock().unwrap_or_else(|e| e.into_inner()).clone();
        for (host, bytes, k, at) in list {
            let k = match k {
                kind::COPY | kind::COPYIN => kind::COPYIN,
                kind::PRESENT => continue,
                _ => kind::CREATE,
            };
            self.table.enter(&**d, host, bytes, k, true).map_err(|e| format!("declare of {at}: {e}"))?;
        }
        Ok(())
    }

    /// The present table.
    pub fn table(&self) -> &PresentTable {
        &self.table
    }

    /// The device kind `ACC_DEVICE_TYPE` names, if any.
    fn env_kind(&self) -> Result<Option<DeviceKind>, String> {
        device::parse_device_type(self.env().0.as_deref())
    }

    /// A device for the device type `t` (`who`: the routine, for messages).
    /// Keeps the device in use when it already is of that type.
    fn open_type(&self, t: i32, who: &str) -> Result<Arc<dyn Device>, String> {
        let cur = self.device.as_ref().map(|d| DeviceKind::of(&**d));
        let want = match t {
            devtype::HOST => Some(DeviceKind::Host),
            devtype::NVIDIA => Some(DeviceKind::Nvidia),
            devtype::RADEON => Some(DeviceKind::Radeon),
            devtype::DEFAULT => self.env_kind()?,
            devtype::NOT_HOST => match (cur, self.env_kind()?) {
                (Some(k), _) if k != DeviceKind::Host => Some(k),
                (_, Some(k)) if k != DeviceKind::Host => Some(k),
                _ => None,
            },
            t => {
                return Err(format!(
                    "{who}: {} is not a device type gpuf can use (acc_device_host, acc_device_not_host, acc_device_nvidia, acc_device_radeon or acc_device_default)",
                    devtype::name(t)
                ))
            }
        };
        match (want, &self.device) {
            (Some(k), Some(d)) if DeviceKind::of(&**d) == k => return Ok(d.clone()),
            // the default choice keeps a GPU in use
            (None, Some(d)) if matches!(DeviceKind::of(&**d), DeviceKind::Nvidia | DeviceKind::Radeon) => return Ok(d.clone()),
            _ => {}
        }
        match want {
            Some(k) => device::open(k, self.env().1.as_deref(), Self::images()).map_err(|e| format!("{who}({}): {e}", devtype::name(t))),
            None => {
                let d = device::default_device(Self::images());
                match &self.device {
                    Some(c) if DeviceKind::of(&**c) == DeviceKind::of(&*d) => Ok(c.clone()),
                    _ => Ok(d),
                }
            }
        }
    }

    /// Makes `d` the device in use; data mapped on the previous device is
    /// released.
    fn switch_to(&mut self, d: Arc<dyn Device>) {
        if requires_usm() && !d.shares_host_memory() {
            crate::fatal::gpuf_error(&usm_refused(&*d))
        }
        if let Some(old) = self.device.take() {
            if Arc::ptr_eq(&old, &d) {
                self.device = Some(old);
                return;
            }
            crate::queue::drain();
            self.table.clear(&*old);
            old.finish();
        }
        self.device = Some(d.clone());
        if let Err(e) = self.enter_declared(&d) {
            crate::fatal::gpuf_error(&e)
        }
    }

    /// `acc_set_device_type`.
    pub fn set_device_type(&mut self, t: i32) -> Result<(), String> {
        self.select_type(t, "acc_set_device_type")
    }

    /// `acc_init`: selects and opens a device of type `t`.
    pub fn init(&mut self, t: i32) -> Result<(), String> {
        self.select_type(t, "acc_init")
    }

    /// Makes a device of type `t` the device in use (`who`: the routine).
    fn select_type(&mut self, t: i32, who: &str) -> Result<(), String> {
        let d = self.open_type(t, who)?;
        self.switch_to(d);
        self.choice = Some(t);
        Ok(())
    }

    /// `acc_get_device_type`.
    pub fn get_device_type(&mut self) -> Result<i32, String> {
        Ok(device_type_of(&*self.device()?))
    }

    /// `acc_get_num_devices`: host 1, nvidia/radeon the driver's count,
    /// not_host the GPUs plus the sim when it is (or will be) in use.
    pub fn num_devices(&self, t: i32) -> i32 {
        match t {
            devtype::HOST | devtype::DEFAULT => 1,
            devtype::NVIDIA => crate::gpu::GpuDevice::cuda_device_count(),
            devtype::RADEON => crate::gpu::GpuDevice::hip_device_count(),
            devtype::NOT_HOST => {
                let sim = match &self.device {
                    Some(d) => DeviceKind::of(&**d) == DeviceKind::Sim,
                    None => self.env_kind() == Ok(Some(DeviceKind::Sim)),
                };
                crate::gpu::GpuDevice::cuda_device_count() + crate::gpu::GpuDevice::hip_device_count() + i32::from(sim)
            }
            _ => 0,
        }
    }

    /// `acc_set_device_num`: a negative number means the type's default
    /// device; gpuf uses the first device of each type.
    pub fn set_device_num(&mut self, n: i32, t: i32) -> Result<(), String> {
        if n > 0 {
            let count = self.num_devices(t);
            if n >= count {
                return Err(format!("acc_set_device_num: there is no device {n} of type {} ({count} available)", devtype::name(t)));
            }
            return Err(format!("acc_set_device_num: device {n} of type {}: gpuf uses only device 0 of each type", devtype::name(t)));
        }
        self.select_type(t, "acc_set_device_num")
    }

    /// `acc_shutdown`: releases the device in use if it is of type `t`
    /// (mapped data is freed); the next construct selects a device again.
    pub fn shutdown(&mut self, t: i32) {
        let Some(d) = &self.device else { return };
        let ty = device_type_of(&**d);
        let matches = t == ty || t == devtype::DEFAULT || (t == devtype::NOT_HOST && ty != devtype::HOST);
        if matches {
            if let Some(d) = self.device.take() {
                crate::queue::drain();
                self.table.clear(&*d);
                self.malloced.clear();
                d.finish();
            }
        }
    }

    /// The kind of device `dev_num` of type `dev_type` (`acc_get_property`), if there is
    /// one: gpuf uses device 0 of each type.
    fn device_of(&mut self, dev_num: i32, dev_type: i32) -> Result<Option<DeviceKind>, String> {
        if dev_num != 0 || self.num_devices(dev_type) == 0 {
            return Ok(None);
        }
        Ok(match dev_type {
            devtype::HOST => Some(DeviceKind::Host),
            devtype::NVIDIA => Some(DeviceKind::Nvidia),
            devtype::RADEON => Some(DeviceKind::Radeon),
            _ => Some(DeviceKind::of(&*self.device()?)),
        })
    }

    /// `acc_get_property`: the device's memory and free memory in bytes (the host's for the
    /// host and sim devices, which use it; 0 where gpuf cannot tell: the GPUs), whether it
    /// shares the host's memory; 0 for a device that does not exist.
    pub fn property(&mut self, dev_num: i32, dev_type: i32, prop: i32) -> Result<i64, String> {
        let Some(k) = self.device_of(dev_num, dev_type)? else { return Ok(0) };
        let cpu = matches!(k, DeviceKind::Host | DeviceKind::Sim);
        Ok(match prop {
            property::MEMORY if cpu => meminfo("MemTotal:"),
            property::FREE_MEMORY if cpu => meminfo("MemAvailable:"),
            property::SHARED_MEMORY_SUPPORT => i64::from(k == DeviceKind::Host),
            _ => 0,
        })
    }

    /// `acc_get_property_string`: the device's name, vendor and driver (empty for a
    /// device that does not exist or a property that is not a string).
    pub fn property_string(&mut self, dev_num: i32, dev_type: i32, prop: i32) -> Result<String, String> {
        let Some(k) = self.device_of(dev_num, dev_type)? else { return Ok(String::new()) };
        Ok(match prop {
            property::NAME => match k {
                DeviceKind::Host => "gpuf host device".to_string(),
                DeviceKind::Sim => "gpuf sim device".to_string(),
                DeviceKind::Nvidia => "NVIDIA GPU".to_string(),
                DeviceKind::Radeon => "AMD GPU".to_string(),
            },
            property::VENDOR => match k {
                DeviceKind::Host | DeviceKind::Sim => "gpuf".to_string(),
                DeviceKind::Nvidia => "NVIDIA".to_string(),
                DeviceKind::Radeon => "AMD".to_string(),
            },
            property::DRIVER => match k {
                DeviceKind::Host | DeviceKind::Sim => format!("gpuf {}", env!("CARGO_PKG_VERSION")),
                DeviceKind::Nvidia => "CUDA driver".to_string(),
                DeviceKind::Radeon => "HIP runtime".to_string(),
            },
            _ => String::new(),
        })
    }

    /// `acc_init_device(dev_num, dev_type)`.
    pub fn init_device(&mut self, dev_num: i32, dev_type: i32) -> Result<(), String> {
        if dev_num > 0 {
            return Err(format!(
                "acc_init_device: there is no device {dev_num} of type {} ({} available; gpuf uses only device 0 of each type)",
                devtype::name(dev_type),
                self.num_devices(dev_type)
            ));
        }
        self.select_type(dev_type, "acc_init_device")
    }

    /// `acc_memcpy_d2d`: copies `bytes` from the device copy of `src` to that of `dest`
    /// (both present on the device in use: gpuf uses device 0 of each type).
    pub fn memcpy_d2d(
        &mut self,
        dest: usize,
        dest_bytes: i64,
        src: usize,
        src_bytes: i64,
        bytes: i64,
        nums: (i32, i32),
    ) -> Result<(), String> {
        if nums.0 != 0 || nums.1 != 0 {
            return Err(format!("acc_memcpy_d2d: devices {} and {}: gpuf uses only device 0 of each type", nums.1, nums.0));
        }
        let n = bytes.max(0) as usize;
        if n == 0 {
            return Ok(());
        }
        if n as i64 > dest_bytes.max(0) || n as i64 > src_bytes.max(0) {
            return Err(format!("acc_memcpy_d2d: {n} bytes do not fit in the arguments ({src_bytes} and {dest_bytes} bytes)"));
        }
        let dev = self.device()?;
        if dev.shares_host_memory() {
            // SAFETY: both ranges are the caller's variables of at least `n` bytes.
            unsafe { std::ptr::copy(src as *const u8, dest as *mut u8, n) };
            return Ok(());
        }
        let (Some(s), Some(d)) = (self.table.translate(src, n), self.table.translate(dest, n)) else {
            return Err("acc_memcpy_d2d: an argument is not present on the device".into());
        };
        crate::queue::run(&*dev, move |dev| {
            let mut buf = vec![0u8; n];
            // SAFETY: `s` and `d` are device addresses of present blocks of at least `n` bytes.
            unsafe {
                dev.d2h(buf.as_mut_ptr(), s, n);
                dev.h2d(d, buf.as_ptr(), n);
            }
        });
        Ok(())
    }

    /// A data routine on `[host, host+bytes)` (with dynamic reference
    /// counts; no-ops on the host device).
    pub fn data(&mut self, op: DataOp, host: usize, bytes: i64) -> Result<(), String> {
        let dev = self.device()?;
        if dev.shares_host_memory() {
            return Ok(());
        }
        let n = bytes.max(0) as usize;
        let t = &mut self.table;
        let r = match op {
            DataOp::Copyin | DataOp::PresentOrCopyin => t.enter(&*dev, host, n, kind::COPYIN, true),
            DataOp::Create | DataOp::PresentOrCreate => t.enter(&*dev, host, n, kind::CREATE, true),
            DataOp::Copyout => t.exit(&*dev, host, n, kind::COPYOUT, true, false),
            DataOp::CopyoutFinalize => t.exit(&*dev, host, n, kind::COPYOUT, true, true),
            DataOp::Delete => t.exit(&*dev, host, n, kind::DELETE, true, false),
            DataOp::DeleteFinalize => t.exit(&*dev, host, n, kind::DELETE, true, true),
            DataOp::UpdateDevice => t.update(&*dev, host, n, true, false),
            DataOp::UpdateSelf => t.update(&*dev, host, n, false, false),
        };
        r.map_err(|e| format!("{}: {}", op.name(), e.strip_prefix("update: ").unwrap_or(&e)))
    }

    /// `acc_is_present`: always true on the host device (shared memory).
    pub fn is_present(&mut self, host: usize, bytes: i64) -> Result<bool, String> {
        let dev = self.device()?;
        Ok(dev.shares_host_memory() || self.table.find(host, bytes.max(0) as usize).is_some())
    }

    /// `acc_malloc(bytes)`: device memory of the program (null for 0 bytes).
    pub fn malloc(&mut self, bytes: i64) -> Result<u64, String> {
        if bytes <= 0 {
            return Ok(0);
        }
        let dev = self.device()?;
        let d = dev.alloc(bytes as usize);
        self.malloced.insert(d);
        Ok(d)
    }

    /// `acc_free(data_dev)`: after the work queued before it (null: nothing). An address
    /// `acc_malloc` did not return (or one freed already) is an error.
    pub fn free(&mut self, d: u64) -> Result<(), String> {
        if d != 0 {
            if !self.malloced.remove(&d) {
                return Err(format!("acc_free: {d:#x} is not device memory that acc_malloc returned (or it was freed already)"));
            }
            let dev = self.device()?;
            crate::queue::free(&*dev, d);
        }
        Ok(())
    }

    /// `acc_deviceptr(data_arg)`: the device address of present data (the host address
    /// on the host device), null if it is not present.
    pub fn deviceptr(&mut self, host: usize, bytes: i64) -> Result<u64, String> {
        let dev = self.device()?;
        if dev.shares_host_memory() {
            return Ok(host as u64);
        }
        let n = (bytes.max(0) as usize).min(1);
        Ok(self.table.find(host, n).map_or(0, |b| b.dev + (host - b.host) as u64))
    }

    /// `acc_hostptr(data_dev)`: the host address whose device copy is at `d`, null if
    /// none is.
    pub fn hostptr(&mut self, d: u64) -> Result<u64, String> {
        let dev = self.device()?;
        if dev.shares_host_memory() {
            return Ok(d);
        }
        Ok(self.table.host_of(d).map_or(0, |h| h as u64))
    }

    /// `acc_map_data(data_arg, data_dev, bytes)`.
    pub fn map_data(&mut self, host: usize, d: u64, bytes: i64) -> Result<(), String> {
        let dev = self.device()?;
        if dev.shares_host_memory() {
            return Ok(());
        }
        self.table.map_user(host, bytes.max(0) as usize, d)
    }

    /// `acc_unmap_data(data_arg)`.
    pub fn unmap_data(&mut self, host: usize) -> Result<(), String> {
        let dev = self.device()?;
        if dev.shares_host_memory() {
            return Ok(());
        }
        self.table.unmap_user(host)
    }

    /// `acc_memcpy_to_device` (`to_device`), `acc_memcpy_from_device`: `bytes` between
    /// the host variable at `host` (`host_bytes` long) and the device address `d`.
    pub fn memcpy_host(&mut self, to_device: bool, host: usize, host_bytes: i64, d: u64, bytes: i64) -> Result<(), String> {
        let who = if to_device { "acc_memcpy_to_device" } else { "acc_memcpy_from_device" };
        let n = bytes.max(0) as usize;
        if n == 0 {
            return Ok(());
        }
        if n as i64 > host_bytes.max(0) {
            return Err(format!("{who}: {n} bytes do not fit in the host variable ({host_bytes} bytes)"));
        }
        if d == 0 {
            return Err(format!("{who}: a null device address"));
        }
        let dev = self.device()?;
        if to_device {
            crate::queue::h2d(&*dev, d, host, n);
        } else {
            crate::queue::d2h(&*dev, host, d, n);
        }
        Ok(())
    }

    /// `acc_memcpy_device(data_dev_dest, data_dev_src, bytes)`.
    pub fn memcpy_device(&mut self, dest: u64, src: u64, bytes: i64) -> Result<(), String> {
        let n = bytes.max(0) as usize;
        if n == 0 {
            return Ok(());
        }
        if dest == 0 || src == 0 {
            return Err("acc_memcpy_device: a null device address".into());
        }
        let dev = self.device()?;
        crate::queue::run(&*dev, move |dev| {
            let mut buf = vec![0u8; n];
            // SAFETY: the program passes device addresses of at least `n` bytes.
            unsafe {
                dev.d2h(buf.as_mut_ptr(), src, n);
                dev.h2d(dest, buf.as_ptr(), n);
            }
        });
        Ok(())
    }
}

/// `acc_device_property` values of the `openacc` module.
pub mod property {
    pub const MEMORY: i32 = 1;
    pub const FREE_MEMORY: i32 = 2;
    pub const SHARED_MEMORY_SUPPORT: i32 = 3;
    pub const NAME: i32 = 0x10001;
    pub const VENDOR: i32 = 0x10002;
    pub const DRIVER: i32 = 0x10003;
}

/// A `/proc/meminfo` field in bytes (0 when it cannot be read).
fn meminfo(field: &str) -> i64 {
    let text = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|r| r.split_whitespace().next())
        .and_then(|k| k.parse::<i64>().ok())
        .map_or(0, |k| k * 1024)
}

/// `acc_on_device` called from host code.
pub fn on_device_host_code(t: i32) -> bool {
    t == devtype::HOST
}

/// The module variables of `!$acc declare` directives (`gpuf_acc_declare`, before `main`):
/// host address, bytes, data clause kind, the clause item for messages.
static DECLARED: Mutex<Vec<(usize, usize, i32, String)>> = Mutex::new(Vec::new());

/// `gpuf_acc_declare`: a module variable in a `declare` directive, mapped on every device
/// the program opens.
pub fn declare(host: usize, bytes: i64, kind: i32, at: &str) {
    if host != 0 {
        DECLARED.lock().unwrap_or_else(|e| e.into_inner()).push((host, bytes.max(0) as usize, kind, at.to_string()));
    }
}

/// OpenMP's `requires unified_shared_memory` (`gpuf_omp_requires`, before `main`): the
/// device may use host memory, so data clauses map nothing and kernels get host addresses.
/// The sim device then works in the host's memory; the GPUs refuse (gpuf does not allocate
/// managed memory for them).
static REQUIRES_USM: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// True when some unit of the program requires unified shared memory.
pub fn requires_usm() -> bool {
    REQUIRES_USM.load(std::sync::atomic::Ordering::Relaxed)
}

/// The message for a GPU under `requires unified_shared_memory`.
fn usm_refused(d: &dyn Device) -> String {
    format!(
        "the program requires unified_shared_memory, which gpuf supports on the sim and host devices only (the {} device has separate memory; ACC_DEVICE_TYPE=sim selects the sim device)",
        d.name()
    )
}

/// `gpuf_omp_requires(flags)`: bit 1 is `unified_shared_memory`.
pub fn omp_requires(flags: i32) {
    if flags & 1 != 0 {
        REQUIRES_USM.store(true, std::sync::atomic::Ordering::Relaxed);
        // A device opened already (a constructor ran a data routine) must allow it too.
        let g = rt();
        if let Some(d) = g.as_ref().and_then(|st| st.device.as_ref()) {
            if !d.shares_host_memory() {
                crate::fatal::gpuf_error(&usm_refused(&**d));
            }
        }
    }
}

static IMAGES: Mutex<Images> = Mutex::new(Images { ptx: None, hsaco: None });
static RT: Mutex<Option<State>> = Mutex::new(None);

fn rt() -> MutexGuard<'static, Option<State>> {
    RT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Records the embedded GPU images (`gpuf_init`).
pub fn set_images(i: Images) {
    *IMAGES.lock().unwrap_or_else(|e| e.into_inner()) = i;
}

/// Runs `f` on the process's state; errors are fatal (`gpuf: ...`).
pub fn with_state<R>(f: impl FnOnce(&mut State) -> Result<R, String>) -> R {
    let mut g = rt();
    let st = g.get_or_insert_with(State::default);
    match f(st) {
        Ok(r) => r,
        Err(e) => crate::fatal::gpuf_error(&e),
    }
}

/// The selected device and the present table (selecting the device if needed).
fn with_rt<R>(f: impl FnOnce(&Arc<dyn Device>, &mut PresentTable) -> R) -> R {
    with_state(|st| {
        let d = st.device()?;
        Ok(f(&d, &mut st.table))
    })
}

/// The selected device (selecting it if needed).
pub fn device() -> Arc<dyn Device> {
    with_rt(|d, _| d.clone())
}

/// A data-environment error, with the clause item named when the compiler says where it is
/// (`update self(a) at f.f90:12: a is not present on the device`).
fn data_error(e: &str, at: Option<&str>) -> ! {
    match at {
        Some(at) if e.ends_with("is not present on the device") => crate::fatal::gpuf_error(&format!("{at} is not present on the device")),
        _ => crate::fatal::gpuf_error(e),
    }
}

/// `gpuf_acc_enter`.
pub fn enter(host: usize, bytes: i64, kind: i32, dynamic: bool, at: Option<&str>) {
    note_entered(host, bytes);
    with_rt(|dev, table| {
        if dev.shares_host_memory() {
            return;
        }
        let _site = crate::profile::Site::enter(at);
        if let Err(e) = table.enter(&**dev, host, bytes.max(0) as usize, kind, dynamic) {
            data_error(&e, at)
        }
    })
}

/// `gpuf_acc_exit`.
pub fn exit(host: usize, bytes: i64, kind: i32, dynamic: bool, finalize: bool, at: Option<&str>) {
    with_rt(|dev, table| {
        if dev.shares_host_memory() {
            return;
        }
        let _site = crate::profile::Site::enter(at);
        if let Err(e) = table.exit(&**dev, host, bytes.max(0) as usize, kind, dynamic, finalize) {
            data_error(&e, at)
        }
    })
}

/// `gpuf_acc_update`.
pub fn update(host: usize, bytes: i64, to_device: bool, if_present: bool, at: Option<&str>) {
    with_rt(|dev, table| {
        if dev.shares_host_memory() {
            return;
        }
        let _site = crate::profile::Site::enter(at);
        if let Err(e) = table.update(&**dev, host, bytes.max(0) as usize, to_device, if_present) {
            data_error(&e, at)
        }
    })
}

/// `host_data use_device(x)`: the device address of the present data at `host` (the host
/// address itself on a device that shares the host's memory, and for absent data with
/// `if_present`).
pub fn use_device(host: usize, bytes: i64, if_present: bool, at: Option<&str>) -> usize {
    with_rt(|dev, table| {
        if dev.shares_host_memory() {
            return host;
        }
        match table.translate(host, bytes.max(1) as usize) {
            Some(d) => d as usize,
            None if if_present => host,
            None => data_error(&format!("use_device: {host:#x} is not present on the device"), at),
        }
    })
}

/// Argument kinds of `gpuf_acc_launch`.
pub const ARG_MAPPED: i32 = 0;
pub const ARG_VALUE: i32 = 1;
/// Fresh device memory of `size` bytes per gang (gang-private arrays).
pub const ARG_SCRATCH: i32 = 2;
/// A scalar of `size` (at most 8) bytes passed in the kernel parameter itself.
pub const ARG_SCALAR: i32 = 3;

/// The bits of the scalar of `sz` bytes (at most 8) at `h`, in the low bytes of a `u64`
/// (little-endian, as every target is): a kernel parameter slot.
///
/// # Safety
/// `h` is null or addresses `sz` readable bytes.
pub unsafe fn scalar_bits(h: *const u8, sz: usize) -> u64 {
    let mut b = [0u8; 8];
    if !h.is_null() {
        std::ptr::copy_nonoverlapping(h, b.as_mut_ptr(), sz.min(8));
    }
    u64::from_le_bytes(b)
}

thread_local! {
    /// The blocks this thread entered since its last launch (host address, bytes), most
    /// recent last: the data clauses of the construct being launched.
    static ENTERED: std::cell::RefCell<Vec<(usize, usize)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Records a block the calling thread entered (see [`launch`]).
fn note_entered(host: usize, bytes: i64) {
    if host != 0 {
        ENTERED.with(|e| {
            let mut e = e.borrow_mut();
            // Data directives without launches between them: only the recent ones matter.
            if e.len() >= 256 {
                e.drain(..128);
            }
            e.push((host, bytes.max(0) as usize));
        });
    }
}

/// The device address of the kernel argument `[h, h+sz)`: where the array is not present
/// as one block but sections of it are (a construct that maps `a(:, j)` while another
/// section is present too), the block of the section this thread's construct entered last
/// gives the translation, not whichever block comes first.
fn translate_arg(table: &crate::data::PresentTable, h: usize, sz: usize) -> Option<u64> {
    if table.find(h, sz).is_none() {
        let mine = ENTERED
            .with(|e| e.borrow().iter().rev().find(|(eh, eb)| *eh < h.saturating_add(sz.max(1)) && eh.saturating_add(*eb) > h).copied());
        if let Some(b) = mine.and_then(|(eh, eb)| table.find(eh, eb.min(1))) {
            return Some(b.dev.wrapping_add((h as u64).wrapping_sub(b.host as u64)));
        }
    }
    table.translate(h, sz)
}

/// Held while a kernel runs on a device (see [`launch`]).
static LAUNCH: Mutex<()> = Mutex::new(());

/// `gpuf_acc_launch` with the arrays already turned into slices.
pub fn launch(info: &KernelInfo, hosts: &[*mut u8], sizes: &[i64], kinds: &[i32], mut dims: Dims) {
    let (dev, args, temps) = with_rt(|dev, table| {
        if kinds.contains(&ARG_SCRATCH) && dims.gangs <= 0 {
            // Fix the gang count now: the scratch is sized by it.
            dims.gangs = dev.default_gangs(info.levels & 1 != 0);
        }
        let dev = dev.clone();
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
                        match translate_arg(table, h, sz) {
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
                    let d = if h != 0 && sz > 0 { dev.alloc_uninit(sz) } else { dev.alloc(sz.max(1)) };
                    if h != 0 {
                        // SAFETY: codegen passes the address of a scalar of
                        // `sz` bytes.
                        let copy = || unsafe { dev.h2d(d, h as *const u8, sz) };
                        if dev.shares_host_memory() {
                            copy()
                        } else {
                            crate::profile::timed_copy(sz, true, copy)
                        }
                    }
                    args.push(d);
                    temps.push(d);
                }
                // SAFETY: codegen passes the address of a scalar of `sz` bytes.
                ARG_SCALAR => args.push(unsafe { scalar_bits(h as *const u8, sz) }),
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
    ENTERED.with(|e| e.borrow_mut().clear());
    if crate::queue::queuing() {
        // An `async` construct: the kernel runs on its queue (the by-value arguments are
        // already captured). Codegen's kernel descriptors are static data.
        let info = info as *const KernelInfo as usize;
        // SAFETY: see above.
        crate::queue::run(&*dev, move |d| run_kernel(d, unsafe { &*(info as *const KernelInfo) }, &args, dims, temps));
    } else {
        run_kernel(&*dev, info, &args, dims, temps)
    }
}

/// Runs a launch on `dev` and frees its temporaries.
fn run_kernel(dev: &dyn Device, info: &KernelInfo, args: &[u64], dims: Dims, temps: Vec<u64>) {
    // Launches from several host threads (target regions inside a host `parallel`, async
    // queues) run one at a time on a device; the host device runs them concurrently.
    let _one = (!dev.shares_host_memory()).then(|| LAUNCH.lock().unwrap_or_else(|e| e.into_inner()));
    crate::signals::enter_kernel(info.name, dev.name());
    let t = crate::profile::enabled().then(std::time::Instant::now);
    dev.launch(info, args, dims);
    if let Some(t) = t {
        crate::profile::kernel(&info.name(), dev.name(), (dims.gangs, dims.workers, dims.vlen), t.elapsed());
    }
    crate::signals::leave_kernel();
    for t in temps {
        dev.free(t);
    }
}

/// `gpuf_acc_async_begin(q)`: the run-time calls of an `async(q)` construct follow, until
/// [`async_end`].
pub fn async_begin(q: i32) {
    let d = device();
    crate::queue::begin(d, q)
}

/// `gpuf_acc_async_end()`.
pub fn async_end() {
    crate::queue::end()
}

/// Releases the device at program end (`gpuf_finish`).
pub fn finish() {
    crate::queue::drain();
    let mut g = rt();
    if let Some(st) = g.as_mut() {
        if let Some(d) = st.device.take() {
            st.table.clear(&*d);
            d.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::devtype::*;
    use super::DataOp::*;
    use super::*;

    fn sim() -> State {
        State::with_env(Some("sim"), None)
    }

    fn addr<T>(v: &[T]) -> usize {
        v.as_ptr() as usize
    }

    fn counts(st: &State, h: usize, n: usize) -> Option<(u32, u32)> {
        st.table().find(h, n).map(|b| (b.structured, b.dynamic))
    }

    fn dev_ptr(st: &State, h: usize) -> *mut f64 {
        st.table().translate(h, 8).expect("present") as *mut f64
    }

    #[test]
    fn acc_free_takes_only_what_acc_malloc_returned() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        for ty in ["sim", "host"] {
            let mut st = State::with_env(Some(ty), None);
            let d = st.malloc(64).unwrap();
            assert_ne!(d, 0);
            st.free(0).unwrap();
            st.free(d).unwrap();
            let again = st.free(d).unwrap_err();
            assert!(again.contains("acc_free") && again.contains("acc_malloc"), "{again}");
            let host = [0u8; 16];
            assert!(st.free(host.as_ptr() as u64).is_err(), "{ty}: host memory");
        }
    }

    #[test]
    fn copyin_copyout_reference_counts() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = sim();
        let mut a = vec![1.0f64; 8];
        let (h, n) = (addr(&a), 64);
        assert!(!st.is_present(h, n as i64).unwrap());
        st.data(Copyin, h, 64).unwrap();
        assert!(st.is_present(h, 64).unwrap());
        assert!(st.is_present(h + 8, 16).unwrap(), "a sub-range is present");
        assert!(!st.is_present(h + 8, 64).unwrap(), "a range reaching past the block is not");
        // copyin of present data only counts; it does not copy again
        unsafe { *dev_ptr(&st, h) = 5.0 };
        a[0] = 2.0;
        st.data(Copyin, h, 64).unwrap();
        st.data(PresentOrCopyin, h + 8, 8).unwrap();
        assert_eq!(counts(&st, h, n), Some((0, 3)));
        assert_eq!(unsafe { *dev_ptr(&st, h) }, 5.0);
        // copyout: decrements; copies back and frees at zero
        st.data(Copyout, h, 64).unwrap();
        st.data(Copyout, h, 64).unwrap();
        assert_eq!(a[0], 2.0);
        assert_eq!(counts(&st, h, n), Some((0, 1)));
        st.data(Copyout, h, 64).unwrap();
        assert_eq!(a[0], 5.0);
        assert!(!st.is_present(h, 64).unwrap());
        // copyout of data that is not present does nothing
        st.data(Copyout, h, 64).unwrap();
    }

    #[test]
    fn create_delete_and_finalize() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = sim();
        let mut a = vec![7.0f64; 4];
        let h = addr(&a);
        st.data(Create, h, 32).unwrap();
        assert_eq!(unsafe { *dev_ptr(&st, h) }, 0.0, "create does not copy in");
        st.data(PresentOrCreate, h, 32).unwrap();
        st.data(Create, h, 32).unwrap();
        assert_eq!(counts(&st, h, 32), Some((0, 3)));
        st.data(Delete, h, 32).unwrap();
        assert_eq!(counts(&st, h, 32), Some((0, 2)));
        unsafe { *dev_ptr(&st, h) = 9.0 };
        st.data(DeleteFinalize, h, 32).unwrap();
        assert!(st.table().is_empty(), "finalize zeroes the dynamic count");
        assert_eq!(a[0], 7.0, "delete does not copy out");
        // copyout_finalize copies back whatever the count
        st.data(Copyin, h, 32).unwrap();
        st.data(Copyin, h, 32).unwrap();
        unsafe { *dev_ptr(&st, h) = 3.0 };
        st.data(CopyoutFinalize, h, 32).unwrap();
        assert_eq!(a[0], 3.0);
        assert!(st.table().is_empty());
        // a structured reference keeps the data after finalize
        a[0] = 1.0;
        st.data(Copyin, h, 32).unwrap();
        let dev = st.device().unwrap();
        st.table.enter(&*dev, h, 32, kind::PRESENT, false).unwrap();
        st.data(CopyoutFinalize, h, 32).unwrap();
        assert_eq!(counts(&st, h, 32), Some((1, 0)));
        st.table.exit(&*dev, h, 32, kind::PRESENT, false, false).unwrap();
        assert!(st.table().is_empty());
    }

    #[test]
    fn update_sub_ranges_and_errors() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = sim();
        let mut a: Vec<f64> = (1..=10).map(f64::from).collect();
        let h = addr(&a);
        st.data(Copyin, h, 80).unwrap();
        let d = dev_ptr(&st, h);
        unsafe {
            *d.add(3) = 40.0;
            *d.add(4) = 50.0;
        }
        st.data(UpdateSelf, h + 24, 8).unwrap();
        assert_eq!(&a[2..5], &[3.0, 40.0, 5.0], "only a(4) is copied back");
        a[7] = 80.0;
        st.data(UpdateDevice, h + 56, 8).unwrap();
        assert_eq!(unsafe { *d.add(7) }, 80.0);
        let b = [0.0f64; 2];
        let e = st.data(UpdateDevice, addr(&b), 16).unwrap_err();
        assert_eq!(e, format!("acc_update_device: data at {:#x} (16 bytes) is not present on the device", addr(&b)));
        let e = st.data(Copyin, h + 40, 80).unwrap_err();
        assert!(e.starts_with("acc_copyin: data at") && e.contains("is only partly present"), "{e}");
        st.data(Delete, h, 80).unwrap();
        assert!(st.table().is_empty());
    }

    #[test]
    fn host_device_shares_memory() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = State::with_env(Some("host"), None);
        let a = [1.0f64; 4];
        assert!(st.is_present(addr(&a), 32).unwrap(), "data is always present on the host");
        st.data(Copyin, addr(&a), 32).unwrap();
        st.data(UpdateSelf, addr(&a), 32).unwrap();
        assert!(st.table().is_empty());
        assert_eq!(st.get_device_type(), Ok(HOST));
        assert!(on_device_host_code(HOST));
        assert!(!on_device_host_code(NOT_HOST));
        assert!(!on_device_host_code(NVIDIA));
    }

    #[test]
    fn device_switching() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = sim();
        assert_eq!(st.get_device_type(), Ok(NOT_HOST), "the sim reports acc_device_not_host");
        assert_eq!((st.num_devices(HOST), st.num_devices(NOT_HOST), st.num_devices(NONE)), (1, 1, 0));
        // no GPU driver on the build machine
        assert_eq!((st.num_devices(NVIDIA), st.num_devices(RADEON)), (0, 0));
        let a = [1.0f64; 4];
        st.data(Copyin, addr(&a), 32).unwrap();
        // switching to the host releases the sim's data
        st.set_device_type(HOST).unwrap();
        assert_eq!(st.get_device_type(), Ok(HOST));
        assert!(st.table().is_empty());
        assert_eq!(st.num_devices(NOT_HOST), 0);
        // host again: the same device
        let d = st.device().unwrap();
        st.set_device_type(HOST).unwrap();
        assert!(Arc::ptr_eq(&d, &st.device().unwrap()));
        // not_host and default pick the default choice (ACC_DEVICE_TYPE=sim here)
        st.set_device_type(NOT_HOST).unwrap();
        assert_eq!(st.get_device_type(), Ok(NOT_HOST));
        st.data(Create, addr(&a), 32).unwrap();
        st.set_device_type(DEFAULT).unwrap();
        assert_eq!(st.table().len(), 1, "the sim is kept");
        // a GPU that is absent: the same message as ACC_DEVICE_TYPE gives
        let e = st.set_device_type(NVIDIA).unwrap_err();
        assert_eq!(e, "acc_set_device_type(acc_device_nvidia): no NVIDIA GPU is usable: libcuda.so.1 could not be loaded");
        let e = st.set_device_type(RADEON).unwrap_err();
        assert_eq!(e, "acc_set_device_type(acc_device_radeon): no AMD GPU is usable: libamdhip64.so could not be loaded");
        assert_eq!(st.get_device_type(), Ok(NOT_HOST), "a failed switch keeps the device");
        let e = st.set_device_type(NONE).unwrap_err();
        assert!(e.starts_with("acc_set_device_type: acc_device_none is not a device type gpuf can use"), "{e}");
        // shutdown of another type does nothing; of the device in use releases it
        st.shutdown(HOST);
        assert_eq!(st.table().len(), 1);
        st.shutdown(NOT_HOST);
        assert!(st.table().is_empty() && st.device.is_none());
        // the next use selects the device the program chose last
        assert_eq!(st.get_device_type(), Ok(NOT_HOST));
        // without ACC_DEVICE_TYPE and without GPUs the default choice is the host
        let mut st = State::with_env(None, None);
        assert_eq!(st.get_device_type(), Ok(HOST));
        st.set_device_type(NOT_HOST).unwrap();
        assert_eq!(st.get_device_type(), Ok(HOST));
    }

    #[test]
    fn device_numbers() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = State::with_env(None, None);
        st.set_device_num(0, HOST).unwrap();
        st.set_device_num(-1, HOST).unwrap();
        assert_eq!(st.get_device_type(), Ok(HOST));
        let e = st.set_device_num(1, HOST).unwrap_err();
        assert_eq!(e, "acc_set_device_num: there is no device 1 of type acc_device_host (1 available)");
        let e = st.set_device_num(0, NVIDIA).unwrap_err();
        assert!(e.starts_with("acc_set_device_num(acc_device_nvidia): no NVIDIA GPU"), "{e}");
        let e = st.init(RADEON).unwrap_err();
        assert!(e.starts_with("acc_init(acc_device_radeon): no AMD GPU"), "{e}");
        st.init(HOST).unwrap();
    }

    #[test]
    fn bad_sim_lanes_is_reported() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let mut st = State::with_env(Some("sim"), Some("16"));
        assert_eq!(st.get_device_type(), Err("GPUF_SIM_LANES=16 is not supported (32 or 64)".to_string()));
    }
}
