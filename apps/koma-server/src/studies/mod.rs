//! The studies: analyses kept under a name, in chapters (each a position or a record with
//! its tree of variations, comments and marks), public, unlisted or private, with members
//! who may edit them or only watch. Whoever reads a study on its socket sees each change at
//! once; in a lesson, one editor leads and every reader's board follows his.
//!
//! A study lives in memory while someone has it open (its sockets hold it); [`Studies`]
//! finds it again or reads it from the store. Each change is checked, written (the study's
//! row and the chapters it changed, numbered as a room is: a write from an older number is
//! refused, and the change tried again on the study as it is), then pushed once to every
//! socket.

mod chapter;

pub use chapter::{Chapter, MAX_NAME, Written, clean_name};

use crate::audience::Audience;
use crate::error::ApiError;
use crate::review_tree::TreeChange;
use crate::rooms::Change;
use koma_store::studies::{
    StoredChapter, StoredStudy, StudyMember, StudyRole, StudySummary, Visibility,
};
use koma_store::{Store, StudyId, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Weak};
use tokio::sync::broadcast;

/// The most chapters of a study.
pub const MAX_CHAPTERS: usize = 64;

/// The most members of a study.
pub const MAX_MEMBERS: usize = 100;

/// The most studies a list shows.
pub const LISTED: usize = 200;

/// Why a study refused a request.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StudyRefusal {
    /// No such study, or one the reader may not see (404 `study_not_found`).
    #[error("no study '{0}'")]
    NotFound(String),
    /// No such chapter (404 `chapter_not_found`).
    #[error("the study has no chapter {0}")]
    NoChapter(u32),
    /// A change by someone who may only read (403 `not_study_editor`).
    #[error("only the study's owner and its editors change it")]
    NotEditor,
    /// What only the owner may do (403 `not_study_owner`).
    #[error("only the study's owner renames it, sets who sees it, its members, or deletes it")]
    NotOwner,
    /// Too many chapters (400 `study_full`).
    #[error("a study holds at most {MAX_CHAPTERS} chapters")]
    TooManyChapters,
    /// Too many members (400 `study_full`).
    #[error("a study has at most {MAX_MEMBERS} members")]
    TooManyMembers,
    /// A study's or a chapter's name blank, too long or with a control character (400
    /// `invalid_study`).
    #[error("a name has 1 to {MAX_NAME} characters, none a line break")]
    Name,
    /// Not a visibility (400 `invalid_study`).
    #[error("'{0}' is not a visibility: public, unlisted or private")]
    Visibility(String),
    /// Not a role (400 `invalid_study`).
    #[error("'{0}' is not a role: edit or watch")]
    Role(String),
    /// A member who has no account, or the owner (400 `invalid_study`).
    #[error("'{0}' cannot be a member: no such account, or the owner")]
    Member(String),
    /// A study's last chapter deleted (400 `invalid_study`).
    #[error("a study keeps at least one chapter")]
    LastChapter,
    /// A socket's message that is not a study's change (400 `invalid_study`).
    #[error(
        "'{0}' is not a study's change: move, go, shape, comment, promote, reorder, delete or lesson"
    )]
    NotAChange(String),
    /// A board moved with no lesson under way, or by whom does not lead it (409
    /// `not_leading`).
    #[error("only the lesson's leader moves everyone's board")]
    NotLeading,
    /// A change the chapter's tree cannot take (400 `invalid_review`).
    #[error("{0}")]
    Tree(#[from] TreeChange),
    /// Other changes kept coming first (409 `study_busy`).
    #[error("the study changed meanwhile; try again")]
    Busy,
}

impl StudyRefusal {
    /// The stable code.
    pub fn code(&self) -> &'static str {
        match self {
            StudyRefusal::NotFound(_) => "study_not_found",
            StudyRefusal::NoChapter(_) => "chapter_not_found",
            StudyRefusal::NotEditor => "not_study_editor",
            StudyRefusal::NotOwner => "not_study_owner",
            StudyRefusal::TooManyChapters | StudyRefusal::TooManyMembers => "study_full",
            StudyRefusal::Name
            | StudyRefusal::Visibility(_)
            | StudyRefusal::Role(_)
            | StudyRefusal::Member(_)
            | StudyRefusal::LastChapter
            | StudyRefusal::NotAChange(_) => "invalid_study",
            StudyRefusal::NotLeading => "not_leading",
            StudyRefusal::Tree(_) => "invalid_review",
            StudyRefusal::Busy => "study_busy",
        }
    }
}

