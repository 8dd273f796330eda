"""scripts/spark-validate in local[2] mode: its results equal the command's, game for game
and file by file, with pieces small enough that every file is cut many times; comments that
hold blank lines and tag lines cut no game in two; usage errors and an interpreter without
the package end in one line, before Spark starts."""

import bz2
import gzip
import importlib.machinery
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
    generated = corpus.generated(cli, tmp_path, 3000, 27)
    # Compressed as databases are published (issue 40): one piece each, read decompressed.
    packed = tmp_path / "awkward.pgn.gz"
    packed.write_bytes(gzip.compress(corpus.awkward(tmp_path).read_bytes()))
    packed_bz2 = tmp_path / "generated.pgn.bz2"
    packed_bz2.write_bytes(bz2.compress(generated.read_bytes()[:200_000]))
    inputs = [
        generated,
        corpus.awkward(tmp_path),
        packed,
        packed_bz2,
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
    # Guesses in comments were read again from where the piece before stopped.
    assert summary["pieces_read_again"] > 0


def test_out_naming_a_file_is_a_one_line_usage_error(repo, tmp_path):
    """Issue 35: `--out FILE` ended in a traceback."""
    pgn = corpus.awkward(tmp_path)
    existing = tmp_path / "existing.txt"
    existing.write_text("keep me\n")
    started = time.monotonic()
    done = spark_validate(repo, tmp_path, pgn, "--out", existing, timeout=120)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("spark-validate: error: --out ") and "not a directory" in done.stderr
    assert existing.read_text() == "keep me\n"
    assert time.monotonic() - started < 60  # before Spark starts
    # The script's other usage errors say so the same way.
    done = spark_validate(repo, tmp_path, tmp_path / "missing.pgn", "--out", tmp_path / "o",
                          timeout=120)
    assert done.returncode == 2 and done.stderr.startswith("spark-validate: error: cannot read")
    assert "Traceback" not in done.stderr


def bare_python(tmp_path, with_pyspark):
    """A Python without chessrules (a new virtual environment without pip, the system
    Python's view), with the test environment's pyspark and py4j when asked: the README's
    `scripts/spark-validate` run by a `python3` the package was not installed for."""
    home = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(home)], check=True,
                   timeout=120)
    python = home / "bin" / "python"
    if with_pyspark:
        borrowed = tmp_path / "borrowed"
        borrowed.mkdir()
        site = pathlib.Path(sysconfig.get_paths()["purelib"])
        for name in ("pyspark", "py4j"):
            (borrowed / name).symlink_to(site / name)
        theirs = subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True, text=True, check=True, timeout=60,
        ).stdout.strip()
        (pathlib.Path(theirs) / "borrowed.pth").write_text(f"{borrowed}\n")
    check = subprocess.run([str(python), "-c", "import chessrules"], capture_output=True,
                           timeout=60)
    assert check.returncode != 0  # the package is not there
    return python


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON", "PYTHONPATH")}
    env.update(extra)
    return env


def test_a_python_without_the_package_fails_at_once_naming_it(repo, tmp_path):
    """Issue 36: run by a Python without chessrules (but with pyspark), the script started
    Spark and failed a minute later with a Java stack trace (`No module named 'chessrules'`
    on the workers). Now: one line naming the interpreter, before Spark starts."""
    need_spark()
    python = bare_python(tmp_path, with_pyspark=True)
    pgn = corpus.awkward(tmp_path)
    started = time.monotonic()
    done = spark_validate(repo, tmp_path, pgn, "--out", tmp_path / "out", python=python,
                          env=clean_env(), timeout=300)
    assert done.returncode == 2, done.stderr[-3000:]
    assert "Traceback" not in done.stderr and "Exception" not in done.stderr, done.stderr[-3000:]
    assert done.stderr.count("\n") == 1, done.stderr[-3000:]
    assert "chessrules package is not installed for" in done.stderr
    assert str(python) in done.stderr and "target/venv/bin/python" in done.stderr
    assert time.monotonic() - started < 30
    assert not (tmp_path / "out").exists()


def test_workers_told_to_use_a_python_without_the_package_fail_at_once(repo, tmp_path):
    """PYSPARK_PYTHON naming a Python without chessrules: the workers could not import it."""
    need_spark()
    python = bare_python(tmp_path, with_pyspark=False)
    pgn = corpus.awkward(tmp_path)
    started = time.monotonic()
    done = spark_validate(repo, tmp_path, pgn, "--out", tmp_path / "out", "--master", "local[1]",
                          env=clean_env(PYSPARK_PYTHON=str(python)), timeout=300)
    assert done.returncode == 2, done.stderr[-3000:]
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.stderr.count("\n") == 1, done.stderr[-3000:]
    assert f"PYSPARK_PYTHON={python}" in done.stderr and "cannot import chessrules" in done.stderr
    assert time.monotonic() - started < 30


