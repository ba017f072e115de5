//! A game held by the server: the `koma_game` game, its seats and its push channel; how a
//! new one is set up from a request and how a stored one is rebuilt by replaying its moves.

use crate::anygame::{AnyGame, AnyMove};
use crate::engine::{self, LevelRequest};
use crate::error::ApiError;
use crate::line;
use crate::offers::Offers;
use crate::settings::Settings;
use crate::view::{ClockView, EngineView, GameView, OutcomeView};
use koma_game::clock::{Clock, TimeControl};
use koma_game::furigoma::Toss;
use koma_game::{GameError, Outcome, Reason, RuleSet};
use koma_notation::sfen;
use koma_rules::chu::ChuPosition;
use koma_rules::{AnyPosition, Color, GameKind, Handicap, VariantKind};
use koma_store::tokens;
use koma_store::{
    ChatLine, Ending, EngineSeat, GameId, GameSetup, NewGame, StoreError, StoredGame,
};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use tokio::sync::{broadcast, watch};

/// The request for a new game (`POST /api/games`; the lobby keeps it in the store as JSON).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// The game: `shogi` (default), `tori`, `minishogi`, `kyotoshogi`, `dobutsu` or
    /// `chushogi`.
    pub variant: Option<String>,
    /// A named handicap start (`lance`, `tori-falcon`, ...).
    pub handicap: Option<String>,
    /// A start position as SFEN (instead of a handicap).
    pub sfen: Option<String>,
    /// The rule set (default: the variant's).
    pub rules: Option<String>,
    /// The time control (`10m+30s`, `fischer:5m+10s`, `sudden:15m`, `none`; default none).
    pub time_control: Option<String>,
    /// The creator's seat: `sente`, `gote` or `random` (the default: furigoma; in a handicap
    /// game, where the giver plays gote and there is no toss, the creator gives the handicap).
    pub side: Option<String>,
    /// Who takes the other seat: `person` (the default: by invitation) or `engine`.
    pub opponent: Option<String>,
    /// The engine's level, with `opponent: engine` (default 1000 ms per move).
    pub engine: Option<LevelRequest>,
    /// Whether the game is rated (default false: casual); see `players::check_rated`.
    pub rated: Option<bool>,
}

/// The unix time now, in milliseconds.
pub fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// How many chat lines may wait for a slow WebSocket client before it skips some.
const CHAT_PUSHES: usize = 32;

/// A game in the server's memory.
pub struct LiveGame {
    /// What was stored when the game was created.
    pub stored: NewGame,
    /// When both seats were taken and the clock started.
    pub started_ms: Option<u64>,
    /// When the game ended.
    pub ended_ms: Option<u64>,
    /// The result, when the game was aborted (`aborted (...)`): over, with no winner and
    /// no outcome of the game layer's.
    pub aborted: Option<String>,
    /// When the last move was made (the start before the first).
    pub last_move_ms: u64,
    /// When the game came into memory (created or loaded).
    pub loaded: std::time::Instant,
    /// The game itself.
    pub game: AnyGame,
    /// The latest time stamp given to the game: the clock's time never goes back, even if
    /// the system's does.
    last_ms: u64,
    /// The id of the rematch, once one was created.
    pub rematch: Option<GameId>,
    /// Whether a tournament started the game: it pairs the players, so there is no rematch
    /// (read from the store with the game).
    pub in_tournament: bool,
    /// The stop flag of the engine's search while it thinks about its move: the guard that
    /// keeps a second search from starting.
    pub thinking: Option<Arc<AtomicBool>>,
    /// The moves' texts made so far, extended as the game goes on.
    history: std::sync::Mutex<line::History>,
    /// The latest change, as JSON, for WebSocket subscribers.
    push: watch::Sender<crate::pushes::Push>,
    /// How many moves the last push had; `None` until the first, and in a copy read again
    /// from the store (its line may differ anywhere). A takeback keeps the line's start.
    pushed_plies: Option<usize>,
    /// The draw and takeback offers standing (in memory only, as on lishogi).
    pub offers: Offers,
    /// Every new chat line, for WebSocket subscribers (each keeps the lines of its room).
    chat: broadcast::Sender<Arc<ChatLine>>,
    /// The accounts playing the seats, with their ratings (filled by the hub from the store).
    pub players: [Option<crate::players::SeatPlayer>; 2],
}

