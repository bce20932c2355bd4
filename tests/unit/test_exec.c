/*
 * test_exec.c - the exec protocol, the auditor's side (exec.c), spoken
 * to a program played here by a thread over two pipes: Durstenfeld's
 * shuffle of 3 cards, counted, gives every ordering once (worked out:
 * 3 x 2 runs, one an ordering); a line that is no request, a run given
 * up with "error WHY", and a deck that is no permutation each end the
 * census as the protocol says, quoting what the program wrote; and a run
 * made again after a streamed walk is offered as a plan exactly when the
 * program's hello said it takes one; and plans queued for several runs
 * reach the program in one write, within the window (SA_EXEC_AHEAD
 * bytes unless sa_exec_ahead says more).
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <pthread.h>
#include <sys/ioctl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"

/* How the program misbehaves, on its second run. */
enum fault { FAIR, GARBAGE, GIVES_UP, NOT_PERM };

struct program {
	int in, out;		/* its standard input and output */
	enum fault fault;
};

/* One line from FD into BUF; false at the end of its input. */
static bool
read_line(int fd, char *buf, size_t size)
{
	size_t len = 0;

	while (len + 1 < size) {
		char c;
		ssize_t got = read(fd, &c, 1);

		if (got <= 0)
			return false;
		if (c == '\n')
			break;
		buf[len++] = c;
	}
	buf[len] = '\0';
	return true;
}

static void
say(int fd, const char *line)
{
	assert_true(write(fd, line, strlen(line)) == (ssize_t)strlen(line));
}

/* Durstenfeld's shuffle of 3 cards over the protocol, as a program. */
static void *
play(void *arg)
{
	struct program *pg = arg;
	char line[128];
	int run = 0;

	while (read_line(pg->in, line, sizeof line)) {
		unsigned deck[3] = { 0, 1, 2 };

		assert_string_equal(line, "shuffle 3");
		run++;
		if (run == 2 && pg->fault == GARBAGE) {
			say(pg->out, "hello there\n");
			break;
		}
		if (run == 2 && pg->fault == GIVES_UP) {
			say(pg->out, "error no randomness today\n");
			break;
		}
		for (unsigned i = 2; i > 0; i--) {
			char ask[32];
			unsigned long j, t;

			snprintf(ask, sizeof ask, "draw %u\n", i + 1);
			say(pg->out, ask);
			if (!read_line(pg->in, line, sizeof line))
				goto done;
			j = strtoul(line, NULL, 10);
			t = deck[i];
			deck[i] = deck[j];
			deck[j] = (unsigned)t;
		}
		snprintf(line, sizeof line, "deck %u %u %u\n", deck[0],
		    run == 2 && pg->fault == NOT_PERM ? deck[0] : deck[1],
		    deck[2]);
		say(pg->out, line);
	}
done:
	close(pg->out);
	return NULL;
}

/* Two pipes: TO the program (our end written without blocking), FROM it. */
static void
pipes(int to[2], int from[2])
{
	assert_int_equal(pipe(to), 0);
	assert_int_equal(pipe(from), 0);
	assert_int_equal(fcntl(to[1], F_SETFL, O_NONBLOCK), 0);
}

/* The auditor's side of the protocol, writing TO and reading FROM, as SH. */
static sa_exec *
speaker(int to, int from, sa_shuffle *sh)
{
	sa_exec_opts eo;
	sa_exec *ex;

	memset(&eo, 0, sizeof eo);
	eo.to = to;
	eo.from = from;
	eo.timeout = 600;	/* no test waits on it: the program is here */
	eo.raw_bits = 8;
	eo.real_cells = 6;
	eo.max_draws = 64;
	assert_int_equal(sa_exec_new(&eo, &ex), SA_OK);
	sa_exec_shuffle(ex, sh);
	return ex;
}

/* The program's input ended, its thread T joined, and the pipes and EX
 * let go. */
static void
hang_up(sa_exec *ex, int to[2], int from[2], pthread_t t)
{
	close(to[1]);		/* the program's input ends */
	pthread_join(t, NULL);
	close(to[0]);
	close(from[0]);
	sa_exec_free(ex);
}

/*
 * The census of the program with FAULT, by the protocol: its status,
 * the counts into COUNTS (6), the reason into WHAT.
 */
