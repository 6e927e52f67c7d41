//! Intrinsic procedures with run-time state or OS access: `random_number`
//! and `random_seed`, `cpu_time`, `system_clock`, and the command line
//! (`get_command_argument`, `command_argument_count`).
//!
//! The generator is gfortran 12's: xoshiro256**, reals from the high bits
//! (real(4) from the top 24 bits of the high word, real(8) from the top 53
//! bits), the seed seen through `random_seed(get=/put=)` as 8 default
//! integers XOR-scrambled with libgfortran's keys, in libgfortran's order,
//! so `put` of a given seed reproduces gfortran's stream exactly. One
//! difference, on purpose: gfortran 12 seeds from the OS when a program
//! draws without calling `random_seed(put=)`; here the initial state is
//! fixed (libgfortran's built-in master state) so runs are reproducible.
//! `call random_seed()` draws a fresh OS seed, as gfortran does.

use std::sync::Mutex;

/// libgfortran's master state (the state before any seeding).
const DEFAULT_STATE: [u64; 4] = [0xad63fa1ed3b55f36, 0xd94473e78978b497, 0xbc60592a98172477, 0xa3de7c6e81265301];
/// libgfortran's keys for scrambling the user-visible seed.
const XOR_KEYS: [u64; 4] = [0xbd0c5b6e50c2df49, 0xd46061cd46e1df38, 0xbb4f4d4ed6103544, 0x114a583d0756ad39];
/// Default integers in a seed.
pub const SEED_SIZE: usize = 8;

/// xoshiro256**.
#[derive(Clone, Debug, PartialEq)]
pub struct Rng {
    pub s: [u64; 4],
}

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    pub fn next_f32(&mut self) -> f32 {
        let high = (self.next_u64() >> 32) as u32;
        (high & (!0u32 << 8)) as f32 * (1.0 / 4294967296.0)
    }

    pub fn next_f64(&mut self) -> f64 {
        (self.next_u64() & (!0u64 << 11)) as f64 * (1.0 / 18446744073709551616.0)
    }

    /// The seed as `random_seed(get=)` returns it.
    pub fn get_seed(&self) -> [i32; SEED_SIZE] {
        let mut out = [0i32; SEED_SIZE];
        for i in 0..4 {
            let v = self.s[i] ^ XOR_KEYS[i];
            // u32 word j of the seed goes to element SEED_SIZE-1-j
            out[SEED_SIZE - 1 - 2 * i] = v as u32 as i32;
            out[SEED_SIZE - 2 - 2 * i] = (v >> 32) as u32 as i32;
        }
        out
    }

    /// `random_seed(put=)` (the first `SEED_SIZE` elements).
    pub fn from_seed(p: &[i32]) -> Rng {
        let mut s = [0u64; 4];
        for (i, w) in s.iter_mut().enumerate() {
            let lo = p[SEED_SIZE - 1 - 2 * i] as u32 as u64;
            let hi = p[SEED_SIZE - 2 - 2 * i] as u32 as u64;
            *w = (lo | hi << 32) ^ XOR_KEYS[i];
        }
        Rng { s }
    }

    /// A state from OS entropy (time and pid if that fails), expanded with
    /// splitmix64 like libgfortran.
    pub fn from_os() -> Rng {
        use std::io::Read;
        let mut b = [0u8; 8];
        let mut x = match std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut b)) {
            Ok(()) => u64::from_le_bytes(b),
            Err(_) => {
                let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0);
                0x047f7684e9fc949d ^ t ^ std::process::id() as u64
            }
        };
        let mut s = [0u64; 4];
        for w in s.iter_mut() {
            x = splitmix64(x);
            *w = x;
        }
        Rng { s }
    }
}

fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e3779b97f4a7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
    z ^ (z >> 31)
}

static RNG: Mutex<Rng> = Mutex::new(Rng { s: DEFAULT_STATE });

