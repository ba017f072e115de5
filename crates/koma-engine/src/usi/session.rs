//! The USI session: the state between commands and what each command does.
//!
//! The reader calls [`Session::handle_line`] for every line. Searches run on their own
//! thread ([`worker`]), so the reader keeps answering while one runs:
//!
//! Every accepted `go` gets exactly one answer (`bestmove`, or `checkmate` for `go mate`),
//! and nothing else prints one:
//!
//! - a `go` that cannot be read (`go sideways`, `go btime x`, `go depth -3`, `go movetime`
//!   with no value) is refused with an `info string` naming the problem: no search starts,
//!   no `bestmove` follows, and a search already running goes on undisturbed;
//! - `stop` and `ponderhit` with no search running (or after its answer) print nothing but,
//!   for `ponderhit`, an `info string`;
//! - `isready` during a search is answered at once (the table is not touched then);
//! - `position` during a search only replaces the position for the next `go` (the search
//!   has its own copy);
//! - `go` during a search stops that search first, which then prints its own `bestmove`:
//!   every `go` gets exactly one answer, in order, which is what a GUI counting answers
//!   expects (refusing the second `go` would leave the GUI waiting for an answer forever);
//! - `setoption` during a search takes effect at the next `go` (a new table size at the
//!   next `isready` or `go`);
//! - `stop`, `gameover`, `usinewgame`, `bench` and `quit` stop the search and wait for its
//!   `bestmove`, so nothing of that search is printed after them;
//! - `ponderhit` lets a pondering search go on as a normal one;
//! - `gameover` clears the tables for the next game, so that `usinewgame` (after which a
//!   GUI sends `go` at once, its clock running) finds nothing left to clear.

