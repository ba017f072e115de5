//! Arenas driven by random events, checked against a model the test keeps itself, and a
//! small arena followed by hand.

use crate::common::Rng;
use koma_tournament::arena::{Arena, ArenaConfig, ArenaError, ArenaEvent, ArenaGame, PlayerId};
use koma_tournament::record::GameResult;
use std::collections::{HashMap, HashSet};

const START: u64 = 10_000;

fn config(minutes: u64, berserk: bool, streaks: bool, count_running_at_end: bool) -> ArenaConfig {
    ArenaConfig {
        starts_at: START,
        ends_at: START + minutes * 60_000,
        berserk,
        streaks,
        count_running_at_end,
        seed: 7,
    }
}

/// What the test knows of the arena from the events it sent and the games it was given.
#[derive(Default)]
struct Model {
    joined: HashSet<PlayerId>,
    active: HashSet<PlayerId>,
    playing: HashMap<PlayerId, usize>,
    last: HashMap<PlayerId, PlayerId>,
}

impl Model {
    fn waiting(&self) -> HashSet<PlayerId> {
        self.active
            .iter()
            .filter(|p| !self.playing.contains_key(p))
            .copied()
            .collect()
    }

    fn may_meet(&self, a: PlayerId, b: PlayerId) -> bool {
        self.active.len() == 2 || (self.last.get(&a) != Some(&b) && self.last.get(&b) != Some(&a))
    }
}

/// The points of one player by a plain walk over the arena's games, written apart from the
/// crate's scoring: a count of wins in a row and whether a draw came since the last win.
fn naive_score(arena: &Arena, player: PlayerId) -> i32 {
    let c = arena.config();
    let (mut total, mut wins_in_row, mut drew_since_win) = (0, 0, false);
    for g in arena.games() {
        let Some(f) = g.finish else { continue };
        if (g.sente != player && g.gote != player)
            || f.result == GameResult::Unplayed
            || (f.at >= c.ends_at && !c.count_running_at_end)
        {
            continue;
        }
        let me_sente = g.sente == player;
        let berserk = if me_sente {
            f.sente_berserk
        } else {
            f.gote_berserk
        };
        let fire = c.streaks && wins_in_row >= 2;
        match f.result {
            GameResult::Draw => {
                total += if f.plies < 20 {
                    0
                } else if fire {
                    2
                } else if f.plies < 60 && drew_since_win {
                    0
                } else {
                    1
                };
                wins_in_row = 0;
                drew_since_win = true;
            }
            r if (r == GameResult::SenteWins) == me_sente => {
                total += if fire { 4 } else { 2 };
                if berserk && f.plies >= 14 {
                    total += 1;
                }
                wins_in_row += 1;
                drew_since_win = false;
            }
            _ => wins_in_row = 0,
        }
    }
    total
}

/// A random event for the arena as the model sees it.
fn random_event(
    rng: &mut Rng,
    model: &Model,
    players: u32,
    running: &[usize],
    berserk: bool,
) -> ArenaEvent {
    match rng.below(10) {
        0..=2 => ArenaEvent::Join {
            player: rng.below(players as usize) as u32,
            rating: 1000 + rng.below(1500) as i32,
        },
        3 => ArenaEvent::Pause {
            player: rng.below(players as usize) as u32,
        },
        4 => ArenaEvent::Leave {
            player: rng.below(players as usize) as u32,
        },
        5..=8 if !running.is_empty() => {
            let result = match rng.below(9) {
                0 => GameResult::Unplayed,
                1 | 2 => GameResult::Draw,
                3..=5 => GameResult::SenteWins,
                _ => GameResult::GoteWins,
            };
            ArenaEvent::GameFinished {
                game: running[rng.below(running.len())],
                result,
                plies: rng.below(120) as u32,
                sente_berserk: berserk && rng.below(3) == 0,
                gote_berserk: berserk && rng.below(3) == 0,
                ended_at: None,
            }
        }
        // A wrong game now and then: a finished or unknown one.
        9 if !model.last.is_empty() && rng.below(4) == 0 => ArenaEvent::GameFinished {
            game: rng.below(1000),
            result: GameResult::Draw,
            plies: 30,
            sente_berserk: false,
            gote_berserk: false,
            ended_at: None,
        },
        _ => ArenaEvent::Tick,
    }
}

