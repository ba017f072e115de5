//! A minimal HTTP/1.1 client for the examples: one request per connection, errors as
//! values; and the reading end of an ND-JSON stream, line by line.

use std::net::{IpAddr, SocketAddr};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

/// Sends one request with an optional JSON body; gives the status and the body.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let stream = connect_from(None, addr).await?;
    let json = body.map(|b| ("application/json", b));
    exchange(stream, &head(addr, method, path, &[], json), json).await
}

/// A TCP connection to `addr`, from the local address `from` if given (on loopback, any
/// 127.x.y.z: another client to the server).
pub async fn connect_from(from: Option<IpAddr>, addr: SocketAddr) -> Result<TcpStream, String> {
    let Some(from) = from else {
        return TcpStream::connect(addr)
            .await
            .map_err(|e| format!("connecting to {addr}: {e}"));
    };
    let socket = match from {
        IpAddr::V4(_) => TcpSocket::new_v4(),
        IpAddr::V6(_) => TcpSocket::new_v6(),
    }
    .map_err(|e| format!("a socket: {e}"))?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(|e| format!("binding {from}: {e}"))?;
    socket
        .connect(addr)
        .await
        .map_err(|e| format!("connecting to {addr} from {from}: {e}"))
}

/// A request's extra headers and its body with its content type, for [`request_with`].
#[derive(Clone, Copy, Default)]
pub struct Extra<'a> {
    /// Headers beyond Host, Content-Type, Content-Length and Connection.
    pub headers: &'a [(&'a str, &'a str)],
    /// The content type and the body.
    pub body: Option<(&'a str, &'a str)>,
}

/// Sends one request with `extra`'s headers and body; gives the status and the body.
#[allow(dead_code)] // the abuse example reads whole answers
pub async fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: Extra<'_>,
) -> Result<(u16, String), String> {
    answer_from(None, addr, method, path, extra)
        .await
        .map(|answer| (answer.status, answer.body))
}

/// An answer: its status, its body and the cookie it sets.
pub struct Answer {
    /// The status.
    pub status: u16,
    /// The body, unchunked.
    pub body: String,
    /// The `name=value` of its first `Set-Cookie` (a login's session), as sent.
    #[allow(dead_code)] // the load benchmark logs in with tokens
    pub cookie: Option<String>,
}

/// [`request_with`] from the local address `from` if given (see [`connect_from`]): the
/// whole answer.
pub async fn answer_from(
    from: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: Extra<'_>,
) -> Result<Answer, String> {
    let stream = connect_from(from, addr).await?;
    let head = head(addr, method, path, extra.headers, extra.body);
    exchange_answer(stream, &head, extra.body).await
}

/// [`request`] from the local address `from` (on loopback, any 127.x.y.z: another client
/// to the server).
#[allow(dead_code)] // the abuse example sends through `answer_from`
pub async fn request_from(
    from: IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let stream = connect_from(Some(from), addr).await?;
    let json = body.map(|b| ("application/json", b));
    exchange(stream, &head(addr, method, path, &[], json), json).await
}

/// The request line and headers of a request (`Connection: close`).
fn head(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<(&str, &str)>,
) -> String {
    head_of(addr, method, path, headers, body, true)
}

/// [`head`], with `Connection: close` if `close` (else the connection stays open, as
/// HTTP/1.1 keeps it by default).
fn head_of(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<(&str, &str)>,
    close: bool,
) -> String {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\n");
    if close {
        head.push_str("Connection: close\r\n");
    }
    if let Some((kind, body)) = body {
        head.push_str(&format!(
            "Content-Type: {kind}\r\nContent-Length: {}\r\n",
            body.len()
        ));
    } else {
        head.push_str("Content-Length: 0\r\n");
    }
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    head
}