/// What a reader may do with a study.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Access {
    /// Read it (a public or unlisted study, not a member).
    Read,
    /// A member who watches.
    Watch,
    /// A member who edits.
    Edit,
    /// Its owner.
    Owner,
}

impl Access {
    /// Its name: `read`, `watch`, `edit` or `owner`.
    pub fn name(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Watch => "watch",
            Access::Edit => "edit",
            Access::Owner => "owner",
        }
    }
}

/// The lesson under way: its leader and the node every reader's board shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lesson {
    /// Who leads it.
    pub leader: UserId,
    /// The chapter shown.
    pub chapter: u32,
    /// The node shown.
    pub node: usize,
}

/// A change to a study.
#[derive(Clone, Debug)]
pub enum Edit {
    /// Renames it, or sets who sees it (owner).
    Settings {
        /// The new name.
        name: Option<String>,
        /// The new visibility.
        visibility: Option<Visibility>,
    },
    /// Makes `account` a member with `role`, or none (owner; a member may leave).
    Member {
        /// The account.
        account: UserId,
        /// Its role; none to take it away.
        role: Option<StudyRole>,
    },
    /// Adds a chapter (editors); its number is given here.
    AddChapter(Box<Chapter>),
    /// Renames chapter `number` (editors).
    RenameChapter {
        /// The chapter.
        number: u32,
        /// Its new name.
        name: String,
    },
    /// Deletes chapter `number` (editors).
    DropChapter(u32),
    /// A change of chapter `chapter`'s tree, or the lesson's board (editors; `go` by the
    /// lesson's leader).
    Tree {
        /// The chapter.
        chapter: u32,
        /// The change.
        change: Change,
    },
    /// Starts a lesson led by the sender on node `node` of chapter `chapter`, or ends the
    /// one under way (editors).
    Lesson {
        /// Start (true) or end it.
        on: bool,
        /// The chapter to show.
        chapter: Option<u32>,
        /// The node to show.
        node: Option<usize>,
    },
}

/// What the study keeps besides its columns and chapters.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct Kept {
    order: Vec<u32>,
    next: u32,
    #[serde(default)]
    lesson: Option<Lesson>,
}

/// A study's state in memory.
#[derive(Clone, Debug)]
struct Core {
    owner: UserId,
    name: String,
    visibility: Visibility,
    members: Vec<StudyMember>,
    chapters: Vec<Chapter>,
    next: u32,
    lesson: Option<Lesson>,
    version: u64,
    created_ms: u64,
}

/// A chapter as the study's list names it.
#[derive(Serialize)]
struct ChapterName<'a> {
    number: u32,
    name: &'a str,
    variant: &'static str,
}

/// A member as the study's state names him.
#[derive(Serialize)]
struct MemberView<'a> {
    account: &'a UserId,
    role: &'static str,
}

/// The study's state without its chapters' trees: what every socket gets on each change.
#[derive(Serialize)]
struct StudyView<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    id: &'a StudyId,
    version: u64,
    name: &'a str,
    visibility: &'static str,
    owner: &'a UserId,
    members: Vec<MemberView<'a>>,
    chapters: Vec<ChapterName<'a>>,
    lesson: Option<&'a Lesson>,
}

