//! Output helpers: writing to standard output, where a closed pipe is no failure, and the
//! words of a failed command on standard error.

/// Writes to standard output; a closed pipe (`koma moves | head`) ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            return Err($crate::output::io_failure(e));
        }
    };
}

/// [`out!`] with a newline.
macro_rules! outln {
    ($($arg:tt)*) => {
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            return Err($crate::output::io_failure(e));
        }
    };
}

/// Standard output was closed by its reader: the reader has all it wanted, so the command
/// stops without a message and with success.
#[derive(Debug)]
pub struct ClosedPipe;

impl std::fmt::Display for ClosedPipe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("standard output was closed")
    }
}

impl std::error::Error for ClosedPipe {}

/// The error for an output failure: [`ClosedPipe`] for a closed pipe, which is no failure.
pub fn io_failure(e: std::io::Error) -> anyhow::Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        ClosedPipe.into()
    } else {
        anyhow::Error::new(e).context("writing the output")
    }
}

/// Whether `e` (or one of its causes) is a closed standard output.
pub fn is_closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| cause.is::<ClosedPipe>())
}

/// The error and its causes, outermost first, joined by `: `. A cause whose words already
/// end its parent's message (an error that prints its source itself) is said once.
pub fn error_text(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let words = cause.to_string();
        if text.is_empty() {
            text = words;
        } else if !text.ends_with(&words) {
            text.push_str(": ");
            text.push_str(&words);
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    #[test]
    fn the_error_text_names_each_cause_once() {
        // koma-tsume's problem error prints its source (the SFEN error) itself.
        let bad = koma_tsume::parse_problem("4k4/9/9 b - 1").unwrap_err();
        let sfen_error = std::error::Error::source(&bad).unwrap().to_string();
        let e = Err::<(), _>(bad).context("--sfen").unwrap_err();
        let text = error_text(&e);
        assert!(
            text.starts_with("--sfen: bad problem: SFEN column "),
            "{text}"
        );
        assert_eq!(text.matches(&sfen_error).count(), 1, "{text}");
        // A cause that its parent does not print is added after a colon.
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let e = Err::<(), _>(io).context("a.kif").unwrap_err();
        assert_eq!(error_text(&e), "a.kif: no such file");
    }

    #[test]
    fn only_a_closed_pipe_is_quiet() {
        let closed = io_failure(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
        assert!(is_closed_pipe(&closed));
        assert!(is_closed_pipe(&closed.context("koma moves")));
        let full = io_failure(std::io::Error::other("disk full"));
        assert!(!is_closed_pipe(&full));
        assert_eq!(error_text(&full), "writing the output: disk full");
    }
}
