//! Every way a game ends, each decided by `Game` from a position built for it.

use koma_game::points::DeclarationFailure;
use koma_game::{Foul, Game, GameError, Outcome, Reason, RuleSet};
use koma_notation::{sfen, usi};
use koma_rules::variants::{Shogi, Tori};
use koma_rules::{Color, Handicap, IllegalMove, Move, Variant};

fn game<V: Variant>(position: &str, rules: RuleSet) -> Game<V> {
    Game::new(sfen::parse::<V>(position).expect("test SFEN"), rules)
}

pub(crate) fn mv<V: Variant>(text: &str) -> Move {
    usi::parse_move(sfen::kind_of::<V>(), text).expect("test move")
}

/// Plays `moves` (USI, space separated) strictly; returns the outcome after the last.
pub(crate) fn play<V: Variant>(game: &mut Game<V>, moves: &str) -> Option<Outcome> {
    let mut outcome = None;
    for text in moves.split_whitespace() {
        assert!(outcome.is_none(), "game over before {text}: {outcome:?}");
        outcome = game
            .play(mv::<V>(text))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    outcome
}

pub(crate) fn win(color: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome::win(color, reason))
}

#[test]
fn mate_by_drop_board_move_promotion_and_pawn_push() {
    let drop = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    let mut g = game::<Shogi>(drop, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "G*5b"), win(Color::Black, Reason::Checkmate));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play(mv::<Shogi>("5a4a")), Err(GameError::Over));

    let board = "4k4/9/4PG3/9/9/9/9/9/4K4 b - 1";
    let mut g = game::<Shogi>(board, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "4c5b"), win(Color::Black, Reason::Checkmate));

    // A silver on 5b leaves 4b and 6b open; promoted, it covers them.
    let silver = "4k4/9/4PS3/9/9/9/9/9/4K4 b - 1";
    let mut g = game::<Shogi>(silver, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "4c5b"), None);
    let mut g = game::<Shogi>(silver, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "4c5b+"), win(Color::Black, Reason::Checkmate));

    // Mating with a pawn move is legal; only the pawn drop is not.
    let push = "4k4/2G3G2/3SP4/9/9/9/9/9/4K4 b - 1";
    let mut g = game::<Shogi>(push, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "5c5b"), win(Color::Black, Reason::Checkmate));

    // Gote mates too: the rotated drop mate.
    let gote = "4k4/9/9/9/9/9/4p4/9/4K4 w g 1";
    let mut g = game::<Shogi>(gote, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "G*5h"), win(Color::White, Reason::Checkmate));
}

#[test]
fn no_mate_while_a_capture_or_an_interposition_exists() {
    let capture = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
    let mut g = game::<Shogi>(capture, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "G*5b"), None);
    assert_eq!(play(&mut g, "5a5b"), None);

    let mated = "7lk/7p1/9/9/9/9/9/9/4K4 b R 1";
    let mut g = game::<Shogi>(mated, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "R*1e"), win(Color::Black, Reason::Checkmate));
    // The same check with a gold in gote's hand: it can be interposed.
    let interpose = "7lk/7p1/9/9/9/9/9/9/4K4 b Rg 1";
    let mut g = game::<Shogi>(interpose, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "R*1e"), None);
    assert_eq!(play(&mut g, "G*1c"), None);
}

#[test]
fn pawn_drop_mate_is_refused_and_loses_when_played_anyway() {
    let drop = "4k4/2G3G2/3S5/9/9/9/9/9/4K4 b P 1";
    let mut g = game::<Shogi>(drop, RuleSet::AMATEUR);
    let foul = Foul::Move(IllegalMove::DropPawnMate);
    assert_eq!(g.play(mv::<Shogi>("P*5b")), Err(GameError::Illegal(foul)));
    assert!(!g.is_over() && g.moves().is_empty());
    assert!(!g.legal_moves().contains(&mv::<Shogi>("P*5b")));
    let outcome = g.play_or_forfeit(mv::<Shogi>("P*5b")).unwrap();
    assert_eq!(outcome, win(Color::White, Reason::IllegalMove(foul)));
    assert_eq!(g.illegal_move(), Some((mv::<Shogi>("P*5b"), foul)));
    assert_eq!(
        outcome.unwrap().to_string(),
        "gote illegal-move (a pawn drop may not give mate (打ち歩詰め))"
    );
}

