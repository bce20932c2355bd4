#include "sa_harness.h"

static void
fisher_yates(unsigned *deck, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_harness_draw(i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

int
main(void)
{
	return sa_harness_run(fisher_yates);
}
