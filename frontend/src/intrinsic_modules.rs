//! The named constants of the intrinsic modules `iso_fortran_env`, `iso_c_binding`,
//! `omp_lib` and `omp_lib_kinds` (the values gfortran uses on x86_64 Linux), and the other
//! entities of `iso_c_binding` (its character constants, its types and procedures, which
//! the parser and sema know by name). `iso_fortran_env`'s procedures (`compiler_version`,
//! ...) are not supported yet.

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
    // `type(c_ptr)` / `type(c_funptr)` constants: gpuf's `c_ptr` is an `integer(8)` address.
    ("c_null_ptr", 0),
    ("c_null_funptr", 0),
];

/// `iso_c_binding`'s character constants (`character(kind=c_char)`, length 1): their codes.
pub const C_CHARS: &[(&str, u8)] = &[
    ("c_null_char", 0),
    ("c_alert", 7),
    ("c_backspace", 8),
    ("c_form_feed", 12),
    ("c_new_line", 10),
    ("c_carriage_return", 13),
    ("c_horizontal_tab", 9),
    ("c_vertical_tab", 11),
];

/// `iso_c_binding`'s types and procedures: the parser (`type(c_ptr)`) and sema (intrinsic
/// procedures) know them by name, so importing them creates no symbol.
pub const C_BINDING_NAMES: &[&str] =
    &["c_ptr", "c_funptr", "c_loc", "c_funloc", "c_associated", "c_f_pointer", "c_f_procpointer", "c_sizeof"];

/// The constants of intrinsic module `module`, if gpuf provides it.
/// The named constants of `omp_lib` (`integer(4)` but for the handles, see
/// [`constant_kind`]), with gfortran's values so that
/// objects of both compilers agree.
pub const OMP_LIB_CONSTANTS: &[(&str, i64)] = &[
    // The kinds first: they are `omp_lib_kinds`.
    ("omp_lock_kind", 4),
    ("omp_nest_lock_kind", 8),
    ("omp_sched_kind", 4),
    ("omp_proc_bind_kind", 4),
    ("omp_sync_hint_kind", 4),
    ("omp_lock_hint_kind", 4),
    ("omp_pause_resource_kind", 4),
    ("omp_allocator_handle_kind", 8),
    ("omp_memspace_handle_kind", 8),
    ("omp_event_handle_kind", 8),
    ("omp_depend_kind", 16),
    ("omp_alloctrait_key_kind", 4),
    ("omp_alloctrait_val_kind", 8),
    ("omp_sched_static", 1),
    ("omp_sched_dynamic", 2),
    ("omp_sched_guided", 3),
    ("omp_sched_auto", 4),
    ("omp_proc_bind_false", 0),
    ("omp_proc_bind_true", 1),
    ("omp_proc_bind_primary", 2),
    ("omp_proc_bind_master", 2),
    ("omp_proc_bind_close", 3),
    ("omp_proc_bind_spread", 4),
    ("omp_sync_hint_none", 0),
    ("omp_lock_hint_none", 0),
    ("omp_sync_hint_uncontended", 1),
    ("omp_lock_hint_uncontended", 1),
    ("omp_sync_hint_contended", 2),
    ("omp_lock_hint_contended", 2),
    ("omp_sync_hint_nonspeculative", 4),
    ("omp_lock_hint_nonspeculative", 4),
    ("omp_sync_hint_speculative", 8),
    ("omp_lock_hint_speculative", 8),
    ("omp_pause_soft", 1),
    ("omp_pause_hard", 2),
    ("openmp_version", 201511),
    // Handles, `integer(omp_allocator_handle_kind)` / `integer(omp_memspace_handle_kind)`.
    ("omp_null_allocator", 0),
    ("omp_default_mem_alloc", 1),
    ("omp_large_cap_mem_alloc", 2),
    ("omp_const_mem_alloc", 3),
    ("omp_high_bw_mem_alloc", 4),
    ("omp_low_lat_mem_alloc", 5),
    ("omp_cgroup_mem_alloc", 6),
    ("omp_pteam_mem_alloc", 7),
    ("omp_thread_mem_alloc", 8),
    ("omp_default_mem_space", 0),
    ("omp_large_cap_mem_space", 1),
    ("omp_const_mem_space", 2),
    ("omp_high_bw_mem_space", 3),
    ("omp_low_lat_mem_space", 4),
];

/// The kind of an intrinsic module's named integer constant: 4, but 8 for `omp_lib`'s
/// allocator and memory-space handles.
pub fn constant_kind(name: &str) -> u8 {
    if name == "c_null_ptr"
        || name == "c_null_funptr"
        || name.starts_with("omp_") && (name.ends_with("_mem_alloc") || name.ends_with("_mem_space") || name == "omp_null_allocator")
    {
        8
    } else {
        4
    }
}

/// The named constants of `omp_lib_kinds`: the kinds of `omp_lib`.
pub const OMP_LIB_KINDS: &[(&str, i64)] = OMP_LIB_CONSTANTS.split_at(13).0;

pub fn constants(module: &str) -> Option<&'static [(&'static str, i64)]> {
    match module {
        "iso_fortran_env" => Some(ISO_FORTRAN_ENV),
        "iso_c_binding" => Some(ISO_C_BINDING),
        "omp_lib" => Some(OMP_LIB_CONSTANTS),
        "omp_lib_kinds" => Some(OMP_LIB_KINDS),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn omp_lib_kinds_are_the_kinds_of_omp_lib() {
        assert!(OMP_LIB_KINDS.iter().all(|(n, _)| n.ends_with("_kind")));
        let rest = OMP_LIB_CONSTANTS.get(OMP_LIB_KINDS.len()..).unwrap_or_default();
        assert!(rest.iter().all(|(n, _)| !n.ends_with("_kind")), "{rest:?}");
    }
}
