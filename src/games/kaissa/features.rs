//! The Kaissa family's feature numbering for a learned evaluation: which input a piece on a
//! cell, or a piece in hand, is, seen from each side; and which rule set's nets a definition
//! reads. A game holds its map ([`crate::games::kaissa::game::Game::features`]); its
//! positions give their features through it (`games::kaissa::nnue`).
//!
//! Features, from one side's view (the perspective): a piece of type t on cell c, the
//! perspective's own (`0`) or the opponent's (`1`): `(own * types + t) * cells + c'`, where c'
//! is the cell itself for the first player and the cell the second player has there
//! ([`Board::for_color`]: ranks mirrored, on the donkey board the half turn) for the second;
//! then a piece held in hand (the Home Stone before its placement): one feature per piece held,
//! `2 * types * cells + (own * types + t) * HAND_SLOTS + k` for the k-th held (k below
//! [`HAND_SLOTS`]). No king buckets: the Home Stone starts in hand.

use crate::core::definition::{PieceDef, VariantDef, read_all_standalone};
use crate::core::geometry::Color;
use crate::core::nnue::record::{Placed, Record};
use crate::core::ruleset::Ruleset;
use crate::games::kaissa::Kaissa;
use crate::games::kaissa::board::Board;

/// Hand features per piece type and side: how many held pieces of one type the net tells
/// apart.
pub const HAND_SLOTS: usize = 2;

/// The feature numbering of one game.
#[derive(Clone, Debug)]
pub struct FeatureMap {
    types: usize,
    cells: usize,
    /// The second player's image of each cell.
    second: Vec<u16>,
    /// Each cell's image in the board's left-right mirror (rectangles only).
    mirror: Option<Vec<u16>>,
    /// What a net must say it reads to be used for this game.
    description: String,
}

impl FeatureMap {
    /// The map of a game's board and pieces (`letters`, one per type in type order), whose
    /// nets are those of the rule set `net_rule_set` ([`net_rule_set`]).
    pub fn new(board: &Board, letters: &str, net_rule_set: &str) -> FeatureMap {
        let cells = board.cell_count();
        let shape = match board {
            Board::Rect(r) => format!("{}x{}", r.files, r.ranks),
            Board::Donkey(_) => "donkey".to_string(),
        };
        FeatureMap {
            types: letters.chars().count(),
            cells,
            second: (0..cells)
                .map(|c| board.for_color(c, Color::Second) as u16)
                .collect(),
            mirror: board.rect().map(|r| {
                (0..cells)
                    .map(|c| r.cell(r.files - 1 - r.file(c), r.rank(c)) as u16)
                    .collect()
            }),
            description: format!("kaissa {net_rule_set}: {letters} {shape} hand {HAND_SLOTS}"),
        }
    }

    /// The number of inputs a net for this game has.
    pub fn inputs(&self) -> usize {
        2 * self.types * (self.cells + HAND_SLOTS)
    }

    /// The trainer's shared inputs ("factors"): one per piece type and side, active
    /// wherever a piece of that type and side stands, so what every cell of a type has in
    /// common (its value) is learned from all of its positions. Folded into the board
    /// features' weights when the net is written; the engine never sees them.
    pub fn factors(&self) -> usize {
        2 * self.types
    }

    /// The factor (counted from 0) that shares in the board feature `feature`; None for a
    /// hand feature.
    #[inline]
    pub fn factor(&self, feature: usize) -> Option<usize> {
        (feature < 2 * self.types * self.cells).then(|| feature / self.cells)
    }

    /// The feature `feature` of the position mirrored left to right (files a..j become j..a),
    /// seen from the same side; None on a board without that mirror (the donkey board). Every
    /// Kaissa rule treats both wings alike, so a mirrored position is worth what its original
    /// is: the trainer may learn from both.
    #[inline]
    pub fn mirrored(&self, feature: usize) -> Option<usize> {
        let mirror = self.mirror.as_ref()?;
        if feature >= 2 * self.types * self.cells {
            return Some(feature);
        }
        let cell = feature % self.cells;
        Some(feature - cell + mirror[cell] as usize)
    }

