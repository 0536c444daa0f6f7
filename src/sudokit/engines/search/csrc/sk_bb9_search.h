/* The 9x9 solver's propagation and search (see sk_bb9.c), included twice by sk_bb9.c: once
 * portable, once compiled for BMI2 (SK9_PEXT: minirow sets by one pext instead of three table
 * look-ups), the copy to run chosen at load time. SK9(name) gives each copy its own names. */

/* SK9_HOUSES(s, &n0, &n1, &n2), when defined (sk_xw9.c), applies extra houses to a digit's
 * band words at its band fixpoint (0: a contradiction); solve then takes them as a third
 * argument. SK9_WINDOWS(s), when defined and true, adds the band and column rules in the
 * window frame (T_wperm, T_winv, W_ORDER: sk_xw9.c). The classic build leaves both out. */
#ifdef SK9_HOUSES
#define SK9_SOLVE_PARAMS , const XWHouses *houses
#else
#define SK9_SOLVE_PARAMS
#endif

/* SK9_PATTERN_FIRST 1 (the default) branches on band and stack patterns only, for the first
 * PATTERN_GUESSES branch points; 0 (sk_xw9.c), after those, and in plain searches (S9.plain), on
 * a bivalue cell first, then a pattern of two, else the cell with the fewest candidates.
 * Patterns alone can lose their way on sparse grids with many solutions (six givens: up to
 * 800,000 branch points to find two solutions); no puzzle of the benchmark sets needed more
 * than 529. */
#ifndef SK9_PATTERN_FIRST
#define SK9_PATTERN_FIRST 1
#endif
#define PATTERN_GUESSES 1000

/* SK9_MINICOLUMNS 1 (the default) adds hidden triads on minicolumns to those on minirows (see
 * triads); 0 leaves them out (sk_xw9.c). */
#ifndef SK9_MINICOLUMNS
#define SK9_MINICOLUMNS 1
#endif

#define minirows SK9(minirows)
#define fold_cols SK9(fold_cols)
#define row_singles SK9(row_singles)
#define band_rules SK9(band_rules)
#define update_digit SK9(update_digit)
#define propagate SK9(propagate)
#define assign SK9(assign)
#define extract SK9(extract)
#define found SK9(found)
#define open_score SK9(open_score)
#define choose_bivalue SK9(choose_bivalue)
#define choose_cell SK9(choose_cell)
#define stack_set SK9(stack_set)
#define choose_pattern SK9(choose_pattern)
#define apply_pattern SK9(apply_pattern)
#define solved SK9(solved)
#define search SK9(search)
#define triads SK9(triads)
#define mini_cells SK9(mini_cells)

/* The set of non-empty minirows of a band word (bit 3 * row + box). */
#ifdef SK9_PEXT
static inline uint32_t minirows(uint32_t a) { return _pext_u32(a | (a >> 1) | (a >> 2), 0x1249249u); }
#else
static inline uint32_t minirows(uint32_t a) {
    return (uint32_t)T_rowbox[a & 511] | ((uint32_t)T_rowbox[(a >> 9) & 511] << 3) |
           ((uint32_t)T_rowbox[a >> 18] << 6);
}
#endif

static inline uint32_t fold_cols(uint32_t a) { return (a | (a >> 9) | (a >> 18)) & 511; }

static inline uint32_t row_singles(uint32_t a) {
    return (uint32_t)T_single[a & 511] | ((uint32_t)T_single[(a >> 9) & 511] << 9) |
           ((uint32_t)T_single[a >> 18] << 18);
}

/* One pass of the band and column rules on a digit's band words a0..a2 (a band's boxes are
 * its word's thirds): the words left in *n0..*n2; 0 on a contradiction. */
