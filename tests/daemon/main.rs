//! The real daemon with outside programs or long runs: BRLTTY, libfaketime, 100 SIGKILLs, a
//! second user on the control socket, haptic schedules, 100 boards started at once; and the
//! README read against the program.

mod common_daemon;

mod control_socket;
mod daemon_braille;
mod daemon_crash;
mod daemon_haptic;
mod daemon_many_boards;
mod daemon_wall_clock;
mod readme;
