//! Elemental, character and inquiry intrinsic functions: their names, arguments and result
//! types.

use super::*;

/// `E0211`: a keyword argument the procedure does not have.
pub(super) fn unknown_keyword(fname: &str, k: &Ident, label: &str) -> Diagnostic {
    Diagnostic::error("E0211", format!("`{fname}` has no argument named `{}`", k.name), k.span).with_label(label)
}

/// `E0219`: a `mask` argument that is not logical.
pub(super) fn mask_not_logical(fname: &str, m: &Expr) -> Diagnostic {
    Diagnostic::error("E0219", format!("the `mask` argument of `{fname}` must be `logical`, found {}", ty_name(m.ty)), m.span)
        .with_label("expected `logical`")
}

/// `E0208`: a `lo:hi` range given as an argument.
pub(super) fn range_argument(fname: &str, span: Span) -> Diagnostic {
    Diagnostic::error("E0208", format!("a range is not an argument of `{fname}`"), span)
        .with_label("ranges are only allowed in array subscripts")
}

pub(super) fn intrinsic_name(f: Intrinsic) -> &'static str {
    match f {
        Intrinsic::Abs => "abs",
        Intrinsic::Sqrt => "sqrt",
        Intrinsic::Exp => "exp",
        Intrinsic::Log => "log",
        Intrinsic::Sin => "sin",
        Intrinsic::Cos => "cos",
        Intrinsic::Max => "max",
        Intrinsic::Min => "min",
        Intrinsic::Mod => "mod",
        Intrinsic::Real => "real",
        Intrinsic::Dble => "dble",
        Intrinsic::Logical => "logical",
        Intrinsic::Int => "int",
        Intrinsic::Nint => "nint",
        Intrinsic::Huge => "huge",
        Intrinsic::Iand => "iand",
        Intrinsic::Ior => "ior",
        Intrinsic::Ieor => "ieor",
        Intrinsic::Sum => "sum",
        Intrinsic::Floor => "floor",
        Intrinsic::Ceiling => "ceiling",
        Intrinsic::Ishft => "ishft",
        Intrinsic::Not => "not",
        Intrinsic::Sign => "sign",
        Intrinsic::Modulo => "modulo",
        Intrinsic::Aint => "aint",
        Intrinsic::Anint => "anint",
        Intrinsic::Float => "float",
        Intrinsic::Sngl => "sngl",
        Intrinsic::Epsilon => "epsilon",
        Intrinsic::Tiny => "tiny",
        Intrinsic::Present => "present",
        Intrinsic::Allocated => "allocated",
        Intrinsic::Associated => "associated",
        Intrinsic::SameTypeAs => "same_type_as",
        Intrinsic::ExtendsTypeOf => "extends_type_of",
        Intrinsic::Transfer => "transfer",
        Intrinsic::Null => "null",
        Intrinsic::Dim => "dim",
        Intrinsic::Size => "size",
        Intrinsic::Shape => "shape",
        Intrinsic::Lbound => "lbound",
        Intrinsic::Ubound => "ubound",
        Intrinsic::Maxval => "maxval",
        Intrinsic::Minval => "minval",
        Intrinsic::Product => "product",
        Intrinsic::Count => "count",
        Intrinsic::Any => "any",
        Intrinsic::All => "all",
        Intrinsic::DotProduct => "dot_product",
        Intrinsic::Maxloc => "maxloc",
        Intrinsic::Minloc => "minloc",
        Intrinsic::Findloc => "findloc",
        Intrinsic::Norm2 => "norm2",
        Intrinsic::CLoc => "c_loc",
        Intrinsic::CFunloc => "c_funloc",
        Intrinsic::CAssociated => "c_associated",
        Intrinsic::CSizeof => "c_sizeof",
        Intrinsic::StorageSize => "storage_size",
        Intrinsic::Merge => "merge",
        Intrinsic::Len => "len",
        Intrinsic::LenTrim => "len_trim",
        Intrinsic::Trim => "trim",
        Intrinsic::Adjustl => "adjustl",
        Intrinsic::Adjustr => "adjustr",
        Intrinsic::Index => "index",
        Intrinsic::Scan => "scan",
        Intrinsic::Verify => "verify",
        Intrinsic::Lge => "lge",
        Intrinsic::Lgt => "lgt",
        Intrinsic::Lle => "lle",
        Intrinsic::Llt => "llt",
        Intrinsic::Repeat => "repeat",
        Intrinsic::Achar => "achar",
        Intrinsic::Iachar => "iachar",
        Intrinsic::Char => "char",
        Intrinsic::Ichar => "ichar",
        Intrinsic::Matmul => "matmul",
        Intrinsic::Transpose => "transpose",
        Intrinsic::Reshape => "reshape",
        Intrinsic::Spread => "spread",
        Intrinsic::Pack => "pack",
        Intrinsic::Unpack => "unpack",
        Intrinsic::Cshift => "cshift",
        Intrinsic::Eoshift => "eoshift",
        Intrinsic::Tan => "tan",
        Intrinsic::Erf => "erf",
        Intrinsic::Erfc => "erfc",
        Intrinsic::ErfcScaled => "erfc_scaled",
        Intrinsic::Gamma => "gamma",
        Intrinsic::LogGamma => "log_gamma",
        Intrinsic::Acosh => "acosh",
        Intrinsic::Asinh => "asinh",
        Intrinsic::Atanh => "atanh",
        Intrinsic::Asin => "asin",
        Intrinsic::Acos => "acos",
        Intrinsic::Atan => "atan",
        Intrinsic::Atan2 => "atan2",
        Intrinsic::Sinh => "sinh",
        Intrinsic::Cosh => "cosh",
        Intrinsic::Tanh => "tanh",
        Intrinsic::Log10 => "log10",
        Intrinsic::Btest => "btest",
        Intrinsic::Ibset => "ibset",
        Intrinsic::Ibclr => "ibclr",
        Intrinsic::Ibits => "ibits",
        Intrinsic::Ishftc => "ishftc",
        Intrinsic::Popcnt => "popcnt",
        Intrinsic::Leadz => "leadz",
        Intrinsic::Trailz => "trailz",
        Intrinsic::BitSize => "bit_size",
        Intrinsic::Kind => "kind",
        Intrinsic::Precision => "precision",
        Intrinsic::Range => "range",
        Intrinsic::Digits => "digits",
        Intrinsic::Radix => "radix",
        Intrinsic::MaxExponent => "maxexponent",
        Intrinsic::MinExponent => "minexponent",
        Intrinsic::SelectedRealKind => "selected_real_kind",
        Intrinsic::SelectedIntKind => "selected_int_kind",
        Intrinsic::CommandArgumentCount => "command_argument_count",
        Intrinsic::Cmplx => "cmplx",
        Intrinsic::Aimag => "aimag",
        Intrinsic::Conjg => "conjg",
        Intrinsic::Shiftl => "shiftl",
        Intrinsic::Shiftr => "shiftr",
        Intrinsic::Shifta => "shifta",
        Intrinsic::Maskl => "maskl",
        Intrinsic::Maskr => "maskr",
        Intrinsic::MergeBits => "merge_bits",
        Intrinsic::Dshiftl => "dshiftl",
        Intrinsic::Dshiftr => "dshiftr",
        Intrinsic::Bge => "bge",
        Intrinsic::Bgt => "bgt",
        Intrinsic::Ble => "ble",
        Intrinsic::Blt => "blt",
        Intrinsic::Poppar => "poppar",
        Intrinsic::IsIostatEnd => "is_iostat_end",
        Intrinsic::IsIostatEor => "is_iostat_eor",
        Intrinsic::Scale => "scale",
        Intrinsic::Fraction => "fraction",
        Intrinsic::Exponent => "exponent",
        Intrinsic::Nearest => "nearest",
        Intrinsic::Spacing => "spacing",
        Intrinsic::Rrspacing => "rrspacing",
        Intrinsic::SetExponent => "set_exponent",
        Intrinsic::BesselJ0 => "bessel_j0",
        Intrinsic::BesselJ1 => "bessel_j1",
        Intrinsic::BesselJn => "bessel_jn",
        Intrinsic::BesselY0 => "bessel_y0",
        Intrinsic::BesselY1 => "bessel_y1",
        Intrinsic::BesselYn => "bessel_yn",
        Intrinsic::Iall => "iall",
        Intrinsic::Iany => "iany",
        Intrinsic::Iparity => "iparity",
        Intrinsic::Parity => "parity",
        Intrinsic::Dprod => "dprod",
        Intrinsic::IsContiguous => "is_contiguous",
        Intrinsic::Rank => "rank",
        Intrinsic::SelectedCharKind => "selected_char_kind",
    }
}

