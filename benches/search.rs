//! Search speed (criterion): the bench positions of `kaissa bench` for two rule sets,
//! searched to a fixed depth on one thread with a cleared table. The node count of each run
//! is asserted equal to the first run's (the search is deterministic on one thread), and
//! throughput is reported in nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kaissa::eval::EvalTables;
use kaissa::game::Game;
use kaissa::position::Position;
use kaissa::search::{SearchParams, search};
use kaissa::tt::Table;
use kaissa::variant::Registry;
use std::sync::Arc;

fn run(pos: &Position<u128>, eval: &EvalTables<u128>, tt: &Arc<Table>, depth: i32) -> u64 {
    tt.clear();
    search(
        pos,
        SearchParams::depth(eval, tt.clone(), depth),
        &mut |_| {},
    )
    .nodes
}

fn search_benches(c: &mut Criterion) {
    let registry = Registry::builtin();
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for variant in ["merchants", "kaissa"] {
        let g = Arc::new(Game::<u128>::new(&registry.get(variant, &[]).unwrap()).unwrap());
        let eval = EvalTables::for_game(&g);
        let tt = Arc::new(Table::new(16));
        let positions: Vec<Position<u128>> = kaissa::bench::POSITIONS
            .iter()
            .filter(|(v, _)| *v == variant)
            .map(|(_, f)| Position::from_fen(&g, f).unwrap())
            .collect();
        let depth = 7;
        let expected: u64 = positions.iter().map(|p| run(p, &eval, &tt, depth)).sum();
        group.throughput(Throughput::Elements(expected));
        group.bench_function(format!("{variant}_bench_positions_d{depth}"), |b| {
            b.iter(|| {
                let n: u64 = positions.iter().map(|p| run(p, &eval, &tt, depth)).sum();
                assert_eq!(n, expected, "search is not deterministic");
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search_benches);
criterion_main!(benches);
