//! Source bytes as text. A Fortran source is bytes: gfortran keeps the bytes of a
//! character literal as they are, whatever the file's encoding. UTF-8 is decoded as usual;
//! every byte that is not part of valid UTF-8 (Latin-1 `é` = 0xE9, say) becomes the
//! private-use character `U+F700 + byte` (U+F780..U+F7FF), and [`raw_bytes`] turns such
//! characters back into the single byte wherever a literal becomes data (string constants
//! and their lengths). A UTF-8 source that itself contains U+F780..U+F7FF gets those
//! bytes instead of the characters.

/// The first of the private-use characters standing for raw bytes.
const RAW_BASE: u32 = 0xF700;

/// The raw byte a private-use character stands for.
fn raw_byte(c: char) -> Option<u8> {
    let v = c as u32;
    if (RAW_BASE + 0x80..=RAW_BASE + 0xFF).contains(&v) {
        u8::try_from(v - RAW_BASE).ok()
    } else {
        None
    }
}

/// The character of a literal that stands for byte `b` (ASCII itself, else its
/// private-use character).
pub fn byte_char(b: u8) -> char {
    if b < 0x80 {
        char::from(b)
    } else {
        char::from_u32(RAW_BASE + u32::from(b)).unwrap_or(char::REPLACEMENT_CHARACTER)
    }
}

/// Decodes a source file: UTF-8, with each invalid byte as its private-use character.
pub fn decode_source(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let (good, rest) = bytes.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len()).min(rest.len());
                let (b, rest) = rest.split_at(bad);
                for &x in b {
                    out.push(char::from_u32(RAW_BASE + u32::from(x)).unwrap_or(char::REPLACEMENT_CHARACTER));
                }
                bytes = rest;
            }
        }
    }
}

/// The bytes a literal's text stands for (see the module documentation).
pub fn raw_bytes(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        match raw_byte(c) {
            Some(b) => out.push(b),
            None => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out
}

/// The number of bytes a character of a literal stands for.
pub fn char_len(c: char) -> usize {
    if raw_byte(c).is_some() {
        1
    } else {
        c.len_utf8()
    }
}

/// The length in bytes of a literal's text (its Fortran length).
pub fn raw_len(s: &str) -> usize {
    s.chars().map(char_len).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin1_bytes_survive() {
        let s = decode_source(b"'caf\xe9' \xff\xfe x");
        assert_eq!(raw_bytes(&s), b"'caf\xe9' \xff\xfe x");
        assert_eq!(raw_len(&s), 11);
        let u = decode_source("'café'".as_bytes());
        assert_eq!(u, "'café'");
        assert_eq!(raw_bytes(&u), "'café'".as_bytes());
        assert_eq!(raw_len(&u), 7);
    }
}
