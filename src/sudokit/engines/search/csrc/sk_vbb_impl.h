/* The bitboard variant solver, for any houses and any peers, written once for boards of VW
 * 64-bit words and up to VMAXN digits: sk_vbb9.c includes it for 9x9 (2 words), sk_vbb16.c for
 * 10x10 to 16x16 (4 words), sk_vbbk9.c and sk_vbbk16.c the same with VSUMS 1 (killer sums; the
 * builds without them pay nothing for them). Each defines VW, VMAXN, VNEW and VSOLVE (the
 * exported names).
 *
 * State: for each digit d a board of the cells that may still hold d (a placed d keeps its
 * bit), and the board of unplaced cells. The geometry is one board per house and per cell (its
 * peers: house mates and the variant's own, e.g. a knight's move away). Propagation:
 *  - hidden single: a digit with one place left in a house goes there; no place is a
 *    contradiction;
 *  - naked single: a cell left with one digit takes it (no digit left is a contradiction);
 *  - peer intersection, once the singles are done: for a digit with two or three places in a
 *    house, one of them holds it, so every cell that sees all of them loses the digit. Between
 *    two houses this is locked candidates (pointing, claiming, diagonal-box, window-row,
 *    region-column); with chess-move peers it also reaches cells outside the places' houses.
 *  - killer sums, once the singles are done, for each cage and each sum the rule of 45 gives
 *    (sk_cages.c; a sum whose digits may repeat: a cell keeps the digits some choice of the
 *    others' completes to the total; else as follows, reading each cell's digits from cm,
 *    kept beside the boards): the digit sets of the sum that hold the digits placed in its
 *    cells and whose other digits each have a place in its open cells; a digit in none of
 *    them leaves the cells, no set left is a contradiction (so full cells make their sum
 *    exactly), and a digit in all of them must be there: with one place it goes there, else
 *    every cell that sees all its places loses it. With up to EXACT_CELLS open cells, one of
 *    which cannot hold every digit of those sets, the ways to give each a different digit,
 *    all adding up to the rest of the total, are enumerated instead (the last two cells'
 *    pairs at once: one bit reversal): a cell keeps only the digits some way gives it.
 *  - cage and house, with the peer intersections: a digit whose places in a house all lie in
 *    one cage is in that cage, so the cage keeps only the digit sets that hold it (noted in
 *    need, which then only grows along a branch; 1,000 killers: 75 -> 58 nodes a proof, with
 *    the sum to branch on counting only those sets too).
 * Each rule looks only at the houses where the digit may have lost a place since that rule
 * last looked (noted as places go), never again at a house where the digit is placed; the
 * sums rule only at the sums whose cells lost a digit since it last looked.
 * Search: depth first (an explicit stack of states on the heap) on the open cell with the
 * fewest candidates, ties to the cell with the most open peers (in killers, unseeded, plus
 * twice the sums that hold it; random among equals when randomizing). Before that, in
 * searches that are not seeded: a digit with two (else three) places left on one of X's
 * diagonals (a house crossing every row and column once), each place in turn; else, in
 * killers, a sum of different digits left with two digit sets (the one with the most open
 * cells), each branch keeping its open cells to one set (1,000 killers with no givens: 224 ->
 * 98 nodes a uniqueness proof). With job->restarts and a limit of one
 * solution, seeded searches and unseeded ones on grids larger than 9x9 restart under a
 * growing node budget (Luby), as the generic solver does, from a smaller unit (an unseeded
 * run after the first takes the same kinds of branch point in a random order).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"

#ifndef VSUMS
#define VSUMS 0
#endif
#define VMAXC (64 * VW) /* cells */
#define VMAXH 64        /* houses (bits of a word) */
/* Open cells of a sum up to which the sums rule finds their exact digits (above, only the
 * digits of the sets that make the sum: the exact search grows fast with the cells). */
#define EXACT_CELLS 4
/* Open cells up to which a sum is looked at again whenever a cell loses a digit (above, only
 * when a digit leaves the sum or one it must hold loses a place): every open cell, 4, checks
 * too often for what it finds (1,000 killers: 98 -> 63 nodes but no faster; with 3, 79 nodes
 * and 11% faster). */
#define RECHECK_CELLS 3

/* Nodes per Luby unit, times n: far below the generic solver's, because a random order that
 * fills an empty jigsaw grid at all does so within a few hundred nodes (16x16: 16 fills in a
 * median of 8,000 nodes, against 60,000 with the generic unit). */
#define LUBY_UNIT_PER_N 16LL

typedef struct {
    uint64_t w[VW];
} B;

