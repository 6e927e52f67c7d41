//! The profiler: `GPUF_PROFILE=1` prints at exit, per compute construct, its launches, the
//! launch dimensions, the total kernel time and the bytes its data clauses moved each way
//! (as `NVCOMPILER_ACC_TIME` does for nvfortran); `GPUF_TRACE=FILE` writes every kernel and
//! transfer as a Chrome/Perfetto trace (`chrome://tracing`, ui.perfetto.dev) at exit.
//!
//! Kernels are keyed by their name (the unit, the construct and its line:
//! `main_parallel_loop_l4`), transfers by the construct their clause belongs to, as the
//! compiler names it for messages (`parallel loop at prog.f90:4`, `update at prog.f90:9`).
//! Off (neither variable set), each hook is one relaxed atomic load.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// 0: not decided yet, 1: off, 2: on.
static STATE: AtomicU8 = AtomicU8::new(0);
static PROFILE: OnceLock<Mutex<Profile>> = OnceLock::new();

#[derive(Default)]
struct KernelStat {
    launches: u64,
    /// Gangs, workers, vector lanes of the last launch (and whether they ever differed).
    dims: (i32, i32, i32),
    varied: bool,
    time: Duration,
    device: &'static str,
}

#[derive(Default)]
struct DataStat {
    to_device: u64,
    from_device: u64,
    transfers: u64,
    time: Duration,
}

struct Event {
    name: String,
    cat: &'static str,
    start: Duration,
    dur: Duration,
    bytes: u64,
}

struct Profile {
    origin: Instant,
    summary: bool,
    trace: Option<String>,
    kernels: BTreeMap<String, KernelStat>,
    data: BTreeMap<String, DataStat>,
    events: Vec<Event>,
    /// The construct whose data clause is being carried out (see [`Site`]).
    site: Option<String>,
}

fn lock() -> Option<MutexGuard<'static, Profile>> {
    PROFILE.get().map(|m| m.lock().unwrap_or_else(|e| e.into_inner()))
}

/// True when profiling or tracing (decided on the first call, from the environment).
pub fn enabled() -> bool {
    match STATE.load(Ordering::Relaxed) {
        1 => false,
        2 => true,
        _ => init(),
    }
}

#[cold]
fn init() -> bool {
    let summary = std::env::var("GPUF_PROFILE").is_ok_and(|v| !matches!(v.trim(), "" | "0"));
    let trace = std::env::var("GPUF_TRACE").ok().filter(|v| !v.trim().is_empty());
    let on = summary || trace.is_some();
    if on {
        let p = Profile {
            origin: Instant::now(),
            summary,
            trace,
            kernels: BTreeMap::new(),
            data: BTreeMap::new(),
            events: Vec::new(),
            site: None,
        };
        if PROFILE.set(Mutex::new(p)).is_ok() {
            // SAFETY: registering a plain `extern "C"` callback.
            unsafe { atexit(report_at_exit) };
        }
    }
    STATE.store(if on { 2 } else { 1 }, Ordering::Relaxed);
    on
}

extern "C" {
    fn atexit(cb: extern "C" fn()) -> i32;
}

/// The construct of a data clause, from the compiler's description of the clause item
/// (`copyout(a) on parallel loop at f.f90:4: a` → `parallel loop at f.f90:4`).
fn site_of(at: &str) -> String {
    let head = at.rsplit_once(": ").map_or(at, |(h, _)| h);
    let head = head.split_once(" on ").map_or(head, |(_, c)| c);
    head.to_string()
}

/// Marks the data clause being carried out until dropped: transfers made meanwhile are
/// counted for its construct.
pub struct Site(Option<Instant>);

impl Site {
    pub fn enter(at: Option<&str>) -> Site {
        if !enabled() {
            return Site(None);
        }
        if let Some(mut p) = lock() {
            p.site = Some(at.map_or_else(|| "data clauses (no location)".to_string(), site_of));
        }
        Site(Some(Instant::now()))
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        if self.0.is_some() {
            if let Some(mut p) = lock() {
                p.site = None;
            }
        }
    }
}

/// The construct whose data clause is being carried out (`None` when not profiling), for a
/// transfer that an async queue makes later ([`timed_copy_at`]).
pub fn site() -> Option<String> {
    if !enabled() {
        return None;
    }
    lock().and_then(|p| p.site.clone())
}

/// One copy between host and device of `bytes` bytes that took `dur` (ending now).
pub fn transfer(bytes: usize, to_device: bool, dur: Duration) {
    transfer_at(None, bytes, to_device, dur)
}

