//! Connected external units: `open`/`close` and sequential formatted
//! records on files, plus standard input.
//!
//! A [`Unit`] owns its file in one of three states: idle (just opened),
//! reading (a `BufReader`) or writing (a `BufWriter`). Like gfortran, a
//! sequential write makes its record the last one: switching from idle or
//! reading to writing truncates the file at the current position (so
//! `status='unknown'` followed by a write replaces the contents, and
//! `position='append'` keeps them). Reading after writing is at the end of
//! the file. Scratch files are unlinked as soon as they are created.
//!
//! Errors are gfortran's message texts (the `Fortran runtime error: `
//! prefix is added by the caller).

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};

/// `status=` of `open`, as codegen encodes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Unknown,
    Old,
    New,
    Replace,
    Scratch,
}

impl Status {
    pub fn from_code(c: i32) -> Status {
        match c {
            1 => Status::Old,
            2 => Status::New,
            3 => Status::Replace,
            4 => Status::Scratch,
            _ => Status::Unknown,
        }
    }
}

/// `action=` of `open`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    ReadWrite,
    Read,
    Write,
}

impl Action {
    pub fn from_code(c: i32) -> Action {
        match c {
            1 => Action::Read,
            2 => Action::Write,
            _ => Action::ReadWrite,
        }
    }
}

enum Stream {
    Idle(File),
    Reading(BufReader<File>),
    Writing(BufWriter<File>),
    Gone,
}

/// An external unit connected to a file.
pub struct Unit {
    /// The file name as given (trailing blanks removed); empty for scratch.
    pub name: String,
    action: Action,
    stream: Stream,
    /// `form='unformatted'` ([`crate::unformatted`]).
    pub unformatted: bool,
    /// `access=`: sequential, stream or direct with records of `recl` bytes.
    pub access: Access,
    pub recl: u64,
}

/// `access=` of `open`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Sequential,
    Stream,
    Direct,
}

extern "C" {
    fn strerror(errnum: i32) -> *const std::ffi::c_char;
}

/// The C library's text for an I/O error (what gfortran prints).
pub fn os_error_text(e: &std::io::Error) -> String {
    match e.raw_os_error() {
        // SAFETY: strerror returns a valid NUL-terminated static string.
        Some(code) => unsafe { std::ffi::CStr::from_ptr(strerror(code)) }.to_string_lossy().into_owned(),
        None => e.to_string(),
    }
}

