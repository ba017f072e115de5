//! `koma.usi.Engine`: a USI engine process, driven by koma-game's client
//! ([`koma_game::usi_client::UsiEngine`]).
//!
//! Every wait releases the GIL and has a timeout. A search waits in slices of
//! [`SLICE`], between which it sees a `stop()` from another thread (or from an `on_info`
//! callback), a failed callback and Ctrl-C.

use super::errors::DriverError;
use super::types::{Info, MateResult, SearchResult, UsiOption};
use crate::board::Board;
use crate::errors::KomaError;
use koma_game::matches::EngineSpec;
use koma_game::usi_client::{
    self as client, EngineInfo, EngineMessage, GameOver, GoLimits, LogEntry, LogKind, QuitOutcome,
    UsiEngine, UsiError, UsiTimeouts, parse_engine_line,
};
use koma_notation::sfen;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyMapping};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::{Duration, Instant};

/// How long a search waits between looks at `stop()`, callbacks and signals.
const SLICE: Duration = Duration::from_millis(20);
/// What a timed search may take beyond its time before it counts as hung.
const TIMED_MARGIN: Duration = Duration::from_secs(5);
/// The wait for a search without a time limit (`nodes`, `depth`, or none).
const UNTIMED_WAIT: Duration = Duration::from_secs(600);
/// The wait for `go mate infinite`.
const MATE_WAIT: Duration = Duration::from_secs(60);

/// A duration of `s` seconds, refusing negative or absurd values.
pub(super) fn seconds(name: &str, s: f64) -> PyResult<Duration> {
    if (0.0..1e9).contains(&s) {
        Ok(Duration::from_secs_f64(s))
    } else {
        Err(KomaError::new_err(format!(
            "{name} must be a number of seconds, not {s}"
        )))
    }
}

/// Locks `mutex`, taking over a poisoned one (a panic elsewhere leaves the engine usable).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The `info` lines of the search being awaited, and the callback that sees them.
#[derive(Default)]
struct Collector {
    /// Whether a search is awaited (lines outside one are not kept).
    listening: bool,
    /// Its `info` lines so far.
    infos: Vec<Info>,
    /// The last of them with search results for the best line.
    best: Option<Info>,
    /// Called with each line.
    on_info: Option<Arc<Py<PyAny>>>,
    /// What the callback raised first; the search is then stopped.
    error: Option<PyErr>,
}

/// The process and what is waited for.
struct Inner {
    /// `None` once quit.
    usi: Option<UsiEngine>,
    /// A `go ponder` awaiting `ponderhit` or `stop`: the deadline its search will have
    /// after `ponderhit`.
    ponder: Option<Option<Duration>>,
}

/// A USI engine running as a child process: the `usi` handshake is done when it is made.
/// A `with` block quits it at the end; otherwise `quit()` does, or the process is killed
/// when the object goes.
#[pyclass(module = "koma.usi", name = "Engine", frozen)]
pub struct Engine {
    inner: Mutex<Inner>,
    /// A stop asked for while a search waits in another call.
    stop: AtomicBool,
    collector: Arc<Mutex<Collector>>,
    /// What the engine said in the handshake.
    info: EngineInfo,
    /// The program and its arguments.
    command: Vec<String>,
    /// The default wait for `readyok`.
    ready_timeout: Duration,
}

/// Sees the conversation: keeps and reports the `info` lines of an awaited search.
fn observer(collector: Arc<Mutex<Collector>>) -> client::LogObserver {
    Box::new(move |entry: &LogEntry| {
        if entry.kind != LogKind::Received {
            return;
        }
        let EngineMessage::Info(parsed) = parse_engine_line(&entry.line) else {
            return;
        };
        let info = Info::new(entry.line.clone(), &parsed);
        let callback = {
            let mut c = lock(&collector);
            if !c.listening {
                return;
            }
            if parsed.has_search_data() && parsed.multipv.unwrap_or(1) <= 1 {
                c.best = Some(info.clone());
            }
            c.infos.push(info.clone());
            if c.error.is_some() {
                return;
            }
            c.on_info.clone()
        };
        if let Some(callback) = callback {
            let called = Python::attach(|py| {
                let object = Py::new(py, info)?;
                callback.call1(py, (object,)).map(drop)
            });
            if let Err(e) = called {
                lock(&collector).error.get_or_insert(e);
            }
        }
    })
}

