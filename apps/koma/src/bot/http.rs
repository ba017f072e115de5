//! A small HTTP/1.1 client for lishogi's API on `koma serve`: plain `http://` only (one
//! request a connection), bodies as forms, answers read whole or, for the ND-JSON streams,
//! line by line through the chunked encoding.

use anyhow::{Context, bail};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

/// A server and the account's API token.
#[derive(Clone)]
pub struct Api {
    /// `host:port`.
    host: String,
    /// The path prefix of the base URL (empty, or `/something`).
    prefix: String,
    /// The API token.
    token: String,
}

/// An answer read whole: the status and the body.
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// The body as text.
    pub body: String,
}

impl Api {
    /// The API at `url` (`http://host:port`) with `token`.
    pub fn new(url: &str, token: &str) -> anyhow::Result<Api> {
        let Some(rest) = url.strip_prefix("http://") else {
            if url.starts_with("https://") {
                bail!(
                    "koma bot speaks plain HTTP only: give an http:// server (or a local TLS proxy in front of an https one)"
                );
            }
            bail!("the server '{url}' is not an http:// URL");
        };
        let (host, prefix) = match rest.find('/') {
            Some(i) => (&rest[..i], rest[i..].trim_end_matches('/')),
            None => (rest, ""),
        };
        if host.is_empty() {
            bail!("the server '{url}' names no host");
        }
        Ok(Api {
            host: host.to_string(),
            prefix: prefix.to_string(),
            token: token.to_string(),
        })
    }

    /// Sends a request; the connection, read up to the body, and the status.
    fn send(
        &self,
        method: &str,
        path: &str,
        form: Option<&str>,
    ) -> anyhow::Result<(BufReader<TcpStream>, u16, bool)> {
        let mut tcp = TcpStream::connect(&self.host)
            .with_context(|| format!("connecting to {}", self.host))?;
        let _ = tcp.set_nodelay(true);
        let body = form.unwrap_or("");
        let head = format!(
            "{method} {}{path} HTTP/1.1\r\nHost: {}\r\nAuthorization: Bearer {}\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n",
            self.prefix,
            self.host,
            self.token,
            body.len()
        );
        tcp.write_all(head.as_bytes())?;
        tcp.write_all(body.as_bytes())?;
        let mut reader = BufReader::new(tcp);
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .with_context(|| format!("{method} {path}: no HTTP status in '{}'", line.trim()))?;
        let mut chunked = false;
        loop {
            line.clear();
            if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
                break;
            }
            let lower = line.to_ascii_lowercase();
            if lower.starts_with("transfer-encoding:") && lower.contains("chunked") {
                chunked = true;
            }
        }
        Ok((reader, status, chunked))
    }

    /// A request answered whole.
    pub fn call(&self, method: &str, path: &str, form: Option<&str>) -> anyhow::Result<Answer> {
        let (reader, status, chunked) = self.send(method, path, form)?;
        let mut body = String::new();
        if chunked {
            Chunked::new(reader).read_to_string(&mut body)?;
        } else {
            let mut reader = reader;
            reader.read_to_string(&mut body)?;
        }
        Ok(Answer { status, body })
    }

    /// A request that must succeed (2xx); its body.
    pub fn ok(&self, method: &str, path: &str, form: Option<&str>) -> anyhow::Result<String> {
        let answer = self.call(method, path, form)?;
        if !(200..300).contains(&answer.status) {
            bail!("{method} {path}: {} {}", answer.status, answer.body.trim());
        }
        Ok(answer.body)
    }

    /// An ND-JSON stream: each non-empty line as JSON, until the server ends it.
    pub fn stream(
        &self,
        path: &str,
    ) -> anyhow::Result<impl Iterator<Item = anyhow::Result<serde_json::Value>> + use<>> {
        let (reader, status, chunked) = self.send("GET", path, None)?;
        if status != 200 {
            let mut body = String::new();
            let _ = Chunked::new(reader).read_to_string(&mut body);
            bail!("GET {path}: {status} {}", body.trim());
        }
        let source: Box<dyn Read + Send> = if chunked {
            Box::new(Chunked::new(reader))
        } else {
            Box::new(reader)
        };
        Ok(BufReader::new(source)
            .lines()
            .filter_map(|line| match line {
                Err(e) => Some(Err(e.into())),
                Ok(l) if l.trim().is_empty() => None,
                Ok(l) => Some(serde_json::from_str(&l).map_err(anyhow::Error::from)),
            }))
    }
}

/// The body of a chunked answer, read as the chunks come.
struct Chunked {
    inner: BufReader<TcpStream>,
    left: usize,
    done: bool,
}

impl Chunked {
    fn new(inner: BufReader<TcpStream>) -> Chunked {
        Chunked {
            inner,
            left: 0,
            done: false,
        }
    }
}

impl Read for Chunked {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.done || buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            let mut line = String::new();
            if self.inner.read_line(&mut line)? == 0 {
                self.done = true;
                return Ok(0);
            }
            let size = line.trim().split(';').next().unwrap_or("");
            self.left = usize::from_str_radix(size, 16).map_err(|_| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("bad chunk size '{size}'"),
                )
            })?;
            if self.left == 0 {
                self.done = true;
                return Ok(0);
            }
        }
        let want = buf.len().min(self.left);
        let n = self.inner.read(&mut buf[..want])?;
        if n == 0 {
            self.done = true;
            return Ok(0);
        }
        self.left -= n;
        if self.left == 0 {
            let mut crlf = String::new();
            self.inner.read_line(&mut crlf)?;
        }
        Ok(n)
    }
}
