/*
 * closed.c - the census of a shuffle that knows its own counts: every
 * ordering's count from the shuffle's proven formula (closed()), with no
 * run walked, so a shuffle of 2^31 - 1 keys a card is counted as fast as
 * one of 2.  The counts must add up to runs(); if they did not, the
 * formula would be wrong, and the census says so (SA_EINVAL) rather
 * than report them.
 */
#include <stdlib.h>

#include "shuffle_audit.h"
#include "internal.h"

/* Counts that fit in 64 bits go in a plain tally, as the walk's would. */
static int
narrow(const sa_shuffle *sh, size_t n, uint64_t orderings, uint64_t runs,
    struct sa_census *out)
{
	unsigned p[SA_PERM_MAX];
	uint64_t sum = 0, v;
	sa_big b;
	int status = SA_OK;

	if ((out->tally = calloc(orderings, sizeof *out->tally)) == NULL)
		return SA_ENOMEM;
	sa_big_init(&b);
	for (uint64_t r = 0; r < orderings && status == SA_OK; r++) {
		sa_perm_unrank(r, n, p);
		status = sh->closed(sh, n, p, &b);
		if (status == SA_OK && (!sa_big_to_u64(&b, &v) ||
		    v > runs - sum))
			status = SA_EINVAL;
		if (status == SA_OK) {
			out->tally[r] = v;
			sum += v;
		}
	}
	sa_big_free(&b);
	if (status == SA_OK && sum != runs)
		status = SA_EINVAL;
	out->info.runs = runs;
	return status;
}

static int
wide(const sa_shuffle *sh, size_t n, uint64_t orderings,
    struct sa_census *out)
{
	unsigned p[SA_PERM_MAX];
	sa_big sum;
	int status = SA_OK;

	if ((out->big_tally = calloc(orderings, sizeof *out->big_tally)) ==
	    NULL)
		return SA_ENOMEM;
	for (uint64_t r = 0; r < orderings; r++)
		sa_big_init(&out->big_tally[r]);
	sa_big_init(&sum);
	for (uint64_t r = 0; r < orderings && status == SA_OK; r++) {
		sa_perm_unrank(r, n, p);
		status = sh->closed(sh, n, p, &out->big_tally[r]);
		if (status == SA_OK)
			status = sa_big_add(&sum, &out->big_tally[r]);
	}
	if (status == SA_OK && sa_big_cmp(&sum, &out->big_runs) != 0)
		status = SA_EINVAL;
	sa_big_free(&sum);
	out->info.wide = true;
	return status;
}

int
sa_engine_closed(const sa_shuffle *sh, size_t n, uint64_t orderings,
    struct sa_census *out)
{
	uint64_t runs;
	int status;

	if (sh->closed == NULL || sh->runs == NULL || n > SA_PERM_MAX)
		return SA_EINVAL;
	status = sh->runs(sh, n, &out->big_runs);
	if (status != SA_OK)
		return status;
	out->info.sequences = 0;	/* none walked */
	if (sa_big_to_u64(&out->big_runs, &runs))
		return narrow(sh, n, orderings, runs, out);
	return wide(sh, n, orderings, out);
}
