"""A Spark standalone cluster on loopback, started with pyspark's own `spark-class`: one
master and N workers of one core each, for `scripts/bench-spark` and the Python tests.

    with StandaloneCluster(workdir, workers=2) as cluster:
        subprocess.run([..., "--master", cluster.url])

Every process is started in a session of its own and its whole process group (the JVM, the
executors it launched, their Python workers) is ended when the cluster stops, also when the
block raises. Needs pyspark (pip) and Java 17+.
"""

import os
import re
import signal
import socket
import subprocess
import time


def free_port():
    """A TCP port nothing listens on at the moment (the kernel's choice)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def spark_class():
    """pyspark's `bin/spark-class` (the package is a Spark distribution)."""
    import pyspark

    path = os.path.join(os.path.dirname(pyspark.__file__), "bin", "spark-class")
    if not os.path.exists(path):
        raise RuntimeError(f"{path} is missing: pyspark's installation has no spark-class")
    return path


class StandaloneCluster:
    """A master and `workers` workers of `cores` cores each, on 127.0.0.1."""

    def __init__(self, workdir, workers=2, cores=1, memory="1g", timeout=90):
        self.workdir = os.path.abspath(workdir)
        self.workers = workers
        self.cores = cores
        self.memory = memory
        self.timeout = timeout
        self.processes = []
        self.url = None

    def _env(self):
        env = dict(os.environ)
        env.update(
            SPARK_LOCAL_IP="127.0.0.1",
            SPARK_LOCAL_HOSTNAME="localhost",
            SPARK_LOCAL_DIRS=os.path.join(self.workdir, "local"),
            SPARK_LOG_DIR=os.path.join(self.workdir, "logs"),
            SPARK_WORKER_DIR=os.path.join(self.workdir, "work"),
        )
        env.pop("SPARK_HOME", None)  # pyspark's own installation, not another Spark
        return env

    def _start(self, name, args):
        log = open(os.path.join(self.workdir, f"{name}.log"), "wb")
        try:
            process = subprocess.Popen(
                [spark_class(), *args],
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self._env(),
                cwd=self.workdir,
                start_new_session=True,  # its own process group: stopped with its children
            )
        finally:
            log.close()
        self.processes.append((name, process))
        return process

    def log(self, name):
        try:
            with open(os.path.join(self.workdir, f"{name}.log"), "rb") as f:
                return f.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def _wait_for(self, name, text):
        deadline = time.monotonic() + self.timeout
        process = dict(self.processes)[name]
        while time.monotonic() < deadline:
            if text in self.log(name):
                return
            if process.poll() is not None:
                raise RuntimeError(f"spark {name} exited ({process.returncode}):\n"
                                   + self.log(name)[-3000:])
            time.sleep(0.2)
        raise RuntimeError(f"spark {name} not ready after {self.timeout} s:\n"
                           + self.log(name)[-3000:])

    def start(self):
        for sub in ("local", "logs", "work"):
            os.makedirs(os.path.join(self.workdir, sub), exist_ok=True)
        port = free_port()
        self._start("master", ["org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                               "--port", str(port), "--webui-port", str(free_port())])
        self._wait_for("master", "I have been elected leader")
        # Spark moves to the next port when the one asked for was taken meanwhile: the URL
        # is the one the master says it started at.
        found = re.search(r"Starting Spark master at (spark://\S+)", self.log("master"))
        self.url = found.group(1) if found else f"spark://127.0.0.1:{port}"
        for i in range(self.workers):
            self._start(f"worker{i}", [
                "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                "--cores", str(self.cores), "--memory", self.memory,
                "--webui-port", str(free_port()),
                "--work-dir", os.path.join(self.workdir, "work", str(i)),
                self.url,
            ])
        for i in range(self.workers):
            self._wait_for(f"worker{i}", "Successfully registered with master")
        return self

    def stop(self):
        """Ends every process group started (workers first), SIGTERM then SIGKILL."""
        for name, process in reversed(self.processes):
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for name, process in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                pass
            try:
                os.killpg(process.pid, signal.SIGKILL)  # the group: executors left behind
            except ProcessLookupError:
                pass
            process.wait()
        self.processes = []

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc):
        self.stop()
