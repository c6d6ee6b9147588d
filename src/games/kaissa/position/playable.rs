//! The Kaissa family's positions as the engine plays them: the [`Playable`] implementation.

use super::Position;
use crate::core::bitboard::Bitboard;
use crate::core::board_view::BoardView;
use crate::core::definition::VariantDef;
use crate::core::moves::Move;
use crate::core::nnue::feature::NetFeatures;
use crate::core::outcome::Outcome;
use crate::core::playable::Playable;
use crate::games::kaissa::board::Board;
use crate::games::kaissa::eval::EvalTables;
use crate::games::kaissa::nnue::builtin_net;

impl<B: Bitboard> Playable for Position<B> {
    fn read_fen(&self, fen: &str) -> Result<Self, String> {
        Position::from_fen(self.game(), fen)
    }

    fn write_fen(&self) -> String {
        self.to_fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        Position::parse_move(self, text)
    }

    fn outcome(&self, _def: &VariantDef) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn moves_played(&self) -> usize {
        self.ply_count()
    }

    fn board_text(&self) -> String {
        let g = self.game();
        let letter = |cell: usize| self.piece_at(cell).map(|(color, t)| g.letter(color, t));
        let b = match &g.board {
            Board::Rect(r) => r,
            Board::Donkey(_) => {
                return crate::core::donkey::layout::text(|c| letter(c.index()));
            }
        };
        let mut s = String::new();
        for rank in (0..b.ranks).rev() {
            s.push_str(&format!("{:>3} ", rank + 1));
            for file in 0..b.files {
                s.push(' ');
                s.push(letter(b.cell(file, rank)).unwrap_or('.'));
            }
            s.push('\n');
        }
        s.push_str("    ");
        for file in 0..b.files {
            s.push(' ');
            s.push((b'a' + file as u8) as char);
        }
        s.push('\n');
        s
    }

    fn board_view(&self) -> BoardView {
        self.view()
    }

    fn eval_terms(&self, eval: &EvalTables<B>) -> Vec<(String, i32, i32)> {
        eval.breakdown(self)
    }

    fn choose_net(
        &self,
        eval: &EvalTables<B>,
        use_net: bool,
        file: Option<&[u8]>,
    ) -> Result<Option<EvalTables<B>>, String> {
        let net = match (use_net, file) {
            (false, _) => None,
            (true, None) => builtin_net(self.game()),
            (true, Some(bytes)) => Some(self.net_from_bytes(&self.game().net_rule_set, bytes)?),
        };
        let mut e = eval.clone();
        e.set_net(net);
        Ok(Some(e))
    }

    fn net_name(&self, eval: &EvalTables<B>) -> Option<String> {
        eval.net().map(|n| n.name.clone())
    }
}