/// [`transfer`] for the construct `site` (`None`: the one being carried out).
fn transfer_at(site: Option<String>, bytes: usize, to_device: bool, dur: Duration) {
    if !enabled() {
        return;
    }
    let Some(mut p) = lock() else { return };
    let site = site.or_else(|| p.site.clone()).unwrap_or_else(|| "kernel arguments".to_string());
    let start = p.origin.elapsed().saturating_sub(dur);
    let d = p.data.entry(site.clone()).or_default();
    if to_device {
        d.to_device += bytes as u64;
    } else {
        d.from_device += bytes as u64;
    }
    d.transfers += 1;
    d.time += dur;
    if p.trace.is_some() {
        let cat = if to_device { "to device" } else { "from device" };
        p.events.push(Event { name: format!("{cat}: {site}"), cat, start, dur, bytes: bytes as u64 });
    }
}

/// Times a copy when profiling.
pub fn timed_copy(bytes: usize, to_device: bool, f: impl FnOnce()) {
    if !enabled() {
        return f();
    }
    let t = Instant::now();
    f();
    transfer(bytes, to_device, t.elapsed());
}

/// Times a copy for the construct `site` when profiling (a copy an async queue makes).
pub fn timed_copy_at(site: Option<String>, bytes: usize, to_device: bool, f: impl FnOnce()) {
    if !enabled() {
        return f();
    }
    let t = Instant::now();
    f();
    transfer_at(site, bytes, to_device, t.elapsed());
}

/// One kernel launch that took `dur` (ending now).
pub fn kernel(name: &str, device: &'static str, dims: (i32, i32, i32), dur: Duration) {
    if !enabled() {
        return;
    }
    let Some(mut p) = lock() else { return };
    let start = p.origin.elapsed().saturating_sub(dur);
    let k = p.kernels.entry(name.to_string()).or_default();
    if k.launches > 0 && k.dims != dims {
        k.varied = true;
    }
    k.launches += 1;
    k.dims = dims;
    k.time += dur;
    k.device = device;
    if p.trace.is_some() {
        p.events.push(Event { name: name.to_string(), cat: "kernel", start, dur, bytes: 0 });
    }
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// The summary `GPUF_PROFILE=1` prints.
fn summary(p: &Profile) -> String {
    let mut s = String::from("gpuf profile: compute constructs\n");
    let mut total = Duration::ZERO;
    for (name, k) in &p.kernels {
        total += k.time;
        let n = |x: i32| if x > 0 { x.to_string() } else { "default".to_string() };
        let (g, w, v) = (n(k.dims.0), n(k.dims.1), n(k.dims.2));
        let last = if k.varied { "last " } else { "" };
        let dims = format!("{last}{g} gangs x {w} workers x {v} lanes");
        let avg = k.time / (k.launches.max(1) as u32);
        let _ = writeln!(
            s,
            "  {name} on {}: {} launch{}, {dims}, {} (average {})",
            k.device,
            k.launches,
            if k.launches == 1 { "" } else { "es" },
            ms(k.time),
            ms(avg)
        );
    }
    let (mut to, mut from) = (0, 0);
    if !p.data.is_empty() {
        s.push_str("gpuf profile: data movement\n");
    }
    for (site, d) in &p.data {
        to += d.to_device;
        from += d.from_device;
        let _ = writeln!(
            s,
            "  {site}: to device {} bytes, from device {} bytes, {} transfer{}, {}",
            d.to_device,
            d.from_device,
            d.transfers,
            if d.transfers == 1 { "" } else { "s" },
            ms(d.time)
        );
    }
    let _ = writeln!(s, "gpuf profile: total kernel time {}, to device {to} bytes, from device {from} bytes", ms(total));
    s
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// The Chrome trace (JSON array format: complete events, microseconds).
fn trace_json(p: &Profile) -> String {
    let mut s = String::from("[\n");
    for (i, e) in p.events.iter().enumerate() {
        let tid = if e.cat == "kernel" { 1 } else { 2 };
        let _ = write!(
            s,
            "{{\"name\":{},\"cat\":{},\"ph\":\"X\",\"ts\":{:.3},\"dur\":{:.3},\"pid\":1,\"tid\":{tid},\"args\":{{\"bytes\":{}}}}}",
            json_str(&e.name),
            json_str(e.cat),
            e.start.as_secs_f64() * 1e6,
            e.dur.as_secs_f64() * 1e6,
            e.bytes
        );
        s.push_str(if i + 1 < p.events.len() { ",\n" } else { "\n" });
    }
    s.push_str("]\n");
    s
}

extern "C" fn report_at_exit() {
    let Some(p) = lock() else { return };
    // After the program's own output.
    crate::io::flush_all_nonblocking();
    if p.summary {
        eprint!("{}", summary(&p));
    }
    if let Some(path) = &p.trace {
        if let Err(e) = std::fs::write(path, trace_json(&p)) {
            eprintln!("gpuf: cannot write the trace to {path}: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_name_the_construct() {
        assert_eq!(site_of("copyout(a) on parallel loop at f.f90:4: a"), "parallel loop at f.f90:4");
        assert_eq!(site_of("update self(b) at prog.f90:13: b"), "update self(b) at prog.f90:13");
        assert_eq!(json_str("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }
}
