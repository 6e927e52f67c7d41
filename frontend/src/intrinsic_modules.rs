//! The named constants of the intrinsic modules `iso_fortran_env` and `iso_c_binding` (the
//! values gfortran uses on x86_64 Linux). Their procedures and derived types (`c_loc`,
//! `c_ptr`, `compiler_version`, ...) are not supported yet.

/// `iso_fortran_env`'s integer constants.
const ISO_FORTRAN_ENV: &[(&str, i64)] = &[
    ("int8", 1),
    ("int16", 2),
    ("int32", 4),
    ("int64", 8),
    ("real32", 4),
    ("real64", 8),
    ("real128", 16),
    ("input_unit", 5),
    ("output_unit", 6),
    ("error_unit", 0),
    ("iostat_end", -1),
    ("iostat_eor", -2),
    ("character_storage_size", 8),
    ("numeric_storage_size", 32),
    ("file_storage_size", 8),
    ("atomic_int_kind", 4),
    ("atomic_logical_kind", 4),
];

/// `iso_c_binding`'s kind constants.
const ISO_C_BINDING: &[(&str, i64)] = &[
    ("c_int", 4),
    ("c_short", 2),
    ("c_long", 8),
    ("c_long_long", 8),
    ("c_signed_char", 1),
    ("c_size_t", 8),
    ("c_int8_t", 1),
    ("c_int16_t", 2),
    ("c_int32_t", 4),
    ("c_int64_t", 8),
    ("c_int_least8_t", 1),
    ("c_int_least16_t", 2),
    ("c_int_least32_t", 4),
    ("c_int_least64_t", 8),
    ("c_int_fast8_t", 1),
    ("c_int_fast16_t", 8),
    ("c_int_fast32_t", 8),
    ("c_int_fast64_t", 8),
    ("c_intmax_t", 8),
    ("c_intptr_t", 8),
    ("c_ptrdiff_t", 8),
    ("c_float", 4),
    ("c_double", 8),
    ("c_long_double", 10),
    ("c_float_complex", 4),
    ("c_double_complex", 8),
    ("c_long_double_complex", 10),
    ("c_bool", 1),
    ("c_char", 1),
];

/// The constants of intrinsic module `module`, if gpuf provides it.
pub fn constants(module: &str) -> Option<&'static [(&'static str, i64)]> {
    match module {
        "iso_fortran_env" => Some(ISO_FORTRAN_ENV),
        "iso_c_binding" => Some(ISO_C_BINDING),
        _ => None,
    }
}
