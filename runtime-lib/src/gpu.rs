//! GPU devices through the vendor driver libraries, loaded with `dlopen`
//! at run time (never a build or link dependency):
//!
//! * NVIDIA: `libcuda.so.1`, the CUDA driver API (`cuInit`, primary
//!   context, `cuModuleLoadData` on the embedded PTX text, `cuMemAlloc_v2`,
//!   `cuMemcpyHtoD_v2`/`DtoH_v2`, `cuLaunchKernel`, `cuCtxSynchronize`).
//! * AMD: `libamdhip64.so`, HIP's module API (`hipModuleLoadData` on the
//!   embedded HSA code object, `hipMalloc`, `hipMemcpy`,
//!   `hipModuleLaunchKernel`, `hipDeviceSynchronize`).
//!
//! Kernels take one parameter per argument, a device address or a scalar
//! of at most 8 bytes (`kernelParams` holds a pointer to each 8-byte slot;
//! the driver reads the parameter's own size from its start). Block = (lanes, workers, 1) with lanes
//! = 32 (NVIDIA) or 64 (AMD) when vector loops are used, else 1; grid =
//! (gangs, 1, 1); no dynamic shared memory (kernels declare their own).
//! Every launch synchronises. Any driver failure prints the call and its
//! error code/name and exits with status 1.
//!
//! This path cannot be exercised on machines without a GPU; only the
//! "library not found" path is tested.

use crate::device::{Device, Dims, KernelInfo, LEVEL_GANG, LEVEL_VECTOR, LEVEL_WORKER};
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::sync::Mutex;