impl Core {
    fn of_stored(stored: &StoredStudy, chapters: &[StoredChapter]) -> Result<Core, ApiError> {
        let damaged = |what: &'static str, source| {
            ApiError::Storage(
                koma_store::Damage::Json {
                    what,
                    id: stored.id.to_string(),
                    source,
                }
                .into(),
            )
        };
        let mut kept: Kept =
            serde_json::from_str(&stored.state).map_err(|e| damaged("study", e))?;
        let mut read = BTreeMap::new();
        for c in chapters {
            let (chapter, numbers) =
                Chapter::of_kept(c.number, &c.state).map_err(|e| damaged("chapter", e))?;
            // The lesson's node as the chapter is numbered now.
            if let Some(lesson) = kept.lesson.as_mut().filter(|l| l.chapter == c.number) {
                lesson.node = numbers.get(lesson.node).copied().flatten().unwrap_or(0);
            }
            read.insert(c.number, chapter);
        }
        // The chapters in the study's order (one the order lacks goes last).
        let mut ordered: Vec<Chapter> = kept.order.iter().filter_map(|n| read.remove(n)).collect();
        ordered.extend(read.into_values());
        Ok(Core {
            owner: stored.owner.clone(),
            name: stored.name.clone(),
            visibility: stored.visibility,
            members: stored.members.clone(),
            chapters: ordered,
            next: kept.next,
            lesson: kept.lesson,
            version: stored.version,
            created_ms: stored.created_ms,
        })
    }

    fn access(&self, who: Option<&UserId>) -> Option<Access> {
        let member = who.and_then(|w| self.members.iter().find(|m| &m.account == w));
        match (who, member) {
            (Some(w), _) if *w == self.owner => Some(Access::Owner),
            (_, Some(m)) if m.role == StudyRole::Edit => Some(Access::Edit),
            (_, Some(_)) => Some(Access::Watch),
            _ if self.visibility == Visibility::Private => None,
            _ => Some(Access::Read),
        }
    }

    fn chapter_mut(&mut self, number: u32) -> Result<&mut Chapter, StudyRefusal> {
        self.chapters
            .iter_mut()
            .find(|c| c.number == number)
            .ok_or(StudyRefusal::NoChapter(number))
    }

    fn stored(&self, id: &StudyId, at_ms: u64) -> StoredStudy {
        let kept = Kept {
            order: self.chapters.iter().map(|c| c.number).collect(),
            next: self.next,
            lesson: self.lesson.clone(),
        };
        StoredStudy {
            id: id.clone(),
            owner: self.owner.clone(),
            name: self.name.clone(),
            visibility: self.visibility,
            version: self.version,
            members: self.members.clone(),
            state: serde_json::to_string(&kept).unwrap_or_default(),
            created_ms: self.created_ms,
            at_ms,
        }
    }

    fn view<'a>(&'a self, id: &'a StudyId) -> StudyView<'a> {
        StudyView {
            kind: "study",
            id,
            version: self.version,
            name: &self.name,
            visibility: self.visibility.name(),
            owner: &self.owner,
            members: self
                .members
                .iter()
                .map(|m| MemberView {
                    account: &m.account,
                    role: m.role.name(),
                })
                .collect(),
            chapters: self
                .chapters
                .iter()
                .map(|c| ChapterName {
                    number: c.number,
                    name: &c.name,
                    variant: c.tree.game().name(),
                })
                .collect(),
            lesson: self.lesson.as_ref(),
        }
    }
}

/// What a change touched: the chapters to write and push, and those taken away.
#[derive(Default)]
struct Touched {
    chapters: Vec<u32>,
    dropped: Vec<u32>,
}

