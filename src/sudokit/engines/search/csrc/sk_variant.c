/* The variant solver: any houses (rows, columns, boxes or jigsaw regions, diagonals, windows)
 * and any extra peers (a chess move apart), given as tables; n <= 64.
 *
 * State: the candidates of each cell (bit d = digit d+1), the value of each cell and the count
 * of open cells, copied per branch. Propagation to a fixpoint:
 *  - naked single: a cell left with one digit takes it; the digit leaves every peer;
 *  - hidden single: a digit with one place left in a house goes there; a digit with no place
 *    (or a cell with no digit) is a contradiction.
 *  - locked candidates, for any two houses: a digit whose places in a house all lie in another
 *    house leaves the rest of that other house (box-line, diagonal-box, window-row, region-column);
 * Houses are swept again only while something changed. Search: depth first on the open cell
 * with the fewest candidates (random order among its digits when randomizing).
 */
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"

typedef struct {
    const sk_vgeom *g;
    sk_job *job;
    int n, nc;
    uint16_t *queue; /* cells that became single, to assign */
    int nq;
    uint64_t rng;
    int randomize;
    const uint8_t *member; /* the geometry's tables (sk_variant_prepare) */
    const uint16_t *hof;
    const uint8_t *nhof;
} V;

#define MAX_HOF SK_MAX_HOF

/* A state block: [0] open cells, [1..nc] candidates, then nc value bytes. */
#define VOPEN(s) ((s)[0])
#define VCAND(s) ((s) + 1)
#define VVAL(x, s) ((uint8_t *)((s) + 1 + (x)->nc))

static size_t vwords(int nc) { return 1 + (size_t)nc + ((size_t)nc + 7) / 8; }

/* Remove the digits of mask from cell; 0 when the cell is left empty. */
static inline int velim(V *x, uint64_t *s, int cell, uint64_t mask) {
    uint64_t *cand = VCAND(s);
    uint64_t c = cand[cell];
    if (!(c & mask)) return 1;
    c &= ~mask;
    cand[cell] = c;
    if (!c) return 0;
    if (!(c & (c - 1))) x->queue[x->nq++] = (uint16_t)cell;
    return 1;
}

static int vassign(V *x, uint64_t *s, int cell) {
    uint8_t *val = VVAL(x, s);
    if (val[cell]) return 1;
    uint64_t bit = VCAND(s)[cell];
    if (!bit || (bit & (bit - 1))) return bit != 0; /* changed since queued: still open */
    val[cell] = (uint8_t)(sk_ctz64(bit) + 1);
    VOPEN(s)--;
    const sk_vgeom *g = x->g;
    for (uint32_t i = g->peer_start[cell]; i < g->peer_start[cell + 1]; i++) {
        int p = g->peers[i];
        if (val[p]) {
            if (val[p] == val[cell]) return 0;
            continue;
        }
        if (!velim(x, s, p, bit)) return 0;
    }
    return 1;
}

static int vsingles(V *x, uint64_t *s) {
    while (x->nq)
        if (!vassign(x, s, x->queue[--x->nq])) return 0;
    return 1;
}

/* Hidden singles over every house; returns 0 on a contradiction, else 1 (2 if it placed any). */
static int vhidden(V *x, uint64_t *s) {
    const sk_vgeom *g = x->g;
    const uint64_t *cand = VCAND(s);
    const uint8_t *val = VVAL(x, s);
    int n = x->n, placed = 0;
    for (int h = 0; h < g->nhouses; h++) {
        const uint16_t *cells = g->house_cells + (size_t)h * (size_t)n;
        uint64_t once = 0, twice = 0, done = 0;
        for (int k = 0; k < n; k++) {
            int c = cells[k];
            if (val[c]) {
                done |= 1ULL << (val[c] - 1);
                continue;
            }
            uint64_t m = cand[c];
            twice |= once & m;
            once |= m;
        }
        if ((once | done) != g->full) return 0;
        uint64_t hidden = once & ~twice & ~done;
        while (hidden) {
            uint64_t bit = hidden & -hidden;
            hidden &= hidden - 1;
            for (int k = 0; k < n; k++) {
                int c = cells[k];
                if (!val[c] && (cand[c] & bit)) {
                    if (cand[c] != bit) {
                        if (!velim(x, s, c, cand[c] & ~bit)) return 0;
                    }
                    break;
                }
            }
            placed = 1;
        }
        if (placed && !vsingles(x, s)) return 0;
    }
    return placed ? 2 : 1;
}

