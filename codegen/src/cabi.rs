//! gfortran's ABI for complex-valued functions on x86-64: a `complex(4)` result returns as
//! `<2 x float>` (in `xmm0`), a `complex(8)` one as `{double, double}` (`xmm0`, `xmm1`), a
//! `complex(16)` one in memory the caller passes as a hidden first argument (`rdi`).
//!
//! The IR has scalar results only, so gimplify lowers such a function to a procedure named
//! `__gpuf_cret{4,8}_<link name>` with one more (last) parameter, the address where it
//! stores its result; here that becomes an internal function plus the exported wrapper
//! with gfortran's signature. A call is `Stmt::Call("__gpuf_ccall{4,8}_<link name>",
//! args + [result address])`: the function is called with gfortran's signature and its
//! result stored at the address.

use crate::gen::Cg;
use crate::R;
use inkwell::module::Linkage;
use inkwell::types::{BasicMetadataTypeEnum, BasicType, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue, PointerValue};
use inkwell::AddressSpace;

pub(crate) const RET_PREFIX: [(&str, bool); 2] = [("__gpuf_cret4_", true), ("__gpuf_cret8_", false)];
pub(crate) const CALL_PREFIX: [(&str, bool); 2] = [("__gpuf_ccall4_", true), ("__gpuf_ccall8_", false)];

/// The link name and part kind (`true`: f32) of a prefixed name.
pub(crate) fn split<'a>(name: &'a str, prefixes: &[(&str, bool); 2]) -> Option<(&'a str, bool)> {
    prefixes.iter().find_map(|(p, f32k)| name.strip_prefix(p).map(|rest| (rest, *f32k)))
}

fn ret_type<'ctx>(cg: &Cg<'ctx>, f32k: bool) -> BasicTypeEnum<'ctx> {
    if f32k {
        cg.ctx.f32_type().vec_type(2).into()
    } else {
        let d = cg.ctx.f64_type();
        cg.ctx.struct_type(&[d.into(), d.into()], false).into()
    }
}

/// The function `link` with gfortran's complex-result signature and `nparams` pointer
/// parameters (declared if absent).
pub(crate) fn abi_function<'ctx>(cg: &Cg<'ctx>, link: &str, f32k: bool, nparams: usize, local: bool) -> FunctionValue<'ctx> {
    if let Some(f) = cg.m.get_function(link) {
        return f;
    }
    let ptr = cg.ctx.ptr_type(AddressSpace::default());
    let ps: Vec<BasicMetadataTypeEnum> = vec![ptr.into(); nparams];
    let fty = ret_type(cg, f32k).fn_type(&ps, false);
    cg.m.add_function(link, fty, if local { Some(Linkage::Internal) } else { None })
}

/// The body of the exported wrapper `wrapper` around `inner` (which takes one more
/// parameter, the result address).
pub(crate) fn wrapper_body<'ctx>(cg: &Cg<'ctx>, wrapper: FunctionValue<'ctx>, inner: FunctionValue<'ctx>, f32k: bool) -> R<()> {
    let b = cg.ctx.create_builder();
    b.position_at_end(cg.ctx.append_basic_block(wrapper, "entry"));
    let pt: BasicTypeEnum = if f32k { cg.ctx.f32_type().into() } else { cg.ctx.f64_type().into() };
    let slot = b.build_alloca(pt.array_type(2), "res")?;
    let mut args: Vec<BasicMetadataValueEnum> = wrapper.get_params().iter().map(|p| (*p).into()).collect();
    args.push(slot.into());
    b.build_call(inner, &args, "")?;
    let (re, im) = load_parts(cg, &b, slot, pt)?;
    let rt = ret_type(cg, f32k);
    let v: BasicValueEnum = if f32k {
        let vt = rt.into_vector_type();
        let i32t = cg.ctx.i32_type();
        let v = b.build_insert_element(vt.get_undef(), re.into_float_value(), i32t.const_zero(), "")?;
        b.build_insert_element(v, im.into_float_value(), i32t.const_int(1, false), "")?.into()
    } else {
        let st = rt.into_struct_type();
        let v = b.build_insert_value(st.get_undef(), re, 0, "")?;
        let v = b.build_insert_value(v, im, 1, "")?;
        v.into_struct_value().into()
    };
    b.build_return(Some(&v))?;
    Ok(())
}

