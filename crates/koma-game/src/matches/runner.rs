//! The match runner: engines started once, games played one after another.

use super::openings::random_moves;
use super::{
    EngineSpec, GameResult, MatchConfig, MatchError, MatchSummary, Opening, RecordHeader,
    ResignWatch, VariantRefusal,
};
use crate::clock::{Clock, TimeControl};
use crate::engine_turn::{TurnError, engine_turn_with};
use crate::outcome::{Outcome, Reason};
use crate::refereed::Refereed;
use crate::rules::{RuleSet, repetition_name};
use crate::usi_client::{GameOver, REPETITION_OPTION, SearchInfo, UsiEngine, UsiTimeouts};
use koma_rules::{CHU_NAME, Color, GameKind, VariantKind};
use std::cell::Cell;
use std::time::Instant;

/// What a running match reports as it goes.
#[derive(Debug)]
pub enum MatchEvent<'a> {
    /// A game begins.
    GameStarted {
        /// Its number, from 1.
        number: usize,
        /// Which engine plays sente: 0 for A, 1 for B.
        sente: usize,
    },
    /// A move was played (`plies` moves so far, the opening's included).
    Moved {
        /// The game's number.
        number: usize,
        /// Moves played so far.
        plies: usize,
    },
    /// An engine was started again after it crashed, exited or stopped answering.
    Restarted {
        /// 0 for A, 1 for B.
        engine: usize,
    },
    /// A game ended.
    GameFinished(&'a GameResult),
}

/// A match in progress: the configuration, the running engines and the results so far.
pub struct Match {
    config: MatchConfig,
    engines: [Option<UsiEngine>; 2],
    summary: MatchSummary,
    origin: Instant,
}

impl Match {
    /// Checks every opening against the rules, creates the output directory and starts
    /// both engines (handshake, variant, options, `isready`).
    pub fn new(mut config: MatchConfig) -> Result<Match, MatchError> {
        if config.openings.is_empty() {
            config.openings.push(Opening::startpos(config.variant));
        }
        for opening in &config.openings {
            config.check(opening)?;
        }
        if let Some(dir) = &config.out_dir {
            std::fs::create_dir_all(dir).map_err(|source| MatchError::Io {
                path: dir.clone(),
                source,
            })?;
        }
        let a = start_engine(&config, 0)?;
        let b = start_engine(&config, 1)?;
        let name = |spec: &EngineSpec, engine: &UsiEngine| {
            spec.name
                .clone()
                .or_else(|| engine.info().name.clone())
                .unwrap_or_else(|| spec.command_line())
        };
        let mut names = [name(&config.engines[0], &a), name(&config.engines[1], &b)];
        if names[0] == names[1] {
            names = [format!("{} #1", names[0]), format!("{} #2", names[1])];
        }
        Ok(Match {
            config,
            engines: [Some(a), Some(b)],
            summary: MatchSummary::new(names),
            origin: Instant::now(),
        })
    }

    /// The engines' names, A first (from the spec, else the engines' `id name`; `#1` and
    /// `#2` are added when they are the same).
    pub fn names(&self) -> &[String; 2] {
        &self.summary.names
    }

    /// The configuration.
    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    /// The results so far.
    pub fn summary(&self) -> &MatchSummary {
        &self.summary
    }

    /// Plays the remaining games, telling `observer` about each step, then quits the
    /// engines and returns the totals.
    pub fn run(
        &mut self,
        observer: &mut dyn FnMut(&MatchEvent),
    ) -> Result<MatchSummary, MatchError> {
        while self.summary.games.len() < self.config.games {
            self.play_next(observer)?;
        }
        self.quit();
        Ok(self.summary.clone())
    }

    /// Plays the next game and returns its result.
    pub fn play_next(
        &mut self,
        observer: &mut dyn FnMut(&MatchEvent),
    ) -> Result<&GameResult, MatchError> {
        let index = self.summary.games.len();
        let result = self.play_game(index, observer)?;
        observer(&MatchEvent::GameFinished(&result));
        self.summary.add(result);
        Ok(&self.summary.games[index])
    }

    /// Plays game `index` (from 0) without counting it: for a runner that shares the
    /// games among several of these.
    pub(super) fn play_game(
        &mut self,
        index: usize,
        observer: &mut dyn FnMut(&MatchEvent),
    ) -> Result<GameResult, MatchError> {
        koma_rules::dispatch_game!(self.config.variant, R => self.play::<R>(index, observer))
    }

    /// Quits both engines.
    pub(super) fn quit(&mut self) {
        for engine in self.engines.iter_mut().flatten() {
            engine.quit();
        }
    }