/* Locked candidates between any two houses; 0 on a contradiction, 2 if it removed any, else 1. */
static int vlocked(V *x, uint64_t *s) {
    const sk_vgeom *g = x->g;
    const uint64_t *cand = VCAND(s);
    const uint8_t *val = VVAL(x, s);
    int n = x->n, nh = g->nhouses, removed = 0;
    uint16_t pos[SK_MAX_N][SK_MAX_N];
    int cnt[SK_MAX_N];
    for (int h = 0; h < nh; h++) {
        const uint16_t *cells = g->house_cells + (size_t)h * (size_t)n;
        memset(cnt, 0, sizeof(int) * (size_t)n);
        for (int k = 0; k < n; k++) {
            int c = cells[k];
            if (val[c]) continue;
            uint64_t m = cand[c];
            while (m) {
                int d = sk_ctz64(m);
                m &= m - 1;
                pos[d][cnt[d]++] = (uint16_t)c;
            }
        }
        for (int d = 0; d < n; d++) {
            if (cnt[d] < 2) continue;
            int c0 = pos[d][0];
            for (int j = 0; j < x->nhof[c0]; j++) {
                int h2 = x->hof[c0 * MAX_HOF + j];
                if (h2 == h) continue;
                int inside = 1;
                for (int i = 1; i < cnt[d] && inside; i++) inside = x->member[(size_t)pos[d][i] * nh + h2];
                if (!inside) continue;
                const uint16_t *other = g->house_cells + (size_t)h2 * (size_t)n;
                uint64_t bit = 1ULL << d;
                for (int k = 0; k < n; k++) {
                    int c = other[k];
                    if (val[c] || !(cand[c] & bit) || x->member[(size_t)c * nh + h]) continue;
                    if (!velim(x, s, c, bit)) return 0;
                    removed = 1;
                }
            }
        }
        if (removed && !vsingles(x, s)) return 0;
    }
    return removed ? 2 : 1;
}

static int vpropagate(V *x, uint64_t *s) {
    for (;;) {
        if (!vsingles(x, s)) return 0;
        int r = vhidden(x, s);
        if (r == 2) continue;
        if (r == 0) return 0;
        r = vlocked(x, s);
        if (r != 2) return r;
    }
}

static int vchoose(V *x, const uint64_t *s) {
    const uint64_t *cand = VCAND(s);
    const uint8_t *val = VVAL(x, s);
    int best = 65, cell = -1;
    for (int i = 0; i < x->nc; i++) {
        if (val[i]) continue;
        int k = sk_pop64(cand[i]);
        if (k < best) {
            best = k;
            cell = i;
            if (k == 2) break;
        }
    }
    return cell;
}

int sk_variant_prepare(sk_vgeom *g) {
    size_t nc = (size_t)g->n * (size_t)g->n;
    g->member = calloc(nc * (size_t)g->nhouses, 1);
    g->hof = malloc(sizeof(uint16_t) * nc * MAX_HOF);
    g->nhof = calloc(nc, 1);
    if (!g->member || !g->hof || !g->nhof) {
        sk_variant_release(g);
        return -1;
    }
    for (int h = 0; h < g->nhouses; h++)
        for (int k = 0; k < g->n; k++) {
            int c = g->house_cells[(size_t)h * (size_t)g->n + k];
            if (g->member[(size_t)c * g->nhouses + h]) continue; /* a cell twice in a house */
            g->member[(size_t)c * g->nhouses + h] = 1;
            if (g->nhof[c] < MAX_HOF) g->hof[c * MAX_HOF + g->nhof[c]++] = (uint16_t)h;
        }
    return 0;
}

void sk_variant_release(sk_vgeom *g) {
    free(g->member);
    free(g->hof);
    free(g->nhof);
    g->member = NULL;
    g->hof = NULL;
    g->nhof = NULL;
}

/* Depth-first search below the propagated, open state states[0]; 1 when the search must stop,
 * 2 when the node count reaches budget_end (0: no budget). */