/// The USI `position` command for `position`: a `koma.Board` (its start and moves) or a
/// string: a whole `position` command, one without the word `position`
/// (`startpos moves 7g7f`, `sfen ... moves ...`), or a bare SFEN.
fn position_line(position: &Bound<'_, PyAny>) -> PyResult<String> {
    if position.cast::<Board>().is_ok() {
        let start: String = position.getattr("start_sfen")?.extract()?;
        let moves: Vec<String> = position.getattr("move_stack")?.extract()?;
        let variant: String = position.getattr("variant")?.extract()?;
        let kind = crate::variant::parse(&variant)?;
        let mut line = if start == sfen::write_any(&kind.startpos()) {
            "position startpos".to_string()
        } else {
            format!("position sfen {start}")
        };
        if !moves.is_empty() {
            line.push_str(" moves ");
            line.push_str(&moves.join(" "));
        }
        return Ok(line);
    }
    let Ok(text) = position.extract::<String>() else {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "position must be a koma.Board or a USI position string",
        ));
    };
    let text = text.trim();
    Ok(match text.split_whitespace().next() {
        Some("position") => text.to_string(),
        Some("startpos" | "sfen") => format!("position {text}"),
        Some(_) => format!("position sfen {text}"),
        None => return Err(KomaError::new_err("the position string is empty")),
    })
}

/// The default deadline of a search with `limits`: none for `infinite` (it ends by
/// `stop()`), the longest time it could be given plus a margin for a timed one, else
/// [`UNTIMED_WAIT`].
fn default_deadline(limits: &GoLimits) -> Option<Duration> {
    if limits.infinite {
        return None;
    }
    let fields = [limits.btime, limits.wtime, limits.byoyomi, limits.movetime];
    let increments = [limits.binc, limits.winc];
    if fields.iter().chain(&increments).all(Option::is_none) {
        return Some(UNTIMED_WAIT);
    }
    let main = limits.btime.max(limits.wtime).unwrap_or(0);
    let per_move = limits.byoyomi.unwrap_or(0) + limits.binc.max(limits.winc).unwrap_or(0);
    let ms = main + per_move + limits.movetime.unwrap_or(0);
    Some(Duration::from_millis(ms) + TIMED_MARGIN)
}

/// How a wait in slices ended without an error.
enum Waited<T> {
    /// The engine answered.
    Answer(T),
    /// `stop()` was called.
    Stopped,
    /// The end passed without an answer.
    PastDeadline,
}

/// Milliseconds from Python, refusing negative values by the type.
type Ms = Option<u64>;

impl Engine {
    /// Waits for the running search's answer (see the module docs); `deadline` counts from
    /// its start ([`UsiEngine::search_since`]).
    fn wait(
        &self,
        usi: &mut UsiEngine,
        deadline: Option<Duration>,
    ) -> PyResult<client::SearchResult> {
        let waited = self.in_slices(
            usi,
            |usi| {
                let since = usi.search_since().ok_or(UsiError::NoSearch)?;
                Ok(deadline.map(|d| since + d))
            },
            UsiEngine::poll_go,
            |usi| {
                let _ = usi.stop_go();
            },
        )?;
        let answer = match (waited, deadline) {
            (Waited::Answer(result), _) => Ok(result),
            (Waited::PastDeadline, Some(d)) => usi.wait_go(d),
            (Waited::Stopped | Waited::PastDeadline, _) => usi.stop_go(),
        };
        Ok(answer.map_err(DriverError::from)?)
    }

