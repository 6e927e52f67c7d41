//! The C ABI called by gpuf-compiled programs. This list is a contract
//! with codegen: names and signatures must not change. Each function is a
//! thin wrapper around the module that implements it.

use crate::acc::{with_state, DataOp};
use crate::device::{Dims, GpufImages, Images, KernelInfo};
use crate::input::Target;
use crate::intrinsics;
use crate::io::{self, Item};
use crate::units::{Action, Status};

fn slice<'a>(p: *const u8, len: i64) -> &'a [u8] {
    if p.is_null() || len <= 0 {
        &[]
    } else {
        // SAFETY: codegen passes valid (pointer, length) pairs.
        unsafe { std::slice::from_raw_parts(p, len as usize) }
    }
}

/// `n` elements at `p` (empty if `p` is null or `n` is 0).
///
/// # Safety
/// A non-null `p` must be valid for `n` elements.
unsafe fn raw_slice<'a, T>(p: *const T, n: usize) -> &'a [T] {
    if p.is_null() || n == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(p, n)
    }
}

extern "C" {
    fn atexit(cb: extern "C" fn()) -> i32;
}

extern "C" fn flush_at_exit() {
    io::flush_all_nonblocking();
}

/// Output is flushed when the process exits even when `main` is not gpuf's (a program
/// built by gfortran calling gpuf's procedures never runs `gpuf_init`): the first output
/// statement registers the flush.
fn flush_at_exit_once() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| unsafe {
        atexit(flush_at_exit);
    });
}

// ---------------------------------------------------------------- program

/// First call in `main`: records the embedded GPU images.
///
/// # Safety
/// `images` is null or points to a valid `GpufImages` whose buffers live
/// for the whole run.
#[no_mangle]
pub unsafe extern "C" fn gpuf_init(images: *const GpufImages) {
    if !images.is_null() {
        // Programs linked by gpuf register their images from a constructor
        // (`gpuf_register_images`); `main` passes empty ones, which must not
        // replace them.
        let i = Images::from_c(&*images);
        if i.ptx.is_some() || i.hsaco.is_some() {
            crate::acc::set_images(i);
        }
    }
    flush_at_exit_once();
    crate::signals::install();
}

/// Called before `main` by the images object the final link adds: the program's
/// device images, one per GPU target, linked from the device code of all its objects.
///
/// # Safety
/// As for [`gpuf_init`].
#[no_mangle]
pub unsafe extern "C" fn gpuf_register_images(images: *const GpufImages) {
    if !images.is_null() {
        crate::acc::set_images(Images::from_c(&*images));
    }
}

/// End of `main`: flush output, release devices.
#[no_mangle]
pub extern "C" fn gpuf_finish() {
    io::flush_all();
    crate::acc::finish();
    io::flush_all();
}

/// Fortran `stop [code]`, like gfortran: `STOP <code>` on stderr and exit
/// with that code; without a code exit 0 silently.
#[no_mangle]
pub extern "C" fn gpuf_stop(code: i32, has_code: i32) {
    io::flush_all();
    if has_code != 0 {
        crate::fatal::die(code, &format!("STOP {code}"));
    }
    crate::fatal::exit_now(0)
}

/// Fortran `error stop [code]`, like gfortran 12 (without its backtrace):
/// `ERROR STOP <code>` on stderr and exit with that code, or `ERROR STOP `
/// (with a trailing blank) and exit status 1.
#[no_mangle]
pub extern "C" fn gpuf_error_stop(code: i32, has_code: i32) {
    io::flush_all();
    if has_code != 0 {
        crate::fatal::die(code, &format!("ERROR STOP {code}"));
    }
    crate::fatal::die(1, "ERROR STOP ")
}

/// GNU `call exit(status)`: flush all units, exit with `status`.
#[no_mangle]
pub extern "C" fn gpuf_exit(status: i32) {
    io::flush_all();
    crate::fatal::exit_now(status)
}

// --------------------------------------------------------------------- I/O

/// Starts an output statement on `unit`; `fmt` null = list-directed.
///
/// # Safety
/// `fmt` is null or valid for `fmt_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_io_begin(unit: i32, fmt: *const u8, fmt_len: i64) {
    flush_at_exit_once();
    if fmt.is_null() {
        io::begin(unit, None)
    } else {
        io::begin(unit, Some(slice(fmt, fmt_len)))
    }
}

#[no_mangle]
pub extern "C" fn gpuf_io_i32(v: i32) {
    io::item(Item::Int(i128::from(v), 32))
}

/// A complex(4) item: `(re,im)` in list-directed output, two reals in formatted output.
#[no_mangle]
pub extern "C" fn gpuf_io_c32(re: f32, im: f32) {
    io::item(Item::Complex(f64::from(re).into(), f64::from(im).into(), true))
}

/// A complex(8) item.
#[no_mangle]
pub extern "C" fn gpuf_io_c64(re: f64, im: f64) {
    io::item(Item::Complex(re.into(), im.into(), false))
}

/// An `integer(1)` item (passed as its `i32` value).
#[no_mangle]
pub extern "C" fn gpuf_io_i8(v: i32) {
    io::item(Item::Int(i128::from(v as i8), 8))
}

/// An `integer(2)` item (passed as its `i32` value).
#[no_mangle]
pub extern "C" fn gpuf_io_i16(v: i32) {
    io::item(Item::Int(i128::from(v as i16), 16))
}

#[no_mangle]
pub extern "C" fn gpuf_io_i64(v: i64) {
    io::item(Item::Int(i128::from(v), 64))
}

/// A `real(16)` item, passed by address (its binary128 bits).
///
/// # Safety
/// `p` is valid for reads of 16 bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_io_f128(p: *const u128) {
    io::item(Item::Real(crate::format::Fl::Q(p.read_unaligned()), false))
}

/// A `complex(16)` item, passed by address (two binary128 values).
///
/// # Safety
/// `p` is valid for reads of 32 bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_io_c128(p: *const u128) {
    let (re, im) = (p.read_unaligned(), p.add(1).read_unaligned());
    io::item(Item::Complex(crate::format::Fl::Q(re), crate::format::Fl::Q(im), false))
}

/// # Safety
/// `p` is valid for writes of 16 bytes (aligned to 16).
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_f128(p: *mut u128) {
    crate::input::item(Target::F128(&mut *p))
}

/// List-directed or formatted input of a complex(16) value into `p[0..2]`.
///
/// # Safety
/// `p` is valid for writes of 32 bytes (aligned to 16).
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_c128(p: *mut u128) {
    crate::input::item(Target::C128(&mut *(p as *mut [u128; 2])))
}

/// An `integer(16)` item.
#[no_mangle]
pub extern "C" fn gpuf_io_i128(v: i128) {
    io::item(Item::Int(v, 128))
}

#[no_mangle]
pub extern "C" fn gpuf_io_f32(v: f32) {
    io::item(Item::Real((v as f64).into(), true))
}

#[no_mangle]
pub extern "C" fn gpuf_io_f64(v: f64) {
    io::item(Item::Real(v.into(), false))
}

#[no_mangle]
pub extern "C" fn gpuf_io_logical(v: i32) {
    io::item(Item::Logical(v != 0))
}

/// # Safety
/// `p` is null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_io_str(p: *const u8, len: i64) {
    io::item(Item::Str(slice(p, len)))
}

#[no_mangle]
pub extern "C" fn gpuf_io_end() {
    io::end()
}

/// Starts an internal write into the character variable `buf(1:len)`;
/// the following `gpuf_io_*` items and `gpuf_io_end` fill it (blank-padded).
///
/// # Safety
/// `buf` is valid for `len` bytes until `gpuf_io_end`; `fmt` as for
/// `gpuf_io_begin`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_io_begin_internal(buf: *mut u8, len: i64, fmt: *const u8, fmt_len: i64) {
    let f = if fmt.is_null() { None } else { Some(slice(fmt, fmt_len)) };
    io::begin_internal(buf, len.max(0) as usize, f)
}

// ------------------------------------------------------------------- input

/// Starts a read statement on `unit` (5 or -1: standard input);
/// `fmt` null = list-directed.
///
/// # Safety
/// `fmt` is null or valid for `fmt_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_begin(unit: i32, fmt: *const u8, fmt_len: i64) {
    let f = if fmt.is_null() { None } else { Some(slice(fmt, fmt_len)) };
    crate::input::begin(unit, f)
}

/// # Safety
/// `p` is a valid pointer.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_i32(p: *mut i32) {
    crate::input::item(Target::I32(&mut *p))
}

/// # Safety
/// `p` is a valid pointer.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_i64(p: *mut i64) {
    crate::input::item(Target::I64(&mut *p))
}

/// # Safety
/// `p` is valid for writes of an `i128`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_i128(p: *mut i128) {
    crate::input::item(Target::I128(&mut *p))
}

/// # Safety
/// `p` is a valid pointer.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_f32(p: *mut f32) {
    crate::input::item(Target::F32(&mut *p))
}

/// # Safety
/// `p` is a valid pointer.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_f64(p: *mut f64) {
    crate::input::item(Target::F64(&mut *p))
}

/// A default logical (stored as 1 or 0).
///
/// # Safety
/// `p` is a valid pointer.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_logical(p: *mut i32) {
    crate::input::item(Target::Logical(&mut *p))
}

/// # Safety
/// `p` is null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_str(p: *mut u8, len: i64) {
    let s: &mut [u8] = if p.is_null() || len <= 0 { &mut [] } else { std::slice::from_raw_parts_mut(p, len as usize) };
    crate::input::item(Target::Str(s))
}

#[no_mangle]
pub extern "C" fn gpuf_read_end() {
    crate::input::end()
}

// ------------------------------------------------------------------- units

/// `open(unit, file=, status=, action=, position=)`: status 0 unknown,
/// 1 old, 2 new, 3 replace, 4 scratch; action 0 readwrite, 1 read, 2 write;
/// position 0 asis/rewind, 1 append. Trailing blanks of the name are
/// ignored; a null or blank name without scratch is `fort.N`.
///
/// # Safety
/// `file` is null or valid for `file_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_open(unit: i32, file: *const u8, file_len: i64, status: i32, action: i32, position: i32) {
    flush_at_exit_once();
    let raw = slice(file, file_len);
    let end = raw.iter().rposition(|&c| c != b' ').map_or(0, |i| i + 1);
    let mut name = String::from_utf8_lossy(&raw[..end]).into_owned();
    let status = Status::from_code(status);
    if name.is_empty() && status != Status::Scratch {
        name = format!("fort.{unit}");
    }
    io::open(unit, &name, status, Action::from_code(action), position == 1)
}

