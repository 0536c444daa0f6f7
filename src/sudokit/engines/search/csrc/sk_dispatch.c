/* The solver table: every search of the core (_core.solve, the batch, the counts, the carving
 * loop's proofs) asks sk_choose which solver runs it, and the answer is the first row below
 * that enforces the puzzle's rules, is for the method, takes what the job asks and fits the
 * geometry (a box) or was prepared for it (tables, by sk_vgeom_prepare). The order is the
 * preference: a specialised solver before the general one of its form.
 *
 * A candidate grid (a sukaku) stays with the generic solver: the 9x9 bitboards read masks
 * for the carving loop's proofs (one digit out of one cell), not the candidates of a puzzle.
 * Windoku and X 9x9 (xw9) take no seed, masks or preferred digit: those searches go on to
 * vbb9, whose seeded grids and proofs they were before xw9 came.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_dispatch.h"

static int fits_3x3(const sk_puzzle *p) { return p->geom->br == 3 && p->geom->bc == 3; }

static int solve_bb9(const sk_puzzle *p, const void *data, const uint8_t *grid, sk_job *job) {
    (void)p, (void)data;
    return sk_bb9_solve(grid, job);
}

static int solve_digits(const sk_puzzle *p, const void *data, const uint8_t *grid, sk_job *job) {
    (void)data;
    return sk_digits_solve(p->geom, grid, job);
}

static int solve_generic(const sk_puzzle *p, const void *data, const uint8_t *grid, sk_job *job) {
    (void)data;
    return sk_generic_solve(p->geom, grid, job);
}

static int solve_xw9(const sk_puzzle *p, const void *data, const uint8_t *grid, sk_job *job) {
    (void)p;
    return sk_xw9_solve(data, grid, job);
}

#define BITBOARD_ROW(fn)                                                                            \
    static int solve_##fn(const sk_puzzle *p, const void *data, const uint8_t *grid, sk_job *job) { \
        (void)p;                                                                                    \
        return sk_##fn##_solve(data, grid, job);                                                    \
    }
BITBOARD_ROW(vbb9)
BITBOARD_ROW(vbb16)
BITBOARD_ROW(vbbk9)
BITBOARD_ROW(vbbk16)

static int solve_variant(const sk_puzzle *p, const void *data, const uint8_t *grid, sk_job *job) {
    (void)data;
    return sk_variant_solve(p->vgeom, grid, job);
}

#define TABLE_RULES (SK_HOUSES | SK_PEERS | SK_CANDIDATES)

const sk_solver sk_solvers[SK_NSOLVERS] = {
    /* the box form: rows, columns and boxes from box_rows x box_cols */
    {"bb9", SK_BOX, SK_HOUSES, SK_FAST, SK_TAKES_ALL, 0, fits_3x3, NULL, NULL, solve_bb9},
    {"digits", SK_BOX, SK_HOUSES, SK_DIGITS, SK_TAKES_SEED | SK_TAKES_PREFER, 0, NULL, NULL, NULL, solve_digits},
    {"generic", SK_BOX, SK_HOUSES | SK_CANDIDATES, SK_ANY_METHOD, SK_TAKES_ALL, 0, NULL, NULL, NULL, solve_generic},
    /* the tables form, whatever the method: houses, peers and cages as given */
    {"xw9", SK_TABLES, SK_HOUSES, SK_ANY_METHOD, 0, 1, NULL, sk_xw9_new, sk_xw9_free, solve_xw9},
    {"vbb9", SK_TABLES, TABLE_RULES, SK_ANY_METHOD, SK_TAKES_ALL, 1, NULL, sk_vbb9_new, free, solve_vbb9},
    {"vbb16", SK_TABLES, TABLE_RULES, SK_ANY_METHOD, SK_TAKES_ALL, 1, NULL, sk_vbb16_new, free, solve_vbb16},
    {"vbbk9", SK_TABLES, TABLE_RULES | SK_SUMS, SK_ANY_METHOD, SK_TAKES_ALL, 1, NULL, sk_vbbk9_new, free, solve_vbbk9},
    {"vbbk16", SK_TABLES, TABLE_RULES | SK_SUMS, SK_ANY_METHOD, SK_TAKES_ALL, 1, NULL, sk_vbbk16_new, free,
     solve_vbbk16},
    {"variant", SK_TABLES, TABLE_RULES, SK_ANY_METHOD, SK_TAKES_ALL, 0, NULL, NULL, NULL, solve_variant},
};

/* The largest grid a row enforcing SK_SUMS fits (vbbk16): its sums are not derived above. */
#define SUMS_MAX_N 16

sk_puzzle sk_box_puzzle(const sk_geom *g, int candidates) {
    sk_puzzle p = {SK_BOX, g, NULL, SK_HOUSES | (candidates ? SK_CANDIDATES : 0u)};
    return p;
}

