//! The sim device: a SIMT emulator on CPU fibers.
//!
//! Every lane of a launch is a user-mode fiber (a stackful coroutine from
//! the `corosensei` crate) and one OS thread runs all the lanes of a gang
//! (all its warps; a warp = the lanes of one worker): it resumes the
//! runnable fibers one after another, and a fiber runs the kernel until it
//! returns or reaches a rendezvous it cannot complete, where it suspends.
//! The kernel's sim version reads its position through
//! `gpuf_sim_dim_pos/size` (the current fiber's `Lane`, found through a
//! thread-local pointer the scheduler sets before each resume) and calls the
//! rendezvous primitives here:
//!
//! * shuffles and votes are warp-wide rendezvous: every lane records its
//!   value and request and suspends; the last lane to arrive computes every
//!   lane's answer, makes the others runnable again and goes on;
//! * `gpuf_sim_barrier` is the same, gang-wide;
//! * `gpuf_sim_shared` is the gang's arena (one per OS thread), zeroed at
//!   each gang start.
//!
//! The gang's bookkeeping is touched by one OS thread only, so no lock or
//! atomic is taken on these paths; a switch between fibers is a few
//! instructions. Gangs run on a small pool of OS threads: the launching
//! thread and up to `GPUF_SIM_THREADS - 1` helpers (default: the available
//! cores) claim gang numbers from a counter, so the lanes of one gang never
//! run on two OS threads, while different gangs run in parallel (atomics in
//! kernels are real atomic instructions, so they work across gangs).
//! Fiber stacks (1 MiB, with a guard page, mapped lazily) are pooled per OS
//! thread and reused across gangs and launches.
//!
//! A rendezvous that can never complete is a divergence bug and is
//! reported, never hung on: when a gang has no runnable fiber left and not
//! every fiber has returned, every live lane is blocked and the state tells
//! exactly who waits where; the launch fails with a message naming the
//! rendezvous, the warp, the gang and the lanes that reached it, returned,
//! or wait elsewhere (e.g. `shuffle reached by only part of warp 0 of gang
//! 0 (lanes 0..4); lanes 5..31 returned from the kernel`); a warp whose
//! lanes reach a shuffle and a vote at the same time fails at once. The
//! failing gang's fibers are dropped (never resumed), gangs after it are
//! not run, and the error of the lowest failing gang is reported once the
//! gangs before it have finished, so the message is the one a sequential
//! run of the gangs would give. The runtime prints it and exits with status
//! 3. (A kernel that spin-waits on memory for a stuck warp would still hang:
//! only rendezvous are tracked.) Memory is separate from the host (plain
//! heap blocks), so missing updates show up as wrong answers.
//!
//! `GPUF_SIM_STATS=1` prints one line per launch to stderr:
//! `gpuf-sim: kernel NAME gangs G workers W lanes L shuffles S votes V
//! barriers B atomics A`.

use crate::device::{Device, Dims, KernelInfo, LEVEL_GANG, LEVEL_VECTOR, LEVEL_WORKER};
use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

/// Resolved launch dimensions on the sim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimDims {
    pub gangs: usize,
    pub workers: usize,
    pub lanes: usize,
}

/// Rendezvous counts of one launch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SimStats {
    /// Completed warp-wide shuffle rounds.
    pub shuffles: u64,
    /// Completed warp-wide vote rounds.
    pub votes: u64,
    /// Completed gang-wide barriers.
    pub barriers: u64,
    /// `gpuf_sim_atomic_note` calls.
    pub atomics: u64,
}