fn load_parts<'ctx>(
    cg: &Cg<'ctx>,
    b: &inkwell::builder::Builder<'ctx>,
    at: PointerValue<'ctx>,
    pt: BasicTypeEnum<'ctx>,
) -> R<(BasicValueEnum<'ctx>, BasicValueEnum<'ctx>)> {
    let re = b.build_load(pt, at, "")?;
    let size = if pt.is_float_type() && pt.into_float_type() == cg.ctx.f32_type() { 4 } else { 8 };
    let at2 = unsafe { b.build_gep(cg.ctx.i8_type(), at, &[cg.ctx.i64_type().const_int(size, false)], "")? };
    let im = b.build_load(pt, at2, "")?;
    Ok((re, im))
}

/// A call of a complex-valued function: `vals` are its arguments followed by the address
/// that receives the result.
pub(crate) fn call<'ctx>(cg: &Cg<'ctx>, link: &str, f32k: bool, vals: &[BasicValueEnum<'ctx>]) -> R<()> {
    let Some((dest, args)) = vals.split_last() else { return Ok(()) };
    let f = abi_function(cg, link, f32k, args.len(), false);
    let a: Vec<BasicMetadataValueEnum> = args.iter().map(|v| (*v).into()).collect();
    let r = cg.b.build_call(f, &a, "")?.try_as_basic_value().basic();
    let Some(r) = r else { return Ok(()) };
    let dest = dest.into_pointer_value();
    let (re, im): (BasicValueEnum, BasicValueEnum) = if f32k {
        let v = r.into_vector_value();
        let i32t = cg.ctx.i32_type();
        (cg.b.build_extract_element(v, i32t.const_zero(), "")?, cg.b.build_extract_element(v, i32t.const_int(1, false), "")?)
    } else {
        let s = r.into_struct_value();
        (cg.b.build_extract_value(s, 0, "")?, cg.b.build_extract_value(s, 1, "")?)
    };
    let size = if f32k { 4 } else { 8 };
    cg.b.build_store(dest, re)?;
    let at2 = unsafe { cg.b.build_gep(cg.ctx.i8_type(), dest, &[cg.ctx.i64_type().const_int(size, false)], "")? };
    cg.b.build_store(at2, im)?;
    Ok(())
}

/// `complex(16)` results (`__gpuf_cret16_`/`__gpuf_ccall16_`): written through a hidden
/// first parameter, as GCC returns a 32-byte `__complex128`.
pub(crate) const RET16_PREFIX: &str = "__gpuf_cret16_";
pub(crate) const CALL16_PREFIX: &str = "__gpuf_ccall16_";

/// The function `link` with gfortran's `complex(16)`-result signature: the result address,
/// then `nparams` pointer parameters (declared if absent).
pub(crate) fn abi_function16<'ctx>(cg: &Cg<'ctx>, link: &str, nparams: usize, local: bool) -> FunctionValue<'ctx> {
    if let Some(f) = cg.m.get_function(link) {
        return f;
    }
    let ptr = cg.ctx.ptr_type(AddressSpace::default());
    let ps: Vec<BasicMetadataTypeEnum> = vec![ptr.into(); nparams + 1];
    let fty = cg.ctx.void_type().fn_type(&ps, false);
    cg.m.add_function(link, fty, if local { Some(Linkage::Internal) } else { None })
}

