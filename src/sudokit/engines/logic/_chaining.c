/* The chaining engine's inner loops (sudokit.engines.logic.techniques.chaining holds the Python
 * reference of each: StaticGraph, and Engine's _locking, _hidden_pairs, _naked_pairs, _x_wings).
 *
 * Static implications of a grid as bit sets:
 * A candidate (cell c, digit d) is bit d * ncells + c. Each candidate has weak partners
 * (on -> off: the other candidates of its cell, the digit in its peers) and strong partners
 * (off -> on: the other candidate of a bivalue cell, the other place of a digit with two places
 * in a house). The closure of a candidate assumed on follows both kinds until nothing new
 * turns up or a candidate is both on and off (a contradiction). Closures are computed when
 * first asked for and kept; the caller counts them against its branch budget.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAX_CANDIDATES 4096 /* up to 16x16; larger grids use the Python reference */
#define MAX_CELLS 256
#define CW 4                /* words of a set of cells */

typedef uint64_t word;

/* Bit q of a row of words (sets of candidates, sets of cells). */
static inline void set_bit(word *row, int q) { row[q >> 6] |= (word)1 << (q & 63); }
static inline int get_bit(const word *row, int q) { return (int)(row[q >> 6] >> (q & 63) & 1); }

/* A set of cells. */
typedef struct { word w[CW]; } cellset;

static inline void cs_add(cellset *s, int c) { set_bit(s->w, c); }
static inline int cs_has(const cellset *s, int c) { return get_bit(s->w, c); }
static inline cellset cs_and(cellset a, cellset b) {
    for (int i = 0; i < CW; i++) a.w[i] &= b.w[i];
    return a;
}
static inline cellset cs_andnot(cellset a, cellset b) {
    for (int i = 0; i < CW; i++) a.w[i] &= ~b.w[i];
    return a;
}
static inline cellset cs_or(cellset a, cellset b) {
    for (int i = 0; i < CW; i++) a.w[i] |= b.w[i];
    return a;
}
static inline int cs_any(cellset a) { return (a.w[0] | a.w[1] | a.w[2] | a.w[3]) != 0; }
static inline int cs_eq(cellset a, cellset b) {
    return a.w[0] == b.w[0] && a.w[1] == b.w[1] && a.w[2] == b.w[2] && a.w[3] == b.w[3];
}
static inline int cs_count(cellset a) {
    return __builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) +
           __builtin_popcountll(a.w[2]) + __builtin_popcountll(a.w[3]);
}
/* The lowest cell of a non-empty set. */
static inline int cs_first(cellset a) {
    for (int i = 0; i < CW; i++) if (a.w[i]) return i * 64 + __builtin_ctzll(a.w[i]);
    return -1;
}
#define CS_EACH(c, set) for (cellset _x = (set); (c = cs_first(_x)) >= 0; _x.w[c >> 6] &= _x.w[c >> 6] - 1)

/* --- Tables: one geometry's peers and houses ------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    int n, ncells, nhouses;
    int *peer_start, *peers;       /* peers of cell c: peers[peer_start[c] .. peer_start[c+1]) */
    int *house_start, *house_cells;
    int *of_start, *houses_of;     /* houses of cell c */
    cellset *house;                /* cells of each house */
    int nsegs;
    cellset *seg;                  /* per segment: shared cells, rest of house a, rest of b */
    int lines;                     /* 2n if the first houses are the n rows then the n columns */
    int *line_of;                  /* per cell: its row, then its column (house indices) */
} TablesObject;

static void tables_dealloc(TablesObject *self) {
    PyMem_Free(self->peer_start); PyMem_Free(self->peers);
    PyMem_Free(self->house_start); PyMem_Free(self->house_cells);
    PyMem_Free(self->of_start); PyMem_Free(self->houses_of);
    PyMem_Free(self->house); PyMem_Free(self->seg); PyMem_Free(self->line_of);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Flatten a sequence of sequences of ints in [0, limit) into start/items arrays. */
static int flatten(PyObject *seq, const char *what, int count, int limit, int **start_out,
                   int **items_out) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != count) {
        PyErr_Format(PyExc_ValueError, "%s: expected %d entries", what, count);
        Py_DECREF(fast);
        return -1;
    }
    Py_ssize_t total = 0;
    for (int i = 0; i < count; i++) {
        Py_ssize_t k = PySequence_Size(PySequence_Fast_GET_ITEM(fast, i));
        if (k < 0) { Py_DECREF(fast); return -1; }
        total += k;
    }
    int *start = PyMem_Calloc((size_t)count + 1, sizeof(int));
    int *items = PyMem_Calloc((size_t)total + 1, sizeof(int));
    if (!start || !items) {
        PyMem_Free(start); PyMem_Free(items); Py_DECREF(fast);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    for (int i = 0; i < count; i++) {
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, i), what);
        if (!inner) goto fail;
        start[i] = (int)at;
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(inner); j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(inner, j));
            if (v == -1 && PyErr_Occurred()) { Py_DECREF(inner); goto fail; }
            if (v < 0 || v >= limit) {
                PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
                Py_DECREF(inner);
                goto fail;
            }
            items[at++] = (int)v;
        }
        Py_DECREF(inner);
    }
    start[count] = (int)at;
    Py_DECREF(fast);
    *start_out = start;
    *items_out = items;
    return 0;