/// Default dims: gangs = clause or 4 if gang loops are used, else 1;
/// workers likewise, but 1 without worker loops; lanes = the warp width if vector loops are used, else
/// 1 (the vector length is the warp width, as on the GPU targets, so a
/// `vector_length` clause does not change it).
pub fn resolve_dims(levels: i32, d: Dims, warp: usize) -> SimDims {
    let pick = |clause: i32, used: bool| -> usize {
        if clause > 0 {
            clause as usize
        } else if used {
            4
        } else {
            1
        }
    };
    SimDims {
        gangs: pick(d.gangs, levels & LEVEL_GANG != 0),
        // Without worker loops, one worker whatever `num_workers` says (as GCC does, with a
        // warning): the code is worker-single throughout and not neutered for more.
        workers: if levels & LEVEL_WORKER != 0 { pick(d.workers, true) } else { 1 },
        lanes: if levels & LEVEL_VECTOR != 0 { warp } else { 1 },
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum WarpOp {
    Shuffle,
    Vote,
    /// A whole vector reduction (the butterfly of `log2 lanes` xor shuffles, done in one
    /// round; counted as those shuffles).
    Reduce,
}

impl WarpOp {
    fn word(self) -> &'static str {
        match self {
            WarpOp::Shuffle => "shuffle",
            WarpOp::Vote => "vote",
            WarpOp::Reduce => "reduction",
        }
    }
}

/// A warp's rendezvous state (lane bit masks).
struct Warp {
    /// The rendezvous its waiting lanes are at.
    op: Option<WarpOp>,
    /// Lanes waiting at `op`, and how many.
    arrived: u64,
    count: usize,
    /// Lanes waiting at a barrier.
    at_bar: u64,
    /// Lanes that returned from the kernel.
    returned: u64,
}

/// One launch, shared by the OS threads that run its gangs.
struct Launch {
    name: String,
    dims: SimDims,
    kernel: extern "C" fn(*mut *mut u8),
    args: Vec<u64>,
    /// Words (16 bytes) of the gang's shared arena.
    arena_words: usize,
    /// Next gang number to claim.
    next_gang: AtomicUsize,
    /// Lowest gang that failed (`usize::MAX`: none); later gangs are not
    /// run, running ones are abandoned.
    failed_gang: AtomicUsize,
    done: Mutex<Done>,
    all_done: Condvar,
    atomics: AtomicU64,
}

/// What the gangs report back.
struct Done {
    /// Gangs not finished (or skipped) yet.
    left: usize,
    stats: SimStats,
    /// The error of the lowest failing gang.
    error: Option<(usize, String)>,
}

/// Bookkeeping of the gang running on this OS thread (only this thread
/// touches it; borrows never span a fiber switch).
struct GangState {
    warps: Vec<Warp>,
    /// Per thread (`worker * lanes + lane`): its value in the current warp
    /// round, what it asks (shuffle: source lane, out of range = own value;
    /// vote: 0 any, 1 all, 2 ballot) and its answer.
    slots: Vec<u64>,
    reqs: Vec<i64>,
    results: Vec<u64>,
    /// Threads that can run (in the order they became runnable).
    ready: VecDeque<u32>,
    bar_count: usize,
    returned: usize,
    error: Option<String>,
    stats: SimStats,
}

/// One gang being run.
struct GangRun {
    launch: *const Launch,
    gang: usize,
    /// Lanes per warp, threads per gang.
    lanes: usize,
    threads: usize,
    arena: *mut u8,
    st: RefCell<GangState>,
}

/// One lane (fiber) of a gang.
struct Lane {
    run: *const GangRun,
    worker: usize,
    lane: usize,
    /// The fiber's yielder (set when the fiber starts).
    yielder: Cell<*const Yielder<(), ()>>,
}

type Fiber = Coroutine<(), (), (), DefaultStack>;

/// Bytes of a fiber stack (plus a guard page; pages are touched lazily).
const FIBER_STACK: usize = 1 << 20;

thread_local! {
    /// The lane whose fiber runs now on this thread (null outside a launch).
    static CUR: Cell<*const Lane> = const { Cell::new(std::ptr::null()) };
    /// Fiber stacks of this thread, reused across gangs and launches.
    static STACKS: RefCell<Vec<DefaultStack>> = const { RefCell::new(Vec::new()) };
    /// This thread's gang arena (u128 words: 16-byte aligned).
    static ARENA: RefCell<Vec<u128>> = const { RefCell::new(Vec::new()) };
}

/// Whether this thread runs a lane of a sim kernel now.
pub fn in_kernel() -> bool {
    cur().is_some()
}

fn cur() -> Option<&'static Lane> {
    let p = CUR.with(|c| c.get());
    // SAFETY: CUR points at a Lane of the gang this thread runs; it is set
    // only while that gang's fibers run and cleared before the Lane dies.
    unsafe { p.as_ref() }
}

fn lanes_list(mask: u64, lanes: usize) -> String {
    let v: Vec<usize> = (0..lanes).filter(|l| mask >> l & 1 == 1).collect();
    // compress runs: 0..15, 17, 20..21
    let mut out = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
            j += 1;
        }
        out.push(if j > i { format!("{}..{}", v[i], v[j]) } else { v[i].to_string() });
        i = j + 1;
    }
    out.join(", ")
}

impl Lane {
    fn run(&self) -> &GangRun {
        // SAFETY: the GangRun outlives its fibers.
        unsafe { &*self.run }
    }

    fn launch(&self) -> &Launch {
        self.run().launch()
    }

    /// Suspends this lane's fiber (back to the gang's scheduler).
    fn suspend(&self) {
        let y = self.yielder.get();
        // SAFETY: set by the fiber at its start; the fiber runs now.
        unsafe { (*y).suspend(()) }
    }

