//! The USI protocol: reading commands, running searches, writing answers.
//!
//! [`run`] is the whole engine loop: it reads commands on the calling thread, runs each
//! search on a thread of its own, and writes every answer line at once, flushed. Nothing in
//! the input can make it panic: an unknown or malformed command is answered by an
//! `info string` saying why it was ignored.
//!
//! The modules: [`command`] reads lines into commands, [`options`] declares and holds the
//! options, [`position`] builds the position of a `position` command, [`session`] is the
//! state machine, [`worker`] the search thread, [`answer`] the `info` and `bestmove` lines,
//! [`mate`] the seam for `go mate`, and [`io`] the bounded line reader and the shared output.
//!
//! ```
//! let input = b"usi\nisready\nposition startpos\ngo depth 1\nquit\n";
//! let output = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
//! koma_engine::usi::run(&input[..], SharedVec(output.clone()));
//! let text = String::from_utf8(output.lock().unwrap().clone()).unwrap();
//! assert!(text.contains("usiok\n") && text.contains("readyok\n"));
//! assert!(text.lines().any(|l| l.starts_with("bestmove ")));
//!
//! struct SharedVec(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
//! impl std::io::Write for SharedVec {
//!     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
//!         self.0.lock().unwrap().write(b)
//!     }
//!     fn flush(&mut self) -> std::io::Result<()> {
//!         Ok(())
//!     }
//! }
//! ```

pub mod answer;
pub mod chu;
pub mod command;
pub mod io;
pub mod mate;
pub mod options;
pub mod position;
pub mod session;
pub mod worker;

use std::io::{BufRead, Write};

pub use session::{Flow, Session};

/// Runs the USI loop on `input` and `output` until `quit` or the end of the input (where a
/// search waiting for `stop` is stopped and any other is let finish).
pub fn run(mut input: impl BufRead, output: impl Write + Send + 'static) {
    let out = io::Output::new(output);
    let mut session = Session::new(out.clone());
    loop {
        match io::read_line(&mut input, io::MAX_LINE_BYTES) {
            Ok(Some(io::Line::Text(line))) => {
                if session.handle_line(&line) == Flow::Quit {
                    return;
                }
            }
            Ok(Some(io::Line::TooLong(bytes))) => out.info_string(&format!(
                "a line of {bytes} bytes is longer than {} and was ignored",
                io::MAX_LINE_BYTES
            )),
            Ok(None) | Err(_) => break,
        }
    }
    session.finish();
}
