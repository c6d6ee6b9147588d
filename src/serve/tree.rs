//! The moves of one game in the browser as a tree: the main line and the side lines played
//! from earlier points of it, kept rather than cut. A node is named by its path, the moves
//! from the start to it (moves are unique among one node's children); a node's first child
//! continues its main line, the others are side lines. The tree knows no rules: the session
//! plays every move on its engine before adding it here.

use crate::pgn::Variation;

/// One move and what was played after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Node {
    mv: String,
    /// The main continuation first, then the side lines in the order they were played.
    children: Vec<Node>,
}

/// A point where a line leaves: the moves played instead of the line's move `ply` (1 the
/// first move), each side line followed along its main continuation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Branch {
    /// The ply of the line the side line replaces (1-based: it is played instead of the
    /// line's `ply`-th move).
    pub ply: usize,
    /// The side line's moves from there.
    pub moves: Vec<String>,
    /// Whether this side line is the main continuation at that point (the shown line being
    /// a side line there).
    pub main: bool,
}

/// The game's moves with their side lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveTree {
    /// The root: no move, its children the first moves.
    root: Node,
}

impl MoveTree {
    /// A tree of one line.
    pub fn from_line(line: &[String]) -> MoveTree {
        let mut t = MoveTree::default();
        t.add_line(&[], line);
        t
    }

    /// The node at `path`, if the tree has it.
    fn node(&self, path: &[String]) -> Option<&Node> {
        path.iter()
            .try_fold(&self.root, |n, mv| n.children.iter().find(|c| &c.mv == mv))
    }

    /// The node at `path`, to change.
    fn node_mut(&mut self, path: &[String]) -> Option<&mut Node> {
        path.iter().try_fold(&mut self.root, |n, mv| {
            n.children.iter_mut().find(|c| &c.mv == mv)
        })
    }

    /// Whether the tree has the line `path` from the start.
    pub fn contains(&self, path: &[String]) -> bool {
        self.node(path).is_some()
    }

    /// Adds `moves` after the node at `path` (which must be in the tree), following moves
    /// already there; a move new at a node with children starts a side line.
    pub fn add_line(&mut self, path: &[String], moves: &[String]) -> bool {
        let Some(mut n) = self.node_mut(path) else {
            return false;
        };
        for mv in moves {
            let i = match n.children.iter().position(|c| &c.mv == mv) {
                Some(i) => i,
                None => {
                    n.children.push(Node {
                        mv: mv.clone(),
                        children: Vec::new(),
                    });
                    n.children.len() - 1
                }
            };
            n = &mut n.children[i];
        }
        true
    }

    /// The line `path` followed on along first children to its end.
    pub fn extended(&self, path: &[String]) -> Vec<String> {
        let mut line = path.to_vec();
        let mut n = self.node(path);
        while let Some(c) = n.and_then(|n| n.children.first()) {
            line.push(c.mv.clone());
            n = Some(c);
        }
        line
    }

    /// The main line: first children from the start.
    pub fn main_line(&self) -> Vec<String> {
        self.extended(&[])
    }

    /// How many moves the tree holds, in all its lines.
    pub fn len(&self) -> usize {
        fn count(n: &Node) -> usize {
            n.children.iter().map(|c| 1 + count(c)).sum()
        }
        count(&self.root)
    }

    /// Whether the tree has no move.
    pub fn is_empty(&self) -> bool {
        self.root.children.is_empty()
    }