static inline int band_rules(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t *n0, uint32_t *n1, uint32_t *n2) {
    uint32_t m0 = a0 & T_keep[minirows(a0)];
    uint32_t m1 = a1 & T_keep[minirows(a1)];
    uint32_t m2 = a2 & T_keep[minirows(a2)];
    if (!m0 || !m1 || !m2) return 0;
    uint32_t o0 = fold_cols(m0), o1 = fold_cols(m1), o2 = fold_cols(m2);
    if ((o0 | o1 | o2) != 511) return 0;
    uint32_t l0 = T_lock[o0], l1 = T_lock[o1], l2 = T_lock[o2];
    *n0 = m0 & ~((l1 | l2) | T_claim[o0 & ~(o1 | o2)]);
    *n1 = m1 & ~((l0 | l2) | T_claim[o1 & ~(o0 | o2)]);
    *n2 = m2 & ~((l0 | l1) | T_claim[o2 & ~(o0 | o1)]);
    return 1;
}

#ifdef SK9_WINDOWS
#define windows SK9(windows)
/* The band and column rules in the window frame (sk_xw9.c) on digit words *n0..*n2, to their
 * fixpoint there; 0 on a contradiction. */
static inline int windows(uint32_t *n0, uint32_t *n1, uint32_t *n2) {
    const uint32_t a[3] = {*n0, *n1, *n2};
#define WROW(r) T_wperm[(a[(r) / 3] >> (9 * ((r) % 3))) & 511]
    const uint32_t p0 = WROW(1) | (uint32_t)WROW(2) << 9 | (uint32_t)WROW(3) << 18;
    const uint32_t p1 = WROW(5) | (uint32_t)WROW(6) << 9 | (uint32_t)WROW(7) << 18;
    const uint32_t p2 = WROW(0) | (uint32_t)WROW(4) << 9 | (uint32_t)WROW(8) << 18;
#undef WROW
    uint32_t w0 = p0, w1 = p1, w2 = p2;
    for (;;) {
        uint32_t n0_, n1_, n2_;
        if (!band_rules(w0, w1, w2, &n0_, &n1_, &n2_)) return 0;
        if (n0_ == w0 && n1_ == w1 && n2_ == w2) break;
        w0 = n0_;
        w1 = n1_;
        w2 = n2_;
    }
    if (w0 == p0 && w1 == p1 && w2 == p2) return 1;
    /* back to the grid's order: window-frame band k row i is grid row W_ORDER[3k + i] */
    uint32_t b[3] = {0, 0, 0};
    const uint32_t w[3] = {w0, w1, w2};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++) {
            int r = W_ORDER[3 * k + i];
            b[r / 3] |= (uint32_t)T_winv[(w[k] >> (9 * i)) & 511] << (9 * (r % 3));
        }
    *n0 = b[0];
    *n1 = b[1];
    *n2 = b[2];
    return 1;
}
#endif

/* Bring digit d to its fixpoint under the band and column rules, then place the rows left with
 * one cell. Returns 0 on a contradiction. Digits whose boards change are added to *dirty. */
