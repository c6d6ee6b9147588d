//! The board as an SVG picture, drawn from the game's [`BoardView`] alone, as `kaissa serve`'s
//! page draws it: each cell a unit square at the centre the game gives it (a grid for the
//! rectangular games), or the outline the game gives it (Donkey Kaissa's kites, with the
//! hexagon's sides and the wedges' borders over them), coloured by its marks, with its piece
//! as a disc in the player's colour; file and rank labels, the hands and the notes below.

use kaissa::core::board_view::{BoardView, CellView};
use std::fmt::Write;

/// Pixels per cell.
const CELL: f32 = 40.0;
/// Room for the rank labels on the left and the file labels below, in pixels.
const MARGIN: f32 = 22.0;
/// Height of one line of text under the board, in pixels.
const LINE: f32 = 18.0;

/// A cell's fill from its marks (the page's style.css colours).
fn fill(marks: &[&str]) -> &'static str {
    let has = |m: &str| marks.contains(&m);
    let dark = has("dark");
    if has("hole") {
        "#4a4036"
    } else if has("drin-a") {
        if dark { "#cfc19a" } else { "#e9e1c8" }
    } else if has("drin-b") {
        if dark { "#a8bfc4" } else { "#cfdde0" }
    } else if dark {
        "#c49a63"
    } else {
        "#ecd9b4"
    }
}

/// A player's colour by the game's name for it, and the letter's colour on it.
fn player_colors(name: &str) -> (&'static str, &'static str) {
    match name {
        "Yellow" => ("#f1c232", "#222"),
        "Red" => ("#b8322a", "#fff"),
        "White" => ("#f7f7f7", "#222"),
        "Black" => ("#222222", "#fff"),
        "Blue" => ("#2f5fb3", "#fff"),
        _ => ("#999999", "#000"),
    }
}

/// Text made safe inside SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A piece disc with its letter at (x, y), in the colour of the player that owns it.
fn piece(out: &mut String, letter: char, x: f32, y: f32, colors: [&str; 2], moved: bool) {
    let first = letter.is_uppercase();
    let (bg, fg) = player_colors(colors[usize::from(!first)]);
    let dash = if moved {
        " stroke-dasharray=\"3 2\""
    } else {
        ""
    };
    let r = CELL * 0.39;
    let size = CELL * 0.45;
    let _ = write!(
        out,
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{bg}\" stroke=\"#000\" \
         stroke-width=\"2\"{dash}/><text x=\"{x:.1}\" y=\"{y:.1}\" fill=\"{fg}\" \
         font-size=\"{size:.0}\" font-weight=\"bold\" text-anchor=\"middle\" \
         dominant-baseline=\"central\">{}</text>",
        escape(&letter.to_uppercase().to_string())
    );
}

/// A cell's outline as an SVG element with `attrs`: its polygon when the game gives one, else
/// the unit square around its centre.
fn outline(c: &CellView, attrs: &str) -> String {
    if c.shape.is_empty() {
        let (x0, y0) = (MARGIN + c.x * CELL - CELL / 2.0, c.y * CELL - CELL / 2.0);
        format!("<rect x=\"{x0:.1}\" y=\"{y0:.1}\" width=\"{CELL}\" height=\"{CELL}\" {attrs}/>")
    } else {
        let points: Vec<String> = c
            .shape
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", MARGIN + x * CELL, y * CELL))
            .collect();
        format!("<polygon points=\"{}\" {attrs}/>", points.join(" "))
    }
}

