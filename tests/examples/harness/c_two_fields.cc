// Two fields of one word of sa_harness::engine, for up to 4 cards: a
// Fisher-Yates whose index below i = 3 or 4 is the word's top two bits
// (w >> 30, rejected when too high) and whose last coin is the low bit of
// that same word (w & 1).  Fair: a uniform word's bit 0 is independent
// of its bits 30 and 31.  At --raw-bits B the engine repeats a B-bit
// word across the 32 bits, which makes bit 0 a copy of one of them (the
// census says unfair); with the raw word at the top and the bits below
// fixed, bit 0 is no drawn bit at all.  Neither is the code's truth, and
// the runs made again under the other placements say so.
#include <stdint.h>

#include "sa_harness.h"

static void
two_fields(unsigned *deck, size_t n)
{
	sa_harness::engine e;
	uint32_t w = 0;

	for (size_t i = n; i > 1; i--) {
		size_t j;

		if (i > 2) {
			do {
				w = e();
				j = w >> 30;
			} while (j >= i);
		} else {
			j = w & 1;
		}
		unsigned t = deck[i - 1];
		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

int
main()
{
	return sa_harness_run(two_fields);
}