/// One random arena: every wave is checked against the model; at the end the scores are
/// checked against the naive count.
fn random_arena(seed: u64) -> (usize, usize) {
    let mut rng = Rng(seed);
    let players = 2 + rng.below(24) as u32;
    let cfg = config(
        1 + rng.below(30) as u64,
        rng.below(2) == 0,
        rng.below(4) != 0,
        rng.below(2) == 0,
    );
    let mut arena = Arena::new(cfg).unwrap();
    let mut model = Model::default();
    let mut running: Vec<usize> = Vec::new();
    let mut now = rng.below(START as usize + 5_000) as u64;
    let (mut games, mut rematches) = (0, 0);
    let span = (cfg.ends_at - START + 20_000) as usize;
    for _ in 0..(50 + rng.below(400)) {
        now += (rng.below(span / 60 + 1)) as u64;
        let event = random_event(&mut rng, &model, players, &running, cfg.berserk);
        let before = (arena.games().to_vec(), arena.standings());
        let new = match arena.apply(now, event) {
            Ok(new) => new,
            Err(_) => {
                assert_eq!(
                    (arena.games().to_vec(), arena.standings()),
                    before,
                    "an error changed the arena"
                );
                continue;
            }
        };
        // The model follows the event.
        match event {
            ArenaEvent::Join { player, .. } => {
                model.joined.insert(player);
                model.active.insert(player);
            }
            ArenaEvent::Pause { player } | ArenaEvent::Leave { player } => {
                model.active.remove(&player);
                if now < START {
                    if let ArenaEvent::Leave { .. } = event {
                        model.joined.remove(&player);
                    }
                }
            }
            ArenaEvent::GameFinished { game, .. } => {
                running.retain(|&g| g != game);
                let g = arena.games()[game];
                model.playing.remove(&g.sente);
                model.playing.remove(&g.gote);
            }
            ArenaEvent::Tick => {}
        }
        let waiting = model.waiting();
        if now < START || now >= cfg.ends_at {
            assert!(
                new.is_empty(),
                "no pairing outside the arena's time ({now})"
            );
        }
        let mut seen = HashSet::new();
        for g in &new {
            assert!(g.started_at >= START && g.started_at < cfg.ends_at);
            for p in [g.sente, g.gote] {
                assert!(seen.insert(p), "{p} paired twice in one wave");
                assert!(waiting.contains(&p), "{p} paired while not waiting");
            }
            if !model.may_meet(g.sente, g.gote)
                || model.last.get(&g.sente) == Some(&g.gote)
                || model.last.get(&g.gote) == Some(&g.sente)
            {
                rematches += 1;
                assert_eq!(
                    waiting.len(),
                    2,
                    "a rematch while another free opponent was waiting"
                );
            }
        }
        for g in &new {
            model.playing.insert(g.sente, g.id);
            model.playing.insert(g.gote, g.id);
            model.last.insert(g.sente, g.gote);
            model.last.insert(g.gote, g.sente);
            running.push(g.id);
            games += 1;
        }
        // Nobody left waiting who could have played someone else left waiting.
        if now >= START && now < cfg.ends_at {
            let left: Vec<PlayerId> = model.waiting().into_iter().collect();
            for (i, &a) in left.iter().enumerate() {
                for &b in &left[i + 1..] {
                    assert!(!model.may_meet(a, b), "{a} and {b} were both left waiting");
                }
            }
        }
    }
    let table = arena.standings();
    let mut listed: Vec<PlayerId> = table.iter().map(|s| s.player).collect();
    listed.sort();
    let mut joined: Vec<PlayerId> = model.joined.iter().copied().collect();
    joined.sort();
    assert_eq!(listed, joined);
    for (i, s) in table.iter().enumerate() {
        assert_eq!(s.rank, i + 1);
        assert_eq!(
            s.score,
            naive_score(&arena, s.player),
            "player {}",
            s.player
        );
        assert_eq!(s.active, model.active.contains(&s.player));
    }
    assert!(table.windows(2).all(|w| w[0].score >= w[1].score));
    (games, rematches)
}

#[test]
fn random_arenas_keep_their_rules() {
    let (mut games, mut rematches) = (0, 0);
    for seed in 0..1500 {
        let (g, r) = random_arena(seed);
        games += g;
        rematches += r;
    }
    // The runs did pair games, and did reach the two-player exception now and then.
    assert!(games > 20_000, "{games} games");
    assert!(rematches > 0);
}