/// Standard intrinsics that exist in Fortran but are not supported yet.
pub(super) const OTHER_INTRINSICS: &[&str] = &[
    "matmul",
    "transpose",
    "len",
    "len_trim",
    "trim",
    "adjustl",
    "adjustr",
    "achar",
    "char",
    "ichar",
    "allocated",
    "reshape",
    "spread",
    "pack",
    "unpack",
    "cshift",
    "eoshift",
    "sqrt8",
    "random_number",
    "cpu_time",
    "system_clock",
    "dsqrt",
    "dexp",
    "dlog",
    "dsin",
    "dcos",
    "dabs",
    "iabs",
    "amax1",
    "amin1",
    "max0",
    "min0",
    "dmax1",
    "dmin1",
];

/// The intrinsic functions of coarrays.
const COARRAY_FUNCS: &[&str] = &[
    "this_image",
    "num_images",
    "image_index",
    "lcobound",
    "ucobound",
    "failed_images",
    "stopped_images",
    "image_status",
    "team_number",
    "get_team",
    "coshape",
];

/// The intrinsic subroutines of coarrays; those named `atomic_*` take an `atom` argument.
const COARRAY_SUBS: &[&str] = &[
    "atomic_add",
    "atomic_and",
    "atomic_cas",
    "atomic_define",
    "atomic_fetch_add",
    "atomic_fetch_and",
    "atomic_fetch_or",
    "atomic_fetch_xor",
    "atomic_or",
    "atomic_ref",
    "atomic_xor",
    "co_broadcast",
    "co_max",
    "co_min",
    "co_reduce",
    "co_sum",
    "event_query",
];

/// `E0266`: a coarray intrinsic (`sub`: subroutine) named `n`, as gfortran without
/// `-fcoarray=` rejects it: coarrays are disabled, so no object is a coarray.
pub(super) fn coarray_intrinsic(n: &str, sub: bool, span: Span) -> Option<Diagnostic> {
    let note = "note: coarrays are disabled (gfortran enables them with `-fcoarray=`; gpuf does not implement them)";
    if sub && COARRAY_SUBS.contains(&n) {
        let d = if n.starts_with("atomic_") {
            Diagnostic::error("E0266", format!("the `atom` argument of `{n}` must be a coarray or a coindexed object"), span)
                .with_label("no coarray can be its argument")
        } else {
            Diagnostic::error("E0266", format!("coarrays are disabled: `{n}` is a collective subroutine of coarrays"), span)
                .with_label("needs coarrays")
        };
        return Some(d.with_note(note));
    }
    if !sub && COARRAY_FUNCS.contains(&n) {
        return Some(
            Diagnostic::error("E0266", format!("coarrays are disabled: `{n}` is an intrinsic function of coarrays"), span)
                .with_label("needs coarrays")
                .with_note(note),
        );
    }
    None
}

/// Intrinsic functions of features not implemented yet (pointers): calling one is a "not
/// yet implemented" diagnostic, not a call of an external function of that name.
pub(super) const NOT_YET_INTRINSICS: &[(&str, &str)] = &[];

/// Intrinsic subroutines not implemented yet.
pub(super) const NOT_YET_INTRINSIC_SUBS: &[(&str, &str)] = &[];

/// What is not yet implemented about the intrinsic `n`, if `n` is one of [`NOT_YET_INTRINSICS`]
/// (`sub`: [`NOT_YET_INTRINSIC_SUBS`]).
pub(super) fn not_yet_intrinsic(n: &str, sub: bool) -> Option<&'static str> {
    let table = if sub { NOT_YET_INTRINSIC_SUBS } else { NOT_YET_INTRINSICS };
    table.iter().find(|(k, _)| *k == n).map(|(_, w)| *w)
}

/// The standard's names of the arguments of the elemental and inquiry intrinsics that
/// `Checker::intrinsic` takes positionally, in order (`kind` arguments, and those of
/// `cmplx`, `transfer` and `associated`, are matched by name there); `max`/`min` take
/// `a1, a2, ...` ([`Checker::keyword_args_in_order`]).
fn argument_names(f: Intrinsic) -> &'static [&'static str] {
    use Intrinsic as I;
    match f {
        I::Sqrt | I::Exp | I::Log | I::Sin | I::Cos | I::Tan | I::Asin | I::Acos | I::Atan | I::Sinh | I::Cosh | I::Tanh => &["x"],
        I::Log10 | I::Erf | I::Erfc | I::ErfcScaled | I::Gamma | I::LogGamma | I::Acosh | I::Asinh | I::Atanh => &["x"],
        I::Huge | I::Tiny | I::Epsilon | I::CLoc | I::CFunloc | I::CSizeof => &["x"],
        I::Atan2 => &["y", "x"],
        I::Dim => &["x", "y"],
        I::Abs | I::Int | I::Nint | I::Real | I::Aint | I::Anint | I::Floor | I::Ceiling | I::Float | I::Sngl => &["a"],
        I::Dble | I::Present | I::StorageSize => &["a"],
        I::Logical => &["l"],
        I::Sign => &["a", "b"],
        I::Mod | I::Modulo => &["a", "p"],
        I::Iand | I::Ior | I::Ieor => &["i", "j"],
        I::Not | I::Popcnt | I::Leadz | I::Trailz | I::Poppar => &["i"],
        I::Ishft => &["i", "shift"],
        I::Ishftc => &["i", "shift", "size"],
        I::Btest | I::Ibset | I::Ibclr => &["i", "pos"],
        I::Ibits => &["i", "pos", "len"],
        I::Merge => &["tsource", "fsource", "mask"],
        I::Aimag | I::Conjg => &["z"],
        I::SameTypeAs => &["a", "b"],
        I::ExtendsTypeOf => &["a", "mold"],
        I::CAssociated => &["c_ptr_1", "c_ptr_2"],
        I::IsIostatEnd | I::IsIostatEor => &["i"],
        _ => &[],
    }
}

