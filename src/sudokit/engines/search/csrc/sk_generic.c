/* The generic solver: any n = box_rows * box_cols <= 64.
 *
 * Two views of the candidates, kept in step: per cell, the digits it may hold (cand), and per
 * house and digit, the places of the house that may hold it (pos; bit k = the k-th cell of the
 * house). Every elimination updates both and queues what changed, so each rule looks only at
 * what moved:
 *  - naked single: a cell left with one digit is assigned; the digit leaves the peers that
 *    still have it (found through pos, not by scanning every peer);
 *  - hidden single: a digit left with one place in a house goes there (no place left is a
 *    contradiction);
 *  - locked candidates: a digit whose places in a box lie in one row (column) leaves the rest of
 *    that row (column); a digit whose places in a row or column lie in one box leaves the rest
 *    of the box;
 *  - pairs: two cells of a house with the same two digits take them from the house's other
 *    cells (naked pair); two digits with the same two places in a house leave those cells no
 *    other digit (hidden pair).
 * Look-ahead before each branch: the best few bivalue cells are tried both ways; a digit whose
 * propagation fails is removed at once (the cell takes its other digit), and the branch goes to
 * the probed cell whose two branches fill the most cells. This cuts the search tree of hard
 * 16x16 and 25x25 puzzles by a factor of 2 to 5 for the price of the probes (counted as nodes).
 * Search: depth-first, state blocks copied per branch; without a probed cell, the cell with the
 * fewest candidates, ties to the cell whose houses are the most open (random among equals when
 * randomizing). With job->restarts and a limit of one solution, the search restarts in a new
 * random order under a growing node budget (the Luby sequence), against the heavy tail of
 * search times on large grids; a run that ends within its budget is complete, so "no
 * solution" is still proven.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"

/* A branch point: a cell and the digits left to try in it. */
struct frame {
    int cell;
    uint64_t rem;
};

typedef struct {
    const sk_geom *g;
    sk_job *job;
    int n, nc, nh, br, bc;
    size_t words;         /* state size in uint64 words */
    uint16_t *hid;        /* the three houses of each cell */
    uint8_t *hpos;        /* the cell's place in each of them */
    uint64_t rowseg[SK_MAX_N]; /* box places in box row i */
    uint64_t colseg[SK_MAX_N]; /* box places in box column j */
    uint8_t divbc[SK_MAX_N], divbr[SK_MAX_N], modbc[SK_MAX_N];
    /* work lists (not part of a state) */
    uint16_t *assign;     /* cells left with one digit, to assign */
    int nassign;
    uint32_t *hd;         /* (house, digit) pairs whose places changed: h * n + d */
    int nhd;
    uint8_t *hdflag;
    uint16_t *bival;      /* cells that became bivalue */
    int nbival;
    uint64_t rng;
    int randomize;
    uint64_t **stack;     /* state blocks by depth */
    int cap;
    struct frame *frames;
    uint64_t *probe;      /* scratch state for look-ahead */
} G;

/* A state block: nfree, cand[nc], pos[nh * n], hdone[nh], val[nc] bytes (rounded up). */
#define NFREE(s) ((s)[0])
#define CAND(s) ((s) + 1)
#define POS(G_, s) ((s) + 1 + (G_)->nc)
#define HDONE(G_, s) ((s) + 1 + (G_)->nc + (size_t)(G_)->nh * (G_)->n)
#define VAL(G_, s) ((uint8_t *)((s) + 1 + (G_)->nc + (size_t)(G_)->nh * (G_)->n + (G_)->nh))

static inline void mark_hd(G *x, uint32_t i) {
    if (!x->hdflag[i]) {
        x->hdflag[i] = 1;
        x->hd[x->nhd++] = i;
    }
}

