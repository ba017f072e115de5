//! The studies (see [`crate::studies`]): made, listed, read, renamed, shared and deleted
//! over HTTP; chapters imported from any record koma reads and exported as records (a whole
//! study as a ZIP of KIF files); and `GET /api/studies/{id}/ws`, the study's socket.
//!
//! Socket, server to client: `{"type":"you",...}` first, then `{"type":"study",...}` (the
//! name, visibility, members, chapters' names, the lesson), `{"type":"chapter",...}` (one
//! chapter's tree), `{"type":"people",...}` (who has it open), `{"type":"deleted"}`, and
//! `{"type":"error",...}` for a refused message. Client to server: a room's tree changes
//! with the chapter they are on (`{"type":"move","chapter":0,"node":3,"usi":"2g2f"}`,
//! `shape`, `comment`, `promote`, `reorder`, `delete`), `go` (the lesson's leader moves
//! every board) and `{"type":"lesson","on":true,"chapter":0,"node":0}`.

use crate::accounts::Player;
use crate::error::{ApiError, Internal};
use crate::http::api::{AppState, body, body_or_default};
use crate::http::body::{JsonBody, RecordSize};
use crate::http::limits::{Client, RateClass, limited};
use crate::rooms::Change;
use crate::studies::{Access, Chapter, Edit, Reader, Study, StudyRefusal};
use axum::extract::ws::WebSocket;
use axum::extract::{Path, Query, State, WebSocketUpgrade};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, patch, post, put};
use axum::{Json, Router};
use koma_store::studies::{StudyRole, Visibility};
use koma_store::{StudyId, UserId};
use serde::Deserialize;
use std::sync::Arc;

/// The studies' routes.
pub fn routes(state: &AppState) -> Router<AppState> {
    let limit = |class, route| limited(&state.limiter, class, route);
    Router::new()
        .route(
            "/api/studies",
            get(list).merge(limit(RateClass::Games, post(create))),
        )
        .route(
            "/api/studies/{id}",
            get(show).patch(settings).delete(delete),
        )
        .route(
            "/api/studies/{id}/members/{account}",
            put(member).delete(leave),
        )
        .route(
            "/api/studies/{id}/chapters",
            limit(RateClass::Records, post(add_chapter)),
        )
        .route(
            "/api/studies/{id}/chapters/{number}",
            patch(rename_chapter).delete(drop_chapter),
        )
        .route(
            "/api/studies/{id}/chapters/{number}/export",
            limit(RateClass::Records, get(export_chapter)),
        )
        .route(
            "/api/studies/{id}/export",
            limit(RateClass::Records, get(export_study)),
        )
        .route("/api/studies/{id}/ws", get(socket))
}

async fn list(State(s): State<AppState>, me: Option<Player>) -> Result<Response, ApiError> {
    let studies = s.studies.list(me.map(|p| p.id)).await?;
    let list: Vec<serde_json::Value> = studies
        .iter()
        .map(|st| {
            serde_json::json!({
                "id": st.id,
                "name": st.name,
                "owner": st.owner,
                "visibility": st.visibility.name(),
                "at_ms": st.at_ms,
            })
        })
        .collect();
    Ok(Json(serde_json::json!({ "studies": list })).into_response())
}

/// A chapter's source: a record's text (any format koma reads, recognised unless named),
/// or a position (the variant's start by default).
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChapterRequest {
    name: Option<String>,
    text: Option<String>,
    format: Option<String>,
    variant: Option<String>,
    sfen: Option<String>,
}

