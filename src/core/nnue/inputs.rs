//! What the data generator and the trainer need of a game's net inputs, whatever the game:
//! how many inputs there are, which of them a training record turns on (for each side's
//! view), the trainer's shared inputs and mirror, and the training record of a position
//! given as FEN. Each game with nets implements [`NetInputs`] in its own folder (the Kaissa
//! family's `games::kaissa::nnue`, Caïssa's `games::caissa::nnue`) and hands it out through
//! [`crate::core::ruleset::Ruleset::net_inputs`], so `kaissa datagen` and `kaissa train`
//! never ask which game they serve.

use super::record::{RECORD_BYTES, Record};

/// A game's inputs to a learned evaluation, as the trainer sees them.
pub trait NetInputs: Send + Sync {
    /// What a net for this game says it reads (its `features` line, e.g. `kaissa merchants:
    /// UATSBIRXPH 10x10 hand 2`): a net is used only where its line and its number of inputs
    /// are this game's.
    fn description(&self) -> &str;

    /// The number of inputs a net for this game has.
    fn inputs(&self) -> usize;

    /// The size of this game's binary training records: [`RECORD_BYTES`] for boards of up to
    /// 128 cells, [`super::record::WIDE_RECORD_BYTES`] for larger ones.
    fn record_bytes(&self) -> usize {
        RECORD_BYTES
    }

    /// The trainer's shared inputs ("factors"): each active wherever any of a group of inputs
    /// is (a piece type and side on any cell), so what the group has in common is learned from
    /// all of its positions. Folded into the inputs' weights when the net is written; the
    /// engine never sees them. 0: none.
    fn factors(&self) -> usize {
        0
    }

    /// The factor (counted from 0) that shares in input `feature`; None for an input in no
    /// group.
    fn factor(&self, feature: usize) -> Option<usize> {
        let _ = feature;
        None
    }

    /// Input `feature` of the position mirrored left to right, seen from the same side; None
    /// when the game's board or rules have no such mirror (the trainer's `--mirror` is then
    /// refused).
    fn mirrored(&self, feature: usize) -> Option<usize> {
        let _ = feature;
        None
    }

    /// For each input of this game, the input of a net reading `features` that means the same
    /// thing (the trainer's start from another net): by default only this game's own nets
    /// match, input for input.
    fn rows_from(&self, features: &str) -> Result<Vec<Option<usize>>, String> {
        if features != self.description() {
            return Err(format!(
                "the net reads \"{features}\", this game \"{}\"",
                self.description()
            ));
        }
        Ok((0..self.inputs()).map(Some).collect())
    }

    /// What a net read by this game and the games whose nets read `others` would read, as one
    /// family: a description every member's [`NetInputs::rows_from`] maps all its inputs to
    /// (the trainer's family nets, `train::family`). By default a game has no family.
    fn family_description(&self, others: &[&str]) -> Result<String, String> {
        let _ = others;
        Err(format!(
            "\"{}\" has no family nets: train it alone",
            self.description()
        ))
    }

    /// The inputs `record` turns on, seen by the first player and by the second; an error when
    /// the record is not a position of this game.
    fn active_of_record(&self, record: &Record) -> Result<[Vec<usize>; 2], String>;

    /// The FEN of a record's position (to search it again: `kaissa datagen --rescore`); what
    /// a record does not keep (the halfmove clock, the history) is as a FEN without it says.
    /// By default a game cannot read its records back.
    fn fen_of_record(&self, record: &Record) -> Result<String, String> {
        let _ = record;
        Err(format!(
            "\"{}\": records of this game cannot be read back as positions",
            self.description()
        ))
    }

    /// The training record of the position of `fen`, with its search score (for the side to
    /// move, in centipawns) and the game's result for the first player (0 loss, 1 draw, 2 win).
    fn record_of_fen(&self, fen: &str, score: i32, result: u8) -> Result<Record, String>;
}
