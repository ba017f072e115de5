"""The package's build backend: maturin's, once it is sure that Rust is there.

maturin, asked to build from source on a machine without cargo, downloads a Rust
toolchain into a cache (puccinialin). koma-shogi refuses to do that behind the
user's back: without cargo, building from the sdist stops at once and says what to
do. Everything else is maturin's own backend, unchanged.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from typing import Any, Mapping, Optional

# Never let maturin fetch a toolchain, whatever its version does by default.
os.environ["MATURIN_NO_INSTALL_RUST"] = "1"

import maturin  # noqa: E402  (after the variable above, which maturin reads)

MINIMUM_RUST = "1.85"  # the workspace's rust-version


def _require_cargo() -> None:
    cargo = os.environ.get("CARGO") or shutil.which("cargo")
    version = ""
    if cargo:
        try:
            version = subprocess.run(
                [cargo, "--version"], capture_output=True, text=True, timeout=60
            ).stdout
        except (OSError, subprocess.SubprocessError):
            version = ""
    if "cargo" not in version:
        # SystemExit: pip shows the message alone, without a traceback in front of it.
        raise SystemExit(
            "koma-shogi: building it from source needs Rust's cargo "
            f"({MINIMUM_RUST} or later), and no cargo was found on PATH. Install Rust "
            "(https://rustup.rs, then open a new shell) and run pip again, or install "
            "a prebuilt wheel instead: pip install --only-binary koma-shogi koma-shogi"
        )


def get_requires_for_build_wheel(config_settings: Optional[Mapping[str, Any]] = None) -> list:
    _require_cargo()
    return maturin.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_editable(config_settings: Optional[Mapping[str, Any]] = None) -> list:
    _require_cargo()
    return maturin.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_sdist(config_settings: Optional[Mapping[str, Any]] = None) -> list:
    _require_cargo()
    return maturin.get_requires_for_build_sdist(config_settings)


def prepare_metadata_for_build_wheel(
    metadata_directory: str, config_settings: Optional[Mapping[str, Any]] = None
) -> str:
    _require_cargo()
    return maturin.prepare_metadata_for_build_wheel(metadata_directory, config_settings)


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Mapping[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    _require_cargo()
    return maturin.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(
    wheel_directory: str,
    config_settings: Optional[Mapping[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    _require_cargo()
    return maturin.build_editable(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory: str, config_settings: Optional[Mapping[str, Any]] = None) -> str:
    _require_cargo()
    return maturin.build_sdist(sdist_directory, config_settings)
