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
    /* the sums whose digits may repeat, added after the others: sum i holds the cells
     * loose_cells[LOOSE_CELLS * i ..] (loose_size[i] of them) adding up to loose_total[i] */
    int nloose;
    uint16_t *loose_cells;
    int *loose_size, *loose_total;
    int gen, *cage_gen, *cell_gen; /* the last region that counted each cage and held each cell */
    uint32_t *made; /* per (k, total), where its digit sets are in combos already (two offsets), or 0 */
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
    if (k * g->n - k * (k - 1) / 2 < sum) return 0; /* the largest k digits fall short */
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
            for (uint32_t y = g->sum_start[j]; y < g->sum_start[j + 1] && !same; y++)
                same = g->sum_cells[y] == cells[x];
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
    if (distinct) {
        uint32_t *made = b->made + 2 * ((size_t)k * (size_t)(g->n * (g->n + 1) / 2 + 1) + (size_t)total);
        if (made[1]) { /* the same k and total as an earlier sum: its sets again */
            size_t from = made[0] - 1, count = made[1] - made[0];
            if (grow((void **)&g->combos, &b->capcombos, b->ncombos + count, sizeof(uint64_t)) < 0) return -1;
            memcpy(g->combos + b->ncombos, g->combos + from, sizeof(uint64_t) * count);
            b->ncombos += count;
        } else {
            if (add_combos(b, 0, k, total, 0) < 0) return -1;
            made[0] = g->combo_start[i] + 1;
            made[1] = (uint32_t)b->ncombos + 1;
        }
    }
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
/* Beyond these many cells a run's innies or outies make no sum of either kind */
#define RUN_CELLS_MAX (RUN_SUM_CELLS > LOOSE_CELLS ? RUN_SUM_CELLS : LOOSE_CELLS)

/* Add the sum of k cells (one house's innies, whose digits all differ, when one_house): with
 * its digit sets when they all see each other and k is at most most, else (a total a 64-bit
 * mask of sums holds, at most LOOSE_CELLS cells) noted to add after the others. */
static int region_sum(Build *b, const uint16_t *cells, int k, int total, int one_house, int most) {
    if (k > most && k > LOOSE_CELLS) return 0; /* too big either way: not worth the peer test */
    if (one_house || all_peers(b->g, b->cage_of, cells, k)) return k <= most ? add_sum(b, cells, k, total, 1) : 0;
    if (k > LOOSE_CELLS || total >= 64) return 0;
    memcpy(b->loose_cells + (size_t)LOOSE_CELLS * (size_t)b->nloose, cells, sizeof(uint16_t) * (size_t)k);
    b->loose_size[b->nloose] = k;
    b->loose_total[b->nloose++] = total;
    return 0;
}

/* The innies and outies of the region made of the nh houses hs (disjoint, every cell in a
 * cage): b->gen tells the cages and cells of this region from older ones (inside: a count per
 * cage; innies, outies: room for every cell). */
static int region_sums(Build *b, const int *hs, int nh, int *inside, uint16_t *innies, uint16_t *outies) {
    sk_vgeom *g = b->g;
    const int *cage_of = b->cage_of;
    int n = g->n, total = nh * n * (n + 1) / 2, ni = 0, no = 0, crossing = 0, size = nh * n, gen = ++b->gen;
    for (int j = 0; j < nh; j++)
        for (int i = 0; i < n; i++) {
            int c = g->house_cells[(size_t)hs[j] * (size_t)n + i], k = cage_of[c];
            b->cell_gen[c] = gen;
            if (b->cage_gen[k] != gen) {
                b->cage_gen[k] = gen;
                inside[k] = 0;
            }
            inside[k]++;
        }
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
                if (b->cell_gen[g->cage_cells[x]] != gen) outies[no++] = g->cage_cells[x];
        }
    int most = nh == 1 ? HOUSE_CELLS : RUN_SUM_CELLS;
    if (ni > 0 && ni < size && region_sum(b, innies, ni, total, nh == 1, most) < 0) return -1;
    if (no > 0 && region_sum(b, outies, no, crossing - total, 0, most) < 0) return -1;
    return 0;
}

/* Do houses a and b share no cell? */
static int disjoint(const sk_vgeom *g, int a, int b) {
    for (int i = 0; i < g->n; i++)
        if (g->member[(size_t)g->house_cells[(size_t)a * (size_t)g->n + i] * g->nhouses + b]) return 0;
    return 1;
}

