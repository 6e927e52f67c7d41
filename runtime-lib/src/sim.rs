//! The sim device: a SIMT emulator on CPU threads.
//!
//! A launch runs `gangs` gangs one after another; each gang is
//! `workers × lanes` OS threads (a warp = the lanes of one worker) taken
//! from a pool that lives across launches. The kernel's sim version reads
//! its position through `gpuf_sim_dim_pos/size` (thread-local state) and
//! calls the rendezvous primitives here:
//!
//! * shuffles and votes are warp-wide rendezvous: every lane records its
//!   value and request under the launch mutex; the last lane to arrive
//!   computes every lane's answer, bumps the warp's round counter and
//!   unparks the others, which read their answer without taking the lock;
//! * `gpuf_sim_barrier` is a gang-wide rendezvous;
//! * `gpuf_sim_shared` is the gang's arena, zeroed at each gang start.
//!
//! Waiting threads park (`std::thread::park`) until their round counter
//! moves, and are woken one by one, so 64-lane gangs on 2 cores neither
//! spin nor stampede on a lock.
//!
//! A rendezvous that can never complete is a divergence bug and is
//! reported, never hung on: whenever a thread blocks or returns from the
//! kernel and every live thread of its gang is blocked, the launch fails
//! with a message naming the rendezvous, the warp, the gang and the lanes
//! that reached it, returned, or wait elsewhere (e.g. `shuffle reached by
//! only part of warp 0 of gang 0 (lanes 0..4); lanes 5..31 returned from
//! the kernel`); a warp whose lanes reach a shuffle and a vote at the same
//! time fails at once. The runtime prints the message and exits with
//! status 3. (A kernel that spin-waits on memory for a stuck warp would
//! still hang: only rendezvous are tracked.) Memory is separate from the
//! host (plain heap blocks), so missing updates show up as wrong answers.
//!
//! `GPUF_SIM_STATS=1` prints one line per launch to stderr:
//! `gpuf-sim: kernel NAME gangs G workers W lanes L shuffles S votes V
//! barriers B atomics A`.

use crate::device::{Device, Dims, KernelInfo, LEVEL_GANG, LEVEL_VECTOR, LEVEL_WORKER};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::thread::Thread;

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
/// workers likewise; lanes = the warp width if vector loops are used, else
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
        workers: pick(d.workers, levels & LEVEL_WORKER != 0),
        lanes: if levels & LEVEL_VECTOR != 0 { warp } else { 1 },
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum WarpOp {
    Shuffle,
    Vote,
}

impl WarpOp {
    fn word(self) -> &'static str {
        match self {
            WarpOp::Shuffle => "shuffle",
            WarpOp::Vote => "vote",
        }
    }
}

