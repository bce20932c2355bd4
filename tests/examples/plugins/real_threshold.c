/*
 * A draw below 3 by thresholds that fall inside cells, then a coin:
 * j = 0 when u < 0.3, 1 when u < 0.6, else 2, swapped into the last
 * place, and the first two swapped when another real is below 1/2.
 * Unfair: the orderings of 3 cards come up 0.15, 0.15, 0.15, 0.15, 0.2,
 * 0.2.  Under sixths each value of j takes two of the cells' midpoints,
 * so counted at the midpoints alone it looks fair; the auditor finds
 * 0.3 from where a run moves and counts it at 10 cells, exactly.
 */
#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	double u;
	size_t j;
	unsigned t;

	if (n < 3)
		return;
	u = sa_real(o);
	j = u < 0.3 ? 0 : u < 0.6 ? 1 : 2;
	t = deck[2];
	deck[2] = deck[j];
	deck[j] = t;
	if (sa_real(o) < 0.5) {
		t = deck[0];
		deck[0] = deck[1];
		deck[1] = t;
	}
}
