//! Donkey Kaissa as the engine plays it (DONKEY.md §7-§10): the built-in definition against
//! the board's own tables, the start array and its colours, notation and FEN, errors on bad
//! input, and the rule ends.

use crate::xorshift;

use kaissa::core::donkey::wings::Wing;
use kaissa::core::donkey::{Cell, mask_cells};
use kaissa::core::geometry::Color;
use kaissa::core::moves::Move;
use kaissa::core::outcome::{DrawReason, Outcome, WinReason};
use kaissa::core::playable::Playable;
use kaissa::games::kaissa::game::{Game, MoveText};
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use std::sync::Arc;
use xorshift::Rng;

fn game(options: &[&str]) -> Arc<Game<u128>> {
    let opts: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    let def = Registry::builtin().get("donkey", &opts).unwrap();
    Arc::new(Game::new(&def).unwrap())
}

fn ptype(g: &Game<u128>, letter: char) -> u8 {
    g.piece_of_letter(letter).unwrap().1
}

#[test]
fn promotion_cells_are_the_boards_enemy_edges_or_file_ends() {
    let g = game(&[]);
    let board = g.board.donkey().unwrap();
    for letter in ['P', 'L'] {
        let z = &g.promotion[ptype(&g, letter) as usize]
            .as_ref()
            .unwrap()
            .zone;
        assert_eq!(z[0], board.wings.enemy_edges[0], "{letter}");
        assert_eq!(z[1], board.wings.enemy_edges[1], "{letter}");
    }
    let g = game(&["promotion_end"]);
    let board = g.board.donkey().unwrap();
    for (letter, wing) in [('P', Wing::Right), ('L', Wing::Left)] {
        let z = &g.promotion[ptype(&g, letter) as usize]
            .as_ref()
            .unwrap()
            .zone;
        for color in Color::BOTH {
            assert_eq!(
                z[color.index()],
                board.wings.field(color, wing).ends,
                "{letter}"
            );
        }
        assert_eq!(g.pieces[ptype(&g, letter) as usize].wing, Some(wing));
    }
}

#[test]
fn home_stone_cells_are_the_rear_rank_start_cells() {
    let g = game(&[]);
    let start = g.start_position();
    let zone = g.drops[0].zone;
    for color in Color::BOTH {
        let cells: Vec<Cell> = mask_cells(zone[color.index()]).collect();
        assert_eq!(cells.len(), 10);
        for c in cells {
            let (w, x, y) = c.parts();
            let (piece_color, t) = start.piece_at(c.index()).expect("occupied at the start");
            assert_eq!(piece_color, color);
            let letter = g.pieces[t as usize].letter;
            assert!("UATSBI".contains(letter), "{} holds {letter}", c.name());
            // On one of the owner's near edges, never the corner.
            let home = if color == Color::First { 0 } else { 3 };
            let on_edge = (w == home && (x == 0 || y == 0))
                || (w == (home + 1) % 6 && x == 0)
                || (w == (home + 5) % 6 && y == 0);
            assert!(on_edge && !(x == 0 && y == 0), "{}", c.name());
        }
    }
    assert_eq!(start.count_moves(), 58);
    assert_eq!(g.drops[0].last, 10);
    assert_eq!(game(&["seven_turn_window"]).drops[0].last, 7);
}

#[test]
fn the_start_array_is_appendix_b() {
    let g = game(&[]);
    let start = g.start_position();
    let at = |name: &str| {
        start
            .piece_at(Cell::parse(name).unwrap().index())
            .map(|(c, t)| g.letter(c, t))
    };
    for (cell, letter) in [
        ("a21", 'U'),
        ("a12", 'A'),
        ("a31", 'T'),
        ("a13", 'T'),
        ("a41", 'S'),
        ("a14", 'S'),
        ("b14", 'B'),
        ("f41", 'B'),
        ("b13", 'I'),
        ("f31", 'I'),
        ("a32", 'P'),
        ("a42", 'P'),
        ("b24", 'P'),
        ("a23", 'L'),
        ("a24", 'L'),
        ("f42", 'L'),
        ("b23", 'R'),
        ("f32", 'R'),
        ("b22", 'M'),
        ("f22", 'M'),
        ("d21", 'u'),
        ("d12", 'a'),
        ("e24", 'p'),
        ("c42", 'l'),
    ] {
        assert_eq!(at(cell), Some(letter), "{cell}");
    }
    for empty in [
        "a11", "a22", "d11", "d22", "b11", "b12", "b21", "f11", "f21", "f12",
    ] {
        assert_eq!(at(empty), None, "{empty}");
    }
    // §8: Yellow's Initiates and Scribes stand on dark cells, Red's on light ones.
    for color in Color::BOTH {
        for letter in ['I', 'S'] {
            for c in mask_cells(start.pieces(color, ptype(&g, letter))) {
                assert_eq!(c.is_light(), color == Color::Second, "{}", c.name());
            }
        }
    }
}

#[test]
fn moves_are_written_and_read_in_cell_names() {
    let g = game(&[]);
    let mut pos = g.start_position();
    let m = pos.parse_move("a32a34").unwrap();
    assert_eq!(m.to_text(&g), "a32a34");
    pos.make(m);
    assert!(pos.parse_move("d32d34").is_ok());
    for bad in ["a32a35", "z11a11", "a11", "", "a32a34x", "H@a21", "ä32a34"] {
        assert!(pos.parse_move(bad).is_err(), "{bad}");
    }
    // A placement and a promotion.
    let fen = "4U11/16/13P2/hu14/16/16[H] w - - 0 3";
    let pos = Position::from_fen(&g, fen).unwrap();
    let place = pos.parse_move("H@a21");
    assert!(place.is_err(), "a21 is taken");
    assert_eq!(
        pos.parse_move("H@a12").unwrap(),
        Move::drop(ptype(&g, 'H'), 1)
    );
    let promo = pos.parse_move("c42c41t").unwrap();
    assert_eq!(promo.promotes_to(), Some(ptype(&g, 'T')));
    assert!(pos.parse_move("c42c41").is_err(), "promotion is mandatory");
}