fn finish(game: usize, result: GameResult, plies: u32) -> ArenaEvent {
    ArenaEvent::GameFinished {
        game,
        result,
        plies,
        sente_berserk: false,
        gote_berserk: false,
        ended_at: None,
    }
}

fn pair_of(g: &ArenaGame) -> (PlayerId, PlayerId) {
    (g.sente.min(g.gote), g.sente.max(g.gote))
}

#[test]
fn a_small_arena_by_hand() {
    let mut arena = Arena::new(config(10, true, true, false)).unwrap();
    for (p, rating) in [(1, 1800), (2, 1700), (3, 1600), (4, 1500)] {
        assert_eq!(
            arena.apply(0, ArenaEvent::Join { player: p, rating }),
            Ok(vec![])
        );
    }
    assert_eq!(
        arena.apply(
            1,
            ArenaEvent::Join {
                player: 4,
                rating: 1
            }
        ),
        Err(ArenaError::AlreadyActive(4))
    );
    // At the start, neighbours by rating meet.
    let first = arena.apply(START, ArenaEvent::Tick).unwrap();
    assert_eq!(
        first.iter().map(pair_of).collect::<Vec<_>>(),
        vec![(1, 2), (3, 4)]
    );
    // 1 beats 2 berserk in 20 plies; 1 is free, but alone: no game.
    let g0 = first[0];
    let one_sente = g0.sente == 1;
    let won = ArenaEvent::GameFinished {
        game: 0,
        result: if one_sente {
            GameResult::SenteWins
        } else {
            GameResult::GoteWins
        },
        plies: 20,
        sente_berserk: one_sente,
        gote_berserk: !one_sente,
        ended_at: None,
    };
    assert_eq!(arena.apply(START + 100, won), Ok(vec![]));
    // 3 and 4 draw (1 point each): 4's performance (1600, from meeting 3) puts it above 3
    // (1500), and 2 has nothing. 1 (3 points) may not meet 2 again, so 1 meets its
    // neighbour 4, and 3 meets 2.
    let next = arena
        .apply(START + 200, finish(1, GameResult::Draw, 30))
        .unwrap();
    assert_eq!(
        next.iter().map(pair_of).collect::<Vec<_>>(),
        vec![(1, 4), (2, 3)]
    );
    let table = arena.standings();
    assert_eq!(table[0].player, 1);
    assert_eq!(table[0].score, 3);
    assert_eq!(table[0].performance, Some(1700 + 500));
    assert_eq!(
        arena.apply(START + 250, finish(1, GameResult::Draw, 30)),
        Err(ArenaError::AlreadyFinished(1))
    );
    assert_eq!(
        arena.apply(START + 10, ArenaEvent::Tick),
        Err(ArenaError::TimeWentBack {
            at: START + 10,
            now: START + 200
        })
    );
    // 2 pauses mid-game; when its game ends it is not paired again.
    assert_eq!(
        arena.apply(START + 300, ArenaEvent::Pause { player: 2 }),
        Ok(vec![])
    );
    let g3 = next[1].id;
    assert_eq!(
        arena.apply(START + 400, finish(g3, GameResult::SenteWins, 80)),
        Ok(vec![])
    );
    // The end: 1 v 3 is still running; it does not count under lishogi's rule.
    let end = START + 10 * 60_000;
    assert_eq!(
        arena.apply(
            end,
            ArenaEvent::Join {
                player: 9,
                rating: 1500
            }
        ),
        Err(ArenaError::Over(9))
    );
    let g2 = next[0].id;
    let before = arena.standings();
    assert_eq!(
        arena.apply(end + 5, finish(g2, GameResult::SenteWins, 90)),
        Ok(vec![])
    );
    assert_eq!(arena.standings(), before);
    assert!(arena.is_over());
}

/// A one-minute arena without berserk, players 1 to `players` (rated 1500) joined before
/// its start, and the games of its start.
fn started(players: PlayerId, count_running_at_end: bool) -> (Arena, Vec<ArenaGame>) {
    let mut arena = Arena::new(config(1, false, true, count_running_at_end)).unwrap();
    for player in 1..=players {
        let join = ArenaEvent::Join {
            player,
            rating: 1500,
        };
        arena.apply(0, join).unwrap();
    }
    let games = arena.apply(START, ArenaEvent::Tick).unwrap();
    (arena, games)
}

