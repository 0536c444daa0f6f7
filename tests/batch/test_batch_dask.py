"""The Dask backend on a small in-process LocalCluster: the same output as the local pool, as
one file or as partitioned files, and --resume."""

from __future__ import annotations

import gzip
import json

import pytest
from batch_helpers import data_lines, mixed_lines
from typer.testing import CliRunner

from sudokit.adapters.batch import solve_file

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as c:
        yield c


@pytest.fixture
def inputs(tmp_path):
    a = tmp_path / "a.txt"
    a.write_text("\n".join(mixed_lines() + data_lines("17clue.txt", 600)) + "\n")
    b = tmp_path / "b.txt.gz"
    b.write_bytes(gzip.compress(("\n".join(data_lines("top1465.txt", 200)) + "\n").encode()))
    return [a, b]


def test_same_output_as_the_local_pool(client, inputs, tmp_path):
    local, remote = tmp_path / "local.jsonl", tmp_path / "dask.jsonl"
    s1 = solve_file(inputs, local, jobs=1)
    s2 = solve_file(inputs, remote, dask=client, partition_bytes=10_000)  # several partitions a file
    assert remote.read_bytes() == local.read_bytes()
    assert s2.lines == s1.lines and s2.tally == s1.tally
    docs = [json.loads(x) for x in remote.read_text().splitlines()]
    assert [d["line"] for d in docs if d["file"].endswith("a.txt")] == list(range(1, s1.lines - 200 + 1))


def test_partitioned_files_concatenate_to_the_single_file(client, inputs, tmp_path):
    single = tmp_path / "single.csv"
    solve_file(inputs, single, jobs=1)
    parts = tmp_path / "parts"
    parts.mkdir()
    solve_file(inputs, parts / "part-*.csv.gz", dask=client, partition_bytes=10_000)
    files = sorted(parts.glob("part-*.csv.gz"))
    assert len(files) > 2
    assert b"".join(gzip.decompress(f.read_bytes()) for f in files) == single.read_bytes()


def test_partition_edges_lose_and_repeat_no_line(client, tmp_path):
    src = tmp_path / "in.txt"
    lines = data_lines("17clue.txt", 40)
    src.write_text("\n".join(lines) + "\n")  # 82 bytes a line
    local = tmp_path / "local.txt"
    solve_file([src], local, jobs=1)
    for size in (81, 82, 83, 200):
        out = tmp_path / f"dask-{size}.txt"
        solve_file([src], out, dask=client, partition_bytes=size)
        assert out.read_bytes() == local.read_bytes(), size


def test_resume_and_the_command_line(client, inputs, tmp_path):
    full, part = tmp_path / "full.txt", tmp_path / "part.txt"
    solve_file(inputs, full, jobs=1)
    whole = full.read_bytes()
    part.write_bytes(whole[:len(whole) // 3])  # cut inside a line
    from sudokit.adapters.cli.main import app

    result = CliRunner().invoke(app, ["batch", *map(str, inputs), "-o", str(part), "--resume",
                                      "--dask", client.scheduler.address])
    assert result.exit_code == 0, result.output
    assert part.read_bytes() == whole


def test_dask_local_on_the_command_line(inputs, tmp_path):
    """--dask local starts its own LocalCluster (worker processes): the slowest test here."""
    import subprocess
    import sys

    out, local = tmp_path / "out.txt", tmp_path / "local.txt"
    solve_file(inputs, local, jobs=1)
    run = subprocess.run([sys.executable, "-m", "sudokit", "batch", *map(str, inputs), "-o", str(out),
                          "--dask", "local", "--jobs", "1"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == local.read_bytes()
    assert "lines in" in run.stderr