/// The secrets of a new game, said once to its creator: the store keeps only their hashes.
pub struct Secrets {
    /// The creator's seat token.
    pub token: String,
    /// The invitation to the other seat.
    pub invite: String,
}

/// A new game from a request: the game, what to store, the furigoma toss if one was made,
/// and the creator's secrets. A game against the engine is started at `now_ms`: both seats
/// are taken (the engine's seat holds no token). The invited player's seat gets its token
/// when he joins.
pub fn create(
    request: &CreateRequest,
    now_ms: u64,
) -> Result<(LiveGame, Option<Toss>, Secrets), ApiError> {
    let variant = line::game_kind(request.variant.as_deref())?;
    let rules = match request.rules.as_deref() {
        None => RuleSet::default_for(variant),
        Some(name) => rule_set(variant, name)?,
    };
    let control = match request.time_control.as_deref() {
        None => None,
        Some(text) => match text.parse::<TimeControl>() {
            Ok(TimeControl::Unlimited) => None,
            Ok(control) => Some(control),
            Err(source) => {
                return Err(ApiError::TimeControl {
                    text: text.to_string(),
                    source,
                });
            }
        },
    };
    let (creator, toss) = match request.side.as_deref().unwrap_or("random") {
        "sente" | "black" => (Color::Black, None),
        "gote" | "white" => (Color::White, None),
        // A handicap game has no furigoma: the giver (上手) plays gote and moves first. The
        // creator counts as the senior player, as in the toss below, and the senior player
        // gives the handicap.
        "random" | "furigoma" if is_handicap(request) => (Color::White, None),
        "random" | "furigoma" => {
            let toss = Toss::from_seed(tokens::seed()?);
            // The creator counts as the senior player: the toss says whether he is sente.
            let creator = if toss.senior_is_sente() {
                Color::Black
            } else {
                Color::White
            };
            (creator, Some(toss))
        }
        other => return Err(ApiError::unknown("side", other, "sente, gote, random")),
    };
    let engine = match request.opponent.as_deref().unwrap_or("person") {
        "person" if request.engine.is_some() => return Err(ApiError::EngineWithoutOpponent),
        "person" => None,
        "engine" => Some(EngineSeat {
            seat: !creator,
            level: request.engine.unwrap_or_default().level(),
        }),
        other => return Err(ApiError::unknown("opponent", other, "person, engine")),
    };
    let game = new_game(variant, request, rules, control.map(Clock::new))?;
    let secrets = Secrets {
        token: tokens::secret()?,
        invite: tokens::secret()?,
    };
    let mut seat_tokens = [String::new(), String::new()];
    seat_tokens[creator.index()] = tokens::hash(&secrets.token);
    let stored = NewGame {
        id: GameId::new(tokens::game_id()?),
        setup: GameSetup {
            variant,
            start_sfen: game.start_sfen(),
            rules,
            time_control: control,
        },
        seat_tokens,
        invite: tokens::hash(&secrets.invite),
        creator,
        created_ms: now_ms,
        engine,
        players: [None, None],
        rated: false,
    };
    let mut live = LiveGame::new(stored, game, now_ms);
    if engine.is_some() {
        live.start(now_ms)?;
    }
    Ok((live, toss, secrets))
}

/// Why the server ends a game that nobody ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expiry {
    /// Nobody took the invitation in time: aborted.
    Invitation,
    /// A side did not make its first move in time: aborted (between people after the
    /// first-move limit; against the engine without a clock after the engine-idle limit).
    FirstMove,
    /// The person in a game against the engine without a clock, having moved, did not
    /// move again in time: the person loses by abandonment.
    Abandoned(Color),
}