    /// For each of this map's inputs, the input of a net that reads `features` (another
    /// Kaissa rule set's net on the same board) for the same piece letter, side and cell or
    /// hand slot; None for a piece that net does not know. An error when the net reads another
    /// board or hand, or is not of the family: a trainer's start from another rule set's net.
    pub fn rows_from(&self, features: &str) -> Result<Vec<Option<usize>>, String> {
        let (Some((theirs, their_tail)), Some((ours, our_tail))) = (
            parse_description(features),
            parse_description(&self.description),
        ) else {
            return Err(format!(
                "a net reading \"{features}\" is not of the Kaissa family"
            ));
        };
        if their_tail != our_tail {
            return Err(format!(
                "the net reads \"{features}\": another board or hand than \"{}\"",
                self.description
            ));
        }
        let source: Vec<Option<usize>> = ours.chars().map(|c| theirs.find(c)).collect();
        let (ty, st, n) = (self.types, theirs.len(), self.cells);
        Ok((0..self.inputs())
            .map(|f| {
                if f < 2 * ty * n {
                    let (side, t, cell) = (f / (ty * n), f / n % ty, f % n);
                    source[t].map(|s| (side * st + s) * n + cell)
                } else {
                    let g = f - 2 * ty * n;
                    let (side, t, k) = (g / (ty * HAND_SLOTS), g / HAND_SLOTS % ty, g % HAND_SLOTS);
                    source[t].map(|s| 2 * st * n + (side * st + s) * HAND_SLOTS + k)
                }
            })
            .collect())
    }

    /// The description of a family of this game and the games whose nets read `others`
    /// (Kaissa rule sets on the same board with the same hand): `kaissa family: LETTERS
    /// BOARD hand N`, its letters every letter of the members in order of first appearance,
    /// so [`FeatureMap::rows_from`] maps every member's inputs into it (the trainer's family
    /// nets). An error names a member of another board or hand, or not of the family.
    pub fn family_description(&self, others: &[&str]) -> Result<String, String> {
        let (mut letters, tail) = parse_description(&self.description)
            .ok_or_else(|| format!("\"{}\" is not of the Kaissa family", self.description))?;
        for other in others {
            let Some((theirs, their_tail)) = parse_description(other) else {
                return Err(format!(
                    "a net reading \"{other}\" is not of the Kaissa family"
                ));
            };
            if their_tail != tail {
                return Err(format!(
                    "\"{other}\" and \"{}\" are not of one board and hand: no family",
                    self.description
                ));
            }
            for c in theirs.chars() {
                if !letters.contains(c) {
                    letters.push(c);
                }
            }
        }
        Ok(format!("kaissa family: {letters} {tail}"))
    }

