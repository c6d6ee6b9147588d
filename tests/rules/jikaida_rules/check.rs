//! §3.1: check, vault captures included, and the search's lazy legality test against the full one.

use super::*;
use crate::xorshift::Rng;

// ---------------------------------------------------------------------------------------------
// §3.1 Check
// ---------------------------------------------------------------------------------------------

#[test]
fn no_move_may_leave_the_king_capturable() {
    // Yellow King c1, Jiktar c3 pinned by the Blue Jiktar on c5: only along the file.
    let f = fen(&[("K", "c1"), ("J", "c3"), ("j", "c5"), ("k", "l18")], "y");
    assert_targets(&f, "c3", &["c2", "c4", "c5"]);
    let g = fen(&[("K", "c1"), ("J", "c3"), ("j", "d5"), ("k", "l18")], "y");
    assert_targets(
        &g,
        "c3",
        &["a3", "b3", "c2", "c4", "c5", "c6", "d3", "e3", "f3"],
    );
}

#[test]
fn the_captures_list_holds_vault_captures() {
    // A Chuktar with three friends in a row beside it takes the enemy piece after them by a
    // straight vault; a Hikdar takes one after a row of enemy pieces. The captures list is the
    // full list's captures.
    let fen = yfen(&[
        ("C", "c5"),
        ("D'", "d5"),
        ("D'", "e5"),
        ("D'", "f5"),
        ("d'", "g5"),
        ("H", "c9"),
        ("d'", "d10"),
        ("d'", "e11"),
        ("d'", "f12"),
        ("d'", "g13"),
    ]);
    let p = pos(&fen);
    let captures = legal_texts(&p, true);
    for vault in ["c5g5", "c9g13"] {
        assert!(
            captures.iter().any(|m| m == vault),
            "{vault} in {captures:?}"
        );
    }
    assert_eq!(captures, noisy_of_all(&p), "{fen}");
}

#[test]
fn check_includes_vault_captures() {
    // Blue Deldar c5 over c4 c3 c2 onto the Yellow King c1.
    let pieces = [
        ("K", "c1"),
        ("S'", "c2"),
        ("S'", "c3"),
        ("S'", "c4"),
        ("d'", "c5"),
        ("k", "l18"),
        ("N'", "l10"),
    ];
    let f = fen(&pieces, "y");
    assert!(in_check(&f));
    // The Paktun's moves do not help; the King may leave, or vault and take the Deldar (landing
    // on c6 would leave it next to the Deldar).
    assert!(targets(&f, "l10").is_empty());
    assert_targets(&f, "c1", &["b1", "b2", "c5", "d1", "d2"]);
    // Any Swod leaving the line answers the check (c2 may also vault over c3 c4 c5 to c6).
    assert_eq!(
        moves(&f),
        set(&[
            "c1b1", "c1b2", "c1c5", "c1d1", "c1d2", "c2b3", "c2d3", "c2c6", "c3b4", "c3d4", "c4b5",
            "c4d5",
        ])
    );
    // The same position with Blue to move is refused (Yellow, not to move, in check).
    assert!(Pos::from_fen(board(), &fen(&pieces, "b")).is_err());
    // Control: c2 empty, no check.
    let g = fen(
        &[
            ("K", "c1"),
            ("S'", "c3"),
            ("S'", "c4"),
            ("d'", "c5"),
            ("k", "l18"),
        ],
        "y",
    );
    assert!(!in_check(&g));
    // Completing the line is illegal: the Jiktar may not go to c4 (c2 c3 c4 under d' c5).
    let h = fen(
        &[
            ("K", "c1"),
            ("S'", "c2"),
            ("S'", "c3"),
            ("J", "a4"),
            ("d'", "c5"),
            ("k", "l18"),
        ],
        "y",
    );
    assert_targets(
        &h,
        "a4",
        &["a1", "a2", "a3", "a5", "a6", "b4", "d4", "e4", "f4"],
    );
    let i = fen(
        &[
            ("K", "c1"),
            ("S'", "c2"),
            ("S'", "c3"),
            ("J", "a4"),
            ("k", "l18"),
            ("d'", "k18"),
        ],
        "y",
    );
    assert_moves(&i, &["a4c4"], &[]);
}

