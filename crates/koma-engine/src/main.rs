//! `koma-engine`: the USI engine binary (reads USI commands on stdin, answers on stdout).
//!
//! `koma-engine bench [DEPTH]` searches the fixed bench positions instead and prints the
//! node count per position and the total `nodes N nps M` last.

use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: koma-engine            (USI on standard input and output)\n       \
                     koma-engine bench [DEPTH]  (fixed-depth node count, DEPTH 1-64)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {
            koma_engine::usi::run(std::io::stdin().lock(), std::io::stdout());
            ExitCode::SUCCESS
        }
        [cmd, rest @ ..] if cmd == "bench" && rest.len() <= 1 => {
            let depth = match rest.first() {
                None => koma_engine::bench::DEFAULT_DEPTH,
                Some(d) => match d.parse::<u32>() {
                    Ok(n) if (1..=64).contains(&n) => n,
                    _ => {
                        eprintln!("koma-engine: bench depth '{d}' is not a number from 1 to 64");
                        eprintln!("{USAGE}");
                        return ExitCode::from(2);
                    }
                },
            };
            let mut stdout = std::io::stdout().lock();
            let result = koma_engine::bench::run(depth, &mut |line: &str| {
                let _ = writeln!(stdout, "{line}");
                let _ = stdout.flush();
            });
            match result {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("koma-engine: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
