/* rand() seeded from the clock and the pid, which no harness answers:
 * hidden randomness, which the audit reports (exit status 3) every time. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "sa_harness.h"

static void
own_rand(unsigned *deck, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)rand() % i;
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

int
main(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	srand((unsigned)ts.tv_nsec ^ (unsigned)getpid());
	return sa_harness_run(own_rand);
}
