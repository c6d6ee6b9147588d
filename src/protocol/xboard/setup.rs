//! What XBoard must be told about a game it does not know: the `setup` line (which GUI piece
//! type each letter stands for, the board size, the holdings, the start position) and one
//! `piece` line per piece with its moves in Betza notation; and the result lines that end a game.

use crate::core::definition::VariantDef;

/// XBoard's piece types in the order of its internal encoding, as far as every XBoard since 4.8
/// agrees on it (the King, which XBoard treats as royal, is always the last one of a colour's
/// half of the table and is never used here: these games have no check).
const GUI_TYPES: [&str; 21] = [
    "Pawn",
    "Knight",
    "Bishop",
    "Rook",
    "Queen",
    "Ferz",
    "Alfil",
    "Angel",
    "Marshall",
    "Wazir",
    "Man",
    "Cannon",
    "Nightrider",
    "Cardinal",
    "Dragon",
    "Grasshopper",
    "Silver",
    "Falcon",
    "Lance",
    "Cobra",
    "Unicorn",
];

/// XBoard's Pawn type: the only one XBoard promotes on the last rank.
const PAWN: usize = 0;
/// XBoard's Angel type (drawn as a sword), for a Spearman that never promotes: XBoard promotes
/// Pawns and Lances on the last rank, but no other type.
const SWORD: usize = 7;

/// The GUI type (index into [`GUI_TYPES`]) each built-in Kaissa letter prefers, chosen for the
/// picture XBoard draws: Spearman a pawn, Rider a knight, Initiate a bishop, Builder a rook, Ubar
/// a queen (a Spearman that does not promote a sword), Scribe an elephant, Home Stone a crowned commoner, Tarnsman a hawk, Ubara a
/// princess, Assassin a nightrider, Physician a crowned rook. Other letters take free types.
const PREFERRED: [(char, usize); 11] = [
    ('P', 0),
    ('R', 1),
    ('I', 2),
    ('B', 3),
    ('U', 4),
    ('S', 6),
    ('H', 10),
    ('A', 15),
    ('T', 17),
    ('X', 12),
    ('M', 14),
];

/// The GUI type of every piece of `def`, in the definition's order. A variant has at most 16
/// pieces and there are 21 types, so every piece gets one.
pub fn gui_types(def: &VariantDef) -> Vec<usize> {
    let letters: Vec<char> = def
        .pieces
        .iter()
        .map(|p| p.letter.chars().next().unwrap_or('?'))
        .collect();
    let mut used = [false; GUI_TYPES.len()];
    let mut types = vec![usize::MAX; letters.len()];
    for (i, l) in letters.iter().enumerate() {
        if let Some(&(_, mut t)) = PREFERRED.iter().find(|(c, _)| c == l) {
            // XBoard promotes every Pawn that reaches the last rank (it would turn a merchants
            // Spearman into an Ubar there): a piece that does not promote takes another type.
            if t == PAWN && def.pieces[i].promotion.is_none() {
                t = SWORD;
            }
            types[i] = t;
            used[t] = true;
        }
    }
    for t in types.iter_mut().filter(|t| **t == usize::MAX) {
        let free = (1..GUI_TYPES.len()).find(|&k| !used[k]).unwrap_or(0);
        used[free] = true;
        *t = free;
    }
    types
}

/// The letter of the piece XBoard shows in holdings slot `slot` (0 next to the player's own
/// side): slots follow the order of the GUI types in use.
pub fn holdings_letter(def: &VariantDef, slot: usize) -> Option<char> {
    let types = gui_types(def);
    let mut order: Vec<usize> = (0..types.len()).collect();
    order.sort_by_key(|&i| types[i]);
    let i = *order.get(slot)?;
    def.pieces[i].letter.chars().next()
}

/// The PIECETOCHAR table: for each GUI type up to the last one used, its letter or `.`, then
/// `.` for the King; first White's (upper case), then Black's (lower case).
pub fn piece_to_char(def: &VariantDef) -> String {
    let types = gui_types(def);
    let n = types.iter().max().map_or(1, |m| m + 1);
    let mut half = vec!['.'; n + 1];
    for (p, &t) in def.pieces.iter().zip(&types) {
        half[t] = p.letter.chars().next().unwrap_or('.');
    }
    let white: String = half.iter().collect();
    format!("{white}{}", white.to_ascii_lowercase())
}

