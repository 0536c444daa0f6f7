/* sudokit.engines.search._core: the Python bindings of the compiled search core.
 *
 *   solve(values, box_rows, box_cols, limit=1, keep=None, node_limit=None, time_limit=None,
 *         seed=None, method="fast", restarts=True, cancel=None, candidates=None, variant=None)
 *       -> (solutions: bytes, count, complete, limit_reached, nodes, guesses)
 *   solve_many(data, box_rows, box_cols, decode, limit=1, node_limit=None, time_limit=None,
 *              seed=None, method="fast", restarts=True, cancel=None, total_time_limit=None)
 *       -> (status: bytes, counts: bytes, solutions: bytes, nodes: bytes, guesses: bytes,
 *           errors: list of (index, line, kind, (column, byte, found, cells)): why a line could
 *           not be read, worded by sudokit.engines.search.line_errors)
 *
 * limit None: every solution; keep: solutions returned (default: all found, up to limit); a
 * node_limit or time_limit of None, 0 or less means none, and applies to each puzzle of a batch;
 * total_time_limit bounds the whole batch (the puzzles it stops, or never starts, get STATUS_LIMIT).
 * values: bytes-like, one byte per cell (0 empty, 1..N). candidates: None, or bytes-like of one
 * native uint64 per cell, the digits still allowed there (bit d-1): a candidate (sukaku) grid,
 * solved by a row of the table that enforces given candidates (a filled cell's mask is ignored).
 * variant: None, or (houses, peer_start, peers), native arrays as bytes: every house's N cells
 * (uint16), per cell the offset of its peers (uint32, N*N+1 of them) and the peers (uint16):
 * a variant grid, solved by the variant solver whatever the method; or a prepared variant from
 * variant(n, tables, bitboards=True), which checks and derives the tables once for many
 * searches (bitboards=False: the generic variant search even where bitboards fit; solve_many
 * takes variant= too: every puzzle of the batch has that variant).
 * data: bytes or str, one puzzle a line,
 * decoded through decode (256 bytes: 0 blank, 1..N a value, 0xFE skipped, 0xFF not a symbol).
 * counts, nodes and guesses are native int64 arrays. Status codes: see STATUS_* below.
 * The search runs with the GIL released; every input is checked before, so malformed input
 * raises ValueError or TypeError.
 *
 *   carve(solution, box_rows, box_cols, cells, start, seed, node_limit=None, minimal=True,
 *         time_limit=None, cancel=None, variant=None, final_node_limit=None,
 *         final_total_nodes=None) -> (values: bytes, complete, undecided, nodes)
 *
 * carve: the generator's loop (csrc/sk_carve.c): the givens of a full grid removed orbit by
 * orbit while the puzzle stays unique. cells (uint16) holds the orbits one after another,
 * start (uint32) their norbits+1 offsets; seed (an int) gives the random order of the orbits;
 * node_limit bounds each first-pass proof (past it the orbit stays, undecided) and minimal
 * proves those again, each within final_node_limit nodes and all within final_total_nodes (None:
 * no bound; past one the loop gives up and undecided stays above 0). complete is False when
 * time_limit stopped the loop.
 *
 *   solver(box_rows, box_cols, method="fast", seed=None, candidates=False, variant=None,
 *          masks=False, prefer=False) -> str;  SOLVERS: tuple of dicts
 *
 * Every search goes through the solver table (csrc/sk_dispatch.c): solver names the row that
 * searches such a job, SOLVERS lists the rows (name, form, enforces, methods, takes, bitboards).
 *
 * Stopping: every SK_POLL_NODES nodes (and between the puzzles of a batch) the search reads
 * cancel, a writable 1-byte buffer (a bytearray) another thread sets to non-zero, and then
 * raises sudokit.model.errors.CancelledError; called from the main thread it also takes the GIL back
 * for a moment, at most every SIGNAL_SECONDS, to run Python's signal handlers, so Ctrl-C
 * raises KeyboardInterrupt within a fraction of a second.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "csrc/sk_carve.h"
#include "csrc/sk_common.h"
#include "csrc/sk_dispatch.h"

void sk_bb9_init(void);
const char *sk_bb9_path(void); /* the copy of the 9x9 search in use: "bmi2" or "portable" */

enum { STATUS_NONE = 0, STATUS_UNIQUE = 1, STATUS_MULTIPLE = 2, STATUS_LIMIT = 3, STATUS_SOLVED = 4, STATUS_INVALID = 5 };

#define DEFAULT_SEED 0x5DEECE66DULL
#define SIGNAL_SECONDS 0.05 /* at most 20 GIL round trips a second for the signal handlers */

static unsigned long main_thread_id; /* Python's main thread, where signal handlers run */
static int main_thread_known;

/* What the search asks between nodes: has the caller cancelled, has a signal handler raised? */
typedef struct {
    PyThreadState *tstate; /* the caller's, saved while the GIL is released */
    const volatile uint8_t *cancel;
    int signals;           /* the caller is the main thread */
    double next_signals;   /* sk_now() after which to run the signal handlers again */
    int raised;            /* a signal handler raised (the exception is set) */
} Poll;

static int poll_search(void *ctx) {
    Poll *p = ctx;
    if (p->cancel && *p->cancel) return 1;
    if (p->signals) {
        double now = sk_now();
        if (now >= p->next_signals) {
            p->next_signals = now + SIGNAL_SECONDS;
            PyEval_RestoreThread(p->tstate);
            p->raised = PyErr_CheckSignals() < 0;
            p->tstate = PyEval_SaveThread();
            return p->raised;
        }
    }
    return 0;
}

/* Set up p for a call from this thread with the cancel buffer (NULL: none). */
static void poll_init(Poll *p, const Py_buffer *cancel) {
    memset(p, 0, sizeof *p);
    p->cancel = cancel && cancel->buf ? (const volatile uint8_t *)cancel->buf : NULL;
    p->signals = !main_thread_known || PyThread_get_thread_ident() == main_thread_id;
}

