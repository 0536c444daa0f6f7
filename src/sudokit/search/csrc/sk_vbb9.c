/* The 9x9 variant solver: per-digit bitboards of the 81 cells, any houses and any peers.
 *
 * State: for each digit d an 81-bit board of the cells that may still hold d (a placed d keeps
 * its bit), and the board of unplaced cells; 160 bytes, copied per branch. The geometry is one
 * 81-bit mask per house and per cell (its peers: house mates and the variant's own, e.g. a
 * knight's move away). Propagation to a fixpoint, digit by digit, in the houses where the
 * digit lost a place since they were last looked at:
 *  - hidden single: a digit with one place left in a house goes there; no place is a
 *    contradiction;
 *  - peer intersection: for a digit with two or more places in a house, one of them holds it,
 *    so every cell that sees all of them loses the digit. Between two houses this is locked
 *    candidates (pointing, claiming, diagonal-box, window-row, region-column); with chess-move
 *    peers it also removes the digit from cells outside any house of the places;
 *  - naked single: a cell left with one digit takes it (no digit left is a contradiction).
 * Search: depth first on the open cell with the fewest candidates, ties to the cell with the
 * most open peers (random among equals when randomizing). With job->restarts and a limit of
 * one solution the search restarts under a growing node budget (Luby), as the generic solver.
 */
#include <string.h>

#include "sk_common.h"

typedef sk_b81 B;

static inline B b_and(B a, B b) { return (B){a.lo & b.lo, a.hi & b.hi}; }
static inline B b_or(B a, B b) { return (B){a.lo | b.lo, a.hi | b.hi}; }
static inline B b_andnot(B a, B b) { return (B){a.lo & ~b.lo, a.hi & ~b.hi}; }
static inline int b_any(B a) { return (a.lo | a.hi) != 0; }
static inline int b_eq(B a, B b) { return a.lo == b.lo && a.hi == b.hi; }
static inline int b_pop(B a) { return sk_pop64(a.lo) + sk_pop64(a.hi); }
static inline int b_first(B a) { return a.lo ? sk_ctz64(a.lo) : 64 + sk_ctz64(a.hi); }
static inline B b_drop_first(B a) { /* a without its lowest bit (a not empty) */
    if (a.lo) a.lo &= a.lo - 1;
    else a.hi &= a.hi - 1;
    return a;
}
static inline int b_many(B a) { return b_any(b_drop_first(a)); } /* two bits or more (a not empty) */
static inline B b_bit(int cell) {
    return cell < 64 ? (B){1ULL << cell, 0} : (B){0, 1ULL << (cell - 64)};
}
static inline int b_has(B a, int cell) {
    return cell < 64 ? (int)((a.lo >> cell) & 1) : (int)((a.hi >> (cell - 64)) & 1);
}

#define ALL81 ((B){~0ULL, (1ULL << 17) - 1})

typedef struct {
    B c[9];    /* digit d may be (or is) in these cells */
    B swept[9]; /* c[d] when the houses last looked at d: only houses that lost a place since
                   need another look */
    B uns;     /* cells not yet placed */
    uint64_t placed[9]; /* the houses where d is placed (never looked at again) */
} VS;

typedef struct {
    const sk_vbb9 *g;
    sk_job *job;
    uint64_t rng;
    int randomize;
    long long budget_end; /* restart when the node count reaches it (0: never) */
} X;

int sk_vbb9_prepare(const sk_vgeom *v, sk_vbb9 *g) {
    if (v->n != 9 || v->nhouses > SK_VBB9_MAX_HOUSES) return 0;
    memset(g, 0, sizeof *g);
    g->nh = v->nhouses;
    for (int h = 0; h < v->nhouses; h++) {
        B m = {0, 0};
        for (int k = 0; k < 9; k++) m = b_or(m, b_bit(v->house_cells[h * 9 + k]));
        g->house[h] = m;
        for (int k = 0; k < 9; k++) {
            int c = v->house_cells[h * 9 + k];
            g->peer[c] = b_or(g->peer[c], m);
        }
    }
    /* peers both ways, whatever the tables say: the propagation relies on it */
    for (int c = 0; c < 81; c++)
        for (uint32_t i = v->peer_start[c]; i < v->peer_start[c + 1]; i++) {
            int p = v->peers[i];
            g->peer[c] = b_or(g->peer[c], b_bit(p));
            g->peer[p] = b_or(g->peer[p], b_bit(c));
        }
    for (int c = 0; c < 81; c++) g->peer[c] = b_andnot(g->peer[c], b_bit(c));
    for (int h = 0; h < g->nh; h++)
        for (int c = 0; c < 81; c++)
            if (b_has(g->house[h], c)) g->houses_of[c] |= 1ULL << h;
    return 1;
}

