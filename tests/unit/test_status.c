/*
 * test_status.c - the words for the library's statuses (status.c):
 * every status from SA_OK to SA_EMODEL has words of its own, not those of
 * an unknown status, each different from every other's; a status past
 * the last, or below 0, is unknown.  And the version: SA_VERSION_NUMBER
 * is SA_VERSION's MAJOR * 10000 + MINOR * 100 + PATCH, usable in #if,
 * and sa_version() is the same version.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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

/*
 * MAJOR.MINOR.PATCH, three numbers and nothing else, into V[3]; 0 when
 * TEXT is not that, else MAJOR * 10000 + MINOR * 100 + PATCH.
 */
static long
version_number(const char *text, unsigned v[3])
{
	int end = -1;

	if (sscanf(text, "%u.%u.%u%n", &v[0], &v[1], &v[2], &end) != 3 ||
	    end < 0 || text[end] != '\0' || text[0] < '0' || text[0] > '9')
		return 0;
	return (long)v[0] * 10000 + (long)v[1] * 100 + (long)v[2];
}

/* The preprocessor can read it: a plain integer, not a cast or a call. */
#if SA_VERSION_NUMBER < 100
#error "SA_VERSION_NUMBER is below 0.1.0"
#endif

static void
test_version(void **state)
{
	unsigned v[3], w[3];

	(void)state;
	assert_int_equal(version_number(SA_VERSION, v), SA_VERSION_NUMBER);
	assert_true(v[1] < 100 && v[2] < 100);
	assert_string_equal(sa_version(), SA_VERSION);
	assert_int_equal(version_number(sa_version(), w), SA_VERSION_NUMBER);
	/* The parser itself: a broken one would pass the above by luck. */
	assert_int_equal(version_number("1.12.3", w), 11203);
	assert_int_equal(version_number("1.2", w), 0);
	assert_int_equal(version_number("1.2.3x", w), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_version),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