/// `close(unit [, status='delete'])`.
#[no_mangle]
pub extern "C" fn gpuf_close(unit: i32, delete: i32) {
    io::close(unit, delete != 0)
}

// -------------------------------------------------------------- intrinsics

/// `random_number` on `n` real(4) values.
///
/// # Safety
/// `p` is valid for `n` elements.
#[no_mangle]
pub unsafe extern "C" fn gpuf_random_f32(p: *mut f32, n: i64) {
    if p.is_null() || n <= 0 {
        return;
    }
    let v = std::slice::from_raw_parts_mut(p, n as usize);
    intrinsics::with_rng(|r| v.iter_mut().for_each(|x| *x = r.next_f32()))
}

/// `random_number` on `n` real(8) values.
///
/// # Safety
/// `p` is valid for `n` elements.
#[no_mangle]
pub unsafe extern "C" fn gpuf_random_f64(p: *mut f64, n: i64) {
    if p.is_null() || n <= 0 {
        return;
    }
    let v = std::slice::from_raw_parts_mut(p, n as usize);
    intrinsics::with_rng(|r| v.iter_mut().for_each(|x| *x = r.next_f64()))
}

/// `random_seed(size=)`: 8, as in gfortran 12.
#[no_mangle]
pub extern "C" fn gpuf_random_seed_size() -> i32 {
    intrinsics::SEED_SIZE as i32
}

/// `random_seed(put=p(1:n))`; the first 8 elements are used.
///
/// # Safety
/// `p` is valid for `n` elements.
#[no_mangle]
pub unsafe extern "C" fn gpuf_random_seed_put(p: *const i32, n: i64) {
    intrinsics::seed_put(raw_slice(p, n.max(0) as usize))
}

/// `random_seed(get=p(1:n))`; fills the first 8 elements.
///
/// # Safety
/// `p` is valid for `n` elements.
#[no_mangle]
pub unsafe extern "C" fn gpuf_random_seed_get(p: *mut i32, n: i64) {
    let v: &mut [i32] = if p.is_null() || n <= 0 { &mut [] } else { std::slice::from_raw_parts_mut(p, n as usize) };
    intrinsics::seed_get(v)
}

/// `call random_seed()`: a fresh seed from the OS, as gfortran 12 does.
#[no_mangle]
pub extern "C" fn gpuf_random_seed_default() {
    let r = intrinsics::Rng::from_os();
    intrinsics::with_rng(|s| *s = r)
}

/// `erfc_scaled(x)` of real(8) (and of real(4), converted).
#[no_mangle]
pub extern "C" fn gpuf_erfc_scaled(x: f64) -> f64 {
    intrinsics::erfc_scaled(x)
}

#[no_mangle]
pub extern "C" fn gpuf_cpu_time_f32() -> f32 {
    intrinsics::cpu_time_f32()
}

#[no_mangle]
pub extern "C" fn gpuf_cpu_time_f64() -> f64 {
    intrinsics::cpu_time_f64()
}

/// `system_clock` for an integer of `kind` bytes: `which` 0 count,
/// 1 count_rate, 2 count_max.
#[no_mangle]
pub extern "C" fn gpuf_system_clock(kind: i32, which: i32) -> i64 {
    intrinsics::system_clock(kind, which)
}

/// `get_command_argument(number [, value] [, length] [, status])`; absent
/// arguments are null pointers.
///
/// # Safety
/// Non-null pointers are valid (`value` for `value_len` bytes).
#[no_mangle]
pub unsafe extern "C" fn gpuf_get_command_argument(number: i32, value: *mut u8, value_len: i64, length: *mut i32, status: *mut i32) {
    let v: Option<&mut [u8]> = if value.is_null() {
        None
    } else if value_len <= 0 {
        Some(&mut [])
    } else {
        Some(std::slice::from_raw_parts_mut(value, value_len as usize))
    };
    let (len, st) = intrinsics::get_command_argument(number, v);
    if !length.is_null() {
        *length = len;
    }
    if !status.is_null() {
        *status = st;
    }
}

/// `get_command(command, length, status)`: null pointers for absent arguments.
///
/// # Safety
/// `value` is null or `value_len` writable bytes; `length` and `status` null or valid.
#[no_mangle]
pub unsafe extern "C" fn gpuf_get_command(value: *mut u8, value_len: i64, length: *mut i32, status: *mut i32) {
    let v: Option<&mut [u8]> = if value.is_null() {
        None
    } else if value_len <= 0 {
        Some(&mut [])
    } else {
        Some(std::slice::from_raw_parts_mut(value, value_len as usize))
    };
    let (len, st) = intrinsics::get_command(v);
    if !length.is_null() {
        *length = len;
    }
    if !status.is_null() {
        *status = st;
    }
}

#[no_mangle]
pub extern "C" fn gpuf_command_argument_count() -> i32 {
    intrinsics::command_argument_count()
}

// ---------------------------------------------------------------- strings

fn slice_mut<'a>(p: *mut u8, len: i64) -> &'a mut [u8] {
    if p.is_null() || len <= 0 {
        &mut []
    } else {
        // SAFETY: codegen passes valid (pointer, length) pairs.
        unsafe { std::slice::from_raw_parts_mut(p, len as usize) }
    }
}

/// `dst(1:dlen) = src(1:slen)`: truncates or pads with blanks; the two may overlap.
///
/// # Safety
/// Both are null or valid for their lengths.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_copy(dst: *mut u8, dlen: i64, src: *const u8, slen: i64) {
    let tmp = slice(src, slen).to_vec();
    crate::strings::copy(slice_mut(dst, dlen), &tmp)
}

/// Compares two strings as if padded with blanks: -1, 0 or 1.
///
/// # Safety
/// Both are null or valid for their lengths.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_cmp(a: *const u8, la: i64, b: *const u8, lb: i64) -> i32 {
    crate::strings::compare(slice(a, la), slice(b, lb)) as i32
}

/// `len_trim`.
///
/// # Safety
/// `p` is null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_len_trim(p: *const u8, len: i64) -> i64 {
    crate::strings::len_trim(slice(p, len)) as i64
}

/// `index(s, sub, back)`.
///
/// # Safety
/// Both are null or valid for their lengths.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_index(s: *const u8, ls: i64, sub: *const u8, lsub: i64, back: i32) -> i64 {
    crate::strings::index(slice(s, ls), slice(sub, lsub), back != 0) as i64
}

/// `scan(s, set, back)`, or `verify(s, set, back)` when `verify` is nonzero.
///
/// # Safety
/// Each pointer is null or valid for its length.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_scan(s: *const u8, ls: i64, set: *const u8, lset: i64, back: i32, verify: i32) -> i64 {
    crate::strings::scan(slice(s, ls), slice(set, lset), back != 0, verify != 0) as i64
}

/// `adjustl` (`left` nonzero) or `adjustr` of `src` into `dst`, both of length `len`.
///
/// # Safety
/// Both are null or valid for `len` bytes and do not overlap.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_adjust(dst: *mut u8, src: *const u8, len: i64, left: i32) {
    let tmp = slice(src, len).to_vec();
    crate::strings::adjust(slice_mut(dst, len), &tmp, left != 0)
}

/// `repeat(src, n)` into `dst` (valid for `len * n` bytes).
///
/// # Safety
/// `src` is null or valid for `len` bytes, `dst` for `len * n` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_repeat(dst: *mut u8, src: *const u8, len: i64, n: i64) {
    let src = slice(src, len).to_vec();
    let dst = slice_mut(dst, len.max(0) * n.max(0));
    for chunk in dst.chunks_mut(src.len().max(1)) {
        chunk.copy_from_slice(&src[..chunk.len()]);
    }
}

/// `achar(code)`/`char(code)`: the byte `code` (modulo 256) at `dst`.
///
/// # Safety
/// `dst` is valid for one byte.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_char(dst: *mut u8, code: i32) {
    if let Some(b) = slice_mut(dst, 1).first_mut() {
        *b = code as u8;
    }
}

/// `ichar(c)`/`iachar(c)`: the code of the first byte (0 for an empty string).
///
/// # Safety
/// `p` is null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_str_ichar(p: *const u8, len: i64) -> i32 {
    slice(p, len).first().map_or(0, |&b| i32::from(b))
}

// ------------------------------------------------------------------ memory

#[no_mangle]
pub extern "C" fn gpuf_alloc(bytes: i64) -> *mut u8 {
    crate::mem::alloc(bytes)
}

/// A copy of `n` bytes at `p` in memory from the C library's `malloc` (a deferred-length
/// `character` function result, which gfortran-built callers free with `free`).
///
/// # Safety
/// `p` points to `n` readable bytes (or `n` is 0).
#[no_mangle]
pub unsafe extern "C" fn gpuf_c_str_copy(p: *const u8, n: i64) -> *mut u8 {
    let n = n.max(0) as usize;
    let q = libc::malloc(n.max(1)) as *mut u8;
    if q.is_null() {
        crate::fatal::fortran_error("Allocation would exceed memory limit");
    }
    if n > 0 {
        std::ptr::copy_nonoverlapping(p, q, n);
    }
    q
}

/// `free` of the C library (a deferred-length result from [`gpuf_c_str_copy`] or from a
/// gfortran-built function).
///
/// # Safety
/// `p` is null or from `malloc`, not yet freed.
#[no_mangle]
pub unsafe extern "C" fn gpuf_c_free(p: *mut u8) {
    libc::free(p as *mut libc::c_void)
}

/// # Safety
/// `p` is null or from `gpuf_alloc`/`gpuf_allocate`, not yet freed.
#[no_mangle]
pub unsafe extern "C" fn gpuf_free(p: *mut u8) {
    crate::mem::free(p)
}

/// A copy of the `bytes` bytes at `src` in fresh memory (null when `src` is null: an
/// unallocated allocatable component copied by intrinsic assignment).
///
/// # Safety
/// `src` is null or valid for `bytes` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_alloc_copy(src: *const u8, bytes: i64) -> *mut u8 {
    if src.is_null() {
        return std::ptr::null_mut();
    }
    let p = crate::mem::alloc(bytes);
    if bytes > 0 && !p.is_null() {
        std::ptr::copy_nonoverlapping(src, p, bytes as usize);
    }
    p
}

