//! `-ftime-report` (`gpuf compile --time-report`): the wall time of each phase of the job
//! (preprocessing, front end, passes, each code generator's steps, the device links, the
//! system link), printed on standard error when the job ends. Phases run on several threads
//! overlap; each line shows when it started, so the overlap can be read off.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

static ON: AtomicBool = AtomicBool::new(false);
static START: Mutex<Option<Instant>> = Mutex::new(None);
static PHASES: Mutex<Vec<(String, Instant, Duration)>> = Mutex::new(Vec::new());

/// Starts timing the job (and code generation's steps).
pub fn enable() {
    ON.store(true, Ordering::Relaxed);
    if let Ok(mut s) = START.lock() {
        *s = Some(Instant::now());
    }
    gpuf_codegen::set_timing(true);
}

/// Runs `f`, recording its wall time as `what` when timing is on.
pub fn timed<T>(what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> T {
    if !ON.load(Ordering::Relaxed) {
        return f();
    }
    let start = Instant::now();
    let r = f();
    let d = start.elapsed();
    if let Ok(mut p) = PHASES.lock() {
        p.push((what(), start, d));
    }
    r
}

/// The report: one line per phase in the order they started (code generation's steps
/// indented under the driver's phase that ran them), then the total; None when nothing was
/// timed (the job failed before its first phase).
pub fn report() -> Option<String> {
    if !ON.load(Ordering::Relaxed) {
        return None;
    }
    let start = START.lock().ok().and_then(|s| *s)?;
    let total = start.elapsed();
    let mut rows: Vec<(String, Instant, Duration, bool)> = Vec::new();
    if let Ok(p) = PHASES.lock() {
        rows.extend(p.iter().map(|(w, s, d)| (w.clone(), *s, *d, false)));
    }
    rows.extend(gpuf_codegen::take_times().into_iter().map(|(w, s, d)| (w, s, d, true)));
    if rows.is_empty() {
        return None;
    }
    // By start; a driver phase before the code generator's steps that start with it.
    rows.sort_by_key(|(_, s, _, cg)| (*s, *cg));
    let secs = |d: Duration| d.as_secs_f64();
    let mut out = String::from("time report (wall clock, seconds; phases on different threads overlap):\n");
    out.push_str(&format!("  {:<48} {:>8} {:>8}\n", "phase", "start", "wall"));
    for (what, s, d, cg) in rows {
        let name = if cg { format!("  {what}") } else { what };
        out.push_str(&format!("  {name:<48} {:>8.3} {:>8.3}\n", secs(s.saturating_duration_since(start)), secs(d)));
    }
    out.push_str(&format!("  {:<48} {:>8} {:>8.3}\n", "total", "", secs(total)));
    Some(out)
}
