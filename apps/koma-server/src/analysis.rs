//! The engine's lines on a position of one's choosing (the analysis board's): the best 1 to
//! [`MAX_MULTIPV`] moves, each with its score and line, to a depth asked for.
//!
//! Every search goes through the engine's [`Pool`], shared with the games and reviews: a
//! client (its account, and its address) has one search at a time, and none starts while as
//! many searches wait as the pool's queue holds. A search stops when its request goes (the
//! reader closed the page or asked for another position) and within [`MAX_TIME`] anyway.
//! Each search is kept in the store by position, so that a position already searched to the
//! depth asked answers at once, for everyone, on every server of the database.
//!
//! A request for a position being searched already, as deep and as wide, waits for that
//! search instead of starting another (twenty kansōsen rooms on one position: one search).
//!
//! A search starts from a clear table with one thread, so that the same request gives the
//! same lines as `koma usi` with the pool's table size (`setoption name USI_Hash`,
//! [`crate::settings::Settings::hash_mb_per_search`]), `MultiPV` and `go depth`.

use crate::engine::{self, Pool};
use crate::error::ApiError;
use crate::line::{self, Root};
use crate::review::{ScoreView, sente_view};
use koma_engine::{Limits, Score, SearchInfo, Searched, Searcher};
use koma_notation::family::Notation;
use koma_rules::{GameKind, Position};
use koma_store::Store;
use koma_store::UserId;
use koma_store::analysis::{LineScore, StoredAnalysis, StoredLine};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::watch;

/// The most lines one search gives.
pub const MAX_MULTIPV: u32 = 5;
/// The depths one may ask for.
pub const DEPTH: std::ops::RangeInclusive<u32> = 1..=30;
/// The depth when the request names none.
pub const DEFAULT_DEPTH: u32 = 12;
/// The most nodes one may ask for.
pub const MAX_NODES: u64 = 50_000_000;
/// The longest one search runs, whatever was asked: the lines of its last completed depth.
pub const MAX_TIME: Duration = Duration::from_secs(10);
/// How long a request waits for a search to come free before it is refused.
const PATIENCE: Duration = Duration::from_secs(10);
/// How many searches the store keeps (the oldest are forgotten beyond) ...
pub const KEPT: usize = 100_000;
/// ... counted every this many searches stored.
const FORGET_EVERY: u64 = 256;

/// A request for the engine's lines (`POST /api/analysis`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The game (`shogi` by default; any variant's name, `chushogi`).
    pub variant: Option<String>,
    /// The position (SFEN; `sfen ` in front allowed).
    pub sfen: String,
    /// How many lines, 1 to [`MAX_MULTIPV`] (default 1).
    pub multipv: Option<u32>,
    /// The depth, 1 to 30 (default [`DEFAULT_DEPTH`]).
    pub depth: Option<u32>,
    /// The most nodes to search (default: as many as the depth takes, within [`MAX_TIME`]).
    pub nodes: Option<u64>,
}

/// The engine's lines on a position, as `POST /api/analysis` answers.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisView {
    /// The variant.
    pub variant: &'static str,
    /// The position searched, as SFEN (move number 1).
    pub sfen: String,
    /// The depth of the lines (of the search's last completed iteration): the depth asked,
    /// more when an earlier search went deeper, less when the time or nodes ran out.
    pub depth: u32,
    /// Whether the lines come from an earlier search (or one under way for another request),
    /// without a new one.
    pub cached: bool,
    /// The lines, best first.
    pub lines: Vec<LineView>,
}

/// One line.
#[derive(Clone, Debug, Serialize)]
pub struct LineView {
    /// Its rank, 1 for the best (USI's `multipv`).
    pub multipv: u32,
    /// Its score from the side to move's point of view, as USI's `score` gives it.
    pub score: LineScore,
    /// Its score from sente's point of view.
    pub sente: ScoreView,
    /// Sente's chance to win, 0..1.
    pub winrate: f64,
    /// Its moves in USI.
    pub pv: Vec<String>,
    /// Its moves in Japanese.
    pub pv_text: Vec<String>,
}

