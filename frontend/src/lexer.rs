//! The lexer for free-form Fortran with OpenACC directives.
//!
//! Lexing works line by line on the original text, so every token's span is a byte range of
//! the source as written, even across continuation lines:
//!
//! * `!` starts a comment (outside character literals); blank and comment-only lines vanish.
//! * A trailing `&` continues the statement on the next non-comment line, where an optional
//!   leading `&` is skipped.
//! * `;` and the end of a (non-continued) line end a statement: both become [`Tok::Eos`].
//! * A line starting with `#` (a preprocessor directive left in the text) is reported as not
//!   yet implemented and skipped.
//! * A line whose first non-blank characters are `!$acc` (any case) is an OpenACC directive:
//!   it yields [`Tok::DirectiveStart`], then the directive's words as ordinary tokens. A
//!   directive continues with a trailing `&` on lines starting with `!$acc` (optionally
//!   followed by `&`). With OpenMP enabled ([`lex_with`]), `!$omp` lines are OpenMP
//!   directives in the same way ([`Tok::OmpDirectiveStart`], continued on `!$omp` lines);
//!   otherwise, and other `!$` sentinels always, they are comments.
//!
//! Fortran has no reserved words, so keywords are plain [`Tok::Name`]s (in lower case) and
//! the parser recognises them by position.

use crate::diag::{Diagnostic, Span};
use logos::Logos;

/// A token as the parser sees it.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A name or keyword, in lower case.
    Name(String),
    /// An integer literal with its kind (4 unless suffixed).
    Int(i64, u8),
    /// A real literal with its kind.
    Real(f64, u8),
    /// A `real(16)` literal: its text as [`quad_text`] normalises it.
    Quad(String),
    /// An `integer(16)` literal beyond the range of `integer(8)`.
    Int128(i128),
    /// A literal with a named kind parameter (`1.0_dp`, `5_ik`): text of the number and the
    /// kind's name; the parser resolves it.
    NamedKind {
        text: String,
        real: bool,
        kind: String,
    },
    /// A character literal, quotes removed and doubled quotes undone.
    Str(String),
    /// A BOZ literal constant (`b'101'`, `o'17'`, `z'ff'`, also with double quotes): its
    /// text.
    Boz(String),
    True,
    False,
    And,
    Or,
    Not,
    Eqv,
    Neqv,
    /// `==` or `.eq.`.
    EqEq,
    /// `/=` or `.ne.`.
    Ne,
    /// `<` or `.lt.`.
    Lt,
    /// `<=` or `.le.`.
    Le,
    /// `>` or `.gt.`.
    Gt,
    /// `>=` or `.ge.`.
    Ge,
    Pow,
    Concat,
    Assign,
    Plus,
    Minus,
    Star,
    Slash,
    LParen,
    RParen,
    Comma,
    Colon,
    DoubleColon,
    Percent,
    LBracket,
    RBracket,
    /// A defined operator `.name.` (the name in lower case, without the dots).
    DefOp(String),
    /// The end of a statement (end of line or `;`).
    Eos,
    /// `!$acc` at the start of a directive line.
    DirectiveStart,
    /// `!$omp` at the start of a directive line (only with OpenMP enabled).
    OmpDirectiveStart,
    /// The end of the file.
    Eof,
}

impl Tok {
    /// How the token is shown in messages ("found `)`").
    pub fn describe(&self) -> String {
        match self {
            Tok::Name(n) => format!("`{n}`"),
            Tok::Int(..) | Tok::Int128(_) | Tok::Real(..) | Tok::Quad(_) | Tok::NamedKind { .. } => "a number".to_string(),
            Tok::Str(_) => "a character literal".to_string(),
            Tok::Boz(_) => "a BOZ literal constant".to_string(),
            Tok::DefOp(n) => format!("`.{n}.`"),
            Tok::Eos => "end of statement".to_string(),
            Tok::Eof => "end of file".to_string(),
            Tok::DirectiveStart => "`!$acc`".to_string(),
            Tok::OmpDirectiveStart => "`!$omp`".to_string(),
            t => format!("`{}`", t.symbol()),
        }
    }

