/*
 * shuffle_audit/real.h - the reals a census hands audited code: their cells,
 * their places within a cell, and their text (oracle.c, exec.c).
 */
#ifndef SA_REAL_H
#define SA_REAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The cells a census of audited code gives sa_real() on N cards by
 * default: M = lcm(1, ..., N), so that floor(u * k) is exactly uniform
 * for every k up to N.  SA_ERANGE when M passes 2^32 (N past 22).
 */
int sa_real_cells_for(size_t n, uint64_t *m);

/*
 * The cells to suggest when code on N cards uses its reals in a way M
 * cells do not decide: lcm(M, 2 lcm(1, ..., N)), which covers floor(u * k)
 * and rounding, floor(u * k + 1/2), for every k up to N.  SA_ERANGE past
 * 2^32.
 */
int sa_real_cells_wider(size_t n, uint64_t m, uint64_t *out);

/*
 * The cells to count code on N cards at next, when M cells (0: none yet)
 * did not keep every run on its deck with its reals placed elsewhere:
 * the least of 2, lcm(1, 2, 3), ..., lcm(1, ..., N) and 2 lcm(1, ..., N)
 * (where floor(u * k) and rounding for every k up to N fall on cell
 * edges) that is above M and below CAP, else CAP itself.  SA_ERANGE when
 * M is CAP or more (nothing finer to try), or CAP is 0 or past 2^32.
 */
int sa_real_cells_next(size_t n, uint64_t m, uint64_t cap, uint64_t *next);

/*
 * The real a census hands audited code: cell CELL of M, at place POS
 * within it, in units of 2^-52 of the cell (0 < POS < SA_REAL_PLACES).
 * The first real of a run in a cell is at its middle, 2^51; a real that
 * falls in a cell holding others of the run is put, by a draw, in one
 * of the gaps between them (every gap equally likely, as for
 * independent uniform reals), at the middle of that gap.
 *
 * PLACE is where in its cell the real is put, by a map of the place
 * x = POS / 2^52 to h(x) in (0, 1), the same strictly increasing map for
 * every real of a run, so that the cells and the order of the reals
 * (all the census counts) stay as they were, and only their values
 * move:
 *   SA_PLACE_MID     h(x) = x: the census's own, the first real of a
 *                    cell at its middle;
 *   SA_PLACE_QUARTER h(x) = x / 2: the second model of a census counted
 *                    again, the first real a quarter of the way in;
 *   SA_PLACE_LOW     h(x) = x 2^-K: every real within 2^-K of the
 *                    cell's width from its low end;
 *   SA_PLACE_HIGH    h(x) = 1 - (1 - x) 2^-K: from its high end;
 *   SA_PLACE_INNER   h piecewise linear through (1/2, C 2^-J), C an odd
 *                    integer next to (3 - sqrt 5) / 2 2^J, J = 51 - L -
 *                    D for X = A / 2^D (at least K): an inner point no
 *                    fraction of small denominator is, whose low bits
 *                    vary (code reading bit 32 of u is seen to).
 * K = sa_real_place_bits(M) = min(20, (51 - L) / 2), L the bits of M.
 * With h(x) = A / 2^D, A odd, the real is (CELL 2^D + A) / (M 2^D): both
 * terms are exact in a double and the quotient is correctly rounded, so
 * that every language computes the same u.  SA_ETIES when M 2^D passes
 * 2^51, past which a double could not keep floor(u * k) for every k
 * dividing M, nor the order of the reals, exact; SA_EINVAL for POS, M
 * or PLACE out of range.
 */
#define SA_REAL_PLACES (UINT64_C(1) << 52)
enum sa_place {
	SA_PLACE_MID = 0,
	SA_PLACE_QUARTER = 1,
	SA_PLACE_LOW = 2,
	SA_PLACE_HIGH = 3,
	SA_PLACE_INNER = 4
};
int sa_real_at(uint64_t cell, uint64_t pos, uint64_t m, unsigned place,
    double *u);
unsigned sa_real_place_bits(uint64_t m);

/*
 * The line "real" is answered with for cell J of M: the midpoint
 * (2J + 1) / 2M as a double, in 17 significant digits, which every
 * correctly rounding reader (C, Python, JavaScript, Java, Go, Rust, C#)
 * takes back to the same double, and a newline.  SIZE is at least 32.
 */
void sa_real_text(uint64_t j, uint64_t m, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* SA_REAL_H */
