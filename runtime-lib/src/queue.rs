//! OpenACC async queues on the sim device.
//!
//! Each queue (`async(n)`; `async` and `acc_async_noval` are the default async queue,
//! `acc_set_default_async`) is an ordered stream of jobs run by a worker thread of its own,
//! concurrently with the host. A construct with `async` brackets its run-time calls with
//! [`begin`] / [`end`]: meanwhile the present table is updated at once (allocation and
//! reference counts, so a later `present` finds the data), while the data movement, the
//! kernel launch and the freeing of device memory become jobs of the queue, in program
//! order. By-value kernel arguments are captured when the launch is queued. The host device
//! (shared memory) and the GPUs (for now) run every construct synchronously, which is a
//! conforming schedule.
//!
//! When queued work starts (the sim's policy, so that a missing `wait` gives a stale answer
//! on every run rather than now and then): a job starts only once the host has synchronised
//! with its queue after queuing it: `wait`, `acc_wait*`, `acc_async_test*` (which then
//! returns false until the released jobs are done, so a polling loop ends), the program's
//! end, or a `wait(q) async(r)` job of another queue that has itself started. Released jobs
//! run on the worker thread while the host goes on. `GPUF_SIM_ASYNC=eager` releases every
//! job when it is queued instead (as a GPU does; the timing is then the operating system's).

use crate::device::{Device, DeviceKind};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};

/// `acc_async_noval` and `acc_async_sync` of the `openacc` module.
pub const ASYNC_NOVAL: i32 = -1;
pub const ASYNC_SYNC: i32 = -2;

type Job = Box<dyn FnOnce() + Send>;

#[derive(Default)]
struct Inner {
    /// Queued jobs with their sequence numbers, oldest first.
    jobs: std::collections::VecDeque<(u64, Job)>,
    /// The sequence number the next queued job gets.
    next: u64,
    /// Jobs numbered below this may start.
    released: u64,
    /// Jobs numbered below this have finished.
    done: u64,
}

/// One queue: its jobs and the worker thread that runs them.
struct Stream {
    inner: Mutex<Inner>,
    cv: Condvar,
    /// The device of the work last queued.
    dev: Mutex<Option<Arc<dyn Device>>>,
}

impl Stream {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn start(q: i32) -> Arc<Stream> {
        let s = Arc::new(Stream { inner: Mutex::new(Inner::default()), cv: Condvar::new(), dev: Mutex::new(None) });
        let w = s.clone();
        std::thread::Builder::new()
            .name(format!("gpuf-async-{q}"))
            .spawn(move || w.work())
            .unwrap_or_else(|e| crate::fatal::gpuf_error(&format!("async queue {q}: cannot start its thread: {e}")));
        s
    }

    /// The worker: runs released jobs in order, forever.
    fn work(&self) {
        loop {
            let job = {
                let mut g = self.lock();
                loop {
                    if let Some((n, _)) = g.jobs.front() {
                        if *n < g.released {
                            break;
                        }
                    }
                    g = self.cv.wait(g).unwrap_or_else(|e| e.into_inner());
                }
                g.jobs.pop_front().map(|(_, j)| j)
            };
            if let Some(job) = job {
                if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
                    crate::fatal::gpuf_error("internal error in an async queue's work");
                }
            }
            let mut g = self.lock();
            g.done += 1;
            self.cv.notify_all();
        }
    }

    fn push(&self, job: Job) {
        let mut g = self.lock();
        let n = g.next;
        g.next += 1;
        g.jobs.push_back((n, job));
        if eager() {
            g.released = g.next;
        }
        self.cv.notify_all();
    }

    /// Releases the jobs queued so far; returns the mark [`Stream::wait_for`] waits for.
    fn release(&self) -> u64 {
        let mut g = self.lock();
        g.released = g.released.max(g.next);
        self.cv.notify_all();
        g.next
    }

    fn wait_for(&self, mark: u64) {
        let mut g = self.lock();
        g.released = g.released.max(mark);
        self.cv.notify_all();
        while g.done < mark {
            g = self.cv.wait(g).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Waits until the jobs numbered below `mark` have finished, without releasing any.
    fn wait_done(&self, mark: u64) {
        let mut g = self.lock();
        while g.done < mark {
            g = self.cv.wait(g).unwrap_or_else(|e| e.into_inner());
        }
    }

    fn idle(&self) -> bool {
        let g = self.lock();
        g.done == g.next
    }
}

/// `GPUF_SIM_ASYNC`: `eager` starts queued work at once; unset, empty or `held` (the
/// default) holds it until the host synchronises.
fn eager() -> bool {
    static EAGER: OnceLock<bool> = OnceLock::new();
    *EAGER.get_or_init(|| match std::env::var("GPUF_SIM_ASYNC") {
        Err(_) => false,
        Ok(v) => match v.trim().to_ascii_lowercase().as_str() {
            "" | "held" => false,
            "eager" => true,
            _ => crate::fatal::gpuf_error(&format!("GPUF_SIM_ASYNC={v} is not supported (held or eager)")),
        },
    })
}

/// Every queue used so far, by number.
static QUEUES: Mutex<BTreeMap<i32, Arc<Stream>>> = Mutex::new(BTreeMap::new());

fn queues() -> MutexGuard<'static, BTreeMap<i32, Arc<Stream>>> {
    QUEUES.lock().unwrap_or_else(|e| e.into_inner())
}

