/*
 * eta.c - the time left of long work, from the pace of its last seconds.
 *
 * A census's share done is of its work, weighed before it starts; the
 * machine's pace is not known in advance and changes as other jobs come
 * and go.  The pace of the whole run so far answers slowly: a census
 * whose first minute ran alone and whose second shares its cores goes on
 * foretelling the first minute's pace.  So the pace is taken over the
 * last WINDOW seconds, from pairs kept about WINDOW / 16 apart.
 */
#include <stdbool.h>
#include <string.h>

#include "shuffle_audit.h"

void
sa_eta_start(sa_eta *e, double now, double window)
{
	memset(e, 0, sizeof *e);
	e->window = window > 0 ? window : SA_ETA_WINDOW;
	e->start = e->now = now;
	e->told = -1;
	e->t[0] = now;
	e->len = 1;
}

void
sa_eta_tell(sa_eta *e, double now, double done)
{
	unsigned last = (e->head + e->len - 1) % SA_ETA_KEPT;

	if (now < e->now)
		now = e->now;
	if (done < e->done)
		done = e->done;
	e->now = now;
	e->done = done;
	if (now - e->t[last] < e->window / 16)
		return;
	/* A new pair kept; the oldest gives way when the ring is full. */
	if (e->len == SA_ETA_KEPT) {
		e->head = (e->head + 1) % SA_ETA_KEPT;
		e->len--;
	}
	last = (e->head + e->len) % SA_ETA_KEPT;
	e->t[last] = now;
	e->d[last] = done;
	e->len++;
}

double
sa_eta_left(const sa_eta *e)
{
	unsigned pick = e->head;
	bool picked = false;

	if (e->done >= 1)
		return 0;
	/*
	 * From the oldest pair kept inside the window, at least a quarter
	 * of the window old (a shorter span is too few steps to time);
	 * where the window holds none, the youngest older than it; early
	 * on, when every pair is younger, the start.
	 */
	for (unsigned k = 0; k < e->len; k++) {
		unsigned i = (e->head + k) % SA_ETA_KEPT;
		double age = e->now - e->t[i];

		if (age < e->window / 4)
			break;
		if (e->d[i] >= e->done)
			continue;
		pick = i;
		picked = true;
		if (age <= e->window)
			break;
	}
	if (!picked && (e->d[pick] >= e->done || e->t[pick] >= e->now))
		return -1;
	return (e->now - e->t[pick]) * (1 - e->done) / (e->done - e->d[pick]);
}

bool
sa_eta_due(sa_eta *e, double first, double every)
{
	if (e->told < 0 ? e->now - e->start < first : e->now - e->told < every)
		return false;
	e->told = e->now;
	return true;
}
