// The same tests in C++: the shuffles as lambdas, the report taken by
// the test (sa_harness_assert_fair_args) and written by it (cmocka's
// print_error would cut it at 1 KiB).
#include <csetjmp>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
extern "C" {
#include <cmocka.h>
}

#include "sa_harness.h"

// The shuffle's verdict, its report on standard error when not fair.
static int
audit(void (*shuffle)(unsigned *, size_t), unsigned cards)
{
	char *report = nullptr;
	int status = sa_harness_assert_fair_args(shuffle, cards, nullptr,
	    &report);

	if (status != 0 && report != nullptr)
		std::fputs(report, stderr);
	std::free(report);
	return status;
}

static void
test_fisher_yates(void **)
{
	assert_int_equal(audit([](unsigned *deck, size_t n) {
		for (size_t i = n; i > 1; i--)
			std::swap(deck[i - 1], deck[sa_harness_draw(i)]);
	}, 5), 0);
}

// Sattolo's shuffle by mistake: j below i - 1, never i itself, so only
// the orderings of one cycle come up.
static void
test_off_by_one(void **)
{
	assert_int_equal(audit([](unsigned *deck, size_t n) {
		for (size_t i = n; i > 1; i--)
			std::swap(deck[i - 1], deck[sa_harness_draw(i - 1)]);
	}, 4), 0);
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fisher_yates),
		cmocka_unit_test(test_off_by_one),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, nullptr, nullptr);
}