/// Applies `edit` by `who` (whose access is `access`) to `core`.
fn apply(
    core: &mut Core,
    who: &UserId,
    access: Access,
    edit: Edit,
) -> Result<Touched, StudyRefusal> {
    let mut touched = Touched::default();
    let leaving = matches!(&edit, Edit::Member { account, role: None } if account == who);
    match &edit {
        Edit::Settings { .. } | Edit::Member { .. } if access < Access::Owner && !leaving => {
            return Err(StudyRefusal::NotOwner);
        }
        Edit::Settings { .. } | Edit::Member { .. } => {}
        _ if access < Access::Edit => return Err(StudyRefusal::NotEditor),
        _ => {}
    }
    match edit {
        Edit::Settings { name, visibility } => {
            if let Some(name) = name {
                core.name = clean_name(&name)?;
            }
            if let Some(visibility) = visibility {
                core.visibility = visibility;
            }
        }
        Edit::Member { account, role } => {
            if account == core.owner {
                return Err(StudyRefusal::Member(account.to_string()));
            }
            core.members.retain(|m| m.account != account);
            if let Some(role) = role {
                if core.members.len() >= MAX_MEMBERS {
                    return Err(StudyRefusal::TooManyMembers);
                }
                core.members.push(StudyMember { account, role });
            }
        }
        Edit::AddChapter(mut chapter) => {
            if core.chapters.len() >= MAX_CHAPTERS {
                return Err(StudyRefusal::TooManyChapters);
            }
            chapter.number = core.next;
            core.next += 1;
            touched.chapters.push(chapter.number);
            core.chapters.push(*chapter);
        }
        Edit::RenameChapter { number, name } => {
            core.chapter_mut(number)?.name = clean_name(&name)?;
            touched.chapters.push(number);
        }
        Edit::DropChapter(number) => {
            core.chapter_mut(number)?;
            if core.chapters.len() == 1 {
                return Err(StudyRefusal::LastChapter);
            }
            core.chapters.retain(|c| c.number != number);
            if core.lesson.as_ref().is_some_and(|l| l.chapter == number) {
                let first = core.chapters[0].number;
                if let Some(lesson) = core.lesson.as_mut() {
                    (lesson.chapter, lesson.node) = (first, 0);
                }
            }
            touched.dropped.push(number);
        }
        Edit::Tree { chapter, change } => {
            let leads = core.lesson.as_ref().is_some_and(|l| &l.leader == who);
            let Core {
                chapters, lesson, ..
            } = core;
            let tree = &mut chapters
                .iter_mut()
                .find(|c| c.number == chapter)
                .ok_or(StudyRefusal::NoChapter(chapter))?
                .tree;
            if let Change::Go { node } = change {
                let Some(lesson) = lesson.as_mut().filter(|_| leads) else {
                    return Err(StudyRefusal::NotLeading);
                };
                if !tree.attached(node) {
                    return Err(TreeChange::NoNode(node).into());
                }
                (lesson.chapter, lesson.node) = (chapter, node);
                return Ok(touched);
            }
            let here = lesson.as_mut().filter(|l| l.chapter == chapter);
            let mut at = here.as_ref().map_or(0, |l| l.node);
            let deleting = matches!(change, Change::Delete { .. });
            if crate::rooms::edit(tree, &mut at, &change)?.is_none() {
                return Err(StudyRefusal::NotAChange(change_name(&change).to_string()));
            }
            // The leader's move shows on every board; a deleted node's parent replaces it.
            if let Some(lesson) = here
                && (leads || deleting)
            {
                lesson.node = at;
            }
            touched.chapters.push(chapter);
        }
        Edit::Lesson { on: false, .. } => core.lesson = None,
        Edit::Lesson {
            on: true,
            chapter,
            node,
        } => {
            let chapter = chapter.unwrap_or(core.chapters[0].number);
            let node = node.unwrap_or(0);
            if !core.chapter_mut(chapter)?.tree.attached(node) {
                return Err(TreeChange::NoNode(node).into());
            }
            core.lesson = Some(Lesson {
                leader: who.clone(),
                chapter,
                node,
            });
        }
    }
    Ok(touched)
}

/// The name of a room's change that is none of a study's.
fn change_name(change: &Change) -> &'static str {
    match change {
        Change::Engine { .. } => "engine",
        Change::Hand { .. } => "hand",
        _ => "?",
    }
}

/// A reader on a study's socket.
#[derive(Clone, Debug)]
pub struct Reader {
    /// His account, if logged in.
    pub account: Option<UserId>,
    /// The name shown.
    pub name: String,
}

/// A study's last messages: its state, and each chapter's by number.
type Last = (Arc<str>, BTreeMap<u32, Arc<str>>);

/// One study, in memory while someone has it open.
pub struct Study {
    id: StudyId,
    core: tokio::sync::Mutex<Core>,
    audience: Audience<Reader>,
    /// The last state message and each chapter's, for a socket that joins or fell behind.
    last: std::sync::Mutex<Last>,
    studies: Weak<Inner>,
}

/// The studies open, and where they are kept.
pub struct Studies {
    inner: Arc<Inner>,
}

struct Inner {
    store: Arc<dyn Store>,
    open: std::sync::Mutex<HashMap<StudyId, Weak<Study>>>,
}

impl Studies {
    /// The studies kept in `store`; where other servers share the database, an open study
    /// is read again whenever one of them changes it.
    pub fn new(hub: &crate::hub::Hub, store: Arc<dyn Store>) -> Studies {
        let notes = hub.board_notes();
        let inner = Arc::new(Inner {
            store,
            open: std::sync::Mutex::new(HashMap::new()),
        });
        crate::audience::follow_notes(notes, Arc::downgrade(&inner));
        Studies { inner }
    }

