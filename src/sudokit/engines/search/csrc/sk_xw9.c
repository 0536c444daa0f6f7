/* The 9x9 solver for classic grids with extra houses (X: the diagonals, Windoku: the windows,
 * or any other houses of nine cells and no other peers): the classic band-word solver
 * (sk_bb9.c, sk_bb9_search.h) with each extra house as a per-digit mask of three band words.
 *
 * At a digit's band/column fixpoint, for each extra house: a digit placed in the house (alone
 * in its row of the band) leaves the house's other cells, two placed there are a
 * contradiction, no place left is one, one place left is a hidden single (the cell's row keeps
 * only it; the band and column rules do the rest), two or three places take the digit from
 * every cell that sees them all, and locked candidates between the house and each house it
 * meets in two cells or more, both ways. Windoku's four windows are not among those houses:
 * with the five houses they imply they are the boxes of the window frame (see W_ORDER), where
 * the digit's words get the classic band and column rules (Windoku: 14.7 -> 11.7 nodes a
 * proof, and each costs less). The fixpoint then runs again if anything changed.
 * The classic solver's hidden triads on minirows apply too (on minicolumns they cost as much
 * as they saved here). Branching: a digit with two (else three) places left in an extra
 * house (each place in turn), else a bivalue cell, else a band or stack pattern of two, else
 * the cell with the fewest candidates (patterns first, as the classic solver branches, do not
 * see the extra houses: X took 25% more nodes that way); among places and cells, those with
 * the most unplaced peers, extra houses included.
 * It takes no seed, no candidate masks and no preferred digits: the solver table
 * (sk_dispatch.c) gives those searches to the generic variant bitboards (sk_vbb9.c), so that a
 * seed keeps giving the same puzzle.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"

#define XW_MAXH 4 /* extra houses besides Windoku's windows: X has 2 */
#define XW_MAXEXTRA (XW_MAXH + 4) /* and with the windows */

#define XW_MAXSEG (XW_MAXH * 34) /* intersections of two cells or more with another house */

typedef struct {
    int nh;
    uint32_t m[XW_MAXH][3]; /* house h's cells in band b */
    /* house h's intersections with the other houses (rows, columns, boxes, extra houses) of
     * two cells or more: seg[k][0] the cells of house h outside it, seg[k][1] the other
     * house's cells outside it; those of house h are k in seg_start[h] .. seg_start[h + 1],
     * the largest intersection has seg_max[h] cells */
    int seg_start[XW_MAXH + 1];
    int seg_max[XW_MAXH];
    uint32_t seg[XW_MAXSEG][2][3];
    uint32_t peer[81][3]; /* a cell and the cells it sees, in band words */
    int windoku; /* Windoku's four windows, seen in the window frame (see W_ORDER) */
} XWHouses;

typedef struct {
    uint32_t c[9][3];
    uint32_t uns[3];
    int plain;         /* no triads, no patterns first: seeded searches, counts past two */
    const XWHouses *g;
} S9;

#include "sk_bb9_tables.h"

/* The window frame: Windoku's four windows (rows and columns 2-4 and 6-8) and the five houses
 * they imply (the rows 1, 5 and 9 and the columns 1, 5 and 9 crossed with the others: a digit
 * is once in rows 2-4, three times, twice in the two windows there, so once in their cells of
 * columns 1, 5 and 9) are the boxes of the grid with its rows in the order 2 3 4 6 7 8 1 5 9
 * and its columns too. A digit's band words in that order get the band and column rules of
 * the classic solver there: singles, and locked candidates between windows and lines. */
static const int W_ORDER[9] = {1, 2, 3, 5, 6, 7, 0, 4, 8};
static uint16_t T_wperm[512]; /* a row's 9 bits -> the same in the window frame's order */
static uint16_t T_winv[512];  /* and back */

static void xw_windows_init(void) {
    for (unsigned x = 0; x < 512; x++) {
        unsigned f = 0, b = 0;
        for (int j = 0; j < 9; j++) {
            f |= ((x >> W_ORDER[j]) & 1u) << j;
            b |= ((x >> j) & 1u) << W_ORDER[j];
        }
        T_wperm[x] = (uint16_t)f;
        T_winv[x] = (uint16_t)b;
    }
}

static inline uint32_t xw_row_singles(uint32_t a) {
    return (uint32_t)T_single[a & 511] | ((uint32_t)T_single[(a >> 9) & 511] << 9) |
           ((uint32_t)T_single[a >> 18] << 18);
}

