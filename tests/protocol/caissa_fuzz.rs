//! Bad input never panics the Caïssa code: mutated FENs are either refused with a message or
//! read into a position that writes back to a FEN reading the same, and whose moves can be
//! listed, played and parsed; malformed moves are refused.

use crate::xorshift;

use kaissa::games::caissa::CaissaPosition;
use xorshift::Rng;

const SEEDS: &[&str] = &[
    "7/3bqn1/4r2/7/2R4/1NQB3/7 w - 0",
    "*3b2/q3*1n/2**3/3R3/5Q1/1N*B2*/5*1 w - 20",
    "2Rn3/4q1r/1**3*/5Q1/N1B4/2*4/4b2 w c3e1 20",
    "**1****/**2***/*2****/**2qB1/*1*1***/*N*Q1**/*4** b - 47",
];

const ALPHABET: &[u8] = b"0123456789*/ qrbnQRBNkKpPwb-abcdefgh10x";

#[test]
fn mutated_fens_never_panic() {
    let _g = crate::serial::shared();
    let mut rng = Rng::from_state(0xDEAD_BEEF_1234_5678);
    let mut accepted = 0;
    let mut refused = 0;
    for round in 0..20_000 {
        let mut bytes = SEEDS[round % SEEDS.len()].as_bytes().to_vec();
        for _ in 0..1 + rng.next() % 3 {
            let i = (rng.next() % (bytes.len() as u64 + 1)) as usize;
            let c = ALPHABET[(rng.next() % ALPHABET.len() as u64) as usize];
            match rng.next() % 3 {
                0 if i < bytes.len() => bytes[i] = c,
                1 => bytes.insert(i, c),
                _ if i < bytes.len() => {
                    bytes.remove(i);
                }
                _ => bytes.push(c),
            }
        }
        let text = String::from_utf8_lossy(&bytes).to_string();
        match CaissaPosition::from_fen(&text) {
            Ok(mut p) => {
                accepted += 1;
                let fen = p.to_fen();
                let again = CaissaPosition::from_fen(&fen).expect("written FEN reads back");
                assert_eq!(again.to_fen(), fen);
                assert_eq!(again.key(), p.key());
                let mut list = Vec::new();
                p.generate(&mut list);
                for mv in list {
                    let text = CaissaPosition::move_text(mv);
                    assert_eq!(p.parse_move(&text), Ok(mv));
                    p.make(mv);
                    assert_eq!(p.key(), p.compute_key());
                    p.unmake();
                }
                assert_eq!(p.to_fen(), fen);
            }
            Err(e) => {
                refused += 1;
                assert!(!e.is_empty() && !e.contains('\n'), "{text}: {e}");
            }
        }
    }
    assert!(accepted > 300 && refused > 1_000, "{accepted} / {refused}");
}

#[test]
fn malformed_moves_are_refused() {
    let _g = crate::serial::shared();
    let p = CaissaPosition::start();
    for bad in [
        "", "b2", "b2c", "b2c44", "z9a1", "b2b2", "0000", "c2c4", "é2e4", "b2c4q",
    ] {
        assert!(p.parse_move(bad).is_err(), "{bad} accepted");
    }
    assert!(p.parse_move("b2c4").is_ok());
}
