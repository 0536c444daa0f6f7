/* The bitboard variant solver for 10x10 to 16x16 grids with killer sums: boards of four words
 * (see sk_vbb_impl.h). */
#define VW 4
#define VMAXN 16
#define VSUMS 1
#define VNEW sk_vbbk16_new
#define VSOLVE sk_vbbk16_solve
#include "sk_vbb_impl.h"