/* The extra houses' rules on digit words a0..a2 (see the top); 0 on a contradiction. */
static inline int xw_houses(const S9 *s, uint32_t *n0, uint32_t *n1, uint32_t *n2) {
    const XWHouses *g = s->g;
    if (!g->nh) return 1;
    uint32_t a0 = *n0, a1 = *n1, a2 = *n2;
    uint32_t r0 = xw_row_singles(a0), r1 = xw_row_singles(a1), r2 = xw_row_singles(a2);
    for (int h = 0; h < g->nh; h++) {
        const uint32_t *m = g->m[h];
        uint32_t y0 = a0 & m[0], y1 = a1 & m[1], y2 = a2 & m[2];
        uint32_t p0 = y0 & r0, p1 = y1 & r1, p2 = y2 & r2;
        if (p0 | p1 | p2) {
            if (sk_pop32(p0) + sk_pop32(p1) + sk_pop32(p2) > 1) return 0;
            a0 &= ~(m[0] & ~p0);
            a1 &= ~(m[1] & ~p1);
            a2 &= ~(m[2] & ~p2);
            continue;
        }
        int k = sk_pop32(y0) + sk_pop32(y1) + sk_pop32(y2);
        if (k == 0) return 0;
        if (k == 1) {
            if (y0) a0 &= ~T_rowpeers[sk_ctz32(y0)];
            else if (y1) a1 &= ~T_rowpeers[sk_ctz32(y1)];
            else a2 &= ~T_rowpeers[sk_ctz32(y2)];
            continue;
        }
        int few = k <= 3;
        if (few) { /* two or three places: one of them holds the digit, so a cell that sees
                    * all of them loses it (locked candidates, and the diagonals' corners) */
            uint32_t q0 = BAND_FULL, q1 = BAND_FULL, q2 = BAND_FULL, ys[3] = {y0, y1, y2};
            for (int b = 0; b < 3; b++)
                for (uint32_t y = ys[b]; y; y &= y - 1) {
                    const uint32_t *pe = g->peer[27 * b + sk_ctz32(y)];
                    q0 &= pe[0];
                    q1 &= pe[1];
                    q2 &= pe[2];
                }
            a0 &= ~(q0 & ~y0);
            a1 &= ~(q1 & ~y1);
            a2 &= ~(q2 & ~y2);
        }
        /* locked candidates: the digit's places in one of the houses all in the intersection
         * leave the other house's other cells (from the extra house: done above with few) */
        int from_house = !few && k <= g->seg_max[h];
        for (int j = g->seg_start[h]; j < g->seg_start[h + 1]; j++) {
            const uint32_t *mo = g->seg[j][0], *uo = g->seg[j][1];
            if (from_house && !((a0 & mo[0]) | (a1 & mo[1]) | (a2 & mo[2]))) {
                a0 &= ~uo[0];
                a1 &= ~uo[1];
                a2 &= ~uo[2];
            } else if (!((a0 & uo[0]) | (a1 & uo[1]) | (a2 & uo[2]))) {
                a0 &= ~mo[0];
                a1 &= ~mo[1];
                a2 &= ~mo[2];
            }
        }
    }
    *n0 = a0;
    *n1 = a1;
    *n2 = a2;
    return 1;
}

#define SK9_WINDOWS(s) ((s)->g->windoku)

#define SK9_HOUSES xw_houses
#define SK9_PATTERN_FIRST 0 /* a bivalue cell first (see the top) */
#define SK9_MINICOLUMNS 0
#define SK9(name) xw_##name##_portable
#include "sk_bb9_search.h"
#undef SK9

#if (defined(__x86_64__) || defined(_M_X64)) && defined(__GNUC__) && !defined(__clang__) && !defined(SK_NO_BUILTINS)
#define XW_HAVE_BMI2 1
#pragma GCC push_options
#pragma GCC target("bmi2")
#include <immintrin.h>
#define SK9_PEXT 1
#define SK9(name) xw_##name##_bmi2
#include "sk_bb9_search.h"
#undef SK9
#undef SK9_PEXT
#pragma GCC pop_options
#endif

static int (*xw_solve)(const uint8_t *, sk_job *, const XWHouses *) = xw_solve_portable;

void sk_xw9_init(void) {
    bb9_tables_init();
    xw_windows_init();
#ifdef XW_HAVE_BMI2
    if (!strcmp(sk_bb9_path(), "bmi2")) xw_solve = xw_solve_bmi2; /* the classic solver's choice */
#endif
}

/* The band-word mask of cell c (row-major 0..80) */
static inline void xw_add(uint32_t m[3], int c) { m[c / 27] |= 1u << (c % 27); }

/* The cells of box (a, b) of the window frame (a, b < 2: a window) */
static void xw_frame_box(int a, int b, uint32_t m[3]) {
    m[0] = m[1] = m[2] = 0;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) xw_add(m, 9 * W_ORDER[3 * a + i] + W_ORDER[3 * b + k]);
}

