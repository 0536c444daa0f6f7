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
 *  - hidden triads on minirows and minicolumns: three digits whose only minirow in a row (or
 *    minicolumn in a column) is the same one fill it, so the other digits leave it (at each
 *    fixpoint of the rules above).
 * A placement clears its cells from the other digits' words without testing each word first:
 * that test was mispredicted about half the time (the loop branch-free: 1.2x on every set).
 * Search: depth-first, branching on a digit's pattern in a band or stack (which minirow, or
 * minicolumn, of each box holds it: one of at most six permutations), in the band or stack with
 * the fewest patterns left over all digits, on a digit with the fewest patterns (the triad-based
 * branching tdoku's documentation describes). Branching on these patterns, even three-way ones,
 * beat a bivalue cell first: 1.3x on forum_hardest_1106, with about a quarter fewer guesses.
 * After 1,000 branch points (sparse grids with many solutions, where patterns alone can take
 * hundreds of thousands) a search goes back to a bivalue cell first.
 * Seeded searches branch on cells only and skip the triads, as before, so a seed keeps its grid;
 * counts of more than two solutions search as before too (a bivalue cell first, no triads):
 * patterns first found no solution of an empty grid in 1,000 nodes.
 * The state is copied per branch (124 bytes), no undo log.
 * Propagation and search live in sk_bb9_search.h, compiled here twice (portable, and for BMI2
 * on x86-64 with gcc); sk_bb9_init picks the copy the processor can run.
 */
#include <stdlib.h>
#include <string.h>

#include "sk_common.h"

typedef struct {
    uint32_t c[9][3];  /* candidates of digit d in band b */
    uint32_t uns[3];   /* cells not yet placed */
    int plain;         /* no triads, no patterns first: seeded searches, counts past two */
} S9;

#include "sk_bb9_tables.h"

static int bb9_ready;
static void choose_path(void);

void sk_bb9_init(void) {
    if (bb9_ready) return;
    bb9_tables_init();
    choose_path();
    bb9_ready = 1;
}

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