/* Place digit d in cell (not yet propagated); returns the digits whose boards changed. */
static inline uint32_t place(const sk_vbb9 *g, VS *s, int cell, int d) {
    B bit = b_bit(cell);
    uint32_t dirty = 1u << d;
    s->c[d] = b_andnot(s->c[d], g->peer[cell]);
    for (int e = 0; e < 9; e++)
        if (e != d && b_has(s->c[e], cell)) {
            s->c[e] = b_andnot(s->c[e], bit);
            dirty |= 1u << e;
        }
    s->uns = b_andnot(s->uns, bit);
    s->placed[d] |= g->houses_of[cell];
    return dirty;
}

/* Hidden singles and peer intersections of digit d in the houses that lost a place of d since
 * they were last looked at, to a fixpoint for d; 0 on a contradiction. */
static inline int sweep_digit(const sk_vbb9 *g, VS *s, int d, uint32_t *dirty) {
    B board = s->c[d];
    B lost = b_andnot(s->swept[d], board);
    while (b_any(lost)) {
        uint64_t hs = 0;
        for (; b_any(lost); lost = b_drop_first(lost)) hs |= g->houses_of[b_first(lost)];
        B before = board;
        for (hs &= ~s->placed[d]; hs; hs &= hs - 1) {
            int h = sk_ctz64(hs);
            B p = b_and(board, g->house[h]);
            if (!b_any(p)) return 0;
            if (!b_many(p)) {
                if (b_any(b_and(p, s->uns))) {
                    s->c[d] = board;
                    *dirty |= place(g, s, b_first(p), d);
                    board = s->c[d];
                }
                continue;
            }
            B seen = g->peer[b_first(p)];
            for (B q = b_drop_first(p); b_any(q) && b_any(b_and(seen, board)); q = b_drop_first(q))
                seen = b_and(seen, g->peer[b_first(q)]);
            board = b_andnot(board, seen);
        }
        lost = b_andnot(before, board);
    }
    s->c[d] = s->swept[d] = board;
    *dirty &= ~(1u << d);
    return 1;
}

static int propagate(const sk_vbb9 *g, VS *s, uint32_t dirty) {
    for (;;) {
        while (dirty) {
            int d = sk_ctz32(dirty);
            if (!sweep_digit(g, s, d, &dirty)) return 0;
        }
        B one = {0, 0}, two = {0, 0};
        for (int d = 0; d < 9; d++) {
            B x = b_and(s->c[d], s->uns);
            two = b_or(two, b_and(one, x));
            one = b_or(one, x);
        }
        if (b_any(b_andnot(s->uns, one))) return 0; /* a cell with no digit */
        B naked = b_andnot(s->uns, two);
        if (!b_any(naked)) return 1;
        for (; b_any(naked); naked = b_drop_first(naked)) {
            int cell = b_first(naked), d = 0;
            while (d < 9 && !b_has(s->c[d], cell)) d++;
            if (d == 9) return 0; /* lost its last digit to an earlier single */
            if (b_has(s->uns, cell)) dirty |= place(g, s, cell, d);
        }
    }
}