fail:
    PyMem_Free(start); PyMem_Free(items); Py_DECREF(fast);
    return -1;
}

static int tables_init(TablesObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"n", "peers", "houses", "houses_of", "segments", "lines", NULL};
    int n, lines = 0;
    PyObject *peers, *houses, *houses_of, *segments = NULL;
    if (self->house) {
        PyErr_SetString(PyExc_TypeError, "Tables is already initialised");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOO|Oi", kwlist, &n, &peers, &houses,
                                     &houses_of, &segments, &lines))
        return -1;
    Py_ssize_t ncells = PySequence_Size(peers), nhouses = PySequence_Size(houses);
    if (ncells < 0 || nhouses < 0) return -1;
    if (n < 1 || n > 32 || ncells < 1 || ncells > MAX_CELLS || ncells * n > MAX_CANDIDATES) {
        PyErr_Format(PyExc_ValueError, "a grid of %zd cells and %d digits is out of range",
                     ncells, n);
        return -1;
    }
    self->n = n;
    self->ncells = (int)ncells;
    self->nhouses = (int)nhouses;
    if (flatten(peers, "peers", self->ncells, self->ncells, &self->peer_start, &self->peers) < 0 ||
        flatten(houses, "houses", self->nhouses, self->ncells, &self->house_start,
                &self->house_cells) < 0 ||
        flatten(houses_of, "houses_of", self->ncells, self->nhouses, &self->of_start,
                &self->houses_of) < 0)
        return -1;
    self->house = PyMem_Calloc((size_t)nhouses + 1, sizeof(cellset));
    self->line_of = PyMem_Calloc(2 * (size_t)ncells, sizeof(int));
    if (!self->house || !self->line_of) { PyErr_NoMemory(); return -1; }
    for (int h = 0; h < nhouses; h++)
        for (int i = self->house_start[h]; i < self->house_start[h + 1]; i++)
            cs_add(&self->house[h], self->house_cells[i]);
    if (lines) {
        if (lines != 2 * n || nhouses < 2 * n) {
            PyErr_Format(PyExc_ValueError, "lines: expected %d (rows, then columns)", 2 * n);
            return -1;
        }
        for (int c = 0; c < ncells; c++) {
            self->line_of[2 * c] = self->line_of[2 * c + 1] = -1;
            for (int h = 0; h < 2 * n; h++)
                if (cs_has(&self->house[h], c)) self->line_of[2 * c + (h >= n)] = h;
            if (self->line_of[2 * c] < 0 || self->line_of[2 * c + 1] < 0) {
                PyErr_Format(PyExc_ValueError, "lines: cell %d is not in a row and a column", c);
                return -1;
            }
        }
    }
    self->lines = lines;
    if (segments) {
        PyObject *fast = PySequence_Fast(segments, "segments must be a sequence");
        if (!fast) return -1;
        Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
        self->seg = PyMem_Calloc(3 * (size_t)k + 1, sizeof(cellset));
        if (!self->seg) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
        for (Py_ssize_t i = 0; i < k; i++) {
            int a, b;
            PyObject *cells;
            PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
            if (!PyArg_ParseTuple(item, "iiO;a segment is (house, house, cells)", &a, &b, &cells)) {
                Py_DECREF(fast);
                return -1;
            }
            if (a < 0 || a >= nhouses || b < 0 || b >= nhouses) {
                PyErr_Format(PyExc_ValueError, "segment %zd: a house is out of range", i);
                Py_DECREF(fast);
                return -1;
            }
            PyObject *cf = PySequence_Fast(cells, "segment cells must be a sequence");
            if (!cf) { Py_DECREF(fast); return -1; }
            cellset seg = {{0}};
            for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(cf); j++) {
                long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(cf, j));
                if (c < 0 || c >= ncells) {
                    if (!PyErr_Occurred())
                        PyErr_Format(PyExc_ValueError, "segment %zd: cell %ld is out of range", i, c);
                    Py_DECREF(cf); Py_DECREF(fast);
                    return -1;
                }
                cs_add(&seg, (int)c);
            }
            Py_DECREF(cf);
            self->seg[3 * i] = seg;
            self->seg[3 * i + 1] = cs_andnot(self->house[a], seg);
            self->seg[3 * i + 2] = cs_andnot(self->house[b], seg);
        }
        self->nsegs = (int)k;
        Py_DECREF(fast);
    }
    return 0;
}

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "sudokit.engines.logic._chaining.Tables",
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Tables(n, peers, houses, houses_of, segments=(), lines=0): a geometry's peers and "
              "houses (cell lists), the segments two houses share (house, house, cells), and 2n "
              "when the first houses are the rows then the columns (for X-Wings).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)tables_init,
    .tp_dealloc = (destructor)tables_dealloc,
};

