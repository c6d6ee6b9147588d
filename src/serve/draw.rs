//! A draw offered to the engine: it accepts by its own score and the game's stage. The rule:
//! before move 20 of the game (40 plies) it declines whatever the position; from then on it
//! accepts when the score of its own last search of the game, from its side, is at most +0.25
//! of a pawn (25 centipawns), or a mate against it; it declines when it is better than that,
//! or when it has not yet searched the position as the side to move.
//!
//! Moves are counted as the game's PGN numbers them: a game set up from a FEN goes on from the
//! FEN's move number (its sixth field, as in chess FEN) and side to move; a FEN without a move
//! number starts at move 1.

/// Plies before which the engine declines every draw: move 20 of the game.
pub const MIN_PLIES: usize = 40;
/// The engine's highest score, in centipawns from its side, at which it accepts.
pub const MAX_SCORE_CP: i64 = 25;

/// The plies played before a line starting at `fen` (`None`: the start position), from the
/// FEN's move number and side to move: `... b - - 0 7` is 13 plies in.
pub fn plies_before(fen: Option<&str>) -> usize {
    let Some(fields) = fen.map(|f| f.split_whitespace().collect::<Vec<_>>()) else {
        return 0;
    };
    let number = fields
        .get(5)
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1);
    (number - 1).saturating_mul(2) + usize::from(fields.get(1) == Some(&"b"))
}

/// The engine's answer to a draw offered after `plies` moves, given the score of its own last
/// search (`cp N` or `mate N`, from its side; `None` when it has none): accepted or not, and why
/// in words.
pub fn answer(plies: usize, score: Option<&str>) -> (bool, String) {
    let number = plies / 2 + 1;
    if plies < MIN_PLIES {
        return (
            false,
            format!(
                "the engine declines: it takes no draw before move {} (this is move {number})",
                MIN_PLIES / 2
            ),
        );
    }
    let parsed = score.and_then(|s| {
        let (kind, n) = s.split_once(' ')?;
        Some((kind, n.parse::<i64>().ok()?))
    });
    match parsed {
        Some(("cp", cp)) if cp <= MAX_SCORE_CP => (
            true,
            format!(
                "the engine accepts: its score is {:+.2} at move {number}",
                cp as f64 / 100.0
            ),
        ),
        Some(("cp", cp)) => (
            false,
            format!(
                "the engine declines: its score is {:+.2}, better than {:+.2}",
                cp as f64 / 100.0,
                MAX_SCORE_CP as f64 / 100.0
            ),
        ),
        Some(("mate", n)) if n < 0 => (true, format!("the engine accepts: it is mated in {}", -n)),
        Some(("mate", n)) => (false, format!("the engine declines: it mates in {n}")),
        _ => (
            false,
            "the engine declines: it has no score of its own for this position yet".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fen_game_counts_from_its_move_number() {
        assert_eq!(plies_before(None), 0);
        assert_eq!(plies_before(Some("x w - - 0 1")), 0);
        assert_eq!(plies_before(Some("x b - - 0 7")), 13);
        assert_eq!(plies_before(Some("x w - - 0 21")), 40);
        assert_eq!(plies_before(Some("7/7/7/7/7/7/7 w - 0")), 0);
        assert_eq!(plies_before(Some("x w - - 0 0")), 0);
        assert_eq!(plies_before(Some("x w - - 0 99999999999999999999999")), 0);
    }

    #[test]
    fn early_or_better_it_declines_level_or_worse_it_accepts() {
        assert!(!answer(39, Some("cp -500")).0);
        assert!(answer(40, Some("cp 25")).0);
        assert!(answer(60, Some("cp -300")).0);
        assert!(!answer(60, Some("cp 26")).0);
        assert!(answer(60, Some("mate -3")).0);
        assert!(!answer(60, Some("mate 2")).0);
        assert!(!answer(60, None).0);
        assert!(!answer(60, Some("nonsense")).0);
        assert_eq!(
            answer(10, Some("cp 0")).1,
            "the engine declines: it takes no draw before move 20 (this is move 6)"
        );
        assert_eq!(
            answer(44, Some("cp -12")).1,
            "the engine accepts: its score is -0.12 at move 23"
        );
    }
}