static inline B b_and(B a, B b) {
    for (int i = 0; i < VW; i++) a.w[i] &= b.w[i];
    return a;
}
static inline B b_or(B a, B b) {
    for (int i = 0; i < VW; i++) a.w[i] |= b.w[i];
    return a;
}
static inline B b_andnot(B a, B b) {
    for (int i = 0; i < VW; i++) a.w[i] &= ~b.w[i];
    return a;
}
static inline int b_any(B a) {
    uint64_t x = 0;
    for (int i = 0; i < VW; i++) x |= a.w[i];
    return x != 0;
}
static inline int b_eq(B a, B b) {
    uint64_t x = 0;
    for (int i = 0; i < VW; i++) x |= a.w[i] ^ b.w[i];
    return x == 0;
}
static inline int b_pop(B a) {
    int k = 0;
    for (int i = 0; i < VW; i++) k += sk_pop64(a.w[i]);
    return k;
}
#if VW == 2
static inline int b_first(B a) { return a.w[0] ? sk_ctz64(a.w[0]) : 64 + sk_ctz64(a.w[1]); } /* a not empty */
static inline B b_drop_first(B a) { /* a without its lowest bit (a not empty); branch-free */
    uint64_t low_empty = a.w[0] == 0;
    a.w[0] &= a.w[0] - 1;
    a.w[1] &= a.w[1] - low_empty;
    return a;
}
#else
static inline int b_first(B a) { /* a not empty */
    int i = 0;
    while (!a.w[i]) i++;
    return 64 * i + sk_ctz64(a.w[i]);
}
static inline B b_drop_first(B a) { /* a without its lowest bit (a not empty) */
    int i = 0;
    while (!a.w[i]) i++;
    a.w[i] &= a.w[i] - 1;
    return a;
}
#endif
static inline int b_many(B a) { return b_any(b_drop_first(a)); } /* two bits or more (a not empty) */
static inline B b_bit(int cell) {
    B a;
    memset(&a, 0, sizeof a);
    a.w[cell >> 6] = 1ULL << (cell & 63);
    return a;
}
static inline int b_has(B a, int cell) { return (int)((a.w[cell >> 6] >> (cell & 63)) & 1); }

struct sk_vbb {
    int n, nc, nh;
    B all;
    B house[VMAXH];
    B peer[VMAXC];
    uint64_t houses_of[VMAXC]; /* per cell, the houses that hold it (bit h) */
    uint64_t lines;            /* the variant's houses with a cell in every row and column (X's diagonals) */
    int nsums;                 /* killer sums (sk_vgeom's, as many as fit) */
    B sum[VMAXC];              /* the cells of each sum */
    B sums_of[VMAXC];          /* per cell, the sums that hold it (bit k) */
    const uint32_t *combo_start; /* the digit sets of each sum (sk_vgeom) */
    const uint64_t *combos;
#if VSUMS
    int ndistinct;             /* sums before it hold different digits, the rest may repeat */
    B loose;                   /* those sums */
    B big;                     /* sums of different digits with more than RECHECK_CELLS cells */
    int sum_total[VMAXC];
    uint8_t sum_size[VMAXC];       /* cells of each sum (at most VMAXN: the builder's) */
    uint8_t sum_cell[VMAXC][VMAXN]; /* and which */
    int16_t cage_of[VMAXC];        /* per cell, its cage's sum, or -1 */
#endif
};
typedef struct sk_vbb G;

typedef struct {
    B c[VMAXN];             /* digit d may be (or is) in these cells */
    B uns;                  /* cells not yet placed */
    uint64_t placed[VMAXN]; /* the houses where d is placed */
    uint64_t single[VMAXN]; /* houses that may have lost a place of d since the singles looked */
    uint64_t inter[VMAXN];  /* the same since the peer intersections looked */
#if VSUMS
    B sums;                 /* sums the sums rule must look at again */
    uint16_t need[VMAXC];   /* per sum, open digits it must hold (from its sets when the rule last looked, or a house) */
    uint16_t cm[VMAXC];     /* per cell, its digits (bit d), as the boards say */
#endif
} VS;

typedef struct {
    VS s;
    int cell;
    uint32_t digits; /* the digits of cell */
    uint32_t rem;    /* those left to try (a sum's branch: its sets, bit i for sets[i]) */
#if VSUMS
    int sum;         /* the sum branched on, or -1 (a cell) */
    uint64_t sets[2];
#endif
    int bl_digit;    /* >= 0: this digit goes to bl_cell[i] in branch i */
    int bl_cell[3];
} Frame;

