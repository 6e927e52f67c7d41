//! Fixed-form source (`.f`, `.F`, `-ffixed-form`) rewritten line by line into free form that
//! keeps every line and every column where it was, so diagnostics still point into the
//! original text.
//!
//! * Columns past the line length (72, or `-ffixed-line-length-N`) are dropped.
//! * A `C`, `c`, `*`, `!`, `D` or `d` in column 1, or a blank line, is a comment: it becomes
//!   `!` followed by the rest.
//! * Directive sentinels `!$acc`, `c$acc`, `*$acc` (and `$omp`) in columns 1–5 become `!$acc`;
//!   a directive continued in column 6 becomes `!$acc&` and the directive it continues gets
//!   a trailing `&`.
//! * A statement line keeps its label in columns 1–5; a `0` in column 6 becomes a blank.
//! * A continuation line (column 6 neither blank nor `0`) becomes `     &` + columns 7.. and
//!   the code line it continues gets a `&` before its `!` comment, if any.
//! * A tab in columns 1–6 starts the statement field (gfortran's extension); a tab followed
//!   by a digit 1–9 marks a continuation.
//!
//! Blanks stay significant (as in free form): `DO 10 I = 1, N` works, `DO10I=1,N` does not.

/// Converts preprocessed fixed-form text to free form, line by line.
pub fn to_free_form(text: &str, line_len: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    // The output index of the last code line and of the last directive line (by sentinel),
    // which a continuation extends.
    // With the quote open at its start (a line continuing a character literal).
    let mut last_code: Option<(usize, Option<char>)> = None;
    let mut last_dir: Option<(usize, String)> = None;
    let trailing_newline = text.ends_with('\n');
    let body = text.strip_suffix('\n').unwrap_or(text);
    for line in body.split('\n') {
        let chars: Vec<char> = line.chars().take(line_len).collect();
        let first = chars.first().copied().unwrap_or(' ');
        // Directive lines.
        if matches!(first, '!' | 'c' | 'C' | '*') && chars.get(1) == Some(&'$') {
            let sentinel: String = chars.iter().skip(2).take(3).collect::<String>().to_ascii_lowercase();
            if (sentinel == "acc" || sentinel == "omp") && chars.len() >= 5 {
                let col6 = chars.get(5).copied().unwrap_or(' ');
                let rest: String = chars.iter().skip(6).collect();
                if col6 != ' ' && col6 != '0' {
                    if let Some((i, s)) = &last_dir {
                        if let (true, Some(l)) = (*s == sentinel, out.get_mut(*i)) {
                            l.push_str(" &");
                        }
                    }
                    out.push(format!("!${sentinel}&{rest}"));
                } else {
                    out.push(format!("!${sentinel} {rest}"));
                    last_dir = Some((out.len() - 1, sentinel));
                }
                continue;
            }
        }
        // Comments and blank lines.
        if matches!(first, 'c' | 'C' | '*' | '!' | 'd' | 'D') || chars.iter().all(|c| c.is_whitespace()) {
            let rest: String = line.chars().skip(1).collect();
            out.push(if line.is_empty() { String::new() } else { format!("!{rest}") });
            continue;
        }
        // `#` lines the C preprocessor left (it did not run): kept for the parser to report.
        if first == '#' {
            out.push(line.to_string());
            continue;
        }
        // Tab form.
        if let Some(t) = chars.iter().take(6).position(|&c| c == '\t') {
            let label: String = chars.iter().take(t).collect();
            let after: String = chars.iter().skip(t + 1).collect();
            let cont = after.chars().next().is_some_and(|c| ('1'..='9').contains(&c));
            let open = if cont && label.trim().is_empty() {
                let open = continue_line(&mut out, last_code, line_len);
                out.push(format!("{label} &{}", after.chars().skip(1).collect::<String>()));
                open
            } else {
                out.push(format!("{label} {after}"));
                None
            };
            last_code = Some((out.len() - 1, open));
            last_dir = None;
            continue;
        }
        let label: String = chars.iter().take(5).collect();
        let col6 = chars.get(5).copied().unwrap_or(' ');
        let rest: String = chars.iter().skip(6).collect();
        let open = if col6 != ' ' && col6 != '0' && label.trim().is_empty() {
            let open = continue_line(&mut out, last_code, line_len);
            out.push(format!("{label}&{rest}"));
            open
        } else {
            out.push(format!("{label} {rest}"));
            None
        };
        last_code = Some((out.len() - 1, open));
        last_dir = None;
    }
    let mut s = out.join("\n");
    if trailing_newline {
        s.push('\n');
    }
    s
}

