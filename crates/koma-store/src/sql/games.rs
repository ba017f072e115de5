//! Games, their moves and chat, written once for both databases: every store that is a
//! [`Backend`] is a [`GameStore`].

use crate::sql::{
    Backend, Db, Lease, Numbered, Query, Row, count_to_sql, ms_to_sql, render, unstorable,
};
use crate::store::GameStore;
use crate::{
    ChatLine, Ending, EngineLevel, EngineSeat, GameId, GameSetup, GameSummary, NewGame, Page, Room,
    StoreError, StoredGame, StoredMove, StoredOutcome, color_from_name,
};
use crate::{Damage, Refusal};
use koma_game::RuleSet;
use koma_rules::{Color, GameKind};
use sea_query::{Expr, ExprTrait, Iden, Order, raw_sql};

/// Schema 13: which seats went berserk in an arena (see [`GameStore::set_berserk`]).
pub(crate) const BERSERK: &str = "
ALTER TABLE games ADD COLUMN sente_berserk BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE games ADD COLUMN gote_berserk BOOLEAN NOT NULL DEFAULT FALSE;
";

/// The columns of `games` the builder's statements name.
#[derive(Iden)]
enum Games {
    Table,
    Id,
    Ending,
    CreatedMs,
    Variant,
    StartSfen,
    Rules,
    TimeControl,
    StartedMs,
    Result,
    Rated,
    SenteUser,
    GoteUser,
}

/// The columns of `moves`.
#[derive(Iden)]
enum Moves {
    Table,
    GameId,
    Ply,
}

/// The names an ending is stored by: its kind and the side it names, if any.
pub(crate) fn ending_to_sql(ending: Ending) -> (&'static str, Option<&'static str>) {
    match ending {
        Ending::Board => ("board", None),
        Ending::Resignation(c) => ("resignation", Some(c.name())),
        Ending::TimeForfeit => ("time-forfeit", None),
        Ending::Declaration => ("declaration", None),
        Ending::Agreement => ("agreement", None),
        Ending::Aborted => ("aborted", None),
        Ending::Abandoned(c) => ("abandoned", Some(c.name())),
    }
}

/// The ending stored as `kind` and `color`.
pub(crate) fn ending_from_sql(kind: &str, color: Option<&str>) -> Result<Ending, StoreError> {
    Ok(match (kind, color) {
        ("board", _) => Ending::Board,
        ("resignation", Some(c)) => Ending::Resignation(color_from_name(c)?),
        ("time-forfeit", _) => Ending::TimeForfeit,
        ("declaration", _) => Ending::Declaration,
        ("agreement", _) => Ending::Agreement,
        ("aborted", _) => Ending::Aborted,
        ("abandoned", Some(c)) => Ending::Abandoned(color_from_name(c)?),
        (other, _) => {
            return Err(Damage::Unknown {
                column: "ending",
                value: other.to_string(),
            }
            .into());
        }
    })
}

/// The engine's seat from its three columns (none without a seat).
pub(crate) fn engine_from_sql(
    seat: Option<String>,
    movetime_ms: Option<u64>,
    depth: Option<i64>,
) -> Result<Option<EngineSeat>, StoreError> {
    let Some(seat) = seat else {
        return Ok(None);
    };
    let depth = depth
        .map(|d| {
            u32::try_from(d).map_err(|_| Damage::Unknown {
                column: "engine_depth",
                value: d.to_string(),
            })
        })
        .transpose()?;
    Ok(Some(EngineSeat {
        seat: color_from_name(&seat)?,
        level: EngineLevel { movetime_ms, depth },
    }))
}