impl ChapterRequest {
    fn chapter(&self) -> Result<Chapter, ApiError> {
        match &self.text {
            Some(text) => Chapter::of_record(
                0,
                self.name.as_deref(),
                text,
                self.format.as_deref(),
                self.variant.as_deref(),
            ),
            None => Chapter::of_position(
                0,
                self.name.as_deref().unwrap_or("Chapter 1"),
                self.variant.as_deref(),
                self.sfen.as_deref(),
            ),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateRequest {
    name: String,
    visibility: Option<String>,
    #[serde(default)]
    chapter: ChapterRequest,
}

fn visibility(name: &str) -> Result<Visibility, ApiError> {
    Visibility::from_name(name).ok_or_else(|| StudyRefusal::Visibility(name.to_string()).into())
}

async fn create(
    State(s): State<AppState>,
    me: Player,
    json: JsonBody<RecordSize>,
) -> Result<Response, ApiError> {
    let request: CreateRequest = body(&json.bytes)?;
    let visibility = visibility(request.visibility.as_deref().unwrap_or("public"))?;
    let chapter =
        crate::error::off_thread(move || request.chapter.chapter().map(|c| (c, request.name)))
            .await?;
    let (first, name) = chapter;
    let study = s.studies.create(&me.id, &name, visibility, first).await?;
    Ok((StatusCode::CREATED, Json(study.whole().await)).into_response())
}

async fn show(
    State(s): State<AppState>,
    Path(id): Path<StudyId>,
    me: Option<Player>,
) -> Result<Response, ApiError> {
    let (study, access) = s.studies.readable(&id, me.as_ref().map(|p| &p.id)).await?;
    let mut whole = study.whole().await;
    whole["access"] = access.name().into();
    Ok(Json(whole).into_response())
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsRequest {
    name: Option<String>,
    visibility: Option<String>,
}

/// Carries out `edit` by `me` on the study `id` (404 if he may not read it), answering the
/// study whole.
async fn change(
    s: &AppState,
    id: &StudyId,
    me: &UserId,
    edit: Edit,
) -> Result<Arc<Study>, ApiError> {
    let (study, _) = s.studies.readable(id, Some(me)).await?;
    study.change(me, edit).await?;
    Ok(study)
}

async fn settings(
    State(s): State<AppState>,
    Path(id): Path<StudyId>,
    me: Player,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: SettingsRequest = body_or_default(&json.bytes)?;
    let visibility = request.visibility.as_deref().map(visibility).transpose()?;
    let edit = Edit::Settings {
        name: request.name,
        visibility,
    };
    let study = change(&s, &id, &me.id, edit).await?;
    Ok(Json(study.whole().await).into_response())
}

async fn delete(
    State(s): State<AppState>,
    Path(id): Path<StudyId>,
    me: Player,
) -> Result<Response, ApiError> {
    s.studies.delete(&id, &me.id).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MemberRequest {
    role: String,
}

async fn member(
    State(s): State<AppState>,
    Path((id, account)): Path<(StudyId, String)>,
    me: Player,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: MemberRequest = body(&json.bytes)?;
    let role = StudyRole::from_name(&request.role)
        .ok_or_else(|| StudyRefusal::Role(request.role.clone()))?;
    let account = UserId::from(account.to_lowercase());
    // A member is an account: one that does not exist is named as such.
    if s.accounts.user(account.as_str()).await?.is_none() {
        return Err(StudyRefusal::Member(account.to_string()).into());
    }
    let edit = Edit::Member {
        account,
        role: Some(role),
    };
    let study = change(&s, &id, &me.id, edit).await?;
    Ok(Json(study.whole().await).into_response())
}

async fn leave(
    State(s): State<AppState>,
    Path((id, account)): Path<(StudyId, String)>,
    me: Player,
) -> Result<Response, ApiError> {
    let edit = Edit::Member {
        account: UserId::from(account.to_lowercase()),
        role: None,
    };
    change(&s, &id, &me.id, edit).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

async fn add_chapter(
    State(s): State<AppState>,
    Path(id): Path<StudyId>,
    me: Player,
    json: JsonBody<RecordSize>,
) -> Result<Response, ApiError> {
    let request: ChapterRequest = body(&json.bytes)?;
    let (study, access) = s.studies.readable(&id, Some(&me.id)).await?;
    if access < Access::Edit {
        return Err(StudyRefusal::NotEditor.into());
    }
    let chapter = crate::error::off_thread(move || request.chapter()).await?;
    let number = study
        .change(&me.id, Edit::AddChapter(Box::new(chapter)))
        .await?;
    let mut whole = study.whole().await;
    whole["added"] = number.into();
    Ok((StatusCode::CREATED, Json(whole)).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RenameRequest {
    name: String,
}

async fn rename_chapter(
    State(s): State<AppState>,
    Path((id, number)): Path<(StudyId, u32)>,
    me: Player,
    json: JsonBody,
) -> Result<Response, ApiError> {
    let request: RenameRequest = body(&json.bytes)?;
    let edit = Edit::RenameChapter {
        number,
        name: request.name,
    };
    let study = change(&s, &id, &me.id, edit).await?;
    Ok(Json(study.whole().await).into_response())
}

async fn drop_chapter(
    State(s): State<AppState>,
    Path((id, number)): Path<(StudyId, u32)>,
    me: Player,
) -> Result<Response, ApiError> {
    change(&s, &id, &me.id, Edit::DropChapter(number)).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExportQuery {
    format: Option<String>,
}

/// A file's name from a chapter's: its letters and digits kept (any script), the rest `_`.
fn file_name(index: usize, name: &str, extension: &str) -> String {
    let kept: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(60)
        .collect();
    format!("{:02}-{kept}.{extension}", index + 1)
}

async fn export_chapter(
    State(s): State<AppState>,
    Path((id, number)): Path<(StudyId, u32)>,
    Query(query): Query<ExportQuery>,
    me: Option<Player>,
) -> Result<Response, ApiError> {
    let (study, _) = s.studies.readable(&id, me.as_ref().map(|p| &p.id)).await?;
    let format = query.format.unwrap_or_else(|| "kif".into());
    let (name, written) = study.write(number, &format).await?;
    Ok(Json(serde_json::json!({
        "name": name,
        "format": format,
        "text": written.text,
        "warnings": written.warnings,
    }))
    .into_response())
}

async fn export_study(
    State(s): State<AppState>,
    Path(id): Path<StudyId>,
    Query(query): Query<ExportQuery>,
    me: Option<Player>,
) -> Result<Response, ApiError> {
    let (study, _) = s.studies.readable(&id, me.as_ref().map(|p| &p.id)).await?;
    let format = query.format.unwrap_or_else(|| "kif".into());
    let chapters = study.write_all(&format).await?;
    let bytes = crate::error::off_thread(move || {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        for (i, (name, written)) in chapters.iter().enumerate() {
            zip.start_file(file_name(i, name, &format), options)
                .and_then(|()| {
                    std::io::Write::write_all(&mut zip, written.text.as_bytes()).map_err(Into::into)
                })
                .map_err(Internal::Zip)?;
        }
        let done = zip.finish().map_err(Internal::Zip)?;
        Ok(done.into_inner())
    })
    .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"koma-study-{id}.zip\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// Opens the study's socket: anyone who may read it; those who may edit it change it.
async fn socket(
    State(s): State<AppState>,
    Path(id): Path<StudyId>,
    client: Client,
    me: Option<Player>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let guard = crate::http::sockets::Guard::open(&s, &client, me.as_ref().map(|p| p.id.as_str()))?;
    let (study, access) = s.studies.readable(&id, me.as_ref().map(|p| &p.id)).await?;
    let reader = Reader {
        account: me.as_ref().map(|p| p.id.clone()),
        name: me
            .as_ref()
            .map_or_else(|| "guest".to_string(), |p| p.name.clone()),
    };
    let shutdown = s.shutdown.clone();
    let most = s.limiter.limits().body_bytes;
    Ok(
        crate::http::sockets::sized(upgrade, most).on_upgrade(move |socket| {
            run(
                socket,
                Connection {
                    study,
                    reader,
                    access,
                },
                guard,
                shutdown,
            )
        }),
    )
}

struct Connection {
    study: Arc<Study>,
    reader: Reader,
    access: Access,
}

async fn run(
    socket: WebSocket,
    conn: Connection,
    guard: crate::http::sockets::Guard,
    shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let you = serde_json::json!({
        "type": "you",
        "account": conn.reader.account,
        "name": conn.reader.name,
        "access": conn.access.name(),
    });
    let (pushes, now, _presence) = conn.study.subscribe(conn.reader.clone());
    let first = std::iter::once(you.to_string())
        .chain(now.iter().map(|m| m.to_string()))
        .collect();
    crate::http::sockets::relay(socket, first, pushes, &conn, guard, shutdown).await;
}

/// A reader's message: the change and the chapter it is on, or a lesson's switch.
#[derive(Deserialize)]
struct Message {
    #[serde(rename = "type")]
    kind: String,
    chapter: Option<u32>,
    on: Option<bool>,
    node: Option<usize>,
}

impl crate::http::sockets::Reader for Connection {
    /// Carries out one reader's message; the study's push that follows is the answer.
    async fn handle(&self, text: &str) -> Result<(), ApiError> {
        let malformed = |source| ApiError::Malformed {
            what: "message",
            source,
        };
        let account = self.reader.account.clone().ok_or(StudyRefusal::NotEditor)?;
        let message: Message = serde_json::from_str(text).map_err(malformed)?;
        let edit = match message.kind.as_str() {
            "lesson" => Edit::Lesson {
                on: message.on.unwrap_or(false),
                chapter: message.chapter,
                node: message.node,
            },
            "engine" | "hand" | "chat" => return Err(StudyRefusal::NotAChange(message.kind).into()),
            _ => {
                // The room's change, without the chapter it is on.
                let mut value: serde_json::Value = serde_json::from_str(text).map_err(malformed)?;
                let chapter = value
                    .as_object_mut()
                    .and_then(|o| o.remove("chapter"))
                    .and_then(|c| c.as_u64())
                    .and_then(|c| u32::try_from(c).ok())
                    .ok_or(StudyRefusal::NoChapter(u32::MAX))?;
                let change: Change = serde_json::from_value(value).map_err(malformed)?;
                Edit::Tree { chapter, change }
            }
        };
        self.study.change(&account, edit).await.map(|_| ())
    }

    fn catch_up(&self) -> Vec<Arc<str>> {
        self.study.last()
    }
}