int sk_cage_sums(sk_vgeom *g) {
    Build b;
    memset(&b, 0, sizeof b);
    b.g = g;
    size_t nc = (size_t)g->n * (size_t)g->n;
    size_t most = (size_t)g->ncages + 2 * (size_t)g->nhouses * (size_t)g->n; /* a house, or a run from it */
    int *cage_of = malloc(sizeof(int) * nc);
    int *inside = malloc(sizeof(int) * ((size_t)g->ncages + 1));
    int *count = malloc(sizeof(int) * ((size_t)g->ncages + 1)); /* cells of each cage in a run */
    uint16_t *innies = malloc(sizeof(uint16_t) * nc);
    b.cell_gen = calloc(nc, sizeof(int));
    b.cage_gen = calloc((size_t)g->ncages + 1, sizeof(int));
    b.made = calloc(2 * (size_t)(g->n + 1) * (size_t)(g->n * (g->n + 1) / 2 + 1), sizeof(uint32_t));
    uint64_t covered = 0; /* the houses whose cells are all in cages */
    uint16_t *outies = malloc(sizeof(uint16_t) * nc);
    b.loose_cells = malloc(sizeof(uint16_t) * LOOSE_CELLS * most);
    b.loose_size = malloc(sizeof(int) * most);
    b.loose_total = malloc(sizeof(int) * most);
    g->sum_start = malloc(sizeof(uint32_t) * (most + 1));
    g->combo_start = malloc(sizeof(uint32_t) * (most + 1));
    g->sum_total = malloc(sizeof(int) * (most + 1));
    int rc = -1;
    g->nsums = g->ndistinct = 0;
    if (!cage_of || !inside || !count || !innies || !outies || !b.cell_gen || !b.cage_gen || !b.made || !b.loose_cells ||
        !b.loose_size || !b.loose_total || !g->sum_start || !g->combo_start || !g->sum_total)
        goto done;
    g->sum_start[0] = g->combo_start[0] = 0;
    for (size_t c = 0; c < nc; c++) cage_of[c] = -1;
    for (int k = 0; k < g->ncages; k++) {
        for (uint32_t j = g->cage_start[k]; j < g->cage_start[k + 1]; j++) cage_of[g->cage_cells[j]] = k;
        if (add_sum(&b, g->cage_cells + g->cage_start[k], (int)(g->cage_start[k + 1] - g->cage_start[k]),
                    g->cage_sum[k], 1) < 0)
            goto done;
    }
    b.cage_of = cage_of;
    for (int h = 0; h < g->nhouses && h < 64; h++) {
        int all = 1;
        for (int i = 0; i < g->n && all; i++) all = cage_of[g->house_cells[(size_t)h * (size_t)g->n + i]] >= 0;
        if (all) covered |= 1ULL << h;
    }
    /* the houses, then runs of neighbouring houses in the tables' order (rows 1-2, 1-3, ...),
     * each disjoint from the others: their few innies and outies; those that may repeat
     * digits last */
    for (int h = 0; h < g->nhouses && h < 64; h++)
        if (((covered >> h) & 1) && region_sums(&b, &h, 1, inside, innies, outies) < 0) goto done;
    for (int h = 0; h < g->nhouses && h < 64; h++) {
        int run[SK_MAX_N], nr = 1, ni = 0, no = 0;
        run[0] = h;
        for (int k = 0; k < g->ncages; k++) count[k] = 0;
        for (int j = h; j < g->nhouses && j < 64 && nr < g->n - 1; j++) {
            if (j > h) {
                int ok = 1;
                for (int i = 0; i < nr && ok; i++) ok = disjoint(g, run[i], j);
                if (!ok) break;
                run[nr++] = j;
                if (!((covered >> h) & (covered >> j) & 1)) break; /* a cell in no cage: no sum, here or longer */
            }
            /* the run's innies (cells of the cages it holds in part) and outies, counted as
             * houses join; the cells themselves only when few enough to make a sum */
            for (int i = 0; i < g->n; i++) {
                int c = g->house_cells[(size_t)j * (size_t)g->n + i], k = cage_of[c];
                if (k < 0) continue;
                int size = (int)(g->cage_start[k + 1] - g->cage_start[k]), was = count[k]++;
                if (was > 0 && was < size) {
                    ni -= was;
                    no -= size - was;
                }
                if (was + 1 < size) {
                    ni += was + 1;
                    no += size - was - 1;
                }
            }
            if (j == h) continue;
            if (((ni > 0 && ni <= RUN_CELLS_MAX && ni < nr * g->n) || (no > 0 && no <= RUN_CELLS_MAX)) &&
                region_sums(&b, run, nr, inside, innies, outies) < 0)
                goto done;
        }
    }
    g->ndistinct = g->nsums;
    for (int i = 0; i < b.nloose; i++)
        if (add_sum(&b, b.loose_cells + (size_t)LOOSE_CELLS * (size_t)i, b.loose_size[i], b.loose_total[i], 0) < 0)
            goto done;
    rc = 0;
done:
    free(cage_of);
    free(inside);
    free(count);
    free(innies);
    free(b.cell_gen);
    free(b.cage_gen);
    free(b.made);
    free(outies);
    free(b.loose_cells);
    free(b.loose_size);
    free(b.loose_total);
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
