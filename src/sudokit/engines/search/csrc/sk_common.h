/* Shared definitions of the sudokit search core: bit helpers, random numbers, the search job
 * (limits in, statistics and solutions out) and the grid geometry used by the generic solvers.
 *
 * Grids are passed as one byte per cell, row-major, 0 for an empty cell and 1..N for a value.
 */
#ifndef SK_COMMON_H
#define SK_COMMON_H

#include <stddef.h>
#include <stdint.h>

#define SK_MAX_N 64

/* ---- bit helpers (gcc/clang builtins; portable fallbacks elsewhere or with SK_NO_BUILTINS) */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(SK_NO_BUILTINS)
static inline int sk_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline int sk_ctz32(uint32_t x) { return __builtin_ctz(x); }
static inline int sk_pop64(uint64_t x) { return __builtin_popcountll(x); }
static inline int sk_pop32(uint32_t x) { return __builtin_popcount(x); }
static inline int sk_hibit64(uint64_t x) { return 63 - __builtin_clzll(x); }
#define SK_LIKELY(x) __builtin_expect(!!(x), 1)
#define SK_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
static inline int sk_ctz64(uint64_t x) { int n = 0; while (!(x & 1)) { x >>= 1; n++; } return n; }
static inline int sk_ctz32(uint32_t x) { return sk_ctz64(x); }
static inline int sk_pop64(uint64_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }
static inline int sk_pop32(uint32_t x) { return sk_pop64(x); }
static inline int sk_hibit64(uint64_t x) { int n = -1; while (x) { x >>= 1; n++; } return n; }
#define SK_LIKELY(x) (x)
#define SK_UNLIKELY(x) (x)
#endif

