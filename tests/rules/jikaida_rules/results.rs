//! §3.1: checkmate, stalemate, the bare King and threefold repetition.

use super::*;

// ---------------------------------------------------------------------------------------------
// §3.1 Results
// ---------------------------------------------------------------------------------------------

#[test]
fn checkmate_wins() {
    // Yellow King a1, Blue Jiktars a5 and b5; a Yellow Paktun that cannot help.
    let f = fen(
        &[
            ("K", "a1"),
            ("N'", "l10"),
            ("j", "a5"),
            ("j", "b5"),
            ("k", "l18"),
        ],
        "y",
    );
    let p = pos(&f);
    assert!(p.in_check());
    assert!(list(&p).is_empty());
    assert_eq!(
        p.outcome(3),
        Some(Outcome::Win(Color::Second, WinReason::Checkmate))
    );
    // Control: the b-file Jiktar on c5 leaves b1 and b2 free.
    let g = fen(
        &[
            ("K", "a1"),
            ("N'", "l10"),
            ("j", "a5"),
            ("j", "c5"),
            ("k", "l18"),
        ],
        "y",
    );
    assert_eq!(pos(&g).outcome(3), None);
}

#[test]
fn stalemate_loses_for_the_stalemated_side() {
    // Yellow King a1 not in check, every step covered (Jiktars b5 and f2); the Yellow Swod l10 is
    // blocked by the Deldar l11 and cannot take the Swod k11, propt by that Deldar.
    let pieces = [
        ("K", "a1"),
        ("S'", "l10"),
        ("j", "b5"),
        ("j", "f2"),
        ("d'", "l11"),
        ("s'", "k11"),
        ("k", "l18"),
    ];
    let p = pos(&fen(&pieces, "y"));
    assert!(!p.in_check());
    assert!(list(&p).is_empty());
    assert_eq!(
        p.outcome(3),
        Some(Outcome::Win(Color::Second, WinReason::Stalemate))
    );
    // Control: the Deldar on k12 instead of l11 leaves l10-l11 open.
    let mut v = pieces.to_vec();
    v[4] = ("d'", "k12");
    let q = pos(&fen(&v, "y"));
    assert_eq!(list(&q), set(&["l10l11"]));
    assert_eq!(q.outcome(3), None);
}

#[test]
fn baring_the_king_wins_after_the_bared_sides_reply() {
    // Yellow Jiktar takes Blue's last piece; Blue, bare, still replies; then the game is won.
    let f = fen(&[("K", "a1"), ("J", "c3"), ("d'", "c5"), ("k", "l18")], "y");
    let p = play(&f, &["c3c5"]);
    assert_eq!(p.outcome(3), None);
    assert!(!list(&p).is_empty());
    let p = play(&f, &["c3c5", "l18l17"]);
    assert_eq!(
        p.decided(),
        Some(Outcome::Win(Color::First, WinReason::BareKing))
    );
    assert_eq!(
        p.outcome(3),
        Some(Outcome::Win(Color::First, WinReason::BareKing))
    );
    assert!(list(&p).is_empty());
}

#[test]
fn bare_king_reply_that_bares_the_other_draws() {
    // Yellow (King and Jiktar) takes Blue's last piece on c5; the Blue King d6 takes the
    // Jiktar back: both bare, drawn.
    let f = fen(&[("K", "a1"), ("J", "c3"), ("d'", "c5"), ("k", "d6")], "y");
    let p = play(&f, &["c3c5", "d6c5"]);
    assert_eq!(p.outcome(3), Some(Outcome::Draw(DrawReason::BothBare)));
    assert!(list(&p).is_empty());
    // Another reply leaves Yellow the winner.
    let p = play(&f, &["c3c5", "d6e6"]);
    assert_eq!(
        p.outcome(3),
        Some(Outcome::Win(Color::First, WinReason::BareKing))
    );
}

#[test]
fn threefold_repetition_draws() {
    let f = fen(
        &[("K", "a1"), ("D'", "c3"), ("k", "l18"), ("d'", "j17")],
        "y",
    );
    let cycle = ["a1b1", "l18k18", "b1a1", "k18l18"];
    let p = play(&f, &cycle);
    assert_eq!(p.outcome(3), None);
    let mut twice = cycle.to_vec();
    twice.extend(cycle);
    let p = play(&f, &twice);
    assert_eq!(p.outcome(3), Some(Outcome::Draw(DrawReason::Repetition)));
    // Repetition counting off (perft's view): no result.
    assert_eq!(p.outcome(0), None);
}
