//! Rated games: the Glicko-2 update when one ends (once, whatever ends it, even across a
//! restart), the ratings per pool as lishogi's API shows them (`perfs`) and the rating
//! history for a player's plot (`GET /api/user/{name}/rating-history`).
//!
//! Each pool is a variant and a speed (`koma_game::rating::Pool`: `shogi-blitz`). lishogi
//! keys standard shogi's ratings by speed (`blitz`), so koma's shogi pools are shown under
//! the speed's key; Tori Shogi's keep their pool key (`tori-blitz`).

use crate::error::ApiError;
use crate::games::LiveGame;
use crate::hub::Hub;
use crate::view::OutcomeView;
use koma_game::datetime;
use koma_game::rating::{Glicko, Pool, Speed};
use koma_rules::{Color, GameKind, VariantKind};
use koma_store::UserId;
use koma_store::ratings::{HistoryRow, RatedGame};
use koma_store::{StoreError, StoredGame};
use serde_json::{Map, Value, json};

/// The game to rate, if `stored` is a decided rated game between two accounts; a game
/// whose result names no winner or draw (an aborted one) is not rated.
fn to_rate(stored: &StoredGame) -> Result<Option<RatedGame>, StoreError> {
    let game = &stored.game;
    let (Some(outcome), true, [Some(sente), Some(gote)]) =
        (&stored.outcome, game.rated, &game.players)
    else {
        return Ok(None);
    };
    let Some(view) = OutcomeView::parse(&outcome.result) else {
        return Ok(None);
    };
    let winner = match view.winner {
        Some("sente") => Some(Color::Black),
        Some(_) => Some(Color::White),
        None => None,
    };
    Ok(Some(RatedGame {
        id: game.id.clone(),
        pool: game.setup.pool(),
        players: [sente.clone(), gote.clone()],
        winner,
        at_ms: outcome.at_ms,
    }))
}

impl Hub {
    /// What follows every ending (moves, resignation, time, declaration, agreement): a rated
    /// game updates both ratings, then the players' view shows the change. A failure is
    /// logged: the game stays decided, and the next start rates it ([`Hub::rate_pending`]).
    pub(crate) async fn game_ended(&self, live: &mut LiveGame) {
        let Some(at_ms) = live.ended_ms else {
            return;
        };
        let game = &live.stored;
        if !game.rated {
            return;
        }
        let [Some(sente), Some(gote)] = game.players.clone() else {
            return;
        };
        let winner = live.game.outcome().and_then(|o| o.winner);
        let rated = RatedGame {
            id: game.id.clone(),
            pool: game.setup.pool(),
            players: [sente, gote],
            winner,
            at_ms,
        };
        let id = rated.id.clone();
        if let Err(e) = self.blocking(move |s| s.rate_game(&rated)).await {
            eprintln!("koma serve: game {id}: rating failed: {e}");
        }
        if let Err(e) = self.refresh_players(live).await {
            eprintln!("koma serve: game {id}: {e}");
        }
    }

    /// Fills the players of `live` from the store: names, ratings, and the changes of a
    /// rated game once rated.
    pub(crate) async fn refresh_players(&self, live: &mut LiveGame) -> Result<(), StoreError> {
        if live.stored.players.iter().all(Option::is_none) {
            // Guests and the engine: nothing to read (and no store call per guest game).
            live.players = [None, None];
            return Ok(());
        }
        let game = live.stored.clone();
        let now_s = live.now() / 1000;
        live.players = self
            .blocking(move |s| {
                crate::players::load(s, &game.id, &game.setup, game.rated, &game.players, now_s)
            })
            .await?;
        Ok(())
    }

    /// Rates the decided rated games that were not rated (the server stopped between the
    /// end and the update); how many.
    pub async fn rate_pending(&self) -> Result<usize, StoreError> {
        let ids = self.blocking(|s| s.unrated_games()).await?;
        let mut rated = 0;
        for id in ids {
            let key = id.clone();
            let Some(stored) = self.blocking(move |s| s.load_game(&key)).await? else {
                continue;
            };
            if let Some(game) = to_rate(&stored)? {
                self.blocking(move |s| s.rate_game(&game)).await?;
                rated += 1;
            }
        }
        Ok(rated)
    }
}

/// The key a pool is shown under in `perfs` and the history: the speed's for shogi
/// (lishogi's), the pool's for other variants.
pub(crate) fn shown_key(pool: &str) -> String {
    match pool.parse::<Pool>() {
        Ok(Pool {
            variant: GameKind::Family(VariantKind::Shogi),
            speed,
        }) => speed.key().to_string(),
        _ => pool.to_string(),
    }
}

