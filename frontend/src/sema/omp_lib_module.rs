//! The intrinsic modules `omp_lib` and `omp_lib_kinds`: their named constants (the values
//! of gfortran's `omp_lib`, so that objects of both compilers agree) and the signatures of
//! the OpenMP runtime routines.
//!
//! The routines are ordinary external procedures with an explicit interface, arguments by
//! reference and gfortran's link names (`omp_get_thread_num_`): libgomp's Fortran entry
//! points, so a program mixing gpuf and gfortran objects has one OpenMP run time, except
//! for the device routines, which gpuf's run-time library defines (it owns the offload
//! devices). Inside
//! a target region gimplify replaces calls of the routines that have a device meaning.

use super::*;
use crate::intrinsic_modules::{OMP_LIB_CONSTANTS, OMP_LIB_KINDS};

/// A dummy or result type of an `omp_lib` routine.
#[derive(Clone, Copy, PartialEq)]
enum T {
    Int,
    Logical,
    Double,
    /// The `bind(c)` device memory routines' `value` dummies and results: `integer(c_int)`,
    /// `integer(c_size_t)`, `type(c_ptr)` (an `integer(8)` address in gpuf).
    CInt,
    CSize,
    CPtr,
    /// `integer(c_size_t) :: a(*)` (by address).
    CSizeArr,
    /// `integer(omp_depend_kind), optional :: depobj_list(*)`.
    DepArr,
}