#[test]
fn other_illegal_moves_lose_when_played_anyway() {
    let nifu = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    let mut g = game::<Shogi>(nifu, RuleSet::AMATEUR);
    let outcome = g.play_or_forfeit(mv::<Shogi>("P*5e")).unwrap();
    let foul = Foul::Move(IllegalMove::TwoPawns);
    assert_eq!(outcome, win(Color::White, Reason::IllegalMove(foul)));
    // An answer that is no move at all.
    let mut g = Game::<Shogi>::standard(RuleSet::CSA);
    g.forfeit(Foul::NotAMove);
    assert_eq!(
        g.outcome(),
        win(Color::White, Reason::IllegalMove(Foul::NotAMove))
    );
}

#[test]
fn no_legal_move_without_check_loses() {
    let mut g = game::<Shogi>("8k/9/6GS1/9/9/9/9/9/4K4 b - 1", RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "3c3b"), win(Color::Black, Reason::NoMoves));
}

const SHUFFLE: &str = "5i4h 5a4b 4h5i 4b5a";

#[test]
fn fourfold_repetition_is_a_draw() {
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
    for round in 1..3 {
        assert_eq!(play(&mut g, SHUFFLE), None);
        assert_eq!(g.repetitions(), round + 1);
    }
    assert_eq!(play(&mut g, "5i4h 5a4b 4h5i"), None);
    assert_eq!(
        play(&mut g, "4b5a"),
        Some(Outcome::draw(Reason::Sennichite))
    );
    assert_eq!(g.moves().len(), 12);
}

#[test]
fn a_move_taken_back_undoes_its_ending_and_its_repetition() {
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
    play(&mut g, SHUFFLE);
    play(&mut g, SHUFFLE);
    play(&mut g, "5i4h 5a4b 4h5i 4b5a");
    assert_eq!(g.outcome(), Some(Outcome::draw(Reason::Sennichite)));
    assert_eq!(g.unplay(), Some(mv::<Shogi>("4b5a")));
    assert_eq!((g.outcome(), g.moves().len()), (None, 11));
    // The position before the last move, as a game that never played it has it.
    let mut fresh = Game::<Shogi>::standard(RuleSet::AMATEUR);
    play(&mut fresh, SHUFFLE);
    play(&mut fresh, SHUFFLE);
    play(&mut fresh, "5i4h 5a4b 4h5i");
    assert_eq!(g.position().key(), fresh.position().key());
    assert_eq!(g.repetitions(), fresh.repetitions());
    // Played again, the fourth occurrence ends it again; taken back to the start, nothing.
    assert_eq!(
        play(&mut g, "4b5a"),
        Some(Outcome::draw(Reason::Sennichite))
    );
    while g.unplay().is_some() {}
    assert_eq!((g.outcome(), g.repetitions()), (None, 1));
    assert_eq!(g.position().key(), g.start().key());
}

#[test]
fn a_game_decided_at_its_start_stays_decided_when_taken_back_to_it() {
    // Gote is mated before a move is played: the start itself is decided.
    let mut g = game::<Shogi>("k8/1G7/1G7/9/9/9/9/9/4K4 w - 1", RuleSet::AMATEUR);
    assert!(g.is_over());
    assert_eq!(g.unplay(), None);
    assert!(g.is_over());
}

/// Sente's rook checks from 9a and 9b while gote's king steps between 1a and 1b.
const CHECKS: &str = "9b9a 1a1b 9a9b 1b1a";

#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let mut g = game::<Shogi>("8k/R8/9/9/9/9/9/9/4K4 b - 1", RuleSet::AMATEUR);
    play(&mut g, CHECKS);
    play(&mut g, CHECKS);
    // The fourth occurrence comes with gote's move, yet sente checked throughout.
    assert_eq!(
        play(&mut g, CHECKS),
        win(Color::White, Reason::PerpetualCheck)
    );
}

#[test]
fn perpetual_check_that_started_mid_cycle_loses_too() {
    // The rook starts on 9c: the start never repeats. The position after the first check
    // is the one that occurs a fourth time, with sente's check completing it.
    let mut g = game::<Shogi>("8k/9/R8/9/9/9/9/9/4K4 b - 1", RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "9c9a 1a1b 9a9b 1b1a"), None);
    assert_eq!(play(&mut g, "9b9a 1a1b 9a9b 1b1a"), None);
    assert_eq!(play(&mut g, "9b9a 1a1b 9a9b 1b1a"), None);
    assert_eq!(
        play(&mut g, "9b9a"),
        win(Color::White, Reason::PerpetualCheck)
    );
}