    /// The spelling of punctuation and operator tokens.
    pub fn symbol(&self) -> &'static str {
        match self {
            Tok::True => ".true.",
            Tok::False => ".false.",
            Tok::And => ".and.",
            Tok::Or => ".or.",
            Tok::Not => ".not.",
            Tok::Eqv => ".eqv.",
            Tok::Neqv => ".neqv.",
            Tok::EqEq => "==",
            Tok::Ne => "/=",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::Gt => ">",
            Tok::Ge => ">=",
            Tok::Pow => "**",
            Tok::Concat => "//",
            Tok::Assign => "=",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::Comma => ",",
            Tok::Colon => ":",
            Tok::DoubleColon => "::",
            Tok::Percent => "%",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::DirectiveStart => "!$acc",
            Tok::OmpDirectiveStart => "!$omp",
            _ => "",
        }
    }
}

/// A token and its byte range in the original source.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// The raw tokens of one line segment, as logos finds them.
#[derive(Logos, Clone, Copy, Debug, PartialEq)]
#[logos(skip r"[ \t\r\f]+")]
enum Raw {
    #[regex(r"[a-zA-Z][a-zA-Z0-9_]*")]
    Name,
    #[regex(r"[0-9]+(_[a-zA-Z0-9_]+)?")]
    Int,
    #[regex(r"[0-9]+\.[0-9]*([eEdD][+-]?[0-9]+)?(_[a-zA-Z0-9_]+)?")]
    #[regex(r"\.[0-9]+([eEdD][+-]?[0-9]+)?(_[a-zA-Z0-9_]+)?")]
    #[regex(r"[0-9]+[eEdD][+-]?[0-9]+(_[a-zA-Z0-9_]+)?")]
    Real,
    /// A real literal with a `q` exponent (gfortran's `real(16)`).
    #[regex(r"[0-9]+\.[0-9]*[qQ][+-]?[0-9]+")]
    #[regex(r"\.[0-9]+[qQ][+-]?[0-9]+")]
    #[regex(r"[0-9]+[qQ][+-]?[0-9]+")]
    QReal,
    #[regex(r"'([^']|'')*'")]
    #[regex(r#""([^"]|"")*""#)]
    Str,
    #[regex(r"[bBoOzZ]'[0-9a-zA-Z]*'")]
    #[regex(r#"[bBoOzZ]"[0-9a-zA-Z]*""#)]
    Boz,
    #[regex(r"'([^']|'')*")]
    #[regex(r#""([^"]|"")*"#)]
    Unterminated,
    #[regex(r"\.[a-zA-Z]+\.")]
    DotOp,
    #[token("**")]
    Pow,
    #[token("//")]
    Concat,
    #[token("==")]
    EqEq,
    #[token("/=")]
    Ne,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
    #[token("=")]
    Assign,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("*")]
    Star,
    #[token("/")]
    Slash,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token(",")]
    Comma,
    #[token(":")]
    Colon,
    #[token("::")]
    DoubleColon,
    #[token("%")]
    Percent,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token(";")]
    Semi,
    #[token("&")]
    Amp,
}

/// The dot-operator words (`.eq.` is `eq`), used to split `1.eq.2` correctly.
const DOT_WORDS: &[&str] = &["and", "or", "not", "eqv", "neqv", "true", "false", "eq", "ne", "lt", "le", "gt", "ge"];

/// The result of lexing a file.
pub struct Lexed {
    pub tokens: Vec<Token>,
    pub diags: Vec<Diagnostic>,
}

/// What kind of statement the previous line left open.
#[derive(Clone, Copy, PartialEq)]
enum Open {
    /// No statement is being continued.
    None,
    /// A Fortran statement continues on the next line.
    Code,
    /// A directive continues on the next line (`true`: an OpenMP one).
    Directive(bool),
}

/// Splits the source into tokens, `!$omp` lines being comments. Never fails: problems
/// become diagnostics.
pub fn lex(src: &str) -> Lexed {
    lex_with(src, false)
}

