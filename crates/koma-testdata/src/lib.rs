//! The team's shared test data, read in one place for every crate's tests (a
//! dev-dependency only). The files live in `shared/data` beside the project (see the
//! project's guide); nothing of them is copied into the tree.

use std::path::PathBuf;

/// The shared folder: `shared/` beside the project's folder.
pub fn shared_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared"))
}

/// One row of `shared/data/tsume.tsv`: a mate problem with its verified answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TsumeRow {
    /// The problem's id (`antma-t1-1`, `microcosmos`, ...).
    pub id: String,
    /// The problem as SFEN, the attacker to move.
    pub sfen: String,
    /// The shortest forced mate in plies, or -1 for no mate.
    pub mate_plies: i32,
    /// A verified mating line in USI moves, space separated (empty for no mate).
    pub solution_usi: String,
    /// The length the problem's source gives, when it gives a number.
    pub reported_plies: Option<usize>,
    /// How `mate_plies` was established (`MinLength` where it is the proven shortest).
    pub length_basis: String,
    /// Notes, e.g. the original SFEN when the table completed the defender's hand.
    pub notes: String,
}

impl TsumeRow {
    /// Whether `mate_plies` is the proven shortest mate (the basis says `MinLength`).
    pub fn min_length(&self) -> bool {
        self.length_basis.contains("MinLength")
    }

    /// The problem as its source gave it, when the table completed the defender's hand
    /// (the notes' `original SFEN: ...`).
    pub fn original_sfen(&self) -> Option<String> {
        let rest = self.notes.split("original SFEN: ").nth(1)?;
        Some(rest.split(';').next().unwrap_or(rest).trim().to_string())
    }
}

/// Every row of `shared/data/tsume.tsv`, in the file's order.
///
/// # Panics
/// If the file is missing or a row is malformed: the tests cannot run without it.
pub fn tsume_rows() -> Vec<TsumeRow> {
    let path = shared_dir().join("data/tsume.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (shared/ must be beside the project)",
            path.display()
        )
    });
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.starts_with("id\t") && !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            let field = |k: usize| f.get(k).copied().unwrap_or("").to_string();
            TsumeRow {
                id: field(0),
                sfen: field(1),
                mate_plies: f
                    .get(2)
                    .and_then(|p| p.parse().ok())
                    .unwrap_or_else(|| panic!("tsume.tsv line {}: no mate_plies", i + 1)),
                solution_usi: field(3),
                reported_plies: f.get(4).and_then(|r| r.parse().ok()),
                length_basis: field(5),
                notes: field(7),
            }
        })
        .collect()
}

/// The row `id` of `shared/data/tsume.tsv`.
///
/// # Panics
/// If there is no such row.
pub fn tsume_row(id: &str) -> TsumeRow {
    tsume_rows()
        .into_iter()
        .find(|r| r.id == id)
        .unwrap_or_else(|| panic!("no row {id} in shared/data/tsume.tsv"))
}

/// A small deterministic generator (xorshift64*) for the random games and positions of the
/// tests and test-data generators: the same seed gives the same sequence everywhere.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    }
}

/// A fresh, empty scratch directory for one test: `name` and the process id under the
/// system's temporary folder (emptied if a crashed run left it). It is removed when the
/// test passes, and kept for a look when it fails.
pub fn scratch(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("koma-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    Scratch(dir)
}

/// A test's scratch directory ([`scratch`]), removed on drop unless the test panicked.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}
