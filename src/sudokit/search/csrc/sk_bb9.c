/* The classic 9x9 solver: the band bitboards of sk_bb9_impl.h with no extra houses. */
#define BB9_XW 0
#define BB9_INIT sk_bb9_init
#define BB9_SOLVE sk_bb9_solve
#include "sk_bb9_impl.h"