static int vdfs(V *x, uint64_t **states_p, int *scap_p, int *cells, uint64_t *rem, long long budget_end) {
    sk_job *job = x->job;
    size_t words = vwords(x->nc);
    int cap = x->nc + 2;
    int k = 0;
    cells[0] = vchoose(x, *states_p);
    rem[0] = VCAND(*states_p)[cells[0]];
    job->guesses++;
    while (k >= 0) {
        if (!rem[k]) {
            k--;
            continue;
        }
        uint64_t r = rem[k];
        int d = x->randomize ? sk_random_bit(r, &x->rng) : sk_ctz64(r);
        rem[k] = r & ~(1ULL << d);
        if (k + 1 >= *scap_p) {
            int more = 2 * *scap_p < cap ? 2 * *scap_p : cap;
            uint64_t *grown = realloc(*states_p, sizeof(uint64_t) * words * (size_t)more);
            if (!grown) {
                job->nomem = 1;
                return 1;
            }
            *states_p = grown;
            *scap_p = more;
        }
        uint64_t *states = *states_p;
        uint64_t *t = states + words * (size_t)(k + 1);
        memcpy(t, states + words * (size_t)k, sizeof(uint64_t) * words);
        if (sk_tick(job)) return 1;
        if (budget_end && job->nodes >= budget_end) return 2;
        x->nq = 0;
        VCAND(t)[cells[k]] = 1ULL << d;
        x->queue[x->nq++] = (uint16_t)cells[k];
        if (!vpropagate(x, t)) continue;
        if (!VOPEN(t)) {
            if (sk_store(job, VVAL(x, t), (size_t)x->nc)) return 1;
            continue;
        }
        k++;
        cells[k] = vchoose(x, t);
        rem[k] = VCAND(t)[cells[k]];
        job->guesses++;
    }
    return 0;
}

int sk_variant_solve(const sk_vgeom *g, const uint8_t *grid, sk_job *job) {
    V x;
    memset(&x, 0, sizeof x);
    x.g = g;
    x.job = job;
    x.n = g->n;
    x.nc = g->n * g->n;
    x.rng = job->seed;
    x.randomize = job->randomize;
    x.member = g->member;
    x.hof = g->hof;
    x.nhof = g->nhof;
    size_t words = vwords(x.nc);
    int cap = x.nc + 2, rc = 0, scap = cap < 32 ? cap : 32; /* states grow with the depth */
    uint64_t *states = malloc(sizeof(uint64_t) * words * (size_t)(scap + 1));
    int *cells = malloc(sizeof(int) * (size_t)cap);
    uint64_t *rem = malloc(sizeof(uint64_t) * (size_t)cap);
    x.queue = malloc(sizeof(uint16_t) * (size_t)x.nc * 2);
    uint64_t *root = malloc(sizeof(uint64_t) * words);
    if (!states || !cells || !rem || !x.queue || !root || !x.member) {
        job->nomem = 1;
        rc = -1;
        goto done;
    }
    memset(root, 0, sizeof(uint64_t) * words);
    VOPEN(root) = (uint64_t)x.nc;
    for (int i = 0; i < x.nc; i++) {
        uint64_t m = g->full;
        if (job->cands && !grid[i]) m &= job->cands[i];
        VCAND(root)[i] = m;
        if (!m) goto done;
    }
    for (int i = 0; i < x.nc; i++)
        if (grid[i]) {
            uint64_t bit = 1ULL << (grid[i] - 1);
            if (!(VCAND(root)[i] & bit)) goto done;
            VCAND(root)[i] = bit;
            x.queue[x.nq++] = (uint16_t)i;
        }
    for (int i = 0; i < x.nc; i++) /* cells single from their candidates alone */
        if (!grid[i] && !(VCAND(root)[i] & (VCAND(root)[i] - 1))) x.queue[x.nq++] = (uint16_t)i;
    if (sk_tick(job)) goto done;
    if (!vpropagate(&x, root)) goto done;
    if (!VOPEN(root)) {
        sk_store(job, VVAL(&x, root), (size_t)x.nc);
        goto done;
    }
    if (!(job->restarts && job->limit == 1)) {
        memcpy(states, root, sizeof(uint64_t) * words);
        vdfs(&x, &states, &scap, cells, rem, 0);
    } else {
        long long unit = SK_LUBY_UNIT_PER_N * x.n;
        for (long long run = 1;; run++) {
            memcpy(states, root, sizeof(uint64_t) * words);
            if (vdfs(&x, &states, &scap, cells, rem, job->nodes + unit * sk_luby(run)) != 2) break;
            x.randomize = 1; /* later runs take a new random order */
        }
    }
    if (job->nomem) rc = -1;
done:
    free(states);
    free(cells);
    free(rem);
    free(x.queue);
    free(root);
    return rc;
}
