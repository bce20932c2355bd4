/*
 * Durstenfeld's shuffle with the index rounded, as Python's
 * round(random() * i) writes it: j = lrint(u * i), rounding half to even,
 * for i from n - 1 down to 1, so j runs over 0 .. i with the ends at half
 * weight.  Unfair: at 3 cards the orderings come up 1/8, 1/4, 1/8, 1/8,
 * 1/4, 1/8.  Under the census's default cells (lcm(1, 2, 3) = 6) the
 * boundaries 1/4 and 3/4 of round(2u) fall on two cells' midpoints,
 * where the census puts a real, and rounding half to even splits those
 * two cells evenly by accident: counted at the midpoints alone, it looks
 * fair.
 */
#include <math.h>

#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n - 1; i >= 1 && n > 1; i--) {
		size_t j = (size_t)lrint(sa_real(o) * (double)i);
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
}
