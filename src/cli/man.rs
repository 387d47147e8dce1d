//! The manual page, `talkclock man`: the parts written by hand in `man/talkclock.1.in` (the
//! description, keys, configuration, files, exit codes) around a COMMANDS section made from
//! the same clap definitions `--help` prints, so the two cannot disagree. It names no other
//! manual page: the package installs only this one.

use clap::{Arg, ArgAction, Command};

/// The hand-written page, with `@VERSION@` and a line `@COMMANDS@` to fill in.
const TEMPLATE: &str = include_str!("../../man/talkclock.1.in");

/// The whole page in roff for `command` (the `talkclock` command, built with
/// [`Command::build`] so that each subcommand knows its full name).
pub fn page(command: &Command) -> String {
    let mut commands = String::from(".SH COMMANDS\n");
    commands.push_str(
        "Every command takes \\fB\\-\\-help\\fR. Without \\fB\\-\\-config\\fR a command uses \
         the embedded default configuration.\n",
    );
    for sub in visible_subcommands(command) {
        render_command(&mut commands, sub, command.get_name());
    }
    let version = command.get_version().unwrap_or("");
    TEMPLATE
        .replace("@VERSION@", version)
        .replace("@COMMANDS@\n", &commands)
}

/// The subcommands a user may call: not hidden, and not clap's own `help`.
fn visible_subcommands(command: &Command) -> impl Iterator<Item = &Command> {
    command
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
}

/// One command's subsection: its synopsis, what it does, its options; then its own
/// subcommands, each in a subsection of its own.
fn render_command(out: &mut String, command: &Command, parent: &str) {
    let name = format!("{parent} {}", command.get_name());
    out.push_str(&format!(".SS \"{}\"\n", escape(&name)));
    out.push_str(&format!("{}\n", escape(&usage(command, &name))));
    let about = command
        .get_long_about()
        .or_else(|| command.get_about())
        .map(|s| s.to_string())
        .unwrap_or_default();
    for paragraph in about.split("\n\n").filter(|p| !p.trim().is_empty()) {
        out.push_str(".PP\n");
        out.push_str(&text(paragraph));
    }
    for arg in command.get_arguments().filter(|a| shown(a)) {
        render_arg(out, arg);
    }
    for sub in visible_subcommands(command) {
        render_command(out, sub, &name);
    }
}

/// The synopsis line clap prints after `Usage:`, with the full command name.
fn usage(command: &Command, name: &str) -> String {
    let rendered = command.clone().render_usage().to_string();
    let line = rendered.trim_start_matches("Usage:").trim();
    // The first word is clap's own name for the command: the full name replaces it.
    let rest = match line.find(command.get_name()) {
        Some(at) => &line[at + command.get_name().len()..],
        None => line,
    };
    format!("{name}{rest}")
}

/// Whether an argument belongs in the page: not hidden, and not `--help` or `--version`,
/// which every command has.
fn shown(arg: &Arg) -> bool {
    !arg.is_hide_set() && !matches!(arg.get_id().as_str(), "help" | "version")
}

/// One argument as a tagged paragraph: `--name VALUE` or `VALUE`, then its help.
fn render_arg(out: &mut String, arg: &Arg) {
    let value = arg
        .get_value_names()
        .and_then(|names| names.first())
        .map(|n| n.to_string())
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase());
    let takes_value = !matches!(
        arg.get_action(),
        ArgAction::SetTrue | ArgAction::SetFalse | ArgAction::Count
    );
    let mut tag = Vec::new();
    if let Some(short) = arg.get_short() {
        tag.push(format!("\\fB\\-{short}\\fR"));
    }
    if let Some(long) = arg.get_long() {
        tag.push(format!("\\fB\\-\\-{}\\fR", escape(long)));
    }
    let mut tag = tag.join(", ");
    if takes_value {
        let value = format!("\\fI{}\\fR", escape(&value));
        tag = if tag.is_empty() {
            value
        } else {
            format!("{tag} {value}")
        };
    }
    out.push_str(".TP\n");
    out.push_str(&tag);
    out.push('\n');
    let help = arg
        .get_long_help()
        .or_else(|| arg.get_help())
        .map(|s| s.to_string())
        .unwrap_or_default();
    let mut help = help.trim().to_string();
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if takes_value && !defaults.is_empty() {
        help.push_str(&format!(" (default: {})", defaults.join(", ")));
    }
    out.push_str(&text(&help));
}

/// A paragraph of help text as roff lines: escaped, `code` in bold.
fn text(paragraph: &str) -> String {
    let mut out = String::new();
    for line in paragraph.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let mut line = bold_code(&escape(line));
        if line.starts_with('.') || line.starts_with('\'') {
            line.insert_str(0, "\\&");
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Escapes text for roff: backslashes and hyphens (a plain `-` may be set as a hyphen, not a
/// minus, and `--config` must be typed as written).
fn escape(text: &str) -> String {
    text.replace('\\', "\\e").replace('-', "\\-")
}

/// Turns `code` spans (between backquotes) into bold text.
fn bold_code(text: &str) -> String {
    let mut out = String::new();
    let mut parts = text.split('`');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    let rest: Vec<&str> = parts.collect();
    let mut chunks = rest.chunks_exact(2);
    for pair in chunks.by_ref() {
        out.push_str("\\fB");
        out.push_str(pair[0]);
        out.push_str("\\fR");
        out.push_str(pair[1]);
    }
    // An unmatched backquote stays as it was.
    for lone in chunks.remainder() {
        out.push('`');
        out.push_str(lone);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_become_bold_and_a_lone_backquote_stays() {
        assert_eq!(bold_code("a `b` c"), "a \\fBb\\fR c");
        assert_eq!(bold_code("a `b"), "a `b");
    }

    #[test]
    fn a_line_that_would_be_a_roff_request_is_guarded() {
        assert_eq!(text(".config"), "\\&.config\n");
        assert_eq!(text("'x'"), "\\&'x'\n");
    }

    #[test]
    fn hyphens_and_backslashes_are_escaped() {
        assert_eq!(escape("--a\\b"), "\\-\\-a\\eb");
    }
}
