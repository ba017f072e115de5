//! `koma serve`: games of shogi and Tori Shogi over HTTP and WebSocket, stored in SQLite
//! (the default) or PostgreSQL.
//!
//! Every rule, move and ending is the game layer's (`koma_game::Game`); the server keeps
//! the seats secret, writes each accepted move to the store before it answers, and rebuilds
//! a game after a restart by replaying its stored moves at their times.
//!
//! ```no_run
//! # async fn run() -> Result<(), koma_server::ServerError> {
//! let server = koma_server::Server::start(
//!     "127.0.0.1:0".parse().unwrap(),
//!     std::path::Path::new("koma.sqlite"),
//! )
//! .await?;
//! println!("listening on http://{}", server.local_addr());
//! server.shutdown().await
//! # }
//! ```

pub mod accounts;
mod actor;
mod analysis;
mod anygame;
mod audience;
mod chat;
mod cpu;
mod engine;
mod engine_seats;
mod error;
mod events;
mod games;
mod http;
mod hub;
mod i18n;
mod line;
mod lishogi;
pub mod lobby;
mod offers;
mod players;
pub mod png;
mod presence;
pub mod profiles;
mod pushes;
mod rates;
pub mod ratings;
mod record_header;
mod record_tree;
mod records;
mod rematch;
mod review;
mod review_tree;
mod rooms;
pub mod settings;
mod studies;
pub mod tournaments;
mod view;

pub use error::{ApiError, ServerError};
pub use http::limits::{Limits, Rate};
pub use http::{connections, limits, variants};
pub use koma_store::{Database, DatabaseError, PgStore, SqliteStore, Store};
pub use settings::Settings;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How often the server looks for a player whose time ran out.
const TICK: Duration = Duration::from_millis(100);

/// A running server: its address, and the way to stop it.
pub struct Server {
    addr: SocketAddr,
    hub: Arc<hub::Hub>,
    reviews: Arc<review::Reviews>,
    stop: watch::Sender<bool>,
    http: JoinHandle<std::io::Result<()>>,
    ticker: JoinHandle<()>,
}

impl Server {
    /// Opens (or creates) the SQLite database at `db` and starts serving on `addr`
    /// (port 0: any free port; see [`Server::local_addr`]) with the default settings.
    pub async fn start(addr: SocketAddr, db: &Path) -> Result<Server, ServerError> {
        Server::start_with_settings(addr, db, Settings::default()).await
    }

    /// [`Server::start`] with `settings`.
    pub async fn start_with_settings(
        addr: SocketAddr,
        db: &Path,
        settings: Settings,
    ) -> Result<Server, ServerError> {
        Server::start_with_database(addr, &Database::Sqlite(db.to_path_buf()), settings).await
    }

