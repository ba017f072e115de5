//! The engine process: spawning, waiting with timeouts, the requests and the log.

use super::message::{EngineMessage, MateAnswer, SearchInfo, parse_engine_line};
use super::pipes::{Event, start_threads};
use super::{
    Dialect, EngineInfo, GameOver, GoLimits, LogEntry, LogKind, QuitOutcome, SearchResult,
    UsiError, UsiTimeouts,
};
use std::collections::VecDeque;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

/// A callback that sees every line of the conversation as it happens.
pub type LogObserver = Box<dyn FnMut(&LogEntry) + Send>;

/// How many log lines are kept by default.
const DEFAULT_LOG_CAPACITY: usize = 4096;
/// How long to wait for an exit status once the engine's output has closed.
const EXIT_STATUS_WAIT: Duration = Duration::from_millis(200);
/// Polling step while waiting for the process to end.
const POLL: Duration = Duration::from_millis(5);

/// The outcome of waiting for a line.
enum Wait {
    Line(String),
    Closed,
    TimedOut,
}

/// A USI engine running as a child process.
///
/// Dropping it kills a process that is still running; [`UsiEngine::quit`] asks first.
pub struct UsiEngine {
    child: Child,
    commands: Option<Sender<String>>,
    events: Receiver<Event>,
    timeouts: UsiTimeouts,
    info: EngineInfo,
    started: Instant,
    log: VecDeque<LogEntry>,
    log_capacity: usize,
    observer: Option<LogObserver>,
    stdout_closed: bool,
    stderr_closed: bool,
    status: Option<ExitStatus>,
    unanswered_go: bool,
    search: Option<Search>,
    dialect: Dialect,
}

/// A `go` sent and not yet answered.
struct Search {
    /// When its time began: at `go`, or at `ponderhit`.
    since: Instant,
    /// Its last `info` with search data for the best line.
    info: Option<SearchInfo>,
    /// Sent as `go infinite`: it ends by `stop`.
    infinite: bool,
    /// Sent as `go ponder` and not hit yet: it ends by `ponderhit` or `stop`.
    pondering: bool,
}

impl std::fmt::Debug for UsiEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UsiEngine")
            .field("pid", &self.child.id())
            .field("info", &self.info)
            .field("timeouts", &self.timeouts)
            .field("status", &self.status)
            .finish_non_exhaustive()
    }
}

impl UsiEngine {
    /// Starts the engine and does the handshake ([`UsiEngine::usi`]).
    pub fn spawn(
        command: &str,
        args: &[String],
        working_dir: Option<&Path>,
        timeouts: UsiTimeouts,
    ) -> Result<UsiEngine, UsiError> {
        let mut engine = UsiEngine::start(command, args, working_dir, timeouts)?;
        engine.usi()?;
        Ok(engine)
    }

