//! The real binary in a pseudo-terminal: completion with Tab, Ctrl-C stopping a proof while the
//! session goes on, and `quit`. This is the one test of the rustyline/ctrlc wiring, which the
//! `eval_line` tests cannot reach.

#![cfg(unix)]

use std::process::Command;
use std::time::Duration;

use expectrl::{ControlCode, Eof, Expect, Session};

#[test]
fn tab_completion_ctrl_c_and_quit_in_a_terminal() {
    let state = std::env::temp_dir().join(format!("craig-pty-{}", std::process::id()));
    let mut command = Command::new(env!("CARGO_BIN_EXE_craig"));
    // rustyline treats an unset or `dumb` TERM (as under CI) as a terminal it cannot edit on.
    command.env("XDG_STATE_HOME", &state).env("NO_COLOR", "1").env("TERM", "xterm");
    let mut s = Session::spawn(command).expect("craig starts in a pseudo-terminal");
    s.set_expect_timeout(Some(Duration::from_secs(60)));

    s.expect("craig> ").unwrap();
    // rustyline drops typeahead when it starts reading a line, so every key waits for a prompt.
    s.send("he").unwrap();
    s.send("\t").unwrap();
    s.expect("help").unwrap();
    s.send("\r").unwrap();
    s.expect("Commands (type `help COMMAND` for details):").unwrap();
    s.expect("craig> ").unwrap();

    s.send_line("load tests/data/endless.p").unwrap();
    s.expect("loaded theory endless").unwrap();
    s.expect("craig> ").unwrap();
    s.send_line("set time-limit none").unwrap();
    s.expect("craig> ").unwrap();
    s.send_line("prove endless").unwrap();
    // The status line appears after a second of search; then interrupt.
    s.expect("(Ctrl-C stops)").unwrap();
    s.send(ControlCode::EndOfText).unwrap();
    s.expect("User").unwrap();
    s.expect("interrupted").unwrap();
    s.expect("craig> ").unwrap();
    // The state survived: the goal is there with its interrupted result.
    s.send_line("goals").unwrap();
    s.expect("endless  User").unwrap();
    s.expect("craig> ").unwrap();
    s.send_line("quit").unwrap();
    s.expect(Eof).unwrap();
    assert!(state.join("craig").join("history").exists(), "history was written");
    let _ = std::fs::remove_dir_all(&state);
}
