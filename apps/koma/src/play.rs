//! `koma play`: a game in the terminal, between two people at one keyboard or against a USI
//! engine, with clocks; the record is saved as KIF at the end.

use anyhow::{Context, bail};
use koma_game::clock::{Clock, TimeControl};
use koma_game::datetime;
use koma_game::furigoma::Toss;
use koma_game::{Game, GameError, RuleSet};
use koma_notation::formats::{self, Format};
use koma_notation::movetext::{self, japanese, western};
use koma_notation::record::{Entry, GameEnd, MoveTree};
use koma_notation::{diagram, encoding, sfen, usi};
use koma_rules::{Color, Move, Position, Variant};
use std::io::{BufRead, Write};
use std::time::Instant;

/// What `koma play` was asked for.
pub struct PlayOptions {
    /// The start position.
    pub start: koma_rules::AnyPosition,
    /// The rule set.
    pub rules: RuleSet,
    /// The time control, if any.
    pub time: Option<TimeControl>,
    /// The engine's command line, for a game against an engine.
    pub engine: Option<String>,
    /// Who the person plays against an engine: sente, gote or furigoma.
    pub color: String,
    /// An illegal move loses, as in a tournament (default: it is refused).
    pub illegal_loses: bool,
    /// Where the record goes (default: a dated name in the current directory).
    pub out: Option<String>,
}

/// Who moves for a side.
enum Player {
    /// A person at the keyboard.
    Person,
    /// A USI engine.
    Engine(Box<koma_game::usi_client::UsiEngine>),
}

/// Plays the game described by `options` on standard input and output.
pub fn run(options: PlayOptions) -> anyhow::Result<()> {
    koma_rules::on_position!(options.start, p => play(p, &options))
}

fn play<V: Variant + koma_game::refereed::Refereed>(
    start: Position<V>,
    options: &PlayOptions,
) -> anyhow::Result<()> {
    let variant = sfen::kind_of::<V>();
    let mut game = Game::new(start, options.rules);
    if let Some(control) = options.time {
        game = game.with_clock(Clock::new(control));
    }
    let mut players = [Player::Person, Player::Person];
    let mut names = ["sente".to_string(), "gote".to_string()];
    if let Some(command) = &options.engine {
        let engine = crate::engines::start(command, variant, options.rules)?;
        let engine_color = match options.color.as_str() {
            "sente" | "black" => Color::White,
            "gote" | "white" => Color::Black,
            "furigoma" => {
                let toss = Toss::from_seed(
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_nanos() as u64),
                );
                outln!("furigoma: {toss}");
                // The person is the senior player.
                if toss.senior_is_sente() {
                    Color::White
                } else {
                    Color::Black
                }
            }
            other => bail!("unknown colour '{other}' (sente, gote, furigoma)"),
        };
        let name = engine
            .info()
            .name
            .clone()
            .unwrap_or_else(|| command.clone());
        outln!("you play {} against {name}", (!engine_color).name());
        names[engine_color.index()] = name;
        names[(!engine_color).index()] = "you".to_string();
        players[engine_color.index()] = Player::Engine(Box::new(engine));
    }
    let clock_start = Instant::now();
    let now = || clock_start.elapsed().as_millis() as u64;
    let started = datetime::record_text(datetime::unix_now());
    game.start_clock(now()).context("starting the clock")?;
    outln!("enter moves in USI (7g7f), Western (P-7f), Japanese (７六歩) or German notation;");
    outln!("commands: moves, resign, declare, quit, help");
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut quit = false;
    while !game.is_over() && !quit {
        show(&game, now())?;
        let side = game.side_to_move();
        match &mut players[side.index()] {
            Player::Engine(engine) => {
                let report = koma_game::engine_turn::engine_turn(engine, &mut game, &now, 0);
                outln!("{}", report);
            }
            Player::Person => {
                out!("{} {}> ", mark(side), names[side.index()]);
                std::io::stdout()
                    .flush()
                    .map_err(crate::output::io_failure)?;
                let Some(line) = lines.next() else {
                    outln!();
                    break;
                };
                let line = line.context("reading standard input")?;
                quit = person_turn(&mut game, line.trim(), options.illegal_loses, now())?;
            }
        }
        game.check_time(now());
    }
    show(&game, now())?;
    match game.outcome() {
        Some(outcome) => outln!("result: {outcome}"),
        None => outln!("result: none (game interrupted)"),
    }
    for player in &mut players {
        if let Player::Engine(engine) = player {
            let _ = engine.quit();
        }
    }
    save(&game, &names, &started, options)
}

