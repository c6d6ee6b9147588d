//! The Kaissa family's inputs to a learned evaluation ([`crate::core::nnue`]): which feature a
//! piece on a cell is, seen from each side, and the sums a position keeps while a net is
//! attached.
//!
//! Features, from one side's view (the perspective): a piece of type t on cell c, the
//! perspective's own (`0`) or the opponent's (`1`): `(own * types + t) * cells + c'`, where c'
//! is the cell itself for the first player and the cell the second player has there
//! ([`Board::for_color`]: ranks mirrored, on the donkey board the half turn) for the second;
//! then a piece held in hand (the Home Stone before its placement): one feature per piece held,
//! `2 * types * cells + (own * types + t) * HAND_SLOTS + k` for the k-th held (k below
//! [`HAND_SLOTS`]). No king buckets: the Home Stone starts in hand.

use crate::core::bitboard::Bitboard;
use crate::core::definition::{VariantDef, read_standalone};
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::accumulator::{Accumulators, Delta};
use crate::core::nnue::inputs::NetInputs;
use crate::core::nnue::network::Network;
use crate::core::nnue::record::{MAX_CELLS, Placed, Record};
use crate::core::ruleset::Ruleset;
use crate::games::kaissa::Kaissa;
use crate::games::kaissa::board::Board;
use crate::games::kaissa::game::Game;
use crate::games::kaissa::position::Position;
use std::borrow::Cow;
use std::sync::Arc;

/// Hand features per piece type and side: how many held pieces of one type the net tells
/// apart.
pub const HAND_SLOTS: usize = 2;

