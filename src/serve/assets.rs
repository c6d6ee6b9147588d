//! The page's files, built into the binary: the server needs nothing on disk.

/// The page.
const INDEX: &str = include_str!("assets/index.html");
/// Its script: draws any board from the API's cell list and turns clicks into moves; with it,
/// in one file, `follow.js`, which keeps a tab in step with its game (other tabs' moves) and
/// says when the server no longer has the game, `recent.js`, the list of recent games, and
/// `shapes.js`, which draws cells that are not squares (Donkey Kaissa's kites), and
/// `players.js`, who plays what (the board turned to the player, resigning, draw offers), and
/// `legend.js`, the pieces' names and the markings' meaning, `arrow.js`, the best move's
/// arrow, and `lines.js`, side lines and clickable principal variations. One request rather than two: the page then
/// loads its files over at most six connections, and with a seventh request headless
/// Chromium at times left one script waiting minutes for a connection.
const SCRIPT: &str = concat!(
    include_str!("assets/follow.js"),
    include_str!("assets/recent.js"),
    include_str!("assets/shapes.js"),
    include_str!("assets/players.js"),
    include_str!("assets/legend.js"),
    include_str!("assets/arrow.js"),
    include_str!("assets/lines.js"),
    include_str!("assets/app.js")
);
/// Its style: the looks the cells' marks name.
const STYLE: &str = include_str!("assets/style.css");
/// The clocks' display, ticking between the server's readings.
const CLOCK: &str = include_str!("assets/clock.js");
/// The evaluation graph and bar.
const GRAPH: &str = include_str!("assets/graph.js");

/// The content type and text of the asset at `path`, if there is one.
pub fn get(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX)),
        "/app.js" => Some(("text/javascript; charset=utf-8", SCRIPT)),
        "/style.css" => Some(("text/css; charset=utf-8", STYLE)),
        "/clock.js" => Some(("text/javascript; charset=utf-8", CLOCK)),
        "/graph.js" => Some(("text/javascript; charset=utf-8", GRAPH)),
        _ => None,
    }
}