    /// Waits for the answer to the running mate search until `end` (the search was given
    /// `limit`), in slices: `stop()` from another thread, a failing `on_info` or Ctrl-C
    /// end it sooner, as they end a `go`.
    fn wait_mate(
        &self,
        usi: &mut UsiEngine,
        end: Instant,
        limit: Duration,
    ) -> PyResult<client::MateAnswer> {
        let waited = self.in_slices(
            usi,
            |_| Ok(Some(end)),
            UsiEngine::poll_go_mate,
            |usi| {
                let _ = usi.stop_go_mate(limit);
            },
        )?;
        match waited {
            Waited::Answer(answer) => Ok(answer),
            Waited::Stopped | Waited::PastDeadline => {
                Ok(usi.stop_go_mate(limit).map_err(DriverError::from)?)
            }
        }
    }

    /// The wait both searches share: asks `poll` for the answer a slice at a time until
    /// the end `end` names (worked out again each slice: a ponderhit moves it), and looks
    /// between slices at `stop()`, a failed `on_info` and Ctrl-C; on the last two it
    /// `abort`s the search and raises.
    fn in_slices<T>(
        &self,
        usi: &mut UsiEngine,
        end: impl Fn(&UsiEngine) -> Result<Option<Instant>, UsiError>,
        poll: impl Fn(&mut UsiEngine, Instant) -> Result<Option<T>, UsiError>,
        abort: impl Fn(&mut UsiEngine),
    ) -> PyResult<Waited<T>> {
        loop {
            let end = end(usi).map_err(DriverError::from)?;
            let slice = Instant::now() + SLICE;
            let until = end.map_or(slice, |end| end.min(slice));
            if let Some(answer) = poll(usi, until).map_err(DriverError::from)? {
                return Ok(Waited::Answer(answer));
            }
            if self.stop.swap(false, Ordering::SeqCst) {
                return Ok(Waited::Stopped);
            }
            if end.is_some_and(|e| Instant::now() >= e) {
                return Ok(Waited::PastDeadline);
            }
            let failed = lock(&self.collector).error.take();
            let failed = failed.map_or_else(|| Python::attach(|py| py.check_signals()), Err);
            if let Err(e) = failed {
                abort(usi);
                return Err(e);
            }
        }
    }

    /// Starts keeping `info` lines for a new search, `on_info` seeing each.
    fn listen(&self, on_info: Option<Py<PyAny>>) {
        let mut c = lock(&self.collector);
        *c = Collector {
            listening: true,
            on_info: on_info.map(Arc::new),
            ..Collector::default()
        };
    }

    /// Ends the awaited search: its answer with the lines kept, or the first error (the
    /// callback's before the search's).
    fn finish(&self, answer: PyResult<client::SearchResult>) -> PyResult<SearchResult> {
        let c = std::mem::take(&mut *lock(&self.collector));
        if let Some(e) = c.error {
            return Err(e);
        }
        Ok(SearchResult::new(answer?, c.infos, c.best))
    }

    /// Runs `f` on the running engine with the GIL released.
    fn with_engine<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut UsiEngine) -> Result<T, UsiError> + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            let mut inner = lock(&self.inner);
            let usi = inner.usi.as_mut().ok_or(DriverError::Quit)?;
            Ok(f(usi).map_err(DriverError::from)?)
        })
    }
}

