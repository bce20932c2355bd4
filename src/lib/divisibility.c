/*
 * divisibility.c - the divisibility argument, in exact integers, and the
 * run counts it works on (of the step form, and of raw words under a
 * reduction).
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
#include "internal.h"

/* Bits in X: 0 for 0. */
static unsigned
bit_length(uint64_t x)
{
	unsigned b = 0;

	while (x != 0) {
		b++;
		x >>= 1;
	}
	return b;
}

int
sa_runs_fit(const sa_shuffle *sh, size_t n, uint64_t max_bits)
{
	size_t steps;
	uint64_t low = 0;

	if (sh == NULL)
		return SA_EINVAL;
	if (sh->steps == NULL || sh->step == NULL)
		return SA_OK;	/* runs() counts in closed form */
	/*
	 * A step of T choices multiplies the count by T >= 2^(bitlen(T)-1),
	 * so the sum of bitlen(T) - 1 is a floor on the bits of the product
	 * less one: past MAX_BITS the count has more bits than that.  The
	 * loop stops as soon as it knows, not after every step.
	 */
	steps = sh->steps(sh, n);
	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };
		uint64_t total;

		sh->step(sh, n, s, &st);
		total = sa_step_total(&st, n);
		if (total == 0)
			return SA_EINVAL;
		low += bit_length(total) - 1;
		if (low >= max_bits)
			return SA_ETOOBIG;
	}
	return SA_OK;
}

int
sa_runs_exact(const sa_shuffle *sh, size_t n, sa_big *runs)
{
	size_t steps;
	int status;

	if (sh == NULL)
		return SA_EINVAL;
	if (sh->steps == NULL || sh->step == NULL)
		return sh->runs != NULL ? sh->runs(sh, n, runs) : SA_EINVAL;
	if ((status = sa_runs_fit(sh, n, SA_RUNS_MAX_BITS)) != SA_OK)
		return status;
	if (sa_big_set_u64(runs, 1) != SA_OK)
		return SA_ENOMEM;
	steps = sh->steps(sh, n);
	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, s, &st);
		if (sa_big_mul_u64(runs, sa_step_total(&st, n)) != SA_OK)
			return SA_ENOMEM;
	}
	return SA_OK;
}

/* How many times P divides X (X > 0), counted on a copy. */
static int
valuation(const sa_big *x, uint32_t p, uint64_t *out)
{
	sa_big t;
	uint64_t v = 0;

	sa_big_init(&t);
	if (sa_big_copy(&t, x) != SA_OK)
		return SA_ENOMEM;
	while (!sa_big_is_zero(&t)) {
		sa_big q;

		sa_big_init(&q);
		if (sa_big_copy(&q, &t) != SA_OK) {
			sa_big_free(&t);
			return SA_ENOMEM;
		}
		if (sa_big_div_u32(&q, p) != 0) {
			sa_big_free(&q);
			break;
		}
		sa_big_free(&t);
		t = q;
		v++;
	}
	sa_big_free(&t);
	*out = v;
	return SA_OK;
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
static int
find_witness(size_t n, sa_divisibility *d)
{
	for (uint64_t p = 2; p <= n; p++) {
		uint64_t in_fact = 0, in_runs;

		if (!is_prime(p))
			continue;
		for (uint64_t q = p; q <= n; q *= p) {
			in_fact += n / q;
			if (q > UINT64_MAX / p)
				break;
		}
		if (valuation(&d->runs, (uint32_t)p, &in_runs) != SA_OK)
			return SA_ENOMEM;
		if (in_runs < in_fact) {
			d->prime = (uint32_t)p;
			d->prime_in_orderings = in_fact;
			d->prime_in_runs = in_runs;
			break;
		}
	}
	return SA_OK;
}

static int
argue(size_t n, sa_divisibility *d)
{
	int status = sa_big_factorial(&d->orderings, (uint32_t)n);

	if (status == SA_OK)
		status = sa_big_divmod(NULL, &d->remainder, &d->runs,
		    &d->orderings);
	if (status == SA_OK) {
		d->divides = sa_big_is_zero(&d->remainder);
		if (!d->divides)
			status = find_witness(n, d);
	}
	if (status == SA_OK && n >= 3) {
		d->orderings_mod_n1 = sa_big_mod_u32(&d->orderings,
		    (uint32_t)n - 1);
		d->runs_mod_n1 = sa_big_mod_u32(&d->runs, (uint32_t)n - 1);
		d->gcd_n_n1 = sa_gcd(n, n - 1);
	}
	if (status != SA_OK)
		sa_divisibility_free(d);
	return status;
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
	if (status != SA_OK) {
		sa_divisibility_free(d);
		return status;
	}
	return argue(n, d);
}

int
sa_divisibility_of(const sa_big *runs, size_t n, sa_divisibility *d)
{
	memset(d, 0, sizeof *d);
	d->n = n;
	if (n == 0 || n > UINT32_MAX || sa_big_is_zero(runs))
		return SA_EINVAL;
	if (sa_big_copy(&d->runs, runs) != SA_OK)
		return SA_ENOMEM;
	return argue(n, d);
}

void
sa_divisibility_free(sa_divisibility *d)
{
	sa_big_free(&d->runs);
	sa_big_free(&d->orderings);
	sa_big_free(&d->remainder);
}

/* Each step's draw below k multiplies the runs by the words R keeps. */
int
sa_runs_reduced(const sa_shuffle *sh, size_t n, const sa_reduce *r,
    sa_big *runs)
{
	sa_big *w = NULL, total, t;
	size_t steps = sh->steps(sh, n);
	int status = sa_big_set_u64(runs, 1);

	sa_big_init(&total);
	sa_big_init(&t);
	/* Each draw brings at most B + 1 more bits: the same bound, refused. */
	if (status == SA_OK && (sa_runs_fit(sh, n, SA_RUNS_MAX_BITS) !=
	    SA_OK || (uint64_t)steps * 2 * (r->bits + 1) > SA_RUNS_MAX_BITS))
		status = SA_ETOOBIG;
	for (size_t s = 0; s < steps && status == SA_OK; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, s, &st);
		if (st.kind == SA_STEP_PICK || st.count > SA_REDUCE_MAX_K) {
			status = SA_EINVAL;
			break;
		}
		w = calloc(st.count, sizeof *w);
		if (w == NULL) {
			status = SA_ENOMEM;
			break;
		}
		status = sa_reduce_weights(r, st.count, w, &total);
		for (int k = 0; k < (st.kind == SA_STEP_SWAP2 ? 2 : 1) &&
		    status == SA_OK; k++) {
			status = sa_big_mul(&t, runs, &total);
			if (status == SA_OK)
				status = sa_big_copy(runs, &t);
		}
		for (uint64_t v = 0; v < st.count; v++)
			sa_big_free(&w[v]);
		free(w);
	}
	sa_big_free(&total);
	sa_big_free(&t);
	return status;
}
