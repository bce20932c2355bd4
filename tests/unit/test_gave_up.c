/*
 * test_gave_up.c - audited code chooses none of the walk's statuses
 * (issue 61): a run it gives up with oracle->fail, whatever status it
 * gives (0, -1, the library's SA_ETIME, SA_ENOMEM, SA_EOVERFLOW, the
 * 1000 once kept for a run cut at the depth), ends the walk with
 * SA_EPROTO, in a census, a census by layers and sa_replay_strict; the
 * library's own ends of a run (sa_oracle_break) keep theirs; and a
 * streamed walk's f item or early E, whatever status it carries, is
 * SA_EPROTO with the status quoted, as is a run past --max-draws.
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"
#include "internal.h"	/* white-box: sa_oracle_break on a script */

/* The statuses code may give, the library's own among them. */
static const int given[] = { 0, -1, SA_ENOMEM, SA_ETOOBIG, SA_EOVERFLOW,
    SA_ETIME, SA_EDRAWS, SA_EMODEL, 1000, 123456 };

/* Two coins, each swapping a pair of cards; the run whose first coin is
 * 1 and second 0 is given up with the status in the shuffle's ctx. */
static void
coins_giving_up(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	uint64_t a = sa_draw(o, 2), b = sa_draw(o, 2);

	(void)n;
	if (a == 1 && b == 0)
		(o->fail)(o, *(const int *)sh->ctx);	/* cmocka has fail() */
	if (a) {
		unsigned t = deck[0];

		deck[0] = deck[1];
		deck[1] = t;
	}
	if (b) {
		unsigned t = deck[1];

		deck[1] = deck[2];
		deck[2] = t;
	}
}

static void
test_census(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
		sa_shuffle sh = { .name = "coins", .summary = "t",
		    .run = coins_giving_up, .ctx = (void *)&given[i] };
		sa_census_opts opts = { .engine = SA_ENGINE_REPLAY };
		sa_audit_opts audit = { .twice = true };
		sa_census *c = NULL;

		if (sa_census_run_audited(&sh, 3, &opts, &audit, &c) !=
		    SA_EPROTO)
			fail_msg("oracle->fail(%d): not SA_EPROTO", given[i]);
		assert_null(c);
	}
}

/* A census by layers: the run given up is no run still going. */
static void
test_layers(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
		sa_shuffle sh = { .name = "coins", .summary = "t",
		    .run = coins_giving_up, .ctx = (void *)&given[i] };
		sa_layers_opts lo = { .depth = 4 };
		sa_layers *l = NULL;

		if (sa_layers_collect(&sh, 3, &lo, NULL, &l) != SA_EPROTO)
			fail_msg("oracle->fail(%d) by layers: not SA_EPROTO",
			    given[i]);
		assert_null(l);
	}
}

/* Runs cut at the depth are still the walk's own: still going. */
static void
test_depth_cut_kept(void **state)
{
	static const int none = 0;
	sa_shuffle sh = { .name = "coins", .summary = "t",
	    .run = coins_giving_up, .ctx = (void *)&none };
	sa_layers_opts lo = { .depth = 1 };
	sa_layers *l = NULL;

	(void)state;
	assert_int_equal(sa_layers_collect(&sh, 3, &lo, NULL, &l), SA_OK);
	assert_non_null(l);
	sa_layers_free(l);
}

static void
test_strict(void **state)
{
	static const uint64_t val[] = { 1, 0 }, bound[] = { 2, 2 };
	unsigned deck[3];

	(void)state;
	for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
		sa_shuffle sh = { .name = "coins", .summary = "t",
		    .run = coins_giving_up, .ctx = (void *)&given[i] };

		if (sa_replay_strict(&sh, 3, val, bound, 2, NULL, deck) !=
		    SA_EPROTO)
			fail_msg("oracle->fail(%d) made again: not SA_EPROTO",
			    given[i]);
	}
}

/* STATUS's end of a run, the library's own (OWN) or the code's. */
static int
ended(int status, bool own)
{
	uint64_t val[4], bound[4];
	sa_script s;

	sa_script_init(&s, SA_SCRIPT_REPLAY, val, bound, 4, 0);
	if (setjmp(s.abort) == 0) {
		if (own)
			sa_oracle_break(&s.base, status);
		else
			(s.base.fail)(&s.base, status);
	}
	return s.err;
}

/* The library's own end of a run keeps its status. */
static void
test_library_break(void **state)
{
	static const int own[] = { SA_ETIME, SA_ERANGE, SA_EBOUND, SA_EPROTO };

	(void)state;
	for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
		assert_int_equal(ended(own[i], true), own[i]);
		/* The code's fail, with the same status: its own. */
		assert_int_equal(ended(own[i], false), SA_EPROTO);
	}
}

/* A transcript written here, byte by byte (stream.c's format). */
struct script {
	unsigned char b[8192];
	size_t len;
};

static void
put(struct script *s, const void *p, size_t len)
{
	assert_true(s->len + len <= sizeof s->b);
	memcpy(s->b + s->len, p, len);
	s->len += len;
}

