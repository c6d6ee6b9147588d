//! The learned evaluation's harness, one for every game of the registry (a new game gets it by
//! its registry line): through seeded random games from the start and from every position of
//! the game's perft data file (drops, promotions, captures, vaults, exchanges, take-backs),
//! the sums kept by make and unmake equal sums computed afresh; a net attached after a move
//! survives the move's take-back; the SIMD loops give the scalar loops' bits; and a net file
//! for another game, cut short or of random bytes is refused in one line while the game's own
//! is taken. Each game's own net tests (records, UCI sessions, the datagen-and-train
//! pipeline) are the modules of `tests/engine/nnue/`.

mod net_pipeline;
mod nnue_walk;
use crate::perft_data;
use crate::xorshift;

mod caissa;
mod jikaida;
mod kaissa_family;

use kaissa::core::definition::VariantDef;
use kaissa::core::nnue::feature::NetFeatures;
use kaissa::core::nnue::network::Network;
use kaissa::core::playable::Playable;
use kaissa::core::ruleset::PositionVisitor;
use kaissa::core::tunable::Tunable;
use kaissa::games::variants::Registry;
use std::sync::Arc;
use xorshift::Rng;

/// Every game of the built-in registry.
fn games() -> Vec<VariantDef> {
    let registry = Registry::builtin();
    let defs: Vec<VariantDef> = registry
        .names()
        .iter()
        .map(|n| registry.get(n, &[]).unwrap())
        .collect();
    assert!(
        defs.len() >= 10,
        "the Kaissa rule sets, Donkey, Caïssa, Jikaida's forms"
    );
    defs
}

/// The positions of `name`'s perft data file, if it has one (the start otherwise).
fn starts(def: &VariantDef) -> Vec<String> {
    let path = format!(
        "{}/tests/perft/{}.epd",
        env!("CARGO_MANIFEST_DIR"),
        def.name
    );
    let mut fens = vec![def.start_fen.clone()];
    if std::path::Path::new(&path).exists() {
        fens.extend(
            perft_data::read_cases(&def.name)
                .into_iter()
                .filter(|c| !c.comment.contains("unreachable"))
                .map(|c| c.fen),
        );
    }
    fens
}

/// A net of seeded random weights for `pos`'s game, `hidden` wide.
fn random_net<P: NetFeatures>(pos: &P, name: &str, hidden: usize, seed: u64) -> Network {
    let (features, inputs) = pos.net_reads();
    nnue_walk::random_net(name, features, inputs, hidden, seed)
}

/// Asserts that `pos`'s kept sums equal sums computed afresh, for both perspectives.
fn assert_fresh<P: NetFeatures>(pos: &P, net: &Arc<Network>, what: &str) {
    let kept = pos.net_state().accumulators().expect("a net is attached");
    let fresh = pos.fresh_sums(net.clone());
    for p in 0..2 {
        assert_eq!(kept.sums(p), fresh.sums(p), "{what}, perspective {p}");
    }
}

/// Random games from each start position of a game with a random net attached, the kept sums
/// checked after every move and take-back; gives (moves made, moves taken back).
struct KeptSums {
    starts: Vec<String>,
    seed: u64,
}

impl PositionVisitor for KeptSums {
    type Output = (u32, u32);
    fn visit<P: Playable + Tunable>(self, start: P, _eval: P::Eval) -> (u32, u32) {
        let net = Arc::new(random_net(&start, "random", 32, 7));
        let mut rng = Rng::new(self.seed);
        let (mut moves, mut takebacks) = (0, 0);
        for (i, fen) in self.starts.iter().enumerate() {
            if !start.same_board(fen).unwrap_or(false) {
                continue; // another board size: the harness of that size's game
            }
            let Ok(mut pos) = start.read_fen(fen) else {
                continue;
            };
            pos.attach_net(Some(&net));
            if !pos.net_state().is_attached() {
                continue; // a board no net of the game is for
            }
            assert_fresh(&pos, &net, &format!("{fen}: attached"));
            let (games, plies) = if i == 0 { (6, 200) } else { (2, 60) };
            for g in 0..games {
                let mut pos = pos.clone();
                for ply in 0..plies {
                    let Some(mv) = nnue_walk::random_move(&pos, &mut rng) else {
                        break;
                    };
                    let what = format!("{fen}: game {g} ply {ply} after {mv:?}");
                    let check = |p: &P, w: &str| assert_fresh(p, &net, w);
                    takebacks += nnue_walk::step(&mut pos, mv, ply, &what, &mut rng, &check);
                    moves += 1;
                }
            }
        }
        (moves, takebacks)
    }
}

