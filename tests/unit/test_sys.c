/*
 * test_sys.c - what the library reads of the system (sys.c): the cores
 * it may use, by the process's affinity (a child bound to one core is
 * told one); the physical memory, against /proc/meminfo's MemTotal; the
 * memory it may take, at most that and naming what binds; and the
 * monotonic clock, read between two readings of clock_gettime (no
 * wall-clock limit: only the order of the readings is checked); and a
 * tally's memory, zeroed however it was used before, aligned to a huge
 * page from 2 MiB on, and refused when its size overflows.
 */
#define _GNU_SOURCE

#include <sys/wait.h>

#include <sched.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "internal.h"	/* white-box: sa_tally_alloc */

static void
test_cores(void **state)
{
	cpu_set_t set;
	pid_t pid;
	int wst;

	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof set, &set), 0);
	assert_int_equal(sa_cores(), (unsigned)CPU_COUNT(&set));
	/* A child bound to its first allowed core is told one. */
	if ((pid = fork()) == 0) {
		cpu_set_t one;
		int first = 0;

		while (!CPU_ISSET(first, &set))
			first++;
		CPU_ZERO(&one);
		CPU_SET(first, &one);
		_exit(sched_setaffinity(0, sizeof one, &one) != 0 ? 2 :
		    sa_cores() == 1 ? 0 : 1);
	}
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &wst, 0), pid);
	assert_true(WIFEXITED(wst));
	assert_int_equal(WEXITSTATUS(wst), 0);
}

static void
test_memory(void **state)
{
	FILE *f = fopen("/proc/meminfo", "r");
	unsigned long long kb = 0;
	char line[128];
	const char *what = NULL;
	uint64_t avail;

	(void)state;
	assert_non_null(f);
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "MemTotal: %llu kB", &kb) == 1)
			break;
	fclose(f);
	assert_true(kb > 0);
	assert_true(sa_physical_memory() == (uint64_t)kb * 1024);
	avail = sa_memory_available(&what);
	assert_true(avail > 0);
	assert_true(avail <= sa_physical_memory());
	assert_non_null(what);
	assert_true(strlen(what) > 0);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
test_clock(void **state)
{
	(void)state;
	for (int i = 0; i < 1000; i++) {
		double before = now(), t = sa_clock(), after = now();

		/* Within a microsecond of the readings around it. */
		assert_true(t >= before - 1e-6);
		assert_true(t <= after + 1e-6);
	}
}

/* Whether the COUNT words at P are all zero. */
static bool
all_zero(const uint64_t *p, size_t count)
{
	for (size_t i = 0; i < count; i++)
		if (p[i] != 0)
			return false;
	return true;
}

static void
test_tally_alloc(void **state)
{
	/* A small tally, and one of 3 MiB and a word: past the huge page. */
	const size_t counts[] = { 1000, ((size_t)3 << 20) / 8 + 1 };
	void *big;

	(void)state;
	/*
	 * 8 MiB mapped and freed: glibc raises its mmap threshold past it,
	 * so the tallies below come from the heap, and the second of each
	 * size is the first's memory, ones and all, unless it is zeroed.
	 */
	big = malloc((size_t)8 << 20);
	assert_non_null(big);
	free(memset(big, 1, (size_t)8 << 20));
	for (size_t c = 0; c < 2; c++) {
		size_t count = counts[c];

		/* Twice each, the first filled with ones and freed. */
		for (int round = 0; round < 2; round++) {
			uint64_t *t = sa_tally_alloc(count, sizeof *t);

			assert_non_null(t);
			assert_true(all_zero(t, count));
			if (count * sizeof *t >= (size_t)2 << 20)
				assert_int_equal((uintptr_t)t % ((size_t)2 << 20),
				    0);
			memset(t, 0xff, count * sizeof *t);
			t[count - 1] = 7;
			free(t);
		}
	}
	/*
	 * A size past SIZE_MAX is refused, not wrapped round to a smaller
	 * one: here to 4 MiB, which a wrapped product would allocate.
	 */
	assert_null(sa_tally_alloc(SIZE_MAX / 8 + 1 + ((size_t)4 << 20) / 8,
	    8));
	assert_null(sa_tally_alloc(SIZE_MAX, SIZE_MAX));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cores),
		cmocka_unit_test(test_memory),
		cmocka_unit_test(test_clock),
		cmocka_unit_test(test_tally_alloc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
