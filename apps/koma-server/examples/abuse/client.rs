//! The hostile client's requests: its source addresses, JSON calls with an account's
//! token or a page's cookie, accounts with strong passwords, games between two people,
//! WebSockets from an address, and room for many sockets.

use super::http;
use base64::Engine;
use serde_json::{Value, json};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// The longest one of the attacks' own requests (setting up, checking) may take.
pub const CALL_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest wait for a WebSocket to open.
const OPEN_TIMEOUT: Duration = Duration::from_secs(5);

/// Descriptors the hostile client keeps for itself besides its sockets.
const SPARE_DESCRIPTORS: usize = 256;

/// The `i`th source address of the hostile client: 127.0.0.2, .3, ... over `addresses`.
pub fn source(i: usize, addresses: u8) -> IpAddr {
    let n = usize::from(addresses.clamp(1, 100));
    // At most 2 + 99: fits in a byte.
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + (i % n) as u8))
}

/// A legal move of the game `state` (varied by `ply`), or `None` when it is over.
pub fn pick_move(state: &Value, ply: usize) -> Option<String> {
    if !state["outcome"].is_null() {
        return None;
    }
    let legal = state["legal_moves"].as_array()?;
    if legal.is_empty() {
        return None;
    }
    legal[(ply * 31 + 7) % legal.len()]
        .as_str()
        .map(str::to_string)
}

/// How a request of the attacks authenticates.
pub enum Auth {
    /// Not at all.
    None,
    /// An API token.
    Bearer(String),
    /// A username and password (HTTP Basic: only to make tokens).
    Basic {
        /// The username.
        name: String,
        /// The password.
        password: String,
    },
    /// A page's session cookie, sent with the page's origin.
    Page {
        /// `koma_session=...`.
        cookie: String,
        /// The `Origin` header.
        origin: String,
    },
}

impl Auth {
    /// The headers that carry it.
    fn headers(&self) -> Vec<(&str, String)> {
        match self {
            Auth::None => Vec::new(),
            Auth::Bearer(token) => vec![("Authorization", format!("Bearer {token}"))],
            Auth::Basic { name, password } => {
                let pair = format!("{name}:{password}");
                let pair = base64::engine::general_purpose::STANDARD.encode(pair);
                vec![("Authorization", format!("Basic {pair}"))]
            }
            Auth::Page { cookie, origin } => {
                vec![("Cookie", cookie.clone()), ("Origin", origin.clone())]
            }
        }
    }
}

/// One request of the attacks (setting up, checking) from `from` (none: 127.0.0.1) with a
/// JSON body: the status and the body as JSON (a string if it is not JSON).
pub async fn call(
    from: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    auth: &Auth,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    call_raw(
        from,
        addr,
        method,
        path,
        auth,
        body.map(|b| ("application/json", b.to_string())),
    )
    .await
    .map(|answer| {
        let json = serde_json::from_str(&answer.body).unwrap_or(Value::String(answer.body));
        (answer.status, json)
    })
}

/// [`call`] with a body of any type, the whole answer.
pub async fn call_raw(
    from: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    auth: &Auth,
    body: Option<(&str, String)>,
) -> Result<http::Answer, String> {
    let headers = auth.headers();
    let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let extra = http::Extra {
        headers: &headers,
        body: body.as_ref().map(|(kind, text)| (*kind, text.as_str())),
    };
    tokio::time::timeout(
        CALL_TIMEOUT,
        http::answer_from(from, addr, method, path, extra),
    )
    .await
    .unwrap_or_else(|_| Err(format!("{method} {path}: no answer in {CALL_TIMEOUT:?}")))
}

/// The JSON of an answer with status `want`, else an error naming `what`.
pub fn expect(
    what: &str,
    answer: Result<(u16, Value), String>,
    want: u16,
) -> Result<Value, String> {
    match answer {
        Ok((status, json)) if status == want => Ok(json),
        Ok((status, json)) => Err(format!("{what}: {status} {json}")),
        Err(e) => Err(format!("{what}: {e}")),
    }
}