/* --- StaticGraph ------------------------------------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    int n, ncells, W;
    word *weak, *strong;   /* ncand rows of W words */
    word *linked;          /* candidates that have strong partners */
    word *relevant;        /* candidates whose closure may use a link the reference lacks */
    word *on, *off;        /* closures, ncand rows each */
    unsigned char *state;  /* 0 not computed, 1 computed, 3 computed with a contradiction */
} GraphObject;

static void graph_dealloc(GraphObject *self) {
    PyMem_Free(self->weak); PyMem_Free(self->strong); PyMem_Free(self->linked);
    PyMem_Free(self->relevant); PyMem_Free(self->on); PyMem_Free(self->off);
    PyMem_Free(self->state);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Read a list of candidate masks, one per cell. */
static int read_cands(PyObject *seq, int ncells, int n, unsigned *out) {
    PyObject *fast = PySequence_Fast(seq, "cands must be a sequence of ints");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != ncells) {
        PyErr_Format(PyExc_ValueError, "cands: expected %d cells", ncells);
        Py_DECREF(fast);
        return -1;
    }
    for (int c = 0; c < ncells; c++) {
        unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, c));
        if (m == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return -1; }
        if (n < 64 && m >> n) {
            PyErr_Format(PyExc_ValueError, "cands: cell %d has a digit above %d", c, n);
            Py_DECREF(fast);
            return -1;
        }
        out[c] = (unsigned)m;
    }
    Py_DECREF(fast);
    return 0;
}

/* Places of each digit in each house: count and sum of cells (two places: other = sum - c). */
static void house_places(const TablesObject *t, const unsigned *cands, int *count, int *sum) {
    int n = t->n;
    for (int h = 0; h < t->nhouses; h++) {
        for (int d = 0; d < n; d++) count[h * n + d] = sum[h * n + d] = 0;
        for (int i = t->house_start[h]; i < t->house_start[h + 1]; i++) {
            int c = t->house_cells[i];
            unsigned m = cands[c];
            while (m) {
                int d = __builtin_ctz(m);
                m &= m - 1;
                count[h * n + d]++;
                sum[h * n + d] += c;
            }
        }
    }
}

/* The strong partners of candidate (c, d) of the grid ``cands`` into ``row`` (zeroed). */
static void strong_row(const TablesObject *t, const unsigned *cands, const int *count,
                       const int *sum, int c, int d, word *row) {
    int n = t->n, ncells = t->ncells;
    unsigned m = cands[c];
    if (__builtin_popcount(m) == 2) set_bit(row, __builtin_ctz(m & ~(1u << d)) * ncells + c);
    for (int i = t->of_start[c]; i < t->of_start[c + 1]; i++) {
        int h = t->houses_of[i];
        if (count[h * n + d] == 2) set_bit(row, d * ncells + (sum[h * n + d] - c));
    }
}

static int any_bit(const word *row, int W) {
    for (int i = 0; i < W; i++) if (row[i]) return 1;
    return 0;
}

/* out |= the rows (of W words) of every candidate in ``set``. */
static void spread(const word *rows, const word *set, int W, word *out) {
    for (int i = 0; i < W; i++) {
        for (word x = set[i]; x; x &= x - 1) {
            const word *row = rows + (size_t)(i * 64 + __builtin_ctzll(x)) * W;
            for (int k = 0; k < W; k++) out[k] |= row[k];
        }
    }
}

