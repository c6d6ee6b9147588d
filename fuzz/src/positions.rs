//! Position text of every game of the registry: FEN (`fen`) and move text (`moves`).

use super::{head, one_line_for, pick_game};
use kaissa::core::moves::Move;
use kaissa::core::playable::Playable;
use kaissa::core::ruleset::PositionVisitor;
use kaissa::core::tunable::Tunable;
use kaissa::games;

/// Moves of a list tried (made and taken back) per position.
const MOVES_TRIED: usize = 6;

/// The FEN and key of a position, which every read, write, make and unmake must keep.
fn identity<P: Playable>(pos: &P) -> (String, u64) {
    (pos.write_fen(), pos.key())
}

/// Checks that `pos` writes a FEN that reads back to the same position, and that the moves
/// `picks` chooses from its list make and unmake back to it (their positions' FENs read back
/// too).
fn check_position<P: Playable>(pos: &mut P, picks: &[u8], context: &str) {
    let (fen, key) = identity(pos);
    let again = pos
        .read_fen(&fen)
        .unwrap_or_else(|e| panic!("{context}: wrote {fen:?}, which does not read back: {e}"));
    assert_eq!(
        identity(&again),
        (fen.clone(), key),
        "{context}: {fen:?} read back is another position"
    );
    let mut list: Vec<Move> = Vec::new();
    pos.generate(&mut list);
    for &p in picks.iter().take(MOVES_TRIED) {
        let Some(&mv) = list.get(p as usize % list.len().max(1)) else {
            break;
        };
        let text = pos.move_text(mv);
        pos.make(mv);
        let after = pos.write_fen();
        if let Err(e) = pos.read_fen(&after) {
            panic!("{context}: after {text}, wrote {after:?}, which does not read back: {e}");
        }
        pos.unmake();
        assert_eq!(
            identity(pos),
            (fen.clone(), key),
            "{context}: {text} made and taken back is another position"
        );
    }
}

/// Reads the FEN, and on success checks it as [`check_position`] does.
struct FenCheck<'a> {
    input: &'a str,
    picks: &'a [u8],
}

impl PositionVisitor for FenCheck<'_> {
    type Output = ();
    fn visit<P: Playable + Tunable>(self, mut pos: P, _eval: P::Eval) {
        check_position(&mut pos, self.picks, &format!("FEN {:?}", self.input));
    }
}

/// FEN of every game: byte 0 picks the game, byte 1 its rule options, bytes 2 to 7 the moves
/// tried; the rest is the FEN. A FEN that reads writes a FEN that reads to the same position
/// (same FEN, same key), and its moves make and unmake back to it. One that does not is
/// refused with a one-line error.
pub fn fen(data: &[u8]) {
    let (h, rest) = head(data, 8);
    let &[game, options, ref picks @ ..] = h else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let def = pick_game(game, options);
    let check = FenCheck { input: text, picks };
    if let Err(e) = games::build(&def, Some(text), check) {
        one_line_for("FEN", text, &e);
    }
}

/// Plays the moves `walk` chooses from the start, then reads `text` as a move.
struct MoveCheck<'a> {
    walk: &'a [u8],
    text: &'a str,
}

impl PositionVisitor for MoveCheck<'_> {
    type Output = ();
    fn visit<P: Playable + Tunable>(self, mut pos: P, _eval: P::Eval) {
        let mut list: Vec<Move> = Vec::new();
        for &w in self.walk {
            list.clear();
            pos.generate(&mut list);
            let Some(&mv) = list.get(w as usize % list.len().max(1)) else {
                break;
            };
            pos.make(mv);
        }
        let context = format!("{:?} at {:?}", self.text, pos.write_fen());
        let mv = match pos.parse_move(self.text) {
            Ok(mv) => mv,
            Err(e) => return one_line_for("move", self.text, &e),
        };
        list.clear();
        pos.generate(&mut list);
        assert!(list.contains(&mv), "{context}: read as a move not listed");
        let text = pos.move_text(mv);
        assert_eq!(
            pos.parse_move(&text).ok(),
            Some(mv),
            "{context}: its text {text:?} does not read back"
        );
        let before = identity(&pos);
        pos.make(mv);
        pos.unmake();
        assert_eq!(
            identity(&pos),
            before,
            "{context}: make and unmake change the position"
        );
    }
}

/// Move text of every game: byte 0 picks the game, byte 1 its rule options, byte 2 how many
/// moves (0 to 3) to play from the start, chosen by the next bytes; the rest is the move text.
/// A text that reads is a legal move, its own text reads back to it, and it makes and unmakes
/// back to the same position.
pub fn moves(data: &[u8]) {
    let (h, rest) = head(data, 3);
    let &[game, options, walk] = h else {
        return;
    };
    let (walk, rest) = head(rest, walk as usize % 4);
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let def = pick_game(game, options);
    games::build(&def, None, MoveCheck { walk, text }).expect("a built-in game builds");
}
