//! The variant-definition format: what a game is, as data (TOML).
//!
//! Every field is described in docs/variants.md, "The variant definition format". A file holds one or more `[[variant]]`
//! tables; a variant may name a `parent` and then states only what differs. Definitions are
//! checked by the game that plays them.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use toml::{Table, Value};

/// One game, as written in a variants file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct VariantDef {
    /// The name users select the game by (`--variant NAME`, `UCI_Variant`).
    pub name: String,
    /// A variant whose fields this one inherits; `pieces` are merged by letter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// A rules module of the engine's own that plays this game instead of the data-driven
    /// generator (`"caissa"`); the other fields then name the pieces and set the board, start
    /// position and end rules that module reads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// One line for listings.
    #[serde(default)]
    pub description: String,
    /// A board that is not a rectangle: `"donkey"` (Donkey Kaissa's six wedges, 96 cells
    /// `a11`..`f44`, the centre diagonal splitting) or `"donkey-straight"` (the same with the
    /// centre diagonal going straight across). Absent: a `files` x `ranks` rectangle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// Board width (rectangles only).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub files: usize,
    /// Board height (rectangles only).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ranks: usize,
    /// The start position, in this engine's FEN.
    pub start_fen: String,
    /// The pieces; letters are unique, upper case (the second player's are lower case).
    pub pieces: Vec<PieceDef>,
    /// Pieces that are placed from the hand.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drops: Vec<DropDef>,
    /// Cells (absolute) whose starting pieces never get their first-move (`i`) powers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_initial_moves: Vec<String>,
    /// How the game ends.
    pub end: EndDef,
    /// Named readings of the rules a user may switch on; each is a partial variant table laid
    /// over this one when the option is set.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, OptionDef>,
}

/// One piece type.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// Its FEN letter, upper case.
    pub letter: String,
    /// Its name.
    pub name: String,
    /// Its moves in Betza notation.
    pub betza: String,
    /// Extra moves allowed only from cells of a zone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zone_moves: Vec<ZoneMoveDef>,
    /// True for pawn-like pieces: their moves reset the no-progress counter.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pawn: bool,
    /// How the piece promotes, if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion: Option<PromotionDef>,
    /// On the donkey board: the near edge (`"right"` or `"left"`, as its owner sees it) whose
    /// inward direction is this piece's forward; needed by pieces with direction modifiers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wing: Option<String>,
}

/// Moves a piece has only while it stands in a zone.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ZoneMoveDef {
    /// The moves, in Betza notation.
    pub betza: String,
    /// The ranks, counted from the owner's side: `"1-5"`, `"9"`, `"1,2"`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub ranks: String,
    /// Instead of ranks: the cells, as the first player's (space-separated names); the second
    /// player's are their images (the rank mirror, or on the donkey board the half turn).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cells: String,
}

/// Promotion of a piece that ends a move in a zone.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PromotionDef {
    /// The ranks, counted from the owner's side, e.g. `"10"`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub ranks: String,
    /// Instead of ranks: the first player's cells (see [`ZoneMoveDef::cells`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cells: String,
    /// Letters of the pieces it may become.
    pub to: Vec<String>,
    /// If true, a move into the zone must promote; if false, staying is a choice.
    #[serde(default = "yes")]
    pub mandatory: bool,
}

fn yes() -> bool {
    true
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The shape of a definition's board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A rectangle of files x ranks.
    Rect {
        /// Width.
        files: usize,
        /// Height.
        ranks: usize,
    },
    /// Donkey Kaissa's six wedges (96 cells), with its centre rule.
    Donkey(crate::core::donkey::Centre),
}

impl VariantDef {
    /// The board's shape, checked: a known `board` name without files and ranks, or a
    /// rectangle.
    pub fn shape(&self) -> Result<Shape, String> {
        use crate::core::donkey::Centre;
        let centre = match self.board.as_deref() {
            None => {
                return Ok(Shape::Rect {
                    files: self.files,
                    ranks: self.ranks,
                });
            }
            Some("donkey") => Centre::Split,
            Some("donkey-straight") => Centre::Straight,
            Some(other) => {
                return Err(format!(
                    "unknown board \"{other}\" (known: donkey, donkey-straight; or none for files x ranks)"
                ));
            }
        };
        if self.files != 0 || self.ranks != 0 {
            return Err("the donkey board has no files and ranks: leave them out".into());
        }
        Ok(Shape::Donkey(centre))
    }

