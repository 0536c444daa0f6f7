"""Malformed input given to the C layer directly: a ValueError or TypeError, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sudokit.engines.search import _core, core
from sudokit.engines.search.line_errors import worded

DECODE9 = core.decode_table(9)
EMPTY9 = bytes(81)
fuzz = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("values, box, error", [
    (bytes(80), (3, 3), "has 81 cells, got 80 values"),
    (bytes(82), (3, 3), "has 81 cells, got 82 values"),
    (bytes([10]) + bytes(80), (3, 3), "holds 10, outside 0..9"),
    (bytes([255]) * 16, (2, 2), "holds 255"),
    (b"", (0, 3), "box 0x3"),
    (b"", (3, 0), "box 3x0"),
    (b"", (-2, -2), "box -2x-2"),
    (b"", (8, 9), "at most 64"),
    (b"", (1000, 1000), "at most 64"),
    (b"", (2**62, 4), "at most 64"),
    (b"", (2**80, 1), "box_rows is out of range"),
])
def test_bad_grids_and_boxes_raise_value_error(values, box, error):
    with pytest.raises(ValueError, match=error):
        _core.solve(values, *box)


@pytest.mark.parametrize("values", ["0" * 81, [0] * 81, None, 81, (0,) * 81])
def test_values_that_are_not_bytes_raise_type_error(values):
    with pytest.raises(TypeError):
        _core.solve(values, 3, 3)


@pytest.mark.parametrize("kwargs, exc", [
    ({"limit": 0}, ValueError),
    ({"limit": -5}, ValueError),
    ({"limit": "2"}, TypeError),
    ({"node_limit": 1.5}, TypeError),
    ({"time_limit": "1"}, TypeError),
    ({"time_limit": float("nan")}, ValueError),
    ({"seed": "x"}, TypeError),
    ({"seed": 1.0}, TypeError),
    ({"method": "nope"}, ValueError),
    ({"keep": "all"}, TypeError),
])
def test_bad_options_raise(kwargs, exc):
    with pytest.raises(exc):
        _core.solve(EMPTY9, 3, 3, **kwargs)


def test_box_args_must_be_ints():
    with pytest.raises(TypeError):
        _core.solve(EMPTY9, 3.0, 3)
    with pytest.raises(TypeError):
        _core.solve_many("", "3", 3, DECODE9)


def test_extreme_but_valid_options_are_accepted():
    sols, count, complete, reached, nodes, guesses = _core.solve(
        EMPTY9, 3, 3, limit=1, node_limit=2**100, time_limit=float("inf"), seed=-(2**90))
    assert count == 1 and len(sols) == 81 and not reached
    sols, count, complete, reached, nodes, guesses = _core.solve(
        EMPTY9, 3, 3, limit=2**100, keep=0, node_limit=1000)
    assert reached and sols == b"" and count > 0


def _latin_ok(values: bytes, n: int) -> bool:
    rows = [list(values[r * n:(r + 1) * n]) for r in range(n)]
    full = list(range(1, n + 1))
    return all(sorted(row) == full for row in rows) and all(sorted(col) == full for col in zip(*rows))


@pytest.mark.parametrize("box", [(1, 1), (1, 4), (4, 1), (1, 64), (64, 1), (2, 32)])
def test_degenerate_and_largest_shapes_solve_from_empty(box):
    n = box[0] * box[1]
    for method in ("fast", "generic", "digits"):
        sols, count, *_ = _core.solve(bytes(n * n), *box, limit=1, method=method, node_limit=10**6)
        assert count == 1 and _latin_ok(sols, n)


def test_largest_square_boxes_solve_a_well_filled_grid():
    br = bc = 8
    n = br * bc
    pattern = [(bc * (r % br) + r // br + c) % n + 1 for r in range(n) for c in range(n)]
    values = bytes(v if (7 * i) % 10 < 7 else 0 for i, v in enumerate(pattern))  # 70% givens
    for method in ("fast", "generic"):
        sols, count, *_ = _core.solve(values, br, bc, limit=1, method=method, node_limit=10**6)
        assert count == 1 and _latin_ok(sols, n)
        assert all(v == s for v, s in zip(values, sols) if v)


@pytest.mark.parametrize("data", [12, None, ["a"], 3.5, object()])
def test_batch_data_that_is_not_text_raises_type_error(data):
    with pytest.raises(TypeError):
        _core.solve_many(data, 3, 3, DECODE9)


@pytest.mark.parametrize("decode, error", [
    (b"\x00" * 255, "256 bytes"),
    (b"\x00" * 257, "256 bytes"),
    (b"\x0a" * 256, "outside 0..9"),
])
def test_batch_bad_decode_table_raises_value_error(decode, error):
    with pytest.raises(ValueError, match=error):
        _core.solve_many("", 3, 3, decode)


def test_batch_of_nothing_and_of_garbage():
    status, counts, sols, nodes, guesses, errors = _core.solve_many("", 3, 3, DECODE9)
    assert status == b"" and errors == []
    garbage = b"\x00\xff\x80" * 100 + b"\n" + b"9" * 10_000 + b"\n" + b"\r\n\t \n#\n" + bytes(range(11, 256))
    status, counts, sols, nodes, guesses, errors = _core.solve_many(garbage, 3, 3, DECODE9)
    assert set(status) == {_core.STATUS_INVALID}
    assert len(errors) == len(status) == 3
    reasons = [reason for _, _, reason in worded(errors, 9)]
    assert "unexpected byte 0x00" in reasons[0]
    assert "more than 81 cells" in reasons[1]


@fuzz
@given(st.binary(max_size=400), st.integers(-3, 70), st.integers(-3, 70), st.sampled_from(["fast", "generic", "digits"]))
def test_random_bytes_never_crash_solve(values, br, bc, method):
    try:
        sols, count, complete, reached, nodes, guesses = _core.solve(values, br, bc, limit=2, node_limit=2000,
                                                                      method=method)
    except ValueError:
        return
    n = br * bc
    assert len(values) == n * n and max(values, default=0) <= n
    assert len(sols) == min(count, 2) * n * n


@fuzz
@given(st.text(alphabet="123456789.0 \n#xX?\t\r", max_size=600), st.sampled_from([(3, 3), (2, 2), (2, 3)]))
def test_random_text_never_crashes_the_batch(text, box):
    n = box[0] * box[1]
    status, counts, sols, nodes, guesses, errors = _core.solve_many(text, *box, core.decode_table(n), limit=2,
                                                                    node_limit=5000)
    assert len(sols) == len(status) * n * n
    assert len(counts) == len(nodes) == len(guesses) == 8 * len(status)
    assert [e[0] for e in errors] == [i for i, s in enumerate(status) if s == _core.STATUS_INVALID]