pub fn with_rng<R>(f: impl FnOnce(&mut Rng) -> R) -> R {
    f(&mut RNG.lock().unwrap_or_else(|e| e.into_inner()))
}

/// `random_seed(put=p)`; gfortran's error if `p` is too short.
pub fn seed_put(p: &[i32]) {
    if p.len() < SEED_SIZE {
        crate::fatal::fortran_error("Array size of PUT is too small.");
    }
    with_rng(|r| *r = Rng::from_seed(p));
}

/// `random_seed(get=p)`; gfortran's error if `p` is too short.
pub fn seed_get(p: &mut [i32]) {
    if p.len() < SEED_SIZE {
        crate::fatal::fortran_error("Array size of GET is too small.");
    }
    let s = with_rng(|r| r.get_seed());
    p[..SEED_SIZE].copy_from_slice(&s);
}

// ------------------------------------------------------------------ erfc_scaled

extern "C" {
    fn erfc(x: f64) -> f64;
}

/// Where the asymptotic expansion takes over from `exp(x*x) * erfc(x)`.
const ERFC_SCALED_ASYMPTOTIC: f64 = 12.0;

/// `erfc_scaled(x) = exp(x**2) * erfc(x)`.
///
/// Below 12 the product is formed directly from the C library's `erfc` (accurate to its
/// last bits down to its underflow near 26.5) and `exp(x*x)`, with `x*x` split exactly
/// into `hi + lo` by a fused multiply-add so that the rounding of the square is not
/// magnified by the exponential: `exp(x*x) = exp(hi) * exp(lo)` with `exp(lo) = 1 + lo`
/// to working precision. Very negative arguments overflow to +Infinity, as gfortran's do.
/// From 12 on the asymptotic series (Abramowitz and Stegun 7.1.23)
/// `1/(x sqrt(pi)) * sum_k (-1)^k (2k-1)!! / (2x^2)^k`, summed while its terms shrink,
/// is accurate to rounding (the smallest term at x = 12 is below 1e-16).
pub fn erfc_scaled(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < ERFC_SCALED_ASYMPTOTIC {
        let hi = x * x;
        let lo = x.mul_add(x, -hi);
        // SAFETY: erfc is the C library's pure function of a double.
        let c = unsafe { erfc(x) };
        return hi.exp() * (1.0 + lo) * c;
    }
    if x.is_infinite() {
        return 0.0;
    }
    let inv = 1.0 / (2.0 * x * x);
    let mut term = 1.0f64;
    let mut sum = 1.0f64;
    for k in 1..40 {
        let next = -term * (2 * k - 1) as f64 * inv;
        if next.abs() >= term.abs() || next == 0.0 {
            break;
        }
        sum += next;
        term = next;
    }
    sum / (x * std::f64::consts::PI.sqrt())
}

// ------------------------------------------------------------------ clocks

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    fn getrusage(who: i32, usage: *mut [i64; 18]) -> i32;
}

const CLOCK_MONOTONIC: i32 = 1;

/// `cpu_time`: user plus system time of the process (getrusage, like
/// gfortran: microsecond resolution) as (seconds, microseconds).
fn cpu_time() -> (i64, i64) {
    let mut ru = [0i64; 18];
    // SAFETY: struct rusage is 144 bytes on 64-bit Linux; the two timevals
    // (ru_utime, ru_stime) come first.
    if unsafe { getrusage(0, &mut ru) } != 0 {
        return (-1, 0);
    }
    (ru[0] + ru[2], ru[1] + ru[3])
}

pub fn cpu_time_f32() -> f32 {
    let (s, us) = cpu_time();
    if s < 0 {
        return -1.0;
    }
    s as f32 + us as f32 * 1.0e-6
}

pub fn cpu_time_f64() -> f64 {
    let (s, us) = cpu_time();
    if s < 0 {
        return -1.0;
    }
    s as f64 + us as f64 * 1.0e-6
}

