//! The threads around an engine process: one reads its standard output, one its standard
//! error, one writes its standard input, so that the client never blocks on a pipe.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

/// Longest line kept from an engine; the rest of a longer line is dropped.
const MAX_LINE: usize = 1 << 20;

/// What the reader and writer threads report.
pub(super) enum Event {
    /// A line of standard output.
    Stdout(String),
    /// Standard output has ended: the engine exited or closed it.
    StdoutClosed,
    /// A line of standard error.
    Stderr(String),
    /// Standard error has ended.
    StderrClosed,
    /// Writing to standard input failed (the engine is gone); nothing more is written.
    WriteFailed(String),
}

/// Starts the stdout and stderr readers and the stdin writer; returns the writer's inbox.
pub(super) fn start_threads(
    child: &mut Child,
    events: Sender<Event>,
) -> io::Result<Sender<String>> {
    let missing = |what| io::Error::other(format!("no pipe for the engine's {what}"));
    let stdin = child.stdin.take().ok_or_else(|| missing("input"))?;
    let stdout = child.stdout.take().ok_or_else(|| missing("output"))?;
    let stderr = child.stderr.take().ok_or_else(|| missing("error output"))?;
    let out_events = events.clone();
    thread::Builder::new()
        .name("usi-stdout".into())
        .spawn(move || {
            read_lines(stdout, &out_events, Event::Stdout);
            let _ = out_events.send(Event::StdoutClosed);
        })?;
    let err_events = events.clone();
    thread::Builder::new()
        .name("usi-stderr".into())
        .spawn(move || {
            read_lines(stderr, &err_events, Event::Stderr);
            let _ = err_events.send(Event::StderrClosed);
        })?;
    let (commands, inbox) = mpsc::channel::<String>();
    thread::Builder::new()
        .name("usi-stdin".into())
        .spawn(move || write_lines(stdin, &inbox, &events))?;
    Ok(commands)
}

/// Forwards lines (lossily decoded, line ending removed, at most [`MAX_LINE`] bytes) until
/// the stream ends or nobody listens.
fn read_lines(stream: impl Read, events: &Sender<Event>, wrap: fn(String) -> Event) {
    let mut reader = BufReader::new(stream);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match (&mut reader)
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) => return,
            Ok(_) => {
                if buf.last() != Some(&b'\n') && buf.len() >= MAX_LINE {
                    skip_rest_of_line(&mut reader);
                }
                let text = String::from_utf8_lossy(&buf);
                let line = text.trim_end_matches(['\n', '\r']).to_string();
                if events.send(wrap(line)).is_err() {
                    return;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}

fn skip_rest_of_line(reader: &mut impl BufRead) {
    loop {
        let (done, used) = match reader.fill_buf() {
            Ok([]) | Err(_) => return,
            Ok(bytes) => match bytes.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i + 1),
                None => (false, bytes.len()),
            },
        };
        reader.consume(used);
        if done {
            return;
        }
    }
}

/// Writes each command with its line ending until the client hangs up or a write fails.
fn write_lines(mut stdin: ChildStdin, inbox: &Receiver<String>, events: &Sender<Event>) {
    for line in inbox {
        let result = stdin
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| stdin.flush());
        if let Err(e) = result {
            let _ = events.send(Event::WriteFailed(e.to_string()));
            return;
        }
    }
}
