"""Reading puzzles from photos: k-fold cross-validation by photo on the shared photos.

Reads ``../shared/data/photos/imageN.jpg`` with its ``imageN.dat`` (the puzzle as printed).
The photos are split into ``--folds`` folds by their number order (photo i goes to fold
i mod k); for each fold a model is trained, by the same code as ``tools/train_digits.py``,
from the rendered symbols and the photos of the *other* folds only, and the fold's photos are
read with it by :func:`sudokit.engines.vision.read_image` (size not given: found from the lines).
Reports

- image error rate: the share of photos with any cell read wrong (or no grid found), before
  and after repair (targets: at most 5%; published reference on this data 12.5%-17.5%),
- cell accuracy over all cells of the photos whose grid was found (target: at least 99.8%),
- median and slowest time per photo on one core (target: median under 0.3 s),
- repair outcomes, and the failures by kind (grid not found, wrong size, empty read as
  digit, digit read as empty, digit confused) with the photo names.

Run: ``python benchmarks/bench_photo.py [--folds 5] [--per-symbol 900] [--shipped]
[--models DIR] [--json FILE]`` (``--shipped`` reads every photo with the model in the package
instead: not a fair test, as that model saw every photo; ``--models DIR`` keeps each fold's
model there and reuses it on the next run, for trying changes after the classifier;
``--json`` writes the result of every photo). One core: OpenCV and BLAS are limited to one
thread.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PHOTOS = ROOT.parent / "shared" / "data" / "photos"
sys.path.insert(0, str(ROOT / "src"))


def evaluate(path: Path, model) -> dict:
    from sudokit.model.errors import SudokitError
    from sudokit.engines.vision import read_image
    from sudokit.engines.vision.train import read_dat

    truth = read_dat(path.with_suffix(".dat"))
    t = time.perf_counter()
    try:
        r = read_image(str(path), model=model)
    except SudokitError as e:
        return {"name": path.stem, "found": False, "error": str(e),
                "seconds": time.perf_counter() - t}
    seconds = time.perf_counter() - t
    out = {"name": path.stem, "found": True, "seconds": seconds, "status": r.status(),
           "repaired": len(r.repaired), "doubtful": len(r.doubtful)}
    if r.grid.size != 9:
        out.update(size=r.grid.size, before=81, after=81, kinds={"wrong size": 81})
        return out
    before = [a[0][0] for a in r.alternatives]
    after = r.grid.values
    kinds = defaultdict(int)
    for v, t_ in zip(after, truth):
        if v != t_:
            kinds["empty read as digit" if t_ == 0 else
                  "digit read as empty" if v == 0 else "digit confused"] += 1
    # [cell, printed, read, confidence, named as doubtful], as read and after repair
    out["wrong_read"] = [[i, t_, v, round(r.confidence[i], 4), i in r.doubtful]
                         for i, (v, t_) in enumerate(zip(before, truth)) if v != t_]
    out["wrong"] = [[i, t_, v, round(r.confidence[i], 4), i in r.doubtful]
                    for i, (v, t_) in enumerate(zip(after, truth)) if v != t_]
    out["changed"] = [[c, a, b] for c, a, b in r.repaired]
    out.update(before=sum(v != t_ for v, t_ in zip(before, truth)),
               after=sum(v != t_ for v, t_ in zip(after, truth)), kinds=dict(kinds))
    return out


def main(argv=None) -> int:
    import cv2

    cv2.setNumThreads(1)
    from sudokit.engines.vision import train
    from sudokit.engines.vision.classify import default_model

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--per-symbol", type=int, default=900)
    ap.add_argument("--photos", default=str(PHOTOS))
    ap.add_argument("--shipped", action="store_true",
                    help="read every photo with the shipped model (no cross-validation)")
    ap.add_argument("--models", metavar="DIR",
                    help="keep each fold's model in DIR and reuse the ones already there")
    ap.add_argument("--json", metavar="FILE", help="write every photo's result to FILE")
    args = ap.parse_args(argv)
    photos = train.photo_list(args.photos)
    if not photos:
        print(f"no photos in {args.photos}")
        return 1
    results = []
    t0 = time.perf_counter()
    if args.shipped:
        model = default_model()
        results = [evaluate(p, model) for p in photos]
    else:
        from sudokit.engines.vision.classify import Model

        rendered = None
        for fold in range(args.folds):
            test = [p for i, p in enumerate(photos) if i % args.folds == fold]
            train_photos = [p for i, p in enumerate(photos) if i % args.folds != fold]
            kept = Path(args.models) / f"fold{fold + 1}of{args.folds}.npz" if args.models else None
            if kept is not None and kept.exists():
                model = Model.load(kept)
            else:
                if rendered is None:
                    print(f"rendering symbols ({args.per_symbol} a symbol), once for every fold")
                    rendered = train.rendered_samples(args.per_symbol, log=lambda s: None)
                model = train.build(train_photos, rendered, log=lambda s: None)
                if kept is not None:
                    kept.parent.mkdir(parents=True, exist_ok=True)
                    model.save(kept)
            part = [evaluate(p, model) for p in test]
            results += part
            bad = sum(1 for r in part if not r["found"] or r["after"])
            print(f"fold {fold + 1}/{args.folds}: {len(test)} photos, {bad} read wrong "
                  f"({time.perf_counter() - t0:.0f} s)")
    report(results, args)
    if args.json:
        import json

        Path(args.json).write_text(json.dumps(results, indent=1))
    return 0


def report(results, args) -> None:
    n = len(results)
    found = [r for r in results if r["found"]]
    wrong_before = [r for r in results if not r["found"] or r["before"]]
    wrong_after = [r for r in results if not r["found"] or r["after"]]
    cells = 81 * len(found)
    cell_ok_before = cells - sum(r["before"] for r in found)
    cell_ok_after = cells - sum(r["after"] for r in found)
    times = sorted(r["seconds"] for r in results)
    how = "shipped model (saw every photo)" if args.shipped else f"{args.folds}-fold cross-validation by photo"
    print()
    print(f"Photos: {n} ({how})")
    print()
    print("| measure | before repair | after repair | target |")
    print("| --- | --- | --- | --- |")
    print(f"| image error rate | {100 * len(wrong_before) / n:.1f}% ({len(wrong_before)}) | "
          f"{100 * len(wrong_after) / n:.1f}% ({len(wrong_after)}) | at most 5% |")
    print(f"| cell accuracy (grids found) | {100 * cell_ok_before / max(cells, 1):.2f}% | "
          f"{100 * cell_ok_after / max(cells, 1):.2f}% | at least 99.8% |")
    print(f"| grid found | {len(found)}/{n} | | |")
    print(f"| time per photo, median / slowest (one core) | {statistics.median(times):.3f} s / "
          f"{times[-1]:.3f} s | | median under 0.3 s |")
    statuses = defaultdict(int)
    for r in found:
        statuses[r["status"]] += 1
    print()
    print("Readings: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    flagged = [r for r in found if r["after"] and (r["status"] not in ("unique", "repaired")
                                                    or r["doubtful"])]
    silent = [r for r in found if r["after"] and r not in flagged]
    print(f"Wrong readings flagged (not one solution, or doubtful cells named): {len(flagged)}; "
          f"wrong and not flagged: {len(silent)} {' '.join(r['name'] for r in silent)}")
    print()
    print("Failures by kind (after repair; cells, photos):")
    kinds = defaultdict(list)
    for r in results:
        if not r["found"]:
            kinds["grid not found"].append(r["name"])
    for r in found:
        if r["after"]:
            for k, v in r["kinds"].items():
                kinds[k].append(f"{r['name']}({v})")
    for k in ("grid not found", "wrong size", "empty read as digit", "digit read as empty",
              "digit confused"):
        if kinds.get(k):
            print(f"- {k}: {len(kinds[k])} photos: {' '.join(kinds[k])}")
    if not any(kinds.values()):
        print("- none")


if __name__ == "__main__":
    raise SystemExit(main())
