"""Sudoku Explainer's multiple, dynamic and nested forcing chains (the engine: :mod:`.chaining`).

- ``multiple-forcing-chain`` (SE 8.0): static branches from every candidate of a cell (three or
  more) or every place of a digit in a house; what they all reach holds.
- ``dynamic-forcing-chain`` (8.5): dynamic branches (singles found on the fly); a candidate
  whose branch contradicts goes, one whose negation contradicts is placed, what both a
  candidate and its negation imply holds, and cells and houses as above.
- ``dynamic-forcing-chain-plus`` (9.0): the same with the basic rules inside the branches.
- ``nested-forcing-chain`` (9.5, 10.0, 10.5, 11.0 for levels 2..5): branches that use forcing
  chains inside (each inner chain a sub-branch of the explanation); a candidate whose branch
  contradicts goes. The levels are tried in turn; candidates of the solution the search core
  finds are not tried (their branches cannot contradict); on a puzzle with several solutions
  none is searched (every candidate of a solution would be tried in vain), nor on a variant
  or killer grid (SE's levels are for classic grids; the forcing chains and nets take those).

Each step's difficulty is SE's: the level's base plus the length adjustment of its complexity
(:func:`.chaining.complexity`). Of a level's hints the easiest comes first (then the shortest).
Every search keeps a branch budget (:data:`.chaining.NODE_LIMIT`) on top of the time budget.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator

from sudokit.i18n import msg
from sudokit.i18n.values import Cell, House, Join, Rendered, cell_name
from sudokit.engines.difficulty import length_bonus
from sudokit.engines.logic.context import SolveContext, context_of
from sudokit.model.position import Position
from sudokit.engines.logic.step import Branch as StepBranch, Link, Step
from sudokit.engines.logic.techniques import chaining
from sudokit.engines.logic.techniques.chaining import NODE_LIMIT, Budget, BudgetExhausted, Engine, Hint, ancestors, base_difficulty
from sudokit.engines.logic.techniques.propagation import analysis
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

#: Nesting levels the nested forcing chains try (SE's 9.5 .. 11.0).
NESTED_LEVELS = (2, 3, 4, 5)

#: Hints a nested level collects, while a rating runs (:attr:`SolveContext.exhaustive`: a
#: level's hints are compared for the easiest, as SE does; else the first one will do), before
#: the easiest of them is taken
#: (None: every hint of the level, as SE compares them; 6 put the top of the scale 0.2-0.4 high).
PICK = None

#: Inner hints a nested branch compares at each of its fixpoints while a rating runs.
INNER_PICK = 4

_DEBUG = bool(os.environ.get("SUDOKIT_DEBUG_CHAINS"))

#: Hints the solve's context keeps, of the last positions searched, per (technique, position).
CACHED_HINTS = 16


def difficulty(hint: Hint) -> float:
    """SE's rating of a hint: its level's base plus the length adjustment."""
    return round(base_difficulty(hint.level, hint.dynamic) + length_bonus(hint.complexity - 2), 1)


def _hints(pos: Position, tech_id: str, levels, dynamic: bool, kinds: str,
           nested: bool) -> list[Hint]:
    context = context_of(pos)
    exhaustive = context.exhaustive
    cache = context.table("forcing-chain-hints", CACHED_HINTS)
    key = (tech_id, exhaustive, pos.geometry, tuple(pos.values), tuple(pos.cands))
    found = cache.get(key)
    if found is not None:
        return found
    a = analysis(pos)
    found = []
    context.exhausted.clear()
    # SE's levels are for classic grids: on variants (killer sums the engine does not read,
    # extra peers) a search that finds nothing spends its whole budget, for every puzzle the
    # generator rates; the forcing chains and nets take those grids
    if a.base.contradiction is None and pos.geometry.is_classic and not a.several_solutions():
        sol = a.solution()
        skip = None
        if sol is not None:
            n = pos.geometry.size
            skip = lambda p: sol[p // n] == p % n + 1  # noqa: E731
        if exhaustive:
            found = _collect(context, pos, tech_id, levels, dynamic, kinds,
                             skip if nested else None, PICK if nested else None, NODE_LIMIT)
        else:
            # the first hint will do: contradictions first (the solution's candidates skipped),
            # the other kinds after; nested levels under a growing budget, so a level whose
            # search is long does not hold up the next one's quick find
            budgets = (2_000, 15_000, NODE_LIMIT) if nested else (NODE_LIMIT,)
            for nodes in budgets:
                found = _collect(context, pos, tech_id, levels, dynamic, "o", skip, 1, nodes)
                if not found and kinds != "o":
                    found = _collect(context, pos, tech_id, levels, dynamic,
                                     kinds.replace("o", ""), None, 1, nodes)
                if found:
                    break
    found.sort(key=lambda h: (difficulty(h), h.complexity))
    cache[key] = found
    return found


def _collect(context: SolveContext, pos, tech_id, levels, dynamic, kinds, skip, most,
             nodes) -> list[Hint]:
    """The hints of the first level that has some (at most ``most``), each level searched
    with a budget of ``nodes`` branches (one that runs out is noted in ``context.exhausted``)."""
    found: list[Hint] = []
    for level in levels:
        t0 = time.perf_counter() if _DEBUG else 0.0
        engine = Engine(pos.geometry, pos.cands, level, dynamic, Budget(nodes), pos.values)
        engine.inner_pick = INNER_PICK if context.exhaustive else 1
        try:
            for hint in chaining.search(engine, kinds, skip=skip):
                found.append(hint)
                if most is not None and len(found) >= most:
                    break
        except BudgetExhausted as e:
            context.exhausted.append(f"{tech_id} level {level}: {e}")
        if _DEBUG:
            print(f"  [{tech_id} level {level} {kinds}: {len(found)} hints, "
                  f"{nodes - engine.budget.left} branches, {time.perf_counter() - t0:.2f} s]")
        if found:
            break
    return found


# --- explanations -------------------------------------------------------------------------------

def _name(g, key: int) -> str:
    c, d = divmod(key >> 1, g.size)
    return f"{cell_name(g, c)}{'=' if key & 1 else '<>'}{d + 1}"


def _cand(g, key: int) -> tuple[int, int]:
    c, d = divmod(key >> 1, g.size)
    return (c, d + 1)


def chain_keys(branch: chaining.Branch, ends: list[int]) -> list[int]:
    """The potentials of a branch's chains to ``ends``, in the order the branch found them."""
    keys = set(ancestors(branch, ends))
    return [k for k in branch.par if k in keys]