    /// A warp-wide exchange: `v` is this lane's contribution, `req` what it
    /// wants back (see [`GangState::reqs`]).
    fn warp_op(&self, op: WarpOp, v: u64, req: i64) -> u64 {
        let run = self.run();
        let lanes = run.lanes;
        let w = self.worker;
        let me = self.lane;
        let base = w * lanes;
        {
            let mut guard = run.st.borrow_mut();
            let st = &mut *guard;
            let wp = &mut st.warps[w];
            if let Some(o) = wp.op {
                if o != op {
                    let msg = format!(
                        "warp {w} of gang {} diverged: lanes {} at a {} while lane {me} reached a {}",
                        run.gang,
                        lanes_list(wp.arrived, lanes),
                        o.word(),
                        op.word()
                    );
                    st.error = Some(msg);
                    drop(guard);
                    self.suspend(); // never resumed
                    return v;
                }
            }
            st.slots[base + me] = v;
            st.reqs[base + me] = req;
            wp.count += 1;
            if wp.count < lanes {
                wp.op = Some(op);
                wp.arrived |= 1 << me;
            } else {
                // complete the round: answer every lane
                wp.op = None;
                wp.arrived = 0;
                wp.count = 0;
                let slots = &st.slots[base..base + lanes];
                let reqs = &st.reqs[base..base + lanes];
                let results = &mut st.results[base..base + lanes];
                match op {
                    WarpOp::Shuffle => {
                        for l in 0..lanes {
                            let src = reqs[l];
                            results[l] = if (src as u64) < lanes as u64 { slots[src as usize] } else { slots[l] };
                        }
                        st.stats.shuffles += 1;
                    }
                    WarpOp::Vote => {
                        let mask = slots.iter().enumerate().fold(0u64, |m, (i, &s)| m | (s & 1) << i);
                        for l in 0..lanes {
                            results[l] = match reqs[l] {
                                0 => (mask != 0) as u64,
                                1 => (mask.count_ones() as usize == lanes) as u64,
                                _ => mask & 0xffff_ffff,
                            };
                        }
                        st.stats.votes += 1;
                    }
                    WarpOp::Reduce => {
                        // As the butterfly would: each step combines a lane's value with
                        // its partner's `off` lanes away.
                        let code = reqs[0];
                        let mut v = slots.to_vec();
                        let mut off = lanes / 2;
                        while off > 0 {
                            let prev = v.clone();
                            for (l, x) in v.iter_mut().enumerate() {
                                *x = combine_bits(code, prev[l], prev[l ^ off]);
                            }
                            off /= 2;
                        }
                        results.copy_from_slice(&v);
                        st.stats.shuffles += lanes.trailing_zeros() as u64;
                    }
                }
                st.ready.extend((base..base + lanes).filter(|&i| i != base + me).map(|i| i as u32));
                return results[me];
            }
        }
        self.suspend();
        run.st.borrow().results[base + me]
    }

    fn barrier(&self) {
        let run = self.run();
        let t = run.threads;
        {
            let mut st = run.st.borrow_mut();
            st.bar_count += 1;
            if st.bar_count == t {
                // every other thread waits at this barrier
                st.bar_count = 0;
                st.stats.barriers += 1;
                for wp in st.warps.iter_mut() {
                    wp.at_bar = 0;
                }
                let me = (self.worker * run.lanes + self.lane) as u32;
                st.ready.extend((0..t as u32).filter(|&i| i != me));
                return;
            }
            st.warps[self.worker].at_bar |= 1 << self.lane;
        }
        self.suspend();
    }
}

impl GangRun {
    fn launch(&self) -> &Launch {
        // SAFETY: the Launch outlives every gang run of it.
        unsafe { &*self.launch }
    }

    /// No fiber can run and not all have returned: every live one waits at
    /// a rendezvous that can never complete. Says who waits where.
    fn deadlock_message(&self, st: &GangState) -> String {
        let g = self.gang;
        let d = self.launch().dims;
        let lanes = d.lanes;
        for (w, wp) in st.warps.iter().enumerate() {
            if let Some(op) = wp.op {
                let mut msg =
                    format!("{} reached by only part of warp {w} of gang {g} (lanes {})", op.word(), lanes_list(wp.arrived, lanes));
                if wp.returned != 0 {
                    msg += &format!("; lanes {} returned from the kernel", lanes_list(wp.returned, lanes));
                }
                if wp.at_bar != 0 {
                    msg += &format!("; lanes {} wait at a barrier", lanes_list(wp.at_bar, lanes));
                }
                return msg;
            }
        }
        let t = d.workers * lanes;
        let mut msg = format!("barrier reached by only part of gang {g} ({} of {t} threads)", st.bar_count);
        let ret: Vec<String> = st
            .warps
            .iter()
            .enumerate()
            .filter(|(_, wp)| wp.returned != 0)
            .map(|(w, wp)| format!("worker {w} lanes {}", lanes_list(wp.returned, lanes)))
            .collect();
        if !ret.is_empty() {
            msg += &format!("; returned from the kernel: {}", ret.join(", "));
        }
        msg
    }
}