/// Who asks for a search: each has one at a time.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Client {
    /// A logged-in account, whatever its addresses.
    Account(UserId),
    /// A client address (an IPv6 address's /64: one client's network).
    Address(IpAddr),
}

impl Client {
    /// The client at `ip`.
    pub fn address(ip: IpAddr) -> Client {
        Client::Address(crate::rates::client_network(ip))
    }
}

/// Why an analysis was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisRefusal {
    /// The client has a search running (429).
    #[error("an analysis of yours is running; ask again when it has answered")]
    Running,
    /// A depth, line count or node count out of range (400).
    #[error("{what} must be between 1 and {most}")]
    OutOfRange {
        /// `depth`, `multipv`, `nodes`.
        what: &'static str,
        /// The most allowed.
        most: u64,
    },
}

impl AnalysisRefusal {
    /// The stable code.
    pub fn code(self) -> &'static str {
        match self {
            AnalysisRefusal::Running => "analysis_running",
            AnalysisRefusal::OutOfRange { .. } => "invalid_value",
        }
    }
}

/// The analyses: the engine's pool, the store that keeps them, and the clients searching.
pub struct Analyses {
    pool: Arc<Pool>,
    store: Arc<dyn Store>,
    /// The clients (accounts and addresses) with a search running.
    running: Mutex<HashSet<Client>>,
    /// Searches stored so far (every [`FORGET_EVERY`], the oldest beyond [`KEPT`] go).
    stored: AtomicU64,
    /// The searches under way, by variant and position: how deep and wide each goes, and
    /// where its result will be told.
    searching: Mutex<HashMap<(GameKind, String), InFlight>>,
}

/// A search under way, for the requests of the same position that wait for it.
struct InFlight {
    depth: u32,
    multipv: u32,
    /// Its result when found (the sender dropped without one: the search gave none).
    found: watch::Receiver<Option<StoredAnalysis>>,
}

/// A search's place among those under way: told its result, or gone without one.
struct Searching<'a> {
    analyses: &'a Analyses,
    key: (GameKind, String),
    tell: watch::Sender<Option<StoredAnalysis>>,
}

impl Drop for Searching<'_> {
    fn drop(&mut self) {
        let mut searching = self.analyses.searching();
        if searching
            .get(&self.key)
            .is_some_and(|f| f.found.same_channel(&self.tell.subscribe()))
        {
            searching.remove(&self.key);
        }
    }
}

/// A client's search: it stops when dropped (the request went), and frees the client.
struct Running<'a> {
    analyses: &'a Analyses,
    keys: Vec<Client>,
    stop: Arc<AtomicBool>,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        engine::stop(&self.stop);
        let mut running = self.analyses.running();
        for key in &self.keys {
            running.remove(key);
        }
    }
}

/// What a request asks for, checked.
struct Asked {
    variant: GameKind,
    root: Root,
    /// The position's SFEN with move number 1: the key it is kept under.
    key: String,
    multipv: u32,
    depth: u32,
    nodes: Option<u64>,
}

impl Asked {
    fn of(request: &AnalysisRequest) -> Result<Asked, ApiError> {
        let variant = line::game_kind(request.variant.as_deref())?;
        let root = Root::start(variant, Some(&request.sfen))?;
        let range = |what, value: Option<u64>, default: u64, most: u64| match value {
            None => Ok(default),
            Some(v) if (1..=most).contains(&v) => Ok(v),
            Some(_) => Err(AnalysisRefusal::OutOfRange { what, most }),
        };
        let multipv = range(
            "multipv",
            request.multipv.map(u64::from),
            1,
            MAX_MULTIPV.into(),
        )?;
        let depth = range(
            "depth",
            request.depth.map(u64::from),
            DEFAULT_DEPTH.into(),
            (*DEPTH.end()).into(),
        )?;
        let nodes = request
            .nodes
            .map(|n| range("nodes", Some(n), n, MAX_NODES))
            .transpose()?;
        Ok(Asked {
            variant,
            key: position_key(&root),
            root,
            multipv: u32::try_from(multipv).unwrap_or(1),
            depth: u32::try_from(depth).unwrap_or(DEFAULT_DEPTH),
            nodes,
        })
    }
}