    /// Opens `db` (a SQLite file, created if missing, or a PostgreSQL database, its schema
    /// brought up to date) and starts serving on `addr` under `settings`.
    pub async fn start_with_database(
        addr: SocketAddr,
        db: &Database,
        settings: Settings,
    ) -> Result<Server, ServerError> {
        let db = db.clone();
        let store: Arc<dyn Store> = tokio::task::spawn_blocking(move || match db {
            Database::Sqlite(path) => SqliteStore::open(&path).map(|s| Arc::new(s) as _),
            Database::Postgres(url) => PgStore::connect(&url).map(|s| Arc::new(s) as _),
        })
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))??;
        Server::start_with_store(addr, store, settings).await
    }

    /// Starts serving on `addr` with games kept in `store`, under `settings`.
    pub async fn start_with_store(
        addr: SocketAddr,
        store: Arc<dyn Store>,
        settings: Settings,
    ) -> Result<Server, ServerError> {
        let settings = Arc::new(settings.sane());
        // The address first: a server that cannot listen loads no game (and so starts no
        // engine thinking).
        let listener = listen(addr)?;
        let addr = listener.local_addr()?;
        let accounts = accounts::Accounts::from_env(Arc::clone(&store));
        let searchers = Arc::new(engine::Pool::new(&settings));
        let hub = hub::Hub::new(
            Arc::clone(&store),
            Arc::clone(&searchers),
            Arc::clone(&settings),
        );
        // Other servers on the same database: their changes to the games this one shows.
        hub.follow_others();
        // Games that ended but were not rated (a stop in between) are rated first.
        if let Err(e) = hub.rate_pending().await {
            return Err(e.into());
        }
        if let Err(e) = hub.load_unfinished().await {
            hub.close().await;
            return Err(e.into());
        }
        let limiter = Arc::new(http::limits::Limiter::new(settings.limits.clone()));
        let connections = http::connections::Connections::new(connection_caps(&settings));
        let lobby = lobby::Lobby::start(Arc::clone(&hub), Arc::clone(&settings)).await;
        let reviews = review::Reviews::start(Arc::clone(&searchers), Arc::clone(&settings));
        let tournaments = tournaments::Tournaments::new(Arc::clone(&hub));
        tournaments.follow_games();
        let (stop, stopped) = watch::channel(false);
        let analyses = Arc::new(analysis::Analyses::new(
            Arc::clone(&searchers),
            Arc::clone(&store),
        ));
        let studies = studies::Studies::new(&hub, Arc::clone(&store));
        let rooms = rooms::Rooms::new(Arc::clone(&hub), store, Arc::clone(&analyses));
        let app = http::api::router(http::api::AppState {
            hub: Arc::clone(&hub),
            reviews: Arc::clone(&reviews),
            analyses,
            rooms: Arc::new(rooms),
            studies: Arc::new(studies),
            shutdown: stopped.clone(),
            accounts,
            limiter: Arc::clone(&limiter),
            lobby: Arc::clone(&lobby),
            tournaments: Arc::clone(&tournaments),
            tournament_streams: Default::default(),
            engine: searchers,
            connections: Arc::clone(&connections),
        });
        // The security headers, the request log and the limit on every request.
        let app = http::layers::wrap(app, &limiter);
        let serving = http::listener::Serving {
            head_timeout: settings.head_timeout,
        };
        let http = tokio::spawn(http::listener::run(
            listener,
            app,
            connections,
            serving,
            stopped.clone(),
        ));
        let mut tick_stop = stopped;
        let ticking = Arc::clone(&hub);
        let ticker = tokio::spawn(async move {
            let mut interval = tokio::time::interval(TICK);
            interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = interval.tick() => {
                        ticking.tick().await;
                        lobby.tick().await;
                        tournaments.tick().await;
                    }
                    _ = tick_stop.changed() => break,
                }
            }
        });
        Ok(Server {
            addr,
            hub,
            reviews,
            stop,
            http,
            ticker,
        })
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many games the server holds in memory now (undecided ones, and decided ones
    /// not yet forgotten).
    pub fn games_in_memory(&self) -> usize {
        self.hub.in_memory()
    }

    /// Stops the server: the engine stops thinking and reviews stop, WebSockets close, open
    /// requests finish, then it returns.
    pub async fn shutdown(self) -> Result<(), ServerError> {
        self.reviews.close();
        self.hub.close().await;
        let _ = self.stop.send(true);
        let _ = self.ticker.await;
        match self.http.await {
            Ok(result) => Ok(result?),
            Err(e) => Err(std::io::Error::other(e.to_string()).into()),
        }
    }
}

/// The connection caps of `settings`: the total from the limit on open files unless set
/// (the limit is raised to its hard limit either way), no cap per address behind a proxy.
fn connection_caps(settings: &Settings) -> http::connections::Caps {
    let budget = http::listener::descriptor_budget();
    let total = settings.max_connections.unwrap_or(budget).max(1);
    let limits = &settings.limits;
    http::connections::Caps {
        per_address: limits
            .connections_per_address
            .filter(|_| !limits.behind_proxy),
        total,
        streams_per_address: limits.streams_per_address,
        streams_per_account: limits.streams_per_account,
        streams_total: settings.max_streams.min(total),
    }
}

/// Serves on `addr` with games in `db` under `settings` until Ctrl-C.
pub async fn serve(addr: SocketAddr, db: &Database, settings: Settings) -> Result<(), ServerError> {
    let server = Server::start_with_database(addr, db, settings).await?;
    eprintln!("koma serve: http://{} (games in {db})", server.local_addr());
    tokio::signal::ctrl_c().await?;
    eprintln!("koma serve: stopping");
    server.shutdown().await
}

/// [`serve`] on a runtime of its own, for a program that has none.
pub fn serve_blocking(
    addr: SocketAddr,
    db: &Database,
    settings: Settings,
) -> Result<(), ServerError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(addr, db, settings))
}

/// The connections that may wait to be accepted (the kernel caps it at
/// `net.core.somaxconn`, 4096 by default). tokio's `TcpListener::bind` asks for 1024: when
/// 1,000 clients each opened a connection at once (the load benchmark; reconnections after
/// a restart), the queue overflowed and the dropped connections were retried by the
/// clients' kernels a second later, which made the p90 of a move's round trip 1 s.
const BACKLOG: u32 = 4096;

/// A listener on `addr` with [`BACKLOG`] (and `SO_REUSEADDR`, as `TcpListener::bind` sets
/// it: a restarted server does not wait for the old connections' TIME_WAIT).
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(BACKLOG)
}
