// Digits in the text the API writes: the server names digits by number ("r3c3=14"), the grid
// shows its own symbols ("E"). Only numbers that are surely digits are rewritten: the digit of a
// cell ("r3c3=14", "r3c3<>14", "(14)r3c3"), the digits removed ("removes 14 from r1c2"), digit
// lists ("4/14"), and the digit a technique works on ("X-Wing 14 in ...", "... on 14:").
// Counts ("7 links", "5 cells"), row/column/box numbers and difficulties are left alone.

import { sym } from "./grid.js";
import { cellName } from "./i18n.js";

// a cell as the server writes it in English (r3c5) or Swedish (r3k5: rad 3, kolumn 5)
const CELL = "r\\d+(?:[ck]\\d+|[ck]\\[?[\\d,]+\\]?)|r\\[?[\\d,]+\\]?[ck]\\d+";

/** ``text`` with every digit written as the grid's symbol (grids larger than 9x9). */
export function mapDigits(text, n) {
  if (!text || n <= 9) return text || "";
  const d = (num) => {
    const v = Number(num);
    return v >= 1 && v <= n ? sym(v) : num;
  };
  let out = text;
  // a cell and its digit: r3c3=14, r3c3<>14, r3c3≠14, r3c3-14 (never "r3c3 - r4c4")
  out = out.replace(new RegExp(`(${CELL})(\\s?(?:=|<>|≠|!=)\\s?)(\\d+)\\b`, "g"),
    (_, c, op, v) => `${c}${op}${d(v)}`);
  // Eureka notation: (14)r3c3
  out = out.replace(new RegExp(`\\((\\d+)\\)(?=${CELL})`, "g"), (_, v) => `(${d(v)})`);
  // digit lists: 4/7/14 and {4,14}
  out = out.replace(/\b\d+(?:\/\d+)+\b/g, (m) => m.split("/").map(d).join("/"));
  out = out.replace(/\{(\d+(?:,\s?\d+)*)\}/g, (_, m) => `{${m.split(/,\s?/).map(d).join(",")}}`);
  // removed or placed digits: "removes 14 from", ", 9 from", "and 12 from"
  out = out.replace(/\b(\d+) (from|ur) (?=r\d)/g, (_, v, w) => `${d(v)} ${w} `);
  // what a digit does: "14 fits only in", "14 is the only candidate", "must be 14", "holds 14"
  out = out.replace(/\b(\d+) (fits only in|is the only candidate|passar bara i|är den enda kandidaten)(?=[ ,:;.)]|$)/g,
    (_, v, w) => `${d(v)} ${w}`);
  out = out.replace(/([,:] )(\d+) goes in\b/g, (_, p, v) => `${p}${d(v)} goes in`);
  out = out.replace(/(?<![\wåäö])(must be|holds|hold|cannot hold|no place for|were|måste vara|kan inte ha|ingen plats för) (\d+)\b/g,
    (_, w, v) => `${w} ${d(v)}`);
  out = out.replace(/\bboth (\d+) and (\d+)\b/g, (_, a, b) => `both ${d(a)} and ${d(b)}`);
  out = out.replace(/(?<![\wåäö])både (\d+) och (\d+)\b/g, (_, a, b) => `både ${d(a)} och ${d(b)}`);
  // a cell's possible digits and a digit's places: "r1c1 is 1, 2 or 14", "14 in row 4 goes in"
  out = out.replace(new RegExp(`(${CELL}) is ((?:\\d+, )*\\d+ or \\d+)\\b`, "g"),
    (_, c, list) => `${c} is ${list.replace(/\d+/g, d)}`);
  out = out.replace(/\b(\d+) in ((?:row|column|box) \d+ goes in)\b/g, (_, v, w) => `${d(v)} in ${w}`);
  // X=14, Y=3, Z=14 of wings and ALS
  out = out.replace(/\b([XYZ])=(\d+)\b/g, (_, k, v) => `${k}=${d(v)}`);
  // the digit named after the technique: "X-Wing 14 in rows", "Skyscraper on 14 (", "on 14:"
  out = out.replace(/^([^:]*?\b(?:on|Wing|fish|Swordfish|Jellyfish|Squirmbag|Whale|Leviathan)) (\d+)(?=[ :(])/,
    (m, head, v) => (/\b\d+ (links|cells)\b/.test(head) ? m : `${head} ${d(v)}`));
  return out;
}

/** "r1c2" or "r12c5" of [row, col] cells; a group of cells as "r1c45" / "r23c5" when aligned
 * (in the page's notation: sv "r1k2"). */
export function cellsName(cells) {
  if (cells.length === 1) return cellName(cells[0][0], cells[0][1]);
  const rows = [...new Set(cells.map((x) => x[0]))].sort((a, b) => a - b);
  const cols = [...new Set(cells.map((x) => x[1]))].sort((a, b) => a - b);
  const join = (xs) => (xs.some((x) => x > 9) ? `[${xs.join(",")}]` : xs.join(""));
  if (rows.length === 1 || cols.length === 1) return cellName(join(rows), join(cols));
  return cells.map((x) => cellName(x[0], x[1])).join("|");
}

function nodeText(cand, cells) {
  const where = cells && cells.length ? cellsName(cells) : cellName(cand[0], cand[1]);
  return `${where}=${sym(cand[2])}`;
}

const sameNode = (a, b) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

/** The chains of a list of links as node sequences: each a list of {text, link} where
 * ``link`` (the link that reaches the node) is null at a chain's start. */
export function chainsOf(links) {
  const chains = [];
  let current = null;
  for (const link of links || []) {
    const start = link.from, end = link.to;
    if (!current || !sameNode(current.at(-1).cand, start)) {
      current = [{ text: nodeText(start, link.from_cells), cand: start, link: null }];
      chains.push(current);
    }
    current.push({ text: nodeText(end, link.to_cells), cand: end, link });
  }
  return chains;
}

/** One chain as text: "r1c7=7 = r1c7=5 - r8c7=5" (= strong, - weak). */
export function chainText(chain, from = 0, to = chain.length) {
  let out = "";
  for (let i = from; i < to; i++) {
    const node = chain[i];
    if (i > from) out += node.link && node.link.strong ? " = " : " - ";
    out += node.text;
  }
  return out;
}

/** Whether the API's text left part of a chain out. */
export const elides = (text) => /\.\.\.|…/.test(text || "");