#[pymethods]
impl Engine {
    /// Starts `command` (a program, or a list of the program and its arguments; `args` adds
    /// more) and does the `usi` handshake within `timeout` seconds. A program given as a
    /// path runs in its own directory unless `cwd` says otherwise. `options` are set
    /// right after (`setoption`); `ready_timeout` is `isready`'s default wait.
    #[new]
    #[pyo3(signature = (command, args=None, cwd=None, *, options=None, timeout=10.0, ready_timeout=60.0))]
    fn new(
        py: Python<'_>,
        command: &Bound<'_, PyAny>,
        args: Option<Vec<String>>,
        cwd: Option<PathBuf>,
        options: Option<&Bound<'_, PyMapping>>,
        timeout: f64,
        ready_timeout: f64,
    ) -> PyResult<Engine> {
        let mut words: Vec<String> = match command.extract::<String>() {
            Ok(program) => vec![program],
            Err(_) => command.extract()?,
        };
        words.extend(args.unwrap_or_default());
        let Some(program) = words.first().cloned() else {
            return Err(KomaError::new_err("the engine command is empty"));
        };
        let mut spec = EngineSpec::from_program(&program, words[1..].to_vec());
        if cwd.is_some() {
            spec.working_dir = cwd;
        }
        let timeouts = UsiTimeouts {
            usiok: seconds("timeout", timeout)?,
            readyok: seconds("ready_timeout", ready_timeout)?,
            ..UsiTimeouts::default()
        };
        let collector = Arc::new(Mutex::new(Collector::default()));
        let watcher = observer(Arc::clone(&collector));
        let usi = py.detach(|| {
            let dir = spec.working_dir.as_deref();
            let mut usi = UsiEngine::start(&spec.command, &spec.args, dir, timeouts)?;
            usi.set_observer(Some(watcher));
            usi.usi()?;
            Ok::<_, UsiError>(usi)
        });
        let usi = usi.map_err(DriverError::from)?;
        let engine = Engine {
            info: usi.info().clone(),
            inner: Mutex::new(Inner {
                usi: Some(usi),
                ponder: None,
            }),
            stop: AtomicBool::new(false),
            collector,
            command: std::iter::once(spec.command).chain(spec.args).collect(),
            ready_timeout: timeouts.readyok,
        };
        for (name, value) in super::option_items(options)? {
            engine.setoption(py, &name.str()?.to_string(), Some(&value))?;
        }
        Ok(engine)
    }

    /// The engine's `id name`.
    #[getter]
    fn name(&self) -> Option<&str> {
        self.info.name.as_deref()
    }

    /// The engine's `id author`.
    #[getter]
    fn author(&self) -> Option<&str> {
        self.info.author.as_deref()
    }

