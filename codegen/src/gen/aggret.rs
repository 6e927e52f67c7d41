//! Functions returning derived-type values with the x86-64 System V convention (what
//! gfortran does): a structure of at most 16 bytes comes back in registers, one per
//! eightbyte (`RAX`/`RDX` for INTEGER ones, `XMM0`/`XMM1` for SSE ones).
//!
//! gimplify marks such a function's result variable by its name, `gpuf.aggret.<cls>`,
//! where `<cls>` has one letter per eightbyte (`l`: INTEGER, as `i64`; `d`: SSE, as
//! `double`); the variable holds the address of the result's bytes, which are returned as
//! the register pieces (and the buffer freed). A call is the runtime-style statement
//! `gpuf.aggret.<cls>.<link>(buffer, args...)`: the pieces are stored to the buffer.
//! Larger results use a hidden first argument (`sret`) and need nothing here.

use super::*;

/// The eightbyte classes of an aggregate-return variable or call name.
pub(super) fn agg_cls(name: &str) -> Option<&str> {
    let c = name.strip_prefix("gpuf.aggret.")?;
    let c = c.split_once('.').map_or(c, |(c, _)| c);
    (!c.is_empty() && c.len() <= 2 && c.chars().all(|x| x == 'l' || x == 'd')).then_some(c)
}

impl<'ctx> Cg<'ctx> {
    fn piece_ty(&self, c: char) -> Ty {
        if c == 'd' {
            Ty::F64
        } else {
            Ty::I64
        }
    }

    /// The LLVM return type of the classes.
    pub(super) fn agg_type(&self, cls: &str) -> BasicTypeEnum<'ctx> {
        let ts: Vec<BasicTypeEnum<'ctx>> = cls.chars().map(|c| self.llty(self.piece_ty(c))).collect();
        match ts.as_slice() {
            [t] => *t,
            _ => self.ctx.struct_type(&ts, false).into(),
        }
    }

    /// Returns the pieces of the result at the address held by variable `v`.
    pub(super) fn agg_return(&mut self, fx: &Fx<'ctx, '_>, v: VarId, cls: &str) -> R<()> {
        let slot = fx.slot(v)?;
        let p = self.load(Ty::Ptr, slot)?.into_pointer_value();
        let mut vals = Vec::new();
        for (i, c) in cls.chars().enumerate() {
            let t = self.piece_ty(c);
            let off = self.ctx.i64_type().const_int(8 * i as u64, false);
            let a = unsafe { self.b.build_gep(self.ctx.i8_type(), p, &[off], "")? };
            vals.push(self.load(t, a)?);
        }
        let free = self.declare("gpuf_free", &[Ty::Ptr], None)?;
        self.b.build_call(free, &[p.into()], "")?;
        let ret: BasicValueEnum<'ctx> = match vals.as_slice() {
            [x] => *x,
            _ => {
                let st = self.agg_type(cls).into_struct_type();
                let mut agg = st.get_undef();
                for (i, x) in vals.iter().enumerate() {
                    agg = self.b.build_insert_value(agg, *x, i as u32, "")?.into_struct_value();
                }
                agg.into()
            }
        };
        self.b.build_return(Some(&ret))?;
        Ok(())
    }

    /// `gpuf.aggret.<cls>.<link>(buffer, args...)`.
    pub(super) fn agg_call(&mut self, fx: &Fx<'ctx, '_>, name: &str, cls: &str, args: &[Op]) -> R<()> {
        let link = name.strip_prefix("gpuf.aggret.").and_then(|r| r.split_once('.')).map(|(_, l)| l).unwrap_or_default();
        let Some((buf, rest)) = args.split_first() else { return err(format!("call of `{link}`: no result buffer")) };
        // `@ptr`: through the procedure address that comes first (a type-bound procedure
        // called through a vtab).
        let (fp, rest) = match rest.split_first() {
            Some((fp, more)) if link == "@ptr" => (Some(fp), more),
            _ => (None, rest),
        };
        let ps: Vec<BasicMetadataTypeEnum> = rest.iter().map(|a| self.llty(fx.f.op_ty(a)).into()).collect();
        let fty = self.agg_type(cls).fn_type(&ps, false);
        let r = if let Some(fp) = fp {
            let fp = self.ptr_op(fx, fp, "procedure address")?;
            let mut vals: Vec<BasicMetadataValueEnum> = Vec::new();
            for a in rest {
                vals.push(self.op(fx, a)?.into());
            }
            self.b.build_indirect_call(fty, fp, &vals, "")?.try_as_basic_value().basic()
        } else {
            let f = match self.m.get_function(link) {
                Some(f) if f.get_type() == fty => f,
                Some(_) => return err(format!("function `{link}` called with type {} but defined otherwise", fty.print_to_string())),
                None => self.m.add_function(link, fty, Some(Linkage::External)),
            };
            let mut vals = Vec::new();
            for a in rest {
                vals.push(self.op(fx, a)?);
            }
            self.call(f, &vals)?
        };
        let r = r.ok_or_else(|| CodegenError(format!("call of `{link}` has no value")))?;
        let p = self.ptr_op(fx, buf, "result buffer")?;
        for (i, c) in cls.chars().enumerate() {
            let t = self.piece_ty(c);
            let x = if cls.len() == 1 { r } else { self.b.build_extract_value(r.into_struct_value(), i as u32, "")? };
            let off = self.ctx.i64_type().const_int(8 * i as u64, false);
            let a = unsafe { self.b.build_gep(self.ctx.i8_type(), p, &[off], "")? };
            self.store(t, a, x)?;
        }
        Ok(())
    }
}
