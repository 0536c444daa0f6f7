/* The bitboard variant solver for 10x10 to 16x16 grids: boards of four words (see
 * sk_vbb_impl.h). */
#define VW 4
#define VMAXN 16
#define VNEW sk_vbb16_new
#define VSOLVE sk_vbb16_solve
#include "sk_vbb_impl.h"