static int
audit(enum fault fault, uint64_t *counts, char *what, size_t size)
{
	int to[2], from[2], status;
	struct program pg;
	pthread_t t;
	sa_exec *ex;
	sa_shuffle sh = { .name = "program", .summary = "t" };
	sa_census_opts opts = { .engine = SA_ENGINE_REPLAY };
	sa_audit_opts au;
	sa_census *c = NULL;

	pipes(to, from);
	pg.in = to[0];
	pg.out = from[1];
	pg.fault = fault;
	assert_int_equal(pthread_create(&t, NULL, play, &pg), 0);
	ex = speaker(to[1], from[0], &sh);
	memset(&au, 0, sizeof au);
	au.window = sa_exec_window(ex);
	status = sa_census_run_audited(&sh, 3, &opts, &au, &c);
	snprintf(what, size, "%s", sa_exec_what(ex));
	for (uint64_t r = 0; status == SA_OK && r < 6; r++)
		counts[r] = sa_census_count(c, r);
	sa_census_free(c);
	hang_up(ex, to, from, t);
	return status;
}

static void
test_fair(void **state)
{
	uint64_t counts[6];
	char what[512];

	(void)state;
	assert_int_equal(audit(FAIR, counts, what, sizeof what), SA_OK);
	for (int r = 0; r < 6; r++)
		assert_int_equal(counts[r], 1);
}

static void
test_breaches(void **state)
{
	uint64_t counts[6];
	char what[512];

	(void)state;
	assert_int_equal(audit(GARBAGE, counts, what, sizeof what),
	    SA_EPROTO);
	assert_non_null(strstr(what, "hello there"));
	assert_int_equal(audit(GIVES_UP, counts, what, sizeof what),
	    SA_EPROTO);
	assert_non_null(strstr(what, "no randomness today"));
	assert_int_equal(audit(NOT_PERM, counts, what, sizeof what),
	    SA_ENOTPERM);
}

/*
 * A program that offers a streamed walk ("stream 1 plan" when PLANS),
 * walks none (the auditor's side of the walk is stream.c's, tested in
 * test_stream), then is made run (0, 0) again: offered as a plan, it
 * must get exactly "shuffle 3 plan 3:0 2:0" and take both draws; not
 * offered one, "shuffle 3" and a draw a line.
 */
struct offered {
	int in, out;
	bool plans;
	int waiting;	/* play_queued: the bytes behind the first plan */
};

static void *
play_offered(void *arg)
{
	struct offered *pg = arg;
	char line[128];

	assert_true(read_line(pg->in, line, sizeof line));
	assert_string_equal(line, "shuffle 3");
	say(pg->out, pg->plans ? "stream 1 plan\n" : "stream 1\n");
	assert_true(read_line(pg->in, line, sizeof line));
	assert_string_equal(line, "walk 3 0 1 0 64 0 40");
	assert_true(read_line(pg->in, line, sizeof line));
	if (pg->plans) {
		assert_string_equal(line, "shuffle 3 plan 3:0 2:0");
		say(pg->out, "asked 3 2\n");
	} else {
		assert_string_equal(line, "shuffle 3");
		say(pg->out, "draw 3\n");
		assert_true(read_line(pg->in, line, sizeof line));
		assert_string_equal(line, "0");
		say(pg->out, "draw 2\n");
		assert_true(read_line(pg->in, line, sizeof line));
		assert_string_equal(line, "0");
	}
	/* Durstenfeld's 3 cards with draws 0, 0. */
	say(pg->out, "deck 1 2 0\n");
	close(pg->out);
	return NULL;
}

/*
 * PROGRAM started as the program PG (its pipes TO and FROM, its thread T),
 * its hello taken with a walk of 3 cards, and the plain protocol set for
 * the runs made again after it: the auditor's side, as SH.
 */
static sa_exec *
walked(struct offered *pg, void *(*program)(void *), int to[2], int from[2],
    pthread_t *t, sa_shuffle *sh)
{
	sa_exec *ex;

	pipes(to, from);
	pg->in = to[0];
	pg->out = from[1];
	assert_int_equal(pthread_create(t, NULL, program, pg), 0);
	ex = speaker(to[1], from[0], sh);
	assert_true(sa_exec_hello(ex, 3, "walk 3 0 1 0 64 0 40\n"));
	sa_exec_plain(ex);
	return ex;
}

static void
offer(bool plans)
{
	static const uint64_t val[2] = { 0, 0 }, bound[2] = { 3, 2 };
	static const unsigned want[3] = { 1, 2, 0 };
	int to[2], from[2];
	struct offered pg;
	pthread_t t;
	sa_exec *ex;
	sa_shuffle sh = { .name = "program", .summary = "t" };
	sa_audit_opts ao;
	unsigned deck[3];

	pg.plans = plans;
	ex = walked(&pg, play_offered, to, from, &t, &sh);
	/* Queued, a plan goes as the run's own would (one, one write). */
	assert_int_equal(sa_exec_queue(ex, 3, val, bound, 2), plans);
	assert_int_equal(sa_exec_offer(ex, val, bound, 2), plans);
	memset(&ao, 0, sizeof ao);
	ao.raw_bits = 8;
	ao.real_cells = 6;
	assert_int_equal(sa_replay_strict(&sh, 3, val, bound, 2, &ao, deck),
	    SA_OK);
	assert_memory_equal(deck, want, sizeof want);
	hang_up(ex, to, from, t);
}

