//! gfortran's array descriptor (GCC 12 layout) for assumed-shape dummy arguments:
//! `base_addr`, `offset`, `dtype {elem_len: i64, version: i32, rank: i8, type: i8,
//! attribute: i16}`, `span`, then per dimension `{stride, lbound, ubound}` (strides in
//! elements), all 8-byte words except inside `dtype`. A callee compiled by gpuf works on
//! contiguous data: [`pack`] returns the descriptor's data when it is contiguous and a
//! packed copy otherwise; [`unpack`] copies such a copy back (unless the dummy is
//! `intent(in)`) and frees it.

use std::ptr::null_mut;

/// Words before the first dimension.
const HEAD: usize = 5;

/// The strides (in elements) and extents of each dimension.
///
/// # Safety
/// `desc` must point to a descriptor of at least `rank` dimensions.
unsafe fn dims(desc: *const i64, rank: i32) -> Vec<(i64, i64)> {
    (0..rank.max(0) as usize)
        .map(|k| {
            let w = desc.add(HEAD + 3 * k);
            let mut stride = w.read();
            if k == 0 && stride == 0 {
                // gfortran's convention: a zero first stride means 1.
                stride = 1;
            }
            let ext = (w.add(2).read() - w.add(1).read() + 1).max(0);
            (stride, ext)
        })
        .collect()
}

/// The extent of dimension `k` (zero-based); 0 for a null (absent) descriptor.
///
/// # Safety
/// `desc` must be null or point to a descriptor with more than `k` dimensions.
pub unsafe fn extent(desc: *const i64, k: i32) -> i64 {
    if desc.is_null() || k < 0 {
        return 0;
    }
    let w = desc.add(HEAD + 3 * k as usize);
    (w.add(2).read() - w.add(1).read() + 1).max(0)
}

/// Calls `f(element offset in the descriptor's data, position in column-major order)`
/// for every element.
fn each(d: &[(i64, i64)], mut f: impl FnMut(i64, usize)) {
    if d.iter().any(|&(_, e)| e == 0) {
        return;
    }
    let mut idx = vec![0i64; d.len()];
    let mut pos = 0usize;
    loop {
        let off: i64 = idx.iter().zip(d).map(|(i, (s, _))| i * s).sum();
        f(off, pos);
        pos += 1;
        let mut k = 0;
        loop {
            if k == d.len() {
                return;
            }
            idx[k] += 1;
            if idx[k] < d[k].1 {
                break;
            }
            idx[k] = 0;
            k += 1;
        }
    }
}

fn contiguous(d: &[(i64, i64)]) -> bool {
    let mut want = 1i64;
    for &(s, e) in d {
        if e == 0 {
            return true;
        }
        if e > 1 && s != want {
            return false;
        }
        want *= e;
    }
    true
}

/// The data of the array described by `desc` as a contiguous column-major block: the
/// descriptor's own data, or a packed copy (see [`unpack`]); null for a null descriptor.
///
/// # Safety
/// `desc` must be null or a valid descriptor of `rank` dimensions of `elem`-byte elements.
pub unsafe fn pack(desc: *const i64, rank: i32, elem: i64) -> *mut u8 {
    if desc.is_null() {
        return null_mut();
    }
    let base = desc.read() as *mut u8;
    let d = dims(desc, rank);
    if contiguous(&d) {
        return base;
    }
    let n: i64 = d.iter().map(|&(_, e)| e).product();
    let tmp = crate::mem::alloc(n * elem);
    let es = elem as usize;
    each(&d, |off, pos| {
        // SAFETY: `off` addresses an element of the described array, `pos` one of `tmp`.
        unsafe { std::ptr::copy_nonoverlapping(base.offset((off * elem) as isize), tmp.add(pos * es), es) };
    });
    tmp
}

/// Undoes [`pack`]: when `data` is a packed copy, copies it back into the described array
/// (if `copy_back` is non-zero) and frees it.
///
/// # Safety
/// As for [`pack`]; `data` must be what `pack` returned for the same descriptor.
pub unsafe fn unpack(desc: *const i64, rank: i32, elem: i64, data: *mut u8, copy_back: i32) {
    if desc.is_null() || data.is_null() {
        return;
    }
    let base = desc.read() as *mut u8;
    if data == base {
        return;
    }
    if copy_back != 0 {
        let d = dims(desc, rank);
        let es = elem as usize;
        each(&d, |off, pos| {
            // SAFETY: as in `pack`.
            unsafe { std::ptr::copy_nonoverlapping(data.add(pos * es), base.offset((off * elem) as isize), es) };
        });
    }
    crate::mem::free(data);
}

/// The rank in a descriptor's `dtype` (the byte at offset 28).
///
/// # Safety
/// `desc` points to a descriptor.
unsafe fn rank_of(desc: *const i64) -> i32 {
    i32::from((desc as *const u8).add(28).read() as i8)
}

/// The number of elements of the array a descriptor (of the rank in its `dtype`) describes.
///
/// # Safety
/// `desc` is null or points to a descriptor of the rank its `dtype` gives.
pub unsafe fn count(desc: *const i64) -> i64 {
    if desc.is_null() {
        return 0;
    }
    dims(desc, rank_of(desc)).iter().map(|d| d.1).product()
}

/// The address of the element at position `i` (array element order, from 0) of the array a
/// descriptor describes, elements `elem` bytes apart per unit of stride (gfortran's
/// `byte_stride` of a finalization wrapper).
///
/// # Safety
/// As for [`count`]; `i` is below it.
pub unsafe fn elem(desc: *const i64, i: i64, elem: i64) -> *mut u8 {
    let base = desc.read() as *mut u8;
    let mut rest = i;
    let mut off = 0i64;
    for (stride, ext) in dims(desc, rank_of(desc)) {
        let ext = ext.max(1);
        off += (rest % ext) * stride;
        rest /= ext;
    }
    base.offset((off * elem) as isize)
}
