//! `block` constructs in the parser: the declarations of a `block` are moved to the unit,
//! so every block-local name is renamed `name@bN` inside the block (it may shadow a local,
//! host- or use-associated name of the same spelling); and a block-local array whose
//! bounds are not constant (an automatic array) becomes an allocatable array allocated on
//! each entry to the block and deallocated at its end.

use super::Parser;
use crate::ast::*;

/// The renamings of the open `block` constructs of the unit being parsed.
#[derive(Default)]
pub(super) struct BlockScope {
    /// The unit's local variables (not dummy arguments or constants) and the block-local
    /// ones (renamed): a `character` length using one is not known on entry to the unit.
    pub(super) variables: Vec<String>,
    /// `(name, renamed)` for the shadowing declarations of the open blocks, innermost last.
    pub(super) renames: Vec<(String, String)>,
    /// Renamings made so far in the unit (for unique names).
    pub(super) count: usize,
}

impl Parser {
    /// The name a reference `id` inside the open blocks denotes.
    pub(super) fn block_rename(&self, mut id: Ident) -> Ident {
        if let Some((_, to)) = self.block_scope.renames.iter().rev().find(|(from, _)| *from == id.name) {
            id.name = to.clone();
        }
        id
    }

    /// Renames the entities of a `block` declaration (which may shadow any name visible
    /// outside the block, including host- and use-associated ones) and makes later
    /// references in the block use the new name.
    pub(super) fn rename_block_entities(&mut self, d: &mut Decl) {
        for e in &mut d.entities {
            let n = e.name.name.clone();
            self.block_scope.count += 1;
            let to = format!("{n}@b{}", self.block_scope.count);
            if d.parameter {
                if let Some(v) = self.int_params.get(&n).copied() {
                    self.int_params.insert(to.clone(), v);
                }
            }
            if !d.parameter {
                self.block_scope.variables.push(to.clone());
            }
            self.block_scope.renames.push((n, to.clone()));
            e.name.name = to;
        }
    }

    /// Splits off the automatic arrays of a block's declarations (explicit bounds that are
    /// not constant here) as allocatable arrays; returns the declarations, the statements
    /// that allocate them on entry to the block and those that deallocate them at its end.
    pub(super) fn block_automatic_arrays(&mut self, decls: Vec<Decl>) -> (Vec<Decl>, Vec<Stmt>, Vec<Stmt>) {
        let mut out = Vec::new();
        let (mut pro, mut epi) = (Vec::new(), Vec::new());
        for mut d in decls {
            if d.parameter || d.allocatable || d.save || d.external || d.intent.is_some() {
                out.push(d);
                continue;
            }
            if let Some(CharLen::Expr(len)) = &d.char_len {
                // The unit's declarations are evaluated on entry to the unit, before the
                // variable has the value it has on entry to the block.
                // (A main program reports any non-constant length itself.)
                let program = self.cur_unit == Some(UnitKind::Program);
                if !program && self.const_int(len).is_none() && mentions(len, &self.block_scope.variables) {
                    self.diags.push(crate::diag::Diagnostic::not_yet(
                        "a `character` length in a `block` computed from a variable of the procedure",
                        len.span,
                    ));
                }
            }
            let mut keep = Vec::new();
            for e in std::mem::take(&mut d.entities) {
                let dims = e.dims.clone().or_else(|| d.dimension.clone());
                let automatic = e.init.is_none()
                    && dims.as_ref().is_some_and(|ds| {
                        ds.iter().all(|s| matches!(s, DimSpec::Explicit { .. }))
                            && ds.iter().any(|s| match s {
                                DimSpec::Explicit { lo, hi } => {
                                    self.const_int(hi).is_none() || lo.as_ref().is_some_and(|l| self.const_int(l).is_none())
                                }
                                _ => false,
                            })
                    });
                let Some(dims) = dims.filter(|_| automatic) else {
                    keep.push(e);
                    continue;
                };
                let sp = e.span;
                let name = e.name.clone();
                let mut nd = d.clone();
                nd.allocatable = true;
                nd.dimension = None;
                nd.entities = vec![Entity { dims: Some(dims.iter().map(|_| DimSpec::Deferred(sp)).collect()), ..e }];
                out.push(nd);
                let var = Expr { kind: ExprKind::Name(name.clone()), span: sp, ty: Ty::Unknown };
                let cond = Expr {
                    kind: ExprKind::Apply { name: Ident { name: "allocated".into(), span: sp }, args: vec![Arg::Index(var)] },
                    span: sp,
                    ty: Ty::Unknown,
                };
                let dealloc = Stmt { kind: StmtKind::Deallocate(vec![name.clone()]), span: sp };
                pro.push(Stmt { kind: StmtKind::If { name: None, arms: vec![(cond, vec![dealloc.clone()])], else_body: None }, span: sp });
                pro.push(Stmt { kind: StmtKind::Allocate(vec![(name, dims)]), span: sp });
                epi.push(dealloc);
            }
            if !keep.is_empty() {
                d.entities = keep;
                out.push(d);
            }
        }
        (out, pro, epi)
    }
}

/// Whether `e` refers to one of `names`.
fn mentions(e: &Expr, names: &[String]) -> bool {
    let arg = |a: &Arg| match a {
        Arg::Index(x) | Arg::Keyword(_, x) => mentions(x, names),
        Arg::Range { lo, hi, stride, .. } => [lo, hi, stride].into_iter().flatten().any(|x| mentions(x, names)),
    };
    match &e.kind {
        ExprKind::Name(id) => names.contains(&id.name),
        ExprKind::Apply { name, args } | ExprKind::ArrayRef { name, subs: args } | ExprKind::Call { name, args } => {
            names.contains(&name.name) || args.iter().any(arg)
        }
        ExprKind::Intrinsic { args, .. } => args.iter().any(|x| mentions(x, names)),
        ExprKind::Unary(_, x) | ExprKind::Paren(x) => mentions(x, names),
        ExprKind::Binary(_, l, r) | ExprKind::Complex(l, r) => mentions(l, names) || mentions(r, names),
        ExprKind::Component(c) => mentions(&c.base, names) || c.subs.iter().any(arg),
        ExprKind::StructCtor { args, .. } => args.iter().flatten().any(|x| mentions(x, names)),
        // Constructors are not lengths; count them as using a variable.
        ExprKind::ArrayCtor(_) => true,
        ExprKind::Int(..)
        | ExprKind::Real(..)
        | ExprKind::Quad(_)
        | ExprKind::Logical(_)
        | ExprKind::Str(_)
        | ExprKind::Boz(_)
        | ExprKind::Int128(_) => false,
    }
}
