//! More sockets than one process may open (its limit on open files, which only a process
//! with `CAP_SYS_RESOURCE` may raise): an attack holds what it can itself and gives the
//! rest to helper processes, this program again (`--helper`), each holding its share from
//! the same source addresses until the attack ends. A helper stops when its standard input
//! closes and prints what it got as `COUNT<TAB>NAME` lines, which the attack adds to its
//! tally.

use super::client::Descriptors;
use super::kit::{MOST_OPEN, Opts, Stop, Tally};
use std::io::Read;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A part of an attack's sockets: the `first..first + count`th of the hostile client's
/// (the index picks the source address).
#[derive(Clone, Debug)]
pub struct Share {
    /// The attack (`sockets`, `websockets`).
    pub attack: String,
    /// The server.
    pub addr: SocketAddr,
    /// The path the sockets open (a WebSocket's), if any.
    pub path: String,
    /// The index of the share's first socket.
    pub first: usize,
    /// How many sockets.
    pub count: usize,
    /// The source addresses in all.
    pub addresses: u8,
}

impl Share {
    /// The share as a helper's arguments.
    fn args(&self) -> Vec<String> {
        vec![
            "--helper".to_string(),
            self.attack.clone(),
            self.addr.to_string(),
            self.first.to_string(),
            self.count.to_string(),
            self.addresses.to_string(),
            self.path.clone(),
        ]
    }

    /// A share from a helper's arguments (after `--helper`).
    pub fn parse(args: &[String]) -> Result<Share, String> {
        let [attack, addr, first, count, addresses, path] = args else {
            return Err("--helper ATTACK ADDR FIRST COUNT ADDRESSES PATH".to_string());
        };
        let number = |text: &str| text.parse::<usize>().map_err(|e| format!("{text}: {e}"));
        Ok(Share {
            attack: attack.clone(),
            addr: addr.parse().map_err(|e| format!("{addr}: {e}"))?,
            first: number(first)?,
            count: number(count)?,
            addresses: u8::try_from(number(addresses)?).map_err(|e| e.to_string())?,
            path: path.clone(),
        })
    }
}

/// The helper processes of one attack.
pub struct Helpers(Vec<Child>);

impl Helpers {
    /// Splits `share` between this process and helpers: gives this process's part (as many
    /// sockets as its limit on open files allows) and starts a helper for every further
    /// part of that size. Without a helper program (`opts.helper`), the rest is left out
    /// and `notes` says so.
    pub fn spread(
        share: &Share,
        opts: &Opts,
        room: &Descriptors,
        notes: &mut Vec<String>,
    ) -> (Share, Helpers) {
        let here = Share {
            count: share.count.min(room.usable),
            ..share.clone()
        };
        let mut helpers = Vec::new();
        let mut first = share.first + here.count;
        let end = share.first + share.count;
        while first < end && room.usable > 0 {
            let Some(program) = opts.helper.as_deref() else {
                notes.push(format!(
                    "{} sockets left out: one process may open {} here",
                    end - first,
                    room.usable
                ));
                break;
            };
            let part = Share {
                first,
                count: room.usable.min(end - first),
                ..share.clone()
            };
            match start(program, &part) {
                Ok(child) => helpers.push(child),
                Err(e) => {
                    notes.push(format!("a helper for {} sockets: {e}", part.count));
                    break;
                }
            }
            first += part.count;
        }
        if !helpers.is_empty() {
            notes.push(format!(
                "{} helper processes held sockets too",
                helpers.len()
            ));
        }
        (here, Helpers(helpers))
    }

    /// Tells the helpers the attack is over and adds what they got to `tally`.
    pub async fn finish(self, tally: &Tally) {
        for mut child in self.0 {
            drop(child.stdin.take());
            let output = tokio::task::spawn_blocking(move || {
                let mut text = String::new();
                if let Some(mut out) = child.stdout.take() {
                    let _ = out.read_to_string(&mut text);
                }
                let _ = child.wait();
                text
            });
            let Ok(Ok(text)) = tokio::time::timeout(Duration::from_secs(60), output).await else {
                tally.add("helpers that gave no figures");
                continue;
            };
            for line in text.lines() {
                let Some((n, name)) = line.split_once('\t') else {
                    continue;
                };
                let n = n.parse().unwrap_or(0);
                if name == MOST_OPEN {
                    tally.add_peak(n);
                } else {
                    tally.add_n(name, n);
                }
            }
        }
    }
}

/// Starts `program --helper ...` for `share`.
fn start(program: &Path, share: &Share) -> Result<Child, String> {
    Command::new(program)
        .args(share.args())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| format!("{}: {e}", program.display()))
}

/// The flag a helper stops at: set when its standard input closes.
pub fn stop_at_end_of_input() -> Stop {
    let (tx, stop) = Stop::new();
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut std::io::stdin(), &mut std::io::sink());
        tx.send_replace(true);
    });
    stop
}

/// What a helper prints at the end: `tally` as `COUNT<TAB>NAME` lines.
pub fn print(tally: &Tally) {
    for (name, n) in tally.lines() {
        println!("{n}\t{name}");
    }
}