/// The built-in rule sets' nets, by rule set name: embedded in the binary, each made as
/// tuning/NNUE.md says.
const EMBEDDED: &[(&str, &[u8])] = &[
    (
        "merchants",
        include_bytes!("../../../nets/merchants-3.knue"),
    ),
    ("northern", include_bytes!("../../../nets/northern-1.knue")),
    ("gc", include_bytes!("../../../nets/gc-1.knue")),
    ("gorean", include_bytes!("../../../nets/gorean-2.knue")),
    ("kaissa", include_bytes!("../../../nets/kaissa-1.knue")),
    ("donkey", include_bytes!("../../../nets/donkey-1.knue")),
];

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
    /// The map of `game`'s board and pieces.
    pub fn new<B: Bitboard>(game: &Game<B>) -> FeatureMap {
        let cells = game.board.cell_count();
        let letters: String = game.pieces.iter().map(|p| p.letter).collect();
        let board = match &game.board {
            Board::Rect(r) => format!("{}x{}", r.files, r.ranks),
            Board::Donkey(_) => "donkey".to_string(),
        };
        FeatureMap {
            types: game.types(),
            cells,
            second: (0..cells)
                .map(|c| game.board.for_color(c, Color::Second) as u16)
                .collect(),
            mirror: game.board.rect().map(|r| {
                (0..cells)
                    .map(|c| r.cell(r.files - 1 - r.file(c), r.rank(c)) as u16)
                    .collect()
            }),
            description: format!(
                "kaissa {}: {letters} {board} hand {HAND_SLOTS}",
                game.net_rule_set
            ),
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
        let parse = |d: &str| -> Option<(String, String)> {
            let (_, rest) = d.strip_prefix("kaissa ")?.split_once(": ")?;
            let (letters, tail) = rest.split_once(' ')?;
            Some((letters.to_string(), tail.to_string()))
        };
        let (Some((theirs, their_tail)), Some((ours, our_tail))) =
            (parse(features), parse(&self.description))
        else {
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

/// The pieces and hands of a position, as a record lists them.
pub fn pieces_and_hands<B: Bitboard>(pos: &Position<B>) -> (Vec<Placed>, [Vec<(u8, u8)>; 2]) {
    let g = pos.game();
    let mut pieces = Vec::with_capacity(64);
    for cell in 0..g.board.cell_count() {
        if let Some((c, t)) = pos.piece_at(cell) {
            pieces.push((cell, c.index() as u8, t));
        }
    }
    let hands = Color::BOTH.map(|c| {
        (0..g.types() as u8)
            .map(|t| (t, pos.in_hand(c, t)))
            .filter(|&(_, n)| n > 0)
            .collect()
    });
    (pieces, hands)
}

/// The training record of a position with its search score (for the side to move, in
/// centipawns) and the game's result for the first player (0 loss, 1 draw, 2 win).
pub fn record_of<B: Bitboard>(pos: &Position<B>, score: i32, result: u8) -> Result<Record, String> {
    let (pieces, hands) = pieces_and_hands(pos);
    Record::new(
        &pieces,
        [&hands[0], &hands[1]],
        pos.side_to_move().index() as u8,
        score,
        result,
        pos.fullmove(),
    )
}

/// [`record_of`] the position of a FEN of `game`.
pub fn record_of_fen<B: Bitboard>(
    game: &Arc<Game<B>>,
    fen: &str,
    score: i32,
    result: u8,
) -> Result<Record, String> {
    record_of(&Position::from_fen(game, fen)?, score, result)
}

/// A Kaissa-family game's inputs as the data generator and the trainer see them: its
/// [`FeatureMap`], and the game to read positions' FEN with.
pub struct KaissaInputs {
    map: FeatureMap,
    game: Arc<Game<u128>>,
}

impl KaissaInputs {
    /// The inputs of a definition's game: an error for a board of more than a record's
    /// [`MAX_CELLS`] cells.
    pub fn of_def(def: &VariantDef) -> Result<KaissaInputs, String> {
        if def.cell_count() > MAX_CELLS {
            return Err(format!(
                "{} has {} cells: nets and training records are for boards of up to {MAX_CELLS}",
                def.name,
                def.cell_count()
            ));
        }
        Ok(KaissaInputs::new(Arc::new(Game::<u128>::new(def)?)))
    }

    /// The inputs of `game`.
    pub fn new(game: Arc<Game<u128>>) -> KaissaInputs {
        KaissaInputs {
            map: FeatureMap::new(&game),
            game,
        }
    }
}

impl NetInputs for KaissaInputs {
    fn description(&self) -> &str {
        self.map.description()
    }
    fn inputs(&self) -> usize {
        self.map.inputs()
    }
    fn factors(&self) -> usize {
        self.map.factors()
    }
    fn factor(&self, feature: usize) -> Option<usize> {
        self.map.factor(feature)
    }
    fn mirrored(&self, feature: usize) -> Option<usize> {
        self.map.mirrored(feature)
    }
    fn rows_from(&self, features: &str) -> Result<Vec<Option<usize>>, String> {
        self.map.rows_from(features)
    }
    fn active_of_record(&self, record: &Record) -> Result<[Vec<usize>; 2], String> {
        self.map.active_of_record(record)
    }
    fn record_of_fen(&self, fen: &str, score: i32, result: u8) -> Result<Record, String> {
        record_of_fen(&self.game, fen, score, result)
    }
}

/// A position's learned-evaluation state: the feature map and the sums per ply.
#[derive(Clone, Debug)]
pub struct NetState {
    map: Arc<FeatureMap>,
    acc: Accumulators,
}

impl NetState {
    /// The state for `net` on `pos`, its sums computed from every piece.
    pub fn new<B: Bitboard>(net: Arc<Network>, pos: &Position<B>) -> NetState {
        let map = Arc::new(FeatureMap::new(pos.game()));
        let (pieces, hands) = pieces_and_hands(pos);
        let active = map.active_of(&pieces, [&hands[0], &hands[1]]);
        NetState {
            acc: Accumulators::new(net, [&active[0], &active[1]]),
            map,
        }
    }

    /// The net in use.
    pub fn net(&self) -> &Arc<Network> {
        self.acc.net()
    }

    /// The features `mv` turns on and off in `pos`, where it is about to be made.
    #[inline]
    pub fn delta<B: Bitboard>(&self, pos: &Position<B>, mv: Move) -> Delta {
        let m = &*self.map;
        let us = pos.side_to_move();
        let mut d = Delta::default();
        let mut add = |(a, b): (usize, usize)| d.add(a, b);
        if mv.is_drop() {
            let t = mv.drop_type();
            add(m.board(us, t, mv.to()));
            let held = pos.in_hand(us, t) as usize;
            if let Some((a, b)) = m.hand(us, t, held.saturating_sub(1)) {
                d.sub(a, b);
            }
            return d;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some((_, t)) = pos.piece_at(from) else {
            return d;
        };
        add(m.board(us, mv.promotes_to().unwrap_or(t), to));
        let (a, b) = m.board(us, t, from);
        d.sub(a, b);
        if let Some((c, ct)) = pos.piece_at(to) {
            let (a, b) = m.board(c, ct, to);
            d.sub(a, b);
        }
        d
    }

    /// Makes a move's change of the sums.
    #[inline(always)]
    pub fn push(&mut self, delta: &Delta) {
        self.acc.push(delta);
    }

    /// Takes the last move's change back; false when the move was made before the net was
    /// attached (the sums must then be computed afresh).
    #[inline(always)]
    pub fn pop(&mut self) -> bool {
        self.acc.pop()
    }

    /// Works out the sums the moves made since they were last asked for wait for.
    #[inline(always)]
    pub fn settle(&mut self) {
        self.acc.settle();
    }

    /// The evaluation for `side`, in centipawns (quickest after [`Self::settle`]).
    #[inline(always)]
    pub fn evaluate(&self, side: Color) -> i32 {
        self.acc.evaluate(side.index())
    }

    /// The current sums of `side`'s view (tests compare them with a fresh state's).
    pub fn sums(&self, side: Color) -> Cow<'_, [i16]> {
        self.acc.sums(side.index())
    }
}

/// The rule set whose nets a definition reads: its own, unless it is not a built-in rule set
/// and plays with its built-in parent's pieces on its parent's board (`merchants-first`, whose
/// only change is where the Home Stone goes): then its parent's, so the parent's built-in net
/// plays it and a net trained on either game's positions serves both. A built-in rule set
/// always reads its own.
pub fn net_rule_set(def: &VariantDef) -> &str {
    let Some(parent) = def.parent.as_deref() else {
        return &def.name;
    };
    if read_standalone(Kaissa::BUILTIN.1, &def.name, &[]).is_ok() {
        return &def.name;
    }
    match read_standalone(Kaissa::BUILTIN.1, parent, &[]) {
        Ok(p)
            if p.pieces == def.pieces
                && (&p.board, p.files, p.ranks) == (&def.board, def.files, def.ranks) =>
        {
            parent
        }
        _ => &def.name,
    }
}

/// The embedded net of the game's rule set ([`net_rule_set`]), if it has one.
pub fn embedded_net<B: Bitboard>(game: &Game<B>) -> Option<Arc<Network>> {
    let (_, bytes) = EMBEDDED.iter().find(|(n, _)| *n == game.net_rule_set)?;
    match Network::from_bytes(bytes) {
        Ok(net) if net.features == FeatureMap::new(game).description() => Some(Arc::new(net)),
        _ => None,
    }
}

/// Reads a net for `game` from a file's bytes: an error when it is not a net or is one for
/// another game or shape.
pub fn net_for_game<B: Bitboard>(game: &Game<B>, bytes: &[u8]) -> Result<Arc<Network>, String> {
    let net = Network::from_bytes(bytes)?;
    let map = FeatureMap::new(game);
    if net.features != map.description() || net.inputs != map.inputs() {
        return Err(format!(
            "the net reads \"{}\" ({} inputs), this game needs \"{}\" ({} inputs)",
            net.features,
            net.inputs,
            map.description(),
            map.inputs()
        ));
    }
    Ok(Arc::new(net))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kaissa::builtin::{def, def_with};

    const CHILDREN: &str = r#"
[[variant]]
name = "merchants-first"
parent = "merchants"
drops = [{ piece = "H", ranks = "3", window = [1, 1], deadline = true }]

[[variant]]
name = "merchants-fast-scribe"
parent = "merchants"
pieces = [{ letter = "S", betza = "B" }]
"#;

    #[test]
    fn a_child_with_its_parents_pieces_reads_its_parents_nets() {
        let first = Game::<u128>::new(&def_with(CHILDREN, "merchants-first")).unwrap();
        assert_eq!(first.net_rule_set, "merchants");
        let merchants = Game::<u128>::new(&def("merchants")).unwrap();
        assert_eq!(
            FeatureMap::new(&first).description(),
            FeatureMap::new(&merchants).description()
        );
        let net = embedded_net(&first).expect("merchants' built-in net plays merchants-first");
        assert_eq!(net.name, embedded_net(&merchants).unwrap().name);
    }

    #[test]
    fn a_child_that_changes_a_piece_and_every_built_in_rule_set_read_their_own_nets() {
        let other = Game::<u128>::new(&def_with(CHILDREN, "merchants-fast-scribe")).unwrap();
        assert_eq!(other.net_rule_set, "merchants-fast-scribe");
        assert!(embedded_net(&other).is_none());
        for name in ["merchants", "northern", "gc", "gorean", "kaissa", "donkey"] {
            let game = Game::<u128>::new(&def(name)).unwrap();
            assert_eq!(game.net_rule_set, name);
            // Each plays with its own built-in net (one whose inputs do not match would be
            // dropped without a word).
            let net = embedded_net(&game).unwrap_or_else(|| panic!("{name} has no net"));
            assert!(net.name.starts_with(name), "{name} plays {}", net.name);
        }
    }
}