/// [`lex`], with `!$omp` lines OpenMP directives when `openmp` is set (`-fopenmp`).
pub fn lex_with(src: &str, openmp: bool) -> Lexed {
    let mut lx = Lexer { tokens: Vec::new(), diags: Vec::new(), openmp, pending: None };
    let mut open = Open::None;
    let mut open_amp = Span::default();
    let mut cpp_reported = false;
    let mut pos = 0usize;
    while pos < src.len() {
        let end = src[pos..].find('\n').map_or(src.len(), |i| pos + i);
        let line = &src[pos..end];
        let trimmed = line.trim_start();
        if trimmed.starts_with('#') && !matches!(open, Open::Directive(_)) {
            // A preprocessor line the driver did not handle (a `.f90` file): report the first.
            if !cpp_reported {
                cpp_reported = true;
                let lo = pos + (line.len() - trimmed.len());
                let hi = pos + line.trim_end().len();
                lx.diags.push(Diagnostic::not_yet("preprocessor directives in .f90 files (rename to .F90)", Span::new(lo, hi)));
            }
            pos = end + 1;
            continue;
        }
        open = lx.line(pos, line, open, &mut open_amp);
        pos = end + 1;
    }
    lx.flush_pending();
    if open != Open::None {
        lx.diags.push(
            Diagnostic::error("E0007", "the last line is continued, but the file ends", open_amp)
                .with_label("this `&` continues the statement"),
        );
    }
    lx.end_statement(src.len());
    lx.tokens.push(Token { tok: Tok::Eof, span: Span::new(src.len(), src.len()) });
    Lexed { tokens: lx.tokens, diags: lx.diags }
}

struct Lexer {
    tokens: Vec<Token>,
    diags: Vec<Diagnostic>,
    /// `!$omp` lines are directives.
    openmp: bool,
    /// A character literal continued on the next line (`'abc&`).
    pending: Option<PendingStr>,
}

/// A character literal whose line ended with `&` inside it.
struct PendingStr {
    /// Its delimiter.
    quote: char,
    /// Its value so far.
    text: String,
    /// Where its opening quote is.
    lo: usize,
    /// Where its value so far ends.
    hi: usize,
}

/// The sentinel of a directive language (`true`: OpenMP).
fn sentinel_name(omp: bool) -> &'static str {
    if omp {
        "!$omp"
    } else {
        "!$acc"
    }
}

/// The index where a `!` comment starts in `s`, ignoring `!` inside character literals.
fn comment_start(s: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    for (i, c) in s.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '!' => return Some(i),
            None => {}
        }
    }
    None
}

impl Lexer {
    fn push(&mut self, tok: Tok, lo: usize, hi: usize) {
        let tok = match tok {
            Tok::Str(t) => Tok::Str(crate::dialect::unescape(&t)),
            t => t,
        };
        self.tokens.push(Token { tok, span: Span::new(lo, hi) });
    }

    /// Whether the statement being lexed is an `!$omp` directive.
    fn in_omp_directive(&self) -> bool {
        self.tokens.iter().rev().take_while(|t| t.tok != Tok::Eos).last().is_some_and(|t| t.tok == Tok::OmpDirectiveStart)
    }

    /// Ends the current statement (if any tokens since the last end).
    fn end_statement(&mut self, at: usize) {
        match self.tokens.last() {
            None => {}
            Some(t) if t.tok == Tok::Eos => {}
            Some(_) => self.push(Tok::Eos, at, at),
        }
    }

