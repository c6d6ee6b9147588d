//! The Kaissa family's inputs to a learned evaluation ([`crate::core::nnue`]): a position's
//! features and a move's change of them ([`NetFeatures`], through the game's
//! [`crate::games::kaissa::features::FeatureMap`]), training records, the inputs as the
//! trainer sees them, and the built-in nets.

use crate::core::bitboard::Bitboard;
use crate::core::definition::VariantDef;
use crate::core::geometry::Color;
use crate::core::moves::Move;
use crate::core::nnue::accumulator::Delta;
use crate::core::nnue::feature::{Embedded, NetFeatures, NetState, embedded_net};
use crate::core::nnue::inputs::NetInputs;
use crate::core::nnue::network::Network;
use crate::core::nnue::record::{MAX_CELLS, Placed, Record};
use crate::games::kaissa::game::Game;
use crate::games::kaissa::position::Position;
use std::sync::Arc;

/// The built-in rule sets' nets, by rule set name: embedded in the binary, each made as
/// tuning/NNUE.md says.
const EMBEDDED: &[Embedded] = &[
    (
        "merchants",
        include_bytes!("../../../nets/merchants-3.knue"),
    ),
    ("northern", include_bytes!("../../../nets/northern-6a.knue")),
    ("gc", include_bytes!("../../../nets/gc-4.knue")),
    ("gorean", include_bytes!("../../../nets/gorean-2.knue")),
    ("kaissa", include_bytes!("../../../nets/kaissa-1.knue")),
    ("donkey", include_bytes!("../../../nets/donkey-1.knue")),
];

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

/// A Kaissa-family game's inputs as the data generator and the trainer see them: the game,
/// whose feature map ([`Game::features`]) numbers the inputs and which reads positions' FEN.
pub struct KaissaInputs {
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
        KaissaInputs { game }
    }
}

impl NetInputs for KaissaInputs {
    fn description(&self) -> &str {
        self.game.features.description()
    }
    fn inputs(&self) -> usize {
        self.game.features.inputs()
    }
    fn factors(&self) -> usize {
        self.game.features.factors()
    }
    fn factor(&self, feature: usize) -> Option<usize> {
        self.game.features.factor(feature)
    }
    fn mirrored(&self, feature: usize) -> Option<usize> {
        self.game.features.mirrored(feature)
    }
    fn rows_from(&self, features: &str) -> Result<Vec<Option<usize>>, String> {
        self.game.features.rows_from(features)
    }
    fn family_description(&self, others: &[&str]) -> Result<String, String> {
        self.game.features.family_description(others)
    }
    fn active_of_record(&self, record: &Record) -> Result<[Vec<usize>; 2], String> {
        self.game.features.active_of_record(record)
    }
    fn record_of_fen(&self, fen: &str, score: i32, result: u8) -> Result<Record, String> {
        record_of_fen(&self.game, fen, score, result)
    }
    fn fen_of_record(&self, record: &Record) -> Result<String, String> {
        let pieces: Vec<Placed> = record.pieces().collect();
        let hands = [0, 1].map(|c| record.hand(c).into_iter().collect::<Vec<_>>());
        let stm = if record.stm == 0 {
            Color::First
        } else {
            Color::Second
        };
        Position::from_parts(
            &self.game,
            &pieces,
            [&hands[0], &hands[1]],
            stm,
            record.fullmove as u32,
        )
        .map(|p| p.to_fen())
    }
}

impl<B: Bitboard> NetFeatures for Position<B> {
    fn net_reads(&self) -> (&str, usize) {
        let m = &self.game().features;
        (m.description(), m.inputs())
    }

    fn active_features(&self) -> [Vec<usize>; 2] {
        let (pieces, hands) = pieces_and_hands(self);
        self.game()
            .features
            .active_of(&pieces, [&hands[0], &hands[1]])
    }