/// Sends the request `head` and `body` on `stream` and reads the whole answer: the status
/// and the body.
async fn exchange(
    stream: TcpStream,
    head: &str,
    body: Option<(&str, &str)>,
) -> Result<(u16, String), String> {
    exchange_answer(stream, head, body)
        .await
        .map(|answer| (answer.status, answer.body))
}

/// Sends the request `head` and `body` on `stream` and reads the whole answer.
async fn exchange_answer(
    stream: TcpStream,
    head: &str,
    body: Option<(&str, &str)>,
) -> Result<Answer, String> {
    let body = body.map_or("", |(_, b)| b);
    exchange_kept(BufReader::new(stream), head, body)
        .await
        .map(|(answer, _)| answer)
        .map_err(Failure::text)
}

/// The reading end of a streamed answer (lishogi's ND-JSON streams), one line at a time.
pub struct LineStream {
    reader: BufReader<TcpStream>,
    /// Whether the body comes in chunks (else it runs to the end of the connection).
    chunked: bool,
    /// The bytes left in the current chunk.
    left: usize,
    /// Body bytes read and not yet given out as lines.
    pending: Vec<u8>,
}

/// Why [`LineStream::open_from`] got no stream.
#[derive(Debug)]
pub struct Unopened {
    /// The answer's status, if the server answered.
    #[allow(dead_code)] // the load benchmark needs the message only
    pub status: Option<u16>,
    /// What went wrong, in words (the status and the answer's body if answered).
    pub message: String,
}

/// The most bytes one line of a stream may have before the stream is given up.
#[allow(dead_code)] // the abuse example counts a stream's bytes, not its lines
const MAX_LINE: usize = 1 << 20;

#[allow(dead_code)] // the abuse example counts a stream's bytes; the load benchmark reads lines
impl LineStream {
    /// Sends `GET path` with `headers` and reads the answer's head; an error unless the
    /// status is 200.
    pub async fn open(
        addr: SocketAddr,
        path: &str,
        headers: &[(&str, &str)],
    ) -> Result<LineStream, String> {
        LineStream::open_from(None, addr, path, headers)
            .await
            .map_err(|e| e.message)
    }

    /// [`LineStream::open`] from the local address `from` if given (see [`connect_from`]),
    /// telling a refusal's status apart.
    pub async fn open_from(
        from: Option<IpAddr>,
        addr: SocketAddr,
        path: &str,
        headers: &[(&str, &str)],
    ) -> Result<LineStream, Unopened> {
        let failed = |message: String| Unopened {
            status: None,
            message,
        };
        let mut stream = connect_from(from, addr).await.map_err(failed)?;
        stream
            .set_nodelay(true)
            .map_err(|e| failed(format!("TCP_NODELAY: {e}")))?;
        stream
            .write_all(head(addr, "GET", path, headers, None).as_bytes())
            .await
            .map_err(|e| failed(format!("sending: {e}")))?;
        let mut reader = BufReader::with_capacity(4096, stream);
        let head = read_head(&mut reader).await.map_err(|e| failed(e.text()))?;
        let mut stream = LineStream {
            reader,
            chunked: head.chunked,
            left: 0,
            pending: Vec::new(),
        };
        if head.status != 200 {
            let mut body = Vec::new();
            while stream.fill().await.unwrap_or(false) && body.len() < 4096 {
                body.append(&mut stream.pending);
            }
            return Err(Unopened {
                status: Some(head.status),
                message: format!(
                    "status {}: {}",
                    head.status,
                    String::from_utf8_lossy(&body).trim()
                ),
            });
        }
        Ok(stream)
    }

    /// Reads the next piece of the body and drops it: its bytes and the lines it ends, or
    /// `None` when the stream has ended (for a reader that only counts what comes).
    pub async fn skip(&mut self) -> Result<Option<(usize, usize)>, String> {
        if !self.fill().await? {
            return Ok(None);
        }
        let lines = self.pending.iter().filter(|&&b| b == b'\n').count();
        let bytes = self.pending.len();
        self.pending.clear();
        Ok(Some((bytes, lines)))
    }

