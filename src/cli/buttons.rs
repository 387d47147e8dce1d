//! `talkclock buttons`: try the bindings by hand. Every reader the configuration needs runs
//! (the terminal in raw mode too) and each command the mapper makes is printed as a line;
//! Ctrl-C in the terminal quits.

use super::{load_config, Failure};
use crate::input::device::DeviceKind;
use crate::input::sources::spawn_all;
use crate::input::{ButtonAction, MappedAction, Mapper, SourceEvent};
use crossbeam_channel::RecvTimeoutError;
use std::io::IsTerminal;
use std::path::Path;
use std::time::Instant;

/// Runs until Ctrl-C (or until every reader has stopped).
pub fn buttons(config: Option<&Path>) -> Result<(), Failure> {
    let config = load_config(config)?;
    let (tx, rx) = crossbeam_channel::unbounded::<SourceEvent>();
    let started = spawn_all(&config.input, std::io::stdin().is_terminal(), &tx)
        .map_err(|e| Failure::Io(std::io::Error::other(e)))?;
    drop(tx);
    let end = if started.raw_mode.is_some() {
        "\r\n"
    } else {
        "\n"
    };
    for note in &started.notes {
        print!("note: {note}{end}");
    }
    print!(
        "{} reader(s) running; press the buttons (Ctrl-C in the terminal quits).{end}",
        started.readers
    );
    let zero = Instant::now();
    let mut mapper = Mapper::new(&config.input);
    loop {
        let received = match mapper.next_deadline() {
            Some(deadline) => rx.recv_deadline(deadline),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        let commands = match received {
            Ok(SourceEvent::Disconnected { device, .. }) if device.kind == DeviceKind::Terminal => {
                break
            }
            Ok(event) => mapper.feed(event),
            Err(RecvTimeoutError::Timeout) => mapper.advance(Instant::now()),
            Err(RecvTimeoutError::Disconnected) => break,
        };
        for command in commands {
            print!("{}{end}", describe(zero, &command));
        }
    }
    drop(started);
    Ok(())
}

/// One command as a line: milliseconds since start, then what it asks for.
pub fn describe(zero: Instant, command: &MappedAction) -> String {
    let ms = command.at.saturating_duration_since(zero).as_millis();
    let what = match &command.action {
        ButtonAction::Game(input) => input.to_string(),
        ButtonAction::ClockCheck(listener) => format!("check {}", listener.name()),
        ButtonAction::DeviceAdded { device } => format!("connected: {device}"),
        ButtonAction::DeviceLost { device } => format!("lost: {device}"),
        ButtonAction::DeviceBack { device } => format!("back: {device}"),
        other => format!("{other:?}"),
    };
    format!("[{ms} ms] {what}")
}
