/* The generator's carving loop: a full grid loses its givens orbit by orbit (an orbit: a cell
 * and its images under the puzzle's symmetry) in a random order, and a removal stays only when
 * the puzzle still has one solution.
 *
 * The proof: the puzzle had one solution S before the orbit's givens went, so any other
 * solution differs from S in one of the orbit's cells. On a classic grid a removed cell whose
 * digit the remaining givens force (a naked or hidden single) cannot differ: when every cell of
 * the orbit is forced, no search is needed. Otherwise one search per cell, with S's digit
 * ruled out there and one solution asked for, decides: none found in any of them means unique
 * (classic grids from COUNT_TWO_FROM up: one count to two instead).
 * Such a tree is no larger than that of a count to two, which must find S and then exhaust the
 * rest; the generic solver tries S's digit first when it branches (job.prefer), since another
 * solution mostly agrees with S. The searches are the core's own, the solver table's choice
 * (sk_dispatch.c): the 9x9 bitboards, the generic solver at other sizes, or a variant's search
 * from its prepared tables.
 *
 * Many removals that fail are refuted without a search: swapping two digits a and b of S in a
 * set of cells closed under "the other of a, b in the same row, column and box" gives another
 * full grid, so such a set is unavoidable: a puzzle that keeps none of its givens has another
 * solution. On classic grids these sets (the components of each digit pair) are built once, and
 * a removal that would leave one of them without a given fails at once.
 *
 * A first-pass proof may take at most node_limit nodes; an orbit whose proof runs out stays
 * (undecided). When a minimal puzzle is asked for, a second pass tries the undecided orbits
 * again in rounds, each round's proofs with ROUND_GROWTH times the nodes of the round before,
 * up to final_limit a proof (and final_total in all; 0: no limit). Removing givens never makes
 * a puzzle unique again, so an orbit found necessary stays necessary: the result is minimal.
 * The rounds settle the cheap proofs first, while the puzzle still has the givens the costly
 * ones would remove: a search for another solution is much shorter with more givens (on 25x25,
 * a grid that took 34 million nodes orbit by orbit takes 0.9 million in rounds). A second pass
 * that runs out of nodes gives up with orbits still undecided: a few grids keep a proof that
 * takes millions of nodes, and the caller does better to start a new grid than to wait.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_carve.h"

#define CARVE_SEED 0x5DEECE66DULL /* the core's default seed: the searches are deterministic */

enum { UNIQUE, NOT_UNIQUE, UNDECIDED, STOP };

/* From this side up a classic grid's proof is one count to two, S's digits tried first: at
 * 25x25 that search finds S and then, backtracking near it, the other solution of a removal
 * that fails much sooner than a search per cell from scratch does (which is faster to 16x16). */
#define COUNT_TWO_FROM 17

/* The second pass's rounds: each gives a proof this many times the nodes of the round before
 * (the first, that many times node_limit); past NO_LIMIT_FROM nodes a proof has no limit. */
#define ROUND_GROWTH 8
#define NO_LIMIT_FROM 100000000LL

typedef struct {
    sk_carve_job *c;
    uint8_t *values;
    uint64_t *masks; /* per cell, the digits a proof search allows (all but one cell: every digit) */
    uint64_t full;
    uint64_t *given; /* classic grids: per house (rows, columns, boxes), the digits given there */
    int *set_of;     /* classic grids: per cell, its n-1 two-digit unavoidable sets (one per pair) */
    int *left;       /* per unavoidable set, its cells still given */
    int emptied;     /* the orbit just removed left an unavoidable set without a given */
} Carver;

