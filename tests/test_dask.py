"""``--scheduler ADDRESS``: games played on a Dask cluster give the same
numbers as local processes (a LocalCluster of two worker processes, started
here); a scheduler that cannot be used is a clear message, exit 2."""

from __future__ import annotations

import http.server
import json
import os
import resource
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.sim import cluster

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def simulate(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_the_cluster_gives_the_same_json_as_local_processes(scheduler):
    for args in (("--games", "30", "--bot", "greedy", "--seed", "3"), ("--games", "12", "--bot", "random", "--bot", "greedy", "--compare", "default")):
        local = simulate("--json", *args)
        remote = simulate("--json", "--scheduler", scheduler, *args)
        assert local.exit_code in (0, 1), local.stderr
        assert remote.exit_code == local.exit_code, remote.stderr
        assert remote.stdout == local.stdout


@pytest.mark.slow  # a repeat of what the everyday run covers once: CI runs it with the stress tests
def test_a_deck_folder_travels_with_the_work(scheduler, deck_copy):
    """A deck folder's cards go to the workers with the work (the workers read no deck file): an edited copy against the bundled deck."""
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, blue, blue]")
    args = ("--json", "--deck", str(folder), "--games", "16", "--bot", "greedy", "--compare", "default")
    local, remote = simulate(*args), simulate(*args, "--scheduler", scheduler)
    assert remote.exit_code == local.exit_code and remote.stdout == local.stdout
    assert json.loads(remote.stdout)["compare"]["faces"]["1a"]["change"] != 0  # the edit reached the workers


def test_an_unreachable_scheduler_is_a_message_with_its_address(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    r = simulate("--games", "4", "--scheduler", "tcp://127.0.0.1:9")
    assert r.exit_code == 2 and "Traceback" not in r.stderr
    assert "tcp://127.0.0.1:9" in r.stderr and "no Dask scheduler answers there" in r.stderr


def test_a_bad_address_is_a_message():
    r = simulate("--games", "4", "--scheduler", "my-cluster")
    assert r.exit_code == 2 and "my-cluster: not a scheduler's address" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.slow
def test_a_scheduler_without_workers_is_a_message(monkeypatch):
    monkeypatch.setattr(cluster, "WORKER_WAIT", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False, protocol="tcp://", dashboard_address=":0") as empty:
        r = simulate("--games", "4", "--scheduler", empty.scheduler_address)
    assert r.exit_code == 2 and "has no workers" in r.stderr and "dask worker" in r.stderr


def test_without_dask_the_message_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    r = simulate("--games", "4", "--scheduler", "tcp://127.0.0.1:8786")
    assert r.exit_code == 2 and "pip install 'hi5pnp[dask]'" in r.stderr and "Traceback" not in r.stderr


def test_logs_are_saved_only_by_local_games(tmp_path):
    r = simulate("--games", "4", "--scheduler", "tcp://127.0.0.1:8786", "--save-logs", str(tmp_path / "logs"))
    assert r.exit_code == 2 and "--save-logs writes the logs where the games are played" in r.stderr
    assert not (tmp_path / "logs").exists()


# A listener that is no scheduler: each fault is one line, exit 2, soon, and reads only a few bytes.


@contextmanager
def listener(greeting: bytes | None):
    """A local port that accepts connections, sends ``greeting`` (None: nothing) and never closes them first."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            held.append(conn)
            if greeting is not None:
                conn.sendall(greeting)

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for conn in held:
            conn.close()


HUGE = struct.pack("Q", 3 << 30)  # a frame "of 3 GB"


@pytest.mark.parametrize(
    ("greeting", "said"),
    [
        (None, "sends nothing within 0.5 s"),
        (HUGE, "claims 3,221,225,472 bytes"),
        (HUGE + b"\0" * 1000, "claims 3,221,225,472 bytes"),
        (struct.pack("Q", 24) + b"not a dask greeting, no.", "its first message is not Dask's"),
        (b"HTTP/1.1 400 Bad Request\r\n\r\n", "a web server answers there"),
        (struct.pack("Q", 500) + b"half a greeting", "it sent 23 bytes, then nothing"),
    ],
)
def test_a_listener_that_is_no_scheduler_is_told_at_once(monkeypatch, greeting, said):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    with listener(greeting) as address:
        began = time.monotonic()
        r = simulate("--games", "4", "--scheduler", address)
    assert time.monotonic() - began < 5
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith(f"--scheduler {address}: ") and said in r.stderr


@pytest.mark.slow
def test_a_web_server_at_the_address_is_no_scheduler(monkeypatch):
    """The dashboard's port given for the scheduler's: a web server waits for a request, so it is a silent port."""
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    server = http.server.HTTPServer(("127.0.0.1", 0), http.server.BaseHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        r = simulate("--games", "4", "--scheduler", f"tcp://127.0.0.1:{server.server_address[1]}")
    finally:
        server.shutdown()
        server.server_close()
    assert r.exit_code == 2 and "8787" in r.stderr and "8786" in r.stderr and r.stderr.count("\n") == 1


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hi5pnp", *args], capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_a_huge_frame_length_is_read_in_bounded_memory_and_time():
    with listener(HUGE) as address:
        began = time.monotonic()
        r = _cli("simulate", "--games", "4", "--scheduler", address)
    assert time.monotonic() - began < 10 and r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 1 << 20  # KiB: under 1 GB, not the 3 GB announced


@pytest.mark.slow
def test_a_tls_address_is_one_line_and_leaves_nothing_behind():
    r = _cli("simulate", "--games", "4", "--scheduler", "tls://127.0.0.1:8786")
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr  # no "Exception ignored in Client.__del__" at exit
    assert "tcp://" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("address", ["tls://127.0.0.1:8786", "ucx://127.0.0.1:8786", "inproc://127.0.0.1/1/1", "wss://127.0.0.1:8786", "ws://127.0.0.1:8786"])
def test_an_address_hi5pnp_cannot_use_is_one_line(address):
    r = simulate("--games", "4", "--scheduler", address)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "over tcp:// only" in r.stderr, r.stderr


@pytest.mark.slow
def test_losing_every_worker_during_the_run_is_one_line(monkeypatch):
    """The only worker is killed while it plays (its nanny starts another, which holds not the work)."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0") as lone:
        with distributed.Client(lone, set_as_default=False) as watcher:
            pids = watcher.run(os.getpid)

        def kill_soon() -> None:
            time.sleep(3)
            for pid in pids.values():
                os.kill(pid, signal.SIGKILL)

        threading.Thread(target=kill_soon, daemon=True).start()
        began = time.monotonic()
        r = simulate("--games", "100000", "--bot", "greedy", "--scheduler", lone.scheduler_address)
    assert time.monotonic() - began < 15
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "lost" in r.stderr and "no result" in r.stderr