impl Checker {
    /// Keyword arguments of the intrinsics [`argument_names`] knows put in positional
    /// order; `kind=` and keywords the intrinsic does not have are left as keywords (for
    /// the caller to take or report). `None` after an error (reported): an argument given
    /// twice, or a later one given while an earlier one is missing.
    fn keyword_args_in_order(&mut self, f: Intrinsic, fname: &str, args: Vec<Arg>, span: Span) -> Option<Vec<Arg>> {
        let names = argument_names(f);
        let max_min = matches!(f, Intrinsic::Max | Intrinsic::Min);
        let slot_of = |name: &str| -> Option<usize> {
            if max_min {
                let n: usize = name.strip_prefix('a')?.parse().ok()?;
                return n.checked_sub(1).filter(|_| !name[1..].starts_with('0'));
            }
            names.iter().position(|p| *p == name)
        };
        let placeable = |a: &Arg| matches!(a, Arg::Keyword(k, _) if slot_of(&k.name).is_some());
        if !args.iter().any(placeable) {
            return Some(args);
        }
        let mut slots: Vec<Option<Expr>> = Vec::new();
        let mut rest = Vec::new();
        let mut npos = 0;
        for a in args {
            let (i, e) = match a {
                Arg::Index(e) => {
                    npos += 1;
                    (npos - 1, e)
                }
                Arg::Keyword(k, e) => match slot_of(&k.name) {
                    Some(i) => {
                        if slots.get(i).is_some_and(Option::is_some) {
                            self.err(
                                Diagnostic::error("E0209", format!("argument `{}` of `{fname}` is given twice", k.name), k.span)
                                    .with_label("given again here"),
                            );
                            return None;
                        }
                        (i, e)
                    }
                    None => {
                        rest.push(Arg::Keyword(k, e));
                        continue;
                    }
                },
                other => {
                    rest.push(other);
                    continue;
                }
            };
            if slots.len() <= i {
                slots.resize_with(i + 1, || None);
            }
            if let Some(s) = slots.get_mut(i) {
                *s = Some(e);
            }
        }
        let mut out = Vec::new();
        for (i, s) in slots.into_iter().enumerate() {
            let Some(e) = s else {
                let missing = if max_min { format!("a{}", i + 1) } else { names.get(i).map_or_else(String::new, |n| n.to_string()) };
                self.err(
                    Diagnostic::error("E0209", format!("argument `{missing}` of `{fname}` is missing"), span)
                        .with_label("a later argument is given without it"),
                );
                return None;
            };
            out.push(Arg::Index(e));
        }
        out.extend(rest);
        Some(out)
    }

