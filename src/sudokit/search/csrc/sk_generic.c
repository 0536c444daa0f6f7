/* The generic solver: any n = box_rows * box_cols <= 64, one 64-bit candidate mask per cell.
 *
 * Propagation to a fixpoint: naked singles (a queue of cells left with one candidate, whose
 * value is removed from their peers), hidden singles (bit-parallel counting over the cells of
 * each house that changed: digits seen exactly once), and for n >= 12 locked candidates
 * (pointing and claiming between boxes and lines, from the unions of the box/line segments).
 * Search: depth-first on the cell with the fewest candidates (random tie-breaking and value
 * order when asked), state blocks copied per branch. With job->restarts and a limit of one
 * solution, the search restarts with a new random order under a growing node budget (the Luby
 * sequence), which cuts the heavy tail of search times on large grids; a run that finishes under
 * its budget is a complete search, so "no solution" is still proven.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"
#ifdef SK_PROFILE
#define PROF_NOINLINE __attribute__((noinline))
#else
#define PROF_NOINLINE
#endif
#ifndef HOUSE_MIN
#define HOUSE_MIN 3
#endif
#ifndef HOUSE_TIE
#define HOUSE_TIE 1
#endif
#ifndef SCORE_MODE
#define SCORE_MODE 1
#endif
#ifndef LUBY_BASE
#define LUBY_BASE 512LL
#endif
#ifndef USE_PAIRS
#define USE_PAIRS 1
#endif
#ifndef LC_MIN
#define LC_MIN 1
#endif
#ifndef SCORE_SIGN
#define SCORE_SIGN (-1)
#endif

/* A branch point: a cell and the digits left to try in it, or a house and digit and the
 * positions (indices into the house) left to try for it. */
struct frame {
    int house;    /* -1: branch on the digits of cell */
    int cell;
    uint64_t bit; /* the digit, when branching on a house */
    uint64_t rem;
};

typedef struct {
    const sk_geom *g;
    sk_job *job;
    int n, nc, nh, lc, nbx, nby;
    size_t words;      /* state size in uint64 words */
    uint16_t *queue;   /* cells left with one candidate, not yet assigned */
    int qlen;
    uint16_t *hid;     /* the three houses of each cell */
    uint64_t hs_dirty[3]; /* houses to scan for hidden singles (bit set over 3n <= 192) */
    uint64_t lc_dirty[3]; /* houses to scan for locked candidates */
    uint64_t pr_dirty[3]; /* houses to scan for pairs */
    uint64_t seg[2 * SK_MAX_N]; /* segment unions of one house */
    uint64_t rng;
    int randomize;
    uint64_t **stack;  /* state blocks by depth */
    int cap;
    struct frame *frames; /* branch point per depth */
} G;

/* A state block: nfree, then cand[nc], hdone[nh], val[nc] bytes (rounded up to words). */
#define NFREE(s) ((s)[0])
#define CAND(s) ((s) + 1)
#define HDONE(G_, s) ((s) + 1 + (G_)->nc)
#define VAL(G_, s) ((uint8_t *)((s) + 1 + (G_)->nc + (G_)->nh))

#define SETBIT(set, i) ((set)[(i) >> 6] |= 1ULL << ((i) & 63))

static inline void mark_houses(G *x, int cell) {
    const uint16_t *h = x->hid + 3 * cell;
    SETBIT(x->hs_dirty, h[0]);
    SETBIT(x->hs_dirty, h[1]);
    SETBIT(x->hs_dirty, h[2]);
}

/* Remove the digits of mask from cell; 0 on a contradiction. */
static inline int elim(G *x, uint64_t *cand, int cell, uint64_t mask) {
    uint64_t c = cand[cell];
    if (!(c & mask)) return 1;
    c &= ~mask;
    cand[cell] = c;
    if (!c) return 0;
    if (!(c & (c - 1))) x->queue[x->qlen++] = (uint16_t)cell;
    mark_houses(x, cell);
    return 1;
}