/// The routines of `omp_lib`: Fortran name, link name, dummies (name, type, intent),
/// result (None: a subroutine).
#[allow(clippy::type_complexity)]
const OMP_LIB_ROUTINES: &[(&str, &str, &[(&str, T, Intent)], Option<T>)] = &[
    ("omp_get_num_threads", "omp_get_num_threads_", &[], Some(T::Int)),
    ("omp_get_thread_num", "omp_get_thread_num_", &[], Some(T::Int)),
    ("omp_get_max_threads", "omp_get_max_threads_", &[], Some(T::Int)),
    ("omp_set_num_threads", "omp_set_num_threads_", &[("num_threads", T::Int, Intent::In)], None),
    ("omp_get_num_procs", "omp_get_num_procs_", &[], Some(T::Int)),
    ("omp_in_parallel", "omp_in_parallel_", &[], Some(T::Logical)),
    ("omp_get_level", "omp_get_level_", &[], Some(T::Int)),
    ("omp_get_active_level", "omp_get_active_level_", &[], Some(T::Int)),
    ("omp_get_ancestor_thread_num", "omp_get_ancestor_thread_num_", &[("level", T::Int, Intent::In)], Some(T::Int)),
    ("omp_get_team_size", "omp_get_team_size_", &[("level", T::Int, Intent::In)], Some(T::Int)),
    ("omp_get_thread_limit", "omp_get_thread_limit_", &[], Some(T::Int)),
    ("omp_get_max_active_levels", "omp_get_max_active_levels_", &[], Some(T::Int)),
    ("omp_set_max_active_levels", "omp_set_max_active_levels_", &[("max_levels", T::Int, Intent::In)], None),
    ("omp_get_wtime", "omp_get_wtime_", &[], Some(T::Double)),
    ("omp_get_wtick", "omp_get_wtick_", &[], Some(T::Double)),
    ("omp_get_dynamic", "omp_get_dynamic_", &[], Some(T::Logical)),
    ("omp_set_dynamic", "omp_set_dynamic_", &[("dynamic_threads", T::Logical, Intent::In)], None),
    ("omp_get_nested", "omp_get_nested_", &[], Some(T::Logical)),
    ("omp_set_nested", "omp_set_nested_", &[("nested", T::Logical, Intent::In)], None),
    ("omp_in_final", "omp_in_final_", &[], Some(T::Logical)),
    ("omp_get_cancellation", "omp_get_cancellation_", &[], Some(T::Logical)),
    ("omp_get_team_num", "omp_get_team_num_", &[], Some(T::Int)),
    ("omp_get_num_teams", "omp_get_num_teams_", &[], Some(T::Int)),
    ("omp_init_lock", "omp_init_lock_", &[("svar", T::Int, Intent::Out)], None),
    ("omp_destroy_lock", "omp_destroy_lock_", &[("svar", T::Int, Intent::InOut)], None),
    ("omp_set_lock", "omp_set_lock_", &[("svar", T::Int, Intent::InOut)], None),
    ("omp_unset_lock", "omp_unset_lock_", &[("svar", T::Int, Intent::InOut)], None),
    ("omp_test_lock", "omp_test_lock_", &[("svar", T::Int, Intent::InOut)], Some(T::Logical)),
    // The offload devices are gpuf's: its run-time library defines these (in place of
    // libgomp's, for gfortran's objects too).
    ("omp_get_num_devices", "omp_get_num_devices_", &[], Some(T::Int)),
    ("omp_get_device_num", "omp_get_device_num_", &[], Some(T::Int)),
    ("omp_get_initial_device", "omp_get_initial_device_", &[], Some(T::Int)),
    ("omp_is_initial_device", "omp_is_initial_device_", &[], Some(T::Logical)),
    ("omp_get_default_device", "omp_get_default_device_", &[], Some(T::Int)),
    ("omp_set_default_device", "omp_set_default_device_", &[("device_num", T::Int, Intent::In)], None),
    // Device memory routines: `bind(c)` interfaces in gfortran's `omp_lib` (C names, `value`
    // dummies), defined by gpuf's run-time library.
    ("omp_target_alloc", "omp_target_alloc", &[("size", T::CSize, Intent::In), ("device_num", T::CInt, Intent::In)], Some(T::CPtr)),
    ("omp_target_free", "omp_target_free", &[("device_ptr", T::CPtr, Intent::In), ("device_num", T::CInt, Intent::In)], None),
    ("omp_target_is_present", "omp_target_is_present", &[("ptr", T::CPtr, Intent::In), ("device_num", T::CInt, Intent::In)], Some(T::CInt)),
    (
        "omp_target_is_accessible",
        "omp_target_is_accessible",
        &[("ptr", T::CPtr, Intent::In), ("size", T::CSize, Intent::In), ("device_num", T::CInt, Intent::In)],
        Some(T::CInt),
    ),
    (
        "omp_target_memcpy",
        "omp_target_memcpy",
        &[
            ("dst", T::CPtr, Intent::In),
            ("src", T::CPtr, Intent::In),
            ("length", T::CSize, Intent::In),
            ("dst_offset", T::CSize, Intent::In),
            ("src_offset", T::CSize, Intent::In),
            ("dst_device_num", T::CInt, Intent::In),
            ("src_device_num", T::CInt, Intent::In),
        ],
        Some(T::CInt),
    ),
    (
        "omp_target_memcpy_async",
        "omp_target_memcpy_async",
        &[
            ("dst", T::CPtr, Intent::In),
            ("src", T::CPtr, Intent::In),
            ("length", T::CSize, Intent::In),
            ("dst_offset", T::CSize, Intent::In),
            ("src_offset", T::CSize, Intent::In),
            ("dst_device_num", T::CInt, Intent::In),
            ("src_device_num", T::CInt, Intent::In),
            ("depobj_count", T::CInt, Intent::In),
            ("depobj_list", T::DepArr, Intent::In),
        ],
        Some(T::CInt),
    ),
    (
        "omp_target_memcpy_rect",
        "omp_target_memcpy_rect",
        &[
            ("dst", T::CPtr, Intent::In),
            ("src", T::CPtr, Intent::In),
            ("element_size", T::CSize, Intent::In),
            ("num_dims", T::CInt, Intent::In),
            ("volume", T::CSizeArr, Intent::In),
            ("dst_offsets", T::CSizeArr, Intent::In),
            ("src_offsets", T::CSizeArr, Intent::In),
            ("dst_dimensions", T::CSizeArr, Intent::In),
            ("src_dimensions", T::CSizeArr, Intent::In),
            ("dst_device_num", T::CInt, Intent::In),
            ("src_device_num", T::CInt, Intent::In),
        ],
        Some(T::CInt),
    ),
    (
        "omp_target_memcpy_rect_async",
        "omp_target_memcpy_rect_async",
        &[
            ("dst", T::CPtr, Intent::In),
            ("src", T::CPtr, Intent::In),
            ("element_size", T::CSize, Intent::In),
            ("num_dims", T::CInt, Intent::In),
            ("volume", T::CSizeArr, Intent::In),
            ("dst_offsets", T::CSizeArr, Intent::In),
            ("src_offsets", T::CSizeArr, Intent::In),
            ("dst_dimensions", T::CSizeArr, Intent::In),
            ("src_dimensions", T::CSizeArr, Intent::In),
            ("dst_device_num", T::CInt, Intent::In),
            ("src_device_num", T::CInt, Intent::In),
            ("depobj_count", T::CInt, Intent::In),
            ("depobj_list", T::DepArr, Intent::In),
        ],
        Some(T::CInt),
    ),
];