    /// Lexes one physical line starting at byte `base`; returns what it leaves open.
    fn line(&mut self, base: usize, line: &str, open: Open, open_amp: &mut Span) -> Open {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();

        // Comment or blank lines do not end a continued statement.
        let mut code_start = indent;
        let sentinel = match crate::directives::acc_sentinel(trimmed) {
            Some(n) => Some((n, false)),
            None if self.openmp => crate::directives::omp_sentinel(trimmed).map(|n| (n, true)),
            None => None,
        };
        if let Some((n, omp)) = sentinel {
            let (name, other) = if omp { ("!$omp", "!$acc") } else { ("!$acc", "!$omp") };
            if open == Open::Directive(omp) {
                // A continuation line: skip the sentinel and an optional `&`.
                code_start = indent + n;
                let rest = &line[code_start..];
                let r = rest.trim_start();
                if r.starts_with('&') {
                    code_start = line.len() - r.len() + 1;
                }
            } else {
                self.flush_pending();
                if open == Open::Code {
                    self.diags.push(
                        Diagnostic::error("E0007", "a continued statement cannot continue on a directive line", *open_amp)
                            .with_label("this `&` continues the statement"),
                    );
                } else if open == Open::Directive(!omp) {
                    self.diags.push(
                        Diagnostic::error("E0007", format!("a continued directive must continue on a `{other}` line"), *open_amp)
                            .with_label(format!("this `&` continues the directive, not on a `{name}` line")),
                    );
                }
                self.end_statement(base + indent);
                self.push(if omp { Tok::OmpDirectiveStart } else { Tok::DirectiveStart }, base + indent, base + indent + n);
                code_start = indent + n;
            }
        } else if trimmed.is_empty() || trimmed.starts_with('!') {
            if let Open::Directive(omp) = open {
                // A directive's continuation must be a directive line; the directive ends here.
                self.diags.push(
                    Diagnostic::error(
                        "E0007",
                        format!("a continued directive must continue on a `{}` line", sentinel_name(omp)),
                        *open_amp,
                    )
                    .with_label("this `&` continues the directive"),
                );
                self.flush_pending();
                self.end_statement(base);
                return Open::None;
            }
            return open;
        } else if let Open::Directive(omp) = open {
            self.flush_pending();
            self.diags.push(
                Diagnostic::error("E0007", format!("a continued directive must continue on a `{}` line", sentinel_name(omp)), *open_amp)
                    .with_label("this `&` continues the directive"),
            );
            self.end_statement(base);
        } else if open == Open::Code && trimmed.starts_with('&') {
            code_start = indent + 1;
        }
        // A token split by a continuation (`logical_&` then `&kind4_a`: no blank on either
        // side of the two `&`s) is one token, as in gfortran.
        let split = matches!(open, Open::Code | Open::Directive(_))
            && line[..code_start].ends_with('&')
            && self.tokens.last().is_some_and(|t| t.span.hi == open_amp.lo && matches!(t.tok, Tok::Name(_)));
        let before = self.tokens.len();

        if self.pending.is_some() {
            // The rest of a continued character literal (gfortran also accepts a continuation
            // line without the leading `&`: the literal goes on at its first non-blank).
            if open == Open::None {
                self.flush_pending();
            } else {
                let rest = &line[code_start..];
                if !line[..code_start].ends_with('&') {
                    code_start += rest.len() - rest.trim_start().len();
                }
                match self.string_rest(base + code_start, &line[code_start..]) {
                    Ok(n) => code_start += n,
                    Err(amp) => {
                        *open_amp = amp;
                        return open;
                    }
                }
            }
        }

        let code = &line[code_start..];
        let code = match comment_start(code) {
            Some(i) => &code[..i],
            None => code,
        };
        let code_base = base + code_start;
        let continued = self.segment(code_base, code);
        if split && self.tokens.len() > before && before > 0 {
            if let (Some(Token { tok: Tok::Name(a), span: sa }), Some(Token { tok: Tok::Name(b), span: sb })) =
                (self.tokens.get(before - 1), self.tokens.get(before))
            {
                if sb.lo as usize == code_base {
                    let merged = Token { tok: Tok::Name(format!("{a}{b}")), span: Span { lo: sa.lo, hi: sb.hi } };
                    self.tokens.splice(before - 1..=before, [merged]);
                }
            }
        }
        match continued {
            Some(amp) => {
                *open_amp = amp;
                if let Some((_, omp)) = sentinel {
                    Open::Directive(omp)
                } else if let Open::Directive(omp) = open {
                    Open::Directive(omp)
                } else {
                    Open::Code
                }
            }
            None => {
                self.end_statement(code_base + code.len());
                Open::None
            }
        }
    }

