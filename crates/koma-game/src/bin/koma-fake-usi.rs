//! `koma-fake-usi`: a scripted USI engine for tests of USI clients and match runners.
//!
//! By default it plays a legal move chosen pseudo-randomly (deterministic for a given seed
//! and position) and resigns when it has none. Flags make it misbehave on purpose: resign,
//! crash, hang, answer illegal moves, declare wins, answer slowly, skip `usiok` or print
//! nonsense between its answers. Run with `--help` for the list.

use koma_notation::{usi, usi_line};
use koma_rules::{AnyPosition, VariantKind};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::thread;
use std::time::Duration;

const USAGE: &str = "\
koma-fake-usi: a scripted USI engine for tests

usage: koma-fake-usi [FLAGS]

  --variant shogi|tori   rules of the positions (also the USI_Variant option); default shogi
  --seed N               seed of the move choice (also the Seed option); default 0
  --name NAME            the `id name` to report; default koma-fake-usi
  --resign-after N       answer `bestmove resign` once the position has N plies or more
  --declare              answer `bestmove win` (entering-king declaration)
  --declare-after N      the same, once the position has N plies or more
  --illegal              answer an illegal (but well-formed) move
  --illegal-after N      the same, once the position has N plies or more
  --crash-after N        exit abruptly (code 3) when asked to move with N plies or more
  --hang                 never answer `go` until `stop`
  --hang-after N         the same, once the position has N plies or more
  --ignore-stop          with --hang: ignore `stop` too
  --ignore-quit          ignore `quit` and the end of input (only a kill ends it)
  --slow MS              sleep MS milliseconds before answering `go`
  --slow-ready MS        sleep MS milliseconds before answering `isready`
  --no-usiok             answer `usi` without the final `usiok`
  --garbage              print nonsense lines (and bytes that are not UTF-8) between answers
  --ponder               add `ponder <move>` to best moves when a reply exists
  --score CP             report `score cp CP` with every move (default: a random -200..200)
  --mate N               report `score mate N` with every move (negative: being mated)
  --help                 this text
";

/// The behaviour chosen on the command line.
#[derive(Clone, Debug)]
struct Config {
    variant: VariantKind,
    seed: u64,
    name: String,
    resign_after: Option<usize>,
    declare_after: Option<usize>,
    illegal_after: Option<usize>,
    crash_after: Option<usize>,
    hang_after: Option<usize>,
    ignore_stop: bool,
    ignore_quit: bool,
    slow: Duration,
    slow_ready: Duration,
    no_usiok: bool,
    garbage: bool,
    ponder: bool,
    /// The `score ...` text of `info` lines, if fixed.
    score: Option<String>,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Config, String> {
    let mut config = Config {
        variant: VariantKind::Shogi,
        seed: 0,
        name: "koma-fake-usi".to_string(),
        resign_after: None,
        declare_after: None,
        illegal_after: None,
        crash_after: None,
        hang_after: None,
        ignore_stop: false,
        ignore_quit: false,
        slow: Duration::ZERO,
        slow_ready: Duration::ZERO,
        no_usiok: false,
        garbage: false,
        ponder: false,
        score: None,
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| -> Result<u64, String> {
            text.parse()
                .map_err(|_| format!("{flag}: `{text}` is not a number"))
        };
        match flag.as_str() {
            "--variant" => {
                let name = value()?;
                config.variant = VariantKind::from_name(&name)
                    .ok_or_else(|| format!("--variant: unknown variant `{name}`"))?;
            }
            "--seed" => config.seed = number(value()?)?,
            "--name" => config.name = value()?,
            "--resign-after" => config.resign_after = Some(number(value()?)? as usize),
            "--declare" => config.declare_after = Some(0),
            "--declare-after" => config.declare_after = Some(number(value()?)? as usize),
            "--illegal" => config.illegal_after = Some(0),
            "--illegal-after" => config.illegal_after = Some(number(value()?)? as usize),
            "--crash-after" => config.crash_after = Some(number(value()?)? as usize),
            "--hang" => config.hang_after = Some(0),
            "--hang-after" => config.hang_after = Some(number(value()?)? as usize),
            "--ignore-stop" => config.ignore_stop = true,
            "--ignore-quit" => config.ignore_quit = true,
            "--slow" => config.slow = Duration::from_millis(number(value()?)?),
            "--slow-ready" => config.slow_ready = Duration::from_millis(number(value()?)?),
            "--no-usiok" => config.no_usiok = true,
            "--garbage" => config.garbage = true,
            "--ponder" => config.ponder = true,
            "--score" | "--mate" => {
                let text = value()?;
                let n: i64 = text
                    .parse()
                    .map_err(|_| format!("{flag}: `{text}` is not a number"))?;
                let kind = if flag == "--score" { "cp" } else { "mate" };
                config.score = Some(format!("{kind} {n}"));
            }
            "--help" | "-h" => return Err(String::new()),
            other => return Err(format!("unknown flag `{other}`")),
        }
    }
    Ok(config)
}

/// Standard output, flushed after every line; a closed pipe ends the program quietly.
struct Out {
    garbage_turn: usize,
}

impl Out {
    fn bytes(&mut self, bytes: &[u8]) {
        let mut out = io::stdout().lock();
        if out.write_all(bytes).and_then(|()| out.flush()).is_err() {
            std::process::exit(0);
        }
    }