/* cancel: None, or a writable buffer of one byte (held until the call returns). */
static int cancel_arg(PyObject *obj, Py_buffer *view) {
    memset(view, 0, sizeof *view);
    if (obj == NULL || obj == Py_None) return 0;
    if (PyObject_GetBuffer(obj, view, PyBUF_WRITABLE) < 0 || view->len != 1) {
        if (view->obj) PyBuffer_Release(view);
        memset(view, 0, sizeof *view);
        PyErr_Format(PyExc_TypeError, "cancel must be None or a writable 1-byte buffer (a bytearray(1)), not %.80s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    return 0;
}

static void release_cancel(Py_buffer *view) {
    if (view->obj) PyBuffer_Release(view);
}

/* After a search stopped by poll: KeyboardInterrupt (or whatever the handler raised) is
 * already set; a cancel raises sudokit.model.errors.CancelledError. Always returns NULL. */
static PyObject *stopped_error(const Poll *p, long long nodes) {
    if (p->raised) return NULL;
    PyObject *errors = PyImport_ImportModule("sudokit.model.errors");
    if (!errors) return NULL;
    PyObject *cls = PyObject_GetAttrString(errors, "CancelledError");
    Py_DECREF(errors);
    if (!cls) return NULL;
    PyErr_Format(cls, "the search was cancelled after %lld nodes", nodes);
    Py_DECREF(cls);
    return NULL;
}

/* A method's name as its bit in the solver table (sk_dispatch.h). */
static int parse_method(const char *name, unsigned *method) {
    if (!strcmp(name, "fast")) *method = SK_FAST;
    else if (!strcmp(name, "generic")) *method = SK_GENERIC;
    else if (!strcmp(name, "digits")) *method = SK_DIGITS;
    else {
        PyErr_Format(PyExc_ValueError, "unknown method '%.40s' (fast, generic or digits)", name);
        return -1;
    }
    return 0;
}

/* An int argument as long long: TypeError for a non-int, ValueError when out of range. */
static int int_arg(PyObject *obj, const char *name, long long *out) {
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.80s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow) {
        PyErr_Format(PyExc_ValueError, "%s is out of range", name);
        return -1;
    }
    *out = v;
    return 0;
}

/* An optional bound (None: none); huge values mean no bound. */
static int bound_arg(PyObject *obj, const char *name, long long none, long long *out) {
    if (obj == NULL || obj == Py_None) {
        *out = none;
        return 0;
    }
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int or None, not %.80s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = overflow > 0 ? LLONG_MAX / 4 : overflow < 0 ? LLONG_MIN / 4 : v;
    return 0;
}

static int seconds_arg(PyObject *obj, const char *name, double *out) {
    *out = 0.0;
    if (obj == NULL || obj == Py_None) return 0;
    if (!PyLong_Check(obj) && !PyFloat_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be a number or None, not %.80s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    double v = PyFloat_AsDouble(obj);
    if (v == -1.0 && PyErr_Occurred()) return -1;
    if (v != v) {
        PyErr_Format(PyExc_ValueError, "%s is not a number", name);
        return -1;
    }
    *out = (v > 0 && v < 1e12) ? v : 0.0; /* 0, negative or huge: no limit */
    return 0;
}

static int check_box(long long br, long long bc) {
    if (br < 1 || bc < 1 || br > SK_MAX_N || bc > SK_MAX_N || br * bc > SK_MAX_N) {
        PyErr_Format(PyExc_ValueError, "box %lldx%lld: box_rows and box_cols must be positive and their product "
                     "(the grid side) at most %d", br, bc, SK_MAX_N);
        return -1;
    }
    return 0;
}

static int parse_seed(PyObject *seed, sk_job *job) {
    if (seed == NULL || seed == Py_None) {
        job->randomize = 0;
        job->seed = DEFAULT_SEED;
        return 0;
    }
    if (!PyLong_Check(seed)) {
        PyErr_SetString(PyExc_TypeError, "seed must be an int or None");
        return -1;
    }
    unsigned long long s = PyLong_AsUnsignedLongLongMask(seed);
    if (s == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    job->randomize = 1;
    job->seed = s ^ DEFAULT_SEED;
    return 0;
}

/* The puzzle as the solver table reads it: the variant's tables, else the box geometry. */
static sk_puzzle puzzle_of(const sk_geom *geom, const sk_vgeom *vgeom, int candidates) {
    return vgeom ? sk_tables_puzzle(vgeom, candidates) : sk_box_puzzle(geom, candidates);
}

/* After a search that returned rc < 0: the error for it (always NULL). */
static PyObject *search_error(int rc) {
    if (rc == -2) return PyErr_Format(PyExc_RuntimeError, "no solver of the core searches these rules");
    return PyErr_NoMemory();
}

static int status_of(const sk_job *job) {
    if (job->count >= 2) return STATUS_MULTIPLE;
    if (job->aborted) return STATUS_LIMIT;
    if (job->count == 1) return job->count < job->limit ? STATUS_UNIQUE : STATUS_SOLVED;
    return STATUS_NONE;
}

/* Read the common arguments: box, method, seed, limits. */
static int common_args(PyObject *brobj, PyObject *bcobj, const char *method_name, PyObject *seed, PyObject *limit,
                       PyObject *node_limit, PyObject *time_limit, long long *br, long long *bc, unsigned *method,
                       sk_job *job) {
    long long lim = 1, nl;
    double tl;
    if (int_arg(brobj, "box_rows", br) < 0 || int_arg(bcobj, "box_cols", bc) < 0 || check_box(*br, *bc) < 0 ||
        parse_method(method_name, method) < 0 || parse_seed(seed, job) < 0 ||
        (limit && bound_arg(limit, "limit", LLONG_MAX / 4, &lim) < 0) || bound_arg(node_limit, "node_limit", 0, &nl) < 0 ||
        seconds_arg(time_limit, "time_limit", &tl) < 0)
        return -1;
    if (lim < 1) {
        PyErr_SetString(PyExc_ValueError, "limit must be at least 1 (or None for every solution)");
        return -1;
    }
    job->limit = lim;
    job->node_limit = nl > 0 ? nl : 0;
    job->deadline = tl; /* relative here; made absolute when each search starts */
    return 0;
}

/* The tables of a variant grid, copied (aligned) from variant=(houses, peer_start, peers) and
 * checked: every index in range, the offsets increasing. Returns -1 with an exception set. */
typedef struct {
    sk_vgeom g;
    uint16_t *houses, *peers, *cages, *cage_cells, *cage_sum;
    uint32_t *start, *cage_start;
} VariantTables;

static void free_variant(VariantTables *v) {
    sk_vgeom_release(&v->g);
    free(v->cages);
    free(v->cage_cells);
    free(v->cage_sum);
    free(v->cage_start);
    free(v->houses);
    free(v->peers);
    free(v->start);
    memset(v, 0, sizeof *v);
}

#define VARIANT_CAPSULE "sudokit.engines.search._core.variant"

static int copy_buffer(PyObject *obj, size_t item, const char *what, void **out, size_t *count) {
    Py_buffer b;
    if (PyObject_GetBuffer(obj, &b, PyBUF_SIMPLE) < 0) return -1;
    if (b.len % (Py_ssize_t)item) {
        PyErr_Format(PyExc_ValueError, "variant %s must be %zu-byte numbers, got %zd bytes", what, item, b.len);
        PyBuffer_Release(&b);
        return -1;
    }
    *count = (size_t)b.len / item;
    *out = malloc(b.len ? (size_t)b.len : 1);
    if (!*out) {
        PyBuffer_Release(&b);
        PyErr_NoMemory();
        return -1;
    }
    memcpy(*out, b.buf, (size_t)b.len);
    PyBuffer_Release(&b);
    return 0;
}

/* Read and check killer cages, uint16 numbers: per cage its sum, its size k and its k cells
 * (each cell in one cage at most, k from 1 to n, a sum k different digits 1..n can make). The
 * peer tables need not make a cage's cells peers: the killer search does. */
static int read_cages(PyObject *obj, long n, VariantTables *v) {
    size_t len, nc = (size_t)(n * n), ncages = 0, ncells = 0;
    if (copy_buffer(obj, 2, "cages", (void **)&v->cages, &len) < 0) return -1;
    for (size_t i = 0; i < len; ncages++) { /* count and check the shape first */
        if (i + 2 > len || v->cages[i + 1] < 1 || v->cages[i + 1] > n || i + 2 + v->cages[i + 1] > len) {
            PyErr_Format(PyExc_ValueError, "variant cage %zu must be its sum, its size 1..%ld and its cells", ncages, n);
            return -1;
        }
        int k = v->cages[i + 1], sum = v->cages[i];
        if (sum < k * (k + 1) / 2 || sum > k * (2 * (int)n - k + 1) / 2) {
            PyErr_Format(PyExc_ValueError, "variant cage %zu: %d different digits 1..%ld never add up to %d",
                         ncages, k, n, sum);
            return -1;
        }
        ncells += (size_t)k;
        i += 2 + (size_t)k;
    }
    v->cage_start = malloc(sizeof(uint32_t) * (ncages + 1));
    v->cage_sum = malloc(sizeof(uint16_t) * (ncages ? ncages : 1));
    v->cage_cells = malloc(sizeof(uint16_t) * (ncells ? ncells : 1));
    uint8_t *seen = calloc(nc, 1);
    if (!v->cage_start || !v->cage_sum || !v->cage_cells || !seen) {
        free(seen);
        PyErr_NoMemory();
        return -1;
    }
    size_t c = 0, k = 0;
    for (size_t i = 0; i < len; k++) {
        int size = v->cages[i + 1];
        v->cage_sum[k] = v->cages[i];
        v->cage_start[k] = (uint32_t)c;
        for (int j = 0; j < size; j++) {
            uint16_t cell = v->cages[i + 2 + (size_t)j];
            if (cell >= nc || seen[cell]) {
                PyErr_Format(PyExc_ValueError, "variant cage %zu: cell %u is %s", k, cell,
                             cell >= nc ? "outside the grid" : "in two cages");
                free(seen);
                return -1;
            }
            seen[cell] = 1;
            v->cage_cells[c++] = cell;
        }
        i += 2 + (size_t)size;
    }
    v->cage_start[ncages] = (uint32_t)c;
    free(seen);
    v->g.ncages = (int)ncages;
    v->g.cage_start = v->cage_start;
    v->g.cage_cells = v->cage_cells;
    v->g.cage_sum = v->cage_sum;
    return 0;
}

/* Read, check and prepare the tables (houses, peer_start, peers[, cages]) of an n x n variant
 * grid. */
static int read_variant(PyObject *obj, long n, int bitboards, VariantTables *v) {
    memset(v, 0, sizeof *v);
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) < 3 || PyTuple_GET_SIZE(obj) > 4) {
        PyErr_SetString(PyExc_TypeError,
                        "variant must be None, a prepared variant or a tuple (houses, peer_start, peers[, cages])");
        return -1;
    }
    size_t nh, ns, np, nc = (size_t)(n * n);
    if (copy_buffer(PyTuple_GET_ITEM(obj, 0), 2, "houses", (void **)&v->houses, &nh) < 0 ||
        copy_buffer(PyTuple_GET_ITEM(obj, 1), 4, "peer_start", (void **)&v->start, &ns) < 0 ||
        copy_buffer(PyTuple_GET_ITEM(obj, 2), 2, "peers", (void **)&v->peers, &np) < 0)
        goto bad;
    if (nh % (size_t)n || nh == 0) {
        PyErr_Format(PyExc_ValueError, "variant houses must hold %ld cells each", n);
        goto bad;
    }
    for (size_t i = 0; i < nh; i++)
        if (v->houses[i] >= nc) {
            PyErr_Format(PyExc_ValueError, "variant house cell %u is outside the grid", v->houses[i]);
            goto bad;
        }
    if (ns != nc + 1 || v->start[0] != 0 || v->start[nc] != np) {
        PyErr_SetString(PyExc_ValueError, "variant peer_start must be N*N+1 offsets from 0 to the number of peers");
        goto bad;
    }
    for (size_t i = 0; i < nc; i++) {
        if (v->start[i] > v->start[i + 1]) {
            PyErr_SetString(PyExc_ValueError, "variant peer_start must not decrease");
            goto bad;
        }
        for (uint32_t k = v->start[i]; k < v->start[i + 1]; k++)
            if (v->peers[k] >= nc || v->peers[k] == i) {
                PyErr_Format(PyExc_ValueError, "variant peer %u of cell %zu is not another cell of the grid",
                             v->peers[k], i);
                goto bad;
            }
    }
    if (PyTuple_GET_SIZE(obj) == 4 && read_cages(PyTuple_GET_ITEM(obj, 3), n, v) < 0) goto bad;
    v->g.n = (int)n;
    v->g.nhouses = (int)(nh / (size_t)n);
    v->g.full = n == 64 ? ~0ULL : (1ULL << n) - 1;
    v->g.house_cells = v->houses;
    v->g.peer_start = v->start;
    v->g.peers = v->peers;
    int prepared = sk_vgeom_prepare(&v->g, bitboards);
    if (prepared == -2) {
        PyErr_Format(PyExc_ValueError, "killer cages are searched on bitboards only, on grids up to 16x16 "
                     "with at most 64 houses; not this %ldx%ld grid", n, n);
        goto bad;
    }
    if (prepared < 0) {
        PyErr_NoMemory();
        goto bad;
    }
    return 0;
bad:
    free_variant(v);
    return -1;
}

static void variant_capsule_free(PyObject *capsule) {
    VariantTables *v = PyCapsule_GetPointer(capsule, VARIANT_CAPSULE);
    if (v) {
        free_variant(v);
        free(v);
    }
}

/* The variant argument of a search: None (*out NULL), a prepared variant (of a grid of side n)
 * or a tuple of tables, prepared into own (released by the caller with free_variant). */
static int variant_arg(PyObject *obj, long n, VariantTables *own, const sk_vgeom **out) {
    memset(own, 0, sizeof *own);
    *out = NULL;
    if (obj == NULL || obj == Py_None) return 0;
    if (PyCapsule_IsValid(obj, VARIANT_CAPSULE)) {
        VariantTables *v = PyCapsule_GetPointer(obj, VARIANT_CAPSULE);
        if (v->g.n != n) {
            PyErr_Format(PyExc_ValueError, "the variant is of a %dx%d grid, not %ldx%ld", v->g.n, v->g.n, n, n);
            return -1;
        }
        *out = &v->g;
        return 0;
    }
    if (read_variant(obj, n, 1, own) < 0) return -1;
    *out = &own->g;
    return 0;
}

static PyObject *core_variant(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"n", "tables", "bitboards", NULL};
    PyObject *tables;
    long n;
    int bitboards = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "lO|p", kwlist, &n, &tables, &bitboards)) return NULL;
    if (n < 1 || n > SK_MAX_N) {
        PyErr_Format(PyExc_ValueError, "a variant grid side must be 1..%d, not %ld", SK_MAX_N, n);
        return NULL;
    }
    VariantTables *v = malloc(sizeof *v);
    if (!v) return PyErr_NoMemory();
    if (read_variant(tables, n, bitboards, v) < 0) {
        free(v);
        return NULL;
    }
    PyObject *capsule = PyCapsule_New(v, VARIANT_CAPSULE, variant_capsule_free);
    if (!capsule) {
        free_variant(v);
        free(v);
    }
    return capsule;
}

