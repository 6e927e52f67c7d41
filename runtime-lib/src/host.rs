//! The host device: OpenACC's shared-memory device. Data clauses neither
//! allocate nor copy (the present table is not used), kernels are the
//! host-fallback functions, called with host addresses.
//!
//! A kernel that partitions a loop over gangs runs one gang per host thread: the calling
//! thread and a pool of threads started at the first such launch and kept for the rest of
//! the run. Each thread claims the next gang not yet started until none is left, so a
//! launch never waits for a thread that is slow to wake (on a loaded machine the calling
//! thread runs every gang itself rather than wait for a descheduled one). The host copy of a kernel reads its gang's
//! position and the gang count with [`gpuf_host_gang_pos`] / [`gpuf_host_num_gangs`]
//! (thread-local: 0 and 1 outside a launch, so a kernel run by `gpuf_acc_launch_host`
//! is one gang). The thread count is `ACC_NUM_CORES`, else `OMP_NUM_THREADS` (its first
//! entry), else the number of cores; an explicit `num_gangs` below it lowers it for that
//! launch. Kernels without gang loops (`serial`, `seq` loops, worker/vector only) run on
//! the calling thread alone.

use crate::device::{Device, Dims, KernelInfo, LEVEL_GANG};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

/// The host device.
pub struct HostDevice;

impl Device for HostDevice {
    fn name(&self) -> &'static str {
        "host"
    }
    fn shares_host_memory(&self) -> bool {
        true
    }
    fn launch(&self, k: &KernelInfo, args: &[u64], dims: Dims) {
        let a: Vec<*mut u8> = args.iter().map(|&p| p as *mut u8).collect();
        let gangs = if k.levels & LEVEL_GANG == 0 {
            1
        } else if dims.gangs > 0 {
            (dims.gangs as usize).min(threads())
        } else {
            threads()
        };
        run_gangs(k.host_fn, &a, gangs);
    }
    fn default_gangs(&self, gang_loops: bool) -> i32 {
        if gang_loops {
            threads() as i32
        } else {
            1
        }
    }
}

/// Parses a thread count as `ACC_NUM_CORES` or `OMP_NUM_THREADS` give it (the first
/// entry of a comma-separated list); `None` unless a positive number.
pub fn parse_threads(v: Option<&str>) -> Option<usize> {
    let first = v?.split(',').next()?.trim();
    first.parse::<usize>().ok().filter(|&n| n > 0)
}

/// The number of host threads a gang-partitioned kernel runs on (at most 1024).
pub fn threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| {
        let env = |k: &str| parse_threads(std::env::var(k).ok().as_deref());
        env("ACC_NUM_CORES")
            .or_else(|| env("OMP_NUM_THREADS"))
            .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
            .min(1024)
    })
}

thread_local! {
    /// (gang position, gang count) of the kernel this thread runs.
    static GANG: Cell<(i32, i32)> = const { Cell::new((0, 1)) };
}

/// The gang position of the calling thread in the host kernel it runs (0 outside one).
#[no_mangle]
pub extern "C" fn gpuf_host_gang_pos() -> i32 {
    GANG.with(|g| g.get().0)
}

/// The number of gangs of the host kernel the calling thread runs (1 outside one).
#[no_mangle]
pub extern "C" fn gpuf_host_num_gangs() -> i32 {
    GANG.with(|g| g.get().1)
}

type KernelFn = extern "C" fn(*mut *mut u8);

/// The job the pool's threads run: gangs 1.. of one launch.
struct Job {
    f: Option<KernelFn>,
    args: Vec<usize>,
    gangs: usize,
}