static void
put_le(struct script *s, uint64_t v, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char b = (unsigned char)(v >> (8 * i));

		put(s, &b, 1);
	}
}

/* A draw below 2 that gave V. */
static void
coin_item(struct script *s, uint32_t v)
{
	put(s, "v", 1);
	put_le(s, 1, 4);
	put_le(s, v, 4);
}

/* The end of the code's walk, with STATUS and MSG. */
static void
end(struct script *s, int32_t status, const char *msg)
{
	put(s, "E", 1);
	put_le(s, (uint32_t)status, 4);
	put_le(s, strlen(msg), 2);
	put(s, msg, strlen(msg));
}

/* S read as the census of the two coins (3 cards), MAX draws a run: its
 * status, the reader's reason in WHAT (SIZE bytes). */
static int
play(const struct script *s, size_t max, char *what, size_t size)
{
	static const int none = 0;
	sa_shuffle sh = { .name = "coins", .summary = "t",
	    .run = coins_giving_up, .ctx = (void *)&none }, stream;
	sa_census_opts opts = { .engine = SA_ENGINE_REPLAY };
	sa_stream_opts so;
	sa_audit_opts audit;
	sa_stream_in *in;
	sa_census *c = NULL;
	int fds[2], status, code;

	assert_int_equal(pipe(fds), 0);
	assert_true(write(fds[1], s->b, s->len) == (ssize_t)s->len);
	close(fds[1]);
	memset(&so, 0, sizeof so);
	so.from = fds[0];
	so.timeout = 600;	/* no test waits on it: all is written */
	so.max_draws = max;
	assert_int_equal(sa_stream_in_new(&so, 3, &in), SA_OK);
	sa_stream_in_shuffle(in, &stream);
	sh.run = stream.run;
	sh.ctx = stream.ctx;
	memset(&audit, 0, sizeof audit);
	audit.window = sa_stream_in_window(in);
	status = sa_stream_in_opening(in, &code, NULL, 0);
	if (status == SA_OK)
		status = sa_census_run_audited(&sh, 3, &opts, &audit, &c);
	if (status == SA_OK)
		status = sa_stream_in_finish(in, &code, NULL, 0);
	snprintf(what, size, "%s", sa_stream_in_what(in));
	sa_census_free(c);
	sa_stream_in_free(in);
	close(fds[0]);
	return status;
}

/* The first run whole: draws 0 and 0, the deck as it was. */
static void
first_run(struct script *s)
{
	put(s, "R", 1);
	coin_item(s, 0);
	coin_item(s, 0);
	put(s, "D\3\0\1\2", 5);
}

static void
test_stream_f(void **state)
{
	char what[512], want[32];

	(void)state;
	for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
		struct script s = { .len = 0 };

		first_run(&s);
		put(&s, "R", 1);
		coin_item(&s, 0);
		coin_item(&s, 1);
		put(&s, "f", 1);
		put_le(&s, (uint64_t)(int64_t)given[i], 8);
		end(&s, SA_OK, "");
		if (play(&s, 64, what, sizeof what) != SA_EPROTO)
			fail_msg("f %d: not SA_EPROTO", given[i]);
		snprintf(want, sizeof want, "of its own, %d ", given[i]);
		if (strstr(what, want) == NULL)
			fail_msg("f %d: \"%s\" does not quote it", given[i], what);
	}
}

/* The code's walk ended early: its status quoted, never the walk's. */
static void
test_stream_end(void **state)
{
	char what[512], want[32];

	(void)state;
	for (size_t i = 0; i < sizeof given / sizeof given[0]; i++) {
		struct script s = { .len = 0 };

		first_run(&s);
		end(&s, given[i], "why");
		if (play(&s, 64, what, sizeof what) != SA_EPROTO)
			fail_msg("E %d: not SA_EPROTO", given[i]);
		snprintf(want, sizeof want, "of its own, %d: why", given[i]);
		if (strstr(what, want) == NULL)
			fail_msg("E %d: \"%s\" does not quote it", given[i], what);
	}
}

/* A run of more draws than MAX is said to have more than MAX. */
static void
test_stream_max_draws(void **state)
{
	struct script s = { .len = 0 };
	char what[512];

	(void)state;
	put(&s, "R", 1);
	for (size_t i = 0; i < 2 * 64 + 8; i++)
		coin_item(&s, 0);
	put(&s, "D\3\0\1\2", 5);
	end(&s, SA_OK, "");
	assert_int_equal(play(&s, 64, what, sizeof what), SA_EPROTO);
	if (strstr(what, "more than 64 draws") == NULL)
		fail_msg("\"%s\"", what);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_census),
		cmocka_unit_test(test_layers),
		cmocka_unit_test(test_depth_cut_kept),
		cmocka_unit_test(test_strict),
		cmocka_unit_test(test_library_break),
		cmocka_unit_test(test_stream_f),
		cmocka_unit_test(test_stream_end),
		cmocka_unit_test(test_stream_max_draws),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