int sk_xw9_new(const sk_vgeom *v, void **out) {
    *out = NULL;
    if (v->n != 9 || v->ncages || v->nhouses < 27 || v->nhouses > 27 + XW_MAXEXTRA) return 0;
    uint32_t classic[27][3], cell_peers[81][3];
    int seen[27] = {0};
    memset(classic, 0, sizeof classic);
    memset(cell_peers, 0, sizeof cell_peers);
    for (int i = 0; i < 9; i++)
        for (int k = 0; k < 9; k++) {
            xw_add(classic[i], 9 * i + k);                                          /* row i */
            xw_add(classic[9 + i], 9 * k + i);                                      /* column i */
            xw_add(classic[18 + i], 9 * (3 * (i / 3) + k / 3) + 3 * (i % 3) + k % 3); /* box i */
        }
    XWHouses hs;
    memset(&hs, 0, sizeof hs);
    uint32_t extra[XW_MAXEXTRA][3];
    int nextra = 0;
    for (int h = 0; h < v->nhouses; h++) {
        uint32_t m[3] = {0, 0, 0};
        const uint16_t *cells = v->house_cells + (size_t)h * 9;
        for (int k = 0; k < 9; k++) xw_add(m, cells[k]);
        if (sk_pop32(m[0]) + sk_pop32(m[1]) + sk_pop32(m[2]) != 9) return 0; /* a cell twice */
        for (int k = 0; k < 9; k++)
            for (int b = 0; b < 3; b++) cell_peers[cells[k]][b] |= m[b];
        int j = 0;
        while (j < 27 && (seen[j] || memcmp(classic[j], m, sizeof m))) j++;
        if (j < 27) {
            seen[j] = 1;
            continue;
        }
        if (nextra == XW_MAXEXTRA) return 0;
        memcpy(extra[nextra++], m, sizeof m);
    }
    /* Windoku's windows go to the window frame, the other extra houses are kept as houses */
    int is_window[XW_MAXEXTRA] = {0};
    unsigned windows_found = 0;
    for (int w = 0; w < 4; w++) {
        uint32_t m[3];
        xw_frame_box(w / 2, w % 2, m);
        for (int e = 0; e < nextra; e++)
            if (!memcmp(extra[e], m, sizeof m)) {
                is_window[e] = 1;
                windows_found |= 1u << w;
            }
    }
    hs.windoku = windows_found == 15; /* all four (a house given twice counts once) */
    if (hs.windoku) /* all nine boxes of the window frame are houses (open_score counts them) */
        for (int k = 0; k < 9; k++) {
            uint32_t m[3];
            xw_frame_box(k / 3, k % 3, m);
            for (int b = 0; b < 3; b++)
                for (uint32_t x = m[b]; x; x &= x - 1)
                    for (int j = 0; j < 3; j++) cell_peers[27 * b + sk_ctz32(x)][j] |= m[j];
        }
    for (int e = 0; e < nextra; e++) {
        if (hs.windoku && is_window[e]) continue;
        if (hs.nh == XW_MAXH) return 0;
        memcpy(hs.m[hs.nh++], extra[e], sizeof extra[e]);
    }
    for (int j = 0; j < 27; j++)
        if (!seen[j]) return 0; /* not the classic rows, columns and boxes */
    int nseg = 0;
    for (int h = 0; h < hs.nh; h++) {
        hs.seg_start[h] = nseg;
        for (int j = 0; j < 27 + hs.nh; j++) {
            const uint32_t *u = j < 27 ? classic[j] : hs.m[j - 27];
            if (j == 27 + h) continue;
            uint32_t in[3] = {u[0] & hs.m[h][0], u[1] & hs.m[h][1], u[2] & hs.m[h][2]};
            int size = sk_pop32(in[0]) + sk_pop32(in[1]) + sk_pop32(in[2]);
            if (size < 2) continue;
            if (size > hs.seg_max[h]) hs.seg_max[h] = size;
            for (int b = 0; b < 3; b++) {
                hs.seg[nseg][0][b] = hs.m[h][b] & ~in[b];
                hs.seg[nseg][1][b] = u[b] & ~in[b];
            }
            nseg++;
        }
    }
    hs.seg_start[hs.nh] = nseg;
    memcpy(hs.peer, cell_peers, sizeof cell_peers);
    for (int c = 0; c < 81; c++) /* no peers but house mates (no chess moves, no dots) */
        for (uint32_t i = v->peer_start[c]; i < v->peer_start[c + 1]; i++) {
            int p = v->peers[i];
            if (!((cell_peers[c][p / 27] >> (p % 27)) & 1)) return 0;
        }
    XWHouses *x = malloc(sizeof *x);
    if (!x) return -1;
    *x = hs;
    *out = x;
    return 1;
}

void sk_xw9_free(void *bb) { free(bb); }

int sk_xw9_solve(const void *bb, const uint8_t *grid, sk_job *job) { return xw_solve(grid, job, bb); }