    /// A new study of `owner`, named `name`, with `first` as its first chapter.
    pub async fn create(
        &self,
        owner: &UserId,
        name: &str,
        visibility: Visibility,
        mut first: Chapter,
    ) -> Result<Arc<Study>, ApiError> {
        let id = StudyId::new(koma_store::tokens::game_id().map_err(ApiError::Random)?);
        first.number = 0;
        let core = Core {
            owner: owner.clone(),
            name: clean_name(name)?,
            visibility,
            members: Vec::new(),
            chapters: vec![first],
            next: 1,
            lesson: None,
            version: 1,
            created_ms: crate::games::unix_ms(),
        };
        let stored = core.stored(&id, core.created_ms);
        let chapters = vec![StoredChapter {
            number: 0,
            state: core.chapters[0].kept(),
        }];
        let store = Arc::clone(&self.inner.store);
        let written =
            crate::error::off_thread(move || Ok(store.save_study(&stored, &chapters, &[])?))
                .await?;
        if !written {
            return Err(crate::error::Internal::StudyIdTaken.into());
        }
        Ok(self.enter(Study::new(id, core, Arc::downgrade(&self.inner))))
    }

    /// The study `id`, open already or read from the store.
    pub async fn study(&self, id: &StudyId) -> Result<Arc<Study>, ApiError> {
        if let Some(study) = self.inner.open_one(id) {
            return Ok(study);
        }
        let (store, key) = (Arc::clone(&self.inner.store), id.clone());
        let stored = crate::error::off_thread(move || Ok(store.study(&key)?)).await?;
        let Some((stored, chapters)) = stored else {
            return Err(StudyRefusal::NotFound(id.to_string()).into());
        };
        let core = Core::of_stored(&stored, &chapters)?;
        let ours = Study::new(id.clone(), core, Arc::downgrade(&self.inner));
        let study = self.enter(Arc::clone(&ours));
        if Arc::ptr_eq(&study, &ours) && self.inner.store.shared() {
            // Another server's change between the read above and the study's opening sent
            // its note while no study here listened: read once more, now that one does.
            if let Err(e) = study.read_again().await {
                eprintln!("koma serve: study {id}: reading it again once open: {e}");
            }
        }
        Ok(study)
    }

    /// The study `id` if `who` may read it (404 otherwise, as for no study), with what he
    /// may do.
    pub async fn readable(
        &self,
        id: &StudyId,
        who: Option<&UserId>,
    ) -> Result<(Arc<Study>, Access), ApiError> {
        let study = self.study(id).await?;
        let access = study.access(who).await?;
        Ok((study, access))
    }

    /// The studies `viewer` finds listed: the public ones, and his own and those he is a
    /// member of.
    pub async fn list(&self, viewer: Option<UserId>) -> Result<Vec<StudySummary>, ApiError> {
        let store = Arc::clone(&self.inner.store);
        crate::error::off_thread(move || Ok(store.studies_for(viewer.as_ref(), LISTED)?)).await
    }

    /// Deletes the study `id` (its owner only).
    pub async fn delete(&self, id: &StudyId, who: &UserId) -> Result<(), ApiError> {
        let (study, access) = self.readable(id, Some(who)).await?;
        if access != Access::Owner {
            return Err(StudyRefusal::NotOwner.into());
        }
        let (store, key) = (Arc::clone(&self.inner.store), id.clone());
        crate::error::off_thread(move || Ok(store.delete_study(&key)?)).await?;
        self.inner.open().remove(id);
        study.audience.send(Arc::from(
            serde_json::json!({ "type": "deleted", "id": id }).to_string(),
        ));
        Ok(())
    }

    /// Puts `study` among the open ones, unless one is open already: that one.
    fn enter(&self, study: Arc<Study>) -> Arc<Study> {
        let mut open = self.inner.open();
        if let Some(theirs) = open.get(&study.id).and_then(Weak::upgrade) {
            return theirs;
        }
        open.retain(|_, s| s.strong_count() > 0);
        open.insert(study.id.clone(), Arc::downgrade(&study));
        study
    }
}

impl crate::audience::Boards for Inner {
    type Key = StudyId;

    fn of_note(note: koma_store::Note) -> Option<StudyId> {
        match note {
            koma_store::Note::Study(id) => Some(id),
            _ => None,
        }
    }