static inline int update_digit(S9 *s, int d, uint32_t *dirty) {
    uint32_t a0 = s->c[d][0], a1 = s->c[d][1], a2 = s->c[d][2];
#ifdef SK9_WINDOWS
    int framed = 0; /* the words are at the window frame's fixpoint */
#endif
    for (;;) {
        uint32_t n0, n1, n2;
        if (!band_rules(a0, a1, a2, &n0, &n1, &n2)) return 0;
#ifdef SK9_HOUSES
        if (n0 == a0 && n1 == a1 && n2 == a2) { /* the band fixpoint: then the extra houses */
            if (!SK9_HOUSES(s, &n0, &n1, &n2)) return 0;
#ifdef SK9_WINDOWS
            if (SK9_WINDOWS(s) && !(framed && n0 == a0 && n1 == a1 && n2 == a2)) {
                if (!windows(&n0, &n1, &n2)) return 0;
                framed = 1;
            }
#endif
            if (n0 == a0 && n1 == a1 && n2 == a2) break;
        }
#ifdef SK9_WINDOWS
        else {
            framed = 0;
        }
#endif
#else
        if (n0 == a0 && n1 == a1 && n2 == a2) break;
#endif
        a0 = n0;
        a1 = n1;
        a2 = n2;
    }
    s->c[d][0] = a0;
    s->c[d][1] = a1;
    s->c[d][2] = a2;
    uint32_t p0 = row_singles(a0) & s->uns[0], p1 = row_singles(a1) & s->uns[1],
             p2 = row_singles(a2) & s->uns[2];
    if (p0 | p1 | p2) {
        /* branch-free: whether a digit held those cells is not predictable */
        s->uns[0] &= ~p0;
        s->uns[1] &= ~p1;
        s->uns[2] &= ~p2;
        uint32_t touched = 0;
        for (int e = 0; e < 9; e++) {
            uint32_t x0 = s->c[e][0], x1 = s->c[e][1], x2 = s->c[e][2];
            s->c[e][0] = x0 & ~p0;
            s->c[e][1] = x1 & ~p1;
            s->c[e][2] = x2 & ~p2;
            touched |= (uint32_t)(((x0 & p0) | (x1 & p1) | (x2 & p2)) != 0) << e;
        }
        s->c[d][0] = a0;
        s->c[d][1] = a1;
        s->c[d][2] = a2;
        *dirty |= touched & ~(1u << d);
    }
    return 1;
}

/* Hidden triads of a band: a minirow (three cells of a row in one box) holds three different
 * digits, so when three digits can go nowhere else in its row (their only minirow there), the
 * band's other digits leave it; the same for a minicolumn (three cells of a column in one box)
 * and its column. Returns the digits changed. */
#ifdef SK9_PEXT
static inline uint32_t mini_cells(uint32_t m) { return _pdep_u32(m, 0x1249249u) * 7u; }
#else
static inline uint32_t mini_cells(uint32_t m) {
    uint32_t x = 0;
    for (; m; m &= m - 1) x |= T_minicells[sk_ctz32(m)];
    return x;
}
#endif
static inline uint32_t triads(S9 *s) {
    uint32_t fr[9][3], fc[9][3];
    uint32_t r1[3] = {0, 0, 0}, r2[3] = {0, 0, 0}, r3[3] = {0, 0, 0};
    uint32_t c1[3] = {0, 0, 0}, c2[3] = {0, 0, 0}, c3[3] = {0, 0, 0};
    for (int d = 0; d < 9; d++) {
        if (SK9_MINICOLUMNS) {
            uint32_t o0 = fold_cols(s->c[d][0]), o1 = fold_cols(s->c[d][1]), o2 = fold_cols(s->c[d][2]);
            fc[d][0] = o0 & ~(o1 | o2);
            fc[d][1] = o1 & ~(o0 | o2);
            fc[d][2] = o2 & ~(o0 | o1);
        } else {
            fc[d][0] = fc[d][1] = fc[d][2] = 0;
        }
        for (int b = 0; b < 3; b++) {
            uint32_t f = T_onemini[minirows(s->c[d][b])];
            fr[d][b] = f;
            r3[b] |= r2[b] & f;
            r2[b] |= r1[b] & f;
            r1[b] |= f;
            f = fc[d][b];
            c3[b] |= c2[b] & f;
            c2[b] |= c1[b] & f;
            c1[b] |= f;
        }
    }
    uint32_t dirty = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t uns = s->uns[b];
        /* solved minirows and minicolumns count too: leave them out */
        uint32_t fullr = r3[b] & minirows(uns), fullc = c3[b] & fold_cols(uns);
        if (!(fullr | fullc)) continue;
        for (int d = 0; d < 9; d++) {
            uint32_t m = fullc & ~fc[d][b];
            uint32_t out = mini_cells(fullr & ~fr[d][b]) | m | (m << 9) | (m << 18);
            uint32_t x = s->c[d][b];
            if (x & out) {
                s->c[d][b] = x & ~out;
                dirty |= 1u << d;
            }
        }
    }
    return dirty;
}