static int graph_init(GraphObject *self, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"tables", "cands", "reference", NULL};
    PyObject *tobj, *cands_obj, *ref_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O|O", kwlist, &TablesType, &tobj, &cands_obj,
                                     &ref_obj))
        return -1;
    const TablesObject *t = (const TablesObject *)tobj;
    if (self->state) {
        PyErr_SetString(PyExc_TypeError, "StaticGraph is already initialised");
        return -1;
    }
    int n = t->n, ncells = t->ncells, ncand = n * ncells, W = (ncand + 63) / 64;
    self->n = n;
    self->ncells = ncells;
    self->W = W;
    size_t rows = (size_t)ncand * W;
    self->weak = PyMem_Calloc(rows, sizeof(word));
    self->strong = PyMem_Calloc(rows, sizeof(word));
    self->on = PyMem_Malloc(rows * sizeof(word));
    self->off = PyMem_Malloc(rows * sizeof(word));
    self->linked = PyMem_Calloc(W, sizeof(word));
    self->relevant = PyMem_Calloc(W, sizeof(word));
    self->state = PyMem_Calloc(ncand, 1);
    unsigned *cands = PyMem_Calloc(2 * (size_t)ncells, sizeof(unsigned));
    int *count = PyMem_Calloc(2 * (size_t)t->nhouses * n + 1, sizeof(int));
    int *sum = PyMem_Calloc(2 * (size_t)t->nhouses * n + 1, sizeof(int));
    word *scratch = PyMem_Calloc(3 * (size_t)W, sizeof(word));
    int rc = -1;
    if (!self->weak || !self->strong || !self->on || !self->off || !self->linked ||
        !self->relevant || !self->state || !cands || !count || !sum || !scratch) {
        PyErr_NoMemory();
        goto done;
    }
    if (read_cands(cands_obj, ncells, n, cands) < 0) goto done;
    house_places(t, cands, count, sum);
    for (int c = 0; c < ncells; c++) {
        unsigned m = cands[c];
        for (unsigned x = m; x; x &= x - 1) {
            int d = __builtin_ctz(x), q = d * ncells + c;
            word *w = self->weak + (size_t)q * W, *s = self->strong + (size_t)q * W;
            for (unsigned y = m & ~(1u << d); y; y &= y - 1) set_bit(w, __builtin_ctz(y) * ncells + c);
            for (int i = t->peer_start[c]; i < t->peer_start[c + 1]; i++) {
                int e = t->peers[i];
                if (cands[e] >> d & 1) set_bit(w, d * ncells + e);
            }
            strong_row(t, cands, count, sum, c, d, s);
            if (any_bit(s, W)) set_bit(self->linked, q);
        }
    }
    if (ref_obj == Py_None) {
        memset(self->relevant, 0xff, W * sizeof(word));
    } else {
        /* Keep to the candidates whose branch can reach a strong link the reference grid (a
         * superset) lacks: walk back along on -> off -> on from those links. */
        unsigned *ref = cands + ncells;
        int *rcount = count + t->nhouses * n, *rsum = sum + t->nhouses * n;
        if (read_cands(ref_obj, ncells, n, ref) < 0) goto done;
        house_places(t, ref, rcount, rsum);
        word *reach = self->relevant, *frontier = scratch, *old = scratch + W, *fresh = scratch + 2 * W;
        for (int q = 0; q < ncand; q++) {
            if (!get_bit(self->linked, q)) continue;
            int c = q % ncells, d = q / ncells;
            memset(old, 0, W * sizeof(word));
            if (ref[c] >> d & 1) strong_row(t, ref, rcount, rsum, c, d, old);
            const word *s = self->strong + (size_t)q * W, *w = self->weak + (size_t)q * W;
            int lacks = 0;
            for (int i = 0; i < W; i++) if (s[i] & ~old[i]) { lacks = 1; break; }
            if (lacks) {
                for (int i = 0; i < W; i++) reach[i] |= w[i];
                set_bit(reach, q);
            }
        }
        memcpy(frontier, reach, W * sizeof(word));
        while (any_bit(frontier, W)) {
            memset(fresh, 0, W * sizeof(word));
            for (int i = 0; i < W; i++) /* r's predecessors: the weak partners of its strong ones */
                for (word x = frontier[i]; x; x &= x - 1)
                    spread(self->weak, self->strong + (size_t)(i * 64 + __builtin_ctzll(x)) * W, W, fresh);
            for (int i = 0; i < W; i++) {
                frontier[i] = fresh[i] & ~reach[i];
                reach[i] |= frontier[i];
            }
        }
    }
    rc = 0;
