// libstdc++'s std::shuffle over a generator of 4-bit words, as a program:
// the same census as the plugin tests/examples/plugins/std_shuffle.cc.
#include <algorithm>

#include "sa_harness.h"

static void
std_shuffle(unsigned *deck, size_t n)
{
	std::shuffle(deck, deck + n, sa_harness::words<4>());
}

int
main()
{
	return sa_harness_run(std_shuffle);
}
