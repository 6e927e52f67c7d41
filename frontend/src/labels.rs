//! Statement labels, per program unit, after parsing: `format` statements are put into the
//! I/O statements that name them; forward jumps (`go to L`, `end=L`, `err=L`) become
//! exits of a [`StmtKind::LabelBlock`] that holds the statements from the first jump's
//! statement up to the label, and backward jumps restarts of a backward `LabelBlock` that
//! holds the statements from the label to the last jump back; so the rest of the compiler
//! sees structured code only. A jump into a construct from outside it is an error. Label
//! markers and `format` statements are removed.

use crate::ast::*;
use crate::diag::{Diagnostic, Span};
use std::collections::HashMap;

/// What a label is attached to.
struct Def {
    /// The text of a `format` statement.
    format: Option<String>,
}

pub fn resolve(file: &mut SourceFile, diags: &mut Vec<Diagnostic>) {
    for u in &mut file.units {
        unit(u, diags);
    }
}

fn unit(u: &mut Unit, diags: &mut Vec<Diagnostic>) {
    for c in &mut u.contains {
        unit(c, diags);
    }
    let mut defs: HashMap<u32, Def> = HashMap::new();
    collect(&u.body, &mut defs, diags);
    if defs.is_empty() && !any_stmt(&u.body, &mut |s| has_label_ref(s)) {
        return;
    }
    let mut body = std::mem::take(&mut u.body);
    for_each_stmt(&mut body, &mut |s| check_refs(s, &defs, diags));
    let mut deep = None;
    blocks(&mut body, &mut deep);
    if let Some(sp) = deep.or_else(|| too_deep(&body)) {
        diags.push(
            Diagnostic::error("E0009", format!("constructs are nested too deeply (more than {MAX_DEPTH} levels)"), sp)
                .with_label("nesting limit reached here")
                .with_note("note: the statements a `go to` jumps over count as one more level"),
        );
        u.body = body;
        return;
    }
    // jumps to undefined labels and to `format` statements are reported already
    let mut open: Vec<u32> = defs.iter().filter(|(_, d)| d.format.is_some()).map(|(l, _)| *l).collect();
    for_each_stmt(&mut body, &mut |s| {
        let mut refs = Vec::new();
        match &s.kind {
            StmtKind::GoTo(l) => refs.push(*l),
            StmtKind::IoStatus { ctl, .. } => refs.extend([ctl.end, ctl.err].into_iter().flatten().map(|x| x.0)),
            _ => {}
        }
        open.extend(refs.into_iter().filter(|l| !defs.contains_key(l)));
    });
    check_jumps(&body, &mut open, diags);
    strip(&mut body);
    u.body = body;
}