    fn line(&mut self, line: &str) {
        self.bytes(format!("{line}\n").as_bytes());
    }

    /// Prints a few lines no client should act on.
    fn garbage(&mut self) {
        const LINES: [&[u8]; 12] = [
            b"hello, gui\n",
            b"\n",
            b"   \t  \n",
            b"info depth x seldepth score mate nodes -5 pv\n",
            b"info score cp\n",
            b"bestmoves 1a1b\n",
            b"usiokay\n",
            b"id nickname fake\n",
            b"option name\n",
            b"\xff\xfe\x80 not utf-8 \xe3\x81\n",
            b"checkmate nomate\n",
            b"info string \xe5\xb0\x86\xe6\xa3\x8b garbage\r\n",
        ];
        for _ in 0..3 {
            let line = LINES[self.garbage_turn % LINES.len()];
            self.garbage_turn += 1;
            self.bytes(line);
        }
        eprintln!("koma-fake-usi: some noise on stderr");
        self.bytes(format!("{}\n", "x".repeat(10_000)).as_bytes());
    }
}

/// What `go` produced but is held back until `stop` (or `ponderhit`).
struct Pending {
    answer: Vec<String>,
    ignore_stop: bool,
}

struct Engine {
    config: Config,
    out: Out,
    position: String,
    pending: Option<Pending>,
}

fn main() -> ExitCode {
    let config = match parse_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(message) if message.is_empty() => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("koma-fake-usi: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut engine = Engine {
        config,
        out: Out { garbage_turn: 0 },
        position: "position startpos".to_string(),
        pending: None,
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                let line = String::from_utf8_lossy(&buf);
                if !engine.command(line.trim()) {
                    return ExitCode::SUCCESS;
                }
            }
        }
    }
    if engine.config.ignore_quit {
        loop {
            thread::sleep(Duration::from_secs(3600));
        }
    }
    ExitCode::SUCCESS
}

impl Engine {
    /// Handles one command; false to quit.
    fn command(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let head = words.next().unwrap_or("");
        if self.config.garbage && !head.is_empty() {
            self.out.garbage();
        }
        match head {
            "usi" => self.usi(),
            "isready" => {
                thread::sleep(self.config.slow_ready);
                self.out.line("readyok");
            }
            "setoption" => self.set_option(line),
            "usinewgame" => self.pending = None,
            "position" => self.position = line.to_string(),
            "go" => self.go(&words.collect::<Vec<_>>()),
            "stop" | "ponderhit" => {
                if let Some(pending) = self.pending.take() {
                    if pending.ignore_stop {
                        self.pending = Some(pending);
                    } else {
                        for answer in &pending.answer {
                            self.out.line(answer);
                        }
                    }
                }
            }
            "gameover" if self.pending.as_ref().is_some_and(|p| !p.ignore_stop) => {
                self.pending = None;
            }
            "quit" => return self.config.ignore_quit,
            _ => {}
        }
        true
    }

    fn usi(&mut self) {
        let c = &self.config;
        let lines = [
            format!("id name {}", c.name),
            "id author the koma project".to_string(),
            format!(
                "option name USI_Variant type combo default {} var shogi var tori",
                c.variant.name()
            ),
            "option name USI_Hash type spin default 16 min 1 max 1024".to_string(),
            "option name USI_Ponder type check default false".to_string(),
            format!(
                "option name Seed type spin default {} min 0 max 9223372036854775807",
                c.seed
            ),
            "option name BookFile type string default <empty>".to_string(),
            "option name EvalDir type filename default eval".to_string(),
            "option name ClearHash type button".to_string(),
        ];
        for line in lines {
            self.out.line(&line);
        }
        if !self.config.no_usiok {
            self.out.line("usiok");
        }
    }

