//! Derived-type definitions (`type name` ... `end type`) and the table of derived-type
//! names.

use super::{Fail, Parser};
use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::Tok;

impl Parser {
    /// The index of a derived-type name in [`Parser::type_names`].
    pub(super) fn type_name_id(&mut self, n: &str) -> u16 {
        let i = match self.type_names.iter().position(|x| x == n) {
            Some(i) => i,
            None => {
                self.type_names.push(n.to_string());
                self.type_names.len() - 1
            }
        };
        u16::try_from(i).unwrap_or(u16::MAX)
    }

    /// `type [[, attrs] ::] name` ... `end type [name]`: component declarations only.
    #[inline(never)]
    pub(super) fn type_def(&mut self) -> Option<TypeDef> {
        let start = self.span();
        self.bump();
        // `public`, `private` (access is not enforced) and `bind(c)` (the layout is C's
        // anyway) are accepted; `extends` and `abstract` are not supported.
        while self.eat(&Tok::Comma) {
            let asp = self.span();
            let ok = match self.tok().clone() {
                Tok::Name(a) if a == "public" || a == "private" => {
                    self.bump();
                    true
                }
                Tok::Name(a)
                    if a == "bind" && self.tok_at(1) == &Tok::LParen && self.is_name_at(2, "c") && self.tok_at(3) == &Tok::RParen =>
                {
                    for _ in 0..4 {
                        self.bump();
                    }
                    true
                }
                _ => false,
            };
            if !ok {
                let what = match self.tok() {
                    Tok::Name(a) if a == "extends" => "type extension (`extends`)".to_string(),
                    Tok::Name(a) => format!("the type attribute `{a}`"),
                    _ => "this type attribute".to_string(),
                };
                let sp = asp.to(self.statement_span());
                self.diags.push(Diagnostic::not_yet(what, sp));
                self.skip_statement();
                self.skip_type_body();
                return None;
            }
        }
        self.eat(&Tok::DoubleColon);
        let name = match self.expect_name("a type name") {
            Ok(n) => n,
            Err(Fail) => {
                self.skip_statement();
                self.skip_type_body();
                return None;
            }
        };
        if self.is(&Tok::LParen) {
            let sp = self.statement_span();
            self.diags.push(Diagnostic::not_yet("parameterized derived types", sp));
            self.skip_statement();
            self.skip_type_body();
            return None;
        }
        if self.expect_eos().is_err() {
            self.skip_statement();
        }
        self.type_name_id(&name.name);
        let mut comps = Vec::new();
        let mut proc_comps = Vec::new();
        loop {
            self.skip_eos();
            if matches!(self.tok(), Tok::Eof) {
                self.diags.push(
                    Diagnostic::error("E0010", format!("missing `end type` for type `{}`", name.name), name.span)
                        .with_label("this type definition is not closed"),
                );
                return None;
            }
            if self.at_end_of("type") {
                if self.eat_name("endtype") {
                } else {
                    self.bump();
                    self.bump();
                }
                if let Tok::Name(n) = self.tok().clone() {
                    let sp = self.span();
                    self.bump();
                    if n != name.name {
                        self.diags.push(
                            Diagnostic::error("E0013", format!("`end type {n}` does not match type `{}`", name.name), sp)
                                .with_label(format!("expected `{}`", name.name)),
                        );
                    }
                }
                if self.expect_eos().is_err() {
                    self.skip_statement();
                }
                break;
            }
            if self.at_type_spec() {
                if let Some(d) = self.declaration() {
                    comps.push(d);
                }
                continue;
            }
            if self.is_name("procedure") && self.tok_at(1) == &Tok::LParen {
                // A procedure pointer component: `nopass` only (a passed-object dummy needs
                // `class`).
                match self.procedure_decl(true) {
                    Ok(Some(d)) => proc_comps.push(d),
                    Ok(None) => {}
                    Err(Fail) => self.skip_statement(),
                }
                continue;
            }
            let sp = self.statement_span();
            let what = match self.tok() {
                Tok::Name(w) if w == "contains" => "type-bound procedures".to_string(),
                Tok::Name(w) if ["sequence", "private", "public"].contains(&w.as_str()) && self.tok_at(1) == &Tok::Eos => {
                    // `sequence` and access statements: the layout is the same; access is not enforced.
                    self.skip_statement();
                    continue;
                }
                Tok::Name(w) if w == "class" => "polymorphic components (`class`)".to_string(),
                Tok::Name(w) if w == "procedure" => "`procedure` statements in a derived type".to_string(),
                _ => String::new(),
            };
            let tbp = what == "type-bound procedures";
            if what.is_empty() {
                self.diags.push(
                    Diagnostic::error("E0034", "expected a component declaration or `end type`", sp)
                        .with_label("not a component declaration"),
                );
            } else {
                self.diags.push(Diagnostic::not_yet(what, sp));
            }
            if tbp {
                self.skip_type_body();
                return None;
            }
            self.skip_statement();
        }
        Some(TypeDef { name, comps, proc_comps, span: self.from(start) })
    }

    /// Skips statements up to and including `end type`.
    fn skip_type_body(&mut self) {
        loop {
            self.skip_eos();
            if matches!(self.tok(), Tok::Eof) {
                return;
            }
            if self.at_end_of("type") {
                self.skip_statement();
                return;
            }
            if self.at_unit_start() {
                return;
            }
            self.skip_statement();
        }
    }
}