fn scratch_file() -> std::io::Result<File> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::var_os("TMPDIR").map(std::path::PathBuf::from).unwrap_or_else(|| "/tmp".into());
    loop {
        let path = dir.join(format!("gpuf-scratch-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)));
        match OpenOptions::new().read(true).write(true).create_new(true).open(&path) {
            Ok(f) => {
                let _ = std::fs::remove_file(&path);
                return Ok(f);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Reads one record (without its newline; a trailing CR is dropped too);
/// None at end of file.
pub fn read_line(r: &mut impl BufRead) -> std::io::Result<Option<Vec<u8>>> {
    let mut v = Vec::new();
    if r.read_until(b'\n', &mut v)? == 0 {
        return Ok(None);
    }
    if v.last() == Some(&b'\n') {
        v.pop();
        if v.last() == Some(&b'\r') {
            v.pop();
        }
    }
    Ok(Some(v))
}

impl Unit {
    /// Opens `name` like gfortran's `open`; the error is the runtime
    /// error text (`Cannot open file 'x': No such file or directory`).
    pub fn open(name: &str, status: Status, action: Action, append: bool) -> Result<Unit, String> {
        let fail = |e: std::io::Error| format!("Cannot open file '{name}': {}", os_error_text(&e));
        let file = if status == Status::Scratch {
            scratch_file().map_err(fail)?
        } else {
            let mut o = OpenOptions::new();
            o.read(action != Action::Write).write(action != Action::Read);
            match status {
                Status::Old => {}
                Status::New => {
                    o.create_new(true);
                }
                Status::Replace => {
                    o.create(true).truncate(true);
                }
                _ => {
                    o.create(action != Action::Read);
                }
            }
            match o.open(name) {
                Ok(f) => f,
                // like gfortran, an unspecified action falls back to
                // read-only for files that cannot be written
                Err(e) if action == Action::ReadWrite && e.kind() == std::io::ErrorKind::PermissionDenied => {
                    OpenOptions::new().read(true).open(name).map_err(|_| fail(e))?
                }
                Err(e) => return Err(fail(e)),
            }
        };
        let mut file = file;
        if append {
            file.seek(SeekFrom::End(0)).map_err(fail)?;
        }
        Ok(Unit { name: name.to_string(), action, stream: Stream::Idle(file), unformatted: false, access: Access::Sequential, recl: 0 })
    }

    fn writer(&mut self) -> Result<&mut BufWriter<File>, String> {
        if self.action == Action::Read {
            return Err("Cannot write to file opened for READ".into());
        }
        if !matches!(self.stream, Stream::Writing(_)) {
            let mut f = match std::mem::replace(&mut self.stream, Stream::Gone) {
                Stream::Idle(f) => f,
                Stream::Reading(r) => {
                    let mut r = r;
                    let pos = r.stream_position().map_err(|e| os_error_text(&e))?;
                    let mut f = r.into_inner();
                    f.seek(SeekFrom::Start(pos)).map_err(|e| os_error_text(&e))?;
                    f
                }
                Stream::Writing(_) | Stream::Gone => unreachable!("unit stream state"),
            };
            // the record written becomes the last one
            if let Ok(pos) = f.stream_position() {
                let _ = f.set_len(pos);
            }
            self.stream = Stream::Writing(BufWriter::with_capacity(1 << 16, f));
        }
        match &mut self.stream {
            Stream::Writing(w) => Ok(w),
            _ => unreachable!(),
        }
    }

    /// Appends finished records (each ends with a newline).
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        let w = self.writer()?;
        w.write_all(bytes).map_err(|e| os_error_text(&e))
    }

    /// The next record; None at end of file.
    pub fn read_record(&mut self) -> Result<Option<Vec<u8>>, String> {
        if self.action == Action::Write {
            return Err("Cannot read from file opened for WRITE".into());
        }
        if !matches!(self.stream, Stream::Reading(_)) {
            let f = match std::mem::replace(&mut self.stream, Stream::Gone) {
                Stream::Idle(f) => f,
                Stream::Writing(w) => w.into_inner().map_err(|e| os_error_text(e.error()))?,
                Stream::Reading(_) | Stream::Gone => unreachable!("unit stream state"),
            };
            self.stream = Stream::Reading(BufReader::new(f));
        }
        match &mut self.stream {
            Stream::Reading(r) => read_line(r).map_err(|e| os_error_text(&e)),
            _ => unreachable!(),
        }
    }

    /// The file for an unformatted transfer: at the unit's current position, the unit
    /// left idle; `write` checks the action.
    pub fn raw_file(&mut self, write: bool) -> Result<&mut File, String> {
        if write && self.action == Action::Read {
            return Err("Cannot write to file opened for READ".into());
        }
        if !write && self.action == Action::Write {
            return Err("Cannot read from file opened for WRITE".into());
        }
        self.idle_file()
    }

    /// The size of the file in bytes (buffered output written first).
    pub fn size(&mut self) -> i64 {
        self.flush();
        match &self.stream {
            Stream::Idle(f) => f.metadata().map_or(-1, |m| m.len() as i64),
            Stream::Reading(r) => r.get_ref().metadata().map_or(-1, |m| m.len() as i64),
            Stream::Writing(w) => w.get_ref().metadata().map_or(-1, |m| m.len() as i64),
            Stream::Gone => -1,
        }
    }

    /// The file at the unit's current position, the unit left idle.
    fn idle_file(&mut self) -> Result<&mut File, String> {
        let f = match std::mem::replace(&mut self.stream, Stream::Gone) {
            Stream::Idle(f) => f,
            Stream::Reading(mut r) => {
                let pos = r.stream_position().map_err(|e| os_error_text(&e))?;
                let mut f = r.into_inner();
                f.seek(SeekFrom::Start(pos)).map_err(|e| os_error_text(&e))?;
                f
            }
            Stream::Writing(w) => w.into_inner().map_err(|e| os_error_text(e.error()))?,
            Stream::Gone => return Err("unit is not connected".into()),
        };
        self.stream = Stream::Idle(f);
        match &mut self.stream {
            Stream::Idle(f) => Ok(f),
            _ => unreachable!(),
        }
    }

    /// `rewind`: back to the first record.
    pub fn rewind(&mut self) -> Result<(), String> {
        let f = self.idle_file()?;
        f.seek(SeekFrom::Start(0)).map_err(|e| os_error_text(&e))?;
        Ok(())
    }

    /// `endfile`: the file ends at the current position.
    pub fn endfile(&mut self) -> Result<(), String> {
        let f = self.idle_file()?;
        let pos = f.stream_position().map_err(|e| os_error_text(&e))?;
        f.set_len(pos).map_err(|e| os_error_text(&e))
    }

    /// `backspace`: back to the start of the record before the current position.
    pub fn backspace(&mut self) -> Result<(), String> {
        use std::io::Read;
        let unformatted = self.unformatted && self.access == Access::Sequential;
        let f = self.idle_file()?;
        let pos = f.stream_position().map_err(|e| os_error_text(&e))?;
        if pos == 0 {
            return Ok(());
        }
        if unformatted {
            // the record's trailing length marker, then back over the whole record
            let mut m = [0u8; 4];
            f.seek(SeekFrom::Start(pos.saturating_sub(4))).map_err(|e| os_error_text(&e))?;
            f.read_exact(&mut m).map_err(|e| os_error_text(&e))?;
            let n = u64::from(i32::from_le_bytes(m).unsigned_abs());
            let start = pos.saturating_sub(n + 8);
            f.seek(SeekFrom::Start(start)).map_err(|e| os_error_text(&e))?;
            return Ok(());
        }
        let mut buf = vec![0u8; pos as usize];
        f.seek(SeekFrom::Start(0)).map_err(|e| os_error_text(&e))?;
        f.read_exact(&mut buf).map_err(|e| os_error_text(&e))?;
        // the newline ending the previous record, then the one before it
        let end = if buf.last() == Some(&b'\n') { buf.len() - 1 } else { buf.len() };
        let start = buf[..end].iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
        f.seek(SeekFrom::Start(start as u64)).map_err(|e| os_error_text(&e))?;
        Ok(())
    }

    pub fn flush(&mut self) {
        if let Stream::Writing(w) = &mut self.stream {
            let _ = w.flush();
        }
    }

    /// Closes the unit; `delete` removes the file (`status='delete'`).
    pub fn close(mut self, delete: bool) {
        self.flush();
        self.stream = Stream::Gone;
        if delete && !self.name.is_empty() {
            let _ = std::fs::remove_file(&self.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> String {
        let d = std::env::temp_dir().join(format!("gpuf-rt-units-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d.join(name).to_string_lossy().into_owned()
    }

    #[test]
    fn write_read_append_truncate() {
        let p = tmp("a.txt");
        let mut u = Unit::open(&p, Status::Replace, Action::Write, false).unwrap();
        u.write(b"line1\nline2\nline3\n").unwrap();
        assert_eq!(u.read_record().unwrap_err(), "Cannot read from file opened for WRITE");
        u.close(false);
        // status unknown + write: the file is cut after the record
        let mut u = Unit::open(&p, Status::Unknown, Action::ReadWrite, false).unwrap();
        assert_eq!(u.read_record().unwrap(), Some(b"line1".to_vec()));
        u.write(b"b\n").unwrap();
        assert_eq!(u.read_record().unwrap(), None);
        u.close(false);
        assert_eq!(std::fs::read(&p).unwrap(), b"line1\nb\n");
        let mut u = Unit::open(&p, Status::Unknown, Action::ReadWrite, true).unwrap();
        u.write(b" 77\n").unwrap();
        u.close(false);
        let mut u = Unit::open(&p, Status::Old, Action::Read, false).unwrap();
        assert_eq!(u.write(b"x\n").unwrap_err(), "Cannot write to file opened for READ");
        let recs: Vec<_> = std::iter::from_fn(|| u.read_record().unwrap()).collect();
        assert_eq!(recs, vec![b"line1".to_vec(), b"b".to_vec(), b" 77".to_vec()]);
        u.close(true);
        assert!(!std::path::Path::new(&p).exists());
    }

    #[test]
    fn open_errors_and_scratch() {
        let p = tmp("nope.txt");
        let e = Unit::open(&p, Status::Old, Action::ReadWrite, false).err().unwrap();
        assert_eq!(e, format!("Cannot open file '{p}': No such file or directory"));
        let e = Unit::open(&p, Status::Unknown, Action::Read, false).err().unwrap();
        assert_eq!(e, format!("Cannot open file '{p}': No such file or directory"));
        let q = tmp("new.txt");
        Unit::open(&q, Status::New, Action::Write, false).unwrap().close(false);
        let e = Unit::open(&q, Status::New, Action::Write, false).err().unwrap();
        assert_eq!(e, format!("Cannot open file '{q}': File exists"));
        let mut s = Unit::open("", Status::Scratch, Action::ReadWrite, false).unwrap();
        s.write(b"5\n").unwrap();
        s.close(false);
    }
}