extern "C" {
    fn dlopen(filename: *const c_char, flag: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
}

const RTLD_NOW: c_int = 2;

/// Default number of gangs on a GPU when the kernel has gang loops and no
/// `num_gangs` clause.
pub const GPU_DEFAULT_GANGS: u32 = 256;

type Ptr = *mut c_void;

struct Lib(Ptr);

impl Lib {
    fn open(name: &str) -> Result<Lib, String> {
        let c = CString::new(name).expect("no NUL");
        // SAFETY: dlopen with a valid C string.
        let h = unsafe { dlopen(c.as_ptr(), RTLD_NOW) };
        if h.is_null() {
            Err(format!("{name} could not be loaded"))
        } else {
            Ok(Lib(h))
        }
    }
    /// Looks up `name` and reinterprets it as the function type `F`.
    ///
    /// # Safety
    /// `F` must be the symbol's true `extern "C"` function pointer type.
    unsafe fn sym<F: Copy>(&self, name: &str) -> Result<F, String> {
        let c = CString::new(name).expect("no NUL");
        let p = dlsym(self.0, c.as_ptr());
        if p.is_null() {
            return Err(format!("symbol {name} not found in the driver library"));
        }
        assert_eq!(std::mem::size_of::<F>(), std::mem::size_of::<Ptr>());
        Ok(std::mem::transmute_copy::<Ptr, F>(&p))
    }
}

#[allow(clippy::type_complexity)]
struct Cuda {
    init: unsafe extern "C" fn(u32) -> i32,
    device_get_count: unsafe extern "C" fn(*mut i32) -> i32,
    device_get: unsafe extern "C" fn(*mut i32, i32) -> i32,
    primary_ctx_retain: unsafe extern "C" fn(*mut Ptr, i32) -> i32,
    ctx_set_current: unsafe extern "C" fn(Ptr) -> i32,
    module_load_data: unsafe extern "C" fn(*mut Ptr, *const c_void) -> i32,
    module_get_function: unsafe extern "C" fn(*mut Ptr, Ptr, *const c_char) -> i32,
    mem_alloc: unsafe extern "C" fn(*mut u64, usize) -> i32,
    mem_free: unsafe extern "C" fn(u64) -> i32,
    htod: unsafe extern "C" fn(u64, *const c_void, usize) -> i32,
    dtoh: unsafe extern "C" fn(*mut c_void, u64, usize) -> i32,
    launch: unsafe extern "C" fn(Ptr, u32, u32, u32, u32, u32, u32, u32, Ptr, *mut Ptr, *mut Ptr) -> i32,
    ctx_synchronize: unsafe extern "C" fn() -> i32,
    get_error_name: Option<unsafe extern "C" fn(i32, *mut *const c_char) -> i32>,
}

#[allow(clippy::type_complexity)]
struct Hip {
    init: unsafe extern "C" fn(u32) -> i32,
    get_device_count: unsafe extern "C" fn(*mut i32) -> i32,
    set_device: unsafe extern "C" fn(i32) -> i32,
    module_load_data: unsafe extern "C" fn(*mut Ptr, *const c_void) -> i32,
    module_get_function: unsafe extern "C" fn(*mut Ptr, Ptr, *const c_char) -> i32,
    malloc: unsafe extern "C" fn(*mut Ptr, usize) -> i32,
    free: unsafe extern "C" fn(Ptr) -> i32,
    memcpy: unsafe extern "C" fn(Ptr, *const c_void, usize, i32) -> i32,
    launch: unsafe extern "C" fn(Ptr, u32, u32, u32, u32, u32, u32, u32, Ptr, *mut Ptr, *mut Ptr) -> i32,
    device_synchronize: unsafe extern "C" fn() -> i32,
    get_error_name: Option<unsafe extern "C" fn(i32) -> *const c_char>,
}

const HIP_MEMCPY_H2D: i32 = 1;
const HIP_MEMCPY_D2H: i32 = 2;

enum Api {
    Cuda { f: Cuda, ctx: Ptr },
    Hip(Hip),
}

/// A CUDA or HIP device with its loaded module.
pub struct GpuDevice {
    api: Api,
    _lib: Lib,
    module: Ptr,
    warp: u32,
    functions: Mutex<HashMap<String, usize>>,
}

// SAFETY: the driver handles are process-wide; gpuf calls the device from
// the program's main thread (the CUDA context is made current per call).
unsafe impl Send for GpuDevice {}
// SAFETY: as above; the function cache is behind a mutex.
unsafe impl Sync for GpuDevice {}

impl GpuDevice {
    /// Opens the first CUDA device and loads the PTX image.
    pub fn open_cuda(ptx: Option<&[u8]>) -> Result<GpuDevice, String> {
        let lib = Lib::open("libcuda.so.1")?;
        // SAFETY: the types below are the CUDA driver API's signatures.
        let f = unsafe {
            Cuda {
                init: lib.sym("cuInit")?,
                device_get_count: lib.sym("cuDeviceGetCount")?,
                device_get: lib.sym("cuDeviceGet")?,
                primary_ctx_retain: lib.sym("cuDevicePrimaryCtxRetain")?,
                ctx_set_current: lib.sym("cuCtxSetCurrent")?,
                module_load_data: lib.sym("cuModuleLoadData")?,
                module_get_function: lib.sym("cuModuleGetFunction")?,
                mem_alloc: lib.sym("cuMemAlloc_v2")?,
                mem_free: lib.sym("cuMemFree_v2")?,
                htod: lib.sym("cuMemcpyHtoD_v2")?,
                dtoh: lib.sym("cuMemcpyDtoH_v2")?,
                launch: lib.sym("cuLaunchKernel")?,
                ctx_synchronize: lib.sym("cuCtxSynchronize")?,
                get_error_name: lib.sym("cuGetErrorName").ok(),
            }
        };
        let err = |what: &str, r: i32| -> String { format!("{what} failed with CUDA error {r}{}", cuda_name(&f, r)) };
        // SAFETY: plain driver calls with valid out-pointers.
        unsafe {
            let r = (f.init)(0);
            if r != 0 {
                return Err(err("cuInit", r));
            }
            let mut n = 0;
            let r = (f.device_get_count)(&mut n);
            if r != 0 {
                return Err(err("cuDeviceGetCount", r));
            }
            if n < 1 {
                return Err("the CUDA driver reports no device".into());
            }
            let ptx = ptx.ok_or("the program has no PTX image (it was not compiled for nvptx)")?;
            let mut dev = 0;
            let r = (f.device_get)(&mut dev, 0);
            if r != 0 {
                return Err(err("cuDeviceGet", r));
            }
            let mut ctx: Ptr = std::ptr::null_mut();
            let r = (f.primary_ctx_retain)(&mut ctx, dev);
            if r != 0 {
                return Err(err("cuDevicePrimaryCtxRetain", r));
            }
            let r = (f.ctx_set_current)(ctx);
            if r != 0 {
                return Err(err("cuCtxSetCurrent", r));
            }
            let mut text = ptx.to_vec();
            if text.last() != Some(&0) {
                text.push(0);
            }
            let mut module: Ptr = std::ptr::null_mut();
            let r = (f.module_load_data)(&mut module, text.as_ptr() as *const c_void);
            if r != 0 {
                return Err(err("cuModuleLoadData (PTX)", r));
            }
            Ok(GpuDevice { api: Api::Cuda { f, ctx }, _lib: lib, module, warp: 32, functions: Mutex::new(HashMap::new()) })
        }
    }

    /// Opens the first HIP device and loads the HSA code object.
    pub fn open_hip(hsaco: Option<&[u8]>) -> Result<GpuDevice, String> {
        let lib = Lib::open("libamdhip64.so")?;
        // SAFETY: the types below are HIP's signatures.
        let f = unsafe {
            Hip {
                init: lib.sym("hipInit")?,
                get_device_count: lib.sym("hipGetDeviceCount")?,
                set_device: lib.sym("hipSetDevice")?,
                module_load_data: lib.sym("hipModuleLoadData")?,
                module_get_function: lib.sym("hipModuleGetFunction")?,
                malloc: lib.sym("hipMalloc")?,
                free: lib.sym("hipFree")?,
                memcpy: lib.sym("hipMemcpy")?,
                launch: lib.sym("hipModuleLaunchKernel")?,
                device_synchronize: lib.sym("hipDeviceSynchronize")?,
                get_error_name: lib.sym("hipGetErrorName").ok(),
            }
        };
        let err = |what: &str, r: i32| -> String { format!("{what} failed with HIP error {r}{}", hip_name(&f, r)) };
        // SAFETY: plain runtime calls with valid out-pointers.
        unsafe {
            let r = (f.init)(0);
            if r != 0 {
                return Err(err("hipInit", r));
            }
            let mut n = 0;
            let r = (f.get_device_count)(&mut n);
            if r != 0 {
                return Err(err("hipGetDeviceCount", r));
            }
            if n < 1 {
                return Err("HIP reports no device".into());
            }
            let image = hsaco.ok_or("the program has no AMD GPU code object (it was not compiled for amdgcn)")?;
            let r = (f.set_device)(0);
            if r != 0 {
                return Err(err("hipSetDevice", r));
            }
            let mut module: Ptr = std::ptr::null_mut();
            let r = (f.module_load_data)(&mut module, image.as_ptr() as *const c_void);
            if r != 0 {
                return Err(err("hipModuleLoadData", r));
            }
            Ok(GpuDevice { api: Api::Hip(f), _lib: lib, module, warp: 64, functions: Mutex::new(HashMap::new()) })
        }
    }

    /// The number of CUDA devices (0 if the driver is missing or fails).
    pub fn cuda_device_count() -> i32 {
        device_count("libcuda.so.1", "cuInit", "cuDeviceGetCount")
    }

    /// The number of HIP devices (0 if the runtime is missing or fails).
    pub fn hip_device_count() -> i32 {
        device_count("libamdhip64.so", "hipInit", "hipGetDeviceCount")
    }

    /// Exits with a message if a driver call failed.
    fn check(&self, what: &str, r: i32) {
        if r == 0 {
            return;
        }
        let msg = match &self.api {
            Api::Cuda { f, .. } => format!("{what} failed with CUDA error {r}{}", cuda_name(f, r)),
            Api::Hip(f) => format!("{what} failed with HIP error {r}{}", hip_name(f, r)),
        };
        crate::fatal::gpuf_error(&msg)
    }

    fn make_current(&self) {
        if let Api::Cuda { f, ctx } = &self.api {
            // SAFETY: ctx is the retained primary context.
            let r = unsafe { (f.ctx_set_current)(*ctx) };
            self.check("cuCtxSetCurrent", r);
        }
    }

    fn function(&self, name: &str) -> Ptr {
        let mut cache = self.functions.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&f) = cache.get(name) {
            return f as Ptr;
        }
        let c = CString::new(name).unwrap_or_default();
        let mut func: Ptr = std::ptr::null_mut();
        // SAFETY: valid module handle, C string and out-pointer.
        let r = unsafe {
            match &self.api {
                Api::Cuda { f, .. } => (f.module_get_function)(&mut func, self.module, c.as_ptr()),
                Api::Hip(f) => (f.module_get_function)(&mut func, self.module, c.as_ptr()),
            }
        };
        self.check(&format!("looking up kernel {name} in the GPU image"), r);
        cache.insert(name.to_string(), func as usize);
        func
    }
}

