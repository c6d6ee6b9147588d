//! DONKEY.md §1-§6: names, adjacency, lines, colours, the centre, rays and the flight.

use super::{board, c, mask, names, straight};
use crate::xorshift::Rng;
use kaissa::core::donkey::steps::{self, diagonal_in_order};
use kaissa::core::donkey::{Cell, Centre, Dir8, DonkeyBoard, mask_cells};
use std::collections::BTreeSet;

fn bit(c: Cell) -> u128 {
    1u128 << c.index()
}

/// Every neighbour of `cell` (king steps), all directions and branches.
fn neighbour_set(b: &DonkeyBoard, cell: Cell) -> BTreeSet<Cell> {
    Dir8::ALL
        .iter()
        .flat_map(|&d| b.neighbours(cell, d).iter().map(|n| n.cell))
        .collect()
}

#[test]
fn names_and_indices_follow_section_2() {
    for (i, cell) in Cell::all().enumerate() {
        let (w, x, y) = cell.parts();
        assert_eq!(i, 16 * w as usize + 4 * x as usize + y as usize);
        assert_eq!(Cell::parse(&cell.name()), Some(cell));
    }
    assert_eq!(c("a11").index(), 0);
    assert_eq!(c("a12").index(), 1);
    assert_eq!(c("a21").index(), 4);
    assert_eq!(c("b11").index(), 16);
    assert_eq!(c("f44").index(), 95);
    for bad in ["a10", "a15", "g11", "a1", "a111", "A11", "", "a 1"] {
        assert_eq!(Cell::parse(bad), None, "{bad}");
    }
}

#[test]
fn neighbour_counts_are_8_5_3_and_9() {
    let b = board();
    let mut by_count = std::collections::BTreeMap::new();
    for cell in Cell::all() {
        let n = neighbour_set(b, cell).len();
        assert_eq!(b.king[cell.index()].count_ones() as usize, n);
        *by_count.entry(n).or_insert(0) += 1;
    }
    let want: std::collections::BTreeMap<usize, i32> =
        [(3, 6), (5, 36), (8, 48), (9, 6)].into_iter().collect();
    assert_eq!(by_count, want);
    for w in "abcdef".chars() {
        assert_eq!(neighbour_set(b, c(&format!("{w}44"))).len(), 9);
        assert_eq!(neighbour_set(b, c(&format!("{w}11"))).len(), 3);
    }
}

#[test]
fn steps_are_reversible_and_adjacency_is_symmetric() {
    for b in [board(), straight()] {
        for cell in Cell::all() {
            for d in Dir8::ALL {
                for n in b.neighbours(cell, d) {
                    // Stepping back against the continuing direction returns to the cell.
                    let (dx, dy) = n.dir.vec();
                    let back = Dir8::of((-dx, -dy)).unwrap();
                    let returns = b.neighbours(n.cell, back).iter().any(|m| m.cell == cell);
                    assert!(returns, "{} {} {}", cell.name(), d.label(), n.cell.name());
                    assert!(neighbour_set(b, n.cell).contains(&cell));
                }
            }
        }
    }
}

#[test]
fn wedge_crossings_join_column_x4_to_the_next_wedges_y4() {
    let b = board();
    for w in 0..6u8 {
        for k in 0..4u8 {
            let from = Cell::new(w, 3, k);
            let to = Cell::new((w + 1) % 6, k, 3);
            let n = b.neighbours(from, Dir8::XP);
            assert_eq!(n.len(), 1);
            assert_eq!((n[0].cell, n[0].dir), (to, Dir8::YM), "{}", from.name());
            let back = b.neighbours(to, Dir8::YP);
            assert_eq!((back[0].cell, back[0].dir), (from, Dir8::XM));
        }
    }
    // a41-b14, a42-b24, a43-b34, a44-b44.
    for (x, y) in [
        ("a41", "b14"),
        ("a42", "b24"),
        ("a43", "b34"),
        ("a44", "b44"),
    ] {
        assert_eq!(board().neighbours(c(x), Dir8::XP)[0].cell, c(y));
    }
}