    #[inline]
    fn move_delta(&self, mv: Move) -> Delta {
        let m = &self.game().features;
        let us = self.side_to_move();
        let mut d = Delta::default();
        let mut add = |(a, b): (usize, usize)| d.add(a, b);
        if mv.is_drop() {
            let t = mv.drop_type();
            add(m.board(us, t, mv.to()));
            let held = self.in_hand(us, t) as usize;
            if let Some((a, b)) = m.hand(us, t, held.saturating_sub(1)) {
                d.sub(a, b);
            }
            return d;
        }
        let (from, to) = (mv.from(), mv.to());
        let Some((_, t)) = self.piece_at(from) else {
            return d;
        };
        add(m.board(us, mv.promotes_to().unwrap_or(t), to));
        let (a, b) = m.board(us, t, from);
        d.sub(a, b);
        if let Some((c, ct)) = self.piece_at(to) {
            let (a, b) = m.board(c, ct, to);
            d.sub(a, b);
        }
        d
    }

    #[inline(always)]
    fn net_side(&self) -> Color {
        self.side_to_move()
    }

    #[inline(always)]
    fn net_state(&self) -> &NetState {
        &self.nnue
    }

    #[inline(always)]
    fn net_state_mut(&mut self) -> &mut NetState {
        &mut self.nnue
    }
}

/// The built-in net of the game's rule set ([`crate::games::kaissa::features::net_rule_set`]),
/// if it has one.
pub fn builtin_net<B: Bitboard>(game: &Game<B>) -> Option<Arc<Network>> {
    let m = &game.features;
    embedded_net(EMBEDDED, &game.net_rule_set, m.description(), m.inputs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::definition::PromotionDef;
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
            first.features.description(),
            merchants.features.description()
        );
        let net = builtin_net(&first).expect("merchants' built-in net plays merchants-first");
        assert_eq!(net.name, builtin_net(&merchants).unwrap().name);
    }

    #[test]
    fn a_definition_of_a_built_in_army_reads_its_nets_whatever_its_promotion_or_parent() {
        // The merchants army written out in full under another name, with no parent, its
        // Spearmen promoting to Riders: still merchants' army on merchants' board.
        let mut own = def("merchants");
        own.name = "merchants-promo".into();
        own.parent = None;
        let spearman = own.pieces.iter_mut().find(|p| p.pawn).unwrap();
        spearman.promotion = Some(PromotionDef {
            ranks: "10".into(),
            cells: String::new(),
            to: vec!["R".into()],
            mandatory: true,
        });
        let game = Game::<u128>::new(&own).unwrap();
        assert_eq!(game.net_rule_set, "merchants");
        assert!(builtin_net(&game).is_some());
        // A renamed piece is the same piece; one that moves otherwise is not.
        own.pieces[0].name = "Chief".into();
        assert_eq!(Game::<u128>::new(&own).unwrap().net_rule_set, "merchants");
        own.pieces[0].betza = "K".into();
        assert_eq!(
            Game::<u128>::new(&own).unwrap().net_rule_set,
            "merchants-promo"
        );
    }

    #[test]
    fn a_child_that_changes_a_piece_and_every_built_in_rule_set_read_their_own_nets() {
        let other = Game::<u128>::new(&def_with(CHILDREN, "merchants-fast-scribe")).unwrap();
        assert_eq!(other.net_rule_set, "merchants-fast-scribe");
        assert!(builtin_net(&other).is_none());
        for name in ["merchants", "northern", "gc", "gorean", "kaissa", "donkey"] {
            let game = Game::<u128>::new(&def(name)).unwrap();
            assert_eq!(game.net_rule_set, name);
            // Each plays with its own built-in net (one whose inputs do not match would be
            // dropped without a word).
            let net = builtin_net(&game).unwrap_or_else(|| panic!("{name} has no net"));
            assert!(net.name.starts_with(name), "{name} plays {}", net.name);
        }
    }
}
