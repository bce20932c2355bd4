/*
 * argue.c - the divisibility argument, in exact integers.
 *
 * If a shuffle has R equally likely runs and n! orderings, each ordering
 * gets k/R of the probability for some whole k; a fair share is 1/n!, so
 * fairness needs k = R/n!, a whole number: n! must divide R.  The naive
 * shuffle has R = n^n.  For n > 2, n - 1 >= 2 divides n! but shares no
 * prime with n, so no prime factor of n - 1 divides n^n, and n! cannot.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"

int
sa_runs_exact(const sa_shuffle *sh, size_t n, sa_big *runs)
{
	size_t steps;

	if (sh == NULL || sh->steps == NULL || sh->step == NULL)
		return SA_EINVAL;
	if (sa_big_set_u64(runs, 1) != SA_OK)
		return SA_ENOMEM;
	steps = sh->steps(sh, n);
	for (size_t s = 0; s < steps; s++) {
		sa_step st;

		sh->step(sh, n, s, &st);
		if (sa_big_mul_u64(runs, st.count) != SA_OK)
			return SA_ENOMEM;
	}
	return SA_OK;
}

/* How many times P divides X (X > 0). */
static uint64_t
valuation(uint64_t x, uint64_t p)
{
	uint64_t v = 0;

	while (x != 0 && x % p == 0) {
		x /= p;
		v++;
	}
	return v;
}

static bool
is_prime(uint64_t p)
{
	if (p < 2)
		return false;
	for (uint64_t d = 2; d * d <= p; d++)
		if (p % d == 0)
			return false;
	return true;
}

/*
 * The smallest prime p <= n that divides n! more often than the runs.
 * Legendre: p divides n! exactly sum floor(n / p^i) times.
 */
static void
find_witness(const sa_shuffle *sh, size_t n, sa_divisibility *d)
{
	size_t steps = sh->steps(sh, n);

	for (uint64_t p = 2; p <= n; p++) {
		uint64_t in_fact = 0, in_runs = 0;

		if (!is_prime(p))
			continue;
		for (uint64_t q = p; q <= n; q *= p) {
			in_fact += n / q;
			if (q > UINT64_MAX / p)
				break;
		}
		for (size_t s = 0; s < steps; s++) {
			sa_step st;

			sh->step(sh, n, s, &st);
			in_runs += valuation(st.count, p);
		}
		if (in_runs < in_fact) {
			d->prime = (uint32_t)p;
			d->prime_in_orderings = in_fact;
			d->prime_in_runs = in_runs;
			return;
		}
	}
}

int
sa_divisibility_for(const sa_shuffle *sh, size_t n, sa_divisibility *d)
{
	int status;

	memset(d, 0, sizeof *d);
	d->n = n;
	if (n == 0 || n > UINT32_MAX)
		return SA_EINVAL;
	status = sa_runs_exact(sh, n, &d->runs);
	if (status == SA_OK)
		status = sa_big_factorial(&d->orderings, (uint32_t)n);
	if (status == SA_OK)
		status = sa_big_divmod(NULL, &d->remainder, &d->runs,
		    &d->orderings);
	if (status != SA_OK) {
		sa_divisibility_free(d);
		return status;
	}
	d->divides = sa_big_is_zero(&d->remainder);
	if (!d->divides)
		find_witness(sh, n, d);
	return SA_OK;
}

void
sa_divisibility_free(sa_divisibility *d)
{
	sa_big_free(&d->runs);
	sa_big_free(&d->orderings);
	sa_big_free(&d->remainder);
}
