//! `talkclock hall …`: the tournament hall's set-up. `hall init` writes the broker's folder
//! ([`crate::hall::init`]) and prints what it wrote and what to do next.

use super::{print_lines, Failure};
use crate::hall::init::{init, InitOptions};

/// `talkclock hall init`: writes the files, then prints the report.
pub fn hall_init(options: &InitOptions) -> Result<(), Failure> {
    let written = init(options)?;
    print_lines(written.report())
}

/// `talkclock hall add-bridge`: installs the bridge user, then prints what to do next.
pub fn hall_add_bridge(dir: &std::path::Path, file: &std::path::Path) -> Result<(), Failure> {
    let added = crate::hall::add_bridge::add_bridge(dir, file)?;
    print_lines(added.report())
}
