//! Seeded random mutations of valid commands, token and byte level, with the harness's small
//! PRNG, so every run sends the same lines.

use super::harness::Rng;

/// Commands that are valid in the session's state, for mutation.
pub const SEEDS: &[&str] = &[
    "position startpos moves e2e5 e9e6 d1f4",
    "position startpos moves e2e5",
    "position fen ibstuatsbi/mrpppppprm/10/10/10/10/10/10/MRPPPPPPRM/IBSTUATSBI[Hh] w - - 0 1 moves d2d4 d9d7",
    "go depth 2",
    "go nodes 500",
    "go movetime 10",
    "go wtime 100 btime 100 winc 10 binc 10",
    "go wtime 100 btime 100 movestogo 3",
    "go depth 2 searchmoves h2h3 g2g3",
    "go infinite",
    "go ponder wtime 50 btime 50",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 10",
    "setoption name UCI_Variant value gc",
    "setoption name Ponder value true",
    "setoption name Clear Hash",
    "ucinewgame",
    "d",
    "eval",
    "isready",
    "stop",
    "ponderhit",
];

/// Words a token mutation may put in.
pub const WORDS: &[&str] = &[
    "go",
    "position",
    "setoption",
    "name",
    "value",
    "startpos",
    "fen",
    "moves",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "searchmoves",
    "mate",
    "stop",
    "isready",
    "d",
    "eval",
    "uci",
    "ucinewgame",
    "ponderhit",
    "UCI_Variant",
    "MultiPV",
    "Ponder",
    "Move",
    "Overhead",
    "Clear",
    "true",
    "false",
    "gc",
    "kaissa",
    "gorean",
    "merchants",
    "northern",
    "0",
    "1",
    "-1",
    "2",
    "7",
    "30",
    "256",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "99999999999999999999",
    "e2e5",
    "e9e6",
    "d1f4",
    "H@e1",
    "H@f10",
    "a1a10",
    "j10a1",
    "e2e5e",
    "@",
    "[Hh]",
    "[]",
    "w",
    "b",
    "-",
    "10",
    "10/10",
    "(none)",
    "",
    "\t",
    "\u{0}",
    "é",
    "🦀",
];

/// True for lines that the streams must not send: slow or huge work (perft, bench, big hash,
/// many threads), files, `quit`, and inputs of known bugs (`go mate N` with 2N > u32::MAX).
pub fn skip(line: &[u8]) -> bool {
    let text = String::from_utf8_lossy(line).to_ascii_lowercase();
    let words: Vec<&str> = text.split_whitespace().collect();
    let banned = [
        "perft",
        "bench",
        "hash",
        "threads",
        "quit",
        "load",
        "variantpath",
    ];
    if banned.iter().any(|b| text.contains(b)) {
        return true;
    }
    words.windows(2).any(|w| {
        w[0] == "mate"
            && w[1]
                .parse::<u64>()
                .is_ok_and(|n| n >= 1 << 31 && n <= u32::MAX as u64)
    })
}

/// One random change to a line.
pub fn mutate_once(rng: &mut Rng, line: &mut Vec<u8>) {
    let text = String::from_utf8_lossy(line).into_owned();
    let mut words: Vec<String> = text.split(' ').map(String::from).collect();
    match rng.below(10) {
        0 if words.len() > 1 => {
            let i = rng.below(words.len());
            words.remove(i);
        }
        1 => {
            let i = rng.below(words.len());
            let w = words[i].clone();
            words.insert(i, w);
        }
        2 if words.len() > 1 => {
            let (i, j) = (rng.below(words.len()), rng.below(words.len()));
            words.swap(i, j);
        }
        3 | 4 => {
            let i = rng.below(words.len());
            words[i] = rng.pick(WORDS).to_string();
        }
        5 => {
            let i = rng.below(words.len() + 1);
            words.insert(i, rng.pick(WORDS).to_string());
        }
        6 => {
            // Truncate anywhere (possibly inside a character: not UTF-8 any more).
            let n = rng.below(line.len() + 1);
            line.truncate(n);
            return;
        }
        7 => {
            // Insert a random byte: printable, control or high (never a line break).
            let b = loop {
                let b = match rng.below(3) {
                    0 => 0x20 + rng.below(0x5f) as u8,
                    1 => rng.below(0x20) as u8,
                    _ => 0x80 + rng.below(0x80) as u8,
                };
                if b != b'\n' && b != b'\r' {
                    break b;
                }
            };
            let i = rng.below(line.len() + 1);
            line.insert(i, b);
            return;
        }
        8 => {
            // Change a digit, or flip a letter's case.
            if line.is_empty() {
                return;
            }
            let i = rng.below(line.len());
            let c = line[i];
            line[i] = if c.is_ascii_digit() {
                b'0' + rng.below(10) as u8
            } else if c.is_ascii_alphabetic() {
                c ^ 0x20
            } else {
                c
            };
            return;
        }
        _ => {
            // Drop or double a character.
            if line.is_empty() {
                return;
            }
            let i = rng.below(line.len());
            if rng.chance(1, 2) {
                line.remove(i);
            } else {
                let c = line[i];
                line.insert(i, c);
            }
            return;
        }
    }
    *line = words.join(" ").into_bytes();
}

/// A mutated seed line (never one that [`skip`] excludes).
pub fn mutation(rng: &mut Rng) -> Vec<u8> {
    loop {
        let mut line = rng.pick(SEEDS).as_bytes().to_vec();
        for _ in 0..1 + rng.below(3) {
            mutate_once(rng, &mut line);
        }
        line.retain(|b| *b != b'\n' && *b != b'\r');
        if !skip(&line) {
            return line;
        }
    }
}
