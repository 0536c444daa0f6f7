/* The generator's carving loop in C (sk_carve.c): givens removed orbit by orbit from a full
 * grid, each removal kept only when the puzzle is proved to keep its one solution. */
#ifndef SK_CARVE_H
#define SK_CARVE_H

#include "sk_dispatch.h"

typedef struct {
    /* in */
    int n;                    /* grid side */
    sk_puzzle puzzle;         /* a classic grid's box geometry or a variant's prepared tables */
    const uint8_t *solution;  /* the full grid, n*n values 1..n */
    const uint16_t *cells;    /* the orbits' cells, orbit after orbit */
    const uint32_t *start;    /* norbits + 1 offsets into cells */
    int norbits;
    uint64_t seed;            /* the random order of the orbits */
    long long node_limit;     /* nodes a first-pass proof may take (0: none); past it "undecided" */
    int minimal;              /* prove the undecided orbits again (the second pass) */
    long long final_limit;    /* nodes a second-pass proof may take (0: none) */
    long long final_total;    /* nodes the second pass may take in all (0: none); past either
                               * limit the pass gives up, leaving undecided orbits */
    double deadline;          /* sk_now() value after which to stop; 0: none */
    int (*poll)(void *);      /* asked between proofs and inside long ones; non-zero stops */
    void *poll_ctx;
    /* out */
    long long nodes, proofs;  /* search nodes and proof searches, in total */
    int undecided;            /* orbits kept because their proof ran out of nodes */
    int aborted;              /* the deadline passed: values is unfinished */
    int stopped;              /* poll stopped the loop */
} sk_carve_job;

/* Carve job->solution into values (n*n bytes): 0, or -1 when memory ran out. */
int sk_carve(sk_carve_job *job, uint8_t *values);

#endif