    /// The next line without its end (an empty string for a keep-alive line), or `None`
    /// when the stream has ended.
    pub async fn next_line(&mut self) -> Result<Option<String>, String> {
        loop {
            if let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.pending.drain(..=end).collect();
                return String::from_utf8(line)
                    .map(|l| Some(l.trim_end().to_string()))
                    .map_err(|_| "a line that is not UTF-8".to_string());
            }
            if self.pending.len() > MAX_LINE {
                return Err(format!("a line longer than {MAX_LINE} bytes"));
            }
            if !self.fill().await? {
                return Ok(None);
            }
        }
    }

    /// Reads more of the body into `pending`; `false` at its end.
    async fn fill(&mut self) -> Result<bool, String> {
        if self.chunked && self.left == 0 {
            loop {
                let mut line = String::new();
                if read_line(&mut self.reader, &mut line).await? == 0 {
                    return Ok(false);
                }
                // The end of the previous chunk's data.
                let size = line.split(';').next().unwrap_or("").trim();
                if size.is_empty() {
                    continue;
                }
                self.left = usize::from_str_radix(size, 16)
                    .map_err(|_| format!("a bad chunk size {size:?}"))?;
                if self.left == 0 {
                    return Ok(false);
                }
                break;
            }
        }
        let mut buf = [0u8; 4096];
        let want = if self.chunked {
            self.left.min(buf.len())
        } else {
            buf.len()
        };
        let n = self
            .reader
            .read(&mut buf[..want])
            .await
            .map_err(|e| format!("reading the stream: {e}"))?;
        if n == 0 {
            return Ok(false);
        }
        self.pending.extend_from_slice(&buf[..n]);
        if self.chunked {
            self.left -= n;
        }
        Ok(true)
    }
}

/// Reads one line of the answer's head into `line`, at most 8 KiB; the bytes read.
async fn read_line(reader: &mut BufReader<TcpStream>, line: &mut String) -> Result<usize, String> {
    let n = (&mut *reader)
        .take(8192)
        .read_line(line)
        .await
        .map_err(|e| format!("reading the answer: {e}"))?;
    Ok(n)
}

/// An HTTP/1.1 connection kept open from request to request, as a bot's HTTP client keeps
/// it; opened again when the server has closed it.
#[allow(dead_code)] // the abuse example opens a connection a request
pub struct Client {
    addr: SocketAddr,
    conn: Option<BufReader<TcpStream>>,
}

/// Why a request failed.
enum Failure {
    /// Before any byte of an answer: on a kept connection the server may have closed it
    /// while idle, and the request can go again on a new one.
    NoAnswer(String),
    /// Later: the request may have been done.
    Broken(String),
}

impl Failure {
    /// What went wrong, in words.
    fn text(self) -> String {
        match self {
            Failure::NoAnswer(e) | Failure::Broken(e) => e,
        }
    }
}

/// What this client reads of an answer's status line and headers.
struct Head {
    status: u16,
    /// `Transfer-Encoding: chunked`.
    chunked: bool,
    /// `Content-Length`.
    length: Option<usize>,
    /// `Connection: close`.
    close: bool,
    /// The `name=value` of the first `Set-Cookie`, as sent.
    cookie: Option<String>,
}