/* The open cell to branch on and its digits (the state is propagated and not solved). */
static int choose(X *x, const VS *s, uint32_t *digits) {
    B one = {0, 0}, two = {0, 0}, three = {0, 0}, four = {0, 0};
    for (int d = 0; d < 9; d++) {
        B v = b_and(s->c[d], s->uns);
        four = b_or(four, b_and(three, v));
        three = b_or(three, b_and(two, v));
        two = b_or(two, b_and(one, v));
        one = b_or(one, v);
    }
    B pool = b_andnot(s->uns, three); /* two digits (no singles are left) */
    if (!b_any(pool)) pool = b_andnot(s->uns, four);
    int exact = !b_any(pool); /* four digits or more everywhere: count them */
    if (exact) pool = s->uns;
    int best = -1, bcount = 10, bscore = -1, ties = 0;
    for (; b_any(pool); pool = b_drop_first(pool)) {
        int cell = b_first(pool);
        if (exact) {
            int k = 0;
            for (int d = 0; d < 9; d++) k += b_has(s->c[d], cell);
            if (k > bcount) continue;
            if (k < bcount) {
                bcount = k;
                bscore = -1;
            }
        }
        int score = b_pop(b_and(x->g->peer[cell], s->uns));
        if (score > bscore) {
            best = cell;
            bscore = score;
            ties = 1;
        } else if (score == bscore && x->randomize && sk_rand(&x->rng) % (uint64_t)++ties == 0) {
            best = cell;
        }
    }
    uint32_t ds = 0;
    for (int d = 0; d < 9; d++)
        if (b_has(s->c[d], best)) ds |= 1u << d;
    *digits = ds;
    return best;
}

static int found(sk_job *job, const VS *s) {
    uint8_t grid[81];
    if (job->count < job->keep) {
        for (int d = 0; d < 9; d++)
            for (B x = s->c[d]; b_any(x); x = b_drop_first(x)) grid[b_first(x)] = (uint8_t)(d + 1);
    }
    return sk_store(job, grid, 81);
}

/* Explore the subtree of a propagated, unsolved state; 1 when the search must stop, 2 when
 * the node budget of this run is spent. */
static int search(X *x, VS *s) {
    sk_job *job = x->job;
    uint32_t ds;
    int cell = choose(x, s, &ds);
    job->guesses++;
    while (ds) {
        int d = x->randomize ? sk_random_bit(ds, &x->rng) : sk_ctz32(ds);
        ds &= ~(1u << d);
        VS copy, *t = s;
        if (ds) {
            copy = *s;
            t = &copy;
        }
        if (sk_tick(job)) return 1;
        if (x->budget_end && job->nodes >= x->budget_end) return 2;
        if (!propagate(x->g, t, place(x->g, t, cell, d))) continue;
        if (!b_any(t->uns)) {
            if (found(job, t)) return 1;
            continue;
        }
        int r = search(x, t);
        if (r) return r;
    }
    return 0;
}

int sk_vbb9_solve(const sk_vbb9 *g, const uint8_t *grid, sk_job *job) {
    X x = {g, job, job->seed, job->randomize, 0};
    VS s;
    for (int d = 0; d < 9; d++) {
        s.c[d] = s.swept[d] = ALL81;
        s.placed[d] = 0;
        if (job->cands)
            for (int i = 0; i < 81; i++)
                if (!grid[i] && !((job->cands[i] >> d) & 1)) s.c[d] = b_andnot(s.c[d], b_bit(i));
    }
    s.uns = ALL81;
    for (int i = 0; i < 81; i++) {
        int v = grid[i];
        if (!v) continue;
        if (v > 9 || !b_has(s.c[v - 1], i)) return 0; /* clashing givens: no solution */
        place(g, &s, i, v - 1);
    }
    if (sk_tick(job)) return 0;
    if (!propagate(g, &s, 0x1FF)) return 0;
    if (!b_any(s.uns)) {
        found(job, &s);
        return job->nomem ? -1 : 0;
    }
    if (!(job->restarts && job->limit == 1)) {
        search(&x, &s);
    } else {
        for (long long run = 1;; run++) {
            VS t = s;
            x.budget_end = job->nodes + SK_LUBY_UNIT_PER_N * 9 * sk_luby(run);
            if (search(&x, &t) != 2) break;
            x.randomize = 1; /* later runs take a new random order */
        }
    }
    return job->nomem ? -1 : 0;
}
