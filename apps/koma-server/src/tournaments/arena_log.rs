//! An arena as stored: the log of its events with their times, and the server's game of
//! each pairing. The [`Arena`] itself is never stored: it is rebuilt by replaying the log
//! (koma_tournament's `apply` is deterministic), so every server reading the tournament
//! sees the same pairings and scores, and a change is one more event at the log's end,
//! written with the tournament's compare-and-set.

use super::arena_rules;
use super::model::{Outcome, Status, Tournament};
use super::refusal::Refusal;
use koma_store::{GameId, TournamentId};
use koma_tournament::arena::{Arena, ArenaConfig, ArenaError, ArenaEvent, ArenaGame};
use koma_tournament::record::GameResult;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

/// One event of the arena, players by entrant index, games by their number in the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Logged {
    /// A player enters or comes back.
    Join {
        /// The entrant.
        player: usize,
        /// The rating entered with.
        rating: i32,
    },
    /// A player leaves (before the start: out; after it: paused).
    Leave {
        /// The entrant.
        player: usize,
    },
    /// A game ended.
    Finish {
        /// The game's number in the arena.
        game: usize,
        /// Its result.
        result: Outcome,
        /// Its length in plies.
        plies: u32,
        /// Whether sente went berserk.
        sente_berserk: bool,
        /// Whether gote went berserk.
        gote_berserk: bool,
        /// When the game ended, if before the event was logged (none in logs written
        /// before this was kept: the event's time).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ended_at: Option<u64>,
    },
    /// Time passed (the start, or the end).
    Tick,
}

/// An event and when it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamped {
    /// When (Unix ms).
    pub at: u64,
    /// What.
    pub event: Logged,
}

/// The server's side of one pairing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRec {
    /// The server's game, once started.
    pub game: Option<GameId>,
    /// Whether sente and gote went berserk (until the end is logged).
    pub berserk: [bool; 2],
}

/// An arena's log and games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArenaLog {
    /// Every event, oldest first.
    pub events: Vec<Stamped>,
    /// The server's game of each pairing, by its number.
    pub games: Vec<GameRec>,
}

impl ArenaLog {
    /// Whether nothing happened yet (the field is not stored then).
    pub fn is_empty(&self) -> bool {
        self.events.is_empty() && self.games.is_empty()
    }
}

/// The result of a board as koma_tournament's (a forfeit is a win: the other never moved).
fn game_result(outcome: Outcome) -> GameResult {
    match outcome {
        Outcome::Sente | Outcome::SenteForfeitWin => GameResult::SenteWins,
        Outcome::Gote | Outcome::GoteForfeitWin => GameResult::GoteWins,
        Outcome::Draw => GameResult::Draw,
        Outcome::Unplayed => GameResult::Unplayed,
    }
}

/// The event as koma_tournament's.
fn event(logged: Logged) -> ArenaEvent {
    let id = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
    match logged {
        Logged::Join { player, rating } => ArenaEvent::Join {
            player: id(player),
            rating,
        },
        Logged::Leave { player } => ArenaEvent::Leave { player: id(player) },
        Logged::Finish {
            game,
            result,
            plies,
            sente_berserk,
            gote_berserk,
            ended_at,
        } => ArenaEvent::GameFinished {
            game,
            result: game_result(result),
            plies,
            sente_berserk,
            gote_berserk,
            ended_at,
        },
        Logged::Tick => ArenaEvent::Tick,
    }
}

/// Why an event is refused, as the API says it.
fn refusal(t: &Tournament, e: ArenaError) -> Refusal {
    let name = |id: u32| {
        t.players
            .get(id as usize)
            .map_or_else(|| format!("player {}", id + 1), |p| p.name.clone())
    };
    let message = match e {
        ArenaError::AlreadyActive(p) => return Refusal::AlreadyEntered(name(p)),
        ArenaError::NotActive(p) => format!("{} is paused already", name(p)),
        ArenaError::UnknownPlayer(p) => format!("{} is not in the arena", name(p)),
        ArenaError::Over(_) => "the arena is over: nobody can join".to_string(),
        other => other.to_string(),
    };
    Refusal::WrongState {
        status: t.status.name(),
        message,
    }
}