#[test]
fn a_game_counts_by_when_it_ended_not_when_it_was_heard() {
    // Two games of a one-minute arena end, each heard a second after the arena's end: the
    // first ended a moment before the end and counts, the second after it and does not.
    let end = START + 60_000;
    let (mut arena, games) = started(4, false);
    assert_eq!(games.len(), 2);
    let ended = |game, ended_at| ArenaEvent::GameFinished {
        game,
        result: GameResult::SenteWins,
        plies: 40,
        sente_berserk: false,
        gote_berserk: false,
        ended_at: Some(ended_at),
    };
    arena.apply(end + 1_000, ended(0, end - 10)).unwrap();
    arena.apply(end + 1_001, ended(1, end + 10)).unwrap();
    let finish = |g: usize| arena.games()[g].finish.unwrap().at;
    assert_eq!((finish(0), finish(1)), (end - 10, end + 10));
    assert!(arena.counts(&arena.games()[0]));
    assert!(!arena.counts(&arena.games()[1]));
    let score = |p| {
        arena
            .standings()
            .iter()
            .find(|s| s.player == p)
            .unwrap()
            .score
    };
    assert_eq!(score(games[0].sente), 2);
    assert_eq!(score(games[1].sente), 0);
    // An end time after the event's is the event's; one before the pairing, the pairing's.
    let (mut arena, _) = started(2, false);
    arena.apply(START + 500, ended(0, START - 5)).unwrap();
    assert_eq!(arena.games()[0].finish.unwrap().at, START);
    let (mut arena, _) = started(2, false);
    arena.apply(START + 500, ended(0, u64::MAX)).unwrap();
    assert_eq!(arena.games()[0].finish.unwrap().at, START + 500);
}

#[test]
fn games_running_at_the_end_can_count() {
    let (mut arena, g) = started(2, true);
    assert_eq!(g.len(), 1);
    let late = START + 60_000 + 1;
    let winner = g[0].sente;
    assert_eq!(
        arena.apply(late, finish(0, GameResult::SenteWins, 40)),
        Ok(vec![])
    );
    assert_eq!(arena.standings()[0].player, winner);
    assert_eq!(arena.standings()[0].score, 2);
    // Berserk where it is not allowed is refused.
    let (mut arena, _) = started(2, true);
    let berserk = ArenaEvent::GameFinished {
        game: 0,
        result: GameResult::Draw,
        plies: 40,
        sente_berserk: true,
        gote_berserk: false,
        ended_at: None,
    };
    assert_eq!(
        arena.apply(START + 1, berserk),
        Err(ArenaError::BerserkNotAllowed(0))
    );
    assert_eq!(
        Arena::new(config(0, false, true, true)).err(),
        Some(ArenaError::Empty {
            starts_at: START,
            ends_at: START
        })
    );
}

#[test]
fn two_players_alone_meet_again_and_leaving_before_the_start_removes() {
    let mut arena = Arena::new(config(5, false, true, false)).unwrap();
    for p in [1, 2, 3] {
        arena
            .apply(
                0,
                ArenaEvent::Join {
                    player: p,
                    rating: 1500,
                },
            )
            .unwrap();
    }
    arena.apply(5, ArenaEvent::Leave { player: 3 }).unwrap();
    assert_eq!(arena.standings().len(), 2);
    let g = arena.apply(START, ArenaEvent::Tick).unwrap();
    assert_eq!(g.len(), 1);
    // Only two active players: they meet again at once, and colours alternate by balance.
    let again = arena
        .apply(START + 1, finish(0, GameResult::Draw, 40))
        .unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!((again[0].sente, again[0].gote), (g[0].gote, g[0].sente));
    // A third player joins: the two who just met are not paired again while 3 waits.
    arena
        .apply(
            START + 2,
            ArenaEvent::Join {
                player: 3,
                rating: 1500,
            },
        )
        .unwrap();
    let third = arena
        .apply(START + 3, finish(1, GameResult::SenteWins, 40))
        .unwrap();
    assert_eq!(third.len(), 1);
    assert!(third[0].sente == 3 || third[0].gote == 3);
}
