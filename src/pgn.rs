//! PGN for these games, shared by the tools that read or write games: `kaissa match`
//! ([`crate::tournament`]) writes and resumes from it and checks it, `kaissa datagen --from-pgn`
//! ([`crate::datagen`]) takes positions from it, `kaissa serve` ([`crate::serve`]) loads a game.
//!
//! The standard tag pairs plus `Variant` (and `FEN`/`SetUp` when the game did not start from
//! the start position), moves in the engine's notation (the from-to form variant engines use,
//! not SAN), each engine move followed by what its engine said of it (`{+0.35/12 0.98s}`, see
//! [`crate::tournament::thought`]), and the result with its reason as the last comment.
//! Reading, a comment after a move is that move's, except the last comment of the game, which
//! is the reason (so files without move comments read as before). Side lines (PGN's
//! recursive annotation variations, `1. a2a3 (1. b2b3 b7b6) 1... a7a6`) are read and written
//! for the board's analysis ([`crate::serve`]); comments inside them are not kept.

use std::fmt::Write;

/// One game as PGN holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in order (`Event`, `White`, `Variant`, `FEN`, ...).
    pub tags: Vec<(String, String)>,
    /// The moves, in engine notation.
    pub moves: Vec<String>,
    /// Per move, its comment without braces (empty: none); may be shorter than `moves`.
    pub comments: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Why the game ended, if known.
    pub reason: Option<String>,
    /// Side lines of the moves, in the order they are written.
    pub variations: Vec<Variation>,
}

/// A side line: moves played instead of the move `at` (0 the first) of the line it belongs
/// to, with side lines of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// The index of the move of the enclosing line this line replaces.
    pub at: usize,
    /// The side line's moves, in engine notation.
    pub moves: Vec<String>,
    /// Its own side lines (their `at` counted in `moves`).
    pub variations: Vec<Variation>,
}

/// Most side lines nested one in another that a PGN text may have.
const MAX_NESTING: usize = 64;

/// The tokens of one line of moves starting at ply `start` (0 the game's first move; the
/// numbering of [`PgnGame::write`]), its comments and side lines in their places.
fn line_tokens(
    moves: &[String],
    comments: &[String],
    variations: &[Variation],
    start: usize,
    numbering: (bool, usize),
    tokens: &mut Vec<String>,
) {
    let (white_first, first_number) = numbering;
    let mut after_aside = false;
    for (i, m) in moves.iter().enumerate() {
        let ply = start + i + usize::from(!white_first);
        if ply.is_multiple_of(2) {
            tokens.push(format!("{}.", first_number + ply / 2));
        } else if i == 0 || after_aside {
            tokens.push(format!("{}...", first_number + ply / 2));
        }
        after_aside = false;
        tokens.push(m.clone());
        if let Some(c) = comments.get(i).filter(|c| !c.is_empty()) {
            tokens.push(format!("{{{}}}", c.replace('}', "")));
        }
        for v in variations
            .iter()
            .filter(|v| v.at == i && !v.moves.is_empty())
        {
            tokens.push("(".into());
            line_tokens(&v.moves, &[], &v.variations, start + i, numbering, tokens);
            tokens.push(")".into());
            after_aside = true;
        }
    }
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The game as PGN text, ending with a blank line.
    pub fn write(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.tags {
            let v = v.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(s, "[{k} \"{v}\"]");
        }
        s.push('\n');
        let mut line = String::new();
        let white_first = self
            .tag("FEN")
            .and_then(|f| f.split_whitespace().nth(1))
            .is_none_or(|side| side == "w");
        let first_number: usize = self
            .tag("FEN")
            .and_then(|f| f.split_whitespace().nth(5))
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        let mut tokens = Vec::new();
        line_tokens(
            &self.moves,
            &self.comments,
            &self.variations,
            0,
            (white_first, first_number),
            &mut tokens,
        );
        if let Some(r) = &self.reason {
            tokens.push(format!("{{{}}}", r.replace('}', "")));
        }
        tokens.push(self.result.clone());
        // A side line's parentheses hug its first and last tokens: `(2. b2b3 b7b6)`.
        let mut joined: Vec<String> = Vec::with_capacity(tokens.len());
        let mut open = false;
        for t in tokens {
            if t == ")" {
                if let Some(last) = joined.last_mut() {
                    last.push(')');
                }
            } else if t == "(" {
                open = true;
            } else if std::mem::take(&mut open) {
                joined.push(format!("({t}"));
            } else {
                joined.push(t);
            }
        }
        for t in joined {
            // A line of moves never starts with `[`, which would read as a tag pair.
            if !line.is_empty() && line.len() + 1 + t.len() > 79 && !t.starts_with('[') {
                s.push_str(&line);
                s.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        s.push_str(&line);
        s.push_str("\n\n");
        s
    }
}

/// Reads every game of a PGN text.
pub fn read_all(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut tags = Vec::new();
    let mut body = String::new();
    let flush = |tags: &mut Vec<(String, String)>, body: &mut String, games: &mut Vec<PgnGame>| {
        if tags.is_empty() && body.trim().is_empty() {
            return Ok(());
        }
        let g = parse_body(std::mem::take(tags), body)?;
        body.clear();
        games.push(g);
        Ok::<(), String>(())
    };
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            if !body.trim().is_empty() {
                flush(&mut tags, &mut body, &mut games)?;
            }
            let inner = t
                .strip_prefix('[')
                .and_then(|x| x.strip_suffix(']'))
                .ok_or_else(|| format!("bad tag line: {t}"))?;
            let (k, v) = inner
                .split_once(' ')
                .ok_or_else(|| format!("bad tag line: {t}"))?;
            let v = v.trim();
            let v = v
                .strip_prefix('"')
                .and_then(|x| x.strip_suffix('"'))
                .ok_or_else(|| format!("tag value not quoted: {t}"))?;
            tags.push((k.to_string(), v.replace("\\\"", "\"").replace("\\\\", "\\")));
        } else {
            body.push_str(t);
            body.push(' ');
        }
    }
    flush(&mut tags, &mut body, &mut games)?;
    Ok(games)
}

