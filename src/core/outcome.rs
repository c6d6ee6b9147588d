//! How a game ends: who won and why, or why it was drawn. Every game reports its ends in
//! these words, and the search scores them.

use super::geometry::Color;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The named player won.
    Win(Color, WinReason),
    /// Drawn.
    Draw(DrawReason),
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser's last piece of a `capture_wins` type (the Home Stone) was captured.
    Capture,
    /// The loser did not place a deadline piece (the Home Stone) in time.
    MissedDeadline,
    /// The loser had no legal move and the game scores that as a loss.
    NoMoves,
    /// The loser's royal piece was in check with no legal move (Caïssa, Jikaida).
    Checkmate,
    /// The loser had no legal move and was not in check (Jikaida: stalemating wins).
    Stalemate,
    /// The loser was left with a bare King and its reply did not bare the winner (Jikaida).
    BareKing,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// Both players lost every piece of a `both_lost_draw` type (gorean: both Ubars).
    BothLost,
    /// The side to move had no legal move.
    NoMoves,
    /// Neither player could move (Caïssa: both would pass).
    BothBlocked,
    /// Each player was left with a bare King (Jikaida: the bared player's reply bared the
    /// other King too).
    BothBare,
    /// The same position occurred the set number of times.
    Repetition,
    /// The no-progress ply limit ran out.
    PlyLimit,
}

impl Outcome {
    /// The result from the point of view of `color`: 1 win, 0 draw, -1 loss.
    pub fn score_for(self, color: Color) -> i32 {
        match self {
            Outcome::Win(c, _) if c == color => 1,
            Outcome::Win(..) => -1,
            Outcome::Draw(_) => 0,
        }
    }
}