done:
    PyMem_Free(cands); PyMem_Free(count); PyMem_Free(sum); PyMem_Free(scratch);
    return rc;
}

static int meets(const word *a, const word *b, int W) {
    for (int i = 0; i < W; i++) if (a[i] & b[i]) return 1;
    return 0;
}

/* Compute the closure of candidate bit q (once); 1 if it was computed now. */
static int closure(GraphObject *g, int q) {
    if (g->state[q]) return 0;
    int W = g->W;
    word *on = g->on + (size_t)q * W, *off = g->off + (size_t)q * W;
    word frontier[W], grown[W], linked[W];
    memset(on, 0, W * sizeof(word));
    memset(off, 0, W * sizeof(word));
    set_bit(on, q);
    memcpy(frontier, on, W * sizeof(word));
    int clash = 0;
    while (any_bit(frontier, W)) {
        memset(grown, 0, W * sizeof(word));
        spread(g->weak, frontier, W, grown);
        for (int i = 0; i < W; i++) {
            grown[i] &= ~off[i];
            off[i] |= grown[i];
            linked[i] = grown[i] & g->linked[i];
        }
        if (meets(off, on, W)) { clash = 1; break; }
        memset(frontier, 0, W * sizeof(word));
        spread(g->strong, linked, W, frontier);
        for (int i = 0; i < W; i++) {
            frontier[i] &= ~on[i];
            on[i] |= frontier[i];
        }
        if (meets(off, on, W)) { clash = 1; break; }
    }
    g->state[q] = clash ? 3 : 1;
    return 1;
}

/* The bit of the engine's candidate p = cell * n + digit; -1 (with an error) if out of range. */
static int bit_of(GraphObject *g, PyObject *obj) {
    long p = PyLong_AsLong(obj);
    if (p == -1 && PyErr_Occurred()) return -1;
    if (p < 0 || p >= (long)g->n * g->ncells) {
        PyErr_Format(PyExc_ValueError, "candidate %ld is out of range", p);
        return -1;
    }
    return (int)(p % g->n) * g->ncells + (int)(p / g->n);
}

static int ready(GraphObject *g) {
    if (g->state) return 1;
    PyErr_SetString(PyExc_TypeError, "StaticGraph was not initialised");
    return 0;
}

static PyObject *graph_conflict(GraphObject *self, PyObject *arg) {
    if (!ready(self)) return NULL;
    int q = bit_of(self, arg);
    if (q < 0) return NULL;
    if (!get_bit(self->relevant, q)) return PyLong_FromLong(0);
    int fresh = closure(self, q);
    return PyLong_FromLong((self->state[q] == 3) | fresh << 1);
}

static PyObject *graph_agree(GraphObject *self, PyObject *arg) {
    if (!ready(self)) return NULL;
    PyObject *fast = PySequence_Fast(arg, "agree() takes a sequence of candidates");
    if (!fast) return NULL;
    int W = self->W, fresh = 0, agree = 1;
    word ons[W], offs[W];
    memset(ons, 0xff, sizeof ons);
    memset(offs, 0xff, sizeof offs);
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(fast); i++) {
        int q = bit_of(self, PySequence_Fast_GET_ITEM(fast, i));
        if (q < 0) { Py_DECREF(fast); return NULL; }
        fresh += closure(self, q);
        if (self->state[q] == 3) { agree = 0; break; }
        const word *on = self->on + (size_t)q * W, *off = self->off + (size_t)q * W;
        for (int k = 0; k < W; k++) { ons[k] &= on[k]; offs[k] &= off[k]; }
    }
    Py_DECREF(fast);
    if (agree) {
        agree = 0;
        for (int k = 0; k < W; k++) if (ons[k] | offs[k]) { agree = 1; break; }
    }
    return PyLong_FromLong(agree | fresh << 1);
}