int VNEW(const sk_vgeom *v, void **out) {
    *out = NULL;
    int n = v->n, nc = n * n;
    if (n > VMAXN || nc > VMAXC || v->nhouses > VMAXH || (VW > 2 && n <= 9) || (v->ncages && !VSUMS)) return 0;
    G *g = calloc(1, sizeof *g);
    if (!g) return -1;
    g->n = n;
    g->nc = nc;
    g->nh = v->nhouses;
    for (int c = 0; c < nc; c++) g->all = b_or(g->all, b_bit(c));
    for (int h = 0; h < v->nhouses; h++) {
        const uint16_t *cells = v->house_cells + (size_t)h * (size_t)n;
        B m;
        memset(&m, 0, sizeof m);
        for (int k = 0; k < n; k++) m = b_or(m, b_bit(cells[k]));
        g->house[h] = m;
        for (int k = 0; k < n; k++) {
            g->peer[cells[k]] = b_or(g->peer[cells[k]], m);
            g->houses_of[cells[k]] |= 1ULL << h;
        }
    }
    for (int h = 3 * n; h < v->nhouses; h++) {
        int line = 1;
        for (int r = 0; r < 2 * n && line; r++) line = b_pop(b_and(g->house[h], g->house[r])) == 1;
        if (line) g->lines |= 1ULL << h;
    }
    /* peers both ways, whatever the tables say: the propagation relies on it */
    for (int c = 0; c < nc; c++)
        for (uint32_t i = v->peer_start[c]; i < v->peer_start[c + 1]; i++) {
            int p = v->peers[i];
            g->peer[c] = b_or(g->peer[c], b_bit(p));
            g->peer[p] = b_or(g->peer[p], b_bit(c));
        }
    /* the cells of a cage are peers (the geometry says so too; the sums rule relies on it);
     * the cages come first among the sums, so all of them fit */
    g->nsums = v->nsums < VMAXC ? v->nsums : VMAXC;
#if VSUMS
    g->ndistinct = v->ndistinct < g->nsums ? v->ndistinct : g->nsums;
    for (int k = g->ndistinct; k < g->nsums; k++) g->loose = b_or(g->loose, b_bit(k));
    for (int k = 0; k < g->ndistinct; k++)
        if (v->sum_start[k + 1] - v->sum_start[k] > RECHECK_CELLS) g->big = b_or(g->big, b_bit(k));
    for (int c = 0; c < nc; c++) g->cage_of[c] = -1;
    for (int k = 0; k < v->ncages && k < g->nsums; k++)
        for (uint32_t i = v->sum_start[k]; i < v->sum_start[k + 1]; i++) g->cage_of[v->sum_cells[i]] = (int16_t)k;
#endif
    g->combo_start = v->combo_start;
    g->combos = v->combos;
    for (int k = 0; k < g->nsums; k++) {
        B m;
        memset(&m, 0, sizeof m);
        for (uint32_t i = v->sum_start[k]; i < v->sum_start[k + 1]; i++) m = b_or(m, b_bit(v->sum_cells[i]));
        g->sum[k] = m;
#if VSUMS
        g->sum_total[k] = v->sum_total[k];
        if (v->sum_start[k + 1] - v->sum_start[k] > VMAXN || VMAXC > 256) { /* never, as sk_cages.c builds them */
            free(g);
            return -1;
        }
        for (uint32_t i = v->sum_start[k]; i < v->sum_start[k + 1]; i++)
            g->sum_cell[k][g->sum_size[k]++] = (uint8_t)v->sum_cells[i];
#endif
        for (uint32_t i = v->sum_start[k]; i < v->sum_start[k + 1]; i++) {
            int c = v->sum_cells[i];
            g->sums_of[c] = b_or(g->sums_of[c], b_bit(k));
            if (k < v->ncages) g->peer[c] = b_or(g->peer[c], m);
        }
    }
    for (int c = 0; c < nc; c++) g->peer[c] = b_andnot(g->peer[c], b_bit(c));
    *out = g;
    return 1;
}

#if VSUMS
/* Note the sums to look at again, of those holding cells that lost digit d (see lose). The
 * sums rule reads, of d, only whether it has a place left in a sum's open cells and, where
 * the sum must hold it, where (s->c[d] is already without those cells); but with up to
 * RECHECK_CELLS open cells it reads each cell's digits (a digit gone from one cell takes its
 * partners from the others). */
static inline void wake_sums(const G *g, VS *s, int d, B sums) {
    sums = b_andnot(sums, s->sums);
    s->sums = b_or(s->sums, b_andnot(sums, g->big)); /* small sums and loose ones always look again */
    for (sums = b_and(sums, g->big); b_any(sums); sums = b_drop_first(sums)) {
        int k = b_first(sums);
        /* branch-free: which sums sleep on is not predictable */
        int sleep = !((s->need[k] >> d) & 1) & (b_pop(b_and(g->sum[k], s->uns)) > RECHECK_CELLS) &
                    b_any(b_and(b_and(s->c[d], g->sum[k]), s->uns));
        s->sums.w[k >> 6] |= (uint64_t)!sleep << (k & 63);
    }
}
#endif

/* Digit d loses the cells of m, every one a place of d: note the houses (and sums) to look at
 * again, in one pass over the cells. */
static inline void lose(const G *g, VS *s, int d, B m) {
    uint64_t hs = 0;
#if VSUMS
    B sums;
    memset(&sums, 0, sizeof sums);
#endif
    for (int i = 0; i < VW; i++) /* word by word: cheaper than b_first/b_drop_first */
        for (uint64_t x = m.w[i]; x; x &= x - 1) {
            int cell = 64 * i + sk_ctz64(x);
            hs |= g->houses_of[cell];
#if VSUMS
            uint32_t ds = s->cm[cell]; /* still with d */
            /* a sum whose digits may repeat looks again when a cell's lowest or highest digit
             * goes (a digit between rarely changes what the others can complete) */
            uint64_t mid = 0 - (uint64_t)(((ds & (ds - 1) & (1u << d)) != 0) & ((ds >> d) > 1));
            for (int j = 0; j < VW; j++) sums.w[j] |= g->sums_of[cell].w[j] & ~(g->loose.w[j] & mid);
            s->cm[cell] = (uint16_t)(ds & ~(1u << d));
#endif
        }
    s->single[d] |= hs;
    s->inter[d] |= hs;
#if VSUMS
    wake_sums(g, s, d, sums);
#endif
}

