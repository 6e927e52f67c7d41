//! `entry` statements of subroutines, rewritten after parsing (before labels are resolved)
//! the way gfortran compiles them: the subroutine's body becomes a master procedure
//! `NAME@entry` whose dummies are a selector and the union of every entry point's dummies
//! (all optional), starting with a jump to the label the parser put where each `entry`
//! statement was; the subroutine and each entry become wrappers under their own names that
//! call the master with their selector and their own dummies.

use super::units::new_unit;
use crate::ast::*;
use crate::diag::{Diagnostic, Span};

/// The labels of entry points (beyond Fortran's 1 to 99999): the first entry's.
pub(super) const LABEL_BASE: u32 = 1_000_000;

/// The master procedure's selector dummy (0: the subroutine, `i`: its `i`-th entry).
const SELECTOR: &str = "entry@which";

/// Rewrites every subroutine with `entry` statements (external and module procedures).
pub(super) fn expand(f: &mut SourceFile, diags: &mut Vec<Diagnostic>) {
    for mut u in std::mem::take(&mut f.units) {
        if u.kind == UnitKind::Module {
            for c in std::mem::take(&mut u.contains) {
                expand_unit(c, &mut u.contains, diags);
            }
            f.units.push(u);
        } else {
            expand_unit(u, &mut f.units, diags);
        }
    }
}

/// Reports the `entry` statements of internal procedures (not rewritten).
fn reject_internal(units: &[Unit], diags: &mut Vec<Diagnostic>) {
    for c in units {
        for (name, _, _) in &c.entries {
            diags.push(Diagnostic::not_yet("`entry` statements in internal procedures", name.span));
        }
        reject_internal(&c.contains, diags);
    }
}

fn name_expr(n: &str, span: Span) -> Expr {
    Expr { kind: ExprKind::Name(Ident { name: n.to_string(), span }), span, ty: Ty::Unknown }
}

fn decl(base: BaseTy, names: Vec<Ident>, span: Span) -> Decl {
    Decl {
        base,
        base_span: span,
        parameter: false,
        allocatable: false,
        pointer: false,
        target: false,
        intent: None,
        optional: false,
        save: false,
        external: false,
        value: false,
        class: false,
        bind_c: None,
        dimension: None,
        char_len: None,
        entities: names.into_iter().map(|name| Entity { span: name.span, name, dims: None, init: None }).collect(),
        span,
    }
}

fn expand_unit(mut u: Unit, out: &mut Vec<Unit>, diags: &mut Vec<Diagnostic>) {
    reject_internal(&u.contains, diags);
    if u.entries.is_empty() {
        out.push(u);
        return;
    }
    let entries = std::mem::take(&mut u.entries);
    let span = u.name.span;
    let master = Ident { name: format!("{}@entry", u.name.name), span };
    let mut points = vec![(u.name.clone(), u.args.clone())];
    points.extend(entries.iter().map(|(n, a, _)| (n.clone(), a.clone())));
    // The master: every dummy of every entry point, optional.
    let mut all: Vec<Ident> = u.args.clone();
    for (_, args, _) in &entries {
        for a in args {
            if !all.iter().any(|x| x.name == a.name) {
                all.push(a.clone());
            }
        }
    }
    let wrappers: Vec<Unit> = points.iter().enumerate().map(|(i, (n, a))| wrapper(&u, n, a, &all, i, &master)).collect();
    let mut decls = Vec::new();
    for d in std::mem::take(&mut u.decls) {
        let (dummies, others): (Vec<Entity>, Vec<Entity>) =
            d.entities.iter().cloned().partition(|e| all.iter().any(|a| a.name == e.name.name));
        if !dummies.is_empty() {
            decls.push(Decl { entities: dummies, optional: true, ..d.clone() });
        }
        if !others.is_empty() {
            decls.push(Decl { entities: others, ..d });
        }
    }
    // Dummies typed implicitly get a declaration to carry `optional`.
    for a in &all {
        let declared = decls.iter().any(|d| d.entities.iter().any(|e| e.name.name == a.name));
        let procedure = u.externals.iter().any(|x| x.name == a.name)
            || u.interfaces.iter().any(|x| x.name.name == a.name)
            || u.proc_decls.iter().any(|p| p.names.iter().any(|n| n.name == a.name));
        if procedure {
            diags.push(Diagnostic::not_yet("dummy procedures of subroutines with `entry` statements", a.span));
        } else if !declared && !u.implicit_none {
            let mut d = decl(crate::sema::implicit_with(&u.implicit_rules, &a.name), vec![a.clone()], a.span);
            d.optional = true;
            decls.push(d);
        }
    }
    let sel = Ident { name: SELECTOR.to_string(), span };
    let mut sd = decl(BaseTy::Integer(4), vec![sel.clone()], span);
    sd.intent = Some(Intent::In);
    decls.push(sd);
    u.decls = decls;
    let mut args = vec![sel];
    args.extend(all);
    u.args = args;
    // Jumps to the entry points.
    let mut prelude = Vec::new();
    for (i, (_, _, label)) in entries.iter().enumerate() {
        let cond = Expr {
            kind: ExprKind::Binary(
                BinOp::Eq,
                Box::new(name_expr(SELECTOR, span)),
                Box::new(Expr { kind: ExprKind::Int(i as i64 + 1, 4), span, ty: Ty::Unknown }),
            ),
            span,
            ty: Ty::Unknown,
        };
        let jump = Stmt { kind: StmtKind::GoTo(*label), span };
        prelude.push(Stmt { kind: StmtKind::If { name: None, arms: vec![(cond, vec![jump])], else_body: None }, span });
    }
    prelude.append(&mut u.body);
    u.body = prelude;
    u.name = master;
    u.bind_c = None;
    out.push(u);
    out.extend(wrappers);
}

