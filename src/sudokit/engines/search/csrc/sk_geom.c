/* Grid geometry for the generic solvers (houses, peers, per-cell row/column/box), the clock
 * and the solution store shared by every solver. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _WIN32
#include <windows.h>
#endif

#include "sk_common.h"

double sk_now(void) {
#ifdef _WIN32
    LARGE_INTEGER freq, count;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&count);
    return (double)count.QuadPart / (double)freq.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
#endif
}

int sk_check(sk_job *job) {
    long long nodes = job->nodes;
    if (job->node_limit && nodes > job->node_limit) {
        job->aborted = 1;
        return 1;
    }
    if (job->deadline > 0 && sk_now() > job->deadline) {
        job->aborted = 1;
        return 1;
    }
    if (job->poll && nodes >= job->next_poll) {
        if (job->next_poll && job->poll(job->poll_ctx)) { /* the first call only schedules */
            job->stopped = 1;
            return 1;
        }
        job->next_poll = nodes + SK_POLL_NODES;
    }
    long long next = job->poll ? job->next_poll : LLONG_MAX;
    if (job->deadline > 0 && nodes + 64 < next) next = nodes + 64; /* the clock every 64 nodes */
    if (job->node_limit && job->node_limit + 1 < next) next = job->node_limit + 1;
    job->next_check = next;
    return 0;
}

int sk_store(sk_job *job, const uint8_t *solution, size_t ncells) {
    if (job->count < job->keep) {
        if (job->count >= job->out_cap) {
            long long cap = job->out_cap ? 2 * job->out_cap : 4;
            if (cap > job->keep) cap = job->keep;
            uint8_t *out = realloc(job->out, (size_t)cap * ncells);
            if (!out) {
                job->nomem = 1;
                return 1;
            }
            job->out = out;
            job->out_cap = cap;
        }
        memcpy(job->out + (size_t)job->count * ncells, solution, ncells);
    }
    job->count++;
    return job->count >= job->limit;
}

void sk_geom_free(sk_geom *g) {
    if (!g) return;
    free(g->house_cells);
    free(g->peers);
    free(g->row);
    free(g->col);
    free(g->box);
    free(g);
}

sk_geom *sk_geom_new(int br, int bc) {
    if (br < 1 || bc < 1 || br * bc > SK_MAX_N) return NULL;
    sk_geom *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    int n = br * bc, nc = n * n;
    g->br = br;
    g->bc = bc;
    g->n = n;
    g->ncells = nc;
    g->nhouses = 3 * n;
    g->full = n == 64 ? ~0ULL : ((1ULL << n) - 1);
    g->house_cells = malloc(sizeof(uint16_t) * (size_t)(3 * n * n));
    g->row = malloc(sizeof(uint16_t) * (size_t)nc);
    g->col = malloc(sizeof(uint16_t) * (size_t)nc);
    g->box = malloc(sizeof(uint16_t) * (size_t)nc);
    /* peers: the row and column (2(n-1)) plus the box cells outside both */
    g->npeers = 2 * (n - 1) + (br - 1) * (bc - 1);
    g->peers = malloc(sizeof(uint16_t) * (size_t)nc * (size_t)(g->npeers ? g->npeers : 1));
    if (!g->house_cells || !g->row || !g->col || !g->box || !g->peers) {
        sk_geom_free(g);
        return NULL;
    }
    for (int cell = 0; cell < nc; cell++) {
        int r = cell / n, c = cell % n;
        g->row[cell] = (uint16_t)r;
        g->col[cell] = (uint16_t)c;
        g->box[cell] = (uint16_t)((r / br) * br + c / bc);
    }
    for (int i = 0; i < n; i++) {
        int r0 = (i / br) * br, c0 = (i % br) * bc;
        for (int k = 0; k < n; k++) {
            g->house_cells[i * n + k] = (uint16_t)(i * n + k);                      /* row i */
            g->house_cells[(n + i) * n + k] = (uint16_t)(k * n + i);                /* column i */
            g->house_cells[(2 * n + i) * n + k] =                                   /* box i */
                (uint16_t)((r0 + k / bc) * n + c0 + k % bc);
        }
    }
    for (int cell = 0; cell < nc; cell++) {
        uint16_t *p = g->peers + (size_t)cell * (size_t)g->npeers;
        int r = g->row[cell], c = g->col[cell], k = 0;
        for (int j = 0; j < n; j++)
            if (j != c) p[k++] = (uint16_t)(r * n + j);
        for (int j = 0; j < n; j++)
            if (j != r) p[k++] = (uint16_t)(j * n + c);
        const uint16_t *bx = g->house_cells + (size_t)(2 * n + g->box[cell]) * (size_t)n;
        for (int j = 0; j < n; j++)
            if (g->row[bx[j]] != r && g->col[bx[j]] != c) p[k++] = bx[j];
    }
    return g;
}

int sk_givens_consistent(const sk_geom *g, const uint8_t *grid) {
    for (int h = 0; h < g->nhouses; h++) {
        uint64_t seen = 0;
        const uint16_t *cells = g->house_cells + (size_t)h * (size_t)g->n;
        for (int k = 0; k < g->n; k++) {
            int v = grid[cells[k]];
            if (!v) continue;
            uint64_t bit = 1ULL << (v - 1);
            if (seen & bit) return 0;
            seen |= bit;
        }
    }
    return 1;
}