    pub(super) fn intrinsic(&mut self, f: Intrinsic, name: Ident, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        let args = self.boz_args(f, args);
        if f.is_array_intrinsic() {
            return self.array_intrinsic(f, args, span);
        }
        if f.is_bit_intrinsic() {
            return self.bit_intrinsic(f, args, span);
        }
        if f.is_model_intrinsic() {
            return self.model_intrinsic(f, args, span);
        }
        if matches!(f, I::Dprod | I::Rank | I::SelectedCharKind | I::IsContiguous) {
            return self.small_intrinsic(f, args, span);
        }
        if matches!(
            f,
            I::Len
                | I::LenTrim
                | I::Trim
                | I::Adjustl
                | I::Adjustr
                | I::Index
                | I::Repeat
                | I::Achar
                | I::Iachar
                | I::Char
                | I::Ichar
                | I::Scan
                | I::Verify
                | I::Lge
                | I::Lgt
                | I::Lle
                | I::Llt
        ) {
            return self.char_intrinsic(f, args, span);
        }
        if matches!(
            f,
            I::Kind
                | I::SelectedRealKind
                | I::SelectedIntKind
                | I::CommandArgumentCount
                | I::BitSize
                | I::Precision
                | I::Range
                | I::Digits
                | I::Radix
                | I::MaxExponent
                | I::MinExponent
        ) {
            return self.inquiry_intrinsic(f, args, span);
        }
        let fname = intrinsic_name(f);
        let Some(args) = self.keyword_args_in_order(f, fname, args, span) else {
            return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
        };
        let mut pos: Vec<Expr> = Vec::new();
        let mut kind_arg: Option<Expr> = None;
        let mut ok = true;
        for a in args {
            match a {
                Arg::Index(mut e) if f == I::CFunloc && pos.is_empty() => {
                    self.proc_target(&mut e, "the argument of `c_funloc`");
                    pos.push(e);
                }
                Arg::Index(mut e) if f == I::Associated && pos.len() == 1 && pos.first().is_some_and(|p| self.is_proc_pointer(p)) => {
                    // `associated(fp, f)`: a procedure.
                    self.proc_target(&mut e, "the second argument of `associated`");
                    pos.push(e);
                }
                Arg::Index(mut e) => {
                    self.expr(&mut e);
                    pos.push(e);
                }
                Arg::Keyword(k, mut e) => {
                    self.expr(&mut e);
                    match (f, k.name.as_str()) {
                        (
                            Intrinsic::Real
                            | Intrinsic::Int
                            | Intrinsic::Nint
                            | Intrinsic::Cmplx
                            | Intrinsic::StorageSize
                            | Intrinsic::Logical,
                            "kind",
                        ) => kind_arg = Some(e),
                        (Intrinsic::Cmplx, "x" | "y") if pos.len() == usize::from(k.name == "y") => pos.push(e),
                        (Intrinsic::Transfer, "source" | "mold" | "size")
                            if pos.len() == ["source", "mold", "size"].iter().position(|n| *n == k.name).unwrap_or(9) =>
                        {
                            pos.push(e)
                        }
                        // `associated(p, target=t)` (a data target: `proc_target` is for
                        // positional procedure targets).
                        (Intrinsic::Associated, "pointer" | "target") if pos.len() == usize::from(k.name == "target") => pos.push(e),
                        _ => {
                            self.err(unknown_keyword(fname, &k, "unknown keyword"));
                            ok = false;
                        }
                    }
                }
                Arg::Range { span: rs, .. } => {
                    self.err(range_argument(fname, rs));
                    ok = false;
                }
            }
        }
        // The optional kind argument of `real`, `int`, `nint` may be positional.
        if matches!(f, Intrinsic::Real | Intrinsic::Int | Intrinsic::Nint | Intrinsic::StorageSize | Intrinsic::Logical)
            && pos.len() == 2
            && kind_arg.is_none()
        {
            kind_arg = pos.pop();
        }
        if f == Intrinsic::Cmplx && pos.len() == 3 && kind_arg.is_none() {
            kind_arg = pos.pop();
        }
        let mk = |pos: Vec<Expr>, kind_arg: Option<Expr>| {
            let mut args = pos;
            // `cmplx`'s kind is in its type; its arguments stay `x [, y]`.
            if f != Intrinsic::Cmplx {
                args.extend(kind_arg);
            }
            ExprKind::Intrinsic { func: f, args }
        };
        if !ok || pos.iter().chain(kind_arg.iter()).any(|e| e.ty == Ty::Unknown) {
            return (mk(pos, kind_arg), Ty::Unknown);
        }
        let nargs = |this: &mut Checker, want: &str| {
            this.err(Diagnostic::error("E0209", format!("`{fname}` takes {want}"), span).with_label("wrong number of arguments"));
            Ty::Unknown
        };
        // Elemental result rank (all array arguments must conform).
        let mut rank = 0u8;
        // (`transfer` is not elemental: its arguments' ranks are free.)
        for e in pos.iter().filter(|_| f != Intrinsic::Transfer) {
            let r = e.ty.rank();
            if r > 0 && rank > 0 && r != rank {
                self.err(
                    Diagnostic::error("E0230", format!("array arguments of `{fname}` have different ranks ({rank} and {r})"), e.span)
                        .with_label("arrays must conform"),
                );
                return (mk(pos, kind_arg), Ty::Unknown);
            }
            rank = rank.max(r);
        }
        let bases: Vec<BaseTy> = pos.iter().filter_map(|e| e.ty.base()).collect();
        let first = bases.first().copied();
        let arg_err = |this: &mut Checker, e: &Expr, need: &str| {
            this.err(
                Diagnostic::error("E0210", format!("the argument of `{fname}` must be {need}, found {}", ty_name(e.ty)), e.span)
                    .with_label(format!("expected {need}")),
            );
            Ty::Unknown
        };
        let cplx = matches!(first, Some(BaseTy::Complex(_)));
        let ty = match f {
            Intrinsic::Abs | Intrinsic::Aimag if cplx && pos.len() == 1 => match first {
                Some(BaseTy::Complex(k)) => with_rank(BaseTy::Real(k), rank),
                _ => Ty::Unknown,
            },
            Intrinsic::Sqrt
            | Intrinsic::Exp
            | Intrinsic::Log
            | Intrinsic::Sin
            | Intrinsic::Cos
            | Intrinsic::Conjg
            | Intrinsic::Tan
            | Intrinsic::Asin
            | Intrinsic::Acos
            | Intrinsic::Atan
            | Intrinsic::Sinh
            | Intrinsic::Cosh
            | Intrinsic::Tanh
            | Intrinsic::Asinh
            | Intrinsic::Acosh
            | Intrinsic::Atanh
                if cplx && pos.len() == 1 =>
            {
                first.map_or(Ty::Unknown, |b| with_rank(b, rank))
            }
            Intrinsic::Real | Intrinsic::Dble | Intrinsic::Int if cplx && pos.len() == 1 => {
                let k = match (f, first, &kind_arg) {
                    (Intrinsic::Dble, _, _) => Some(8),
                    (Intrinsic::Int, _, None) => Some(crate::dialect::int_kind()),
                    (_, Some(BaseTy::Complex(k)), None) => Some(k),
                    (_, _, Some(ka)) => match self.const_int(ka) {
                        Some(v @ (4 | 8 | 16)) => Some(v as u8),
                        Some(v @ (1 | 2)) if f == Intrinsic::Int => Some(v as u8),
                        _ => {
                            self.err(
                                Diagnostic::error(
                                    "E0210",
                                    format!("the kind argument of `{fname}` must be the constant 4, 8 or 16"),
                                    ka.span,
                                )
                                .with_label("unsupported kind"),
                            );
                            None
                        }
                    },
                    _ => None,
                };
                let b = |k| if f == Intrinsic::Int { BaseTy::Integer(k) } else { BaseTy::Real(k) };
                k.map_or(Ty::Unknown, |k| with_rank(b(k), rank))
            }
            Intrinsic::Aimag | Intrinsic::Conjg => match pos.as_slice() {
                [e] => arg_err(self, e, "`complex`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Cmplx => {
                let kind = match &kind_arg {
                    None => Some(crate::dialect::real_kind()),
                    Some(k) => match self.const_int(k) {
                        Some(v @ (4 | 8 | 16)) => Some(v as u8),
                        _ => {
                            self.err(
                                Diagnostic::error("E0210", "the kind argument of `cmplx` must be the constant 4, 8 or 16", k.span)
                                    .with_label("unsupported kind"),
                            );
                            None
                        }
                    },
                };
                match (pos.as_slice(), kind) {
                    (_, None) => Ty::Unknown,
                    ([e], Some(k)) if e.ty.base().is_some_and(|b| is_numeric(b) || matches!(b, BaseTy::Complex(_))) => {
                        with_rank(BaseTy::Complex(k), rank)
                    }
                    ([a, b], Some(k)) if a.ty.base().is_some_and(is_numeric) && b.ty.base().is_some_and(is_numeric) => {
                        with_rank(BaseTy::Complex(k), rank)
                    }
                    ([e], _) | ([e, _], _) if !e.ty.base().is_some_and(is_numeric) => arg_err(self, e, "`integer` or `real`"),
                    ([_, e], _) => arg_err(self, e, "`integer` or `real`"),
                    _ => nargs(self, "one or two arguments and an optional kind"),
                }
            }
            Intrinsic::Abs => match (pos.as_slice(), first) {
                ([e], Some(b)) if is_numeric(b) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "numeric"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Sqrt
            | Intrinsic::Exp
            | Intrinsic::Log
            | Intrinsic::Sin
            | Intrinsic::Cos
            | Intrinsic::Tan
            | Intrinsic::Asin
            | Intrinsic::Acos
            | Intrinsic::Atan
            | Intrinsic::Sinh
            | Intrinsic::Cosh
            | Intrinsic::Tanh
            | Intrinsic::Log10 => match (pos.as_slice(), first) {
                ([e], Some(b @ BaseTy::Real(_))) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Erf
            | Intrinsic::Erfc
            | Intrinsic::ErfcScaled
            | Intrinsic::Gamma
            | Intrinsic::LogGamma
            | Intrinsic::Acosh
            | Intrinsic::Asinh
            | Intrinsic::Atanh => match (pos.as_slice(), first) {
                // (`erfc_scaled` has a device implementation: `codegen/src/devmath.rs`.)
                ([_], Some(BaseTy::Real(k))) if self.on_device() && (f != Intrinsic::ErfcScaled || k == 16) => {
                    let what =
                        if k == 16 { format!("`{fname}` of a `real(16)` argument") } else { format!("the intrinsic function `{fname}`") };
                    self.err(Diagnostic::not_yet(format!("{what} {}", self.device_where()), span));
                    Ty::Unknown
                }
                ([e], Some(b @ BaseTy::Real(_))) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Max | Intrinsic::Min | Intrinsic::Mod | Intrinsic::Iand | Intrinsic::Ior | Intrinsic::Ieor => {
                let two = !matches!(f, Intrinsic::Max | Intrinsic::Min);
                if (two && pos.len() != 2) || pos.len() < 2 {
                    nargs(self, if two { "two arguments" } else { "at least two arguments" })
                } else {
                    let Some(b) = first else {
                        return (mk(pos, kind_arg), Ty::Unknown);
                    };
                    let int_only = matches!(f, Intrinsic::Iand | Intrinsic::Ior | Intrinsic::Ieor);
                    let need = if int_only { "`integer`" } else { "`integer` or `real`" };
                    if let Some(bad_e) = pos.iter().find(|e| {
                        let eb = e.ty.base();
                        if int_only {
                            !matches!(eb, Some(BaseTy::Integer(_)))
                        } else {
                            !eb.is_some_and(is_numeric)
                        }
                    }) {
                        arg_err(self, bad_e, need)
                    } else if let Some(other) = pos.iter().find(|e| e.ty.base() != Some(b)) {
                        self.err(
                            Diagnostic::error("E0210", format!("arguments of `{fname}` must have the same type"), other.span)
                                .with_label(format!(
                                    "expected `{}`, found `{}`",
                                    base_name(b),
                                    other.ty.base().map_or_else(String::new, base_name)
                                ))
                                .with_note("help: convert with `real(x, kind)`, `dble(x)` or `int(x, kind)`"),
                        );
                        Ty::Unknown
                    } else {
                        with_rank(b, rank)
                    }
                }
            }
            Intrinsic::Real | Intrinsic::Int | Intrinsic::Nint | Intrinsic::Dble => {
                let default_kind = match f {
                    Intrinsic::Dble => crate::dialect::double_kind(),
                    Intrinsic::Real => crate::dialect::real_kind(),
                    _ => crate::dialect::int_kind(),
                };
                let kind = match &kind_arg {
                    None => Some(default_kind),
                    Some(k) => match self.const_int(k) {
                        Some(v @ (4 | 8 | 16)) => Some(v as u8),
                        Some(v @ (1 | 2)) if matches!(f, Intrinsic::Int | Intrinsic::Nint) => Some(v as u8),
                        _ => {
                            self.err(
                                Diagnostic::error(
                                    "E0210",
                                    format!("the kind argument of `{fname}` must be the constant 4, 8 or 16"),
                                    k.span,
                                )
                                .with_label("unsupported kind"),
                            );
                            None
                        }
                    },
                };
                match (pos.as_slice(), first, kind) {
                    (_, _, None) => Ty::Unknown,
                    ([e], Some(b), Some(k)) => {
                        if f == Intrinsic::Nint && !matches!(b, BaseTy::Real(_)) {
                            arg_err(self, e, "`real`")
                        } else if !is_numeric(b) {
                            arg_err(self, e, "numeric")
                        } else {
                            let rb = if matches!(f, Intrinsic::Int | Intrinsic::Nint) { BaseTy::Integer(k) } else { BaseTy::Real(k) };
                            with_rank(rb, e.ty.rank())
                        }
                    }
                    _ => nargs(self, if f == Intrinsic::Dble { "one argument" } else { "one argument and an optional kind" }),
                }
            }
            Intrinsic::Logical => {
                let kind = match &kind_arg {
                    None => Some(crate::dialect::logical_kind()),
                    Some(k) => match self.const_int(k) {
                        Some(v @ (1 | 2 | 4 | 8)) => Some(v as u8),
                        _ => {
                            self.err(
                                Diagnostic::error("E0210", "the kind argument of `logical` must be the constant 1, 2, 4 or 8", k.span)
                                    .with_label("unsupported kind"),
                            );
                            None
                        }
                    },
                };
                match (pos.as_slice(), first, kind) {
                    (_, _, None) => Ty::Unknown,
                    ([e], Some(BaseTy::Logical(_)), Some(k)) => with_rank(BaseTy::Logical(k), e.ty.rank()),
                    ([e], _, _) => arg_err(self, e, "`logical`"),
                    _ => nargs(self, "one argument and an optional kind"),
                }
            }
            Intrinsic::Floor | Intrinsic::Ceiling => match (pos.as_slice(), first) {
                ([e], Some(BaseTy::Real(_))) => with_rank(BaseTy::Integer(crate::dialect::int_kind()), e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Aint | Intrinsic::Anint => match (pos.as_slice(), first) {
                ([e], Some(b @ BaseTy::Real(_))) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Float => match (pos.as_slice(), first) {
                ([e], Some(BaseTy::Integer(_))) => with_rank(BaseTy::Real(crate::dialect::real_kind()), e.ty.rank()),
                ([e], _) => arg_err(self, e, "`integer`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Sngl => match (pos.as_slice(), first) {
                ([e], Some(BaseTy::Real(8))) => with_rank(BaseTy::Real(crate::dialect::real_kind()), e.ty.rank()),
                ([e], _) => arg_err(self, e, "`real(8)`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Not => match (pos.as_slice(), first) {
                ([e], Some(b @ BaseTy::Integer(_))) => with_rank(b, e.ty.rank()),
                ([e], _) => arg_err(self, e, "`integer`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Ishft => match (pos.as_slice(), first) {
                ([e, s], Some(b @ BaseTy::Integer(_))) if matches!(s.ty.base(), Some(BaseTy::Integer(_))) => {
                    with_rank(b, e.ty.rank().max(s.ty.rank()))
                }
                ([e, _], _) => arg_err(self, e, "`integer` with an `integer` shift"),
                _ => nargs(self, "two arguments"),
            },
            Intrinsic::Sign | Intrinsic::Modulo | Intrinsic::Dim => match (pos.as_slice(), first) {
                ([a, b], Some(t)) if is_numeric(t) && b.ty.base() == Some(t) => with_rank(t, rank),
                ([a, _], Some(t)) if !is_numeric(t) => arg_err(self, a, "`integer` or `real`"),
                ([_, b], _) => arg_err(self, b, "of the same type as the first argument"),
                _ => nargs(self, "two arguments"),
            },
            Intrinsic::Associated => self.associated(&pos, span),
            Intrinsic::CLoc | Intrinsic::CSizeof => match pos.as_slice() {
                [e] if f == Intrinsic::CSizeof
                    || matches!(e.kind, ExprKind::Name(_) | ExprKind::ArrayRef { .. } | ExprKind::Component(_)) =>
                {
                    Ty::Scalar(BaseTy::Integer(8))
                }
                [e] => arg_err(self, e, "a variable"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::StorageSize => match (pos.as_slice(), kind_arg.as_ref().map(|k| (self.const_int(k), k.span))) {
                ([_], None) => Ty::Scalar(BaseTy::Integer(4)),
                ([_], Some((Some(k @ (1 | 2 | 4 | 8)), _))) => Ty::Scalar(BaseTy::Integer(k as u8)),
                ([_], Some((_, ksp))) => {
                    self.err(
                        Diagnostic::error("E0210", "the kind argument of `storage_size` must be the constant 1, 2, 4 or 8", ksp)
                            .with_label("unsupported kind"),
                    );
                    Ty::Unknown
                }
                _ => nargs(self, "one argument and an optional `kind`"),
            },
            Intrinsic::CFunloc => match pos.as_slice() {
                [_] => Ty::Scalar(BaseTy::Integer(8)),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::CAssociated => match pos.as_slice() {
                [a] | [a, _] if a.ty != Ty::Scalar(BaseTy::Integer(8)) => arg_err(self, a, "a `type(c_ptr)` or `type(c_funptr)`"),
                [_, b] if b.ty != Ty::Scalar(BaseTy::Integer(8)) => arg_err(self, b, "a `type(c_ptr)` or `type(c_funptr)`"),
                [_] | [_, _] => Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind())),
                _ => nargs(self, "one or two arguments"),
            },
            Intrinsic::Transfer => match pos.as_slice() {
                [s, m, rest @ ..] if rest.len() <= 1 => {
                    let simple = |t: &Ty| {
                        matches!(
                            t.base(),
                            Some(
                                BaseTy::Integer(1 | 2 | 4 | 8 | 16)
                                    | BaseTy::Real(4 | 8 | 16)
                                    | BaseTy::Complex(4 | 8 | 16)
                                    | BaseTy::Logical(1 | 2 | 4 | 8)
                                    | BaseTy::Derived(_)
                            )
                        )
                    };
                    let size = rest.first();
                    let chars = |t: &Ty| t.base() == Some(BaseTy::Character);
                    if !(simple(&s.ty) || chars(&s.ty)) || !(simple(&m.ty) || chars(&m.ty)) {
                        self.err(Diagnostic::not_yet(
                            "`transfer` of values other than numeric, logical, character or derived-type ones",
                            span,
                        ));
                        Ty::Unknown
                    } else if [s, m].iter().any(|x| self.is_poly(x) || matches!(x.ty.base(), Some(BaseTy::Derived(_))) && self.on_device())
                    {
                        self.err(Diagnostic::not_yet("`transfer` of polymorphic values, or of structures in device code", span));
                        Ty::Unknown
                    } else if (chars(&s.ty) || chars(&m.ty)) && self.on_device() {
                        self.err(Diagnostic::not_yet(format!("`transfer` of character values {}", self.device_where()), span));
                        Ty::Unknown
                    } else if let Some(z) = size.filter(|z| !matches!(z.ty, Ty::Scalar(BaseTy::Integer(_)))) {
                        arg_err(self, z, "a scalar `integer` size")
                    } else if s.ty.rank() == 0 && m.ty.rank() == 0 && size.is_none() {
                        m.ty
                    } else if self.on_device() {
                        self.err(Diagnostic::not_yet(format!("`transfer` with an array argument or result {}", self.device_where()), span));
                        Ty::Unknown
                    } else if m.ty.rank() > 0 || size.is_some() {
                        Ty::Array(m.ty.base().unwrap_or(BaseTy::Integer(4)), 1)
                    } else {
                        m.ty
                    }
                }
                _ => nargs(self, "two or three arguments"),
            },
            Intrinsic::SameTypeAs | Intrinsic::ExtendsTypeOf => match pos.as_slice() {
                [a, b] => {
                    // (Of any rank: the dynamic type is the question.)
                    let ok = |x: &Expr| matches!(x.ty, Ty::Scalar(BaseTy::Derived(_)) | Ty::Array(BaseTy::Derived(_), _));
                    if let Some(x) = [a, b].into_iter().find(|x| !ok(x)) {
                        arg_err(self, x, "an object of an extensible derived type")
                    } else if self.on_device() && [a, b].iter().any(|x| self.is_poly(x)) {
                        self.err(Diagnostic::not_yet(format!("dynamic type inquiries {}", self.device_where()), span));
                        Ty::Unknown
                    } else {
                        Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind()))
                    }
                }
                _ => nargs(self, "two arguments"),
            },
            Intrinsic::Null => {
                self.err(Diagnostic::not_yet("`null()` other than as the target of `=>` or an initial value", span));
                Ty::Unknown
            }
            // Inquiries about a variable's status: its name is the argument.
            Intrinsic::Present | Intrinsic::Allocated => match pos.as_slice() {
                [e] => {
                    let present = f == Intrinsic::Present;
                    let ok = match &e.kind {
                        ExprKind::Name(id) => {
                            self.syms.get(&id.name).is_some_and(|s| if present { s.dummy.is_some() && s.optional } else { s.allocatable })
                        }
                        ExprKind::Component(_) if !present => self.alloc_comp(e).is_some(),
                        _ => false,
                    };
                    if ok {
                        Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind()))
                    } else {
                        let (code, msg, label) = if present {
                            ("E0259", "the argument of `present` must be an optional dummy argument", "not an `optional` dummy argument")
                        } else {
                            ("E0269", "the argument of `allocated` must be an allocatable variable", "not `allocatable`")
                        };
                        self.err(Diagnostic::error(code, msg, e.span).with_label(label));
                        Ty::Unknown
                    }
                }
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Epsilon | Intrinsic::Tiny => match (pos.as_slice(), first) {
                ([_], Some(b @ BaseTy::Real(_))) => Ty::Scalar(b),
                ([e], _) => arg_err(self, e, "`real`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Atan2 => match (pos.as_slice(), first) {
                ([_, b], Some(t @ BaseTy::Real(_))) if b.ty.base() == Some(t) => with_rank(t, rank),
                ([a, _], Some(t)) if !matches!(t, BaseTy::Real(_)) => arg_err(self, a, "`real`"),
                ([_, b], _) => arg_err(self, b, "of the same type as the first argument"),
                _ => nargs(self, "two arguments"),
            },
            Intrinsic::Btest | Intrinsic::Ibset | Intrinsic::Ibclr | Intrinsic::Ibits | Intrinsic::Ishftc => {
                let (lo, hi) = match f {
                    Intrinsic::Ibits => (3, 3),
                    Intrinsic::Ishftc => (2, 3),
                    _ => (2, 2),
                };
                if pos.len() < lo || pos.len() > hi {
                    nargs(
                        self,
                        if f == Intrinsic::Ibits {
                            "three arguments"
                        } else if lo == hi {
                            "two arguments"
                        } else {
                            "two or three arguments"
                        },
                    )
                } else if let Some(bad_e) = pos.iter().find(|e| !matches!(e.ty.base(), Some(BaseTy::Integer(_)))) {
                    arg_err(self, bad_e, "`integer`")
                } else {
                    let b = first.unwrap_or(BaseTy::Integer(4));
                    with_rank(if f == Intrinsic::Btest { BaseTy::Logical(crate::dialect::logical_kind()) } else { b }, rank)
                }
            }
            Intrinsic::Popcnt | Intrinsic::Leadz | Intrinsic::Trailz => match (pos.as_slice(), first) {
                ([e], Some(BaseTy::Integer(_))) => with_rank(BaseTy::Integer(crate::dialect::int_kind()), e.ty.rank()),
                ([e], _) => arg_err(self, e, "`integer`"),
                _ => nargs(self, "one argument"),
            },
            Intrinsic::Huge => match (pos.as_slice(), first) {
                ([_], Some(b)) if is_numeric(b) => Ty::Scalar(b),
                ([e], _) => arg_err(self, e, "`integer` or `real`"),
                _ => nargs(self, "one argument"),
            },
            _ => Ty::Unknown,
        };
        let _ = name;
        (mk(pos, kind_arg), ty)
    }

    /// `kind`, `bit_size`, `selected_real_kind`, `selected_int_kind` (folded to integer
    /// constants) and `command_argument_count()`.
    pub(super) fn inquiry_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        let fname = intrinsic_name(f);
        let int4 = Ty::Scalar(BaseTy::Integer(crate::dialect::int_kind()));
        let params: &[&str] = match f {
            Intrinsic::SelectedRealKind => &["p", "r"],
            Intrinsic::SelectedIntKind => &["r"],
            Intrinsic::CommandArgumentCount => &[],
            _ => &["x"],
        };
        let mut slots: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        let mut next = 0;
        for a in args {
            let (slot, mut e) = match a {
                Arg::Index(e) => {
                    let i = next;
                    next += 1;
                    (i, e)
                }
                Arg::Keyword(k, e) => match params.iter().position(|p| *p == k.name) {
                    Some(i) => (i, e),
                    None => {
                        self.err(unknown_keyword(fname, &k, "unknown keyword"));
                        ok = false;
                        continue;
                    }
                },
                Arg::Range { span: rs, .. } => {
                    self.err(range_argument(fname, rs));
                    ok = false;
                    continue;
                }
            };
            self.expr(&mut e);
            if let Some(place) = slots.get_mut(slot) {
                *place = Some(e);
            } else {
                let want = match params.len() {
                    0 => "no arguments",
                    1 => "one argument",
                    _ => "at most two arguments",
                };
                self.err(Diagnostic::error("E0209", format!("`{fname}` takes {want}"), e.span).with_label("too many arguments"));
                ok = false;
            }
        }
        if !ok || slots.iter().flatten().any(|e| e.ty == Ty::Unknown) {
            return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
        }
        let folded = |v: i64| (ExprKind::Int(v, crate::dialect::int_kind()), Ty::Scalar(BaseTy::Integer(crate::dialect::int_kind())));
        match f {
            Intrinsic::CommandArgumentCount => (ExprKind::Intrinsic { func: f, args: Vec::new() }, int4),
            Intrinsic::Precision
            | Intrinsic::Range
            | Intrinsic::Digits
            | Intrinsic::Radix
            | Intrinsic::MaxExponent
            | Intrinsic::MinExponent => {
                let Some(Some(x)) = slots.first() else {
                    self.err(
                        Diagnostic::error("E0209", format!("`{fname}` takes one argument"), span).with_label("wrong number of arguments"),
                    );
                    return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                };
                let b = x.ty.base().unwrap_or(BaseTy::Integer(4));
                // (precision, range, digits, maxexponent, minexponent) of the real kinds.
                let real = |k: u8| match k {
                    4 => (6, 37, 24, 128, -125),
                    8 => (15, 307, 53, 1024, -1021),
                    _ => (33, 4931, 113, 16384, -16381),
                };
                let v = match (f, b) {
                    (Intrinsic::Radix, BaseTy::Integer(_) | BaseTy::Real(_)) => Some(2),
                    (Intrinsic::Range, BaseTy::Integer(k)) => [2, 4, 9, 18, 38].get(k.trailing_zeros() as usize).copied(),
                    (Intrinsic::Digits, BaseTy::Integer(k)) => Some(8 * i64::from(k) - 1),
                    (Intrinsic::Digits, BaseTy::Real(k)) => Some(real(k).2),
                    (Intrinsic::Precision, BaseTy::Real(k) | BaseTy::Complex(k)) => Some(real(k).0),
                    (Intrinsic::Range, BaseTy::Real(k) | BaseTy::Complex(k)) => Some(real(k).1),
                    (Intrinsic::MaxExponent, BaseTy::Real(k)) => Some(real(k).3),
                    (Intrinsic::MinExponent, BaseTy::Real(k)) => Some(real(k).4),
                    _ => None,
                };
                match v {
                    Some(v) => folded(v),
                    None => {
                        let want = match f {
                            Intrinsic::Precision => "`real` or `complex`",
                            Intrinsic::Range => "numeric",
                            Intrinsic::Radix | Intrinsic::Digits => "`integer` or `real`",
                            _ => "`real`",
                        };
                        self.err(
                            Diagnostic::error(
                                "E0210",
                                format!("the argument of `{fname}` must be {want}, found {}", ty_name(x.ty)),
                                x.span,
                            )
                            .with_label(format!("expected {want}")),
                        );
                        (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown)
                    }
                }
            }
            Intrinsic::Kind | Intrinsic::BitSize => {
                let Some(Some(x)) = slots.first() else {
                    self.err(
                        Diagnostic::error("E0209", format!("`{fname}` takes one argument"), span).with_label("wrong number of arguments"),
                    );
                    return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                };
                let b = x.ty.base().unwrap_or(BaseTy::Integer(4));
                match (f, b) {
                    (Intrinsic::Kind, BaseTy::Integer(k) | BaseTy::Real(k) | BaseTy::Complex(k) | BaseTy::Logical(k)) => {
                        folded(i64::from(k))
                    }
                    (Intrinsic::Kind, BaseTy::Character) => folded(1),
                    (_, BaseTy::Integer(k)) => (ExprKind::Int(8 * i64::from(k), k), Ty::Scalar(BaseTy::Integer(k))),
                    _ => {
                        self.err(
                            Diagnostic::error(
                                "E0210",
                                format!("the argument of `{fname}` must be `integer`, found {}", ty_name(x.ty)),
                                x.span,
                            )
                            .with_label("expected `integer`"),
                        );
                        (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown)
                    }
                }
            }
            _ => {
                let mut vals = Vec::new();
                for e in slots.iter().flatten() {
                    if !matches!(e.ty, Ty::Scalar(BaseTy::Integer(_))) {
                        self.err(
                            Diagnostic::error(
                                "E0210",
                                format!("the arguments of `{fname}` must be scalar `integer`s, found {}", ty_name(e.ty)),
                                e.span,
                            )
                            .with_label("expected `integer`"),
                        );
                        return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                    }
                    match self.const_int(e) {
                        Some(v) => vals.push(v),
                        None => {
                            self.err(Diagnostic::not_yet(format!("`{fname}` of a non-constant argument"), e.span));
                            return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                        }
                    }
                }
                if f == Intrinsic::SelectedIntKind {
                    let Some(r) = slots.first().and_then(Option::as_ref).and_then(|_| vals.first().copied()) else {
                        self.err(
                            Diagnostic::error("E0209", format!("`{fname}` takes one argument"), span)
                                .with_label("wrong number of arguments"),
                        );
                        return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                    };
                    folded(selected_int_kind(r))
                } else {
                    if slots.iter().all(Option::is_none) {
                        self.err(
                            Diagnostic::error("E0209", format!("`{fname}` takes at least one of `p` and `r`"), span)
                                .with_label("no arguments"),
                        );
                        return (ExprKind::Intrinsic { func: f, args: Vec::new() }, Ty::Unknown);
                    }
                    let at = |i: usize| slots.get(i).and_then(Option::as_ref).and_then(|e| self.const_int(e)).unwrap_or(0);
                    let (p, r) = (at(0), at(1));
                    folded(selected_real_kind(p, r))
                }
            }
        }
    }

    /// The character intrinsics (scalar arguments only): `len`, `len_trim`, `trim`,
    /// `adjustl`, `adjustr`, `index(s, sub[, back])`, `repeat`, `achar`, `char`, `iachar`,
    /// `ichar`.
    #[inline(never)]
    pub(super) fn char_intrinsic(&mut self, f: Intrinsic, args: Vec<Arg>, span: Span) -> (ExprKind, Ty) {
        use Intrinsic as I;
        let fname = intrinsic_name(f);
        let params: &[&str] = match f {
            I::Index => &["string", "substring", "back"],
            I::Scan | I::Verify => &["string", "set", "back"],
            I::Lge | I::Lgt | I::Lle | I::Llt => &["string_a", "string_b"],
            I::Repeat => &["string", "ncopies"],
            I::Achar | I::Char => &["i"],
            I::Iachar | I::Ichar => &["c"],
            _ => &["string"],
        };
        let mut slots: Vec<Option<Expr>> = vec![None; params.len()];
        let mut ok = true;
        for (k, a) in args.into_iter().enumerate() {
            let (slot, mut e) = match a {
                Arg::Index(e) => (Some(k), e),
                Arg::Keyword(kw, e) => match params.iter().position(|p| *p == kw.name) {
                    Some(i) => (Some(i), e),
                    None => {
                        self.err(
                            Diagnostic::error("E0211", format!("`{fname}` has no argument named `{}`", kw.name), kw.span)
                                .with_label("unknown keyword"),
                        );
                        ok = false;
                        continue;
                    }
                },
                Arg::Range { span: rs, .. } => {
                    self.err(range_argument(fname, rs));
                    ok = false;
                    continue;
                }
            };
            self.expr(&mut e);
            match slot.and_then(|i| slots.get_mut(i)) {
                Some(s) if s.is_none() => *s = Some(e),
                _ => {
                    self.err(
                        Diagnostic::error("E0209", format!("`{fname}` takes {} argument(s)", params.len()), e.span)
                            .with_label("extra argument"),
                    );
                    ok = false;
                }
            }
        }
        let required = if matches!(f, I::Index | I::Scan | I::Verify) { 2 } else { params.len() };
        if slots.iter().take(required).any(Option::is_none) {
            self.err(Diagnostic::error("E0209", format!("`{fname}` takes {required} argument(s)"), span).with_label("missing argument"));
            ok = false;
        }
        for (i, e) in slots.iter().enumerate() {
            let Some(e) = e else { continue };
            if e.ty == Ty::Unknown {
                ok = false;
                continue;
            }
            let want = match (f, i) {
                (I::Achar | I::Char | I::Repeat, _) if i == params.len() - 1 => BaseTy::Integer(4),
                (I::Index | I::Scan | I::Verify, 2) => BaseTy::Logical(4),
                _ => BaseTy::Character,
            };
            // `ichar`/`iachar` are elemental: a character array gives an integer array.
            let elemental_codes = matches!(f, I::Ichar | I::Iachar) && e.ty.base() == Some(BaseTy::Character)
                || matches!(f, I::Char | I::Achar) && matches!(e.ty.base(), Some(BaseTy::Integer(_)));
            let good = elemental_codes
                || e.ty.rank() == 0
                && matches!((want, e.ty.base()), (BaseTy::Integer(_), Some(BaseTy::Integer(_))) | (BaseTy::Logical(_), Some(BaseTy::Logical(_))))
                || e.ty == Ty::Scalar(want)
                // `len` of a whole character array: the length of its elements.
                || (f == I::Len && e.ty.base() == Some(BaseTy::Character) && matches!(e.kind, ExprKind::Name(_)));
            if !good {
                let need = ty_name(Ty::Scalar(want));
                self.err(
                    Diagnostic::error(
                        "E0210",
                        format!("the argument of `{fname}` must be a scalar {need}, found {}", ty_name(e.ty)),
                        e.span,
                    )
                    .with_label(format!("expected {need}")),
                );
                ok = false;
            }
        }
        let rank = slots.first().and_then(Option::as_ref).map_or(0, |e| e.ty.rank());
        let ty = match f {
            I::Iachar | I::Ichar if rank > 0 => Ty::Array(BaseTy::Integer(crate::dialect::int_kind()), rank),
            I::Achar | I::Char if rank > 0 => Ty::Array(BaseTy::Character, rank),
            I::Len | I::LenTrim | I::Index | I::Iachar | I::Ichar | I::Scan | I::Verify => {
                Ty::Scalar(BaseTy::Integer(crate::dialect::int_kind()))
            }
            I::Lge | I::Lgt | I::Lle | I::Llt => Ty::Scalar(BaseTy::Logical(crate::dialect::logical_kind())),
            _ => Ty::Scalar(BaseTy::Character),
        };
        let mut out = Vec::new();
        for (i, e) in slots.into_iter().enumerate() {
            match e {
                Some(e) => out.push(e),
                // Absent `back=`: false.
                None if i >= required => out.push(Expr { kind: ExprKind::Logical(false), span, ty: Ty::Scalar(BaseTy::Logical(4)) }),
                None => {}
            }
        }
        (ExprKind::Intrinsic { func: f, args: out }, if ok { ty } else { Ty::Unknown })
    }
}
