//! Interface blocks: explicit interfaces (interface bodies) and generic interfaces with
//! their `module procedure` lists.

use super::{Fail, Open, PResult, Parser, Term};
use crate::ast::*;
use crate::diag::Diagnostic;
use crate::lexer::Tok;

impl Parser {
    /// `interface ... end interface` with procedure headers and their declarations.
    pub(super) fn interface_block(&mut self, u: &mut Unit) {
        let start = self.span();
        let head = self.statement_span();
        // `abstract interface`: bodies that only name interfaces.
        let is_abstract = self.is_name("abstract") && self.is_name_at(1, "interface") && matches!(self.tok_at(2), Tok::Eos | Tok::Eof);
        if is_abstract {
            self.bump();
        }
        let generic = self.generic_head();
        if generic.is_none() && (self.is_name("abstract") || !matches!(self.tok_at(1), Tok::Eos | Tok::Eof)) {
            let what = if self.is_name("abstract") {
                "this form of abstract interface"
            } else if self.is_name_at(1, "operator") || self.is_name_at(1, "assignment") {
                "defined operators and assignments (`interface operator(...)`, `interface assignment(=)`)"
            } else {
                "this form of generic interface"
            };
            self.diags.push(Diagnostic::not_yet(what, head));
            // Skip to `end interface`.
            loop {
                self.skip_statement();
                self.skip_eos();
                if self.is(&Tok::Eof) || self.at_end_of("interface") {
                    break;
                }
            }
            self.skip_statement();
            return;
        }
        self.bump();
        let mut specifics: Vec<Ident> = Vec::new();
        if let Some(g) = &generic {
            // The name, or `operator ( op )`.
            let n = if g.name.ends_with(')') { 4 } else { 1 };
            for _ in 0..n {
                self.bump();
            }
        }
        self.eat(&Tok::Eos);
        let saved_unit = self.cur_unit;
        loop {
            self.skip_eos();
            if self.at_end_of("interface") {
                self.skip_statement();
                break;
            }
            if self.at_procedure_header() {
                let pstart = self.span();
                // An interface body's constants stay in it.
                let outer_params = (self.int_params.clone(), self.typed.clone());
                match self.procedure_header() {
                    Ok(mut p) => {
                        let hs = p.span;
                        self.cur_unit = Some(p.kind);
                        self.open.push(Open::Unit(p.kind));
                        self.spec_part(&mut p, true);
                        // Anything else up to the end of the body is an error.
                        let mut reported = false;
                        loop {
                            self.skip_eos();
                            if matches!(self.terminator(), Some(Term::EndUnit(_) | Term::Eof | Term::UnitStart | Term::Contains))
                                || self.at_procedure_header()
                                || self.at_end_of("interface")
                            {
                                break;
                            }
                            if !reported {
                                let sp = self.statement_span();
                                self.diags.push(
                                    Diagnostic::error("E0037", "an interface body may only contain declarations", sp)
                                        .with_label("not allowed in an interface body"),
                                );
                                reported = true;
                            }
                            self.skip_statement();
                        }
                        self.open.pop();
                        self.cur_unit = saved_unit;
                        self.end_unit(&mut p, hs);
                        p.span = self.from(pstart);
                        if generic.is_some() {
                            specifics.push(p.name.clone());
                        }
                        if is_abstract {
                            u.abstract_ifaces.push(p);
                        } else {
                            u.interfaces.push(p);
                        }
                    }
                    Err(Fail) => self.skip_statement(),
                }
                (self.int_params, self.typed) = outer_params;
                continue;
            }
            if matches!(self.terminator(), Some(Term::EndUnit(_) | Term::Eof | Term::UnitStart | Term::Contains)) {
                self.diags.push(
                    Diagnostic::error("E0010", "missing `end interface` for this interface block", head)
                        .with_label("this interface block is never closed"),
                );
                break;
            }
            if generic.is_some() && (self.is_name("module") || self.is_name("procedure")) {
                if let Some(list) = self.module_procedure_stmt() {
                    specifics.extend(list);
                }
                continue;
            }
            if self.is_name("module") || self.is_name("procedure") {
                let sp = self.statement_span();
                self.diags.push(Diagnostic::not_yet("`module procedure` in interface blocks", sp));
                self.skip_statement();
                continue;
            }
            let _ = self.err_expected("`subroutine`, `function` or `end interface`");
            self.skip_statement();
        }
        let _ = start;
        self.cur_unit = saved_unit;
        if let Some(g) = generic {
            u.generics.push((g, specifics));
        }
    }

