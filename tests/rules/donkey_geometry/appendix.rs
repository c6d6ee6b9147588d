//! Appendix A of DONKEY.md, cell by cell: every cell's neighbours in all eight directions with
//! the direction in which a ray continues there, read from the appendix text itself.

use super::{board, c};
use kaissa::core::donkey::{Cell, Dir8};

/// One appendix entry: the cells (two for the split) and their continuing directions.
type Entry = Vec<(Cell, Dir8)>;

/// Reads `cell(dir)` items separated by spaces, or `-` for none.
fn parse_entry(text: &str) -> Entry {
    let text = text.trim();
    if text == "-" {
        return Vec::new();
    }
    text.split_whitespace()
        .map(|item| {
            let (cell, rest) = item.split_once('(').expect("entry reads cell(dir)");
            let dir = rest.strip_suffix(')').expect("entry ends with ')'");
            let d = Dir8::ALL
                .into_iter()
                .find(|d| d.label() == dir)
                .unwrap_or_else(|| panic!("unknown direction {dir}"));
            (c(cell), d)
        })
        .collect()
}

/// The appendix as (cell, its eight entries in column order).
fn appendix() -> Vec<(Cell, Vec<Entry>)> {
    let text = include_str!("../../donkey/appendix_a.txt");
    let mut lines = text.lines();
    let header: Vec<&str> = lines
        .next()
        .expect("header line")
        .split('|')
        .map(str::trim)
        .collect();
    let expected: Vec<&str> = std::iter::once("cell")
        .chain(Dir8::ALL.iter().map(|d| d.label()))
        .collect();
    assert_eq!(
        header, expected,
        "the columns are Appendix A's, in Dir8 order"
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('|').collect();
            assert_eq!(cols.len(), 9, "line {l}");
            (
                c(cols[0].trim()),
                cols[1..].iter().map(|t| parse_entry(t)).collect(),
            )
        })
        .collect()
}

#[test]
fn appendix_lists_every_cell_once_in_index_order() {
    let cells: Vec<Cell> = appendix().into_iter().map(|(c, _)| c).collect();
    let all: Vec<Cell> = Cell::all().collect();
    assert_eq!(cells, all);
}

#[test]
fn every_neighbour_and_continuing_direction_matches_appendix_a() {
    let b = board();
    let mut checked = 0;
    for (cell, entries) in appendix() {
        for (d, want) in Dir8::ALL.into_iter().zip(entries) {
            let mut got: Vec<(Cell, Dir8)> = b
                .neighbours(cell, d)
                .iter()
                .map(|n| (n.cell, n.dir))
                .collect();
            let mut want = want;
            got.sort_by_key(|x| x.0);
            want.sort_by_key(|x| x.0);
            assert_eq!(got, want, "{} {}", cell.name(), d.label());
            checked += 1;
        }
    }
    assert_eq!(checked, 96 * 8);
}

#[test]
fn only_the_centre_cells_heading_in_split() {
    for (cell, entries) in appendix() {
        for (d, e) in Dir8::ALL.into_iter().zip(entries) {
            let centre = cell.parts().1 == 3 && cell.parts().2 == 3 && d == Dir8::XPYP;
            assert_eq!(e.len() == 2, centre, "{} {}", cell.name(), d.label());
        }
    }
}