/// Reads an answer's status line and headers from `conn`.
async fn read_head(conn: &mut BufReader<TcpStream>) -> Result<Head, Failure> {
    let mut status_line = String::new();
    match read_line(conn, &mut status_line).await {
        Ok(0) => return Err(Failure::NoAnswer("the server closed the connection".into())),
        Err(e) => return Err(Failure::NoAnswer(e)),
        Ok(_) => {}
    }
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| Failure::Broken(format!("no status in the answer: {status_line:?}")))?;
    let mut head = Head {
        status,
        chunked: false,
        length: None,
        close: false,
        cookie: None,
    };
    loop {
        let mut sent = String::new();
        read_line(conn, &mut sent).await.map_err(Failure::Broken)?;
        let line = sent.trim_end().to_ascii_lowercase();
        if line.is_empty() {
            return Ok(head);
        }
        let (name, value) = line.split_once(':').unwrap_or((&line, ""));
        if name.trim() == "set-cookie" && head.cookie.is_none() {
            // The value as sent (a session secret is case-sensitive), up to its attributes.
            let value = sent.split_once(':').map_or("", |(_, v)| v);
            head.cookie = value.split(';').next().map(|c| c.trim().to_string());
        }
        match (name.trim(), value.trim()) {
            ("content-length", n) => head.length = n.parse::<usize>().ok(),
            ("transfer-encoding", v) if v.contains("chunked") => head.chunked = true,
            ("connection", v) if v.contains("close") => head.close = true,
            _ => {}
        }
    }
}

#[allow(dead_code)] // the abuse example opens a connection a request
impl Client {
    /// A client of the server at `addr`, not yet connected.
    pub fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    /// Sends one request on the kept connection (or a new one); gives the status and the
    /// body.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        extra: Extra<'_>,
    ) -> Result<(u16, String), String> {
        let head = head_of(self.addr, method, path, extra.headers, extra.body, false);
        let body = extra.body.map_or("", |(_, b)| b);
        if let Some(conn) = self.conn.take() {
            match exchange_kept(conn, &head, body).await {
                Ok((answer, conn)) => {
                    self.conn = conn;
                    return Ok((answer.status, answer.body));
                }
                Err(Failure::Broken(e)) => return Err(e),
                Err(Failure::NoAnswer(_)) => {}
            }
        }
        let stream = TcpStream::connect(self.addr)
            .await
            .map_err(|e| format!("connecting to {}: {e}", self.addr))?;
        stream
            .set_nodelay(true)
            .map_err(|e| format!("TCP_NODELAY: {e}"))?;
        match exchange_kept(BufReader::new(stream), &head, body).await {
            Ok((answer, conn)) => {
                self.conn = conn;
                Ok((answer.status, answer.body))
            }
            Err(Failure::NoAnswer(e) | Failure::Broken(e)) => Err(e),
        }
    }
}

/// Sends `head` and `body` on `conn` and reads the answer; the connection back if the
/// server keeps it.
async fn exchange_kept(
    mut conn: BufReader<TcpStream>,
    head: &str,
    body: &str,
) -> Result<(Answer, Option<BufReader<TcpStream>>), Failure> {
    let request = [head.as_bytes(), body.as_bytes()].concat();
    conn.get_mut()
        .write_all(&request)
        .await
        .map_err(|e| Failure::NoAnswer(format!("sending: {e}")))?;
    let Head {
        status,
        chunked,
        length,
        mut close,
        cookie,
    } = read_head(&mut conn).await?;
    let broken = |e: std::io::Error| Failure::Broken(format!("reading the answer: {e}"));
    let mut payload = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            read_line(&mut conn, &mut size)
                .await
                .map_err(Failure::Broken)?;
            let size = size.split(';').next().unwrap_or("").trim();
            let size = usize::from_str_radix(size, 16)
                .map_err(|_| Failure::Broken(format!("a bad chunk size {size:?}")))?;
            let mut data = vec![0u8; size + 2];
            conn.read_exact(&mut data).await.map_err(broken)?;
            if size == 0 {
                break;
            }
            payload.extend_from_slice(&data[..size]);
        }
    } else if let Some(n) = length {
        payload.resize(n, 0);
        conn.read_exact(&mut payload).await.map_err(broken)?;
    } else {
        conn.read_to_end(&mut payload).await.map_err(broken)?;
        close = true;
    }
    let text = String::from_utf8(payload)
        .map_err(|_| Failure::Broken("the answer's body is not UTF-8".into()))?;
    let answer = Answer {
        status,
        body: text,
        cookie,
    };
    Ok((answer, (!close).then_some(conn)))
}