impl Analyses {
    /// The analyses, searching on `pool`, kept in `store`.
    pub fn new(pool: Arc<Pool>, store: Arc<dyn Store>) -> Analyses {
        Analyses {
            pool,
            store,
            running: Mutex::new(HashSet::new()),
            stored: AtomicU64::new(0),
            searching: Mutex::new(HashMap::new()),
        }
    }

    fn running(&self) -> std::sync::MutexGuard<'_, HashSet<Client>> {
        self.running.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn searching(&self) -> std::sync::MutexGuard<'_, HashMap<(GameKind, String), InFlight>> {
        self.searching.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The search under way of `key` that answers `asked`, if any, to wait for; else this
    /// request's place as the one that searches it.
    fn join_or_lead(
        &self,
        key: (GameKind, String),
        asked: &Asked,
    ) -> Result<watch::Receiver<Option<StoredAnalysis>>, Searching<'_>> {
        let mut searching = self.searching();
        if let Some(f) = searching.get(&key)
            && f.depth >= asked.depth
            && f.multipv >= asked.multipv
        {
            return Ok(f.found.clone());
        }
        let (tell, found) = watch::channel(None);
        searching.insert(
            key.clone(),
            InFlight {
                depth: asked.depth,
                multipv: asked.multipv,
                found,
            },
        );
        Err(Searching {
            analyses: self,
            key,
            tell,
        })
    }

    /// The engine's lines for `request` from the client known by `keys` (its address, and
    /// its account if logged in): kept ones if a search as deep with as many lines was
    /// kept, else a new search's. Refused while one of the keys has a search running
    /// (429), or while the engine's queue is full (503).
    pub async fn analyse(
        &self,
        request: &AnalysisRequest,
        keys: Vec<Client>,
    ) -> Result<AnalysisView, ApiError> {
        let asked = Asked::of(request)?;
        let (store, variant, key) = (Arc::clone(&self.store), asked.variant, asked.key.clone());
        let kept = crate::error::off_thread(move || Ok(store.analysis(variant, &key)?)).await?;
        if let Some(kept) = kept.filter(|k| k.answers(asked.depth, asked.multipv)) {
            return Ok(view(&asked, &kept, true));
        }
        let running = self.start(keys)?;
        // The same position searched for another request: its lines, without a search.
        let searching = match self.join_or_lead((asked.variant, asked.key.clone()), &asked) {
            Ok(mut found) => {
                let told = found
                    .wait_for(Option::is_some)
                    .await
                    .ok()
                    .and_then(|f| f.clone());
                if let Some(found) = told {
                    return Ok(view(&asked, &found, true));
                }
                // That search gave nothing (its request went): this one searches.
                match self.join_or_lead((asked.variant, asked.key.clone()), &asked) {
                    Err(lead) => lead,
                    Ok(_) => {
                        return Err(ApiError::EngineBusy {
                            waiting: self.pool.waiting(),
                        });
                    }
                }
            }
            Err(lead) => lead,
        };
        if self.pool.is_full() {
            return Err(ApiError::EngineBusy {
                waiting: self.pool.waiting(),
            });
        }
        let (root, stop) = (asked.root, Arc::clone(&running.stop));
        let limits = Limits {
            depth: Some(asked.depth),
            nodes: asked.nodes,
            soft_time: Some(MAX_TIME),
            hard_time: Some(MAX_TIME),
            ..Limits::default()
        };
        let multipv = asked.multipv;
        let searched = self
            .pool
            .run(Some(PATIENCE), move |searcher| {
                searcher.clear();
                searcher.set_multipv(multipv as usize);
                searcher.set_repetition(None);
                let lines = search_lines(searcher, &root, &limits, &stop);
                searcher.set_multipv(1);
                lines
            })
            .await
            .map_err(crate::error::Internal::Search)?;
        drop(running);
        let Some((depth, lines)) = searched else {
            return Err(ApiError::EngineBusy {
                waiting: self.pool.waiting(),
            });
        };
        let found = StoredAnalysis {
            variant: asked.variant,
            position: asked.key.clone(),
            depth,
            multipv: asked.multipv,
            lines,
            at_ms: crate::games::unix_ms(),
        };
        let (store, keep) = (Arc::clone(&self.store), found.clone());
        let forget = self.stored.fetch_add(1, Ordering::Relaxed) % FORGET_EVERY == FORGET_EVERY - 1;
        searching.tell.send_replace(Some(found.clone()));
        drop(searching);
        crate::error::off_thread(move || {
            store.keep_analysis(&keep)?;
            if forget {
                store.forget_analyses(KEPT)?;
            }
            Ok(())
        })
        .await?;
        Ok(view(&asked, &found, false))
    }

    /// Marks the client of `keys` as searching; refused if it is already.
    fn start(&self, keys: Vec<Client>) -> Result<Running<'_>, AnalysisRefusal> {
        let mut running = self.running();
        if keys.iter().any(|k| running.contains(k)) {
            return Err(AnalysisRefusal::Running);
        }
        running.extend(keys.iter().cloned());
        Ok(Running {
            analyses: self,
            keys,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }
}