/* A run made again after a streamed walk: planned only when offered. */
static void
test_offer(void **state)
{
	(void)state;
	offer(true);
	offer(false);
}

/*
 * Durstenfeld's 3 cards made again, each of its 6 runs (a, b), their
 * plans queued: the program reads the first and finds the other five
 * already waiting (sent in the same write, before any answer), then
 * answers all six back to back.
 */
static void *
play_queued(void *arg)
{
	struct offered *pg = arg;
	char line[128], want[64];

	assert_true(read_line(pg->in, line, sizeof line));
	assert_string_equal(line, "shuffle 3");
	say(pg->out, "stream 1 plan\n");
	assert_true(read_line(pg->in, line, sizeof line));
	assert_string_equal(line, "walk 3 0 1 0 64 0 40");
	for (int r = 0; r < 6; r++) {
		assert_true(read_line(pg->in, line, sizeof line));
		snprintf(want, sizeof want, "shuffle 3 plan 3:%d 2:%d", r / 2,
		    r % 2);
		assert_string_equal(line, want);
		/* Anything but the other five, and the program hangs up
		 * (the auditor then fails the run, and the test says why). */
		if (r == 0 && (ioctl(pg->in, FIONREAD, &pg->waiting) != 0 ||
		    pg->waiting != 5 * (int)strlen(line) + 5)) {
			close(pg->out);
			return NULL;
		}
	}
	for (int r = 0; r < 6; r++) {
		unsigned d[3] = { 0, 1, 2 }, t;

		t = d[2], d[2] = d[r / 2], d[r / 2] = t;
		t = d[1], d[1] = d[r % 2], d[r % 2] = t;
		snprintf(line, sizeof line, "asked 3 2\ndeck %u %u %u\n", d[0],
		    d[1], d[2]);
		say(pg->out, line);
	}
	close(pg->out);
	return NULL;
}

static void
test_queue(void **state)
{
	static const uint64_t bound[2] = { 3, 2 };
	uint64_t val[6][2];
	int to[2], from[2];
	struct offered pg;
	pthread_t t;
	sa_exec *ex;
	sa_shuffle sh = { .name = "program", .summary = "t" };
	sa_audit_opts ao;
	unsigned deck[3], seen = 0;
	size_t queued = 0;

	(void)state;
	pg.plans = true;
	pg.waiting = -1;
	ex = walked(&pg, play_queued, to, from, &t, &sh);
	for (int r = 0; r < 6; r++) {
		val[r][0] = (uint64_t)r / 2;
		val[r][1] = (uint64_t)r % 2;
		assert_true(sa_exec_queue(ex, 3, val[r], bound, 2));
	}
	memset(&ao, 0, sizeof ao);
	ao.raw_bits = 8;
	ao.real_cells = 6;
	for (int r = 0; r < 6; r++) {
		int status;

		assert_true(sa_exec_offer(ex, val[r], bound, 2));
		status = sa_replay_strict(&sh, 3, val[r], bound, 2, &ao, deck);
		if (status != SA_OK) {
			pthread_join(t, NULL);
			fail_msg("run %d: status %d; %d bytes waited behind the "
			    "first plan, not 5 plans' 115", r, status,
			    pg.waiting);
		}
		/* Durstenfeld's runs give each ordering once. */
		seen |= 1u << (deck[0] * 3 + deck[1]);
	}
	for (unsigned b = seen; b != 0; b &= b - 1)
		queued++;
	assert_int_equal(queued, 6);
	queued = 0;
	/* A queue holds what fits in its window, SA_EXEC_AHEAD bytes unless
	 * told more, 23 a plan here; a window set while runs are queued is
	 * not taken. */
	while (sa_exec_queue(ex, 3, val[5], bound, 2))
		queued++;
	assert_int_equal(queued, SA_EXEC_AHEAD / 23);
	sa_exec_ahead(ex, 2 * SA_EXEC_AHEAD);
	assert_false(sa_exec_queue(ex, 3, val[5], bound, 2));
	sa_exec_plain(ex);
	sa_exec_ahead(ex, 2 * SA_EXEC_AHEAD);
	for (queued = 0; sa_exec_queue(ex, 3, val[5], bound, 2); queued++)
		;
	assert_int_equal(queued, 2 * SA_EXEC_AHEAD / 23);
	hang_up(ex, to, from, t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fair),
		cmocka_unit_test(test_breaches),
		cmocka_unit_test(test_offer),
		cmocka_unit_test(test_queue),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