/// An answer of [`call`] in words to count it under: its status and its error code
/// (`429 rate_limited`), or that there was none.
pub fn said(answer: &Result<(u16, Value), String>) -> String {
    match answer {
        Ok((status, json)) => match json["code"].as_str() {
            Some(code) => format!("{status} {code}"),
            None => status.to_string(),
        },
        Err(_) => "no answer".to_string(),
    }
}

/// Random letters and digits (`n` of them) from the OS: passwords and guesses.
pub fn random_text(n: usize) -> Result<String, String> {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).map_err(|e| format!("random bytes: {e}"))?;
    Ok(bytes
        .iter()
        .map(|b| char::from(ALPHABET[usize::from(*b) % ALPHABET.len()]))
        .collect())
}

/// An account of the server, with a strong password and an API token.
pub struct Account {
    /// The username.
    pub name: String,
    /// Its password: 16 random letters and digits.
    pub password: String,
    /// An API token of it.
    pub token: String,
}

impl Account {
    /// Signs `name` up from `from` with a random password and makes it an API token.
    pub async fn sign_up(
        addr: SocketAddr,
        from: Option<IpAddr>,
        name: &str,
    ) -> Result<Account, String> {
        let password = random_text(16)?;
        let body = json!({"username": name, "password": password});
        let signed = call(
            from,
            addr,
            "POST",
            "/api/accounts",
            &Auth::None,
            Some(&body),
        )
        .await;
        expect(&format!("signing {name} up"), signed, 201)?;
        let basic = Auth::Basic {
            name: name.to_string(),
            password: password.clone(),
        };
        let path = "/api/account/tokens";
        let made = call(from, addr, "POST", path, &basic, Some(&json!({}))).await;
        let made = expect(&format!("a token for {name}"), made, 201)?;
        let token = made["token"]
            .as_str()
            .ok_or_else(|| format!("a token for {name}: {made}"))?
            .to_string();
        Ok(Account {
            name: name.to_string(),
            password,
            token,
        })
    }

    /// The account's API token, as [`Auth`].
    pub fn bearer(&self) -> Auth {
        Auth::Bearer(self.token.clone())
    }
}

/// A game between two people, both seats taken.
pub struct Game {
    /// Its id.
    pub id: String,
    /// Sente's and gote's seat tokens.
    pub tokens: [String; 2],
}

impl Game {
    /// Creates a game between people from `from` and joins it: the game and its state.
    pub async fn seated(addr: SocketAddr, from: Option<IpAddr>) -> Result<(Game, Value), String> {
        let body = json!({"side": "sente"});
        let made = call(from, addr, "POST", "/api/games", &Auth::None, Some(&body)).await;
        let made = expect("a new game", made, 201)?;
        let id = made["id"]
            .as_str()
            .ok_or("a new game without id")?
            .to_string();
        let join = json!({"invite": made["invite"]});
        let path = format!("/api/games/{id}/join");
        let joined = expect(
            "joining a game",
            call(from, addr, "POST", &path, &Auth::None, Some(&join)).await,
            200,
        )?;
        let token = |v: &Value| v["token"].as_str().map(str::to_string);
        let tokens = [
            token(&made).ok_or("a new game without token")?,
            token(&joined).ok_or("a joined game without token")?,
        ];
        Ok((Game { id, tokens }, joined["game"].clone()))
    }

    /// Plays `usi` for seat `seat` (0 sente, 1 gote) from `from`: the new state.
    pub async fn play(
        &self,
        addr: SocketAddr,
        from: Option<IpAddr>,
        seat: usize,
        usi: &str,
    ) -> Result<Value, String> {
        let body = json!({"token": self.tokens[seat % 2], "usi": usi});
        let path = format!("/api/games/{}/move", self.id);
        expect(
            &format!("the move {usi}"),
            call(from, addr, "POST", &path, &Auth::None, Some(&body)).await,
            200,
        )
    }
}

