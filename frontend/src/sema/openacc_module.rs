//! The intrinsic module `openacc`: its named constants, its routines' signatures and link
//! names, and the keyword form of calls of them.

use super::*;

/// The named constants of the intrinsic module `openacc` (all `integer(4)`).
pub const OPENACC_CONSTANTS: &[(&str, i64)] = &[
    ("acc_device_kind", 4),
    ("acc_handle_kind", 4),
    ("openacc_version", 201711),
    ("acc_device_none", 0),
    ("acc_device_default", 1),
    ("acc_device_host", 2),
    ("acc_device_not_host", 3),
    ("acc_device_nvidia", 4),
    ("acc_device_radeon", 5),
    ("acc_async_noval", -1),
    ("acc_async_sync", -2),
    ("acc_device_property_kind", 4),
    ("acc_property_memory", 1),
    ("acc_property_free_memory", 2),
    ("acc_property_shared_memory_support", 3),
    ("acc_property_name", 0x10001),
    ("acc_property_vendor", 0x10002),
    ("acc_property_driver", 0x10003),
];

/// The comment that ends the `use` line of the built-in `openacc_lib.h`.
pub const OPENACC_LIB_H_MARK: &str = "! gpuf: openacc_lib.h";

/// The text of the header `openacc_lib.h` (`include 'openacc_lib.h'`, OpenACC's header for
/// Fortran): the module `openacc` made available, its `use` line marked so that it may
/// stand where the `include` line does, also after `implicit` and declarations.
pub fn openacc_lib_h() -> String {
    format!("      use openacc {OPENACC_LIB_H_MARK}\n")
}

/// The result of an `openacc` routine.
#[derive(Clone, Copy)]
pub(super) enum AccResult {
    Sub,
    Int,
    /// `integer(c_size_t)`.
    Int8,
    Logical,
}