    /// Lexes the code part of a line. Returns the span of a trailing `&` if the line continues.
    fn segment(&mut self, base: usize, code: &str) -> Option<Span> {
        let mut start = 0usize;
        let mut amp: Option<Span> = None;
        'outer: while start < code.len() {
            let mut lex = Raw::lexer(&code[start..]);
            while let Some(r) = lex.next() {
                let sp = lex.span();
                let (lo, hi) = (start + sp.start, start + sp.end);
                let text = lex.slice();
                if let Some(a) = amp.take() {
                    // Something follows an `&`: it was not the last character of the line.
                    self.diags.push(
                        Diagnostic::error("E0006", "`&` must be the last character of a continued line", a).with_label("unexpected `&`"),
                    );
                }
                let (alo, ahi) = (base + lo, base + hi);
                match r {
                    Err(()) => {
                        // Make sure the span covers a whole character.
                        let mut h = hi.max(lo + 1);
                        while h < code.len() && !code.is_char_boundary(h) {
                            h += 1;
                        }
                        let h = h.min(code.len());
                        let ch = code.get(lo..h).unwrap_or("?");
                        if (ch == "{" || ch == "}") && self.in_omp_directive() {
                            // An OpenMP context selector (`when(device={kind(nohost)}: ...)` of
                            // `metadirective` and `declare variant`): braces are read as
                            // parentheses, so the directive gets its own "not yet implemented".
                            self.push(if ch == "{" { Tok::LParen } else { Tok::RParen }, base + lo, base + h);
                            if h > hi {
                                start = h;
                                continue 'outer;
                            }
                            continue;
                        }
                        // `.true._1`: a kind on a logical literal.
                        let after_logical =
                            self.tokens.last().is_some_and(|t| matches!(t.tok, Tok::True | Tok::False) && t.span.hi as usize == base + lo);
                        if ch == "_" && after_logical {
                            let k = code[h..].bytes().take_while(|c| c.is_ascii_alphanumeric() || *c == b'_').count();
                            self.diags
                                .push(Diagnostic::not_yet("kinds on logical literals (`.true._k`)", Span::new(base + lo, base + h + k)));
                            start = h + k;
                            continue 'outer;
                        }
                        let merge = match self.diags.last_mut() {
                            Some(d) if d.code == "E0002" && d.span.hi as usize == base + lo && d.message.starts_with("unexpected char") => {
                                d.span.hi = (base + h) as u32;
                                d.message = "unexpected characters".to_string();
                                true
                            }
                            _ => false,
                        };
                        if !merge {
                            self.diags.push(
                                Diagnostic::error(
                                    "E0002",
                                    format!("unexpected character `{}`", ch.escape_debug()),
                                    Span::new(base + lo, base + h),
                                )
                                .with_label("not valid here"),
                            );
                        }
                        if h > hi {
                            start = h;
                            continue 'outer;
                        }
                    }
                    Ok(Raw::Amp) => amp = Some(Span::new(alo, ahi)),
                    Ok(Raw::Semi) => self.end_statement(alo),
                    Ok(Raw::Name) => self.push(Tok::Name(text.to_ascii_lowercase()), alo, ahi),
                    Ok(Raw::Int) => {
                        let t = self.int_literal(text, Span::new(alo, ahi));
                        self.push(t, alo, ahi);
                    }
                    Ok(Raw::QReal) => self.push(Tok::Quad(quad_text(text)), alo, ahi),
                    Ok(Raw::Real) => {
                        // `1.eq.2`: the `1.` is an integer followed by a dot-operator.
                        if let Some(digits) = text.strip_suffix('.') {
                            let rest = &code[hi..];
                            let word: String = rest.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
                            if !word.is_empty()
                                && rest[word.len()..].starts_with('.')
                                && DOT_WORDS.contains(&word.to_ascii_lowercase().as_str())
                            {
                                let t = self.int_literal(digits, Span::new(alo, ahi - 1));
                                self.push(t, alo, ahi - 1);
                                start = hi - 1;
                                continue 'outer;
                            }
                        }
                        let t = self.real_literal(text, Span::new(alo, ahi));
                        self.push(t, alo, ahi);
                    }
                    Ok(Raw::Boz) => self.push(Tok::Boz(text.to_string()), alo, ahi),
                    Ok(Raw::Str) => {
                        let q = text.chars().next().unwrap_or('\'');
                        let inner = &text[1..text.len() - 1];
                        let doubled: String = [q, q].iter().collect();
                        self.push(Tok::Str(inner.replace(&doubled, &q.to_string())), alo, ahi);
                    }
                    Ok(Raw::Unterminated) if text.trim_end().len() > 1 && text.trim_end().ends_with('&') => {
                        // A character literal continued on the next line.
                        let t = text.trim_end();
                        let q = t.chars().next().unwrap_or('\'');
                        let doubled: String = [q, q].iter().collect();
                        let inner = t[1..t.len() - 1].replace(&doubled, &q.to_string());
                        let amp_lo = alo + t.len() - 1;
                        self.pending = Some(PendingStr { quote: q, text: inner, lo: alo, hi: amp_lo });
                        amp = Some(Span::new(amp_lo, amp_lo + 1));
                    }
                    Ok(Raw::Unterminated) => {
                        self.diags.push(
                            Diagnostic::error("E0003", "unterminated character literal", Span::new(alo, alo + 1))
                                .with_label("this quote is never closed"),
                        );
                        let inner = &text[1..];
                        self.push(Tok::Str(inner.to_string()), alo, ahi);
                    }
                    Ok(Raw::DotOp) => {
                        let w = text[1..text.len() - 1].to_ascii_lowercase();
                        let t = match w.as_str() {
                            "and" => Tok::And,
                            "or" => Tok::Or,
                            "not" => Tok::Not,
                            "eqv" => Tok::Eqv,
                            "neqv" => Tok::Neqv,
                            "true" => Tok::True,
                            "false" => Tok::False,
                            "eq" => Tok::EqEq,
                            "ne" => Tok::Ne,
                            "lt" => Tok::Lt,
                            "le" => Tok::Le,
                            "gt" => Tok::Gt,
                            "ge" => Tok::Ge,
                            // `.cross.`: a defined operator (`interface operator(.cross.)`).
                            _ => Tok::DefOp(w),
                        };
                        self.push(t, alo, ahi);
                    }
                    Ok(r) => {
                        let t = match r {
                            Raw::Pow => Tok::Pow,
                            Raw::Concat => Tok::Concat,
                            Raw::EqEq => Tok::EqEq,
                            Raw::Ne => Tok::Ne,
                            Raw::Lt => Tok::Lt,
                            Raw::Le => Tok::Le,
                            Raw::Gt => Tok::Gt,
                            Raw::Ge => Tok::Ge,
                            Raw::Assign => Tok::Assign,
                            Raw::Plus => Tok::Plus,
                            Raw::Minus => Tok::Minus,
                            Raw::Star => Tok::Star,
                            Raw::Slash => Tok::Slash,
                            Raw::LParen => Tok::LParen,
                            Raw::RParen => Tok::RParen,
                            Raw::Comma => Tok::Comma,
                            Raw::Colon => Tok::Colon,
                            Raw::DoubleColon => Tok::DoubleColon,
                            Raw::Percent => Tok::Percent,
                            Raw::LBracket => Tok::LBracket,
                            _ => Tok::RBracket,
                        };
                        self.push(t, alo, ahi);
                    }
                }
            }
            break;
        }
        amp
    }

    /// Ends a continued character literal whose continuation never came: unterminated.
    fn flush_pending(&mut self) {
        if let Some(p) = self.pending.take() {
            self.diags.push(
                Diagnostic::error("E0003", "unterminated character literal", Span::new(p.lo, p.lo + 1))
                    .with_label("this quote is never closed"),
            );
            self.push(Tok::Str(p.text), p.lo, p.hi);
        }
    }

    /// Lexes the rest of a continued character literal at the start of `code` (at byte
    /// `base`). Returns the bytes it takes up to its closing quote, or the span of the `&`
    /// that continues it once more.
    fn string_rest(&mut self, base: usize, code: &str) -> Result<usize, Span> {
        let Some(mut p) = self.pending.take() else { return Ok(0) };
        let mut chars = code.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if c != p.quote {
                continue;
            }
            if let Some(&(_, c2)) = chars.peek() {
                if c2 == p.quote {
                    chars.next();
                    continue;
                }
            }
            let doubled: String = [p.quote, p.quote].iter().collect();
            p.text.push_str(&code[..i].replace(&doubled, &p.quote.to_string()));
            self.push(Tok::Str(p.text), p.lo, base + i + 1);
            return Ok(i + 1);
        }
        let t = code.trim_end();
        let doubled: String = [p.quote, p.quote].iter().collect();
        if let Some(body) = t.strip_suffix('&') {
            p.text.push_str(&body.replace(&doubled, &p.quote.to_string()));
            p.hi = base + body.len();
            self.pending = Some(p);
            return Err(Span::new(base + body.len(), base + body.len() + 1));
        }
        p.text.push_str(&code.replace(&doubled, &p.quote.to_string()));
        p.hi = base + code.len();
        self.pending = Some(p);
        self.flush_pending();
        Ok(code.len())
    }

    /// Splits `5_8` into digits and kind suffix.
    fn split_kind(text: &str) -> (&str, Option<&str>) {
        match text.find('_') {
            Some(i) => (&text[..i], Some(&text[i + 1..])),
            None => (text, None),
        }
    }

    fn int_literal(&mut self, text: &str, span: Span) -> Tok {
        fn int_kind_max(kind: u8) -> i64 {
            match kind {
                1 => i8::MAX.into(),
                2 => i16::MAX.into(),
                _ => i32::MAX.into(),
            }
        }
        let (digits, kind) = Self::split_kind(text);
        let kind = match kind {
            None => crate::dialect::int_kind(),
            Some(k) if !k.starts_with(|c: char| c.is_ascii_digit()) => {
                return Tok::NamedKind { text: digits.to_string(), real: false, kind: k.to_ascii_lowercase() };
            }
            Some("1") => 1,
            Some("2") => 2,
            Some("4") => 4,
            Some("8") => 8,
            Some("16") => 16,
            Some(k) => {
                self.diags.push(
                    Diagnostic::error("E0004", format!("unsupported integer kind `{k}`"), span).with_label("kind must be 1, 2, 4, 8 or 16"),
                );
                4
            }
        };
        match digits.parse::<i64>() {
            Ok(v) if kind >= 8 || v <= int_kind_max(kind) + 1 => Tok::Int(v, kind),
            _ if kind == 16 && digits.parse::<i128>().is_ok() => Tok::Int128(digits.parse::<i128>().unwrap_or(0)),
            _ => {
                let what = format!("integer({kind})");
                self.diags.push(
                    Diagnostic::error("E0004", format!("integer literal is too large for `{what}`"), span)
                        .with_label("out of range")
                        .with_note(match kind {
                            4 => "help: add the suffix `_8` for a 64-bit integer".to_string(),
                            8 => "note: the largest `integer(8)` is 9223372036854775807".to_string(),
                            k => format!("note: the largest `integer({k})` is {}", int_kind_max(k)),
                        }),
                );
                Tok::Int(0, kind)
            }
        }
    }

    fn real_literal(&mut self, text: &str, span: Span) -> Tok {
        let (num, kind) = Self::split_kind(text);
        let has_d = num.contains(['d', 'D']);
        let kind = match kind {
            Some(k) if !k.starts_with(|c: char| c.is_ascii_digit()) => {
                return Tok::NamedKind { text: num.to_string(), real: true, kind: k.to_ascii_lowercase() };
            }
            Some(_) if has_d => {
                self.diags.push(
                    Diagnostic::error("E0004", "a real literal with a `d` exponent cannot have a kind suffix", span)
                        .with_label("both `d` and `_` give a kind"),
                );
                8
            }
            // `real(16)` under `-fdefault-real-8` without `-fdefault-double-8`, as gfortran.
            None if has_d && crate::dialect::double_kind() == 16 => return Tok::Quad(quad_text(num)),
            None if has_d => 8,
            None => crate::dialect::real_kind(),
            Some("4") => 4,
            Some("8") => 8,
            Some("16") => return Tok::Quad(quad_text(num)),
            Some(k @ "10") => {
                self.diags.push(Diagnostic::not_yet(format!("`real({k})` literals"), span));
                8
            }
            Some(k) => {
                self.diags.push(Diagnostic::error("E0004", format!("unsupported real kind `{k}`"), span).with_label("kind must be 4 or 8"));
                4
            }
        };
        let v = parse_real(num);
        let max = if kind == 4 { f64::from(f32::MAX) } else { f64::MAX };
        if v.is_nan() || v.abs() > max {
            self.diags
                .push(Diagnostic::error("E0004", format!("real literal is out of range for `real({kind})`"), span).with_label("too large"));
            return Tok::Real(0.0, kind);
        }
        Tok::Real(v, kind)
    }
}

