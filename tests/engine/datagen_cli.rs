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