    /// The options the engine declared, by name, in its order.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for option in &self.info.options {
            dict.set_item(&option.name, UsiOption::from(option))?;
        }
        Ok(dict)
    }

    /// The program (as started: a path made absolute) and its arguments.
    #[getter]
    fn command(&self) -> Vec<String> {
        self.command.clone()
    }

    /// The process id.
    #[getter]
    fn pid(&self, py: Python<'_>) -> PyResult<u32> {
        self.with_engine(py, |usi| Ok(usi.pid()))
    }

    /// Whether the process is still running.
    fn is_alive(&self, py: Python<'_>) -> bool {
        self.with_engine(py, |usi| Ok(!usi.has_exited()))
            .unwrap_or(false)
    }

    /// The last lines of the conversation (up to 4096), oldest first, each as
    /// `seconds mark text` with `>` sent, `<` received, `?` ignored, `!` standard error,
    /// `#` the client's remark.
    #[getter]
    fn log(&self, py: Python<'_>) -> Vec<String> {
        self.with_engine(py, |usi| Ok(usi.log().map(|e| e.to_string()).collect()))
            .unwrap_or_default()
    }

    /// `setoption name NAME value VALUE` (`True`/`False` are sent as `true`/`false`);
    /// without a value, presses a `button` option.
    #[pyo3(signature = (name, value=None))]
    fn setoption(
        &self,
        py: Python<'_>,
        name: &str,
        value: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let name = name.to_string();
        match value.map(super::option_text).transpose()? {
            Some(text) => self.with_engine(py, move |usi| usi.set_option(&name, &text)),
            None => self.with_engine(py, move |usi| usi.press_button(&name)),
        }
    }

    /// `isready`, waiting for `readyok` up to `timeout` seconds (default: the engine's
    /// `ready_timeout`).
    #[pyo3(signature = (timeout=None))]
    fn isready(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<()> {
        let wait = timeout.map(|s| seconds("timeout", s)).transpose()?;
        let wait = wait.unwrap_or(self.ready_timeout);
        self.with_engine(py, move |usi| {
            let old = usi.timeouts();
            usi.set_timeouts(UsiTimeouts {
                readyok: wait,
                ..old
            });
            let ready = usi.is_ready();
            usi.set_timeouts(old);
            ready
        })
    }

    /// `usinewgame`: a new game begins.
    fn usinewgame(&self, py: Python<'_>) -> PyResult<()> {
        self.with_engine(py, UsiEngine::new_game)
    }

    /// Searches `position` (a `koma.Board`, or a USI position string) and returns the
    /// answer. Times are in milliseconds (`b` is sente). `timeout` (seconds) bounds the
    /// wait: by default the longest time the limits allow plus 5 s, 600 s without a time
    /// limit, none with `infinite` (it ends by `stop()`). A missed deadline stops the
    /// search and raises `EngineTimeoutError`, except with `infinite`, where the move
    /// after `stop` is the answer. With `ponder`, sends `go ponder ...` and returns `None`
    /// at once: `ponderhit()` or `stop()` gives the answer. `on_info` is called with each
    /// `koma.usi.Info` as it comes. The GIL is released while the engine thinks.
    #[pyo3(signature = (
        position, *, btime=None, wtime=None, byoyomi=None, binc=None, winc=None,
        movetime=None, nodes=None, depth=None, infinite=false, ponder=false, timeout=None,
        on_info=None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn go(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        btime: Ms,
        wtime: Ms,
        byoyomi: Ms,
        binc: Ms,
        winc: Ms,
        movetime: Ms,
        nodes: Ms,
        depth: Option<u32>,
        infinite: bool,
        ponder: bool,
        timeout: Option<f64>,
        on_info: Option<Py<PyAny>>,
    ) -> PyResult<Option<SearchResult>> {
        let line = position_line(position)?;
        let limits = GoLimits {
            btime,
            wtime,
            byoyomi,
            binc,
            winc,
            movetime,
            depth,
            nodes,
            infinite,
            ponder,
        };
        let deadline = match timeout {
            Some(s) => Some(seconds("timeout", s)?),
            None => default_deadline(&limits),
        };
        self.stop.store(false, Ordering::SeqCst);
        // Refusals come back as errors, before the `info` lines of a ponder search are
        // dropped; what happens to the search comes back as its answer.
        let started = py.detach(|| {
            let mut inner = lock(&self.inner);
            let inner = &mut *inner;
            if inner.ponder.is_some() {
                return Err(DriverError::Pondering);
            }
            let usi = inner.usi.as_mut().ok_or(DriverError::Quit)?;
            self.listen(on_info);
            if let Err(e) = usi.start_go(&line, &limits) {
                return Ok(Some(Err(DriverError::from(e).into())));
            }
            if ponder {
                inner.ponder = Some(deadline);
                return Ok(None);
            }
            Ok(Some(self.wait(usi, deadline)))
        });
        match started? {
            None => Ok(None),
            Some(answer) => self.finish(answer).map(Some),
        }
    }

    /// `go mate`: a mate search of `position` for `movetime` milliseconds (default:
    /// `go mate infinite`), waiting at most `timeout` seconds (default: `movetime` plus
    /// 5 s, or 60 s), after which it sends `stop`. Returns a `koma.usi.MateResult`.
    /// Like `go`, `stop()` from another thread or an `on_info` callback, a callback that
    /// raises, or Ctrl-C ends it sooner.
    #[pyo3(signature = (position, *, movetime=None, timeout=None, on_info=None))]
    fn go_mate(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        movetime: Ms,
        timeout: Option<f64>,
        on_info: Option<Py<PyAny>>,
    ) -> PyResult<MateResult> {
        let line = position_line(position)?;
        let limit = movetime.map(Duration::from_millis);
        let deadline = match (timeout, limit) {
            (Some(s), _) => seconds("timeout", s)?,
            (None, Some(limit)) => limit + TIMED_MARGIN,
            (None, None) => MATE_WAIT,
        };
        let answer = py.detach(|| -> PyResult<_> {
            let mut inner = lock(&self.inner);
            let inner = &mut *inner;
            if inner.ponder.is_some() {
                return Err(DriverError::Pondering.into());
            }
            let usi = inner.usi.as_mut().ok_or(DriverError::Quit)?;
            self.listen(on_info);
            let sent = usi.start_go_mate(&line, limit).map_err(DriverError::from)?;
            let answer = self.wait_mate(usi, sent + deadline, deadline)?;
            Ok((answer, sent.elapsed()))
        });
        let c = std::mem::take(&mut *lock(&self.collector));
        if let Some(e) = c.error {
            return Err(e);
        }
        let (answer, elapsed) = answer?;
        Ok(MateResult::new(answer, elapsed, c.infos))
    }

    /// `ponderhit`: the move pondered on was played. Waits for the answer up to `timeout`
    /// seconds from now (default: as `go` computed it from the ponder's limits).
    #[pyo3(signature = (timeout=None))]
    fn ponderhit(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<SearchResult> {
        let timeout = timeout.map(|s| seconds("timeout", s)).transpose()?;
        let answer = py.detach(|| {
            let mut inner = lock(&self.inner);
            let inner = &mut *inner;
            let deadline = inner
                .ponder
                .take()
                .ok_or(DriverError::Usi(UsiError::NoSearch))?;
            let usi = inner.usi.as_mut().ok_or(DriverError::Quit)?;
            usi.ponder_hit().map_err(DriverError::from)?;
            self.wait(usi, timeout.or(deadline))
        });
        self.finish(answer)
    }

    /// `stop`. While `go` waits in another thread (or calls `on_info`), that search is
    /// stopped and its `go` returns the answer; this returns `None`. After `go(ponder=True)`
    /// it returns the answer of the ponder search (to be thrown away). With no search
    /// running it does nothing and returns `None`.
    fn stop(&self, py: Python<'_>) -> PyResult<Option<SearchResult>> {
        let mut inner = match self.inner.try_lock() {
            Ok(inner) => inner,
            Err(TryLockError::Poisoned(p)) => p.into_inner(),
            Err(TryLockError::WouldBlock) => {
                self.stop.store(true, Ordering::SeqCst);
                return Ok(None);
            }
        };
        let inner = &mut *inner;
        inner.ponder = None;
        let Some(usi) = inner.usi.as_mut().filter(|u| u.search_since().is_some()) else {
            return Ok(None);
        };
        let answer = py.detach(|| usi.stop_go().map_err(|e| DriverError::from(e).into()));
        self.finish(answer).map(Some)
    }

    /// `gameover win`, `gameover lose` or `gameover draw` (the engine's result).
    fn gameover(&self, py: Python<'_>, result: &str) -> PyResult<()> {
        let result = match result {
            "win" => GameOver::Win,
            "lose" => GameOver::Lose,
            "draw" => GameOver::Draw,
            other => {
                return Err(KomaError::new_err(format!(
                    "gameover takes win, lose or draw, not {other:?}"
                )));
            }
        };
        self.with_engine(py, move |usi| usi.game_over(result))
    }

    /// Sends a line as it is, for commands this class does not model.
    fn send(&self, py: Python<'_>, line: &str) -> PyResult<()> {
        let line = line.to_string();
        self.with_engine(py, move |usi| usi.send(&line))
    }

    /// `quit`: waits up to 2 s for the process to end, then kills it. Returns its exit
    /// code (`None` if it was killed or died by a signal). Later calls do nothing.
    fn quit(&self, py: Python<'_>) -> Option<i32> {
        py.detach(|| {
            let mut inner = lock(&self.inner);
            inner.ponder = None;
            let mut usi = inner.usi.take()?;
            match usi.quit() {
                QuitOutcome::Exited(status) => status.code(),
                QuitOutcome::Killed => None,
            }
        })
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &self,
        py: Python<'_>,
        _kind: Option<&Bound<'_, PyAny>>,
        _value: Option<&Bound<'_, PyAny>>,
        _traceback: Option<&Bound<'_, PyAny>>,
    ) -> bool {
        self.quit(py);
        false
    }

    fn __repr__(&self) -> String {
        format!(
            "<koma.usi.Engine {}>",
            self.info.name.as_deref().unwrap_or(&self.command[0])
        )
    }
}