impl Expiry {
    /// The result stored for an aborted game (`None` for an abandoned one, whose result is
    /// the game layer's).
    pub fn aborted_result(self) -> Option<&'static str> {
        match self {
            Expiry::Invitation => Some("aborted (invitation not taken)"),
            Expiry::FirstMove => Some("aborted (no first move)"),
            Expiry::Abandoned(_) => None,
        }
    }
}

/// The result stored for a rated game ended before both sides moved (see `Hub::end`):
/// aborted, naming the side that resigned, if one did.
pub fn aborted_early(resigned: Option<Color>) -> String {
    match resigned {
        Some(color) => format!(
            "aborted ({} resigned before both sides moved)",
            color.name()
        ),
        None => "aborted (ended before both sides moved)".to_string(),
    }
}

/// The side that resigned a game aborted by [`aborted_early`], read from its stored result.
pub fn resigned_early(result: &str) -> Option<Color> {
    Color::ALL
        .into_iter()
        .find(|&c| result == aborted_early(Some(c)))
}

/// The outcome of a game that `loser` abandoned.
pub fn abandoned(loser: Color) -> Outcome {
    Outcome::loss(loser, Reason::Abandoned)
}

/// The rematch of the game `old` at `now_ms`: the same setup and opponent, colours reversed
/// (each player keeps his token), both seats taken, the clock started. Its invitation is
/// never said: nobody needs it.
pub fn rematch(old: &NewGame, now_ms: u64) -> Result<LiveGame, ApiError> {
    let [sente, gote] = old.seat_tokens.clone();
    let stored = NewGame {
        id: GameId::new(tokens::game_id()?),
        setup: old.setup.clone(),
        seat_tokens: [gote, sente],
        invite: tokens::hash(&tokens::secret()?),
        creator: !old.creator,
        created_ms: now_ms,
        engine: old.engine.map(|e| EngineSeat {
            seat: !e.seat,
            level: e.level,
        }),
        // The same players with colours reversed; a rematch of a rated game is rated.
        players: [old.players[1].clone(), old.players[0].clone()],
        rated: old.rated,
    };
    let game = build(&stored.setup).map_err(|e| crate::error::Internal::Rematch {
        game: old.id.clone(),
        source: Box::new(e),
    })?;
    let mut live = LiveGame::new(stored, game, now_ms);
    live.start(now_ms)?;
    Ok(live)
}

fn rule_set(variant: GameKind, name: &str) -> Result<RuleSet, ApiError> {
    RuleSet::named_for(variant, name)
        .ok_or_else(|| ApiError::unknown("rule set", name, &RuleSet::names_for(variant).join(", ")))
}

/// Whether `request` starts from a handicap (a named one other than `even`): then the giver
/// plays gote, moves first, and no furigoma decides the seats.
fn is_handicap(request: &CreateRequest) -> bool {
    request
        .handicap
        .as_deref()
        .and_then(Handicap::from_name)
        .is_some_and(|h| h != Handicap::Even)
}

/// The game `request` asks for: its start (a named handicap, an SFEN or the game's own
/// start), `rules` and `clock`.
fn new_game(
    variant: GameKind,
    request: &CreateRequest,
    rules: RuleSet,
    clock: Option<Clock>,
) -> Result<AnyGame, ApiError> {
    match variant {
        GameKind::Family(v) => Ok(AnyGame::new(start_position(v, request)?, rules, clock)),
        GameKind::Chu if request.handicap.is_some() => Err(ApiError::NotInChu("handicaps")),
        GameKind::Chu => {
            let start = match &request.sfen {
                Some(text) => line::chu_start(text)?,
                None => ChuPosition::startpos(),
            };
            Ok(AnyGame::new_chu(start, rules, clock))
        }
    }
}