/* Propagate to a fixpoint. Returns 0 on a contradiction. */
static int propagate(S9 *s, uint32_t dirty) {
    for (;;) {
        while (dirty) {
            int d = sk_ctz32(dirty);
            dirty &= dirty - 1;
            if (!update_digit(s, d, &dirty)) return 0;
        }
        for (int b = 0; b < 3; b++) {
            uint32_t uns = s->uns[b];
            if (!uns) continue;
            uint32_t one = 0, two = 0;
            for (int d = 0; d < 9; d++) {
                uint32_t x = s->c[d][b];
                two |= one & x;
                one |= x;
            }
            if (uns & ~one) return 0;
            uint32_t naked = uns & ~two;
            while (naked) {
                uint32_t bit = naked & (0u - naked);
                naked ^= bit;
                int d = 0;
                while (d < 9 && !(s->c[d][b] & bit)) d++;
                if (d == 9) return 0; /* lost its last candidate to an earlier single */
                s->c[d][b] &= ~T_rowpeers[sk_ctz32(bit)];
                dirty |= 1u << d;
            }
        }
        if (!dirty && !s->plain) dirty = triads(s);
        if (!dirty) return 1;
    }
}

/* Place digit d in band b at cell bit p (not yet propagated); returns the digits touched. */
static inline uint32_t assign(S9 *s, int d, int b, int p) {
    uint32_t bit = 1u << p, dirty = 0;
    uint32_t own = s->c[d][b] & ~T_rowpeers[p];
    for (int e = 0; e < 9; e++) { /* branch-free, as in update_digit */
        uint32_t x = s->c[e][b];
        s->c[e][b] = x & ~bit;
        dirty |= (uint32_t)((x & bit) != 0) << e;
    }
    s->c[d][b] = own;
    return dirty | 1u << d;
}

static void extract(const S9 *s, uint8_t *out) {
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++) {
            uint32_t x = s->c[d][b];
            while (x) {
                int p = sk_ctz32(x);
                x &= x - 1;
                out[(3 * b + p / 9) * 9 + p % 9] = (uint8_t)(d + 1);
            }
        }
}

/* Record a solution; returns 1 when the solution limit is reached. */
static int found(sk_job *job, const S9 *s) {
    uint8_t grid[81];
    if (job->count < job->keep) extract(s, grid);
    return sk_store(job, grid, 81);
}

/* Unplaced cells per row, column and box (for the branching tie-break); box0 is the mask of
 * the band's first box (see search for the one seeded searches use). With extra houses, the
 * cell's unplaced peers, each once: the extra houses' cells count too (X: 22% fewer nodes;
 * seeded searches with extra houses run elsewhere, see sk_xw9.c, so no seed depends on it). */
static inline int open_score(const S9 *s, int b, int p, uint32_t box0) {
#ifdef SK9_HOUSES
    (void)box0;
    const uint32_t *pe = s->g->peer[27 * b + p];
    return sk_pop32(s->uns[0] & pe[0]) + sk_pop32(s->uns[1] & pe[1]) + sk_pop32(s->uns[2] & pe[2]);
#else
    int r = p / 9, c = p % 9;
    uint32_t col = T_colcells[c];
    int score = sk_pop32(s->uns[b] & (0x1FFu << (9 * r)));
    score += sk_pop32(s->uns[0] & col) + sk_pop32(s->uns[1] & col) + sk_pop32(s->uns[2] & col);
    score += sk_pop32(s->uns[b] & (box0 << (3 * (c / 3))));
    return score;
#endif
}

/* The bivalue cell to branch on, if there is one: the one whose row, column and box have the
 * most unplaced cells (its choice reaches furthest). Returns 0 when no cell is bivalue. */
