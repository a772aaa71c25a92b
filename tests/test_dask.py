"""Games on a Dask distributed cluster give what the local worker processes give."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

distributed = pytest.importorskip("distributed")


def test_a_dask_run_equals_a_jobs_run(kok: Any, tmp_path: Path) -> None:
    # One in-process worker with two threads, reached over TCP on 127.0.0.1 like a real one.
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        dask_out = tmp_path / "dask.jsonl"
        run = kok("simulate", "kids", "--games", "120", "--players", "3", "--seed", "5",
                  "--scheduler", cluster.scheduler_address, "-o", str(dask_out))
        assert run.code == 0, run.err
        check = kok("check", "examples/travel.yaml", "--games", "120", "--seed", "5",
                    "--json", "--scheduler", cluster.scheduler_address)
        assert check.code == 0, check.err
    jobs_out = tmp_path / "jobs.jsonl"
    assert kok("simulate", "kids", "--games", "120", "--players", "3", "--seed", "5",
               "--jobs", "2", "-o", str(jobs_out)).code == 0
    assert dask_out.read_text() == jobs_out.read_text()
    local = kok("check", "examples/travel.yaml", "--games", "120", "--seed", "5", "--json",
                "--jobs", "2")
    assert local.out == check.out


def test_an_unreachable_scheduler_is_one_line(kok: Any) -> None:
    run = kok("simulate", "kids", "--games", "5", "--scheduler", "tcp://127.0.0.1:9")
    assert run.code == 2
    assert run.err.startswith("kok: --scheduler") and len(run.err.strip().splitlines()) == 1
