//! The studies: analyses kept under a name, each in chapters (a position or a record with its
//! tree of variations, comments and marks), public, unlisted or private, with members who may
//! edit them or only watch. A study is written numbered, as a room is: a write made from an
//! older number than the stored one is refused, so that two servers (or two requests) never
//! lose each other's change. A change writes the study's row and only the chapters it
//! changed.

use crate::{StoreError, StudyId, UserId};

/// Who may find and read a study.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// Listed for everyone, read by everyone.
    Public,
    /// Read by whoever has its address; listed only for its owner and members.
    Unlisted,
    /// Read only by its owner and members.
    Private,
}

impl Visibility {
    /// Every visibility, in the order the page offers them.
    pub const ALL: [Visibility; 3] = [
        Visibility::Public,
        Visibility::Unlisted,
        Visibility::Private,
    ];

    /// Its name: `public`, `unlisted` or `private`.
    pub fn name(self) -> &'static str {
        match self {
            Visibility::Public => "public",
            Visibility::Unlisted => "unlisted",
            Visibility::Private => "private",
        }
    }

    /// The visibility named `name`.
    pub fn from_name(name: &str) -> Option<Visibility> {
        Visibility::ALL.into_iter().find(|v| v.name() == name)
    }
}

/// What a member of a study may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StudyRole {
    /// Edit its chapters, and lead a lesson.
    Edit,
    /// Read it, a private one too, and follow a lesson.
    Watch,
}

impl StudyRole {
    /// Its name: `edit` or `watch`.
    pub fn name(self) -> &'static str {
        match self {
            StudyRole::Edit => "edit",
            StudyRole::Watch => "watch",
        }
    }

    /// The role named `name`.
    pub fn from_name(name: &str) -> Option<StudyRole> {
        [StudyRole::Edit, StudyRole::Watch]
            .into_iter()
            .find(|r| r.name() == name)
    }
}

/// A member of a study (its owner is none: he does everything).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyMember {
    /// The account.
    pub account: UserId,
    /// What it may do.
    pub role: StudyRole,
}

/// A study as stored, without its chapters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredStudy {
    /// Its id.
    pub id: StudyId,
    /// The account that made it.
    pub owner: UserId,
    /// Its name.
    pub name: String,
    /// Who may find and read it.
    pub visibility: Visibility,
    /// The change's number: 1 for the study's first state, one more for each change.
    pub version: u64,
    /// Its members, the owner not among them.
    pub members: Vec<StudyMember>,
    /// What else the server keeps of it (the chapters' order, a lesson under way), as the
    /// server serialises it; the store keeps it as it is.
    pub state: String,
    /// When it was made (Unix milliseconds).
    pub created_ms: u64,
    /// When it last changed (Unix milliseconds).
    pub at_ms: u64,
}

/// A chapter of a study as stored: its number in the study (kept for the study's life) and
/// its state as the server serialises it (its name, start, header and tree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChapter {
    /// Its number in the study.
    pub number: u32,
    /// Its state (JSON).
    pub state: String,
}

/// A study as a list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudySummary {
    /// Its id.
    pub id: StudyId,
    /// Its owner.
    pub owner: UserId,
    /// Its name.
    pub name: String,
    /// Who may find and read it.
    pub visibility: Visibility,
    /// When it last changed (Unix milliseconds).
    pub at_ms: u64,
}

/// Where the studies are kept. Blocking, like [`crate::Store`].
pub trait StudyStore: Send + Sync {
    /// The study `id` with its chapters (in number order), if there is one.
    fn study(&self, id: &StudyId) -> Result<Option<(StoredStudy, Vec<StoredChapter>)>, StoreError>;
    /// Writes `study` (its members replaced by its list), the chapters `chapters` (new or
    /// changed) and takes away the chapters numbered `dropped`, if the stored study is
    /// numbered one less (or, for version 1, if there is none): false, writing nothing, if
    /// another change came first.
    fn save_study(
        &self,
        study: &StoredStudy,
        chapters: &[StoredChapter],
        dropped: &[u32],
    ) -> Result<bool, StoreError>;
    /// The studies `viewer` finds listed, the last changed first, at most `limit`: the
    /// public ones, and those he owns or is a member of.
    fn studies_for(
        &self,
        viewer: Option<&UserId>,
        limit: usize,
    ) -> Result<Vec<StudySummary>, StoreError>;
    /// Deletes the study `id` with its chapters and members: false if there was none.
    fn delete_study(&self, id: &StudyId) -> Result<bool, StoreError>;
}