static PyObject *core_solve(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"values", "box_rows", "box_cols", "limit", "keep", "node_limit",
                             "time_limit", "seed", "method", "restarts", "cancel", "candidates", "variant", NULL};
    Py_buffer buf, cancel, cands;
    PyObject *brobj, *bcobj, *limit = NULL, *keepobj = NULL, *node_limit = NULL, *time_limit = NULL, *seed = NULL;
    PyObject *cancelobj = NULL, *candsobj = NULL, *variantobj = NULL;
    const char *method_name = "fast";
    int restarts = 1;
    unsigned method;
    long long br, bc, keep;
    VariantTables variant;
    const sk_vgeom *vgeom = NULL;
    memset(&variant, 0, sizeof variant);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "y*OO|OOOOOspOOO", kwlist, &buf, &brobj, &bcobj, &limit, &keepobj,
                                     &node_limit, &time_limit, &seed, &method_name, &restarts, &cancelobj,
                                     &candsobj, &variantobj))
        return NULL;
    if (cancel_arg(cancelobj, &cancel) < 0) {
        PyBuffer_Release(&buf);
        return NULL;
    }
    memset(&cands, 0, sizeof cands);
    if (candsobj && candsobj != Py_None && PyObject_GetBuffer(candsobj, &cands, PyBUF_SIMPLE) < 0) {
        memset(&cands, 0, sizeof cands);
        PyBuffer_Release(&buf);
        release_cancel(&cancel);
        return NULL;
    }
    sk_job job;
    memset(&job, 0, sizeof job);
    Poll poll;
    poll_init(&poll, &cancel);
    job.poll = poll_search;
    job.poll_ctx = &poll;
    sk_geom *geom = NULL;
    uint8_t *grid = NULL;
    uint64_t *masks = NULL;
    PyObject *result = NULL;
    if (common_args(brobj, bcobj, method_name, seed, limit, node_limit, time_limit, &br, &bc, &method, &job) < 0 ||
        bound_arg(keepobj, "keep", -1, &keep) < 0)
        goto out;
    long n = (long)(br * bc), nc = n * n;
    if (buf.len != nc) {
        PyErr_Format(PyExc_ValueError, "a %ldx%ld grid has %ld cells, got %zd values", n, n, nc, buf.len);
        goto out;
    }
    grid = malloc((size_t)nc);
    if (!grid) {
        PyErr_NoMemory();
        goto out;
    }
    memcpy(grid, buf.buf, (size_t)nc);
    for (long i = 0; i < nc; i++)
        if (grid[i] > n) {
            PyErr_Format(PyExc_ValueError, "cell %ld holds %d, outside 0..%ld", i, grid[i], n);
            goto out;
        }
    if (cands.obj) {
        if (cands.len != nc * (Py_ssize_t)sizeof(uint64_t)) {
            PyErr_Format(PyExc_ValueError, "candidates must hold one 8-byte mask for each of the %ld cells, got %zd bytes",
                         nc, cands.len);
            goto out;
        }
        masks = malloc(sizeof(uint64_t) * (size_t)nc);
        if (!masks) {
            PyErr_NoMemory();
            goto out;
        }
        memcpy(masks, cands.buf, sizeof(uint64_t) * (size_t)nc); /* aligned, and ours while unlocked */
        job.cands = masks;
    }
    if (variant_arg(variantobj, n, &variant, &vgeom) < 0) goto out;
    if (keep < 0 || keep > job.limit) keep = job.limit;
    job.keep = keep;
    job.restarts = restarts;
    if (!vgeom && !(geom = sk_geom_new((int)br, (int)bc))) {
        PyErr_NoMemory();
        goto out;
    }
    int rc;
    poll.tstate = PyEval_SaveThread();
    if (job.deadline > 0) job.deadline += sk_now();
    sk_puzzle puzzle = puzzle_of(geom, vgeom, job.cands != NULL);
    rc = sk_solve(&puzzle, method, grid, &job);
    PyEval_RestoreThread(poll.tstate);
    if (job.stopped) {
        stopped_error(&poll, job.nodes);
        goto out;
    }
    if (rc < 0) {
        search_error(rc);
        goto out;
    }
    {
        long long stored = job.count < job.keep ? job.count : job.keep;
        int complete = !job.aborted && job.count < job.limit;
        result = Py_BuildValue("(y#LNNLL)", job.out ? (const char *)job.out : "", (Py_ssize_t)(stored * nc), job.count,
                               PyBool_FromLong(complete), PyBool_FromLong(job.aborted), job.nodes, job.guesses);
    }
