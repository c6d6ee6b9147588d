//! Perft data files (`tests/perft/<game>.epd`): `<fen> ;D1 n ;D2 n ...` lines, each under a
//! `#` comment saying what the position exercises. Declared once at the root of
//! each test target that uses it (`crate::perft_data`).

/// A position of the data file: its comment, FEN and counts by depth.
pub struct Case {
    /// The comment line above it.
    pub comment: String,
    /// The position.
    pub fen: String,
    /// (depth, leaves).
    pub counts: Vec<(u32, u64)>,
}

/// The cases of `tests/perft/<game>.epd`.
pub fn read_cases(game: &str) -> Vec<Case> {
    let path = format!("{}/tests/perft/{game}.epd", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases = Vec::new();
    let mut comment = String::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() {
            continue;
        }
        if let Some(c) = line.strip_prefix('#') {
            comment = c.trim().to_string();
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        let counts = parts
            .map(|p| {
                let (d, n) = p.trim().split_once(' ').expect("depth and count");
                (
                    d.trim_start_matches('D').parse().unwrap(),
                    n.parse().unwrap(),
                )
            })
            .collect();
        cases.push(Case {
            comment: comment.clone(),
            fen,
            counts,
        });
    }
    cases
}
