//! Three `koma serve` instances on one PostgreSQL behind HAProxy, as `deploy/cluster.sh`
//! starts them with the repository's `deploy/haproxy.cfg` (`scripts/test` installs both
//! PostgreSQL and HAProxy): a game's moves reach a spectator on another instance in order,
//! and a game whose instance is killed with `kill -9` goes on through the balancer on
//! another, every move stored once, its clock kept, the engine's move still coming; a
//! PostgreSQL restart loses no move.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::Message;
use tungstenite::stream::MaybeTlsStream;

/// How long a player waits for the game to come back after its instance died.
const COMEBACK: Duration = Duration::from_secs(20);

/// The cluster: stopped (PostgreSQL's files removed) when dropped, however the test ends.
struct Cluster {
    script: Child,
    /// The script's standard input: each line an event (`kill 2`, `pg-restart`); closing
    /// it stops the cluster.
    stdin: Option<ChildStdin>,
    /// The script's standard output: what it says once an event is done.
    said: std::io::Lines<BufReader<ChildStdout>>,
    /// HAProxy's address.
    front: String,
    /// `(name, address)` of koma1, koma2, koma3.
    instances: Vec<(String, String)>,
}

impl Cluster {
    /// Starts PostgreSQL, three instances and HAProxy on free ports; `name` names the
    /// folder of their logs, kept under the target directory for a failure's reader.
    fn start(name: &str) -> Cluster {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let logs = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cluster-{name}"));
        let _ = std::fs::remove_dir_all(&logs);
        let mut script = Command::new("bash")
            .arg(root.join("deploy/cluster.sh"))
            .args(["--front", "free", "--ports", "free", "--logs"])
            .arg(&logs)
            .env("KOMA_BIN", env!("CARGO_BIN_EXE_koma"))
            .env_remove("KOMA_PG_URL")
            .env_remove("KOMA_SERVE_ARGS")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("bash runs deploy/cluster.sh");
        let stdin = script.stdin.take();
        let stdout = script.stdout.take().expect("piped");
        let mut cluster = Cluster {
            script,
            stdin,
            said: BufReader::new(stdout).lines(),
            front: String::new(),
            instances: Vec::new(),
        };
        loop {
            let Some(Ok(line)) = cluster.said.next() else {
                panic!("deploy/cluster.sh did not start the cluster (its reason above)");
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["ready"] => break,
                ["front", addr] => cluster.front = addr.to_string(),
                [name, addr, "pid", _] if name.starts_with("koma") => {
                    cluster.instances.push((name.to_string(), addr.to_string()));
                }
                _ => {}
            }
        }
        assert_eq!(cluster.instances.len(), 3, "three instances");
        cluster
    }

    /// The address of instance `name`.
    fn addr(&self, name: &str) -> &str {
        let found = self.instances.iter().find(|(n, _)| n == name);
        &found.unwrap_or_else(|| panic!("no instance {name}")).1
    }

    /// Makes `event` happen (a line of deploy/cluster.sh's input) and waits until the
    /// script says `done`.
    fn event(&mut self, event: &str, done: &str) {
        let stdin = self.stdin.as_mut().expect("the cluster runs");
        writeln!(stdin, "{event}").expect("deploy/cluster.sh reads its input");
        match self.said.next() {
            Some(Ok(line)) if line.starts_with(done) => {}
            other => panic!("{event}: deploy/cluster.sh said {other:?}, not {done:?}"),
        }
    }

    /// Kills instance `name` (`koma2`) with SIGKILL.
    fn kill(&mut self, name: &str) {
        let n = name.trim_start_matches("koma");
        self.event(&format!("kill {n}"), "killed");
    }

    /// The instance that game `id`'s requests reach through the balancer.
    fn owner(&self, id: &str) -> String {
        let answer = call(&self.front, "GET", &format!("/api/games/{id}"), None);
        assert_eq!(answer.status, 200, "{}", answer.body);
        answer.served_by
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.script.wait();
    }
}

/// An HTTP answer.
struct Answer {
    status: u16,
    /// The instance that gave it (`X-Served-By`, set by the balancer; empty without).
    served_by: String,
    /// The body as JSON (null if none).
    body: Value,
}

