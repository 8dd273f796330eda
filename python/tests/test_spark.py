"""scripts/spark-validate in local[2] mode: its results equal the command's, game for game
and file by file, with pieces small enough that every file is cut many times; comments that
hold blank lines and tag lines cut no game in two; usage errors and an interpreter without
the package end in one line, before Spark starts."""

import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import time


def _load(name):
    spec = importlib.util.spec_from_file_location(name, pathlib.Path(__file__).with_name(f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


corpus = _load("pgn_corpus")
conftest = _load("conftest")


def need_spark():
    conftest.need("pyspark", importlib.util.find_spec("pyspark") is not None)
    conftest.need("java", shutil.which("java") is not None)


def spark_validate(repo, tmp_path, *args, python=sys.executable, env=None, timeout=600):
    return subprocess.run(
        [str(python), str(repo / "scripts" / "spark-validate"), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=tmp_path,  # not the source folder: workers import the installed package
    )


def check_against_the_command(cli, inputs, out, done):
    """Every game's result in `out` equals the command's for its file, in order."""
    lines = []
    for part in sorted((out / "games").glob("part-*")):
        lines += [json.loads(line) for line in part.read_text().splitlines()]
    assert (out / "summary.json").exists(), done.stderr[-3000:]
    summary = json.loads((out / "summary.json").read_text())

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
    return summary


def test_spark_validate_equals_the_command(cli, repo, tmp_path):
    need_spark()
    inputs = [
        corpus.generated(cli, tmp_path, 3000, 27),
        corpus.awkward(tmp_path),
        repo / "testBoards" / "standard" / "validate-mixed" / "games.pgn",
        repo / "testBoards" / "standard" / "validate-empty" / "empty.pgn",
    ]
    out = tmp_path / "out"
    done = spark_validate(repo, tmp_path, *inputs, "--out", out, "--master", "local[2]",
                          "--chunk-mb", "0.1")
    assert done.returncode == 1, done.stderr[-3000:]  # the corpus has illegal games
    summary = check_against_the_command(cli, inputs, out, done)
    assert summary["pieces"] > 10


def test_comments_holding_blank_and_tag_lines_cut_no_game_in_two(cli, repo, tmp_path):
    """Issue 35: a comment holding a blank line and a tag line is no game start; nor is
    a brace in a `;` comment, an escape line or a tag value the start of a comment."""
    need_spark()
    tricky = corpus.tricky(cli, tmp_path, 1200, 35)
    out = tmp_path / "out"
    done = spark_validate(repo, tmp_path, tricky, "--out", out, "--master", "local[2]",
                          "--chunk-mb", "0.02")
    assert done.returncode == 1, done.stderr[-3000:]
    summary = check_against_the_command(cli, [tricky], out, done)
    assert summary["pieces"] > 20
