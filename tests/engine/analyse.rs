//! `kaissa analyse`: a batch of positions gives one result per position in input order, shows
//! progress on stderr, writes valid JSON lines with --json, and reports unreadable positions
//! in place with a non-zero exit status.

use std::process::Command;

/// 100 positions: every unfinished position of the kaissa perft file, repeated.
fn positions() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/perft/kaissa.epd"
    ))
    .unwrap();
    let fens: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty() && !l.contains(";D1 0 "))
        .map(|l| l.split(';').next().unwrap().trim().to_string())
        .collect();
    fens.iter().cycle().take(100).cloned().collect()
}

fn write_file(name: &str, lines: &[String]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kaissa-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
fn hundred_positions_at_depth_six() {
    let _g = crate::serial::shared();
    let path = write_file("hundred.fen", &positions());
    let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args([
            "analyse",
            "--variant",
            "kaissa",
            "--depth",
            "6",
            "--jobs",
            "2",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 100);
    for (i, l) in lines.iter().enumerate() {
        assert!(l.starts_with(&format!("line {}: ", i + 1)), "{l}");
        assert!(l.contains(" bestmove ") && l.contains(" depth "), "{l}");
    }
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("progress: 100/100 positions"), "{stderr}");
}

#[test]
fn json_lines_and_errors_in_place() {
    let _g = crate::serial::shared();
    let mut lines = positions()[..5].to_vec();
    lines.insert(2, "not a position".to_string());
    lines.push(format!("{} id \"named\";", positions()[0]));
    let path = write_file("json.epd", &lines);
    let out = Command::new(env!("CARGO_BIN_EXE_kaissa"))
        .args([
            "analyse",
            "--depth",
            "3",
            "--multipv",
            "2",
            "--json",
            "--quiet",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 7);
    assert!(rows[2]["error"].as_str().unwrap().contains("FEN"));
    assert_eq!(rows[6]["id"], "named");
    assert!(rows[0]["bestmove"].is_string());
    assert!(rows[0]["lines"].as_array().unwrap().len() <= 2);
}