static int uf_find(int *parent, int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

/* The two-digit unavoidable sets of the solution (see above) in w->set_of and w->left:
 * 0, or -1 when out of memory. */
static int unavoidable_sets(Carver *w) {
    const sk_geom *g = w->c->puzzle.geom;
    const uint8_t *sol = w->c->solution;
    int n = g->n, nc = g->ncells, nsets = 0, rc = -1;
    int *where = malloc(sizeof(int) * (size_t)n * (size_t)n * 3); /* [kind][house][digit] -> cell */
    int *parent = malloc(sizeof(int) * 2 * (size_t)n), *id = malloc(sizeof(int) * 2 * (size_t)n);
    int *cell_of = malloc(sizeof(int) * 2 * (size_t)n);
    w->set_of = malloc(sizeof(int) * (size_t)nc * (size_t)(n > 1 ? n - 1 : 1));
    w->left = malloc(sizeof(int) * (size_t)nc * (size_t)(n > 1 ? n - 1 : 1)); /* at most one set a cell and pair */
    if (!where || !parent || !id || !cell_of || !w->set_of || !w->left) goto done;
    for (int cell = 0; cell < nc; cell++) {
        int d = sol[cell] - 1;
        where[(0 * n + g->row[cell]) * n + d] = cell;
        where[(1 * n + g->col[cell]) * n + d] = cell;
        where[(2 * n + g->box[cell]) * n + d] = cell;
    }
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++) {
            for (int i = 0; i < 2 * n; i++) parent[i] = i, id[i] = -1;
            /* node r (< n): the cell of row r holding a; n + r: the one holding b */
            for (int r = 0; r < n; r++) {
                cell_of[r] = where[(0 * n + r) * n + a];
                cell_of[n + r] = where[(0 * n + r) * n + b];
            }
            for (int r = 0; r < n; r++) { /* a's cell joins b's cell in its row, column and box */
                int ca = cell_of[r];
                int partners[3] = {where[(0 * n + g->row[ca]) * n + b], where[(1 * n + g->col[ca]) * n + b],
                                   where[(2 * n + g->box[ca]) * n + b]};
                for (int k = 0; k < 3; k++) {
                    int x = uf_find(parent, r), y = uf_find(parent, n + g->row[partners[k]]);
                    if (x != y) parent[x] = y;
                }
            }
            for (int i = 0; i < 2 * n; i++) {
                int root = uf_find(parent, i), cell = cell_of[i];
                if (id[root] < 0) {
                    id[root] = nsets++;
                    w->left[id[root]] = 0;
                }
                int d = sol[cell] - 1, other = d == a ? b : a;
                w->set_of[(size_t)cell * (size_t)(n - 1) + (size_t)(other < d ? other : other - 1)] = id[root];
                w->left[id[root]]++;
            }
        }
    rc = 0;
done:
    free(where);
    free(parent);
    free(id);
    free(cell_of);
    return rc;
}

/* Take the givens of cells [a, b) out of the unavoidable sets' counts (step -1) or put them back
 * (+1); returns whether a set was left without a given. */
static int count_sets(Carver *w, const uint16_t *cells, uint32_t a, uint32_t b, int step) {
    int n = w->c->n, emptied = 0;
    for (uint32_t i = a; i < b; i++) {
        const int *sets = w->set_of + (size_t)cells[i] * (size_t)(n - 1);
        for (int k = 0; k < n - 1; k++) emptied |= (w->left[sets[k]] += step) == 0;
    }
    return emptied;
}

static int run_search(const sk_carve_job *c, const uint8_t *grid, sk_job *job) {
    return sk_solve(&c->puzzle, SK_FAST, grid, job);
}

/* Classic grids: the digits given in the houses of a cell. */
static uint64_t seen_by(const Carver *w, int cell) {
    const sk_geom *g = w->c->puzzle.geom;
    return w->given[g->row[cell]] | w->given[g->n + g->col[cell]] | w->given[2 * g->n + g->box[cell]];
}

static void toggle_given(Carver *w, int cell, int digit) {
    const sk_geom *g = w->c->puzzle.geom;
    uint64_t bit = 1ULL << (digit - 1);
    w->given[g->row[cell]] ^= bit;
    w->given[g->n + g->col[cell]] ^= bit;
    w->given[2 * g->n + g->box[cell]] ^= bit;
}

/* Classic grids: whether the givens force S's digit into the empty cell (a naked single, or a
 * hidden single in one of its houses). */
static int forced(const Carver *w, int cell) {
    const sk_geom *g = w->c->puzzle.geom;
    uint64_t bit = 1ULL << (w->c->solution[cell] - 1);
    if ((seen_by(w, cell) | bit) == w->full) return 1;
    int houses[3] = {g->row[cell], g->n + g->col[cell], 2 * g->n + g->box[cell]};
    for (int h = 0; h < 3; h++) {
        const uint16_t *hc = g->house_cells + (size_t)houses[h] * (size_t)g->n;
        int k = 0;
        while (k < g->n && (hc[k] == cell || w->values[hc[k]] || (seen_by(w, hc[k]) & bit))) k++;
        if (k == g->n) return 1;
    }
    return 0;
}

/* A proof search asking for limit solutions, S's digit tried first where it branches. */
static void proof_job(const sk_carve_job *c, sk_job *job, long long limit, long long node_limit) {
    memset(job, 0, sizeof *job);
    job->limit = limit;
    job->node_limit = node_limit;
    job->deadline = c->deadline;
    job->seed = CARVE_SEED;
    job->poll = c->poll;
    job->poll_ctx = c->poll_ctx;
    job->prefer = c->solution;
}

/* The outcome of one proof search (rc its return value) that has found another solution when
 * it counts found solutions. */
static int outcome(sk_carve_job *c, const sk_job *job, int rc, long long found) {
    c->nodes += job->nodes;
    c->proofs++;
    if (rc < 0) return -1;
    if (job->stopped) {
        c->stopped = 1;
        return STOP;
    }
    if (job->count >= found) return NOT_UNIQUE;
    if (job->aborted) {
        if (c->deadline > 0 && sk_now() > c->deadline) {
            c->aborted = 1;
            return STOP;
        }
        return UNDECIDED;
    }
    return UNIQUE;
}