/// Today's date as PGN writes it (`YYYY.MM.DD`), from the system clock: the `Date` tag of a
/// game written now.
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    civil_date(days)
}

/// The date `days` days after 1970-01-01 as PGN writes it (Howard Hinnant's civil-date
/// algorithm).
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Parses the movetext of one game.
fn parse_body(tags: Vec<(String, String)>, body: &str) -> Result<PgnGame, String> {
    let mut moves: Vec<String> = Vec::new();
    let mut comments: Vec<String> = Vec::new();
    // Comments since the last move: the first is that move's, unless it is the game's last.
    let mut pending: Vec<String> = Vec::new();
    let mut result = None;
    let mut rest = body;
    let attach = |pending: &mut Vec<String>, comments: &mut Vec<String>, moves: usize| {
        if moves > 0 && !pending.is_empty() {
            comments.resize(moves, String::new());
            comments[moves - 1] = pending.remove(0);
        }
        pending.clear();
    };
    let mut variations = Vec::new();
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c == '{' {
            let end = rest.find('}').ok_or("unterminated comment")?;
            pending.push(rest[1..end].trim().to_string());
            rest = &rest[end + 1..];
        } else if c == '(' {
            let at = moves
                .len()
                .checked_sub(1)
                .ok_or("a side line before any move")?;
            attach(&mut pending, &mut comments, moves.len());
            let (v, after) = parse_variation(&rest[1..], at, 1)?;
            variations.push(v);
            rest = after;
        } else if c == ')' {
            return Err("a ')' closes no side line".into());
        } else {
            let (tok, after) = token(rest);
            rest = after;
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
                result = Some(tok.to_string());
            } else if is_move_number(tok) {
                // a move number (`12.`, `12...`); a bare `0000` is a pass
            } else {
                attach(&mut pending, &mut comments, moves.len());
                moves.push(tok.to_string());
            }
        }
    }
    let result = result.ok_or("game without a result")?;
    let reason = pending.pop();
    attach(&mut pending, &mut comments, moves.len());
    Ok(PgnGame {
        tags,
        moves,
        comments,
        result,
        reason,
        variations,
    })
}