/* Reduce cell to the single digit bit; 0 on a contradiction. */
static inline int set_single(G *x, uint64_t *s, int cell, uint64_t bit) {
    uint64_t *cand = CAND(s);
    uint64_t c = cand[cell];
    if (!(c & bit)) return 0;
    if (c == bit) return 1; /* already single, hence queued or assigned */
    cand[cell] = bit;
    x->queue[x->qlen++] = (uint16_t)cell;
    mark_houses(x, cell);
    return 1;
}

PROF_NOINLINE static int drain_queue(G *x, uint64_t *s) {
    const sk_geom *g = x->g;
    uint64_t *cand = CAND(s), *hdone = HDONE(x, s);
    uint8_t *val = VAL(x, s);
    const int np = g->npeers;
    while (x->qlen) {
        int cell = x->queue[--x->qlen];
        if (val[cell]) continue;
        uint64_t bit = cand[cell];
        val[cell] = (uint8_t)(sk_ctz64(bit) + 1);
        NFREE(s)--;
        const uint16_t *h = x->hid + 3 * cell;
        hdone[h[0]] |= bit;
        hdone[h[1]] |= bit;
        hdone[h[2]] |= bit;
        const uint16_t *p = g->peers + (size_t)cell * (size_t)np;
        for (int k = 0; k < np; k++)
            if (!elim(x, cand, p[k], bit)) return 0;
    }
    return 1;
}

/* Hidden singles in the houses marked dirty, until one is found; 0 on a contradiction. */
PROF_NOINLINE static int hidden_singles(G *x, uint64_t *s) {
    const sk_geom *g = x->g;
    uint64_t *cand = CAND(s), *hdone = HDONE(x, s);
    const int n = x->n;
    for (int w = 0; w < 3; w++) {
        while (x->hs_dirty[w]) {
            int h = 64 * w + sk_ctz64(x->hs_dirty[w]);
            x->hs_dirty[w] &= x->hs_dirty[w] - 1;
            SETBIT(x->lc_dirty, h); /* every changed house passes here before the slower rules */
            SETBIT(x->pr_dirty, h);
            const uint16_t *cells = g->house_cells + (size_t)h * (size_t)n;
            uint64_t one = 0, two = 0;
            for (int k = 0; k < n; k++) {
                uint64_t c = cand[cells[k]];
                two |= one & c;
                one |= c;
            }
            if (one != g->full) return 0;
            uint64_t hs = one & ~two & ~hdone[h];
            while (hs) {
                uint64_t bit = hs & (0 - hs);
                hs ^= bit;
                int k = 0;
                while (k < n && !(cand[cells[k]] & bit)) k++;
                if (k == n) return 0; /* its only cell took another hidden single */
                if (!set_single(x, s, cells[k], bit)) return 0;
            }
            if (x->qlen) return 1;
        }
    }
    return 1;
}

/* Digits that occur in exactly one of the k segment unions. */
static inline uint64_t in_one(const uint64_t *seg, int k) {
    uint64_t one = 0, two = 0;
    for (int i = 0; i < k; i++) {
        two |= one & seg[i];
        one |= seg[i];
    }
    return one & ~two;
}

/* Locked candidates from the houses marked dirty: a box whose digit lies in one row (column)
 * segment removes it from the rest of that row (column); a row or column whose digit lies in
 * one box removes it from the rest of the box. Sets *changed when something was removed. */
