//! Where the donkey board's cells are drawn: each cell's centre in the plane (DONKEY.md §1: a
//! regular hexagon, corners V0..V5 counter-clockwise from V0 at the bottom, wedge `w` the kite
//! O-M(w-1)-V(w)-M(w) ruled 4 x 4 by the lines joining the quarter points of opposite sides),
//! and a text drawing in the manner of Appendix B: each cell's name with its piece below it.

use super::Cell;

/// A point of the plane: x to the right, y downwards (Yellow at the bottom, Red at the top),
/// the hexagon's corners at distance 1 from the centre.
pub type Point = (f64, f64);

fn corner(k: u8) -> Point {
    let a = (-90.0 + 60.0 * f64::from(k % 6)).to_radians();
    (a.cos(), -a.sin())
}

fn mid(p: Point, q: Point) -> Point {
    ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
}

/// The centre of a cell: the bilinear point of its kite at ((x + 1/2) / 4, (y + 1/2) / 4), x
/// along the outer edge from V(w) to M(w), y along the one from V(w) to M(w-1).
pub fn centre(cell: Cell) -> Point {
    let (w, x, y) = cell.parts();
    let v = corner(w);
    let mx = mid(corner(w), corner(w + 1));
    let my = mid(corner(w + 5), corner(w));
    let (u, t) = ((f64::from(x) + 0.5) / 4.0, (f64::from(y) + 0.5) / 4.0);
    let at = |i: usize| {
        let (a, b, c) = match i {
            0 => (v.0, mx.0, my.0),
            _ => (v.1, mx.1, my.1),
        };
        a + u * (b - a) + t * (c - a) + u * t * (0.0 - b - c + a)
    };
    (at(0), at(1))
}

/// Character columns per unit of x and rows per unit of y of the text drawing: the smallest
/// scale (rows about half the columns, as characters are twice as tall as wide) at which no two
/// cells' labels (3 characters wide, 2 rows: name and piece) touch.
fn text_scale() -> (f64, f64) {
    let cells: Vec<Point> = Cell::all().map(centre).collect();
    let mut sx = 20.0;
    loop {
        let sy = sx / 2.1;
        let spots: Vec<(i64, i64)> = cells
            .iter()
            .map(|&(x, y)| ((x * sx).round() as i64, (y * sy).round() as i64))
            .collect();
        let clear = spots.iter().enumerate().all(|(i, a)| {
            spots[i + 1..]
                .iter()
                .all(|b| (a.0 - b.0).abs() >= 5 || (a.1 - b.1).abs() >= 3)
        });
        if clear {
            return (sx, sy);
        }
        sx += 1.0;
    }
}

/// The board drawn as text: each cell's name, and below it what `piece` says stands there
/// (`.` for nothing), placed as the cells lie, Red's corner at the top.
pub fn text(piece: impl Fn(Cell) -> Option<char>) -> String {
    let (sx, sy) = text_scale();
    let spots: Vec<(i64, i64)> = Cell::all()
        .map(centre)
        .map(|(x, y)| ((x * sx).round() as i64, (y * sy).round() as i64))
        .collect();
    let min_x = spots.iter().map(|s| s.0).min().unwrap_or(0) - 1;
    let min_y = spots.iter().map(|s| s.1).min().unwrap_or(0);
    let width = (spots.iter().map(|s| s.0).max().unwrap_or(0) - min_x + 3) as usize;
    let height = (spots.iter().map(|s| s.1).max().unwrap_or(0) - min_y + 2) as usize;
    let mut grid = vec![vec![' '; width]; height];
    for (i, &(x, y)) in spots.iter().enumerate() {
        let cell = Cell(i as u8);
        let (col, row) = ((x - min_x - 1) as usize, (y - min_y) as usize);
        for (k, ch) in cell.name().chars().enumerate() {
            grid[row][col + k] = ch;
        }
        grid[row + 1][col + 1] = piece(cell).unwrap_or('.');
    }
    let mut out = String::new();
    for line in grid {
        let s: String = line.into_iter().collect();
        out.push_str(s.trim_end());
        out.push('\n');
    }
    out
}

/// Every cell's centre scaled so that unit squares around the centres never overlap (no two
/// centres are closer than one unit in both x and y), shifted so the drawing starts at (0, 0):
/// (centres, width, height). The hexagon's corners point up and down, so it is 2 x scale high
/// and sqrt(3) x scale wide.
pub fn unit_layout() -> (Vec<Point>, f64, f64) {
    let scale = 10.0;
    let (w, h) = (3f64.sqrt() * scale, 2.0 * scale);
    let out = Cell::all()
        .map(centre)
        .map(|(x, y)| (x * scale + w / 2.0, y * scale + h / 2.0))
        .collect();
    (out, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_centre_cells_lie_where_the_board_says() {
        let a11 = centre(Cell::parse("a11").unwrap());
        let d11 = centre(Cell::parse("d11").unwrap());
        assert!(
            a11.1 > 0.8 && a11.0.abs() < 1e-9,
            "a11 at the bottom: {a11:?}"
        );
        assert!(
            d11.1 < -0.8 && d11.0.abs() < 1e-9,
            "d11 at the top: {d11:?}"
        );
        for w in 0..6 {
            let (x, y) = centre(Cell::new(w, 3, 3));
            assert!((x * x + y * y).sqrt() < 0.2);
        }
        // Yellow's right near edge (a41) lies to Yellow's right.
        assert!(centre(Cell::parse("a41").unwrap()).0 > 0.0);
    }

    #[test]
    fn unit_squares_around_the_centres_fit_and_never_overlap() {
        let (pts, w, h) = unit_layout();
        for (i, a) in pts.iter().enumerate() {
            assert!(
                a.0 >= 0.5 && a.0 <= w - 0.5 && a.1 >= 0.5 && a.1 <= h - 0.5,
                "{a:?}"
            );
            for b in &pts[i + 1..] {
                assert!((a.0 - b.0).abs() >= 1.0 || (a.1 - b.1).abs() >= 1.0);
            }
        }
    }

    #[test]
    fn the_drawing_has_every_name_once_and_red_on_top() {
        let t = text(|c| (c == Cell::parse("a11").unwrap()).then_some('U'));
        for c in Cell::all() {
            assert_eq!(t.matches(&c.name()).count(), 1, "{}", c.name());
        }
        assert!(t.find("d11").unwrap() < t.find("a11").unwrap());
        assert!(t.contains('U'));
    }
}