out:
    PyBuffer_Release(&buf);
    release_cancel(&cancel);
    if (cands.obj) PyBuffer_Release(&cands);
    free_variant(&variant);
    free(masks);
    free(grid);
    free(job.out);
    sk_geom_free(geom);
    return result;
}

/* ---- batch ---------------------------------------------------------------------------- */

typedef struct {
    const char *line;
    Py_ssize_t len;
    long lineno;
} LineRef;

/* Why a line could not be read: a code and its numbers, worded (and translated) in Python
 * (sudokit.engines.search.line_errors). */
typedef enum { BAD_CHAR = 1, BAD_COUNT = 2, BAD_MORE = 3 } BadKind;

typedef struct {
    long index, lineno;
    BadKind kind;
    long column, byte, found, cells; /* BAD_CHAR: all four; BAD_COUNT: found, cells; BAD_MORE: cells */
} BadLine;

/* Decode one line into grid; 0 on success, else fills in why (bad). */
static int decode_line(const LineRef *ln, const uint8_t *decode, long nc, uint8_t *grid, BadLine *bad) {
    long k = 0;
    Py_ssize_t i = 0;
    for (; i < ln->len && k < nc; i++) {
        unsigned char ch = (unsigned char)ln->line[i];
        uint8_t v = decode[ch];
        if (v == 0xFE) continue;
        if (v == 0xFF) {
            bad->kind = BAD_CHAR;
            bad->column = (long)i + 1;
            bad->byte = ch;
            bad->found = k;
            bad->cells = nc;
            return -1;
        }
        grid[k++] = v;
    }
    if (k < nc) {
        bad->kind = BAD_COUNT;
        bad->found = k;
        bad->cells = nc;
        return -1;
    }
    if (i < ln->len) { /* what follows the grid must be separated from it */
        unsigned char ch = (unsigned char)ln->line[i];
        if (decode[ch] != 0xFE && decode[ch] != 0xFF) {
            bad->kind = BAD_MORE;
            bad->cells = nc;
            return -1;
        }
    }
    return 0;
}

