"""Shared paths and helpers of the Python tests: the repository root, whose data files
(tests/perft, tuning/suite) the tests read."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository's root folder."""
    return ROOT
