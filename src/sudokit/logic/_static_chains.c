/* Static implications of a grid as bit sets, for the chaining engine
 * (sudokit.logic.techniques.chaining.StaticGraph is the Python reference of this module).
 *
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

typedef uint64_t word;

/* --- Tables: one geometry's peers and houses ------------------------------------------------ */

typedef struct {
    PyObject_HEAD
    int n, ncells, nhouses;
    int *peer_start, *peers;       /* peers of cell c: peers[peer_start[c] .. peer_start[c+1]) */
    int *house_start, *house_cells;
    int *of_start, *houses_of;     /* houses of cell c */
} TablesObject;

static void tables_dealloc(TablesObject *self) {
    PyMem_Free(self->peer_start); PyMem_Free(self->peers);
    PyMem_Free(self->house_start); PyMem_Free(self->house_cells);
    PyMem_Free(self->of_start); PyMem_Free(self->houses_of);
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
    static char *kwlist[] = {"n", "peers", "houses", "houses_of", NULL};
    int n;
    PyObject *peers, *houses, *houses_of;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iOOO", kwlist, &n, &peers, &houses, &houses_of))
        return -1;
    Py_ssize_t ncells = PySequence_Size(peers), nhouses = PySequence_Size(houses);
    if (ncells < 0 || nhouses < 0) return -1;
    if (n < 1 || n > 64 || ncells < 1 || ncells * n > MAX_CANDIDATES) {
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
    return 0;
}

static PyTypeObject TablesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "sudokit.logic._static_chains.Tables",
    .tp_basicsize = sizeof(TablesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Tables(n, peers, houses, houses_of): a geometry's peers and houses (cell lists).",
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

static inline void set_bit(word *row, int q) { row[q >> 6] |= (word)1 << (q & 63); }
static inline int get_bit(const word *row, int q) { return (int)(row[q >> 6] >> (q & 63) & 1); }

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
            for (int i = 0; i < W; i++) {
                for (word x = frontier[i]; x; x &= x - 1) {
                    int r = i * 64 + __builtin_ctzll(x);
                    const word *s = self->strong + (size_t)r * W;
                    for (int j = 0; j < W; j++) {
                        for (word y = s[j]; y; y &= y - 1) {
                            const word *w = self->weak + (size_t)(j * 64 + __builtin_ctzll(y)) * W;
                            for (int k = 0; k < W; k++) fresh[k] |= w[k];
                        }
                    }
                }
            }
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
    word frontier[W], grown[W];
    memset(on, 0, W * sizeof(word));
    memset(off, 0, W * sizeof(word));
    set_bit(on, q);
    memcpy(frontier, on, W * sizeof(word));
    int clash = 0;
    while (any_bit(frontier, W)) {
        memset(grown, 0, W * sizeof(word));
        for (int i = 0; i < W; i++) {
            for (word x = frontier[i]; x; x &= x - 1) {
                const word *w = g->weak + (size_t)(i * 64 + __builtin_ctzll(x)) * W;
                for (int k = 0; k < W; k++) grown[k] |= w[k];
            }
        }
        for (int i = 0; i < W; i++) {
            grown[i] &= ~off[i];
            off[i] |= grown[i];
        }
        if (meets(off, on, W)) { clash = 1; break; }
        memset(frontier, 0, W * sizeof(word));
        for (int i = 0; i < W; i++) {
            for (word x = grown[i] & g->linked[i]; x; x &= x - 1) {
                const word *s = g->strong + (size_t)(i * 64 + __builtin_ctzll(x)) * W;
                for (int k = 0; k < W; k++) frontier[k] |= s[k];
            }
        }
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
    .tp_name = "sudokit.logic._static_chains.StaticGraph",
    .tp_basicsize = sizeof(GraphObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "StaticGraph(tables, cands, reference=None): the static implications of a grid.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)graph_init,
    .tp_dealloc = (destructor)graph_dealloc,
    .tp_methods = graph_methods,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_static_chains",
    "Static implications of a grid as bit sets (the chaining engine's static closures).", -1, NULL,
};

PyMODINIT_FUNC PyInit__static_chains(void) {
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