PROF_NOINLINE static int locked_candidates(G *x, uint64_t *s, int *changed) {
    const sk_geom *g = x->g;
    uint64_t *cand = CAND(s), *hdone = HDONE(x, s);
    const int n = x->n, br = g->br, bc = g->bc;
    uint64_t *seg = x->seg;
    *changed = 0;
    for (int w = 0; w < 3; w++) {
        while (x->lc_dirty[w]) {
            int h = 64 * w + sk_ctz64(x->lc_dirty[w]);
            x->lc_dirty[w] &= x->lc_dirty[w] - 1;
            int kind = h / n, i = h % n;
            uint64_t open = ~hdone[h];
            if (kind == 2) { /* box i: row segments seg[0..br), column segments seg[br..br+bc) */
                int r0 = (i / br) * br, c0 = (i % br) * bc;
                for (int a = 0; a < br + bc; a++) seg[a] = 0;
                for (int a = 0; a < br; a++) {
                    const uint64_t *row = cand + (r0 + a) * n + c0;
                    for (int b = 0; b < bc; b++) {
                        seg[a] |= row[b];
                        seg[br + b] |= row[b];
                    }
                }
                uint64_t once = in_one(seg, br) & open;
                for (int a = 0; once && a < br; a++) {
                    uint64_t m = seg[a] & once;
                    if (!m) continue;
                    uint64_t *row = cand + (r0 + a) * n;
                    for (int c = 0; c < n; c++) {
                        if (c == c0) {
                            c += bc - 1;
                            continue;
                        }
                        if (row[c] & m) {
                            *changed = 1;
                            if (!elim(x, cand, (r0 + a) * n + c, m)) return 0;
                        }
                    }
                }
                once = in_one(seg + br, bc) & open;
                for (int b = 0; once && b < bc; b++) {
                    uint64_t m = seg[br + b] & once;
                    if (!m) continue;
                    int c = c0 + b;
                    for (int r = 0; r < n; r++) {
                        if (r == r0) {
                            r += br - 1;
                            continue;
                        }
                        if (cand[r * n + c] & m) {
                            *changed = 1;
                            if (!elim(x, cand, r * n + c, m)) return 0;
                        }
                    }
                }
            } else if (kind == 0) { /* row i: one segment per box it crosses (n / bc of them) */
                const uint64_t *row = cand + i * n;
                int nseg = n / bc;
                for (int a = 0; a < nseg; a++) {
                    uint64_t u = 0;
                    for (int b = 0; b < bc; b++) u |= row[a * bc + b];
                    seg[a] = u;
                }
                uint64_t once = in_one(seg, nseg) & open;
                int r0 = (i / br) * br;
                for (int a = 0; once && a < nseg; a++) {
                    uint64_t m = seg[a] & once;
                    if (!m) continue;
                    for (int r = r0; r < r0 + br; r++) {
                        if (r == i) continue;
                        for (int b = 0; b < bc; b++) {
                            int cell = r * n + a * bc + b;
                            if (cand[cell] & m) {
                                *changed = 1;
                                if (!elim(x, cand, cell, m)) return 0;
                            }
                        }
                    }
                }
            } else { /* column i: one segment per box it crosses (n / br of them) */
                int nseg = n / br;
                for (int a = 0; a < nseg; a++) {
                    uint64_t u = 0;
                    for (int b = 0; b < br; b++) u |= cand[(a * br + b) * n + i];
                    seg[a] = u;
                }
                uint64_t once = in_one(seg, nseg) & open;
                int c0 = (i / bc) * bc;
                for (int a = 0; once && a < nseg; a++) {
                    uint64_t m = seg[a] & once;
                    if (!m) continue;
                    for (int b = 0; b < br; b++) {
                        int r = a * br + b;
                        for (int c = c0; c < c0 + bc; c++) {
                            if (c == i) continue;
                            if (cand[r * n + c] & m) {
                                *changed = 1;
                                if (!elim(x, cand, r * n + c, m)) return 0;
                            }
                        }
                    }
                }
            }
            if (*changed) return 1; /* back to singles first */
        }
    }
    return 1;
}

/* Naked and hidden pairs in every house: two cells holding only the same two digits take
 * them from the house's other cells; two digits with the same two places in a house leave
 * those cells no other digit. Sets *changed when something was removed. */