/// The routines of `openacc` other than the data routines: Fortran name, link name,
/// dummies (`?` marks an optional one), result.
pub(super) const OPENACC_ROUTINES: &[(&str, &str, &[&str], AccResult)] = &[
    ("acc_get_num_devices", "gpuf_acc_get_num_devices", &["dev_type"], AccResult::Int),
    ("acc_set_device_type", "gpuf_acc_set_device_type", &["dev_type"], AccResult::Sub),
    ("acc_get_device_type", "gpuf_acc_get_device_type", &[], AccResult::Int),
    ("acc_set_device_num", "gpuf_acc_set_device_num", &["dev_num", "dev_type"], AccResult::Sub),
    ("acc_get_device_num", "gpuf_acc_get_device_num", &["dev_type"], AccResult::Int),
    ("acc_init", "gpuf_acc_init", &["dev_type"], AccResult::Sub),
    ("acc_shutdown", "gpuf_acc_shutdown", &["dev_type"], AccResult::Sub),
    ("acc_on_device", "gpuf_acc_on_device", &["dev_type"], AccResult::Logical),
    ("acc_async_test", "gpuf_acc_async_test", &["wait_arg"], AccResult::Logical),
    ("acc_async_test_all", "gpuf_acc_async_test_all", &[], AccResult::Logical),
    ("acc_wait", "gpuf_acc_wait", &["wait_arg"], AccResult::Sub),
    ("acc_async_wait", "gpuf_acc_wait", &["wait_arg"], AccResult::Sub),
    ("acc_wait_all", "gpuf_acc_wait_all", &[], AccResult::Sub),
    ("acc_async_wait_all", "gpuf_acc_wait_all", &[], AccResult::Sub),
    ("acc_wait_async", "gpuf_acc_wait_async", &["wait_arg", "async_arg"], AccResult::Sub),
    ("acc_wait_all_async", "gpuf_acc_wait_all_async", &["async_arg"], AccResult::Sub),
    ("acc_wait_device", "gpuf_acc_wait_device", &["wait_arg", "dev_num"], AccResult::Sub),
    ("acc_wait_device_async", "gpuf_acc_wait_device_async", &["wait_arg", "async_arg", "dev_num"], AccResult::Sub),
    ("acc_wait_all_device", "gpuf_acc_wait_all_device", &["dev_num"], AccResult::Sub),
    ("acc_wait_all_device_async", "gpuf_acc_wait_all_device_async", &["async_arg", "dev_num"], AccResult::Sub),
    ("acc_async_test_device", "gpuf_acc_async_test_device", &["wait_arg", "dev_num"], AccResult::Logical),
    ("acc_async_test_all_device", "gpuf_acc_async_test_all_device", &["dev_num"], AccResult::Logical),
    ("acc_set_default_async", "gpuf_acc_set_default_async", &["async_arg"], AccResult::Sub),
    ("acc_get_default_async", "gpuf_acc_get_default_async", &[], AccResult::Int),
    ("acc_is_present", "gpuf_acc_is_present", &["data_arg", "len?"], AccResult::Logical),
    ("acc_init_device", "gpuf_acc_init_device", &["dev_num", "dev_type"], AccResult::Sub),
    ("acc_shutdown_device", "gpuf_acc_shutdown_device", &["dev_num", "dev_type"], AccResult::Sub),
    ("acc_get_property", "gpuf_acc_get_property", &["dev_num", "dev_type", "property"], AccResult::Int8),
    ("acc_get_property_string", "gpuf_acc_get_property_string", &["dev_num", "dev_type", "property", "string"], AccResult::Sub),
    ("acc_memcpy_d2d", "gpuf_acc_memcpy_d2d", &["data_arg_dest", "data_arg_src", "bytes", "dev_num_dest", "dev_num_src"], AccResult::Sub),
    (
        "acc_memcpy_d2d_async",
        "gpuf_acc_memcpy_d2d_async",
        &["data_arg_dest", "data_arg_src", "bytes", "dev_num_dest", "dev_num_src", "async_arg_src"],
        AccResult::Sub,
    ),
    // Device memory by address (`type(c_ptr)`, an `integer(8)` address in gpuf).
    ("acc_malloc", "gpuf_acc_malloc", &["bytes"], AccResult::Int8),
    ("acc_free", "gpuf_acc_free", &["data_dev"], AccResult::Sub),
    ("acc_deviceptr", "gpuf_acc_deviceptr", &["data_arg"], AccResult::Int8),
    ("acc_hostptr", "gpuf_acc_hostptr", &["data_dev"], AccResult::Int8),
    ("acc_map_data", "gpuf_acc_map_data", &["data_arg", "data_dev", "bytes"], AccResult::Sub),
    ("acc_unmap_data", "gpuf_acc_unmap_data", &["data_arg"], AccResult::Sub),
    ("acc_memcpy_to_device", "gpuf_acc_memcpy_to_device", &["data_dev_dest", "data_arg_src", "bytes"], AccResult::Sub),
    (
        "acc_memcpy_to_device_async",
        "gpuf_acc_memcpy_to_device_async",
        &["data_dev_dest", "data_arg_src", "bytes", "async_arg"],
        AccResult::Sub,
    ),
    ("acc_memcpy_from_device", "gpuf_acc_memcpy_from_device", &["data_arg_dest", "data_dev_src", "bytes"], AccResult::Sub),
    (
        "acc_memcpy_from_device_async",
        "gpuf_acc_memcpy_from_device_async",
        &["data_arg_dest", "data_dev_src", "bytes", "async_arg"],
        AccResult::Sub,
    ),
    ("acc_memcpy_device", "gpuf_acc_memcpy_device", &["data_dev_dest", "data_dev_src", "bytes"], AccResult::Sub),
    ("acc_memcpy_device_async", "gpuf_acc_memcpy_device_async", &["data_dev_dest", "data_dev_src", "bytes", "async_arg"], AccResult::Sub),
];

/// The data routines of `openacc` (`(data_arg [, len])`, and `_async` forms with a
/// trailing `async_arg` for those with a link name of their own): Fortran name, link name.
pub(super) const OPENACC_DATA_ROUTINES: &[(&str, &str)] = &[
    ("acc_copyin", "gpuf_acc_copyin"),
    ("acc_create", "gpuf_acc_create"),
    ("acc_copyout", "gpuf_acc_copyout"),
    ("acc_delete", "gpuf_acc_delete"),
    ("acc_copyout_finalize", "gpuf_acc_copyout_finalize"),
    ("acc_delete_finalize", "gpuf_acc_delete_finalize"),
    ("acc_update_device", "gpuf_acc_update_device"),
    ("acc_update_self", "gpuf_acc_update_self"),
    ("acc_present_or_copyin", "gpuf_acc_present_or_copyin"),
    ("acc_present_or_create", "gpuf_acc_present_or_create"),
    ("acc_pcopyin", "gpuf_acc_present_or_copyin"),
    ("acc_pcreate", "gpuf_acc_present_or_create"),
];