/// The body of the exported `complex(16)` wrapper: `inner` takes the result address last.
pub(crate) fn wrapper_body16<'ctx>(cg: &Cg<'ctx>, wrapper: FunctionValue<'ctx>, inner: FunctionValue<'ctx>) -> R<()> {
    let b = cg.ctx.create_builder();
    b.position_at_end(cg.ctx.append_basic_block(wrapper, "entry"));
    let params = wrapper.get_params();
    let Some((res, args)) = params.split_first() else { return Ok(()) };
    let mut a: Vec<BasicMetadataValueEnum> = args.iter().map(|p| (*p).into()).collect();
    a.push((*res).into());
    b.build_call(inner, &a, "")?;
    b.build_return(None)?;
    Ok(())
}

/// A call of a `complex(16)`-valued function: `vals` are its arguments followed by the
/// address that receives the result, which goes first.
pub(crate) fn call16<'ctx>(cg: &Cg<'ctx>, link: &str, vals: &[BasicValueEnum<'ctx>]) -> R<()> {
    let Some((dest, args)) = vals.split_last() else { return Ok(()) };
    let f = abi_function16(cg, link, args.len(), false);
    let mut a: Vec<BasicMetadataValueEnum> = vec![(*dest).into()];
    a.extend(args.iter().map(|v| BasicMetadataValueEnum::from(*v)));
    cg.b.build_call(f, &a, "")?;
    Ok(())
}

/// Calls of libquadmath's `__complex128` functions (`csqrtq`, `cexpq`, `clogq`, `csinq`,
/// `ccosq`, `cpowq`): `Stmt::Call("__gpuf_qcall_<name>", [z, (w,) result])`, addresses of
/// 32-byte `{fp128, fp128}` values. A `__complex128` is of class MEMORY on x86-64: each
/// argument is copied onto the stack (`byval`) and the result is written through a hidden
/// first argument (`sret`).
pub(crate) const QCALL_PREFIX: &str = "__gpuf_qcall_";

pub(crate) fn qcall<'ctx>(cg: &Cg<'ctx>, name: &str, vals: &[BasicValueEnum<'ctx>]) -> R<()> {
    use inkwell::attributes::{Attribute, AttributeLoc};
    let Some((dest, args)) = vals.split_last() else { return Ok(()) };
    let q = cg.ctx.f128_type();
    let cty = cg.ctx.struct_type(&[q.into(), q.into()], false);
    let ptr = cg.ctx.ptr_type(AddressSpace::default());
    let sret = cg.ctx.create_type_attribute(Attribute::get_named_enum_kind_id("sret"), cty.into());
    let byval = cg.ctx.create_type_attribute(Attribute::get_named_enum_kind_id("byval"), cty.into());
    let align = cg.ctx.create_enum_attribute(Attribute::get_named_enum_kind_id("align"), 16);
    let f = match cg.m.get_function(name) {
        Some(f) => f,
        None => {
            let ps: Vec<BasicMetadataTypeEnum> = vec![ptr.into(); args.len() + 1];
            let f = cg.m.add_function(name, cg.ctx.void_type().fn_type(&ps, false), None);
            f.add_attribute(AttributeLoc::Param(0), sret);
            f.add_attribute(AttributeLoc::Param(0), align);
            for i in 1..=args.len() as u32 {
                f.add_attribute(AttributeLoc::Param(i), byval);
                f.add_attribute(AttributeLoc::Param(i), align);
            }
            f
        }
    };
    let mut a: Vec<BasicMetadataValueEnum> = vec![(*dest).into()];
    a.extend(args.iter().map(|v| BasicMetadataValueEnum::from(*v)));
    let call = cg.b.build_call(f, &a, "")?;
    call.add_attribute(AttributeLoc::Param(0), sret);
    call.add_attribute(AttributeLoc::Param(0), align);
    for i in 1..=args.len() as u32 {
        call.add_attribute(AttributeLoc::Param(i), byval);
        call.add_attribute(AttributeLoc::Param(i), align);
    }
    Ok(())
}
