"""scripts/spark-validate on a Spark standalone cluster (issue 40): a master and two one-core
workers started with pyspark's own `spark-class` on 127.0.0.1, free ports; the script's
results equal `chessrules standard validate --json`, game for game; the executors on the
workers did the work; every process of the cluster is gone afterwards, also when the test
fails."""

import importlib.util
import json
import os
import pathlib
import sys
import time


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    keep, sys.dont_write_bytecode = sys.dont_write_bytecode, True  # no __pycache__ in scripts/
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = keep
    return module


HERE = pathlib.Path(__file__).parent
spark_tests = _load("spark_tests", HERE / "test_spark.py")
corpus = spark_tests.corpus
standalone = _load("spark_standalone", HERE.parents[1] / "scripts" / "spark_standalone.py")


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone but for its exit status.
    try:
        return pathlib.Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def test_spark_validate_on_a_standalone_cluster_equals_the_command(cli, repo, tmp_path):
    spark_tests.need_spark()
    # Generated games with tag lines in comments, illegal and unreadable games among them.
    tricky = corpus.tricky(cli, tmp_path, 4000, 40)
    inputs = [tricky, corpus.awkward(tmp_path)]
    cluster = standalone.StandaloneCluster(tmp_path / "cluster", workers=2, cores=1,
                                           memory="1g")
    os.makedirs(cluster.workdir)
    out = tmp_path / "out"
    started = time.monotonic()
    with cluster:
        pids = [p.pid for _, p in cluster.processes]
        env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1")
        done = spark_tests.spark_validate(
            repo, tmp_path, *inputs, "--out", out, "--master", cluster.url,
            "--chunk-mb", "0.3", "--executors", "2", env=env, timeout=300,
        )
        executor_logs = list((tmp_path / "cluster" / "work").glob("*/app-*/*/stderr"))
    assert all(not alive(pid) for pid in pids)
    assert done.returncode == 1, done.stderr[-3000:]  # the corpus has illegal games
    summary = spark_tests.check_against_the_command(cli, inputs, out, done)
    assert summary["master"] == cluster.url
    assert summary["executors"] == 2
    assert summary["pieces"] >= 8
    # Both workers ran an executor, and the executors ran the pieces.
    assert len({p.parts[-4] for p in executor_logs}) == 2, executor_logs
    finished = sum(p.read_text(errors="replace").count("Finished task") for p in executor_logs)
    assert finished >= summary["pieces"]
    assert time.monotonic() - started < 300
    print(json.dumps(summary))
