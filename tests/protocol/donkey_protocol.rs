//! Donkey Kaissa through the binary: UCI play, `d` and errors, the `perft` command, `analyse`,
//! `match` with the arbiter checking every move, and the refusal in XBoard mode.

use crate::session;

use session::{run_ok, self_match, session};

const START: &str =
    "1ATSU1LLTP2SP2/2IB1MRP8/5m2ir2bl2/1atsu1lltp2sp2/2ib1mrp8/5M2IR2BL2[Hh] w - - 0 1";

#[test]
fn uci_plays_donkey_and_reports_errors() {
    let _g = crate::serial::shared();
    let out = session(
        "uci\nsetoption name UCI_Variant value donkey\nisready\n\
         position startpos moves a32a34 d32d34\nd\n\
         position startpos moves a32a35\n\
         position fen 16/16/16/16/16[Hh] w - - 0 1\n\
         position startpos\ngo depth 4\nisready\nquit\n",
    );
    assert!(out.contains(" var donkey"), "{out}");
    assert!(
        out.contains("info string variant donkey board donkey cells 96"),
        "{out}"
    );
    assert!(
        out.contains(
            "Fen: 1ATSU1LLT2PSP2/2IB1MRP8/5m2ir2bl2/1atsu1llt2psp2/2ib1mrp8/5M2IR2BL2[Hh] w - - 0 2"
        ),
        "{out}"
    );
    assert!(out.contains("info string error:"), "{out}");
    assert!(out.contains("a32a35"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .unwrap();
    let mv = best.split_whitespace().next().unwrap();
    assert_eq!(mv.len(), 6, "a from-to move in cell names: {mv}");
}

#[test]
fn perft_command_counts_donkey() {
    let _g = crate::serial::shared();
    let text = run_ok(&["perft", "--variant", "donkey", "3"]);
    assert!(text.contains("Nodes searched: 205370"), "{text}");
    let text = run_ok(&[
        "perft",
        "--variant",
        "donkey",
        "--fen",
        START,
        "--divide",
        "1",
    ]);
    assert!(text.contains("a32a34: 1"), "{text}");
    assert!(text.contains("Nodes searched: 58"), "{text}");
}

#[test]
fn analyse_and_match_play_donkey() {
    let _g = crate::serial::shared();
    let dir = std::env::temp_dir().join(format!("kaissa-donkey-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("positions.fen");
    std::fs::write(
        &path,
        format!("{START}\n4U11/16/16/hu14/16/H15[] w - - 0 20\n"),
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let text = run_ok(&[
        "analyse",
        "--variant",
        "donkey",
        "--depth",
        "3",
        "--quiet",
        file,
    ]);
    assert_eq!(text.lines().count(), 2, "{text}");
    let text = self_match("donkey", 2, 2, &dir.join("games.pgn"));
    assert_eq!(text.matches("[Variant \"donkey\"]").count(), 2, "{text}");
    assert!(!text.contains("illegal"), "{text}");
}

#[test]
fn xboard_mode_refuses_donkey() {
    let _g = crate::serial::shared();
    let out = session("xboard\nprotover 2\nvariant donkey\nnew\nping 1\nquit\n");
    let features = out.lines().find(|l| l.contains("variants=")).unwrap();
    assert!(!features.contains("donkey"), "{features}");
    assert!(
        out.contains("Error (donkey cannot be played through XBoard"),
        "{out}"
    );
    assert!(out.contains("pong 1"), "{out}");
}

#[test]
fn serve_draws_the_donkey_board_and_plays_on_it() {
    let _g = crate::serial::shared();
    use kaissa::games::variants::Registry;
    use kaissa::serve::api::Api;
    use serde_json::{Value, json};
    let api = Api::new(Registry::builtin());
    let call = |method: &str, url: &str, body: Value| -> Value {
        let r = api.handle(method, url, body.to_string().as_bytes());
        assert_eq!(r.status, 200, "{method} {url}: {}", r.body);
        serde_json::from_str(&r.body).unwrap()
    };
    let s = call("POST", "/api/new", json!({ "variant": "donkey" }));
    let cells = s["view"]["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 96);
    assert_eq!(s["legal"].as_array().unwrap().len(), 58);
    let cell = |name: &str| cells.iter().find(|c| c["name"] == name).unwrap().clone();
    assert_eq!(cell("a21")["piece"], "U");
    assert_eq!(cell("d21")["piece"], "u");
    let y = |name: &str| cell(name)["y"].as_f64().unwrap();
    assert!(y("a11") > y("a44") && y("a44") > y("d44") && y("d44") > y("d11"));
    let marks = cell("a21")["marks"].to_string();
    assert!(marks.contains("zone-first"), "{marks}");
    let id = s["game"].as_str().unwrap();
    let after = call(
        "POST",
        "/api/move",
        json!({ "game": id, "move": "a32a34", "ply": 0 }),
    );
    assert_eq!(
        after["fen"],
        "1ATSU1LLT2PSP2/2IB1MRP8/5m2ir2bl2/1atsu1lltp2sp2/2ib1mrp8/5M2IR2BL2[Hh] b - - 0 1"
    );
}

#[test]
fn the_search_takes_the_home_stone_through_the_centre() {
    let _g = crate::serial::shared();
    // Yellow's Initiate on a22 takes Red's Home Stone on c11 along the split diagonal
    // a33-a44-c44-c33-c22-c11; Red's Ubar on e33 blocks the other branch.
    let out = session(
        "uci\nsetoption name UCI_Variant value donkey\n\
         position fen 4UI10/16/h15/16/10u5/H15[] w - - 0 20\ngo depth 3\nquit\n",
    );
    assert!(out.contains("bestmove a22c11"), "{out}");
    assert!(out.contains("score mate 1"), "{out}");
}
