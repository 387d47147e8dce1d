//! Problems found in a configuration file, each with its line and column and a hint.

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
            message: message.into(),
        });
    }

    /// Records a problem that has no place in the file.
    pub fn nowhere(&mut self, message: impl Into<String>) {
        self.problems.push(Problem {
            line: 0,
            column: 0,
            message: message.into(),
        });
    }

    /// The problems found, sorted by place.
    pub fn finish(mut self) -> Vec<Problem> {
        self.problems.sort_by_key(|p| (p.line, p.column));
        self.problems
    }
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
}