/* Remove digit d (bit) from cell; 0 on a contradiction. */
static inline int elim(G *x, uint64_t *s, int cell, int d) {
    uint64_t *cand = CAND(s);
    uint64_t bit = 1ULL << d, c = cand[cell];
    if (!(c & bit)) return 1;
    c &= ~bit;
    cand[cell] = c;
    if (!c) return 0;
    uint64_t rest = c & (c - 1);
    if (!rest) x->assign[x->nassign++] = (uint16_t)cell;
    else if (!(rest & (rest - 1))) x->bival[x->nbival++] = (uint16_t)cell;
    uint64_t *pos = POS(x, s);
    const uint16_t *h = x->hid + 3 * cell;
    const uint8_t *k = x->hpos + 3 * cell;
    for (int i = 0; i < 3; i++) {
        uint32_t at = (uint32_t)h[i] * (uint32_t)x->n + (uint32_t)d;
        pos[at] &= ~(1ULL << k[i]);
        mark_hd(x, at);
    }
    return 1;
}

/* Remove every digit of mask from cell. */
static inline int elim_mask(G *x, uint64_t *s, int cell, uint64_t mask) {
    uint64_t m = CAND(s)[cell] & mask;
    while (m) {
        if (!elim(x, s, cell, sk_ctz64(m))) return 0;
        m &= m - 1;
    }
    return 1;
}

/* Remove digit d from the cells of house h at the places in mask. */
static inline int elim_places(G *x, uint64_t *s, int h, uint64_t mask, int d) {
    const uint16_t *cells = x->g->house_cells + (size_t)h * (size_t)x->n;
    while (mask) {
        if (!elim(x, s, cells[sk_ctz64(mask)], d)) return 0;
        mask &= mask - 1;
    }
    return 1;
}

/* Reduce cell to digit d; 0 on a contradiction. */
static inline int set_single(G *x, uint64_t *s, int cell, int d) {
    uint64_t c = CAND(s)[cell], bit = 1ULL << d;
    if (!(c & bit)) return 0;
    if (c == bit) return 1; /* already single, hence queued or assigned */
    return elim_mask(x, s, cell, c & ~bit);
}

static int assign_cell(G *x, uint64_t *s, int cell) {
    uint8_t *val = VAL(x, s);
    if (val[cell]) return 1;
    uint64_t bit = CAND(s)[cell];
    int d = sk_ctz64(bit);
    val[cell] = (uint8_t)(d + 1);
    NFREE(s)--;
    uint64_t *hdone = HDONE(x, s);
    const uint16_t *h = x->hid + 3 * cell;
    hdone[h[0]] |= bit;
    hdone[h[1]] |= bit;
    hdone[h[2]] |= bit;
    /* the digit leaves the peers that still have it: found through the places of its houses */
    uint64_t *pos = POS(x, s);
    for (int i = 0; i < 3; i++) {
        const uint16_t *cells = x->g->house_cells + (size_t)h[i] * (size_t)x->n;
        uint64_t *ph = pos + (size_t)h[i] * x->n + d, own = 1ULL << x->hpos[3 * cell + i], m;
        while ((m = *ph & ~own))
            if (!elim(x, s, cells[sk_ctz64(m)], d)) return 0;
    }
    return 1;
}