#[test]
fn both_orders_of_a_diagonal_step_agree_except_at_the_centre() {
    for cell in Cell::all() {
        for d in [Dir8::XPYP, Dir8::XPYM, Dir8::XMYP, Dir8::XMYM] {
            let (d1, d2) = d.components();
            let one = diagonal_in_order(cell, d1, d2).map(|a| a.cell);
            let two = diagonal_in_order(cell, d2, d1).map(|a| a.cell);
            let (_, x, y) = cell.parts();
            if x == 3 && y == 3 && d == Dir8::XPYP {
                let w = cell.wedge();
                let want: BTreeSet<_> =
                    [Cell::new((w + 2) % 6, 3, 3), Cell::new((w + 4) % 6, 3, 3)]
                        .into_iter()
                        .collect();
                let got: BTreeSet<_> = [one.unwrap(), two.unwrap()].into_iter().collect();
                assert_eq!(got, want, "{}", cell.name());
            } else {
                assert_eq!(one, two, "{} {}", cell.name(), d.label());
            }
        }
    }
}

/// The maximal orthogonal lines: from every edge cell inward, as sets.
fn orthogonal_lines(b: &DonkeyBoard) -> BTreeSet<Vec<Cell>> {
    let mut lines = BTreeSet::new();
    for cell in Cell::all() {
        for d in [Dir8::XP, Dir8::XM, Dir8::YP, Dir8::YM] {
            let (dx, dy) = d.vec();
            let back = Dir8::of((-dx, -dy)).unwrap();
            if b.neighbours(cell, back).is_empty() {
                let chains = b.rays.chains(cell, d);
                assert_eq!(chains.len(), 1, "orthogonal rays never split");
                let mut line: Vec<Cell> = std::iter::once(cell)
                    .chain(chains[0].iter().map(|n| n.cell))
                    .collect();
                line.sort();
                lines.insert(line);
            }
        }
    }
    lines
}

#[test]
fn there_are_24_orthogonal_lines_of_8_cells_from_edge_to_edge() {
    let b = board();
    let lines = orthogonal_lines(b);
    assert_eq!(lines.len(), 24);
    for l in &lines {
        assert_eq!(
            l.len(),
            8,
            "{:?}",
            l.iter().map(|c| c.name()).collect::<Vec<_>>()
        );
    }
    // Every cell lies on exactly two lines.
    for cell in Cell::all() {
        assert_eq!(lines.iter().filter(|l| l.contains(&cell)).count(), 2);
    }
    let ray: Vec<String> = b.rays.chains(c("a32"), Dir8::YP)[0]
        .iter()
        .map(|n| n.cell.name())
        .collect();
    assert_eq!(ray, ["a33", "a34", "f43", "f33", "f23", "f13"]);
}

#[test]
fn colours_form_one_checkerboard_and_diagonals_keep_colour() {
    let b = board();
    assert!(c("a11").is_light());
    assert!(!c("d11").is_light());
    for cell in Cell::all() {
        for d in Dir8::ALL {
            for n in b.neighbours(cell, d) {
                assert_eq!(
                    n.cell.is_light() == cell.is_light(),
                    !d.is_orthogonal(),
                    "{} {}",
                    cell.name(),
                    d.label()
                );
            }
        }
    }
    // With the straight centre the diagonal across the point changes colour.
    let across = straight().neighbours(c("a44"), Dir8::XPYP);
    assert_eq!(across.len(), 1);
    assert_eq!(across[0].cell, c("d44"));
    assert_ne!(c("a44").is_light(), c("d44").is_light());
}

#[test]
fn the_six_hexagon_edges_hold_8_cells_each() {
    let b = board();
    let edges = [
        "a11 a21 a31 a41 b14 b13 b12 b11",
        "a11 a12 a13 a14 f41 f31 f21 f11",
        "d11 d21 d31 d41 e14 e13 e12 e11",
        "d11 d12 d13 d14 c41 c31 c21 c11",
        "b11 b21 b31 b41 c14 c13 c12 c11",
        "e11 e21 e31 e41 f14 f13 f12 f11",
    ];
    let mut border = 0u128;
    for e in edges {
        let cells: Vec<Cell> = e.split_whitespace().map(c).collect();
        assert_eq!(cells.len(), 8);
        // Consecutive cells are orthogonal neighbours.
        for w in cells.windows(2) {
            let orth = [Dir8::XP, Dir8::XM, Dir8::YP, Dir8::YM]
                .iter()
                .any(|&d| b.neighbours(w[0], d).iter().any(|n| n.cell == w[1]));
            assert!(orth, "{} {}", w[0].name(), w[1].name());
        }
        border |= mask(e);
    }
    // The border cells are exactly those with fewer than 8 neighbours.
    for cell in Cell::all() {
        let edge = b.king[cell.index()].count_ones() < 8;
        assert_eq!(border & bit(cell) != 0, edge, "{}", cell.name());
    }
    assert_eq!(border.count_ones(), 42);
}