/// The value of a real literal's text (without kind suffix); `d` exponents are allowed.
/// The text of a real literal as `[-]DIGITS.DIGITSe[-]DIGITS` (the form codegen gives
/// LLVM for a `real(16)` constant): any exponent letter becomes `e`, a missing integer or
/// fraction part `0`, a missing exponent `e0`.
pub fn quad_text(num: &str) -> String {
    let t = num.to_ascii_lowercase();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r.to_string()),
        None => (false, t.trim_start_matches('+').to_string()),
    };
    let (m, e) = match t.find(['e', 'd', 'q']) {
        Some(i) => (&t[..i], &t[i + 1..]),
        None => (t.as_str(), "0"),
    };
    let (i, f) = m.split_once('.').unwrap_or((m, ""));
    let e = e.trim_start_matches('+');
    let or0 = |s: &str| if s.is_empty() { "0".to_string() } else { s.to_string() };
    format!("{}{}.{}e{}", if neg { "-" } else { "" }, or0(i), or0(f), or0(e))
}

/// The exact decimal value of an `f64` (every binary fraction has a finite decimal
/// expansion; 767 significant digits suffice) in [`quad_text`]'s form.
pub fn f64_quad_text(v: f64) -> String {
    if !v.is_finite() {
        return "0.0e0".to_string();
    }
    let s = format!("{v:.800e}");
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let m = m.trim_end_matches('0');
    let m = if m.ends_with('.') { format!("{m}0") } else { m.to_string() };
    format!("{m}e{e}")
}