/// # Safety
/// `slot` is a valid pointer slot; `name` valid for `name_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_allocate(slot: *mut *mut u8, bytes: i64, name: *const u8, name_len: i64) {
    crate::mem::allocate(slot, bytes, name, name_len)
}

/// # Safety
/// As for `gpuf_allocate`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_deallocate(slot: *mut *mut u8, name: *const u8, name_len: i64) {
    crate::mem::deallocate(slot, name, name_len)
}

/// `allocate` as gpuf's IR calls it: the variable's current data pointer in, the new one
/// out (the IR has no addresses of variables).
///
/// # Safety
/// `name` must be valid for `name_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_allocate_array(cur: *mut u8, bytes: i64, name: *const u8, name_len: i64) -> *mut u8 {
    let mut slot = cur;
    crate::mem::allocate(&mut slot, bytes, name, name_len);
    slot
}

/// `deallocate` as gpuf's IR calls it: errors if the array is not allocated.
///
/// # Safety
/// `cur` must be null or come from `gpuf_allocate_array`; `name` as above.
#[no_mangle]
pub unsafe extern "C" fn gpuf_deallocate_array(cur: *mut u8, name: *const u8, name_len: i64) {
    let mut slot = cur;
    crate::mem::deallocate(&mut slot, name, name_len)
}

// ----------------------------------------------------------------- OpenACC

/// A NUL-terminated string from the compiler (null: none).
fn c_str(p: *const u8) -> Option<String> {
    // SAFETY: codegen passes null or a NUL-terminated constant.
    (!p.is_null()).then(|| unsafe { std::ffi::CStr::from_ptr(p as *const std::ffi::c_char) }.to_string_lossy().into_owned())
}

/// The data clauses' entry actions; `at` names the item for messages (`present(a) on
/// parallel at f.f90:12: a`, see `MapItem::at`).
#[no_mangle]
pub extern "C" fn gpuf_acc_enter(host: *mut u8, bytes: i64, kind: i32, dynamic: i32, at: *const u8) {
    crate::acc::enter(host as usize, bytes, kind, dynamic != 0, c_str(at).as_deref())
}

/// OpenMP `requires` clauses of a unit (called before `main` by the unit's constructor):
/// bit 1 `unified_shared_memory` (also `unified_address`).
#[no_mangle]
pub extern "C" fn gpuf_omp_requires(flags: i32) {
    crate::acc::omp_requires(flags)
}

/// A module variable of an `!$acc declare` directive (called before `main` by the module's
/// constructor): mapped on every device the program opens.
#[no_mangle]
pub extern "C" fn gpuf_acc_declare(host: *mut u8, bytes: i64, kind: i32, at: *const u8) {
    crate::acc::declare(host as usize, bytes, kind, c_str(at).as_deref().unwrap_or(""))
}

#[no_mangle]
pub extern "C" fn gpuf_acc_exit(host: *mut u8, bytes: i64, kind: i32, dynamic: i32, finalize: i32, at: *const u8) {
    crate::acc::exit(host as usize, bytes, kind, dynamic != 0, finalize != 0, c_str(at).as_deref())
}

/// `host_data use_device(x) [if_present]`: the address `x` has inside the construct.
#[no_mangle]
pub extern "C" fn gpuf_acc_use_device(host: *mut u8, bytes: i64, if_present: i32, at: *const u8) -> *mut u8 {
    crate::acc::use_device(host as usize, bytes, if_present != 0, c_str(at).as_deref()) as *mut u8
}

#[no_mangle]
pub extern "C" fn gpuf_acc_update(host: *mut u8, bytes: i64, to_device: i32, if_present: i32, at: *const u8) {
    crate::acc::update(host as usize, bytes, to_device != 0, if_present != 0, c_str(at).as_deref())
}

/// Launches a compute region's kernel on the selected device.
///
/// # Safety
/// `info` is valid; `hosts`, `sizes`, `kinds` hold `nargs` entries.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gpuf_acc_launch(
    info: *const KernelInfo,
    nargs: i32,
    hosts: *const *mut u8,
    sizes: *const i64,
    kinds: *const i32,
    gangs: i32,
    workers: i32,
    vlen: i32,
) {
    let n = nargs.max(0) as usize;
    let hosts = raw_slice(hosts, n);
    let sizes = raw_slice(sizes, n);
    let kinds = raw_slice(kinds, n);
    crate::acc::launch(&*info, hosts, sizes, kinds, Dims { gangs, workers, vlen })
}

/// A compute construct whose `if` clause is false: the host-fallback copy of the kernel
/// runs on the calling thread with host addresses, whatever the current device.
///
/// # Safety
/// As for `gpuf_acc_launch`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_acc_launch_host(
    info: *const KernelInfo,
    nargs: i32,
    hosts: *const *mut u8,
    sizes: *const i64,
    kinds: *const i32,
) {
    let n = nargs.max(0) as usize;
    let hosts = raw_slice(hosts, n);
    let sizes = raw_slice(sizes, n);
    let kinds = raw_slice(kinds, n);
    let mut scratch = Vec::new();
    let mut args: Vec<*mut u8> = Vec::with_capacity(n);
    for ((&h, &sz), &k) in hosts.iter().zip(sizes).zip(kinds) {
        if k == crate::acc::ARG_SCALAR {
            // The scalar's bits in the parameter slot.
            args.push(crate::acc::scalar_bits(h, sz.max(0) as usize) as usize as *mut u8);
        } else if k == crate::acc::ARG_SCRATCH {
            let p = crate::mem::alloc(sz.max(1));
            scratch.push(p);
            args.push(p);
        } else {
            // Mapped data and by-value scalars alike: the host's own storage.
            args.push(h);
        }
    }
    let t = crate::profile::enabled().then(std::time::Instant::now);
    ((*info).host_fn)(args.as_mut_ptr());
    if let Some(t) = t {
        crate::profile::kernel(&(*info).name(), "host", (1, 1, 1), t.elapsed());
    }
    for p in scratch {
        crate::mem::free(p);
    }
}

// ------------------------------------------------ OpenACC runtime library API
//
// The routines of the intrinsic module `openacc`. Integer and logical
// arguments come by value (`int32_t`), results are `int32_t` (logicals 0 or
// 1); the data routines take the data's address and its size in bytes.
// The `_async` forms and the waits work on the async queues of `queue.rs` (on the sim
// device; elsewhere every construct runs at once, the waits find nothing to wait for).

/// `acc_get_num_devices(dev_type)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_get_num_devices(dev_type: i32) -> i32 {
    with_state(|st| Ok(st.num_devices(dev_type)))
}

/// `acc_set_default_async(async)` (`set default_async`): the queue `async` without an
/// argument and `acc_async_noval` name.
#[no_mangle]
pub extern "C" fn gpuf_acc_set_default_async(q: i32) {
    crate::queue::set_default(q)
}

/// `acc_get_default_async()` (initially queue 0).
#[no_mangle]
pub extern "C" fn gpuf_acc_get_default_async() -> i32 {
    crate::queue::get_default()
}

/// Before the run-time calls of a construct with `async(q)` (`acc_async_sync`: none).
#[no_mangle]
pub extern "C" fn gpuf_acc_async_begin(q: i32) {
    crate::acc::async_begin(q)
}

/// After the run-time calls of a construct with `async`.
#[no_mangle]
pub extern "C" fn gpuf_acc_async_end() {
    crate::acc::async_end()
}

/// `acc_set_device_type(dev_type)`: later constructs use that device.
#[no_mangle]
pub extern "C" fn gpuf_acc_set_device_type(dev_type: i32) {
    with_state(|st| st.set_device_type(dev_type))
}

/// `acc_get_device_type()`.
#[no_mangle]
pub extern "C" fn gpuf_acc_get_device_type() -> i32 {
    with_state(|st| st.get_device_type())
}

/// The kind of the device in use, for constructs with `device_type` clauses (gimplify's
/// `device_type.rs`): 2 the host device, 4 NVIDIA, 5 AMD, 1 the sim (which takes the
/// clauses of `device_type(default)`).
#[no_mangle]
pub extern "C" fn gpuf_acc_device_kind() -> i32 {
    with_state(|st| {
        let d = st.device()?;
        Ok(match crate::device::DeviceKind::of(&*d) {
            crate::device::DeviceKind::Host => 2,
            crate::device::DeviceKind::Sim => 1,
            crate::device::DeviceKind::Nvidia => 4,
            crate::device::DeviceKind::Radeon => 5,
        })
    })
}

/// `acc_set_device_num(dev_num, dev_type)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_set_device_num(dev_num: i32, dev_type: i32) {
    with_state(|st| st.set_device_num(dev_num, dev_type))
}

/// `acc_get_device_num(dev_type)`: gpuf uses device 0 of each type.
#[no_mangle]
pub extern "C" fn gpuf_acc_get_device_num(_dev_type: i32) -> i32 {
    0
}

/// `acc_init(dev_type)`: selects and opens that device.
#[no_mangle]
pub extern "C" fn gpuf_acc_init(dev_type: i32) {
    with_state(|st| st.init(dev_type))
}

/// `acc_shutdown(dev_type)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_shutdown(dev_type: i32) {
    with_state(|st| {
        st.shutdown(dev_type);
        Ok(())
    })
}

/// `acc_init_device(dev_num, dev_type)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_init_device(dev_num: i32, dev_type: i32) {
    with_state(|st| st.init_device(dev_num, dev_type))
}

/// `acc_shutdown_device(dev_num, dev_type)`: device 0 is the only one of each type.
#[no_mangle]
pub extern "C" fn gpuf_acc_shutdown_device(dev_num: i32, dev_type: i32) {
    with_state(|st| {
        if dev_num == 0 {
            st.shutdown(dev_type);
        }
        Ok(())
    })
}

/// `acc_get_property(dev_num, dev_type, property)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_get_property(dev_num: i32, dev_type: i32, property: i32) -> i64 {
    with_state(|st| st.property(dev_num, dev_type, property))
}

