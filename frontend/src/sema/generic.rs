//! Generic interfaces (`interface name ... end interface`): a generic name maps to a key
//! `generic NAME#unit` in the scopes, [`Procs::generics`] lists its specific procedures'
//! keys, and a call of the generic name resolves to the one specific whose dummy
//! arguments match the actual arguments' types, kinds and ranks.

use super::*;

/// The key of generic `name` declared in flat unit `i`.
pub(super) fn generic_key(name: &str, i: usize) -> String {
    format!("generic {name}#{i}")
}

/// Whether the actual arguments `args` (already checked) match `sig` by type, kind and
/// rank, with every non-optional dummy given.
fn matches(sig: &ProcSig, args: &[Arg], types: &[TypeInfo]) -> bool {
    let n = sig.args.len();
    let mut given = vec![false; n];
    let mut pos = 0usize;
    for a in args {
        let (j, e) = match a {
            Arg::Index(e) => {
                pos += 1;
                (pos - 1, e)
            }
            Arg::Keyword(k, e) => match sig.args.iter().position(|d| d.name == k.name) {
                Some(j) => (j, e),
                None => return false,
            },
            Arg::Range { .. } => return false,
        };
        let (Some(d), Some(g)) = (sig.args.get(j), given.get_mut(j)) else { return false };
        if *g {
            return false;
        }
        *g = true;
        if proc_actual(e).is_some() || d.any_type {
            continue;
        }
        let Some(b) = e.ty.base() else { return false };
        if b != d.base && !(d.class && is_extension(types, b, d.base)) {
            return false;
        }
        if e.ty.rank() != d.rank && !(sig.elemental && d.rank == 0) {
            return false;
        }
    }
    sig.args.iter().zip(&given).all(|(d, g)| *g || d.optional)
}

/// Is `a` the derived type `t` or an extension of it?
fn is_extension(types: &[TypeInfo], a: BaseTy, t: BaseTy) -> bool {
    let (BaseTy::Derived(mut a), BaseTy::Derived(t)) = (a, t) else { return false };
    for _ in 0..64 {
        if a == t {
            return true;
        }
        match types.get(a as usize).and_then(|x| x.parent) {
            Some(p) => a = p,
            None => return false,
        }
    }
    false
}

/// How a candidate is shown in diagnostics: `name(integer, real(8), rank-1 real)`.
fn show_sig(sig: &ProcSig) -> String {
    let args: Vec<String> = sig
        .args
        .iter()
        .map(|d| {
            let b = base_name(d.base);
            let opt = if d.optional { ", optional" } else { "" };
            let dims = if d.rank > 0 { format!("({})", vec![":"; usize::from(d.rank)].join(",")) } else { String::new() };
            format!("{b}{opt} :: {}{dims}", d.name)
        })
        .collect();
    format!("`{}({})`", sig.name, args.join(", "))
}

fn show_actuals(args: &[Arg]) -> String {
    let v: Vec<String> = args
        .iter()
        .map(|a| match a {
            Arg::Index(e) | Arg::Keyword(_, e) => {
                let kw = match a {
                    Arg::Keyword(k, _) => format!("{}=", k.name),
                    _ => String::new(),
                };
                match e.ty.base() {
                    Some(b) if e.ty.rank() > 0 => format!("{kw}rank-{} {}", e.ty.rank(), base_name(b)),
                    Some(b) => format!("{kw}{}", base_name(b)),
                    None => format!("{kw}?"),
                }
            }
            Arg::Range { .. } => "a range".into(),
        })
        .collect();
    format!("({})", v.join(", "))
}

impl Checker {
    /// Resolves a call of generic `fname` (key `gkey`) with checked arguments `args` to the
    /// key of its one matching specific; None after an error.
    pub(super) fn resolve_generic(&mut self, gkey: &str, fname: &str, args: &[Arg], func: bool, span: Span) -> Option<String> {
        let cands = self.g.procs.generics.get(gkey).cloned().unwrap_or_default();
        let found: Vec<&String> = cands
            .iter()
            .filter(|k| self.g.procs.map.get(*k).is_some_and(|s| matches(s, args, &self.g.types) && (s.kind == UnitKind::Function) == func))
            .collect();
        match found.as_slice() {
            [one] => Some((*one).clone()),
            [] => {
                if Intrinsic::from_name(fname).is_some() || IntrinsicSub::from_name(fname).is_some() {
                    self.err(Diagnostic::not_yet(format!("generic interfaces extending the intrinsic `{fname}`"), span));
                    return None;
                }
                let what = if func { "function" } else { "subroutine" };
                let mut d =
                    Diagnostic::error("E0127", format!("no specific {what} of the generic `{fname}` matches these arguments"), span)
                        .with_label(format!("arguments {}", show_actuals(args)));
                for k in &cands {
                    if let Some(s) = self.g.procs.map.get(k) {
                        d = d.with_note(format!("note: candidate {}", show_sig(s)));
                    }
                }
                self.err(d);
                None
            }
            many => {
                let mut d = Diagnostic::error("E0127", format!("the call of the generic `{fname}` is ambiguous"), span)
                    .with_label(format!("arguments {} match more than one specific", show_actuals(args)));
                for k in many {
                    if let Some(s) = self.g.procs.map.get(*k) {
                        d = d.with_note(format!("note: matches {}", show_sig(s)));
                    }
                }
                self.err(d);
                None
            }
        }
    }

    /// A procedure key `k` passed as an actual argument: a generic name stands for its
    /// specific of the same name (the only one the standard allows); None after an error.
    pub(super) fn generic_actual(&mut self, k: String, span: Span) -> Option<String> {
        let Some(specs) = self.g.procs.generics.get(&k) else { return Some(k) };
        let gname = k.trim_start_matches("generic ").split(['#', '@']).next().unwrap_or_default().to_string();
        let same = specs.iter().find(|s| self.g.procs.map.get(*s).is_some_and(|p| p.name == gname)).cloned();
        if same.is_none() {
            self.err(Diagnostic::not_yet(format!("the generic name `{gname}` as an actual argument"), span));
        }
        same
    }

    /// Whether some specific function of the generic `n` matches `args`, analysed on a
    /// copy (whose diagnostics are dropped: the real analysis follows).
    pub(super) fn generic_trial(&mut self, n: &str, args: &[Arg]) -> bool {
        let Some(gkey) = self.scope.get(n).cloned() else { return false };
        let (mark, reported) = (self.diags.len(), self.reported.clone());
        let mut copy = args.to_vec();
        for a in copy.iter_mut() {
            if let Arg::Index(e) | Arg::Keyword(_, e) = a {
                if self.procedure_actual(e).is_none() {
                    self.expr(e);
                }
            }
        }
        self.diags.truncate(mark);
        self.reported = reported;
        let cands = self.g.procs.generics.get(&gkey).cloned().unwrap_or_default();
        cands.iter().any(|k| self.g.procs.map.get(k).is_some_and(|s| s.kind == UnitKind::Function && matches(s, &copy, &self.g.types)))
    }
}

impl Checker {
    /// Does some specific of generic `gkey` (a function if `func`) match the checked
    /// arguments?
    pub(super) fn generic_matches(&self, gkey: &str, args: &[Arg], func: bool) -> bool {
        let cands = self.g.procs.generics.get(gkey).cloned().unwrap_or_default();
        cands
            .iter()
            .any(|k| self.g.procs.map.get(k).is_some_and(|s| (s.kind == UnitKind::Function) == func && matches(s, args, &self.g.types)))
    }
}