/* Hidden single, locked candidates and hidden pair for digit d in house h. */
static int check_house_digit(G *x, uint64_t *s, int h, int d) {
    uint64_t *pos = POS(x, s);
    const int n = x->n;
    if ((HDONE(x, s)[h] >> d) & 1) return 1;
    uint64_t p = pos[(size_t)h * n + d];
    if (!p) return 0;
    const uint16_t *cells = x->g->house_cells + (size_t)h * (size_t)n;
    if (!(p & (p - 1))) return set_single(x, s, cells[sk_ctz64(p)], d);
    int lo = sk_ctz64(p), hi = sk_hibit64(p);
    int kind = h / n, i = h - kind * n, br = x->br, bc = x->bc;
    if (kind == 2) { /* box i: confined to one of its rows or columns? */
        int R = i / br, C = i - R * br;
        if (x->divbc[lo] == x->divbc[hi]) {
            int r = R * br + x->divbc[lo];
            uint64_t seg = ((bc == 64 ? ~0ULL : (1ULL << bc) - 1)) << (C * bc);
            uint64_t out = pos[(size_t)r * n + d] & ~seg;
            if (out && !elim_places(x, s, r, out, d)) return 0;
        }
        if (!(p & ~x->colseg[x->modbc[lo]])) {
            int c = C * bc + x->modbc[lo];
            uint64_t seg = ((br == 64 ? ~0ULL : (1ULL << br) - 1)) << (R * br);
            uint64_t out = pos[(size_t)(n + c) * n + d] & ~seg;
            if (out && !elim_places(x, s, n + c, out, d)) return 0;
        }
    } else if (kind == 0) { /* row i: confined to one box? */
        if (x->divbc[lo] == x->divbc[hi]) {
            int b = (i / br) * br + x->divbc[lo];
            uint64_t out = pos[(size_t)(2 * n + b) * n + d] & ~x->rowseg[i % br];
            if (out && !elim_places(x, s, 2 * n + b, out, d)) return 0;
        }
    } else { /* column i */
        if (x->divbr[lo] == x->divbr[hi]) {
            int b = x->divbr[lo] * br + i / bc;
            uint64_t out = pos[(size_t)(2 * n + b) * n + d] & ~x->colseg[i % bc];
            if (out && !elim_places(x, s, 2 * n + b, out, d)) return 0;
        }
    }
    p = pos[(size_t)h * n + d]; /* the eliminations above may have changed it */
    if (sk_pop64(p) == 2) { /* hidden pair with another digit of the same two places */
        uint64_t open = ~HDONE(x, s)[h] & x->g->full & ~(1ULL << d);
        const uint64_t *ph = pos + (size_t)h * n;
        while (open) {
            int e = sk_ctz64(open);
            open &= open - 1;
            if (ph[e] != p) continue;
            uint64_t keep = (1ULL << d) | (1ULL << e);
            if (!elim_mask(x, s, cells[lo], ~keep) || !elim_mask(x, s, cells[hi], ~keep)) return 0;
            break;
        }
    }
    return 1;
}

/* Naked pairs through a bivalue cell. */
static int check_bivalue(G *x, uint64_t *s, int cell) {
    uint64_t *cand = CAND(s);
    uint64_t m = cand[cell];
    if (sk_pop64(m) != 2) return 1;
    const int n = x->n;
    int d1 = sk_ctz64(m), d2 = sk_hibit64(m);
    for (int i = 0; i < 3; i++) {
        int h = x->hid[3 * cell + i];
        const uint16_t *cells = x->g->house_cells + (size_t)h * (size_t)n;
        uint64_t *ph = POS(x, s) + (size_t)h * n;
        uint64_t both = ph[d1] & ph[d2] & ~(1ULL << x->hpos[3 * cell + i]);
        while (both) {
            int k = sk_ctz64(both);
            both &= both - 1;
            if (cand[cells[k]] != m) continue;
            uint64_t pair = (1ULL << x->hpos[3 * cell + i]) | (1ULL << k);
            if (!elim_places(x, s, h, ph[d1] & ~pair, d1) || !elim_places(x, s, h, ph[d2] & ~pair, d2)) return 0;
            break;
        }
    }
    return 1;
}

static int propagate(G *x, uint64_t *s) {
    for (;;) {
        if (x->nassign) {
            if (!assign_cell(x, s, x->assign[--x->nassign])) return 0;
            continue;
        }
        if (x->nhd) {
            uint32_t at = x->hd[--x->nhd];
            x->hdflag[at] = 0;
            if (!check_house_digit(x, s, (int)(at / (uint32_t)x->n), (int)(at % (uint32_t)x->n))) return 0;
            continue;
        }
        if (x->nbival) {
            if (!check_bivalue(x, s, x->bival[--x->nbival])) return 0;
            continue;
        }
        return 1;
    }
}

static void reset_work(G *x) {
    x->nassign = 0;
    x->nbival = 0;
    while (x->nhd) x->hdflag[x->hd[--x->nhd]] = 0;
}

/* The unassigned cell with the fewest candidates; among those, the one whose houses have the
 * most open cells (its choice reaches furthest); random among equals when randomizing. */
