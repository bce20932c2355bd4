/*
 * statespace.c - the state-space argument, in exact integers: a
 * generator seeded from S states deals at most S orderings, so past the
 * smallest n with n! > S it cannot reach every ordering of n cards,
 * however good its shuffle.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/* The smallest n with n! > STATES, by exact comparison. */
static int
smallest_uncovered(const sa_big *states, uint64_t *out)
{
	sa_big f;
	uint64_t n = 1;

	sa_big_init(&f);
	if (sa_big_set_u64(&f, 1) != SA_OK)
		return SA_ENOMEM;
	while (sa_big_cmp(&f, states) <= 0) {
		n++;
		if (sa_big_mul_u64(&f, n) != SA_OK) {
			sa_big_free(&f);
			return SA_ENOMEM;
		}
	}
	sa_big_free(&f);
	*out = n;
	return SA_OK;
}

/* S's figures from its STATES, set, and N. */
static int
state_space(size_t n, sa_state_space *s)
{
	int status = sa_big_factorial(&s->orderings, (uint32_t)n);

	if (status == SA_OK)
		status = smallest_uncovered(&s->states, &s->smallest_uncovered);
	if (status == SA_OK) {
		s->covers = sa_big_cmp(&s->states, &s->orderings) >= 0;
		s->log2_orderings = sa_big_log2(&s->orderings);
		status = s->covers ? sa_big_set_u64(&s->reach.num, 1) :
		    sa_big_copy(&s->reach.num, &s->states);
	}
	if (status == SA_OK)
		status = s->covers ? sa_big_set_u64(&s->reach.den, 1) :
		    sa_big_copy(&s->reach.den, &s->orderings);
	if (status != SA_OK)
		sa_state_space_free(s);
	return status;
}

int
sa_state_space_for(size_t n, uint32_t bits, sa_state_space *s)
{
	memset(s, 0, sizeof *s);
	sa_fraction_init(&s->reach);
	s->n = n;
	s->bits = bits;
	if (n == 0 || n > UINT32_MAX || bits == 0)
		return SA_EINVAL;
	if (sa_big_pow2(&s->states, bits) != SA_OK)
		return SA_ENOMEM;
	return state_space(n, s);
}

int
sa_state_space_count(size_t n, uint64_t states, sa_state_space *s)
{
	memset(s, 0, sizeof *s);
	sa_fraction_init(&s->reach);
	s->n = n;
	if (n == 0 || n > UINT32_MAX || states == 0)
		return SA_EINVAL;
	if (sa_big_set_u64(&s->states, states) != SA_OK)
		return SA_ENOMEM;
	return state_space(n, s);
}

void
sa_state_space_free(sa_state_space *s)
{
	if (s == NULL)
		return;
	sa_big_free(&s->orderings);
	sa_big_free(&s->states);
	sa_fraction_free(&s->reach);
}