#[test]
fn checks_broken_by_a_quiet_move_make_a_plain_sennichite() {
    // Sente checks twice, then walks his king while gote moves a gold: the position recurs
    // every four moves. The last cycle is all checks, but the repetition counts from the
    // first occurrence (JSA: the whole sequence of the four occurrences), so it is a draw.
    let mut g = game::<Shogi>("8k/R8/9/9/4g4/9/9/9/4K4 b - 1", RuleSet::AMATEUR);
    assert_eq!(
        play(&mut g, "9b9a 1a1b 9a9b 1b1a 5i4h 5e4e 4h5i 4e5e"),
        None
    );
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        play(&mut g, "9b9a 1a1b 9a9b 1b1a"),
        Some(Outcome::draw(Reason::Sennichite))
    );
}

/// Cranes step forward and back on both sides of Tori's start position.
const TORI_SHUFFLE: &str = "5g5f 3a3b 5f5g 3b3a";

#[test]
fn tori_refuses_the_third_repetition() {
    let mut g = Game::<Tori>::standard(RuleSet::TORI);
    play(&mut g, TORI_SHUFFLE);
    play(&mut g, "5g5f 3a3b 5f5g");
    let back = mv::<Tori>("3b3a");
    assert_eq!(g.play(back), Err(GameError::Illegal(Foul::Repetition)));
    assert!(!g.legal_moves().contains(&back));
    assert!(!g.is_over());
    // Any other move is fine, and played anyway the repetition loses.
    let mut other = g.clone();
    assert_eq!(play(&mut other, "5a5b"), None);
    assert_eq!(
        g.play_or_forfeit(back).unwrap(),
        win(Color::Black, Reason::IllegalMove(Foul::Repetition))
    );
}

#[test]
fn tori_fourth_repetition_loses_under_the_fairy_stockfish_convention() {
    let mut g = Game::<Tori>::standard(RuleSet::TORI_FSF);
    play(&mut g, TORI_SHUFFLE);
    play(&mut g, TORI_SHUFFLE);
    assert_eq!(
        play(&mut g, TORI_SHUFFLE),
        win(Color::Black, Reason::Repetition)
    );
}

#[test]
fn tori_perpetual_check_loses() {
    // Sente's eagle checks the phoenix on 1a from 7g and on 2a from 7f, diagonally: the
    // third occurrence is allowed to gote, and the checking sente loses.
    let checks = "7f7g 1a2a 7g7f 2a1a";
    let mut g = game::<Tori>("6k/7/7/7/7/+F6/3K3 b - 1", RuleSet::TORI);
    assert_eq!(play(&mut g, checks), None);
    assert_eq!(
        play(&mut g, checks),
        win(Color::White, Reason::PerpetualCheck)
    );
}

/// Sente's king in gote's camp with ten pieces there and a rook and bishop in hand: 28 points.
const DECLARE: &str = "GGSS3BR/LL2K4/NN7/9/9/9/9/9/k8 b RB 1";

/// The position turned around: gote to move with the same material.
fn turned(sfen: &str) -> String {
    let fields: Vec<&str> = sfen.split(' ').collect();
    let board: String = fields[0]
        .chars()
        .rev()
        .map(|c| match c {
            c if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
            c if c.is_ascii_lowercase() => c.to_ascii_uppercase(),
            c => c,
        })
        .collect();
    let mut hand = String::new();
    let mut count = String::new();
    for c in fields[2].chars() {
        if c.is_ascii_digit() {
            count.push(c);
        } else {
            let c = if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
            hand.push_str(&count);
            hand.push(c);
            count.clear();
        }
    }
    let side = if fields[1] == "b" { "w" } else { "b" };
    format!("{board} {side} {hand} 1")
}

fn declare(position: &str, rules: RuleSet, has_time: bool) -> Outcome {
    game::<Shogi>(position, rules).declare(has_time).unwrap()
}

fn failed(color: Color, why: DeclarationFailure) -> Outcome {
    Outcome::loss(color, Reason::FailedDeclaration(why))
}

#[test]
fn a_declaration_meeting_every_condition_wins() {
    let outcome = declare(DECLARE, RuleSet::AMATEUR, true);
    assert_eq!(outcome, Outcome::win(Color::Black, Reason::Declaration));
    assert_eq!(outcome.to_string(), "sente declaration");
    let gote = turned(DECLARE);
    assert_eq!(
        declare(&gote, RuleSet::CSA, true),
        Outcome::win(Color::White, Reason::Declaration)
    );
}

