//! The web pages in Debian's real headless Chromium through chromedriver (the browser toolkit,
//! a board's display, the station's dashboard) and the dashboard over plain HTTP.

#[path = "../hall/boards.rs"]
mod boards;
#[path = "../daemon/common_daemon.rs"]
mod common_daemon;
mod http;

mod browser_toolkit;
mod display_board;
mod station_dashboard;
mod station_dashboard_browser;
