//! Storage association: common blocks (gfortran's layout and names, so that gpuf and
//! gfortran objects share them) and `equivalence` (variables at constant byte offsets in
//! one block of bytes with static storage).

use super::*;
use gpuf_frontend::sema::Symbol;

/// A block of the unit's storage: a common block or the storage of equivalence sets.
struct Block {
    /// The global's name.
    global: String,
    /// A common block (its members come first, in order, from offset 0).
    common: bool,
    lo: i64,
    hi: i64,
    align: i64,
    /// The equivalence set that last moved `lo` down.
    lo_span: Option<Span>,
}

impl G<'_> {
    /// The link name of common block `name` (empty: blank common).
    pub(super) fn common_global(&self, name: &str) -> String {
        match (name.is_empty(), self.opts.no_underscoring) {
            (true, _) => "__BLNK__".to_string(),
            (false, true) => name.to_string(),
            (false, false) => format!("{name}_"),
        }
    }

    /// Bytes and alignment of a variable in storage (`None`: not of constant size).
    pub(super) fn storage_size(&self, s: &Symbol) -> Option<(i64, i64)> {
        let (esize, align) = match s.base {
            BaseTy::Character => (self.const_char_len(s)?, 1),
            BaseTy::Complex(k) => (2 * k as i64, k as i64),
            b => {
                let n = self.elem_size(b);
                (n, n)
            }
        };
        let mut n = esize;
        for d in &s.dims {
            let DimSpec::Explicit { lo, hi } = d else { return None };
            let lo = match lo {
                Some(e) => const_int(e, self.syms)?,
                None => 1,
            };
            n = n.saturating_mul(const_int(hi, self.syms)?.saturating_sub(lo).saturating_add(1).max(0));
        }
        Some((n, align))
    }

    fn const_char_len(&self, s: &Symbol) -> Option<i64> {
        match &s.char_len {
            None => Some(1),
            Some(ast::CharLen::Expr(e)) => const_int(e, self.syms),
            _ => None,
        }
    }

    /// Places the unit's common members and equivalenced variables in their blocks and
    /// gives them homes. Returns the names placed (the caller declares the others).
    pub(super) fn declare_storage(&mut self) -> BTreeSet<String> {
        let unit = self.unit;
        let mut blocks: Vec<Block> = Vec::new();
        // Variable -> (block, byte offset).
        let mut at: BTreeMap<String, (usize, i64)> = BTreeMap::new();
        // Common blocks in order of first appearance; a block named again continues.
        for cb in &unit.commons {
            let bname = cb.name.as_ref().map(|n| n.name.clone()).unwrap_or_default();
            let global = self.common_global(&bname);
            let bi = match blocks.iter().position(|b| b.global == global) {
                Some(i) => i,
                None => {
                    blocks.push(Block { global, common: true, lo: 0, hi: 0, align: 1, lo_span: None });
                    blocks.len() - 1
                }
            };
            for m in &cb.members {
                let Some(s) = self.syms.get(&m.name).filter(|s| s.common.is_some()) else { continue };
                let Some((size, align)) = self.storage_size(s) else {
                    self.not_yet(format!("common block member `{}` without constant size", m.name), m.span);
                    continue;
                };
                let Some(b) = blocks.get_mut(bi) else { continue };
                // gfortran pads each member to its natural alignment (-falign-commons).
                let off = b.hi.saturating_add(align - 1) / align * align;
                b.hi = off.saturating_add(size);
                b.align = b.align.max(align);
                at.insert(m.name.clone(), (bi, off));
            }
        }
        // Module variables in their module's common blocks, at the offsets the module
        // gave them.
        for s in self.syms.list() {
            let (Some(_), Some(bname), Some((off, size, align))) = (&s.module, &s.common, s.common_at) else { continue };
            let global = self.common_global(bname);
            let bi = match blocks.iter().position(|b| b.global == global) {
                Some(i) => i,
                None => {
                    blocks.push(Block { global, common: true, lo: 0, hi: 0, align: 1, lo_span: None });
                    blocks.len() - 1
                }
            };
            if let Some(b) = blocks.get_mut(bi) {
                b.hi = b.hi.max(size);
                b.align = b.align.max(align);
            }
            at.insert(s.name.clone(), (bi, off));
        }
        // Equivalence sets: until nothing changes, place the items of a set relative to
        // one already placed; a set with none placed starts a block of its own.
        let sets: Vec<(Vec<(String, i64)>, Span)> = unit.equivalences.iter().map(|e| (e.resolved.clone(), e.span)).collect();
        let mut done = vec![false; sets.len()];
        loop {
            let mut progress = false;
            for (k, (items, span)) in sets.iter().enumerate() {
                if done.get(k).copied().unwrap_or(true) {
                    continue;
                }
                let anchor = items.iter().find(|(n, _)| at.contains_key(n)).cloned();
                let later = sets
                    .iter()
                    .enumerate()
                    .skip(k + 1)
                    .any(|(j, (its, _))| !done.get(j).copied().unwrap_or(true) && its.iter().any(|(n, _)| at.contains_key(n)));
                let (an, apos) = match anchor {
                    Some(a) => a,
                    // Wait for sets that may connect this one to placed storage first.
                    None if later => continue,
                    None => {
                        let Some((n, p)) = items.first().cloned() else {
                            done[k] = true;
                            continue;
                        };
                        let global = format!("{}.equiv{}", self.f.name, blocks.len());
                        blocks.push(Block { global, common: false, lo: 0, hi: 0, align: 1, lo_span: None });
                        at.insert(n.clone(), (blocks.len() - 1, 0));
                        if let Some(s) = self.syms.get(&n) {
                            if let Some((size, align)) = self.storage_size(s) {
                                if let Some(b) = blocks.last_mut() {
                                    b.hi = size;
                                    b.align = align;
                                }
                            }
                        }
                        (n, p)
                    }
                };
                done[k] = true;
                progress = true;
                let Some(&(ab, aoff)) = at.get(&an) else { continue };
                let Some(asym) = self.syms.get(&an) else { continue };
                let aelem = self.storage_size(asym).map(|(n, _)| n / self.elems(asym).max(1)).unwrap_or(1);
                // The byte offset where the associated storage unit lies.
                let point = apos.saturating_mul(aelem).saturating_add(aoff);
                for (n, pos) in items {
                    let Some(s) = self.syms.get(n) else { continue };
                    let Some((size, align)) = self.storage_size(s) else {
                        self.not_yet(format!("`equivalence` of `{n}`, whose size is not constant"), *span);
                        continue;
                    };
                    let elem = size / self.elems(s).max(1);
                    let off = point.saturating_sub(pos.saturating_mul(elem));
                    match at.get(n).copied() {
                        Some((b, o)) if b == ab => {
                            if o != off {
                                self.diags.push(
                                    Diagnostic::error("E0141", format!("`equivalence` places `{n}` at two different positions"), *span)
                                        .with_label("inconsistent with an earlier association"),
                                );
                            }
                        }
                        Some((b, o)) => {
                            // Two blocks joined: move the second into the first.
                            let (keep, gone, delta) =
                                match (blocks.get(ab).is_some_and(|x| x.common), blocks.get(b).is_some_and(|x| x.common)) {
                                    (true, true) => {
                                        self.diags.push(
                                            Diagnostic::error("E0141", "`equivalence` associates two common blocks", *span)
                                                .with_label("these objects are in different common blocks"),
                                        );
                                        continue;
                                    }
                                    (false, true) => (b, ab, o - off),
                                    _ => (ab, b, off - o),
                                };
                            for v in at.values_mut() {
                                if v.0 == gone {
                                    *v = (keep, v.1 + delta);
                                }
                            }
                            let (glo, ghi, galign) = blocks.get(gone).map(|g| (g.lo, g.hi, g.align)).unwrap_or((0, 0, 1));
                            if let Some(kb) = blocks.get_mut(keep) {
                                if glo + delta < kb.lo {
                                    kb.lo_span = Some(*span);
                                }
                                kb.lo = kb.lo.min(glo + delta);
                                kb.hi = kb.hi.max(ghi + delta);
                                kb.align = kb.align.max(galign);
                            }
                            if let Some(gb) = blocks.get_mut(gone) {
                                gb.hi = gb.lo;
                            }
                        }
                        None => {
                            at.insert(n.clone(), (ab, off));
                            if let Some(b) = blocks.get_mut(ab) {
                                if off < b.lo {
                                    b.lo_span = Some(*span);
                                }
                                b.lo = b.lo.min(off);
                                b.hi = b.hi.max(off + size);
                                b.align = b.align.max(align);
                            }
                        }
                    }
                }
            }
            if !progress {
                break;
            }
        }
        // A common block may grow at its end only.
        for (bi, b) in blocks.iter_mut().enumerate() {
            if b.lo < 0 {
                if b.common {
                    let sp = b.lo_span.unwrap_or(unit.span);
                    self.diags.push(
                        Diagnostic::error("E0141", "`equivalence` extends a common block before its first member", sp)
                            .with_label("this association needs storage before the block's start"),
                    );
                } else {
                    let shift = -b.lo;
                    for v in at.values_mut() {
                        if v.0 == bi {
                            v.1 += shift;
                        }
                    }
                    b.hi += shift;
                }
                b.lo = 0;
            }
        }
        // The globals, with the initial values of their members.
        for (bi, b) in blocks.iter().enumerate() {
            if b.hi <= b.lo && !b.common {
                continue;
            }
            let size = b.hi.saturating_sub(b.lo).saturating_add(b.align - 1) / b.align * b.align;
            let any_init = at.iter().any(|(n, &(vb, _))| vb == bi && self.syms.get(n).is_some_and(|s| s.init.is_some()));
            if size > i64::from(u32::MAX) || (any_init && size > 1 << 28) {
                let sp = if b.common { unit.commons.first().map(|c| c.span) } else { unit.equivalences.first().map(|e| e.span) };
                let sp = sp.unwrap_or(unit.span);
                self.not_yet(format!("storage `{}` of {size} bytes (common blocks and equivalence sets are limited to 4 GiB, 256 MiB with initial values)", b.global), sp);
                continue;
            }
            let mut bytes = vec![0u8; if any_init { size.max(0) as usize } else { 0 }];
            for (n, &(vb, off)) in &at {
                let Some(s) = self.syms.get(n).filter(|_| vb == bi) else { continue };
                if let Some(init) = &s.init {
                    if !self.init_bytes(s, init, &mut bytes, off) {
                        self.not_yet(format!("this initial value of `{n}` in storage association"), init.span);
                    }
                }
            }
            // GCC's alignment of large data on x86-64.
            let align = if size >= 32 {
                32
            } else if size >= 16 {
                16
            } else {
                b.align
            } as u32;
            let init = any_init.then_some(bytes);
            match self.storage.iter_mut().find(|x| x.name == b.global) {
                Some(x) => {
                    x.size = x.size.max(size);
                    x.align = x.align.max(align);
                    if x.init.is_none() {
                        x.init = init;
                    }
                    if let Some(v) = x.init.as_mut() {
                        v.resize(x.size as usize, 0);
                    }
                }
                None => self.storage.push(Storage::block(b.global.clone(), size, align, init, !b.common)),
            }
        }
        // Homes (bounds folded: they are constant, and may name constants declared later).
        for (n, &(bi, off)) in &at {
            let Some(s) = self.syms.get(n) else { continue };
            let Some(b) = blocks.get(bi) else { continue };
            let dims = self.const_dims(s);
            let base = self.val(Ty::Ptr, Rv::GlobalAddr(b.global.clone()));
            let addr = self.f.new_var(format!("{n}.addr"), Ty::Ptr);
            self.emit(Stmt::Assign(addr, Rv::PtrAdd(base, Op::I64(off))));
            let home = if s.base == BaseTy::Character {
                let len = self.f.new_var(format!("{n}.len"), Ty::I64);
                self.emit(Stmt::Assign(len, Rv::Use(Op::I64(self.const_char_len(s).unwrap_or(1)))));
                if s.rank > 0 {
                    let d = self.new_desc(s);
                    self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Var(addr))));
                    self.set_shape(&d, &dims, s.span);
                    Home::CharArray { d, len }
                } else {
                    Home::Chars { addr, len }
                }
            } else if s.rank > 0 {
                let d = self.new_desc(s);
                self.emit(Stmt::Assign(d.addr, Rv::Use(Op::Var(addr))));
                self.set_shape(&d, &dims, s.span);
                Home::Array(d)
            } else {
                Home::Mem(addr, s.base)
            };
            self.homes.insert(n.clone(), home);
        }
        at.into_keys().collect()
    }

    /// The bounds of a variable of constant shape as integer literals.
    pub(super) fn const_dims(&self, s: &Symbol) -> Vec<DimSpec> {
        let lit =
            |v: i64, e: &Expr| Expr { kind: ExprKind::Int(v, 8), span: e.span, ty: gpuf_frontend::ast::Ty::Scalar(BaseTy::Integer(8)) };
        s.dims
            .iter()
            .map(|d| match d {
                DimSpec::Explicit { lo, hi } => {
                    let lo = lo.as_ref().map(|e| const_int(e, self.syms).map_or_else(|| e.clone(), |v| lit(v, e)));
                    let hi = const_int(hi, self.syms).map_or_else(|| hi.clone(), |v| lit(v, hi));
                    DimSpec::Explicit { lo, hi }
                }
                d => d.clone(),
            })
            .collect()
    }

    /// The number of elements of a variable of constant shape (1 for a scalar).
    fn elems(&self, s: &Symbol) -> i64 {
        let mut n: i64 = 1;
        for d in &s.dims {
            if let DimSpec::Explicit { lo, hi } = d {
                let lo = lo.as_ref().and_then(|e| const_int(e, self.syms)).unwrap_or(1);
                let hi = const_int(hi, self.syms).unwrap_or(lo.saturating_sub(1));
                n = n.saturating_mul(hi.saturating_sub(lo).saturating_add(1).max(0));
            }
        }
        n
    }

    /// Writes the constant initial value `init` of `s` at `off` in `out` (gfortran's
    /// representation); false if a value is not a constant gpuf can lay out.
    fn init_bytes(&self, s: &Symbol, init: &Expr, out: &mut [u8], off: i64) -> bool {
        let elem = match s.base {
            BaseTy::Character => self.const_char_len(s).unwrap_or(1),
            b => self.elem_size(b),
        };
        let values: Vec<&Expr> = match &init.kind {
            ExprKind::ArrayCtor(items) => {
                let mut v = Vec::new();
                for it in items {
                    match it {
                        CtorItem::Expr(e) => v.push(e),
                        _ => return false,
                    }
                }
                v
            }
            _ if s.rank > 0 => return false,
            _ => vec![init],
        };
        for (i, e) in values.iter().enumerate() {
            let at = off + i as i64 * elem;
            let Some(bytes) = self.value_bytes(s.base, elem, e) else { return false };
            let Some(dst) = out.get_mut(at.max(0) as usize..(at.max(0) as usize + bytes.len())) else { return false };
            dst.copy_from_slice(&bytes);
        }
        true
    }

    /// One element's bytes.
    pub(super) fn value_bytes(&self, base: BaseTy, elem: i64, e: &Expr) -> Option<Vec<u8>> {
        let num = |t: Ty| const_value(e, t, self.syms);
        Some(match base {
            BaseTy::Integer(k) => match num(Ty::I64)? {
                Op::I64(v) => i128::from(v).to_le_bytes()[..k as usize].to_vec(),
                Op::I32(v) => i128::from(v).to_le_bytes()[..k as usize].to_vec(),
                _ => return None,
            },
            BaseTy::Logical(k) => match num(Ty::I32)? {
                Op::I32(v) => (v as i64).to_le_bytes()[..k as usize].to_vec(),
                Op::I64(v) => v.to_le_bytes()[..k as usize].to_vec(),
                _ => return None,
            },
            BaseTy::Real(4) => match num(Ty::F32)? {
                Op::F32(v) => v.to_le_bytes().to_vec(),
                Op::F64(v) => (v as f32).to_le_bytes().to_vec(),
                _ => return None,
            },
            // (`real(16)` values: not yet.)
            BaseTy::Real(16) => return None,
            BaseTy::Real(_) => match num(Ty::F64)? {
                Op::F64(v) => v.to_le_bytes().to_vec(),
                Op::F32(v) => v.to_le_bytes().to_vec(),
                _ => return None,
            },
            BaseTy::Complex(k) => {
                let ExprKind::Complex(re, im) = &e.kind else { return None };
                let mut v = self.value_bytes(BaseTy::Real(k), k as i64, re)?;
                v.extend(self.value_bytes(BaseTy::Real(k), k as i64, im)?);
                v
            }
            BaseTy::Character => {
                let mut v = const_chars(e, self.syms, 0)?;
                v.resize(elem as usize, b' ');
                v
            }
            BaseTy::Derived(_) => return None,
        })
    }
}

