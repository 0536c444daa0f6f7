// Drawing a step on the SVG layer over the board: links between candidates as arrows (strong
// solid, weak dashed), the branches of forcing chains and nets each in its own colour, fish
// base and cover houses in two colours, ALS and other sets outlined or shaded by role, pattern
// cells marked, a killer step's region shaded (its cages: board.js, in the focus colour). Every
// field of the step's drawing data is optional: what is there is drawn.

const NS = "http://www.w3.org/2000/svg";
/** Colours of forcing-chain branches (the CSS classes br-0 ... br-5 give them in both themes). */
export const BRANCH_COLOURS = 6;
const ROLES = ["base", "cover", "fin", "als", "pattern", "target", "region", "cage"];

function svg(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class StepLayer {
  /** ``board``: the Board (cell and candidate positions); ``el``: the <svg> over it. */
  constructor(board, el) {
    this.board = board;
    this.el = el;
    this.steps = [];
    this.branch = -1;  // -1: every branch; else only branch i
    this.isFilled = () => false;  // whether a cell holds a value (no candidate to ring there)
  }

  /** Show ``steps`` (a list: a round or a single step; empty clears). */
  show(steps, branch = -1) {
    this.steps = steps || [];
    this.branch = branch;
    this.draw();
  }

  clear() { this.show([]); }

  draw() {
    const b = this.board, el = this.el;
    el.textContent = "";
    const stage = b.stage;
    el.setAttribute("width", stage.scrollWidth);
    el.setAttribute("height", stage.scrollHeight);
    el.setAttribute("viewBox", `0 0 ${stage.scrollWidth} ${stage.scrollHeight}`);
    if (!this.steps.length || !b.g) return;
    this.defs();
    const houses = svg("g", { class: "ov-houses" }, el);
    const sets = svg("g", { class: "ov-sets" }, el);
    const links = svg("g", { class: "ov-links" }, el);
    for (const step of this.steps) {
      this.drawHouses(houses, step.base_sets, "base");
      this.drawHouses(houses, step.cover_sets, "cover");
      // a set that is one of the houses drawn above is not shaded again, only its digits ringed
      const drawn = new Set([...(step.base_sets || []).map((h) => `base:${h}`), ...(step.cover_sets || []).map((h) => `cover:${h}`)]);
      for (const set of step.sets || []) this.drawSet(sets, set, drawn.has(`${set.role}:${set.label}`));
      for (const f of step.fins || []) this.ringCandidate(sets, f, "fin");
      const branches = step.branches || [];
      if (branches.length) {
        branches.forEach((br, i) => {
          if (this.branch >= 0 && this.branch !== i) return;
          const g = svg("g", { class: `branch br-${i % BRANCH_COLOURS}`, "data-branch": String(i) }, links);
          this.drawLinks(g, br.links || [], i);
        });
      } else if (step.links && step.links.length) {
        this.drawLinks(svg("g", { class: "chain" }, links), step.links, -1);
      }
    }
  }

  defs() {
    const defs = svg("defs", {}, this.el);
    const kinds = [["a", "arrow"]];
    for (let i = 0; i < BRANCH_COLOURS; i++) kinds.push([`b${i}`, `arrow br-${i}`]);
    for (const [id, cls] of kinds) {
      const m = svg("marker", {
        id: `arrow-${id}`, viewBox: "0 0 10 10", refX: "9", refY: "5",
        markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse", markerUnits: "userSpaceOnUse",
      }, defs);
      // the marker's size follows the cell size
      const size = Math.max(7, Math.min(16, this.cellSize() / 4));
      m.setAttribute("markerWidth", size.toFixed(1));
      m.setAttribute("markerHeight", size.toFixed(1));
      svg("path", { d: "M0,0 L10,5 L0,10 z", class: `head ${cls}` }, m);
    }
  }

  cellSize() {
    const box = this.board.cellBox(this.board.region ? this.board.g.cellAt(this.board.region.r0, this.board.region.c0) : 0);
    return box ? box.w : 30;
  }

  // --- houses and sets ------------------------------------------------------------------------
  drawHouses(parent, names, role) {
    for (const name of names || []) {
      const cells = this.board.g.houseCells(name);
      const r = this.bounds(cells);
      if (!r) continue;
      const inset = role === "cover" ? 3 : 1.5;
      svg("rect", {
        x: r.x + inset, y: r.y + inset, width: Math.max(0, r.w - 2 * inset), height: Math.max(0, r.h - 2 * inset),
        rx: 4, class: `house ${role}`, "data-house": name,
      }, parent);
    }
  }

  drawSet(parent, set, houseDrawn = false) {
    const role = ROLES.includes(set.role) ? set.role : "pattern";
    // a killer step's cage: the board draws the cage's own outline in the focus colour
    if (role === "cage") return;
    const g = this.board.g;
    const cells = (set.cells || []).map((rc) => g.at(rc)).filter((c) => c >= 0 && c < g.nc);
    const grp = svg("g", { class: `set ${role}`, "data-role": role }, parent);
    if (role === "als" || role === "target") {
      this.outline(grp, cells);
    } else if (!houseDrawn) {
      for (const cell of cells) {
        const box = this.board.cellBox(cell);
        if (!box) continue;
        svg("rect", { x: box.x + 1, y: box.y + 1, width: box.w - 2, height: box.h - 2, class: "cellmark" }, grp);
        if (role === "pattern") {
          svg("rect", { x: box.x + 3, y: box.y + 3, width: box.w - 6, height: box.h - 6, rx: 5, class: "frame" }, grp);
        }
      }
    }
    // the set's digits: ringed in its cells
    for (const d of set.digits || []) {
      for (const cell of cells) {
        if (this.isFilled(cell) || !this.board.shows(cell, d)) continue;
        const [r, c] = [g.row(cell) + 1, g.col(cell) + 1];
        this.ringCandidate(grp, [r, c, d], role);
      }
    }
    if (set.label && cells.length && !houseDrawn) {
      const box = this.board.cellBox(cells[0]);
      if (box) {
        const t = svg("text", { x: box.x + 3, y: box.y + box.h - 3, class: "label" }, grp);
        t.textContent = set.label;
      }
    }
  }

  /** The outline of a set of cells (the edges no other cell of the set shares). */
  outline(parent, cells) {
    const g = this.board.g;
    const inSet = new Set(cells);
    let d = "";
    const inset = 2.5;
    for (const cell of cells) {
      const box = this.board.cellBox(cell);
      if (!box) continue;
      const r = g.row(cell), c = g.col(cell);
      const x0 = box.x + inset, y0 = box.y + inset, x1 = box.x + box.w - inset, y1 = box.y + box.h - inset;
      const has = (rr, cc) => rr >= 0 && cc >= 0 && rr < g.n && cc < g.n && inSet.has(g.cellAt(rr, cc));
      const up = has(r - 1, c), down = has(r + 1, c), left = has(r, c - 1), right = has(r, c + 1);
      // edges reach into a neighbour of the set so that the outline is one line around the union
      const lx = left ? box.x : x0, rx = right ? box.x + box.w : x1;
      const ty = up ? box.y : y0, by = down ? box.y + box.h : y1;
      if (!up) d += `M${lx},${y0}H${rx}`;
      if (!down) d += `M${lx},${y1}H${rx}`;
      if (!left) d += `M${x0},${ty}V${by}`;
      if (!right) d += `M${x1},${ty}V${by}`;
    }
    if (d) svg("path", { d, class: "outline" }, parent);
  }

  ringCandidate(parent, [r, c, d], role) {
    const p = this.board.candidatePoint(this.board.g.cellAt(r - 1, c - 1), d);
    if (!p) return;
    svg("circle", { cx: p.x, cy: p.y, r: p.r * 0.92, class: `ring ${role}` }, parent);
  }

  bounds(cells) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const cell of cells) {
      const b = this.board.cellBox(cell);
      if (!b) continue;
      x0 = Math.min(x0, b.x); y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.w); y1 = Math.max(y1, b.y + b.h);
    }
    return x0 === Infinity ? null : { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }

  // --- links ----------------------------------------------------------------------------------
  /** The point of a chain node: a candidate, or the middle of a group node's candidates. */
  nodePoint(cand, cells) {
    const g = this.board.g;
    const list = cells && cells.length ? cells : [cand];
    let x = 0, y = 0, r = Infinity, k = 0;
    for (const rc of list) {
      const p = this.board.candidatePoint(g.cellAt(rc[0] - 1, rc[1] - 1), cand[2]);
      if (!p) continue;
      x += p.x; y += p.y; r = Math.min(r, p.r); k += 1;
    }
    return k ? { x: x / k, y: y / k, r, group: list.length > 1 ? list : null } : null;
  }

  drawLinks(parent, links, branch) {
    const marker = branch < 0 ? "url(#arrow-a)" : `url(#arrow-b${branch % BRANCH_COLOURS})`;
    const nodes = new Map();
    links.forEach((link, i) => {
      const a = this.nodePoint(link.from, link.from_cells);
      const b = this.nodePoint(link.to, link.to_cells);
      if (!a || !b) return;
      for (const [p, cand, cells] of [[a, link.from, link.from_cells], [b, link.to, link.to_cells]]) {
        const key = `${cand.join(",")}|${(cells || []).map((x) => x.join(",")).join(";")}`;
        if (!nodes.has(key)) nodes.set(key, { p, cand, cells });
      }
      const dx = b.x - a.x, dy = b.y - a.y;
      const len = Math.hypot(dx, dy);
      if (len < 1) return;
      const ux = dx / len, uy = dy / len;
      // start and end at the edge of the candidate's ring; bend a little so that arrows along a
      // row do not run over the candidates between them
      // (a link inside one cell is short: it keeps at least half its length)
      const ka = Math.min(a.r * 0.85, len * 0.25), kb = Math.min(b.r * 0.85, len * 0.25);
      const sx = a.x + ux * ka, sy = a.y + uy * ka, ex = b.x - ux * kb, ey = b.y - uy * kb;
      const bend = Math.min(len * 0.18, this.cellSize() * 0.6) * (i % 2 ? -1 : 1);
      const mx = (sx + ex) / 2 - uy * bend, my = (sy + ey) / 2 + ux * bend;
      svg("path", {
        d: `M${sx.toFixed(1)},${sy.toFixed(1)} Q${mx.toFixed(1)},${my.toFixed(1)} ${ex.toFixed(1)},${ey.toFixed(1)}`,
        class: `link ${link.strong ? "strong" : "weak"}`, "marker-end": marker,
        "data-from": link.from.join(","), "data-to": link.to.join(","),
      }, parent);
    });
    // the chain's nodes: ringed candidates (a group node: one ring per cell, joined)
    for (const { p, cand, cells } of nodes.values()) {
      if (p.group) {
        for (const rc of cells) this.ringCandidate(parent, [rc[0], rc[1], cand[2]], "node");
      } else {
        svg("circle", { cx: p.x, cy: p.y, r: p.r * 0.92, class: "ring node" }, parent);
      }
    }
  }
}
