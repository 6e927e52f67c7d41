//! Unformatted transfers (`read(u) x`, `write(u) x`) in gfortran's file layout, one
//! statement at a time: `begin` → items (raw bytes of each value) → `end`.
//!
//! Sequential files hold each record between two 4-byte little-endian length markers
//! (gfortran's default; a record over 2 GiB is split into subrecords whose leading
//! marker is negative when another subrecord follows, which reading accepts). Direct
//! access: record `rec` is `recl` bytes at `(rec - 1) * recl`, the rest of a short
//! record written as zeros. Stream access: the bytes alone, at the current position or
//! `pos=` (1-based). `inquire(iolength=)` runs a write statement on [`IOLENGTH`] that
//! only counts bytes. Errors are gfortran's texts and go through [`crate::io::fail`], so
//! `iostat=` catches them.

use crate::io::{fail, with_state, IoError};
use crate::units::Access;
use std::io::{Read, Seek, SeekFrom, Write};
use std::sync::Mutex;

/// The unit of `inquire(iolength=)`.
pub const IOLENGTH: i32 = i32::MIN + 1;

struct UfStmt {
    unit: i32,
    write: bool,
    /// The record written so far, or the record read.
    buf: Vec<u8>,
    /// Read position in `buf` (stream reads go to the file directly).
    at: usize,
    rec: Option<i64>,
}

static STMT: Mutex<Option<UfStmt>> = Mutex::new(None);
/// `rec=`/`pos=` of the next statement.
static PENDING: Mutex<(Option<i64>, Option<i64>)> = Mutex::new((None, None));

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn os(e: std::io::Error) -> IoError {
    IoError(crate::units::os_error_text(&e))
}

/// `rec=` of the next transfer statement.
pub fn set_rec(rec: i64) {
    lock(&PENDING).0 = Some(rec);
}

/// `pos=` of the next transfer statement.
pub fn set_pos(pos: i64) {
    lock(&PENDING).1 = Some(pos);
}

/// Takes the pending `rec=`/`pos=` (formatted statements ignore them but must not leave
/// them for the next statement).
pub fn take_pending() -> (Option<i64>, Option<i64>) {
    std::mem::take(&mut *lock(&PENDING))
}

/// Reads exactly `buf.len()` bytes; false at the end of the file before the first byte,
/// an error after it.
fn read_full(f: &mut std::fs::File, buf: &mut [u8]) -> Result<bool, IoError> {
    let mut got = 0;
    while got < buf.len() {
        match f.read(&mut buf[got..]) {
            Ok(0) if got == 0 => return Ok(false),
            Ok(0) => return Err(IoError("Unformatted file structure has been corrupted".into())),
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(os(e)),
        }
    }
    Ok(true)
}

fn begin_inner(unit: i32, write: bool) -> Result<UfStmt, IoError> {
    let (rec, pos) = take_pending();
    let mut s = UfStmt { unit, write, buf: Vec::new(), at: 0, rec: None };
    if unit == IOLENGTH {
        return Ok(s);
    }
    if crate::input::at_eof(unit) && !write {
        return Err(IoError("Sequential READ or WRITE not allowed after EOF marker, possibly use REWIND or BACKSPACE".into()));
    }
    with_state(|st| {
        st.flush_stdout();
        let u = st.unit(unit)?;
        if !u.unformatted {
            return Err(IoError("Unformatted data transfer on a FORMATTED unit".into()));
        }
        let (access, recl) = (u.access, u.recl);
        match (access, rec) {
            (Access::Direct, None) => return Err(IoError("Direct access data transfer requires record number".into())),
            (Access::Direct, Some(r)) if r < 1 => return Err(IoError("Record number must be positive".into())),
            (Access::Sequential | Access::Stream, Some(_)) => {
                return Err(IoError("Record number not allowed for sequential access data transfer".into()))
            }
            _ => {}
        }
        let f = u.raw_file(write).map_err(IoError)?;
        if let Some(p) = pos {
            if access != Access::Stream {
                return Err(IoError("POS=specifier not allowed, Try OPEN with ACCESS='stream'".into()));
            }
            if p < 1 {
                return Err(IoError("POS=specifier must be positive".into()));
            }
            f.seek(SeekFrom::Start(p as u64 - 1)).map_err(os)?;
        }
        if let Some(r) = rec {
            s.rec = Some(r);
            let at = (r as u64 - 1) * recl;
            if !write {
                let len = f.metadata().map_err(os)?.len();
                if at + recl > len {
                    return Err(IoError("Non-existing record number".into()));
                }
                f.seek(SeekFrom::Start(at)).map_err(os)?;
                s.buf = vec![0; recl as usize];
                read_full(f, &mut s.buf)?;
            }
            return Ok(());
        }
        if write || access == Access::Stream {
            return Ok(());
        }
        // a sequential record: its subrecords
        loop {
            let mut m = [0u8; 4];
            if !read_full(f, &mut m)? {
                if s.buf.is_empty() {
                    crate::input::set_eof(unit, true);
                    return Err(IoError("End of file".into()));
                }
                return Err(IoError("Unformatted file structure has been corrupted".into()));
            }
            let lead = i32::from_le_bytes(m);
            let n = lead.unsigned_abs() as usize;
            let start = s.buf.len();
            s.buf.resize(start + n, 0);
            if !read_full(f, &mut s.buf[start..])? && n > 0 {
                return Err(IoError("Unformatted file structure has been corrupted".into()));
            }
            if !read_full(f, &mut m)? {
                return Err(IoError("Unformatted file structure has been corrupted".into()));
            }
            if lead >= 0 {
                return Ok(());
            }
        }
    })?;
    Ok(s)
}

