//! The shared corpus's KIF and CSA files, decoded once, for the reading benchmarks.

use std::path::PathBuf;

/// Decoded texts of the corpus files of `dir` with extensions `exts`.
pub fn texts(dir: &str, exts: &[&str]) -> Vec<String> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus")
        .join(dir);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| exts.iter().any(|e| x == *e)))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| koma_notation::encoding::decode(&std::fs::read(p).expect("readable")).0)
        .collect()
}