/// `acc_get_property_string(dev_num, dev_type, property, string)`: the value blank-padded
/// (or truncated) to the variable's length, as Fortran assigns a character value.
///
/// # Safety
/// `buf` holds `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_acc_get_property_string(dev_num: i32, dev_type: i32, property: i32, buf: *mut u8, len: i64) {
    let v = with_state(|st| st.property_string(dev_num, dev_type, property));
    if buf.is_null() || len <= 0 {
        return;
    }
    // SAFETY: the caller passes a character variable of `len` bytes.
    let out = unsafe { std::slice::from_raw_parts_mut(buf, len as usize) };
    for (i, b) in out.iter_mut().enumerate() {
        *b = v.as_bytes().get(i).copied().unwrap_or(b' ');
    }
}

/// `acc_memcpy_d2d(data_arg_dest, data_arg_src, bytes, dev_num_dest, dev_num_src)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_memcpy_d2d(
    dest: *mut u8,
    dest_bytes: i64,
    src: *mut u8,
    src_bytes: i64,
    bytes: i64,
    num_dest: i32,
    num_src: i32,
) {
    with_state(|st| st.memcpy_d2d(dest as usize, dest_bytes, src as usize, src_bytes, bytes, (num_dest, num_src)))
}

/// `acc_memcpy_d2d_async`.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn gpuf_acc_memcpy_d2d_async(
    dest: *mut u8,
    dest_bytes: i64,
    src: *mut u8,
    src_bytes: i64,
    bytes: i64,
    num_dest: i32,
    num_src: i32,
    async_arg: i32,
) {
    crate::acc::async_begin(async_arg);
    gpuf_acc_memcpy_d2d(dest, dest_bytes, src, src_bytes, bytes, num_dest, num_src);
    crate::acc::async_end();
}

/// `acc_on_device(dev_type)` in host code (true for `acc_device_host` only) and in the host copy
/// of an `!$acc routine`, which sim kernels call too.
#[no_mangle]
pub extern "C" fn gpuf_acc_on_device(dev_type: i32) -> i32 {
    // An `!$acc routine` called by a sim kernel runs its host copy (see oacc-xform).
    if crate::sim::in_kernel() {
        return i32::from(dev_type == crate::acc::devtype::NOT_HOST);
    }
    i32::from(crate::acc::on_device_host_code(dev_type))
}

/// `acc_async_test(wait_arg)`: whether the queue's work is done.
#[no_mangle]
pub extern "C" fn gpuf_acc_async_test(wait_arg: i32) -> i32 {
    i32::from(crate::queue::test(wait_arg))
}

/// `acc_async_test_all()`.
#[no_mangle]
pub extern "C" fn gpuf_acc_async_test_all() -> i32 {
    i32::from(crate::queue::test_all())
}

/// `acc_wait(wait_arg)` (also `acc_async_wait`, the `wait(q)` directive).
#[no_mangle]
pub extern "C" fn gpuf_acc_wait(wait_arg: i32) {
    crate::queue::wait(wait_arg)
}

/// `acc_wait_all()` (also `acc_async_wait_all`, the `wait` directive).
#[no_mangle]
pub extern "C" fn gpuf_acc_wait_all() {
    crate::queue::wait_all()
}

/// `acc_wait_async(wait_arg, async_arg)` (`wait(q) async(r)`).
#[no_mangle]
pub extern "C" fn gpuf_acc_wait_async(wait_arg: i32, async_arg: i32) {
    crate::queue::wait_async(wait_arg, async_arg)
}

/// `acc_wait_all_async(async_arg)` (`wait async(r)`).
#[no_mangle]
pub extern "C" fn gpuf_acc_wait_all_async(async_arg: i32) {
    crate::queue::wait_all_async(async_arg)
}

/// The `*_device` forms of the wait and test routines (OpenACC 3.3) name a device of the
/// current type; gpuf uses device 0 of each type, so any other number is an error.
fn queue_device(routine: &str, dev_num: i32) {
    with_state(|st| {
        if dev_num == 0 {
            return Ok(());
        }
        let t = st.get_device_type()?;
        Err(format!(
            "{routine}: there is no device {dev_num} of type {} ({} available; gpuf uses only device 0 of each type)",
            crate::acc::devtype::name(t),
            st.num_devices(t)
        ))
    })
}

/// `acc_wait_device(wait_arg, dev_num)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_wait_device(wait_arg: i32, dev_num: i32) {
    queue_device("acc_wait_device", dev_num);
    crate::queue::wait(wait_arg)
}

/// `acc_wait_device_async(wait_arg, async_arg, dev_num)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_wait_device_async(wait_arg: i32, async_arg: i32, dev_num: i32) {
    queue_device("acc_wait_device_async", dev_num);
    crate::queue::wait_async(wait_arg, async_arg)
}

/// `acc_wait_all_device(dev_num)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_wait_all_device(dev_num: i32) {
    queue_device("acc_wait_all_device", dev_num);
    crate::queue::wait_all()
}

/// `acc_wait_all_device_async(async_arg, dev_num)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_wait_all_device_async(async_arg: i32, dev_num: i32) {
    queue_device("acc_wait_all_device_async", dev_num);
    crate::queue::wait_all_async(async_arg)
}

/// `acc_async_test_device(wait_arg, dev_num)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_async_test_device(wait_arg: i32, dev_num: i32) -> i32 {
    queue_device("acc_async_test_device", dev_num);
    i32::from(crate::queue::test(wait_arg))
}

/// `acc_async_test_all_device(dev_num)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_async_test_all_device(dev_num: i32) -> i32 {
    queue_device("acc_async_test_all_device", dev_num);
    i32::from(crate::queue::test_all())
}

/// `acc_is_present(data_arg [, len])`.
#[no_mangle]
pub extern "C" fn gpuf_acc_is_present(host: *mut u8, bytes: i64) -> i32 {
    with_state(|st| st.is_present(host as usize, bytes).map(i32::from))
}

/// `acc_malloc(bytes)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_malloc(bytes: i64) -> i64 {
    with_state(|st| st.malloc(bytes)) as i64
}

/// `acc_free(data_dev)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_free(d: i64) {
    with_state(|st| st.free(d as u64))
}

/// `acc_deviceptr(data_arg)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_deviceptr(host: *mut u8, bytes: i64) -> i64 {
    with_state(|st| st.deviceptr(host as usize, bytes)) as i64
}

/// `acc_hostptr(data_dev)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_hostptr(d: i64) -> i64 {
    with_state(|st| st.hostptr(d as u64)) as i64
}

/// `acc_map_data(data_arg, data_dev, bytes)` (`_host_bytes`: the size of `data_arg`).
#[no_mangle]
pub extern "C" fn gpuf_acc_map_data(host: *mut u8, _host_bytes: i64, d: i64, bytes: i64) {
    with_state(|st| st.map_data(host as usize, d as u64, bytes))
}

/// `acc_unmap_data(data_arg)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_unmap_data(host: *mut u8, _bytes: i64) {
    with_state(|st| st.unmap_data(host as usize))
}

/// `acc_memcpy_to_device(data_dev_dest, data_arg_src, bytes)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_memcpy_to_device(d: i64, host: *mut u8, host_bytes: i64, bytes: i64) {
    with_state(|st| st.memcpy_host(true, host as usize, host_bytes, d as u64, bytes))
}

/// `acc_memcpy_to_device_async`.
#[no_mangle]
pub extern "C" fn gpuf_acc_memcpy_to_device_async(d: i64, host: *mut u8, host_bytes: i64, bytes: i64, async_arg: i32) {
    crate::acc::async_begin(async_arg);
    gpuf_acc_memcpy_to_device(d, host, host_bytes, bytes);
    crate::acc::async_end();
}

/// `acc_memcpy_from_device(data_arg_dest, data_dev_src, bytes)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_memcpy_from_device(host: *mut u8, host_bytes: i64, d: i64, bytes: i64) {
    with_state(|st| st.memcpy_host(false, host as usize, host_bytes, d as u64, bytes))
}

/// `acc_memcpy_from_device_async`.
#[no_mangle]
pub extern "C" fn gpuf_acc_memcpy_from_device_async(host: *mut u8, host_bytes: i64, d: i64, bytes: i64, async_arg: i32) {
    crate::acc::async_begin(async_arg);
    gpuf_acc_memcpy_from_device(host, host_bytes, d, bytes);
    crate::acc::async_end();
}

/// `acc_memcpy_device(data_dev_dest, data_dev_src, bytes)`.
#[no_mangle]
pub extern "C" fn gpuf_acc_memcpy_device(dest: i64, src: i64, bytes: i64) {
    with_state(|st| st.memcpy_device(dest as u64, src as u64, bytes))
}

/// `acc_memcpy_device_async`.
#[no_mangle]
pub extern "C" fn gpuf_acc_memcpy_device_async(dest: i64, src: i64, bytes: i64, async_arg: i32) {
    crate::acc::async_begin(async_arg);
    gpuf_acc_memcpy_device(dest, src, bytes);
    crate::acc::async_end();
}

fn data_op(op: DataOp, host: *mut u8, bytes: i64) {
    with_state(|st| st.data(op, host as usize, bytes))
}

/// Defines `gpuf_acc_<name>(ptr, i64)` and `gpuf_acc_<name>_async(ptr, i64, i32)`.
macro_rules! data_routines {
    ($($sync:ident $async_:ident $op:ident;)*) => {$(
        #[doc = concat!("`", stringify!($sync), "` (the `gpuf_` prefix dropped) on `bytes` bytes at `host`.")]
        #[no_mangle]
        pub extern "C" fn $sync(host: *mut u8, bytes: i64) {
            data_op(DataOp::$op, host, bytes)
        }
        #[doc = concat!("The `_async` form of `", stringify!($sync), "`: its copies go to the queue.")]
        #[no_mangle]
        pub extern "C" fn $async_(host: *mut u8, bytes: i64, async_arg: i32) {
            crate::acc::async_begin(async_arg);
            data_op(DataOp::$op, host, bytes);
            crate::acc::async_end();
        }
    )*};
}