struct Pool {
    /// Incremented (under `job`'s lock) when a new job is posted.
    gen: AtomicU64,
    /// The gangs of the current job claimed so far, in the low 32 bits, under the job's
    /// generation in the high 32: a claim of a job that has ended fails.
    claim: AtomicU64,
    job: Mutex<Job>,
    wake: Condvar,
    /// Gangs of the current job not yet finished.
    pending: AtomicUsize,
    /// Signalled (under its lock) when `pending` reaches 0.
    done: Mutex<()>,
    done_cv: Condvar,
    /// Threads started so far (gangs 1..=started).
    started: Mutex<usize>,
    /// Set while a launch uses the pool; a second concurrent launch runs on its own thread.
    busy: AtomicBool,
}

fn pool() -> &'static Pool {
    static P: OnceLock<Pool> = OnceLock::new();
    P.get_or_init(|| Pool {
        gen: AtomicU64::new(0),
        claim: AtomicU64::new(0),
        job: Mutex::new(Job { f: None, args: Vec::new(), gangs: 0 }),
        wake: Condvar::new(),
        pending: AtomicUsize::new(0),
        done: Mutex::new(()),
        done_cv: Condvar::new(),
        started: Mutex::new(0),
        busy: AtomicBool::new(false),
    })
}

/// How long a thread spins before it sleeps: a launch that follows shortly after the last
/// one finds its threads awake, and a launcher whose gangs take equal time finds them done
/// (a futex wake-up costs tens to hundreds of microseconds in a virtual machine, more than
/// a sweep of a small stencil). Long (about 0.6 ms here; libgomp's default spins several
/// ms) when the pool has no more threads than the machine has cores; short (about 40 µs)
/// when it has more, so that threads sharing a core lose little to spinning.
/// `GPUF_SPIN=short|long` chooses.
fn spin_limit() -> u32 {
    static N: OnceLock<u32> = OnceLock::new();
    *N.get_or_init(|| {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        match std::env::var("GPUF_SPIN").as_deref() {
            Ok("short") => 1 << 12,
            Ok("long") => 1 << 16,
            _ if threads() <= cores => 1 << 16,
            _ => 1 << 12,
        }
    })
}

/// Claims and runs gangs of the job of generation `gen` until none is left unclaimed.
fn run_claimed(p: &Pool, gen: u64, f: KernelFn, args: &mut [*mut u8], gangs: usize) {
    let mut c = p.claim.load(Ordering::Acquire);
    loop {
        if c >> 32 != gen & 0xffff_ffff || (c & 0xffff_ffff) as usize >= gangs {
            return;
        }
        match p.claim.compare_exchange_weak(c, c + 1, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => {
                let gang = (c & 0xffff_ffff) as usize;
                GANG.with(|g| g.set((gang as i32, gangs as i32)));
                f(args.as_mut_ptr());
                GANG.with(|g| g.set((0, 1)));
                if p.pending.fetch_sub(1, Ordering::AcqRel) == 1 {
                    let _g = p.done.lock().unwrap_or_else(|e| e.into_inner());
                    p.done_cv.notify_all();
                }
                c = p.claim.load(Ordering::Acquire);
            }
            Err(now) => c = now,
        }
    }
}

/// A pool thread (the `gang`-th started) claiming gangs of every job posted after
/// generation `seen`.
fn worker(p: &'static Pool, gang: usize, mut seen: u64) {
    loop {
        let mut spins = 0;
        let limit = spin_limit();
        while p.gen.load(Ordering::Acquire) == seen && spins < limit {
            std::hint::spin_loop();
            spins += 1;
        }
        let (f, mut args, gangs) = {
            let mut j = p.job.lock().unwrap_or_else(|e| e.into_inner());
            while p.gen.load(Ordering::Acquire) == seen {
                j = p.wake.wait(j).unwrap_or_else(|e| e.into_inner());
            }
            seen = p.gen.load(Ordering::Acquire);
            (j.f, j.args.iter().map(|&a| a as *mut u8).collect::<Vec<_>>(), j.gangs)
        };
        // Threads past the job's gang count stay out of it.
        if gang < gangs {
            if let Some(f) = f {
                run_claimed(p, seen, f, &mut args, gangs);
            }
        }
    }
}