PROF_NOINLINE static int pairs(G *x, uint64_t *s, int *changed) {
    const sk_geom *g = x->g;
    uint64_t *cand = CAND(s), *hdone = HDONE(x, s);
    const uint8_t *val = VAL(x, s);
    const int n = x->n;
    *changed = 0;
    for (int w = 0; w < 3; w++)
    while (x->pr_dirty[w]) {
        int h = 64 * w + sk_ctz64(x->pr_dirty[w]);
        x->pr_dirty[w] &= x->pr_dirty[w] - 1;
        const uint16_t *cells = g->house_cells + (size_t)h * (size_t)n;
        uint64_t one = 0, two = 0, three = 0;
        uint64_t bimask[SK_MAX_N];
        int nbi = 0;
        for (int k = 0; k < n; k++) {
            int cell = cells[k];
            uint64_t c = cand[cell];
            three |= two & c;
            two |= one & c;
            one |= c;
            if (val[cell] || sk_pop64(c) != 2) continue;
            for (int j = 0; j < nbi; j++) {
                if (bimask[j] != c) continue;
                for (int q = 0; q < n; q++) { /* naked pair: clear the others */
                    uint64_t o = cand[cells[q]];
                    if (o != c && (o & c)) {
                        *changed = 1;
                        if (!elim(x, cand, cells[q], c)) return 0;
                    }
                }
            }
            bimask[nbi++] = c;
        }
        uint64_t twice = two & ~three & ~hdone[h];
        if (sk_pop64(twice) < 2) continue;
        uint64_t posof[SK_MAX_N]; /* places of each digit seen twice, by digit */
        uint64_t t = twice;
        while (t) {
            int d = sk_ctz64(t);
            t &= t - 1;
            posof[d] = 0;
        }
        for (int k = 0; k < n; k++) {
            uint64_t c = cand[cells[k]] & twice;
            while (c) {
                posof[sk_ctz64(c)] |= 1ULL << k;
                c &= c - 1;
            }
        }
        while (twice) {
            int d = sk_ctz64(twice);
            twice &= twice - 1;
            uint64_t rest = twice;
            while (rest) {
                int e = sk_ctz64(rest);
                rest &= rest - 1;
                if (posof[e] != posof[d]) continue;
                uint64_t keep = (1ULL << d) | (1ULL << e); /* hidden pair */
                uint64_t pp = posof[d];
                while (pp) {
                    int k = sk_ctz64(pp);
                    pp &= pp - 1;
                    if (cand[cells[k]] & ~keep) {
                        *changed = 1;
                        if (!elim(x, cand, cells[k], ~keep)) return 0;
                    }
                }
            }
        }
        if (*changed) return 1;
    }
    return 1;
}

static int propagate(G *x, uint64_t *s) {
    for (;;) {
        if (!drain_queue(x, s)) return 0;
        if (x->hs_dirty[0] | x->hs_dirty[1] | x->hs_dirty[2]) {
            if (!hidden_singles(x, s)) return 0;
            if (x->qlen) continue;
        }
        if (!NFREE(s)) return 1;
        if (!x->lc) return 1;
        int changed = 0;
        if (!locked_candidates(x, s, &changed)) return 0;
        if (changed) continue;
#if USE_PAIRS
        if (!pairs(x, s, &changed)) return 0;
#endif
        if (!changed) return 1;
    }
}

static void reset_work(G *x) {
    x->qlen = 0;
    x->hs_dirty[0] = x->hs_dirty[1] = x->hs_dirty[2] = 0;
    x->lc_dirty[0] = x->lc_dirty[1] = x->lc_dirty[2] = 0;
    x->pr_dirty[0] = x->pr_dirty[1] = x->pr_dirty[2] = 0;
}

/* The branch point with the fewest alternatives: an unassigned cell with the fewest
 * candidates, or a digit with the fewest places left in a house when that is fewer (cells win
 * ties; random among tied cells when randomizing). */
