//! Arenas, lishogi-style (online only): for a fixed time, every free player is paired at once
//! with a free player close in the ranking, and the points of [`crate::arena_score`] decide.
//!
//! The rules, from lishogi's source (WandererXII/lishogi, `modules/tournament/src/main/`:
//! `arena/PairingSystem.scala`, `arena/AntmaPairing.scala`, `TournamentApi.scala`,
//! `Player.scala`) and its arena FAQ, re-implemented here:
//!
//! - **Pairing**: whenever something happens (an event, or a clock tick) between the start
//!   and the end, the waiting players (joined, not paused, not in a game) are paired as
//!   lishogi does, by a minimum-weight matching ([`crate::matching`]) on their distance in
//!   the ranking, squared so that two near pairs beat one near and one far: as many pairs as
//!   the rematch rule allows, then the least total. No two waiting players who may play each
//!   other are left unpaired.
//! - **No immediate rematch**: two players one of whom last played the other are not paired
//!   again, unless they are the only two active players of the arena (lishogi's
//!   `justPlayedTogether` and `onlyTwoActivePlayers`).
//! - **Colours**: lishogi gives sente to the player whose colour counter (kept across the
//!   whole site, `UserRepo.firstGetsSente`) leans less to sente, at random between equals.
//!   Here the count is of sente games in this arena, and a furigoma toss from the event's
//!   seed and the game's number decides between equals.
//! - **Joining, pausing, leaving**: a player may join before or during the arena. Leaving
//!   before the start removes the player; leaving or pausing after it keeps their score and
//!   stops their pairing until they join again. A player in a game finishes it. (lishogi's
//!   delay before a paused player may come back, and its wait before pairing players who
//!   have just become free, are not modelled: a player is paired as soon as free.)
//! - **Ranking**: by score, then by tournament performance (the mean over games of the
//!   opponent's rating plus 500 for a win, minus 500 for a loss; lishogi's `magicScore`),
//!   or the rating for a player with no game, then by order of joining.
//! - **The end**: at the end time no more pairings are made. lishogi discards the games
//!   still running at that moment (`pairingRepo removePlaying` when the tournament
//!   finishes; its FAQ: "games in progress must be finished, but they do not count"); an
//!   event may instead count them when they finish ([`ArenaConfig::count_running_at_end`]).
//! - A game that ends [`GameResult::Unplayed`] (aborted) scores nothing and is left out of
//!   the sheets, though it still counts as the last meeting for the rematch rule.

use crate::arena_score::{self, ArenaOutcome, SheetGame};
use crate::matching::{Costs, min_cost_perfect_matching};
use crate::record::GameResult;
use koma_game::furigoma::Toss;
use std::collections::HashMap;
use thiserror::Error;

/// A player's identifier, as the caller numbers them.
pub type PlayerId = u32;
/// A game's number in the arena, from 0 in the order the games were paired.
pub type GameId = usize;

/// The event's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaConfig {
    /// When pairing starts (ms).
    pub starts_at: u64,
    /// When pairing stops (ms).
    pub ends_at: u64,
    /// Whether players may go berserk.
    pub berserk: bool,
    /// Whether win streaks double the points.
    pub streaks: bool,
    /// Whether games running at the end count when they finish (lishogi: no).
    pub count_running_at_end: bool,
    /// The seed of the furigoma tosses.
    pub seed: u64,
}

/// Something that happens in the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArenaEvent {
    /// A player enters, or comes back after pausing or leaving.
    Join {
        /// The player.
        player: PlayerId,
        /// Their rating (used for the ranking until they have played, and for performance).
        rating: i32,
    },
    /// A player stops being paired for now; their score stays.
    Pause {
        /// The player.
        player: PlayerId,
    },
    /// A player leaves: removed before the start, paused after it.
    Leave {
        /// The player.
        player: PlayerId,
    },
    /// A game ended.
    GameFinished {
        /// The game.
        game: GameId,
        /// How (unplayed: aborted, scoring nothing).
        result: GameResult,
        /// Its length in plies.
        plies: u32,
        /// Whether sente went berserk.
        sente_berserk: bool,
        /// Whether gote went berserk.
        gote_berserk: bool,
        /// When it ended (ms), if before the event: the end of a game may be heard a
        /// moment later, and one that ended before the arena's end counts though heard
        /// after it. `None`, or a time after the event's: the event's time; never before
        /// the pairing.
        ended_at: Option<u64>,
    },
    /// Time passes (lets pairing start on time).
    Tick,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finish {
    /// When it ended (ms).
    pub at: u64,
    /// The result.
    pub result: GameResult,
    /// Length in plies.
    pub plies: u32,
    /// Whether sente went berserk.
    pub sente_berserk: bool,
    /// Whether gote went berserk.
    pub gote_berserk: bool,
}