@pytest.mark.slow
def test_losing_the_scheduler_during_the_run_is_one_line(tmp_path):
    """A scheduler and a worker in processes of their own; the scheduler killed while the games are played."""
    said = tmp_path / "scheduler.txt"
    with said.open("w") as out:
        scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--port", "0", "--dashboard-address", ":0"], stderr=out)
    worker = None
    try:
        deadline = time.monotonic() + 30
        while "Scheduler at:" not in said.read_text() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = said.read_text().split("Scheduler at:")[1].split()[0]
        worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1"], stderr=subprocess.DEVNULL)
        threading.Timer(6, scheduler.kill).start()
        began = time.monotonic()
        r = simulate("--games", "100000", "--bot", "greedy", "--scheduler", address)
    finally:
        for proc in (scheduler, worker):
            if proc is not None:
                proc.kill()
                proc.wait()
    assert time.monotonic() - began < 20
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "the scheduler was lost during the run" in r.stderr


@pytest.mark.slow  # a tune of a few hundred games on the cluster, then locally
def test_tune_on_the_cluster_prints_what_it_prints_locally(scheduler, deck_copy):
    """tune spread over Dask (--scheduler, as simulate): the same bytes as a local run."""
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, red, red]")
    args = ["tune", "--deck", str(folder), "--games", "200", "--seed", "2", "--json"]
    local = CliRunner().invoke(main, args)
    remote = CliRunner().invoke(main, [*args, "--scheduler", scheduler])
    assert local.exit_code in (0, 1), local.stderr
    assert remote.exit_code == local.exit_code, remote.stderr
    assert remote.stdout == local.stdout and local.stdout.strip()


@pytest.mark.slow  # three bots' games over a cluster
def test_verdicts_across_strength_are_the_same_bytes_on_the_cluster(scheduler):
    args = ("--json", "--games", "6", "--bots", "greedy,planner,mcts", "--mcts-playouts", "8", "--seed", "4")
    local, remote = simulate(*args, "--jobs", "2"), simulate(*args, "--scheduler", scheduler)
    assert local.exit_code in (0, 1), local.stderr
    assert remote.exit_code == local.exit_code and remote.stdout == local.stdout
    assert simulate(*args, "--jobs", "1").stdout == local.stdout
    assert "strength" in json.loads(remote.stdout)