/// The default async queue (`acc_set_default_async`), which `async` without an argument and
/// `acc_async_noval` name.
static DEFAULT_ASYNC: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// `acc_set_default_async`: `acc_async_noval` or `acc_async_sync` mean the initial one.
pub fn set_default(q: i32) {
    let q = if q == ASYNC_NOVAL || q == ASYNC_SYNC { 0 } else { q };
    DEFAULT_ASYNC.store(q, std::sync::atomic::Ordering::Relaxed)
}

/// `acc_get_default_async`.
pub fn get_default() -> i32 {
    DEFAULT_ASYNC.load(std::sync::atomic::Ordering::Relaxed)
}

/// The queue an async argument names (`None`: synchronous).
fn resolve(q: i32) -> Option<i32> {
    match q {
        ASYNC_SYNC => None,
        ASYNC_NOVAL => Some(get_default()),
        q => Some(q),
    }
}

fn stream(q: i32) -> Arc<Stream> {
    queues().entry(q).or_insert_with(|| Stream::start(q)).clone()
}

fn existing(q: i32) -> Option<Arc<Stream>> {
    queues().get(&q).cloned()
}

/// A queue of a device.
type Target = (Arc<dyn Device>, Arc<Stream>);

thread_local! {
    /// The queues of the constructs this thread is carrying out, innermost last (`None`:
    /// synchronous), with their device: a `kernels` construct split into kernels brackets
    /// each kernel again inside its own bracket.
    static CURRENT: RefCell<Vec<Option<Target>>> = const { RefCell::new(Vec::new()) };
}

/// The queue device work goes to now.
fn current() -> Option<Target> {
    CURRENT.with(|c| c.borrow().last().cloned().flatten())
}

/// Whether a device runs async queues (the sim); the others run every construct at once.
fn queues_on(dev: &dyn Device) -> bool {
    DeviceKind::of(dev) == DeviceKind::Sim
}

/// The stream that runs deferred frees (see [`free`]); its jobs start at once.
static REAPER: OnceLock<Arc<Stream>> = OnceLock::new();

/// `gpuf_acc_async_begin(q)`: until [`end`], the device work of the run-time calls of this
/// thread goes to queue `q` (an `async` argument) of `dev`.
pub fn begin(dev: Arc<dyn Device>, q: i32) {
    let cur = match resolve(q) {
        Some(q) if queues_on(&*dev) => {
            let s = stream(q);
            *s.dev.lock().unwrap_or_else(|e| e.into_inner()) = Some(dev.clone());
            Some((dev, s))
        }
        _ => None,
    };
    CURRENT.with(|c| c.borrow_mut().push(cur));
}

/// `gpuf_acc_async_end()`: back to the enclosing bracket's queue (if any).
pub fn end() {
    CURRENT.with(|c| c.borrow_mut().pop());
}

/// Runs `job` with the device: on the current queue if there is one, else at once.
pub fn run(dev: &dyn Device, job: impl FnOnce(&dyn Device) + Send + 'static) {
    match current() {
        Some((d, s)) => s.push(Box::new(move || job(&*d))),
        None => job(dev),
    }
}

/// Whether this thread is queuing device work now.
pub fn queuing() -> bool {
    current().is_some()
}

/// A copy host → device of the present table (timed for the profiler, counted for the
/// construct that asked for it even when it runs later).
pub fn h2d(dev: &dyn Device, d: u64, host: usize, bytes: usize) {
    let site = crate::profile::site();
    // SAFETY: the present table passes a host range of the program's data and a device
    // range inside one of its blocks, which stays allocated until a later job frees it.
    run(dev, move |dev| crate::profile::timed_copy_at(site, bytes, true, || unsafe { dev.h2d(d, host as *const u8, bytes) }))
}

/// A copy device → host of the present table.
pub fn d2h(dev: &dyn Device, host: usize, d: u64, bytes: usize) {
    let site = crate::profile::site();
    // SAFETY: as for `h2d`.
    run(dev, move |dev| crate::profile::timed_copy_at(site, bytes, false, || unsafe { dev.d2h(host as *mut u8, d, bytes) }))
}