/// The entry point `name(args)` (number `i`): a subroutine that calls the master with
/// its selector and its dummies, declared as in the subroutine.
fn wrapper(u: &Unit, name: &Ident, args: &[Ident], all: &[Ident], i: usize, master: &Ident) -> Unit {
    let span = name.span;
    let mut w = new_unit(UnitKind::Subroutine, name.clone(), u.span);
    w.args = args.to_vec();
    w.uses = u.uses.clone();
    w.implicit_none = u.implicit_none;
    w.implicit_rules = u.implicit_rules.clone();
    w.types = u.types.clone();
    if i == 0 {
        w.bind_c = u.bind_c.clone();
        w.recursive = u.recursive;
    }
    for d in &u.decls {
        // The dummies' declarations, and the named constants their bounds may use.
        let ents: Vec<Entity> = d.entities.iter().filter(|e| d.parameter || args.iter().any(|a| a.name == e.name.name)).cloned().collect();
        if !ents.is_empty() {
            w.decls.push(Decl { entities: ents, save: false, ..d.clone() });
        }
    }
    for a in &u.attr_stmts {
        if let AttrStmt::Dimension(e) = a {
            if args.iter().any(|x| x.name == e.name.name) {
                w.attr_stmts.push(a.clone());
            }
        }
    }
    let mut call_args =
        vec![Arg::Keyword(Ident { name: SELECTOR.to_string(), span }, Expr { kind: ExprKind::Int(i as i64, 4), span, ty: Ty::Unknown })];
    call_args.extend(args.iter().map(|a| Arg::Keyword(a.clone(), name_expr(&a.name, a.span))));
    // The master computes its array dummies' bounds on entry, reading scalar dummies that
    // another entry point may not have: those of numeric type get a local zero here.
    for a in all.iter().filter(|a| !args.iter().any(|x| x.name == a.name)) {
        let found = u.decls.iter().find_map(|d| d.entities.iter().find(|e| e.name.name == a.name).map(|e| (d, e)));
        let local = match found {
            Some((d, e)) => {
                let scalar = e.dims.is_none() && d.dimension.is_none() && !d.pointer && !d.allocatable && !d.external;
                (scalar && matches!(d.base, BaseTy::Integer(_) | BaseTy::Real(_))).then(|| Decl {
                    entities: vec![e.clone()],
                    intent: None,
                    optional: false,
                    save: false,
                    value: false,
                    ..d.clone()
                })
            }
            None if !u.implicit_none => Some(decl(crate::sema::implicit_with(&u.implicit_rules, &a.name), vec![a.clone()], a.span)),
            None => None,
        };
        let Some(local) = local.filter(|d| matches!(d.base, BaseTy::Integer(_) | BaseTy::Real(_))) else { continue };
        w.decls.push(local);
        w.body.push(Stmt {
            kind: StmtKind::Assign { lhs: name_expr(&a.name, span), rhs: Expr { kind: ExprKind::Int(0, 4), span, ty: Ty::Unknown } },
            span,
        });
        call_args.push(Arg::Keyword(a.clone(), name_expr(&a.name, span)));
    }
    w.body.push(Stmt { kind: StmtKind::Call { name: master.clone(), args: call_args }, span });
    w
}