/// The bytes of a constant character expression: literals, named constants and their
/// concatenations.
fn const_chars(e: &Expr, syms: &Symbols, depth: u32) -> Option<Vec<u8>> {
    if depth > 64 {
        return None;
    }
    match &e.kind {
        ExprKind::Str(t) => Some(gpuf_frontend::text::raw_bytes(t)),
        ExprKind::Paren(x) => const_chars(x, syms, depth + 1),
        ExprKind::Binary(ast::BinOp::Concat, a, b) => {
            let mut v = const_chars(a, syms, depth + 1)?;
            v.extend(const_chars(b, syms, depth + 1)?);
            Some(v)
        }
        ExprKind::Name(id) => {
            let s = syms.get(&id.name).filter(|s| s.parameter && s.rank == 0)?;
            let mut v = const_chars(s.init.as_ref()?, syms, depth + 1)?;
            if let Some(ast::CharLen::Expr(Expr { kind: ExprKind::Int(n, _), .. })) = &s.char_len {
                v.resize((*n).max(0) as usize, b' ');
            }
            Some(v)
        }
        _ => None,
    }
}

/// The value of a constant integer expression.
fn const_int(e: &Expr, syms: &Symbols) -> Option<i64> {
    match const_value(e, Ty::I64, syms)? {
        Op::I64(v) => Some(v),
        Op::I32(v) => Some(v as i64),
        _ => None,
    }
}
