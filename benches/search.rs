//! Search speed (criterion): the bench positions of `kaissa bench` for two rule sets,
//! searched to a fixed depth on one thread with a cleared table, and the `kaissa` rule set
//! once more on Jikaida's 256-bit sets (group `width`: what the wider board alone costs).
//! The node count of each run is asserted equal to the first run's (the search is
//! deterministic on one thread), and throughput is reported in nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kaissa::core::bitboard::{Bitboard, Wide};
use kaissa::games::kaissa::eval::EvalTables;
use kaissa::games::kaissa::game::Game;
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use kaissa::search::tt::Table;
use kaissa::search::{SearchParams, search};
use std::sync::Arc;

fn run<B: Bitboard>(pos: &Position<B>, eval: &EvalTables<B>, tt: &Arc<Table>, depth: i32) -> u64 {
    tt.clear();
    search(
        pos,
        SearchParams::depth(eval, tt.clone(), depth),
        &mut |_| {},
    )
    .nodes
}

/// Searches the bench positions of `variant` with the rules compiled for bitboard width `B`.
fn bench_variant<B: Bitboard>(c: &mut Criterion, group: &str, variant: &str, label: &str) {
    let registry = Registry::builtin();
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    let g = Arc::new(Game::<B>::new(&registry.get(variant, &[]).unwrap()).unwrap());
    let eval = EvalTables::for_game(&g);
    let tt = Arc::new(Table::new(16));
    let positions: Vec<Position<B>> = kaissa::engine::bench::POSITIONS
        .iter()
        .filter(|(v, _)| *v == variant)
        .map(|(_, f)| Position::from_fen(&g, f).unwrap())
        .collect();
    let depth = 7;
    let expected: u64 = positions.iter().map(|p| run(p, &eval, &tt, depth)).sum();
    group.throughput(Throughput::Elements(expected));
    group.bench_function(format!("{variant}_bench_positions_d{depth}{label}"), |b| {
        b.iter(|| {
            let n: u64 = positions.iter().map(|p| run(p, &eval, &tt, depth)).sum();
            assert_eq!(n, expected, "search is not deterministic");
            n
        })
    });
    group.finish();
}

fn search_benches(c: &mut Criterion) {
    for variant in ["merchants", "kaissa"] {
        bench_variant::<u128>(c, "search", variant, "");
    }
}

/// The cost of the wider bitboard alone: the same rules, positions and tree on the 256-bit
/// sets Jikaida uses instead of `u128` (the node counts are equal; only the time differs).
fn width_benches(c: &mut Criterion) {
    bench_variant::<u128>(c, "width", "kaissa", "_u128");
    bench_variant::<Wide<4>>(c, "width", "kaissa", "_wide4");
}

criterion_group!(benches, search_benches, width_benches);
criterion_main!(benches);