data_routines! {
    gpuf_acc_copyin gpuf_acc_copyin_async Copyin;
    gpuf_acc_create gpuf_acc_create_async Create;
    gpuf_acc_copyout gpuf_acc_copyout_async Copyout;
    gpuf_acc_delete gpuf_acc_delete_async Delete;
    gpuf_acc_copyout_finalize gpuf_acc_copyout_finalize_async CopyoutFinalize;
    gpuf_acc_delete_finalize gpuf_acc_delete_finalize_async DeleteFinalize;
    gpuf_acc_update_device gpuf_acc_update_device_async UpdateDevice;
    gpuf_acc_update_self gpuf_acc_update_self_async UpdateSelf;
    gpuf_acc_present_or_copyin gpuf_acc_present_or_copyin_async PresentOrCopyin;
    gpuf_acc_present_or_create gpuf_acc_present_or_create_async PresentOrCreate;
}

// ------------------------------------------------------------ sim device

#[no_mangle]
pub extern "C" fn gpuf_sim_dim_pos(level: i32) -> i32 {
    crate::sim::dim_pos(level)
}

#[no_mangle]
pub extern "C" fn gpuf_sim_dim_size(level: i32) -> i32 {
    crate::sim::dim_size(level)
}

#[no_mangle]
pub extern "C" fn gpuf_sim_shfl_i32(v: i32, mode: i32, arg: i32) -> i32 {
    crate::sim::shfl_bits(v as u32 as u64, mode, arg) as u32 as i32
}

#[no_mangle]
pub extern "C" fn gpuf_sim_shfl_i64(v: i64, mode: i32, arg: i32) -> i64 {
    crate::sim::shfl_bits(v as u64, mode, arg) as i64
}

#[no_mangle]
pub extern "C" fn gpuf_sim_shfl_f32(v: f32, mode: i32, arg: i32) -> f32 {
    f32::from_bits(crate::sim::shfl_bits(v.to_bits() as u64, mode, arg) as u32)
}

#[no_mangle]
pub extern "C" fn gpuf_sim_shfl_f64(v: f64, mode: i32, arg: i32) -> f64 {
    f64::from_bits(crate::sim::shfl_bits(v.to_bits(), mode, arg))
}

/// A vector reduction over the sim warp in one round: `op` 0 `+`, 1 `*`, 2 max, 3 min, 4
/// and, 5 or, 6 xor; every lane gets the result.
#[no_mangle]
pub extern "C" fn gpuf_sim_vreduce_i32(v: i32, op: i32) -> i32 {
    crate::sim::reduce_bits(v as u32 as u64, i64::from(op) * 16) as u32 as i32
}

#[no_mangle]
pub extern "C" fn gpuf_sim_vreduce_i64(v: i64, op: i32) -> i64 {
    crate::sim::reduce_bits(v as u64, i64::from(op) * 16 + 1) as i64
}

#[no_mangle]
pub extern "C" fn gpuf_sim_vreduce_f32(v: f32, op: i32) -> f32 {
    f32::from_bits(crate::sim::reduce_bits(u64::from(v.to_bits()), i64::from(op) * 16 + 2) as u32)
}

#[no_mangle]
pub extern "C" fn gpuf_sim_vreduce_f64(v: f64, op: i32) -> f64 {
    f64::from_bits(crate::sim::reduce_bits(v.to_bits(), i64::from(op) * 16 + 3))
}

/// Warp vote: mode 0 any, 1 all, 2 ballot (low 32 lanes' bits).
#[no_mangle]
pub extern "C" fn gpuf_sim_vote(mode: i32, pred: i32) -> i32 {
    crate::sim::vote(mode, pred)
}

#[no_mangle]
pub extern "C" fn gpuf_sim_barrier() {
    crate::sim::barrier()
}

#[no_mangle]
pub extern "C" fn gpuf_sim_shared() -> *mut u8 {
    crate::sim::shared()
}

#[no_mangle]
pub extern "C" fn gpuf_sim_atomic_note() {
    crate::sim::atomic_note()
}

/// The contiguous data of an assumed-shape argument (see [`crate::desc::pack`]).
///
/// # Safety
/// `desc` is null or a valid gfortran descriptor of `rank` dimensions.
#[no_mangle]
pub unsafe extern "C" fn gpuf_desc_pack(desc: *const i64, rank: i32, elem: i64) -> *mut u8 {
    crate::desc::pack(desc, rank, elem)
}

/// Copies back and frees what `gpuf_desc_pack` made (see [`crate::desc::unpack`]).
///
/// # Safety
/// As for `gpuf_desc_pack`; `data` is its result for the same descriptor.
#[no_mangle]
pub unsafe extern "C" fn gpuf_desc_unpack(desc: *const i64, rank: i32, elem: i64, data: *mut u8, copy_back: i32) {
    crate::desc::unpack(desc, rank, elem, data, copy_back)
}

/// The extent of dimension `k` (zero-based) of a descriptor; 0 if it is null.
///
/// # Safety
/// `desc` is null or a valid descriptor with more than `k` dimensions.
#[no_mangle]
pub unsafe extern "C" fn gpuf_desc_extent(desc: *const i64, k: i32) -> i64 {
    crate::desc::extent(desc, k)
}

/// The number of elements of the array a descriptor describes (of the rank its `dtype`
/// gives): for gfortran's finalization wrappers (`_final` of a vtab).
///
/// # Safety
/// `desc` is null or a valid descriptor.
#[no_mangle]
pub unsafe extern "C" fn gpuf_desc_count(desc: *const i64) -> i64 {
    crate::desc::count(desc)
}

/// The address of element `i` (array element order) of the array a descriptor describes,
/// `elem` bytes per unit of stride (see [`crate::desc::elem`]).
///
/// # Safety
/// `desc` is a valid descriptor and `i` below its element count.
#[no_mangle]
pub unsafe extern "C" fn gpuf_desc_elem(desc: *const i64, i: i64, elem: i64) -> *mut u8 {
    crate::desc::elem(desc, i, elem)
}

// ----------------------------------------------------------------- complex numbers

/// Complex(8) `sqrt` (`op` 0), `exp` (1), `** n` (2), `log` (3), `sin` (4), `cos` (5);
/// the result's parts go to `out[0..2]`.
///
/// # Safety
/// `out` is valid for two `f64`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_cmath_f64(op: i32, re: f64, im: f64, n: i64, out: *mut f64) {
    let (r, i) = match op {
        2 => crate::complex::powi64(re, im, n),
        _ => crate::complex::math64(op, re, im, (0.0, 0.0)),
    };
    *out = r;
    *out.add(1) = i;
}

/// Complex(4) `sqrt` (`op` 0), `exp` (1), `** n` (2), `log` (3), `sin` (4), `cos` (5);
/// the result's parts go to `out[0..2]`.
///
/// # Safety
/// `out` is valid for two `f32`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_cmath_f32(op: i32, re: f32, im: f32, n: i64, out: *mut f32) {
    let (r, i) = match op {
        2 => crate::complex::powi32(re, im, n),
        _ => crate::complex::math32(op, re, im, (0.0, 0.0)),
    };
    *out = r;
    *out.add(1) = i;
}

/// Complex(8) `z ** w` (the C library's `cpow`) into `out[0..2]`.
///
/// # Safety
/// `out` is valid for two `f64`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_cpow_f64(a: f64, b: f64, c: f64, d: f64, out: *mut f64) {
    let (r, i) = crate::complex::math64(6, a, b, (c, d));
    *out = r;
    *out.add(1) = i;
}

/// Complex(4) `z ** w` (the C library's `cpowf`) into `out[0..2]`.
///
/// # Safety
/// `out` is valid for two `f32`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_cpow_f32(a: f32, b: f32, c: f32, d: f32, out: *mut f32) {
    let (r, i) = crate::complex::math32(6, a, b, (c, d));
    *out = r;
    *out.add(1) = i;
}

/// List-directed or formatted input of a complex(8) value into `p[0..2]`.
///
/// # Safety
/// `p` is valid for two `f64`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_c64(p: *mut f64) {
    crate::input::item(Target::C64(&mut *(p as *mut [f64; 2])))
}

/// List-directed or formatted input of a complex(4) value into `p[0..2]`.
///
/// # Safety
/// `p` is valid for two `f32`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_c32(p: *mut f32) {
    crate::input::item(Target::C32(&mut *(p as *mut [f32; 2])))
}

// ------------------------------------------------- I/O status and positioning

/// Starts a statement with status specifiers: errors of the conditions in
/// `mask` (1 errors, 2 end of file, 4 end of record) are recorded, not fatal.
#[no_mangle]
pub extern "C" fn gpuf_io_catch(mask: i32) {
    crate::iostat::catch(mask)
}

/// Ends a statement with status specifiers: gfortran's `iostat` value.
#[no_mangle]
pub extern "C" fn gpuf_io_status() -> i32 {
    crate::iostat::status()
}

/// `iomsg=`: the last caught message into `buf(1:len)` (blank-padded); left
/// unchanged when the statement succeeded.
///
/// # Safety
/// `buf` is null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_io_msg(buf: *mut u8, len: i64) {
    let m = crate::iostat::message();
    if m.is_empty() || buf.is_null() || len <= 0 {
        return;
    }
    let out = std::slice::from_raw_parts_mut(buf, len as usize);
    let first = m.lines().next().unwrap_or("").as_bytes();
    for (i, b) in out.iter_mut().enumerate() {
        *b = first.get(i).copied().unwrap_or(b' ');
    }
}

/// Starts an internal read from the character variable `buf(1:len)`.
///
/// # Safety
/// `buf` is null or valid for `len` bytes; `fmt` as for `gpuf_read_begin`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_begin_internal(buf: *const u8, len: i64, fmt: *const u8, fmt_len: i64) {
    let f = if fmt.is_null() { None } else { Some(slice(fmt, fmt_len)) };
    crate::input::begin_internal(slice(buf, len), f)
}

/// `advance='no'`: the next output statement does not end its last record.
#[no_mangle]
pub extern "C" fn gpuf_io_nonadvancing() {
    io::nonadvancing()
}

/// `size=` of the non-advancing `read` that just ended: the characters it read.
#[no_mangle]
pub extern "C" fn gpuf_io_read_size() -> i64 {
    crate::input::last_size()
}

/// A free unit number for `open(newunit=)` (negative, like gfortran's).
#[no_mangle]
pub extern "C" fn gpuf_newunit() -> i32 {
    io::newunit()
}

/// `rewind unit`.
#[no_mangle]
pub extern "C" fn gpuf_rewind(unit: i32) {
    io::reposition(unit, 0)
}