/// A game of the arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaGame {
    /// Its number.
    pub id: GameId,
    /// The player with sente.
    pub sente: PlayerId,
    /// The player with gote.
    pub gote: PlayerId,
    /// When it was paired (ms).
    pub started_at: u64,
    /// How it ended, once it has.
    pub finish: Option<Finish>,
}

/// One line of the arena's ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaStanding {
    /// The player.
    pub player: PlayerId,
    /// 1-based place.
    pub rank: usize,
    /// Points.
    pub score: i32,
    /// Whether their next game counts double.
    pub on_fire: bool,
    /// Games that count.
    pub games: usize,
    /// Tournament performance, once they have a game that counts.
    pub performance: Option<i32>,
    /// Whether they are being paired (joined and not paused).
    pub active: bool,
}

/// What is wrong with an event or a setting.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ArenaError {
    /// The arena would end before it starts.
    #[error("the arena ends at {ends_at} ms, not after its start at {starts_at} ms")]
    Empty {
        /// Start (ms).
        starts_at: u64,
        /// End (ms).
        ends_at: u64,
    },
    /// Events must come in time order.
    #[error("an event at {at} ms comes after one at {now} ms")]
    TimeWentBack {
        /// The event's time.
        at: u64,
        /// The latest time seen.
        now: u64,
    },
    /// The player is not in the arena.
    #[error("player {0} is not in the arena")]
    UnknownPlayer(PlayerId),
    /// The player joined already and is not paused.
    #[error("player {0} is already in the arena")]
    AlreadyActive(PlayerId),
    /// The player is paused already.
    #[error("player {0} is already paused")]
    NotActive(PlayerId),
    /// Nobody can join once the arena is over.
    #[error("the arena is over; player {0} cannot join")]
    Over(PlayerId),
    /// No such game.
    #[error("there is no game {0}")]
    UnknownGame(GameId),
    /// The game has already ended.
    #[error("game {0} has already ended")]
    AlreadyFinished(GameId),
    /// A player went berserk where the event does not allow it.
    #[error("game {0}: berserk is not allowed in this arena")]
    BerserkNotAllowed(GameId),
}

#[derive(Debug, Clone)]
struct Player {
    id: PlayerId,
    rating: i32,
    active: bool,
    removed: bool,
    playing: Option<GameId>,
    last_opponent: Option<PlayerId>,
    sente_games: usize,
    games: Vec<GameId>,
}

/// An arena: its settings, players and games, advanced by [`Arena::apply`].
#[derive(Debug, Clone)]
pub struct Arena {
    config: ArenaConfig,
    now: u64,
    players: Vec<Player>,
    index: HashMap<PlayerId, usize>,
    games: Vec<ArenaGame>,
}

impl Arena {
    /// An arena with no players yet.
    pub fn new(config: ArenaConfig) -> Result<Self, ArenaError> {
        if config.ends_at <= config.starts_at {
            return Err(ArenaError::Empty {
                starts_at: config.starts_at,
                ends_at: config.ends_at,
            });
        }
        Ok(Arena {
            config,
            now: 0,
            players: Vec::new(),
            index: HashMap::new(),
            games: Vec::new(),
        })
    }

    /// The settings.
    pub fn config(&self) -> &ArenaConfig {
        &self.config
    }

    /// Every game paired so far, in the order paired.
    pub fn games(&self) -> &[ArenaGame] {
        &self.games
    }

    /// Whether the end time has been reached.
    pub fn is_over(&self) -> bool {
        self.now >= self.config.ends_at
    }

