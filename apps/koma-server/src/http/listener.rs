//! The accept loop: every TCP connection is admitted against the caps of
//! [`Connections`] (refused with a 429 or 503 written on it, then closed), then served by
//! hyper's HTTP/1 with a time limit on reading each request's head, which also closes a
//! connection left idle between requests. WebSockets upgrade from these connections.
//!
//! axum's own `serve` takes none of these settings, so the loop is ours; the service is
//! the same router, with the peer's address in each request (`ConnectInfo`) as before.

use crate::http::connections::{ConnectionPermit, Connections};
use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// How long the loop rests after an accept error (no descriptor left, say), so that it does
/// not spin while the error lasts.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// How to serve each connection.
#[derive(Clone, Copy, Debug)]
pub struct Serving {
    /// The longest wait for a request's head, the first one included and the wait between
    /// requests on a kept-alive connection.
    pub head_timeout: Duration,
}

/// Accepts and serves connections on `listener` until `stop` flips, then waits until every
/// connection served has closed (each one is asked to close when its request is done).
/// Accepts run in one loop per core, so that a storm of connections is taken off the
/// listen queue (where a normal client's connection waits behind it) as fast as it came.
pub async fn run(
    listener: TcpListener,
    app: Router,
    connections: Arc<Connections>,
    serving: Serving,
    stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    // Each connection's task holds a receiver; all are gone when every connection closed.
    let (open_tx, open_rx) = watch::channel(());
    let listener = Arc::new(listener);
    let acceptors = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let mut loops = tokio::task::JoinSet::new();
    for _ in 0..acceptors {
        let acceptor = Acceptor {
            listener: Arc::clone(&listener),
            app: app.clone(),
            connections: Arc::clone(&connections),
            serving,
            stop: stop.clone(),
            open: open_rx.clone(),
        };
        loops.spawn(acceptor.run());
    }
    while loops.join_next().await.is_some() {}
    drop(open_rx);
    drop(listener);
    open_tx.closed().await;
    Ok(())
}

/// One accept loop and what it hands each connection.
struct Acceptor {
    listener: Arc<TcpListener>,
    app: Router,
    connections: Arc<Connections>,
    serving: Serving,
    stop: watch::Receiver<bool>,
    open: watch::Receiver<()>,
}

impl Acceptor {
    async fn run(mut self) {
        let mut last_error_log: Option<Instant> = None;
        loop {
            let accepted = tokio::select! {
                accepted = self.listener.accept() => accepted,
                _ = self.stop.wait_for(|&s| s) => break,
            };
            let (tcp, peer) = match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    if last_error_log.is_none_or(|t| t.elapsed() >= Duration::from_secs(1)) {
                        tracing::warn!("accept error: {e}");
                        last_error_log = Some(Instant::now());
                    }
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            };
            match self.connections.admit(peer.ip()) {
                Ok(permit) => {
                    let task = Connection {
                        app: self.app.clone(),
                        peer,
                        serving: self.serving,
                        stop: self.stop.clone(),
                    };
                    let tcp = Counted {
                        tcp,
                        _permit: permit,
                        _open: self.open.clone(),
                    };
                    tokio::spawn(task.serve(tcp));
                }
                Err(refused) => {
                    // A short answer on the fresh socket (its send buffer is empty), then
                    // close.
                    let _ = tcp.try_write(refused.response().as_bytes());
                }
            }
        }
    }
}

/// `limit` cut by up to a quarter at random: the connections opened together by one client
/// reach their limit over a spell rather than all at once (thousands closing in the same
/// instant would hold up everyone else's requests).
fn jittered(limit: Duration) -> Duration {
    let r = f64::from(getrandom::u32().unwrap_or(0)) / f64::from(u32::MAX);
    limit.mul_f64(1.0 - 0.25 * r)
}

/// An admitted connection's socket with what it holds while it lives: its place among the
/// counts, and the receiver the loop waits for at the end. Both go with the socket, also
/// after a WebSocket upgrade took it over from hyper.
struct Counted {
    tcp: TcpStream,
    _permit: ConnectionPermit,
    _open: watch::Receiver<()>,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }
}

/// One admitted connection.
struct Connection {
    app: Router,
    peer: SocketAddr,
    serving: Serving,
    stop: watch::Receiver<bool>,
}

impl Connection {
    async fn serve(mut self, tcp: Counted) {
        let head_timeout = jittered(self.serving.head_timeout);
        // A silent socket costs no HTTP state: hyper (its read buffer, its connection, all
        // in the boxed future below) comes with the first byte, which must come within the
        // head's time. A client that closes without a word needs none either.
        let mut first = [0u8; 1];
        tokio::select! {
            read = tokio::time::timeout(head_timeout, tcp.tcp.peek(&mut first)) => {
                if !matches!(read, Ok(Ok(n)) if n > 0) {
                    return;
                }
            }
            _ = self.stop.wait_for(|&s| s) => return,
        }
        Box::pin(self.serve_http(tcp, head_timeout)).await;
    }

    /// Serves HTTP on `tcp` until it closes or the server stops.
    async fn serve_http(mut self, tcp: Counted, head_timeout: Duration) {
        // No Nagle delay: a move's push to the opponent is one small frame that would
        // otherwise wait up to ~40 ms for the acknowledgement of the previous one.
        let _ = tcp.tcp.set_nodelay(true);
        let (app, peer) = (self.app.clone(), self.peer);
        let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let mut request = request.map(axum::body::Body::new);
            // The client's address reaches the handlers (per-client limits).
            request.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(request)
        });
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(TokioTimer::new())
            .header_read_timeout(head_timeout)
            .keep_alive(true);
        let connection = http
            .serve_connection(TokioIo::new(tcp), service)
            .with_upgrades();
        tokio::pin!(connection);
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!("connection from {peer}: {e}");
                }
                return;
            }
            _ = self.stop.wait_for(|&s| s) => {}
        }
        // The server stops: the connection ends once its request in flight is answered.
        connection.as_mut().graceful_shutdown();
        let _ = connection.await;
    }
}

/// The most connections the defaults allow however many descriptors the process may open:
/// beyond, memory rather than descriptors would run out.
const MOST_CONNECTIONS: usize = 50_000;

/// Raises the process's soft limit on open files to its hard limit (a server needs a
/// descriptor per connection; many systems start programs at 1024) and gives the most
/// connections to serve at once under it: seven eighths of it (the rest for the database,
/// the log and the engine), at most [`MOST_CONNECTIONS`].
pub fn descriptor_budget() -> usize {
    let soft = rlimit::increase_nofile_limit(u64::MAX).unwrap_or_else(|e| {
        tracing::warn!("the limit on open files could not be raised: {e}");
        rlimit::getrlimit(rlimit::Resource::NOFILE).map_or(1024, |(soft, _)| soft)
    });
    let soft = usize::try_from(soft).unwrap_or(usize::MAX);
    (soft - soft / 8).clamp(16, MOST_CONNECTIONS)
}
