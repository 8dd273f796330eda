"""scripts/spark-validate in local[2] mode: its results equal the command's, game for game
and file by file, with pieces small enough that every file is cut many times."""

import importlib.util
import json
import pathlib
import shutil
import subprocess
import sys


def _load(name):
    spec = importlib.util.spec_from_file_location(name, pathlib.Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


corpus = _load("pgn_corpus")
conftest = _load("conftest")


def test_spark_validate_equals_the_command(cli, repo, tmp_path):
    conftest.need("pyspark", importlib.util.find_spec("pyspark") is not None)
    conftest.need("java", shutil.which("java") is not None)
    inputs = [
        corpus.generated(cli, tmp_path, 3000, 27),
        corpus.awkward(tmp_path),
        repo / "testBoards" / "standard" / "validate-mixed" / "games.pgn",
        repo / "testBoards" / "standard" / "validate-empty" / "empty.pgn",
    ]
    out = tmp_path / "out"
    done = subprocess.run(
        [sys.executable, str(repo / "scripts" / "spark-validate"), *map(str, inputs),
         "--out", str(out), "--master", "local[2]", "--chunk-mb", "0.1"],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,  # not the source folder: workers import the installed package
    )
    assert done.returncode == 1, done.stderr[-3000:]  # the corpus has illegal games
    lines = []
    for part in sorted((out / "games").glob("part-*")):
        lines += [json.loads(line) for line in part.read_text().splitlines()]
    assert (out / "summary.json").exists(), done.stderr[-3000:]
    summary = json.loads((out / "summary.json").read_text())
    assert summary["pieces"] > 10

    expected_total = 0
    for path in inputs:
        cli_done = subprocess.run(
            [str(cli), "standard", "validate", "--json", str(path)],
            capture_output=True, text=True, timeout=300,
        )
        expected = [json.loads(line) for line in cli_done.stdout.splitlines()]
        got = [{k: v for k, v in r.items() if k != "file"}
               for r in lines if r["file"] == str(path.resolve())]
        assert got == expected, path
        expected_total += len(expected)
    assert len(lines) == summary["games"] == expected_total
    assert summary["illegal"] == sum(1 for r in lines if not r["legal"]) > 0
    assert summary["legal"] + summary["illegal"] == summary["games"]
    assert summary["moves"] == sum(r["plies"] for r in lines if r["legal"])