/// Searches `root` within `limits` until `stop`: the depth of the last completed iteration
/// and its lines, best first. Blocking.
fn search_lines(
    searcher: &mut Searcher,
    root: &Root,
    limits: &Limits,
    stop: &AtomicBool,
) -> (u32, Vec<StoredLine>) {
    match root {
        Root::Family(pos) => {
            koma_rules::on_position!(pos, p => lines_of(searcher, p, limits, stop))
        }
        Root::Chu(p) => lines_of(searcher, p, limits, stop),
    }
}

/// [`search_lines`] of one game's position.
fn lines_of<V: Searched + Notation>(
    searcher: &mut Searcher,
    root: &Position<V>,
    limits: &Limits,
    stop: &AtomicBool,
) -> (u32, Vec<StoredLine>) {
    // Each completed iteration reports all its lines, best first: the last one's are kept.
    let mut last: (u32, Vec<StoredLine>) = (0, Vec::new());
    let mut report = |info: &SearchInfo<V::Move>| {
        if info.multipv == 1 {
            last = (info.depth, Vec::new());
        }
        last.1.push(StoredLine {
            score: match info.score {
                Score::Cp(cp) => LineScore::Cp(cp),
                Score::Mate(n) => LineScore::Mate(n),
            },
            pv: info.pv.iter().map(|&m| V::usi(m)).collect(),
        });
    };
    searcher.search(root, &[], limits, stop, &mut report);
    last
}

/// The key `root` is kept under: its SFEN with move number 1 (the same position reached
/// at another move is the same search).
fn position_key(root: &Root) -> String {
    let text = root.sfen();
    match text.rsplit_once(' ') {
        Some((position, _number)) => format!("{position} 1"),
        None => text,
    }
}

/// The view of `found`, cut to the lines asked for.
fn view(asked: &Asked, found: &StoredAnalysis, cached: bool) -> AnalysisView {
    let side = asked.root.side_to_move();
    let lines = found
        .lines
        .iter()
        .take(asked.multipv as usize)
        .zip(1..)
        .map(|(l, rank)| {
            let score = match l.score {
                LineScore::Cp(cp) => Score::Cp(cp),
                LineScore::Mate(n) => Score::Mate(n),
            };
            let (sente, winrate) = sente_view(score, side);
            let moves = asked.root.read_moves(&l.pv).unwrap_or_default();
            LineView {
                multipv: rank,
                score: l.score,
                sente,
                winrate,
                pv: l.pv.clone(),
                pv_text: asked.root.japanese(&moves, None),
            }
        })
        .collect();
    AnalysisView {
        variant: asked.variant.name(),
        sfen: asked.key.clone(),
        depth: found.depth,
        cached,
        lines,
    }
}