static int choose(G *x, const uint64_t *s) {
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
    return cell;
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

#define PROBE_MAX 16
/* Look-ahead on the best few bivalue cells: a digit whose propagation fails is removed (the
 * other one is placed) and the look-ahead starts again. Returns 0 when the state itself fails,
 * else the bivalue cell whose two branches fill the most cells (-1 when none was probed). */
static int lookahead(G *x, uint64_t *s) {
    for (;;) {
        const uint64_t *cand = CAND(s), *hdone = HDONE(x, s);
        const uint8_t *val = VAL(x, s);
        int n = x->n;
        uint8_t open[3 * SK_MAX_N];
        for (int h = 0; h < x->nh; h++) open[h] = (uint8_t)(n - sk_pop64(hdone[h]));
        int top[PROBE_MAX], topscore[PROBE_MAX], ntop = 0, want = x->n <= 16 ? 8 : PROBE_MAX;
        for (int i = 0; i < x->nc; i++) {
            if (val[i] || sk_pop64(cand[i]) != 2) continue;
            const uint16_t *h = x->hid + 3 * i;
            int score = open[h[0]] + open[h[1]] + open[h[2]];
            if (ntop == want && score <= topscore[ntop - 1]) continue;
            int j = ntop < want ? ntop++ : ntop - 1;
            while (j > 0 && topscore[j - 1] < score) { top[j] = top[j - 1]; topscore[j] = topscore[j - 1]; j--; }
            top[j] = i;
            topscore[j] = score;
        }
        if (!ntop) return -1;
        int best = -1;
        long long bestval = -1;
        int forced = 0;
        for (int t = 0; t < ntop && !forced; t++) {
            int cell = top[t];
            uint64_t m = CAND(s)[cell];
            int ds[2] = {sk_ctz64(m), sk_hibit64(m)};
            long long gain[2];
            for (int a = 0; a < 2; a++) {
                memcpy(x->probe, s, sizeof(uint64_t) * x->words);
                reset_work(x);
                x->job->nodes++;
                if (!set_single(x, x->probe, cell, ds[a]) || !propagate(x, x->probe)) {
                    reset_work(x);
                    if (!set_single(x, s, cell, ds[1 - a]) || !propagate(x, s)) return -2;
                    forced = 1;
                    break;
                }
                gain[a] = (long long)(NFREE(s) - NFREE(x->probe));
            }
            if (forced) break;
            long long v = (gain[0] + 1) * (gain[1] + 1);
            if (v > bestval) { bestval = v; best = cell; }
        }
        if (!forced) return best;
        if (!NFREE(s)) return -1;
    }
}

/* Set up the branch point of a propagated, unsolved state: look ahead, then pick the cell.
 * Returns 0 when the look-ahead found a contradiction or solved the grid (NFREE says which). */
static int branch_point(G *x, uint64_t *s, struct frame *f) {
    int cell = lookahead(x, s);
    if (cell == -2 || !NFREE(s)) return 0;
    f->cell = cell >= 0 ? cell : choose(x, s);
    f->rem = CAND(s)[f->cell];
    x->job->guesses++;
    return 1;
}

/* Depth-first search from the propagated root state stack[0]. Returns 1 when it stopped
 * early (solution limit, job limit or run budget), 0 when the tree was exhausted. */
static int dfs(G *x, long long budget_end) {
    sk_job *job = x->job;
    int k = 0;
    uint64_t *s = x->stack[0];
    if (!branch_point(x, s, &x->frames[0])) return NFREE(s) ? 0 : found(x, s);
    for (;;) {
        struct frame *f = &x->frames[k];
        if (!f->rem) {
            if (k == 0) return 0;
            k--;
            continue;
        }
        uint64_t rem = f->rem;
        int d = x->randomize ? sk_random_bit(rem, &x->rng) : sk_ctz64(rem);
        if (job->prefer && ((rem >> (job->prefer[f->cell] - 1)) & 1)) d = job->prefer[f->cell] - 1;
        rem &= ~(1ULL << d);
        f->rem = rem;
        int cell = f->cell;
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
        if (!set_single(x, t, cell, d) || !propagate(x, t)) continue;
        if (!NFREE(t)) {
            if (found(x, t)) return 1;
            continue;
        }
        k = nk;
        if (!branch_point(x, t, &x->frames[k])) { /* failed, or solved by the look-ahead */
            x->frames[k].rem = 0;
            if (NFREE(t) || !found(x, t)) continue;
            return 1;
        }
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
    x.br = g->br;
    x.bc = g->bc;
    x.words = 1 + (size_t)x.nc + (size_t)x.nh * (size_t)x.n + (size_t)x.nh + ((size_t)x.nc + 7) / 8;
    x.rng = job->seed;
    x.randomize = job->randomize;
    size_t nhd = (size_t)x.nh * (size_t)x.n;
    /* every work list holds each entry at most once per propagation, but may be refilled */
    x.assign = malloc(sizeof(uint16_t) * (size_t)x.nc * 2);
    x.bival = malloc(sizeof(uint16_t) * (size_t)x.nc * 2);
    x.hd = malloc(sizeof(uint32_t) * nhd);
    x.hdflag = calloc(nhd, 1);
    x.hid = malloc(sizeof(uint16_t) * 3 * (size_t)x.nc);
    x.hpos = malloc(3 * (size_t)x.nc);
    int rc = 0;
    uint64_t *root = NULL;
    x.probe = malloc(sizeof(uint64_t) * x.words);
    if (!x.probe || !x.assign || !x.bival || !x.hd || !x.hdflag || !x.hid || !x.hpos ||
        !(root = malloc(sizeof(uint64_t) * x.words)) || !state_at(&x, 0)) {
        job->nomem = 1;
        rc = -1;
        goto done;
    }
    for (int h = 0; h < x.nh; h++)
        for (int k = 0; k < x.n; k++) {
            int cell = g->house_cells[(size_t)h * x.n + k], kind = h / x.n;
            x.hid[3 * cell + kind] = (uint16_t)h;
            x.hpos[3 * cell + kind] = (uint8_t)k;
        }
    for (int k = 0; k < SK_MAX_N; k++) {
        x.divbc[k] = (uint8_t)(k / x.bc);
        x.modbc[k] = (uint8_t)(k % x.bc);
        x.divbr[k] = (uint8_t)(k / x.br);
    }
    for (int k = 0; k < x.n; k++) {
        x.rowseg[k / x.bc] |= 1ULL << k;
        x.colseg[k % x.bc] |= 1ULL << k;
    }
    if (!sk_givens_consistent(g, grid)) goto done;
    memset(root, 0, sizeof(uint64_t) * x.words);
    NFREE(root) = (uint64_t)x.nc;
    for (int i = 0; i < x.nc; i++) CAND(root)[i] = g->full;
    for (size_t i = 0; i < nhd; i++) POS(&x, root)[i] = g->full;
    if (x.n == 1) x.assign[x.nassign++] = 0; /* the only cell starts single */
    for (int i = 0; i < x.nc; i++)
        if (grid[i] && !set_single(&x, root, i, grid[i] - 1)) goto done;
    if (job->cands) /* a candidate grid: its missing candidates are eliminated before the search */
        for (int i = 0; i < x.nc; i++)
            if (!grid[i] && !elim_mask(&x, root, i, g->full & ~job->cands[i])) goto done;
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
        long long unit = SK_LUBY_UNIT_PER_N * x.n;
        for (long long run = 1;; run++) {
            memcpy(x.stack[0], root, sizeof(uint64_t) * x.words);
            int stopped = dfs(&x, job->nodes + unit * sk_luby(run));
            if (!stopped || job->count || job->aborted || job->stopped || job->nomem) break;
            x.randomize = 1; /* later runs take a new random order */
        }
    }
    if (job->nomem) rc = -1;
done:
    for (int i = 0; i < x.cap; i++) free(x.stack[i]);
    free(x.stack);
    free(x.frames);
    free(root);
    free(x.assign);
    free(x.bival);
    free(x.hd);
    free(x.hdflag);
    free(x.hid);
    free(x.hpos);
    free(x.probe);
    return rc;
}
