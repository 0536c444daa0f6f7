/* The ways of filling a few cells with digits adding up to a total (sudokit.engines.logic.techniques.
 * killer.sum_ways): what the killer techniques and the propagation of forcing chains and
 * trials ask for every cage and every rule-of-45 sum, many times a solve. The last cells may
 * count negatively (an innie-outie difference: these cells less those come to the total).
 *
 * Cells hold digits 1..64 (bit d-1 of a candidate mask); a cell differs from the earlier cells
 * it clashes with (peers). Depth first over the cells, those with fewest candidates first, the
 * last cell taking what is left of the total; each full way adds its digits to the cells'
 * allowed masks and its digit set to the sets found. The search stops after node_limit nodes.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

#define MAX_CELLS 64

typedef struct {
    int k;
    long long total, nodes, limit;
    uint64_t cand[MAX_CELLS], clash[MAX_CELLS]; /* clash: earlier cells (in search order), bit j */
    int sign[MAX_CELLS];                        /* +1 added, -1 taken away */
    long long low[MAX_CELLS + 1], high[MAX_CELLS + 1]; /* the least and most cells i.. can add */
    int chosen[MAX_CELLS];
    uint64_t allowed[MAX_CELLS];
    uint64_t *sets;
    size_t nsets, cap;
    int nomem;
} Ways;

static uint64_t taken_by(const Ways *w, int i) {
    uint64_t taken = 0;
    for (uint64_t x = w->clash[i]; x; x &= x - 1) taken |= (uint64_t)1 << (w->chosen[__builtin_ctzll(x)] - 1);
    return taken;
}

static void record(Ways *w) {
    uint64_t used = 0;
    for (int i = 0; i < w->k; i++) {
        uint64_t bit = (uint64_t)1 << (w->chosen[i] - 1);
        w->allowed[i] |= bit;
        used |= bit;
    }
    if (w->nsets == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 64;
        uint64_t *more = realloc(w->sets, cap * sizeof *more);
        if (!more) {
            w->nomem = 1;
            return;
        }
        w->sets = more;
        w->cap = cap;
    }
    w->sets[w->nsets++] = used;
}

