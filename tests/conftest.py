"""Every test that makes logical steps (the technique tests on their hand-made positions, the
killer and variant tests, the CLI's) also checks them in Swedish: the steps the finders make are
recorded, then rendered in both languages and compared (same cells, same candidates, same
numbers; no English template left in the Swedish)."""

from __future__ import annotations

import signal

import pytest

from swedish_checks import check_step_languages

# The Ctrl-C tests send SIGINT to child processes. A run started in the background by a shell
# (`cmd &`) ignores SIGINT, and its children would inherit that: a handled signal is back to its
# default in a child, an ignored one stays ignored.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

#: Steps checked per test at most (soundness tests make thousands).
PER_TEST = 300


@pytest.fixture(autouse=True)
def _steps_in_both_languages(monkeypatch):
    from sudokit.engines.logic.techniques import registry

    made = []
    original = registry.Technique.step

    def recording(self, *args, **kwargs):
        step = original(self, *args, **kwargs)
        if len(made) < PER_TEST:
            made.append((step, args[0].geometry))
        return step

    monkeypatch.setattr(registry.Technique, "step", recording)
    yield made
    for step, geometry in made:
        check_step_languages(step, geometry)
