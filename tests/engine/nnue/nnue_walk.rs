//! The learned evaluation's random-game tests' steps, for any game: a random legal move; make
//! it, check the kept sums, and now and then take one or two moves back and check again. A module of
//! `nnue` (`tests/engine/nnue.rs`); the random source is the target's `crate::xorshift`.

use crate::xorshift::Rng;
use kaissa::core::moves::Move;
use kaissa::core::nnue::network::Network;
use kaissa::core::rules::Rules;

/// A random legal move of `pos`; None when the game is over.
pub fn random_move<P: Rules>(pos: &P, rng: &mut Rng) -> Option<Move> {
    let mut list = Vec::new();
    pos.generate(&mut list);
    if list.is_empty() || pos.decided().is_some() {
        return None;
    }
    Some(list[rng.below(list.len())])
}

/// Makes `mv` in `pos` (the `ply`-th move of its game), runs `check(pos, what)`, and one time
/// in eight from the third move on takes one or two moves back and checks again. Returns the
/// moves taken back.
pub fn step<P: Rules>(
    pos: &mut P,
    mv: Move,
    ply: usize,
    what: &str,
    rng: &mut Rng,
    check: &dyn Fn(&P, &str),
) -> u32 {
    pos.make(mv);
    check(pos, what);
    if ply < 2 || rng.below(8) != 0 {
        return 0;
    }
    let back = 1 + rng.below(2);
    for _ in 0..back {
        pos.unmake();
    }
    check(pos, &format!("{what}, {back} taken back"));
    back as u32
}

/// Plays the same random moves in `a` and `b`, up to `plies` of them, running `check(a, b)`
/// before each (two positions that should evaluate alike, a fast net's and a slow one's).
pub fn walk_pair<P: Rules>(
    a: &mut P,
    b: &mut P,
    plies: usize,
    rng: &mut Rng,
    check: &dyn Fn(&P, &P),
) {
    for _ in 0..plies {
        check(a, b);
        let Some(mv) = random_move(a, rng) else {
            return;
        };
        a.make(mv);
        b.make(mv);
    }
}

/// A net of seeded random weights named `name`, reading `features` with `inputs` inputs,
/// `hidden` wide.
#[allow(dead_code)] // not every test that shares these steps makes its own nets
pub fn random_net(name: &str, features: &str, inputs: usize, hidden: usize, seed: u64) -> Network {
    let mut rng = Rng::new(seed);
    let mut draw = |n: usize, range: u64| -> Vec<i16> {
        (0..n)
            .map(|_| (rng.next() % (2 * range + 1)) as i16 - range as i16)
            .collect()
    };
    let w1 = draw(inputs * hidden, 400);
    let b1 = draw(hidden, 200);
    let w2 = draw(2 * hidden, 120);
    Network::from_parts(name, features, (inputs, hidden), w1, b1, w2, 55).unwrap()
}
