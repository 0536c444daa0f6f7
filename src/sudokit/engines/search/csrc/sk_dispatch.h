/* The solver table (sk_dispatch.c): which solver searches a puzzle, chosen in one place.
 *
 * A puzzle reaches the core in one of two forms: a box geometry (the rows, columns and boxes
 * of a box_rows x box_cols grid, sk_geom) or tables (any houses, peers and cages, sk_vgeom,
 * prepared once per geometry). Its rules are a set of enforcement kinds, below: a rule kind of
 * sudokit.model.rules names the one that enforces it (Rule.enforced_by), and a solver row lists
 * the kinds it enforces. A new rule kind either maps to a kind the core has, or brings a new
 * kind here, its solvers' rows and its bit in what sk_vgeom_prepare derives from the tables.
 */
#ifndef SK_DISPATCH_H
#define SK_DISPATCH_H

#include "sk_common.h"

/* How the core enforces a rule. */
enum {
    SK_HOUSES = 1u << 0,     /* all different in houses of n cells: rows, columns, boxes, jigsaw
                              * regions, diagonals, windows ("houses" and "regions") */
    SK_PEERS = 1u << 1,      /* peer pairs: two cells that share no house and may not hold the
                              * same digit (anti-knight, anti-king: "peers") */
    SK_SUMS = 1u << 2,       /* different digits adding up to a total over cells (killer cages:
                              * "sums") */
    SK_CANDIDATES = 1u << 3, /* given candidates (a sukaku): per cell the digits allowed */
};

/* What a search job asks beyond the rules (read from the sk_job); a row lists what it takes
 * (reads, or ignores harmlessly). */
enum {
    SK_TAKES_SEED = 1u << 0,   /* job->randomize: a random branching order, by seed */
    SK_TAKES_MASKS = 1u << 1,  /* job->cands without SK_CANDIDATES: digits the search rules out
                                * (sk_carve.c's proofs) */
    SK_TAKES_PREFER = 1u << 2, /* job->prefer: the digit to try first */
};
#define SK_TAKES_ALL (SK_TAKES_SEED | SK_TAKES_MASKS | SK_TAKES_PREFER)

/* The methods of _core.solve, as bits: a row may be chosen for these. */
enum { SK_FAST = 1u << 0, SK_GENERIC = 1u << 1, SK_DIGITS = 1u << 2 };
#define SK_ANY_METHOD (SK_FAST | SK_GENERIC | SK_DIGITS)

enum { SK_BOX, SK_TABLES }; /* the forms */

typedef struct {
    int form;
    const sk_geom *geom;   /* SK_BOX */
    const sk_vgeom *vgeom; /* SK_TABLES (prepared by sk_vgeom_prepare) */
    unsigned rules;        /* enforcement kinds: SK_HOUSES, ... */
} sk_puzzle;

/* A box-form puzzle, or a tables-form one (its rules are those sk_vgeom_prepare derived);
 * candidates non-zero: a candidate grid (job->cands holds them). */
sk_puzzle sk_box_puzzle(const sk_geom *g, int candidates);
sk_puzzle sk_tables_puzzle(const sk_vgeom *v, int candidates);

/* One row of the table. Every solver has this signature (data: what prepare built for the
 * geometry, NULL for the box form); see the table in sk_dispatch.c. */
typedef int (*sk_solve_fn)(const sk_puzzle *p, const void *data, const uint8_t *grid, sk_job *job);

typedef struct {
    const char *name;
    int form;
    unsigned enforces;   /* every rule of the puzzle must be among these */
    unsigned methods;    /* chosen only for these methods */
    unsigned takes;      /* chosen only for jobs that ask no more than these */
    int bitboards;       /* built per geometry by prepare; sk_vgeom_prepare(g, 0) leaves it out */
    int (*fits)(const sk_puzzle *p); /* the box form: does the grid fit (NULL: any)? */
    /* the tables form: 1 and the geometry's data in *out when it fits, 0 when not, -1 when out
     * of memory (NULL: no data, fits any) */
    int (*prepare)(const sk_vgeom *v, void **out);
    void (*release)(void *data);
    sk_solve_fn solve;
} sk_solver;

extern const sk_solver sk_solvers[SK_NSOLVERS];

/* What the job asks beyond the rules of p (SK_TAKES_*). */
unsigned sk_job_takes(const sk_puzzle *p, const sk_job *job);

/* The row that searches p with method (SK_FAST, ...) for a job asking takes: the first that
 * enforces its rules, is for the method, takes the job and fits (the box form) or has been
 * prepared for the geometry (the tables form). NULL when none does (sk_vgeom_prepare refuses
 * such tables). */
const sk_solver *sk_choose(const sk_puzzle *p, unsigned method, unsigned takes);

/* Run row s on p: its solve with the geometry's data. */
int sk_run(const sk_solver *s, const sk_puzzle *p, const uint8_t *grid, sk_job *job);

/* Choose and run: 0, -1 when out of memory (job->nomem), -2 when no row searches p. */
int sk_solve(const sk_puzzle *p, unsigned method, const uint8_t *grid, sk_job *job);

#endif