#[test]
fn check_by_swod_vault_only_forward() {
    let check = |pieces: &[(&str, &str)]| {
        let mut v = vec![("K", "c5"), ("k", "l18")];
        v.extend_from_slice(pieces);
        in_check(&fen(&v, "y"))
    };
    // A Blue Swod on c1 behind c2 c3 c4 would vault backwards (north) onto c5: no check.
    let line = [("D'", "c4"), ("D'", "c3"), ("D'", "c2")];
    let mut v = line.to_vec();
    v.push(("s'", "c1"));
    assert!(!check(&v));
    // A Deldar there vaults any way: check.
    let mut v = line.to_vec();
    v.push(("d'", "c1"));
    assert!(check(&v));
    // A Blue Swod on c9 vaults forward (south) over c8 c7 c6 onto c5: check.
    assert!(check(&[
        ("D'", "c6"),
        ("D'", "c7"),
        ("D'", "c8"),
        ("s'", "c9")
    ]));
}

#[test]
fn check_by_slides_respects_fronts() {
    let check =
        |attacker: (&str, &str)| in_check(&fen(&[("K", "c1"), attacker, ("k", "l18")], "y"));
    // Chuktar and Kapt cross one front (c9: yes; c13: a second front, no).
    assert!(check(("c", "c9")));
    assert!(!check(("c", "c13")));
    assert!(check(("a", "c9")));
    assert!(!check(("a", "c13")));
    // Jiktar: from c7 it crosses on its first step; from c8 it stops at c7.
    assert!(check(("j", "c7")));
    assert!(!check(("j", "c8")));
    // Hikdar: g5-f4 crosses on the first step; from h6 the crossing would be the second step.
    assert!(check(("h", "g5")));
    assert!(!check(("h", "h6")));
    // Knight leaps ignore fronts, in the Kapt and Pallan too.
    assert!(check(("n'", "d3")));
    assert!(check(("a", "b3")));
    assert!(check(("p", "e2")));
    // Deldar (moved) two squares with an empty middle.
    assert!(check(("d'", "c3")));
    assert!(!check(("d'", "c4")));
    assert!(!in_check(&fen(
        &[("K", "c1"), ("S'", "c2"), ("d'", "c3"), ("k", "l18")],
        "y"
    )));
    // A Deldar two squares off across a front: only if the front is its first step.
    let k6 = |d: &str| in_check(&fen(&[("K", "c6"), ("d'", d), ("k", "l18")], "y"));
    assert!(k6("c7"));
    assert!(!k6("c8"));
    // Swod: diagonally forward only.
    assert!(check(("s'", "d2")));
    assert!(!check(("s'", "c2")));
    assert!(!in_check(&fen(
        &[("K", "c3"), ("s'", "d2"), ("k", "l18")],
        "y"
    )));
}

#[test]
fn check_by_first_moves() {
    let check =
        |attacker: (&str, &str)| in_check(&fen(&[("K", "c1"), attacker, ("k", "l18")], "y"));
    // Unmoved Deldar: four straight (c5), or two then a turn (e4: d3 c2, then c1).
    assert!(check(("d", "c5")));
    assert!(!check(("d'", "c5")));
    assert!(check(("d", "e4")));
    assert!(!check(("d'", "e4")));
    // Unmoved Swod: diagonal captures up to three squares.
    assert!(check(("s", "e3")));
    assert!(!check(("s'", "e3")));
    // Unmoved Paktun: two leaps (c5-b3-c1).
    assert!(check(("n", "c5")));
    assert!(!check(("n'", "c5")));
    // Unmoved Deldar e5 checks by e5-d4-c3 then c3-c2-c1 (its other way, by e4, is blocked):
    // the Jiktar answers by blocking d4, not d5.
    let f = fen(
        &[
            ("K", "c1"),
            ("d", "e5"),
            ("D'", "e4"),
            ("J", "d6"),
            ("k", "l18"),
        ],
        "y",
    );
    assert!(in_check(&f));
    assert_moves(&f, &["d6d4"], &["d6d5", "d6c6"]);
}

