//! Character operations of host code: assignment with blank padding, comparison as if
//! the shorter operand were padded with blanks, and the character intrinsics that need a
//! loop. Strings are (pointer, length) pairs; lengths below zero count as zero.

use std::cmp::Ordering;

/// Copies `src` into `dst` (which may overlap it), truncating or padding with blanks.
pub fn copy(dst: &mut [u8], src: &[u8]) {
    let n = dst.len().min(src.len());
    dst[..n].copy_from_slice(&src[..n]);
    for b in &mut dst[n..] {
        *b = b' ';
    }
}

/// Compares as Fortran does: the shorter string is padded with blanks.
pub fn compare(a: &[u8], b: &[u8]) -> Ordering {
    let n = a.len().max(b.len());
    let at = |s: &[u8], i: usize| s.get(i).copied().unwrap_or(b' ');
    (0..n).map(|i| at(a, i).cmp(&at(b, i))).find(|o| o.is_ne()).unwrap_or(Ordering::Equal)
}

/// The length without trailing blanks.
pub fn len_trim(s: &[u8]) -> usize {
    s.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1)
}

/// The 1-based position of `sub` in `s` (the last one with `back`), 0 if absent; an empty
/// `sub` is found at 1 (at `len + 1` with `back`).
/// Fortran's `scan` (the position of the first, or with `back` the last, character of `s`
/// in `set`), or `verify` (of a character not in `set`); 0 when there is none.
pub fn scan(s: &[u8], set: &[u8], back: bool, verify: bool) -> usize {
    let hit = |c: &u8| set.contains(c) != verify;
    let found = if back { s.iter().rposition(hit) } else { s.iter().position(hit) };
    found.map_or(0, |i| i + 1)
}

pub fn index(s: &[u8], sub: &[u8], back: bool) -> usize {
    if sub.is_empty() {
        return if back { s.len() + 1 } else { 1 };
    }
    if sub.len() > s.len() {
        return 0;
    }
    let mut starts = 0..=s.len() - sub.len();
    let hit = |&i: &usize| &s[i..i + sub.len()] == sub;
    let found = if back { starts.rev().find(hit) } else { starts.find(hit) };
    found.map_or(0, |i| i + 1)
}

/// `adjustl` (`left`) or `adjustr` of `src` into `dst` of the same length.
pub fn adjust(dst: &mut [u8], src: &[u8], left: bool) {
    if left {
        let lead = src.iter().position(|&b| b != b' ').unwrap_or(src.len());
        copy(dst, &src[lead..]);
    } else {
        let n = len_trim(src);
        let pad = src.len() - n;
        for b in &mut dst[..pad] {
            *b = b' ';
        }
        dst[pad..].copy_from_slice(&src[..n]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_truncation_and_comparison() {
        let mut d = [0u8; 5];
        copy(&mut d, b"ab");
        assert_eq!(&d, b"ab   ");
        copy(&mut d, b"abcdefg");
        assert_eq!(&d, b"abcde");
        assert_eq!(compare(b"abc", b"abc   "), Ordering::Equal);
        assert_eq!(compare(b"abc", b"abd"), Ordering::Less);
        // Padding blanks compare above control characters.
        assert_eq!(compare(b"a", b"a\t"), Ordering::Greater);
    }

    #[test]
    fn intrinsics() {
        assert_eq!(len_trim(b"  a  "), 3);
        assert_eq!(len_trim(b"   "), 0);
        assert_eq!(index(b"hello world", b"o", false), 5);
        assert_eq!(index(b"hello world", b"o", true), 8);
        assert_eq!(index(b"abc", b"", true), 4);
        assert_eq!(index(b"ab", b"abc", false), 0);
        let mut d = [0u8; 6];
        adjust(&mut d, b"  ab  ", true);
        assert_eq!(&d, b"ab    ");
        adjust(&mut d, b"  ab  ", false);
        assert_eq!(&d, b"    ab");
    }
}