/// One request with a JSON body and `Connection: close`.
fn call(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Answer {
    let body = body.map_or(String::new(), Value::to_string);
    let mut tcp = TcpStream::connect(addr).unwrap_or_else(|e| panic!("{addr}: {e}"));
    tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    tcp.write_all(head.as_bytes()).unwrap();
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{method} {path}: no status in {answer:?}"));
    let served_by = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("x-served-by")
                .then(|| value.trim().to_string())
        })
        .unwrap_or_default();
    Answer {
        status,
        served_by,
        body: serde_json::from_str(body).unwrap_or(Value::Null),
    }
}

/// A game's WebSocket, with the last state it gave made whole (a push with `moves_from`
/// carries only the moves after the first `moves_from` of the state before it).
struct Socket {
    ws: tungstenite::WebSocket<MaybeTlsStream<TcpStream>>,
    last: Option<Value>,
}

impl Socket {
    /// Sends `message`.
    fn send(&mut self, message: Message) -> tungstenite::Result<()> {
        self.ws.send(message)
    }

    /// The pushed state `game` made whole from the one before it on this socket.
    fn whole(&mut self, mut game: Value) -> Value {
        if let Some(from) = game["moves_from"].as_u64() {
            let from = usize::try_from(from).unwrap();
            let last = self.last.as_ref().expect("a push follows a whole state");
            for key in ["moves", "history"] {
                let mut all = last[key].as_array().unwrap()[..from].to_vec();
                all.extend(game[key].as_array().unwrap().iter().cloned());
                game[key] = Value::Array(all);
            }
        }
        self.last = Some(game.clone());
        game
    }
}

/// Game `id`'s WebSocket at `addr` (a seat's with `token`, else a spectator's), with the
/// instance that took it (`X-Served-By`), or the handshake's error.
fn open(addr: &str, id: &str, token: Option<&str>) -> Result<(Socket, String), String> {
    let query = token.map_or(String::new(), |t| format!("?token={t}"));
    let (mut ws, response) = tungstenite::connect(format!("ws://{addr}/api/games/{id}/ws{query}"))
        .map_err(|e| e.to_string())?;
    if let MaybeTlsStream::Plain(tcp) = ws.get_mut() {
        tcp.set_read_timeout(Some(COMEBACK)).unwrap();
    }
    let served_by = response
        .headers()
        .get("x-served-by")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    Ok((Socket { ws, last: None }, served_by))
}

/// What a socket gave.
enum Pushed {
    /// A state of the game (its JSON).
    State(Value),
    /// An error answering a move (its JSON).
    Error(Value),
    /// The socket ended (the instance died, the balancer cut it).
    Ended(String),
}

/// The next state or error on `socket`.
fn next(socket: &mut Socket) -> Pushed {
    loop {
        match socket.ws.read() {
            Ok(Message::Text(text)) => {
                let msg: Value = serde_json::from_str(&text).expect("a push is JSON");
                match msg["type"].as_str() {
                    Some("state") => return Pushed::State(socket.whole(msg["game"].clone())),
                    Some("error") => return Pushed::Error(msg),
                    _ => continue,
                }
            }
            Ok(Message::Close(_)) => return Pushed::Ended("closed".to_string()),
            Ok(_) => continue,
            Err(e) => return Pushed::Ended(e.to_string()),
        }
    }
}

