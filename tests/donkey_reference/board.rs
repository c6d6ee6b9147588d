//! The reference's board: a plain graph of 96 named cells, read from DONKEY.md's Appendix A
//! (`tests/donkey/appendix_a.txt`), with the flight, the Spearmen's fields and the special
//! cells written out from DONKEY.md §6-§8. Nothing here comes from the engine.

use std::collections::BTreeSet;

/// The eight directions, Appendix A's column order.
pub const DIRS: [&str; 8] = ["X+", "X-", "Y+", "Y-", "X+Y+", "X+Y-", "X-Y+", "X-Y-"];

/// A direction as an index into [`DIRS`].
pub type Dir = usize;

/// A cell as its name's index: wedge letter, x, y (`a11` = 0, `a12` = 1, ... `f44` = 95).
pub type Sq = usize;

/// The name of a cell.
pub fn name(s: Sq) -> String {
    let w = (b'a' + (s / 16) as u8) as char;
    format!("{w}{}{}", s / 4 % 4 + 1, s % 4 + 1)
}

/// The cell of a name; `None` for anything else.
pub fn parse_sq(text: &str) -> Option<Sq> {
    (0..96).find(|&s| name(s) == text)
}

/// The direction with `dx`, `dy` components (each -1, 0 or 1).
pub fn dir_of(dx: i32, dy: i32) -> Dir {
    let label = format!(
        "{}{}",
        match dx {
            1 => "X+",
            -1 => "X-",
            _ => "",
        },
        match dy {
            1 => "Y+",
            -1 => "Y-",
            _ => "",
        }
    );
    DIRS.iter().position(|&d| d == label).expect("a direction")
}

/// The (dx, dy) of a direction.
pub fn vec_of(d: Dir) -> (i32, i32) {
    let l = DIRS[d];
    let dx = if l.contains("X+") {
        1
    } else if l.contains("X-") {
        -1
    } else {
        0
    };
    let dy = if l.contains("Y+") {
        1
    } else if l.contains("Y-") {
        -1
    } else {
        0
    };
    (dx, dy)
}

/// The board: the appendix's graph, perhaps with the straight centre, and what follows.
pub struct Board {
    /// `next[cell][dir]`: (neighbour, direction the ray continues in), two for the split.
    pub next: Vec<Vec<Vec<(Sq, Dir)>>>,
    /// `flight[cell]`: the Tarnsman's (2,1) flight targets.
    pub flight: Vec<BTreeSet<Sq>>,
}

impl Board {
    /// Reads Appendix A; with `straight`, the X+Y+ step from each `w44` goes to the centre cell
    /// across the point instead of splitting (DONKEY.md §4's option).
    pub fn new(straight: bool) -> Board {
        let text = include_str!("../donkey/appendix_a.txt");
        let mut next = vec![vec![Vec::new(); 8]; 96];
        for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let cols: Vec<&str> = line.split('|').map(str::trim).collect();
            let cell = parse_sq(cols[0]).expect("appendix cell");
            for d in 0..8 {
                if cols[d + 1] == "-" {
                    continue;
                }
                for item in cols[d + 1].split_whitespace() {
                    let (c, rest) = item.split_once('(').expect("cell(dir)");
                    let dir = rest.trim_end_matches(')');
                    next[cell][d].push((
                        parse_sq(c).expect("appendix neighbour"),
                        DIRS.iter()
                            .position(|&x| x == dir)
                            .expect("appendix direction"),
                    ));
                }
            }
        }
        if straight {
            for w in 0..6 {
                let centre = 16 * w + 15;
                next[centre][dir_of(1, 1)] = vec![(16 * ((w + 3) % 6) + 15, dir_of(-1, -1))];
            }
        }
        let mut b = Board {
            next,
            flight: Vec::new(),
        };
        b.flight = b.flights();
        b
    }

    /// DONKEY.md §6: an orthogonal step d, then the diagonal step continuing outward (the
    /// direction of travel after d, plus either perpendicular); the other order is the same
    /// path walked backwards, so the relation is this one made symmetric.
    fn flights(&self) -> Vec<BTreeSet<Sq>> {
        let mut f = vec![BTreeSet::new(); 96];
        for (s, targets) in f.iter_mut().enumerate() {
            for d in 0..4 {
                for &(mid, heading) in &self.next[s][d] {
                    let (hx, hy) = vec_of(heading);
                    for (px, py) in [(hy, -hx), (-hy, hx)] {
                        for &(t, _) in &self.next[mid][dir_of(hx + px, hy + py)] {
                            targets.insert(t);
                        }
                    }
                }
            }
        }
        let mut sym = f.clone();
        for (s, targets) in f.iter().enumerate() {
            for &t in targets {
                sym[t].insert(s);
            }
        }
        sym
    }
}

/// DONKEY.md §7's table: the forward direction of each (side, wing) in wedges a..f.
/// Side 0 Yellow, 1 Red; wing 0 right, 1 left.
pub fn forward(side: usize, wing: usize, sq: Sq) -> Dir {
    const TABLE: [[&str; 6]; 4] = [
        ["Y+", "X+", "Y-", "X-", "Y-", "X-"],
        ["X+", "Y-", "X-", "Y-", "X-", "Y+"],
        ["X-", "Y-", "X-", "Y+", "X+", "Y-"],
        ["Y-", "X-", "Y+", "X+", "Y-", "X-"],
    ];
    let label = TABLE[side * 2 + wing][sq / 16];
    DIRS.iter()
        .position(|&d| d == label)
        .expect("table direction")
}

/// The cells named in a space-separated list.
fn cells(list: &str) -> Vec<Sq> {
    list.split_whitespace()
        .map(|n| parse_sq(n).expect("a cell of the spec"))
        .collect()
}

/// DONKEY.md §7, `promotion=end`: the ends of each (side, wing)'s files.
pub fn file_ends(side: usize, wing: usize) -> Vec<Sq> {
    cells(
        [
            "c11 c21 c31 c41 d11 d12 d13 d14 e11 e21 e31 e41 f11 f12 f13 f14",
            "d11 d21 d31 d41 e11 e12 e13 e14 b11 b21 b31 b41 c11 c12 c13 c14",
            "a11 a12 a13 a14 f11 f21 f31 f41 b11 b21 b31 b41 c11 c12 c13 c14",
            "a11 a21 a31 a41 b11 b12 b13 b14 e11 e21 e31 e41 f11 f12 f13 f14",
        ][side * 2 + wing],
    )
}

/// DONKEY.md §7's default: the 15 cells of the enemy's near edges.
pub fn enemy_edges(side: usize) -> Vec<Sq> {
    cells(
        [
            "d11 d21 d31 d41 e14 e13 e12 e11 d12 d13 d14 c41 c31 c21 c11",
            "a11 a21 a31 a41 b14 b13 b12 b11 a12 a13 a14 f41 f31 f21 f11",
        ][side],
    )
}

/// DONKEY.md §8: the ten Home Stone cells of a side.
pub fn home_cells(side: usize) -> Vec<Sq> {
    cells(
        [
            "a21 a31 a41 b14 b13 a12 a13 a14 f41 f31",
            "d21 d31 d41 e14 e13 d12 d13 d14 c41 c31",
        ][side],
    )
}