/* Place digit d in cell (not yet propagated); returns the digits whose boards changed. The
 * cell's other digits are among others (all digits when unknown). */
static inline uint32_t place(const G *g, VS *s, int cell, int d, uint32_t others) {
    int w = cell >> 6;
    uint64_t bit = 1ULL << (cell & 63);
    uint32_t dirty = 1u << d;
    B lost = b_and(s->c[d], g->peer[cell]);
    s->c[d] = b_andnot(s->c[d], lost);
    lose(g, s, d, lost);
    uint64_t hs = g->houses_of[cell];
    for (others &= ((1u << g->n) - 1) & ~(1u << d); others; others &= others - 1) {
        /* branch-free: whether a digit still held the cell is not predictable */
        int e = sk_ctz32(others);
        uint64_t x = s->c[e].w[w], hit = (x & bit) != 0, mask = 0 - hit;
        s->c[e].w[w] = x & ~bit;
        s->single[e] |= hs & mask;
        s->inter[e] |= hs & mask;
        dirty |= (uint32_t)hit << e;
    }
    s->uns.w[w] &= ~bit;
    s->placed[d] |= hs;
#if VSUMS
    s->cm[cell] = (uint16_t)(1u << d);
    if (g->nsums) s->sums = b_or(s->sums, g->sums_of[cell]);
#endif
    return dirty;
}

/* Hidden singles of digit d in the houses that may have lost a place of d since they were last
 * looked at, to a fixpoint for d; 0 on a contradiction. */
static inline int sweep_digit(const G *g, VS *s, int d, uint32_t *dirty) {
    uint64_t hs;
    while ((hs = s->single[d] & ~s->placed[d])) {
        s->single[d] = 0;
        for (; hs; hs &= hs - 1) {
            B p = b_and(s->c[d], g->house[sk_ctz64(hs)]);
            if (!b_any(p)) return 0;
            if (!b_many(p) && b_any(b_and(p, s->uns))) *dirty |= place(g, s, b_first(p), d, ~0u);
        }
    }
    s->single[d] = 0;
    *dirty &= ~(1u << d);
    return 1;
}

/* Peer intersections of digit d in the houses that may have lost a place of d since they were
 * last looked at; returns whether d lost any place. */
static inline int intersect_digit(const G *g, VS *s, int d) {
    B board = s->c[d];
    uint64_t hs = s->inter[d] & ~s->placed[d];
    s->inter[d] = 0;
    for (; hs; hs &= hs - 1) {
        B p = b_and(board, g->house[sk_ctz64(hs)]);
        int np = b_pop(p);
#if VSUMS
        if (np >= 2) { /* every place in one cage: the cage holds d */
            int k = g->cage_of[b_first(p)];
            if (k >= 0 && !b_any(b_andnot(p, g->sum[k])) && !((s->need[k] >> d) & 1)) {
                s->need[k] |= (uint16_t)(1u << d);
                s->sums.w[k >> 6] |= 1ULL << (k & 63);
            }
        }
#endif
        /* none: the singles' sweep reports it; four places or more rarely share a peer */
        if ((unsigned)(np - 1) > 2) continue;
        B seen = board;
        for (int i = 0; i < VW; i++)
            for (uint64_t x = p.w[i]; x; x &= x - 1) seen = b_and(seen, g->peer[64 * i + sk_ctz64(x)]);
        board = b_andnot(board, seen);
    }
    if (b_eq(board, s->c[d])) return 0;
    B lost = b_andnot(s->c[d], board);
    s->c[d] = board;
    lose(g, s, d, lost);
    return 1;
}

#if VSUMS
/* Cells i < m lose the digits out[i] (any: all of them), one digit at a time. */
static inline void drop_digits(const G *g, VS *s, const int *cells, int m, const uint32_t *out, uint32_t any,
                               uint32_t *dirty) {
    *dirty |= any;
    for (; any; any &= any - 1) {
        int d = sk_ctz32(any);
        B lost;
        memset(&lost, 0, sizeof lost);
        for (int i = 0; i < m; i++)
            lost.w[cells[i] >> 6] |= (uint64_t)((out[i] >> d) & 1) << (cells[i] & 63);
        s->c[d] = b_andnot(s->c[d], lost);
        lose(g, s, d, lost);
    }
}

/* A sum whose digits may repeat (cells that do not all see each other): a cell keeps the
 * digits that some choice of the others' digits completes to the total (sums reachable so far
 * and sums still to make, as bit masks, both ways along the cells); 0 on a contradiction. */