/// Runs gang `g` of `l` on this OS thread: all its lanes as fibers.
/// Returns the gang's counts and its divergence error, if any.
fn run_gang(l: &Launch, g: usize) -> (SimStats, Option<String>) {
    let d = l.dims;
    let t = d.workers * d.lanes;
    let arena = ARENA.with(|a| {
        let mut a = a.borrow_mut();
        a.clear();
        a.resize(l.arena_words, 0);
        a.as_mut_ptr() as *mut u8
    });
    let warps = (0..d.workers).map(|_| Warp { op: None, arrived: 0, count: 0, at_bar: 0, returned: 0 }).collect();
    let run = GangRun {
        launch: l,
        gang: g,
        lanes: d.lanes,
        threads: t,
        arena,
        st: RefCell::new(GangState {
            warps,
            slots: vec![0; t],
            reqs: vec![0; t],
            results: vec![0; t],
            ready: (0..t as u32).collect(),
            bar_count: 0,
            returned: 0,
            error: None,
            stats: SimStats::default(),
        }),
    };
    let lanes: Vec<Lane> =
        (0..t).map(|tid| Lane { run: &run, worker: tid / d.lanes, lane: tid % d.lanes, yielder: Cell::new(std::ptr::null()) }).collect();
    // every lane gets its own copy of the argument array
    let nargs = l.args.len();
    let mut args: Vec<*mut u8> = (0..t).flat_map(|_| l.args.iter().map(|&a| a as *mut u8)).collect();
    let mut stacks = STACKS.with(|s| {
        let mut s = s.borrow_mut();
        let keep = s.len().saturating_sub(t);
        s.split_off(keep)
    });
    let mut fibers: Vec<Fiber> = Vec::with_capacity(t);
    for (tid, lane) in lanes.iter().enumerate() {
        let stack = match stacks.pop() {
            Some(s) => s,
            None => DefaultStack::new(FIBER_STACK)
                .unwrap_or_else(|e| crate::fatal::die(1, &format!("gpuf-sim: error: cannot allocate a fiber stack: {e}"))),
        };
        let lp = lane as *const Lane as usize;
        // SAFETY (of the later dereference): `args` outlives the fibers
        // and is not resized while they run.
        let ap = unsafe { args.as_mut_ptr().add(tid * nargs) } as usize;
        let kernel = l.kernel;
        fibers.push(Coroutine::with_stack(stack, move |y: &Yielder<(), ()>, ()| {
            // SAFETY: the Lane outlives its fiber.
            let lane = unsafe { &*(lp as *const Lane) };
            lane.yielder.set(y);
            kernel(ap as *mut *mut u8);
        }));
    }
    let mut abandoned = false;
    loop {
        let next = run.st.borrow_mut().ready.pop_front();
        let Some(tid) = next else { break };
        let tid = tid as usize;
        if l.failed_gang.load(Ordering::Relaxed) < g {
            abandoned = true;
            break;
        }
        CUR.with(|c| c.set(&lanes[tid]));
        let r = fibers[tid].resume(());
        let mut st = run.st.borrow_mut();
        if let CoroutineResult::Return(()) = r {
            st.warps[tid / d.lanes].returned |= 1 << (tid % d.lanes);
            st.returned += 1;
        }
        if st.error.is_some() {
            break;
        }
    }
    CUR.with(|c| c.set(std::ptr::null()));
    let (stats, error) = {
        let mut st = run.st.borrow_mut();
        if !abandoned && st.error.is_none() && st.returned < t {
            st.error = Some(run.deadlock_message(&st));
        }
        (st.stats, st.error.take())
    };
    STACKS.with(|s| {
        let mut s = s.borrow_mut();
        for mut f in fibers {
            if !f.done() {
                // SAFETY: a stuck fiber is never resumed again; its stack
                // holds only kernel frames (no destructors to run).
                unsafe { f.force_reset() };
            }
            s.push(f.into_stack());
        }
    });
    drop(args);
    (stats, if abandoned { None } else { error })
}

impl Launch {
    fn lock(&self) -> MutexGuard<'_, Done> {
        self.done.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Claims and runs gangs of `l` until none is left.
fn runner(l: &Launch) {
    loop {
        let g = l.next_gang.fetch_add(1, Ordering::Relaxed);
        if g >= l.dims.gangs {
            return;
        }
        let (stats, error) = if g < l.failed_gang.load(Ordering::Acquire) { run_gang(l, g) } else { (SimStats::default(), None) };
        if error.is_some() {
            l.failed_gang.fetch_min(g, Ordering::AcqRel);
        }
        let mut d = l.lock();
        d.stats.shuffles += stats.shuffles;
        d.stats.votes += stats.votes;
        d.stats.barriers += stats.barriers;
        if let Some(e) = error {
            if d.error.as_ref().is_none_or(|(eg, _)| g < *eg) {
                d.error = Some((g, e));
            }
        }
        d.left -= 1;
        if d.left == 0 {
            l.all_done.notify_all();
        }
    }
}

/// OS threads that run the gangs of one launch: `GPUF_SIM_THREADS` if set
/// to a positive number, else the available cores.
fn sim_threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| {
        std::env::var("GPUF_SIM_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
    })
}

// ---------------------------------------------------------------------------
// Helper threads (they live across launches).

type Job = Box<dyn FnOnce() + Send>;

struct PoolThread {
    job: Mutex<Option<Job>>,
    cv: Condvar,
}

static IDLE: Mutex<Vec<Arc<PoolThread>>> = Mutex::new(Vec::new());