/// `backspace unit`.
#[no_mangle]
pub extern "C" fn gpuf_backspace(unit: i32) {
    io::reposition(unit, 1)
}

/// `endfile unit`: the file ends at the current position.
#[no_mangle]
pub extern "C" fn gpuf_endfile(unit: i32) {
    io::reposition(unit, 2)
}

/// `flush unit`: buffered output of the unit (and standard output) is written.
#[no_mangle]
pub extern "C" fn gpuf_flush(unit: i32) {
    io::reposition(unit, 3)
}

/// `inquire(file=)`: `what` 0 exist, 1 opened (0/1), 2 the connected unit (-1 if none).
///
/// # Safety
/// `file` is null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_inquire_file(file: *const u8, len: i64, what: i32) -> i32 {
    let raw = slice(file, len);
    let end = raw.iter().rposition(|&c| c != b' ').map_or(0, |i| i + 1);
    io::inquire_file(&String::from_utf8_lossy(&raw[..end]), what)
}

/// `inquire(unit=)`: `what` 0 exist, 1 opened (0/1), 2 number (-1 if not connected).
#[no_mangle]
pub extern "C" fn gpuf_inquire_unit(unit: i32, what: i32) -> i32 {
    io::inquire_unit(unit, what)
}

// --------------------------------------------------- stat= of allocate/deallocate

/// Starts an `allocate`/`deallocate` with `stat=`: its errors are recorded, not fatal.
#[no_mangle]
pub extern "C" fn gpuf_alloc_catch() {
    crate::mem::stat_catch()
}

/// 1 if the array whose data pointer is `cur` may be allocated (it is not allocated);
/// else 0 and the error is recorded.
///
/// # Safety
/// `name` is valid for `name_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_alloc_check(cur: *mut u8, name: *const u8, name_len: i64) -> i32 {
    i32::from(crate::mem::check_unallocated(cur, name, name_len))
}

/// Ends the statement: gfortran's `stat=` value (0, 1 deallocating an unallocated
/// array, 5014 allocating an allocated one or out of memory).
#[no_mangle]
pub extern "C" fn gpuf_alloc_status() -> i32 {
    crate::mem::stat_status()
}

/// `errmsg=`: the message into `buf(1:len)`, blank-padded; unchanged after success.
///
/// # Safety
/// `buf` is null or valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_alloc_msg(buf: *mut u8, len: i64) {
    let m = crate::mem::stat_message();
    if m.is_empty() || buf.is_null() || len <= 0 {
        return;
    }
    let out = std::slice::from_raw_parts_mut(buf, len as usize);
    for (i, b) in out.iter_mut().enumerate() {
        *b = m.as_bytes().get(i).copied().unwrap_or(b' ');
    }
}

// ------------------------------------------------------------ -fcheck=bounds

/// An array subscript out of bounds (`-fcheck=bounds`): gfortran's message, exit code 2.
///
/// # Safety
/// `file` and `name` are valid for their lengths.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gpuf_bounds_error(
    file: *const u8,
    file_len: i64,
    line: i32,
    name: *const u8,
    name_len: i64,
    dim: i32,
    index: i64,
    lo: i64,
    hi: i64,
) {
    let file = String::from_utf8_lossy(slice(file, file_len));
    let name = String::from_utf8_lossy(slice(name, name_len));
    let what = if index < lo { format!("below lower bound of {lo}") } else { format!("above upper bound of {hi}") };
    io::flush_all();
    crate::fatal::die(
        2,
        &format!(
            "At line {line} of file {file}\nFortran runtime error: Index '{index}' of dimension {dim} of array '{name}' {what}{}",
            in_kernel()
        ),
    )
}

/// For a run-time error inside a compute region: the line that names the kernel and the
/// device (after gfortran's two lines); empty elsewhere.
fn in_kernel() -> String {
    match crate::signals::running_kernel() {
        Some((k, d)) => format!("\n\nError termination in compute region kernel `{k}` on the {d} device"),
        None => String::new(),
    }
}

/// A section bound out of range (`-fcheck=bounds`): gfortran's message (with its range
/// `(a:b)` as gfortran prints it), exit code 2.
///
/// # Safety
/// `file` and `name` are valid for their lengths.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gpuf_section_error(
    file: *const u8,
    file_len: i64,
    line: i32,
    name: *const u8,
    name_len: i64,
    dim: i32,
    index: i64,
    a: i64,
    b: i64,
) {
    let file = String::from_utf8_lossy(slice(file, file_len));
    let name = String::from_utf8_lossy(slice(name, name_len));
    io::flush_all();
    crate::fatal::die(
        2,
        &format!(
            "At line {line} of file {file}\nFortran runtime error: Index '{index}' of dimension {dim} of array '{name}' outside of expected range ({a}:{b}){}",
            in_kernel()
        ),
    )
}

// The device routines of OpenMP's `omp_lib` under gfortran's link names (the others are
// libgomp's; these take the place of libgomp's, which knows nothing of gpuf's devices).
// Arguments come by reference, as Fortran passes them; logical results are 0 / 1.

/// The default device of `omp_set_default_device` (OpenMP's `default-device-var`).
static OMP_DEFAULT_DEVICE: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// `omp_get_num_devices()`: gpuf's offload devices other than the host (GPUs, and the sim
/// device when it is selected).
#[no_mangle]
pub extern "C" fn omp_get_num_devices_() -> i32 {
    with_state(|st| Ok(st.num_devices(crate::acc::devtype::NOT_HOST)))
}

/// OpenMP's `flush` in host code: a sequentially consistent fence.
#[no_mangle]
pub extern "C" fn gpuf_omp_flush() {
    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
}

/// `omp_get_initial_device()`: the host's device number, `omp_get_num_devices()`.
#[no_mangle]
pub extern "C" fn omp_get_initial_device_() -> i32 {
    omp_get_num_devices_()
}

/// Whether an OpenMP `device(n)` clause names the host: `omp_get_initial_device()` or
/// OpenMP 5.1's `omp_initial_device` (-1). Target constructs then run on the host and data
/// directives map nothing.
#[no_mangle]
pub extern "C" fn gpuf_omp_is_initial_device_num(n: i32) -> i32 {
    i32::from(n == -1 || n == omp_get_initial_device_())
}

/// OpenMP's device memory routines (`bind(c)` in `omp_lib`, C names): a device number
/// naming the host works on host memory; any other is the selected device (device 0 of its
/// type, as everywhere in gpuf). On the host device and on the sim device device memory is
/// host memory, so a device address is usable from the host; on a GPU only the copies
/// below reach it.
enum OmpMem {
    Host,
    Dev(std::sync::Arc<dyn crate::device::Device>),
}

/// Where an OpenMP device number's memory is (`None`: no such device).
fn omp_mem(device_num: i32) -> Option<OmpMem> {
    if gpuf_omp_is_initial_device_num(device_num) != 0 {
        return Some(OmpMem::Host);
    }
    if !(0..omp_get_num_devices_()).contains(&device_num) {
        return None;
    }
    Some(OmpMem::Dev(crate::acc::device()))
}

/// `omp_target_alloc(size, device_num)`: null for a size of 0 or a device that does not
/// exist.
#[no_mangle]
pub extern "C" fn omp_target_alloc(size: usize, device_num: i32) -> *mut u8 {
    match (size, omp_mem(device_num)) {
        (0, _) | (_, None) => std::ptr::null_mut(),
        (_, Some(OmpMem::Host)) => crate::mem::alloc(size as i64),
        (_, Some(OmpMem::Dev(d))) => d.alloc(size) as *mut u8,
    }
}

/// `omp_target_free(device_ptr, device_num)`.
///
/// # Safety
/// `ptr` must come from `omp_target_alloc` for `device_num` (or be null).
#[no_mangle]
pub unsafe extern "C" fn omp_target_free(ptr: *mut u8, device_num: i32) {
    if ptr.is_null() {
        return;
    }
    match omp_mem(device_num) {
        // SAFETY: `ptr` came from `omp_target_alloc` for the host.
        Some(OmpMem::Host) => unsafe { crate::mem::free(ptr) },
        Some(OmpMem::Dev(d)) => crate::queue::free(&*d, ptr as u64),
        None => {}
    }
}

/// `omp_target_is_present(ptr, device_num)`: whether the host address has a device copy
/// (always for the host, whose data is its own).
#[no_mangle]
pub extern "C" fn omp_target_is_present(ptr: *const u8, device_num: i32) -> i32 {
    match omp_mem(device_num) {
        Some(OmpMem::Host) => 1,
        Some(OmpMem::Dev(_)) => gpuf_acc_is_present(ptr as *mut u8, 1),
        None => 0,
    }
}

/// `omp_target_is_accessible(ptr, size, device_num)`: whether the device can use the host
/// block at `ptr` in place: the host, a device that shares the host's memory (the host
/// device), or any device under `requires unified_shared_memory`; not the sim device or a
/// GPU otherwise (their memory is separate).
#[no_mangle]
pub extern "C" fn omp_target_is_accessible(_ptr: *const u8, _size: usize, device_num: i32) -> i32 {
    match omp_mem(device_num) {
        Some(OmpMem::Host) => 1,
        Some(OmpMem::Dev(d)) => i32::from(d.shares_host_memory() || crate::acc::requires_usm()),
        None => 0,
    }
}

/// Copies `n` bytes between two blocks, each host or device memory.
///
/// # Safety
/// `dst` and `src` must be valid for `n` bytes where they are.
unsafe fn omp_copy(dst: usize, dm: &OmpMem, src: usize, sm: &OmpMem, n: usize) {
    if n == 0 {
        return;
    }
    match (dm, sm) {
        (OmpMem::Host, OmpMem::Host) => std::ptr::copy(src as *const u8, dst as *mut u8, n),
        (OmpMem::Dev(d), OmpMem::Host) => crate::queue::h2d(&**d, dst as u64, src, n),
        (OmpMem::Host, OmpMem::Dev(d)) => crate::queue::d2h(&**d, dst, src as u64, n),
        (OmpMem::Dev(d), OmpMem::Dev(_)) => {
            let mut buf = vec![0u8; n];
            d.d2h(buf.as_mut_ptr(), src as u64, n);
            d.h2d(dst as u64, buf.as_ptr(), n);
        }
    }
}

