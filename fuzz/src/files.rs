//! Files the engine reads: variants TOML, PGN, net files, datagen records.

use super::{head, one_line, pick_game, registry};
use kaissa::core::moves::Move;
use kaissa::core::nnue::network::Network;
use kaissa::core::nnue::record::{RECORD_BYTES, Record, WIDE_RECORD_BYTES};
use kaissa::core::playable::Playable;
use kaissa::core::ruleset::PositionVisitor;
use kaissa::core::tunable::Tunable;
use kaissa::games;
use kaissa::train::data::{read_records, record_of_line};

/// Builds the start position and lists its moves.
struct StartMoves;

impl PositionVisitor for StartMoves {
    type Output = usize;
    fn visit<P: Playable + Tunable>(self, pos: P, _eval: P::Eval) -> usize {
        let mut list: Vec<Move> = Vec::new();
        pos.generate(&mut list);
        list.len()
    }
}

/// The variants TOML loader: a file that loads defines games that build (with each of their
/// rule options alone too) and whose start positions list their moves; one that does not is
/// refused with a one-line error.
pub fn variants_toml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut reg = registry().clone();
    let names = match reg.load_str(text, "fuzz") {
        Ok(names) => names,
        Err(e) => return one_line("variants file", &e),
    };
    for name in names {
        let def = (reg.get(&name, &[]))
            .unwrap_or_else(|e| panic!("{name} loaded but does not read: {e}"));
        games::build(&def, None, StartMoves)
            .unwrap_or_else(|e| panic!("{name} loaded but does not build: {e}"));
        for option in def.options.keys() {
            match reg.get(&name, std::slice::from_ref(option)) {
                Ok(d) => drop(games::build(&d, None, StartMoves).map_err(|e| one_line(option, &e))),
                Err(e) => one_line(option, &e),
            }
        }
    }
}

/// The PGN reader and `kaissa match --check-pgn`: a text that reads gives games that write
/// PGN which reads back to the same games; the check answers or refuses in one line.
pub fn pgn(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let read = match kaissa::pgn::read_all(text) {
        Ok(g) => g,
        Err(e) => return one_line("PGN", &e),
    };
    for g in &read {
        let written = g.write();
        let again = kaissa::pgn::read_all(&written)
            .unwrap_or_else(|e| panic!("{g:?} wrote {written:?}, which does not read: {e}"));
        assert_eq!(again, vec![g.clone()], "{written:?} reads as other games");
    }
    if read.len() <= 4
        && let Err(e) = kaissa::tournament::verify_pgn(text, None)
    {
        one_line("check-pgn", &e);
    }
}

/// FNV-1a 64, the net file's checksum (see `kaissa::core::nnue::network`).
fn fnv1a(bytes: &[u8]) -> u64 {
    (bytes.iter()).fold(0xCBF2_9CE4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// Chooses a net file for a game's start position and evaluates a few positions with it.
struct NetCheck<'a> {
    file: &'a [u8],
    picks: &'a [u8],
}

impl PositionVisitor for NetCheck<'_> {
    type Output = ();
    fn visit<P: Playable + Tunable>(self, mut pos: P, eval: P::Eval) {
        let eval = match pos.choose_net(&eval, true, Some(self.file)) {
            Ok(Some(e)) => e,
            Ok(None) => return,
            Err(e) => return one_line("net for a game", &e),
        };
        pos.prepare_eval(&eval);
        let _ = pos.evaluate(&eval);
        let mut list: Vec<Move> = Vec::new();
        for &p in self.picks.iter().take(4) {
            list.clear();
            pos.generate(&mut list);
            let Some(&mv) = list.get(p as usize % list.len().max(1)) else {
                break;
            };
            pos.make(mv);
            pos.settle_eval();
            let _ = pos.evaluate(&eval);
        }
    }
}

/// Net files: byte 0 picks the game (bit 0 set: the checksum is made right, so the fuzzer
/// gets past it), bytes 1 to 4 the moves evaluated; the rest is the file. A net that reads
/// is chosen by the game when its feature line is the game's and evaluates a few positions
/// without overflow; else it is refused with a one-line error.
pub fn knue(data: &[u8]) {
    let (h, rest) = head(data, 5);
    let &[pick, ref picks @ ..] = h else {
        return;
    };
    let mut file = rest.to_vec();
    if pick & 1 == 1 && file.len() >= 8 {
        let n = file.len() - 8;
        let sum = fnv1a(&file[..n]);
        file[n..].copy_from_slice(&sum.to_le_bytes());
    }
    match Network::from_bytes(&file) {
        Ok(net) => {
            let again = Network::from_bytes(&net.to_bytes()).expect("a net written reads");
            assert_eq!(
                again.to_bytes(),
                net.to_bytes(),
                "a net reads back as another"
            );
        }
        Err(e) => one_line("net file", &e),
    }
    let def = pick_game(pick >> 1, 0);
    let check = NetCheck { file: &file, picks };
    games::build(&def, None, check).expect("a built-in game builds");
}

/// Datagen records: byte 0 chooses the form (bits 0-1: a 64-byte record, a 128-byte record,
/// a text line, a whole file) and the game (the rest). A binary record that reads writes
/// the same bytes; a text line that reads writes a record that reads back to it; the game
/// reads a record's inputs or refuses it in one line.
pub fn datagen_record(data: &[u8]) {
    let (h, rest) = head(data, 1);
    let &[pick] = h else {
        return;
    };
    let def = pick_game(pick >> 2, 0);
    let inputs = games::net_inputs(&def).ok();
    let record = match pick & 3 {
        0 | 1 => {
            let size = if pick & 1 == 0 {
                RECORD_BYTES
            } else {
                WIDE_RECORD_BYTES
            };
            let mut bytes = rest[..size.min(rest.len())].to_vec();
            bytes.resize(size, 0);
            match Record::from_bytes(&bytes) {
                Ok(r) => {
                    assert_eq!(
                        r.to_bytes(size).as_ref(),
                        Ok(&bytes),
                        "{r:?} writes other bytes"
                    );
                    r
                }
                Err(e) => return one_line("record", &e),
            }
        }
        2 => {
            let (Ok(line), Some(inputs)) = (std::str::from_utf8(rest), &inputs) else {
                return;
            };
            let r = match record_of_line(inputs.as_ref(), line) {
                Ok(r) => r,
                Err(e) => return one_line("record line", &e),
            };
            let bytes = (r.to_bytes(inputs.record_bytes()))
                .unwrap_or_else(|e| panic!("{line:?} read as a record that does not write: {e}"));
            assert_eq!(
                Record::from_bytes(&bytes),
                Ok(r),
                "{line:?}: written, read another"
            );
            r
        }
        _ => {
            if let Some(inputs) = &inputs {
                match read_records(inputs.as_ref(), "fuzz", rest) {
                    Ok(records) => records.iter().for_each(|r| active(inputs.as_ref(), r)),
                    Err(e) => one_line("records file", &e),
                }
            }
            return;
        }
    };
    if let Some(inputs) = &inputs {
        active(inputs.as_ref(), &record);
    }
}

/// The inputs a record turns on in a game, or its refusal in one line.
fn active(inputs: &dyn kaissa::core::nnue::inputs::NetInputs, r: &Record) {
    match inputs.active_of_record(r) {
        Ok(sides) => {
            for s in sides {
                assert!(
                    s.iter().all(|&f| f < inputs.inputs()),
                    "{r:?}: input beyond the net"
                );
            }
        }
        Err(e) => one_line("record for a game", &e),
    }
}
