//! The log: what the program tells on standard error besides what it says to the listeners.
//!
//! - **At a terminal** (a person, often through a screen reader): only warnings and errors,
//!   one plain line each (`warning: …`), without time, module path or colour; a warning that
//!   repeats a notice already said to the listeners (its event carries `said = true`) is left
//!   out, so that nothing is read twice.
//! - **Elsewhere** (a service under systemd, whose journal stamps each line; a pipe), or when
//!   `--log` or `RUST_LOG` asks: the full structured log, as before (time, level, module,
//!   `info` and up), with colour only at a terminal.

use std::io::IsTerminal;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::Layer;

/// The field that marks a log event as a repeat of a notice said to the listeners.
pub const SAID: &str = "said";

/// Sets the process's log up as the module says; `full` is `--log`.
pub fn init(full: bool) {
    let terminal = std::io::stderr().is_terminal();
    let asked = tracing_subscriber::EnvFilter::try_from_default_env();
    let writer = || crate::input::terminal_source::TerminalWriter;
    if full || asked.is_ok() || !terminal {
        let filter = asked.unwrap_or_else(|_| "info,pulseaudio=off".into());
        tracing_subscriber::fmt()
            .with_writer(writer)
            .with_ansi(terminal)
            .with_env_filter(filter)
            .init();
        return;
    }
    let plain = tracing_subscriber::fmt::layer()
        .with_writer(writer)
        .with_ansi(false)
        .event_format(Plain)
        .with_filter(tracing_subscriber::filter::filter_fn(|meta| {
            meta.fields().field(SAID).is_none()
        }))
        .with_filter(tracing_subscriber::EnvFilter::new("warn,pulseaudio=off"));
    tracing_subscriber::registry().with(plain).init();
}

/// One plain line an event: `warning: ` or `error: ` and the message.
struct Plain;

impl<S, N> FormatEvent<S, N> for Plain
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &tracing::Event<'_>,
    ) -> std::fmt::Result {
        let prefix = match *event.metadata().level() {
            tracing::Level::ERROR => "error: ",
            tracing::Level::WARN => "warning: ",
            _ => "",
        };
        write!(writer, "{prefix}")?;
        ctx.field_format().format_fields(writer.by_ref(), event)?;
        writeln!(writer)
    }
}
