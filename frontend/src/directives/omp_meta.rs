//! OpenMP's `metadirective` and `begin metadirective ... end metadirective`, resolved while
//! parsing: the first `when(selector: directive)` whose context selector matches (else
//! `default`/`otherwise`) replaces the metadirective's tokens, so the chosen directive is
//! parsed as if it had been written there (`nothing`, or no directive, leaves the
//! statements alone); the `end metadirective` line becomes the chosen directive's `end`.
//!
//! The context is where the code is written: inside a `target` construct it is device code
//! (`device={kind(nohost|gpu|any)}` match there, `kind(host|cpu)` on the host); `arch` and
//! `isa` name no device (gpuf's kernels are the same for every device kind until
//! oacc-xform) and `arch(x86_64)` the host; `implementation={vendor(...)}` names no vendor;
//! `construct={...}` matches the enclosing constructs; `user={condition(c)}` takes a
//! logical constant. Other selectors are "not yet implemented".

use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::{Tok, Token};
use crate::parser::{Fail, Open, PResult, Parser};

/// A clause of a metadirective: its selector's token range (`None` for `default`) and the
/// chosen directive's token range, both relative to the directive's start.
struct Variant {
    selector: Option<std::ops::Range<usize>>,
    directive: std::ops::Range<usize>,
}

impl Parser {
    /// At `!$omp metadirective` / `!$omp begin metadirective`: rewrites the tokens (true),
    /// or does nothing at any other directive (false).
    pub(crate) fn omp_metadirective(&mut self) -> PResult<bool> {
        let begin = self.is_name_at(1, "begin") && self.is_name_at(2, "metadirective");
        if !begin && !self.is_name_at(1, "metadirective") {
            return Ok(false);
        }
        let head = self.statement_span();
        let first = if begin { 3 } else { 2 };
        let mut eos = first;
        while !matches!(self.tok_at(eos), Tok::Eos | Tok::Eof) {
            eos += 1;
        }
        let variants = self.meta_clauses(first, eos)?;
        let mut chosen = None;
        for v in &variants {
            let ok = match &v.selector {
                Some(r) => self.selector_matches(r.clone())?,
                None => true,
            };
            if ok {
                chosen = Some(v.directive.clone());
                break;
            }
        }
        let words: Vec<Token> = chosen.map(|r| r.filter_map(|i| self.token_at(i).cloned()).collect()).unwrap_or_default();
        let nothing = match words.as_slice() {
            [] => true,
            [w] => matches!(&w.tok, Tok::Name(n) if n == "nothing"),
            _ => false,
        };
        let start = self.token_at(0).cloned();
        let end_of = |p: &Parser, at: usize| Token { tok: Tok::Eos, span: p.token_at(at).map_or(head, |t| t.span) };
        let eos_tok = end_of(self, eos);
        // The `end metadirective` line (after nested `begin metadirective`s' ends).
        let mut end_line = None;
        if begin {
            let mut depth = 0;
            let mut k = eos;
            loop {
                match self.tok_at(k) {
                    Tok::Eof => break,
                    Tok::OmpDirectiveStart if self.is_name_at(k + 1, "begin") && self.is_name_at(k + 2, "metadirective") => depth += 1,
                    Tok::OmpDirectiveStart if self.is_name_at(k + 1, "end") && self.is_name_at(k + 2, "metadirective") => {
                        if depth == 0 {
                            let mut e = k + 3;
                            while !matches!(self.tok_at(e), Tok::Eos | Tok::Eof) {
                                e += 1;
                            }
                            end_line = Some((k, e));
                            break;
                        }
                        depth -= 1;
                    }
                    _ => {}
                }
                k += 1;
            }
            if end_line.is_none() {
                self.diags.push(
                    Diagnostic::error("E0010", "missing `!$omp end metadirective` for this `begin metadirective`", head)
                        .with_label("this `begin metadirective` is never closed"),
                );
                return Err(Fail);
            }
        }
        let Some(start) = start else { return Err(Fail) };
        if nothing {
            if let Some((k, e)) = end_line {
                self.splice_ahead(k..e + 1, Vec::new());
            }
            self.splice_ahead(0..eos + 1, Vec::new());
            return Ok(true);
        }
        let mut line = vec![start.clone()];
        line.extend(words.iter().cloned());
        line.push(eos_tok.clone());
        if let Some((k, e)) = end_line {
            // `!$omp end` and the chosen directive's name (its words, not its clauses).
            let n = self.meta_directive_words(&line);
            let end_tok = self.token_at(k + 1).cloned().unwrap_or(Token { tok: Tok::Name("end".into()), span: head });
            let mut end = vec![self.token_at(k).cloned().unwrap_or(start), end_tok];
            end.extend(words.iter().take(n).cloned());
            end.push(end_of(self, e));
            self.splice_ahead(k..e + 1, end);
        }
        self.splice_ahead(0..eos + 1, line);
        Ok(true)
    }