    /// Takes an event that happened at `at` (ms; never earlier than the one before) and
    /// returns the games to start now. On an error nothing changes.
    pub fn apply(&mut self, at: u64, event: ArenaEvent) -> Result<Vec<ArenaGame>, ArenaError> {
        if at < self.now {
            return Err(ArenaError::TimeWentBack { at, now: self.now });
        }
        let started = at >= self.config.starts_at;
        match event {
            ArenaEvent::Join { player, rating } => {
                if at >= self.config.ends_at {
                    return Err(ArenaError::Over(player));
                }
                match self.index.get(&player).map(|&i| &mut self.players[i]) {
                    Some(p) if p.active && !p.removed => {
                        return Err(ArenaError::AlreadyActive(player));
                    }
                    Some(p) => {
                        p.active = true;
                        p.removed = false;
                    }
                    None => {
                        self.index.insert(player, self.players.len());
                        self.players.push(Player {
                            id: player,
                            rating,
                            active: true,
                            removed: false,
                            playing: None,
                            last_opponent: None,
                            sente_games: 0,
                            games: Vec::new(),
                        });
                    }
                }
            }
            ArenaEvent::Pause { player } => {
                let p = self.player_mut(player)?;
                if !p.active {
                    return Err(ArenaError::NotActive(player));
                }
                p.active = false;
            }
            ArenaEvent::Leave { player } => {
                let p = self.player_mut(player)?;
                p.active = false;
                // Before the start nobody has played, so a leaver simply is not in it.
                p.removed = !started;
            }
            ArenaEvent::GameFinished {
                game,
                result,
                plies,
                sente_berserk,
                gote_berserk,
                ended_at,
            } => {
                let g = self.games.get(game).ok_or(ArenaError::UnknownGame(game))?;
                if g.finish.is_some() {
                    return Err(ArenaError::AlreadyFinished(game));
                }
                if (sente_berserk || gote_berserk) && !self.config.berserk {
                    return Err(ArenaError::BerserkNotAllowed(game));
                }
                let (sente, gote) = (g.sente, g.gote);
                self.games[game].finish = Some(Finish {
                    at: ended_at.map_or(at, |t| t.min(at)).max(g.started_at),
                    result,
                    plies,
                    sente_berserk,
                    gote_berserk,
                });
                for p in [sente, gote] {
                    let i = self.index[&p];
                    self.players[i].playing = None;
                }
            }
            ArenaEvent::Tick => {}
        }
        self.now = at;
        if started && !self.is_over() {
            Ok(self.pair())
        } else {
            Ok(Vec::new())
        }
    }

    fn player_mut(&mut self, id: PlayerId) -> Result<&mut Player, ArenaError> {
        match self.index.get(&id) {
            Some(&i) if !self.players[i].removed => Ok(&mut self.players[i]),
            _ => Err(ArenaError::UnknownPlayer(id)),
        }
    }

    /// Whether a game counts: finished with a result, and before the end unless the event
    /// counts games running at the end.
    pub fn counts(&self, game: &ArenaGame) -> bool {
        game.finish.is_some_and(|f| {
            f.result != GameResult::Unplayed
                && (f.at < self.config.ends_at || self.config.count_running_at_end)
        })
    }

    /// A player's sheet: their games that count, in order, as they ended for them, with the
    /// opponent's id.
    fn sheet(&self, player: PlayerId) -> Vec<(SheetGame, PlayerId)> {
        self.players[self.index[&player]]
            .games
            .iter()
            .map(|&id| &self.games[id])
            .filter(|g| self.counts(g))
            .filter_map(|g| {
                let f = g.finish?;
                let is_sente = g.sente == player;
                let outcome = match (f.result, is_sente) {
                    (GameResult::Draw, _) => ArenaOutcome::Draw,
                    (GameResult::SenteWins, true) | (GameResult::GoteWins, false) => {
                        ArenaOutcome::Win
                    }
                    _ => ArenaOutcome::Loss,
                };
                let berserk = if is_sente {
                    f.sente_berserk
                } else {
                    f.gote_berserk
                };
                let opponent = if is_sente { g.gote } else { g.sente };
                Some((
                    SheetGame {
                        outcome,
                        plies: f.plies,
                        berserk,
                    },
                    opponent,
                ))
            })
            .collect()
    }

    /// The ranking, best first (players who left before the start are not in it).
    pub fn standings(&self) -> Vec<ArenaStanding> {
        let mut lines: Vec<(ArenaStanding, i32, usize)> = Vec::new();
        for (order, p) in self.players.iter().enumerate().filter(|(_, p)| !p.removed) {
            let sheet = self.sheet(p.id);
            let games: Vec<SheetGame> = sheet.iter().map(|(g, _)| *g).collect();
            let score = arena_score::points(&games, self.config.streaks)
                .iter()
                .sum();
            let performance = (!sheet.is_empty()).then(|| {
                let total: i64 = sheet
                    .iter()
                    .map(|(g, o)| {
                        let r = i64::from(self.players[self.index[o]].rating);
                        match g.outcome {
                            ArenaOutcome::Win => r + 500,
                            ArenaOutcome::Draw => r,
                            ArenaOutcome::Loss => r - 500,
                        }
                    })
                    .sum();
                (total as f64 / sheet.len() as f64).round() as i32
            });
            lines.push((
                ArenaStanding {
                    player: p.id,
                    rank: 0,
                    score,
                    on_fire: self.config.streaks && arena_score::on_fire(&games),
                    games: games.len(),
                    performance,
                    active: p.active,
                },
                performance.unwrap_or(p.rating),
                order,
            ));
        }
        lines.sort_by(|a, b| (b.0.score, b.1).cmp(&(a.0.score, a.1)).then(a.2.cmp(&b.2)));
        lines
            .into_iter()
            .enumerate()
            .map(|(i, (s, _, _))| ArenaStanding { rank: i + 1, ..s })
            .collect()
    }