static void choose(G *x, const uint64_t *s, struct frame *f) {
    const sk_geom *g = x->g;
    const uint64_t *cand = CAND(s), *hdone = HDONE(x, s);
    const uint8_t *val = VAL(x, s);
    int best = 65, cell = -1, n = x->n;
    for (int i = 0; i < x->nc; i++) {
        if (val[i]) continue;
        int k = sk_pop64(cand[i]);
        if (k < best) {
            best = k;
            cell = i;
            if (k == 2) break; /* no fewer: singles are gone */
        }
    }
    /* among the fewest candidates, the cell whose houses have the most open cells */
    uint8_t open[3 * SK_MAX_N];
    for (int h = 0; h < x->nh; h++) open[h] = (uint8_t)(n - sk_pop64(hdone[h]));
    int bestscore = -1;
    uint64_t ties = 0;
    for (int i = cell; i < x->nc; i++) {
        if (val[i] || sk_pop64(cand[i]) != best) continue;
        const uint16_t *h = x->hid + 3 * i;
        int score = open[h[0]] + open[h[1]] + open[h[2]];
        if (score > bestscore) {
            bestscore = score;
            cell = i;
            ties = 1;
        } else if (score == bestscore && x->randomize) {
            ties++;
            if (sk_rand(&x->rng) % ties == 0) cell = i;
        }
    }
    f->house = -1;
    f->cell = cell;
    f->rem = cand[cell];
    if (best < HOUSE_MIN) return;
    /* digits seen exactly twice (or three times) in a house: counters over its cells */
    int want = best - HOUSE_TIE;
    for (int h = 0; h < x->nh; h++) {
        const uint16_t *cells = g->house_cells + (size_t)h * (size_t)n;
        uint64_t one = 0, two = 0, three = 0, four = 0;
        for (int k = 0; k < n; k++) {
            uint64_t c = cand[cells[k]];
            four |= three & c;
            three |= two & c;
            two |= one & c;
            one |= c;
        }
        uint64_t open = ~hdone[h];
        uint64_t m = two & ~three & open; /* exactly two places */
        int places = 2;
        if (!m && want >= 3) {
            m = three & ~four & open;
            places = 3;
        }
        if (!m || places > want) continue;
        uint64_t bit = m & (0 - m);
        uint64_t pos = 0;
        for (int k = 0; k < n; k++)
            if (cand[cells[k]] & bit) pos |= 1ULL << k;
        f->house = h;
        f->bit = bit;
        f->rem = pos;
        want = places - 1;
        if (places == 2) return;
    }
}

static int found(G *x, const uint64_t *s) { return sk_store(x->job, VAL(x, s), (size_t)x->nc); }

static uint64_t *state_at(G *x, int depth) {
    if (depth >= x->cap) {
        int cap = x->cap ? 2 * x->cap : 16;
        uint64_t **st = realloc(x->stack, sizeof(uint64_t *) * (size_t)cap);
        if (!st) return NULL;
        x->stack = st;
        for (int i = x->cap; i < cap; i++) x->stack[i] = NULL;
        struct frame *fr = realloc(x->frames, sizeof(struct frame) * (size_t)cap);
        if (!fr) return NULL;
        x->frames = fr;
        x->cap = cap;
    }
    if (!x->stack[depth]) x->stack[depth] = malloc(sizeof(uint64_t) * x->words);
    return x->stack[depth];
}

/* Depth-first search from the propagated root state stack[0]. Returns 1 when it stopped
 * early (solution limit, job limit or run budget), 0 when the tree was exhausted. */
static int dfs(G *x, long long budget_end) {
    sk_job *job = x->job;
    int k = 0;
    uint64_t *s = x->stack[0];
    if (!NFREE(s)) return found(x, s);
    choose(x, s, &x->frames[0]);
    job->guesses++;
    for (;;) {
        struct frame *f = &x->frames[k];
        if (!f->rem) {
            if (k == 0) return 0;
            k--;
            continue;
        }
        uint64_t rem = f->rem;
        int d = x->randomize ? sk_random_bit(rem, &x->rng) : sk_ctz64(rem);
        rem &= ~(1ULL << d);
        f->rem = rem;
        int cell;
        uint64_t bit;
        if (f->house < 0) {
            cell = f->cell;
            bit = 1ULL << d;
        } else {
            cell = x->g->house_cells[(size_t)f->house * (size_t)x->n + (size_t)d];
            bit = f->bit;
        }
        int nk = k;
        uint64_t *t = x->stack[k];
        if (rem) { /* keep the parent for the other alternatives */
            nk = k + 1;
            t = state_at(x, nk);
            if (!t) {
                job->nomem = 1;
                return 1;
            }
            memcpy(t, x->stack[k], sizeof(uint64_t) * x->words);
        }
        if (sk_tick(job)) return 1;
        if (budget_end && job->nodes >= budget_end) return 1;
        reset_work(x);
        if (!set_single(x, t, cell, bit) || !propagate(x, t)) continue;
        if (!NFREE(t)) {
            if (found(x, t)) return 1;
            continue;
        }
        k = nk;
        choose(x, t, &x->frames[k]);
        job->guesses++;
    }
}

