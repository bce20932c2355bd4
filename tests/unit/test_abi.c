/*
 * test_abi.c - the layout of the structs a program allocates and the
 * library reads or fills in place, held to the sizes kept here (LP64:
 * x86-64 and AArch64 lay them out alike).  A member added to one of them
 * must take its words from sa_reserved, keeping the size and the place of
 * every member before it (shuffle_audit_plugin.h, SA_RESERVED), or the
 * release changes MAJOR and this list with it: a program linked before
 * would otherwise read and write past its own struct.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"

struct layout {
	const char *name;
	size_t size, reserved;		/* as compiled here */
	size_t lp64_size, lp64_reserved; /* as kept in the tree */
	size_t taken;			/* words members took from it */
};

#define L(t, size, at) { #t, sizeof(t), offsetof(t, sa_reserved), size, at, 0 }
/* A struct whose members took TAKEN words of its reserve: the same size,
 * the reserve that many words later and shorter. */
#define LT(t, size, at, taken) \
	{ #t, sizeof(t), offsetof(t, sa_reserved), size, at, taken }

static const struct layout layouts[] = {
	L(sa_shuffle, 200, 136),
	L(sa_census_opts, 160, 96),
	L(sa_census_plan, 552, 488),
	L(sa_census_forecast, 472, 408),
	L(struct sa_time_limit, 120, 56),
	L(sa_layers_opts, 96, 32),
	L(sa_deepen_opts, 160, 96),
	L(sa_deepen_result, 344, 280),
	L(sa_matrix_opts, 88, 24),
	L(sa_fit_result, 176, 112),
	L(sa_sample_opts, 128, 64),
	L(sa_distance_opts, 232, 168),
	L(sa_seeds_opts, 128, 64),
	LT(sa_audit_opts, 136, 80, 1),	/* find_edges */
	L(sa_exec_opts, 144, 80),
};

/* On every machine: the reserve is the struct's last member, whole. */
static void
test_reserve_last(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
		const struct layout *l = &layouts[i];

		if (l->reserved + (SA_RESERVED - l->taken) *
		    sizeof(uint64_t) != l->size)
			fail_msg("%s: sa_reserved is not its last member, or "
			    "not SA_RESERVED words less those taken",
			    l->name);
	}
}

/* On LP64, the sizes and the reserve's place as kept above. */
static void
test_layouts_kept(void **state)
{
	(void)state;
#if defined(__LP64__)
	for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
		const struct layout *l = &layouts[i];

		if (l->size != l->lp64_size || l->reserved != l->lp64_reserved)
			fail_msg("%s: %zu bytes, its reserve at %zu; the tree "
			    "keeps %zu and %zu: take a new member from "
			    "sa_reserved, or change MAJOR and this list",
			    l->name, l->size, l->reserved, l->lp64_size,
			    l->lp64_reserved);
	}
#else
	skip();
#endif
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reserve_last),
		cmocka_unit_test(test_layouts_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