use super::answer::Answer;
use super::chu::{self as chu_usi, ChuGame};
use super::command::echo;
use super::command::{self, Command, CommandError, GoCommand, PositionCommand};
use super::io::Output;
use super::mate::MateLimit;
use super::options::{EMBEDDED_NET, Effect, EnteringKingRule, Options, declaration_lines};
use super::position::{self, GamePosition};
use super::worker::{self, Control, Mode, Running, Task};
use crate::search::Searcher;
use crate::time;
use koma_game::points::{declaration_count, judge_declaration};
use koma_nnue::network::{EMBEDDED, Network};
use koma_rules::AnyPosition;
use koma_rules::{GameKind, VariantKind};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("koma ", env!("CARGO_PKG_VERSION"));
/// The engine's author in `id author`.
pub const ENGINE_AUTHOR: &str = "the koma authors";

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit`.
    Quit,
}

/// The state of one USI conversation.
pub struct Session {
    out: Output,
    options: Options,
    position: GamePosition,
    /// The Chu position, while `USI_Variant` is `chushogi` (then `position` is unused).
    chu: Option<ChuGame>,
    /// `None` until the first `isready`/`go` (so `usi` answers at once), and while a
    /// search thread holds it.
    searcher: Option<Searcher>,
    resize_pending: bool,
    clear_pending: bool,
    running: Option<Running>,
    /// The net `EvalFile` loaded; `None`: the embedded one, read only once `UseNNUE`
    /// asks for it. Shogi is evaluated by it while `UseNNUE` is on.
    net: Option<Arc<Network>>,
}

impl Session {
    /// A session writing to `out`.
    pub fn new(out: Output) -> Session {
        let options = Options::default();
        Session {
            out,
            position: GamePosition::startpos(VariantKind::Shogi),
            chu: None,
            options,
            searcher: None,
            resize_pending: false,
            clear_pending: false,
            running: None,
            net: None,
        }
    }

    /// The current option values.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The position the next `go` searches.
    pub fn position(&self) -> &GamePosition {
        &self.position
    }

    /// Handles one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        match command::parse(line) {
            Ok(Some(command)) => self.handle(command),
            Ok(None) => Flow::Continue,
            Err(e) => {
                self.report_error(&e);
                Flow::Continue
            }
        }
    }

    fn report_error(&self, e: &CommandError) {
        self.out.info_string(&format!("{e}; ignored"));
    }

    /// Handles one command.
    pub fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Usi => self.usi(),
            Command::IsReady => {
                if self.running.is_none() {
                    self.prepare_searcher();
                }
                self.out.line("readyok");
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UsiNewGame => {
                self.stop_search();
                self.clear_pending = true;
                self.prepare_searcher();
            }
            Command::Position(p) => self.set_position(&p),
            Command::Go(go) => self.go(go),
            Command::Stop => self.stop_search(),
            Command::PonderHit { clock, unread } => {
                if let Some(e) = unread {
                    self.out.info_string(&format!(
                        "ponderhit: {e}; the clock given with it is ignored"
                    ));
                }
                self.ponderhit(clock);
            }
            Command::GameOver(_) => {
                // Clear the tables now, while no clock runs: done at the next `usinewgame`,
                // it delayed the first `go` of a game (64 MB took 15-150 ms here, and the
                // GUI sends `position` and `go` right after `usinewgame`).
                self.stop_search();
                self.clear_pending = true;
                self.prepare_searcher();
            }
            Command::Quit => {
                self.stop_search();
                return Flow::Quit;
            }
            Command::Bench(depth) => {
                self.stop_search();
                let out = self.out.clone();
                let depth = depth.unwrap_or(crate::bench::DEFAULT_DEPTH);
                if let Err(e) = crate::bench::run(depth, &mut |l: &str| out.info_string(l)) {
                    self.out.info_string(&e.to_string());
                }
            }
        }
        Flow::Continue
    }

    /// The end of the input: a search that only `stop` would end (infinite, pondering, `go
    /// mate infinite`, no limit at all) is stopped, any other is let finish so its
    /// `bestmove` is printed.
    pub fn finish(&mut self) {
        if let Some(running) = &self.running
            && running.control.open_ended()
        {
            running.control.stop();
        }
        self.join_search();
    }

    fn usi(&self) {
        self.out.line(&format!("id name {ENGINE_NAME}"));
        self.out.line(&format!("id author {ENGINE_AUTHOR}"));
        for line in declaration_lines() {
            self.out.line(&line);
        }
        self.out.line("usiok");
    }

    /// Creates the searcher or applies a pending resize or clear (only while no search runs).
    fn prepare_searcher(&mut self) {
        if self.searcher.is_none() || self.resize_pending {
            let mb = affordable_hash_mb(self.options.hash_mb);
            if mb != self.options.hash_mb {
                self.out.info_string(&format!(
                    "USI_Hash: {} MB cannot be allocated; using {mb} MB",
                    self.options.hash_mb
                ));
                self.options.hash_mb = mb;
            }
        }
        match &mut self.searcher {
            None => self.searcher = Some(Searcher::new(self.options.hash_mb)),
            Some(s) if self.resize_pending => s.set_hash(self.options.hash_mb),
            Some(s) if self.clear_pending => s.clear(),
            Some(_) => {}
        }
        if let Some(s) = &mut self.searcher {
            s.set_threads(self.options.threads);
            s.set_multipv(self.options.multipv);
            s.set_repetition(self.options.repetition);
            s.set_net(
                self.options
                    .use_nnue
                    .then(|| self.net.clone().unwrap_or_else(|| Arc::clone(&EMBEDDED))),
            );
        }
        self.resize_pending = false;
        self.clear_pending = false;
    }

    fn stop_search(&mut self) {
        if let Some(running) = &self.running {
            running.control.stop();
        }
        self.join_search();
    }

    fn join_search(&mut self) {
        if let Some(running) = self.running.take()
            && let Some(searcher) = running.join(&self.out)
        {
            self.searcher = Some(searcher);
        }
    }

    /// Loads the net of `EvalFile` ([`EMBEDDED_NET`] for the built-in one); on an error
    /// the net in use stays, and the error is told.
    fn load_net(&mut self, file: &str) {
        if file.eq_ignore_ascii_case(EMBEDDED_NET) {
            self.net = None;
            return;
        }
        match Network::read_file(std::path::Path::new(file)) {
            Ok(net) => {
                self.net = Some(Arc::new(net));
                self.out
                    .info_string(&format!("EvalFile: loaded {}", echo(file)));
            }
            Err(e) => self.out.info_string(&format!(
                "EvalFile {}: {e}; the net in use stays",
                echo(file)
            )),
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        match self.options.set(name, value) {
            Err(e) => self.out.info_string(&e.to_string()),
            Ok(applied) => {
                if let Some(note) = &applied.note {
                    self.out.info_string(note);
                }
                match applied.effect.clone() {
                    Effect::None => {}
                    Effect::Evaluation(file) => {
                        if let Some(file) = file {
                            self.load_net(&file);
                        }
                        if self.running.is_none() && self.searcher.is_some() {
                            self.prepare_searcher();
                        }
                    }
                    Effect::Resize => self.resize_pending = true,
                    Effect::ClearHash => {
                        self.clear_pending = true;
                        if self.running.is_none() && self.searcher.is_some() {
                            self.prepare_searcher();
                        }
                    }
                    Effect::Variant => {
                        match self.options.variant {
                            GameKind::Family(v) => {
                                self.position = GamePosition::startpos(v);
                                self.chu = None;
                            }
                            GameKind::Chu => self.chu = Some(ChuGame::startpos()),
                        }
                        self.out.info_string(&format!(
                            "variant {}: the position is its start position",
                            self.options.variant.name()
                        ));
                    }
                }
            }
        }
    }

    fn set_position(&mut self, command: &PositionCommand) {
        let variant = match self.options.variant {
            GameKind::Family(v) => v,
            GameKind::Chu => {
                match chu_usi::build(command) {
                    Ok((game, warnings)) => {
                        for w in &warnings {
                            self.out.info_string(w);
                        }
                        self.chu = Some(game);
                    }
                    Err(e) => self
                        .out
                        .info_string(&format!("{e}; the position is unchanged")),
                }
                return;
            }
        };
        match position::build(variant, command) {
            Ok(built) => {
                for w in &built.warnings {
                    self.out.info_string(w);
                }
                self.position = built.position;
            }
            Err(e) => self
                .out
                .info_string(&format!("{e}; the position is unchanged")),
        }
    }

    fn go(&mut self, go: GoCommand) {
        if let Some(running) = &self.running
            && !running.control.answered()
        {
            self.out
                .info_string("go: the previous search had not answered; stopping it first");
        }
        self.stop_search();
        if !go.searchmoves.is_empty() {
            self.out
                .info_string("go: searchmoves is not supported yet; searching every move");
        }
        self.prepare_searcher();
        let started = Instant::now();
        let root = self.position.root;

        if let (Some(_), Some(_)) = (&self.chu, go.mate) {
            self.out.info_string(
                "go mate: Chu shogi is won by taking the last royal, not by mate: a king may \
                 step into attack, and the mate solver plays shogi only",
            );
            self.out.line("checkmate notimplemented");
            return;
        }
        if let Some(limit) = go.mate {
            let deadline = match limit {
                MateLimit::Millis(ms) => started.checked_add(Duration::from_millis(ms)),
                MateLimit::Infinite => None,
            };
            let control = Control::new(Mode::Normal, deadline);
            self.start(Task::Mate(root, limit), control, false, None);
            return;
        }

        let side = match &self.chu {
            Some(game) => game.root.side_to_move(),
            None => self.position.side_to_move(),
        };
        let mut params = go.params;
        if !params.has_limit() && !go.ponder {
            self.out
                .info_string("go: no limit given; searching until stop");
            params.infinite = true;
        }
        let time_options = self.options.time();
        let mut limits = time::limits(&params, side, &time_options);
        let mode = if go.ponder {
            Mode::Ponder
        } else if params.infinite {
            Mode::Infinite
        } else {
            Mode::Normal
        };
        let deadline = match mode {
            Mode::Normal => limits.hard_time.and_then(|hard| started.checked_add(hard)),
            Mode::Infinite | Mode::Ponder => None,
        };
        let control =
            Control::new(mode, deadline).limited(params.depth.is_some() || params.nodes.is_some());
        let ponder_budget = if go.ponder {
            // Until `ponderhit` the search runs as if infinite; its times count from the
            // moment it notices the flag cleared.
            limits.ponder = Some(control.pondering.clone());
            time::budget(time::control(&params, side), &time_options)
        } else {
            None
        };

        let task = if let Some(game) = &self.chu {
            Task::Chu {
                game: game.clone(),
                limits,
            }
        } else if root.legal_moves().is_empty() {
            Task::Answer(root, Answer::Resign)
        } else if let Some(note) = self.declaration(&root) {
            self.out.info_string(&note);
            Task::Answer(root, Answer::Win)
        } else {
            Task::Search {
                position: self.position.clone(),
                limits,
            }
        };
        self.start(task, control, mode == Mode::Infinite, ponder_budget);
    }

    fn start(
        &mut self,
        task: Task,
        control: Control,
        analysing: bool,
        ponder_budget: Option<time::Budget>,
    ) {
        let searcher = self.searcher.take();
        self.running = worker::spawn(task, control, analysing, &self.out, searcher).map(|mut r| {
            r.ponder_budget = ponder_budget;
            r
        });
        if self.running.is_none() {
            self.searcher = None; // lost with the thread that never started; made anew
        }
    }

    /// A note when the side to move may declare an entering-king win under the options.
    fn declaration(&self, root: &AnyPosition) -> Option<String> {
        if self.options.entering_king != EnteringKingRule::Declare27 {
            return None;
        }
        let AnyPosition::Shogi(p) = root else {
            return None;
        };
        judge_declaration(p).ok()?;
        let (points, pieces) = declaration_count(p, p.side_to_move());
        Some(format!(
            "entering-king declaration: {points} points, {pieces} pieces in the enemy camp"
        ))
    }

    fn ponderhit(&mut self, clock: Option<time::GoParams>) {
        let Some(running) = &self.running else {
            self.out.info_string("ponderhit: not pondering; ignored");
            return;
        };
        if running.control.mode() != Mode::Ponder {
            self.out.info_string("ponderhit: not pondering; ignored");
            return;
        }
        let now = Instant::now();
        let budget = match clock {
            Some(params) => {
                let side = running.root.side_to_move();
                time::budget(time::control(&params, side), &self.options.time())
            }
            None => running.ponder_budget,
        };
        if budget.is_none() {
            self.out.info_string(
                "ponderhit: no time limit known; the search goes on until it ends or stop",
            );
        }
        running
            .control
            .ponderhit(worker::ponderhit_deadline(now, budget));
    }
}

/// The largest table size, `mb` or halved until the memory can be reserved: an allocation
/// that fails inside the table would abort the engine. The reservation is given back at
/// once (it is not touched, so it costs no memory).
fn affordable_hash_mb(mut mb: usize) -> usize {
    while mb > 1 {
        let mut probe: Vec<u8> = Vec::new();
        if mb
            .checked_mul(1 << 20)
            .is_some_and(|bytes| probe.try_reserve_exact(bytes).is_ok())
        {
            break;
        }
        mb /= 2;
    }
    mb.max(1)
}

impl Drop for Session {
    fn drop(&mut self) {
        self.stop_search();
    }
}