/// Inserts a new game (started at `started_ms`, if given), its first lease this server's.
fn insert_game<B: Backend>(
    store: &B,
    db: &mut dyn Db,
    g: &NewGame,
    started_ms: Option<u64>,
) -> Result<(), StoreError> {
    let engine = g.engine.as_ref();
    let (creator, created, started) = (
        g.creator.name(),
        ms_to_sql(g.created_ms),
        started_ms.map(ms_to_sql),
    );
    let engine_seat = engine.map(|e| e.seat.name());
    let movetime = engine.and_then(|e| e.level.movetime_ms).map(ms_to_sql);
    let depth = engine.and_then(|e| e.level.depth).map(i64::from);
    let (owner, epoch) = store.new_lease();
    let (variant, rules) = (g.setup.variant.name(), g.setup.rules.name);
    let time_control = g.setup.time_control.as_ref().map(|c| c.to_string());
    let (sente, gote) = (g.seat_tokens[0].as_str(), g.seat_tokens[1].as_str());
    let (sente_user, gote_user) = (g.players[0].as_deref(), g.players[1].as_deref());
    db.execute(raw_sql!(
        seaql::Numbered::query,
        "INSERT INTO games (id, variant, start_sfen, rules, time_control, creator,
            sente_token, gote_token, invite, created_ms, started_ms,
            engine_seat, engine_movetime_ms, engine_depth, sente_user, gote_user, rated,
            owner, epoch)
         VALUES ({g.id}, {variant}, {g.setup.start_sfen}, {rules},
            {time_control}, {creator}, {sente}, {gote}, {g.invite}, {created},
            {started}, {engine_seat}, {movetime}, {depth}, {sente_user}, {gote_user},
            {g.rated}, {owner}, {epoch})"
    ))
    .map_err(|e| e.refusal(|| format!("game {}", g.id)))?;
    Ok(())
}

/// Runs the write `q` of the game `id` under `lease`: how many rows it changed, or
/// [`StoreError::NotOwner`] if it changed none because another server took the lease.
fn write_game<B: Backend>(
    store: &B,
    id: &str,
    lease: &Lease,
    q: Query,
) -> Result<usize, StoreError> {
    store.run(|db| {
        let changed = store.write_game(db, id, q)?;
        if changed == 0 {
            store.check_lease(db, id, lease)?;
        }
        Ok(changed)
    })
}

/// A game's setup from columns 1 to 4 of its row: variant, start, rules, time control.
fn setup_from_row(row: &Row) -> Result<GameSetup, StoreError> {
    let name = row.text(1)?;
    let variant = GameKind::from_name(&name).ok_or(Damage::Unknown {
        column: "variant",
        value: name,
    })?;
    let rules = row.text(3)?;
    let time_control = match row.opt_text(4)? {
        None => None,
        Some(text) => Some(text.parse().map_err(|_| Damage::Unknown {
            column: "time_control",
            value: text,
        })?),
    };
    Ok(GameSetup {
        variant,
        start_sfen: row.text(2)?,
        rules: RuleSet::named_for(variant, &rules).ok_or(Damage::Unknown {
            column: "rules",
            value: rules,
        })?,
        time_control,
    })
}

/// The game `id` from its row (the columns of `load_game`'s SELECT) and its moves.
fn game_from_row(id: &str, row: &Row, moves: Vec<StoredMove>) -> Result<StoredGame, StoreError> {
    let outcome = match (row.opt_text(11)?, row.opt_ms(13)?, row.opt_text(14)?) {
        (Some(kind), Some(at_ms), Some(result)) => Some(StoredOutcome {
            ending: ending_from_sql(&kind, row.opt_text(12)?.as_deref())?,
            at_ms,
            result,
        }),
        _ => None,
    };
    Ok(StoredGame {
        game: NewGame {
            id: GameId::new(id),
            setup: setup_from_row(row)?,
            creator: color_from_name(&row.text(5)?)?,
            seat_tokens: [row.text(6)?, row.text(7)?],
            invite: row.text(8)?,
            created_ms: row.ms(9)?,
            engine: engine_from_sql(row.opt_text(15)?, row.opt_ms(16)?, row.opt_int(17)?)?,
            players: [row.opt_id(19)?, row.opt_id(20)?],
            rated: row.bool(21)?,
        },
        started_ms: row.opt_ms(10)?,
        moves,
        outcome,
        rematch: row.opt_id(18)?,
        berserk: [row.bool(22)?, row.bool(23)?],
    })
}

impl<B: Backend> GameStore for B {
    fn create_game(&self, g: &NewGame, started_ms: Option<u64>) -> Result<(), StoreError> {
        self.run(|db| insert_game(self, db, g, started_ms))?;
        self.created(&g.id);
        Ok(())
    }