    /// How many words of the directive line `line` (`!$omp` first) name the directive.
    fn meta_directive_words(&self, line: &[Token]) -> usize {
        let mut n = 0;
        while let Some(Token { tok: Tok::Name(w), .. }) = line.get(n + 1) {
            // Clause names end the directive name (`parallel do num_threads(4)`).
            if line.get(n + 2).is_some_and(|t| t.tok == Tok::LParen) || OmpLeaves::ALL.iter().all(|(_, name)| name != w) && n > 0 {
                break;
            }
            n += 1;
        }
        n.max(1)
    }

    /// The `when`, `default` and `otherwise` clauses between tokens `from` and `to`.
    fn meta_clauses(&mut self, from: usize, to: usize) -> PResult<Vec<Variant>> {
        let mut out = Vec::new();
        let mut i = from;
        while i < to {
            if self.tok_at(i) == &Tok::Comma {
                i += 1;
                continue;
            }
            let sp = self.token_at(i).map_or(self.span(), |t| t.span);
            let (Tok::Name(w), Tok::LParen) = (self.tok_at(i).clone(), self.tok_at(i + 1).clone()) else {
                self.diags.push(
                    Diagnostic::error("E0021", "expected `when(...)` or `default(...)`", sp).with_label("not a metadirective clause"),
                );
                return Err(Fail);
            };
            let close = self.meta_paren(i + 1, to)?;
            match w.as_str() {
                "when" => {
                    let mut depth = 0;
                    let mut colon = None;
                    for j in i + 2..close {
                        match self.tok_at(j) {
                            Tok::LParen => depth += 1,
                            Tok::RParen => depth -= 1,
                            Tok::Colon if depth == 0 => {
                                colon = Some(j);
                                break;
                            }
                            _ => {}
                        }
                    }
                    let Some(c) = colon else {
                        self.diags.push(
                            Diagnostic::error("E0021", "`when` needs a context selector and `:`", sp)
                                .with_label("expected `when(selector: directive)`"),
                        );
                        return Err(Fail);
                    };
                    out.push(Variant { selector: Some(i + 2..c), directive: c + 1..close });
                }
                "default" | "otherwise" => out.push(Variant { selector: None, directive: i + 2..close }),
                _ => {
                    let mut d = Diagnostic::error("E0021", format!("unknown clause `{w}` on `metadirective`"), sp)
                        .with_label("not a metadirective clause");
                    if let Some(s) = crate::parser::suggest(&w, &["when", "default", "otherwise"]) {
                        d = d.with_note(format!("help: did you mean `{s}`?"));
                    }
                    self.diags.push(d);
                    return Err(Fail);
                }
            }
            i = close + 1;
        }
        Ok(out)
    }

    /// [`Self::matching_paren`], reporting a missing `)`.
    fn meta_paren(&mut self, open: usize, limit: usize) -> PResult<usize> {
        match self.matching_paren(open, limit) {
            Some(c) => Ok(c),
            None => {
                let sp = self.token_at(open).map_or(self.span(), |t| t.span);
                self.diags.push(Diagnostic::error("E0001", "expected `)`", sp).with_label("this `(` is never closed"));
                Err(Fail)
            }
        }
    }

