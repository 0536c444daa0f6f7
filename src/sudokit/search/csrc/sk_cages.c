/* The sums a killer search checks (sk_vgeom's sum tables): every cage, and for every house
 * covered by cages, and every run of neighbouring houses (rows 1-2, 1-3, ...), what the rule of
 * 45 says (a house holds 1+..+n):
 *  - innies: the region's cells in cages that cross its border add up to 1+..+n a house less
 *    the cages inside it;
 *  - outies: the cells outside the region of the cages that cross its border add up to those
 *    cages' sums less the innies'.
 * A sum of cells that all see each other (one house's innies always do) holds different digits
 * and comes with its digit sets: k different digits 1..n adding up to it. The others (a few
 * cells, not all peers: digits may repeat) come last (from ndistinct on), with their total only.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"

typedef struct {
    sk_vgeom *g;
    const int *cage_of; /* per cell, its cage or -1 */
    size_t ncells, capcells, ncombos, capcombos;
} Build;

/* Make room for need items in *p (holding *cap); 0, or -1 when out of memory. */
static int grow(void **p, size_t *cap, size_t need, size_t item) {
    if (need <= *cap) return 0;
    size_t more = *cap ? *cap : 64;
    while (more < need) more *= 2;
    void *q = realloc(*p, more * item);
    if (!q) return -1;
    *p = q;
    *cap = more;
    return 0;
}

/* Append every set of k more digits from digit d up, adding up to sum, to the digits of mask. */
static int add_combos(Build *b, int d, int k, int sum, uint64_t mask) {
    sk_vgeom *g = b->g;
    if (k == 0) {
        if (sum) return 0;
        if (grow((void **)&g->combos, &b->capcombos, b->ncombos + 1, sizeof(uint64_t)) < 0) return -1;
        g->combos[b->ncombos++] = mask;
        return 0;
    }
    for (; d < g->n; d++) {
        int v = d + 1;
        if (k * v + k * (k - 1) / 2 > sum) break; /* the smallest k digits from v on pass sum */
        if (add_combos(b, d + 1, k - 1, sum - v, mask | (1ULL << d)) < 0) return -1;
    }
    return 0;
}

/* Add the sum of k cells, holding different digits when distinct (with its digit sets), unless
 * those cells have that sum already. */
static int add_sum(Build *b, const uint16_t *cells, int k, int total, int distinct) {
    sk_vgeom *g = b->g;
    for (int j = 0; j < g->nsums; j++) {
        if ((int)(g->sum_start[j + 1] - g->sum_start[j]) != k || g->sum_total[j] != total) continue;
        int same = 1;
        for (int x = 0; x < k && same; x++) {
            same = 0;
            for (uint32_t y = g->sum_start[j]; y < g->sum_start[j + 1] && !same; y++) same = g->sum_cells[y] == cells[x];
        }
        if (same) return 0;
    }
    int i = g->nsums++;
    if (grow((void **)&g->sum_cells, &b->capcells, b->ncells + (size_t)k, sizeof(uint16_t)) < 0) return -1;
    g->sum_start[i] = (uint32_t)b->ncells;
    memcpy(g->sum_cells + b->ncells, cells, sizeof(uint16_t) * (size_t)k);
    b->ncells += (size_t)k;
    g->sum_start[i + 1] = (uint32_t)b->ncells;
    g->sum_total[i] = total;
    g->combo_start[i] = (uint32_t)b->ncombos;
    if (distinct && add_combos(b, 0, k, total, 0) < 0) return -1;
    g->combo_start[i + 1] = (uint32_t)b->ncombos;
    return 0;
}

static int peers(const sk_vgeom *g, const int *cage_of, int a, int b) {
    if (cage_of[a] == cage_of[b]) return 1;
    for (int h = 0; h < g->nhouses; h++)
        if (g->member[(size_t)a * g->nhouses + h] && g->member[(size_t)b * g->nhouses + h]) return 1;
    for (uint32_t i = g->peer_start[a]; i < g->peer_start[a + 1]; i++)
        if (g->peers[i] == b) return 1;
    return 0;
}