static int choose_bivalue(const S9 *s, int *band, int *pos, unsigned *digits) {
    int bb = -1, bp = -1, bscore = -1;
    for (int b = 0; b < 3; b++) {
        uint32_t one = 0, two = 0, three = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = s->c[d][b];
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        uint32_t x = s->uns[b] & ~three; /* two candidates (no singles remain) */
        while (x) {
            int p = sk_ctz32(x);
            x &= x - 1;
            int score = open_score(s, b, p, BOX0_CELLS);
            if (score > bscore) {
                bscore = score;
                bb = b;
                bp = p;
            }
        }
    }
    if (bb < 0) return 0;
    unsigned ds = 0;
    for (int d = 0; d < 9; d++)
        if ((s->c[d][bb] >> bp) & 1) ds |= 1u << d;
    *band = bb;
    *pos = bp;
    *digits = ds;
    return 1;
}

/* The unplaced cell with the fewest candidates, and among those the one whose row, column and
 * box have the most unplaced cells (used when no cell is bivalue and no pattern is either, and
 * by seeded searches). */
static void choose_cell(const S9 *s, int *band, int *pos, unsigned *digits, uint32_t box0) {
    int best = 10, bb = -1, bp = -1, bscore = -1;
    uint32_t cnt[3][4];
    for (int b = 0; b < 3; b++) {
        uint32_t one = 0, two = 0, three = 0, four = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = s->c[d][b];
            four |= three & x;
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        cnt[b][0] = s->uns[b] & ~three;         /* two candidates (no singles remain) */
        cnt[b][1] = s->uns[b] & three & ~four;  /* three */
        cnt[b][2] = s->uns[b] & four;           /* four or more */
    }
    for (int k = 0; k < 3 && bb < 0; k++) {
        for (int b = 0; b < 3; b++) {
            uint32_t x = cnt[b][k];
            while (x) {
                int p = sk_ctz32(x);
                x &= x - 1;
                if (k == 2) { /* rare: count exactly */
                    int n = 0;
                    for (int d = 0; d < 9; d++) n += (s->c[d][b] >> p) & 1;
                    if (n > best) continue;
                    if (n < best) bscore = -1;
                    best = n;
                }
                int score = open_score(s, b, p, box0);
                if (score > bscore) {
                    bscore = score;
                    bb = b;
                    bp = p;
                }
            }
        }
    }
    unsigned ds = 0;
    for (int d = 0; d < 9; d++)
        if ((s->c[d][bb] >> bp) & 1) ds |= 1u << d;
    *band = bb;
    *pos = bp;
    *digits = ds;
}

/* The minicolumn set of digit d in stack k: bit 3 * band + column within the stack, the same
 * layout as a band's minirow set, so the same permutation tables serve both. */
static inline unsigned stack_set(const S9 *s, int d, int k) {
    return ((fold_cols(s->c[d][0]) >> (3 * k)) & 7) | (((fold_cols(s->c[d][1]) >> (3 * k)) & 7) << 3) |
           (((fold_cols(s->c[d][2]) >> (3 * k)) & 7) << 6);
}

/* The band or stack with the fewest patterns left over all digits (a solved unit has nine),
 * and in it a digit with the fewest patterns (two when there is one). The state must be
 * propagated and unsolved: then some unit has a digit with two patterns or more. */
static void choose_pattern(const S9 *s, Pattern *pt) {
    unsigned sets[6][9];
    int best = 1 << 30, bu = 0;
    for (int u = 0; u < 6; u++) {
        int total = 0;
        for (int d = 0; d < 9; d++) {
            unsigned x = u < 3 ? minirows(s->c[d][u]) : stack_set(s, d, u - 3);
            sets[u][d] = x;
            total += T_nperms[x];
        }
        if (total > 9 && total < best) {
            best = total;
            bu = u;
        }
    }
    int bd = 0, bn = 7;
    for (int d = 0; d < 9 && bn > 2; d++) {
        int n = T_nperms[sets[bu][d]];
        if (n > 1 && n < bn) {
            bn = n;
            bd = d;
        }
    }
    pt->stack = bu >= 3;
    pt->unit = bu % 3;
    pt->digit = bd;
    pt->perms = T_perms[sets[bu][bd]];
}