/// How much the rating moved over the recent games, as lishogi's `Perf.progress`: the
/// latest rating minus the oldest of the last 12 games counted (a pool's first 10 games are
/// not counted), whole numbers.
fn progress(history: &[f64]) -> i64 {
    const UNCOUNTED: usize = 10;
    const RECENT: usize = 12;
    let counted = history.get(UNCOUNTED..).unwrap_or(&[]);
    let recent = &counted[counted.len().saturating_sub(RECENT)..];
    match (recent.first(), recent.last()) {
        (Some(first), Some(last)) => *last as i64 - *first as i64,
        _ => 0,
    }
}

/// One pool in lishogi's shape: `games`, `rating`, `rd`, `prog`, and `prov: true` while
/// provisional (lishogi adds `prov` only then); koma adds the rank (`rank`, `rank_ja`).
fn perf(glicko: &Glicko, history: &[f64], now_s: u64) -> Value {
    let now = glicko.at(now_s);
    let mut v = json!({
        "games": glicko.games,
        "rating": now.int_rating(),
        "rd": now.deviation as i64,
        "prog": progress(history),
    });
    let rank = koma_game::rating::Rank::of(now.rating);
    v["rank"] = json!(rank.to_string());
    v["rank_ja"] = json!(rank.japanese());
    if now.is_provisional() {
        v["prov"] = json!(true);
    }
    v
}

/// The `perfs` of `user`: every shogi speed (as lishogi lists its standard ratings even
/// before a game), and the other variants' pools where the player has a rating.
pub fn perfs(
    store: &dyn crate::Store,
    user: &UserId,
    now_s: u64,
) -> Result<Map<String, Value>, StoreError> {
    let ratings = store.ratings(user)?;
    let history = store.rating_history(user)?;
    let of_pool = |key: &str| -> Vec<f64> {
        history
            .iter()
            .filter(|h| h.pool == key)
            .map(|h| h.rating)
            .collect()
    };
    let mut out = Map::new();
    for speed in Speed::ALL {
        let key = Pool {
            variant: GameKind::Family(VariantKind::Shogi),
            speed,
        }
        .key();
        let glicko = ratings
            .iter()
            .find(|(pool, _)| *pool == key)
            .map_or_else(Glicko::default, |(_, g)| *g);
        out.insert(
            speed.key().to_string(),
            perf(&glicko, &of_pool(&key), now_s),
        );
    }
    for (pool, glicko) in &ratings {
        let shown = shown_key(pool);
        if !out.contains_key(&shown) {
            out.insert(shown, perf(glicko, &of_pool(pool), now_s));
        }
    }
    Ok(out)
}