#[test]
fn each_declaration_condition_failing_on_its_own_loses() {
    use DeclarationFailure::*;
    let black = Color::Black;
    let not_in_camp = "GGSS3BR/LL7/NN7/4K4/9/9/9/9/k8 b RB 1";
    assert_eq!(
        declare(not_in_camp, RuleSet::AMATEUR, true),
        failed(black, KingNotInCamp)
    );
    // 27 points: enough for gote, one short for sente.
    let points_27 = "GGSS3BR/LL2K4/NN7/9/9/9/9/9/k8 b R4P 1";
    assert_eq!(
        declare(points_27, RuleSet::AMATEUR, true),
        failed(
            black,
            TooFewPoints {
                points: 27,
                needed: 28
            }
        )
    );
    assert_eq!(
        declare(&turned(points_27), RuleSet::AMATEUR, true),
        Outcome::win(Color::White, Reason::Declaration)
    );
    // Nine pieces in the camp, 29 points.
    let nine = "G1SS3BR/LL2K4/NN7/9/9/9/9/9/k8 b RB2P 1";
    assert_eq!(
        declare(nine, RuleSet::AMATEUR, true),
        failed(black, TooFewPieces(9))
    );
    let in_check = "GGSS3BR/LL2K4/NN2g4/9/9/9/9/9/k8 b RB 1";
    assert_eq!(
        declare(in_check, RuleSet::AMATEUR, true),
        failed(black, InCheck)
    );
    assert_eq!(
        declare(DECLARE, RuleSet::AMATEUR, false),
        failed(black, NoTime)
    );
    assert_eq!(
        declare(DECLARE, RuleSet::PROFESSIONAL, true),
        failed(black, NotInRules)
    );
}

/// Both kings entered; sente holds 24 points in hand, gote 30.
const IMPASSE: &str = "9/4K4/9/9/9/9/9/4k4/9 b RB4G4S4N2Prb4l16p 1";

#[test]
fn impasse_by_the_24_point_count() {
    let mut g = game::<Shogi>(IMPASSE, RuleSet::PROFESSIONAL);
    assert_eq!(g.agree_impasse(), Ok(Outcome::draw(Reason::Impasse)));
    // One pawn fewer: 23 points lose.
    let short = "9/4K4/9/9/9/9/9/4k4/9 b RB4G4S4NPrb4l17p 1";
    let mut g = game::<Shogi>(short, RuleSet::PROFESSIONAL);
    assert_eq!(
        g.agree_impasse(),
        Ok(Outcome::loss(Color::Black, Reason::Impasse))
    );
    // Not an impasse while a king is outside the enemy camp, nor under amateur rules.
    let outside = "9/9/9/4K4/9/9/9/4k4/9 b RB4G4S4N2Prb4l16p 1";
    let mut g = game::<Shogi>(outside, RuleSet::PROFESSIONAL);
    assert_eq!(g.agree_impasse(), Err(GameError::NotAnImpasse));
    let mut g = game::<Shogi>(IMPASSE, RuleSet::AMATEUR);
    assert_eq!(g.agree_impasse(), Err(GameError::NoImpasseRule));
}

#[test]
fn the_try_rule() {
    let start = "9/4K4/9/9/9/9/9/9/k8 b - 1";
    let mut g = game::<Shogi>(start, RuleSet::TRY);
    assert_eq!(play(&mut g, "5b5a"), win(Color::Black, Reason::Try));
    // Under other rules the king just stands there.
    let mut g = game::<Shogi>(start, RuleSet::AMATEUR);
    assert_eq!(play(&mut g, "5b5a"), None);
    // A guarded try square cannot be entered.
    let guarded = "3g5/4K4/9/9/9/9/9/9/k8 b - 1";
    let mut g = game::<Shogi>(guarded, RuleSet::TRY);
    assert_eq!(
        g.play(mv::<Shogi>("5b5a")),
        Err(GameError::Illegal(Foul::Move(IllegalMove::KingInCheck)))
    );
}