/// `omp_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device_num,
/// src_device_num)`: 0, or an error code for a device that does not exist.
///
/// # Safety
/// `dst` and `src` must be blocks of at least offset + `length` bytes on their devices.
#[no_mangle]
pub unsafe extern "C" fn omp_target_memcpy(
    dst: *mut u8,
    src: *const u8,
    length: usize,
    dst_offset: usize,
    src_offset: usize,
    dst_device: i32,
    src_device: i32,
) -> i32 {
    let (Some(dm), Some(sm)) = (omp_mem(dst_device), omp_mem(src_device)) else { return 1 };
    // SAFETY: the caller passes blocks of at least offset + length bytes on their devices.
    unsafe { omp_copy(dst as usize + dst_offset, &dm, src as usize + src_offset, &sm, length) };
    0
}

/// `omp_target_memcpy_async(..., depobj_count, depobj_list)`: the copy is done before it
/// returns (which meets every dependence: gpuf's tasks and target regions with
/// dependences run at once too).
///
/// # Safety
/// As for `omp_target_memcpy`.
#[no_mangle]
pub unsafe extern "C" fn omp_target_memcpy_async(
    dst: *mut u8,
    src: *const u8,
    length: usize,
    dst_offset: usize,
    src_offset: usize,
    dst_device: i32,
    src_device: i32,
    _depobj_count: i32,
    _depobj_list: *const u8,
) -> i32 {
    // SAFETY: as the caller promises.
    unsafe { omp_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device, src_device) }
}

/// `omp_target_memcpy_rect(dst, src, element_size, num_dims, volume, dst_offsets,
/// src_offsets, dst_dimensions, src_dimensions, dst_device_num, src_device_num)`: a
/// sub-volume of a row-major array (the last dimension varies fastest, as in C) into
/// another. With both arrays null, the number of dimensions supported (any: `i32::MAX`).
///
/// # Safety
/// The arrays hold `num_dims` elements; the blocks hold the volumes they describe.
#[no_mangle]
pub unsafe extern "C" fn omp_target_memcpy_rect(
    dst: *mut u8,
    src: *const u8,
    element_size: usize,
    num_dims: i32,
    volume: *const usize,
    dst_offsets: *const usize,
    src_offsets: *const usize,
    dst_dimensions: *const usize,
    src_dimensions: *const usize,
    dst_device: i32,
    src_device: i32,
) -> i32 {
    if dst.is_null() && src.is_null() {
        return i32::MAX;
    }
    let (Some(dm), Some(sm)) = (omp_mem(dst_device), omp_mem(src_device)) else { return 1 };
    let Ok(n) = usize::try_from(num_dims) else { return 1 };
    if n == 0 {
        return 0;
    }
    let arr = |p: *const usize| std::slice::from_raw_parts(p, n);
    let (vol, doff, soff, ddim, sdim) = (arr(volume), arr(dst_offsets), arr(src_offsets), arr(dst_dimensions), arr(src_dimensions));
    // Element strides of each dimension, the innermost contiguous.
    let strides = |dims: &[usize]| {
        let mut s = vec![1usize; n];
        for k in (0..n.saturating_sub(1)).rev() {
            s[k] = s[k + 1] * dims[k + 1];
        }
        s
    };
    let (ds, ss) = (strides(ddim), strides(sdim));
    let row = vol[n - 1] * element_size;
    let mut idx = vec![0usize; n - 1];
    loop {
        let mut de = doff[n - 1];
        let mut se = soff[n - 1];
        for k in 0..n - 1 {
            de += (doff[k] + idx[k]) * ds[k];
            se += (soff[k] + idx[k]) * ss[k];
        }
        omp_copy(dst as usize + de * element_size, &dm, src as usize + se * element_size, &sm, row);
        // The next row: the odometer over the outer dimensions.
        let mut k = n - 1;
        loop {
            if k == 0 {
                return 0;
            }
            k -= 1;
            idx[k] += 1;
            if idx[k] < vol[k] {
                break;
            }
            idx[k] = 0;
        }
    }
}

/// `omp_target_memcpy_rect_async(..., depobj_count, depobj_list)`: done at once, as
/// `omp_target_memcpy_async`.
///
/// # Safety
/// As for `omp_target_memcpy_rect`.
#[no_mangle]
pub unsafe extern "C" fn omp_target_memcpy_rect_async(
    dst: *mut u8,
    src: *const u8,
    element_size: usize,
    num_dims: i32,
    volume: *const usize,
    dst_offsets: *const usize,
    src_offsets: *const usize,
    dst_dimensions: *const usize,
    src_dimensions: *const usize,
    dst_device: i32,
    src_device: i32,
    _depobj_count: i32,
    _depobj_list: *const u8,
) -> i32 {
    omp_target_memcpy_rect(
        dst,
        src,
        element_size,
        num_dims,
        volume,
        dst_offsets,
        src_offsets,
        dst_dimensions,
        src_dimensions,
        dst_device,
        src_device,
    )
}

/// `omp_get_device_num()` in host code: the host's device number.
#[no_mangle]
pub extern "C" fn omp_get_device_num_() -> i32 {
    omp_get_initial_device_()
}

/// `omp_is_initial_device()` in host code: true.
#[no_mangle]
pub extern "C" fn omp_is_initial_device_() -> i32 {
    1
}

/// libgomp's C entry point `name` (a NUL-terminated name of an `int (void)` routine),
/// looked up at run time: only OpenMP programs link libgomp.
fn libgomp_query(name: &[u8]) -> Option<i32> {
    extern "C" {
        fn dlsym(handle: *mut std::ffi::c_void, symbol: *const std::ffi::c_char) -> *mut std::ffi::c_void;
    }
    // SAFETY: RTLD_DEFAULT (null) and a NUL-terminated name.
    let f = unsafe { dlsym(std::ptr::null_mut(), name.as_ptr().cast()) };
    if f.is_null() {
        return None;
    }
    // SAFETY: the libgomp routines looked up here are `int (void)`.
    let f: extern "C" fn() -> i32 = unsafe { std::mem::transmute(f) };
    Some(f())
}

/// An OpenMP query routine called in a device procedure's host copy (oacc-xform's
/// `runtime_on_device`; codes of `gpuf_lower::ir::OmpQuery`), answered where it runs: in a
/// sim kernel as the device's code (its team is the gang; the procedure runs as the team's
/// sequential code), in a host-device kernel with the host gang, and in host code as
/// libgomp answers.
#[no_mangle]
pub extern "C" fn gpuf_omp_device_query(code: i32) -> i32 {
    // The level numbers of `gpuf_sim_dim_pos`.
    const LEVEL_GANG: i32 = 0;
    const LEVEL_WORKER: i32 = 1;
    const LEVEL_VECTOR: i32 = 2;
    if crate::sim::in_kernel() {
        return match code {
            0 => 0,
            1 => crate::sim::dim_pos(LEVEL_GANG),
            2 => crate::sim::dim_size(LEVEL_GANG),
            4 => 1,
            5 | 6 => crate::sim::dim_size(LEVEL_WORKER) * crate::sim::dim_size(LEVEL_VECTOR),
            _ => 0,
        };
    }
    let gomp = |name: &[u8], default: i32| libgomp_query(name).unwrap_or(default);
    match code {
        0 => 1,
        1 => crate::host::gpuf_host_gang_pos(),
        2 => crate::host::gpuf_host_num_gangs(),
        3 => gomp(b"omp_get_thread_num\0", 0),
        4 => gomp(b"omp_get_num_threads\0", 1),
        5 => gomp(b"omp_get_max_threads\0", 1),
        6 => gomp(b"omp_get_thread_limit\0", 1),
        7 => gomp(b"omp_get_level\0", 0),
        8 => gomp(b"omp_get_active_level\0", 0),
        9 => gomp(b"omp_in_parallel\0", 0),
        _ => omp_get_initial_device_(),
    }
}

/// `omp_get_default_device()`.
#[no_mangle]
pub extern "C" fn omp_get_default_device_() -> i32 {
    OMP_DEFAULT_DEVICE.load(std::sync::atomic::Ordering::Relaxed)
}

/// `omp_set_default_device(device_num)`: recorded; target regions use gpuf's selected device.
///
/// # Safety
/// `n` points to an `integer(4)`.
#[no_mangle]
pub unsafe extern "C" fn omp_set_default_device_(n: *const i32) {
    if !n.is_null() {
        OMP_DEFAULT_DEVICE.store(*n, std::sync::atomic::Ordering::Relaxed)
    }
}

// ----------------------------------------------------------- unformatted

/// `form=`, `access=` (0 sequential, 1 stream, 2 direct) and `recl=` of the unit
/// `gpuf_open` has just connected.
#[no_mangle]
pub extern "C" fn gpuf_open_mode(unit: i32, unformatted: i32, access: i32, recl: i64) {
    crate::unformatted::set_mode(unit, unformatted != 0, access, recl)
}

/// The changeable modes (`blank=`, `decimal=`, ... as `ast::IoModes::packed` codes them)
/// of the unit `gpuf_open` has just connected.
#[no_mangle]
pub extern "C" fn gpuf_open_modes(unit: i32, packed: i32) {
    crate::io::with_state(|st| st.modes.insert(unit, crate::io::Modes(packed as u32)));
}

/// The changeable modes the next data transfer statement gives itself.
#[no_mangle]
pub extern "C" fn gpuf_io_modes(packed: i32) {
    crate::io::stmt_modes(packed as u32)
}

/// A changeable mode (`which`: 0 blank ... 5 pad) of the next data transfer statement,
/// given as the text `v(1:len)`.
///
/// # Safety
/// `v` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_io_mode_str(which: i32, v: *const u8, len: i64) {
    crate::io::stmt_mode_str(which as u32, slice(v, len))
}

/// A changeable mode of the unit `gpuf_open` has just connected, given as text.
///
/// # Safety
/// `v` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_open_mode_str(unit: i32, which: i32, v: *const u8, len: i64) {
    crate::io::open_mode_str(unit, which as u32, slice(v, len))
}

/// `rec=` of the next data transfer statement.
#[no_mangle]
pub extern "C" fn gpuf_io_rec(rec: i64) {
    crate::unformatted::set_rec(rec)
}

/// `pos=` of the next data transfer statement.
#[no_mangle]
pub extern "C" fn gpuf_io_pos(pos: i64) {
    crate::unformatted::set_pos(pos)
}