    /// The number of cells of the board (0 for an unknown board).
    pub fn cell_count(&self) -> usize {
        match self.shape() {
            Ok(Shape::Rect { files, ranks }) => files.saturating_mul(ranks),
            Ok(Shape::Donkey(_)) => crate::core::donkey::CELLS,
            Err(_) => 0,
        }
    }

    /// The board in words for listings: `10x10`, `donkey`.
    pub fn board_words(&self) -> String {
        match self.shape() {
            Ok(Shape::Donkey(_)) => self.board.clone().unwrap_or_default(),
            _ => format!("{}x{}", self.files, self.ranks),
        }
    }
}

/// A piece placed from the hand.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DropDef {
    /// Letter of the piece.
    pub piece: String,
    /// The ranks it may be placed on, counted from the owner's side.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub ranks: String,
    /// Instead of ranks: the first player's cells (see [`ZoneMoveDef::cells`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cells: String,
    /// First and last own turn (a player's n-th move is turn n) on which it may be placed:
    /// two numbers.
    pub window: Vec<u32>,
    /// If true: on the window's last turn, with the piece in hand, only placements are legal,
    /// and a player who cannot place loses.
    #[serde(default)]
    pub deadline: bool,
}

/// The result, for the side to move, of a position with no legal move.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum NoMoveResult {
    /// The game is drawn.
    Draw,
    /// The side to move loses.
    Loss,
    /// The side to move wins.
    Win,
}

/// How a game ends.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    /// Letters of pieces whose capture (the last one of the type) wins at once.
    #[serde(default)]
    pub capture_wins: Vec<String>,
    /// Letters of piece types whose loss by both players draws at once.
    #[serde(default)]
    pub both_lost_draw: Vec<String>,
    /// The result when the side to move has no legal move.
    pub no_moves: NoMoveResult,
    /// Positions repeated this many times draw (0: never).
    #[serde(default)]
    pub repetition: u32,
    /// Plies in a row without a capture, a pawn move or a drop that draw (0: never).
    #[serde(default)]
    pub ply_limit: u32,
}

/// An optional reading of the rules.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    /// What the option means, for `--help` and option listings.
    pub doc: String,
    /// The fields that change, as a partial variant table (`pieces` merged by letter).
    pub set: toml::Table,
}

/// A whole variants file.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantsFile {
    /// The variants it defines.
    pub variant: Vec<Table>,
}

/// A variant table with its `parent`'s fields merged in: the parent's resolved table (`None`
/// for a variant without one) without its `options`, with `table` laid over it (tables merge
/// key by key, `pieces` by letter, a piece with `remove = true` is dropped, anything else is
/// replaced).
pub fn inherit(parent: Option<&Table>, table: &Table) -> Table {
    match parent {
        Some(p) => {
            let mut base = p.clone();
            base.remove("options");
            overlay(&mut base, table);
            base
        }
        None => {
            let mut t = table.clone();
            overlay(&mut t, &Table::new());
            t
        }
    }
}

/// The definition of a resolved variant table (see [`inherit`]) with the named options laid
/// over it.
pub fn with_options(table: &Table, options: &[String]) -> Result<VariantDef, String> {
    let mut t = table.clone();
    for opt in options {
        let set = table
            .get("options")
            .and_then(|o| o.get(opt.as_str()))
            .and_then(|o| o.get("set"))
            .and_then(|s| s.as_table())
            .ok_or_else(|| {
                let known: Vec<String> = table
                    .get("options")
                    .and_then(|o| o.as_table())
                    .map(|o| o.keys().cloned().collect())
                    .unwrap_or_default();
                format!(
                    "unknown option \"{opt}\" (known: {})",
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )
            })?
            .clone();
        overlay(&mut t, &set);
    }
    let text = toml::to_string(&t).map_err(|e| e.to_string())?;
    toml::from_str(&text).map_err(|e| one_line(&e.to_string()))
}