static long long luby(long long i) { /* 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... (i >= 1) */
    for (;;) {
        long long k = 1;
        while ((1LL << k) - 1 < i) k++;
        if ((1LL << k) - 1 == i) return 1LL << (k - 1);
        i -= (1LL << (k - 1)) - 1;
    }
}

int sk_generic_solve(const sk_geom *g, const uint8_t *grid, sk_job *job) {
    G x;
    memset(&x, 0, sizeof x);
    x.g = g;
    x.job = job;
    x.n = g->n;
    x.nc = g->ncells;
    x.nh = g->nhouses;
    x.lc = g->n >= LC_MIN;
    x.words = 1 + (size_t)x.nc + (size_t)x.nh + ((size_t)x.nc + 7) / 8;
    x.rng = job->seed;
    x.randomize = job->randomize;
    x.queue = malloc(sizeof(uint16_t) * (size_t)x.nc * 2);
    x.hid = malloc(sizeof(uint16_t) * 3 * (size_t)x.nc);
    int rc = 0;
    uint64_t *root = NULL;
    if (!x.queue || !x.hid || !(root = malloc(sizeof(uint64_t) * x.words)) || !state_at(&x, 0)) {
        job->nomem = 1;
        rc = -1;
        goto done;
    }
    for (int i = 0; i < x.nc; i++) {
        x.hid[3 * i] = g->row[i];
        x.hid[3 * i + 1] = (uint16_t)(x.n + g->col[i]);
        x.hid[3 * i + 2] = (uint16_t)(2 * x.n + g->box[i]);
    }
    if (!sk_givens_consistent(g, grid)) goto done;
    /* root: every candidate, then the givens */
    memset(root, 0, sizeof(uint64_t) * x.words);
    NFREE(root) = (uint64_t)x.nc;
    for (int i = 0; i < x.nc; i++) CAND(root)[i] = g->full;
    if (x.n == 1) x.queue[x.qlen++] = 0; /* the only cell starts single */
    for (int i = 0; i < x.nc; i++)
        if (grid[i] && !set_single(&x, root, i, 1ULL << (grid[i] - 1))) goto done;
    for (int h = 0; h < x.nh; h++) {
        SETBIT(x.hs_dirty, h);
        SETBIT(x.lc_dirty, h);
        SETBIT(x.pr_dirty, h);
    }
    if (sk_tick(job)) goto done;
    if (!propagate(&x, root)) goto done;
    if (!NFREE(root)) {
        found(&x, root);
        goto done;
    }
    if (!(job->restarts && job->limit == 1)) {
        memcpy(x.stack[0], root, sizeof(uint64_t) * x.words);
        dfs(&x, 0);
    } else {
        long long base = LUBY_BASE * x.n;
        for (long long run = 1;; run++) {
            memcpy(x.stack[0], root, sizeof(uint64_t) * x.words);
            long long end = job->nodes + base * luby(run);
            int stopped = dfs(&x, end);
            if (!stopped || job->count || job->aborted || job->nomem) break;
            x.randomize = 1; /* later runs take a new random order */
        }
    }
    if (job->nomem) rc = -1;
done:
    for (int i = 0; i < x.cap; i++) free(x.stack[i]);
    free(x.stack);
    free(x.frames);
    free(root);
    free(x.queue);
    free(x.hid);
    return rc;
}