    fn open_keys(&self) -> Vec<StudyId> {
        self.open().keys().cloned().collect()
    }

    async fn reread(&self, id: StudyId) {
        let Some(study) = self.open_one(&id) else {
            return;
        };
        if let Err(e) = study.read_again().await {
            eprintln!("koma serve: study {id}: reading it again: {e}");
        }
    }
}

impl Inner {
    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<StudyId, Weak<Study>>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn open_one(&self, id: &StudyId) -> Option<Arc<Study>> {
        self.open().get(id).and_then(Weak::upgrade)
    }
}

impl Study {
    fn new(id: StudyId, core: Core, studies: Weak<Inner>) -> Arc<Study> {
        // Nobody has it open yet: its messages are only kept, for the first to come.
        let last = (
            state_message(&id, &core),
            core.chapters
                .iter()
                .map(|c| (c.number, chapter_message(c)))
                .collect(),
        );
        Arc::new(Study {
            id,
            audience: Audience::default(),
            last: std::sync::Mutex::new(last),
            studies,
            core: tokio::sync::Mutex::new(core),
        })
    }

    /// Its id.
    pub fn id(&self) -> &StudyId {
        &self.id
    }

    /// What `who` may do with the study; 404 if he may not read it.
    pub async fn access(&self, who: Option<&UserId>) -> Result<Access, ApiError> {
        self.core
            .lock()
            .await
            .access(who)
            .ok_or_else(|| StudyRefusal::NotFound(self.id.to_string()).into())
    }

    /// Every chapter's message now, then the study's state (which may show one of them).
    pub fn last(&self) -> Vec<Arc<str>> {
        let last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        last.1
            .values()
            .cloned()
            .chain(std::iter::once(Arc::clone(&last.0)))
            .collect()
    }

    /// The study whole, its chapters' trees too, as `GET` answers it.
    pub async fn whole(&self) -> serde_json::Value {
        let core = self.core.lock().await;
        let mut view = serde_json::to_value(core.view(&self.id)).unwrap_or_default();
        view["chapters"] =
            serde_json::to_value(core.chapters.iter().map(Chapter::view).collect::<Vec<_>>())
                .unwrap_or_default();
        view
    }

    /// Chapter `number` written in the format named `format`, with its name.
    pub async fn write(&self, number: u32, format: &str) -> Result<(String, Written), ApiError> {
        let chapter = {
            let mut core = self.core.lock().await;
            core.chapter_mut(number)?.clone()
        };
        let format = format.to_string();
        crate::error::off_thread(move || Ok((chapter.name.clone(), chapter.write(&format)?))).await
    }

    /// Every chapter, in order, each written in the format named `format`, with its name.
    pub async fn write_all(&self, format: &str) -> Result<Vec<(String, Written)>, ApiError> {
        let chapters = self.core.lock().await.chapters.clone();
        let format = format.to_string();
        crate::error::off_thread(move || {
            chapters
                .iter()
                .map(|c| Ok((c.name.clone(), c.write(&format)?)))
                .collect()
        })
        .await
    }

    /// Enters `reader` on the study's socket: the messages to come, and the study's
    /// chapters and state now (sent first). He leaves when the [`Presence`] is dropped.
    pub fn subscribe(
        self: &Arc<Self>,
        reader: Reader,
    ) -> (broadcast::Receiver<Arc<str>>, Vec<Arc<str>>, Presence) {
        // Joined first, read after: a change published in between is then both in the
        // state read and among the pushes (sent twice, harmless), never in neither.
        let (receiver, number) = self.audience.join(reader);
        let now = self.last();
        self.publish_readers();
        let presence = Presence {
            study: Arc::clone(self),
            number,
        };
        (receiver, now, presence)
    }

    fn publish_readers(&self) {
        let people: Vec<serde_json::Value> = self
            .audience
            .members()
            .iter()
            .map(|r| serde_json::json!({ "name": r.name, "account": r.account }))
            .collect();
        let message = serde_json::json!({ "type": "people", "people": people });
        self.audience.send(Arc::from(message.to_string()));
    }