/// Marks output line `i` (which starts inside a literal opened by `quote`, if any) as
/// continued: a `&` before its trailing `!` comment (outside character literals), or at its
/// end; a line that ends inside a character literal is first padded with blanks to the
/// line length, as gfortran does. Returns the quote still open at its end.
fn continue_line(out: &mut [String], last: Option<(usize, Option<char>)>, line_len: usize) -> Option<char> {
    let (line, mut quote) = last.and_then(|(i, q)| Some((out.get_mut(i)?, q)))?;
    let mut comment = None;
    for (k, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '!' => {
                comment = Some(k);
                break;
            }
            None => {}
        }
    }
    match comment {
        Some(k) => line.insert(k, '&'),
        None if quote.is_some() => {
            let n = line.chars().count();
            // (Not with `-ffixed-line-length-none`.)
            if n < line_len && line_len != usize::MAX {
                line.extend(std::iter::repeat_n(' ', line_len - n));
            }
            line.push('&');
        }
        None => {
            let t = line.trim_end().len();
            line.truncate(t);
            line.push_str(" &");
        }
    }
    quote
}

#[cfg(test)]
mod tests {
    use super::to_free_form;

    #[test]
    fn statements_comments_and_continuations() {
        let src = "C comment\n      program p\n   10 x = 1 +  ! c\n     &    2\n*   more\n      y = 3\n     1  + 4\n      end\n";
        let got = to_free_form(src, 72);
        let want = "! comment\n      program p\n   10 x = 1 +  &! c\n     &    2\n!   more\n      y = 3 &\n     &  + 4\n      end\n";
        assert_eq!(got, want);
        assert_eq!(got.lines().count(), src.lines().count());
    }

    #[test]
    fn columns_past_the_limit_are_dropped() {
        let src = format!("      x = 1{}SEQ00010\n", " ".repeat(61));
        assert_eq!(to_free_form(&src, 72).trim_end(), "      x = 1");
        assert!(to_free_form(&src, usize::MAX).contains("SEQ00010"));
    }

    #[test]
    fn directives() {
        let src = "c$acc parallel loop\nC$ACC& copy(a)\n      do i = 1, n\n!$acc end parallel loop\n";
        let got = to_free_form(src, 72);
        assert_eq!(got, "!$acc parallel loop &\n!$acc& copy(a)\n      do i = 1, n\n!$acc end parallel loop\n");
    }

    #[test]
    fn continued_literals_are_padded_to_the_line_length() {
        // The literal spans three lines; the `!` and the quote on the second are inside it.
        let src = "      s = 'ab\n     +c ! d\n     +e'  ! comment\n";
        let got = to_free_form(src, 20);
        let want = format!("      s = 'ab{}&\n     &c ! d{}&\n     &e'  ! comment\n", " ".repeat(7), " ".repeat(9));
        assert_eq!(got, want);
        assert_eq!(to_free_form(src, usize::MAX), "      s = 'ab&\n     &c ! d&\n     &e'  ! comment\n");
    }

    #[test]
    fn tab_form() {
        assert_eq!(to_free_form("\tx = 1\n\t1+2\n", 72), " x = 1 &\n &+2\n");
    }
}