static int all_peers(const sk_vgeom *g, const int *cage_of, const uint16_t *cells, int k) {
    for (int i = 0; i < k; i++)
        for (int j = i + 1; j < k; j++)
            if (!peers(g, cage_of, cells[i], cells[j])) return 0;
    return 1;
}

#define INSIDE -2   /* a cage inside the region, its sum counted */
#define CROSSING -1 /* a cage crossing the region's border, its outies noted */

/* Most cells of a sum with digit sets (cells that see each other) of one house's innies or
 * outies and of a run's, and of any sum of cells that do not see each other (a total only):
 * beyond them such sums cost more than they prune (measured with callgrind on 200 generated
 * 9x9 killers and checked on 100 others, 1 to 9 cells each). */
#define HOUSE_CELLS 5
#define RUN_SUM_CELLS 4
#define LOOSE_CELLS 5

/* Is the sum of these k cells one to add in this pass: in the distinct pass, of cells that see
 * each other (one house's innies always do), else of cells that do not, with a total a 64-bit
 * mask of sums holds? */
static int wanted(const Build *b, const uint16_t *cells, int k, int total, int one_house, int distinct) {
    if (distinct) return one_house || all_peers(b->g, b->cage_of, cells, k);
    return !one_house && total < 64 && !all_peers(b->g, b->cage_of, cells, k);
}

/* The innies and outies of the region made of the nh houses hs (disjoint), when cages cover
 * it (inside: room for a count per cage; in: a flag per cell; innies, outies: every cell).
 * One house's innies are always different digits; a run's only when they see each other. */
static int region_sums(Build *b, const int *hs, int nh, int distinct, const int *cage_of, int *inside, uint8_t *in,
                       uint16_t *innies, uint16_t *outies) {
    sk_vgeom *g = b->g;
    int n = g->n, total = nh * n * (n + 1) / 2, ni = 0, no = 0, crossing = 0, size = nh * n;
    for (int j = 0; j < nh; j++)
        for (int i = 0; i < n; i++)
            if (cage_of[g->house_cells[(size_t)hs[j] * (size_t)n + i]] < 0) return 0; /* a cell in no cage: no sum */
    for (int j = 0; j < nh; j++)
        for (int i = 0; i < n; i++) {
            int c = g->house_cells[(size_t)hs[j] * (size_t)n + i];
            inside[cage_of[c]] = 0;
            in[c] = 1;
        }
    for (int j = 0; j < nh; j++)
        for (int i = 0; i < n; i++) inside[cage_of[g->house_cells[(size_t)hs[j] * (size_t)n + i]]]++;
    for (int j = 0; j < nh; j++)
        for (int i = 0; i < n; i++) {
            int c = g->house_cells[(size_t)hs[j] * (size_t)n + i];
            int k = cage_of[c], ksize = (int)(g->cage_start[k + 1] - g->cage_start[k]);
            if (inside[k] == INSIDE) continue;
            if (inside[k] == ksize) {
                total -= g->cage_sum[k];
                inside[k] = INSIDE;
                continue;
            }
            innies[ni++] = (uint16_t)c;
            if (inside[k] == CROSSING) continue; /* its outies are in already */
            inside[k] = CROSSING;
            crossing += g->cage_sum[k];
            for (uint32_t x = g->cage_start[k]; x < g->cage_start[k + 1]; x++)
                if (!in[g->cage_cells[x]]) outies[no++] = g->cage_cells[x];
        }
    for (int j = 0; j < nh; j++)
        for (int i = 0; i < n; i++) in[g->house_cells[(size_t)hs[j] * (size_t)n + i]] = 0;
    if (ni > 0 && ni < size && ni <= (!distinct ? LOOSE_CELLS : nh == 1 ? HOUSE_CELLS : RUN_SUM_CELLS) && wanted(b, innies, ni, total, nh == 1, distinct) &&
        add_sum(b, innies, ni, total, distinct) < 0)
        return -1;
    int rest = crossing - total;
    if (no > 0 && no <= (!distinct ? LOOSE_CELLS : nh == 1 ? HOUSE_CELLS : RUN_SUM_CELLS) && wanted(b, outies, no, rest, 0, distinct) &&
        add_sum(b, outies, no, rest, distinct) < 0)
        return -1;
    return 0;
}