/// Frees device memory after the work queued before it. A synchronous free (a data
/// construct's end, `exit data`, `acc_free`) while async queues still have work waits, off
/// the host's path, until the work queued so far on every queue has finished, as freeing
/// device memory synchronises with the device on a GPU: a program that leaves a data
/// construct before waiting for the async kernels that use its data gets no
/// use-after-free (what it copies out is still stale until it waits).
pub fn free(dev: &dyn Device, d: u64) {
    if current().is_none() && queues_on(dev) {
        let same = |q: &Arc<dyn Device>| std::ptr::eq(Arc::as_ptr(q) as *const u8, dev as *const dyn Device as *const u8);
        let all: Vec<Arc<Stream>> = queues().values().cloned().collect();
        let mut owner: Option<Arc<dyn Device>> = None;
        let mut busy: Vec<(Arc<Stream>, u64)> = Vec::new();
        for s in all {
            let Some(sd) = s.dev.lock().unwrap_or_else(|e| e.into_inner()).clone().filter(same) else { continue };
            let (done, next) = {
                let g = s.lock();
                (g.done, g.next)
            };
            if done < next {
                busy.push((s, next));
                owner = Some(sd);
            }
        }
        if let Some(qd) = owner {
            let r = REAPER.get_or_init(|| Stream::start(i32::MIN));
            r.push(Box::new(move || {
                for (s, m) in busy {
                    s.wait_done(m);
                }
                qd.free(d);
            }));
            r.release();
            return;
        }
    }
    run(dev, move |dev| dev.free(d))
}

/// `acc_wait(q)` / `wait(q)`: the host waits for the work queued on `q` so far.
pub fn wait(q: i32) {
    if let Some(s) = resolve(q).and_then(existing) {
        let mark = s.release();
        s.wait_for(mark);
    }
}

/// `acc_wait_all` / `wait`: the host waits for every queue.
pub fn wait_all() {
    let all: Vec<Arc<Stream>> = queues().values().cloned().collect();
    let marks: Vec<u64> = all.iter().map(|s| s.release()).collect();
    for (s, m) in all.iter().zip(marks) {
        s.wait_for(m);
    }
}

/// `acc_async_test(q)`: whether the work queued on `q` is done. The answer is taken before
/// the jobs queued so far are released (so it is false at the first test after queuing,
/// every time), and a loop that polls ends.
pub fn test(q: i32) -> bool {
    match resolve(q).and_then(existing) {
        Some(s) => {
            let done = s.idle();
            s.release();
            done
        }
        None => true,
    }
}

/// `acc_async_test_all()`.
pub fn test_all() -> bool {
    let all: Vec<Arc<Stream>> = queues().values().cloned().collect();
    all.iter().fold(true, |ok, s| {
        let done = s.idle();
        s.release();
        done && ok
    })
}

/// `acc_wait_async(q, r)` / `wait(q) async(r)`: queue `r` waits for the work queued on `q`
/// so far, without blocking the host (on a device without queues: the host waits).
pub fn wait_async(q: i32, r: i32) {
    let targets: Vec<Arc<Stream>> = resolve(q).and_then(existing).into_iter().collect();
    then_on(targets, r)
}

/// `acc_wait_all_async(r)` / `wait async(r)`: queue `r` waits for every other queue.
pub fn wait_all_async(r: i32) {
    let rq = resolve(r);
    let targets: Vec<Arc<Stream>> = queues().iter().filter(|(k, _)| Some(**k) != rq).map(|(_, s)| s.clone()).collect();
    then_on(targets, r)
}

/// Queue `r` (of the device in use) waits for `targets` at their present marks.
fn then_on(targets: Vec<Arc<Stream>>, r: i32) {
    let marks: Vec<(Arc<Stream>, u64)> = targets
        .into_iter()
        .map(|s| {
            let m = s.lock().next;
            (s, m)
        })
        .collect();
    match resolve(r) {
        Some(r) if queues_on(&*crate::acc::device()) => {
            let s = stream(r);
            if marks.iter().any(|(t, _)| Arc::ptr_eq(t, &s)) {
                // a queue waiting for itself: its order already says so
                return;
            }
            s.push(Box::new(move || {
                for (t, m) in marks {
                    t.wait_for(m);
                }
            }))
        }
        _ => {
            for (t, m) in marks {
                t.wait_for(m);
            }
        }
    }
}

/// Runs every queue to its end (program end, device switch or shutdown), and the
/// deferred frees.
pub fn drain() {
    wait_all();
    if let Some(r) = REAPER.get() {
        let mark = r.release();
        r.wait_done(mark);
    }
}