    /// Every move of the tree in the order a walk plays them (depth first, main line first):
    /// `Some(move)` to play a move, `None` to take the last one back.
    pub fn walk(&self) -> Vec<Option<&str>> {
        fn visit<'a>(n: &'a Node, out: &mut Vec<Option<&'a str>>) {
            for c in &n.children {
                out.push(Some(&c.mv));
                visit(c, out);
                out.push(None);
            }
        }
        let mut out = Vec::new();
        visit(&self.root, &mut out);
        out
    }

    /// Whether the tree is one line, with no side line anywhere.
    pub fn is_line(&self) -> bool {
        fn one(n: &Node) -> bool {
            n.children.len() <= 1 && n.children.iter().all(one)
        }
        one(&self.root)
    }

    /// Deletes the node at `path` (not the start) and everything after it; false when the
    /// tree has no such node.
    pub fn delete(&mut self, path: &[String]) -> bool {
        let Some((last, parent)) = path.split_last() else {
            return false;
        };
        let Some(n) = self.node_mut(parent) else {
            return false;
        };
        let before = n.children.len();
        n.children.retain(|c| &c.mv != last);
        n.children.len() < before
    }

    /// Promotes the line `path` one step: at the last point where it leaves its parent's
    /// main continuation, it becomes that main continuation (the line it left becomes a side
    /// line there). False when `path` is the main line (or not in the tree).
    pub fn promote(&mut self, path: &[String]) -> bool {
        let Some(depth) = self.departures(path).pop() else {
            return false;
        };
        let Some(n) = self.node_mut(&path[..depth]) else {
            return false;
        };
        let Some(i) = n.children.iter().position(|c| c.mv == path[depth]) else {
            return false;
        };
        let child = n.children.remove(i);
        n.children.insert(0, child);
        true
    }

    /// The depths at which `path` leaves a main continuation (its move at that index is not
    /// the first child), in order; empty for the main line or a path not in the tree.
    pub fn departures(&self, path: &[String]) -> Vec<usize> {
        let mut out = Vec::new();
        let mut n = &self.root;
        for (d, mv) in path.iter().enumerate() {
            let Some(i) = n.children.iter().position(|c| &c.mv == mv) else {
                return Vec::new();
            };
            if i > 0 {
                out.push(d);
            }
            n = &n.children[i];
        }
        out
    }

    /// Every other move played at the points of `line` (including after its last move), each
    /// followed along its main continuation, by ply.
    pub fn branches(&self, line: &[String]) -> Vec<Branch> {
        let mut out = Vec::new();
        let mut n = Some(&self.root);
        for d in 0..=line.len() {
            let Some(node) = n else { break };
            for (i, c) in node.children.iter().enumerate() {
                if line.get(d) == Some(&c.mv) {
                    continue;
                }
                let mut path = line[..d].to_vec();
                path.push(c.mv.clone());
                out.push(Branch {
                    ply: d + 1,
                    moves: self.extended(&path)[d..].to_vec(),
                    main: i == 0,
                });
            }
            n = line
                .get(d)
                .and_then(|mv| node.children.iter().find(|c| &c.mv == mv));
        }
        out
    }

    /// The tree as PGN's side lines beside its main line.
    pub fn variations(&self) -> Vec<Variation> {
        variations_from(&self.root)
    }

    /// A tree of a main line and its side lines, as PGN reads them (a side line said to be
    /// played past its line's end is left out).
    pub fn from_pgn(main: &[String], variations: &[Variation]) -> MoveTree {
        let mut t = MoveTree::from_line(main);
        t.add_variations(&[], main, variations);
        t
    }

    /// Adds the side lines `vars` of the line `moves` played after `path`.
    fn add_variations(&mut self, path: &[String], moves: &[String], vars: &[Variation]) {
        for v in vars {
            if v.at > moves.len() {
                continue;
            }
            let mut at = path.to_vec();
            at.extend_from_slice(&moves[..v.at]);
            self.add_line(&at, &v.moves);
            self.add_variations(&at, &v.moves, &v.variations);
        }
    }

    /// The tree as text: its moves separated by spaces, a side line in parentheses after the
    /// move it replaces (`a b (c d) e`: `c` was played instead of `b`). A tree of one line is
    /// its moves only, as the database kept lines before side lines were kept.
    pub fn to_text(&self) -> String {
        let mut words = Vec::new();
        write_text(&self.root, &mut words);
        words.join(" ").replace("( ", "(").replace(" )", ")")
    }

    /// Reads [`Self::to_text`]'s form.
    pub fn from_text(text: &str) -> Result<MoveTree, String> {
        let words: Vec<&str> = text
            .split_whitespace()
            .flat_map(|w| split_parens(w))
            .collect();
        let mut t = MoveTree::default();
        let mut i = 0;
        read_text(&mut t, &[], &words, &mut i, 0)?;
        if i < words.len() {
            return Err("a ')' closes no side line".into());
        }
        Ok(t)
    }
}

/// A word split at its parentheses: `(a` is `(`, `a`.
fn split_parens(w: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in w.char_indices() {
        if c == '(' || c == ')' {
            if start < i {
                out.push(&w[start..i]);
            }
            out.push(&w[i..i + 1]);
            start = i + 1;
        }
    }
    if start < w.len() {
        out.push(&w[start..]);
    }
    out
}

/// Reads the words of one line from `*i` to its closing `)` (or the end at depth 0) into the
/// tree after `path`.
fn read_text(
    t: &mut MoveTree,
    path: &[String],
    words: &[&str],
    i: &mut usize,
    depth: usize,
) -> Result<(), String> {
    if depth > 64 {
        return Err("side lines nested more than 64 deep".into());
    }
    let mut line = path.to_vec();
    while let Some(&w) = words.get(*i) {
        *i += 1;
        match w {
            ")" if depth > 0 => return Ok(()),
            ")" => return Err("a ')' closes no side line".into()),
            "(" => {
                let Some((_, before)) = line.split_last() else {
                    return Err("a side line before any move".into());
                };
                let before = before.to_vec();
                read_text(t, &before, words, i, depth + 1)?;
            }
            mv => {
                t.add_line(&line, &[mv.to_string()]);
                line.push(mv.to_string());
            }
        }
    }
    if depth > 0 {
        return Err("a side line is not closed with ')'".into());
    }
    Ok(())
}

