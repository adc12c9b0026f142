"""``--scheduler ADDRESS``: games played on a Dask cluster give the same
numbers as local processes (a LocalCluster of two worker processes, started
here); a scheduler that cannot be used is a clear message, exit 2."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from hi5pnp.cli import main
from hi5pnp.sim import executor

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def simulate(*args: str):
    return CliRunner().invoke(main, ["simulate", *args])


def test_the_cluster_gives_the_same_json_as_local_processes(scheduler):
    for args in (("--games", "30", "--bot", "greedy", "--seed", "3"), ("--games", "12", "--bot", "random", "--bot", "greedy", "--compare", "default")):
        local = simulate("--json", *args)
        remote = simulate("--json", "--scheduler", scheduler, *args)
        assert local.exit_code in (0, 1), local.stderr
        assert remote.exit_code == local.exit_code, remote.stderr
        assert remote.stdout == local.stdout


def test_a_deck_folder_travels_with_the_work(scheduler, deck_copy):
    """A deck folder's cards go to the workers with the work (the workers read no deck file): an edited copy against the bundled deck."""
    folder = deck_copy("competitors.yaml", "gems: [red, red, blue]", "gems: [red, blue, blue]")
    args = ("--json", "--deck", str(folder), "--games", "16", "--bot", "greedy", "--compare", "default")
    local, remote = simulate(*args), simulate(*args, "--scheduler", scheduler)
    assert remote.exit_code == local.exit_code and remote.stdout == local.stdout
    assert json.loads(remote.stdout)["compare"]["faces"]["1a"]["change"] != 0  # the edit reached the workers


def test_an_unreachable_scheduler_is_a_message_with_its_address(monkeypatch):
    monkeypatch.setattr(executor, "CONNECT_TIMEOUT", 0.5)
    r = simulate("--games", "4", "--scheduler", "tcp://127.0.0.1:9")
    assert r.exit_code == 2 and "Traceback" not in r.stderr
    assert "tcp://127.0.0.1:9" in r.stderr and "no Dask scheduler answers there" in r.stderr


def test_a_bad_address_is_a_message():
    r = simulate("--games", "4", "--scheduler", "my-cluster")
    assert r.exit_code == 2 and "my-cluster: not a scheduler's address" in r.stderr and "Traceback" not in r.stderr


def test_a_scheduler_without_workers_is_a_message(monkeypatch):
    monkeypatch.setattr(executor, "WORKER_WAIT", 0.5)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty:
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
