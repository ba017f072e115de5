//! How a refused request goes out over HTTP and the WebSocket: its status, its JSON body
//! and `Retry-After`.

use crate::error::ApiError;
use crate::lobby::LobbyRefusal;
use crate::players::SeatRefusal;
use crate::tournaments::Refusal;
use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        use ApiError as E;
        match self {
            E::Malformed { .. }
            | E::Unknown { .. }
            | E::HandicapNotInVariant { .. }
            | E::TimeControl { .. }
            | E::BadParameter { .. }
            | E::HandicapAndSfen
            | E::EngineWithoutOpponent
            | E::StartSfen(_)
            | E::StartSetup(_)
            | E::UnreadableMove { .. }
            | E::UnreadableMoveText(_)
            | E::UnreadableChuMove(_)
            | E::NotInChu(_)
            | E::MoveFields
            | E::ChatText(_)
            | E::IllegalInLine { .. }
            | E::IllegalChuMove { .. }
            | E::IllegalMove { .. }
            | E::UnreadableRecord { .. }
            | E::UnrecognisedRecord
            | E::UnwritableRecord(_)
            | E::ChuRecord(_)
            | E::InvalidUsername { .. }
            | E::InvalidPassword { .. }
            | E::WeakPassword { .. }
            | E::TooLong { .. }
            | E::UnreadableBody(_)
            | E::NotArenaGame { .. }
            | E::TooLateToAbort => StatusCode::BAD_REQUEST,
            E::BadCredentials | E::Unauthenticated { .. } => StatusCode::UNAUTHORIZED,
            E::WrongPassword | E::CrossSite { .. } | E::Forbidden { .. } => StatusCode::FORBIDDEN,
            E::UsernameTaken { .. } => StatusCode::CONFLICT,
            E::RecordTooLarge { .. } | E::TooManyMoves { .. } | E::BodyTooLarge { .. } => {
                StatusCode::PAYLOAD_TOO_LARGE
            }
            E::NotJson { .. } => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            E::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            E::MissingToken
            | E::WrongInvitation
            | E::NoSeat { .. }
            | E::Spectator
            | E::NotYourTurn { .. }
            | E::DeclareOutOfTurn => StatusCode::FORBIDDEN,
            E::NotFound { .. } => StatusCode::NOT_FOUND,
            E::SeatsTaken
            | E::NotStarted
            | E::GameOver(_)
            | E::NotOver
            | E::RematchOfAborted
            | E::RematchInTournament
            | E::Refused(_)
            | E::NoOffer(_)
            | E::NothingToTakeBack
            | E::TakebackInRatedGame
            | E::CannotClaim(_)
            | E::EngineDeclinesDraw => StatusCode::CONFLICT,
            E::Seat(refusal) => refusal.status(),
            E::Lobby(refusal) => refusal.status(),
            E::Analysis(crate::analysis::AnalysisRefusal::Running) => StatusCode::TOO_MANY_REQUESTS,
            E::Tree(_) => StatusCode::BAD_REQUEST,
            E::Room(refusal) => refusal.status(),
            E::Study(refusal) => refusal.status(),
            E::Analysis(crate::analysis::AnalysisRefusal::OutOfRange { .. }) => {
                StatusCode::BAD_REQUEST
            }
            E::Tournament(refusal) => refusal.status(),
            E::InvitationExpired => StatusCode::GONE,
            E::QueueFull | E::EngineGamesFull { .. } | E::EngineBusy { .. } | E::ShuttingDown => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            E::TooManyEngineGames { .. }
            | E::TooManyReviews { .. }
            | E::TooManyStreams { .. }
            | E::TooManyOpen { .. }
            | E::MessageFlood { .. }
            | E::TooManyChallenges { .. } => StatusCode::TOO_MANY_REQUESTS,
            E::StreamsFull { .. } => StatusCode::SERVICE_UNAVAILABLE,
            E::BodyTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            E::Storage(e) if e.is_transient() => StatusCode::SERVICE_UNAVAILABLE,
            E::Storage(_) | E::Random(_) | E::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The error as the JSON body both HTTP and WebSocket send: `error` (the message, cut
    /// to `MAX_MESSAGE_CHARS`), `code` and `status`, and `line` when it names one
    /// ([`ApiError::line`]).
    pub fn to_json(&self) -> serde_json::Value {
        let mut body = serde_json::json!({
            "error": cut(self.to_string()),
            "code": self.code(),
            "status": self.status().as_u16(),
        });
        if let Some(line) = self.line() {
            body["line"] = line.into();
        }
        body
    }
}

impl LobbyRefusal {
    /// The HTTP status.
    pub fn status(self) -> StatusCode {
        match self {
            LobbyRefusal::LoginRequired => StatusCode::UNAUTHORIZED,
            LobbyRefusal::NoSuchSeek(_) => StatusCode::NOT_FOUND,
            LobbyRefusal::OwnSeek | LobbyRefusal::NotYourSeek | LobbyRefusal::OutOfRange { .. } => {
                StatusCode::FORBIDDEN
            }
            LobbyRefusal::BadRange { .. } | LobbyRefusal::QuickWithoutClock => {
                StatusCode::BAD_REQUEST
            }
            LobbyRefusal::Full => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl crate::rooms::RoomRefusal {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        use crate::rooms::RoomRefusal as R;
        match self {
            R::Change(_) | R::NotInRoom(_) => StatusCode::BAD_REQUEST,
            R::NotYourBoard | R::PlayersOnly => StatusCode::FORBIDDEN,
            R::Busy => StatusCode::CONFLICT,
        }
    }
}

impl crate::studies::StudyRefusal {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        use crate::studies::StudyRefusal as R;
        match self {
            R::NotFound(_) | R::NoChapter(_) => StatusCode::NOT_FOUND,
            R::NotEditor | R::NotOwner => StatusCode::FORBIDDEN,
            R::NotLeading | R::Busy => StatusCode::CONFLICT,
            R::TooManyChapters
            | R::TooManyMembers
            | R::Name
            | R::Visibility(_)
            | R::Role(_)
            | R::Member(_)
            | R::LastChapter
            | R::NotAChange(_)
            | R::Tree(_) => StatusCode::BAD_REQUEST,
        }
    }
}

impl SeatRefusal {
    /// The HTTP status.
    pub fn status(self) -> StatusCode {
        match self {
            SeatRefusal::RatedByGuest | SeatRefusal::RatedJoinedByGuest => StatusCode::UNAUTHORIZED,
            SeatRefusal::RatedAgainstEngine
            | SeatRefusal::RatedFromPosition
            | SeatRefusal::RatedWithoutClock => StatusCode::BAD_REQUEST,
            SeatRefusal::OwnGame => StatusCode::FORBIDDEN,
        }
    }
}

impl Refusal {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            Refusal::LoginRequired => StatusCode::UNAUTHORIZED,
            Refusal::NotDirector { .. } => StatusCode::FORBIDDEN,
            Refusal::NoSuchTournament(_) => StatusCode::NOT_FOUND,
            Refusal::Invalid { .. } => StatusCode::BAD_REQUEST,
            Refusal::WrongState { .. }
            | Refusal::AlreadyEntered(_)
            | Refusal::NotEntered(_)
            | Refusal::RoundUnfinished { .. }
            | Refusal::Pairing(_)
            | Refusal::Export(_) => StatusCode::CONFLICT,
            Refusal::Busy => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

/// The longest message an answer carries, in characters: a message that quotes a client's
/// bad input (a 1 MB move, a record) says what is wrong without sending it all back.
pub const MAX_MESSAGE_CHARS: usize = 300;

/// `message` cut to [`MAX_MESSAGE_CHARS`] characters (on a character boundary), with `…`
/// where it was cut.
fn cut(mut message: String) -> String {
    if let Some((at, _)) = message.char_indices().nth(MAX_MESSAGE_CHARS) {
        message.truncate(at);
        message.push('…');
    }
    message
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(self.to_json())).into_response();
        if let Some(seconds) = self.retry_after() {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_game::GameError;
    use koma_rules::Color;
    use koma_store::StoreError;

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

    /// One error of every kind (the first ones in a fixed order the tests below rely on).
    fn every_kind() -> Vec<ApiError> {
        vec![
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
            ApiError::InvitationExpired,
            ApiError::RematchOfAborted,
            ApiError::NotStarted,
            ApiError::NotOver,
            ApiError::QueueFull,
            ApiError::EngineGamesFull { limit: 8 },
            ApiError::EngineBusy { waiting: 4 },
            ApiError::TooManyEngineGames { limit: 4 },
            ApiError::TooManyReviews { limit: 2 },
            ApiError::ShuttingDown,
            ApiError::Internal(crate::error::Internal::EngineNoMove),
            ApiError::Storage(StoreError::NotOwner("g".into())),
            ApiError::Storage(koma_store::Damage::NoAnswer("count of games").into()),
            ApiError::InvalidUsername {
                reason: "too short".to_string(),
            },
            ApiError::InvalidPassword {
                chars: 3,
                min: 8,
                max: 256,
            },
            ApiError::WeakPassword {
                reason: "This is a top-10 common password.".to_string(),
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
            ApiError::BodyTooLarge { limit: 10 },
            ApiError::UnreadableBody("reset".into()),
            ApiError::NotJson { found: None },
            ApiError::RateLimited {
                what: "requests",
                retry_after_s: 1,
            },
            ApiError::MissingToken,
            ApiError::MoveFields,
            ApiError::ChatText("it is empty"),
            ApiError::NoOffer("draw"),
            ApiError::NothingToTakeBack,
            ApiError::TakebackInRatedGame,
            ApiError::EngineDeclinesDraw,
            ApiError::RematchInTournament,
            ApiError::CannotClaim(crate::presence::NoClaim::YourMove),
            ApiError::NotArenaGame {
                game: "g".to_string(),
            },
            ApiError::UnrecognisedRecord,
        ]
    }

    #[test]
    fn codes_are_snake_case_and_statuses_are_errors() {
        let all = every_kind();
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
        let first = all
            .iter()
            .position(|e| matches!(e, ApiError::InvalidUsername { .. }))
            .unwrap();
        let statuses: Vec<u16> = all[first..first + 9]
            .iter()
            .map(|e| e.status().as_u16())
            .collect();
        assert_eq!(statuses, [400, 400, 400, 409, 401, 401, 403, 403, 403]);
    }

    #[test]
    fn long_messages_are_cut_on_a_character_boundary() {
        // A move of 1,000 three-byte characters: the cut falls inside no character.
        let e = ApiError::unknown("variant", &"駒".repeat(1000), "");
        let message = e.to_json()["error"].as_str().unwrap().to_string();
        assert_eq!(message.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(message.starts_with("unknown variant '駒駒"));
        assert!(message.ends_with("駒…"));
        // A short one is whole.
        let short = ApiError::unknown("variant", "chess", "");
        assert_eq!(short.to_json()["error"], "unknown variant 'chess'");
    }

    #[test]
    fn a_refusal_for_too_many_requests_says_when_to_try_again() {
        let e = ApiError::RateLimited {
            what: "new games",
            retry_after_s: 7,
        };
        assert_eq!((e.status().as_u16(), e.code()), (429, "rate_limited"));
        let response = e.into_response();
        assert_eq!(response.headers()[header::RETRY_AFTER], "7");
    }

    #[test]
    fn a_busy_server_says_when_to_come_back() {
        let all = every_kind();
        // A busy server says when to come back; a refusal of the request itself does not.
        for e in &all {
            let busy = matches!(
                e.status(),
                StatusCode::SERVICE_UNAVAILABLE | StatusCode::TOO_MANY_REQUESTS
            ) && !matches!(e, ApiError::ShuttingDown);
            assert_eq!(e.retry_after().is_some(), busy, "{e}");
        }
        let response = ApiError::TooManyReviews { limit: 2 }.into_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(response.headers()[header::RETRY_AFTER], "30");
    }
}
