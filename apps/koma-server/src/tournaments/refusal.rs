//! Why a tournament request is refused: each reason with its HTTP status and a stable code.

/// A tournament request refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A write without a logged-in account (401).
    #[error("tournaments are run by accounts: log in (or sign up) first")]
    LoginRequired,
    /// A director's action asked by another account (403).
    #[error("only the tournament's director ({director}) may do this")]
    NotDirector {
        /// The director's username.
        director: String,
    },
    /// No tournament has that id (404).
    #[error("no tournament '{0}'")]
    NoSuchTournament(koma_store::TournamentId),
    /// A field of the body with a value the request cannot take (400).
    #[error("{field}: {message}")]
    Invalid {
        /// The field.
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// The request does not fit the tournament's state (409).
    #[error("the tournament is {status}: {message}")]
    WrongState {
        /// The tournament's status.
        status: &'static str,
        /// What cannot be done then.
        message: String,
    },
    /// The account is entered already (409).
    #[error("{0} is entered already")]
    AlreadyEntered(String),
    /// The player named is not in the tournament, or withdrew already (409).
    #[error("{0}")]
    NotEntered(String),
    /// The next round waits for results (409).
    #[error("round {round} is not finished: board(s) {boards} have no result")]
    RoundUnfinished {
        /// The current round (1-based).
        round: usize,
        /// Its boards without a result, comma-separated.
        boards: String,
    },
    /// The field cannot be paired (409).
    #[error("the round cannot be paired: {0}")]
    Pairing(String),
    /// An export cannot be written from the tournament as it stands (409).
    #[error("{0}")]
    Export(String),
    /// Others changed the tournament at the same moment every time it was tried (503).
    #[error("the tournament is being changed by others at this moment; try again")]
    Busy,
}

impl Refusal {
    /// An invalid field.
    pub fn invalid(field: &'static str, message: impl Into<String>) -> Refusal {
        Refusal::Invalid {
            field,
            message: message.into(),
        }
    }

    /// The stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::LoginRequired => "login_required",
            Refusal::NotDirector { .. } => "not_director",
            Refusal::NoSuchTournament(_) => "not_found",
            Refusal::Invalid { .. } => "invalid_value",
            Refusal::WrongState { .. } => "wrong_state",
            Refusal::AlreadyEntered(_) => "already_entered",
            Refusal::NotEntered(_) => "not_entered",
            Refusal::RoundUnfinished { .. } => "round_unfinished",
            Refusal::Pairing(_) => "pairing_failed",
            Refusal::Export(_) => "export_failed",
            Refusal::Busy => "busy",
        }
    }
}