static PyObject *core_solve_many(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"data", "box_rows", "box_cols", "decode", "limit", "node_limit", "time_limit",
                             "seed", "method", "restarts", "cancel", "total_time_limit", "variant", NULL};
    PyObject *data, *brobj, *bcobj, *limit = NULL, *node_limit = NULL, *time_limit = NULL, *seed = NULL;
    PyObject *cancelobj = NULL, *total_obj = NULL, *variantobj = NULL;
    VariantTables variant;
    const sk_vgeom *vgeom = NULL;
    memset(&variant, 0, sizeof variant);
    Py_buffer dec, cancel;
    const char *method_name = "fast";
    int restarts = 1;
    unsigned method;
    long long br, bc;
    double total;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOy*|OOOOspOOO", kwlist, &data, &brobj, &bcobj, &dec, &limit,
                                     &node_limit, &time_limit, &seed, &method_name, &restarts, &cancelobj,
                                     &total_obj, &variantobj))
        return NULL;
    if (seconds_arg(total_obj, "total_time_limit", &total) < 0) {
        PyBuffer_Release(&dec);
        return NULL;
    }
    if (cancel_arg(cancelobj, &cancel) < 0) {
        PyBuffer_Release(&dec);
        return NULL;
    }
    sk_job proto;
    memset(&proto, 0, sizeof proto);
    Poll poll;
    poll_init(&poll, &cancel);
    proto.poll = poll_search;
    proto.poll_ctx = &poll;
    char *text = NULL;
    Py_ssize_t tlen = 0;
    LineRef *lines = NULL;
    BadLine *bad = NULL;
    uint8_t *status = NULL, *sols = NULL, *grid = NULL;
    long long *counts = NULL, *nodes = NULL, *guesses = NULL;
    sk_geom *geom = NULL;
    PyObject *result = NULL;
    uint8_t decode[256];
    if (common_args(brobj, bcobj, method_name, seed, limit, node_limit, time_limit, &br, &bc, &method, &proto) < 0)
        goto out;
    long n = (long)(br * bc), nc = n * n;
    if (variant_arg(variantobj, n, &variant, &vgeom) < 0) goto out;
    if (dec.len != 256) {
        PyErr_SetString(PyExc_ValueError, "decode must be 256 bytes");
        goto out;
    }
    memcpy(decode, dec.buf, 256);
    for (int i = 0; i < 256; i++)
        if (decode[i] > n && decode[i] < 0xFE) {
            PyErr_Format(PyExc_ValueError, "decode maps byte %d to %d, outside 0..%ld", i, decode[i], n);
            goto out;
        }
    /* copy the text so that the search can run without the GIL */
    if (PyUnicode_Check(data)) {
        const char *s = PyUnicode_AsUTF8AndSize(data, &tlen);
        if (!s) goto out;
        text = malloc((size_t)tlen + 1);
        if (text) memcpy(text, s, (size_t)tlen);
    } else if (PyObject_CheckBuffer(data)) {
        Py_buffer b;
        if (PyObject_GetBuffer(data, &b, PyBUF_SIMPLE) < 0) goto out;
        tlen = b.len;
        text = malloc((size_t)tlen + 1);
        if (text) memcpy(text, b.buf, (size_t)tlen);
        PyBuffer_Release(&b);
    } else {
        PyErr_Format(PyExc_TypeError, "data must be str or bytes, not %.80s", Py_TYPE(data)->tp_name);
        goto out;
    }
    if (!text) {
        PyErr_NoMemory();
        goto out;
    }
    /* lines that hold a puzzle: not blank, not a # comment */
    Py_ssize_t cap = 1;
    for (Py_ssize_t i = 0; i < tlen; i++) cap += text[i] == '\n';
    lines = malloc(sizeof(LineRef) * (size_t)cap);
    if (!lines) {
        PyErr_NoMemory();
        goto out;
    }
    Py_ssize_t count = 0;
    long lineno = 0;
    for (Py_ssize_t start = 0; start < tlen;) {
        Py_ssize_t end = start;
        while (end < tlen && text[end] != '\n') end++;
        lineno++;
        Py_ssize_t a = start, z = end;
        while (a < z && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r')) a++;
        while (z > a && (text[z - 1] == ' ' || text[z - 1] == '\t' || text[z - 1] == '\r')) z--;
        if (a < z && text[a] != '#') {
            lines[count].line = text + a;
            lines[count].len = z - a;
            lines[count].lineno = lineno;
            count++;
        }
        start = end + 1;
    }
    if ((long long)count * nc > (1LL << 31)) {
        PyErr_SetString(PyExc_ValueError, "batch too large; split it");
        goto out;
    }
    status = malloc((size_t)count + 1);
    counts = calloc((size_t)count + 1, sizeof(long long));
    nodes = calloc((size_t)count + 1, sizeof(long long));
    guesses = calloc((size_t)count + 1, sizeof(long long));
    sols = calloc((size_t)count * (size_t)nc + 1, 1);
    bad = malloc(sizeof(BadLine) * (size_t)(count + 1));
    grid = malloc((size_t)nc);
    geom = sk_geom_new((int)br, (int)bc);
    if (!status || !counts || !nodes || !guesses || !sols || !bad || !grid || !geom) {
        PyErr_NoMemory();
        goto out;
    }
    sk_puzzle puzzle = puzzle_of(geom, vgeom, 0);
    const sk_solver *solver = sk_choose(&puzzle, method, sk_job_takes(&puzzle, &proto)); /* one for all */
    if (!solver) {
        search_error(-2);
        goto out;
    }
    long nbad = 0;
    int nomem = 0, stopped = 0;
    long long total_nodes = 0;
    poll.tstate = PyEval_SaveThread();
    double batch_end = total > 0 ? sk_now() + total : 0.0;
    for (Py_ssize_t i = 0; i < count && !nomem; i++) {
        if ((i & 15) == 15 && poll_search(&poll)) { /* between puzzles too: many quick ones */
            stopped = 1;
            break;
        }
        if (decode_line(&lines[i], decode, nc, grid, &bad[nbad]) < 0) {
            bad[nbad].index = (long)i;
            bad[nbad].lineno = lines[i].lineno;
            nbad++;
            status[i] = STATUS_INVALID;
            continue;
        }
        sk_job job = proto;
        job.keep = 1;
        job.restarts = restarts;
        job.out = sols + (size_t)i * (size_t)nc; /* room for exactly one: never grown */
        job.out_cap = 1;
        if (job.deadline > 0 || batch_end > 0) {
            double now = sk_now();
            if (job.deadline > 0) job.deadline += now;
            if (batch_end > 0 && (job.deadline <= 0 || batch_end < job.deadline)) job.deadline = batch_end;
            if (now >= job.deadline) job.aborted = 1; /* the batch's time is up: not started */
        }
        if (!job.aborted && sk_run(solver, &puzzle, grid, &job) < 0) nomem = 1;
        total_nodes += job.nodes;
        if (job.stopped) {
            stopped = 1;
            break;
        }
        status[i] = (uint8_t)status_of(&job);
        counts[i] = job.count;
        nodes[i] = job.nodes;
        guesses[i] = job.guesses;
    }
    PyEval_RestoreThread(poll.tstate);
    if (stopped) {
        stopped_error(&poll, total_nodes);
        goto out;
    }
    if (nomem) {
        PyErr_NoMemory();
        goto out;
    }
    {
        PyObject *errors = PyList_New(nbad);
        if (!errors) goto out;
        for (long j = 0; j < nbad; j++) {
            const BadLine *b = &bad[j];
            PyObject *item = Py_BuildValue("(lli(llll))", b->index, b->lineno, (int)b->kind, b->column,
                                           b->byte, b->found, b->cells);
            if (!item) {
                Py_DECREF(errors);
                goto out;
            }
            PyList_SET_ITEM(errors, j, item);
        }
        result = Py_BuildValue("(y#y#y#y#y#N)", (const char *)status, count, (const char *)counts,
                               (Py_ssize_t)(count * (Py_ssize_t)sizeof(long long)), (const char *)sols,
                               (Py_ssize_t)(count * nc), (const char *)nodes,
                               (Py_ssize_t)(count * (Py_ssize_t)sizeof(long long)), (const char *)guesses,
                               (Py_ssize_t)(count * (Py_ssize_t)sizeof(long long)), errors);
    }
out:
    PyBuffer_Release(&dec);
    release_cancel(&cancel);
    free(text);
    free(lines);
    free(bad);
    free(status);
    free(counts);
    free(nodes);
    free(guesses);
    free(sols);
    free(grid);
    sk_geom_free(geom);
    free_variant(&variant);
    return result;
}