    /// `procedure(iface) [, attr]... [::] a [=> null()], ...` (at `procedure`), a
    /// component's when `comp` (`nopass` required); `None` after a "not yet implemented"
    /// (the statement skipped).
    pub(super) fn procedure_decl(&mut self, comp: bool) -> PResult<Option<ProcDecl>> {
        let start = self.span();
        self.bump();
        self.expect(&Tok::LParen)?;
        let iface = self.expect_name("an interface name")?;
        self.expect(&Tok::RParen)?;
        if ["integer", "real", "double", "complex", "logical", "character", "type"].contains(&iface.name.as_str()) {
            self.diags.push(Diagnostic::not_yet("procedure pointers with an implicit interface (`procedure(type)`)", self.from(start)));
            self.skip_statement();
            return Ok(None);
        }
        let (mut pointer, mut intent, mut optional, mut nopass, mut save) = (false, None, false, false, false);
        while self.eat(&Tok::Comma) {
            let a = self.expect_name("an attribute")?;
            match a.name.as_str() {
                "pointer" => pointer = true,
                "nopass" if comp => nopass = true,
                "save" if !comp => save = true,
                "public" | "private" if comp => {}
                "pass" if comp => {
                    self.diags.push(Diagnostic::not_yet("procedure pointer components with a passed-object dummy (`pass`)", a.span));
                    self.skip_statement();
                    return Ok(None);
                }
                "optional" => optional = true,
                "intent" => {
                    self.expect(&Tok::LParen)?;
                    let w = self.expect_name("`in`, `out` or `inout`")?;
                    intent = Some(match w.name.as_str() {
                        "in" if self.eat_name("out") => Intent::InOut,
                        "in" => Intent::In,
                        "out" => Intent::Out,
                        "inout" => Intent::InOut,
                        _ => {
                            self.diags.push(
                                Diagnostic::error("E0033", format!("`intent({})` is not valid", w.name), w.span)
                                    .with_label("expected `in`, `out` or `inout`"),
                            );
                            return Err(Fail);
                        }
                    });
                    self.expect(&Tok::RParen)?;
                }
                other => {
                    self.diags.push(Diagnostic::not_yet(format!("the `{other}` attribute on a `procedure` declaration"), a.span));
                    self.skip_statement();
                    return Ok(None);
                }
            }
        }
        if comp && !(pointer && nopass) {
            let what = if pointer {
                "procedure pointer components with a passed-object dummy (add `nopass`)"
            } else {
                "`procedure` components that are not pointers"
            };
            self.diags.push(Diagnostic::not_yet(what, self.from(start)));
            self.skip_statement();
            return Ok(None);
        }
        self.eat(&Tok::DoubleColon);
        let mut names = Vec::new();
        loop {
            let n = self.expect_name("a procedure name")?;
            if self.at_arrow() {
                self.bump();
                self.bump();
                let at = self.span();
                let null = self.eat_name("null") && self.eat(&Tok::LParen) && self.eat(&Tok::RParen);
                if !null {
                    self.diags.push(Diagnostic::not_yet("initialising a procedure pointer to a procedure", at));
                    self.skip_statement();
                    return Ok(None);
                }
                save = true;
            }
            names.push(n);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.expect_eos()?;
        Ok(Some(ProcDecl { iface, pointer, intent, optional, save, names, span: self.from(start) }))
    }

    /// `interface name` (a generic interface): the generic name, without consuming it.
    /// `interface operator(+)` and `interface assignment(=)` name the generics
    /// `operator(+)` and `assignment(=)` (`.eq.` is `operator(==)`).
    fn generic_head(&mut self) -> Option<Ident> {
        if (self.is_name_at(1, "operator") || self.is_name_at(1, "assignment"))
            && self.tok_at(2) == &Tok::LParen
            && self.tok_at(4) == &Tok::RParen
            && matches!(self.tok_at(5), Tok::Eos | Tok::Eof)
        {
            if let (Tok::Name(w), Tok::DefOp(n)) = (self.tok_at(1), self.tok_at(3)) {
                if w == "operator" {
                    return Some(Ident { name: format!("operator(.{n}.)"), span: self.span_at(1).to(self.span_at(4)) });
                }
            }
            let op = match (self.tok_at(1), self.tok_at(3)) {
                (Tok::Name(w), Tok::Assign) if w == "assignment" => "=",
                (Tok::Name(w), t) if w == "operator" => match t {
                    Tok::Plus => "+",
                    Tok::Minus => "-",
                    Tok::Star => "*",
                    Tok::Slash => "/",
                    Tok::Pow => "**",
                    Tok::Concat => "//",
                    Tok::EqEq => "==",
                    Tok::Ne => "/=",
                    Tok::Lt => "<",
                    Tok::Le => "<=",
                    Tok::Gt => ">",
                    Tok::Ge => ">=",
                    Tok::And => ".and.",
                    Tok::Or => ".or.",
                    Tok::Not => ".not.",
                    Tok::Eqv => ".eqv.",
                    Tok::Neqv => ".neqv.",
                    _ => return None,
                },
                _ => return None,
            };
            let w = if op == "=" { "assignment" } else { "operator" };
            return Some(Ident { name: format!("{w}({op})"), span: self.span_at(1).to(self.span_at(4)) });
        }
        if !matches!(self.tok_at(2), Tok::Eos | Tok::Eof) || self.is_name("abstract") {
            return None;
        }
        let Tok::Name(n) = self.tok_at(1) else { return None };
        let name = n.clone();
        let span = self.span_at(1);
        Some(Ident { name, span })
    }

    /// `module procedure a, b` or `procedure a, b` inside a generic interface block.
    fn module_procedure_stmt(&mut self) -> Option<Vec<Ident>> {
        if self.is_name("module") {
            self.bump();
        }
        if !self.is_name("procedure") {
            let _ = self.err_expected("`procedure`");
            self.skip_statement();
            return None;
        }
        self.bump();
        if self.is(&Tok::Colon) && self.tok_at(1) == &Tok::Colon {
            self.bump();
            self.bump();
        }
        let mut list = Vec::new();
        loop {
            match self.expect_name("a procedure name") {
                Ok(n) => list.push(n),
                Err(Fail) => {
                    self.skip_statement();
                    return Some(list);
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        if self.expect_eos().is_err() {
            self.skip_statement();
        }
        Some(list)
    }
}
