//! `koma-engine bench`: the per-position and total node counts repeat exactly from run to
//! run, and the last line is `nodes N nps M`.

use std::process::Command;

fn bench(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_koma-engine"))
        .args(args)
        .output()
        .expect("the engine binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
    )
}

/// The per-position lines and the total node count of a bench output.
fn counts(text: &str) -> (Vec<String>, u64) {
    let lines: Vec<&str> = text.lines().collect();
    let last = lines.last().expect("output");
    let words: Vec<&str> = last.split(' ').collect();
    assert!(
        words.len() == 4 && words[0] == "nodes" && words[2] == "nps",
        "last line: {last}"
    );
    assert!(words[3].parse::<u64>().is_ok(), "{last}");
    let total = words[1].parse::<u64>().expect("a node count");
    let per_position: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("position "))
        .map(|l| l.to_string())
        .collect();
    (per_position, total)
}

#[test]
fn node_counts_are_deterministic() {
    let (code_a, a) = bench(&["bench", "3"]);
    let (code_b, b) = bench(&["bench", "3"]);
    assert_eq!((code_a, code_b), (0, 0));
    let (lines_a, total_a) = counts(&a);
    let (lines_b, total_b) = counts(&b);
    assert_eq!(lines_a.len(), koma_engine::bench::POSITIONS.len());
    assert_eq!(lines_a, lines_b);
    assert_eq!(total_a, total_b);
    let sum: u64 = lines_a
        .iter()
        .map(|l| {
            let words: Vec<&str> = l.split(' ').collect();
            let at = words.iter().position(|w| *w == "nodes").expect("nodes");
            words[at + 1].parse::<u64>().expect("a count")
        })
        .sum();
    assert_eq!(sum, total_a);
    // The library gives the same total.
    let lib = koma_engine::bench::run(3, &mut |_: &str| {}).expect("the positions");
    assert_eq!(lib.nodes, total_a);
}

#[test]
fn bad_arguments_exit_with_2() {
    assert_eq!(bench(&["bench", "0"]).0, 2);
    assert_eq!(bench(&["bench", "x"]).0, 2);
    assert_eq!(bench(&["bench", "1", "2"]).0, 2);
    assert_eq!(bench(&["frobnicate"]).0, 2);
}
