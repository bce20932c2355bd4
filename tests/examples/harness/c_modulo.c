/* Fisher-Yates with rand() % k: a raw word reduced by its remainder. */
#include "sa_harness.h"

static void
modulo(unsigned *deck, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(sa_harness_raw() % i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

int
main(void)
{
	return sa_harness_run(modulo);
}
