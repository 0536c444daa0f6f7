/* The bitboard variant solver for 9x9 grids with killer sums: boards of two words (see
 * sk_vbb_impl.h). */
#define VW 2
#define VMAXN 9
#define VSUMS 1
#define VNEW sk_vbbk9_new
#define VSOLVE sk_vbbk9_solve
#include "sk_vbb_impl.h"