#[test]
fn bad_fen_is_refused_with_one_line() {
    let g = game(&[]);
    for bad in [
        "16/16/16/16/16[Hh] w - - 0 1",
        "17/16/16/16/16/16[Hh] w - - 0 1",
        "15/16/16/16/16/16[Hh] w - - 0 1",
        "15Q/16/16/16/16/16[Hh] w - - 0 1",
        "1ATSU1LLTP2SP2/2IB1MRP8/5m2ir2bl2/1atsu1lltp2sp2/2ib1mrp8/5M2IR2BL2[Hh] w - - 0 1 a99",
        "1ATSU1LLTP2SP2/2IB1MRP8/5m2ir2bl2/1atsu1lltp2sp2/2ib1mrp8/5M2IR2BL2[Hh] x - - 0 1",
    ] {
        let e = Position::from_fen(&g, bad).unwrap_err();
        assert!(!e.contains('\n') && !e.is_empty(), "{bad}: {e}");
    }
    let e = Position::from_fen(&g, "17/16/16/16/16/16[Hh] w - - 0 1").unwrap_err();
    assert!(e.contains("wedge a"), "{e}");
}

#[test]
fn unmoved_spearmen_are_kept_in_the_fen() {
    let g = game(&[]);
    let mut pos = g.start_position();
    // The right-wing Spearman a32 steps sideways to a22 and back: it has moved.
    for m in ["a32a22", "d32d22", "a22a32", "d22d32"] {
        pos.make(pos.parse_move(m).unwrap());
    }
    let fen = pos.to_fen();
    assert!(
        fen.ends_with(" a23,a24,a42,b24,c42,d23,d24,d42,e24,f42"),
        "{fen}"
    );
    let back = Position::from_fen(&g, &fen).unwrap();
    assert_eq!((back.to_fen(), back.key()), (fen, pos.key()));
    assert!(
        pos.parse_move("a32a34").is_err(),
        "no long move after moving"
    );
    assert!(pos.parse_move("a42a44").is_ok());
}

#[test]
fn the_game_ends_by_the_gorean_rules() {
    let g = game(&[]);
    let ended = |fen: &str| Position::from_fen(&g, fen).unwrap().outcome();
    assert_eq!(ended("4U11/16/16/hu14/16/H15[] w - - 0 20"), None);
    // Red's Home Stone gone: Yellow has won.
    assert_eq!(
        ended("4U11/16/16/u15/16/H15[] b - - 0 20"),
        Some(Outcome::Win(Color::First, WinReason::Capture))
    );
    assert_eq!(
        ended("16/16/16/h15/16/H15[] w - - 0 20"),
        Some(Outcome::Draw(DrawReason::BothLost))
    );
    assert_eq!(
        ended("4U11/16/16/hu14/16/16[H] w - - 0 11"),
        Some(Outcome::Win(Color::Second, WinReason::MissedDeadline))
    );
}

#[test]
fn d_draws_every_cell_with_its_piece() {
    let g = game(&[]);
    let text = g.start_position().board_text();
    for c in Cell::all() {
        assert_eq!(text.matches(&c.name()).count(), 1, "{}", c.name());
    }
    assert_eq!(text.matches('U').count(), 1);
    assert_eq!(text.matches('u').count(), 1);
    assert!(
        text.find("d11").unwrap() < text.find("a11").unwrap(),
        "Red on top"
    );
    let view = g.start_position().board_view();
    assert_eq!(view.cells.len(), 96);
    assert_eq!(view.cell(0).unwrap().name, "a11");
}

/// The FEN of the position turned a half turn with the colours swapped: wedge w's cells go to
/// wedge w+3, upper and lower case swap, the other side moves.
fn half_turned(fen: &str) -> String {
    let swap = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect()
    };
    let mut fields = fen.split(' ');
    let board = fields.next().unwrap();
    let (wedges, hand) = board.split_at(board.find('[').unwrap_or(board.len()));
    let w: Vec<&str> = wedges.split('/').collect();
    let turned: Vec<String> = (0..6).map(|i| swap(w[(i + 3) % 6])).collect();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    let mut rest: Vec<String> = fields.map(str::to_string).collect();
    if let Some(unmoved) = rest.get_mut(4)
        && unmoved != "-"
    {
        *unmoved = unmoved
            .split(',')
            .map(|n| Cell::parse(n).unwrap().half_turn().name())
            .collect::<Vec<_>>()
            .join(",");
    }
    format!(
        "{}{} {side} {}",
        turned.join("/"),
        swap(hand),
        rest.join(" ")
    )
}

#[test]
fn the_evaluation_is_the_same_for_the_half_turned_position() {
    use kaissa::games::kaissa::eval::EvalTables;
    let g = game(&[]);
    let eval = EvalTables::for_game(&g);
    let mut seen = 0;
    for seed in 1..=20u64 {
        let mut pos = g.start_position();
        let mut rng = Rng::new(seed);
        for _ in 0..80 {
            let mut list = Vec::new();
            pos.generate(&mut list);
            if list.is_empty() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
            let fen = pos.to_fen();
            if !fen.contains("[]") {
                continue;
            }
            let turned = Position::from_fen(&g, &half_turned(&fen)).unwrap();
            assert_eq!(eval.evaluate(&pos), eval.evaluate(&turned), "{fen}");
            seen += 1;
        }
    }
    assert!(seen > 200, "{seen} positions with both stones placed");
}