    /// The index of the `)` matching the `(` at `open` (before `limit`).
    fn matching_paren(&self, open: usize, limit: usize) -> Option<usize> {
        let mut depth = 0;
        for j in open..limit {
            match self.tok_at(j) {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// Whether a context selector (`device={kind(nohost)}, user={condition(.true.)}`: every
    /// trait of every set) matches where the metadirective is (see the module doc).
    fn selector_matches(&mut self, r: std::ops::Range<usize>) -> PResult<bool> {
        let device = self.open.iter().any(|o| matches!(o, Open::Dir(DirKind::Omp(k)) if k.leaves().has(OmpLeaves::TARGET)));
        let mut i = r.start;
        let mut all = true;
        while i < r.end {
            if self.tok_at(i) == &Tok::Comma {
                i += 1;
                continue;
            }
            let sp = self.token_at(i).map_or(self.span(), |t| t.span);
            let (Tok::Name(set), Tok::Assign, Tok::LParen) =
                (self.tok_at(i).clone(), self.tok_at(i + 1).clone(), self.tok_at(i + 2).clone())
            else {
                self.diags
                    .push(Diagnostic::error("E0021", "expected a context selector set `name={...}`", sp).with_label("not a selector set"));
                return Err(Fail);
            };
            let close = self.meta_paren(i + 2, r.end)?;
            // The traits of the set: `name` or `name(args)`, separated by commas.
            let mut j = i + 3;
            while j < close {
                if self.tok_at(j) == &Tok::Comma {
                    j += 1;
                    continue;
                }
                let tsp = self.token_at(j).map_or(sp, |t| t.span);
                let Tok::Name(t) = self.tok_at(j).clone() else {
                    self.diags.push(Diagnostic::error("E0021", "expected a trait of a context selector", tsp).with_label("not a trait"));
                    return Err(Fail);
                };
                let (args, next) = if self.tok_at(j + 1) == &Tok::LParen {
                    let c = self.meta_paren(j + 1, close)?;
                    ((j + 2..c).map(|k| self.tok_at(k).clone()).filter(|t| *t != Tok::Comma).collect::<Vec<_>>(), c + 1)
                } else {
                    (Vec::new(), j + 1)
                };
                let word = |t: &Tok| match t {
                    Tok::Name(n) => n.clone(),
                    Tok::Str(s) => s.to_lowercase(),
                    _ => String::new(),
                };
                let ok = match (set.as_str(), t.as_str()) {
                    ("device", "kind") => args.iter().all(|a| match word(a).as_str() {
                        "any" => true,
                        "host" | "cpu" => !device,
                        "nohost" | "gpu" => device,
                        _ => false,
                    }),
                    ("device", "arch") => args.iter().all(|a| !device && ["x86_64", "x86-64", "amd64"].contains(&word(a).as_str())),
                    ("device", "isa") => false,
                    ("implementation", "vendor" | "extension") => false,
                    ("construct", c) => self.open.iter().any(|o| match o {
                        Open::Dir(DirKind::Omp(k)) => k.name().split(' ').any(|w| w == c) || (c == "for" && k.leaves().has(OmpLeaves::DO)),
                        _ => false,
                    }),
                    ("user", "condition") => match args.as_slice() {
                        [Tok::True] => true,
                        [Tok::False] => false,
                        _ => {
                            self.diags.push(Diagnostic::not_yet("`user={condition(...)}` selectors that are not a logical constant", tsp));
                            return Err(Fail);
                        }
                    },
                    _ => {
                        self.diags.push(Diagnostic::not_yet(format!("the context selector `{set}={{{t}}}`"), tsp));
                        return Err(Fail);
                    }
                };
                all &= ok;
                j = next;
            }
            i = close + 1;
        }
        Ok(all)
    }
}