static int loose_sum(const G *g, VS *s, int k, uint32_t *dirty) {
    int m = g->sum_size[k], total = g->sum_total[k], cells[VMAXN];
    uint32_t cand[VMAXN];
    uint64_t before[VMAXN + 1], after[VMAXN + 1];
    for (int i = 0; i < m; i++) cand[i] = s->cm[cells[i] = g->sum_cell[k][i]];
    /* every digit in turn, held or not (masked): loops over a cell's digits mispredict their end */
    before[0] = 1;
    for (int i = 0; i < m; i++) {
        uint64_t r = 0;
        for (int e = 0; e < VMAXN; e++) r |= (before[i] << (e + 1)) & (0 - (uint64_t)((cand[i] >> e) & 1));
        before[i + 1] = r & ((2ULL << total) - 1); /* none past the total (below 64) */
    }
    if (!((before[m] >> total) & 1)) return 0;
    after[m] = 1ULL << total; /* the sums that the cells from i on must complete */
    for (int i = m - 1; i >= 0; i--) {
        uint64_t r = 0;
        for (int e = 0; e < VMAXN; e++) r |= (after[i + 1] >> (e + 1)) & (0 - (uint64_t)((cand[i] >> e) & 1));
        after[i] = r;
    }
    uint32_t out[VMAXN], any = 0;
    for (int i = 0; i < m; i++) {
        uint32_t o = 0; /* the cell's digits in no way to the total */
        for (int e = 0; e < VMAXN; e++) o |= (uint32_t)!((before[i] << (e + 1)) & after[i + 1]) << e;
        out[i] = o & cand[i];
        any |= out[i];
    }
    if (any) drop_digits(g, s, cells, m, out, any, dirty);
    return 1;
}

/* Sum k's open cells (into cells; their count returned), the digits of its placed cells
 * (*placed) and the other digits its open cells may hold (*choices). */
static inline int sum_cells(const G *g, const VS *s, int k, int *cells, uint64_t *placed, uint64_t *choices) {
    uint64_t p = 0, c = 0;
    int m = 0;
    for (int i = 0; i < g->sum_size[k]; i++) { /* branch-free: which cells are open is not predictable */
        int cell = g->sum_cell[k][i], open = b_has(s->uns, cell);
        uint64_t in = 0 - (uint64_t)open;
        c |= s->cm[cell] & in;
        p |= s->cm[cell] & ~in;
        cells[m] = cell;
        m += open;
    }
    *placed = p;
    *choices = c & ~p;
    return m;
}

/* Can digit set c still make its sum: it holds the placed digits, and its others are choices? */
static inline int set_fits(uint64_t c, uint64_t placed, uint64_t choices) {
    return ((c & placed) == placed) & !(c & ~placed & ~choices);
}

/* Each byte with its bits in reverse order. */
#define REV2(x) x, x + 128, x + 64, x + 192
#define REV4(x) REV2(x), REV2(x + 32), REV2(x + 16), REV2(x + 48)
#define REV6(x) REV4(x), REV4(x + 8), REV4(x + 4), REV4(x + 12)
static const uint8_t REV8[256] = {REV6(0), REV6(2), REV6(1), REV6(3)};
#undef REV2
#undef REV4
#undef REV6

/* A digit mask reversed over 16 bits: bit j to bit 15 - j. */
static inline uint32_t rev16(uint32_t b) { return (uint32_t)REV8[b & 255] << 8 | REV8[(b >> 8) & 255]; }

/* The digits x with y = total - x in the mask whose reversal is r, y != x (bit d: digit d + 1):
 * bit 15 - j of r lands on bit total - 2 - j. */
static inline uint32_t partners(uint32_t r, int total) {
    if (total < 3 || total > 2 * VMAXN - 1) return 0;
    uint32_t m = total <= 17 ? r >> (17 - total) : r << (total - 17);
    m &= ~((uint32_t)!(total & 1) << (total / 2 - 1)); /* x = y */
    return m;
}

/* Cells i.. of m (i <= m - 2) take different digits, none of used (rused: its reversal),
 * adding up to total: ORs into sup[j] the digits some way gives cell j, into *got the digits
 * of the ways, ANDs into *all those of each way; 1 if there is a way. rcand: the cells'
 * candidates reversed. */
static int exact_from(int i, int m, const uint32_t *cand, const uint32_t *rcand, int total, uint32_t used,
                      uint32_t rused, uint32_t *sup, uint32_t *got, uint32_t *all) {
    if (i == m - 2) { /* the last two: pairs of digits adding up to the rest */
        /* branch-free (whether a pair is left is not predictable); no pc, no pd either */
        uint32_t pc = cand[i] & ~used & partners(rcand[i + 1] & ~rused, total);
        uint32_t pd = cand[i + 1] & ~used & partners(rcand[i] & ~rused, total), pair = pc | pd;
        uint32_t some = 0 - (uint32_t)(pc != 0);
        sup[i] |= pc;
        sup[i + 1] |= pd;
        *got |= (used | pair) & some;
        *all &= (sk_pop32(pair) == 2 ? used | pair : used) | ~some; /* several pairs share no digit */
        return pc != 0;
    }
    int any = 0;
    for (uint32_t x = cand[i] & ~used; x; x &= x - 1) {
        int d = sk_ctz32(x);
        int rest = total - d - 1;
        if (rest < 3) break; /* two more cells need 1 + 2 at least; the digits only grow */
        int way = exact_from(i + 1, m, cand, rcand, rest, used | (1u << d), rused | (1u << (15 - d)), sup, got, all);
        sup[i] |= (uint32_t)way << d;
        any |= way;
    }
    return any;
}

/* The exact digits of m (2 to EXACT_CELLS) open cells of different digits adding up to total:
 * sup[i] the digits some way gives cell i, *got the digits of some way, *all those of every
 * way (0 when there is none). One cell or none never gets here: the digit sets say it all. */
