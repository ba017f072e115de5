//! Output helpers: writing to standard output, where a closed pipe is no failure.

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

/// The message for an output error; empty for a closed pipe, which is no failure.
pub fn io_failure(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        String::new()
    } else {
        format!("writing the output: {e}")
    }
}
