/* The 9x9 solver: per-digit bitboards in bands, table-driven band and column inference.
 *
 * State: for each digit d and band b (three rows), a 27-bit word of the cells of the band that
 * may still hold d; bit (row % 3) * 9 + column. Plus, per band, the cells not yet placed.
 *
 * Inference, all bit-parallel:
 *  - band rule: in one band a digit occupies one "minirow" (three cells of a row inside a box)
 *    per row and per box, i.e. a permutation of the 3x3 minirows. A 512-entry table maps the set
 *    of non-empty minirows to the union of the permutations it still allows; cells outside are
 *    removed. This covers hidden singles in rows and boxes, and pointing/claiming along rows.
 *  - columns: the columns a digit occupies in each band (a 9-bit fold of the word). A box that
 *    holds the digit in one column only locks that column in the other bands (pointing); a
 *    column that has the digit in one band only empties the box's other columns in that band
 *    (claiming, and with the band rule: hidden singles in columns).
 *  - a row of a band left with one cell for the digit is a placement: the cell leaves the
 *    other digits' boards.
 *  - naked singles from counters over the nine digit words of a band (cells seen once, twice,
 *    three times), which also expose empty cells and bivalue cells for branching.
 * Search: depth-first, branching on a bivalue cell when there is one; else on a digit's pattern
 * in a band or stack (which minirow, or minicolumn, of each box holds it: one of at most six
 * permutations), in the band or stack with the fewest patterns left over all digits (the
 * triad-based branching tdoku's documentation describes), when that digit has two patterns;
 * else on the cell with the fewest candidates (sparse grids, where a three-way pattern grows the
 * tree). Seeded searches branch on cells only, as before, so a seed keeps its grid. The state
 * is copied per branch (120 bytes), no undo log.
 * Propagation and search live in sk_bb9_search.h, compiled here twice (portable, and for BMI2
 * on x86-64 with gcc); sk_bb9_init picks the copy the processor can run.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"

typedef struct {
    uint32_t c[9][3];  /* candidates of digit d in band b */
    uint32_t uns[3];   /* cells not yet placed */
} S9;

#define BAND_FULL 0x7FFFFFFu
#define BOX0_CELLS 0x1C0E07u /* the cells of the band's first box */

static uint8_t T_rowbox[512];     /* 9 bits of one row -> which of its 3 minirows are non-empty */
static uint32_t T_keep[512];      /* minirow set -> cells of the permutations it allows */
static uint32_t T_lock[512];      /* column set of a band -> columns that are alone in their box */
static uint32_t T_claim[512];     /* columns only in this band -> the box's other columns */
static uint16_t T_single[512];    /* 9 bits -> themselves if exactly one bit, else 0 */
static uint32_t T_rowpeers[27];   /* other cells of the row of a band cell */
static uint32_t T_colcells[9];    /* the 3 cells of a column in a band */
static uint8_t T_perms[512];      /* minirow set -> the permutations (bit p) it still allows */
static uint8_t T_nperms[512];     /* how many */
static uint16_t T_permset[6];     /* permutation -> its minirow set (bit 3i + j: row i, box j) */
static int bb9_ready;

static uint32_t expand_cols(unsigned cols) {
    uint32_t m = 0;
    for (int c = 0; c < 9; c++)
        if (cols & (1u << c)) m |= (1u << c) | (1u << (c + 9)) | (1u << (c + 18));
    return m;
}

static void choose_path(void);

void sk_bb9_init(void) {
    if (bb9_ready) return;
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (unsigned x = 0; x < 512; x++) {
        unsigned rb = 0;
        for (int j = 0; j < 3; j++)
            if ((x >> (3 * j)) & 7) rb |= 1u << j;
        T_rowbox[x] = (uint8_t)rb;
        T_single[x] = (uint16_t)((x && !(x & (x - 1))) ? x : 0);
        /* band rule: minirow (i, j) is bit 3i + j of x */
        uint32_t keep = 0, allowed = 0;
        for (int p = 0; p < 6; p++) {
            int ok = 1;
            uint32_t cells = 0;
            for (int i = 0; i < 3; i++) {
                int j = perms[p][i];
                if (!(x & (1u << (3 * i + j)))) ok = 0;
                cells |= 7u << (9 * i + 3 * j);
            }
            if (ok) {
                keep |= cells;
                allowed |= 1u << p;
            }
        }
        T_keep[x] = keep;
        T_perms[x] = (uint8_t)allowed;
        T_nperms[x] = (uint8_t)sk_pop32(allowed);
        unsigned lock = 0, claim = 0;
        for (int j = 0; j < 3; j++) {
            unsigned g = (x >> (3 * j)) & 7;
            if (g && !(g & (g - 1))) lock |= g << (3 * j);
            for (int k = 0; k < 3; k++)
                if (g & (1u << k)) claim |= (7u & ~(1u << k)) << (3 * j);
        }
        T_lock[x] = expand_cols(lock);
        T_claim[x] = expand_cols(claim);
    }
    for (int p = 0; p < 27; p++) T_rowpeers[p] = (0x1FFu << (9 * (p / 9))) & ~(1u << p);
    for (int c = 0; c < 9; c++) T_colcells[c] = expand_cols(1u << c);
    for (int p = 0; p < 6; p++) {
        unsigned m = 0;
        for (int i = 0; i < 3; i++) m |= 1u << (3 * i + perms[p][i]);
        T_permset[p] = (uint16_t)m;
    }
    choose_path();
    bb9_ready = 1;
}

/* A branching on a digit's pattern in a band or a stack, and the patterns (bits of T_permset)
 * still open to it. */
typedef struct {
    int stack; /* 0: a band, 1: a stack */
    int unit;  /* which band or stack */
    int digit;
    unsigned perms;
} Pattern;

#define SK9(name) name##_portable
#include "sk_bb9_search.h"
#undef SK9

#if (defined(__x86_64__) || defined(_M_X64)) && defined(__GNUC__) && !defined(__clang__) && !defined(SK_NO_BUILTINS)
#define SK9_HAVE_BMI2 1
#pragma GCC push_options
#pragma GCC target("bmi2")
#include <immintrin.h>
#define SK9_PEXT 1
#define SK9(name) name##_bmi2
#include "sk_bb9_search.h"
#undef SK9
#undef SK9_PEXT
#pragma GCC pop_options
#endif

static int (*bb9_solve)(const uint8_t *, sk_job *) = solve_portable;
static const char *bb9_path = "portable";

/* Choose the copy of the search to run: the BMI2 one when the processor has it and the
 * environment variable SUDOKIT_PORTABLE_CORE is not set to a non-empty value. */
static void choose_path(void) {
#ifdef SK9_HAVE_BMI2
    const char *off = getenv("SUDOKIT_PORTABLE_CORE");
    __builtin_cpu_init();
    if ((!off || !*off) && __builtin_cpu_supports("bmi2")) {
        bb9_solve = solve_bmi2;
        bb9_path = "bmi2";
    }
#endif
}

const char *sk_bb9_path(void) { return bb9_path; }

int sk_bb9_solve(const uint8_t *grid, sk_job *job) { return bb9_solve(grid, job); }