sk_puzzle sk_tables_puzzle(const sk_vgeom *v, int candidates) {
    sk_puzzle p = {SK_TABLES, NULL, v, v->rules | (candidates ? SK_CANDIDATES : 0u)};
    return p;
}

unsigned sk_job_takes(const sk_puzzle *p, const sk_job *job) {
    return (job->randomize ? SK_TAKES_SEED : 0u) | (job->cands && !(p->rules & SK_CANDIDATES) ? SK_TAKES_MASKS : 0u) |
           (job->prefer ? SK_TAKES_PREFER : 0u);
}

static int usable(const sk_solver *s, const sk_puzzle *p, unsigned method, unsigned takes) {
    if (s->form != p->form || (p->rules & ~s->enforces) || !(s->methods & method) || (takes & ~s->takes)) return 0;
    if (p->form == SK_BOX) return !s->fits || s->fits(p);
    return (p->vgeom->ready >> (s - sk_solvers)) & 1;
}

const sk_solver *sk_choose(const sk_puzzle *p, unsigned method, unsigned takes) {
    for (int i = 0; i < SK_NSOLVERS; i++)
        if (usable(&sk_solvers[i], p, method, takes)) return &sk_solvers[i];
    return NULL;
}

int sk_run(const sk_solver *s, const sk_puzzle *p, const uint8_t *grid, sk_job *job) {
    const void *data = p->form == SK_TABLES ? p->vgeom->data[s - sk_solvers] : NULL;
    return s->solve(p, data, grid, job);
}

int sk_solve(const sk_puzzle *p, unsigned method, const uint8_t *grid, sk_job *job) {
    const sk_solver *s = sk_choose(p, method, sk_job_takes(p, job));
    return s ? sk_run(s, p, grid, job) : -2;
}

/* ---- preparing a tables-form geometry ----------------------------------------------------- */

/* The enforcement kinds of the tables: houses, peer pairs when a cell has a peer outside its
 * houses, sums when there are cages. 0, or -1 when out of memory. */
static int tables_rules(sk_vgeom *g) {
    int n = g->n, nc = n * n, nh = g->nhouses;
    int *mate = malloc(sizeof(int) * (size_t)nc); /* mate[x] == c: x shares a house with c */
    if (!mate) return -1;
    for (int i = 0; i < nc; i++) mate[i] = -1;
    g->rules = SK_HOUSES | (g->ncages ? SK_SUMS : 0u);
    for (int c = 0; c < nc && !(g->rules & SK_PEERS); c++) {
        for (int h = 0; h < nh; h++)
            if (g->member[(size_t)c * (size_t)nh + (size_t)h])
                for (int k = 0; k < n; k++) mate[g->house_cells[(size_t)h * (size_t)n + (size_t)k]] = c;
        for (uint32_t i = g->peer_start[c]; i < g->peer_start[c + 1]; i++)
            if (mate[g->peers[i]] != c) {
                g->rules |= SK_PEERS;
                break;
            }
    }
    free(mate);
    return 0;
}

/* A row that searches every job on the rules it enforces, given candidates too: preparing
 * stops there, the rows after it would never be chosen. */
static int takes_every_job(const sk_solver *s) { return s->takes == SK_TAKES_ALL && (s->enforces & SK_CANDIDATES); }

int sk_vgeom_prepare(sk_vgeom *g, int bitboards) {
    g->ready = 0;
    memset(g->data, 0, sizeof g->data);
    if (sk_variant_prepare(g) < 0) return -1;
    if (tables_rules(g) < 0) {
        sk_vgeom_release(g);
        return -1;
    }
    if (g->ncages && (!bitboards || g->n > SUMS_MAX_N)) {
        sk_vgeom_release(g);
        return -2;
    }
    if (g->ncages && sk_cage_sums(g) < 0) {
        sk_vgeom_release(g);
        return -1;
    }
    for (int i = 0; i < SK_NSOLVERS; i++) {
        const sk_solver *s = &sk_solvers[i];
        if (s->form != SK_TABLES || (g->rules & ~s->enforces) || (s->bitboards && !bitboards)) continue;
        if (s->prepare) {
            int fit = s->prepare(g, &g->data[i]);
            if (fit < 0) {
                sk_vgeom_release(g);
                return -1;
            }
            if (!fit) {
                g->data[i] = NULL;
                continue;
            }
        }
        g->ready |= 1u << i;
        if (takes_every_job(s)) return 0;
    }
    sk_vgeom_release(g);
    return -2;
}

void sk_vgeom_release(sk_vgeom *g) {
    for (int i = 0; i < SK_NSOLVERS; i++) {
        if (g->data[i]) sk_solvers[i].release(g->data[i]);
        g->data[i] = NULL;
    }
    g->ready = 0;
    sk_variant_release(g);
    sk_cage_sums_release(g);
}