/// One cell: its outline, its overlays (zones, danger, fronts) and its piece.
fn cell(out: &mut String, c: &CellView, colors: [&str; 2]) {
    let (cx, cy) = (MARGIN + c.x * CELL, c.y * CELL);
    let (x0, y0) = (cx - CELL / 2.0, cy - CELL / 2.0);
    let title = match &c.label {
        Some(l) => format!("{} = {l}", c.name),
        None => c.name.clone(),
    };
    let _ = write!(
        out,
        "<g class=\"cell\"><title>{}</title>{}",
        escape(&title),
        outline(
            c,
            &format!("fill=\"{}\" stroke=\"#00000022\"", fill(&c.marks))
        )
    );
    let overlay = |out: &mut String, color: &str| {
        out.push_str(&outline(c, &format!("fill=\"{color}\"")));
    };
    for m in &c.marks {
        match *m {
            "zone-first" => overlay(out, "rgba(241,194,50,0.30)"),
            "zone-second" => overlay(out, "rgba(184,50,42,0.22)"),
            "danger" => overlay(out, "rgba(220,0,0,0.55)"),
            "front-w" => {
                let _ = write!(
                    out,
                    "<line x1=\"{x0:.1}\" y1=\"{y0:.1}\" x2=\"{x0:.1}\" y2=\"{:.1}\" \
                     stroke=\"#5b1f12\" stroke-width=\"3\"/>",
                    y0 + CELL
                );
            }
            "front-s" => {
                let _ = write!(
                    out,
                    "<line x1=\"{x0:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
                     stroke=\"#5b1f12\" stroke-width=\"3\"/>",
                    y0 + CELL,
                    x0 + CELL,
                    y0 + CELL
                );
            }
            _ => {}
        }
    }
    if let Some(p) = c.piece {
        piece(out, p, cx, cy, colors, c.marks.contains(&"moved"));
    }
    out.push_str("</g>");
}

/// Draws `view`; `colors` are the game's names of the first and second player (`Yellow`,
/// `Red`), which choose the pieces' colours.
pub fn draw(view: &BoardView, colors: [&str; 2]) -> String {
    let board_w = view.width * CELL;
    let board_h = view.height * CELL;
    let hands = view.hands.iter().filter(|h| !h.pieces.is_empty()).count();
    let text_lines = hands + view.notes.len();
    // Notes are written in 13-pixel type: about 7 pixels a character.
    let longest_note = view
        .notes
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0);
    let width = (MARGIN + board_w + 4.0).max(longest_note as f32 * 7.0 + 8.0);
    let height = board_h + MARGIN + text_lines as f32 * (CELL * 0.8).max(LINE) + 4.0;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.1} {height:.1}\" font-family=\"sans-serif\">\
         <rect width=\"100%\" height=\"100%\" fill=\"#f4f1ea\"/>"
    );
    for c in &view.cells {
        cell(&mut out, c, colors);
    }
    for l in &view.lines {
        let _ = write!(
            out,
            "<line class=\"{}\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
             stroke=\"#3c1e0a\" stroke-width=\"{}\"/>",
            l.kind,
            MARGIN + l.x1 * CELL,
            l.y1 * CELL,
            MARGIN + l.x2 * CELL,
            l.y2 * CELL,
            if l.kind == "edge" { 2.5 } else { 1.5 }
        );
    }
    for a in &view.areas {
        let _ = write!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" \
             stroke=\"#3c1e0a66\" stroke-width=\"2\"><title>{}</title></rect>",
            MARGIN + a.x * CELL,
            a.y * CELL,
            a.width * CELL,
            a.height * CELL,
            escape(&a.name)
        );
    }
    for (x, text) in &view.bottom {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" fill=\"#555\" \
             text-anchor=\"middle\">{}</text>",
            MARGIN + x * CELL,
            board_h + 15.0,
            escape(text)
        );
    }
    for (y, text) in &view.left {
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" fill=\"#555\" text-anchor=\"end\" \
             dominant-baseline=\"central\">{}</text>",
            MARGIN - 4.0,
            y * CELL,
            escape(text)
        );
    }
    let mut y = board_h + MARGIN;
    for h in view.hands.iter().filter(|h| !h.pieces.is_empty()) {
        let row = CELL * 0.8;
        let _ = write!(
            out,
            "<text x=\"4\" y=\"{:.1}\" font-size=\"13\" dominant-baseline=\"central\">{} in \
             hand:</text>",
            y + row / 2.0,
            escape(colors.get(h.color).copied().unwrap_or("?"))
        );
        let mut x = MARGIN + 130.0;
        for &(letter, count) in &h.pieces {
            piece(&mut out, letter, x, y + row / 2.0, colors, false);
            let _ = write!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"13\" \
                 dominant-baseline=\"central\">x{count}</text>",
                x + CELL * 0.45,
                y + row / 2.0
            );
            x += CELL * 1.6;
        }
        y += row;
    }
    for note in &view.notes {
        let row = (CELL * 0.8).max(LINE);
        let _ = write!(
            out,
            "<text x=\"4\" y=\"{:.1}\" font-size=\"13\" dominant-baseline=\"central\">{}</text>",
            y + row / 2.0,
            escape(note)
        );
        y += row;
    }
    out.push_str("</svg>");
    out
}