/// The statement lists directly inside `s`.
fn children(s: &Stmt) -> Vec<&Vec<Stmt>> {
    match &s.kind {
        StmtKind::If { arms, else_body, .. } => arms.iter().map(|(_, b)| b).chain(else_body.iter()).collect(),
        StmtKind::SelectCase { cases, .. } => cases.iter().map(|c| &c.body).collect(),
        StmtKind::SelectType { guards, .. } => guards.iter().map(|c| &c.body).collect(),
        StmtKind::Block { body, .. }
        | StmtKind::Do { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Construct { body, .. }
        | StmtKind::Atomic { body, .. }
        | StmtKind::Forall { body, .. }
        | StmtKind::DoConcurrent { body, .. }
        | StmtKind::LabelBlock { body, .. } => vec![body],
        StmtKind::Where { arms } => arms.iter().map(|(_, b)| b).collect(),
        _ => Vec::new(),
    }
}

fn children_mut(s: &mut Stmt) -> Vec<&mut Vec<Stmt>> {
    match &mut s.kind {
        StmtKind::If { arms, else_body, .. } => arms.iter_mut().map(|(_, b)| b).chain(else_body.iter_mut()).collect(),
        StmtKind::SelectCase { cases, .. } => cases.iter_mut().map(|c| &mut c.body).collect(),
        StmtKind::SelectType { guards, .. } => guards.iter_mut().map(|c| &mut c.body).collect(),
        StmtKind::Block { body, .. }
        | StmtKind::Do { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::Construct { body, .. }
        | StmtKind::Atomic { body, .. }
        | StmtKind::Forall { body, .. }
        | StmtKind::DoConcurrent { body, .. }
        | StmtKind::LabelBlock { body, .. } => vec![body],
        StmtKind::Where { arms } => arms.iter_mut().map(|(_, b)| b).collect(),
        _ => Vec::new(),
    }
}

/// The statement an `LoopConstruct` or `IoStatus` wraps.
fn inner(s: &Stmt) -> Option<&Stmt> {
    match &s.kind {
        StmtKind::LoopConstruct { do_stmt, .. } => Some(do_stmt),
        StmtKind::IoStatus { stmt, .. } | StmtKind::AllocStatus { stmt, .. } | StmtKind::AllocOpts { stmt, .. } => Some(stmt),
        _ => None,
    }
}

fn inner_mut(s: &mut Stmt) -> Option<&mut Stmt> {
    match &mut s.kind {
        StmtKind::LoopConstruct { do_stmt, .. } => Some(do_stmt),
        StmtKind::IoStatus { stmt, .. } | StmtKind::AllocStatus { stmt, .. } | StmtKind::AllocOpts { stmt, .. } => Some(stmt),
        _ => None,
    }
}

/// Does `f` hold for any statement in `v`, at any depth?
fn any_stmt(v: &[Stmt], f: &mut dyn FnMut(&Stmt) -> bool) -> bool {
    v.iter().any(|s| stmt_any(s, f))
}

fn stmt_any(s: &Stmt, f: &mut dyn FnMut(&Stmt) -> bool) -> bool {
    f(s) || inner(s).is_some_and(|i| stmt_any(i, f)) || children(s).into_iter().any(|b| any_stmt(b, f))
}

fn for_each_stmt(v: &mut [Stmt], f: &mut dyn FnMut(&mut Stmt)) {
    for s in v {
        f(s);
        if let Some(i) = inner_mut(s) {
            for_each_stmt(std::slice::from_mut(i), f);
        }
        for b in children_mut(s) {
            for_each_stmt(b, f);
        }
    }
}

fn has_label_ref(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::GoTo(_) => true,
        StmtKind::IoStatus { ctl, .. } => ctl.end.is_some() || ctl.err.is_some(),
        StmtKind::Print { format, .. } | StmtKind::Write { format, .. } | StmtKind::Read { format, .. } => {
            matches!(format, Format::Label(..))
        }
        _ => false,
    }
}

/// Records every label of the unit, with the text of `format` statements.
fn collect(v: &[Stmt], defs: &mut HashMap<u32, Def>, diags: &mut Vec<Diagnostic>) {
    for (i, s) in v.iter().enumerate() {
        match &s.kind {
            StmtKind::Label(l) => {
                let format = match v.get(i + 1).map(|n| &n.kind) {
                    Some(StmtKind::FormatStmt(t)) => Some(t.clone()),
                    _ => None,
                };
                if defs.contains_key(l) {
                    diags.push(
                        Diagnostic::error("E0045", format!("the label {l} is defined twice"), s.span).with_label("second definition"),
                    );
                } else {
                    defs.insert(*l, Def { format });
                }
            }
            StmtKind::FormatStmt(_) if !matches!(i.checked_sub(1).and_then(|p| v.get(p)).map(|p| &p.kind), Some(StmtKind::Label(_))) => {
                diags.push(
                    Diagnostic::error("E0046", "a `format` statement needs a label", s.span)
                        .with_label("no label")
                        .with_note("help: write it as `100 format(...)` and refer to it as `write(*, 100)`"),
                );
            }
            _ => {}
        }
        if let Some(i) = inner(s) {
            collect(std::slice::from_ref(i), defs, diags);
        }
        for b in children(s) {
            collect(b, defs, diags);
        }
    }
}

/// Puts the text of `format` statements into the formats naming them; checks jump targets.
fn check_refs(s: &mut Stmt, defs: &HashMap<u32, Def>, diags: &mut Vec<Diagnostic>) {
    match &mut s.kind {
        StmtKind::Print { format, .. } | StmtKind::Write { format, .. } | StmtKind::Read { format, .. } => {
            if let Format::Label(l, sp) = format {
                let (l, sp) = (*l, *sp);
                match defs.get(&l) {
                    None => diags.push(undefined(l, sp)),
                    Some(Def { format: Some(t), .. }) => *format = Format::Literal(t.clone(), sp),
                    Some(_) => diags.push(
                        Diagnostic::error("E0048", format!("the label {l} is not the label of a `format` statement"), sp)
                            .with_label("expected a `format` label"),
                    ),
                }
            }
        }
        StmtKind::GoTo(l) => {
            let l = *l;
            jump_target(l, s.span, defs, diags);
        }
        StmtKind::IoStatus { ctl, .. } => {
            for (l, sp) in [ctl.end, ctl.err].into_iter().flatten() {
                jump_target(l, sp, defs, diags);
            }
        }
        _ => {}
    }
}

fn undefined(l: u32, sp: Span) -> Diagnostic {
    Diagnostic::error("E0047", format!("the label {l} is not defined"), sp).with_label("no statement has this label")
}

fn jump_target(l: u32, sp: Span, defs: &HashMap<u32, Def>, diags: &mut Vec<Diagnostic>) {
    match defs.get(&l) {
        None => diags.push(undefined(l, sp)),
        Some(d) if d.format.is_some() => diags.push(
            Diagnostic::error("E0048", format!("the label {l} is the label of a `format` statement"), sp).with_label("cannot jump here"),
        ),
        Some(_) => {}
    }
}

/// Does `s` jump to `l` (at any depth)?
fn jumps_to(s: &Stmt, l: u32) -> bool {
    stmt_any(s, &mut |x| match &x.kind {
        StmtKind::GoTo(t) => *t == l,
        StmtKind::IoStatus { ctl, .. } => ctl.end.is_some_and(|e| e.0 == l) || ctl.err.is_some_and(|e| e.0 == l),
        _ => false,
    })
}

/// The deepest nesting of constructs (label blocks included) the rest of the compiler takes.
const MAX_DEPTH: usize = 64;

/// A statement nested deeper than [`MAX_DEPTH`] (walked without recursion).
fn too_deep(v: &[Stmt]) -> Option<Span> {
    let mut stack: Vec<(&[Stmt], usize)> = vec![(v, 0)];
    while let Some((list, d)) = stack.pop() {
        for s in list {
            if d > MAX_DEPTH {
                return Some(s.span);
            }
            if let Some(i) = inner(s) {
                stack.push((std::slice::from_ref(i), d));
            }
            for b in children(s) {
                stack.push((b, d + 1));
            }
        }
    }
    None
}

/// The nesting depth of `s` (1 for a statement without a body), counted up to just past
/// [`MAX_DEPTH`] (walked without recursion).
fn too_deep_at(s: &Stmt) -> usize {
    let mut max = 0;
    let mut stack: Vec<(&Stmt, usize)> = vec![(s, 1)];
    while let Some((s, d)) = stack.pop() {
        max = max.max(d);
        if max > MAX_DEPTH {
            break;
        }
        if let Some(i) = inner(s) {
            stack.push((i, d));
        }
        for b in children(s) {
            stack.extend(b.iter().map(|x| (x, d + 1)));
        }
    }
    max
}

/// Wraps the statements jumped over into `LabelBlock`s, innermost lists first; `deep` is set
/// (to a statement there) when they nest too deeply.
fn blocks(v: &mut Vec<Stmt>, deep: &mut Option<Span>) {
    for s in v.iter_mut() {
        if let Some(i) = inner_mut(s) {
            for b in children_mut(i) {
                blocks(b, deep);
            }
        }
        for b in children_mut(s) {
            blocks(b, deep);
        }
    }
    structure(v, None, 0, deep);
}

/// Backward blocks, then forward blocks, at the top level of `v`; `own` is the label of the
/// backward block whose body `v` is (not wrapped again).
fn structure(v: &mut Vec<Stmt>, own: Option<u32>, depth: usize, deep: &mut Option<Span>) {
    if depth > MAX_DEPTH {
        *deep = Some(v.first().map_or(Span::default(), |s| s.span));
        return;
    }
    let mut j = 0;
    while let Some(sj) = v.get(j) {
        if let StmtKind::Label(l) = sj.kind {
            if own != Some(l) || j > 0 {
                if let Some(k) = (j + 1..v.len()).rev().find(|&k| v.get(k).is_some_and(|s| jumps_to(s, l))) {
                    let mut body: Vec<Stmt> = v.drain(j..=k).collect();
                    structure(&mut body, Some(l), depth + 1, deep);
                    let span = match (body.first(), body.last()) {
                        (Some(a), Some(b)) => a.span.to(b.span),
                        _ => Span::default(),
                    };
                    let b = Stmt { kind: StmtKind::LabelBlock { label: l, body, backward: true }, span };
                    if depth + too_deep_at(&b) > MAX_DEPTH {
                        *deep = Some(b.span);
                        v.insert(j, b);
                        return;
                    }
                    v.insert(j, b);
                }
            }
        }
        j += 1;
    }
    let mut j = 0;
    while let Some(sj) = v.get(j) {
        let at_label = match sj.kind {
            StmtKind::Label(l) | StmtKind::LabelBlock { label: l, backward: true, .. } => Some(l),
            _ => None,
        };
        if let Some(l) = at_label {
            if let Some(i) = v.iter().take(j).position(|s| jumps_to(s, l)) {
                let body: Vec<Stmt> = v.drain(i..j).collect();
                let span = match (body.first(), body.last()) {
                    (Some(a), Some(b)) => a.span.to(b.span),
                    _ => Span::default(),
                };
                let b = Stmt { kind: StmtKind::LabelBlock { label: l, body, backward: false }, span };
                if depth + too_deep_at(&b) > MAX_DEPTH {
                    *deep = Some(b.span);
                    v.insert(i, b);
                    return;
                }
                v.insert(i, b);
                j = i + 1;
            }
        }
        j += 1;
    }
}

/// Reports jumps that are not inside a `LabelBlock` of their label: jumps into a construct.
fn check_jumps(v: &[Stmt], open: &mut Vec<u32>, diags: &mut Vec<Diagnostic>) {
    for s in v {
        let bad = |l: u32, sp: Span, diags: &mut Vec<Diagnostic>| {
            diags.push(
                Diagnostic::error("E0049", format!("this jumps to the label {l} inside a construct it is not in"), sp)
                    .with_label("cannot jump into a construct")
                    .with_note("note: a jump may leave constructs, or go to a statement of an enclosing statement list"),
            )
        };
        match &s.kind {
            StmtKind::GoTo(l) if !open.contains(l) => bad(*l, s.span, diags),
            StmtKind::IoStatus { ctl, .. } => {
                for (l, sp) in [ctl.end, ctl.err].into_iter().flatten() {
                    if !open.contains(&l) {
                        bad(l, sp, diags);
                    }
                }
            }
            StmtKind::LabelBlock { label, body, .. } => {
                open.push(*label);
                check_jumps(body, open, diags);
                open.pop();
                continue;
            }
            _ => {}
        }
        if let Some(i) = inner(s) {
            check_jumps(std::slice::from_ref(i), open, diags);
        }
        for b in children(s) {
            check_jumps(b, open, diags);
        }
    }
}

/// Removes label markers and `format` statements.
fn strip(v: &mut Vec<Stmt>) {
    v.retain(|s| !matches!(s.kind, StmtKind::Label(_) | StmtKind::FormatStmt(_)));
    for s in v.iter_mut() {
        if let Some(i) = inner_mut(s) {
            for b in children_mut(i) {
                strip(b);
            }
        }
        for b in children_mut(s) {
            strip(b);
        }
    }
}