/// Writes the line from `n` on: each first child, then its siblings' lines in parentheses.
fn write_text(n: &Node, words: &mut Vec<String>) {
    let Some((first, others)) = n.children.split_first() else {
        return;
    };
    words.push(first.mv.clone());
    for o in others {
        words.push("(".into());
        words.push(o.mv.clone());
        write_text(o, words);
        words.push(")".into());
    }
    write_text(first, words);
}

/// The side lines of the main line from `n` on, as PGN holds them.
fn variations_from(n: &Node) -> Vec<Variation> {
    let mut out = Vec::new();
    let mut node = n;
    let mut at = 0;
    while let Some((first, others)) = node.children.split_first() {
        for o in others {
            let mut moves = vec![o.mv.clone()];
            let mut end = o;
            while let Some(c) = end.children.first() {
                moves.push(c.mv.clone());
                end = c;
            }
            // The side line's own side lines: those of its first move's node and on.
            let mut inner = variations_from(o);
            for v in &mut inner {
                v.at += 1;
            }
            out.push(Variation {
                at,
                moves,
                variations: inner,
            });
        }
        node = first;
        at += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_move_played_earlier_is_kept_as_a_side_line() {
        let mut t = MoveTree::from_line(&line("a b c d"));
        assert!(t.is_line());
        assert!(t.add_line(&line("a b"), &line("x y")));
        assert!(!t.is_line());
        assert_eq!(t.main_line(), line("a b c d"));
        assert_eq!(t.extended(&line("a b x")), line("a b x y"));
        assert_eq!(t.departures(&line("a b x y")), vec![2]);
        assert_eq!(t.to_text(), "a b c (x y) d");
        assert_eq!(
            t.branches(&line("a b c d")),
            vec![Branch {
                ply: 3,
                moves: line("x y"),
                main: false
            }]
        );
        assert_eq!(
            t.branches(&line("a b x y")),
            vec![Branch {
                ply: 3,
                moves: line("c d"),
                main: true
            }]
        );
        // A move already there is followed, not added again.
        t.add_line(&line("a b"), &line("c"));
        assert_eq!(t.to_text(), "a b c (x y) d");
        assert!(!t.add_line(&line("z"), &line("c")));
        assert_eq!(t.len(), 6);
        let walk: Vec<String> = t
            .walk()
            .iter()
            .map(|s| s.unwrap_or("-").to_string())
            .collect();
        assert_eq!(walk.join(" "), "a b c d - - x y - - - -");
    }

    #[test]
    fn promote_and_delete() {
        let mut t = MoveTree::from_line(&line("a b c d"));
        t.add_line(&line("a b"), &line("x y"));
        t.add_line(&line("a b x"), &line("q"));
        assert_eq!(t.to_text(), "a b c (x y (q)) d");
        // q's line leaves twice; promoting goes one step, at the deeper point.
        assert!(t.promote(&line("a b x q")));
        assert_eq!(t.to_text(), "a b c (x q (y)) d");
        assert!(t.promote(&line("a b x q")));
        assert_eq!(t.main_line(), line("a b x q"));
        assert!(!t.promote(&line("a b x q")));
        assert!(!t.promote(&line("a nothing")));
        assert!(t.delete(&line("a b x")));
        assert_eq!(t.to_text(), "a b c d");
        assert!(!t.delete(&line("a b x")));
        assert!(!t.delete(&[]));
    }

    #[test]
    fn text_round_trips_and_bad_text_is_refused() {
        for text in ["", "a", "a b c (x y (q)) d", "a (b) (c d (e) f) g h"] {
            let t = MoveTree::from_text(text).unwrap();
            assert_eq!(t.to_text(), text);
        }
        assert_eq!(
            MoveTree::from_text("a b c(x y(q))d").unwrap().to_text(),
            "a b c (x y (q)) d"
        );
        for bad in ["(a)", "a (b", "a b)", "a ) b", &"a (".repeat(70)] {
            assert!(MoveTree::from_text(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn pgn_side_lines_round_trip() {
        let t = MoveTree::from_text("a (b) (c d (e) f) g h (i j (k))").unwrap();
        let back = MoveTree::from_pgn(&t.main_line(), &t.variations());
        assert_eq!(back, t);
        let v = t.variations();
        assert_eq!(v.len(), 3);
        assert_eq!((v[0].at, &v[0].moves), (0, &line("b")));
        assert_eq!((v[1].at, &v[1].moves), (0, &line("c d f")));
        assert_eq!(
            (v[1].variations[0].at, &v[1].variations[0].moves),
            (1, &line("e"))
        );
        assert_eq!((v[2].at, &v[2].moves), (2, &line("i j")));
        assert_eq!(
            (v[2].variations[0].at, &v[2].variations[0].moves),
            (1, &line("k"))
        );
    }
}