/// The rating history in lishogi's shape: `[{"name", "points": [[year, month (0-11), day,
/// rating], ...]}]`, one point a day (the day's last rating, UTC), a series for every shogi
/// speed and for each other pool with points.
pub fn history_json(rows: &[HistoryRow]) -> Value {
    let mut names: Vec<String> = Speed::ALL.iter().map(|s| s.key().to_string()).collect();
    for row in rows {
        let name = shown_key(&row.pool);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let series: Vec<Value> = names
        .into_iter()
        .map(|name| {
            let mut points: Vec<(i64, i64)> = Vec::new();
            for row in rows.iter().filter(|r| shown_key(&r.pool) == name) {
                let day = (row.at_ms / 86_400_000) as i64;
                let rating = row.rating as i64;
                match points.last_mut() {
                    Some(last) if last.0 == day => last.1 = rating,
                    _ => points.push((day, rating)),
                }
            }
            let points: Vec<Value> = points
                .into_iter()
                .map(|(day, rating)| {
                    let (year, month, d) = datetime::civil(day);
                    json!([year, month - 1, d, rating])
                })
                .collect();
            json!({ "name": name, "points": points })
        })
        .collect();
    Value::Array(series)
}

/// The account as `accounts::json::user` writes it, with its `perfs` filled (a deleted
/// account has none).
pub async fn user_json(hub: &Hub, user: &koma_store::accounts::User) -> Result<Value, ApiError> {
    let mut view = crate::accounts::json::user(user);
    if view.get("perfs").is_some() {
        let id = user.id.clone();
        let now_s = crate::games::unix_ms() / 1000;
        let (perfs, counts) = hub
            .blocking(move |s| Ok((perfs(s, &id, now_s)?, s.player_counts(&id)?)))
            .await?;
        view["perfs"] = Value::Object(perfs);
        view["count"] = crate::profiles::counts_json(counts);
    }
    Ok(view)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_counts_from_the_eleventh_game_and_the_last_twelve() {
        assert_eq!(progress(&[1500.0; 10]), 0);
        let mut h: Vec<f64> = (0..10).map(|i| 1000.0 + f64::from(i)).collect();
        h.push(1600.0);
        assert_eq!(progress(&h), 0);
        h.push(1650.9);
        assert_eq!(progress(&h), 50);
        h.extend((0..20).map(|i| 1700.0 + f64::from(i)));
        // The last 12: 1708 .. 1719.
        assert_eq!(progress(&h), 11);
    }

    #[test]
    fn history_has_a_point_a_day_and_shogi_pools_by_speed() {
        let row = |pool: &str, at_ms: u64, rating: f64| HistoryRow {
            game_id: "g".into(),
            pool: pool.into(),
            at_ms,
            rating,
            deviation: 100.0,
        };
        // 2026-11-25 is day 20782.
        let day = 20_782 * 86_400_000;
        let rows = [
            row("shogi-blitz", day + 1_000, 1662.2),
            row("shogi-blitz", day + 2_000, 1700.9),
            row("shogi-blitz", day + 86_400_000, 1650.0),
            row("tori-rapid", day, 1400.0),
        ];
        let v = history_json(&rows);
        let names: Vec<&str> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "ultraBullet",
                "bullet",
                "blitz",
                "rapid",
                "classical",
                "correspondence",
                "tori-rapid"
            ]
        );
        assert_eq!(
            v[2]["points"],
            json!([[2026, 10, 25, 1700], [2026, 10, 26, 1650]])
        );
        assert_eq!(v[0]["points"], json!([]));
        assert_eq!(v[6]["points"], json!([[2026, 10, 25, 1400]]));
    }

    #[test]
    fn decided_rated_games_are_rated_and_aborted_ones_not() {
        use koma_store::{Ending, GameSetup, NewGame, StoredOutcome};
        let stored = |result: &str, players: [Option<UserId>; 2]| StoredGame {
            game: NewGame {
                id: "g".into(),
                setup: GameSetup {
                    variant: GameKind::Family(VariantKind::Shogi),
                    start_sfen: String::new(),
                    rules: koma_game::RuleSet::AMATEUR,
                    time_control: "sudden:3m".parse().ok(),
                },
                seat_tokens: [String::new(), String::new()],
                invite: String::new(),
                creator: Color::Black,
                created_ms: 0,
                engine: None,
                players,
                rated: true,
            },
            started_ms: Some(1),
            moves: Vec::new(),
            outcome: Some(StoredOutcome {
                ending: Ending::Board,
                at_ms: 9_000,
                result: result.into(),
            }),
            rematch: None,
            berserk: [false; 2],
        };
        let both = [Some("a".into()), Some("b".into())];
        let game = to_rate(&stored("gote resignation", both.clone()))
            .unwrap()
            .unwrap();
        assert_eq!(
            (game.winner, game.at_ms, game.pool.key()),
            (Some(Color::White), 9_000, "shogi-bullet".to_string())
        );
        let draw = to_rate(&stored("draw sennichite", both.clone()))
            .unwrap()
            .unwrap();
        assert_eq!(draw.winner, None);
        assert_eq!(
            to_rate(&stored("aborted (no first move)", both)).unwrap(),
            None
        );
        assert_eq!(
            to_rate(&stored("sente resignation", [None, Some("b".into())])).unwrap(),
            None
        );
    }

    #[test]
    fn pools_from_the_stored_setup() {
        let setup = |time_control: Option<&str>| koma_store::GameSetup {
            variant: GameKind::Family(VariantKind::Shogi),
            start_sfen: String::new(),
            rules: koma_game::RuleSet::AMATEUR,
            time_control: time_control.map(|t| t.parse().unwrap()),
        };
        assert_eq!(setup(Some("5m+10s")).pool().key(), "shogi-blitz");
        assert_eq!(setup(None).pool().key(), "shogi-correspondence");
        // Days per move: correspondence, Chu's in its own pool.
        assert_eq!(setup(Some("0+3d")).pool().key(), "shogi-correspondence");
        let chu = koma_store::GameSetup {
            variant: GameKind::Chu,
            ..setup(Some("0+1d"))
        };
        assert_eq!(chu.pool().key(), "chushogi-correspondence");
        assert_eq!(shown_key("shogi-rapid"), "rapid");
        assert_eq!(shown_key("tori-rapid"), "tori-rapid");
    }
}