/// Starts an unformatted `write` (`write` = 1) or `read` (0) on `unit`.
#[no_mangle]
pub extern "C" fn gpuf_uf_begin(unit: i32, write: i32) {
    flush_at_exit_once();
    crate::unformatted::begin(unit, write != 0)
}

/// One item of an unformatted transfer: `n` bytes at `p`.
///
/// # Safety
/// `p` is valid for `n` bytes (writable for a read).
#[no_mangle]
pub unsafe extern "C" fn gpuf_uf_item(p: *mut u8, n: i64) {
    if !p.is_null() && n > 0 {
        crate::unformatted::item(p, n as usize)
    }
}

#[no_mangle]
pub extern "C" fn gpuf_uf_end() {
    crate::unformatted::end()
}

/// Starts `inquire(iolength=)`: the items that follow are counted, not written.
#[no_mangle]
pub extern "C" fn gpuf_iolength_begin() {
    crate::unformatted::begin(crate::unformatted::IOLENGTH, true)
}

/// Ends `inquire(iolength=)`: the length of the list in bytes.
#[no_mangle]
pub extern "C" fn gpuf_iolength_end() -> i64 {
    crate::unformatted::iolength_end()
}

/// `inquire(unit=, size=)`: the file's size in bytes, -1 if the unit is not connected.
#[no_mangle]
pub extern "C" fn gpuf_inquire_size(unit: i32) -> i64 {
    crate::io::with_state(|st| st.units.get_mut(&unit).map_or(-1, |u| u.size()))
}

/// `inquire(file=, size=)`: the file's size in bytes, -1 if it does not exist.
///
/// # Safety
/// `name` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_inquire_file_size(name: *const u8, len: i64) -> i64 {
    crate::io::flush_all();
    let n = String::from_utf8_lossy(slice(name, len)).trim_end().to_string();
    std::fs::metadata(n).map_or(-1, |m| m.len() as i64)
}

/// `inquire(unit=, name=)`: the name of the connected file into `buf(1:len)`
/// (blank-padded; blank when the unit is not connected).
///
/// # Safety
/// `buf` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_inquire_name(unit: i32, buf: *mut u8, len: i64) {
    let name = crate::io::with_state(|st| st.units.get(&unit).map(|u| u.name.clone())).unwrap_or_default();
    let out = slice_mut(buf, len);
    out.fill(b' ');
    let b = name.as_bytes();
    let n = b.len().min(out.len());
    out[..n].copy_from_slice(&b[..n]);
}

/// `inquire(blank=|decimal=|round=|sign=|delim=|pad=)` (`which` 0..5) of `unit` into
/// `buf(1:len)` (blank-padded): the connection's mode, `UNDEFINED` when it is not
/// connected for formatted transfers (an unformatted one answers `PROCESSOR_DEFINED` for
/// `round=` and `sign=`, as gfortran).
///
/// # Safety
/// `buf` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_inquire_mode(unit: i32, which: i32, buf: *mut u8, len: i64) {
    let text = crate::io::with_state(|st| {
        let preconnected = !st.units.contains_key(&unit) && matches!(unit, 0 | 5 | 6);
        match st.units.get(&unit) {
            Some(u) if u.unformatted && (which == 2 || which == 3) => "PROCESSOR_DEFINED",
            Some(u) if u.unformatted => "UNDEFINED",
            Some(_) => st.modes.get(&unit).copied().unwrap_or_default().inquire(which as u32),
            None if preconnected => crate::io::Modes::default().inquire(which as u32),
            None => "UNDEFINED",
        }
    });
    let out = slice_mut(buf, len);
    out.fill(b' ');
    let n = text.len().min(out.len());
    out[..n].copy_from_slice(&text.as_bytes()[..n]);
}

// -------------------------------------------------------------- namelist

/// Starts a namelist `write` (`write` = 1) or `read` of the group `name` on `unit`.
///
/// # Safety
/// `name` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_nml_begin(unit: i32, write: i32, name: *const u8, len: i64) {
    flush_at_exit_once();
    crate::namelist::begin(unit, write != 0, &String::from_utf8_lossy(slice(name, len)))
}

/// Starts a namelist `read` of the group `name` from the character variable `buf(1:blen)`.
///
/// # Safety
/// `buf` and `name` are valid for their lengths.
#[no_mangle]
pub unsafe extern "C" fn gpuf_nml_begin_internal(buf: *const u8, blen: i64, name: *const u8, len: i64) {
    crate::namelist::begin(crate::io::INTERNAL, false, &String::from_utf8_lossy(slice(name, len)));
    crate::input::set_internal(slice(buf, blen));
}

/// An object of the group: its name, kind (1 integer, 2 real, 3 logical, 4 character,
/// 5 complex) and bytes per element; its dimensions and element addresses follow.
///
/// # Safety
/// `name` is valid for `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn gpuf_nml_obj(name: *const u8, len: i64, kind: i32, size: i64) {
    crate::namelist::object(&String::from_utf8_lossy(slice(name, len)), kind, size.max(0) as usize)
}

/// A dimension (lower bound, extent) of the last object.
#[no_mangle]
pub extern "C" fn gpuf_nml_dim(lb: i64, ext: i64) {
    crate::namelist::dim(lb, ext)
}

/// The address of the next element of the last object (valid until `gpuf_nml_end`).
#[no_mangle]
pub extern "C" fn gpuf_nml_elem(addr: *mut u8) {
    crate::namelist::elem(addr as usize)
}

/// Ends the namelist statement: the transfer happens here.
#[no_mangle]
pub extern "C" fn gpuf_nml_end() {
    crate::namelist::end()
}

// ------------------------------------------------- environment and system

/// `get_environment_variable(name, value, length, status, trim_name)`: status 0, 1 (no
/// such variable), -1 (`value` too short); `length` the value's length.
///
/// # Safety
/// The (pointer, length) pairs are valid or null; `length`/`status` null or valid.
#[no_mangle]
pub unsafe extern "C" fn gpuf_get_environment_variable(
    name: *const u8,
    name_len: i64,
    value: *mut u8,
    value_len: i64,
    length: *mut i32,
    status: *mut i32,
    trim_name: i32,
) {
    let mut n = slice(name, name_len);
    if trim_name != 0 {
        let end = n.iter().rposition(|&c| c != b' ').map_or(0, |i| i + 1);
        n = &n[..end];
    }
    let v = if value.is_null() { None } else { Some(slice_mut(value, value_len)) };
    let (len, st) = intrinsics::get_environment_variable(n, v);
    if !length.is_null() {
        *length = len;
    }
    if !status.is_null() {
        *status = st;
    }
}

/// `date_and_time(date, time, zone, values)`: each character argument null when absent;
/// `values` null or room for 8 `i32`.
///
/// # Safety
/// The (pointer, length) pairs are valid or null.
#[no_mangle]
pub unsafe extern "C" fn gpuf_date_and_time(
    date: *mut u8,
    date_len: i64,
    time: *mut u8,
    time_len: i64,
    zone: *mut u8,
    zone_len: i64,
    values: *mut i32,
) {
    let (d, t, z, v) = intrinsics::date_and_time();
    for (p, n, text) in [(date, date_len, d), (time, time_len, t), (zone, zone_len, z)] {
        if !p.is_null() {
            let out = slice_mut(p, n);
            out.fill(b' ');
            let k = text.len().min(out.len());
            out[..k].copy_from_slice(&text.as_bytes()[..k]);
        }
    }
    if !values.is_null() {
        std::slice::from_raw_parts_mut(values, 8).copy_from_slice(&v);
    }
}

/// `execute_command_line(command, wait, exitstat, cmdstat, cmdmsg)` through `/bin/sh -c`,
/// after the program's buffered output is written.
///
/// # Safety
/// The (pointer, length) pairs are valid or null; `exitstat`/`cmdstat` null or valid.
#[no_mangle]
pub unsafe extern "C" fn gpuf_execute_command_line(
    cmd: *const u8,
    cmd_len: i64,
    wait: i32,
    exitstat: *mut i32,
    cmdstat: *mut i32,
    msg: *mut u8,
    msg_len: i64,
) {
    io::flush_all();
    let c = String::from_utf8_lossy(slice(cmd, cmd_len)).into_owned();
    match intrinsics::execute_command_line(&c, wait != 0) {
        Ok(code) => {
            if let (Some(code), false) = (code, exitstat.is_null()) {
                *exitstat = code;
            }
            if !cmdstat.is_null() {
                *cmdstat = 0;
            }
        }
        Err(m) => {
            if cmdstat.is_null() {
                crate::fatal::fortran_error(&m);
            }
            *cmdstat = 1;
            if !msg.is_null() {
                let out = slice_mut(msg, msg_len);
                out.fill(b' ');
                let k = m.len().min(out.len());
                out[..k].copy_from_slice(&m.as_bytes()[..k]);
            }
        }
    }
}

// ------------------------------------------------- internal character arrays

/// Starts an internal write into a character array: `n` elements of `len` bytes from
/// `buf`, one record each.
///
/// # Safety
/// `buf` is valid for `n * len` bytes until `gpuf_io_end`; `fmt` as for `gpuf_io_begin`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_io_begin_internal_array(buf: *mut u8, len: i64, n: i64, fmt: *const u8, fmt_len: i64) {
    let f = if fmt.is_null() { None } else { Some(slice(fmt, fmt_len)) };
    io::begin_internal_array(buf, len.max(0) as usize, n.max(0) as usize, f)
}

/// Starts an internal read from a character array: `n` elements of `len` bytes from
/// `buf`, one record each.
///
/// # Safety
/// `buf` is valid for `n * len` bytes; `fmt` as for `gpuf_read_begin`.
#[no_mangle]
pub unsafe extern "C" fn gpuf_read_begin_internal_array(buf: *const u8, len: i64, n: i64, fmt: *const u8, fmt_len: i64) {
    let f = if fmt.is_null() { None } else { Some(slice(fmt, fmt_len)) };
    let (len, n) = (len.max(0) as usize, n.max(0) as usize);
    let all = slice(buf, (len * n) as i64);
    let recs = if len == 0 { vec![Vec::new(); n] } else { all.chunks(len).map(<[u8]>::to_vec).collect() };
    crate::input::begin_internal_array(recs, f)
}
