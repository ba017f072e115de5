//! Errors: the API's answers to a refused request, and the server's own failures.

use koma_game::{Foul, GameError, Outcome};
use koma_notation::formats::{Format, RecordError};
use koma_notation::sfen::SfenError;
use koma_notation::usi::UsiMoveError;
use koma_rules::{Color, IllegalMove, SetupError};
use koma_store::StoreError;

/// A refused request: what went wrong, with a stable machine-readable code
/// ([`ApiError::code`]) for each kind; the message (its `Display`) names the problem for the
/// player. The HTTP layer gives each its status and body (`crate::http::error`).
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
    /// A query parameter with a value the request cannot take (400).
    #[error("{name}: {message}")]
    BadParameter {
        /// The parameter's name.
        name: &'static str,
        /// What is wrong with its value.
        message: String,
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
    /// No offer of the opponent's to accept or decline, or none of one's own to withdraw (409).
    #[error("there is no {0} offer to answer")]
    NoOffer(&'static str),
    /// A takeback asked for in a rated game: takebacks are for casual games (409).
    #[error("takebacks are for casual games: this game is rated")]
    TakebackInRatedGame,
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
    /// A Chu move of a line that cannot be read or that the rules forbid (400).
    #[error("move {ply}: {source}")]
    IllegalChuMove {
        /// Its number (from 1) in the line.
        ply: usize,
        /// What is wrong.
        source: koma_notation::chu::ChuUsiError,
    },
    /// A Chu move that cannot be read as USI (400).
    #[error("{0}")]
    UnreadableChuMove(#[source] koma_notation::chu::ChuUsiError),
    /// Something the hosted Chu games do not have yet, named (400): a board image, a
    /// handicap, a tournament.
    #[error("Chu shogi games do not take {0} yet")]
    NotInChu(&'static str),
    /// A move played in a game that the rules forbid there (400).
    #[error("illegal move {usi}: {foul}")]
    IllegalMove {
        /// The move as sent.
        usi: String,
        /// Why it is illegal.
        foul: Foul,
    },
    /// A record that cannot be read in its format (400).
    #[error("{}{source}", record_place(*.format))]
    UnreadableRecord {
        /// The format it was read as.
        format: Format,
        /// What is wrong, with the place.
        source: RecordError,
    },
    /// A record text in no format the server reads, none named (400).
    #[error(
        "the text is in no record format koma reads (KIF, KI2, CSA, JKF, USI, SFEN, a move list such as 1. P-7f P-3d): choose its format"
    )]
    UnrecognisedRecord,
    /// A line that cannot be written in the format asked for (e.g. Tori Shogi in CSA) (400).
    #[error("{0}")]
    UnwritableRecord(#[source] RecordError),
    /// A Chu record that cannot be read, or written in the format asked for (400).
    #[error("{0}")]
    ChuRecord(#[source] koma_game::chu::record::ChuRecordError),
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
    /// A request body larger than the route takes (413).
    #[error("the request body is larger than the {limit} bytes this request takes")]
    BodyTooLarge {
        /// The most accepted, in bytes.
        limit: usize,
    },
    /// A request body that could not be read to its end (400).
    #[error("the request body could not be read: {0}")]
    UnreadableBody(String),
    /// A body that is not declared as JSON (415): the API reads JSON only, which also keeps
    /// other web pages from posting forms to it.
    #[error("send the body as JSON with 'Content-Type: application/json'{}", found_type(.found))]
    NotJson {
        /// The Content-Type sent, if any.
        found: Option<String>,
    },
    /// Too many requests of one kind from one client (429); `Retry-After` says when to try.
    #[error("too many {what}: try again in {retry_after_s} s")]
    RateLimited {
        /// What was asked too often (`requests`, `new games`...).
        what: &'static str,
        /// Seconds until the next request of the kind is accepted.
        retry_after_s: u64,
    },
    /// A request that needs a seat token sent none (403).
    #[error("this request needs the seat's token: send {{\"token\": \"...\"}}")]
    MissingToken,
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
    /// The invitation was not taken in time: the game was aborted (410).
    #[error("the invitation expired: the game was aborted")]
    InvitationExpired,
    /// A rematch of an aborted game, which had no real game to repeat (409).
    #[error("the game was aborted: there is no game to play again")]
    RematchOfAborted,
    /// The other player has not joined: the game has not started (409).
    #[error("the other player has not joined yet")]
    NotStarted,
    /// The game is over (409); the outcome, where it is said.
    #[error("the game is over{}", outcome_text(.0))]
    GameOver(Option<Outcome>),
    /// A rematch of a game that is not over (409).
    #[error("the game is not over: a rematch follows its end")]
    NotOver,
    /// A rematch of a tournament's game (409): the tournament pairs its players.
    #[error("a tournament game has no rematch: the tournament pairs its players")]
    RematchInTournament,
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
    /// A new password too easy to guess (400).
    #[error("the password is too easy to guess: {reason}")]
    WeakPassword {
        /// Why, and what would be better (zxcvbn's feedback).
        reason: String,
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
    /// A rated game or a seat refused (see `crate::players::SeatRefusal`).
    #[error("{0}")]
    Seat(#[from] crate::players::SeatRefusal),
    /// A seek or a quick pairing refused (see [`crate::lobby::LobbyRefusal`]).
    #[error("{0}")]
    Lobby(#[from] crate::lobby::LobbyRefusal),
    /// A tree of moves that cannot be a record (see `crate::record_tree::TreeRefusal`).
    #[error("{0}")]
    Tree(#[from] crate::record_tree::TreeRefusal),
    /// An analysis refused (see `crate::analysis::AnalysisRefusal`).
    #[error("{0}")]
    Analysis(#[from] crate::analysis::AnalysisRefusal),
    /// A kansōsen room refused a change (see `crate::rooms::RoomRefusal`).
    #[error("{0}")]
    Room(#[from] crate::rooms::RoomRefusal),
    /// A study refused a request (see `crate::studies::StudyRefusal`).
    #[error("{0}")]
    Study(#[from] crate::studies::StudyRefusal),
    /// A tournament request refused (see [`crate::tournaments::Refusal`]).
    #[error("{0}")]
    Tournament(#[from] crate::tournaments::Refusal),
    /// The review queue is full; the client may try later (503).
    #[error("the review queue is full; try again later")]
    QueueFull,
    /// As many games against the engine are under way as the server holds (503).
    #[error("the server holds {limit} games against the engine, its most; try again later")]
    EngineGamesFull {
        /// The most the server holds.
        limit: usize,
    },
    /// As many engine turns wait for a search as the queue holds: no new game against the
    /// engine now (503).
    #[error("the engine is busy ({waiting} moves wait for it); try again later")]
    EngineBusy {
        /// How many turns and review positions wait.
        waiting: usize,
    },
    /// This client holds as many undecided games against the engine as one may (429).
    #[error(
        "you have {limit} games against the engine under way, the most one may; finish one first"
    )]
    TooManyEngineGames {
        /// The most one client may hold.
        limit: usize,
    },
    /// This client has as many reviews waiting or running as one may (429).
    #[error(
        "you have {limit} reviews waiting or under way, the most one may; try again when one is done"
    )]
    TooManyReviews {
        /// The most one client may have.
        limit: usize,
    },
    /// A claim of victory that the game does not allow now (409): the opponent is here or
    /// not gone long enough, it is the claimer's move, and the like.
    #[error("{0}")]
    CannotClaim(crate::presence::NoClaim),
    /// A berserk in a game that no arena tournament started (400).
    #[error("game {game} is not an arena tournament's game: only those can be berserked")]
    NotArenaGame {
        /// The game.
        game: String,
    },
    /// An abort after both sides have moved: resign instead (400).
    #[error("both sides have moved: the game can no longer be aborted (resign instead)")]
    TooLateToAbort,
    /// An account holds as many event or game streams open as one may (429).
    #[error("you have {limit} streams of this kind open, the most one may; close one first")]
    TooManyStreams {
        /// The most one account may hold.
        limit: usize,
    },
    /// A client's address or account holds as many WebSockets and streams open as one may
    /// (429).
    #[error("{holder} has {limit} WebSockets and streams open, the most one may; close one first")]
    TooManyOpen {
        /// `this address` or `this account`.
        holder: &'static str,
        /// The most one may hold.
        limit: usize,
    },
    /// The server holds as many WebSockets and streams open as it may (503).
    #[error(
        "the server has {limit} WebSockets and streams open, the most it takes; try again later"
    )]
    StreamsFull {
        /// The most the server holds.
        limit: usize,
    },
    /// A request's body did not arrive within the time given to it (408).
    #[error("the request's body did not arrive within {seconds} s")]
    BodyTimeout {
        /// The time given.
        seconds: u64,
    },
    /// A client sent more WebSocket messages than one may (429); the socket closes.
    #[error(
        "too many messages on this connection: at most {per_second} a second; reconnect to go on"
    )]
    MessageFlood {
        /// The rate allowed.
        per_second: u32,
    },
    /// An account has as many open challenges as one may (429).
    #[error("you have {limit} open challenges, the most one may; wait for an answer")]
    TooManyChallenges {
        /// The most one account may have.
        limit: usize,
    },
    /// The server is stopping (503).
    #[error("the server stops")]
    ShuttingDown,
    /// The store failed (500), or cannot be reached now or the game moved to another
    /// server (503: try again).
    #[error("storage failed: {0}")]
    Storage(#[from] StoreError),
    /// The system's random generator failed (500).
    #[error("the system's random generator failed: {0}")]
    Random(#[from] getrandom::Error),
    /// Another failure of the server itself (500), said for its log.
    #[error("{0}")]
    Internal(#[from] Internal),
}

/// A failure of the server itself: what should not happen, said for its log (500).
#[derive(Debug, thiserror::Error)]
pub enum Internal {
    /// A blocking task failed (it panicked, or the runtime is shutting down).
    #[error("the task failed: {0}")]
    Task(#[source] tokio::task::JoinError),
    /// A seek or a quick pairing could not be written as JSON for the store.
    #[error("the lobby's row as JSON: {0}")]
    LobbyJson(#[source] serde_json::Error),
    /// The game refused a move the server had checked legal.
    #[error("the game refused a checked move: {0}")]
    CheckedMove(#[source] GameError),
    /// The engine found no move in an undecided game.
    #[error("the engine has no move in an undecided game")]
    EngineNoMove,
    /// A stored move does not replay.
    #[error("game {game}: stored move {number} is illegal: {source}")]
    StoredMove {
        /// The game.
        game: koma_store::GameId,
        /// The move's number (1-based).
        number: usize,
        /// Why it is illegal.
        source: IllegalMove,
    },
    /// The board's picture could not be drawn.
    #[error("the picture: {0}")]
    Picture(#[source] crate::png::PngError),
    /// A study's files could not be put in a ZIP.
    #[error("the study's ZIP: {0}")]
    Zip(#[source] zip::result::ZipError),
    /// A new study's id was taken (a random id drawn twice).
    #[error("a new study's id was taken")]
    StudyIdTaken,
    /// A tournament's view was built without its version.
    #[error("a tournament view without a version")]
    ViewWithoutVersion,
    /// A tournament could not be written as JSON.
    #[error("tournament as JSON: {0}")]
    TournamentJson(#[source] serde_json::Error),
    /// The rematch of a game could not be set up.
    #[error("the rematch of game {game}: {source}")]
    Rematch {
        /// The game.
        game: koma_store::GameId,
        /// Why.
        source: Box<ApiError>,
    },
    /// The clock of a game against the engine could not be started.
    #[error("clock: {0}")]
    Clock(#[source] GameError),
    /// argon2 refused its parameters or its input.
    #[error("argon2: {0}")]
    Argon2(#[source] argon2::Error),
    /// A password hash's parameters could not be written.
    #[error("argon2: {0}")]
    PasswordHash(#[source] argon2::password_hash::Error),
    /// A password hash's salt or output could not be written.
    #[error("argon2: {0}")]
    Phc(#[source] argon2::password_hash::phc::Error),
    /// A search of the engine's pool (Chu shogi's engine move, an analysis) failed.
    #[error("the engine: {0}")]
    Search(#[source] crate::engine::SearchFailed),
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

    /// The game refused a request: over, or another reason (409).
    pub fn refused(e: GameError) -> ApiError {
        match e {
            GameError::Over => ApiError::GameOver(None),
            other => ApiError::Refused(other),
        }
    }

    /// The kind as a stable snake_case code, for programs (the message is for people).
    pub fn code(&self) -> &'static str {
        use ApiError as E;
        match self {
            E::Malformed { .. } | E::UnreadableBody(_) => "malformed_request",
            E::NotJson { .. } => "not_json",
            E::RateLimited { .. } => "rate_limited",
            E::MissingToken => "missing_token",
            E::Unknown { .. } => "unknown_name",
            E::HandicapNotInVariant { .. }
            | E::TimeControl { .. }
            | E::TooLong { .. }
            | E::BadParameter { .. } => "invalid_value",
            E::HandicapAndSfen | E::EngineWithoutOpponent => "conflicting_fields",
            E::StartSfen(_) | E::StartSetup(_) => "invalid_position",
            E::UnreadableMove { .. } | E::UnreadableMoveText(_) | E::UnreadableChuMove(_) => {
                "unreadable_move"
            }
            E::NotInChu(_) => "not_in_chu",
            E::MoveFields => "conflicting_fields",
            E::ChatText(_) => "invalid_value",
            E::NoOffer(_) => "no_offer",
            E::NothingToTakeBack => "nothing_to_take_back",
            E::TakebackInRatedGame => "rated_game",
            E::EngineDeclinesDraw => "draw_declined",
            E::IllegalInLine { .. } | E::IllegalChuMove { .. } | E::IllegalMove { .. } => {
                "illegal_move"
            }
            E::UnreadableRecord { .. } => "unreadable_record",
            E::UnrecognisedRecord => "unrecognised_record",
            E::UnwritableRecord(_) => "unwritable_record",
            E::ChuRecord(e) => match e {
                koma_game::chu::record::ChuRecordError::Format(_)
                | koma_game::chu::record::ChuRecordError::Ply { .. } => "unwritable_record",
                _ => "unreadable_record",
            },
            E::RecordTooLarge { .. } | E::TooManyMoves { .. } | E::BodyTooLarge { .. } => {
                "too_large"
            }
            E::WrongInvitation => "wrong_invitation",
            E::NoSeat { .. } | E::Spectator => "no_seat",
            E::NotYourTurn { .. } | E::DeclareOutOfTurn => "not_your_turn",
            E::NotFound { .. } => "not_found",
            E::SeatsTaken => "seats_taken",
            E::InvitationExpired => "expired",
            E::RematchOfAborted => "aborted",
            E::NotStarted => "not_started",
            E::GameOver(_) => "game_over",
            E::NotOver => "game_not_over",
            E::RematchInTournament => "tournament_game",
            E::TooLateToAbort => "too_late_to_abort",
            E::CannotClaim(_) => "cannot_claim",
            E::NotArenaGame { .. } => "not_arena_game",
            E::Refused(_) => "refused",
            E::InvalidUsername { .. } => "invalid_username",
            E::InvalidPassword { .. } => "invalid_password",
            E::WeakPassword { .. } => "weak_password",
            E::UsernameTaken { .. } => "username_taken",
            E::BadCredentials => "bad_credentials",
            E::Unauthenticated { .. } => "unauthorized",
            E::WrongPassword => "wrong_password",
            E::CrossSite { .. } => "cross_site",
            E::Forbidden { .. } => "forbidden",
            E::Seat(refusal) => refusal.code(),
            E::Lobby(refusal) => refusal.code(),
            E::Analysis(refusal) => refusal.code(),
            E::Room(refusal) => refusal.code(),
            E::Study(refusal) => refusal.code(),
            E::Tree(_) => "invalid_tree",
            E::Tournament(refusal) => refusal.code(),
            E::QueueFull => "queue_full",
            E::EngineGamesFull { .. } => "engine_games_full",
            E::EngineBusy { .. } => "engine_busy",
            E::TooManyEngineGames { .. }
            | E::TooManyReviews { .. }
            | E::TooManyStreams { .. }
            | E::TooManyOpen { .. }
            | E::TooManyChallenges { .. } => "too_many",
            E::MessageFlood { .. } => "rate_limited",
            E::StreamsFull { .. } => "streams_full",
            E::BodyTimeout { .. } => "body_timeout",
            E::ShuttingDown => "shutting_down",
            E::Storage(e) if e.is_transient() => "storage_unavailable",
            E::Storage(_) => "storage_failed",
            E::Random(_) | E::Internal(_) => "internal",
        }
    }

    /// How many seconds the client should wait before it tries again, for a refusal that
    /// only a busy server makes, or a client over its rate (sent as `Retry-After`).
    pub fn retry_after(&self) -> Option<u64> {
        use ApiError as E;
        match self {
            E::RateLimited { retry_after_s, .. } => Some(*retry_after_s),
            E::EngineBusy { .. } | E::StreamsFull { .. } | E::TooManyOpen { .. } => {
                Some(RETRY_BUSY_S)
            }
            E::QueueFull | E::TooManyReviews { .. } => Some(RETRY_REVIEW_S),
            E::Analysis(crate::analysis::AnalysisRefusal::Running) => Some(RETRY_BUSY_S),
            E::EngineGamesFull { .. } | E::TooManyEngineGames { .. } => Some(RETRY_GAMES_S),
            E::Storage(e) if e.is_transient() => Some(RETRY_STORE_S),
            _ => None,
        }
    }

    /// The 1-based line of the text sent where the problem is, when the error names one (a
    /// record that cannot be read).
    pub fn line(&self) -> Option<usize> {
        match self {
            ApiError::UnreadableRecord { source, .. } => source.line(),
            _ => None,
        }
    }
}

/// `kif record: ` in front of a reader's message; nothing for a move list's, which says
/// `move list line N` itself.
fn record_place(format: Format) -> String {
    match format {
        Format::Moves => String::new(),
        other => format!("{} record: ", other.name()),
    }
}

fn found_type(found: &Option<String>) -> String {
    match found {
        Some(t) => format!(" (not '{t}')"),
        None => String::new(),
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

/// `Retry-After` when the engine's queue is full: a few moves' time.
const RETRY_BUSY_S: u64 = 5;
/// `Retry-After` when reviews are full: about one review position per client in turn.
const RETRY_REVIEW_S: u64 = 30;
/// `Retry-After` when games against the engine are full: games last minutes.
const RETRY_GAMES_S: u64 = 60;
/// `Retry-After` when the store cannot be reached or the game moved: a database restarts,
/// a lease moves, in about a second.
const RETRY_STORE_S: u64 = 1;

/// Runs blocking or CPU-heavy work (a record, a password hash, the store) off the async
/// threads.
pub(crate) async fn off_thread<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(Internal::Task)?
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
