//! DONKEY.md §7: the Spearmen's forward fields, derived by the engine from the home edges,
//! against the spec's table; the steps that carry them; the cuts; the ends of the files.

use super::{board, c, mask, names};
use kaissa::core::donkey::steps::{self, perpendiculars};
use kaissa::core::donkey::wings::{Wing, field, near_edges};
use kaissa::core::donkey::{Cell, Centre, Dir8};
use kaissa::core::geometry::Color;

const SIDES: [(Color, Wing, &str); 4] = [
    (Color::First, Wing::Right, "Yellow R"),
    (Color::First, Wing::Left, "Yellow L"),
    (Color::Second, Wing::Right, "Red R"),
    (Color::Second, Wing::Left, "Red L"),
];

#[test]
fn fields_are_the_table_of_section_7() {
    let table = [
        "Y+ X+ Y- X- Y- X-",
        "X+ Y- X- Y- X- Y+",
        "X- Y- X- Y+ X+ Y-",
        "Y- X- Y+ X+ Y- X-",
    ];
    for ((color, wing, who), row) in SIDES.into_iter().zip(table) {
        let got: Vec<&str> = (0..6).map(|w| field(color, wing, w).label()).collect();
        assert_eq!(got.join(" "), row, "{who}");
    }
    // Red's rows are Yellow's turned a half turn; L is the mirror of R.
    for w in 0..6u8 {
        for wing in Wing::BOTH {
            assert_eq!(
                field(Color::Second, wing, (w + 3) % 6),
                field(Color::First, wing, w)
            );
        }
        let (dx, dy) = field(Color::First, Wing::Right, w).vec();
        assert_eq!(field(Color::First, Wing::Left, (6 - w) % 6).vec(), (dy, dx));
    }
}

#[test]
fn each_field_has_one_cut_where_the_spec_puts_it() {
    // The boundary between wedge w and w+1 (a cell's x = 4 side): the field carries across it
    // unless that is the cut.
    let cuts = [3u8, 2, 0, 5]; // d|e, c|d, a|b, f|a
    for ((color, wing, who), cut) in SIDES.into_iter().zip(cuts) {
        for w in 0..6u8 {
            let (dx, dy) = field(color, wing, w).vec();
            let carried = Dir8::of((dy, -dx)).unwrap();
            let next = field(color, wing, (w + 1) % 6);
            assert_eq!(carried != next, w == cut, "{who} between {w} and {}", w + 1);
        }
    }
}

#[test]
fn every_forward_diagonal_and_sideways_step_carries_the_field() {
    for (color, wing, who) in SIDES {
        for cell in Cell::all() {
            let f = field(color, wing, cell.wedge()).vec();
            let at = |t: Cell| field(color, wing, t.wedge()).vec();
            if let Some(a) = steps::orthogonal(cell, f, (0, 0)) {
                assert_eq!(a.a, at(a.cell), "{who} forward from {}", cell.name());
            }
            for p in perpendiculars(f) {
                for a in steps::diagonal(cell, f, p, Centre::Split) {
                    assert_eq!(a.a, at(a.cell), "{who} diagonal from {}", cell.name());
                }
                if let Some(a) = steps::orthogonal(cell, p, f) {
                    assert_eq!(a.b, at(a.cell), "{who} sideways from {}", cell.name());
                }
            }
        }
    }
}

#[test]
fn the_ends_of_the_files_are_the_promotion_end_table() {
    let table = [
        "c11 c21 c31 c41 d11 d12 d13 d14 e11 e21 e31 e41 f11 f12 f13 f14",
        "d11 d21 d31 d41 e11 e12 e13 e14 b11 b21 b31 b41 c11 c12 c13 c14",
        "a11 a12 a13 a14 f11 f21 f31 f41 b11 b21 b31 b41 c11 c12 c13 c14",
        "a11 a21 a31 a41 b11 b12 b13 b14 e11 e21 e31 e41 f11 f12 f13 f14",
    ];
    let w = &board().wings;
    for ((color, wing, who), row) in SIDES.into_iter().zip(table) {
        assert_eq!(names(w.field(color, wing).ends), names(mask(row)), "{who}");
    }
}

#[test]
fn promotion_by_default_is_on_the_enemys_two_near_edges() {
    let yellow = "d11 d21 d31 d41 e14 e13 e12 e11 d12 d13 d14 c41 c31 c21 c11";
    let w = &board().wings;
    assert_eq!(w.enemy_edges[0], mask(yellow));
    assert_eq!(w.enemy_edges[0].count_ones(), 15);
    let red = mask_half_turn(mask(yellow));
    assert_eq!(w.enemy_edges[1], red);
    assert_eq!(near_edges(Color::Second), mask(yellow));
}

fn mask_half_turn(m: u128) -> u128 {
    kaissa::core::donkey::mask_cells(m).fold(0, |a, c| a | 1u128 << c.half_turn().index())
}

/// Where a Spearman standing on `start` ends its file by forward steps, and how many.
fn file_end(color: Color, wing: Wing, start: &str) -> (String, usize) {
    let f = board().wings.field(color, wing);
    let mut at = c(start);
    let mut n = 0;
    while f.step[at.index()] != 0 {
        at = Cell(f.step[at.index()].trailing_zeros() as u8);
        n += 1;
    }
    (at.name(), n)
}

#[test]
fn the_corner_wedge_spearmen_march_to_their_own_flanks() {
    use Color::{First as Y, Second as R};
    use Wing::{Left as L, Right as Rt};
    for (color, wing, from, to) in [
        (Y, Rt, "a32", "f13"),
        (Y, Rt, "a42", "f14"),
        (Y, L, "a23", "b31"),
        (Y, L, "a24", "b41"),
        (R, Rt, "d32", "c13"),
        (R, Rt, "d42", "c14"),
        (R, L, "d23", "e31"),
        (R, L, "d24", "e41"),
    ] {
        assert_eq!(file_end(color, wing, from), (to.to_string(), 6), "{from}");
    }
    for (color, wing, from, to) in [
        (Y, Rt, "b24", "c41"),
        (Y, L, "f42", "e14"),
        (R, Rt, "e24", "f41"),
        (R, L, "c42", "b14"),
    ] {
        assert_eq!(file_end(color, wing, from).0, to, "{from}");
        assert!(board().wings.enemy_edges[color.index()] & mask(to) != 0);
    }
}

#[test]
fn spearman_step_sets_from_sample_cells() {
    let w = &board().wings;
    let yr = w.field(Color::First, Wing::Right);
    let i = |s: &str| c(s).index();
    assert_eq!(names(yr.step[i("a32")]), "a33");
    assert_eq!(names(yr.diagonal[i("a32")]), "a23 a43");
    assert_eq!(names(yr.sideways[i("a32")]), "a22 a42");
    let run: Vec<String> = yr.run[i("a32")].iter().map(|c| c.name()).collect();
    assert_eq!(run, ["a33", "a34", "f43"]);
    // Diagonally forward from a centre cell through the point: both branches.
    assert_eq!(names(yr.diagonal[i("a44")]), "c44 e44 f43");
    assert_eq!(yr.forward[i("a44")], Dir8::YP);
    // On the flank end of a file: no forward step, sideways along the flank edge.
    assert_eq!(yr.step[i("f13")], 0);
    assert_eq!(names(yr.sideways[i("f13")]), "f12 f14");
}
