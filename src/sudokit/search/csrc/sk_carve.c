/* The generator's carving loop: a full grid loses its givens orbit by orbit (an orbit: a cell
 * and its images under the puzzle's symmetry) in a random order, and a removal stays only when
 * the puzzle still has one solution.
 *
 * The proof: the puzzle had one solution S before the orbit's givens went, so any other
 * solution differs from S in one of the orbit's cells. On a classic grid a removed cell whose
 * digit the remaining givens force (a naked or hidden single) cannot differ: when every cell of
 * the orbit is forced, no search is needed. Otherwise one search per cell, with S's digit
 * ruled out there and one solution asked for, decides: none found in any of them means unique.
 * Such a tree is no larger than that of a count to two, which must find S and then exhaust the
 * rest; the generic solver tries S's digit first when it branches (job.prefer), since another
 * solution mostly agrees with S. The searches are the core's own: the 9x9 bitboards, the
 * generic solver at other sizes, or a variant's search from its prepared tables.
 *
 * A first-pass proof may take at most node_limit nodes; an orbit whose proof runs out stays
 * (undecided) and, when a minimal puzzle is asked for, is tried again without a limit after
 * the pass. Removing givens never makes a puzzle unique again, so an orbit found necessary
 * stays necessary: the result of the second pass is minimal.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_carve.h"

#define CARVE_SEED 0x5DEECE66DULL /* the core's default seed: the searches are deterministic */

enum { UNIQUE, NOT_UNIQUE, UNDECIDED, STOP };

typedef struct {
    sk_carve_job *c;
    uint8_t *values;
    uint64_t *masks; /* per cell, the digits a proof search allows (all but one cell: every digit) */
    uint64_t full;
    uint64_t *given; /* classic grids: per house (rows, columns, boxes), the digits given there */
} Carver;

static int run_search(const sk_carve_job *c, const uint8_t *grid, sk_job *job) {
    if (c->vgeom) return sk_variant_solve(c->vgeom, grid, job);
    if (c->geom->br == 3 && c->geom->bc == 3) return sk_bb9_solve(grid, job);
    return sk_generic_solve(c->geom, grid, job);
}

/* Classic grids: the digits given in the houses of a cell. */
static uint64_t seen_by(const Carver *w, int cell) {
    const sk_geom *g = w->c->geom;
    return w->given[g->row[cell]] | w->given[g->n + g->col[cell]] | w->given[2 * g->n + g->box[cell]];
}

static void toggle_given(Carver *w, int cell, int digit) {
    const sk_geom *g = w->c->geom;
    uint64_t bit = 1ULL << (digit - 1);
    w->given[g->row[cell]] ^= bit;
    w->given[g->n + g->col[cell]] ^= bit;
    w->given[2 * g->n + g->box[cell]] ^= bit;
}

/* Classic grids: whether the givens force S's digit into the empty cell (a naked single, or a
 * hidden single in one of its houses). */
static int forced(const Carver *w, int cell) {
    const sk_geom *g = w->c->geom;
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

/* The outcome of one proof search (rc its return value). */
static int outcome(sk_carve_job *c, const sk_job *job, int rc) {
    c->nodes += job->nodes;
    c->proofs++;
    if (rc < 0) return -1;
    if (job->stopped) {
        c->stopped = 1;
        return STOP;
    }
    if (job->count) return NOT_UNIQUE;
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
    for (i = a; i < b; i++) {
        int cell = c->cells[i];
        sk_job job;
        memset(&job, 0, sizeof job);
        job.limit = 1;
        job.node_limit = node_limit;
        job.deadline = c->deadline;
        job.seed = CARVE_SEED;
        job.poll = c->poll;
        job.poll_ctx = c->poll_ctx;
        job.cands = w->masks;
        job.prefer = c->solution;
        w->masks[cell] = w->full & ~(1ULL << (c->solution[cell] - 1));
        int rc = run_search(c, w->values, &job);
        w->masks[cell] = w->full;
        int v = outcome(c, &job, rc);
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
    for (uint32_t i = c->start[k]; i < c->start[k + 1]; i++) {
        int cell = c->cells[i];
        w->values[cell] = 0;
        if (w->given) toggle_given(w, cell, c->solution[cell]);
    }
    int v = verdict(w, k, node_limit);
    if (v != UNIQUE)
        for (uint32_t i = c->start[k]; i < c->start[k + 1]; i++) {
            int cell = c->cells[i];
            w->values[cell] = c->solution[cell];
            if (w->given) toggle_given(w, cell, c->solution[cell]);
        }
    return v;
}

int sk_carve(sk_carve_job *c, uint8_t *values) {
    int nc = c->n * c->n, rc = 0, nu = 0;
    Carver w = {c, values, malloc(sizeof(uint64_t) * (size_t)nc), c->n == 64 ? ~0ULL : (1ULL << c->n) - 1, NULL};
    int *order = malloc(sizeof(int) * (size_t)(c->norbits + 1));
    if (!c->vgeom) w.given = malloc(sizeof(uint64_t) * 3 * (size_t)c->n);
    if (!w.masks || !order || (!c->vgeom && !w.given)) {
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
        order[j] = order[i];
        order[i] = j;
    }
    for (int j = 0; j < c->norbits; j++) {
        int v = try_orbit(&w, order[j], c->node_limit);
        if (v < 0) rc = -1;
        if (v < 0 || v == STOP) goto done;
        if (v == UNDECIDED) order[nu++] = order[j]; /* j >= nu: the rest is still ahead */
    }
    c->undecided = nu;
    if (c->minimal && c->node_limit)
        for (int j = 0; j < nu; j++) {
            int v = try_orbit(&w, order[j], 0);
            if (v < 0) rc = -1;
            if (v < 0 || v == STOP) goto done;
            c->undecided--;
        }
done:
    free(w.masks);
    free(w.given);
    free(order);
    return rc;
}
