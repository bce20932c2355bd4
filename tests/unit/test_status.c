/*
 * test_status.c - the words for the library's statuses (status.c):
 * every status from SA_OK to SA_EMODEL has words of its own, not those of
 * an unknown status, each different from every other's; a status past
 * the last, or below 0, is unknown.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

static void
test_words(void **state)
{
	const char *unknown = sa_strerror(SA_EMODEL + 1);

	(void)state;
	assert_string_equal(unknown, sa_strerror(-1));
	assert_string_equal(sa_strerror(SA_OK), "success");
	for (int a = SA_OK; a <= SA_EMODEL; a++) {
		const char *w = sa_strerror(a);

		assert_non_null(w);
		assert_true(strlen(w) > 0);
		assert_string_not_equal(w, unknown);
		for (int b = SA_OK; b < a; b++)
			assert_string_not_equal(w, sa_strerror(b));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