#[test]
fn a_diagonal_through_the_centre_splits_in_two() {
    let b = board();
    let at = |s: &str| -> String {
        let v: Vec<String> = b
            .neighbours(c(s), Dir8::XPYP)
            .iter()
            .map(|n| n.cell.name())
            .collect();
        let mut v = v;
        v.sort();
        v.join(" ")
    };
    assert_eq!(at("a44"), "c44 e44");
    assert_eq!(at("b44"), "d44 f44");
    assert!(!neighbour_set(b, c("a44")).contains(&c("d44")));
    let chains: Vec<Vec<String>> = b
        .rays
        .chains(c("a22"), Dir8::XPYP)
        .iter()
        .map(|ch| ch.iter().map(|n| n.cell.name()).collect())
        .collect();
    assert_eq!(
        chains,
        [
            ["a33", "a44", "c44", "c33", "c22", "c11"],
            ["a33", "a44", "e44", "e33", "e22", "e11"]
        ]
    );
    let beside: Vec<String> = b.rays.chains(c("a43"), Dir8::XPYP)[0]
        .iter()
        .map(|n| n.cell.name())
        .collect();
    assert_eq!(beside, ["b44", "c34", "c23", "c12"]);
    // The splitting rays are exactly the X+Y+ rays of the 24 main-diagonal cells.
    let mut split = BTreeSet::new();
    for cell in Cell::all() {
        for d in Dir8::ALL {
            if b.rays.chains(cell, d).len() == 2 {
                split.insert((cell, d));
            }
        }
    }
    let want: BTreeSet<_> = Cell::all()
        .filter(|c| c.parts().1 == c.parts().2)
        .map(|c| (c, Dir8::XPYP))
        .collect();
    assert_eq!(split, want);
    // The straight centre never splits.
    for cell in Cell::all() {
        for d in Dir8::ALL {
            assert!(straight().rays.chains(cell, d).len() <= 1);
        }
    }
}

#[test]
fn no_cell_is_reached_along_two_rays_from_one_start() {
    for b in [board(), straight()] {
        for cell in Cell::all() {
            let mut seen = 0u128;
            for d in Dir8::ALL {
                let mut this = 0u128;
                for chain in b.rays.chains(cell, d) {
                    for n in chain {
                        this |= bit(n.cell);
                    }
                }
                assert_eq!(seen & this, 0, "{} {}", cell.name(), d.label());
                assert_eq!(this & bit(cell), 0, "a ray never returns to its start");
                assert_eq!(this, b.rays.full(cell.index(), d as usize));
                seen |= this;
            }
        }
    }
}

#[test]
fn a_ray_travels_in_one_direction_per_wedge() {
    let b = board();
    for cell in Cell::all() {
        for d in Dir8::ALL {
            for chain in b.rays.chains(cell, d) {
                for n in chain {
                    let w = n.cell.wedge() as usize;
                    assert_eq!(
                        b.rays.direction_in(cell.index(), d as usize, w),
                        n.dir as u8,
                        "{} {} at {}",
                        cell.name(),
                        d.label(),
                        n.cell.name()
                    );
                }
            }
        }
    }
}

/// A slider's reach walked along each branch, for comparison with the mask cut.
fn walk(b: &DonkeyBoard, cell: Cell, d: Dir8, range: usize, occ: u128) -> u128 {
    let mut out = 0;
    for chain in b.rays.chains(cell, d) {
        for (i, n) in chain.iter().enumerate() {
            if range != 0 && i >= range {
                break;
            }
            out |= bit(n.cell);
            if occ & bit(n.cell) != 0 {
                break;
            }
        }
    }
    out
}

