//! Move-generation and perft speed (criterion). Every benchmark asserts its node count first,
//! so a faster but wrong generator cannot pass unnoticed.
//!
//! Run: `cargo bench --bench perft`. Throughput is reported in leaves (elements) per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use kaissa::core::moves::Move;
use kaissa::games::kaissa::game::Game;
use kaissa::games::kaissa::position::Position;
use kaissa::games::variants::Registry;
use std::hint::black_box;
use std::sync::Arc;

fn game(name: &str) -> Arc<Game<u128>> {
    Arc::new(Game::new(&Registry::builtin().get(name, &[]).unwrap()).unwrap())
}

/// A middle-game kaissa position with both Home Stones placed.
const KAISSA_MIDDLE: &str = "i1stua1sbi/mr1p1pp1rm/p1p2h1b1p/3p4p1/10/2P3P3/1P3P2P1/PR2P1PS1P/M4P2RM/IBST1AT1HI[] w - - 0 9";

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, depth, leaves) in [
        ("merchants", 4, 3_116_602u64),
        ("kaissa", 4, 1_189_740),
        ("gorean", 4, 6_943_628),
        ("donkey", 4, 12_536_950),
    ] {
        let g = game(name);
        let mut pos = g.start_position();
        assert_eq!(kaissa::search::perft::perft(&mut pos, depth), leaves);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{name}_start_d{depth}"), |b| {
            b.iter(|| kaissa::search::perft::perft(black_box(&mut pos), depth))
        });
    }
    group.finish();
}

fn movegen_benches(c: &mut Criterion) {
    let g = game("kaissa");
    let positions: Vec<Position<u128>> = [g.def.start_fen.as_str(), KAISSA_MIDDLE]
        .iter()
        .map(|f| Position::from_fen(&g, f).unwrap())
        .collect();
    let total: usize = positions
        .iter()
        .map(|p| {
            let mut l = Vec::new();
            p.generate(&mut l);
            assert_eq!(l.len() as u64, p.count_moves());
            l.len()
        })
        .sum();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(total as u64));
    let mut list: Vec<Move> = Vec::with_capacity(256);
    group.bench_function("kaissa_generate", |b| {
        b.iter(|| {
            for p in &positions {
                list.clear();
                black_box(p).generate(&mut list);
            }
            list.len()
        })
    });
    group.bench_function("kaissa_count", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_moves())
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, perft_benches, movegen_benches);
criterion_main!(benches);
