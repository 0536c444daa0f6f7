// The geometry of each puzzle shape and rules the page plays, from the server's board (POST
// /api/board): asked once per shape and rules and kept (a bounded cache), so the houses, the
// peers and the cages the page checks and draws are the solver's. Until it comes, or when the
// server cannot be reached, the plain board (rows, columns, boxes or the regions painted).

import * as api from "./api.js";
import { Geometry, boardOfApi } from "./grid.js";
import { CLASSIC, fields, regionsProblem, regionsText } from "./variants.js";

/** Boards kept (painting regions or drawing cages makes a new one per stroke). */
const KEPT = 48;
const served = new Map();   // key -> Geometry of the server's board
const plain = new Map();    // key -> Geometry of the plain board
const asked = new Map();    // key -> the promise of a request under way

function key(br, bc, v) {
  const cages = v.cages ? v.cages.map((c) => `${c.sum}/${c.cells.join(".")}`).join(";") : "-";
  return `${br}x${bc}:${v.names.join(",")}:${v.regions ? regionsText(v.regions) : ""}:${cages}`;
}

function keep(map, k, value) {
  if (map.size >= KEPT) map.delete(map.keys().next().value);  // the oldest
  map.set(k, value);
  return value;
}

/** The geometry of boxes ``br`` x ``bc`` under ``variant``: the server's board when the page
 * has it, else the plain one (shared per shape and rules). */
export function geometry(br, bc, variant = CLASSIC) {
  const k = key(br, bc, variant);
  return served.get(k) || plain.get(k) || keep(plain, k, new Geometry(br, bc, variant));
}

/** Whether the server can give a board for ``g``: regions being painted that are not yet N
 * regions of N cells have none (the plain board shows them as they are). */
export const hasBoard = (g) => !g.regions || !regionsProblem(g.regions, g.n);

/** The server's geometry of ``g``'s shape and rules (asked once; a failure is not kept). */
export function serverGeometry(g) {
  const k = key(g.br, g.bc, g.variant);
  if (served.has(k)) return Promise.resolve(served.get(k));
  if (!asked.has(k)) {
    const puzzle = { box: [g.br, g.bc], givens: ".".repeat(g.nc) };
    const p = api.board(puzzle, fields(g.variant))
      .then((data) => keep(served, k, new Geometry(g.br, g.bc, g.variant, boardOfApi(data))))
      .finally(() => asked.delete(k));
    asked.set(k, p);
  }
  return asked.get(k);
}