/// Every variant table of a variants file that stands alone (each `parent` defined earlier
/// in the same text), its parent's fields merged in, by name, with the names in file order.
fn resolve_standalone(text: &str) -> Result<(BTreeMap<String, Table>, Vec<String>), String> {
    let file: VariantsFile = toml::from_str(text).map_err(|e| one_line(&e.to_string()))?;
    let mut resolved: BTreeMap<String, Table> = BTreeMap::new();
    let mut order = Vec::new();
    for table in &file.variant {
        let Some(Value::String(own)) = table.get("name") else {
            return Err("a variant has no name".into());
        };
        let parent = match table.get("parent") {
            Some(Value::String(p)) => Some(
                resolved
                    .get(p)
                    .ok_or_else(|| format!("variant {own}: unknown parent \"{p}\""))?,
            ),
            Some(_) => return Err(format!("variant {own}: parent must be a name")),
            None => None,
        };
        let t = inherit(parent, table);
        resolved.insert(own.clone(), t);
        order.push(own.clone());
    }
    Ok((resolved, order))
}

/// The definition of the variant `name` of a variants file that stands alone (each `parent`
/// defined earlier in the same text), with the named options switched on. It is not checked
/// by the game that would play it: the registry (`games::variants`) does that, and keeps
/// definitions across files.
pub fn read_standalone(text: &str, name: &str, options: &[String]) -> Result<VariantDef, String> {
    let (resolved, _) = resolve_standalone(text)?;
    let table = resolved
        .get(name)
        .ok_or_else(|| format!("unknown variant \"{name}\""))?;
    with_options(table, options)
}

/// Every definition of a variants file that stands alone, in file order, with no option
/// switched on (as [`read_standalone`] reads each).
pub fn read_all_standalone(text: &str) -> Result<Vec<VariantDef>, String> {
    let (resolved, order) = resolve_standalone(text)?;
    order
        .iter()
        .map(|n| with_options(&resolved[n], &[]))
        .collect()
}

/// Collapses a multi-line parser message into one line.
pub fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Lays `over` on `base`: tables merge key by key, `pieces` merge by letter (a piece with
/// `remove = true` is dropped), anything else is replaced.
fn overlay(base: &mut Table, over: &Table) {
    for (k, v) in over {
        match (k.as_str(), base.get_mut(k), v) {
            ("pieces", Some(Value::Array(old)), Value::Array(new)) => merge_pieces(old, new),
            (_, Some(Value::Table(old)), Value::Table(new)) => overlay(old, new),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
    if let Some(Value::Array(pieces)) = base.get_mut("pieces") {
        pieces.retain(|p| p.get("remove").and_then(Value::as_bool) != Some(true));
        for p in pieces.iter_mut() {
            if let Value::Table(t) = p {
                t.remove("remove");
            }
        }
    }
}

/// Merges piece tables by their `letter`.
fn merge_pieces(old: &mut Vec<Value>, new: &[Value]) {
    for p in new {
        let letter = p.get("letter").cloned();
        let existing = old
            .iter_mut()
            .find(|q| letter.is_some() && q.get("letter") == letter.as_ref());
        match (existing, p) {
            (Some(Value::Table(q)), Value::Table(pt)) => {
                if pt.get("remove").and_then(Value::as_bool) == Some(true) {
                    q.insert("remove".into(), Value::Boolean(true));
                } else {
                    overlay(q, pt);
                }
            }
            _ => old.push(p.clone()),
        }
    }
}

/// Parses a rank list counted from the owner's side, `"1-5"`, `"10"` or `"1,3-4"`, into ranks
/// from 0, checking each against the board height.
pub fn parse_ranks(text: &str, ranks: usize) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let (lo, hi) = match part.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let lo: usize = lo
            .parse()
            .map_err(|_| format!("bad rank \"{lo}\" in \"{text}\""))?;
        let hi: usize = hi
            .parse()
            .map_err(|_| format!("bad rank \"{hi}\" in \"{text}\""))?;
        if lo == 0 || hi < lo || hi > ranks {
            return Err(format!(
                "rank range \"{part}\" in \"{text}\" is outside 1-{ranks}"
            ));
        }
        out.extend(lo - 1..hi);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_lists() {
        assert_eq!(parse_ranks("1-5", 10).unwrap(), vec![0, 1, 2, 3, 4]);
        assert_eq!(parse_ranks("10", 10).unwrap(), vec![9]);
        assert_eq!(parse_ranks("1, 3-4", 10).unwrap(), vec![0, 2, 3]);
        assert!(parse_ranks("11", 10).is_err());
        assert!(parse_ranks("0", 10).is_err());
        assert!(parse_ranks("5-3", 10).is_err());
        assert!(parse_ranks("x", 10).is_err());
    }
}