    /// Whether two players may be paired now (see the rematch rule).
    pub fn may_meet(&self, a: PlayerId, b: PlayerId) -> bool {
        self.may_meet_among(self.active_count(), a, b)
    }

    /// The players joined and not paused.
    fn active_count(&self) -> usize {
        self.players
            .iter()
            .filter(|p| p.active && !p.removed)
            .count()
    }

    /// [`Arena::may_meet`] with the number of active players already counted.
    fn may_meet_among(&self, active: usize, a: PlayerId, b: PlayerId) -> bool {
        let last = |x: PlayerId| self.players[self.index[&x]].last_opponent;
        a != b && (active == 2 || (last(a) != Some(b) && last(b) != Some(a)))
    }

    /// The players waiting for a game, in ranking order.
    pub fn waiting(&self) -> Vec<PlayerId> {
        self.standings()
            .into_iter()
            .map(|s| s.player)
            .filter(|id| {
                let p = &self.players[self.index[id]];
                p.active && !p.removed && p.playing.is_none()
            })
            .collect()
    }

    /// Pairs the waiting players and starts their games: the least-cost perfect matching
    /// of the waiting players (and one empty seat when they are odd), where a pair costs the
    /// square of the distance of the two in the ranking and a pair that may not meet costs more than all
    /// distances together, so that as many play as can, each as near their rank as can be.
    fn pair(&mut self) -> Vec<ArenaGame> {
        let waiting = self.waiting();
        let n = waiting.len();
        if n < 2 {
            return Vec::new();
        }
        let active = self.active_count();
        let vertices = n + n % 2;
        let apart = (vertices * vertices * vertices + 1) as i64;
        let mut costs = Costs::new(vertices);
        for i in 0..vertices {
            for j in i + 1..vertices {
                let cost = if j == n {
                    0
                } else if self.may_meet_among(active, waiting[i], waiting[j]) {
                    ((j - i) * (j - i)) as i64
                } else {
                    apart
                };
                // Both ends are below `vertices` and the costs far below 2^60.
                let _ = costs.set(i, j, cost);
            }
        }
        // A complete graph of an even number of vertices always has a perfect matching.
        let Ok(mate) = min_cost_perfect_matching(&costs) else {
            return Vec::new();
        };
        let mut started = Vec::new();
        for (i, &j) in mate.iter().enumerate().take(n) {
            if i < j && j < n && self.may_meet_among(active, waiting[i], waiting[j]) {
                started.push(self.start(waiting[i], waiting[j]));
            }
        }
        started
    }

    /// Starts a game between `higher` (ranked above) and `lower`.
    fn start(&mut self, higher: PlayerId, lower: PlayerId) -> ArenaGame {
        let id = self.games.len();
        let (h, l) = (self.index[&higher], self.index[&lower]);
        let higher_sente = match self.players[h]
            .sente_games
            .cmp(&self.players[l].sente_games)
        {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                Toss::from_seed(self.config.seed ^ (id as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
                    .senior_is_sente()
            }
        };
        let (sente, gote) = if higher_sente { (h, l) } else { (l, h) };
        self.players[sente].sente_games += 1;
        for (me, them) in [(h, l), (l, h)] {
            self.players[me].playing = Some(id);
            self.players[me].last_opponent = Some(self.players[them].id);
            self.players[me].games.push(id);
        }
        let game = ArenaGame {
            id,
            sente: self.players[sente].id,
            gote: self.players[gote].id,
            started_at: self.now,
            finish: None,
        };
        self.games.push(game);
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forbidden_rematch_does_not_strand_two() {
        let mut arena = Arena::new(ArenaConfig {
            starts_at: 100,
            ends_at: 1_000,
            berserk: false,
            streaks: true,
            count_running_at_end: false,
            seed: 1,
        })
        .unwrap();
        for (player, rating) in [(1, 1800), (2, 1700), (3, 1600), (4, 1500)] {
            arena.apply(0, ArenaEvent::Join { player, rating }).unwrap();
        }
        // 3's last opponent was 4 (set by hand; events alone rarely strand two this way):
        // pairing 1 with 2 would strand 3 and 4, so 1 meets 3 and 2 meets 4.
        arena.players[2].last_opponent = Some(4);
        let games = arena.apply(100, ArenaEvent::Tick).unwrap();
        let mut pairs: Vec<(PlayerId, PlayerId)> = games
            .iter()
            .map(|g| (g.sente.min(g.gote), g.sente.max(g.gote)))
            .collect();
        pairs.sort();
        assert_eq!(pairs, vec![(1, 3), (2, 4)]);
    }
}
