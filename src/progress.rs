//! Progress as plain lines on stderr, for the long runs of the tools (`kaissa analyse`
//! without a terminal, `kaissa datagen`): a line each time the work done reaches another
//! twentieth (5%) of the whole, so a run of any length reports about twenty times.

/// Whether `done` items of `total` (counted after each item, from 1) is the first count to
/// reach another 5% of the total: the moment to report. Every item is one when `total` is
/// below 20; never for `done == 0`.
pub fn at_step(done: usize, total: usize) -> bool {
    let total = total.max(1);
    done > 0 && done * 20 / total != (done - 1) * 20 / total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_steps() {
        let steps: Vec<usize> = (1..=100).filter(|&d| at_step(d, 100)).collect();
        assert_eq!(steps, (1..=20).map(|i| i * 5).collect::<Vec<_>>());
        assert!((1..=3).all(|d| at_step(d, 3)));
        assert_eq!((1..=1000).filter(|&d| at_step(d, 1000)).count(), 20);
        assert!(!at_step(0, 10));
    }
}
