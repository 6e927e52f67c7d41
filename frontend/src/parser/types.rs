//! Derived-type definitions (`type name` ... `end type`) and the table of derived-type
//! names.

use super::{Fail, PResult, Parser};
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
        // `public`, `private` (access is not enforced), `bind(c)` (the layout is C's
        // anyway), `extends(parent)` and `abstract`.
        let mut extends = None;
        let mut is_abstract = false;
        while self.eat(&Tok::Comma) {
            let asp = self.span();
            let ok = match self.tok().clone() {
                Tok::Name(a) if a == "public" || a == "private" => {
                    self.bump();
                    true
                }
                Tok::Name(a) if a == "abstract" => {
                    self.bump();
                    is_abstract = true;
                    true
                }
                Tok::Name(a) if a == "extends" && self.tok_at(1) == &Tok::LParen && self.tok_at(3) == &Tok::RParen => {
                    self.bump();
                    self.bump();
                    match self.tok().clone() {
                        Tok::Name(p) => {
                            let sp = self.span();
                            self.bump();
                            self.bump();
                            self.type_name_id(&p);
                            extends = Some(Ident { name: p, span: sp });
                            true
                        }
                        _ => false,
                    }
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
        let mut bindings = Vec::new();
        let mut finals = Vec::new();
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
            if self.is_name("contains") && matches!(self.tok_at(1), Tok::Eos | Tok::Eof) {
                self.skip_statement();
                self.type_bound_part(&mut bindings, &mut finals);
                continue;
            }
            let sp = self.statement_span();
            let what = match self.tok() {
                Tok::Name(w) if ["sequence", "private", "public"].contains(&w.as_str()) && self.tok_at(1) == &Tok::Eos => {
                    // `sequence` and access statements: the layout is the same; access is not enforced.
                    self.skip_statement();
                    continue;
                }
                Tok::Name(w) if w == "class" => "polymorphic components (`class`)".to_string(),
                Tok::Name(w) if w == "procedure" => "`procedure` statements in a derived type".to_string(),
                _ => String::new(),
            };
            if what.is_empty() {
                self.diags.push(
                    Diagnostic::error("E0034", "expected a component declaration or `end type`", sp)
                        .with_label("not a component declaration"),
                );
            } else {
                self.diags.push(Diagnostic::not_yet(what, sp));
            }
            self.skip_statement();
        }
        Some(TypeDef { name, extends, is_abstract, comps, proc_comps, bindings, finals, span: self.from(start) })
    }

    /// The type-bound procedure part, after `contains`, up to `end type` (not consumed).
    fn type_bound_part(&mut self, bindings: &mut Vec<TypeBinding>, finals: &mut Vec<Ident>) {
        let mut default_private = false;
        loop {
            self.skip_eos();
            if matches!(self.tok(), Tok::Eof) || self.at_end_of("type") || self.at_unit_start() {
                return;
            }
            let start = self.span();
            let r = if self.is_name("procedure") {
                self.binding_stmt(bindings, start, default_private)
            } else if self.is_name("generic") {
                self.generic_binding(bindings, start, default_private)
            } else if self.is_name("final") {
                self.bump();
                self.eat(&Tok::DoubleColon);
                let mut r = Ok(());
                loop {
                    match self.expect_name("a final subroutine name") {
                        Ok(n) => finals.push(n),
                        Err(Fail) => {
                            r = Err(Fail);
                            break;
                        }
                    }
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                r.and_then(|()| self.expect_eos())
            } else if (self.is_name("private") || self.is_name("public")) && self.tok_at(1) == &Tok::Eos {
                // The default access of the bindings.
                default_private = self.is_name("private");
                self.skip_statement();
                continue;
            } else {
                let sp = self.statement_span();
                self.diags.push(
                    Diagnostic::error("E0034", "expected a type-bound procedure, `generic`, `final` or `end type`", sp)
                        .with_label("not allowed after `contains` in a derived type"),
                );
                Err(Fail)
            };
            if r.is_err() {
                self.skip_statement();
            }
        }
    }

    /// `procedure[(iface)][, attrs] [::] name [=> impl], ...`.
    fn binding_stmt(&mut self, bindings: &mut Vec<TypeBinding>, start: crate::diag::Span, default_private: bool) -> PResult<()> {
        self.bump();
        let mut iface = None;
        if self.eat(&Tok::LParen) {
            iface = Some(self.expect_name("an interface name")?);
            self.expect(&Tok::RParen)?;
        }
        let (mut nopass, mut pass, mut deferred) = (false, None, false);
        let (mut private, mut non_overridable) = (default_private, false);
        while self.eat(&Tok::Comma) {
            let a = self.expect_name("a binding attribute")?;
            match a.name.as_str() {
                "nopass" => nopass = true,
                "pass" => {
                    if self.eat(&Tok::LParen) {
                        pass = Some(self.expect_name("a dummy argument name")?);
                        self.expect(&Tok::RParen)?;
                    }
                }
                "deferred" => deferred = true,
                "public" => private = false,
                "private" => private = true,
                "non_overridable" => non_overridable = true,
                other => {
                    self.diags.push(Diagnostic::not_yet(format!("the binding attribute `{other}`"), a.span));
                    return Err(Fail);
                }
            }
        }
        self.eat(&Tok::DoubleColon);
        loop {
            let name = self.expect_name("a binding name")?;
            let mut target = name.clone();
            if self.is(&Tok::Assign) && self.tok_at(1) == &Tok::Gt {
                self.bump();
                self.bump();
                target = self.expect_name("a procedure name")?;
            }
            if let Some(i) = &iface {
                target = i.clone();
            }
            bindings.push(TypeBinding {
                name,
                targets: vec![target],
                generic: false,
                nopass,
                pass: pass.clone(),
                deferred,
                iface: iface.clone(),
                private,
                non_overridable,
                span: self.from(start),
            });
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()
    }

    /// `generic[, access] :: name => a, b` (`name` may be `operator(op)` or
    /// `assignment(=)`).
    fn generic_binding(&mut self, bindings: &mut Vec<TypeBinding>, start: crate::diag::Span, default_private: bool) -> PResult<()> {
        self.bump();
        let mut private = default_private;
        while self.eat(&Tok::Comma) {
            private = self.expect_name("`public` or `private`")?.name == "private";
        }
        self.expect(&Tok::DoubleColon)?;
        let name = self.expect_name("a generic name")?;
        let name = if (name.name == "operator" || name.name == "assignment") && self.is(&Tok::LParen) {
            self.bump();
            let sp = self.span();
            let op = match self.tok() {
                Tok::DefOp(n) => format!(".{n}."),
                t => t.symbol().to_string(),
            };
            self.bump();
            self.expect(&Tok::RParen)?;
            Ident { name: format!("{}({op})", name.name), span: name.span.to(sp) }
        } else {
            name
        };
        if !(self.is(&Tok::Assign) && self.tok_at(1) == &Tok::Gt) {
            return Err(self.err_expected("`=>`"));
        }
        self.bump();
        self.bump();
        let mut targets = Vec::new();
        loop {
            targets.push(self.expect_name("a binding name")?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        bindings.push(TypeBinding {
            name,
            targets,
            generic: true,
            nopass: false,
            pass: None,
            deferred: false,
            iface: None,
            private,
            non_overridable: false,
            span: self.from(start),
        });
        self.expect_eos()
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
