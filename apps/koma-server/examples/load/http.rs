//! A minimal HTTP/1.1 client for the examples: one request per connection, errors as
//! values.

use std::net::{IpAddr, SocketAddr};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// Sends one request with an optional JSON body; gives the status and the body.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connecting to {addr}: {e}"))?;
    exchange(stream, addr, method, path, body).await
}

/// [`request`] from the local address `from` (on loopback, any 127.x.y.z: another client
/// to the server).
#[allow(dead_code)] // the load benchmark has one client
pub async fn request_from(
    from: IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let socket = match from {
        IpAddr::V4(_) => TcpSocket::new_v4(),
        IpAddr::V6(_) => TcpSocket::new_v6(),
    }
    .map_err(|e| format!("a socket: {e}"))?;
    socket
        .bind(SocketAddr::new(from, 0))
        .map_err(|e| format!("binding {from}: {e}"))?;
    let stream = socket
        .connect(addr)
        .await
        .map_err(|e| format!("connecting to {addr} from {from}: {e}"))?;
    exchange(stream, addr, method, path, body).await
}

/// Sends one request on `stream` and reads the whole answer.
async fn exchange(
    mut stream: TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), String> {
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream
        .write_all([head.as_bytes(), body.as_bytes()].concat().as_slice())
        .await
        .map_err(|e| format!("sending: {e}"))?;
    let mut answer = Vec::new();
    stream
        .read_to_end(&mut answer)
        .await
        .map_err(|e| format!("reading the answer: {e}"))?;
    parse(&answer)
}

/// The status and body of a whole HTTP/1.1 answer (plain or chunked).
fn parse(answer: &[u8]) -> Result<(u16, String), String> {
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("the answer has no end of headers")?;
    let head = String::from_utf8_lossy(&answer[..split]);
    let payload = &answer[split + 4..];
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status in the answer: {head}"))?;
    let chunked = head.lines().any(|line| {
        let line = line.to_ascii_lowercase();
        line.starts_with("transfer-encoding:") && line.contains("chunked")
    });
    let body = if chunked {
        dechunk(payload)?
    } else {
        payload.to_vec()
    };
    String::from_utf8(body)
        .map(|b| (status, b))
        .map_err(|_| "the answer's body is not UTF-8".to_string())
}

/// The body of a chunked transfer.
fn dechunk(mut rest: &[u8]) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let line_end = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("a chunk without its size line")?;
        let size_text = String::from_utf8_lossy(&rest[..line_end]);
        let size_text = size_text.split(';').next().unwrap_or("").trim();
        let size = usize::from_str_radix(size_text, 16)
            .map_err(|_| format!("a bad chunk size {size_text:?}"))?;
        if size == 0 {
            return Ok(body);
        }
        let data = rest
            .get(line_end + 2..line_end + 2 + size)
            .ok_or("a chunk cut short")?;
        body.extend_from_slice(data);
        rest = rest.get(line_end + 4 + size..).unwrap_or(&[]);
    }
}
