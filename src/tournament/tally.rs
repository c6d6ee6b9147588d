//! One table, and one sequential test, from the PGN files of a match played in parts: a long
//! match split over machines (GNU parallel, a Slurm array) by seed, each part writing its own
//! PGN; `kaissa match --tally` reads them all back.

use super::Standings;
use super::stats::{Sprt, Wdl};
use crate::pgn::PgnGame;

/// The standings of `games` (in order): every engine named by a game's `White` or `Black`
/// tag, in the order they first appear (so the first engine, whose results the test weighs,
/// is the first game's `White`: a match's first `--engine`), and with `sprt` the test's
/// verdict on all the games at once. An error for a game without both names or with an
/// unfinished result (`*`).
pub fn tally(games: &[PgnGame], sprt: Option<&Sprt>) -> Result<Standings, String> {
    let mut standings = Standings {
        names: Vec::new(),
        wdl: Vec::new(),
        verdict: None,
        decided_at: None,
    };
    for (i, g) in games.iter().enumerate() {
        let players = [g.tag("White"), g.tag("Black")].map(|n| n.map(str::to_string));
        let [Some(white), Some(black)] = players else {
            return Err(format!("game {}: no White or Black tag", i + 1));
        };
        let points = match g.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            other => return Err(format!("game {}: unfinished ({other})", i + 1)),
        };
        let players = [white, black].map(|n| standings.index_of(&n));
        standings.add_points(players, points);
    }
    if let Some(sp) = sprt
        && !standings.names.is_empty()
    {
        standings.verdict = sp.verdict(&standings.total(0));
    }
    Ok(standings)
}

impl Standings {
    /// The index of the engine `name`, added with no results if it is new.
    fn index_of(&mut self, name: &str) -> usize {
        if let Some(i) = self.names.iter().position(|n| n == name) {
            return i;
        }
        self.names.push(name.to_string());
        for row in &mut self.wdl {
            row.push(Wdl::default());
        }
        self.wdl.push(vec![Wdl::default(); self.names.len()]);
        self.names.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(white: &str, black: &str, result: &str) -> PgnGame {
        PgnGame {
            tags: vec![
                ("White".into(), white.into()),
                ("Black".into(), black.into()),
                ("Result".into(), result.into()),
            ],
            moves: Vec::new(),
            comments: Vec::new(),
            result: result.into(),
            reason: None,
            variations: Vec::new(),
        }
    }

    /// Parts' games add up to one table: each engine's wins, draws and losses from either
    /// colour, the first game's White first; the test weighs its results.
    #[test]
    fn the_parts_add_up() {
        let games = [
            game("new", "old", "1-0"),
            game("old", "new", "1/2-1/2"),
            game("old", "new", "0-1"),
            game("new", "old", "0-1"),
        ];
        let sprt = Sprt::parse("elo0=0 elo1=10").unwrap();
        let s = tally(&games, Some(&sprt)).unwrap();
        assert_eq!(s.names, ["new", "old"]);
        let new = s.total(0);
        assert_eq!((new.wins, new.draws, new.losses), (2, 1, 1));
        let old = s.total(1);
        assert_eq!((old.wins, old.draws, old.losses), (1, 1, 2));
        assert!(s.table(Some(&sprt)).contains("SPRT elo0=0 elo1=10"));
        assert!(tally(&[game("a", "b", "*")], None).is_err());
        let mut nameless = game("a", "b", "1-0");
        nameless.tags.remove(0);
        assert!(tally(&[nameless], None).is_err());
    }
}
