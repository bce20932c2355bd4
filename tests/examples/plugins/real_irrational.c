/*
 * A coin on a threshold no cells put on an edge: the last two cards
 * swapped when u < 1/sqrt 2, then the first two when another real is
 * below 1/2.  Unfair (0.707 against 0.293), but the census can count
 * it only at cells, and no number of cells has 1/sqrt 2 on an edge: the
 * search for where a run moves finds fractions ever nearer it, none
 * within the cap, and the verdict is "the model decides".
 */
#include <math.h>

#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	unsigned t;

	if (n < 3)
		return;
	if (sa_real(o) < sqrt(0.5)) {
		t = deck[2];
		deck[2] = deck[1];
		deck[1] = t;
	}
	if (sa_real(o) < 0.5) {
		t = deck[0];
		deck[0] = deck[1];
		deck[1] = t;
	}
}
