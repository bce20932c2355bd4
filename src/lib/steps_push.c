/*
 * steps_push.c - a step of the step engine pushed from each non-zero
 * count while few are, and the counts a pull spilled.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "steps_shared.h"

/*
 * Adds V at R, listing R in TO when it turns non-zero, the sum kept in
 * *MOST when it is the largest yet.
 */
static inline bool
push_one(struct table *t, uint64_t r, uint64_t v, struct sparse *to,
    uint64_t *most)
{
	uint64_t was = get(t, r);

	if (was + v > *most)
		*most = was + v;
	if (was == 0 && v != 0) {
		if (to->len < to->cap)
			to->at[to->len] = r;
		else
			to->valid = false;
		to->len++;
	}
	return put(t, r, was + v) && was + v >= was;
}

/*
 * The same step by pushing from each non-zero count (those listed in
 * FROM, or all of the table when FROM is not valid) into NEXT, which
 * must be all zeros; single-threaded.  CUR is left all zeros, ready to
 * be the next step's NEXT, which spares a pass to clear it.  TO lists
 * the counts made non-zero; their number goes to *NONZERO.
 *
 * The writes land far apart, so each count's targets are worked out and
 * asked for one count ahead of the adds into them: the misses overlap.
 */
bool
sa_steps_push(struct table *cur, struct table *next, uint64_t orderings,
    size_t n, const sa_step *st, const struct sparse *from,
    struct sparse *to, uint64_t *nonzero, uint64_t *most)
{
	struct {
		uint64_t c, k, to[TARGETS_MAX], times[TARGETS_MAX];
	} ring[2];
	unsigned p[SA_PERM_MAX];
	uint64_t len = from->valid ? from->len : orderings;
	const char *v = next->v;

	to->len = 0;
	to->valid = to->at != NULL;
	*most = 0;
	ring[0].k = ring[1].k = 0;
	for (uint64_t i = 0; i <= len; i++) {
		uint64_t r;
		unsigned now = i & 1;

		ring[now].k = 0;
		if (i < len) {
			r = from->valid ? from->at[i] : i;
			if (from->valid && i + 8 < len)
				PREFETCH((const char *)cur->v + from->at[i + 8] *
				    cur->width);
			ring[now].c = get(cur, r);
			if (ring[now].c != 0) {
				put(cur, r, 0);
				sa_perm_unrank(r, n, p);
				ring[now].k = sa_steps_targets(p, n, r, st,
				    ring[now].to, ring[now].times);
				for (uint64_t k = 0; k < ring[now].k; k++)
					PREFETCH(v + ring[now].to[k] *
					    next->width);
			}
		}
		/* The count before, whose targets were asked for then. */
		for (uint64_t k = 0; k < ring[!now].k; k++)
			if (ring[!now].c > UINT64_MAX / ring[!now].times[k] ||
			    !push_one(next, ring[!now].to[k],
			    ring[!now].c * ring[!now].times[k], to, most))
				return false;
		ring[!now].k = 0;
	}
	*nonzero = to->len;
	return true;
}

/*
 * Adds D at R in T, spilling where it may; false when it cannot.  The
 * count at a rank is what the table holds plus what the list holds for
 * it, so a rank may be listed more than once (a pull reads the table,
 * spills_push adds the list): a sum is simply listed again.
 */
static bool
spill_into(struct table *t, uint64_t r, uint64_t d, uint64_t *nonzero,
    uint64_t *most)
{
	uint64_t was = get(t, r);

	if (was + d < was)
		return false;
	if (was + d > *most)
		*most = was + d;
	*nonzero += was == 0 && d != 0;
	if (was + d <= width_max(t->width))
		return put(t, r, was + d);
	if (!sa_steps_spill_add(t, r, was + d))
		return false;
	put(t, r, 0);
	return true;
}

/*
 * After a pull, which read CUR's spilled counts as 0: each pushed by
 * step ST into NEXT, as push_step would.  They are few.  False when a
 * sum does not fit NEXT and it may not spill.
 */
bool
sa_steps_spills_push(const struct table *cur, struct table *next, size_t n,
    const sa_step *st, uint64_t *nonzero, uint64_t *most)
{
	uint64_t to[TARGETS_MAX], times[TARGETS_MAX];
	unsigned p[SA_PERM_MAX];

	for (size_t i = 0; i < cur->sp.len; i++) {
		const struct sa_spill *c = &cur->sp.list[i];
		size_t k;

		sa_perm_unrank(c->at, n, p);
		k = sa_steps_targets(p, n, c->at, st, to, times);
		for (size_t t = 0; t < k; t++)
			if (c->v > UINT64_MAX / times[t] ||
			    !spill_into(next, to[t], c->v * times[t], nonzero,
			    most))
				return false;
	}
	return true;
}

