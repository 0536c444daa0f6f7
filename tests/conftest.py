"""Every test that makes logical steps (the technique tests on their hand-made positions, the
killer and variant tests, the CLI's) also checks them in Swedish: the steps the finders make are
recorded, then rendered in both languages and compared (same cells, same candidates, same
numbers; no English template left in the Swedish)."""

from __future__ import annotations

import pytest

from swedish_checks import check_step_languages

#: Steps checked per test at most (soundness tests make thousands).
PER_TEST = 300


@pytest.fixture(autouse=True)
def _steps_in_both_languages(monkeypatch):
    from sudokit.logic.techniques import registry

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