/* 1 when the node limit is reached (the search stops). */
static int place(Ways *w, int i, long long left) {
    if (++w->nodes > w->limit || w->nomem) return 1;
    uint64_t free_ = w->cand[i] & ~taken_by(w, i);
    int s = w->sign[i];
    if (i == w->k - 1) { /* the last cell takes what is left, if it can */
        long long d = s * left;
        if (d >= 1 && d <= 64 && (free_ >> (d - 1) & 1)) {
            w->chosen[i] = (int)d;
            record(w);
        }
        return 0;
    }
    if (left < w->low[i] || left > w->high[i]) return 0;
    for (uint64_t x = free_; x; x &= x - 1) {
        int d = __builtin_ctzll(x) + 1;
        /* the digits only grow: past these, what is left passes what the rest can make */
        if (s > 0 ? d > left - w->low[i + 1] : d > w->high[i + 1] - left) break;
        w->chosen[i] = d;
        if (place(w, i + 1, left - s * d)) return 1;
    }
    return 0;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* sum_ways(cands, clash, total, node_limit, negative=0) -> None | False | (allowed, sets) */
static PyObject *sum_ways(PyObject *self, PyObject *args) {
    PyObject *cands, *clash;
    long long total, limit;
    int negative = 0;
    if (!PyArg_ParseTuple(args, "O!O!LL|i", &PyTuple_Type, &cands, &PyTuple_Type, &clash, &total, &limit,
                          &negative))
        return NULL;
    Py_ssize_t k = PyTuple_GET_SIZE(cands);
    if (k < 1 || k > MAX_CELLS || PyTuple_GET_SIZE(clash) != k || negative < 0 || negative > k) {
        PyErr_SetString(PyExc_ValueError, "sum_ways: 1 to 64 cells, a clash tuple for each, 0 to k negative");
        return NULL;
    }
    Ways *w = calloc(1, sizeof *w);
    if (!w) return PyErr_NoMemory();
    w->k = (int)k;
    w->total = total;
    w->limit = limit;
    uint64_t cand[MAX_CELLS], clashes[MAX_CELLS];
    int order[MAX_CELLS], rank[MAX_CELLS];
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *c = PyTuple_GET_ITEM(cands, i), *cl = PyTuple_GET_ITEM(clash, i);
        cand[i] = PyLong_AsUnsignedLongLongMask(c);
        if (!PyTuple_Check(cl)) {
            PyErr_SetString(PyExc_TypeError, "sum_ways: clash[i] must be a tuple of earlier cells");
            free(w);
            return NULL;
        }
        clashes[i] = 0;
        for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(cl); j++) {
            long e = PyLong_AsLong(PyTuple_GET_ITEM(cl, j));
            if (e >= 0 && e < k && e != i) clashes[i] |= (uint64_t)1 << e;
        }
        order[i] = (int)i;
    }
    if (PyErr_Occurred()) {
        free(w);
        return NULL;
    }
    /* fewest candidates first (stable), clashes both ways, then as earlier ranks */
    for (int a = 1; a < k; a++)
        for (int b = a; b > 0 && __builtin_popcountll(cand[order[b]]) < __builtin_popcountll(cand[order[b - 1]]); b--) {
            int t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    for (int r = 0; r < k; r++) rank[order[r]] = r;
    for (int r = 0; r < k; r++) {
        int i = order[r];
        w->cand[r] = cand[i];
        w->sign[r] = i >= k - negative ? -1 : 1;
        for (int j = 0; j < k; j++)
            if (j != i && ((clashes[i] >> j & 1) || (clashes[j] >> i & 1)) && rank[j] < r)
                w->clash[r] |= (uint64_t)1 << rank[j];
    }
    w->low[k] = w->high[k] = 0;
    for (int r = (int)k - 1; r >= 0; r--) { /* a cell with no digit: no way at all */
        uint64_t m = w->cand[r];
        long long lo = m ? __builtin_ctzll(m) + 1 : 1000000, hi = m ? 64 - __builtin_clzll(m) : -1000000;
        w->low[r] = w->low[r + 1] + (w->sign[r] > 0 ? lo : -hi);
        w->high[r] = w->high[r + 1] + (w->sign[r] > 0 ? hi : -lo);
    }
    int stopped = place(w, 0, total);
    PyObject *out;
    if (w->nomem) {
        out = PyErr_NoMemory();
    } else if (stopped) {
        Py_INCREF(Py_False);
        out = Py_False;
    } else if (!w->nsets) {
        Py_INCREF(Py_None);
        out = Py_None;
    } else {
        qsort(w->sets, w->nsets, sizeof *w->sets, cmp_u64);
        /* both filled before they are packed (a frozenset takes items only while new) */
        PyObject *allowed = PyTuple_New(k), *sets = PyFrozenSet_New(NULL);
        int ok = allowed && sets;
        for (int i = 0; ok && i < k; i++) {
            PyObject *v = PyLong_FromUnsignedLongLong(w->allowed[rank[i]]);
            if (v) PyTuple_SET_ITEM(allowed, i, v);
            ok = v != NULL;
        }
        for (size_t s = 0; ok && s < w->nsets; s++) {
            if (s && w->sets[s] == w->sets[s - 1]) continue;
            PyObject *v = PyLong_FromUnsignedLongLong(w->sets[s]);
            ok = v && PySet_Add(sets, v) == 0;
            Py_XDECREF(v);
        }
        out = ok ? PyTuple_Pack(2, allowed, sets) : NULL;
        Py_XDECREF(allowed);
        Py_XDECREF(sets);
    }
    free(w->sets);
    free(w);
    return out;
}

static PyMethodDef methods[] = {
    {"sum_ways", sum_ways, METH_VARARGS,
     "sum_ways(cands, clash, total, node_limit, negative=0) -> None | False | (allowed, sets): "
     "the ways to fill cells (candidate masks, bit d-1 for digit d) with digits adding up to "
     "total (the last ``negative`` cells taken away), a cell differing from the earlier cells "
     "clash[i] names: per cell the digits some way puts there and the digit sets of the ways; "
     "None when there is none, False when the search passed node_limit nodes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_sums", NULL, -1, methods};

PyMODINIT_FUNC PyInit__sums(void) { return PyModule_Create(&module); }