/// Runs `f(args)` as `gangs` gangs, gang 0 on the calling thread, and returns when all
/// have finished.
fn run_gangs(f: KernelFn, args: &[*mut u8], gangs: usize) {
    let p = pool();
    let alone = |args: &[*mut u8]| {
        let mut a = args.to_vec();
        f(a.as_mut_ptr());
    };
    if gangs <= 1 || p.busy.compare_exchange(false, true, Ordering::AcqRel, Ordering::Acquire).is_err() {
        return alone(args);
    }
    {
        let mut started = p.started.lock().unwrap_or_else(|e| e.into_inner());
        while *started < gangs - 1 {
            let gang = *started + 1;
            // Only the launcher posts jobs, and it holds `busy`: none is posted before the
            // thread starts waiting for the generation after this one.
            let seen = p.gen.load(Ordering::Acquire);
            let ok = std::thread::Builder::new()
                .name(format!("gpuf-gang-{gang}"))
                .stack_size(64 << 20)
                .spawn(move || worker(p, gang, seen))
                .is_ok();
            if !ok {
                break;
            }
            *started += 1;
        }
        let gangs = gangs.min(*started + 1);
        drop(started);
        if gangs <= 1 {
            p.busy.store(false, Ordering::Release);
            return alone(args);
        }
        p.pending.store(gangs, Ordering::Release);
        let mut j = p.job.lock().unwrap_or_else(|e| e.into_inner());
        j.f = Some(f);
        j.args = args.iter().map(|&a| a as usize).collect();
        j.gangs = gangs;
        let gen = p.gen.load(Ordering::Acquire) + 1;
        p.claim.store((gen & 0xffff_ffff) << 32, Ordering::Release);
        p.gen.store(gen, Ordering::Release);
        drop(j);
        p.wake.notify_all();
        let mut a = args.to_vec();
        run_claimed(p, gen, f, &mut a, gangs);
    }
    let mut spins = 0u32;
    let limit = spin_limit();
    while p.pending.load(Ordering::Acquire) != 0 && spins < limit {
        std::hint::spin_loop();
        spins += 1;
    }
    let mut g = p.done.lock().unwrap_or_else(|e| e.into_inner());
    while p.pending.load(Ordering::Acquire) != 0 {
        g = p.done_cv.wait(g).unwrap_or_else(|e| e.into_inner());
    }
    drop(g);
    p.busy.store(false, Ordering::Release);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_from_the_environment() {
        assert_eq!(parse_threads(Some("3")), Some(3));
        assert_eq!(parse_threads(Some(" 4,2")), Some(4));
        assert_eq!(parse_threads(Some("0")), None);
        assert_eq!(parse_threads(Some("many")), None);
        assert_eq!(parse_threads(None), None);
    }

    static HITS: [AtomicUsize; 4] = [AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0), AtomicUsize::new(0)];

    extern "C" fn count(args: *mut *mut u8) {
        // SAFETY: the test passes one argument, the address of an `AtomicUsize`.
        let total = unsafe { &*(*args as *const AtomicUsize) };
        let (g, n) = (gpuf_host_gang_pos(), gpuf_host_num_gangs());
        assert!(g >= 0 && g < n && n <= 4);
        HITS[g as usize].fetch_add(1, Ordering::Relaxed);
        total.fetch_add(1, Ordering::Relaxed);
    }

    #[test]
    fn every_gang_runs_once_per_launch() {
        let total = AtomicUsize::new(0);
        let args = [&total as *const AtomicUsize as *mut u8];
        for _ in 0..200 {
            run_gangs(count, &args, 4);
        }
        assert_eq!(total.load(Ordering::Relaxed), 800);
        for h in &HITS {
            assert_eq!(h.load(Ordering::Relaxed), 200);
        }
        run_gangs(count, &args, 1);
        assert_eq!(total.load(Ordering::Relaxed), 801);
        assert_eq!((gpuf_host_gang_pos(), gpuf_host_num_gangs()), (0, 1));
    }
}