/// The Chu position of `text` (lishogi's Chu SFEN, `sfen ` in front allowed).
fn start_position(variant: VariantKind, request: &CreateRequest) -> Result<AnyPosition, ApiError> {
    match (&request.sfen, &request.handicap) {
        (Some(_), Some(_)) => Err(ApiError::HandicapAndSfen),
        (Some(text), None) => line::start(variant, Some(text)),
        (None, Some(name)) => match Handicap::named(variant, name) {
            // Japanese names repeat across variants (角落ち): the game's variant decides.
            Some(handicap) => variant
                .handicap(handicap)
                .ok_or_else(|| ApiError::unknown("handicap", name, "")),
            None if Handicap::from_name(name).is_some() => Err(ApiError::HandicapNotInVariant {
                name: name.to_string(),
                variant: variant.name(),
            }),
            None => Err(ApiError::unknown("handicap", name, "")),
        },
        (None, None) => Ok(variant.startpos()),
    }
}

/// Rebuilds a stored game: the start, the clock started when it was, every move played at
/// its time through the game layer, then the stored ending where the moves do not decide it.
pub fn rebuild(stored: StoredGame) -> Result<LiveGame, StoreError> {
    let (mut game, mut last_ms) = replay(&stored)?;
    let mut ended_ms = None;
    if let Some(outcome) = &stored.outcome {
        last_ms = last_ms.max(outcome.at_ms);
        if game.outcome().is_none() {
            // Refusals here mean the game already ended, which the check below reports.
            let _ = match outcome.ending {
                Ending::Board => Ok(()),
                Ending::Resignation(color) => game.resign(color).map(drop),
                Ending::TimeForfeit => match game.check_time(outcome.at_ms) {
                    Some(_) => Ok(()),
                    None => game.time_forfeit(game.side_to_move()).map(drop),
                },
                Ending::Declaration => game.declare_at(outcome.at_ms).map(drop),
                Ending::Agreement => game.agree_draw().map(drop),
                Ending::Abandoned(color) => game.end(abandoned(color)).map(drop),
                Ending::Aborted => Ok(()),
            };
        }
        let rebuilt = match outcome.ending {
            Ending::Aborted if game.outcome().is_none() => Some(outcome.result.clone()),
            _ => game.outcome().map(|o| o.to_string()),
        };
        if rebuilt.as_deref() != Some(outcome.result.as_str()) {
            eprintln!(
                "koma serve: game {}: stored result '{}', the replay gives {:?}; the replay stands",
                stored.game.id, outcome.result, rebuilt
            );
        }
        ended_ms = Some(outcome.at_ms);
    } else if game.outcome().is_some() {
        ended_ms = Some(last_ms);
    }
    let aborted = stored
        .outcome
        .as_ref()
        .filter(|o| o.ending == Ending::Aborted && game.outcome().is_none())
        .map(|o| o.result.clone());
    let last_move_ms = stored
        .moves
        .last()
        .map(|m| m.at_ms)
        .or(stored.started_ms)
        .unwrap_or(stored.game.created_ms);
    let mut live = LiveGame::new(stored.game, game, last_ms);
    live.started_ms = stored.started_ms;
    live.ended_ms = ended_ms;
    live.aborted = aborted;
    live.last_move_ms = last_move_ms;
    live.rematch = stored.rematch;
    live.publish();
    Ok(live)
}

/// The stored game's start, its clock (berserk where a player went so) started when it was,
/// and every move played at its time through the game layer (its ending not applied); with
/// the latest time stamp seen.
pub fn replay(stored: &StoredGame) -> Result<(AnyGame, u64), StoreError> {
    let damaged = |reason: String| -> StoreError {
        koma_store::Damage::Replay {
            game: stored.game.id.clone(),
            reason,
        }
        .into()
    };
    let mut game = build(&stored.game.setup).map_err(|e| damaged(e.to_string()))?;
    // An arena's berserk comes before the player's first move, before his clock ever ran:
    // applied to the new clock, it gives the clock the game had.
    for color in [Color::Black, Color::White] {
        if stored.berserk[color.index()] {
            game.go_berserk(color);
        }
    }
    let mut last_ms = stored.game.created_ms;
    let people = stored.game.engine.is_none();
    if let Some(at) = stored.started_ms {
        if !people {
            game.start_clock(at).map_err(|e| damaged(e.to_string()))?;
        }
        last_ms = last_ms.max(at);
    }
    for (i, m) in stored.moves.iter().enumerate() {
        let mv = game
            .parse_move(&m.usi)
            .map_err(|e| damaged(format!("move {}: {e}", i + 1)))?;
        play_on_clock(&mut game, people, mv, m.at_ms)
            .map_err(|e| damaged(format!("move {} {}: {e}", i + 1, m.usi)))?;
        last_ms = last_ms.max(m.at_ms);
    }
    Ok((game, last_ms))
}