#[test]
fn kept_sums_equal_fresh_sums_through_random_games_of_every_game() {
    let _g = crate::serial::shared();
    for def in games() {
        let visitor = KeptSums {
            starts: starts(&def),
            seed: def.name.len() as u64 * 1000 + 3,
        };
        let (moves, takebacks) = kaissa::games::build(&def, None, visitor).unwrap();
        assert!(moves > 100 && takebacks > 0, "{}: {moves} moves", def.name);
    }
}

/// A net attached after a move survives the move's take-back (its sums are then made afresh).
struct AttachedLate;

impl PositionVisitor for AttachedLate {
    type Output = ();
    fn visit<P: Playable + Tunable>(self, mut pos: P, _eval: P::Eval) {
        let net = Arc::new(random_net(&pos, "random", 16, 9));
        let mv = nnue_walk::random_move(&pos, &mut Rng::new(1)).unwrap();
        pos.make(mv);
        pos.attach_net(Some(&net));
        pos.unmake();
        assert_fresh(&pos, &net, "after taking back a move made before the net");
        pos.attach_net(None);
        assert!(!pos.net_state().is_attached() && pos.net_eval().is_none());
    }
}

#[test]
fn a_net_attached_after_a_move_survives_its_take_back_in_every_game() {
    let _g = crate::serial::shared();
    for def in games() {
        kaissa::games::build(&def, None, AttachedLate).unwrap();
    }
}

/// The same random moves with a net on the SIMD loops and its copy on the scalar ones
/// evaluate alike.
struct SimdAndScalar;

impl PositionVisitor for SimdAndScalar {
    type Output = ();
    fn visit<P: Playable + Tunable>(self, start: P, _eval: P::Eval) {
        let fast = Arc::new(random_net(&start, "random", 64, 11));
        let mut slow = (*fast).clone();
        slow.force_scalar();
        let slow = Arc::new(slow);
        let (mut a, mut b) = (start.clone(), start);
        a.attach_net(Some(&fast));
        b.attach_net(Some(&slow));
        let same = |a: &P, b: &P| {
            assert_eq!(a.net_eval(), b.net_eval());
            assert!(a.net_eval().is_some());
        };
        nnue_walk::walk_pair(&mut a, &mut b, 100, &mut Rng::new(5), &same);
    }
}

#[test]
fn simd_and_scalar_nets_evaluate_alike_in_every_game() {
    let _g = crate::serial::shared();
    for def in games() {
        kaissa::games::build(&def, None, SimdAndScalar).unwrap();
    }
}

/// `choose_net` with a file's bytes: the game's own net is taken and named; another game's
/// net, a cut file and random bytes are refused in one line, and nothing changes.
struct NetFiles {
    /// Another game's net file.
    foreign: Vec<u8>,
}

impl PositionVisitor for NetFiles {
    type Output = ();
    fn visit<P: Playable + Tunable>(self, pos: P, eval: P::Eval) {
        let own = random_net(&pos, "own", 16, 2).to_bytes();
        let chosen = pos
            .choose_net(&eval, true, Some(&own))
            .unwrap()
            .expect("a game with nets");
        assert_eq!(pos.net_name(&chosen).as_deref(), Some("own"));
        let mut rng = Rng::new(4);
        let noise: Vec<u8> = (0..3000).map(|_| rng.next() as u8).collect();
        let bad: [&[u8]; 5] = [
            &self.foreign,
            &own[..own.len() / 2],
            &own[..own.len() - 1],
            &noise,
            b"",
        ];
        for bytes in bad {
            let Err(e) = pos.choose_net(&eval, true, Some(bytes)) else {
                panic!("bad net bytes taken ({} bytes)", bytes.len());
            };
            assert!(!e.is_empty() && !e.contains('\n'), "{e}");
        }
    }
}

/// The bytes of a random net for `def`'s game.
struct NetBytes;

impl PositionVisitor for NetBytes {
    type Output = Vec<u8>;
    fn visit<P: Playable + Tunable>(self, pos: P, _eval: P::Eval) -> Vec<u8> {
        random_net(&pos, "foreign", 16, 1).to_bytes()
    }
}

#[test]
fn bad_net_files_are_refused_in_one_line_in_every_game() {
    let _g = crate::serial::shared();
    let defs = games();
    for (i, def) in defs.iter().enumerate() {
        // The net of a game of another kind (the next one listed with other inputs).
        let own = kaissa::games::build(def, None, NetBytes).unwrap();
        let foreign = defs
            .iter()
            .cycle()
            .skip(i + 1)
            .take(defs.len())
            .map(|d| kaissa::games::build(d, None, NetBytes).unwrap())
            .find(|b| *b != own)
            .unwrap();
        kaissa::games::build(def, None, NetFiles { foreign }).unwrap();
    }
}
