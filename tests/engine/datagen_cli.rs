//! `kaissa datagen` on the command line: the file it writes holds every game's samples in
//! game order (the same file with one job or two), and a bad input path is a one-line error
//! that leaves an existing output file as it was.

use std::path::PathBuf;
use std::process::{Command, Output};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kaissa-datagen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn datagen(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .arg("datagen")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_output_is_the_same_whatever_the_jobs() {
    let _g = crate::serial::shared();
    let mut files = Vec::new();
    for jobs in ["1", "2"] {
        let path = scratch(&format!("jobs{jobs}.data"));
        let p = path.to_str().unwrap();
        let out = datagen(&[
            "--variant",
            "merchants",
            "--games",
            "3",
            "--nodes",
            "300",
            "--jobs",
            jobs,
            "--out",
            p,
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let count = text.lines().count();
        assert!(count > 10, "{count}");
        assert!(
            stderr.contains(&format!("datagen: {count} positions")),
            "{stderr}"
        );
        assert!(text.lines().all(|l| l.split(" | ").count() == 3), "{text}");
        files.push(text);
    }
    assert_eq!(files[0], files[1]);
}

#[test]
fn a_missing_pgn_leaves_the_output_file_alone() {
    let _g = crate::serial::shared();
    let path = scratch("kept.data");
    std::fs::write(&path, "earlier samples\n").unwrap();
    let out = datagen(&[
        "--variant",
        "merchants",
        "--from-pgn",
        "/nonexistent/games.pgn",
        "--out",
        path.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("cannot read /nonexistent/games.pgn"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "earlier samples\n");
}

/// `--rescore` writes the file's positions again with new scores, one record per position
/// whose search finds no mate, and a damaged file is a one-line error.
#[test]
fn rescore_writes_the_positions_again_and_refuses_a_damaged_file() {
    let _g = crate::serial::shared();
    let made = scratch("made.bin");
    let again = scratch("again.bin");
    let (m, a) = (made.to_str().unwrap(), again.to_str().unwrap());
    let out = datagen(&[
        "--variant",
        "northern",
        "--games",
        "2",
        "--nodes",
        "200",
        "--jobs",
        "1",
        "--format",
        "binary",
        "--out",
        m,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = datagen(&[
        "--variant",
        "northern",
        "--rescore",
        m,
        "--nodes",
        "1000",
        "--format",
        "binary",
        "--out",
        a,
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (before, after) = (
        std::fs::read(&made).unwrap(),
        std::fs::read(&again).unwrap(),
    );
    assert_eq!(after.len() % 64, 0);
    assert!(after.len() <= before.len() && after.len() + 64 * 3 >= before.len());
    // The same positions (all but the score and move number bytes), most with a new score.
    let key = |r: &[u8]| r[..60].to_vec();
    let first: Vec<Vec<u8>> = before.chunks(64).map(key).collect();
    assert!(after.chunks(64).all(|r| first.contains(&key(r))));
    let changed = after
        .chunks(64)
        .zip(before.chunks(64))
        .filter(|(x, y)| x[60..62] != y[60..62])
        .count();
    assert!(changed > after.len() / 64 / 4, "{changed} scores changed");
    let damaged = scratch("damaged.bin");
    std::fs::write(&damaged, &before[..before.len() - 10]).unwrap();
    let out = datagen(&[
        "--variant",
        "northern",
        "--rescore",
        damaged.to_str().unwrap(),
        "--format",
        "binary",
        "--out",
        a,
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("not a whole number"), "{err}");
}
