//! The browser page: `index.html` at `/` (and at the tournaments' pages) and the compiled TypeScript and styles at
//! `/assets/<name>` (the catalogs' formatter library at `/assets/fluent/<name>`), embedded in the binary by `build.rs` (from `web/`), or read from the
//! folder named by `KOMA_WEB_DIR` while developing the page.

use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::path::PathBuf;
use std::sync::Arc;

// `ASSETS: &[(&str, &[u8])]`: every file of the built page, by file name.
include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// The built file `name` of the page (`i18n-ja.ftl`), as the binary holds it.
pub(crate) fn embedded(name: &str) -> Option<&'static [u8]> {
    ASSETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
}

/// The environment variable naming a folder to serve the page from instead of the build.
pub const WEB_DIR_VAR: &str = "KOMA_WEB_DIR";

/// Where the page's files come from.
#[derive(Clone, Debug)]
enum Source {
    /// The files built into the binary.
    Embedded,
    /// A folder on disk, read at every request.
    Folder(PathBuf),
}

/// The pages addressed by a path rather than by `/`'s hash: each is `index.html`, whose script
/// reads the path (the tournaments' list, a tournament, a round's printable pairings).
const PAGES: [&str; 4] = [
    "/",
    "/tournaments",
    "/tournaments/{id}",
    "/tournaments/{id}/print",
];

/// The routes of the page: `/`, the [`PAGES`], `/assets/{name}` and `/assets/fluent/{name}`.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let source = Arc::new(match std::env::var_os(WEB_DIR_VAR) {
        Some(dir) if !dir.is_empty() => Source::Folder(PathBuf::from(dir)),
        _ => Source::Embedded,
    });
    let mut router = Router::new();
    for page in PAGES {
        let index = Arc::clone(&source);
        router = router.route(
            page,
            get(move || async move { serve(&index, "", "index.html") }),
        );
    }
    let library = Arc::clone(&source);
    router
        .route(
            "/assets/{name}",
            get(move |Path(name): Path<String>| async move { serve(&source, "", &name) }),
        )
        .route(
            "/assets/fluent/{name}",
            get(move |Path(name): Path<String>| async move { serve(&library, "fluent/", &name) }),
        )
}

/// The file `folder` + `name` of the page (`folder` empty or ending in `/`).
fn serve(source: &Source, folder: &str, name: &str) -> Response {
    // Flat names only: nothing that could leave the folder.
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    let body = match source {
        _ if !plain => None,
        Source::Embedded => ASSETS
            .iter()
            .find(|(n, _)| n.strip_prefix(folder) == Some(name))
            .map(|(_, bytes)| bytes.to_vec()),
        Source::Folder(dir) => std::fs::read(dir.join(folder).join(name)).ok(),
    };
    match body {
        Some(bytes) => (
            [
                (header::CONTENT_TYPE, content_type(name)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            bytes,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("no file '{name}' in the page"),
        )
            .into_response(),
    }
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json" | "map") => "application/json",
        Some("ico") => "image/x-icon",
        Some("ftl") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}