/// `init(0)` then `count(&n)` from the driver library `lib`; 0 on any failure.
fn device_count(lib: &str, init: &str, count: &str) -> i32 {
    let Ok(lib) = Lib::open(lib) else { return 0 };
    // SAFETY: both CUDA (`cuInit`, `cuDeviceGetCount`) and HIP (`hipInit`,
    // `hipGetDeviceCount`) have these signatures.
    unsafe {
        let (Ok(init), Ok(count)) =
            (lib.sym::<unsafe extern "C" fn(u32) -> i32>(init), lib.sym::<unsafe extern "C" fn(*mut i32) -> i32>(count))
        else {
            return 0;
        };
        let mut n = 0;
        if init(0) != 0 || count(&mut n) != 0 {
            return 0;
        }
        n.max(0)
    }
}

fn cuda_name(f: &Cuda, r: i32) -> String {
    let Some(g) = f.get_error_name else { return String::new() };
    let mut p: *const c_char = std::ptr::null();
    // SAFETY: cuGetErrorName writes a pointer to a static string.
    if unsafe { g(r, &mut p) } != 0 || p.is_null() {
        return String::new();
    }
    // SAFETY: static NUL-terminated string from the driver.
    format!(" ({})", unsafe { CStr::from_ptr(p) }.to_string_lossy())
}

