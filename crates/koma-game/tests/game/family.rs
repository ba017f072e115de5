//! How games of minishogi, Kyoto and Dōbutsu end: each variant's own rules, decided by
//! `Game` from positions built for them.

use crate::endings::{mv, play, win};
use koma_game::{Game, GameError, Outcome, Reason, RuleSet};
use koma_notation::sfen;
use koma_rules::variants::{Dobutsu, Kyoto, Minishogi};
use koma_rules::{Color, IllegalMove, Role, Square, Variant};

fn game<V: Variant>(position: &str) -> Game<V> {
    let start = sfen::parse::<V>(position).expect("test SFEN");
    Game::new(start, RuleSet::default_for(V::KIND))
}

#[test]
fn dobutsu_taking_the_lion_wins() {
    let mut g = game::<Dobutsu>("1k1/1R1/3/1K1 b - 1");
    assert_eq!(
        play(&mut g, "2b2a"),
        win(Color::Black, Reason::RoyalCaptured)
    );
    assert!(g.legal_moves().is_empty());
    // Gote takes sente's lion the same way.
    let mut g = game::<Dobutsu>("1k1/3/1r1/1K1 w - 1");
    assert_eq!(
        play(&mut g, "2c2d"),
        win(Color::White, Reason::RoyalCaptured)
    );
}

#[test]
fn dobutsu_lion_may_step_into_attack() {
    let g = game::<Dobutsu>("1k1/3/1K1/3 b - 1");
    // The lions stand two apart; sente's may step next to gote's.
    assert!(g.check(mv::<Dobutsu>("2c2b")).is_ok());
}

#[test]
fn dobutsu_try_wins_only_unattacked() {
    // Sente's lion reaches the far rank where nothing attacks it: sente wins at once.
    let mut g = game::<Dobutsu>("k2/2K/3/3 b - 1");
    assert_eq!(play(&mut g, "1b1a"), win(Color::Black, Reason::Try));

    // Arriving next to gote's lion is no try yet; once gote's lion walks away, it is.
    let mut g = game::<Dobutsu>("1k1/2K/3/3 b - 1");
    assert_eq!(play(&mut g, "1b1a"), None);
    assert_eq!(play(&mut g, "2a3b"), win(Color::Black, Reason::Try));

    // Gote's try is on rank d.
    let mut g = game::<Dobutsu>("3/3/k2/2K w - 1");
    assert_eq!(play(&mut g, "3c3d"), win(Color::White, Reason::Try));
}

#[test]
fn dobutsu_chick_promotes_on_the_last_rank_and_drops_anywhere() {
    let mut g = game::<Dobutsu>("k2/1P1/3/2K b - 1");
    assert_eq!(
        g.check(mv::<Dobutsu>("2b2a")),
        Err(GameError::Illegal(koma_game::Foul::Move(
            IllegalMove::MustPromote
        )))
    );
    assert_eq!(play(&mut g, "2b2a+"), None);
    let hen = g.position().piece_at(Square::new(2, 1).unwrap()).unwrap();
    assert_eq!(hen.role(), Role::Tokin);

    // A chick dropped on the last rank, and a second chick on a file: both allowed.
    let g = game::<Dobutsu>("k2/1P1/3/2K b P 1");
    assert!(g.check(mv::<Dobutsu>("P*2a")).is_ok());
    assert!(g.check(mv::<Dobutsu>("P*2c")).is_ok());
}

#[test]
fn dobutsu_third_repetition_draws() {
    let mut g = game::<Dobutsu>("rkb/1p1/1P1/BKR b - 1");
    assert_eq!(play(&mut g, "1d1c 3a3b 1c1d 3b3a 1d1c 3a3b 1c1d"), None);
    assert_eq!(
        play(&mut g, "3b3a"),
        Some(Outcome::draw(Reason::Sennichite))
    );
}

#[test]
fn minishogi_fourth_repetition_loses_for_sente_whoever_completes_it() {
    let mut g = game::<Minishogi>("rbsgk/4p/5/P4/KGSBR b - 1");
    let cycle = "5e4d 1a2b 4d5e 2b1a";
    assert_eq!(play(&mut g, cycle), None);
    assert_eq!(play(&mut g, cycle), None);
    assert_eq!(play(&mut g, "5e4d 1a2b 4d5e"), None);
    assert_eq!(play(&mut g, "2b1a"), win(Color::White, Reason::Repetition));
}

#[test]
fn minishogi_pawn_drop_mate_loses() {
    // The corner pawn-drop mate of the shared perft table's `mini-uchifuzume-corner`.
    let mut g = game::<Minishogi>("3rk/5/3G1/5/K4 b P 1");
    assert_eq!(
        g.play_or_forfeit(mv::<Minishogi>("P*1b")),
        Ok(Some(Outcome::loss(
            Color::Black,
            Reason::IllegalMove(koma_game::Foul::Move(IllegalMove::DropPawnMate))
        )))
    );
}

#[test]
fn kyoto_every_move_turns_the_piece_over() {
    let mut g = game::<Kyoto>("pgkst/5/5/5/TSKGP b - 1");
    assert_eq!(
        g.check(mv::<Kyoto>("1e1d")),
        Err(GameError::Illegal(koma_game::Foul::Move(
            IllegalMove::MustPromote
        )))
    );
    assert_eq!(play(&mut g, "1e1d+"), None);
    let rook = g.position().piece_at(Square::new(1, 4).unwrap()).unwrap();
    assert_eq!(rook.role(), Role::Rook);
    // The king never turns over.
    assert_eq!(play(&mut g, "3a3b"), None);
}

#[test]
fn kyoto_mate_ends_the_game_and_third_repetition_draws() {
    // A gold drop mates the bare king in the corner (drops may mate in Kyoto).
    let mut g = game::<Kyoto>("4k/5/3G1/5/K4 b G 1");
    assert_eq!(play(&mut g, "G*1b"), win(Color::Black, Reason::Checkmate));

    let mut g = game::<Kyoto>("pgkst/5/5/5/TSKGP b - 1");
    let cycle = "3e3d 3a3b 3d3e 3b3a";
    assert_eq!(play(&mut g, cycle), None);
    assert_eq!(play(&mut g, "3e3d 3a3b 3d3e"), None);
    assert_eq!(
        play(&mut g, "3b3a"),
        Some(Outcome::draw(Reason::Sennichite))
    );
}