/* ---- random numbers: splitmix64 (small state, good enough for branching order) -------- */
static inline uint64_t sk_rand(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A uniformly chosen set bit of a non-zero mask. */
static inline int sk_random_bit(uint64_t mask, uint64_t *state) {
    int k = (int)(sk_rand(state) % (uint64_t)sk_pop64(mask));
    while (k--) mask &= mask - 1;
    return sk_ctz64(mask);
}

double sk_now(void); /* monotonic clock, seconds */

/* ---- a search job ----------------------------------------------------------------------- */
typedef struct {
    /* in */
    long long limit;      /* stop after this many solutions (>= 1) */
    long long keep;       /* store at most this many solutions in out */
    uint8_t *out;         /* room for out_cap solutions (grown by sk_store, realloc-able) */
    long long out_cap;
    long long node_limit; /* 0: none */
    double deadline;      /* sk_now() value after which to stop; 0: none */
    int randomize;        /* random branching order from seed */
    uint64_t seed;
    int restarts;         /* generic solver: restarts with a growing node budget (limit 1 only) */
    const uint64_t *cands; /* per cell, the digits allowed (bit d-1); NULL: every digit. Only
                              the generic, variant and (for sk_carve.c) 9x9 solvers read it */
    const uint8_t *prefer; /* per cell, the digit (1..n) to try first when branching there, or
                              NULL (the generic solver; the generator's proofs: the known solution) */
    int (*poll)(void *);  /* asked every SK_POLL_NODES nodes (NULL: never); non-zero stops */
    void *poll_ctx;
    /* internal: node counts at which sk_check looks next at the limits and at poll */
    long long next_check, next_poll;
    /* out */
    long long count, nodes, guesses;
    int aborted; /* a node or time limit stopped the search */
    int stopped; /* poll stopped the search (a cancel or a signal) */
    int nomem;   /* an allocation failed */
} sk_job;

#define SK_POLL_NODES 4096

/* Count a solution and store it while fewer than keep are stored (growing out as needed).
 * Returns 1 when the search must stop: the solution limit is reached or memory ran out. */
int sk_store(sk_job *job, const uint8_t *solution, size_t ncells);

/* The slow path of sk_tick: look at the node and time limits and at poll, then schedule the
 * next look. Returns 1 when the search must stop (job->aborted or job->stopped set). */
int sk_check(sk_job *job);

/* Count a node; return 1 when a limit or poll says stop. One comparison on the hot path. */
static inline int sk_tick(sk_job *job) {
    if (SK_UNLIKELY(++job->nodes >= job->next_check)) return sk_check(job);
    return 0;
}

/* ---- geometry of a generic grid ---------------------------------------------------------- */
typedef struct {
    int br, bc, n, ncells, nhouses; /* box rows, box cols, side, cells, 3n houses */
    uint64_t full;                  /* the n low bits */
    uint16_t *house_cells;          /* nhouses * n: cells of each house (rows, cols, boxes) */
    uint16_t *peers;                /* ncells * npeers */
    int npeers;
    uint16_t *row, *col, *box;      /* per cell */
} sk_geom;

sk_geom *sk_geom_new(int br, int bc); /* NULL when out of memory */
void sk_geom_free(sk_geom *g);

/* Check givens for clashes in a house; 1 if consistent. */
int sk_givens_consistent(const sk_geom *g, const uint8_t *grid);

/* ---- restarts: the Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (i >= 1), in units of nodes ------- */
#define SK_LUBY_UNIT_PER_N 512LL /* nodes per Luby unit, times n */

static inline long long sk_luby(long long i) {
    for (;;) {
        long long k = 1;
        while ((1LL << k) - 1 < i) k++;
        if ((1LL << k) - 1 == i) return 1LL << (k - 1);
        i -= (1LL << (k - 1)) - 1;
    }
}

/* ---- geometry of a variant grid: any houses of n cells, any peers ------------------------ */
#define SK_NSOLVERS 9 /* rows of the solver table (sk_dispatch.c) */

typedef struct {
    int n, nhouses;
    uint64_t full;
    const uint16_t *house_cells; /* nhouses * n */
    const uint32_t *peer_start;  /* n*n + 1 offsets into peers */
    const uint16_t *peers;       /* every peer of every cell (houses' and the variant's own) */
    /* derived once by sk_vgeom_prepare (sk_dispatch.c), read by every search of the geometry */
    unsigned rules;              /* the enforcement kinds of the tables (SK_HOUSES, ...) */
    unsigned ready;              /* bit i: row i of the solver table may search the geometry */
    void *data[SK_NSOLVERS];     /* what row i's prepare built (NULL: nothing) */
    uint8_t *member;             /* n*n * nhouses: is the cell in the house? */
    uint16_t *hof;               /* per cell, up to SK_MAX_HOF houses holding it */
    uint8_t *nhof;
    /* killer cages (ncages 0: none): cage k holds cage_cells[cage_start[k] .. cage_start[k+1]),
     * every cell in one cage at most, and its digits add up to cage_sum[k] */
    int ncages;
    const uint32_t *cage_start;  /* ncages + 1 offsets */
    const uint16_t *cage_cells;
    const uint16_t *cage_sum;
    /* derived by sk_vgeom_prepare (sk_cages.c): the sums the search checks, the cages first
     * (sum k < ncages is cage k), then the sums the houses imply (the rule of 45); sum k holds
     * sum_cells[sum_start[k] .. sum_start[k+1]), different digits adding up to sum_total[k],
     * so one of the digit sets (bit d = digit d+1) combos[combo_start[k] .. combo_start[k+1]) */
    int nsums;
    int ndistinct;               /* sums from ndistinct on are of cells that do not all see each
                                    other: digits may repeat, no digit sets, only the total */
    uint32_t *sum_start;
    uint16_t *sum_cells;
    int *sum_total;
    uint32_t *combo_start;
    uint64_t *combos;
} sk_vgeom;

#define SK_MAX_HOF 16

/* Derive the tables the searches of a variant geometry read, and the data of each row of the
 * solver table that may search it (sk_dispatch.c; bitboards 0: the rows without bitboards
 * only): 0, -1 when out of memory, -2 when no row searches it (cages are searched on
 * bitboards only: too big a grid, or bitboards 0). Release them with sk_vgeom_release. */
int sk_vgeom_prepare(sk_vgeom *g, int bitboards);
void sk_vgeom_release(sk_vgeom *g);
/* The tables of the generic variant search (sk_variant.c): member, hof, nhof. */
int sk_variant_prepare(sk_vgeom *g);
void sk_variant_release(sk_vgeom *g);
/* The sums of a geometry with cages (see sk_vgeom): 0, or -1 when out of memory. */
int sk_cage_sums(sk_vgeom *g);
void sk_cage_sums_release(sk_vgeom *g);
/* The bitboard geometry of v in *out: 1, or 0 when v does not fit (size, houses), -1 when out
 * of memory. The search reads it through the matching solve function (sk_vbb_impl.h). */
int sk_vbb9_new(const sk_vgeom *v, void **out);   /* 9x9 */
int sk_vbb16_new(const sk_vgeom *v, void **out);  /* 10x10 to 16x16 */
int sk_vbb9_solve(const void *bb, const uint8_t *grid, sk_job *job);
int sk_vbb16_solve(const void *bb, const uint8_t *grid, sk_job *job);
/* The same with the killer sums rule (sk_vbbk9.c, sk_vbbk16.c), for geometries with cages. */
int sk_vbbk9_new(const sk_vgeom *v, void **out);
int sk_vbbk16_new(const sk_vgeom *v, void **out);
int sk_vbbk9_solve(const void *bb, const uint8_t *grid, sk_job *job);
/* 9x9 grids with extra houses of nine cells and no other peers (X, Windoku; sk_xw9.c):
 * 1 when v is one, 0 when not, -1 when out of memory; released by sk_xw9_free. Tables are
 * filled by sk_xw9_init, after sk_bb9_init. */
int sk_xw9_new(const sk_vgeom *v, void **out);
void sk_xw9_free(void *bb);
int sk_xw9_solve(const void *bb, const uint8_t *grid, sk_job *job);
void sk_xw9_init(void);
const char *sk_bb9_path(void);
int sk_vbbk16_solve(const void *bb, const uint8_t *grid, sk_job *job);

/* ---- the solvers ------------------------------------------------------------------------- */
/* Each returns 0, or -1 when memory ran out (job->nomem set). Solutions go to job->out. The
 * solver table (sk_dispatch.h) chooses among them; nothing else calls them. */
int sk_bb9_solve(const uint8_t *grid, sk_job *job);                       /* 9x9, 3x3 boxes */
int sk_generic_solve(const sk_geom *g, const uint8_t *grid, sk_job *job); /* any n <= 64 */
int sk_digits_solve(const sk_geom *g, const uint8_t *grid, sk_job *job);  /* digit by digit */
int sk_variant_solve(const sk_vgeom *g, const uint8_t *grid, sk_job *job); /* any houses/peers */

#endif
