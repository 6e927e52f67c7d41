//! gfortran's options that change the language (`-fdefault-real-8`, `-fdefault-double-8`,
//! `-fdefault-integer-8`, `-fbackslash`, `-fno-underscoring`): set for the thread that
//! compiles one file ([`set`], from [`crate::Options`]) and read by the lexer, the parser
//! and sema.

use std::cell::Cell;

/// The language options of one compilation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dialect {
    /// `-fdefault-real-8`: default `real` and `complex` (and literals without a kind) are
    /// of kind 8; `double precision` becomes kind 16 unless `default_double8`.
    pub default_real8: bool,
    /// `-fdefault-double-8`: `double precision` stays kind 8 under `-fdefault-real-8`.
    pub default_double8: bool,
    /// `-fbackslash`: C escapes in character literals.
    pub backslash: bool,
    /// `-fno-underscoring`: external names without gfortran's trailing underscore.
    pub no_underscoring: bool,
    /// `-fdefault-integer-8`: default `integer` and `logical` (declarations, literals,
    /// implicit typing, the results of intrinsics and relational operators) are of kind 8.
    pub default_integer8: bool,
}

thread_local! {
    static DIALECT: Cell<Dialect> = const { Cell::new(Dialect { default_real8: false, default_double8: false, backslash: false, no_underscoring: false, default_integer8: false }) };
}

/// Sets the options for the compilations that follow on this thread.
pub fn set(d: Dialect) {
    DIALECT.with(|c| c.set(d));
}

pub fn get() -> Dialect {
    DIALECT.with(Cell::get)
}

/// The kind of default `real` (and `complex`).
pub fn real_kind() -> u8 {
    if get().default_real8 {
        8
    } else {
        4
    }
}

/// The kind of default `integer`.
pub fn int_kind() -> u8 {
    if get().default_integer8 {
        8
    } else {
        4
    }
}

/// The kind of default `logical`.
pub fn logical_kind() -> u8 {
    int_kind()
}

/// The kind of `double precision` (and `d` exponents, `double complex`, `dble`).
pub fn double_kind() -> u8 {
    let d = get();
    if d.default_real8 && !d.default_double8 {
        16
    } else {
        8
    }
}

/// The link name of external procedure or common block `name`.
pub fn external_name(name: &str) -> String {
    if get().no_underscoring {
        name.to_string()
    } else {
        format!("{name}_")
    }
}

/// A character literal's text with `-fbackslash` escapes replaced (`\n`, `\t`, `\\`,
/// `\0`, `\xNN`, ...); unchanged without `-fbackslash`.
pub fn unescape(s: &str) -> String {
    if !get().backslash || !s.contains('\\') {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = it.next() else {
            out.push('\\');
            break;
        };
        match e {
            'a' => out.push('\u{7}'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\u{b}'),
            '0' => out.push('\0'),
            'x' => {
                let mut v = 0u32;
                let mut n = 0;
                while n < 2 {
                    match it.peek().and_then(|c| c.to_digit(16)) {
                        Some(d) => {
                            v = v * 16 + d;
                            it.next();
                            n += 1;
                        }
                        None => break,
                    }
                }
                if n == 0 {
                    out.push_str("\\x");
                } else {
                    out.push(crate::text::byte_char(v as u8));
                }
            }
            other => out.push(other),
        }
    }
    out
}