    /// Game `index` (from 0): its opening, colours, moves, ending and records.
    fn play<V: Refereed>(
        &mut self,
        index: usize,
        observer: &mut dyn FnMut(&MatchEvent),
    ) -> Result<GameResult, MatchError> {
        let number = index + 1;
        let opening = &self.config.openings[(index / 2) % self.config.openings.len()];
        let opening_line = opening.line;
        let sente = index % 2;
        let engine_of = |color: Color| match color {
            Color::Black => sente,
            Color::White => 1 - sente,
        };
        let mut game =
            opening
                .game::<V>(self.config.rules)
                .map_err(|source| MatchError::Opening {
                    line: opening_line,
                    source,
                })?;
        random_moves(
            &mut game,
            self.config.seed,
            index / 2,
            self.config.random_plies,
        );
        let opening_plies = game.moves().len();
        let started = crate::datetime::record_text(crate::datetime::unix_now());
        observer(&MatchEvent::GameStarted { number, sente });
        let mut note = None;
        for color in [game.side_to_move(), !game.side_to_move()] {
            let engine = engine_of(color);
            if let Err(why) = self.prepare(engine, observer) {
                note = Some(format!("{}: {why}", self.summary.names[engine]));
                let _ = game.end(Outcome::loss(color, Reason::Abandoned));
                break;
            }
        }
        if self.config.time != TimeControl::Unlimited {
            game = game.with_clock(Clock::new(self.config.time));
        }
        // Time the margin forgave is taken off the time stamps, so that the opponent's
        // clock does not run while a late answer was on its way.
        let origin = self.origin;
        let forgiven = Cell::new(0u64);
        let now = || (origin.elapsed().as_millis() as u64).saturating_sub(forgiven.get());
        let _ = game.start_clock(now());
        let mut watch = self.config.adjudication.map(ResignWatch::new);
        // Each engine move's search, by its index in the game's moves.
        let mut thoughts: Vec<Option<SearchInfo>> = Vec::new();
        while !game.is_over() {
            let engine = engine_of(game.side_to_move());
            let Some(usi) = self.engines[engine].as_mut() else {
                break;
            };
            let before = game.moves().len();
            let report = engine_turn_with(usi, &mut game, &now, &self.config.turn);
            if game.moves().len() > before {
                thoughts.resize(before, None);
                thoughts.push(report.info.clone());
            }
            forgiven.set(forgiven.get() + report.forgiven_ms);
            if report.needs_restart() {
                self.engines[engine] = None;
            }
            if let Some(error) = &report.error {
                if let TurnError::Game(source) = error {
                    if !game.is_over() {
                        return Err(MatchError::Game {
                            number,
                            source: *source,
                        });
                    }
                }
                note = Some(format!("{}: {error}", self.summary.names[engine]));
            }
            if let (Some(watch), false) = (&mut watch, game.is_over()) {
                let score = report.info.as_ref().and_then(|info| info.score);
                watch.record(report.side, score);
                // Judged with the loser to move, so that records show it resigning.
                let to_move = game.side_to_move();
                if watch.loser() == Some(to_move) {
                    let names = &self.summary.names;
                    let names = [Color::Black, Color::White].map(|c| names[engine_of(c)].as_str());
                    let adjudicated = watch.note(to_move, names);
                    note = Some(match note.take() {
                        Some(earlier) => format!("{earlier}; {adjudicated}"),
                        None => adjudicated,
                    });
                    let _ = game.end(Outcome::loss(to_move, Reason::Adjudication));
                }
            }
            observer(&MatchEvent::Moved {
                number,
                plies: game.moves().len(),
            });
        }
        let outcome = game.outcome().unwrap_or(Outcome::draw(Reason::Abandoned));
        tell_result(&mut self.engines, outcome, engine_of);
        let mut records = Vec::new();
        if let Some(dir) = &self.config.out_dir {
            let names = &self.summary.names;
            let header = RecordHeader {
                players: [
                    names[engine_of(Color::Black)].as_str(),
                    names[engine_of(Color::White)].as_str(),
                ],
                started: &started,
                time: self.config.time,
                rules: self.config.rules,
                note: note.as_deref(),
            };
            records = V::write_records(&game, &header, &thoughts, dir, number)?;
        }
        Ok(GameResult {
            number,
            opening_line,
            sente,
            outcome,
            plies: game.moves().len(),
            opening_plies,
            note,
            records,
        })
    }

    /// Makes engine `engine` ready for a new game, starting it again if it is gone or
    /// does not answer `isready`. A start that fails is the game's loss, not the match's
    /// end; the next game tries again.
    fn prepare(
        &mut self,
        engine: usize,
        observer: &mut dyn FnMut(&MatchEvent),
    ) -> Result<(), MatchError> {
        let alive = match &mut self.engines[engine] {
            Some(usi) => !usi.has_exited() && usi.is_ready().and_then(|()| usi.new_game()).is_ok(),
            None => false,
        };
        if alive {
            return Ok(());
        }
        self.engines[engine] = None;
        let mut usi = start_engine(&self.config, engine)?;
        observer(&MatchEvent::Restarted { engine });
        let ready = usi.new_game();
        self.engines[engine] = Some(usi);
        ready.map_err(|source| MatchError::Engine {
            command: self.config.engines[engine].command_line(),
            source,
        })
    }
}