/// Unit tests that queue work or synchronise every queue run one at a time: a `drain` (a
/// device switch, the program's end) or `wait_all` in one test would release the work
/// another test holds.
#[cfg(test)]
pub(crate) static TEST_LOCK: Mutex<()> = Mutex::new(());

#[cfg(test)]
mod tests {
    use super::*;

    fn sim() -> Arc<dyn Device> {
        Arc::new(crate::sim::SimDevice::new(32))
    }

    /// Queues `v` onto the current queue of this thread: appends it to `log`.
    fn note(dev: &Arc<dyn Device>, log: &Arc<Mutex<Vec<i32>>>, v: i32) {
        let l = log.clone();
        run(&**dev, move |_| l.lock().unwrap().push(v));
    }

    #[test]
    fn jobs_are_held_until_the_host_synchronises_and_run_in_order() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let (dev, log) = (sim(), Arc::new(Mutex::new(Vec::new())));
        begin(dev.clone(), 1001);
        for v in 1..=3 {
            note(&dev, &log, v);
        }
        end();
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(log.lock().unwrap().is_empty(), "nothing starts before a synchronisation");
        assert!(!test(1001), "the first test after queuing is false");
        wait(1001);
        assert_eq!(*log.lock().unwrap(), vec![1, 2, 3]);
        assert!(test(1001) && test(1002), "done, and a queue never used is idle");
    }

    #[test]
    fn one_queue_waits_for_another_without_blocking_the_host() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let (dev, log) = (sim(), Arc::new(Mutex::new(Vec::new())));
        begin(dev.clone(), 1011);
        note(&dev, &log, 1);
        end();
        // queue 1012 waits for 1011: its job runs after 1011's, though only 1012 is waited for
        let s = stream(1012);
        let marks = vec![(stream(1011), stream(1011).lock().next)];
        s.push(Box::new(move || marks.into_iter().for_each(|(t, m)| t.wait_for(m))));
        begin(dev.clone(), 1012);
        note(&dev, &log, 2);
        end();
        wait(1012);
        assert_eq!(*log.lock().unwrap(), vec![1, 2]);
    }

    #[test]
    fn nested_brackets_keep_the_outer_queue() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let (dev, log) = (sim(), Arc::new(Mutex::new(Vec::new())));
        begin(dev.clone(), 1031);
        note(&dev, &log, 1);
        begin(dev.clone(), 1031);
        note(&dev, &log, 2);
        end();
        note(&dev, &log, 3);
        end();
        assert!(log.lock().unwrap().is_empty(), "all three queued");
        wait(1031);
        assert_eq!(*log.lock().unwrap(), vec![1, 2, 3]);
    }

    /// A sim-like device that logs its frees.
    struct FreeLog(Mutex<Vec<u64>>);

    impl Device for FreeLog {
        fn name(&self) -> &'static str {
            "sim"
        }
        fn free(&self, dev: u64) {
            self.0.lock().unwrap().push(dev);
        }
        fn launch(&self, _: &crate::device::KernelInfo, _: &[u64], _: crate::device::Dims) {}
    }

    #[test]
    fn synchronous_frees_wait_for_the_queued_work() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let logdev = Arc::new(FreeLog(Mutex::new(Vec::new())));
        let dev: Arc<dyn Device> = logdev.clone();
        let log = Arc::new(Mutex::new(Vec::new()));
        begin(dev.clone(), 1041);
        note(&dev, &log, 1);
        end();
        // a data construct's end while the job is held: not freed yet
        free(&*dev, 0x1000);
        std::thread::sleep(std::time::Duration::from_millis(20));
        assert!(logdev.0.lock().unwrap().is_empty(), "the free waits for queue 1041");
        wait(1041);
        drain();
        assert_eq!(*log.lock().unwrap(), vec![1]);
        assert_eq!(*logdev.0.lock().unwrap(), vec![0x1000]);
        // nothing queued: at once
        free(&*dev, 0x2000);
        assert_eq!(*logdev.0.lock().unwrap(), vec![0x1000, 0x2000]);
    }

    #[test]
    fn sync_and_host_device_run_at_once() {
        let _serial = crate::queue::TEST_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        let log = Arc::new(Mutex::new(Vec::new()));
        let host: Arc<dyn Device> = Arc::new(crate::host::HostDevice);
        begin(host.clone(), 1021);
        note(&host, &log, 1);
        end();
        let dev = sim();
        begin(dev.clone(), ASYNC_SYNC);
        note(&dev, &log, 2);
        end();
        note(&dev, &log, 3);
        assert_eq!(*log.lock().unwrap(), vec![1, 2, 3]);
    }
}
