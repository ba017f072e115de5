//! Input and output of the USI loop: bounded line reading and line-at-a-time writing.

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};

/// The longest line read (1 MiB: a `position` line of a thousand-move game is a few KB).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The text, invalid UTF-8 replaced, without the line end.
    Text(String),
    /// A line longer than the limit, of this many bytes (its text is dropped).
    TooLong(usize),
}

/// Reads one line of at most `limit` bytes (`None` at the end of the input). Longer lines
/// are read to their end and reported as [`Line::TooLong`] without being kept in memory.
pub fn read_line(input: &mut impl BufRead, limit: usize) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let (used, found) = {
            let buf = match input.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let newline = buf.iter().position(|&b| b == b'\n');
            let chunk = &buf[..newline.unwrap_or(buf.len())];
            total = total.saturating_add(chunk.len());
            if kept.len() < limit {
                let take = chunk.len().min(limit - kept.len());
                kept.extend_from_slice(&chunk[..take]);
            }
            (
                chunk.len() + usize::from(newline.is_some()),
                newline.is_some(),
            )
        };
        input.consume(used);
        if found {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if total > limit {
        return Ok(Some(Line::TooLong(total)));
    }
    let text = String::from_utf8_lossy(&kept);
    Ok(Some(Line::Text(text.trim_end_matches('\r').to_string())))
}

/// The engine's output, shared by the reader and the search thread: every line is written
/// whole and flushed at once. Write errors are ignored (the GUI has gone; the end of the
/// input follows).
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Wraps `sink`.
    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
        }
    }

    /// Writes `line` and a line end, and flushes.
    pub fn line(&self, line: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let _ = sink.write_all(line.as_bytes());
        let _ = sink.write_all(b"\n");
        let _ = sink.flush();
    }

    /// Writes `info string <text>` (one line: line breaks in `text` become spaces).
    pub fn info_string(&self, text: &str) {
        let text: String = text
            .chars()
            .map(|c| if c == '\n' || c == '\r' { ' ' } else { c })
            .collect();
        self.line(&format!("info string {text}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Line> {
        let mut r = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r, limit).unwrap() {
            out.push(l);
        }
        out
    }

    fn t(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn reads_lines_of_any_ending() {
        assert_eq!(
            lines(b"usi\r\nisready\n\nquit", 100),
            vec![t("usi"), t("isready"), t(""), t("quit")]
        );
        assert_eq!(lines(b"", 100), vec![]);
        assert_eq!(lines(b"\n", 100), vec![t("")]);
    }

    #[test]
    fn long_lines_are_dropped_and_reading_goes_on() {
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(b"\nstop\n");
        assert_eq!(lines(&input, 10), vec![Line::TooLong(50), t("stop")]);
        assert_eq!(lines(b"0123456789\n", 10), vec![t("0123456789")]);
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        assert_eq!(lines(b"go \xff\xfe\n", 100), vec![t("go \u{fffd}\u{fffd}")]);
    }
}
