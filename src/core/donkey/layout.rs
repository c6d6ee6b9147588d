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
    let quarter = |n: u8| f64::from(n) / 4.0;
    kite_point(w, quarter(x) + 0.125, quarter(y) + 0.125)
}

/// The four corners of a cell, in order around it: the lines of its wedge's 4 x 4 ruling
/// that bound it (x/4 and (x+1)/4 along one edge, y/4 and (y+1)/4 along the other).
pub fn corners(cell: Cell) -> [Point; 4] {
    let (w, x, y) = cell.parts();
    let quarter = |n: u8| f64::from(n) / 4.0;
    let (u0, u1, t0, t1) = (quarter(x), quarter(x + 1), quarter(y), quarter(y + 1));
    [
        kite_point(w, u0, t0),
        kite_point(w, u1, t0),
        kite_point(w, u1, t1),
        kite_point(w, u0, t1),
    ]
}

/// The board's lines as segments with their kind: the hexagon's six sides (`edge`) and the six
/// wedge borders from the centre to each side's midpoint (`wedge`).
pub fn lines() -> Vec<(Point, Point, &'static str)> {
    let mut out = Vec::with_capacity(12);
    for k in 0..6 {
        out.push((corner(k), corner(k + 1), "edge"));
        out.push(((0.0, 0.0), mid(corner(k), corner(k + 1)), "wedge"));
    }
    out
}

/// The point of wedge `w`'s kite at (u, t), each from 0 to 1: u along the outer edge from V(w)
/// to M(w), t along the one from V(w) to M(w-1), bilinear between the kite's corners V(w),
/// M(w), the centre O and M(w-1).
fn kite_point(w: u8, u: f64, t: f64) -> Point {
    let v = corner(w);
    let mx = mid(corner(w), corner(w + 1));
    let my = mid(corner(w + 5), corner(w));
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
    let (w, h) = unit_size();
    (Cell::all().map(centre).map(to_unit).collect(), w, h)
}

/// How many units one unit of the plane is in [`unit_layout`].
const UNIT_SCALE: f64 = 10.0;

/// The width and height of [`unit_layout`]'s drawing.
fn unit_size() -> (f64, f64) {
    (3f64.sqrt() * UNIT_SCALE, 2.0 * UNIT_SCALE)
}

/// A point of the plane in [`unit_layout`]'s drawing (the cells' corners, the board's lines).
pub fn to_unit((x, y): Point) -> Point {
    let (w, h) = unit_size();
    (x * UNIT_SCALE + w / 2.0, y * UNIT_SCALE + h / 2.0)
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
    fn each_cell_lies_inside_its_four_corners_and_neighbours_share_two() {
        for cell in Cell::all() {
            let c = centre(cell);
            let k = corners(cell);
            // The centre is inside the quadrilateral: on the same side of each of its edges.
            let side = |a: Point, b: Point| (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
            let signs: Vec<bool> = (0..4).map(|i| side(k[i], k[(i + 1) % 4]) > 0.0).collect();
            assert!(signs.iter().all(|&s| s == signs[0]), "{}", cell.name());
        }
        let (a, b) = (corners(Cell::new(0, 0, 0)), corners(Cell::new(0, 1, 0)));
        let near = |p: Point, q: Point| (p.0 - q.0).abs() < 1e-9 && (p.1 - q.1).abs() < 1e-9;
        let shared = a.iter().filter(|p| b.iter().any(|q| near(**p, *q))).count();
        assert_eq!(shared, 2);
        assert_eq!(lines().len(), 12);
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