/// `system_clock` for an integer argument of `kind` bytes: `which` 0 =
/// count, 1 = count_rate, 2 = count_max. Like gfortran 12: the monotonic
/// clock in milliseconds for kind 4 (wrapping at huge), nanoseconds for
/// kind 8 (and 16); kinds 1 and 2 have no clock (-huge, 0, 0).
pub fn system_clock(kind: i32, which: i32) -> i64 {
    let (rate, max): (i64, i64) = match kind {
        4 => (1000, i32::MAX as i64),
        8 | 16 => (1_000_000_000, i64::MAX),
        1 => return if which == 0 { -(i8::MAX as i64) } else { 0 },
        _ => return if which == 0 { -(i16::MAX as i64) } else { 0 },
    };
    match which {
        1 => rate,
        2 => max,
        _ => {
            let mut ts = Timespec { sec: 0, nsec: 0 };
            // SAFETY: valid out pointer.
            if unsafe { clock_gettime(CLOCK_MONOTONIC, &mut ts) } != 0 {
                return -max;
            }
            let ticks = (ts.sec as u64).wrapping_mul(rate as u64).wrapping_add(ts.nsec as u64 * rate as u64 / 1_000_000_000);
            (ticks & max as u64) as i64
        }
    }
}

// ------------------------------------------------------------ command line

pub fn command_argument_count() -> i32 {
    std::env::args_os().len().saturating_sub(1) as i32
}

/// `get_command_argument(number, value, length, status)`: the argument's
/// bytes (None if out of range: status 42, value blank, length 0, as in
/// gfortran), copied blank-padded into `value`; status -1 if truncated.
pub fn get_command_argument(number: i32, value: Option<&mut [u8]>) -> (i32, i32) {
    use std::os::unix::ffi::OsStrExt;
    let arg = if number >= 0 { std::env::args_os().nth(number as usize) } else { None };
    let Some(arg) = arg else {
        if let Some(v) = value {
            v.fill(b' ');
        }
        return (0, 42);
    };
    blank_padded(arg.as_bytes(), value)
}

/// `get_command`: the program's arguments (its name first) joined by single blanks, as
/// gfortran's run time gives them: (length, status) with `value` filled (blank-padded).
pub fn get_command(value: Option<&mut [u8]>) -> (i32, i32) {
    use std::os::unix::ffi::OsStrExt;
    let mut line: Vec<u8> = Vec::new();
    for (i, a) in std::env::args_os().enumerate() {
        if i > 0 {
            line.push(b' ');
        }
        line.extend_from_slice(a.as_bytes());
    }
    blank_padded(&line, value)
}

/// Copies `a` blank-padded into `value`: (the full length, status -1 if truncated, else 0).
fn blank_padded(a: &[u8], value: Option<&mut [u8]>) -> (i32, i32) {
    let mut status = 0;
    if let Some(v) = value {
        let n = a.len().min(v.len());
        v[..n].copy_from_slice(&a[..n]);
        v[n..].fill(b' ');
        if a.len() > v.len() {
            status = -1;
        }
    }
    (a.len() as i32, status)
}

/// `get_environment_variable`: (length, status) with `value` filled (blank-padded).
pub fn get_environment_variable(name: &[u8], value: Option<&mut [u8]>) -> (i32, i32) {
    use std::os::unix::ffi::{OsStrExt, OsStringExt};
    let var = if name.is_empty() { None } else { std::env::var_os(std::ffi::OsStr::from_bytes(name)) };
    let Some(var) = var else {
        if let Some(v) = value {
            v.fill(b' ');
        }
        return (0, 1);
    };
    blank_padded(&var.into_vec(), value)
}