/// Betza text XBoard can use for a piece: its moves plus, unconditionally, its zone moves (XBoard
/// cannot limit moves to a zone, and a GUI that allows a little too much only means the engine
/// refuses a few moves the GUI offered).
pub fn gui_betza(def: &VariantDef, index: usize) -> String {
    let p = &def.pieces[index];
    let mut s = p.betza.clone();
    for z in &p.zone_moves {
        s.push_str(&z.betza);
    }
    s
}

/// The lines that answer `variant NAME`: `setup (TABLE) WxH+S_fairy FEN`, then `piece L& BETZA`
/// for every piece. The holdings (`+S`) get one slot per piece type, as XBoard files captured
/// pieces there too; the game itself only ever places the pieces that start in hand.
pub fn variant_lines(def: &VariantDef) -> Vec<String> {
    let holdings = if def.drops.is_empty() {
        0
    } else {
        def.pieces.len().min(def.ranks)
    };
    let mut lines = vec![format!(
        "setup ({}) {}x{}+{}_fairy {}",
        piece_to_char(def),
        def.files,
        def.ranks,
        holdings,
        def.start_fen
    )];
    for (i, p) in def.pieces.iter().enumerate() {
        lines.push(format!("piece {}& {}", p.letter, gui_betza(def, i)));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::geometry::Color;
    use crate::core::outcome::{DrawReason, Outcome, WinReason};
    use crate::games::result_line;
    use crate::games::variants::Registry;

    #[test]
    fn every_builtin_variant_gets_distinct_types_and_a_table() {
        let reg = Registry::builtin();
        for name in reg.names() {
            let def = reg.get(&name, &[]).unwrap();
            if def.rules.is_some() || def.board.is_some() {
                // Games with a rules module of their own, or a board that is not a
                // rectangle, are not offered to XBoard.
                continue;
            }
            let types = gui_types(&def);
            let mut sorted = types.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), types.len(), "{name}");
            let table = piece_to_char(&def);
            assert_eq!(table.len() % 2, 0);
            assert!(table.len() >= 12, "{name}: {table}");
            for p in &def.pieces {
                assert!(table.contains(p.letter.as_str()), "{name}");
                assert!(table.contains(&p.letter.to_ascii_lowercase()), "{name}");
            }
            let lines = variant_lines(&def);
            assert!(lines[0].starts_with("setup ("), "{}", lines[0]);
            assert!(lines[0].contains(" 10x10+10_fairy "), "{}", lines[0]);
            assert_eq!(lines.len(), def.pieces.len() + 1);
        }
    }

    #[test]
    fn kaissa_table_and_pieces() {
        let def = Registry::builtin().get("kaissa", &[]).unwrap();
        assert_eq!(
            piece_to_char(&def),
            "PRIBU.S...H...MA.T.pribu.s...h...ma.t."
        );
        assert_eq!(holdings_letter(&def, 0), Some('P'));
        assert_eq!(holdings_letter(&def, 6), Some('H'));
        assert_eq!(holdings_letter(&def, 10), None);
        let lines = variant_lines(&def);
        assert!(lines.contains(&"piece T& ZmK".to_string()));
        assert!(lines.contains(&"piece P& fmWfcFifmW3fmF".to_string()));
        // Merchants Spearmen do not promote: not XBoard Pawns, which it would promote.
        let def = Registry::builtin().get("merchants", &[]).unwrap();
        let types = gui_types(&def);
        let p = def.pieces.iter().position(|p| p.letter == "P").unwrap();
        assert_eq!(types[p], SWORD);
        assert!(!types.contains(&PAWN));
        assert!(piece_to_char(&def).starts_with(".RIBU.SP"));
    }

    #[test]
    fn results_name_the_reason() {
        let def = Registry::builtin().get("northern", &[]).unwrap();
        let l = result_line(
            &def,
            Outcome::Win(Color::First, WinReason::Capture),
            Color::Second,
        );
        assert_eq!(l, "1-0 {Yellow captures the Lodge}");
        let l = result_line(
            &def,
            Outcome::Win(Color::Second, WinReason::MissedDeadline),
            Color::First,
        );
        assert_eq!(l, "0-1 {Yellow did not place the Lodge in time}");
        let l = result_line(&def, Outcome::Draw(DrawReason::Repetition), Color::First);
        assert_eq!(l, "1/2-1/2 {draw by repetition}");
    }
}