/// Plays the checked move `m` of `game` at `now_ms` on its clock. In a game between
/// `people` each side's first move is off the clock, which starts once both have made it
/// (as lishogi's does): a player is never flagged before his own first move, and a player
/// who never moves costs nobody anything but the abort of the first-move limit.
pub fn play_on_clock(
    game: &mut AnyGame,
    people: bool,
    m: AnyMove,
    now_ms: u64,
) -> Result<Option<Outcome>, GameError> {
    if !people || game.plies() >= FREE_MOVES {
        return game.play_at(m, now_ms);
    }
    let outcome = game.play(m)?;
    if outcome.is_none() && game.plies() == FREE_MOVES {
        game.start_clock(now_ms)?;
    }
    Ok(outcome)
}

/// The moves of a game between people played before its clock starts: one each.
pub const FREE_MOVES: usize = 2;

/// A new game of `setup` (its start, rule set and clock, not started); the error names
/// what of it cannot be read.
fn build(setup: &GameSetup) -> Result<AnyGame, ApiError> {
    let clock = setup.time_control.map(Clock::new);
    Ok(match setup.variant {
        GameKind::Family(v) => AnyGame::new(
            sfen::parse_position(v, &setup.start_sfen).map_err(ApiError::StartSfen)?,
            setup.rules,
            clock,
        ),
        GameKind::Chu => AnyGame::new_chu(line::chu_start(&setup.start_sfen)?, setup.rules, clock),
    })
}

impl LiveGame {
    fn new(stored: NewGame, game: AnyGame, now_ms: u64) -> LiveGame {
        let (push, _) = watch::channel(crate::pushes::Push::default());
        let history = std::sync::Mutex::new(game.new_history());
        let mut live = LiveGame {
            stored,
            started_ms: None,
            ended_ms: None,
            aborted: None,
            last_move_ms: now_ms,
            loaded: std::time::Instant::now(),
            game,
            last_ms: now_ms,
            rematch: None,
            in_tournament: false,
            thinking: None,
            history,
            pushed_plies: None,
            push,
            offers: Offers::default(),
            chat: broadcast::channel(CHAT_PUSHES).0,
            players: [None, None],
        };
        if live.game.outcome().is_some() {
            live.ended_ms = Some(now_ms);
        }
        live.publish();
        live
    }

    /// The game's id.
    pub fn id(&self) -> &GameId {
        &self.stored.id
    }

    /// Both seats are taken at `now_ms`: the game starts, and against the engine its clock
    /// (between people the clock waits for both first moves: see [`play_on_clock`]).
    pub fn start(&mut self, now_ms: u64) -> Result<(), ApiError> {
        if self.stored.engine.is_some() {
            self.game
                .start_clock(now_ms)
                .map_err(crate::error::Internal::Clock)?;
        }
        self.started_ms = Some(now_ms);
        self.last_move_ms = now_ms;
        Ok(())
    }

    /// Stops the engine's search, if it is thinking (its answer will be dropped).
    pub fn stop_thinking(&mut self) {
        if let Some(flag) = self.thinking.take() {
            engine::stop(&flag);
        }
    }

    /// The time now for this game: the system's, but never before a time already used.
    pub fn now(&mut self) -> u64 {
        self.last_ms = self.last_ms.max(unix_ms());
        self.last_ms
    }