    fn set_option(&mut self, line: &str) {
        let rest = line.trim_start_matches("setoption").trim();
        let Some(rest) = rest.strip_prefix("name") else {
            return;
        };
        let (name, value) = match rest.split_once(" value ") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest.trim(), ""),
        };
        match name {
            "USI_Variant" => {
                if let Some(variant) = VariantKind::from_name(value) {
                    self.config.variant = variant;
                }
            }
            "Seed" => {
                if let Ok(seed) = value.parse() {
                    self.config.seed = seed;
                }
            }
            _ => {}
        }
    }

    fn go(&mut self, args: &[&str]) {
        let reached = |after: Option<usize>, plies: usize| after.is_some_and(|n| plies >= n);
        let (position, plies) = match usi_line::parse(self.config.variant, &self.position)
            .map_err(|e| e.to_string())
            .and_then(|record| {
                let mut pos = record.start_position().map_err(|e| e.to_string())?;
                let moves = record.tree.main_moves();
                for &m in &moves {
                    pos.play(m).map_err(|e| e.to_string())?;
                }
                Ok((pos, moves.len()))
            }) {
            Ok(found) => found,
            Err(e) => {
                self.out
                    .line(&format!("info string cannot read the position: {e}"));
                self.out.line("bestmove resign");
                return;
            }
        };
        if reached(self.config.crash_after, plies) {
            eprintln!("koma-fake-usi: crashing as asked at ply {plies}");
            std::process::exit(3);
        }
        if args.first() == Some(&"mate") {
            self.out.line("checkmate notimplemented");
            return;
        }
        let answer = self.answer(&position, plies);
        let hang = reached(self.config.hang_after, plies);
        if hang || args.contains(&"infinite") || args.contains(&"ponder") {
            self.pending = Some(Pending {
                answer,
                ignore_stop: hang && self.config.ignore_stop,
            });
            return;
        }
        thread::sleep(self.config.slow);
        for line in &answer {
            self.out.line(line);
        }
    }

    /// The lines that answer `go`: an `info` line when there is a move, then `bestmove`.
    fn answer(&self, pos: &AnyPosition, plies: usize) -> Vec<String> {
        let reached = |after: Option<usize>| after.is_some_and(|n| plies >= n);
        let variant = self.config.variant;
        if reached(self.config.resign_after) {
            return vec!["bestmove resign".to_string()];
        }
        if reached(self.config.declare_after) {
            return vec!["bestmove win".to_string()];
        }
        if reached(self.config.illegal_after) {
            let text = illegal_move(pos).unwrap_or_else(|| "0000".to_string());
            return vec![format!("bestmove {text}")];
        }
        let legal = pos.legal_moves();
        let key = pos.key() ^ ((plies as u64) << 40);
        let r = mix(self.config.seed ^ key);
        let Some(&m) = legal.get((r % legal.len().max(1) as u64) as usize) else {
            return vec!["bestmove resign".to_string()];
        };
        let text = usi::write_move(variant, m);
        let score = match &self.config.score {
            Some(text) => text.clone(),
            None => format!("cp {}", (mix(r) % 401) as i64 - 200),
        };
        let mut pv = text.clone();
        let mut best = format!("bestmove {text}");
        let mut after = *pos;
        if after.play(m).is_ok() {
            let replies = after.legal_moves();
            if let Some(&reply) = replies.get((mix(r ^ 1) % replies.len().max(1) as u64) as usize) {
                let reply = usi::write_move(variant, reply);
                pv = format!("{pv} {reply}");
                if self.config.ponder {
                    best = format!("{best} ponder {reply}");
                }
            }
        }
        vec![
            format!(
                "info depth 2 seldepth 2 time 1 nodes {} nps 1000 score {score} pv {pv}",
                legal.len()
            ),
            best,
        ]
    }
}

/// The first well-formed move (in board order) that is illegal in `pos`.
fn illegal_move(pos: &AnyPosition) -> Option<String> {
    let variant = pos.variant();
    let squares: Vec<String> = (1..=variant.files())
        .flat_map(|f| (0..variant.ranks()).map(move |r| format!("{f}{}", char::from(b'a' + r))))
        .collect();
    squares.iter().find_map(|from| {
        squares.iter().find_map(|to| {
            let text = format!("{from}{to}");
            let m = usi::parse_move(variant, &text).ok()?;
            pos.is_legal(m).is_err().then_some(text)
        })
    })
}

/// SplitMix64's output function: a well-mixed 64-bit hash.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