#[test]
fn check_by_pallan_refraction_bent_vault_and_move_then_vault() {
    // Refraction: Pallan g9 slides to g7, turns south-west through f6 to a1.
    let f = |p: &str, extra: &[(&str, &str)]| {
        let mut v = vec![("K", "a1"), (p, "g9"), ("k", "l18")];
        v.extend_from_slice(extra);
        in_check(&fen(&v, "y"))
    };
    assert!(f("p", &[]));
    assert!(!f("a", &[]));
    // Bent vault: Pallan c3 over c2 c1, turned west over b1 onto a1 (b2 blocks the diagonal).
    let bent = |p: &str| {
        in_check(&fen(
            &[
                ("K", "a1"),
                ("D'", "b1"),
                ("D'", "b2"),
                ("D'", "c1"),
                ("D'", "c2"),
                (p, "c3"),
                ("k", "l18"),
            ],
            "y",
        ))
    };
    assert!(bent("p"));
    assert!(!bent("a"));
    // Move-then-vault: Pallan c5 slides to a5 and vaults over a4 a3 a2 onto a1.
    let mtv = |p: &str| {
        in_check(&fen(
            &[
                ("K", "a1"),
                ("D'", "a2"),
                ("D'", "a3"),
                ("D'", "a4"),
                (p, "c5"),
                ("k", "l18"),
            ],
            "y",
        ))
    };
    assert!(mtv("p"));
    assert!(!mtv("a"));
    // The square the Pallan leaves is empty during the vault: Pallan a3 under a4 a5 does not
    // take a6 by sliding to a2 and vaulting.
    assert!(!in_check(&fen(
        &[
            ("K", "a6"),
            ("D'", "a5"),
            ("D'", "a4"),
            ("p", "a3"),
            ("k", "l18")
        ],
        "y"
    )));
}

/// Positions for the property tests: random games (captures preferred half the time) from the
/// start and from thinned-out start arrays (each piece but the Kings kept with probability
/// 2/5, pieces that have moved marked as such at random), every position on the way.
fn playout_positions() -> Vec<Pos> {
    let mut out = Vec::new();
    let start_pieces: Vec<(String, String)> = {
        let p = pos(START);
        (0..12 * 18)
            .filter_map(|c| {
                p.piece_at(c).map(|(color, kind)| {
                    let l = kaissa::games::jikaida::piece_letter(color, kind).to_string();
                    let sq = format!("{}{}", (b'a' + (c % 12) as u8) as char, c / 12 + 1);
                    (l, sq)
                })
            })
            .collect()
    };
    for seed in 1..=24u64 {
        let mut rng = Rng::from_state(0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0x1234_5678_9ABC));
        let mut p = if seed <= 8 {
            pos(START)
        } else {
            // Thin the array until the FEN is accepted (the side not to move not in check).
            loop {
                let mut v: Vec<(String, String)> = Vec::new();
                for (l, sq) in &start_pieces {
                    if l == "K" || l == "k" || rng.below(5) < 2 {
                        let moved = "NDSnds".contains(l.as_str()) && rng.below(2) == 0;
                        v.push((if moved { format!("{l}'") } else { l.clone() }, sq.clone()));
                    }
                }
                let refs: Vec<(&str, &str)> =
                    v.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
                if let Ok(p) = Pos::from_fen(board(), &fen(&refs, "y")) {
                    break p;
                }
            }
        };
        for _ in 0..60 {
            out.push(p.clone());
            let mut l: Vec<Move> = Vec::new();
            p.generate(&mut l);
            if l.is_empty() {
                break;
            }
            let caps: Vec<Move> = l.iter().copied().filter(|&m| p.is_capture(m)).collect();
            let mv = if !caps.is_empty() && rng.below(2) == 0 {
                caps[rng.below(caps.len())]
            } else {
                l[rng.below(l.len())]
            };
            p.make(mv);
        }
    }
    out
}