    /// The seat `token` holds, if any.
    pub fn seat_of(&self, token: &str) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| tokens::matches(token, &self.stored.seat_tokens[c.index()]))
    }

    /// Whether the game is over (decided or aborted).
    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some() || self.aborted.is_some()
    }

    /// A correspondence game's time per move: its byoyomi period when that is a day or
    /// more (`0+3d`); zero for other controls.
    pub(crate) fn correspondence_per_move(&self) -> std::time::Duration {
        let per_move = self.stored.setup.time_control.as_ref();
        per_move
            .and_then(TimeControl::correspondence_per_move_ms)
            .map_or(std::time::Duration::ZERO, std::time::Duration::from_millis)
    }

    /// Why the server should end this game at `now_ms` though nobody ended it, if it
    /// should (see [`Expiry`]).
    pub fn expiry(&self, now_ms: u64, settings: &Settings) -> Option<Expiry> {
        if self.is_over() {
            return None;
        }
        let waited = |since: u64, limit: std::time::Duration| {
            u128::from(now_ms.saturating_sub(since)) >= limit.as_millis()
        };
        let Some(_) = self.started_ms else {
            return waited(self.stored.created_ms, settings.invitation_ttl)
                .then_some(Expiry::Invitation);
        };
        let to_move = self.game.side_to_move();
        let engine = self.stored.engine.map(|e| e.seat);
        if engine == Some(to_move) {
            return None; // the engine's turn: it moves when a search is free
        }
        if engine.is_none() {
            // Between people, a side that never moves costs the other nothing: aborted. A
            // correspondence game's first moves get its days per move.
            let allowed = settings.first_move_ttl.max(self.correspondence_per_move());
            return (self.game.plies() < 2 && waited(self.last_move_ms, allowed))
                .then_some(Expiry::FirstMove);
        }
        // Against the engine nobody waits for the person but the engine, as lishogi
        // expires no game against its AI: with a clock the person's clock runs from the
        // start and ends the game; without one, the engine-idle limit does: aborted if the
        // person never moved, else lost by abandonment.
        if self.game.clock().is_some() || !waited(self.last_move_ms, settings.engine_idle_ttl) {
            return None;
        }
        // The person's turn: he has moved once each side has.
        Some(if self.game.plies() >= 2 {
            Expiry::Abandoned(to_move)
        } else {
            Expiry::FirstMove
        })
    }

    /// Why a player's offer of a rematch would be refused now, whoever makes it (see
    /// [`crate::hub::Hub::rematch`]): a tournament's game (the tournament pairs its
    /// players), not over yet, or aborted between people (there was no game to play again).
    /// A game against the engine aborted before its person moved may be played again: the
    /// engine is always there.
    pub fn rematch_refused(&self) -> Option<ApiError> {
        if self.in_tournament {
            Some(ApiError::RematchInTournament)
        } else if !self.is_over() {
            Some(ApiError::NotOver)
        } else if self.aborted.is_some() && self.stored.engine.is_none() {
            Some(ApiError::RematchOfAborted)
        } else {
            None
        }
    }

    /// Whether the clock may run out: started, not over, with a clock that runs.
    pub fn clock_runs(&self) -> bool {
        self.started_ms.is_some()
            && !self.is_over()
            && self.game.clock().is_some_and(|c| c.is_running())
    }

    /// Plays the checked move `m` at `now_ms` (see [`play_on_clock`]).
    pub fn play_at(&mut self, m: AnyMove, now_ms: u64) -> Result<Option<Outcome>, GameError> {
        play_on_clock(&mut self.game, self.stored.engine.is_none(), m, now_ms)
    }

    /// The state at `now_ms` (clocks stop at the end of the game).
    pub fn view(&self, now_ms: u64) -> GameView {
        self.view_since(now_ms, 0)
    }

    /// The state at `now_ms` with the moves and history after the first `ply` only (see
    /// [`GameView::moves_from`]; 0: whole, and `moves_from` absent).
    fn view_since(&self, now_ms: u64, ply: usize) -> GameView {
        let over = self.is_over();
        let at = self.ended_ms.filter(|_| over).unwrap_or(now_ms);
        GameView {
            id: self.stored.id.clone(),
            variant: self.game.variant().name(),
            rules: self.game.rules().name,
            time_control: self.stored.setup.time_control.map(|c| c.to_string()),
            start_sfen: self.stored.setup.start_sfen.clone(),
            sfen: self.game.sfen(),
            moves: self.game.moves_usi_since(ply),
            moves_from: (ply > 0).then_some(ply),
            side_to_move: self.game.side_to_move().name(),
            in_check: self.game.in_check(),
            legal_moves: if self.started_ms.is_some() && !over {
                self.game.legal_moves_usi()
            } else {
                Vec::new()
            },
            started: self.started_ms.is_some(),
            creator: self.stored.creator.name(),
            clock: self
                .game
                .clock()
                .map(|c| ClockView::of(c, at, over || self.started_ms.is_none())),
            outcome: match (self.game.outcome(), &self.aborted) {
                (Some(outcome), _) => Some(OutcomeView::of(outcome)),
                (None, Some(result)) => Some(OutcomeView::aborted(result)),
                (None, None) => None,
            },
            history: {
                let mut history = self.history.lock().unwrap_or_else(|e| e.into_inner());
                let made = history.made();
                history.append_any(&self.game.moves_since(made));
                history.entries().get(ply..).unwrap_or_default().to_vec()
            },
            engine: self.stored.engine.as_ref().map(EngineView::of),
            rematch: self.rematch.clone(),
            rematch_allowed: self.rematch.is_some() || self.rematch_refused().is_none(),
            offers: self.offers.view(),
            rated: self.stored.rated,
            players: crate::players::view(&self.players),
            suggested_handicap: crate::players::suggested_handicap(
                self.game.variant(),
                &self.players,
            ),
            as_of_ms: now_ms.max(self.last_ms),
        }
    }

    /// Sends the change to every subscriber: the state with the moves after those of the
    /// last push only (all of them after a change anywhere else in the line), so that a
    /// move costs the same to push at any length of game.
    pub fn publish(&mut self) {
        let now = self.last_ms;
        let plies = self.game.plies();
        let kept = self.pushed_plies.map_or(0, |p| p.min(plies));
        let json = serde_json::to_string(&self.view_since(now, kept)).unwrap_or_default();
        let message = crate::pushes::spectator_state(&json);
        let push = self.push.borrow().next(message, self.push.receiver_count());
        self.pushed_plies = Some(plies);
        self.push.send_replace(push);
    }

    /// The number of the last push: a state read under the same lock is as of it.
    pub fn pushed_version(&self) -> u64 {
        self.push.borrow().version
    }

    /// A receiver of the state after every change, as the message every spectator's
    /// WebSocket sends (made once per change, however many watch).
    pub fn subscribe(&self) -> watch::Receiver<crate::pushes::Push> {
        self.push.subscribe()
    }

    /// Replaces the game by `game` (the same game with moves taken back): the history is
    /// computed again, offers are withdrawn.
    pub fn replace_game(&mut self, game: AnyGame) {
        *self.history.lock().unwrap_or_else(|e| e.into_inner()) = game.new_history();
        self.game = game;
        self.offers = Offers::default();
    }

    /// Takes the state of `fresh`, the same game read again from the store; the
    /// subscribers stay, the offers go.
    pub fn take_state(&mut self, mut fresh: LiveGame) {
        std::mem::swap(&mut fresh.push, &mut self.push);
        std::mem::swap(&mut fresh.chat, &mut self.chat);
        fresh.loaded = self.loaded;
        *self = fresh;
        // The subscribers never got what `fresh` pushed, and its line may differ from
        // theirs anywhere: the next push is whole.
        self.pushed_plies = None;
    }

    /// Sends a new chat line to every subscriber.
    pub fn push_chat(&self, line: ChatLine) {
        // No subscriber is no error: the line is stored.
        let _ = self.chat.send(Arc::new(line));
    }

    /// A receiver of every new chat line.
    pub fn subscribe_chat(&self) -> broadcast::Receiver<Arc<ChatLine>> {
        self.chat.subscribe()
    }

    /// How many WebSocket clients are watching.
    pub fn watchers(&self) -> usize {
        self.push.receiver_count()
    }
}