/// The word at the start of `rest` (up to a space, a comment or a parenthesis) and what
/// follows it.
fn token(rest: &str) -> (&str, &str) {
    let end = rest
        .find(|c: char| c.is_whitespace() || "{}()".contains(c))
        .unwrap_or(rest.len())
        .max(rest.chars().next().map_or(0, char::len_utf8));
    rest.split_at(end)
}

/// Whether a word is a move number (`12.`, `12...`).
fn is_move_number(tok: &str) -> bool {
    tok.ends_with('.')
        && tok
            .trim_end_matches('.')
            .bytes()
            .all(|b| b.is_ascii_digit())
}

/// Reads a side line from just after its `(` to its `)`: the line, played instead of move
/// `at` of the enclosing line, and the text after it. Comments in it are skipped.
fn parse_variation(mut rest: &str, at: usize, depth: usize) -> Result<(Variation, &str), String> {
    if depth > MAX_NESTING {
        return Err(format!("side lines nested more than {MAX_NESTING} deep"));
    }
    let mut v = Variation {
        at,
        ..Variation::default()
    };
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c == '{' {
            let end = rest.find('}').ok_or("unterminated comment")?;
            rest = &rest[end + 1..];
        } else if c == '(' {
            let inner_at = v
                .moves
                .len()
                .checked_sub(1)
                .ok_or("a side line before any move")?;
            let (inner, after) = parse_variation(&rest[1..], inner_at, depth + 1)?;
            v.variations.push(inner);
            rest = after;
        } else if c == ')' {
            if v.moves.is_empty() {
                return Err("an empty side line".into());
            }
            return Ok((v, &rest[1..]));
        } else {
            let (tok, after) = token(rest);
            rest = after;
            if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
                return Err(format!("a result ({tok}) inside a side line"));
            }
            if !is_move_number(tok) {
                v.moves.push(tok.to_string());
            }
        }
    }
    Err("a side line is not closed with ')'".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `0000` (a pass, as Caïssa writes it) is a move, not a move number.
    #[test]
    fn a_pass_is_a_move() {
        let g = parse_body(Vec::new(), "34. d6d5 0000 35. g6g1 {White checkmates} 1-0").unwrap();
        assert_eq!(g.moves, ["d6d5", "0000", "g6g1"]);
        assert_eq!(g.result, "1-0");
        let g = parse_body(Vec::new(), "1. a2a3 1... a7a6 *").unwrap();
        assert_eq!(g.moves, ["a2a3", "a7a6"]);
    }

    #[test]
    fn round_trip() {
        let g = PgnGame {
            tags: vec![
                ("Event".into(), "test \"quoted\"".into()),
                ("Variant".into(), "kaissa".into()),
                ("Result".into(), "0-1".into()),
            ],
            moves: (0..41)
                .map(|i| format!("a{}a{}", i % 9 + 1, i % 9 + 2))
                .collect(),
            comments: Vec::new(),
            result: "0-1".into(),
            reason: Some("Red captures the Home Stone".into()),
            variations: Vec::new(),
        };
        let text = g.write() + &g.write();
        let back = read_all(&text).unwrap();
        assert_eq!(back, vec![g.clone(), g]);
        assert!(read_all("[Event \"x\"]\n\n1. e2e4").is_err());
    }

    #[test]
    fn black_first_numbering() {
        let g = PgnGame {
            tags: vec![("FEN".into(), "x b - - 0 7".into())],
            moves: vec!["a9a8".into(), "b2b3".into()],
            comments: Vec::new(),
            result: "*".into(),
            reason: None,
            variations: Vec::new(),
        };
        assert!(g.write().contains("7... a9a8 8. b2b3 *"));
    }

    /// Move comments go after their moves and come back to them; the last comment is the
    /// reason, whether or not the last move has a comment of its own.
    #[test]
    fn move_comments_round_trip() {
        let mut g = PgnGame {
            tags: vec![("Result".into(), "1-0".into())],
            moves: vec!["H@b3".into(), "H@f8".into(), "c2c5".into(), "f8g8".into()],
            comments: vec![
                String::new(),
                String::new(),
                "+0.35/12 0.980s".into(),
                "-M3/20 1.000s".into(),
            ],
            result: "1-0".into(),
            reason: Some("Yellow captures the Home Stone".into()),
            variations: Vec::new(),
        };
        let text = g.write();
        assert!(text.contains("2. c2c5 {+0.35/12 0.980s} f8g8 {-M3/20 1.000s}"));
        assert_eq!(read_all(&text).unwrap(), vec![g.clone()]);
        g.comments.truncate(3);
        assert_eq!(read_all(&g.write()).unwrap(), vec![g.clone()]);
        g.comments.clear();
        assert_eq!(read_all(&g.write()).unwrap(), vec![g]);
    }

    /// Side lines are written after the move they replace, numbered, and read back, nested.
    #[test]
    fn side_lines_round_trip() {
        let g = PgnGame {
            tags: vec![("Result".into(), "*".into())],
            moves: vec!["a2a3".into(), "a7a6".into(), "b2b3".into()],
            comments: vec![String::new(), "+0.10/3 0.1s".into()],
            result: "*".into(),
            reason: None,
            variations: vec![
                Variation {
                    at: 1,
                    moves: vec!["b7b6".into(), "c2c3".into(), "c7c6".into()],
                    variations: vec![Variation {
                        at: 2,
                        moves: vec!["d7d6".into()],
                        variations: Vec::new(),
                    }],
                },
                Variation {
                    at: 1,
                    moves: vec!["h7h6".into()],
                    variations: Vec::new(),
                },
            ],
        };
        let text = g.write();
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains(
                "1. a2a3 a7a6 {+0.10/3 0.1s} (1... b7b6 2. c2c3 c7c6 (2... d7d6)) (1... h7h6) 2. b2b3 *"
            ),
            "{text}"
        );
        assert_eq!(read_all(&text).unwrap(), vec![g]);
        let g = parse_body(Vec::new(), "1. a2a3 (1. b2b3(1. c2c3)) a7a6 *").unwrap();
        assert_eq!(g.moves, ["a2a3", "a7a6"]);
        assert_eq!(g.variations[0].moves, ["b2b3"]);
        assert_eq!(g.variations[0].variations[0].moves, ["c2c3"]);
        for bad in [
            "(1. a2a3) *",
            "1. a2a3 (a7a6 *",
            "1. a2a3 ) *",
            "1. a2a3 () *",
            "1. a2a3 (b2b3 1-0) *",
        ] {
            assert!(parse_body(Vec::new(), bad).is_err(), "{bad}");
        }
        let deep = format!("1. a2a3 {}{} *", "(b2b3 ".repeat(100), ")".repeat(100));
        assert!(parse_body(Vec::new(), &deep).is_err());
    }

    /// Found by fuzzing: a comment may hold `{` (it ends at the first `}`), and a move text
    /// starting with `[` must not begin a line, where it would read as a tag pair.
    #[test]
    fn odd_comments_and_moves_round_trip() {
        let g = read_all("[Result \"*\"]\n\n1. a2a3 {x{y} a7a6 {z{} *\n").unwrap();
        assert_eq!(g[0].comments, ["x{y"]);
        assert_eq!(g[0].reason.as_deref(), Some("z{"));
        assert_eq!(read_all(&g[0].write()).unwrap(), g);
        let moves: Vec<String> = (0..120)
            .map(|i| format!("[x{}", "y".repeat(i % 7)))
            .collect();
        let g = PgnGame {
            tags: vec![("Result".into(), "*".into())],
            moves,
            comments: Vec::new(),
            result: "*".into(),
            reason: None,
            variations: Vec::new(),
        };
        let text = g.write();
        assert!(text.lines().skip(2).all(|l| !l.starts_with('[')), "{text}");
        assert_eq!(read_all(&text).unwrap(), vec![g]);
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), "1970.01.01");
        assert_eq!(civil_date(59), "1970.03.01");
        assert_eq!(civil_date(11_016), "2000.02.29");
        assert_eq!(civil_date(19_723), "2024.01.01");
    }
}
