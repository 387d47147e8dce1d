//! Problems found in a configuration file, each with its line and column and a hint. A value
//! quoted in a message is cut to a short excerpt ([`EXCERPT_CHARS`] characters and "…"), so a
//! huge value never floods the terminal.

use std::fmt;
use std::ops::Range;

/// One problem, located in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line, or 0 when the problem has no place (a missing section).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong, and how to put it right.
    pub message: String,
}

/// Every problem found in a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ConfigError {
    /// The file's name as given by the user (or `<embedded default>`).
    pub origin: String,
    /// The problems, in the order of the file.
    pub problems: Vec<Problem>,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.problems.len();
        let noun = if count == 1 { "problem" } else { "problems" };
        writeln!(f, "{}: {count} {noun} in the configuration", self.origin)?;
        for p in &self.problems {
            if p.line == 0 {
                writeln!(f, "{}: {}", self.origin, p.message)?;
            } else {
                writeln!(f, "{}:{}:{}: {}", self.origin, p.line, p.column, p.message)?;
            }
        }
        Ok(())
    }
}

/// Collects problems while validating, turning byte spans into lines and columns.
pub struct Collector<'a> {
    source: &'a str,
    problems: Vec<Problem>,
}

impl<'a> Collector<'a> {
    /// A collector for problems in `source`.
    pub fn new(source: &'a str) -> Collector<'a> {
        Collector {
            source,
            problems: Vec::new(),
        }
    }

    /// The text being validated.
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// Records a problem at a byte span of the source.
    pub fn at(&mut self, span: Range<usize>, message: impl Into<String>) {
        let (line, column) = line_column(self.source, span.start);
        self.problems.push(Problem {
            line,
            column,
            message: shorten(&message.into()),
        });
    }

    /// Records a problem that has no place in the file.
    pub fn nowhere(&mut self, message: impl Into<String>) {
        self.problems.push(Problem {
            line: 0,
            column: 0,
            message: shorten(&message.into()),
        });
    }

    /// How many problems are recorded so far.
    pub fn count(&self) -> usize {
        self.problems.len()
    }

    /// The problems found, sorted by place.
    pub fn finish(mut self) -> Vec<Problem> {
        self.problems.sort_by_key(|p| (p.line, p.column));
        self.problems
    }
}

/// The most characters of a quoted value a message shows before "…".
pub const EXCERPT_CHARS: usize = 60;

/// The longest message, in characters, before it is cut with "…" (a value quoted without
/// quotation marks cannot make it longer).
pub const MESSAGE_CHARS: usize = 500;

/// `message` with every quoted run (`"…"` or `` `…` ``) longer than [`EXCERPT_CHARS`] cut to
/// that many characters and "…", and the whole cut at [`MESSAGE_CHARS`].
pub fn shorten(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let quote = chars[i];
        out.push(quote);
        i += 1;
        if quote != '"' && quote != '`' {
            continue;
        }
        let Some(end) = closing(&chars[i..], quote).map(|n| i + n) else {
            continue;
        };
        let inside = &chars[i..end];
        if inside.len() > EXCERPT_CHARS {
            out.extend(&inside[..EXCERPT_CHARS]);
            out.push('…');
        } else {
            out.extend(inside);
        }
        out.push(quote);
        i = end + 1;
    }
    if out.chars().count() > MESSAGE_CHARS {
        out = out.chars().take(MESSAGE_CHARS).collect();
        out.push('…');
    }
    out
}

/// Where the quotation closing at `quote` is in `rest` (a `"` run may escape with `\`).
fn closing(rest: &[char], quote: char) -> Option<usize> {
    let mut i = 0;
    while i < rest.len() {
        if quote == '"' && rest[i] == '\\' {
            i += 2;
            continue;
        }
        if rest[i] == quote {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = source.get(..offset).unwrap_or(source);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_are_one_based() {
        let text = "a = 1\nbb = ж2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        assert_eq!(line_column(text, 13), (2, 7));
    }

    #[test]
    fn long_quoted_values_are_cut_to_an_excerpt() {
        let long = "ж".repeat(100);
        let cut = shorten(&format!(
            "`mode` cannot be \"{long}\"; expected `a` or \"b\""
        ));
        let excerpt = "ж".repeat(EXCERPT_CHARS);
        assert_eq!(
            cut,
            format!("`mode` cannot be \"{excerpt}…\"; expected `a` or \"b\"")
        );
        let cut = shorten(&format!("unknown field `{long}`, expected `x`"));
        assert_eq!(cut, format!("unknown field `{excerpt}…`, expected `x`"));
        // An escaped quotation mark does not end the quotation.
        let cut = shorten(&format!("string \"\\\"{long}\", expected i64"));
        assert!(cut.ends_with("…\", expected i64"), "{cut}");
        let short = "`soon` is not a time";
        assert_eq!(shorten(short), short);
        let unquoted = "x".repeat(10_000);
        assert_eq!(shorten(&unquoted).chars().count(), MESSAGE_CHARS + 1);
    }
}
