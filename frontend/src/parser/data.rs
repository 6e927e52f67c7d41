//! `data` statements: their objects (with implied-do lists) and constant values.

use super::{PResult, Parser};
use crate::ast::*;
use crate::lexer::Tok;

impl Parser {
    /// `data (a(i), i = 1, 3) / ... /` rather than an assignment to an array `data`.
    pub(super) fn data_follows(&self) -> bool {
        let mut k = 1;
        let mut depth = 0;
        loop {
            match self.tok_at(k) {
                Tok::LParen => depth += 1,
                Tok::RParen => depth -= 1,
                Tok::Assign if depth == 0 => return false,
                Tok::Slash if depth == 0 => return true,
                Tok::Eos | Tok::Eof => return false,
                _ => {}
            }
            k += 1;
        }
    }

    /// `data objects / values / [[,] objects / values /]...`
    pub(super) fn data_stmt(&mut self, u: &mut Unit) -> PResult<()> {
        self.bump();
        loop {
            let start = self.span();
            let mut objects = Vec::new();
            loop {
                objects.push(self.data_object()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::Slash)?;
            let mut values = Vec::new();
            loop {
                let first = self.data_constant()?;
                if self.eat(&Tok::Star) {
                    let v = self.data_constant()?;
                    values.push((Some(first), v));
                } else {
                    values.push((None, first));
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.expect(&Tok::Slash)?;
            u.data.push(DataSet { objects, values, span: self.from(start) });
            self.eat(&Tok::Comma);
            if self.at_eos() {
                break;
            }
        }
        self.expect_eos()
    }

    /// A `data` object: a variable, an element, or `(objects, i = lo, hi [, step])`.
    fn data_object(&mut self) -> PResult<CtorItem> {
        if !self.is(&Tok::LParen) {
            return Ok(CtorItem::Expr(self.designator()?));
        }
        self.enter()?;
        self.bump();
        let mut items = Vec::new();
        let r = loop {
            match self.data_object() {
                Ok(it) => items.push(it),
                Err(f) => break Err(f),
            }
            if let Err(f) = self.expect(&Tok::Comma) {
                break Err(f);
            }
            if matches!(self.tok(), Tok::Name(_)) && self.tok_at(1) == &Tok::Assign {
                break Ok(());
            }
        };
        self.depth -= 1;
        r?;
        let var = self.expect_name("the implied-do variable")?;
        let var = self.block_rename(var);
        self.expect(&Tok::Assign)?;
        let lo = self.expr()?;
        self.expect(&Tok::Comma)?;
        let hi = self.expr()?;
        let step = if self.eat(&Tok::Comma) { Some(self.expr()?) } else { None };
        self.expect(&Tok::RParen)?;
        Ok(CtorItem::ImpliedDo(Box::new(ImpliedDo { items, var, lo, hi, step })))
    }

    /// A constant of a `data` value list: a literal with an optional sign, or a name.
    fn data_constant(&mut self) -> PResult<Expr> {
        let sp = self.span();
        let neg = match self.tok() {
            Tok::Minus => {
                self.bump();
                Some(UnOp::Neg)
            }
            Tok::Plus => {
                self.bump();
                Some(UnOp::Plus)
            }
            _ => None,
        };
        let e = self.primary()?;
        match neg {
            Some(op) => {
                let span = self.from(sp);
                self.node(ExprKind::Unary(op, Box::new(e)), span)
            }
            None => Ok(e),
        }
    }
}