/* Restrict the pattern's digit to permutation p (not yet propagated); returns the digit touched. */
static inline uint32_t apply_pattern(S9 *s, const Pattern *pt, int p) {
    int d = pt->digit;
    unsigned m = T_permset[p];
    if (!pt->stack) {
        s->c[d][pt->unit] &= T_keep[m];
    } else {
        uint32_t stack = BOX0_CELLS << (3 * pt->unit);
        for (int b = 0; b < 3; b++) {
            int j = sk_ctz32((m >> (3 * b)) & 7);
            s->c[d][b] &= ~(stack & ~T_colcells[3 * pt->unit + j]);
        }
    }
    return 1u << d;
}

static int solved(const S9 *s) { return !(s->uns[0] | s->uns[1] | s->uns[2]); }

#ifdef SK9_HOUSES
#define choose_places SK9(choose_places)
/* A digit with want (2 or 3) open places left in an extra house (X's diagonals; not Windoku's
 * windows, which the window frame handles): the one whose places have the most unplaced
 * peers. Branching there places the digit in each place in turn (X, two places then three:
 * 35.8 -> 25.9 nodes a uniqueness proof, against a bivalue cell first). Returns want, or 0
 * when there is none. */
static int choose_places(const S9 *s, int want, int *digit, int *band, int *pos) {
    const XWHouses *g = s->g;
    int best = -1;
    for (int h = 0; h < g->nh; h++)
        for (int d = 0; d < 9; d++) {
            uint32_t y[3];
            for (int b = 0; b < 3; b++) y[b] = s->c[d][b] & g->m[h][b] & s->uns[b];
            if (sk_pop32(y[0]) + sk_pop32(y[1]) + sk_pop32(y[2]) != want) continue;
            int k = 0, bs[3], ps[3], score = 0;
            for (int b = 0; b < 3; b++)
                for (uint32_t x = y[b]; x; x &= x - 1) {
                    bs[k] = b;
                    ps[k] = sk_ctz32(x);
                    score += open_score(s, b, ps[k++], BOX0_CELLS);
                }
            if (score > best) {
                best = score;
                *digit = d;
                for (int i = 0; i < want; i++) {
                    band[i] = bs[i];
                    pos[i] = ps[i];
                }
            }
        }
    return best >= 0 ? want : 0;
}
#endif

/* Explore the subtree of a propagated, unsolved state; returns 1 when the search must stop. */
static int search(sk_job *job, S9 *s, uint64_t *rng) {
    int b = 0, p = 0;
    unsigned ds;
    Pattern pt = {0, 0, 0, 0};
    int cell, patterns = 0; /* patterns only (see PATTERN_GUESSES) */
    int bl_digit = -1, bl_band[3], bl_pos[3]; /* a digit's places in an extra house */
#ifdef SK9_HOUSES
    int places;
#endif
    if (job->randomize) {
        /* Seeded searches branch as they did before the pattern branching, with the tie-break's
         * old box mask too (0x7007007, which is not a box of a band word), so that a seed keeps
         * giving the same grid: generated puzzles, tests and documents name seeds. */
        choose_cell(s, &b, &p, &ds, 0x7007007u);
        cell = 1;
    }
#ifdef SK9_HOUSES
    else if (!s->plain && ((places = choose_places(s, 2, &bl_digit, bl_band, bl_pos)) ||
                           (places = choose_places(s, 3, &bl_digit, bl_band, bl_pos)))) {
        cell = 0;
        ds = (1u << places) - 1; /* its first place, its second, ... */
    }
#endif
    else if ((patterns = SK9_PATTERN_FIRST && !s->plain && job->guesses < PATTERN_GUESSES) ||
               !(cell = choose_bivalue(s, &b, &p, &ds))) {
        cell = 0;
        choose_pattern(s, &pt);
        ds = pt.perms;
        if (sk_pop32(ds) > 2 && !patterns) {
            choose_cell(s, &b, &p, &ds, BOX0_CELLS);
            cell = 1;
        }
    }
    job->guesses++;
    while (ds) {
        int d = job->randomize ? sk_random_bit(ds, rng) : sk_ctz32(ds);
        ds &= ~(1u << d);
        S9 copy;
        S9 *t = s;
        if (ds) {
            copy = *s;
            t = &copy;
        }
        if (sk_tick(job)) return 1;
        uint32_t dirty = bl_digit >= 0 ? assign(t, bl_digit, bl_band[d], bl_pos[d])
                         : cell        ? assign(t, d, b, p)
                                       : apply_pattern(t, &pt, d);
        if (!propagate(t, dirty)) continue;
        if (solved(t)) {
            if (found(job, t)) return 1;
        } else if (search(job, t, rng)) {
            return 1;
        }
    }
    return 0;
}

