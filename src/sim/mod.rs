//! `talkclock simulate`: a scripted game on virtual time, printed as JSON lines.

pub mod run;
pub mod script;

pub use run::{simulate, simulate_game, FinalLine};
pub use script::{parse_script, ScriptAction, ScriptError, Step};