    fn create_rematch(&self, of: &GameId, g: &NewGame, started_ms: u64) -> Result<(), StoreError> {
        self.transaction(|db| {
            insert_game(self, db, g, Some(started_ms))?;
            let changed = db.execute(raw_sql!(
                seaql::Numbered::query,
                "UPDATE games SET rematch = {g.id}
                 WHERE id = {of} AND ending IS NOT NULL AND rematch IS NULL"
            ))?;
            if changed != 1 {
                // The transaction is rolled back: the new game goes too.
                return Err(Refusal::NoRematch(of.clone()).into());
            }
            self.tell(db, &format!("g {of}"))
        })?;
        self.created(&g.id);
        Ok(())
    }

    fn load_game(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        if unstorable(id) {
            return Ok(None);
        }
        self.snapshot(|db| {
            let Some(row) = db.row(raw_sql!(
                seaql::Numbered::query,
                "SELECT id, variant, start_sfen, rules, time_control, creator, sente_token,
                    gote_token, invite, created_ms, started_ms, ending, ending_color, ended_ms,
                    result, engine_seat, engine_movetime_ms, engine_depth, rematch, sente_user,
                    gote_user, rated, sente_berserk, gote_berserk
                 FROM games WHERE id = {id}"
            ))?
            else {
                return Ok(None);
            };
            let mut moves = Vec::new();
            for m in db.rows(raw_sql!(
                seaql::Numbered::query,
                "SELECT ply, usi, at_ms FROM moves WHERE game_id = {id} ORDER BY ply"
            ))? {
                let ply = m.int(0)?;
                if ply != count_to_sql(moves.len()) {
                    return Err(Damage::MoveOrder {
                        game: id.clone(),
                        ply,
                    }
                    .into());
                }
                moves.push(StoredMove {
                    usi: m.text(1)?,
                    at_ms: m.ms(2)?,
                });
            }
            game_from_row(id, &row, moves).map(Some)
        })
    }

    fn start_game(&self, id: &GameId, at_ms: u64, seat_token: &str) -> Result<(), StoreError> {
        let lease = self.lease(id)?;
        let at = ms_to_sql(at_ms);
        // The invited player's seat is the one the creator does not hold.
        let q = raw_sql!(
            seaql::Numbered::query,
            "UPDATE games SET started_ms = {at},
                sente_token = CASE creator WHEN 'sente' THEN sente_token ELSE {seat_token} END,
                gote_token = CASE creator WHEN 'gote' THEN gote_token ELSE {seat_token} END
             WHERE id = {id} AND started_ms IS NULL
                AND ({lease.free} OR (owner = {lease.owner} AND epoch = {lease.epoch}))
             RETURNING id"
        );
        if write_game(self, id, &lease, q)? != 1 {
            return Err(Refusal::Started(id.clone()).into());
        }
        Ok(())
    }

    fn append_move(&self, id: &GameId, ply: usize, m: &StoredMove) -> Result<(), StoreError> {
        let lease = self.lease(id)?;
        let (n, first, at) = (count_to_sql(ply), ply == 0, ms_to_sql(m.at_ms));
        let before = n - 1;
        // Stored only if it is the next move: none from it on, the one before it there (the
        // moves are numbered from 0 without a gap, so this is "as many moves as `ply`", read
        // from the key instead of counted). Two writers of the same move meet the key. On
        // PostgreSQL the game's row is locked meanwhile, so that a server taking the lease
        // waits for this move and reads it.
        let q = raw_sql!(
            seaql::Numbered::query,
            "INSERT INTO moves (game_id, ply, usi, at_ms)
             SELECT CAST({id} AS TEXT), CAST({n} AS BIGINT), CAST({m.usi} AS TEXT),
                CAST({at} AS BIGINT)
             WHERE EXISTS (SELECT 1 FROM games WHERE id = {id}
                    AND ({lease.free} OR (owner = {lease.owner} AND epoch = {lease.epoch}))
                    /*FOR SHARE*/)
               AND NOT EXISTS (SELECT 1 FROM moves WHERE game_id = {id} AND ply >= {n})
               AND ({first} OR EXISTS (SELECT 1 FROM moves WHERE game_id = {id} AND ply = {before}))
             RETURNING game_id"
        );
        let changed = write_game(self, id, &lease, q)
            .map_err(|e| e.refusal(|| format!("game {id}: move {ply}")))?;
        if changed != 1 {
            return Err(Refusal::NotNext {
                game: id.clone(),
                ply,
            }
            .into());
        }
        Ok(())
    }