/// The moves of a state.
fn moves(state: &Value) -> Vec<String> {
    let list = state["moves"].as_array().expect("a state has moves");
    list.iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// A seat playing through the balancer, reconnecting when its socket ends.
struct Player {
    front: String,
    id: String,
    token: String,
    socket: Option<Socket>,
    /// The moves of the last state seen (every state must extend them).
    seen: Vec<String>,
    /// How many times the socket was opened again.
    reconnections: usize,
}

impl Player {
    fn new(front: &str, id: &str, token: &str) -> Player {
        Player {
            front: front.to_string(),
            id: id.to_string(),
            token: token.to_string(),
            socket: None,
            seen: Vec::new(),
            reconnections: 0,
        }
    }

    /// Opens the socket through the balancer, tried again until [`COMEBACK`] has passed.
    fn connect(&mut self) {
        let since = Instant::now();
        loop {
            match open(&self.front, &self.id, Some(&self.token)) {
                Ok((socket, _)) => {
                    self.socket = Some(socket);
                    return;
                }
                Err(e) if since.elapsed() > COMEBACK => {
                    panic!("game {}: no socket in {COMEBACK:?}: {e}", self.id)
                }
                Err(_) => std::thread::sleep(Duration::from_millis(200)),
            }
        }
    }

    /// The next state, checked to extend the moves seen before; after an error or the
    /// socket's end, the first state of a new socket.
    fn state(&mut self) -> Value {
        loop {
            if self.socket.is_none() {
                self.connect();
            }
            match next(self.socket.as_mut().unwrap()) {
                Pushed::State(state) => {
                    let now = moves(&state);
                    assert!(
                        now.starts_with(&self.seen),
                        "game {}: a state of {} moves does not extend the {} seen: {now:?}",
                        self.id,
                        now.len(),
                        self.seen.len()
                    );
                    self.seen = now;
                    return state;
                }
                // "Try again" (the store unreachable, the owner changing): a new socket
                // says whether the move was kept.
                Pushed::Error(_) | Pushed::Ended(_) => {
                    self.socket = None;
                    self.reconnections += 1;
                }
            }
        }
    }

    /// Plays `usi` as ply `ply` (0-based) once: sent again only if a fresh state shows
    /// that the server does not have it.
    fn play(&mut self, ply: usize, usi: &str) {
        let since = Instant::now();
        loop {
            assert!(
                since.elapsed() < 2 * COMEBACK,
                "game {}: move {usi} at ply {} not kept in {:?}",
                self.id,
                ply + 1,
                2 * COMEBACK
            );
            if self.socket.is_none() {
                self.connect();
            }
            let message = json!({ "type": "move", "usi": usi }).to_string();
            if self
                .socket
                .as_mut()
                .unwrap()
                .send(Message::text(message))
                .is_err()
            {
                self.socket = None;
                continue;
            }
            // States of earlier plies may still be on their way; the first state of a
            // new socket without the move means that the server does not have it.
            loop {
                let before = self.reconnections;
                let state = self.state();
                let now = moves(&state);
                if now.len() > ply {
                    assert_eq!(now[ply], usi, "game {}: ply {}", self.id, ply + 1);
                    return;
                }
                if self.reconnections != before {
                    break;
                }
            }
        }
    }
}

/// A legal move of `state` at ply `ply`, picked so that the game lasts (the same every run).
fn pick(state: &Value, ply: usize) -> String {
    let legal = state["legal_moves"].as_array().expect("legal moves");
    assert!(
        !legal.is_empty(),
        "no legal move at ply {}: {state}",
        ply + 1
    );
    legal[(ply * 7 + 3) % legal.len()]
        .as_str()
        .unwrap()
        .to_string()
}

/// Plays until the game has `plies` moves, sente and gote in turn; the moves played.
fn play_to(players: &mut [Player; 2], played: &mut Vec<String>, plies: usize) {
    while played.len() < plies {
        let ply = played.len();
        let mover = &mut players[ply % 2];
        let state = loop {
            let state = mover.state();
            if moves(&state).len() == ply {
                break state;
            }
        };
        assert!(state["outcome"].is_null(), "the game ended: {state}");
        let usi = pick(&state, ply);
        mover.play(ply, &usi);
        played.push(usi);
    }
}

/// A spectator on `addr` reading pushes in a thread until it has seen `plies` moves:
/// gives every state's moves, in the order they came.
fn spectate(addr: &str, id: &str, plies: usize) -> std::thread::JoinHandle<Vec<Vec<String>>> {
    let (mut socket, _) = open(addr, id, None).expect("a spectator's socket");
    std::thread::spawn(move || {
        let mut states = Vec::new();
        loop {
            match next(&mut socket) {
                Pushed::State(state) => {
                    let now = moves(&state);
                    let done = now.len() >= plies;
                    states.push(now);
                    if done {
                        return states;
                    }
                }
                Pushed::Error(e) => panic!("the spectator got an error: {e}"),
                Pushed::Ended(why) => panic!(
                    "the spectator's socket ended after {} states: {why}",
                    states.len()
                ),
            }
        }
    })
}

/// A game between two guests with a 10-minute clock, created and joined through the
/// balancer at `front`: its id and its two players.
fn new_game(front: &str) -> (String, [Player; 2]) {
    let create = json!({ "side": "sente", "time_control": "sudden:10m" });
    let created = call(front, "POST", "/api/games", Some(&create));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let invite = json!({ "invite": created.body["invite"] });
    let joined = call(
        front,
        "POST",
        &format!("/api/games/{id}/join"),
        Some(&invite),
    );
    assert_eq!(joined.status, 200, "{}", joined.body);
    let tokens = [&created.body["token"], &joined.body["token"]].map(|t| t.as_str().unwrap());
    let players = tokens.map(|t| Player::new(front, &id, t));
    (id, players)
}

#[test]
fn a_game_goes_on_after_its_instance_is_killed() {
    let mut cluster = Cluster::start("kill");
    let front = cluster.front.clone();
    let (id, mut players) = new_game(&front);

    let owner = cluster.owner(&id);
    let other = ["koma1", "koma2", "koma3"]
        .into_iter()
        .find(|n| *n != owner)
        .unwrap();
    let spectator = spectate(cluster.addr(other), &id, 20);
    let mut played = Vec::new();
    play_to(&mut players, &mut played, 20);
    let seen = spectator.join().expect("the spectator saw the 20 moves");
    for pair in seen.windows(2) {
        assert!(
            pair[1].starts_with(&pair[0]),
            "the spectator on {other} saw {} moves after {}",
            pair[1].len(),
            pair[0].len()
        );
    }
    assert_eq!(seen.last(), Some(&played), "the spectator on {other}");

    cluster.kill(&owner);
    play_to(&mut players, &mut played, 30);
    assert!(
        players.iter().any(|p| p.reconnections > 0),
        "the players' sockets were on {owner}, which died"
    );
    // The side to move's clock runs meanwhile.
    std::thread::sleep(Duration::from_millis(1500));
    let stored = call(&front, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(stored.status, 200, "{}", stored.body);
    assert_ne!(stored.served_by, owner, "{owner} is dead");
    assert_eq!(moves(&stored.body), played, "every move once, in order");
    let clock = &stored.body["clock"];
    let side = stored.body["side_to_move"].as_str().unwrap();
    assert_eq!(clock["running"], json!(side), "{clock}");
    let full = 600_000;
    let to_move = clock[side]["main_ms"].as_i64().unwrap();
    assert!(
        (full - 60_000..=full - 1_500).contains(&to_move),
        "the side to move has {to_move} ms of {full}: not reset, not drained"
    );
    for side in ["sente", "gote"] {
        let left = clock[side]["main_ms"].as_i64().unwrap();
        assert!((1..=full).contains(&left), "{side} has {left} ms");
    }
}

#[test]
fn moves_are_kept_across_a_postgresql_restart() {
    let mut cluster = Cluster::start("pg-restart");
    let front = cluster.front.clone();
    let (id, mut players) = new_game(&front);
    let mut played = Vec::new();
    play_to(&mut players, &mut played, 10);
    // Every connection of every instance is cut; they must connect again by themselves.
    cluster.event("pg-restart", "restarted");
    play_to(&mut players, &mut played, 20);
    let stored = call(&front, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(stored.status, 200, "{}", stored.body);
    assert_eq!(moves(&stored.body), played, "every move once, in order");
}

#[test]
fn the_engine_moves_after_its_instance_is_killed() {
    let mut cluster = Cluster::start("engine");
    let front = cluster.front.clone();
    // Three seconds a move: the engine is still thinking when its instance dies.
    let create = json!({
        "side": "sente",
        "opponent": "engine",
        "engine": { "movetime_ms": 3000 },
        "time_control": "none",
    });
    let created = call(&front, "POST", "/api/games", Some(&create));
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let mut player = Player::new(&front, &id, created.body["token"].as_str().unwrap());
    let first = player.state();
    assert_eq!(moves(&first).len(), 0);
    let owner = cluster.owner(&id);
    player.play(0, "7g7f");
    std::thread::sleep(Duration::from_millis(500));
    cluster.kill(&owner);
    let killed = Instant::now();
    let answered = loop {
        let state = player.state();
        if moves(&state).len() >= 2 {
            break state;
        }
        assert!(
            killed.elapsed() < COMEBACK,
            "no engine move {COMEBACK:?} after {owner} died"
        );
    };
    assert_eq!(moves(&answered)[0], "7g7f");
    let stored = call(&front, "GET", &format!("/api/games/{id}"), None);
    assert_eq!(moves(&stored.body), moves(&answered), "stored as shown");
}