def branch_text(g, branch: chaining.Branch, ends: list[int], inner: dict) -> str:
    """``r1c1=3 -> r1c5<>3 -> r1c5=7 -> ...``; a potential an inner chain made is followed by
    its number ``[#2]`` (the inner chains are listed after)."""
    parts = []
    for k in chain_keys(branch, ends):
        h = branch.nested.get(k)
        tag = ""
        if h is not None:
            tag = f" [#{inner.setdefault(id(h), (len(inner) + 1, h))[0]}]"
        parts.append(_name(g, k) + tag)
    return " -> ".join(parts)


def hint_text(g, hint: Hint, inner: dict) -> str:
    """The branches of a hint and what they reach, in words."""
    ends = hint.ends()
    if hint.kind in ("on-contradiction", "off-contradiction"):
        b, e = ends[0]
        c = b.conflict
        head = _name(g, 2 * hint.sources[0] + (1 if hint.kind == "on-contradiction" else 0))
        return msg("if {head}: {chain}; {cell} would both hold and lack {digit}, a contradiction",
                   head=head, chain=branch_text(g, b, e, inner), cell=Cell(g, c // g.size),
                   digit=c % g.size + 1)
    target = _name(g, hint.target)
    chains = " | ".join(branch_text(g, b, e, inner) for b, e in ends)
    if hint.kind == "double":
        head = msg("{on} and {off} both lead to {target}", on=_name(g, 2 * hint.sources[0] + 1),
                   off=_name(g, 2 * hint.sources[0]), target=target)
    elif hint.kind == "cell":
        ds = [str(p % g.size + 1) for p in hint.sources]
        head = msg("{cell} is {digits}; each leads to {target}",
                   cell=Cell(g, hint.sources[0] // g.size), digits=", ".join(ds), target=target)
    else:
        cs = [Cell(g, p // g.size) for p in hint.sources]
        head = msg("{digit} in {house} goes in {cells}; each leads to {target}",
                   digit=hint.sources[0] % g.size + 1, house=House(g, hint.house),
                   cells=Join(cs), target=target)
    return f"{head} ({chains})"


def explain(g, hint: Hint, label) -> str:
    """The hint's text with its inner chains (numbered, each folded one level deeper), in the
    language in use."""
    inner: dict = {}
    text = f"{label}: {hint_text(g, hint, inner)}"
    done = 0
    while done < len(inner):
        items = sorted(inner.values(), key=lambda x: x[0])
        for number, h in items[done:]:
            text += str(msg("; inner chain #{number} (level {level}): {chain}", number=number,
                            level=h.level, chain=hint_text(g, h, inner)))
            done += 1
    return text


def step_branches(g, hint: Hint, depth: int = 0, seen=None) -> list[StepBranch]:
    """The drawable branches: each chain as links from parents to children (on: strong), then
    each inner chain's branches, labelled with their depth."""
    seen = set() if seen is None else seen
    out = []
    inner = []
    for b, ends in hint.ends():
        keys = chain_keys(b, ends)
        links = []
        for k in keys:
            for q in b.par[k]:
                links.append(Link(_cand(g, q), _cand(g, k), bool(k & 1)))
            h = b.nested.get(k)
            if h is not None and id(h) not in seen:
                seen.add(id(h))
                inner.append(h)
        label = _name(g, keys[0]) if keys else ""
        if depth:
            label = f"{'>' * depth} {label}"
        out.append(StepBranch(label, tuple(links)))
    for h in inner:
        out += step_branches(g, h, depth + 1, seen)
    return out


def _writer(tech_id: str, label: str):
    def write(pos: Position, hint: Hint) -> Step:
        g = pos.geometry
        n = g.size
        name = REGISTRY[tech_id].title
        tag = name if hint.level < 2 else msg("{name} (level {level})", name=name, level=hint.level)
        def cand(p: int) -> tuple[int, int]:
            return (p // n, p % n + 1)

        step = REGISTRY[tech_id].step(
            pos, Rendered(explain, g, hint, tag),
            placements=[cand(p) for p in hint.placements],
            eliminations=[cand(p) for p in hint.eliminations],
            cells=sorted({p // n for p in hint.sources}),
            houses=[hint.house] if hint.house is not None else [],
            candidates=[cand(p) for p in hint.sources],
            branches=step_branches(g, hint))
        step.difficulty = difficulty(hint)
        return step
    return write


def _steps(pos: Position, tech_id: str, label: str, levels, dynamic: bool, kinds: str,
           nested: bool = False) -> Iterator[Step]:
    write = _writer(tech_id, label)
    seen = set()
    for hint in _hints(pos, tech_id, levels, dynamic, kinds, nested):
        k = (tuple(hint.placements), tuple(hint.eliminations))
        if k not in seen:
            seen.add(k)
            yield write(pos, hint)


@finder("multiple-forcing-chain")
def multiple_forcing_chain(pos: Position) -> Iterator[Step]:
    return _steps(pos, "multiple-forcing-chain", "Multiple Forcing Chains", (0,), False, "cr")


@finder("dynamic-forcing-chain")
def dynamic_forcing_chain(pos: Position) -> Iterator[Step]:
    return _steps(pos, "dynamic-forcing-chain", "Dynamic Forcing Chains", (0,), True, "ofdcr")


@finder("dynamic-forcing-chain-plus")
def dynamic_forcing_chain_plus(pos: Position) -> Iterator[Step]:
    return _steps(pos, "dynamic-forcing-chain-plus", "Dynamic Forcing Chains (+)", (1,), True,
                  "ofdcr")


@finder("nested-forcing-chain")
def nested_forcing_chain(pos: Position) -> Iterator[Step]:
    return _steps(pos, "nested-forcing-chain", "Nested Forcing Chains", NESTED_LEVELS, True, "o",
                  nested=True)