    /// What a net for this game says it reads (`kaissa merchants: UATSBIRXPH 10x10 hand 2`).
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The feature of a piece of `color` and type `t` on `cell`, seen by each side: (first
    /// player's view, second's).
    #[inline(always)]
    pub fn board(&self, color: Color, t: u8, cell: usize) -> (usize, usize) {
        let (ty, n) = (self.types, self.cells);
        let own = color.index();
        let first = (own * ty + t as usize) * n + cell;
        let second = ((1 - own) * ty + t as usize) * n + self.second[cell] as usize;
        (first, second)
    }

    /// The feature of the `k`-th piece of type `t` in `color`'s hand, seen by each side; None
    /// beyond [`HAND_SLOTS`].
    #[inline(always)]
    pub fn hand(&self, color: Color, t: u8, k: usize) -> Option<(usize, usize)> {
        if k >= HAND_SLOTS {
            return None;
        }
        let base = 2 * self.types * self.cells;
        let own = color.index();
        let at = |o: usize| base + (o * self.types + t as usize) * HAND_SLOTS + k;
        Some((at(own), at(1 - own)))
    }

    /// Every active feature of the pieces `pieces` and hands (type, count), for each side:
    /// (first player's view, second's).
    pub fn active_of(&self, pieces: &[Placed], hands: [&[(u8, u8)]; 2]) -> [Vec<usize>; 2] {
        let mut active = [Vec::with_capacity(64), Vec::with_capacity(64)];
        let color = |c: u8| if c == 0 { Color::First } else { Color::Second };
        let mut push = |(a, b): (usize, usize)| {
            active[0].push(a);
            active[1].push(b);
        };
        for &(cell, c, t) in pieces {
            push(self.board(color(c), t, cell));
        }
        for (c, hand) in hands.iter().enumerate() {
            for &(t, n) in hand.iter() {
                for k in 0..n as usize {
                    if let Some(f) = self.hand(color(c as u8), t, k) {
                        push(f);
                    }
                }
            }
        }
        active
    }

    /// Every active feature of `record`'s position (the trainer's input).
    pub fn active_of_record(&self, record: &Record) -> Result<[Vec<usize>; 2], String> {
        let pieces: Vec<Placed> = record.pieces().collect();
        if let Some(&(cell, _, t)) = pieces
            .iter()
            .find(|&&(cell, _, t)| cell >= self.cells || t as usize >= self.types)
        {
            return Err(format!("piece type {t} on cell {cell} is not of this game"));
        }
        let hand = |c: usize| record.hand(c).into_iter().collect::<Vec<_>>();
        let (h0, h1) = (hand(0), hand(1));
        if h0.iter().chain(&h1).any(|&(t, _)| t as usize >= self.types) {
            return Err("a hand holds a piece type not of this game".into());
        }
        Ok(self.active_of(&pieces, [&h0, &h1]))
    }
}

/// The letters and the rest (board and hand) of a Kaissa net's description (`kaissa NAME:
/// LETTERS BOARD hand N`); None for another game's.
fn parse_description(d: &str) -> Option<(String, String)> {
    let (_, rest) = d.strip_prefix("kaissa ")?.split_once(": ")?;
    let (letters, tail) = rest.split_once(' ')?;
    Some((letters.to_string(), tail.to_string()))
}

/// The rule set whose nets a definition reads: a built-in rule set reads its own; any other
/// definition reads the nets of the built-in rule set whose army it plays on that rule set's
/// board ([`same_army`]: the same pieces, by letter in the same order, moving the same way;
/// promotion, placement, start position and end rules may differ), its parent first if the
/// parent qualifies, else the first such rule set of the built-in file; a definition whose
/// army no built-in rule set plays reads its own name's nets (none are built in).
/// `merchants-first` (where the Home Stone goes) and a merchants army whose Spearmen
/// promote both read merchants' nets, so a net trained on any of them serves all.
pub fn net_rule_set(def: &VariantDef) -> String {
    let Ok(builtins) = read_all_standalone(Kaissa::BUILTIN.1) else {
        return def.name.clone();
    };
    if builtins.iter().any(|b| b.name == def.name) {
        return def.name.clone();
    }
    let parent = def
        .parent
        .as_ref()
        .and_then(|p| builtins.iter().find(|b| &b.name == p));
    parent
        .into_iter()
        .chain(&builtins)
        .find(|b| {
            (&b.board, b.files, b.ranks) == (&def.board, def.files, def.ranks)
                && same_army(&b.pieces, &def.pieces)
        })
        .map_or_else(|| def.name.clone(), |b| b.name.clone())
}

/// Whether two armies are one for a net: the same letters in the same order, each piece
/// moving the same way (Betza, zone moves, pawn, wing); names and promotion aside.
pub fn same_army(a: &[PieceDef], b: &[PieceDef]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            (&x.letter, &x.betza, &x.zone_moves, x.pawn, &x.wing)
                == (&y.letter, &y.betza, &y.zone_moves, y.pawn, &y.wing)
        })
}
