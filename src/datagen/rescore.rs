//! `kaissa datagen --rescore`: training positions searched again, deeper or with a better
//! net, for better scores than the self-play that found them (its searches are short, 400
//! nodes a move for the suite's data, to make many games). Each position is searched for
//! `--nodes` nodes with an empty transposition table, so its new score is the one a search of
//! that position alone gives, whatever the order or the number of jobs; its game's result is
//! kept. A position whose search finds a mate (or no move) is left out, as self-play leaves
//! such positions out.

use super::{DatagenConfig, Sample, Sink, chosen_eval, run_games, search_nodes};
use crate::core::definition::VariantDef;
use crate::core::playable::Playable;
use crate::core::ruleset::PositionVisitor;
use crate::core::tunable::Tunable;
use crate::games;
use crate::search::Score;
use crate::search::tt::Table;
use std::sync::Arc;

/// Positions a unit of work: each unit's samples reach the sink whole and in order.
pub const UNIT: usize = 256;

/// MiB of the table of one position's search.
const TABLE_MIB: usize = 2;

/// Searches each of `positions` (FEN and the game's result for the first player, 1, 0.5 or
/// 0) for `cfg.nodes` nodes and gives the samples with the new scores to `sink` in order,
/// [`UNIT`] positions at a time over `cfg.jobs` threads; `progress(done, total)` after each
/// unit. A FEN that cannot be read is an error naming it (the units before it have been
/// written). Returns the number of samples written.
pub fn rescore(
    def: &VariantDef,
    positions: &[(String, f64)],
    cfg: &DatagenConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
    sink: &mut Sink<'_>,
) -> Result<usize, String> {
    /// The work once the position type is known.
    struct Again<'a, 's, 'k> {
        positions: &'a [(String, f64)],
        cfg: &'a DatagenConfig,
        progress: &'a (dyn Fn(usize, usize) + Sync),
        sink: &'s mut Sink<'k>,
    }
    impl PositionVisitor for Again<'_, '_, '_> {
        type Output = Result<usize, String>;
        fn visit<P: Playable + Tunable>(self, start: P, eval: P::Eval) -> Self::Output {
            let Again {
                positions,
                cfg,
                progress,
                sink,
            } = self;
            let eval = chosen_eval(&start, eval, cfg)?;
            let units = positions.len().div_ceil(UNIT);
            let work = |u: usize| {
                let end = ((u + 1) * UNIT).min(positions.len());
                let tt = Arc::new(Table::new(TABLE_MIB));
                positions[u * UNIT..end]
                    .iter()
                    .enumerate()
                    .filter_map(|(i, (fen, result))| {
                        let pos = match start.read_fen(fen) {
                            Ok(p) => p,
                            Err(e) => {
                                return Some(Err(format!("position {}: {e}", u * UNIT + i + 1)));
                            }
                        };
                        // Emptied for each position: its score is that of a search of it alone.
                        tt.clear();
                        let r = search_nodes(&pos, &eval, &tt, cfg.nodes);
                        match (r.best, r.score) {
                            (Some(_), Score::Cp(score)) => Some(Ok(Sample {
                                fen: fen.clone(),
                                score,
                                result: *result,
                            })),
                            _ => None,
                        }
                    })
                    .collect::<Result<Vec<Sample>, String>>()
            };
            run_games(units, cfg.jobs, &work, &|done| progress(done, units), sink)
        }
    }
    games::build(
        def,
        None,
        Again {
            positions,
            cfg,
            progress,
            sink,
        },
    )?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::variants::Registry;

    /// A configuration of `jobs` jobs with the hand-written evaluation.
    fn config(nodes: u64, jobs: usize, games: usize) -> DatagenConfig {
        DatagenConfig {
            games,
            nodes,
            random_plies: 6,
            max_plies: 200,
            resign: None,
            seed: 5,
            jobs,
            use_nnue: false,
            net_file: None,
        }
    }

    /// The samples `rescore` gives its sink.
    fn rescored(def: &VariantDef, positions: &[(String, f64)], cfg: &DatagenConfig) -> Vec<Sample> {
        let mut v = Vec::new();
        let n = rescore(def, positions, cfg, &|_, _| {}, &mut |s: &[Sample]| {
            v.extend_from_slice(s);
            Ok(())
        })
        .unwrap();
        assert_eq!(n, v.len());
        v
    }

    /// Self-play positions as records and back: every record reads back as the FEN of its
    /// position (the record made again from it is the same), on every Kaissa board; searched
    /// again they keep their order and results, the same scores on one job or three, and
    /// deeper searches change scores.
    #[test]
    fn records_read_back_as_positions_and_search_again_in_order() {
        for name in ["merchants", "northern", "gc", "gorean", "kaissa", "donkey"] {
            let def = Registry::builtin().get(name, &[]).unwrap();
            let inputs = games::net_inputs(&def).unwrap();
            let samples = {
                let mut v = Vec::new();
                super::super::generate(&def, &config(150, 1, 3), &|_| {}, &mut |s: &[Sample]| {
                    v.extend_from_slice(s);
                    Ok(())
                })
                .unwrap();
                v
            };
            assert!(samples.len() > 30, "{name}: {}", samples.len());
            let mut positions = Vec::new();
            for s in &samples {
                let result = (s.result * 2.0) as u8;
                let r = inputs.record_of_fen(&s.fen, s.score, result).unwrap();
                let fen = inputs.fen_of_record(&r).unwrap();
                assert_eq!(
                    inputs.record_of_fen(&fen, s.score, result).unwrap(),
                    r,
                    "{name}: {fen}"
                );
                positions.push((fen, s.result));
            }
            if name != "merchants" {
                continue;
            }
            let one = rescored(&def, &positions, &config(300, 1, 0));
            let three = rescored(&def, &positions, &config(300, 3, 0));
            assert_eq!(one, three);
            let fens: Vec<&String> = positions.iter().map(|p| &p.0).collect();
            let mut at = 0;
            for s in &one {
                // In the input's order, each with its own result.
                while fens[at] != &s.fen {
                    at += 1;
                }
                assert_eq!(s.result, positions[at].1);
            }
            assert!(
                one.len() + 3 >= positions.len(),
                "{} of {}",
                one.len(),
                positions.len()
            );
            let deeper = rescored(&def, &positions, &config(3000, 2, 0));
            let changed = deeper
                .iter()
                .zip(&one)
                .filter(|(a, b)| a.score != b.score)
                .count();
            assert!(
                changed > one.len() / 4,
                "{changed} of {} scores changed",
                one.len()
            );
        }
    }

    /// A record of a piece the game does not have is an error, not a position.
    #[test]
    fn a_foreign_record_is_refused() {
        let def = Registry::builtin().get("merchants", &[]).unwrap();
        let inputs = games::net_inputs(&def).unwrap();
        let r =
            crate::core::nnue::record::Record::new(&[(3, 0, 12)], [&[], &[]], 0, 0, 1, 1).unwrap();
        let e = inputs.fen_of_record(&r).unwrap_err();
        assert!(e.contains("type 12"), "{e}");
    }
}
