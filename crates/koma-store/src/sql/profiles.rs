//! Players' games, written once for both databases: found by the seats' accounts.

use crate::Damage;
use crate::UserId;
use crate::profiles::{GameCounts, PlayerQuery, ProfileStore};
use crate::sql::{Backend, Numbered, count_to_sql, ms_to_sql, render, unstorable};
use crate::{GameStore, StoreError, StoredGame};
use sea_query::{Cond, Expr, ExprTrait, Iden, Order, SelectStatement, raw_sql};

/// The indexes of a player's games (SQLite's schema 7, PostgreSQL's 1): by either seat's
/// column, newest first (SQLite answers the `OR` of the two with both).
pub(crate) const INDEXES: &str = "
CREATE INDEX games_by_sente_user ON games(sente_user, created_ms);
CREATE INDEX games_by_gote_user  ON games(gote_user, created_ms);
";

/// The columns of `games` a player's list names.
#[derive(Iden)]
enum Games {
    Table,
    Id,
    SenteUser,
    GoteUser,
    Rated,
    CreatedMs,
    StartedMs,
    Ending,
}

/// The ids of the games `query` asks for, newest first (`stored_order` breaks ties).
pub(crate) fn player_games_query(
    query: &PlayerQuery,
    stored_order: &'static str,
) -> SelectStatement {
    let mut q = sea_query::Query::select();
    q.column(Games::Id)
        .from(Games::Table)
        .cond_where(
            Cond::any()
                .add(Expr::col(Games::SenteUser).eq(query.user.as_str()))
                .add(Expr::col(Games::GoteUser).eq(query.user.as_str())),
        )
        .order_by(Games::CreatedMs, Order::Desc)
        .order_by(stored_order, Order::Desc)
        .limit(u64::try_from(count_to_sql(query.page.limit)).unwrap_or(0))
        .offset(u64::try_from(count_to_sql(query.page.offset)).unwrap_or(0));
    if let Some(rated) = query.rated {
        q.and_where(Expr::col(Games::Rated).eq(rated));
    }
    if let Some(since) = query.since_ms {
        q.and_where(Expr::col(Games::CreatedMs).gte(ms_to_sql(since)));
    }
    if let Some(until) = query.until_ms {
        q.and_where(Expr::col(Games::CreatedMs).lte(ms_to_sql(until)));
    }
    let undecided = || Expr::col(Games::Ending).is_null();
    let mut states = Cond::any();
    if query.finished {
        states = states.add(Expr::col(Games::Ending).is_not_null());
    }
    if query.ongoing {
        states = states.add(undecided().and(Expr::col(Games::StartedMs).is_not_null()));
    }
    if query.waiting {
        states = states.add(undecided().and(Expr::col(Games::StartedMs).is_null()));
    }
    // None of the three: no game (an empty `any` is false).
    q.cond_where(states);
    q
}

impl<B: Backend> ProfileStore for B {
    fn player_games(&self, query: &PlayerQuery) -> Result<Vec<StoredGame>, StoreError> {
        if unstorable(&query.user) {
            return Ok(Vec::new());
        }
        let q = render(&player_games_query(query, B::STORED_ORDER));
        let ids = self.run(|db| db.rows(q))?;
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            // Games are never deleted, but stay safe.
            if let Some(game) = self.load_game(&id.id(0)?)? {
                games.push(game);
            }
        }
        Ok(games)
    }

    fn player_counts(&self, user: &UserId) -> Result<GameCounts, StoreError> {
        if unstorable(user) {
            return Ok(GameCounts::default());
        }
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT COUNT(*), COUNT(CASE WHEN rated THEN 1 END),
                COUNT(CASE WHEN ending IS NULL AND started_ms IS NOT NULL THEN 1 END)
             FROM games WHERE sente_user = {user} OR gote_user = {user}"
        );
        let row = self
            .run(|db| db.row(q))?
            .ok_or(Damage::NoAnswer("count of games"))?;
        let n =
            |i: usize| -> Result<u64, StoreError> { Ok(u64::try_from(row.int(i)?).unwrap_or(0)) };
        Ok(GameCounts {
            all: n(0)?,
            rated: n(1)?,
            playing: n(2)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SqliteStore;
    use crate::sql::Db;
    use crate::sql::lite::Lite;

    #[test]
    fn a_players_games_are_found_by_the_indexes_on_sqlite() {
        let store = SqliteStore::in_memory().unwrap();
        let query = PlayerQuery::all(
            &"alice".into(),
            crate::Page {
                offset: 0,
                limit: 10,
            },
        );
        let mut q = render(&player_games_query(&query, "rowid"));
        q.sql = format!("EXPLAIN QUERY PLAN {}", q.sql);
        let plan: Vec<String> = Lite(&store.conn())
            .rows(q)
            .unwrap()
            .iter()
            .map(|r| r.text(3).unwrap())
            .collect();
        let plan = plan.join("\n");
        assert!(plan.contains("games_by_sente_user"), "{plan}");
        assert!(plan.contains("games_by_gote_user"), "{plan}");
        assert!(!plan.contains("SCAN games"), "{plan}");
    }
}