    fn set_outcome(&self, id: &GameId, outcome: &StoredOutcome) -> Result<(), StoreError> {
        let lease = self.lease(id)?;
        let (kind, color) = ending_to_sql(outcome.ending);
        let at = ms_to_sql(outcome.at_ms);
        let q = raw_sql!(
            seaql::Numbered::query,
            "UPDATE games SET ending = {kind}, ending_color = {color}, ended_ms = {at},
                result = {outcome.result}
             WHERE id = {id} AND ending IS NULL
                AND ({lease.free} OR (owner = {lease.owner} AND epoch = {lease.epoch}))
             RETURNING id"
        );
        if write_game(self, id, &lease, q)? != 1 {
            return Err(Refusal::Decided(id.clone()).into());
        }
        Ok(())
    }

    fn set_berserk(&self, id: &GameId, color: Color) -> Result<(), StoreError> {
        let lease = self.lease(id)?;
        let (sente, gote) = (color == Color::Black, color == Color::White);
        let q = raw_sql!(
            seaql::Numbered::query,
            "UPDATE games SET sente_berserk = (sente_berserk OR {sente}),
                gote_berserk = (gote_berserk OR {gote})
             WHERE id = {id} AND ending IS NULL
                AND ({lease.free} OR (owner = {lease.owner} AND epoch = {lease.epoch}))
             RETURNING id"
        );
        if write_game(self, id, &lease, q)? != 1 {
            return Err(Refusal::Decided(id.clone()).into());
        }
        Ok(())
    }

    fn take_back(&self, id: &GameId, keep: usize, shift_ms: u64) -> Result<(), StoreError> {
        let lease = self.lease(id)?;
        let (keep, shift) = (count_to_sql(keep), ms_to_sql(shift_ms));
        self.transaction(|db| {
            // The game's row locked (PostgreSQL): no move or ending is written meanwhile.
            let undecided = db.row(raw_sql!(
                seaql::Numbered::query,
                "SELECT 1 FROM games WHERE id = {id} AND ending IS NULL
                    AND ({lease.free} OR (owner = {lease.owner} AND epoch = {lease.epoch}))
                 /*FOR UPDATE*/"
            ))?;
            if undecided.is_none() {
                return Err(Refusal::Decided(id.clone()).into());
            }
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "DELETE FROM moves WHERE game_id = {id} AND ply >= {keep}"
            ))?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "UPDATE moves SET at_ms = at_ms + {shift} WHERE game_id = {id}"
            ))?;
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "UPDATE games SET started_ms = started_ms + {shift} WHERE id = {id}"
            ))?;
            self.tell(db, &format!("g {id}"))
        })
    }

    fn add_chat(&self, id: &GameId, line: &ChatLine, keep: usize) -> Result<(), StoreError> {
        let (room, keep, at) = (line.room.name(), count_to_sql(keep), ms_to_sql(line.at_ms));
        self.transaction(|db| {
            // One writer of the game's chat at a time: the next line's number is read here.
            db.rows(raw_sql!(
                seaql::Numbered::query,
                "SELECT 1 FROM games WHERE id = {id} /*FOR UPDATE*/"
            ))?;
            let counts = db
                .row(raw_sql!(
                    seaql::Numbered::query,
                    "SELECT COALESCE(MAX(seq) + 1, 0), COUNT(CASE WHEN room = {room} THEN 1 END)
                     FROM chat WHERE game_id = {id}"
                ))?
                .ok_or(Damage::NoAnswer("count of the chat"))?;
            let (next, in_room) = (counts.int(0)?, counts.int(1)?);
            if in_room >= keep {
                let over = in_room + 1 - keep;
                db.execute(raw_sql!(
                    seaql::Numbered::query,
                    "DELETE FROM chat WHERE game_id = {id} AND seq IN (SELECT seq FROM chat
                     WHERE game_id = {id} AND room = {room} ORDER BY seq LIMIT {over})"
                ))?;
            }
            db.execute(raw_sql!(
                seaql::Numbered::query,
                "INSERT INTO chat (game_id, seq, room, author, text, at_ms)
                 VALUES ({id}, {next}, {room}, {line.author}, {line.text}, {at})"
            ))
            .map_err(|e| e.refusal(|| format!("game {id}: chat")))?;
            Ok(())
        })
    }

    fn chat(&self, id: &GameId) -> Result<Vec<ChatLine>, StoreError> {
        if unstorable(id) {
            return Ok(Vec::new());
        }
        let rows = self.run(|db| {
            db.rows(raw_sql!(
                seaql::Numbered::query,
                "SELECT room, author, text, at_ms FROM chat WHERE game_id = {id} ORDER BY seq"
            ))
        })?;
        rows.iter()
            .map(|r| {
                let room = match r.text(0)?.as_str() {
                    "player" => Room::Players,
                    "spectator" => Room::Spectators,
                    "review" => Room::Review,
                    other => {
                        return Err(Damage::Unknown {
                            column: "room",
                            value: other.to_string(),
                        }
                        .into());
                    }
                };
                Ok(ChatLine {
                    room,
                    author: r.text(1)?,
                    text: r.text(2)?,
                    at_ms: r.ms(3)?,
                })
            })
            .collect()
    }

    fn list_games(&self, unfinished_only: bool) -> Result<Vec<GameSummary>, StoreError> {
        list(self, unfinished_only, None)
    }

    fn list_page(&self, page: Page) -> Result<Vec<GameSummary>, StoreError> {
        list(self, false, Some(page))
    }

    fn live_games(&self, limit: usize) -> Result<Vec<GameId>, StoreError> {
        let limit = count_to_sql(limit);
        let q = raw_sql!(
            seaql::Numbered::query,
            "SELECT id FROM games WHERE started_ms IS NOT NULL AND ending IS NULL
             ORDER BY started_ms DESC, id DESC LIMIT {limit}"
        );
        self.run(|db| db.rows(q))?.iter().map(|r| r.id(0)).collect()
    }
}