static int SK9(solve)(const uint8_t *grid, sk_job *job SK9_SOLVE_PARAMS) {
    S9 s;
#ifdef SK9_HOUSES
    s.g = houses;
#endif
    uint64_t rng = job->seed;
    s.plain = job->randomize || job->limit > 2; /* seeded, or counting many solutions */
    for (int d = 0; d < 9; d++) s.c[d][0] = s.c[d][1] = s.c[d][2] = BAND_FULL;
    s.uns[0] = s.uns[1] = s.uns[2] = BAND_FULL;
    /* the givens, digit by digit (a branch per cell on whether it is given mispredicts) */
    uint32_t given[10][3];
    memset(given, 0, sizeof given);
    for (int b = 0, cell = 0; b < 3; b++)
        for (int p = 0; p < 27; p++, cell++) given[grid[cell]][b] |= 1u << p;
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (uint32_t x = given[d + 1][b]; x; x &= x - 1) {
                int p = sk_ctz32(x), col = p % 9;
                uint32_t bit = 1u << p;
                if (!(s.c[d][b] & bit)) return 0; /* clashing givens: no solution */
                assign(&s, d, b, p);
                /* and the column in the other bands, the other cells of the box in this one */
                uint32_t own = s.c[d][b];
                for (int e = 0; e < 3; e++) s.c[d][e] &= ~T_colcells[col];
                uint32_t boxcells = (7u << (3 * (col / 3))) * ((1u) | (1u << 9) | (1u << 18));
                s.c[d][b] = own & ~(boxcells & ~bit);
                s.uns[b] &= ~bit;
            }
    if (job->cands) /* digits an empty cell may not hold leave it (the generator's proofs) */
        for (int cell = 0; cell < 81; cell++) {
            uint64_t out = ~job->cands[cell] & 0x1FF;
            if (grid[cell] || !out) continue;
            int r = cell / 9;
            for (int d = 0; d < 9; d++)
                if ((out >> d) & 1) s.c[d][r / 3] &= ~(1u << ((r % 3) * 9 + cell % 9));
        }
    if (sk_tick(job)) return 0;
    if (!propagate(&s, 0x1FF)) return 0;
    if (solved(&s))
        found(job, &s);
    else
        search(job, &s, &rng);
    return job->nomem ? -1 : 0;
}

#undef minirows
#undef fold_cols
#undef row_singles
#undef band_rules
#undef update_digit
#undef propagate
#undef assign
#undef extract
#undef found
#undef open_score
#undef choose_bivalue
#undef choose_cell
#undef stack_set
#undef choose_pattern
#undef apply_pattern
#undef solved
#undef search
#undef triads
#undef mini_cells
#ifdef SK9_HOUSES
#undef choose_places
#endif
#ifdef SK9_WINDOWS
#undef windows
#endif
#undef SK9_SOLVE_PARAMS
#undef PATTERN_GUESSES