/// Every routine of `openacc`: its Fortran name and its signature. A routine's key in
/// [`Procs`] is its link name (aliases such as `acc_pcopyin` share the key of the
/// routine they stand for).
pub fn openacc_routines() -> Vec<(String, ProcSig)> {
    let arg = |d: &str| {
        let (name, optional) = match d.strip_suffix('?') {
            Some(n) => (n, true),
            None => (d, false),
        };
        ArgSig {
            name: name.to_string(),
            // `string`: the result of `acc_get_property_string`; `data_dev*`: a device
            // address (`type(c_ptr), value`).
            base: if name == "string" {
                BaseTy::Character
            } else if name.starts_with("data_dev") {
                BaseTy::Integer(8)
            } else {
                BaseTy::Integer(4)
            },
            rank: 0,
            assumed_shape: false,
            intent: match name {
                "string" => Some(Intent::Out),
                n if n.starts_with("data_arg") => None,
                _ => Some(Intent::In),
            },
            optional,
            // A byte count of any integer kind (`integer(c_size_t)` in the interface).
            any_type: name == "bytes",
            allocatable: false,
            pointer: false,
            value: name.starts_with("data_dev"),
            class: false,
        }
    };
    let sig = |name: &str, link: &str, dummies: &[&str], res: AccResult| ProcSig {
        name: name.to_string(),
        kind: if matches!(res, AccResult::Sub) { UnitKind::Subroutine } else { UnitKind::Function },
        link_name: link.to_string(),
        args: dummies.iter().map(|d| arg(d)).collect(),
        result: match res {
            AccResult::Sub => None,
            AccResult::Int => Some((BaseTy::Integer(4), 0)),
            AccResult::Int8 => Some((BaseTy::Integer(8), 0)),
            AccResult::Logical => Some((BaseTy::Logical(4), 0)),
        },
        result_len: None,
        defined: false,
        explicit: true,
        module: None,
        elemental: false,
        api: true,
        routine: false,
        routine_level: 0,
        routine_nohost: false,
        routine_bind: Default::default(),
        routine_twin: false,
        result_pointer: false,
        result_class: false,
    };
    let mut out: Vec<(String, ProcSig)> = OPENACC_ROUTINES.iter().map(|(n, l, d, r)| (n.to_string(), sig(n, l, d, *r))).collect();
    for (n, l) in OPENACC_DATA_ROUTINES {
        out.push((n.to_string(), sig(n, l, &["data_arg", "len?"], AccResult::Sub)));
    }
    for (n, l) in OPENACC_DATA_ROUTINES {
        if l.strip_prefix("gpuf_") == Some(n) {
            let (n, l) = (format!("{n}_async"), format!("{l}_async"));
            out.push((n.clone(), sig(&n, &l, &["data_arg", "len?", "async_arg"], AccResult::Sub)));
        }
    }
    out
}

/// The key in [`Procs`] of the `openacc` routine `name`.
pub(super) fn openacc_key(name: &str) -> Option<String> {
    if let Some((_, l, _, _)) = OPENACC_ROUTINES.iter().find(|r| r.0 == name) {
        return Some(l.to_string());
    }
    let (base, suffix) = match name.strip_suffix("_async") {
        Some(b) => (b, "_async"),
        None => (name, ""),
    };
    let (n, l) = OPENACC_DATA_ROUTINES.iter().find(|r| r.0 == base)?;
    if !suffix.is_empty() && l.strip_prefix("gpuf_") != Some(n) {
        return None;
    }
    Some(format!("{l}{suffix}"))
}

/// The arguments of a call of an `openacc` routine (already matched with its dummies) as
/// keyword arguments in dummy order, so that lowering needs no positional rules.
pub(super) fn api_keyword_args(sig: &ProcSig, args: Vec<Arg>) -> Vec<Arg> {
    let order = positional_order(sig, &args);
    let mut slots: Vec<Option<Expr>> = vec![None; sig.args.len()];
    let mut pos = 0usize;
    for a in args {
        let (j, e) = match a {
            Arg::Index(e) => {
                pos += 1;
                (order.get(pos - 1).copied(), e)
            }
            Arg::Keyword(k, e) => (sig.args.iter().position(|d| d.name == k.name), e),
            Arg::Range { .. } => continue,
        };
        if let Some(sl) = j.and_then(|j| slots.get_mut(j)) {
            *sl = Some(e);
        }
    }
    slots
        .into_iter()
        .zip(&sig.args)
        .filter_map(|(e, d)| {
            let e = e?;
            Some(Arg::Keyword(Ident { name: d.name.clone(), span: e.span }, e))
        })
        .collect()
}

impl Checker {
    /// Imports the named constants of the intrinsic module `openacc` (its routines are in
    /// the unit's scope already, see [`Global::collect`]).
    pub(super) fn use_openacc(&mut self, u: &Use) {
        self.use_constants(u, OPENACC_CONSTANTS, |this, remote| {
            if openacc_key(&remote.name).is_some() {
                return;
            }
            if remote.name.starts_with("acc_") {
                this.err(Diagnostic::not_yet(format!("the OpenACC routine `{}`", remote.name), remote.span));
            } else {
                this.err(
                    Diagnostic::error("E0121", format!("`{}` is not in module `openacc`", remote.name), remote.span)
                        .with_label("not found in the module"),
                );
            }
        });
    }
}