/// `date_and_time`: `CCYYMMDD`, `hhmmss.sss`, `+hhmm` and the eight values (year, month,
/// day, minutes from UTC, hour, minutes, seconds, milliseconds), in local time.
pub fn date_and_time() -> (String, String, String, [i32; 8]) {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = now.as_secs() as libc::time_t;
    let ms = now.subsec_millis() as i32;
    // SAFETY: localtime_r fills the zeroed `tm` from a valid time.
    let tm = unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        libc::localtime_r(&secs, &mut tm);
        tm
    };
    let off = (tm.tm_gmtoff / 60) as i32;
    let v = [tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, off, tm.tm_hour, tm.tm_min, tm.tm_sec, ms];
    let date = format!("{:04}{:02}{:02}", v[0], v[1], v[2]);
    let time = format!("{:02}{:02}{:02}.{:03}", v[4], v[5], v[6], v[7]);
    let zone = format!("{}{:02}{:02}", if off < 0 { '-' } else { '+' }, off.abs() / 60, off.abs() % 60);
    (date, time, zone, v)
}

/// `execute_command_line`: runs `cmd` with `/bin/sh -c`; the exit status when waited for,
/// or gfortran's message when the command cannot run.
pub fn execute_command_line(cmd: &str, wait: bool) -> Result<Option<i32>, String> {
    let mut c = std::process::Command::new("/bin/sh");
    c.arg("-c").arg(cmd);
    if !wait {
        return c.spawn().map(|_| None).map_err(|_| "Invalid command line".to_string());
    }
    let st = c.status().map_err(|_| "Invalid command line".to_string())?;
    Ok(Some(st.code().unwrap_or(-1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gfortran_stream_after_put() {
        // integer :: s(33) = [(i, i=1,33)]; double precision :: d(3)
        // call random_seed(put=s); call random_number(d); print *, d
        // call random_seed(get=s(1:8)); print *, s(1:8)
        let s: Vec<i32> = (1..=33).collect();
        let mut r = Rng::from_seed(&s);
        let d: Vec<f64> = (0..3).map(|_| r.next_f64()).collect();
        assert_eq!(d, vec![0.47107089936082125, 0.11734479025488309, 0.35754797210216693]);
        assert_eq!(r.get_seed(), [957948723, -227147975, -1341437354, -415669684, -1377879149, 2060778058, 557735840, 1455132063]);
        // put(get()) reproduces the stream, in real(4) too
        let mut a = Rng::from_seed(&r.get_seed());
        assert_eq!(a, r);
        let x: Vec<f32> = (0..3).map(|_| a.next_f32()).collect();
        assert!(x.iter().all(|v| (0.0..1.0).contains(v)));
        assert_eq!(x[0], (r.next_u64() >> 40) as f32 / 16777216.0);
    }

    #[test]
    fn default_is_reproducible_and_uniform() {
        let mut a = Rng { s: DEFAULT_STATE };
        let mut b = Rng { s: DEFAULT_STATE };
        let va: Vec<f64> = (0..10000).map(|_| a.next_f64()).collect();
        let vb: Vec<f64> = (0..10000).map(|_| b.next_f64()).collect();
        assert_eq!(va, vb);
        assert!(va.iter().all(|v| (0.0..1.0).contains(v)));
        let mean = va.iter().sum::<f64>() / va.len() as f64;
        assert!((mean - 0.5).abs() < 0.02, "{mean}");
        assert_ne!(Rng::from_os(), Rng::from_os());
    }

    #[test]
    fn clocks() {
        assert_eq!(system_clock(4, 1), 1000);
        assert_eq!(system_clock(4, 2), 2147483647);
        assert_eq!(system_clock(8, 1), 1000000000);
        assert_eq!(system_clock(8, 2), i64::MAX);
        assert_eq!((system_clock(2, 0), system_clock(2, 1), system_clock(2, 2)), (-32767, 0, 0));
        let (c1, c2) = (system_clock(8, 0), system_clock(8, 0));
        assert!(c1 > 0 && c2 >= c1);
        let t = cpu_time_f64();
        assert!(t >= 0.0);
    }
}