/* ---- the generator's carving loop ------------------------------------------------------ */

/* A bytes-like argument copied into a fresh array of count items of item bytes (count -1:
 * any whole number of items, stored in *count). */
static void *copy_items(PyObject *obj, const char *name, size_t item, long *count) {
    Py_buffer b;
    if (PyObject_GetBuffer(obj, &b, PyBUF_SIMPLE) < 0) return NULL;
    void *out = NULL;
    if (*count >= 0 && b.len != *count * (Py_ssize_t)item)
        PyErr_Format(PyExc_ValueError, "%s must hold %ld numbers of %zu bytes, got %zd bytes", name, *count, item, b.len);
    else if (b.len % (Py_ssize_t)item)
        PyErr_Format(PyExc_ValueError, "%s must be %zu-byte numbers, got %zd bytes", name, item, b.len);
    else if (!(out = malloc(b.len ? (size_t)b.len : 1)))
        PyErr_NoMemory();
    else {
        memcpy(out, b.buf, (size_t)b.len);
        *count = (long)(b.len / (Py_ssize_t)item);
    }
    PyBuffer_Release(&b);
    return out;
}

/* Whether a full grid keeps the rules of the classic geometry g or of the variant v. */
static int full_grid_valid(const sk_geom *g, const sk_vgeom *v, const uint8_t *grid) {
    if (g) return sk_givens_consistent(g, grid);
    for (long i = 0; i < (long)v->n * v->n; i++)
        for (uint32_t k = v->peer_start[i]; k < v->peer_start[i + 1]; k++)
            if (grid[v->peers[k]] == grid[i]) return 0;
    return 1;
}