fn pool_run(job: Job) {
    let t = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
    let t = match t {
        Some(t) => t,
        None => {
            let t = Arc::new(PoolThread { job: Mutex::new(None), cv: Condvar::new() });
            let t2 = t.clone();
            let spawned = std::thread::Builder::new().name("gpuf-sim".into()).spawn(move || loop {
                let job = {
                    let mut g = t2.job.lock().unwrap_or_else(|e| e.into_inner());
                    loop {
                        if let Some(j) = g.take() {
                            break j;
                        }
                        g = t2.cv.wait(g).unwrap_or_else(|e| e.into_inner());
                    }
                };
                job();
                IDLE.lock().unwrap_or_else(|e| e.into_inner()).push(t2.clone());
            });
            if let Err(e) = spawned {
                crate::fatal::die(1, &format!("gpuf-sim: error: cannot start a thread: {e}"));
            }
            t
        }
    };
    *t.job.lock().unwrap_or_else(|e| e.into_inner()) = Some(job);
    t.cv.notify_one();
}

/// Runs a kernel on the sim. `exit_on_error`: print divergence errors and
/// exit with status 3 (the runtime's behaviour); otherwise they are
/// returned after the launch has drained (tests).
pub fn run(
    name: &str,
    kernel: extern "C" fn(*mut *mut u8),
    args: &[u64],
    shared_bytes: usize,
    dims: SimDims,
    exit_on_error: bool,
) -> Result<SimStats, String> {
    let t = dims.workers * dims.lanes;
    if t > 1024 {
        let msg =
            format!("gpuf-sim: error: kernel {name}: {} workers x {} lanes is more than 1024 threads per gang", dims.workers, dims.lanes);
        if exit_on_error {
            crate::fatal::die(3, &msg);
        }
        return Err(msg);
    }
    if dims.gangs == 0 || t == 0 {
        return Ok(SimStats::default());
    }
    let l = Arc::new(Launch {
        name: name.to_string(),
        dims,
        kernel,
        args: args.to_vec(),
        arena_words: shared_bytes.div_ceil(16).max(1),
        next_gang: AtomicUsize::new(0),
        failed_gang: AtomicUsize::new(usize::MAX),
        done: Mutex::new(Done { left: dims.gangs, stats: SimStats::default(), error: None }),
        all_done: Condvar::new(),
        atomics: AtomicU64::new(0),
    });
    // helpers that come too late find no gang left and just return
    for _ in 1..sim_threads().min(dims.gangs) {
        let l = l.clone();
        pool_run(Box::new(move || runner(&l)));
    }
    runner(&l);
    let mut d = l.lock();
    while d.left > 0 {
        d = l.all_done.wait(d).unwrap_or_else(|e| e.into_inner());
    }
    if let Some((_, e)) = &d.error {
        let full = format!("gpuf-sim: error: kernel {}: {e}", l.name);
        if exit_on_error {
            crate::fatal::die(3, &full);
        }
        return Err(full);
    }
    let mut s = d.stats;
    s.atomics = l.atomics.load(Ordering::Relaxed);
    Ok(s)
}

/// The sim device.
pub struct SimDevice {
    lanes: usize,
    stats: bool,
    /// Freed blocks kept for the next maps and launches of the same sizes.
    pool: crate::pool::BlockPool,
}

impl SimDevice {
    /// A sim device with warps of `lanes` (32 or 64) lanes.
    pub fn new(lanes: usize) -> SimDevice {
        let stats = std::env::var("GPUF_SIM_STATS").map(|v| v.trim() == "1").unwrap_or(false);
        SimDevice { lanes, stats, pool: crate::pool::BlockPool::new() }
    }
}

impl Device for SimDevice {
    fn name(&self) -> &'static str {
        "sim"
    }
    /// Under `requires unified_shared_memory` the sim device, which runs on the host's CPU,
    /// uses the host's memory directly.
    fn shares_host_memory(&self) -> bool {
        crate::acc::requires_usm()
    }
    fn alloc(&self, bytes: usize) -> u64 {
        self.pool.take(bytes)
    }
    fn alloc_uninit(&self, bytes: usize) -> u64 {
        self.pool.take_uninit(bytes)
    }
    fn free(&self, dev: u64) {
        self.pool.give(dev)
    }
    fn launch(&self, k: &KernelInfo, args: &[u64], dims: Dims) {
        let name = k.name();
        let d = resolve_dims(k.levels, dims, self.lanes);
        let shared = k.shared_bytes.max(0) as usize;
        match run(&name, k.sim_fn, args, shared, d, true) {
            Ok(s) => {
                if self.stats {
                    crate::io::flush_all();
                    eprintln!(
                        "gpuf-sim: kernel {name} gangs {} workers {} lanes {} shuffles {} votes {} barriers {} atomics {}",
                        d.gangs, d.workers, d.lanes, s.shuffles, s.votes, s.barriers, s.atomics
                    );
                }
            }
            Err(e) => crate::fatal::die(3, &e),
        }
    }
}

// ---------------------------------------------------------------------------
// The functions sim kernels call (exported through `abi.rs`).

