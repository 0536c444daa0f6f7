/* 9x9 killers with no givens solved by the compiled core's killer search, timed in C: the
 * "core solve" figure of issue 18 (no Python call around each solve). Reads one puzzle a line,
 * its cages as "sum size cell cell ..." (cells 0..80), as bench_variants.py --write-killers
 * writes them; each is prepared once (its sums and digit sets), then solved with limit 2
 * (uniqueness proved; limit 1: the first solution, restarts allowed as in core.solve's default
 * call), in repeat passes over the file; each puzzle's best pass counts. Prints a markdown table
 * row.
 *
 *   python benchmarks/bench_variants.py --only killer --killers 200 --write-killers /tmp/k.txt
 *   cc -O3 -march=x86-64-v2 -Isrc/sudokit/engines/search/csrc -o /tmp/killer_core benchmarks/killer_core.c \
 *      src/sudokit/engines/search/csrc/sk_{geom,dispatch,variant,cages,vbb9,vbb16,vbbk9,vbbk16,xw9,bb9,generic,digits}.c
 *   /tmp/killer_core /tmp/k.txt [repeat [limit]]
 *
 * Under valgrind --tool=callgrind --toggle-collect=sk_vbbk9_solve it counts the search's
 * instructions alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sk_dispatch.h"

#define N 9
#define CELLS (N * N)

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_ll(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* Read the cages of one line; the number of cages, or -1 when the line is not cages. */
static int read_cages(const char *line, uint32_t *start, uint16_t *cells, uint16_t *sums) {
    int ncages = 0, ncells = 0, sum, size, used;
    while (sscanf(line, "%d %d%n", &sum, &size, &used) == 2) {
        line += used;
        if (ncages >= CELLS || size < 1 || size > N || ncells + size > CELLS) return -1;
        sums[ncages] = (uint16_t)sum;
        start[ncages] = (uint32_t)ncells;
        for (int i = 0; i < size; i++) {
            int c;
            if (sscanf(line, "%d%n", &c, &used) != 1 || c < 0 || c >= CELLS) return -1;
            line += used;
            cells[ncells++] = (uint16_t)c;
        }
        ncages++;
    }
    start[ncages] = (uint32_t)ncells;
    return ncages;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s CAGES_FILE [repeat [limit]]\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    int repeat = argc > 2 ? atoi(argv[2]) : 3;
    if (repeat < 1) repeat = 1;
    int limit = argc > 3 && atoi(argv[3]) == 1 ? 1 : 2;
    static uint16_t houses[3 * N * N];
    static uint32_t peer_start[CELLS + 1]; /* no peers beyond the houses' */
    static uint16_t no_peers[1];
    for (int i = 0; i < N; i++)
        for (int k = 0; k < N; k++) {
            houses[i * N + k] = (uint16_t)(i * N + k);                                   /* rows */
            houses[N * N + i * N + k] = (uint16_t)(k * N + i);                           /* columns */
            houses[2 * N * N + i * N + k] = (uint16_t)((i / 3 * 3 + k / 3) * N + i % 3 * 3 + k % 3); /* boxes */
        }
    size_t cap = 64, count = 0;
    sk_vgeom *geoms = malloc(sizeof(sk_vgeom) * cap);
    char line[8192];
    while (fgets(line, sizeof line, f)) {
        uint32_t *start = malloc(sizeof(uint32_t) * (CELLS + 1));
        uint16_t *cells = malloc(sizeof(uint16_t) * CELLS), *sums = malloc(sizeof(uint16_t) * CELLS);
        int ncages = read_cages(line, start, cells, sums);
        if (ncages <= 0) {
            free(start);
            free(cells);
            free(sums);
            continue;
        }
        if (count == cap) {
            cap *= 2;
            geoms = realloc(geoms, sizeof(sk_vgeom) * cap);
        }
        sk_vgeom *g = &geoms[count];
        memset(g, 0, sizeof *g);
        g->n = N;
        g->nhouses = 3 * N;
        g->full = (1u << N) - 1;
        g->house_cells = houses;
        g->peer_start = peer_start;
        g->peers = no_peers;
        g->ncages = ncages;
        g->cage_start = start;
        g->cage_cells = cells;
        g->cage_sum = sums;
        if (sk_vgeom_prepare(g, 1) != 0 || !(g->rules & SK_SUMS)) {
            fprintf(stderr, "cages not prepared: %s", line);
            return 1;
        }
        count++;
    }
    /* passes over the whole file, so that each solve meets a puzzle the caches and branch
     * predictors have not just seen (the same puzzle solved again at once runs about 15%
     * faster); each puzzle's best pass counts */
    double *times = malloc(sizeof(double) * (count ? count : 1));
    long long *nodes = malloc(sizeof(long long) * (count ? count : 1));
    int not_unique = 0;
    for (size_t i = 0; i < count; i++) times[i] = 1e30;
    for (int r = 0; r < repeat; r++)
        for (size_t i = 0; i < count; i++) {
            uint8_t grid[CELLS] = {0};
            sk_job job;
            memset(&job, 0, sizeof job);
            job.limit = limit;
            job.restarts = 1;
            job.keep = 0;
            job.next_check = 1LL << 62; /* no limits, no polls */
            double t0 = sk_now();
            sk_puzzle p = sk_tables_puzzle(&geoms[i], 0);
            sk_solve(&p, SK_FAST, grid, &job);
            double t = sk_now() - t0;
            if (t < times[i]) times[i] = t;
            nodes[i] = job.nodes;
            if (r == 0) not_unique += job.count != 1;
        }
    double total = 0;
    long long all_nodes = 0;
    for (size_t i = 0; i < count; i++) {
        total += times[i];
        all_nodes += nodes[i];
        sk_vgeom_release(&geoms[i]);
        free((void *)geoms[i].cage_start);
        free((void *)geoms[i].cage_cells);
        free((void *)geoms[i].cage_sum);
    }
    free(geoms);
    if (!count) {
        fprintf(stderr, "no cages read from %s\n", argv[1]);
        return 1;
    }
    qsort(times, count, sizeof *times, cmp_double);
    qsort(nodes, count, sizeof *nodes, cmp_ll);
    double load[3] = {0, 0, 0};
    FILE *la = fopen("/proc/loadavg", "r");
    if (la) {
        if (fscanf(la, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3) load[0] = load[1] = load[2] = 0;
        fclose(la);
    }
    printf("load average %.2f, %.2f, %.2f; each puzzle's best of %d passes\n\n", load[0], load[1], load[2], repeat);
    printf("| 9x9 killers, no givens, limit %d | %s | nodes: mean, median, max | solves/s | "
           "µs median | µs max |\n|---|---:|---:|---:|---:|---:|\n",
           limit, limit == 2 ? "not unique" : "no solution");
    printf("| %zu puzzles | %d | %.0f, %lld, %lld | %.0f | %.0f | %.0f |\n", count, not_unique,
           (double)all_nodes / (double)count, nodes[count / 2], nodes[count - 1], (double)count / total,
           times[count / 2] * 1e6, times[count - 1] * 1e6);
    free(times);
    free(nodes);
    return 0;
}
