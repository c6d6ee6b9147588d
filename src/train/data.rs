//! The trainer's input: training records read from `kaissa datagen` files, binary (64- or
//! 128-byte records, [`crate::core::nnue::record`]) or text (`FEN | score | result` lines, converted
//! here by the game's [`NetInputs`]), and each record turned into the net's inputs and
//! target.

use crate::core::nnue::SCALE;
use crate::core::nnue::inputs::NetInputs;
use crate::core::nnue::record::Record;
use crate::train::model::Example;

/// True when `bytes` look like a text data file (its first line reads as `FEN | score |
/// result`) rather than binary records.
fn is_text(bytes: &[u8]) -> bool {
    let first = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    std::str::from_utf8(first).is_ok_and(|l| l.matches('|').count() == 2)
}

/// The record of a text data line, its FEN read by the game of `inputs`.
pub fn record_of_line(inputs: &dyn NetInputs, line: &str) -> Result<Record, String> {
    let mut parts = line.split('|').map(str::trim);
    let (Some(fen), Some(score), Some(result), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("not a `FEN | score | result` line".into());
    };
    let score: i32 = score.parse().map_err(|_| format!("bad score {score:?}"))?;
    let result = match result {
        "1" | "1.0" => 2,
        "0.5" => 1,
        "0" | "0.0" => 0,
        r => return Err(format!("bad result {r:?} (1, 0.5 or 0)")),
    };
    inputs.record_of_fen(fen, score, result)
}

/// Reads every record of a data file's bytes: binary records or text lines. An error names
/// the file and the record (or line) that cannot be read.
pub fn read_records(
    inputs: &dyn NetInputs,
    name: &str,
    bytes: &[u8],
) -> Result<Vec<Record>, String> {
    if is_text(bytes) {
        let text = std::str::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))?;
        return text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| {
                record_of_line(inputs, l).map_err(|e| format!("{name}: line {}: {e}", i + 1))
            })
            .collect();
    }
    Record::read_all(bytes, inputs.record_bytes()).map_err(|e| format!("{name}: {e}"))
}

/// The net's inputs and target of a record; `lambda` weighs the search score against the
/// game's result (1: the score alone). An error when the record is not of the map's game.
pub fn example(map: &dyn NetInputs, record: &Record, lambda: f32) -> Result<Example, String> {
    example_with(map, record, lambda, false, false)
}

/// [`example`], with each board feature's factor ([`NetInputs::factor`]) active too, as
/// input `map.inputs() + factor`, when `factorise`; of the position mirrored left to right
/// ([`NetInputs::mirrored`]) when `mirror` (an error on a board without a mirror).
pub fn example_with(
    map: &dyn NetInputs,
    record: &Record,
    lambda: f32,
    factorise: bool,
    mirror: bool,
) -> Result<Example, String> {
    let [mut first, mut second] = map.active_of_record(record)?;
    if mirror {
        for f in first.iter_mut().chain(second.iter_mut()) {
            *f = map
                .mirrored(*f)
                .ok_or("this board has no left-right mirror")?;
        }
    }
    let base = map.inputs();
    let to_u32 = |v: Vec<usize>| {
        let factors = v
            .iter()
            .filter_map(|&f| map.factor(f))
            .map(|k| base + k)
            .filter(|_| factorise)
            .collect::<Vec<usize>>();
        v.into_iter()
            .chain(factors)
            .map(|f| f as u32)
            .collect::<Vec<u32>>()
    };
    let (us, them) = if record.stm == 0 {
        (to_u32(first), to_u32(second))
    } else {
        (to_u32(second), to_u32(first))
    };
    let won = record.result as f32 / 2.0;
    let result = if record.stm == 0 { won } else { 1.0 - won };
    let score = 1.0 / (1.0 + (-(record.score as f32) / SCALE as f32).exp());
    Ok(Example {
        us,
        them,
        target: lambda * score + (1.0 - lambda) * result,
    })
}