/// Position at `level` (0 gang, 1 worker, 2 vector); 0 outside a launch.
pub fn dim_pos(level: i32) -> i32 {
    match cur() {
        None => 0,
        Some(c) => match level {
            0 => c.run().gang as i32,
            1 => c.worker as i32,
            2 => c.lane as i32,
            _ => 0,
        },
    }
}

/// Size of `level`; 1 outside a launch.
pub fn dim_size(level: i32) -> i32 {
    match cur() {
        None => 1,
        Some(c) => {
            let d = c.launch().dims;
            match level {
                0 => d.gangs as i32,
                1 => d.workers as i32,
                2 => d.lanes as i32,
                _ => 1,
            }
        }
    }
}

/// Shuffle of a 64-bit payload: mode 0 idx, 1 xor, 2 down, 3 up.
pub fn shfl_bits(v: u64, mode: i32, arg: i32) -> u64 {
    let Some(c) = cur() else { return v };
    let lanes = c.launch().dims.lanes as i64;
    let me = c.lane as i64;
    let arg = arg as i64;
    let src = match mode {
        0 => arg.rem_euclid(lanes),
        1 => me ^ arg,
        2 => me + arg,
        3 => me - arg,
        _ => me,
    };
    c.warp_op(WarpOp::Shuffle, v, src)
}

/// `code`: the operator (0 `+`, 1 `*`, 2 max, 3 min, 4 and, 5 or, 6 xor) times 16 plus the
/// type (0 i32, 1 i64, 2 f32, 3 f64); integers wrap, float max/min ignore a NaN.
fn combine_bits(code: i64, a: u64, b: u64) -> u64 {
    let op = code / 16;
    macro_rules! int {
        ($t:ty, $u:ty) => {{
            let (x, y) = (a as $u as $t, b as $u as $t);
            let r = match op {
                0 => x.wrapping_add(y),
                1 => x.wrapping_mul(y),
                2 => x.max(y),
                3 => x.min(y),
                4 => x & y,
                5 => x | y,
                _ => x ^ y,
            };
            r as $u as u64
        }};
    }
    macro_rules! float {
        ($t:ty, $u:ty) => {{
            let (x, y) = (<$t>::from_bits(a as $u), <$t>::from_bits(b as $u));
            let r = match op {
                0 => x + y,
                1 => x * y,
                2 => x.max(y),
                _ => x.min(y),
            };
            r.to_bits() as u64
        }};
    }
    match code % 16 {
        0 => int!(i32, u32),
        1 => int!(i64, u64),
        2 => float!(f32, u32),
        _ => float!(f64, u64),
    }
}

/// A vector reduction over the warp (see [`WarpOp::Reduce`]); the value's bits, `code` as
/// for `combine_bits`.
pub fn reduce_bits(v: u64, code: i64) -> u64 {
    let Some(c) = cur() else { return v };
    c.warp_op(WarpOp::Reduce, v, code)
}

/// Vote: mode 0 any, 1 all, 2 ballot (low 32 bits of the lane mask).
pub fn vote(mode: i32, pred: i32) -> i32 {
    let Some(c) = cur() else {
        return (pred != 0) as i32;
    };
    let r = c.warp_op(WarpOp::Vote, (pred != 0) as u64, mode as i64);
    r as u32 as i32
}

/// Gang-wide barrier.
pub fn barrier() {
    if let Some(c) = cur() {
        c.barrier();
    }
}

/// The gang's shared arena (null outside a launch).
pub fn shared() -> *mut u8 {
    match cur() {
        None => std::ptr::null_mut(),
        Some(c) => c.run().arena,
    }
}

