/*
 * progress.c - make bench-progress: how far the time left that a census
 * shows (sa_eta, the pace of the last ten seconds) is from the time that
 * was really left, on this machine as it is, and beside BUSY busy loops
 * of its own (default 2) that start a third of the way in, so that the
 * pace changes under the census as it does on a shared builder.
 *
 *	build/progress [CARDS [BUSY]]
 *
 * A naive census of CARDS cards (default 11) on every core; each share
 * told is fed to sa_eta with sa_clock(); once the census ends, each
 * foretold time left past 10% done is set against the time that was
 * left then to the count's end (the whole told done; what follows it,
 * the tally's last sums, the line at 100% names), as a ratio.  It prints the worst ratio either way, the
 * ratio of the last figure a terminal would have shown before the end
 * (the target: within 2), the same for the pace since the start (the
 * old forecast), the seconds and the load average.  A benchmark, not a
 * test: it asserts nothing.
 */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shuffle_audit.h"

#define MOST 100000

static struct {
	sa_eta eta;
	double start;
	size_t len;
	double t[MOST], done[MOST], left[MOST], whole[MOST];
	int busy;
	pid_t pids[16];
	double counted;		/* when the whole was told done */
} b;

static void
spin(void)
{
	volatile unsigned long x = 0;

	for (;;)
		x++;
}

static void
told(void *ctx, double done)
{
	double now = sa_clock();

	(void)ctx;
	/* The load arrives a third of the way in. */
	if (done > 1.0 / 3 && b.busy > 0) {
		for (int i = 0; i < b.busy && i < 16; i++)
			if ((b.pids[i] = fork()) == 0)
				spin();
		b.busy = -b.busy;
	}
	sa_eta_tell(&b.eta, now, done);
	if (done >= 1 && b.counted == 0)
		b.counted = now - b.start;
	if (b.len < MOST && done < 1) {
		b.t[b.len] = now - b.start;
		b.done[b.len] = done;
		b.left[b.len] = sa_eta_left(&b.eta);
		b.whole[b.len] = done > 0 ? (now - b.start) / done *
		    (1 - done) : -1;
		b.len++;
	}
}

static double
ratio(double foretold, double truth)
{
	if (foretold <= 0 || truth <= 0)
		return -1;
	return foretold > truth ? foretold / truth : truth / foretold;
}

int
main(int argc, char **argv)
{
	size_t n = argc > 1 ? (size_t)atoi(argv[1]) : 11;
	sa_census_opts o;
	sa_census *c = NULL;
	double total, worst = 1, worst_whole = 1, last = -1, last_whole = -1;
	double load[3] = { 0 };
	FILE *f;
	int status;

	b.busy = argc > 2 ? atoi(argv[2]) : 2;
	memset(&o, 0, sizeof o);
	o.progress = told;
	b.start = sa_clock();
	sa_eta_start(&b.eta, b.start, 0);
	status = sa_census_run(sa_shuffle_find("naive"), n, &o, &c);
	total = sa_clock() - b.start;
	for (int i = 0; i < -b.busy && i < 16; i++) {
		kill(b.pids[i], SIGKILL);
		waitpid(b.pids[i], NULL, 0);
	}
	sa_census_free(c);
	if (status != SA_OK) {
		fprintf(stderr, "progress: census: %s\n", sa_strerror(status));
		return 2;
	}
	if (b.counted == 0)
		b.counted = total;
	for (size_t i = 0; i < b.len; i++) {
		double truth = b.counted - b.t[i], r, rw;

		if (b.done[i] < 0.1)
			continue;
		r = ratio(b.left[i], truth);
		rw = ratio(b.whole[i], truth);
		/* The last a terminal shows: a quarter second before the end. */
		if (truth >= 0.25 && r > 0) {
			last = r;
			last_whole = rw;
		}
		if (r < 0)
			continue;
		if (r > worst)
			worst = r;
		if (rw > worst_whole)
			worst_whole = rw;
	}
	if ((f = fopen("/proc/loadavg", "r")) != NULL) {
		if (fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3)
			load[0] = -1;
		fclose(f);
	}
	printf("naive census of %zu cards, %d busy loops from a third in: "
	    "counted in %.1f s, then %.1f s to the end (the line at 100%% "
	    "names it), %zu shares told, load %.2f\n", n, -b.busy, b.counted,
	    total - b.counted, b.len, load[0]);
	printf("time left, pace of the last 10 s: last shown %.2fx off, "
	    "worst past 10%% %.2fx (target: last within 2x)\n", last, worst);
	printf("time left, pace since the start:  last shown %.2fx off, "
	    "worst past 10%% %.2fx\n", last_whole, worst_whole);
	return 0;
}