fn hip_name(f: &Hip, r: i32) -> String {
    let Some(g) = f.get_error_name else { return String::new() };
    // SAFETY: hipGetErrorName returns a static string.
    let p = unsafe { g(r) };
    if p.is_null() {
        return String::new();
    }
    // SAFETY: static NUL-terminated string from the runtime.
    format!(" ({})", unsafe { CStr::from_ptr(p) }.to_string_lossy())
}

impl Device for GpuDevice {
    fn default_gangs(&self, gang_loops: bool) -> i32 {
        if gang_loops {
            GPU_DEFAULT_GANGS as i32
        } else {
            1
        }
    }

    fn name(&self) -> &'static str {
        match self.api {
            Api::Cuda { .. } => "nvidia",
            Api::Hip(_) => "radeon",
        }
    }
    fn alloc(&self, bytes: usize) -> u64 {
        self.make_current();
        let bytes = bytes.max(1);
        match &self.api {
            Api::Cuda { f, .. } => {
                let mut d = 0u64;
                // SAFETY: valid out-pointer.
                let r = unsafe { (f.mem_alloc)(&mut d, bytes) };
                self.check(&format!("cuMemAlloc_v2 of {bytes} bytes"), r);
                d
            }
            Api::Hip(f) => {
                let mut d: Ptr = std::ptr::null_mut();
                // SAFETY: valid out-pointer.
                let r = unsafe { (f.malloc)(&mut d, bytes) };
                self.check(&format!("hipMalloc of {bytes} bytes"), r);
                d as u64
            }
        }
    }
    fn free(&self, dev: u64) {
        self.make_current();
        // SAFETY: `dev` came from `alloc`.
        let r = unsafe {
            match &self.api {
                Api::Cuda { f, .. } => (f.mem_free)(dev),
                Api::Hip(f) => (f.free)(dev as Ptr),
            }
        };
        self.check("freeing device memory", r);
    }
    unsafe fn h2d(&self, dev: u64, host: *const u8, bytes: usize) {
        if bytes == 0 {
            return;
        }
        self.make_current();
        let r = match &self.api {
            Api::Cuda { f, .. } => (f.htod)(dev, host as *const c_void, bytes),
            Api::Hip(f) => (f.memcpy)(dev as Ptr, host as *const c_void, bytes, HIP_MEMCPY_H2D),
        };
        self.check(&format!("copying {bytes} bytes to the device"), r);
    }
    unsafe fn d2h(&self, host: *mut u8, dev: u64, bytes: usize) {
        if bytes == 0 {
            return;
        }
        self.make_current();
        let r = match &self.api {
            Api::Cuda { f, .. } => (f.dtoh)(host as *mut c_void, dev, bytes),
            Api::Hip(f) => (f.memcpy)(host as Ptr, dev as *const c_void, bytes, HIP_MEMCPY_D2H),
        };
        self.check(&format!("copying {bytes} bytes from the device"), r);
    }
    fn launch(&self, k: &KernelInfo, args: &[u64], dims: Dims) {
        self.make_current();
        let name = k.name();
        let func = self.function(&name);
        let pick = |clause: i32, used: bool, dflt: u32| -> u32 {
            if clause > 0 {
                clause as u32
            } else if used {
                dflt
            } else {
                1
            }
        };
        let gangs = pick(dims.gangs, k.levels & LEVEL_GANG != 0, GPU_DEFAULT_GANGS);
        // Without worker loops, one worker whatever `num_workers` says (the code is
        // worker-single throughout and not neutered for more); as on the sim device.
        let workers = if k.levels & LEVEL_WORKER != 0 { pick(dims.workers, true, 4) } else { 1 };
        let lanes = if k.levels & LEVEL_VECTOR != 0 { self.warp } else { 1 };
        let mut vals: Vec<u64> = args.to_vec();
        let mut params: Vec<Ptr> = vals.iter_mut().map(|v| v as *mut u64 as Ptr).collect();
        let params_ptr = if params.is_empty() { std::ptr::null_mut() } else { params.as_mut_ptr() };
        // SAFETY: `params` holds one pointer per kernel parameter and
        // outlives the (synchronous) launch.
        unsafe {
            let (r, s) = match &self.api {
                Api::Cuda { f, .. } => {
                    let r = (f.launch)(func, gangs, 1, 1, lanes, workers, 1, 0, std::ptr::null_mut(), params_ptr, std::ptr::null_mut());
                    (r, if r == 0 { (f.ctx_synchronize)() } else { 0 })
                }
                Api::Hip(f) => {
                    let r = (f.launch)(func, gangs, 1, 1, lanes, workers, 1, 0, std::ptr::null_mut(), params_ptr, std::ptr::null_mut());
                    (r, if r == 0 { (f.device_synchronize)() } else { 0 })
                }
            };
            self.check(&format!("launching kernel {name} (grid {gangs}, block {lanes}x{workers})"), r);
            self.check(&format!("running kernel {name}"), s);
        }
    }
}