/// Reads one person's entry: a move or a command. Returns whether to stop playing.
fn person_turn<V: Variant>(
    game: &mut Game<V>,
    text: &str,
    illegal_loses: bool,
    now_ms: u64,
) -> anyhow::Result<bool> {
    let side = game.side_to_move();
    match text {
        "" => {}
        "quit" | "exit" => return Ok(true),
        "help" | "?" => {
            outln!("a move: 7g7f, P-7f, ７六歩, 76 (German: Sp'4e); drops: P*5e, ５五角打");
            outln!("moves: list the legal moves; resign: give up; declare: claim an");
            outln!("entering-king win (loses if a condition fails); quit: stop and save");
        }
        "moves" => {
            let variant = sfen::kind_of::<V>();
            let all: Vec<String> = game
                .legal_moves()
                .iter()
                .map(|&m| usi::write_move(variant, m))
                .collect();
            outln!("{}", all.join(" "));
        }
        "resign" | "投了" => {
            let _ = game.resign(side);
        }
        "declare" | "宣言" => {
            let _ = game.declare_at(now_ms);
        }
        _ => match parse_move(game, text) {
            Err(e) => outln!("not a move: {e:#} (type help)"),
            Ok(m) => {
                let played = if illegal_loses {
                    game.play_or_forfeit_at(m, now_ms)
                } else {
                    game.play_at(m, now_ms)
                };
                match played {
                    Err(GameError::Illegal(foul)) => outln!("illegal: {foul}; try again"),
                    Err(e) => return Err(e.into()),
                    Ok(_) => {}
                }
            }
        },
    }
    Ok(false)
}

/// A move in any notation koma reads: USI, Western, Japanese, German.
fn parse_move<V: Variant>(game: &Game<V>, text: &str) -> anyhow::Result<Move> {
    let previous_to = game.moves().last().map(|m| m.to());
    Ok(movetext::parse_any(game.position(), text, previous_to)?)
}

/// Draws the board, the clocks and the last move.
fn show<V: Variant>(game: &Game<V>, now_ms: u64) -> anyhow::Result<()> {
    let variant = sfen::kind_of::<V>();
    outln!();
    out!("{}", diagram::write(variant, &game.position().to_setup()));
    if let Some(clock) = game.clock() {
        let time = |c: Color| match clock.remaining(c, now_ms) {
            Some(r) if r.main_ms > 0 || r.periods == 0 => format_ms(r.main_ms),
            Some(r) => format!("byoyomi {} x{}", format_ms(r.period_ms), r.periods),
            None => "-".to_string(),
        };
        outln!("☗ {}   ☖ {}", time(Color::Black), time(Color::White));
    }
    if let Some(&last) = game.moves().last() {
        let before = game.position_after(game.moves().len() - 1);
        let prev_to = game.moves().iter().rev().nth(1).map(|m| m.to());
        let text = japanese::text(&before, last, prev_to);
        let western = western::write(&before, last, western::Style::Hodges);
        out!("last move: {text} ({western})");
        if game.position().in_check() {
            out!("  王手 check");
        }
        outln!();
    }
    Ok(())
}

fn format_ms(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}.{}", s / 60, s % 60, (ms % 1000) / 100)
}

fn mark(color: Color) -> &'static str {
    match color {
        Color::Black => "☗",
        Color::White => "☖",
    }
}

/// Saves the game as KIF (an unfinished game ends with 中断); a variant KIF has no
/// convention for (Dōbutsu) as a USI line.
fn save<V: Variant>(
    game: &Game<V>,
    names: &[String; 2],
    started: &str,
    options: &PlayOptions,
) -> anyhow::Result<()> {
    let mut record = game.to_record();
    record.header.push("開始日時", started);
    record
        .header
        .push("終了日時", &datetime::record_text(datetime::unix_now()));
    if let Some(control) = options.time {
        record.header.push("持ち時間", &control.to_string());
    }
    record.header.push("先手", &names[0]);
    record.header.push("後手", &names[1]);
    if game.outcome().is_none() {
        let last = record
            .tree
            .main_line()
            .last()
            .copied()
            .unwrap_or(MoveTree::ROOT);
        record.tree.add(last, Entry::End(GameEnd::Interrupt));
    }
    let (format, ext) = if Format::Kif.holds(record.variant) {
        (Format::Kif, "kif")
    } else {
        (Format::Usi, "usi")
    };
    let path = options.out.clone().unwrap_or_else(|| {
        format!(
            "koma-{}.{ext}",
            datetime::compact_text(datetime::unix_now())
        )
    });
    let text = formats::write(&record, format).context("writing the record")?;
    let bytes = encoding::record_file_bytes(&text, &path);
    std::fs::write(&path, bytes).with_context(|| path.clone())?;
    outln!("record saved to {path}");
    Ok(())
}