#[test]
fn the_move_limit_draws() {
    let rules = RuleSet::AMATEUR.with_max_plies(Some(8));
    let mut g = Game::<Shogi>::standard(rules);
    assert_eq!(play(&mut g, "5i4h 5a4b 4h5i 4b5a 5i4h 5a4b 4h5i"), None);
    assert_eq!(play(&mut g, "4b5a"), Some(Outcome::draw(Reason::MaxPlies)));
    assert_eq!(RuleSet::CSA.max_plies, Some(256));
    // A mate on the last move is still a mate.
    let rules = RuleSet::AMATEUR.with_max_plies(Some(1));
    let mut g = game::<Shogi>("4k4/9/4P4/9/9/9/9/9/4K4 b G 1", rules);
    assert_eq!(play(&mut g, "G*5b"), win(Color::Black, Reason::Checkmate));
}

#[test]
fn handicap_games_start_with_gote() {
    let g = Game::<Shogi>::handicap(Handicap::from_name("二枚落ち").unwrap(), RuleSet::AMATEUR)
        .expect("a shogi handicap");
    assert_eq!(g.side_to_move(), Color::White);
    assert!(Game::<Shogi>::handicap(Handicap::TORI[1], RuleSet::AMATEUR).is_none());
    let g = Game::<Tori>::handicap(Handicap::TORI[1], RuleSet::TORI).expect("a Tori handicap");
    assert_eq!(g.side_to_move(), Color::White);
}

#[test]
fn resignation_and_time_forfeit() {
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
    assert_eq!(
        g.resign(Color::Black),
        Ok(Outcome::loss(Color::Black, Reason::Resignation))
    );
    assert_eq!(g.time_forfeit(Color::White), Err(GameError::Over));
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
    assert_eq!(
        g.time_forfeit(Color::White),
        Ok(Outcome::win(Color::Black, Reason::TimeForfeit))
    );
}

#[test]
fn rule_sets_by_name() {
    for rules in RuleSet::ALL {
        assert_eq!(RuleSet::from_name(rules.name), Some(rules));
    }
    assert_eq!(RuleSet::from_name("nonsense"), None);
}

#[test]
fn time_forfeit_under_byoyomi() {
    use koma_game::clock::Clock;
    // One minute, then 10 s a move.
    let clock = Clock::new("1m+10s".parse().unwrap());
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR).with_clock(clock);
    g.start_clock(0).unwrap();
    // Sente uses 65 s: the main minute and 5 s of byoyomi, in time.
    assert_eq!(g.play_at(mv::<Shogi>("7g7f"), 65_000), Ok(None));
    // Gote moves at once; sente then takes exactly the 10 s period: still in time.
    assert_eq!(g.play_at(mv::<Shogi>("3c3d"), 66_000), Ok(None));
    assert_eq!(g.play_at(mv::<Shogi>("2g2f"), 76_000), Ok(None));
    assert_eq!(g.times(), [Some(65_000), Some(1_000), Some(10_000)]);
    // Gote has 59 s of main time and then a period: 69 s and one millisecond is too late.
    assert_eq!(g.check_time(145_000), None);
    let late = g.play_at(mv::<Shogi>("8c8d"), 145_001);
    assert_eq!(
        late,
        Ok(Some(Outcome::loss(Color::White, Reason::TimeForfeit)))
    );
    assert_eq!(g.moves().len(), 3, "the late move is not played");
}

#[test]
fn a_declaration_after_the_flag_falls_loses() {
    use koma_game::clock::Clock;
    let clock = Clock::new("sudden:1m".parse().unwrap());
    let mut g = game::<Shogi>(DECLARE, RuleSet::AMATEUR).with_clock(clock.clone());
    g.start_clock(0).unwrap();
    assert_eq!(
        g.declare_at(60_000),
        Ok(Outcome::win(Color::Black, Reason::Declaration))
    );
    let mut g = game::<Shogi>(DECLARE, RuleSet::AMATEUR).with_clock(clock);
    g.start_clock(0).unwrap();
    assert_eq!(
        g.declare_at(60_001),
        Ok(failed(Color::Black, DeclarationFailure::NoTime))
    );
}

#[test]
fn a_draw_by_agreement_ends_the_game_once() {
    let mut g = Game::<Shogi>::standard(RuleSet::AMATEUR);
    assert_eq!(g.agree_draw(), Ok(Outcome::draw(Reason::Agreement)));
    assert_eq!(
        g.outcome().map(|o| o.to_string()).as_deref(),
        Some("draw agreement")
    );
    assert_eq!(g.agree_draw(), Err(GameError::Over));
    assert_eq!(g.resign(Color::Black), Err(GameError::Over));
}
