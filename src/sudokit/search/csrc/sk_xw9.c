/* The 9x9 solver for grids with extra houses of nine cells (X diagonals, windoku windows): the
 * band bitboards of sk_bb9_impl.h with the extra-house rules, for geometries whose houses are
 * the nine rows, columns and 3x3 boxes plus extra houses, and whose peers are house mates only
 * (sk_xw9_new says whether a geometry fits). */
#include <stdlib.h>

#define BB9_XW 1
#define BB9_INIT xw9_init
#define BB9_SOLVE sk_xw9_solve
#include "sk_bb9_impl.h"

/* Cell (row-major) as its band and bit in the band. */
static void set_cell(uint32_t *m, int cell) { m[cell / 27] |= 1u << (cell % 27); }
static int same(const uint32_t *a, const uint32_t *b) { return a[0] == b[0] && a[1] == b[1] && a[2] == b[2]; }

int sk_xw9_new(const sk_vgeom *v, void **out) {
    *out = NULL;
    if (v->n != 9 || v->ncages) return 0;
    xw9_init();
    X9 *g = calloc(1, sizeof *g);
    if (!g) return -1;
    uint32_t row[9][3] = {{0}}, col[9][3] = {{0}}, box[9][3] = {{0}};
    for (int c = 0; c < 81; c++) {
        set_cell(row[c / 9], c);
        set_cell(col[c % 9], c);
        set_cell(box[(c / 27) * 3 + (c % 9) / 3], c);
    }
    int classic = 0; /* the classic houses found (bit per row, column, box) */
    for (int h = 0; h < v->nhouses; h++) {
        uint32_t m[3] = {0, 0, 0};
        for (int k = 0; k < 9; k++) set_cell(m, v->house_cells[9 * h + k]);
        if (sk_pop32(m[0]) + sk_pop32(m[1]) + sk_pop32(m[2]) != 9) goto unfit; /* a cell twice */
        int kind = -1;
        for (int i = 0; i < 9 && kind < 0; i++) {
            if (same(m, row[i])) kind = i;
            else if (same(m, col[i])) kind = 9 + i;
            else if (same(m, box[i])) kind = 18 + i;
        }
        if (kind >= 0) {
            classic |= 1 << kind;
            continue;
        }
        if (g->nx == XW9_MAXX) goto unfit;
        memcpy(g->house[g->nx++], m, sizeof m);
    }
    if (classic != (1 << 27) - 1) goto unfit; /* jigsaw regions, or a house missing */
    for (int c = 0; c < 81; c++) { /* every peer: the cell's house mates */
        uint32_t *pe = g->peers[c];
        for (int e = 0; e < 3; e++) pe[e] = row[c / 9][e] | col[c % 9][e] | box[(c / 27) * 3 + (c % 9) / 3][e];
        for (int k = 0; k < g->nx; k++)
            if ((g->house[k][c / 27] >> (c % 27)) & 1)
                for (int e = 0; e < 3; e++) pe[e] |= g->house[k][e];
        pe[c / 27] &= ~(1u << (c % 27));
        for (uint32_t i = v->peer_start[c]; i < v->peer_start[c + 1]; i++) {
            int p = v->peers[i];
            if (p == c || !((pe[p / 27] >> (p % 27)) & 1)) goto unfit; /* chess-move peers */
        }
    }
    for (int k = 0; k < g->nx; k++) { /* rows and boxes sharing two cells or more with house k */
        const uint32_t *h = g->house[k];
        for (int i = 0; i < 18; i++) {
            int b = i < 9 ? i / 3 : (i - 9) / 3; /* the band of row i, of box i - 9 */
            uint32_t u = i < 9 ? row[i][b] : box[i - 9][b];
            if (sk_pop32(u & h[b]) < 2) continue;
            int j = g->nunits[k]++;
            g->unit[k][j].band = b;
            g->unit[k][j].cells = u;
            for (int e = 0; e < 3; e++) g->unit[k][j].rest[e] = e == b ? h[e] & ~u : h[e];
        }
    }
    *out = g;
    return 1;
unfit:
    free(g);
    return 0;
}
