/*
 * cli_progress.c - the progress line of long work on stderr: the share
 * done, the rate and the time left (sa_eta's, from the pace of the last
 * seconds), rewritten in place on a terminal and a line a minute in a log.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "run.h"
#include "cli_progress.h"

#define PROGNAME "shuffle-audit"

void
cli_clear_line(FILE *out)
{
	const char *term = getenv("TERM");

	if (term == NULL || *term == '\0' || strcmp(term, "dumb") == 0)
		fprintf(out, "\r%79s\r", "");
	else
		fputs("\r\033[K", out);
}

/* The progress line of the one long job at a time a command runs. */
static struct {
	sa_eta eta;
	double start;
	bool on;		/* ETA started at START */
	bool shown;		/* a line on a terminal, to clear */
	bool ended;		/* the line at the whole said */
} pg;

void
cli_progress(const char *what, double start, double done, uint64_t total,
    const char *unit, bool live, const char *still)
{
	double now = sa_clock(), spent, left;
	char took[48], rest[64], rate[64] = "";

	if (!pg.on || start != pg.start) {
		cli_progress_end();
		sa_eta_start(&pg.eta, start, 0);
		pg.start = start;
		pg.on = true;
		pg.ended = false;
	}
	sa_eta_tell(&pg.eta, now, done);
	spent = now - start;
	if (done >= 1.0) {
		/*
		 * Said once, where a line was shown: what is left is the
		 * caller's work, not the count's.
		 */
		if (pg.eta.told >= 0 && !pg.ended) {
			run_duration(spent, took, sizeof took);
			fprintf(stderr, "%s" PROGNAME ": %s: all %s done in %s; "
			    "now %s%s", live ? "\r" : "", what, unit, took,
			    still, live ? " " : "\n");
			pg.ended = true;
		}
		return;
	}
	if (done <= 0.0 || !sa_eta_due(&pg.eta, live ? 1.0 : 60.0,
	    live ? 0.25 : 60.0))
		return;
	left = sa_eta_left(&pg.eta);
	if (left < 0)
		snprintf(rest, sizeof rest, "time left not known yet");
	else {
		run_duration(left, took, sizeof took);
		snprintf(rest, sizeof rest, "about %s left", took);
	}
	if (total != 0 && spent > 0)
		snprintf(rate, sizeof rate, "%.3g %s/s, ",
		    done * (double)total / spent, unit);
	fprintf(stderr, "%s" PROGNAME ": %s %5.1f%% done, %s%s%s",
	    live ? "\r" : "", what, 100.0 * done, rate, rest,
	    live ? " " : "\n");
	pg.shown = live;
}

void
cli_progress_end(void)
{
	if (pg.shown)
		cli_clear_line(stderr);
	pg.shown = false;
	pg.on = false;
}