/* Whether the puzzle (with orbit k's givens just removed) keeps its one solution. */
static int verdict(Carver *w, int k, long long node_limit) {
    sk_carve_job *c = w->c;
    uint32_t a = c->start[k], b = c->start[k + 1], i;
    if (w->given) {
        for (i = a; i < b && forced(w, c->cells[i]); i++) {}
        if (i == b) return UNIQUE;
    }
    if (w->set_of && w->emptied) return NOT_UNIQUE;
    if (!c->puzzle.vgeom && c->n >= COUNT_TWO_FROM) {
        sk_job job;
        proof_job(c, &job, 2, node_limit);
        return outcome(c, &job, run_search(c, w->values, &job), 2);
    }
    for (i = a; i < b; i++) {
        int cell = c->cells[i];
        sk_job job;
        proof_job(c, &job, 1, node_limit);
        job.cands = w->masks;
        w->masks[cell] = w->full & ~(1ULL << (c->solution[cell] - 1));
        int rc = run_search(c, w->values, &job);
        w->masks[cell] = w->full;
        int v = outcome(c, &job, rc, 1);
        if (v != UNIQUE) return v;
    }
    return UNIQUE;
}

/* Try to remove orbit k: STOP, -1 (no memory) or the verdict (the givens are back unless
 * UNIQUE). */
static int try_orbit(Carver *w, int k, long long node_limit) {
    sk_carve_job *c = w->c;
    if (c->poll && c->poll(c->poll_ctx)) {
        c->stopped = 1;
        return STOP;
    }
    if (c->deadline > 0 && sk_now() > c->deadline) {
        c->aborted = 1;
        return STOP;
    }
    uint32_t a = c->start[k], b = c->start[k + 1];
    for (uint32_t i = a; i < b; i++) {
        int cell = c->cells[i];
        w->values[cell] = 0;
        if (w->given) toggle_given(w, cell, c->solution[cell]);
    }
    if (w->set_of) w->emptied = count_sets(w, c->cells, a, b, -1);
    int v = verdict(w, k, node_limit);
    if (v != UNIQUE) {
        for (uint32_t i = a; i < b; i++) {
            int cell = c->cells[i];
            w->values[cell] = c->solution[cell];
            if (w->given) toggle_given(w, cell, c->solution[cell]);
        }
        if (w->set_of) count_sets(w, c->cells, a, b, +1);
    }
    return v;
}

int sk_carve(sk_carve_job *c, uint8_t *values) {
    int nc = c->n * c->n, rc = 0, nu = 0;
    Carver w = {c, values, malloc(sizeof(uint64_t) * (size_t)nc), c->n == 64 ? ~0ULL : (1ULL << c->n) - 1,
                NULL, NULL, NULL, 0};
    int *order = malloc(sizeof(int) * (size_t)(c->norbits + 1));
    if (!c->puzzle.vgeom) w.given = malloc(sizeof(uint64_t) * 3 * (size_t)c->n);
    if (!w.masks || !order || (!c->puzzle.vgeom && (!w.given || (c->n > 1 && unavoidable_sets(&w) < 0)))) {
        rc = -1;
        goto done;
    }
    for (int i = 0; i < nc; i++) w.masks[i] = w.full;
    memcpy(values, c->solution, (size_t)nc);
    if (w.given)
        for (int h = 0; h < 3 * c->n; h++) w.given[h] = w.full;
    uint64_t rng = c->seed;
    for (int j = 0; j < c->norbits; j++) { /* a random order (Fisher-Yates) */
        int i = (int)(sk_rand(&rng) % (uint64_t)(j + 1));
        if (i != j) order[j] = order[i];
        order[i] = j;
    }
    for (int j = 0; j < c->norbits; j++) {
        int v = try_orbit(&w, order[j], c->node_limit);
        if (v < 0) rc = -1;
        if (v < 0 || v == STOP) goto done;
        if (v == UNDECIDED) order[nu++] = order[j]; /* j >= nu: the rest is still ahead */
    }
    c->undecided = nu;
    if (c->minimal && c->node_limit) {
        long long end = c->final_total ? c->nodes + c->final_total : 0, budget = c->node_limit;
        while (nu > 0) {
            if (c->final_limit && budget >= c->final_limit) goto done; /* the last round had the most */
            budget *= ROUND_GROWTH;
            if (c->final_limit && budget > c->final_limit) budget = c->final_limit;
            long long round_limit = budget >= NO_LIMIT_FROM ? 0 : budget;
            int keep = 0;
            for (int j = 0; j < nu; j++) {
                long long limit = round_limit;
                if (end) { /* no proof past the pass's end */
                    if (c->nodes >= end) goto done;
                    if (!limit || end - c->nodes < limit) limit = end - c->nodes;
                }
                int v = try_orbit(&w, order[j], limit);
                if (v < 0) rc = -1;
                if (v < 0 || v == STOP) goto done;
                if (v == UNDECIDED)
                    order[keep++] = order[j];
                else
                    c->undecided--;
            }
            nu = keep;
        }
    }
done:
    free(w.masks);
    free(w.given);
    free(w.set_of);
    free(w.left);
    free(order);
    return rc;
}