/// The games (only the undecided ones if `unfinished_only`), newest first: all of them, or
/// one page. Games created in the same millisecond come in the order they were stored:
/// SQLite numbers its rows (`rowid`), PostgreSQL's `games` has `seq` for it.
fn list<B: Backend>(
    store: &B,
    unfinished_only: bool,
    page: Option<Page>,
) -> Result<Vec<GameSummary>, StoreError> {
    let plies = sea_query::Query::select()
        .expr(Expr::col(Moves::Ply).count())
        .from(Moves::Table)
        .and_where(Expr::col((Moves::Table, Moves::GameId)).equals((Games::Table, Games::Id)))
        .to_owned();
    let mut q = sea_query::Query::select();
    q.columns([
        Games::Id,
        Games::Variant,
        Games::StartSfen,
        Games::Rules,
        Games::TimeControl,
        Games::CreatedMs,
        Games::StartedMs,
        Games::Result,
        Games::Rated,
        Games::SenteUser,
        Games::GoteUser,
    ])
    .expr(Expr::SubQuery(None, Box::new(plies.into())))
    .from(Games::Table)
    .order_by(Games::CreatedMs, Order::Desc)
    .order_by(B::STORED_ORDER, Order::Desc);
    if unfinished_only {
        q.and_where(Expr::col(Games::Ending).is_null());
    }
    if let Some(p) = page {
        q.limit(u64::try_from(count_to_sql(p.limit)).unwrap_or(0))
            .offset(u64::try_from(count_to_sql(p.offset)).unwrap_or(0));
    }
    let rows = store.run(|db| db.rows(render(&q)))?;
    rows.iter()
        .map(|row| {
            Ok(GameSummary {
                id: row.id(0)?,
                setup: setup_from_row(row)?,
                created_ms: row.ms(5)?,
                started: row.opt_int(6)?.is_some(),
                result: row.opt_text(7)?,
                rated: row.bool(8)?,
                players: [row.opt_id(9)?, row.opt_id(10)?],
                plies: row.count(11)?,
            })
        })
        .collect()
}
