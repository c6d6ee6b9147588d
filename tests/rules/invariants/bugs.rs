//! Engine bugs found by these tests, each demonstrated by an ignored test. Remove the
//! `#[ignore]` once the bug is fixed.

use kaissa::games::variants::Registry;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Loads `text` into the built-in registry, turning a panic into a failure that names it.
fn load(text: &str) -> Result<Vec<String>, String> {
    let mut r = Registry::builtin();
    let result = catch_unwind(AssertUnwindSafe(|| r.load_str(text, "bug.toml")))
        .unwrap_or_else(|_| panic!("load_str panicked on {text:?}"));
    if result.is_err() {
        let builtin = Registry::builtin().names().len();
        assert_eq!(
            r.names().len(),
            builtin,
            "a refused file changed the registry"
        );
    }
    result
}

/// A kaissa child with the given extra lines.
fn child(lines: &str) -> String {
    format!("[[variant]]\nname = \"child\"\nparent = \"kaissa\"\n{lines}\n")
}

/// `game::validate` (and `AnyGame::new`) compute `files * ranks` before checking the board
/// size, which overflows on huge numbers: a panic ("attempt to multiply with overflow") in
/// builds with overflow checks, such as the test profile, instead of the "board is not
/// supported" error.
#[test]
fn huge_board_size_is_an_error_not_an_overflow() {
    let text = child("files = 9223372036854775807\nranks = 2");
    assert!(load(&text).is_err());
    let text = child("files = 4294967296\nranks = 4294967296");
    assert!(load(&text).is_err());
}

/// `Game::new` computes the turn horizon as `window[1] + 1`, which overflows for a window that
/// ends at `u32::MAX`: a panic ("attempt to add with overflow") with overflow checks, a
/// wrapped horizon of 0 without.
#[test]
fn drop_window_ending_at_u32_max_is_handled() {
    let text = child("drops = [{ piece = \"H\", ranks = \"1\", window = [1, 4294967295] }]");
    // Either answer is fine, as long as it is an answer.
    let _ = load(&text);
}

/// A drop window is two numbers, but `window = [2, 3, 4]` is accepted and silently read as
/// `[2, 3]`.
#[test]
fn drop_window_of_three_numbers_is_refused() {
    let text = child("drops = [{ piece = \"H\", ranks = \"1\", window = [2, 3, 4] }]");
    assert!(load(&text).is_err(), "accepted {text:?}");
}

/// Error messages quote the user's text verbatim, so a name or a Betza string holding a newline
/// (written `\n` in TOML) makes a multi-line message, unlike every other error.
#[test]
fn errors_quoting_user_text_stay_on_one_line() {
    let bad_parent = "[[variant]]\nname = \"a\\nb\"\nparent = \"zzz\"\n";
    let bad_betza = child("pieces = [{ letter = \"U\", betza = \"Q\\nY\" }]");
    for text in [bad_parent, &bad_betza] {
        let e = load(text).unwrap_err();
        assert!(!e.contains('\n'), "multi-line error {e:?} for {text:?}");
    }
}