/// What a lane asks of a warp round; the completing lane computes every
/// lane's answer.
#[derive(Clone, Copy, Debug)]
enum Req {
    /// Read the value of lane `src` (own value if out of range).
    Shuffle { src: i64 },
    /// 0 any, 1 all, 2 ballot.
    Vote { mode: i32 },
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Where {
    Running,
    Warp(WarpOp),
    Barrier,
    Returned,
}

struct Warp {
    op: Option<WarpOp>,
    arrived: u64,
    count: usize,
    slots: Vec<u64>,
    reqs: Vec<Req>,
    returned: u64,
}

/// Bookkeeping under the launch mutex (short critical sections only).
struct State {
    gang: usize,
    done: bool,
    warps: Vec<Warp>,
    at: Vec<Where>,
    bar_count: usize,
    blocked: usize,
    returned: usize,
    error: Option<String>,
    stats: SimStats,
}

struct Launch {
    name: String,
    dims: SimDims,
    kernel: extern "C" fn(*mut *mut u8),
    args: Vec<u64>,
    st: Mutex<State>,
    /// Round counters: a waiter parks until its round counter moves.
    warp_round: Vec<AtomicU64>,
    bar_round: AtomicU64,
    gang_round: AtomicU64,
    failed: AtomicBool,
    /// Per-thread results of the last warp round, and thread handles for
    /// unparking.
    results: Vec<AtomicU64>,
    handles: Vec<OnceLock<Thread>>,
    /// Shared arena (u128 words: 16-byte aligned); zeroed between gangs
    /// while no thread runs the kernel.
    arena: Mutex<Vec<u128>>,
    arena_ptr: u64,
    atomics: AtomicU64,
    exit_on_error: bool,
}

#[derive(Clone, Copy)]
struct Ctx {
    launch: *const Launch,
    gang: usize,
    worker: usize,
    lane: usize,
}

thread_local! {
    static CTX: Cell<Option<Ctx>> = const { Cell::new(None) };
}

fn ctx() -> Option<Ctx> {
    CTX.with(|c| c.get())
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

impl Launch {
    fn threads(&self) -> usize {
        self.dims.workers * self.dims.lanes
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.st.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn unpark(&self, tid: usize) {
        if let Some(t) = self.handles[tid].get() {
            t.unpark();
        }
    }

    /// Parks until `counter` differs from `seen` (or the launch failed,
    /// if `stop_on_fail`).
    fn park_until(&self, counter: &AtomicU64, seen: u64, stop_on_fail: bool) {
        loop {
            if counter.load(Ordering::Acquire) != seen {
                return;
            }
            if stop_on_fail && self.failed.load(Ordering::Acquire) {
                return;
            }
            std::thread::park();
        }
    }

    /// Records a divergence error: prints and exits (normal mode) or wakes
    /// everybody so that the launch drains (test mode).
    fn fail(&self, st: &mut State, msg: String) {
        let full = format!("gpuf-sim: error: kernel {}: {msg}", self.name);
        if self.exit_on_error {
            crate::fatal::die(3, &full);
        }
        if st.error.is_none() {
            st.error = Some(full);
        }
        self.failed.store(true, Ordering::Release);
        for t in 0..self.threads() {
            self.unpark(t);
        }
    }

    /// Lanes of warp `w` for which `pred` holds.
    fn lanes_at(&self, st: &State, w: usize, pred: impl Fn(Where) -> bool) -> u64 {
        let l = self.dims.lanes;
        (0..l).filter(|&i| pred(st.at[w * l + i])).fold(0u64, |m, i| m | 1 << i)
    }

    /// Called when a thread is about to block or has returned: if every
    /// live thread of the gang is blocked, nothing can ever complete, and
    /// the state tells exactly who waits where.
    fn check_deadlock(&self, st: &mut State) {
        if st.blocked + st.returned < self.threads() || st.blocked == 0 || st.error.is_some() {
            return;
        }
        let g = st.gang;
        let lanes = self.dims.lanes;
        for (w, wp) in st.warps.iter().enumerate() {
            if let Some(op) = wp.op {
                let mut msg =
                    format!("{} reached by only part of warp {w} of gang {g} (lanes {})", op.word(), lanes_list(wp.arrived, lanes));
                if wp.returned != 0 {
                    msg += &format!("; lanes {} returned from the kernel", lanes_list(wp.returned, lanes));
                }
                let bar = self.lanes_at(st, w, |x| x == Where::Barrier);
                if bar != 0 {
                    msg += &format!("; lanes {} wait at a barrier", lanes_list(bar, lanes));
                }
                self.fail(st, msg);
                return;
            }
        }
        let t = self.threads();
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
        self.fail(st, msg);
    }

    /// A warp-wide exchange: `v` is this lane's contribution, `req` what it
    /// wants back.
    fn warp_op(&self, c: &Ctx, op: WarpOp, v: u64, req: Req) -> u64 {
        let lanes = self.dims.lanes;
        let w = c.worker;
        let tid = w * lanes + c.lane;
        let mut st = self.lock();
        if st.error.is_some() {
            return v;
        }
        if let Some(o) = st.warps[w].op {
            if o != op {
                let msg = format!(
                    "warp {w} of gang {} diverged: lanes {} at a {} while lane {} reached a {}",
                    st.gang,
                    lanes_list(st.warps[w].arrived, lanes),
                    o.word(),
                    c.lane,
                    op.word()
                );
                self.fail(&mut st, msg);
                return v;
            }
        }
        let wp = &mut st.warps[w];
        wp.op = Some(op);
        wp.slots[c.lane] = v;
        wp.reqs[c.lane] = req;
        wp.arrived |= 1 << c.lane;
        wp.count += 1;
        if wp.count == lanes {
            // complete the round: answer every lane
            let mask = wp.slots.iter().enumerate().fold(0u64, |m, (i, &s)| m | (s & 1) << i);
            let mut mine = v;
            for l in 0..lanes {
                let r = match wp.reqs[l] {
                    Req::Shuffle { src } => {
                        if (0..lanes as i64).contains(&src) {
                            wp.slots[src as usize]
                        } else {
                            wp.slots[l]
                        }
                    }
                    Req::Vote { mode } => match mode {
                        0 => (mask != 0) as u64,
                        1 => (mask.count_ones() as usize == lanes) as u64,
                        _ => mask & 0xffff_ffff,
                    },
                };
                if l == c.lane {
                    mine = r;
                } else {
                    self.results[w * lanes + l].store(r, Ordering::Relaxed);
                }
            }
            wp.op = None;
            wp.arrived = 0;
            wp.count = 0;
            st.blocked -= lanes - 1;
            for l in 0..lanes {
                st.at[w * lanes + l] = Where::Running;
            }
            match op {
                WarpOp::Shuffle => st.stats.shuffles += 1,
                WarpOp::Vote => st.stats.votes += 1,
            }
            self.warp_round[w].fetch_add(1, Ordering::Release);
            drop(st);
            for l in 0..lanes {
                if l != c.lane {
                    self.unpark(w * lanes + l);
                }
            }
            return mine;
        }
        st.at[tid] = Where::Warp(op);
        st.blocked += 1;
        let seen = self.warp_round[w].load(Ordering::Relaxed);
        self.check_deadlock(&mut st);
        drop(st);
        self.park_until(&self.warp_round[w], seen, true);
        if self.warp_round[w].load(Ordering::Acquire) == seen {
            return v; // failed
        }
        self.results[tid].load(Ordering::Relaxed)
    }

    fn barrier(&self, c: &Ctx) {
        let t = self.threads();
        let mut st = self.lock();
        if st.error.is_some() {
            return;
        }
        st.bar_count += 1;
        if st.bar_count == t {
            st.bar_count = 0;
            st.blocked -= t - 1;
            for a in st.at.iter_mut() {
                *a = Where::Running;
            }
            st.stats.barriers += 1;
            self.bar_round.fetch_add(1, Ordering::Release);
            drop(st);
            let me = c.worker * self.dims.lanes + c.lane;
            for i in (0..t).filter(|&i| i != me) {
                self.unpark(i);
            }
            return;
        }
        st.at[c.worker * self.dims.lanes + c.lane] = Where::Barrier;
        st.blocked += 1;
        let seen = self.bar_round.load(Ordering::Relaxed);
        self.check_deadlock(&mut st);
        drop(st);
        self.park_until(&self.bar_round, seen, true);
    }

    /// A thread returned from the kernel; the last one of the gang starts
    /// the next gang (or ends the launch).
    fn returned(&self, c: &Ctx) {
        let lanes = self.dims.lanes;
        let t = self.threads();
        let mut st = self.lock();
        st.warps[c.worker].returned |= 1 << c.lane;
        st.at[c.worker * lanes + c.lane] = Where::Returned;
        st.returned += 1;
        if st.returned == t {
            if st.error.is_some() || st.gang + 1 == self.dims.gangs {
                st.done = true;
            } else {
                st.gang += 1;
                st.returned = 0;
                st.blocked = 0;
                for wp in st.warps.iter_mut() {
                    wp.returned = 0;
                }
                for a in st.at.iter_mut() {
                    *a = Where::Running;
                }
                let mut arena = self.arena.lock().unwrap_or_else(|e| e.into_inner());
                arena.iter_mut().for_each(|x| *x = 0);
            }
            self.gang_round.fetch_add(1, Ordering::Release);
            drop(st);
            let me = c.worker * lanes + c.lane;
            for i in (0..t).filter(|&i| i != me) {
                self.unpark(i);
            }
            return;
        }
        let seen = self.gang_round.load(Ordering::Relaxed);
        self.check_deadlock(&mut st);
        drop(st);
        // wait for the whole gang (errors end the launch through the last
        // returning thread, which bumps the round too)
        self.park_until(&self.gang_round, seen, false);
    }

    /// Body of one thread: run the kernel for every gang.
    fn run_thread(self: &Arc<Self>, tid: usize) {
        let lanes = self.dims.lanes;
        let _ = self.handles[tid].set(std::thread::current());
        let mut c = Ctx { launch: Arc::as_ptr(self), gang: 0, worker: tid / lanes, lane: tid % lanes };
        let mut args: Vec<*mut u8> = Vec::with_capacity(self.args.len());
        loop {
            {
                let st = self.lock();
                if st.done {
                    break;
                }
                c.gang = st.gang;
            }
            CTX.with(|x| x.set(Some(c)));
            args.clear();
            args.extend(self.args.iter().map(|&a| a as *mut u8));
            (self.kernel)(args.as_mut_ptr());
            self.returned(&c);
        }
        CTX.with(|x| x.set(None));
    }
}

// ---------------------------------------------------------------------------
// Thread pool (threads live across launches).

type Job = Box<dyn FnOnce() + Send>;

struct PoolThread {
    job: Mutex<Option<Job>>,
    cv: Condvar,
}

static IDLE: Mutex<Vec<Arc<PoolThread>>> = Mutex::new(Vec::new());

const SIM_STACK: usize = 8 << 20;

fn pool_run(job: Job) {
    let t = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
    let t = match t {
        Some(t) => t,
        None => {
            let t = Arc::new(PoolThread { job: Mutex::new(None), cv: Condvar::new() });
            let t2 = t.clone();
            let spawned = std::thread::Builder::new().name("gpuf-sim".into()).stack_size(SIM_STACK).spawn(move || loop {
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
    let warps = (0..dims.workers)
        .map(|_| Warp {
            op: None,
            arrived: 0,
            count: 0,
            slots: vec![0; dims.lanes],
            reqs: vec![Req::Vote { mode: 0 }; dims.lanes],
            returned: 0,
        })
        .collect();
    let st = State {
        gang: 0,
        done: false,
        warps,
        at: vec![Where::Running; t],
        bar_count: 0,
        blocked: 0,
        returned: 0,
        error: None,
        stats: SimStats::default(),
    };
    let mut arena = vec![0u128; shared_bytes.div_ceil(16).max(1)];
    let arena_ptr = arena.as_mut_ptr() as u64;
    let l = Arc::new(Launch {
        name: name.to_string(),
        dims,
        kernel,
        args: args.to_vec(),
        st: Mutex::new(st),
        warp_round: (0..dims.workers).map(|_| AtomicU64::new(0)).collect(),
        bar_round: AtomicU64::new(0),
        gang_round: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        results: (0..t).map(|_| AtomicU64::new(0)).collect(),
        handles: (0..t).map(|_| OnceLock::new()).collect(),
        arena: Mutex::new(arena),
        arena_ptr,
        atomics: AtomicU64::new(0),
        exit_on_error,
    });
    let finished = Arc::new((Mutex::new(0usize), Condvar::new()));
    for tid in 0..t {
        let l = l.clone();
        let f = finished.clone();
        pool_run(Box::new(move || {
            l.run_thread(tid);
            drop(l);
            let mut n = f.0.lock().unwrap_or_else(|e| e.into_inner());
            *n += 1;
            if *n == t {
                f.1.notify_all();
            }
        }));
    }
    {
        let mut n = finished.0.lock().unwrap_or_else(|e| e.into_inner());
        while *n < t {
            n = finished.1.wait(n).unwrap_or_else(|e| e.into_inner());
        }
    }
    let st = l.lock();
    if let Some(e) = &st.error {
        return Err(e.clone());
    }
    let mut s = st.stats;
    s.atomics = l.atomics.load(Ordering::Relaxed);
    Ok(s)
}

/// The sim device.
pub struct SimDevice {
    lanes: usize,
    stats: bool,
}

impl SimDevice {
    /// A sim device with warps of `lanes` (32 or 64) lanes.
    pub fn new(lanes: usize) -> SimDevice {
        let stats = std::env::var("GPUF_SIM_STATS").map(|v| v.trim() == "1").unwrap_or(false);
        SimDevice { lanes, stats }
    }
}

impl Device for SimDevice {
    fn name(&self) -> &'static str {
        "sim"
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

fn launch_of(c: &Ctx) -> &Launch {
    // SAFETY: the Launch outlives every thread running its kernel.
    unsafe { &*c.launch }
}

/// Position at `level` (0 gang, 1 worker, 2 vector); 0 outside a launch.
pub fn dim_pos(level: i32) -> i32 {
    match ctx() {
        None => 0,
        Some(c) => match level {
            0 => c.gang as i32,
            1 => c.worker as i32,
            2 => c.lane as i32,
            _ => 0,
        },
    }
}

/// Size of `level`; 1 outside a launch.
pub fn dim_size(level: i32) -> i32 {
    match ctx() {
        None => 1,
        Some(c) => {
            let d = launch_of(&c).dims;
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
    let Some(c) = ctx() else { return v };
    let l = launch_of(&c);
    let lanes = l.dims.lanes as i64;
    let me = c.lane as i64;
    let arg = arg as i64;
    let src = match mode {
        0 => arg.rem_euclid(lanes),
        1 => me ^ arg,
        2 => me + arg,
        3 => me - arg,
        _ => me,
    };
    l.warp_op(&c, WarpOp::Shuffle, v, Req::Shuffle { src })
}

/// Vote: mode 0 any, 1 all, 2 ballot (low 32 bits of the lane mask).
pub fn vote(mode: i32, pred: i32) -> i32 {
    let Some(c) = ctx() else {
        return (pred != 0) as i32;
    };
    let l = launch_of(&c);
    let r = l.warp_op(&c, WarpOp::Vote, (pred != 0) as u64, Req::Vote { mode });
    r as u32 as i32
}

/// Gang-wide barrier.
pub fn barrier() {
    if let Some(c) = ctx() {
        launch_of(&c).barrier(&c);
    }
}

/// The gang's shared arena (null outside a launch).
pub fn shared() -> *mut u8 {
    match ctx() {
        None => std::ptr::null_mut(),
        Some(c) => launch_of(&c).arena_ptr as *mut u8,
    }
}

/// Counts one atomic operation.
pub fn atomic_note() {
    if let Some(c) = ctx() {
        launch_of(&c).atomics.fetch_add(1, Ordering::Relaxed);
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

    #[test]
    fn default_dims() {
        let d0 = Dims { gangs: 0, workers: 0, vlen: 0 };
        assert_eq!(resolve_dims(0, d0, 32), dims(1, 1, 1));
        assert_eq!(resolve_dims(7, d0, 64), dims(4, 4, 64));
        assert_eq!(resolve_dims(5, Dims { gangs: 10, workers: 0, vlen: 128 }, 32), dims(10, 1, 32));
        assert_eq!(resolve_dims(1, Dims { gangs: 0, workers: 3, vlen: 0 }, 32), dims(4, 3, 1));
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
