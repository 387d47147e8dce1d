//! `talkclock station` (run, `status`, `ctl`, `passwd`, `pairings`, `results`) and `talkclock import --from-station`.

use super::Failure;
use crate::station::ctl::CtlError;
use crate::station::run::StationOptions;
use std::path::{Path, PathBuf};

/// `talkclock station --config station.toml`: runs the station until stopped.
pub fn station(options: &StationOptions) -> Result<(), Failure> {
    crate::station::run::run(options)?;
    Ok(())
}

/// `talkclock station status`: every board in one line each.
pub fn station_status(config: &Path) -> Result<(), Failure> {
    print!("{}", crate::station::status::status(config)?);
    Ok(())
}

/// `talkclock station close`: clears the event's retained messages on the broker.
pub fn station_close(config: &Path, force: bool) -> Result<(), Failure> {
    print!("{}", crate::station::close::close(config, force)?);
    Ok(())
}

/// `talkclock station ctl BOARD WORDS…`: a command to one board; its reply is printed.
pub fn station_ctl(config: &Path, board: u32, words: &[String]) -> Result<(), Failure> {
    match crate::station::ctl::ctl(config, board, words) {
        Ok(reply) => {
            println!("{reply}");
            if reply.get("ok").and_then(serde_json::Value::as_bool) == Some(true) {
                Ok(())
            } else {
                Err(Failure::Refused)
            }
        }
        Err(CtlError::Station(e)) => Err(Failure::Station(e)),
        Err(CtlError::Words(e)) => Err(Failure::CtlUsage(e)),
        Err(CtlError::Encode(e)) => Err(Failure::Io(std::io::Error::other(e))),
        Err(CtlError::NoAnswer(e)) => Err(Failure::Stopped(e)),
    }
}

/// `talkclock station passwd`: reads the arbiters' password from the first line of standard
/// input and prints the `password_hash = "…"` line for `[dashboard]`.
pub fn station_passwd() -> Result<(), Failure> {
    let mut line = String::new();
    std::io::stdin().read_line(&mut line)?;
    let password = line.strip_suffix('\n').unwrap_or(&line);
    let password = password.strip_suffix('\r').unwrap_or(password);
    let hash =
        crate::station::dashboard::password::PasswordHash::new(password).map_err(|e| match e {
            crate::station::dashboard::password::PasswordError::Random(_) => {
                Failure::Io(std::io::Error::other(e.to_string()))
            }
            _ => Failure::Usage(format!("station passwd: {e}")),
        })?;
    println!("password_hash = \"{hash}\"");
    Ok(())
}

/// `talkclock import --from-station DIR --board N [--game ID]`: the board's game (the newest,
/// or `game`) from a station's mirror, installed as the journal of a spare device (rule 1.7.4).
pub fn import_from_station(
    dir: &Path,
    board: u32,
    game: Option<&str>,
    journal: Option<&Path>,
) -> Result<(), Failure> {
    let file: PathBuf = match game {
        Some(game) => crate::station::mirror::game_file(dir, board, game),
        None => crate::station::mirror::games_of(dir, board)
            .map_err(|e| {
                Failure::Usage(format!(
                    "{}: no mirror of board {board} there: {e}",
                    dir.join(format!("board-{board}")).display()
                ))
            })?
            .into_iter()
            .next()
            .ok_or_else(|| {
                Failure::Usage(format!(
                    "{}: the station holds no game of board {board}",
                    dir.display()
                ))
            })?,
    };
    if !file.exists() {
        return Err(Failure::Usage(format!(
            "{}: the station holds no such game of board {board}",
            file.display()
        )));
    }
    println!("board {board}: the station's copy {}", file.display());
    super::import(&file, journal)
}

/// `talkclock station pairings FILE [--round N]`: reads the round's pairings (TRF-16, PGN or
/// CSV), keeps them in the station's folder and sends each board its players' names.
pub fn station_pairings(config: &Path, file: &Path, round: Option<u32>) -> Result<(), Failure> {
    let station = crate::station::StationConfig::load(config)
        .map_err(crate::station::run::StationError::from)?;
    let round = crate::station::round::pairings::read(file, round)?;
    let kept = round.save(&station.mirror)?;
    for p in &round.pairings {
        println!("board {}: {} - {}", p.board, p.white, p.black);
    }
    println!(
        "round {}: {} boards, kept in {}",
        round.round,
        round.pairings.len(),
        kept.display()
    );
    Ok(())
}

/// `talkclock station results --round N`: writes the round's results into its folder.
pub fn station_results(config: &Path, round: u32) -> Result<(), Failure> {
    let station = crate::station::StationConfig::load(config)
        .map_err(crate::station::run::StationError::from)?;
    for path in crate::station::round::results::write(&station.mirror, round)? {
        println!("{}", path.display());
    }
    Ok(())
}