    /// Makes and sends the study's state message, and the messages of the chapters
    /// `touched` changed.
    fn publish(&self, core: &Core, touched: &Touched) {
        let state = state_message(&self.id, core);
        let mut chapters = Vec::new();
        {
            let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
            last.0 = Arc::clone(&state);
            for number in &touched.dropped {
                last.1.remove(number);
            }
            for chapter in core
                .chapters
                .iter()
                .filter(|c| touched.chapters.contains(&c.number))
            {
                let message = chapter_message(chapter);
                last.1.insert(chapter.number, Arc::clone(&message));
                chapters.push(message);
            }
        }
        // The chapters first: the state that follows may show one of them.
        for message in chapters {
            self.audience.send(message);
        }
        self.audience.send(state);
    }

    /// Carries out `edit` by `who`: checked, written to the store, then sent to everyone on
    /// the study. Answers the first chapter it changed (the one made, for
    /// [`Edit::AddChapter`]).
    pub async fn change(&self, who: &UserId, edit: Edit) -> Result<Option<u32>, ApiError> {
        let studies = self.studies.upgrade().ok_or(ApiError::ShuttingDown)?;
        let mut core = self.core.lock().await;
        for _ in 0..2 {
            let access = core
                .access(Some(who))
                .ok_or_else(|| StudyRefusal::NotFound(self.id.to_string()))?;
            let mut next = core.clone();
            let touched = apply(&mut next, who, access, edit.clone())?;
            next.version = core.version + 1;
            let stored = next.stored(&self.id, crate::games::unix_ms());
            let chapters: Vec<StoredChapter> = next
                .chapters
                .iter()
                .filter(|c| touched.chapters.contains(&c.number))
                .map(|c| StoredChapter {
                    number: c.number,
                    state: c.kept(),
                })
                .collect();
            let dropped = touched.dropped.clone();
            let store = Arc::clone(&studies.store);
            let written = crate::error::off_thread(move || {
                Ok(store.save_study(&stored, &chapters, &dropped)?)
            })
            .await?;
            if written {
                *core = next;
                self.publish(&core, &touched);
                return Ok(touched.chapters.first().copied());
            }
            // Another server changed it first (or deleted it): read it, and try again.
            *core = self.read(&studies).await?;
            self.publish_all(&core);
        }
        Err(StudyRefusal::Busy.into())
    }

    async fn read(&self, studies: &Inner) -> Result<Core, ApiError> {
        let (store, key) = (Arc::clone(&studies.store), self.id.clone());
        let stored = crate::error::off_thread(move || Ok(store.study(&key)?)).await?;
        let Some((stored, chapters)) = stored else {
            return Err(StudyRefusal::NotFound(self.id.to_string()).into());
        };
        Core::of_stored(&stored, &chapters)
    }

    fn publish_all(&self, core: &Core) {
        let dropped = self
            .last
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .1
            .keys()
            .copied()
            .filter(|n| !core.chapters.iter().any(|c| c.number == *n))
            .collect();
        self.publish(
            core,
            &Touched {
                chapters: core.chapters.iter().map(|c| c.number).collect(),
                dropped,
            },
        );
    }

    /// Reads the study again from the store (another server changed it) and pushes it.
    async fn read_again(&self) -> Result<(), ApiError> {
        let studies = self.studies.upgrade().ok_or(ApiError::ShuttingDown)?;
        let mut core = self.core.lock().await;
        let next = match self.read(&studies).await {
            Ok(next) => next,
            Err(ApiError::Study(StudyRefusal::NotFound(_))) => {
                self.audience.send(Arc::from(
                    serde_json::json!({ "type": "deleted", "id": self.id }).to_string(),
                ));
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        if next.version <= core.version {
            return Ok(());
        }
        *core = next;
        self.publish_all(&core);
        Ok(())
    }
}

/// The state message of the study `id` (its chapters named, not their trees).
fn state_message(id: &StudyId, core: &Core) -> Arc<str> {
    Arc::from(serde_json::to_string(&core.view(id)).unwrap_or_default())
}

/// The message of one chapter, its tree whole.
fn chapter_message(chapter: &Chapter) -> Arc<str> {
    Arc::from(serde_json::to_string(&chapter.view()).unwrap_or_default())
}

/// A reader's place on a study: he leaves when it is dropped (his socket closed).
pub struct Presence {
    study: Arc<Study>,
    number: u64,
}

impl Drop for Presence {
    fn drop(&mut self) {
        self.study.audience.leave(self.number);
        self.study.publish_readers();
    }
}