static void exact_cells(int m, const uint32_t *cand, int total, uint32_t *sup, uint32_t *got, uint32_t *all) {
    uint32_t g_ = 0, a_ = ~0u, rcand[EXACT_CELLS];
    for (int i = 0; i < m; i++) {
        sup[i] = 0;
        rcand[i] = rev16(cand[i]);
    }
    exact_from(0, m, cand, rcand, total, 0, 0, sup, &g_, &a_);
    *got = g_;
    *all = g_ ? a_ : 0;
}

/* The sums rule (see the top) at the sums noted since it last looked; 0 on a
 * contradiction, the digits that lost a place added to *dirty. */
static int killer_sums(const G *g, VS *s, uint32_t *dirty) {
    B todo = s->sums;
    memset(&s->sums, 0, sizeof s->sums);
    for (; b_any(todo); todo = b_drop_first(todo)) {
        int k = b_first(todo);
        if (k >= g->ndistinct) {
            if (!loose_sum(g, s, k, dirty)) return 0;
            continue;
        }
        B cm = g->sum[k], open = b_and(cm, s->uns);
        uint64_t placed, choices;
        int cells[VMAXN], m = sum_cells(g, s, k, cells, &placed, &choices);
        uint64_t some = 0, every = ~0ULL;
        for (uint32_t i = g->combo_start[k]; i < g->combo_start[k + 1]; i++) {
            uint64_t c = g->combos[i], fits = 0 - (uint64_t)set_fits(c, placed | s->need[k], choices); /* branch-free */
            some |= c & fits;
            every &= c | ~fits;
        }
        if (!some) return 0; /* no set of digits makes the sum (placed cages included) */
        /* A few open cells: their exact digits, unless each may hold every digit of the sets
         * that fit (then every way to spread a set over the cells is one, and the sets say
         * it all: no cell, one cell, and the first look at a sum's cells mostly). */
        uint64_t rest = some & ~placed;
        int narrow = 0;
        if (m <= EXACT_CELLS)
            for (int i = 0; i < m; i++) narrow |= (s->cm[cells[i]] & rest) != rest;
        if (narrow) {
            int t = g->sum_total[k]; /* what the open cells add up to */
            for (uint64_t x = placed; x; x &= x - 1) t -= sk_ctz64(x) + 1;
            uint32_t cand[EXACT_CELLS], sup[EXACT_CELLS], got, all;
            for (int i = 0; i < m; i++) cand[i] = s->cm[cells[i]] & (uint32_t)rest;
            exact_cells(m, cand, t, sup, &got, &all);
            if (!got) return 0; /* no digits fit the cells */
            uint32_t any = 0;
            for (int i = 0; i < m; i++) {
                sup[i] = s->cm[cells[i]] & ~sup[i]; /* now the digits the cell loses */
                any |= sup[i];
            }
            if (any) drop_digits(g, s, cells, m, sup, any, dirty);
            some = choices; /* a digit of no way has left every cell already */
            every = all | placed | s->need[k];
        }
        s->need[k] = (uint16_t)(every & ~placed);
        for (uint64_t out = choices & ~some; out; out &= out - 1) {
            int d = sk_ctz64(out);
            B lost = b_and(s->c[d], open);
            s->c[d] = b_andnot(s->c[d], lost);
            lose(g, s, d, lost);
            *dirty |= 1u << d;
        }
        for (uint64_t in = every & ~placed; in; in &= in - 1) {
            int d = sk_ctz64(in);
            B p = b_and(b_and(s->c[d], cm), s->uns);
            if (!b_any(p)) return 0; /* its places went to other digits the cage must hold */
            if (!b_many(p)) {
                *dirty |= place(g, s, b_first(p), d, ~0u);
                continue;
            }
            B seen = g->peer[b_first(p)];
            for (B q = b_drop_first(p); b_any(q); q = b_drop_first(q)) seen = b_and(seen, g->peer[b_first(q)]);
            B lost = b_and(s->c[d], seen);
            if (!b_any(lost)) continue;
            s->c[d] = b_andnot(s->c[d], lost);
            lose(g, s, d, lost);
            *dirty |= 1u << d;
        }
    }
    return 1;
}

#endif

/* Singles to a fixpoint, then cage sums and peer intersections, until neither changes anything; 0 on a
 * contradiction. */
static int propagate(const G *g, VS *s, uint32_t dirty) {
    for (;;) {
        while (dirty) {
            int d = sk_ctz32(dirty);
            if (!sweep_digit(g, s, d, &dirty)) return 0;
        }
        B one, two;
        memset(&one, 0, sizeof one);
        two = one;
        for (int d = 0; d < g->n; d++) {
            B x = b_and(s->c[d], s->uns);
            two = b_or(two, b_and(one, x));
            one = b_or(one, x);
        }
        if (b_any(b_andnot(s->uns, one))) return 0; /* a cell with no digit */
        for (B naked = b_andnot(s->uns, two); b_any(naked); naked = b_drop_first(naked)) {
            int cell = b_first(naked), d = 0;
            while (d < g->n && !b_has(s->c[d], cell)) d++;
            if (d == g->n) return 0; /* lost its last digit to an earlier single */
            if (b_has(s->uns, cell)) dirty |= place(g, s, cell, d, 0); /* d is its only digit */
        }
        if (dirty) continue;
#if VSUMS
        if (g->nsums && b_any(s->sums)) {
            if (!killer_sums(g, s, &dirty)) return 0;
            if (dirty) continue;
        }
#endif
        for (int d = 0; d < g->n; d++)
            if (intersect_digit(g, s, d)) dirty |= 1u << d;
#if VSUMS
        if (!dirty && !b_any(s->sums)) return 1;
#else
        if (!dirty) return 1;
#endif
    }
}

