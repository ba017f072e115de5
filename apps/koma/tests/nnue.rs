//! `koma gensfen` and `koma train` as a user runs them: a little data from the shared
//! openings, a net trained on it, and bad input named.

use koma_nnue::network::{FILE_BYTES, Network};
use koma_nnue::packed::{PackedSfenValue, RECORD_BYTES, from_move16, unpack};
use koma_rules::MoveKind;
use std::path::Path;
use std::process::{Command, Output};

fn koma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .output()
        .expect("koma runs")
}

/// `koma gensfen` at 300 nodes a move into `out`: `[positions, threads, seed]`, then `more`.
fn gensfen(
    out: &Path,
    openings: &Path,
    [positions, threads, seed]: [&str; 3],
    more: &[&str],
) -> Output {
    let mut args = vec![
        "gensfen",
        "--out",
        out.to_str().unwrap(),
        "--openings",
        openings.to_str().unwrap(),
        "--positions",
        positions,
        "--threads",
        threads,
        "--nodes",
        "300",
        "--seed",
        seed,
    ];
    args.extend_from_slice(more);
    koma(&args)
}

#[test]
fn gensfen_then_train_gives_a_net_the_engine_reads() {
    let dir = koma_testdata::scratch("nnue-pipeline");
    let data = dir.join("data.bin");
    let openings = koma_testdata::shared_dir().join("data/openings.sfen");
    let o = gensfen(&data, &openings, ["400", "2", "5"], &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.starts_with("positions 400 "), "{stdout}");
    let bytes = std::fs::read(&data).unwrap();
    assert_eq!(bytes.len(), 400 * RECORD_BYTES);
    let mut results = [0; 3];
    for chunk in bytes.chunks_exact(RECORD_BYTES) {
        let r = PackedSfenValue::from_bytes(chunk.try_into().unwrap());
        let pos = unpack(&r.sfen).expect("a position");
        assert!(!pos.in_check(), "positions in check are skipped");
        let best = from_move16(r.move16).expect("a move");
        assert!(
            pos.moves(MoveKind::Legal).contains(&best),
            "the best move is legal"
        );
        assert!(pos.piece_at(best.to()).is_none(), "captures are skipped");
        assert!(i32::from(r.score).abs() <= 2_500);
        results[(r.result + 1) as usize] += 1;
    }
    assert!(results[0] > 0 && results[2] > 0, "{results:?}");

    let net = dir.join("net.nnue");
    let checkpoints = dir.join("checkpoints");
    let train = |more: &[&str]| {
        let mut args = vec![
            "train",
            data.to_str().unwrap(),
            "--out",
            net.to_str().unwrap(),
        ];
        args.extend_from_slice(more);
        koma(&args)
    };
    let o = train(&[
        "--epochs",
        "2",
        "--batch",
        "64",
        "--threads",
        "2",
        "--mirror",
        "--checkpoints",
        checkpoints.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("positions 800 unreadable 0"), "{stdout}");
    assert!(stdout.contains("epoch 2 train "), "{stdout}");
    let written = std::fs::read(&net).unwrap();
    assert_eq!(written.len(), FILE_BYTES);
    Network::from_bytes(&written).expect("the net reads");
    assert!(dir.join("checkpoints/epoch-2.f32").exists());

    // The next generation searches with that net: the same games' seed gives other scores.
    let generate = |name: &str, more: &[&str]| {
        let out = dir.join(name);
        let o = gensfen(&out, &openings, ["60", "1", "9"], more);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read(out).unwrap()
    };
    let hand = generate("hand.bin", &[]);
    assert_eq!(
        hand,
        generate("hand-again.bin", &[]),
        "one thread, one seed"
    );
    let learned = generate("learned.bin", &["--eval-file", net.to_str().unwrap()]);
    assert_eq!(learned.len(), 60 * RECORD_BYTES);
    assert_ne!(hand, learned, "the net's searches score otherwise");

    // A resumed run starts from the checkpoint.
    let resume = checkpoints.join("epoch-2.f32");
    let o = train(&["--epochs", "1", "--resume", resume.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    // An endless file is no checkpoint, and is not read to its end.
    let o = train(&["--resume", "/dev/zero"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("/dev/zero is longer than a checkpoint"),
        "{err}"
    );
}

#[test]
fn bad_training_input_is_named() {
    let dir = koma_testdata::scratch("nnue-bad");
    let odd = dir.join("odd.bin");
    std::fs::write(&odd, [0u8; 41]).unwrap();
    let o = koma(&["train", odd.to_str().unwrap(), "--out", "/dev/null"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("41 bytes is not a whole number of 40-byte records"),
        "{err}"
    );

    let o = koma(&["train", "/no/such/data.bin", "--out", "/dev/null"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("/no/such/data.bin"));

    let o = koma(&[
        "gensfen",
        "--out",
        dir.join("x.bin").to_str().unwrap(),
        "--openings",
        "/no/such/openings.sfen",
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("openings.sfen"));

    let openings = koma_testdata::shared_dir().join("data/openings.sfen");
    let o = koma(&[
        "gensfen",
        "--out",
        dir.join("y.bin").to_str().unwrap(),
        "--openings",
        openings.to_str().unwrap(),
        "--eval-file",
        odd.to_str().unwrap(),
    ]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("odd.bin"));
}