/// Sends `gameover` to both engines (A first), each from its side of `outcome`;
/// `engine_of` says which engine played a colour.
fn tell_result(
    engines: &mut [Option<UsiEngine>; 2],
    outcome: Outcome,
    engine_of: impl Fn(Color) -> usize,
) {
    for (engine, slot) in engines.iter_mut().enumerate() {
        let said = match outcome.winner.map(&engine_of) {
            None => GameOver::Draw,
            Some(winner) if winner == engine => GameOver::Win,
            Some(_) => GameOver::Lose,
        };
        if let Some(usi) = slot {
            let _ = usi.game_over(said);
        }
    }
}

/// Starts engine `index` of `config`.
fn start_engine(config: &MatchConfig, index: usize) -> Result<UsiEngine, MatchError> {
    config.engines[index].start(config.variant, config.rules, config.timeouts)
}

impl EngineSpec {
    /// Starts the engine: handshake, the game's option (`game`: a 9x9 variant or Chu), the
    /// repetition rule of `rules` (to an engine that takes it, [`REPETITION_OPTION`]), the
    /// options given, `isready`.
    pub fn start(
        &self,
        game: impl Into<GameKind>,
        rules: RuleSet,
        timeouts: UsiTimeouts,
    ) -> Result<UsiEngine, MatchError> {
        let failed = |source| MatchError::Engine {
            command: self.command_line(),
            source,
        };
        let mut engine = self.spawn(timeouts)?;
        select_variant(&mut engine, self, game.into())?;
        if engine.info().option(REPETITION_OPTION).is_some() {
            engine
                .set_option(REPETITION_OPTION, repetition_name(rules.repetition))
                .map_err(failed)?;
        }
        self.send_options(&mut engine)?;
        engine.is_ready().map_err(failed)?;
        Ok(engine)
    }

    /// Starts the program and does the `usi` handshake.
    pub(crate) fn spawn(&self, timeouts: UsiTimeouts) -> Result<UsiEngine, MatchError> {
        UsiEngine::spawn(
            &self.command,
            &self.args,
            self.working_dir.as_deref(),
            timeouts,
        )
        .map_err(|source| MatchError::Engine {
            command: self.command_line(),
            source,
        })
    }

    /// Sends the spec's options to `engine`, in order (an empty value presses a button).
    pub(crate) fn send_options(&self, engine: &mut UsiEngine) -> Result<(), MatchError> {
        for (name, value) in &self.options {
            let sent = if value.is_empty() {
                engine.press_button(name)
            } else {
                engine.set_option(name, value)
            };
            sent.map_err(|source| MatchError::Engine {
                command: self.command_line(),
                source,
            })?;
        }
        Ok(())
    }
}

/// Sets `USI_Variant` (or Fairy-Stockfish's `UCI_Variant`) when the engine declares it:
/// to the game's name or its Fairy-Stockfish name (`torishogi`), whichever it offers.
/// An engine that declares the option without the game cannot play it; one that does
/// not declare it is taken to play shogi, and refused for any other game.
fn select_variant(
    engine: &mut UsiEngine,
    spec: &EngineSpec,
    game: GameKind,
) -> Result<(), MatchError> {
    let refuse = |why: VariantRefusal| MatchError::Variant {
        command: spec.command_line(),
        variant: game.name(),
        why,
    };
    let names: &[&str] = match game {
        GameKind::Family(VariantKind::Shogi) => &["shogi"],
        GameKind::Family(VariantKind::Tori) => &["tori", "torishogi"],
        GameKind::Family(VariantKind::Minishogi) => &["minishogi"],
        GameKind::Family(VariantKind::Kyoto) => &["kyotoshogi"],
        GameKind::Family(VariantKind::Dobutsu) => &["dobutsu"],
        GameKind::Chu => &[CHU_NAME],
    };
    let option = ["USI_Variant", "UCI_Variant"]
        .into_iter()
        .find_map(|name| engine.info().option(name).cloned());
    let Some(option) = option else {
        return match game {
            GameKind::Family(VariantKind::Shogi) => Ok(()),
            _ => Err(refuse(VariantRefusal::NoVariantOption)),
        };
    };
    let offered =
        |value: &&&str| option.vars.is_empty() || option.vars.iter().any(|v| v == **value);
    let Some(value) = names.iter().find(offered) else {
        return Err(refuse(VariantRefusal::NotOffered {
            option: option.name.clone(),
            offered: option.vars.clone(),
            wanted: names.to_vec(),
        }));
    };
    engine
        .set_option(&option.name, value)
        .map_err(|source| MatchError::Engine {
            command: spec.command_line(),
            source,
        })
}