pub fn parse_real(num: &str) -> f64 {
    let t: String = num.chars().map(|c| if c == 'd' || c == 'D' { 'e' } else { c }).collect();
    let t = if t.starts_with('.') { format!("0{t}") } else { t };
    // `1.e5` is not accepted by Rust's parser; `1.` is.
    let t = t.replace(".e", ".0e").replace(".E", ".0E");
    t.parse::<f64>().unwrap_or(0.0)
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok> {
        lex(src).tokens.into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn numbers_and_dot_ops() {
        use Tok::*;
        assert_eq!(
            toks("x = 1.eq.2 .and. 1.0d0 > .5 .or. 2.5_8 < 1e3"),
            vec![
                Name("x".into()),
                Assign,
                Int(1, 4),
                EqEq,
                Int(2, 4),
                And,
                Real(1.0, 8),
                Gt,
                Real(0.5, 4),
                Or,
                Real(2.5, 8),
                Lt,
                Real(1000.0, 4),
                Eos,
                Eof
            ]
        );
        assert_eq!(toks("5_8 1. 1.e2"), vec![Int(5, 8), Real(1.0, 4), Real(100.0, 4), Eos, Eof]);
    }

    #[test]
    fn continuation_comments_and_spans() {
        let src = "a = 1 + & ! c\n  ! only comment\n\n   & 2 ; b = 'it''s' ! x\n";
        let l = lex(src);
        assert!(l.diags.is_empty(), "{:?}", l.diags);
        let kinds: Vec<Tok> = l.tokens.iter().map(|t| t.tok.clone()).collect();
        use Tok::*;
        assert_eq!(
            kinds,
            vec![Name("a".into()), Assign, Int(1, 4), Plus, Int(2, 4), Eos, Name("b".into()), Assign, Str("it's".into()), Eos, Eof]
        );
        let two = &l.tokens[4];
        assert_eq!(&src[two.span.lo as usize..two.span.hi as usize], "2");
    }

    #[test]
    fn directives() {
        let src = "!$ACC Parallel Loop &\n!$acc& copy(a) &\n  !$acc present(b)\n!$omp parallel\nx=1\n";
        use Tok::*;
        assert_eq!(
            toks(src),
            vec![
                DirectiveStart,
                Name("parallel".into()),
                Name("loop".into()),
                Name("copy".into()),
                LParen,
                Name("a".into()),
                RParen,
                Name("present".into()),
                LParen,
                Name("b".into()),
                RParen,
                Eos,
                Name("x".into()),
                Assign,
                Int(1, 4),
                Eos,
                Eof
            ]
        );
    }

    #[test]
    fn continued_character_literals() {
        use Tok::*;
        let src = "s = 'ab&\n  ! c\n\n    &c''d &\n   e!f' // \"g&\n  & h\" ! x\nt = 1\n";
        let l = lex(src);
        assert!(l.diags.is_empty(), "{:?}", l.diags);
        let kinds: Vec<Tok> = l.tokens.iter().map(|t| t.tok.clone()).collect();
        assert_eq!(
            kinds,
            vec![
                Name("s".into()),
                Assign,
                Str("abc'd e!f".into()),
                Concat,
                Str("g h".into()),
                Eos,
                Name("t".into()),
                Assign,
                Int(1, 4),
                Eos,
                Eof
            ]
        );
        let l = lex("s = 'ab&\n");
        assert_eq!(l.diags.len(), 2, "{:?}", l.diags);
        let l = lex("s = 'ab&\n  &cd\nt = 1\n");
        assert_eq!(l.diags.len(), 1, "{:?}", l.diags);
        assert_eq!(l.diags[0].code, "E0003");
    }

    #[test]
    fn bad_input_gives_diagnostics() {
        let l = lex("x = 'abc\ny = 3 ยง @\nz = .foo. + 99999999999");
        assert_eq!(l.diags.len(), 4, "{:?}", l.diags);
        // `.foo.` is a defined operator, not an error.
        assert!(l.tokens.iter().any(|t| t.tok == Tok::DefOp("foo".into())), "{:?}", l.tokens);
    }
}