static PyObject *core_carve(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"solution", "box_rows", "box_cols", "cells", "start", "seed", "node_limit",
                             "minimal", "time_limit", "cancel", "variant", "final_node_limit",
                             "final_total_nodes", NULL};
    PyObject *solobj, *brobj, *bcobj, *cellsobj, *startobj, *seedobj, *node_limit = NULL, *time_limit = NULL;
    PyObject *final_limit = NULL, *final_total = NULL;
    PyObject *cancelobj = NULL, *variantobj = NULL, *result = NULL;
    int minimal = 1;
    long long br, bc, nl, fl, ft;
    double tl;
    Py_buffer cancel;
    VariantTables variant;
    const sk_vgeom *vgeom = NULL;
    memset(&variant, 0, sizeof variant);
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOO|OpOOOOO", kwlist, &solobj, &brobj, &bcobj, &cellsobj, &startobj,
                                     &seedobj, &node_limit, &minimal, &time_limit, &cancelobj, &variantobj,
                                     &final_limit, &final_total))
        return NULL;
    if (cancel_arg(cancelobj, &cancel) < 0) return NULL;
    uint8_t *solution = NULL, *values = NULL, *seen = NULL;
    uint16_t *cells = NULL;
    uint32_t *start = NULL;
    sk_geom *geom = NULL;
    if (int_arg(brobj, "box_rows", &br) < 0 || int_arg(bcobj, "box_cols", &bc) < 0 || check_box(br, bc) < 0 ||
        bound_arg(node_limit, "node_limit", 0, &nl) < 0 || seconds_arg(time_limit, "time_limit", &tl) < 0 ||
        bound_arg(final_limit, "final_node_limit", 0, &fl) < 0 || bound_arg(final_total, "final_total_nodes", 0, &ft) < 0)
        goto out;
    long n = (long)(br * bc), nc = n * n, ncells = nc, ncount = -1, norbits = -1;
    if (!(solution = copy_items(solobj, "solution", 1, &ncells)) || !(cells = copy_items(cellsobj, "cells", 2, &ncount)) ||
        !(start = copy_items(startobj, "start", 4, &norbits)))
        goto out;
    norbits--;
    if (norbits < 0 || start[0] != 0 || start[norbits] != (uint32_t)ncount) {
        PyErr_SetString(PyExc_ValueError, "start must be the orbits' offsets into cells, from 0 to len(cells)");
        goto out;
    }
    if (!PyLong_Check(seedobj)) {
        PyErr_Format(PyExc_TypeError, "seed must be an int, not %.80s", Py_TYPE(seedobj)->tp_name);
        goto out;
    }
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(seedobj);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) goto out;
    for (long i = 0; i < nc; i++)
        if (solution[i] < 1 || solution[i] > n) {
            PyErr_Format(PyExc_ValueError, "solution cell %ld holds %d, outside 1..%ld", i, solution[i], n);
            goto out;
        }
    if (!(seen = calloc((size_t)nc, 1))) {
        PyErr_NoMemory();
        goto out;
    }
    for (long k = 0; k < norbits; k++) {
        if (start[k] > start[k + 1]) {
            PyErr_SetString(PyExc_ValueError, "start must not decrease");
            goto out;
        }
    }
    for (long i = 0; i < ncount; i++)
        if (cells[i] >= nc || seen[cells[i]]++) {
            PyErr_Format(PyExc_ValueError, "orbit cell %u is %s", cells[i], cells[i] >= nc ? "outside the grid" : "in two orbits");
            goto out;
        }
    if (variant_arg(variantobj, n, &variant, &vgeom) < 0) goto out;
    if (vgeom && vgeom->ncages) {
        PyErr_SetString(PyExc_ValueError, "carve takes no killer cages");
        goto out;
    }
    if (!vgeom && !(geom = sk_geom_new((int)br, (int)bc))) {
        PyErr_NoMemory();
        goto out;
    }
    if (!full_grid_valid(geom, vgeom, solution)) {
        PyErr_SetString(PyExc_ValueError, "solution is not a full grid that keeps the rules (two peers hold one digit)");
        goto out;
    }
    if (!(values = malloc((size_t)nc))) {
        PyErr_NoMemory();
        goto out;
    }
    Poll poll;
    poll_init(&poll, &cancel);
    sk_carve_job job;
    memset(&job, 0, sizeof job);
    job.n = (int)n;
    job.puzzle = puzzle_of(geom, vgeom, 0);
    job.solution = solution;
    job.cells = cells;
    job.start = start;
    job.seed = seed;
    job.norbits = (int)norbits;
    job.node_limit = nl > 0 ? nl : 0;
    job.minimal = minimal;
    job.final_limit = fl > 0 ? fl : 0;
    job.final_total = ft > 0 ? ft : 0;
    job.poll = poll_search;
    job.poll_ctx = &poll;
    poll.tstate = PyEval_SaveThread();
    job.deadline = tl > 0 ? sk_now() + tl : 0.0;
    int rc = sk_carve(&job, values);
    PyEval_RestoreThread(poll.tstate);
    if (job.stopped)
        stopped_error(&poll, job.nodes);
    else if (rc < 0)
        search_error(rc);
    else
        result = Py_BuildValue("(y#NiL)", (const char *)values, (Py_ssize_t)nc, PyBool_FromLong(!job.aborted),
                               job.undecided, job.nodes);
out:
    release_cancel(&cancel);
    free_variant(&variant);
    sk_geom_free(geom);
    free(solution);
    free(values);
    free(seen);
    free(cells);
    free(start);
    return result;
}

/* ---- the solver table, as Python sees it ------------------------------------------------ */

static PyObject *core_solver(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"box_rows", "box_cols", "method", "seed", "candidates", "variant", "masks", "prefer", NULL};
    PyObject *brobj, *bcobj, *seed = NULL, *variantobj = NULL, *result = NULL;
    const char *method_name = "fast";
    int candidates = 0, masks = 0, prefer = 0;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|sOpOpp", kwlist, &brobj, &bcobj, &method_name, &seed, &candidates,
                                     &variantobj, &masks, &prefer))
        return NULL;
    long long br, bc;
    unsigned method;
    sk_job job;
    memset(&job, 0, sizeof job);
    VariantTables variant;
    const sk_vgeom *vgeom = NULL;
    sk_geom *geom = NULL;
    memset(&variant, 0, sizeof variant);
    if (int_arg(brobj, "box_rows", &br) < 0 || int_arg(bcobj, "box_cols", &bc) < 0 || check_box(br, bc) < 0 ||
        parse_method(method_name, &method) < 0 || parse_seed(seed, &job) < 0 ||
        variant_arg(variantobj, (long)(br * bc), &variant, &vgeom) < 0)
        goto out;
    if (!vgeom && !(geom = sk_geom_new((int)br, (int)bc))) {
        PyErr_NoMemory();
        goto out;
    }
    uint64_t mask = 0; /* the table reads only whether the job has masks and a preferred digit */
    uint8_t digit = 0;
    if (candidates || masks) job.cands = &mask;
    if (prefer) job.prefer = &digit;
    sk_puzzle puzzle = puzzle_of(geom, vgeom, candidates);
    const sk_solver *solver = sk_choose(&puzzle, method, sk_job_takes(&puzzle, &job));
    result = solver ? PyUnicode_FromString(solver->name) : search_error(-2);