/// Counts one atomic operation.
pub fn atomic_note() {
    if let Some(c) = cur() {
        c.launch().atomics.fetch_add(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;

    fn dims(g: usize, w: usize, l: usize) -> SimDims {
        SimDims { gangs: g, workers: w, lanes: l }
    }

    /// Kernel: args[0] = *mut f64 output per (gang, worker); each lane
    /// contributes lane+1 (+ 1000*gang), reduced by a shuffle-down tree.
    extern "C" fn tree_sum(args: *mut *mut u8) {
        let out = unsafe { *args } as *mut f64;
        let g = gpuf_sim_dim_pos(0);
        let w = gpuf_sim_dim_pos(1);
        let lane = gpuf_sim_dim_pos(2);
        let nl = gpuf_sim_dim_size(2);
        let nw = gpuf_sim_dim_size(1);
        let mut v = (lane + 1) as f64 + 1000.0 * g as f64;
        let mut off = nl / 2;
        while off > 0 {
            v += gpuf_sim_shfl_f64(v, 2, off);
            off /= 2;
        }
        if lane == 0 {
            unsafe { *out.add((g * nw + w) as usize) = v };
        }
    }

    /// Kernel: butterfly (xor) sum of i32, then every lane checks the
    /// result; a vote-all of "correct" goes to args[0][gang*W+worker].
    extern "C" fn butterfly(args: *mut *mut u8) {
        let out = unsafe { *args } as *mut i32;
        let lane = gpuf_sim_dim_pos(2);
        let nl = gpuf_sim_dim_size(2);
        let mut v = lane * 3;
        let mut m = 1;
        while m < nl {
            v += gpuf_sim_shfl_i32(v, 1, m);
            m *= 2;
        }
        let expect = 3 * nl * (nl - 1) / 2;
        let ok = gpuf_sim_vote(1, (v == expect) as i32);
        let w = gpuf_sim_dim_pos(1);
        let g = gpuf_sim_dim_pos(0);
        if lane == 0 {
            unsafe { *out.add((g * gpuf_sim_dim_size(1) + w) as usize) = ok };
        }
    }

    #[test]
    fn shuffle_tree_reduction_32_and_64_lanes() {
        for lanes in [32usize, 64] {
            let (g, w) = (3, 2);
            let mut out = vec![0f64; g * w];
            let s = run("tree_sum", tree_sum, &[out.as_mut_ptr() as u64], 0, dims(g, w, lanes), false).unwrap();
            for gi in 0..g {
                for wi in 0..w {
                    let n = lanes as f64;
                    assert_eq!(out[gi * w + wi], n * (n + 1.0) / 2.0 + 1000.0 * gi as f64 * n, "lanes {lanes}");
                }
            }
            // log2(lanes) rounds per warp per gang
            let rounds = lanes.trailing_zeros() as u64;
            assert_eq!(s.shuffles, rounds * (g * w) as u64);
            assert_eq!((s.votes, s.barriers, s.atomics), (0, 0, 0));
        }
    }

    #[test]
    fn butterfly_and_vote() {
        for lanes in [32usize, 64] {
            let mut out = vec![0i32; 4];
            let s = run("bfly", butterfly, &[out.as_mut_ptr() as u64], 0, dims(2, 2, lanes), false).unwrap();
            assert_eq!(out, vec![1; 4]);
            assert_eq!(s.votes, 4);
        }
    }

    /// Kernel: worker-level reduction through shared memory + barriers and
    /// atomics into args[0] (an i64 total).
    extern "C" fn shared_reduce(args: *mut *mut u8) {
        let total = unsafe { *args } as *const std::sync::atomic::AtomicI64;
        let sh = gpuf_sim_shared() as *mut i64;
        let w = gpuf_sim_dim_pos(1);
        let lane = gpuf_sim_dim_pos(2);
        let nw = gpuf_sim_dim_size(1);
        assert_eq!(sh as usize % 16, 0);
        // arena is zeroed at gang start
        if w == 0 && lane == 0 {
            assert_eq!(unsafe { *sh.add(nw as usize) }, 0);
        }
        // vector sum of lane ids
        let mut v = lane as i64;
        let mut off = gpuf_sim_dim_size(2) / 2;
        while off > 0 {
            v += gpuf_sim_shfl_i64(v, 2, off);
            off /= 2;
        }
        if lane == 0 {
            unsafe { *sh.add(w as usize) = v };
        }
        gpuf_sim_barrier();
        if w == 0 && lane == 0 {
            let s: i64 = (0..nw as usize).map(|i| unsafe { *sh.add(i) }).sum();
            unsafe { (*total).fetch_add(s, std::sync::atomic::Ordering::Relaxed) };
            gpuf_sim_atomic_note();
            unsafe { *sh.add(nw as usize) = 99 }; // must not leak to the next gang
        }
        gpuf_sim_barrier();
    }

    #[test]
    fn barriers_shared_memory_and_atomics() {
        let total = std::sync::atomic::AtomicI64::new(0);
        let d = dims(4, 4, 32);
        let s = run("shared_reduce", shared_reduce, &[&total as *const _ as u64], 64, d, false).unwrap();
        assert_eq!(total.into_inner(), 4 * 4 * (31 * 32 / 2));
        assert_eq!(s.barriers, 8);
        assert_eq!(s.atomics, 4);
        assert_eq!(s.shuffles, 4 * 4 * 5);
    }

    /// Kernel: only lanes < 16 shuffle (divergent).
    extern "C" fn divergent_shuffle(_args: *mut *mut u8) {
        if gpuf_sim_dim_pos(2) < 16 {
            let _ = gpuf_sim_shfl_f32(1.0, 1, 1);
        }
    }

    /// Kernel: worker 0 skips the barrier.
    extern "C" fn divergent_barrier(_args: *mut *mut u8) {
        if gpuf_sim_dim_pos(1) != 0 {
            gpuf_sim_barrier();
        }
    }

    /// Kernel: lanes 0..16 shuffle, the others wait at a barrier.
    extern "C" fn shuffle_vs_barrier(_args: *mut *mut u8) {
        if gpuf_sim_dim_pos(2) < 16 {
            let _ = gpuf_sim_shfl_i32(1, 0, 0);
        } else {
            gpuf_sim_barrier();
        }
    }

    /// Kernel: half the warp votes, the other half shuffles.
    extern "C" fn vote_vs_shuffle(_args: *mut *mut u8) {
        if gpuf_sim_dim_pos(2) % 2 == 0 {
            let _ = gpuf_sim_vote(0, 1);
        } else {
            let _ = gpuf_sim_shfl_i32(1, 0, 0);
        }
    }

    #[test]
    fn divergence_is_reported_not_hung() {
        let e = run("k_div", divergent_shuffle, &[], 0, dims(2, 2, 32), false).unwrap_err();
        assert!(
            e.starts_with("gpuf-sim: error: kernel k_div: shuffle reached by only part of warp 0 of gang 0 (lanes 0..15)")
                || e.starts_with("gpuf-sim: error: kernel k_div: shuffle reached by only part of warp 1 of gang 0 (lanes 0..15)")
                || e.contains("returned from the kernel"),
            "{e}"
        );
        assert!(e.contains("shuffle reached by only part of warp"), "{e}");
        let e = run("k_bar", divergent_barrier, &[], 0, dims(1, 2, 32), false).unwrap_err();
        assert!(e.contains("barrier reached by only part of gang 0"), "{e}");
        let e = run("k_mix", shuffle_vs_barrier, &[], 0, dims(1, 1, 64), false).unwrap_err();
        assert!(e.contains("shuffle reached by only part of warp 0 of gang 0") || e.contains("barrier reached by only part"), "{e}");
        let e = run("k_vs", vote_vs_shuffle, &[], 0, dims(1, 1, 32), false).unwrap_err();
        assert!(e.contains("diverged"), "{e}");
        // the pool is still usable afterwards
        let mut out = vec![0f64; 1];
        run("tree_sum", tree_sum, &[out.as_mut_ptr() as u64], 0, dims(1, 1, 32), false).unwrap();
        assert_eq!(out[0], 32.0 * 33.0 / 2.0);
    }

    /// Kernel: gangs from args[0] on skip the shuffle in lanes >= 4.
    extern "C" fn late_gangs_diverge(args: *mut *mut u8) {
        let first_bad = unsafe { *args } as i32;
        if gpuf_sim_dim_pos(0) < first_bad || gpuf_sim_dim_pos(2) < 4 {
            let _ = gpuf_sim_shfl_i32(1, 1, 1);
        }
    }

    #[test]
    fn the_lowest_failing_gang_is_reported() {
        // gangs run on several OS threads; the message must still be the
        // one a sequential run gives (the first failing gang)
        for first_bad in [0u64, 2, 5] {
            let e = run("k_late", late_gangs_diverge, &[first_bad], 0, dims(8, 2, 32), false).unwrap_err();
            assert_eq!(
                e,
                format!(
                    "gpuf-sim: error: kernel k_late: shuffle reached by only part of warp 0 of gang {first_bad} (lanes 0..3); \
                     lanes 4..31 returned from the kernel"
                )
            );
        }
        let s = run("k_late", late_gangs_diverge, &[8], 0, dims(8, 2, 32), false).unwrap();
        assert_eq!(s.shuffles, 16);
    }

    /// Kernel: uses 512 KiB of its (fiber) stack.
    extern "C" fn big_frame(args: *mut *mut u8) {
        let out = unsafe { *args } as *const std::sync::atomic::AtomicU64;
        let mut buf = [0u8; 512 << 10];
        let b = std::hint::black_box(&mut buf);
        for (i, x) in b.iter_mut().enumerate() {
            *x = i as u8;
        }
        let sum: u64 = std::hint::black_box(&buf).iter().map(|&x| x as u64).sum();
        unsafe { (*out).fetch_add(sum, std::sync::atomic::Ordering::Relaxed) };
        gpuf_sim_barrier();
    }

    #[test]
    fn fibers_have_big_stacks() {
        let total = std::sync::atomic::AtomicU64::new(0);
        run("big_frame", big_frame, &[&total as *const _ as u64], 0, dims(3, 1, 32), false).unwrap();
        let per: u64 = (0..512u64 << 10).map(|i| i % 256).sum();
        assert_eq!(total.into_inner(), 3 * 32 * per);
    }

    #[test]
    fn default_dims() {
        let d0 = Dims { gangs: 0, workers: 0, vlen: 0 };
        assert_eq!(resolve_dims(0, d0, 32), dims(1, 1, 1));
        assert_eq!(resolve_dims(7, d0, 64), dims(4, 4, 64));
        assert_eq!(resolve_dims(5, Dims { gangs: 10, workers: 0, vlen: 128 }, 32), dims(10, 1, 32));
        // `num_workers` without worker loops: one worker (the code is worker-single).
        assert_eq!(resolve_dims(1, Dims { gangs: 0, workers: 3, vlen: 0 }, 32), dims(4, 1, 1));
        assert_eq!(resolve_dims(3, Dims { gangs: 0, workers: 3, vlen: 0 }, 32), dims(4, 3, 1));
    }

    #[test]
    fn outside_a_launch_everything_is_scalar() {
        assert_eq!(dim_pos(0), 0);
        assert_eq!(dim_size(2), 1);
        assert_eq!(gpuf_sim_shfl_i32(7, 1, 1), 7);
        assert_eq!(gpuf_sim_vote(1, 1), 1);
        gpuf_sim_barrier();
        assert!(gpuf_sim_shared().is_null());
    }
}
