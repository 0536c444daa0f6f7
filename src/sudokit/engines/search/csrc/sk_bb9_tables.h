/* The tables and types the 9x9 band-word solvers share (sk_bb9.c, sk_xw9.c): each includes
 * this once, with its own state type S9, and fills the tables with bb9_tables_init. */
#ifndef SK_BB9_TABLES_H
#define SK_BB9_TABLES_H

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
static uint16_t T_onemini[512];   /* minirow set -> its minirows alone in their row */
static uint32_t T_minicells[9];   /* minirow (bit 3i + j) -> its three cells in the band word */

static uint32_t expand_cols(unsigned cols) {
    uint32_t m = 0;
    for (int c = 0; c < 9; c++)
        if (cols & (1u << c)) m |= (1u << c) | (1u << (c + 9)) | (1u << (c + 18));
    return m;
}

static void bb9_tables_init(void) {
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
    for (unsigned x = 0; x < 512; x++) {
        unsigned one = 0;
        for (int i = 0; i < 3; i++) {
            unsigned g = (x >> (3 * i)) & 7;
            if (g && !(g & (g - 1))) one |= g << (3 * i);
        }
        T_onemini[x] = (uint16_t)one;
    }
    for (int k = 0; k < 9; k++) {
        int i = k / 3, j = k % 3;
        T_minicells[k] = 7u << (9 * i + 3 * j);
    }
    for (int p = 0; p < 27; p++) T_rowpeers[p] = (0x1FFu << (9 * (p / 9))) & ~(1u << p);
    for (int c = 0; c < 9; c++) T_colcells[c] = expand_cols(1u << c);
    for (int p = 0; p < 6; p++) {
        unsigned m = 0;
        for (int i = 0; i < 3; i++) m |= 1u << (3 * i + perms[p][i]);
        T_permset[p] = (uint16_t)m;
    }
}

/* A branching on a digit's pattern in a band or a stack, and the patterns (bits of T_permset)
 * still open to it. */
typedef struct {
    int stack; /* 0: a band, 1: a stack */
    int unit;  /* which band or stack */
    int digit;
    unsigned perms;
} Pattern;

#endif