def test_the_environment_python_runs_the_workers_without_being_told(cli, repo, tmp_path):
    """The environment's Python runs the script (as the README says) while `python3` on the
    PATH lacks the package, PYSPARK_PYTHON unset: the workers run the same Python."""
    need_spark()
    bare = bare_python(tmp_path, with_pyspark=False)
    pgn = corpus.awkward(tmp_path)
    env = clean_env(PATH=f"{bare.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    out = tmp_path / "out"
    done = spark_validate(repo, tmp_path, pgn, "--out", out, "--master", "local[1]", env=env)
    assert done.returncode == 1, done.stderr[-3000:]
    check_against_the_command(cli, [pgn], out, done)


def test_a_rest_that_is_not_pgn_is_reported_and_a_wrong_guess_before_one_is_not(cli, repo, tmp_path):
    """A file whose rest is not PGN: its games before that are written and the error told, as
    the command tells it. A guessed cut inside a long comment whose rest is not PGN: the piece
    started there is dropped with its error, and the file reads as the command reads it."""
    need_spark()
    broken = corpus.not_pgn_after_games(cli, tmp_path)
    commented, piece_bytes = corpus.guess_in_a_long_comment(cli, tmp_path)
    out = tmp_path / "out"
    done = spark_validate(repo, tmp_path, broken, commented, "--out", out, "--master",
                          "local[2]", "--chunk-mb", piece_bytes / 1e6)
    assert done.returncode == 1, done.stderr[-3000:]
    summary = check_against_the_command(cli, [broken, commented], out, done)
    command = subprocess.run([str(cli), "standard", "validate", str(broken)],
                             capture_output=True, text=True, timeout=300)
    said = command.stderr.strip().removeprefix("error: ")
    assert said.startswith(str(broken)) and "not PGN" in said
    _, message = said.split(": ", 1)
    assert summary["errors"] == [{"file": str(broken.resolve()), "error": message,
                                  "kind": "not_pgn"}]
    assert f"spark-validate: error: {broken.resolve()}: {message}" in done.stderr
    assert summary["pieces_read_again"] >= 1


def test_a_damaged_or_cut_short_archive_gives_the_commands_games_error_and_exit_code(cli, repo, tmp_path):
    """Issue 67: a `.pgn.zst` cut short or with junk in it, and a damaged `.pgn.gz`: Spark
    writes the games the command reads before the damage, the summary with the command's
    error (kind "read"), the same sentence on stderr, and the command's exit code (3); no
    traceback."""
    need_spark()
    conftest.need("the zstd command", shutil.which("zstd") is not None)
    text = corpus.generated(cli, tmp_path, 3000, 67).read_bytes()
    packed = subprocess.run(["zstd", "-q", "-c"], input=text, capture_output=True,
                            check=True).stdout
    junk = bytearray(packed)
    junk[len(junk) * 2 // 5:len(junk) * 2 // 5 + 8] = b"JUNKJUNK"
    gz = bytearray(gzip.compress(text))
    gz[len(gz) // 2:len(gz) // 2 + 8] = b"JUNKJUNK"
    for name, data in [("cut.pgn.zst", packed[:len(packed) * 3 // 5]),
                       ("junk.pgn.zst", bytes(junk)), ("junk.pgn.gz", bytes(gz))]:
        path = tmp_path / name
        path.write_bytes(data)
        command = subprocess.run([str(cli), "standard", "validate", "--json", str(path)],
                                 capture_output=True, text=True, timeout=300)
        assert command.returncode == 3, (name, command.stderr)
        expected = [json.loads(line) for line in command.stdout.splitlines()]
        assert len(expected) > 100, name
        said = command.stderr.strip().removeprefix("error: reading ")
        out = tmp_path / f"out-{name}"
        done = spark_validate(repo, tmp_path, path, "--out", out, "--master", "local[2]")
        assert done.returncode == 3, (name, done.stderr[-3000:])
        assert "Traceback" not in done.stderr, done.stderr[-3000:]
        got = []
        for part in sorted((out / "games").glob("part-*")):
            got += [{k: v for k, v in json.loads(line).items() if k != "file"}
                    for line in part.read_text().splitlines()]
        assert got == expected, name
        summary = json.loads((out / "summary.json").read_text())
        _, message = said.split(": ", 1)
        assert summary["errors"] == [{"file": str(path.resolve()), "error": message,
                                      "kind": "read"}], name
        assert summary["games"] == len(expected)
        assert f"spark-validate: error: reading {path.resolve()}: {message}" in done.stderr


def test_a_part_is_published_once_and_the_drivers_reading_again_replaces_it(repo, tmp_path):
    """Another attempt of a task (a retry, a speculative copy) finishing after the driver
    renumbered or emptied a part must not put the piece's first numbering back."""
    loader = importlib.machinery.SourceFileLoader("spark_validate", str(repo / "scripts" / "spark-validate"))
    script = importlib.util.module_from_spec(importlib.util.spec_from_loader("spark_validate", loader))
    loader.exec_module(script)
    games = tmp_path / "g.pgn"
    games.write_bytes(b'[Event "a"]\n\n1. e4 e5 *\n')
    piece = (0, str(games), 0, 0, 1, None)
    part = tmp_path / "part-00000"
    part.write_bytes(b"renumbered by the driver\n")
    [counts] = script.write_part(str(tmp_path), 0, [piece], "standard")
    assert counts[2] == 1
    assert part.read_bytes() == b"renumbered by the driver\n"
    script.write_part(str(tmp_path), 0, [piece], "standard", replace=True)
    assert json.loads(part.read_text())["game"] == 1
    part.unlink()
    script.write_part(str(tmp_path), 0, [piece], "standard")
    assert json.loads(part.read_text())["game"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.pgn", "part-00000"]