out:
    free_variant(&variant);
    sk_geom_free(geom);
    return result;
}

/* The names of the bits of mask, from names[0] for bit 0. */
static PyObject *bit_names(unsigned mask, const char *const *names, int count) {
    PyObject *out = PyTuple_New(0);
    for (int i = 0; i < count && out; i++)
        if ((mask >> i) & 1) {
            PyObject *name = PyUnicode_FromString(names[i]);
            if (!name || _PyTuple_Resize(&out, PyTuple_GET_SIZE(out) + 1) < 0) {
                Py_XDECREF(name);
                Py_XDECREF(out);
                return NULL;
            }
            PyTuple_SET_ITEM(out, PyTuple_GET_SIZE(out) - 1, name);
        }
    return out;
}

/* SOLVERS: the table's rows in order, each a dict (name, form, enforces, methods, takes,
 * bitboards). */
static PyObject *solver_rows(void) {
    static const char *const kinds[] = {"houses", "peers", "sums", "candidates"};
    static const char *const methods[] = {"fast", "generic", "digits"};
    static const char *const takes[] = {"seed", "masks", "prefer"};
    PyObject *rows = PyTuple_New(SK_NSOLVERS);
    for (int i = 0; i < SK_NSOLVERS && rows; i++) {
        const sk_solver *s = &sk_solvers[i];
        PyObject *row = Py_BuildValue("{s:s,s:s,s:N,s:N,s:N,s:O}", "name", s->name, "form",
                                      s->form == SK_BOX ? "box" : "tables", "enforces", bit_names(s->enforces, kinds, 4),
                                      "methods", bit_names(s->methods, methods, 3), "takes",
                                      bit_names(s->takes, takes, 3), "bitboards", s->bitboards ? Py_True : Py_False);
        if (!row) {
            Py_CLEAR(rows);
            break;
        }
        PyTuple_SET_ITEM(rows, i, row);
    }
    return rows;
}

static PyMethodDef core_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))core_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(values, box_rows, box_cols, limit=1, keep=None, node_limit=None, time_limit=None, seed=None, "
     "method='fast', restarts=True, cancel=None, candidates=None, variant=None) -> (solutions, count, complete, "
     "limit_reached, "
     "nodes, guesses)"},
    {"solve_many", (PyCFunction)(void (*)(void))core_solve_many, METH_VARARGS | METH_KEYWORDS,
     "solve_many(data, box_rows, box_cols, decode, limit=1, node_limit=None, time_limit=None, seed=None, "
     "method='fast', restarts=True, cancel=None, total_time_limit=None, variant=None) -> (status, counts, "
     "solutions, nodes, guesses, errors)"},
    {"carve", (PyCFunction)(void (*)(void))core_carve, METH_VARARGS | METH_KEYWORDS,
     "carve(solution, box_rows, box_cols, cells, start, seed, node_limit=None, minimal=True, time_limit=None, "
     "cancel=None, variant=None) -> (values, complete, undecided, nodes): the generator's removal loop"},
    {"solver", (PyCFunction)(void (*)(void))core_solver, METH_VARARGS | METH_KEYWORDS,
     "solver(box_rows, box_cols, method='fast', seed=None, candidates=False, variant=None, masks=False, "
     "prefer=False) -> the name of the row of SOLVERS that searches such a job (candidates: a candidate grid; "
     "masks, prefer: the carving loop's proofs)"},
    {"variant", (PyCFunction)(void (*)(void))core_variant, METH_VARARGS | METH_KEYWORDS,
     "variant(n, (houses, peer_start, peers), bitboards=True) -> a prepared variant: the tables checked and "
     "derived once, for the variant= argument of solve and solve_many (bitboards=False keeps the generic "
     "variant search at every size, for tests)"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef core_module = {PyModuleDef_HEAD_INIT, "sudokit.engines.search._core",
                                         "The compiled search core of sudokit.", -1, core_methods};

/* Remember the main thread: only there do Python's signal handlers run. */
static void find_main_thread(void) {
    PyObject *threading = PyImport_ImportModule("threading");
    PyObject *main = threading ? PyObject_CallMethod(threading, "main_thread", NULL) : NULL;
    PyObject *ident = main ? PyObject_GetAttrString(main, "ident") : NULL;
    if (ident && PyLong_Check(ident)) {
        main_thread_id = PyLong_AsUnsignedLong(ident);
        main_thread_known = !PyErr_Occurred();
    }
    PyErr_Clear(); /* unknown: every thread runs the handlers (harmless elsewhere) */
    Py_XDECREF(ident);
    Py_XDECREF(main);
    Py_XDECREF(threading);
}

PyMODINIT_FUNC PyInit__core(void) {
    sk_bb9_init();
    sk_xw9_init();
    find_main_thread();
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    if (PyModule_AddStringConstant(m, "BB9_PATH", sk_bb9_path()) < 0 ||
        PyModule_AddIntConstant(m, "MAX_N", SK_MAX_N) < 0 || PyModule_AddIntConstant(m, "STATUS_NONE", STATUS_NONE) < 0 ||
        PyModule_AddIntConstant(m, "STATUS_UNIQUE", STATUS_UNIQUE) < 0 ||
        PyModule_AddIntConstant(m, "STATUS_MULTIPLE", STATUS_MULTIPLE) < 0 ||
        PyModule_AddIntConstant(m, "STATUS_LIMIT", STATUS_LIMIT) < 0 ||
        PyModule_AddIntConstant(m, "STATUS_SOLVED", STATUS_SOLVED) < 0 ||
        PyModule_AddIntConstant(m, "STATUS_INVALID", STATUS_INVALID) < 0 ||
        PyModule_AddObject(m, "SOLVERS", solver_rows()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