#[test]
fn capturable_means_some_move_captures_there() {
    // In positions reached by random play, `attacked` (used for check and the Fluttember) agrees
    // with the union of every piece's moves, for every piece of the other side.
    let mut checked = 0;
    for p in playout_positions() {
        for by in [Color::First, Color::Second] {
            let propt = p.propt(by.flip());
            let mut reach = B4::EMPTY;
            for from in 0..12 * 18 {
                if matches!(p.piece_at(from), Some((c, _)) if c == by) {
                    reach |= p.reach(from, propt);
                }
            }
            for target in 0..12 * 18 {
                if matches!(p.piece_at(target), Some((c, _)) if c != by) {
                    assert_eq!(
                        p.attacked(target, by),
                        reach.has(target),
                        "cell {target} by {by:?} in {}",
                        p.to_fen()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn legal_moves_are_exactly_those_that_leave_the_king_uncapturable() {
    // Every piece's every target (a Swod reaching its last rank with each of the seven
    // promotions), kept when the mover's King cannot be captured after it: the generator's list
    // without its Fluttembers.
    let mut checks = 0;
    for p in playout_positions() {
        if p.decided().is_some() {
            continue;
        }
        let us = p.side_to_move();
        if p.in_check() {
            checks += 1;
        }
        let propt = p.propt(us.flip());
        let mut expected = Vec::new();
        let mut q = p.clone();
        for from in 0..12 * 18 {
            let Some((c, kind)) = p.piece_at(from) else {
                continue;
            };
            if c != us {
                continue;
            }
            let last = if us == Color::First { 17 } else { 0 };
            for to in 0..12 * 18 {
                if !p.reach(from, propt).has(to) {
                    continue;
                }
                let mvs: Vec<Move> = if kind == kaissa::games::jikaida::SWOD && to / 12 == last {
                    kaissa::games::jikaida::PROMOTIONS
                        .iter()
                        .map(|&k| Move::promotion(from, to, k))
                        .collect()
                } else {
                    vec![Move::normal(from, to)]
                };
                for mv in mvs {
                    q.make(mv);
                    if !q.attacked(q.king(us), us.flip()) {
                        expected.push(p.move_text(mv));
                    }
                    q.unmake();
                }
            }
        }
        expected.sort();
        let mut got = Vec::new();
        p.generate(&mut got);
        let mut got: Vec<String> = got
            .into_iter()
            .filter(|&m| !p.is_flutter(m))
            .map(|m| p.move_text(m))
            .collect();
        got.sort();
        assert_eq!(got, expected, "{}", p.to_fen());
    }
    assert!(checks > 10, "only {checks} positions in check");
}

#[test]
fn pseudo_legal_moves_accepted_by_try_make_are_the_legal_moves() {
    // The search generates without the check test and tests only the moves it plays, reusing
    // the check answer of each position of the line: it must play exactly the legal moves, at
    // a position, after its children's moves were played and taken back, and after a pass.
    use kaissa::core::rules::Rules;
    let mut refused = 0;
    let mut checks = 0;
    let mut narrowed = 0;
    for mut p in playout_positions() {
        if p.decided().is_some() {
            continue;
        }
        let legal = legal_texts(&p, false);
        // Before the check answer is known, so every illegal move is in the list.
        let mut pseudo = Vec::new();
        p.generate_pseudo_fresh(&mut pseudo);
        refused += pseudo.len() - legal.len();
        assert_eq!(p.in_danger_here(), p.in_check(), "{}", p.to_fen());
        assert_eq!(accepted(&mut p, false), legal, "{}", p.to_fen());
        assert_eq!(
            accepted(&mut p, true),
            legal_texts(&p, true),
            "{}",
            p.to_fen()
        );
        // The captures and promotions are those of the full list.
        assert_eq!(legal_texts(&p, true), noisy_of_all(&p), "{}", p.to_fen());
        // The children: every seventh, and every one in check (where the remembered answer
        // is the one capture found, and most moves are refused without a test).
        let mut l = Vec::new();
        p.generate(&mut l);
        for (n, &mv) in l.iter().enumerate() {
            p.make(mv);
            let check = p.in_check();
            if p.decided().is_none() && (check || n % 7 == 0) {
                checks += check as usize;
                if check {
                    // Once the check is known, the list holds only moves that can answer it.
                    let mut before = Vec::new();
                    p.generate_pseudo_fresh(&mut before);
                    assert!(p.in_danger_here());
                    let mut known = Vec::new();
                    p.generate_pseudo_fresh(&mut known);
                    assert!(known.iter().all(|m| before.contains(m)));
                    narrowed += (known.len() < before.len()) as usize;
                }
                let fen = p.to_fen();
                assert_eq!(accepted(&mut p, false), legal_texts(&p, false), "{fen}");
                assert_eq!(accepted(&mut p, true), legal_texts(&p, true), "{fen}");
            }
            p.unmake();
        }
        assert_eq!(accepted(&mut p, false), legal, "{}", p.to_fen());
        p.make_pass();
        let fen = p.to_fen();
        assert_eq!(accepted(&mut p, false), legal_texts(&p, false), "{fen}");
        p.unmake_pass();
    }
    assert!(refused > 1000, "only {refused} illegal moves refused");
    assert!(checks > 1000, "only {checks} positions in check");
    assert!(
        narrowed * 2 > checks,
        "a known check narrowed only {narrowed} lists"
    );
}

/// The captures and promotions among the legal moves of the full list, as sorted text.
fn noisy_of_all(p: &Pos) -> Vec<String> {
    let mut all = Vec::new();
    p.generate(&mut all);
    let mut out: Vec<String> = all
        .iter()
        .filter(|m| p.is_capture(**m) || m.promotes_to().is_some())
        .map(|&m| p.move_text(m))
        .collect();
    out.sort();
    out
}
