//! Several games at once, as cutechess-cli's `-concurrency` plays them: each seat is a
//! [`Match`] with its own pair of engine processes, taking the next game number free, so
//! game `n` keeps its opening and colours whichever seat plays it.

use super::{GameResult, Match, MatchConfig, MatchError, MatchEvent, MatchSummary};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// A match whose games are shared among seats that play at the same time.
pub struct ConcurrentMatch {
    /// At least one; every seat has the same configuration and names.
    seats: Vec<Match>,
    /// Set to start no more games (see [`ConcurrentMatch::stop_flag`]).
    stop: Arc<AtomicBool>,
}

/// What a seat tells the thread that reports: [`MatchEvent`], owned.
enum Report {
    Started {
        number: usize,
        sente: usize,
    },
    Moved {
        number: usize,
        plies: usize,
    },
    Restarted {
        engine: usize,
    },
    /// A game's result, and where to say that the observer has seen it.
    Finished(GameResult, mpsc::Sender<()>),
    Failed(MatchError),
}

impl ConcurrentMatch {
    /// Starts `seats` pairs of engines at once (at least one), each as [`Match::new`] does.
    pub fn new(config: MatchConfig, seats: usize) -> Result<ConcurrentMatch, MatchError> {
        let started: Vec<Result<Match, MatchError>> = thread::scope(|scope| {
            let handles: Vec<_> = (0..seats.max(1))
                .map(|_| {
                    let config = config.clone();
                    scope.spawn(move || Match::new(config))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        let mut seats = Vec::with_capacity(started.len());
        for seat in started {
            seats.push(seat?);
        }
        Ok(ConcurrentMatch {
            seats,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// A flag that, once set (by the observer or another thread), starts no more games:
    /// [`ConcurrentMatch::run`] returns the games played, those under way included. A seat
    /// starts its next game only once the observer has seen its last one, so an observer
    /// that sets the flag on a finished game stops that seat at once.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The engines' names, A first, as [`Match::names`] gives them.
    pub fn names(&self) -> &[String; 2] {
        self.seats[0].names()
    }

    /// Plays every game, telling `observer` about each step as it comes from any seat, then
    /// quits the engines and returns the totals with the games in their numbers' order. The
    /// first error stops the seats from starting new games and is returned once the games
    /// under way have ended.
    pub fn run(self, observer: &mut dyn FnMut(&MatchEvent)) -> Result<MatchSummary, MatchError> {
        let next = AtomicUsize::new(0);
        let stop = &*self.stop;
        let games = self.seats[0].config().games;
        let mut summary = MatchSummary::new(self.names().clone());
        let mut failure = None;
        thread::scope(|scope| {
            let (sender, reports) = mpsc::channel();
            for mut seat in self.seats {
                let sender = sender.clone();
                let next = &next;
                scope.spawn(move || {
                    while !stop.load(Ordering::SeqCst) {
                        let index = next.fetch_add(1, Ordering::SeqCst);
                        if index >= games {
                            break;
                        }
                        let mut forward = |event: &MatchEvent| {
                            let report = match *event {
                                MatchEvent::GameStarted { number, sente } => {
                                    Report::Started { number, sente }
                                }
                                MatchEvent::Moved { number, plies } => {
                                    Report::Moved { number, plies }
                                }
                                MatchEvent::Restarted { engine } => Report::Restarted { engine },
                                MatchEvent::GameFinished(_) => return,
                            };
                            let _ = sender.send(report);
                        };
                        match seat.play_game(index, &mut forward) {
                            Ok(result) => {
                                // The seat waits for the observer, whose answer to the
                                // game may be to stop.
                                let (seen, wait) = mpsc::channel();
                                let _ = sender.send(Report::Finished(result, seen));
                                let _ = wait.recv();
                            }
                            Err(e) => {
                                stop.store(true, Ordering::SeqCst);
                                let _ = sender.send(Report::Failed(e));
                            }
                        }
                    }
                    seat.quit();
                });
            }
            drop(sender);
            for report in reports {
                match report {
                    Report::Started { number, sente } => {
                        observer(&MatchEvent::GameStarted { number, sente });
                    }
                    Report::Moved { number, plies } => {
                        observer(&MatchEvent::Moved { number, plies });
                    }
                    Report::Restarted { engine } => observer(&MatchEvent::Restarted { engine }),
                    Report::Finished(result, seen) => {
                        observer(&MatchEvent::GameFinished(&result));
                        summary.add(result);
                        let _ = seen.send(());
                    }
                    Report::Failed(e) => {
                        failure.get_or_insert(e);
                    }
                }
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        summary.games.sort_by_key(|game| game.number);
        Ok(summary)
    }
}