/* The open cell to branch on and its digits (the state is propagated and not solved). */
static int choose(const G *g, const VS *s, uint64_t *rng, int randomize, uint32_t *digits) {
    B one, two, three, four;
    memset(&one, 0, sizeof one);
    two = three = four = one;
    for (int d = 0; d < g->n; d++) {
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
    int best = -1, bcount = VMAXN + 1, bscore = INT_MIN, ties = 0;
    for (; b_any(pool); pool = b_drop_first(pool)) {
        int cell = b_first(pool);
        if (exact) {
            int k = 0;
            for (int d = 0; d < g->n; d++) k += b_has(s->c[d], cell);
            if (k > bcount) continue;
            if (k < bcount) {
                bcount = k;
                bscore = INT_MIN;
            }
        }
        int score = b_pop(b_and(g->peer[cell], s->uns));
#if VSUMS
        /* and, unseeded, twice the sums that hold it (1,000 killers: 79 -> 75 nodes a proof) */
        if (!randomize) score += 2 * b_pop(g->sums_of[cell]);
#endif

        if (score > bscore) {
            best = cell;
            bscore = score;
            ties = 1;
        } else if (score == bscore && randomize && sk_rand(rng) % (uint64_t)++ties == 0) {
            best = cell;
        }
    }
    uint32_t ds = 0;
    for (int d = 0; d < g->n; d++)
        if (b_has(s->c[d], best)) ds |= 1u << d;
    *digits = ds;

    return best;
}

#if VSUMS
/* The sum of different digits to branch on: two digit sets left (for its open cells), two
 * open cells or more, the most open cells; -1 if none. */
static int choose_sum(const G *g, const VS *s, uint64_t *sets) {
    int best = -1, most = 1, cells[VMAXN];
    for (int k = 0; k < g->ndistinct; k++) {
        int open = b_pop(b_and(g->sum[k], s->uns));
        if (open <= most) continue;
        uint64_t placed, choices;
        sum_cells(g, s, k, cells, &placed, &choices);
        uint64_t two[3] = {0, 0, 0}, need = placed | s->need[k];
        int n = 0;
        for (uint32_t i = g->combo_start[k]; i < g->combo_start[k + 1]; i++) { /* branch-free */
            uint64_t c = g->combos[i], f = (uint64_t)set_fits(c, need, choices);
            int at = n < 2 ? n : 2;
            two[at] = ((c & ~placed) & (0 - f)) | (two[at] & (f - 1));
            n += (int)f;
        }
        if (n != 2) continue;
        best = k;
        most = open;
        sets[0] = two[0];
        sets[1] = two[1];
    }
    return best;
}

/* Keep sum k's open cells to the digits of set (not yet propagated); returns the digits
 * touched. */
static uint32_t keep_set(const G *g, VS *s, int k, uint64_t set) {
    uint64_t placed, choices;
    int cells[VMAXN], m = sum_cells(g, s, k, cells, &placed, &choices);
    uint32_t out[VMAXN], any = 0, dirty = 0;
    for (int i = 0; i < m; i++) {
        out[i] = s->cm[cells[i]] & ~(uint32_t)set;
        any |= out[i];
    }
    if (any) drop_digits(g, s, cells, m, out, any, &dirty);
    return dirty;
}
#endif

/* A digit with want (2 or 3) open places left in a variant's house that crosses every row and
 * column once (X's diagonals), the one whose places have the most open peers; 0 if none.
 * Branching there places the digit in each place in turn (jigsaw + X, two places then three:
 * 1,385 -> 888 nodes a proof; in Windoku's windows it takes more nodes). */
static int choose_places(const G *g, const VS *s, int want, int *digit, int *cells) {
    int best = -1;
    for (uint64_t hs = g->lines; hs; hs &= hs - 1) {
        int h = sk_ctz64(hs);
        for (int d = 0; d < g->n; d++) {
            B p = b_and(b_and(s->c[d], g->house[h]), s->uns);
            if (b_pop(p) != want) continue;
            int score = 0, at[3], k = 0;
            for (B q = p; b_any(q); q = b_drop_first(q)) {
                at[k] = b_first(q);
                score += b_pop(b_and(g->peer[at[k++]], s->uns));
            }
            if (score > best) {
                best = score;
                *digit = d;
                for (int i = 0; i < want; i++) cells[i] = at[i];
            }
        }
    }
    return best >= 0;
}

/* The next branch point of the propagated, open state f->s. */
static void branch(const G *g, sk_job *job, Frame *f, uint64_t *rng, int randomize) {
    job->guesses++;
    f->bl_digit = -1;
#if VSUMS
    f->sum = -1;
#endif
    /* only seeded searches branch on cells alone: a restart's random order (see VSOLVE) keeps
     * the kinds of branch point and shuffles their ties and branches */
    if (!job->randomize && g->lines)
        for (int want = 2; want <= 3; want++)
            if (choose_places(g, &f->s, want, &f->bl_digit, f->bl_cell)) {
                f->rem = (1u << want) - 1;
                return;
            }
#if VSUMS
    if (!job->randomize && g->ndistinct && (f->sum = choose_sum(g, &f->s, f->sets)) >= 0) {
        f->rem = 3;
        return;
    }
#endif
    f->cell = choose(g, &f->s, rng, randomize, &f->rem);
    f->digits = f->rem;
}

static int found(const G *g, sk_job *job, const VS *s) {
    uint8_t grid[VMAXC];
    if (job->count < job->keep)
        for (int d = 0; d < g->n; d++)
            for (B x = s->c[d]; b_any(x); x = b_drop_first(x)) grid[b_first(x)] = (uint8_t)(d + 1);
    return sk_store(job, grid, (size_t)g->nc);
}

/* Depth-first search below the propagated, open state stack[0].s; 1 when the search must
 * stop, 2 when the node count reaches budget_end (0: no budget). */
static int search(const G *g, sk_job *job, Frame *stack, uint64_t *rng, int randomize, long long budget_end) {
    int k = 0;
    branch(g, job, &stack[0], rng, randomize);
    while (k >= 0) {
        Frame *f = &stack[k];
        if (!f->rem) {
            k--;
            continue;
        }
        int d = randomize ? sk_random_bit(f->rem, rng) : sk_ctz32(f->rem);
        f->rem &= ~(1u << d);
        VS *t = &stack[k + 1].s;
        *t = f->s;
        if (sk_tick(job)) return 1;
        if (budget_end && job->nodes >= budget_end) return 2;
        uint32_t dirty;
        if (f->bl_digit >= 0)
            dirty = place(g, t, f->bl_cell[d], f->bl_digit, ~0u);
#if VSUMS
        else if (f->sum >= 0)
            dirty = keep_set(g, t, f->sum, f->sets[d]);
#endif
        else
            dirty = place(g, t, f->cell, d, f->digits);
        if (!propagate(g, t, dirty)) continue;
        if (!b_any(t->uns)) {
            if (found(g, job, t)) return 1;
            continue;
        }
        branch(g, job, &stack[++k], rng, randomize);
    }
    return 0;
}

int VSOLVE(const void *geometry, const uint8_t *grid, sk_job *job) {
    const G *g = geometry;
    Frame *stack = malloc(sizeof(Frame) * (size_t)(g->nc + 2));
    if (!stack) {
        job->nomem = 1;
        return -1;
    }
    VS *s = &stack[0].s;
    memset(s, 0, sizeof *s);
    for (int d = 0; d < g->n; d++) {
        s->c[d] = g->all;
        s->single[d] = s->inter[d] = g->nh == 64 ? ~0ULL : (1ULL << g->nh) - 1; /* every house, once */
        if (job->cands)
            for (int i = 0; i < g->nc; i++)
                if (!grid[i] && !((job->cands[i] >> d) & 1)) s->c[d] = b_andnot(s->c[d], b_bit(i));
    }
    s->uns = g->all;
#if VSUMS
    for (int k = 0; k < g->nsums; k++) s->sums = b_or(s->sums, b_bit(k)); /* every sum, once */
    for (int i = 0; i < g->nc; i++)
        for (int d = 0; d < g->n; d++) s->cm[i] |= (uint16_t)(b_has(s->c[d], i) << d);
#endif
    for (int i = 0; i < g->nc; i++) {
        int v = grid[i];
        if (!v) continue;
        if (v > g->n || !b_has(s->c[v - 1], i)) goto done; /* clashing givens: no solution */
        place(g, s, i, v - 1, ~0u);
    }
    if (sk_tick(job) || !propagate(g, s, (1u << g->n) - 1)) goto done;
    if (!b_any(s->uns)) {
        found(g, job, s);
        goto done;
    }
    uint64_t rng = job->seed;
    /* Unseeded searches of 9x9 and smaller grids never restart: their fixed branching beats a
     * random one and their longest searches stay short (killers at limit 1, one _core.solve
     * each: 1,000 puzzles 3,900 -> 7,700 a second, the slowest 50,518 -> 1,411 nodes; jigsaw +
     * X 2.7x faster). */
    if (!(job->restarts && job->limit == 1 && (job->randomize || g->n > 9))) {
        search(g, job, stack, &rng, job->randomize, 0);
    } else {
        VS root = *s;
        int randomize = job->randomize;
        for (long long run = 1;; run++) {
            stack[0].s = root;
            long long end = job->nodes + LUBY_UNIT_PER_N * g->n * sk_luby(run);
            if (search(g, job, stack, &rng, randomize, end) != 2) break;
            randomize = 1; /* later runs take a new random order */
        }
    }
done:
    free(stack);
    return job->nomem ? -1 : 0;
}