/// How many arenas [`replay`] keeps as last replayed.
const KEPT: usize = 64;

/// The arenas replayed lately, by tournament id: the log replayed, the settings, and the
/// arena they gave. Replaying costs each event a ranking of the field, so a change replays
/// only the events logged since (any other log is replayed whole).
static REPLAYED: LazyLock<Mutex<HashMap<TournamentId, Replayed>>> = LazyLock::new(Default::default);

/// A log replayed, the settings it was replayed under, and the arena it gave.
type Replayed = (Vec<Stamped>, ArenaConfig, Arena);

/// `t`'s arena, rebuilt from its log (from the last replay of a prefix of it, if kept).
pub fn replay(t: &Tournament) -> Result<Arena, Refusal> {
    let damaged = |e: ArenaError| Refusal::Pairing(format!("the arena's log is damaged: {e}"));
    let config = arena_rules::config(t);
    let events = &t.arena.events;
    let kept = {
        let replayed = REPLAYED.lock().unwrap_or_else(|e| e.into_inner());
        replayed.get(&t.id).and_then(|(log, c, arena)| {
            let prefix = *c == config && events.get(..log.len()) == Some(log.as_slice());
            prefix.then(|| (log.len(), arena.clone()))
        })
    };
    let (done, mut arena) = match kept {
        Some(kept) => kept,
        None => (0, Arena::new(config).map_err(damaged)?),
    };
    for entry in &events[done..] {
        arena.apply(entry.at, event(entry.event)).map_err(damaged)?;
    }
    if done < events.len() || done == 0 {
        let mut replayed = REPLAYED.lock().unwrap_or_else(|e| e.into_inner());
        if replayed.len() >= KEPT && !replayed.contains_key(&t.id) {
            replayed.clear();
        }
        replayed.insert(t.id.clone(), (events.clone(), config, arena.clone()));
    }
    Ok(arena)
}

/// Logs `what` in `t` at `now` (or at the log's last time, if another server's clock ran
/// ahead), with the games it pairs, and moves `t` to running at the start and finished at
/// the end. Gives the games paired; an event refused changes nothing.
pub fn step(t: &mut Tournament, now: u64, what: Logged) -> Result<Vec<ArenaGame>, Refusal> {
    let mut arena = replay(t)?;
    let at = now.max(t.arena.events.last().map_or(0, |e| e.at));
    let games = arena.apply(at, event(what)).map_err(|e| refusal(t, e))?;
    t.arena.events.push(Stamped { at, event: what });
    t.arena
        .games
        .resize_with(arena.games().len(), GameRec::default);
    let config = arena.config();
    if at >= config.starts_at && t.status == Status::Entries {
        t.status = Status::Running;
    }
    if arena.is_over() {
        t.status = Status::Finished;
    }
    Ok(games)
}

