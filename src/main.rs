//! The `kaissa` binary: see `kaissa --help`.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