/// Names of `omp_lib` gpuf does not provide yet (they need `type(c_ptr)` or nest locks of
/// `integer(8)`): using one is "not yet implemented".
const OMP_LIB_MISSING: &[&str] = &[
    "omp_target_is_accessible",
    "omp_target_associate_ptr",
    "omp_target_disassociate_ptr",
    "omp_init_nest_lock",
    "omp_destroy_nest_lock",
    "omp_set_nest_lock",
    "omp_unset_nest_lock",
    "omp_test_nest_lock",
    "omp_set_schedule",
    "omp_get_schedule",
    "omp_get_proc_bind",
];

fn base(t: T) -> BaseTy {
    match t {
        T::Int | T::CInt => BaseTy::Integer(4),
        T::Logical => BaseTy::Logical(4),
        T::Double => BaseTy::Real(8),
        T::CSize | T::CPtr | T::CSizeArr => BaseTy::Integer(8),
        T::DepArr => BaseTy::Integer(16),
    }
}

/// Every routine of `omp_lib`: its Fortran name and its signature (keyed by link name in
/// [`Procs`]).
pub fn omp_lib_routines() -> Vec<(String, ProcSig)> {
    OMP_LIB_ROUTINES
        .iter()
        .map(|(name, link, dummies, res)| {
            let sig = ProcSig {
                name: name.to_string(),
                kind: if res.is_some() { UnitKind::Function } else { UnitKind::Subroutine },
                link_name: link.to_string(),
                args: dummies
                    .iter()
                    .map(|(n, t, intent)| ArgSig {
                        name: n.to_string(),
                        base: base(*t),
                        rank: u8::from(matches!(t, T::CSizeArr | T::DepArr)),
                        assumed_shape: false,
                        intent: Some(*intent),
                        optional: *t == T::DepArr,
                        any_type: false,
                        allocatable: false,
                        pointer: false,
                        value: matches!(t, T::CInt | T::CSize | T::CPtr),
                        class: false,
                    })
                    .collect(),
                result: res.map(|t| (base(t), 0)),
                result_len: None,
                routine: false,
                routine_level: 0,
                routine_nohost: false,
                routine_bind: Default::default(),
                routine_twin: false,
                result_pointer: false,
                result_class: false,
                defined: false,
                explicit: true,
                module: None,
                elemental: false,
                api: false,
            };
            (name.to_string(), sig)
        })
        .collect()
}

/// The text of the header `omp_lib.h` (`include 'omp_lib.h'`): the constants of `omp_lib`
/// and its routines as typed external procedures, in the columns both source forms accept.
pub fn omp_lib_h() -> String {
    let mut out = String::from("! omp_lib.h (built into gpuf)\n");
    for (n, v) in OMP_LIB_CONSTANTS {
        out.push_str(&format!("      integer, parameter :: {n} = {v}\n"));
    }
    for (n, _, dummies, res) in OMP_LIB_ROUTINES {
        if dummies.iter().any(|d| d.1 == T::CPtr) || *res == Some(T::CPtr) {
            // `type(c_ptr)` routines need interfaces (`iso_c_binding`): only in `omp_lib`.
            continue;
        }
        match res {
            Some(T::Int) => out.push_str(&format!("      integer {n}\n")),
            Some(T::Logical) => out.push_str(&format!("      logical {n}\n")),
            Some(T::Double) => out.push_str(&format!("      double precision {n}\n")),
            Some(T::CInt) => out.push_str(&format!("      integer(4) {n}\n")),
            Some(_) | None => {}
        }
        out.push_str(&format!("      external {n}\n"));
    }
    out
}

/// Whether `link` is the link name of an `omp_lib` routine, and which one.
pub fn omp_lib_routine_of(link: &str) -> Option<&'static str> {
    OMP_LIB_ROUTINES.iter().find(|r| r.1 == link).map(|r| r.0)
}

impl Checker {
    /// Imports the named constants of `omp_lib` / `omp_lib_kinds` (the routines of
    /// `omp_lib` are in the unit's scope already, see [`Global::collect`]).
    pub(super) fn use_omp_lib(&mut self, u: &Use) {
        let kinds_only = u.module.name == "omp_lib_kinds";
        let table = if kinds_only { OMP_LIB_KINDS } else { OMP_LIB_CONSTANTS };
        let mname = u.module.name.clone();
        self.use_constants(u, table, move |this, remote| {
            if !kinds_only && OMP_LIB_ROUTINES.iter().any(|r| r.0 == remote.name) {
                return;
            }
            if !kinds_only && OMP_LIB_MISSING.contains(&remote.name.as_str()) {
                this.err(Diagnostic::not_yet(format!("the OpenMP routine `{}`", remote.name), remote.span));
            } else {
                this.err(
                    Diagnostic::error("E0121", format!("`{}` is not in module `{mname}`", remote.name), remote.span)
                        .with_label("not found in the module"),
                );
            }
        });
    }
}
