/* The bitboard variant solver for 9x9 grids: boards of two words (see sk_vbb_impl.h). */
#define VW 2
#define VMAXN 9
#define VNEW sk_vbb9_new
#define VSOLVE sk_vbb9_solve
#include "sk_vbb_impl.h"