/// A WebSocket client.
pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// Why a WebSocket did not open: the HTTP status of a refusal, or the failure in words.
pub enum WsRefused {
    /// The server answered the upgrade with this status.
    Status(u16),
    /// No answer: the connection failed, timed out or was closed.
    Failed(&'static str),
}

impl WsRefused {
    /// A name to count it under.
    pub fn name(&self) -> String {
        match self {
            WsRefused::Status(status) => format!("refused {status}"),
            WsRefused::Failed(why) => format!("not opened: {why}"),
        }
    }
}

/// Opens the WebSocket `path` from `from` with `headers`, within [`OPEN_TIMEOUT`]. Its
/// read buffer is 4 KiB (tungstenite's default is 128 KiB, zeroed before every read: many
/// thousand sockets would make the client the load).
pub async fn websocket(
    from: IpAddr,
    addr: SocketAddr,
    path: &str,
    headers: &[(&str, &str)],
) -> Result<Socket, WsRefused> {
    let mut request = format!("ws://{addr}{path}")
        .into_client_request()
        .map_err(|_| WsRefused::Failed("a bad request"))?;
    for (name, value) in headers {
        let (Ok(name), Ok(value)) = (
            axum::http::HeaderName::from_bytes(name.as_bytes()),
            axum::http::HeaderValue::from_str(value),
        ) else {
            return Err(WsRefused::Failed("a bad header"));
        };
        request.headers_mut().insert(name, value);
    }
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let open = async {
        let tcp = http::connect_from(Some(from), addr)
            .await
            .map_err(|_| WsRefused::Failed("connect failed"))?;
        let _ = tcp.set_nodelay(true);
        let tcp = tokio_tungstenite::MaybeTlsStream::Plain(tcp);
        tokio_tungstenite::client_async_with_config(request, tcp, Some(config))
            .await
            .map(|(socket, _)| socket)
            .map_err(|e| match e {
                tokio_tungstenite::tungstenite::Error::Http(answer) => {
                    WsRefused::Status(answer.status().as_u16())
                }
                _ => WsRefused::Failed("handshake failed"),
            })
    };
    tokio::time::timeout(OPEN_TIMEOUT, open)
        .await
        .unwrap_or(Err(WsRefused::Failed("timed out")))
}

/// Raises this process's limit on open files so that it can hold `count` sockets if it
/// may, and gives it back when dropped (so that a server started later does not inherit
/// it). Says how many sockets it may hold.
pub struct Descriptors {
    /// The limits before (soft, hard), to give back.
    before: Option<(u64, u64)>,
    /// How many sockets the hostile client may hold.
    pub usable: usize,
}

impl Descriptors {
    /// Room for `count` sockets, as far as the system lets this process raise its limit
    /// (a process with `CAP_SYS_RESOURCE` may raise the hard limit too).
    pub fn reserve(count: usize) -> Descriptors {
        use rlimit::Resource;
        let want = (count + SPARE_DESCRIPTORS) as u64;
        let Ok(before) = rlimit::getrlimit(Resource::NOFILE) else {
            return Descriptors {
                before: None,
                usable: count,
            };
        };
        let raised = before.0 < want
            && (rlimit::setrlimit(Resource::NOFILE, want, want.max(before.1)).is_ok()
                || rlimit::setrlimit(Resource::NOFILE, before.1.min(want), before.1).is_ok());
        let soft = rlimit::getrlimit(Resource::NOFILE).map_or(before.0, |(soft, _)| soft);
        let usable = usize::try_from(soft)
            .unwrap_or(usize::MAX)
            .saturating_sub(SPARE_DESCRIPTORS)
            .min(count);
        Descriptors {
            before: raised.then_some(before),
            usable,
        }
    }
}

impl Drop for Descriptors {
    fn drop(&mut self) {
        if let Some((soft, hard)) = self.before {
            let _ = rlimit::setrlimit(rlimit::Resource::NOFILE, soft, hard);
        }
    }
}
