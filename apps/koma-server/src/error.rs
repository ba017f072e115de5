//! Errors: the API's answers to a refused request, and the server's own failures.

use crate::store::StoreError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use koma_game::{Foul, GameError, Outcome};
use koma_notation::formats::{Format, RecordError};
use koma_notation::sfen::SfenError;
use koma_notation::usi::UsiMoveError;
use koma_rules::{Color, IllegalMove, SetupError};

/// A refused request: what went wrong, with the HTTP status ([`ApiError::status`]) and a
/// stable machine-readable code ([`ApiError::code`]) for each kind; the message (its
/// `Display`) names the problem for the player. HTTP and the WebSocket send it as
/// [`ApiError::to_json`].
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body (or a WebSocket message) is not the JSON the request takes (400).
    #[error("malformed {what}: {source}")]
    Malformed {
        /// `request` or `message`.
        what: &'static str,
        /// What the JSON reader found.
        source: serde_json::Error,
    },
    /// A field names something the server does not know: a variant, a format, a rule set,
    /// a side, an opponent, a handicap (400).
    #[error("unknown {what} '{name}'{}", known_list(.known))]
    Unknown {
        /// What the field names (`variant`, `format`...).
        what: &'static str,
        /// The name given.
        name: String,
        /// The names known, comma-separated (empty when not listed).
        known: String,
    },
    /// A handicap that the variant has no start position for (400).
    #[error("handicap '{name}' is not a {variant} start position")]
    HandicapNotInVariant {
        /// The handicap's name.
        name: String,
        /// The variant's name.
        variant: &'static str,
    },
    /// A time control that cannot be read (400).
    #[error("time control '{text}': {source}")]
    TimeControl {
        /// The text given.
        text: String,
        /// Why it cannot be read.
        source: koma_game::clock::TimeControlError,
    },
    /// Both a handicap and an SFEN for the start (400).
    #[error("give a handicap or an SFEN, not both")]
    HandicapAndSfen,
    /// An engine level for a game against a person (400).
    #[error("'engine' sets the engine's level: give \"opponent\": \"engine\" with it")]
    EngineWithoutOpponent,
    /// A start position given as SFEN that is malformed or illegal (400).
    #[error("start position: {0}")]
    StartSfen(#[source] SfenError),
    /// A record's start position that is not a legal position of its variant (400).
    #[error("start position: {0}")]
    StartSetup(#[source] SetupError),
    /// A move that cannot be read as USI (400); `ply` is its number in a line of moves.
    #[error("{}{source}", move_place(*.ply, &.source.text))]
    UnreadableMove {
        /// Its number (from 1) in the line given, if it came in one.
        ply: Option<usize>,
        /// Why it cannot be read.
        source: UsiMoveError,
    },
    /// A move text (`７六歩`, `P-7f`) that names no legal move (400).
    #[error("{0}")]
    UnreadableMoveText(koma_notation::movetext::MoveTextError),
    /// A move request with both or neither of `usi` and `text` (400).
    #[error("give the move as \"usi\" or as \"text\" (any notation), once")]
    MoveFields,
    /// A chat line that is empty, too long or holds control characters (400).
    #[error("chat line: {0}")]
    ChatText(&'static str),
    /// The room's chat holds as many lines as a game may have (409).
    #[error("this game's chat is full")]
    ChatFull,
    /// No offer of the opponent's to accept or decline, or none of one's own to withdraw (409).
    #[error("there is no {0} offer to answer")]
    NoOffer(&'static str),
    /// A takeback asked for before the player has moved (409).
    #[error("you have no move to take back")]
    NothingToTakeBack,
    /// A draw offered to the engine, which plays on (409).
    #[error("the engine does not accept draws: it plays on")]
    EngineDeclinesDraw,
    /// A move of a line (a record, an export, a review) that the rules forbid (400).
    #[error("move {ply} '{usi}' is illegal: {source}")]
    IllegalInLine {
        /// Its number (from 1) in the line.
        ply: usize,
        /// The move in USI.
        usi: String,
        /// Why it is illegal.
        source: IllegalMove,
    },
    /// A move played in a game that the rules forbid there (400).
    #[error("illegal move {usi}: {foul}")]
    IllegalMove {
        /// The move as sent.
        usi: String,
        /// Why it is illegal.
        foul: Foul,
    },
    /// A record that cannot be read in its format (400).
    #[error("{} record: {source}", .format.name())]
    UnreadableRecord {
        /// The format it was read as.
        format: Format,
        /// What is wrong, with the place.
        source: RecordError,
    },
    /// A line that cannot be written in the format asked for (e.g. Tori Shogi in CSA) (400).
    #[error("{0}")]
    UnwritableRecord(#[source] RecordError),
    /// A record text longer than the server reads (413).
    #[error("the record is {bytes} bytes: at most {limit} are accepted")]
    RecordTooLarge {
        /// Its length.
        bytes: usize,
        /// The most accepted.
        limit: usize,
    },
    /// A line of more moves than the server takes (413).
    #[error("{plies} moves: at most {limit} are accepted")]
    TooManyMoves {
        /// Its length.
        plies: usize,
        /// The most accepted.
        limit: usize,
    },
    /// An invitation that is not the game's (403).
    #[error("this is not the game's invitation")]
    WrongInvitation,
    /// A token that holds no seat of the game (403).
    #[error("this token holds no seat of game {game}")]
    NoSeat {
        /// The game's id.
        game: String,
    },
    /// A spectator's connection asked to play (403).
    #[error("spectators cannot move: connect with a seat token")]
    Spectator,
    /// A move for the side not to move (403).
    #[error("it is {}'s turn; this token holds {}'s seat", .to_move.name(), .seat.name())]
    NotYourTurn {
        /// The side to move.
        to_move: Color,
        /// The token's seat.
        seat: Color,
    },
    /// A declaration by the side not to move (403).
    #[error("only the side to move may declare")]
    DeclareOutOfTurn,
    /// No game or review with this id (404).
    #[error("no {what} '{id}'")]
    NotFound {
        /// `game` or `review`.
        what: &'static str,
        /// The id asked for.
        id: String,
    },
    /// The invitation has been used: both seats are taken (409).
    #[error("the invitation has been used: both seats are taken")]
    SeatsTaken,
    /// The other player has not joined: the game has not started (409).
    #[error("the other player has not joined yet")]
    NotStarted,
    /// The game is over (409); the outcome, where it is said.
    #[error("the game is over{}", outcome_text(.0))]
    GameOver(Option<Outcome>),
    /// A rematch of a game that is not over (409).
    #[error("the game is not over: a rematch follows its end")]
    NotOver,
    /// The game refused the request now (409): an impasse that is none, a clock that
    /// refuses the time.
    #[error("{0}")]
    Refused(#[source] GameError),
    /// A username that breaks the rules: 2 to 20 of `A-Z a-z 0-9 _ -` (400).
    #[error("invalid username: {reason}")]
    InvalidUsername {
        /// What is wrong with it.
        reason: String,
    },
    /// A password too short or too long (400).
    #[error("the password has {chars} characters: it needs {min} to {max}")]
    InvalidPassword {
        /// How many it has.
        chars: usize,
        /// The fewest accepted.
        min: usize,
        /// The most accepted.
        max: usize,
    },
    /// A text field longer than accepted (400).
    #[error("the {what} has {chars} characters: at most {limit} are accepted")]
    TooLong {
        /// The field.
        what: &'static str,
        /// How many it has.
        chars: usize,
        /// The most accepted.
        limit: usize,
    },
    /// A username taken by another account, whatever its case, deleted or not (409).
    #[error("the username '{name}' is taken")]
    UsernameTaken {
        /// The name asked for.
        name: String,
    },
    /// A login (or HTTP Basic) with an unknown username or a wrong password (401).
    #[error("wrong username or password")]
    BadCredentials,
    /// A request that needs an account, without a valid session or token (401).
    #[error("{reason}")]
    Unauthenticated {
        /// What was missing or wrong.
        reason: &'static str,
    },
    /// The password confirming a change of the account is wrong (403).
    #[error("the password is wrong")]
    WrongPassword,
    /// A state-changing request from another site, carrying the session cookie (403).
    #[error("refused: a request from {from} may not use this site's session")]
    CrossSite {
        /// The other site, as the browser named it.
        from: String,
    },
    /// A request these credentials may not make (403).
    #[error("{reason}")]
    Forbidden {
        /// Why not.
        reason: &'static str,
    },
    /// A rated game or a seat refused (see [`crate::players::SeatRefusal`]).
    #[error("{0}")]
    Seat(#[from] crate::players::SeatRefusal),
    /// The review queue is full; the client may try later (503).
    #[error("the review queue is full; try again later")]
    QueueFull,
    /// The server is stopping (503).
    #[error("the server stops")]
    ShuttingDown,
    /// The store failed (500).
    #[error("storage failed: {0}")]
    Storage(#[from] StoreError),
    /// The system's random generator failed (500).
    #[error("the system's random generator failed: {0}")]
    Random(#[from] getrandom::Error),
    /// Another failure of the server itself (500), said for its log.
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// An unknown game (404).
    pub fn not_found(id: &str) -> ApiError {
        ApiError::no_such("game", id)
    }

    /// An unknown `what` (a game, a review) called `id` (404).
    pub fn no_such(what: &'static str, id: &str) -> ApiError {
        ApiError::NotFound {
            what,
            id: id.to_string(),
        }
    }

    /// An unknown name of `what`, with the `known` ones (empty: not listed).
    pub fn unknown(what: &'static str, name: &str, known: &str) -> ApiError {
        ApiError::Unknown {
            what,
            name: name.to_string(),
            known: known.to_string(),
        }
    }

    /// The server failed (500); the message says where.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::Internal(message.into())
    }

    /// The game refused a request: over, or another reason (409).
    pub fn refused(e: GameError) -> ApiError {
        match e {
            GameError::Over => ApiError::GameOver(None),
            other => ApiError::Refused(other),
        }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        use ApiError as E;
        match self {
            E::Malformed { .. }
            | E::Unknown { .. }
            | E::HandicapNotInVariant { .. }
            | E::TimeControl { .. }
            | E::HandicapAndSfen
            | E::EngineWithoutOpponent
            | E::StartSfen(_)
            | E::StartSetup(_)
            | E::UnreadableMove { .. }
            | E::UnreadableMoveText(_)
            | E::MoveFields
            | E::ChatText(_)
            | E::IllegalInLine { .. }
            | E::IllegalMove { .. }
            | E::UnreadableRecord { .. }
            | E::UnwritableRecord(_)
            | E::InvalidUsername { .. }
            | E::InvalidPassword { .. }
            | E::TooLong { .. } => StatusCode::BAD_REQUEST,
            E::BadCredentials | E::Unauthenticated { .. } => StatusCode::UNAUTHORIZED,
            E::WrongPassword | E::CrossSite { .. } | E::Forbidden { .. } => StatusCode::FORBIDDEN,
            E::UsernameTaken { .. } => StatusCode::CONFLICT,
            E::RecordTooLarge { .. } | E::TooManyMoves { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            E::WrongInvitation
            | E::NoSeat { .. }
            | E::Spectator
            | E::NotYourTurn { .. }
            | E::DeclareOutOfTurn => StatusCode::FORBIDDEN,
            E::NotFound { .. } => StatusCode::NOT_FOUND,
            E::SeatsTaken
            | E::NotStarted
            | E::GameOver(_)
            | E::NotOver
            | E::Refused(_)
            | E::ChatFull
            | E::NoOffer(_)
            | E::NothingToTakeBack
            | E::EngineDeclinesDraw => StatusCode::CONFLICT,
            E::Seat(refusal) => refusal.status(),
            E::QueueFull | E::ShuttingDown => StatusCode::SERVICE_UNAVAILABLE,
            E::Storage(_) | E::Random(_) | E::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The kind as a stable snake_case code, for programs (the message is for people).
    pub fn code(&self) -> &'static str {
        use ApiError as E;
        match self {
            E::Malformed { .. } => "malformed_request",
            E::Unknown { .. } => "unknown_name",
            E::HandicapNotInVariant { .. } | E::TimeControl { .. } | E::TooLong { .. } => {
                "invalid_value"
            }
            E::HandicapAndSfen | E::EngineWithoutOpponent => "conflicting_fields",
            E::StartSfen(_) | E::StartSetup(_) => "invalid_position",
            E::UnreadableMove { .. } | E::UnreadableMoveText(_) => "unreadable_move",
            E::MoveFields => "conflicting_fields",
            E::ChatText(_) => "invalid_value",
            E::ChatFull => "chat_full",
            E::NoOffer(_) => "no_offer",
            E::NothingToTakeBack => "nothing_to_take_back",
            E::EngineDeclinesDraw => "draw_declined",
            E::IllegalInLine { .. } | E::IllegalMove { .. } => "illegal_move",
            E::UnreadableRecord { .. } => "unreadable_record",
            E::UnwritableRecord(_) => "unwritable_record",
            E::RecordTooLarge { .. } | E::TooManyMoves { .. } => "too_large",
            E::WrongInvitation => "wrong_invitation",
            E::NoSeat { .. } | E::Spectator => "no_seat",
            E::NotYourTurn { .. } | E::DeclareOutOfTurn => "not_your_turn",
            E::NotFound { .. } => "not_found",
            E::SeatsTaken => "seats_taken",
            E::NotStarted => "not_started",
            E::GameOver(_) => "game_over",
            E::NotOver => "game_not_over",
            E::Refused(_) => "refused",
            E::InvalidUsername { .. } => "invalid_username",
            E::InvalidPassword { .. } => "invalid_password",
            E::UsernameTaken { .. } => "username_taken",
            E::BadCredentials => "bad_credentials",
            E::Unauthenticated { .. } => "unauthorized",
            E::WrongPassword => "wrong_password",
            E::CrossSite { .. } => "cross_site",
            E::Forbidden { .. } => "forbidden",
            E::Seat(refusal) => refusal.code(),
            E::QueueFull => "queue_full",
            E::ShuttingDown => "shutting_down",
            E::Storage(_) => "storage_failed",
            E::Random(_) | E::Internal(_) => "internal",
        }
    }

    /// The error as the JSON body both HTTP and WebSocket send: `error` (the message),
    /// `code` and `status`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "error": self.to_string(),
            "code": self.code(),
            "status": self.status().as_u16(),
        })
    }
}

fn known_list(known: &str) -> String {
    if known.is_empty() {
        String::new()
    } else {
        format!(" ({known})")
    }
}

fn move_place(ply: Option<usize>, text: &str) -> String {
    match ply {
        Some(n) => format!("move {n} '{text}': "),
        None => String::new(),
    }
}

fn outcome_text(outcome: &Option<Outcome>) -> String {
    outcome.map_or(String::new(), |o| format!(": {o}"))
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), Json(self.to_json())).into_response()
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The address could not be bound or the connection loop failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The store could not be opened or read.
    #[error("{0}")]
    Store(#[from] StoreError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_keeps_the_message_and_adds_the_code() {
        let e = ApiError::NotYourTurn {
            to_move: Color::Black,
            seat: Color::White,
        };
        assert_eq!(
            e.to_json(),
            serde_json::json!({
                "error": "it is sente's turn; this token holds gote's seat",
                "code": "not_your_turn",
                "status": 403,
            })
        );
        let over = ApiError::refused(GameError::Over);
        assert!(matches!(over, ApiError::GameOver(None)));
        assert_eq!(
            (over.status(), over.code()),
            (StatusCode::CONFLICT, "game_over")
        );
        let refused = ApiError::refused(GameError::NotAnImpasse);
        assert_eq!(refused.code(), "refused");
        assert_eq!(refused.to_string(), GameError::NotAnImpasse.to_string());
    }

    #[test]
    fn codes_are_snake_case_and_statuses_are_errors() {
        let all = [
            ApiError::unknown("variant", "chess", "shogi, tori"),
            ApiError::unknown("handicap", "queen", ""),
            ApiError::HandicapAndSfen,
            ApiError::EngineWithoutOpponent,
            ApiError::RecordTooLarge { bytes: 9, limit: 8 },
            ApiError::TooManyMoves { plies: 9, limit: 8 },
            ApiError::WrongInvitation,
            ApiError::Spectator,
            ApiError::DeclareOutOfTurn,
            ApiError::not_found("0000"),
            ApiError::SeatsTaken,
            ApiError::NotStarted,
            ApiError::NotOver,
            ApiError::QueueFull,
            ApiError::ShuttingDown,
            ApiError::internal("the task failed"),
            ApiError::InvalidUsername {
                reason: "too short".to_string(),
            },
            ApiError::InvalidPassword {
                chars: 3,
                min: 8,
                max: 256,
            },
            ApiError::UsernameTaken {
                name: "Habu".to_string(),
            },
            ApiError::BadCredentials,
            ApiError::Unauthenticated { reason: "log in" },
            ApiError::WrongPassword,
            ApiError::CrossSite {
                from: "https://evil.example".to_string(),
            },
            ApiError::Forbidden { reason: "no" },
        ];
        for e in &all {
            let code = e.code();
            assert!(
                !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{code}"
            );
            assert!(
                e.status().is_client_error() || e.status().is_server_error(),
                "{e}"
            );
            assert!(!e.to_string().is_empty());
        }
        assert_eq!(all[0].to_string(), "unknown variant 'chess' (shogi, tori)");
        assert_eq!(all[1].to_string(), "unknown handicap 'queen'");
        assert_eq!(all[4].status(), StatusCode::PAYLOAD_TOO_LARGE);
        let statuses: Vec<u16> = all[16..].iter().map(|e| e.status().as_u16()).collect();
        assert_eq!(statuses, [400, 400, 409, 401, 401, 403, 403, 403]);
    }
}