    /// Starts the engine without talking to it, so that an observer can be set before the
    /// handshake.
    pub fn start(
        command: &str,
        args: &[String],
        working_dir: Option<&Path>,
        timeouts: UsiTimeouts,
    ) -> Result<UsiEngine, UsiError> {
        let spawn_error = |source| UsiError::Spawn {
            command: command.to_string(),
            source,
        };
        let mut cmd = Command::new(command);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(dir) = working_dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(spawn_error)?;
        let (event_tx, events) = mpsc::channel();
        let commands = match start_threads(&mut child, event_tx) {
            Ok(commands) => commands,
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(spawn_error(e));
            }
        };
        Ok(UsiEngine {
            child,
            commands: Some(commands),
            events,
            timeouts,
            info: EngineInfo::default(),
            started: Instant::now(),
            log: VecDeque::new(),
            log_capacity: DEFAULT_LOG_CAPACITY,
            observer: None,
            stdout_closed: false,
            stderr_closed: false,
            status: None,
            unanswered_go: false,
            search: None,
            dialect: Dialect::Usi,
        })
    }

    /// How the engine writes positions and moves (after the handshake: by its name, see
    /// [`Dialect::of_engine`]).
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Talks to the engine in `dialect` from now on.
    pub fn set_dialect(&mut self, dialect: Dialect) {
        self.dialect = dialect;
    }

    /// The handshake: sends `usi`, collects `id` and `option` lines until `usiok`, then
    /// turns pondering off (`setoption name USI_Ponder value false`).
    pub fn usi(&mut self) -> Result<&EngineInfo, UsiError> {
        self.drain_stale();
        self.write_line("usi")?;
        let waited = self.timeouts.usiok;
        let until = Instant::now() + waited;
        let mut info = EngineInfo::default();
        loop {
            match self.next_line(until) {
                Wait::Line(line) => {
                    let kind = match parse_engine_line(&line) {
                        EngineMessage::IdName(name) => {
                            info.name = Some(name);
                            LogKind::Received
                        }
                        EngineMessage::IdAuthor(author) => {
                            info.author = Some(author);
                            LogKind::Received
                        }
                        EngineMessage::Option(option) => {
                            info.options.push(option);
                            LogKind::Received
                        }
                        EngineMessage::UsiOk => {
                            self.record(LogKind::Received, line);
                            break;
                        }
                        EngineMessage::Info(i) if i.string.is_some() => LogKind::Received,
                        _ => LogKind::Unexpected,
                    };
                    self.record(kind, line);
                }
                Wait::Closed => return Err(self.exited()),
                Wait::TimedOut => {
                    self.note(format!("no usiok within {waited:?}"));
                    return Err(UsiError::NoUsiOk(waited));
                }
            }
        }
        self.dialect = Dialect::of_engine(info.name.as_deref());
        self.info = info;
        self.set_option("USI_Ponder", "false")?;
        Ok(&self.info)
    }

    /// What the engine said in the handshake.
    pub fn info(&self) -> &EngineInfo {
        &self.info
    }

    /// The timeouts in use.
    pub fn timeouts(&self) -> UsiTimeouts {
        self.timeouts
    }

    /// Changes the timeouts.
    pub fn set_timeouts(&mut self, timeouts: UsiTimeouts) {
        self.timeouts = timeouts;
    }

    /// Sends `setoption name <name> value <value>`.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), UsiError> {
        self.write_line(&format!("setoption name {name} value {value}"))
    }

    /// Presses a `button` option: `setoption name <name>` without a value.
    pub fn press_button(&mut self, name: &str) -> Result<(), UsiError> {
        self.write_line(&format!("setoption name {name}"))
    }

    /// Sends `isready` and waits for `readyok`; lines in between (`info string`, a late
    /// `bestmove` of an overrun search) are logged and skipped.
    pub fn is_ready(&mut self) -> Result<(), UsiError> {
        self.drain_stale();
        self.write_line("isready")?;
        let waited = self.timeouts.readyok;
        let until = Instant::now() + waited;
        loop {
            match self.next_line(until) {
                Wait::Line(line) => match parse_engine_line(&line) {
                    EngineMessage::ReadyOk => {
                        self.record(LogKind::Received, line);
                        self.unanswered_go = false;
                        return Ok(());
                    }
                    EngineMessage::Info(_) => self.record(LogKind::Received, line),
                    _ => self.record(LogKind::Unexpected, line),
                },
                Wait::Closed => return Err(self.exited()),
                Wait::TimedOut => {
                    self.note(format!("no readyok within {waited:?}"));
                    return Err(UsiError::NoReadyOk(waited));
                }
            }
        }
    }

    /// Sends `usinewgame` (after `readyok`, before a game's first `position`).
    pub fn new_game(&mut self) -> Result<(), UsiError> {
        self.write_line("usinewgame")
    }

    /// Sends `position` (a whole line such as `position startpos moves 7g7f`, built by the
    /// caller) and `go` with `limits`, then waits for `bestmove` until `deadline` has passed
    /// since `go` was sent.
    ///
    /// On a missed deadline it sends `stop`, waits the stop grace for a late move and
    /// returns [`UsiError::Timeout`] either way, except for [`GoLimits::infinite`], where
    /// `stop` at the deadline is the plan and the late move is the answer. If an earlier
    /// search was never answered, it first syncs with `isready` so a stale `bestmove` is
    /// not taken for this one.
    pub fn go(
        &mut self,
        position: &str,
        limits: &GoLimits,
        deadline: Duration,
    ) -> Result<SearchResult, UsiError> {
        self.start_go(position, limits)?;
        self.wait_go(deadline)
    }

    /// The first half of [`UsiEngine::go`]: sends `position` and `go` and returns at once.
    /// [`UsiEngine::poll_go`], [`UsiEngine::wait_go`] or [`UsiEngine::stop_go`] take the
    /// answer; [`UsiEngine::ponder_hit`] turns a `go ponder` into the real search.
    pub fn start_go(&mut self, position: &str, limits: &GoLimits) -> Result<(), UsiError> {
        if self.unanswered_go {
            self.is_ready()?;
        }
        self.drain_stale();
        check_line(position)?;
        self.write_line(position)?;
        self.write_line(&limits.command())?;
        self.unanswered_go = true;
        self.search = Some(Search {
            since: Instant::now(),
            info: None,
            infinite: limits.infinite,
            pondering: limits.ponder,
        });
        Ok(())
    }

    /// When the running search's time began: at `go`, or at `ponderhit` for a ponder search
    /// that was hit; `None` when no search is running.
    pub fn search_since(&self) -> Option<Instant> {
        self.search.as_ref().map(|s| s.since)
    }

    /// Waits until `until` for the answer to the running search: `None` if it has not come
    /// by then (the search goes on), the answer otherwise.
    pub fn poll_go(&mut self, until: Instant) -> Result<Option<SearchResult>, UsiError> {
        let mut search = self.search.take().ok_or(UsiError::NoSearch)?;
        let answer = self.wait_bestmove(until, search.since, &mut search.info);
        if let Ok(None) = answer {
            self.search = Some(search);
        }
        answer
    }

    /// Waits for the answer to the running search until `deadline` has passed since its
    /// time began ([`UsiEngine::search_since`]), then as [`UsiEngine::go`] does: `stop`, and
    /// the late move as the answer of an infinite or unhit ponder search, else
    /// [`UsiError::Timeout`].
    pub fn wait_go(&mut self, deadline: Duration) -> Result<SearchResult, UsiError> {
        let since = self.search_since().ok_or(UsiError::NoSearch)?;
        if let Some(result) = self.poll_go(since + deadline)? {
            return Ok(result);
        }
        let open_ended = self
            .search
            .as_ref()
            .is_some_and(|s| s.infinite || s.pondering);
        if !open_ended {
            self.note(format!("no bestmove within {deadline:?}: stop"));
        }
        let late = match self.stop_go() {
            Ok(result) if open_ended => return Ok(result),
            Ok(result) => Some(result.best),
            Err(UsiError::Timeout { .. }) => None,
            Err(UsiError::Exited { .. }) if !open_ended => None,
            Err(e) => return Err(e),
        };
        Err(UsiError::Timeout {
            limit: deadline,
            late,
        })
    }

    /// Sends `ponderhit`: the move pondered on was played, and the search goes on as a
    /// normal one, its time counted from now.
    pub fn ponder_hit(&mut self) -> Result<(), UsiError> {
        if self.search.is_none() {
            return Err(UsiError::NoSearch);
        }
        self.write_line("ponderhit")?;
        if let Some(search) = self.search.as_mut() {
            search.since = Instant::now();
            search.pondering = false;
        }
        Ok(())
    }

    /// Sends `stop` to the running search and waits the stop grace for its `bestmove`;
    /// [`UsiError::Timeout`] (the grace as its limit) if none comes.
    pub fn stop_go(&mut self) -> Result<SearchResult, UsiError> {
        let mut search = self.search.take().ok_or(UsiError::NoSearch)?;
        // A failed write means the engine is gone, which the wait below reports.
        let _ = self.write_line("stop");
        let grace = self.timeouts.stop_grace;
        match self.wait_bestmove(Instant::now() + grace, search.since, &mut search.info)? {
            Some(result) => Ok(result),
            None => {
                self.note("no bestmove after stop".to_string());
                Err(UsiError::Timeout {
                    limit: grace,
                    late: None,
                })
            }
        }
    }

    /// Sends `position` and `go mate <limit in ms>` (`go mate infinite` without a limit)
    /// and waits for the `checkmate` answer until `deadline` has passed since; then sends
    /// `stop` and takes an answer that comes within the stop grace (engines answer
    /// `checkmate timeout`), else returns [`UsiError::Timeout`]. Returns the answer and the
    /// time it took.
    pub fn go_mate(
        &mut self,
        position: &str,
        limit: Option<Duration>,
        deadline: Duration,
    ) -> Result<(MateAnswer, Duration), UsiError> {
        let sent = self.start_go_mate(position, limit)?;
        if let Some(answer) = self.poll_go_mate(sent + deadline)? {
            return Ok((answer, sent.elapsed()));
        }
        let answer = self.stop_go_mate(deadline)?;
        Ok((answer, sent.elapsed()))
    }

    /// The first part of [`UsiEngine::go_mate`]: sends `position` and `go mate` and returns
    /// at once, with when it sent them. [`UsiEngine::poll_go_mate`] waits for the answer,
    /// [`UsiEngine::stop_go_mate`] ends the search.
    pub fn start_go_mate(
        &mut self,
        position: &str,
        limit: Option<Duration>,
    ) -> Result<Instant, UsiError> {
        if self.unanswered_go {
            self.is_ready()?;
        }
        self.drain_stale();
        check_line(position)?;
        self.write_line(position)?;
        let go = match limit {
            Some(limit) => format!("go mate {}", limit.as_millis()),
            None => "go mate infinite".to_string(),
        };
        self.write_line(&go)?;
        self.unanswered_go = true;
        Ok(Instant::now())
    }

    /// Waits until `until` for the answer to the running mate search: `None` if it has not
    /// come by then (the search goes on).
    pub fn poll_go_mate(&mut self, until: Instant) -> Result<Option<MateAnswer>, UsiError> {
        self.wait_checkmate(until)
    }

    /// Sends `stop` to the running mate search and takes an answer that comes within the
    /// stop grace (engines answer `checkmate timeout`); else [`UsiError::Timeout`] with
    /// `limit`, the time the search was given.
    pub fn stop_go_mate(&mut self, limit: Duration) -> Result<MateAnswer, UsiError> {
        // A failed write means the engine is gone, which the wait below reports.
        let _ = self.write_line("stop");
        match self.wait_checkmate(Instant::now() + self.timeouts.stop_grace) {
            Ok(Some(answer)) => Ok(answer),
            Ok(None) | Err(UsiError::Exited { .. }) => Err(UsiError::Timeout { limit, late: None }),
            Err(e) => Err(e),
        }
    }

    /// Waits for `checkmate` until `until`.
    fn wait_checkmate(&mut self, until: Instant) -> Result<Option<MateAnswer>, UsiError> {
        loop {
            match self.next_line(until) {
                Wait::Line(line) => match parse_engine_line(&line) {
                    EngineMessage::Checkmate(rest) => {
                        self.record(LogKind::Received, line);
                        self.unanswered_go = false;
                        return Ok(Some(MateAnswer::from_text(&rest)));
                    }
                    EngineMessage::Info(_) => self.record(LogKind::Received, line),
                    _ => self.record(LogKind::Unexpected, line),
                },
                Wait::Closed => return Err(self.exited()),
                Wait::TimedOut => return Ok(None),
            }
        }
    }

    /// Waits for `bestmove` until `until`, keeping the last useful `info` in `info`.
    fn wait_bestmove(
        &mut self,
        until: Instant,
        sent: Instant,
        info: &mut Option<SearchInfo>,
    ) -> Result<Option<SearchResult>, UsiError> {
        loop {
            match self.next_line(until) {
                Wait::Line(line) => match parse_engine_line(&line) {
                    EngineMessage::Info(i) => {
                        if i.has_search_data() && i.multipv.unwrap_or(1) <= 1 {
                            *info = Some(i);
                        }
                        self.record(LogKind::Received, line);
                    }
                    EngineMessage::BestMove { best, ponder } => {
                        let elapsed = sent.elapsed();
                        self.record(LogKind::Received, line);
                        self.unanswered_go = false;
                        return Ok(Some(SearchResult {
                            best,
                            ponder,
                            info: info.take(),
                            elapsed,
                        }));
                    }
                    EngineMessage::MalformedBestMove => {
                        self.record(LogKind::Unexpected, line.clone());
                        self.unanswered_go = false;
                        return Err(UsiError::MalformedBestMove(line));
                    }
                    _ => self.record(LogKind::Unexpected, line),
                },
                Wait::Closed => return Err(self.exited()),
                Wait::TimedOut => return Ok(None),
            }
        }
    }

    /// Sends `gameover win|lose|draw` (the result from the engine's point of view).
    pub fn game_over(&mut self, result: GameOver) -> Result<(), UsiError> {
        self.write_line(&format!("gameover {}", result.as_str()))
    }

    /// Sends a line as it is, for commands this client does not model.
    pub fn send(&mut self, line: &str) -> Result<(), UsiError> {
        self.write_line(line)
    }

    /// Sends `quit`, closes the engine's input and waits up to the quit timeout for the
    /// process to end, then kills it. Later requests fail with [`UsiError::Exited`].
    pub fn quit(&mut self) -> QuitOutcome {
        if let Some(status) = self.status {
            return QuitOutcome::Exited(status);
        }
        let _ = self.write_line("quit");
        self.commands = None;
        let until = Instant::now() + self.timeouts.quit;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.status = Some(status);
                    self.note(format!("exited: {status}"));
                    return QuitOutcome::Exited(status);
                }
                Ok(None) if Instant::now() < until => thread::sleep(POLL),
                _ => break,
            }
        }
        let _ = self.child.kill();
        self.status = self.child.wait().ok();
        self.note(format!("killed after {:?}", self.timeouts.quit));
        QuitOutcome::Killed
    }

    /// True once the process has ended (checked without waiting).
    pub fn has_exited(&mut self) -> bool {
        if self.status.is_none() {
            self.status = self.child.try_wait().ok().flatten();
        }
        self.status.is_some()
    }

    /// The process's exit status, once it is known.
    pub fn exit_status(&self) -> Option<ExitStatus> {
        self.status
    }

    /// The operating system's process id of the engine.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The last lines of the conversation, oldest first (see [`UsiEngine::set_log_capacity`]).
    pub fn log(&self) -> impl ExactSizeIterator<Item = &LogEntry> {
        self.log.iter()
    }

    /// The logged lines from the engine that were ignored as not understood or unexpected.
    pub fn unexpected_lines(&self) -> impl Iterator<Item = &str> {
        self.log
            .iter()
            .filter(|e| e.kind == LogKind::Unexpected)
            .map(|e| e.line.as_str())
    }

    /// Keeps at most `lines` lines of log (default 4096; 0 keeps none).
    pub fn set_log_capacity(&mut self, lines: usize) {
        self.log_capacity = lines;
        while self.log.len() > lines {
            self.log.pop_front();
        }
    }

    /// Calls `observer` with every line of the conversation from now on (`None` stops).
    pub fn set_observer(&mut self, observer: Option<LogObserver>) {
        self.observer = observer;
    }

    fn record(&mut self, kind: LogKind, line: String) {
        let entry = LogEntry {
            at: self.started.elapsed(),
            kind,
            line,
        };
        if let Some(observer) = self.observer.as_mut() {
            observer(&entry);
        }
        if self.log_capacity > 0 {
            if self.log.len() >= self.log_capacity {
                self.log.pop_front();
            }
            self.log.push_back(entry);
        }
    }

    fn note(&mut self, text: String) {
        self.record(LogKind::Note, text);
    }

    fn write_line(&mut self, line: &str) -> Result<(), UsiError> {
        check_line(line)?;
        if self.stdout_closed || self.status.is_some() {
            return Err(self.exited());
        }
        let sent = self
            .commands
            .as_ref()
            .is_some_and(|c| c.send(line.to_string()).is_ok());
        self.record(LogKind::Sent, line.to_string());
        if sent { Ok(()) } else { Err(self.exited()) }
    }

    /// Takes what arrived outside any request (logged as unexpected).
    fn drain_stale(&mut self) {
        loop {
            match self.events.try_recv() {
                Ok(Event::Stdout(line)) => self.record(LogKind::Unexpected, line),
                Ok(event) => self.side_event(event),
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    self.stdout_closed = true;
                    return;
                }
            }
        }
    }

    fn side_event(&mut self, event: Event) {
        match event {
            Event::Stdout(line) => self.record(LogKind::Unexpected, line),
            Event::Stderr(line) => self.record(LogKind::Stderr, line),
            Event::StderrClosed => self.stderr_closed = true,
            Event::WriteFailed(e) => self.note(format!("write failed: {e}")),
            Event::StdoutClosed => {
                if !self.stdout_closed {
                    self.stdout_closed = true;
                    self.note("engine output closed".to_string());
                }
            }
        }
    }

    /// The next line from the engine's standard output, logging the rest on the way.
    fn next_line(&mut self, until: Instant) -> Wait {
        loop {
            if self.stdout_closed {
                return Wait::Closed;
            }
            let left = until.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(Event::Stdout(line)) => return Wait::Line(line),
                Ok(event) => {
                    self.side_event(event);
                    if Instant::now() >= until && !self.stdout_closed {
                        return Wait::TimedOut;
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Wait::TimedOut,
                Err(RecvTimeoutError::Disconnected) => self.stdout_closed = true,
            }
        }
    }

    /// The error for an engine that is gone, with its exit status and its last words on
    /// standard error if they come soon.
    fn exited(&mut self) -> UsiError {
        let until = Instant::now() + EXIT_STATUS_WAIT;
        while !self.stderr_closed {
            let left = until.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left) {
                Ok(event) => self.side_event(event),
                Err(_) => break,
            }
        }
        while self.status.is_none() {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.status = Some(status);
                    self.note(format!("exited: {status}"));
                }
                Ok(None) if Instant::now() < until => thread::sleep(POLL),
                _ => break,
            }
        }
        UsiError::Exited {
            status: self.status,
        }
    }
}

impl Drop for UsiEngine {
    fn drop(&mut self) {
        if self.status.is_none() {
            if let Ok(None) = self.child.try_wait() {
                let _ = self.child.kill();
            }
            let _ = self.child.wait();
        }
    }
}

/// Refuses text that would be read as more than one command.
fn check_line(line: &str) -> Result<(), UsiError> {
    if line.contains(['\n', '\r']) {
        Err(UsiError::LineBreak(line.to_string()))
    } else {
        Ok(())
    }
}