/// Whether a tick at `now` would change `t`: start it, end it, or pair someone.
pub fn tick_due(t: &Tournament, now: u64) -> Result<bool, Refusal> {
    let config = arena_rules::config(t);
    let status_changes = match t.status {
        Status::Entries => now >= config.starts_at,
        Status::Running => now >= config.ends_at,
        Status::Finished => false,
    };
    if status_changes {
        return Ok(true);
    }
    let mut arena = replay(t)?;
    let at = now.max(t.arena.events.last().map_or(0, |e| e.at));
    Ok(arena
        .apply(at, ArenaEvent::Tick)
        .is_ok_and(|games| !games.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournaments::model::Entry as Entrant;

    /// An arena of `n` players from 1000 to 3000 ms, every one joined at 0.
    fn arena_of(n: usize) -> Tournament {
        let body = serde_json::json!({
            "id": "t", "director": "d", "director_name": "D", "status": "entries",
            "created_ms": 0, "seed": 7, "players": [], "rounds": [],
            "settings": {"name": "A", "format": "arena", "online": true,
                         "clock": {"initial_s": 60}, "starts_at": 1000, "arena_seconds": 2},
        });
        let mut t: Tournament = serde_json::from_value(body).unwrap();
        for i in 0..n {
            t.players.push(Entrant {
                name: format!("P{i}"),
                account: Some(format!("a{i}").into()),
                username: None,
                rating: 1500 + 10 * i as i32,
                start_score: 0,
                fesa_id: None,
                fesa_games: None,
                nationality: None,
                first_round: 0,
                withdrawn_from: None,
            });
            step(
                &mut t,
                0,
                Logged::Join {
                    player: i,
                    rating: 1500 + 10 * i as i32,
                },
            )
            .unwrap();
        }
        t
    }

    #[test]
    fn the_stored_log_gives_the_same_arena_again() {
        let mut t = arena_of(5);
        assert!(!tick_due(&t, 999).unwrap());
        assert!(tick_due(&t, 1000).unwrap());
        let paired = step(&mut t, 1000, Logged::Tick).unwrap();
        assert_eq!((paired.len(), t.status), (2, Status::Running));
        let finish = |game, result, plies| Logged::Finish {
            game,
            result,
            plies,
            sente_berserk: false,
            gote_berserk: false,
            ended_at: None,
        };
        // The first game ended a moment before its end was logged: it keeps its own time.
        let heard_late = Logged::Finish {
            game: 0,
            result: Outcome::Sente,
            plies: 30,
            sente_berserk: false,
            gote_berserk: false,
            ended_at: Some(1450),
        };
        step(&mut t, 1500, heard_late).unwrap();
        assert_eq!(replay(&t).unwrap().games()[0].finish.unwrap().at, 1450);
        // A log written before the end time was kept reads, as heard.
        let old: Stamped = serde_json::from_str(
            r#"{"at":1500,"event":{"type":"finish","game":0,"result":"sente","plies":30,
                "sente_berserk":false,"gote_berserk":false}}"#,
        )
        .unwrap();
        assert_eq!(old.event, finish(0, Outcome::Sente, 30));
        step(&mut t, 1600, finish(1, Outcome::Draw, 40)).unwrap();
        // A finish logged twice is refused and changes nothing.
        let before = t.arena.clone();
        assert!(step(&mut t, 1700, finish(0, Outcome::Gote, 30)).is_err());
        assert_eq!(t.arena, before);
        // A clock behind the log's is taken as the log's time.
        step(&mut t, 1200, Logged::Leave { player: 4 }).unwrap();
        assert_eq!(t.arena.events.last().unwrap().at, 1600);
        step(&mut t, 3000, Logged::Tick).unwrap();
        assert_eq!(t.status, Status::Finished);
        assert!(
            step(
                &mut t,
                3001,
                Logged::Join {
                    player: 4,
                    rating: 1
                }
            )
            .is_err()
        );

        let stored = serde_json::to_string(&t).unwrap();
        let again: Tournament = serde_json::from_str(&stored).unwrap();
        let (a, b) = (replay(&t).unwrap(), replay(&again).unwrap());
        assert_eq!(a.games(), b.games());
        assert_eq!(a.standings(), b.standings());
        assert_eq!(a.games().len(), t.arena.games.len());
        assert!(a.standings().iter().any(|s| s.score > 0));

        // The arena kept from the last replay gives what a whole replay gives, for the log
        // grown by an event and for another log under the same id.
        let whole = |t: &Tournament| {
            let mut fresh = t.clone();
            fresh.id = format!("{}-whole-{}", t.id, t.arena.events.len()).into();
            let arena = replay(&fresh).unwrap();
            (arena.games().to_vec(), arena.standings())
        };
        let kept = |t: &Tournament| {
            let arena = replay(t).unwrap();
            (arena.games().to_vec(), arena.standings())
        };
        let mut grown = arena_of(6);
        step(&mut grown, 1000, Logged::Tick).unwrap();
        replay(&grown).unwrap();
        step(&mut grown, 1100, finish(1, Outcome::Gote, 50)).unwrap();
        assert_eq!(kept(&grown), whole(&grown));
        let mut other = grown.clone();
        other.arena.events.truncate(3);
        step(&mut other, 1000, Logged::Tick).unwrap();
        assert_eq!(kept(&other), whole(&other));
        assert_ne!(kept(&other).0, kept(&grown).0);
    }
}
