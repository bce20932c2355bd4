/*
 * Durstenfeld's shuffle over reals: j = floor(u * i) for u = sa_real(o),
 * as code that draws floats writes it.  Fair in the census: the reals
 * are the midpoints of lcm(1..n) cells, so floor(u * i) is exactly
 * uniform for every i up to n.
 */
#include <math.h>

#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)floor(sa_real(o) * (double)i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}