/// Starts an unformatted `write` (`write` true) or `read` on `unit`.
pub fn begin(unit: i32, write: bool) {
    match begin_inner(unit, write) {
        Ok(s) => *lock(&STMT) = Some(s),
        Err(e) => {
            *lock(&STMT) = None;
            fail(e)
        }
    }
}

fn item_inner(s: &mut UfStmt, p: *mut u8, n: usize) -> Result<(), IoError> {
    if s.write {
        if s.unit != IOLENGTH {
            // SAFETY: codegen passes an item valid for `n` bytes.
            s.buf.extend_from_slice(unsafe { std::slice::from_raw_parts(p, n) });
        } else {
            s.buf.resize(s.buf.len() + n, 0);
        }
        return Ok(());
    }
    // SAFETY: as above, writable.
    let dst = unsafe { std::slice::from_raw_parts_mut(p, n) };
    let stream = s.rec.is_none() && with_state(|st| st.unit(s.unit).map(|u| u.access == Access::Stream))?;
    if stream {
        return with_state(|st| {
            let f = st.unit(s.unit)?.raw_file(false).map_err(IoError)?;
            let mut got = 0;
            while got < n {
                match f.read(&mut dst[got..]) {
                    Ok(0) => {
                        crate::input::set_eof(s.unit, true);
                        return Err(IoError("End of file".into()));
                    }
                    Ok(k) => got += k,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(os(e)),
                }
            }
            Ok(())
        });
    }
    if s.at + n > s.buf.len() {
        return Err(IoError("I/O past end of record on unformatted file".into()));
    }
    dst.copy_from_slice(&s.buf[s.at..s.at + n]);
    s.at += n;
    Ok(())
}

/// Transfers the `n` bytes at `p` (written from, or read into).
pub fn item(p: *mut u8, n: usize) {
    let mut g = lock(&STMT);
    let Some(s) = g.as_mut() else { return };
    if let Err(e) = item_inner(s, p, n) {
        *g = None;
        drop(g);
        fail(e)
    }
}

fn end_inner(s: UfStmt) -> Result<(), IoError> {
    if !s.write || s.unit == IOLENGTH {
        return Ok(());
    }
    with_state(|st| {
        let u = st.unit(s.unit)?;
        let (access, recl) = (u.access, u.recl);
        let f = u.raw_file(true).map_err(IoError)?;
        match access {
            Access::Direct => {
                let r = s.rec.unwrap_or(1) as u64;
                if s.buf.len() as u64 > recl {
                    return Err(IoError("Write exceeds length of DIRECT access record".into()));
                }
                let mut b = s.buf;
                b.resize(recl as usize, 0);
                f.seek(SeekFrom::Start((r - 1) * recl)).map_err(os)?;
                f.write_all(&b).map_err(os)
            }
            Access::Stream => f.write_all(&s.buf).map_err(os),
            Access::Sequential => {
                // subrecords of at most 2 GiB - 9 bytes, as gfortran writes them
                const MAX: usize = i32::MAX as usize - 8;
                let mut out = Vec::with_capacity(s.buf.len() + 8);
                let chunks: Vec<&[u8]> = if s.buf.is_empty() { vec![&[]] } else { s.buf.chunks(MAX).collect() };
                let last = chunks.len() - 1;
                for (i, c) in chunks.iter().enumerate() {
                    let n = c.len() as i32;
                    let lead = if i < last { -n } else { n };
                    let trail = if i > 0 { -n } else { n };
                    out.extend_from_slice(&lead.to_le_bytes());
                    out.extend_from_slice(c);
                    out.extend_from_slice(&trail.to_le_bytes());
                }
                f.write_all(&out).map_err(os)?;
                // the record written is the last one
                let pos = f.stream_position().map_err(os)?;
                f.set_len(pos).map_err(os)
            }
        }
    })
}

/// Ends the statement: a write's record goes to the file.
pub fn end() {
    let s = lock(&STMT).take();
    if let Some(s) = s {
        if let Err(e) = end_inner(s) {
            fail(e)
        }
    }
}

/// Ends an `inquire(iolength=)` statement: the bytes its list would transfer.
pub fn iolength_end() -> i64 {
    match lock(&STMT).take() {
        Some(s) => s.buf.len() as i64,
        None => 0,
    }
}

/// `form=`, `access=` and `recl=` of the unit just opened.
pub fn set_mode(unit: i32, unformatted: bool, access: i32, recl: i64) {
    with_state(|st| {
        if let Some(u) = st.units.get_mut(&unit) {
            u.unformatted = unformatted;
            u.access = match access {
                1 => Access::Stream,
                2 => Access::Direct,
                _ => Access::Sequential,
            };
            u.recl = recl.max(0) as u64;
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequential_records_round_trip() {
        let d = std::env::temp_dir().join(format!("gpuf-rt-uf-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        let p = d.join("r.bin").to_string_lossy().into_owned();
        crate::io::open(77, &p, crate::units::Status::Replace, crate::units::Action::ReadWrite, false);
        set_mode(77, true, 0, 0);
        let mut v: [i32; 2] = [7, -3];
        begin(77, true);
        item(v.as_mut_ptr().cast(), 8);
        end();
        crate::io::reposition(77, 0);
        let mut w = [0i32; 2];
        begin(77, false);
        item(w.as_mut_ptr().cast(), 8);
        end();
        assert_eq!(w, v);
        crate::io::close(77, false);
        let bytes = std::fs::read(&p).unwrap();
        assert_eq!(bytes, [8, 0, 0, 0, 7, 0, 0, 0, 0xfd, 0xff, 0xff, 0xff, 8, 0, 0, 0]);
        let _ = std::fs::remove_file(&p);
    }
}