/* Do houses a and b share no cell? */
static int disjoint(const sk_vgeom *g, int a, int b) {
    for (int i = 0; i < g->n; i++)
        if (g->member[(size_t)g->house_cells[(size_t)a * (size_t)g->n + i] * g->nhouses + b]) return 0;
    return 1;
}

int sk_cage_sums(sk_vgeom *g) {
    Build b = {g, NULL, 0, 0, 0, 0};
    size_t nc = (size_t)g->n * (size_t)g->n;
    size_t most = (size_t)g->ncages + 2 * (size_t)g->nhouses * (size_t)g->n; /* a house, or a run from it */
    int *cage_of = malloc(sizeof(int) * nc);
    int *inside = malloc(sizeof(int) * ((size_t)g->ncages + 1));
    uint16_t *innies = malloc(sizeof(uint16_t) * nc);
    uint8_t *in = calloc(nc, 1);
    uint16_t *outies = malloc(sizeof(uint16_t) * nc);
    g->sum_start = malloc(sizeof(uint32_t) * (most + 1));
    g->combo_start = malloc(sizeof(uint32_t) * (most + 1));
    g->sum_total = malloc(sizeof(int) * (most + 1));
    int rc = -1;
    g->nsums = g->ndistinct = 0;
    if (!cage_of || !inside || !innies || !in || !outies || !g->sum_start || !g->combo_start || !g->sum_total) goto done;
    g->sum_start[0] = g->combo_start[0] = 0;
    for (size_t c = 0; c < nc; c++) cage_of[c] = -1;
    for (int k = 0; k < g->ncages; k++) {
        for (uint32_t j = g->cage_start[k]; j < g->cage_start[k + 1]; j++) cage_of[g->cage_cells[j]] = k;
        if (add_sum(&b, g->cage_cells + g->cage_start[k], (int)(g->cage_start[k + 1] - g->cage_start[k]),
                    g->cage_sum[k], 1) < 0)
            goto done;
    }
    b.cage_of = cage_of;
    /* the houses, then runs of neighbouring houses in the tables' order (rows 1-2, 1-3, ...),
     * each disjoint from the others: their few innies and outies; those that may repeat
     * digits last */
    for (int distinct = 1; distinct >= 0; distinct--) {
        if (!distinct) g->ndistinct = g->nsums;
        for (int h = 0; h < g->nhouses; h++)
            if (region_sums(&b, &h, 1, distinct, cage_of, inside, in, innies, outies) < 0) goto done;
        for (int h = 0; h < g->nhouses; h++) {
            int run[SK_MAX_N], nr = 1;
            run[0] = h;
            for (int j = h + 1; j < g->nhouses && nr < g->n - 1; j++) {
                int ok = 1;
                for (int i = 0; i < nr && ok; i++) ok = disjoint(g, run[i], j);
                if (!ok) break;
                run[nr++] = j;
                if (region_sums(&b, run, nr, distinct, cage_of, inside, in, innies, outies) < 0) goto done;
            }
        }
    }
    rc = 0;
done:
    free(cage_of);
    free(inside);
    free(innies);
    free(in);
    free(outies);
    return rc;
}

void sk_cage_sums_release(sk_vgeom *g) {
    free(g->sum_start);
    free(g->sum_cells);
    free(g->sum_total);
    free(g->combo_start);
    free(g->combos);
    g->sum_start = g->combo_start = NULL;
    g->sum_cells = NULL;
    g->sum_total = NULL;
    g->combos = NULL;
    g->nsums = g->ndistinct = 0;
}