#[test]
fn cutting_a_ray_at_every_blocker_equals_walking_it() {
    let mut rng = Rng::from_state(0x1234_5678_9abc_def0);
    let mut rnd = move || rng.next();
    for b in [board(), straight()] {
        for _ in 0..300 {
            let occ = (u128::from(rnd()) << 64 | u128::from(rnd()))
                & (u128::from(rnd()) << 64 | u128::from(rnd()));
            let occ = occ & ((1u128 << 96) - 1);
            for cell in Cell::all() {
                for d in Dir8::ALL {
                    for range in [0, 2, 4] {
                        let ray = b.rays.within(cell, d, range);
                        let got = b.rays.cut(cell.index(), d as usize, ray, occ);
                        assert_eq!(
                            got,
                            walk(b, cell, d, range, occ),
                            "{} {}",
                            cell.name(),
                            d.label()
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn limited_rays_count_cells_along_each_branch() {
    let b = board();
    assert_eq!(names(b.rays.within(c("a33"), Dir8::XPYP, 2)), "a44 c44 e44");
    assert_eq!(
        names(b.rays.within(c("a22"), Dir8::XPYP, 4)),
        "a33 a44 c33 c44 e33 e44"
    );
    assert_eq!(
        names(b.rays.within(c("a21"), Dir8::XP, 4)),
        "a31 a41 b13 b14"
    );
}

#[test]
fn flights_match_section_6() {
    let b = board();
    assert_eq!(
        names(b.flight[c("a44").index()]),
        "a23 a32 b24 b33 c34 c43 e34 e43 f33 f42"
    );
    assert_eq!(names(b.flight[c("a11").index()]), "a23 a32");
    assert_eq!(b.flight[c("a44").index()] & bit(c("d44")), 0);
    let mut counts = BTreeSet::new();
    for cell in Cell::all() {
        let f = b.flight[cell.index()];
        counts.insert(f.count_ones());
        assert_eq!(f & bit(cell), 0);
        assert_eq!(
            f & b.king[cell.index()],
            0,
            "no flight lands next to {}",
            cell.name()
        );
        for t in mask_cells(f) {
            assert_ne!(
                t.is_light(),
                cell.is_light(),
                "flight {} {}",
                cell.name(),
                t.name()
            );
            assert!(
                b.flight[t.index()] & bit(cell) != 0,
                "symmetric {}",
                cell.name()
            );
        }
    }
    assert_eq!(counts.first(), Some(&2));
    assert_eq!(counts.last(), Some(&10));
    // On the inside of a wedge the flight is the knight's move.
    let inner = names(b.flight[c("a22").index()]);
    assert_eq!(inner, "a14 a34 a41 a43");
    // Straight centre: symmetric too, and a44 reaches across the point to d34 and d43.
    let s = straight();
    for cell in Cell::all() {
        for t in mask_cells(s.flight[cell.index()]) {
            assert!(s.flight[t.index()] & bit(cell) != 0);
        }
    }
    assert_eq!(
        s.flight[c("a44").index()] & mask("d34 d43"),
        mask("d34 d43")
    );
    let _ = steps::flights(c("a44"), Centre::Split);
}

/// Checks that a map of cells, with a map of directions, carries every relation onto itself.
fn invariant(map: impl Fn(Cell) -> Cell, dir_map: impl Fn(Dir8) -> Dir8, keeps_colour: bool) {
    for b in [board(), straight()] {
        for cell in Cell::all() {
            let m = map(cell);
            assert_eq!(map(map(cell)), cell, "an involution");
            for d in Dir8::ALL {
                let got: BTreeSet<(Cell, Dir8)> = b
                    .neighbours(cell, d)
                    .iter()
                    .map(|n| (map(n.cell), dir_map(n.dir)))
                    .collect();
                let want: BTreeSet<(Cell, Dir8)> = b
                    .neighbours(m, dir_map(d))
                    .iter()
                    .map(|n| (n.cell, n.dir))
                    .collect();
                assert_eq!(got, want, "{} {}", cell.name(), d.label());
            }
            let flights: u128 = mask_cells(b.flight[cell.index()]).fold(0, |a, t| a | bit(map(t)));
            assert_eq!(flights, b.flight[m.index()]);
            assert_eq!(
                m.is_light() == cell.is_light(),
                keeps_colour,
                "{}",
                cell.name()
            );
        }
    }
}

#[test]
fn the_half_turn_keeps_every_relation() {
    // The half turn swaps the colours: a11 is light, d11 dark.
    invariant(Cell::half_turn, |d| d, false);
}

#[test]
fn the_mirror_keeps_every_relation() {
    invariant(
        Cell::mirror,
        |d| {
            let (dx, dy) = d.vec();
            Dir8::of((dy, dx)).unwrap()
        },
        true,
    );
}