static PyMethodDef graph_methods[] = {
    {"conflict", (PyCFunction)graph_conflict, METH_O,
     "conflict(p) -> int: bit 0 set if candidate p's static branch contradicts (0 for a "
     "candidate outside the focus), bit 1 if its closure was computed by this call."},
    {"agree", (PyCFunction)graph_agree, METH_O,
     "agree(ps) -> int: bit 0 set if no branch of ps contradicts and they share a result; "
     "the higher bits count the closures computed by this call."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject GraphType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "sudokit.engines.logic._chaining.StaticGraph",
    .tp_basicsize = sizeof(GraphObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "StaticGraph(tables, cands, reference=None): the static implications of a grid.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)graph_init,
    .tp_dealloc = (destructor)graph_dealloc,
    .tp_methods = graph_methods,
};

/* --- the basic rules inside a branch (Engine.advanced of the chaining engine) -------------- */

/* Append (candidate, parents, None) to ``found``. */
static int emit(PyObject *found, int candidate, PyObject *parents) {
    PyObject *t = Py_BuildValue("(iOO)", candidate, parents, Py_None);
    if (!t || PyList_Append(found, t) < 0) { Py_XDECREF(t); return -1; }
    Py_DECREF(t);
    return 0;
}

/* Append (cell * n + d, parents, None) for each cell of ``cells``. */
static int offs(PyObject *found, int n, int d, cellset cells, PyObject *parents) {
    int c;
    CS_EACH(c, cells) if (emit(found, c * n + d, parents) < 0) return -1;
    return 0;
}

/* Append the off key of candidate (c, d) to ``keys``. */
static int add_key(PyObject *keys, int n, int c, int d) {
    PyObject *k = PyLong_FromLong(2L * (c * n + d));
    if (!k || PyList_Append(keys, k) < 0) { Py_XDECREF(k); return -1; }
    Py_DECREF(k);
    return 0;
}

/* Append the off keys of digit d in ``cells`` to ``keys``. */
static int add_keys(PyObject *keys, int n, int d, cellset cells) {
    int c;
    CS_EACH(c, cells) if (add_key(keys, n, c, d) < 0) return -1;
    return 0;
}

/* Append the off keys of the candidates cell c lost (src -> now). */
static int add_gone(PyObject *keys, int n, int c, unsigned gone) {
    for (; gone; gone &= gone - 1) if (add_key(keys, n, c, __builtin_ctz(gone)) < 0) return -1;
    return 0;
}

/* Hand ``found`` the parents (as a tuple) and the cells they remove; -1 on error. */
static int remove_with(PyObject *found, int n, int d, cellset cells, PyObject *keys) {
    PyObject *parents = PyList_AsTuple(keys);
    if (!parents) return -1;
    int rc = offs(found, n, d, cells, parents);
    Py_DECREF(parents);
    return rc;
}

typedef struct {
    const TablesObject *t;
    const unsigned *cands, *src;
    cellset *board, *lost;  /* per digit: the branch's places, the places it lost */
} Grids;

/* A digit confined to the segment of two houses in one of them leaves the other (locked
 * candidates), when the branch lost a place of the confining house. */
static int locking(const Grids *g, PyObject *found) {
    const TablesObject *t = g->t;
    int n = t->n;
    for (int d = 0; d < n; d++) {
        cellset b = g->board[d], lost = g->lost[d];
        if (!cs_any(b) || !cs_any(lost)) continue;
        for (int i = 0; i < t->nsegs; i++) {
            const cellset *sg = t->seg + 3 * i;
            if (!cs_any(cs_and(b, sg[0]))) continue;
            for (int way = 0; way < 2; way++) {
                cellset inside = sg[1 + way], outside = sg[2 - way];
                if (cs_any(cs_and(lost, inside)) && !cs_any(cs_and(b, inside)) &&
                    cs_any(cs_and(b, outside))) {
                    PyObject *keys = PyList_New(0);
                    if (!keys || add_keys(keys, n, d, cs_and(lost, inside)) < 0 ||
                        remove_with(found, n, d, cs_and(b, outside), keys) < 0) {
                        Py_XDECREF(keys);
                        return -1;
                    }
                    Py_DECREF(keys);
                }
            }
        }
        if (PyList_GET_SIZE(found)) return 0;
    }
    return 0;
}

/* Two digits with the same two places in a house take the other digits of those cells. */
static int hidden_pairs(const Grids *g, PyObject *found) {
    const TablesObject *t = g->t;
    int n = t->n;
    cellset lostall = {{0}};
    for (int d = 0; d < n; d++) lostall = cs_or(lostall, g->lost[d]);
    for (int h = 0; h < t->nhouses; h++) {
        cellset hm = t->house[h];
        if (!cs_any(cs_and(lostall, hm))) continue;
        cellset places[32];
        int two[32];
        for (int d = 0; d < n; d++) {
            places[d] = cs_and(g->board[d], hm);
            two[d] = cs_count(places[d]) == 2;
        }
        for (int d = 0; d < n; d++) {
            if (!two[d]) continue;
            int first = 1, mates = 0, e = -1;
            for (int x = 0; x < d && first; x++) if (two[x] && cs_eq(places[x], places[d])) first = 0;
            if (!first) continue;
            for (int x = d + 1; x < n; x++)
                if (two[x] && cs_eq(places[x], places[d])) { mates++; e = x; }
            if (mates != 1) continue;
            cellset where = places[d], rest = cs_andnot(hm, where);
            PyObject *keys = PyList_New(0);
            if (!keys || add_keys(keys, n, d, cs_and(g->lost[d], rest)) < 0 ||
                add_keys(keys, n, e, cs_and(g->lost[e], rest)) < 0) {
                Py_XDECREF(keys);
                return -1;
            }
            if (PyList_GET_SIZE(keys)) {
                PyObject *parents = PyList_AsTuple(keys);
                if (!parents) { Py_DECREF(keys); return -1; }
                unsigned keep = 1u << d | 1u << e;
                int c;
                CS_EACH(c, where) {
                    for (unsigned m = g->cands[c] & ~keep; m; m &= m - 1) {
                        if (emit(found, c * n + __builtin_ctz(m), parents) < 0) {
                            Py_DECREF(parents); Py_DECREF(keys);
                            return -1;
                        }
                    }
                }
                Py_DECREF(parents);
            }
            Py_DECREF(keys);
        }
        if (PyList_GET_SIZE(found)) return 0;
    }
    return 0;
}

/* Two cells of a house left with the same two digits take them from the rest of the house. */
static int naked_pairs(const Grids *g, PyObject *found) {
    const TablesObject *t = g->t;
    int n = t->n;
    cellset changed = {{0}};
    for (int c = 0; c < t->ncells; c++)
        if (g->cands[c] != g->src[c] && __builtin_popcount(g->cands[c]) == 2) cs_add(&changed, c);
    for (int h = 0; h < t->nhouses; h++) {
        cellset hm = t->house[h];
        if (!cs_any(cs_and(hm, changed))) continue;
        unsigned seen_mask[MAX_CELLS];
        int seen_cell[MAX_CELLS], nseen = 0, c;
        CS_EACH(c, hm) {
            unsigned m = g->cands[c];
            if (__builtin_popcount(m) != 2) continue;
            int k = 0;
            while (k < nseen && seen_mask[k] != m) k++;
            if (k == nseen || (g->src[c] == m && g->src[seen_cell[k]] == m)) {
                if (k == nseen) seen_mask[nseen++] = m;
                seen_cell[k] = c;
                continue;
            }
            int a = seen_cell[k];
            PyObject *keys = PyList_New(0);
            if (!keys || add_gone(keys, n, a, g->src[a] & ~g->cands[a]) < 0 ||
                add_gone(keys, n, c, g->src[c] & ~m) < 0) {
                Py_XDECREF(keys);
                return -1;
            }
            if (PyList_GET_SIZE(keys)) {
                cellset rest = hm;
                rest.w[a >> 6] &= ~((word)1 << (a & 63));
                rest.w[c >> 6] &= ~((word)1 << (c & 63));
                PyObject *parents = PyList_AsTuple(keys);
                int high = 31 - __builtin_clz(m), low = __builtin_ctz(m);
                if (!parents || offs(found, n, high, cs_and(g->board[high], rest), parents) < 0 ||
                    offs(found, n, low, cs_and(g->board[low], rest), parents) < 0) {
                    Py_XDECREF(parents); Py_DECREF(keys);
                    return -1;
                }
                Py_DECREF(parents);
            }
            Py_DECREF(keys);
        }
        if (PyList_GET_SIZE(found)) return 0;
    }
    return 0;
}

/* Two rows (columns) whose places of a digit lie in the same two columns (rows) take it from
 * the rest of those columns (rows). */
static int x_wings(const Grids *g, const cellset *src_board, PyObject *found) {
    const TablesObject *t = g->t;
    int n = t->n;
    if (!t->lines) return 0;
    for (int d = 0; d < n; d++) {
        cellset b = g->board[d];
        if (cs_eq(b, src_board[d])) continue;
        for (int way = 0; way < 2; way++) {
            int first = way ? n : 0, keys_seen = 0;
            int pair_key[32], pair_line[32];
            for (int i = first; i < first + n; i++) {
                cellset m = cs_and(b, t->house[i]);
                if (cs_count(m) != 2) continue;
                int c1 = cs_first(m);
                m.w[c1 >> 6] &= m.w[c1 >> 6] - 1;
                int c2 = cs_first(m);
                int j1 = t->line_of[2 * c1 + !way], j2 = t->line_of[2 * c2 + !way];
                if (j1 > j2) { int x = j1; j1 = j2; j2 = x; }
                int key = j1 << 8 | j2, k = 0;
                while (k < keys_seen && pair_key[k] != key) k++;
                if (k == keys_seen) {
                    pair_key[keys_seen] = key;
                    pair_line[keys_seen++] = i;
                    continue;
                }
                int j = pair_line[k];
                PyObject *keys = PyList_New(0);
                if (!keys || add_keys(keys, n, d, cs_and(g->lost[d], t->house[i])) < 0 ||
                    add_keys(keys, n, d, cs_and(g->lost[d], t->house[j])) < 0) {
                    Py_XDECREF(keys);
                    return -1;
                }
                if (PyList_GET_SIZE(keys)) {
                    cellset cover = cs_or(t->house[j1], t->house[j2]);
                    cellset gone = cs_andnot(cs_and(b, cover), cs_or(t->house[i], t->house[j]));
                    if (remove_with(found, n, d, gone, keys) < 0) { Py_DECREF(keys); return -1; }
                }
                Py_DECREF(keys);
            }
        }
        if (PyList_GET_SIZE(found)) return 0;
    }
    return 0;
}

static PyObject *basic_rules(PyObject *module, PyObject *args) {
    PyObject *tobj, *cands_obj, *src_obj;
    int rules = 15;
    (void)module;
    if (!PyArg_ParseTuple(args, "O!OO|i", &TablesType, &tobj, &cands_obj, &src_obj, &rules))
        return NULL;
    const TablesObject *t = (const TablesObject *)tobj;
    if (!t->house) {
        PyErr_SetString(PyExc_TypeError, "Tables was not initialised");
        return NULL;
    }
    int n = t->n, ncells = t->ncells;
    unsigned cands[MAX_CELLS], src[MAX_CELLS];
    if (read_cands(cands_obj, ncells, n, cands) < 0 || read_cands(src_obj, ncells, n, src) < 0)
        return NULL;
    cellset board[32], lost[32], src_board[32];
    memset(board, 0, sizeof board);
    memset(src_board, 0, sizeof src_board);
    for (int c = 0; c < ncells; c++) {
        for (unsigned m = cands[c]; m; m &= m - 1) cs_add(&board[__builtin_ctz(m)], c);
        for (unsigned m = src[c]; m; m &= m - 1) cs_add(&src_board[__builtin_ctz(m)], c);
    }
    for (int d = 0; d < n; d++) lost[d] = cs_andnot(src_board[d], board[d]);
    Grids g = {t, cands, src, board, lost};
    PyObject *found = PyList_New(0);
    if (!found) return NULL;
    if (rules & 1 && locking(&g, found) < 0) goto fail;
    if (rules & 2 && !PyList_GET_SIZE(found) && hidden_pairs(&g, found) < 0) goto fail;
    if (rules & 4 && !PyList_GET_SIZE(found) && naked_pairs(&g, found) < 0) goto fail;
    if (rules & 8 && !PyList_GET_SIZE(found) && x_wings(&g, src_board, found) < 0) goto fail;
    return found;
fail:
    Py_DECREF(found);
    return NULL;
}

static PyMethodDef module_methods[] = {
    {"basic_rules", basic_rules, METH_VARARGS,
     "basic_rules(tables, cands, src, rules=15) -> [(candidate, parents, None), ...]: what the "
     "first of locked candidates, hidden pairs, naked pairs and X-Wing (bits 0-3 of rules) "
     "that uses a candidate the branch grid ``cands`` lost from ``src`` removes, with the off "
     "keys it used (Engine.advanced)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_chaining",
    "The chaining engine's inner loops: static closures as bit sets, basic rules in a branch.",
    -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__chaining(void) {
    if (PyType_Ready(&TablesType) < 0 || PyType_Ready(&GraphType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&TablesType);
    Py_INCREF(&GraphType);
    if (PyModule_AddObject(m, "Tables", (PyObject *)&TablesType) < 0 ||
        PyModule_AddObject(m, "StaticGraph", (PyObject *)&GraphType) < 0 ||
        PyModule_AddIntConstant(m, "MAX_CANDIDATES", MAX_CANDIDATES) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
