"""Shared paths for the tests: the team's shared folder beside the clone, the koma CLI."""

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def shared() -> Path:
    """The shared folder (../shared from the repository root)."""
    assert SHARED.is_dir(), f"{SHARED} (the team's shared folder) must be beside the project"
    return SHARED


@pytest.fixture(scope="session")
def koma_cli() -> str:
    """The koma command: $KOMA_BIN (scripts/test sets it), else a build in target/."""
    env = os.environ.get("KOMA_BIN")
    if env:
        return env
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "koma"
        if path.is_file():
            return str(path)
    found = shutil.which("koma")
    assert found, "set KOMA_BIN to the koma command (cargo build), the CLI comparison needs it"
    return found
