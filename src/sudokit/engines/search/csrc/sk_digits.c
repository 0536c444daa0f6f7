/* The digit-at-a-time method of the C# article "Solving a Sudoku as an optimization problem".
 *
 * Level d places digit d once in every row, top to bottom: row r takes it in a column still
 * free for d at this level, in a box of the current band that has no d yet, and in a cell no
 * earlier level has filled. The positions d may take in each row are bit patterns computed once
 * from the givens (a row that holds d as a given has just that position). When a row has no
 * position left the search goes back a row, and from the first row back to the previous digit.
 * No propagation at all: a complete depth-first enumeration, so it also counts solutions.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"

int sk_digits_solve(const sk_geom *g, const uint8_t *grid, sk_job *job) {
    int n = g->n, br = g->br, bc = g->bc, nc = g->ncells, total = n * n;
    if (!sk_givens_consistent(g, grid)) return 0;
    uint64_t *pos = malloc(sizeof(uint64_t) * (size_t)total);      /* [d * n + r] */
    uint64_t *rem = malloc(sizeof(uint64_t) * (size_t)total);      /* options left per step */
    uint64_t *saved = malloc(sizeof(uint64_t) * (size_t)total * 2); /* column / band masks */
    uint8_t *col = malloc((size_t)total);
    uint64_t *boxcols = malloc(sizeof(uint64_t) * (size_t)n); /* columns of the box holding column c */
    uint64_t rowv[SK_MAX_N] = {0}, colv[SK_MAX_N] = {0}, boxv[SK_MAX_N] = {0}, occ[SK_MAX_N] = {0};
    uint8_t *sol = malloc((size_t)nc);
    if (!pos || !rem || !saved || !col || !boxcols || !sol) {
        free(pos); free(rem); free(saved); free(col); free(boxcols); free(sol);
        job->nomem = 1;
        return -1;
    }
    for (int i = 0; i < nc; i++)
        if (grid[i]) {
            uint64_t bit = 1ULL << (grid[i] - 1);
            rowv[g->row[i]] |= bit;
            colv[g->col[i]] |= bit;
            boxv[g->box[i]] |= bit;
        }
    for (int c = 0; c < n; c++) boxcols[c] = (((bc == 64) ? ~0ULL : ((1ULL << bc) - 1))) << ((c / bc) * bc);
    for (int d = 0; d < n; d++) {
        uint64_t bit = 1ULL << d;
        for (int r = 0; r < n; r++) {
            uint64_t m = 0;
            for (int c = 0; c < n; c++) {
                int cell = r * n + c, v = grid[cell];
                if (v ? v == d + 1 : !((rowv[r] | colv[c] | boxv[g->box[cell]]) & bit)) m |= 1ULL << c;
            }
            pos[d * n + r] = m;
        }
    }
    uint64_t rng = job->seed;
    uint64_t cols = 0, band = 0;
    int t = 0;
    rem[0] = pos[0];
    job->nodes++;
    if (rem[0] & (rem[0] - 1)) job->guesses++;
    for (;;) {
        if (!rem[t]) {
            if (t == 0) break; /* every combination tried */
            t--;
            occ[t % n] &= ~(1ULL << col[t]);
            cols = saved[2 * t];
            band = saved[2 * t + 1];
            continue;
        }
        uint64_t options = rem[t];
        int c = job->randomize ? sk_random_bit(options, &rng) : sk_ctz64(options);
        uint64_t bit = 1ULL << c;
        rem[t] = options & ~bit;
        if (sk_tick(job)) break;
        saved[2 * t] = cols;
        saved[2 * t + 1] = band;
        col[t] = (uint8_t)c;
        int r = t % n;
        occ[r] |= bit;
        cols |= bit;
        band |= boxcols[c];
        if (t + 1 == total) {
            if (job->count < job->keep)
                for (int k = 0; k < total; k++) sol[(k % n) * n + col[k]] = (uint8_t)(k / n + 1);
            if (sk_store(job, sol, (size_t)nc)) break;
            occ[r] &= ~bit; /* undo and look for the next solution */
            cols = saved[2 * t];
            band = saved[2 * t + 1];
            continue;
        }
        t++;
        int d = t / n;
        r = t % n;
        if (r == 0) cols = band = 0;
        else if (r % br == 0) band = 0;
        rem[t] = pos[d * n + r] & ~(occ[r] | cols | band);
        if (rem[t] & (rem[t] - 1)) job->guesses++; /* a choice point */
    }
    free(pos); free(rem); free(saved); free(col); free(boxcols); free(sol);
    return job->nomem ? -1 : 0;
}
