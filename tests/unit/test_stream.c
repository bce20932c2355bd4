/*
 * test_stream.c - a walk streamed (stream.c): the code's side writing a
 * census through a pipe and the auditor's side counting it again, in two
 * threads, against the census made directly; and transcripts written
 * here byte by byte, from the format stream.c states, that skip a run,
 * repeat one, give a value past its bound, leave values of a bound
 * unwalked, end one run short or are cut mid-run: each fails with
 * SA_EPROTO, saying why; and code that did not load, told at the opening.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
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

/* The code's side: SH's census on N cards streamed to FD. */
struct writer {
	int fd;
	const sa_shuffle *sh;
	size_t n;
	int status;
};

static void *
write_walk(void *arg)
{
	struct writer *wr = arg;
	sa_stream_out *w;
	sa_shuffle rec;
	sa_census_opts opts;
	sa_audit_opts audit;
	sa_replay_window win;
	uint64_t val[64], bound[64];
	sa_census *c = NULL;

	memset(&win, 0, sizeof win);
	win.val = val;
	win.bound = bound;
	win.cap = 64;
	memset(&opts, 0, sizeof opts);
	opts.engine = SA_ENGINE_REPLAY;
	memset(&audit, 0, sizeof audit);
	audit.window = &win;
	assert_int_equal(sa_stream_out_new(wr->fd, wr->sh, &w), SA_OK);
	sa_stream_out_shuffle(w, &rec);
	wr->status = sa_census_run_audited(&rec, wr->n, &opts, &audit, &c);
	(void)sa_stream_out_end(w, wr->status, NULL);
	sa_stream_out_free(w);
	sa_census_free(c);
	close(wr->fd);
	return NULL;
}

/*
 * The auditor's side: the stream at FROM counted on N cards as the
 * census of STAND_IN into *OUT (NULL on failure); the census's status,
 * its reason into WHAT (SIZE bytes).
 */
static int
read_walk(int from, size_t n, const sa_shuffle *stand_in, sa_census **out,
    char *what, size_t size)
{
	sa_stream_opts so;
	sa_stream_in *in;
	sa_shuffle sh = *stand_in, stream;
	sa_census_opts opts;
	sa_audit_opts audit;
	int status, code = SA_OK;

	memset(&so, 0, sizeof so);
	so.from = from;
	so.timeout = 600;	/* no test waits on it: the writer is here */
	so.max_draws = 64;
	assert_int_equal(sa_stream_in_new(&so, n, &in), SA_OK);
	sa_stream_in_shuffle(in, &stream);
	sh.run = stream.run;
	sh.ctx = stream.ctx;
	*out = NULL;
	status = sa_stream_in_opening(in, &code, NULL, 0);
	if (status == SA_OK) {
		memset(&opts, 0, sizeof opts);
		opts.engine = SA_ENGINE_REPLAY;
		memset(&audit, 0, sizeof audit);
		audit.window = sa_stream_in_window(in);
		status = sa_census_run_audited(&sh, n, &opts, &audit, out);
	}
	if (status == SA_OK)
		status = sa_stream_in_finish(in, &code, NULL, 0);
	snprintf(what, size, "%s", sa_stream_in_what(in));
	if (status != SA_OK) {
		sa_census_free(*out);
		*out = NULL;
	}
	sa_stream_in_free(in);
	return status;
}

/* The naive shuffle streamed counts what its direct census counts. */
static void
test_honest(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	struct writer wr = { -1, naive, 4, -1 };
	sa_census_opts o = { .engine = SA_ENGINE_REPLAY };
	sa_census *direct, *streamed;
	pthread_t t;
	char what[512];
	int fds[2];

	(void)state;
	assert_int_equal(pipe(fds), 0);
	wr.fd = fds[1];
	assert_int_equal(pthread_create(&t, NULL, write_walk, &wr), 0);
	assert_int_equal(read_walk(fds[0], 4, naive, &streamed, what,
	    sizeof what), SA_OK);
	pthread_join(t, NULL);
	close(fds[0]);
	assert_int_equal(wr.status, SA_OK);
	assert_int_equal(sa_census_run(naive, 4, &o, &direct), SA_OK);
	assert_int_equal(sa_census_about(streamed)->sequences, 256);
	for (uint64_t r = 0; r < 24; r++)
		assert_int_equal(sa_census_count(streamed, r),
		    sa_census_count(direct, r));
	sa_census_free(direct);
	sa_census_free(streamed);
}

/* A transcript under construction. */
struct script {
	unsigned char b[4096];
	size_t len;
};

static void
put(struct script *s, const void *p, size_t len)
{
	assert_true(s->len + len <= sizeof s->b);
	memcpy(s->b + s->len, p, len);
	s->len += len;
}

/* A run of one draw below K that got V, ending on DECK (N cards). */
static void
run1(struct script *s, uint32_t k, uint32_t v, const unsigned char *deck,
    unsigned char n)
{
	uint32_t k1 = k - 1;

	put(s, "R", 1);
	put(s, "v", 1);
	put(s, &k1, 4);
	put(s, &v, 4);
	put(s, "D", 1);
	put(s, &n, 1);
	put(s, deck, n);
}

static void
end(struct script *s, int32_t status)
{
	uint16_t len = 0;

	put(s, "E", 1);
	put(s, &status, 4);
	put(s, &len, 2);
}

/* One draw below 2 swaps the two cards or not: a fair coin, 2 cards. */
static void
coin(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)sh;
	(void)n;
	if (sa_draw(o, 2) == 1) {
		unsigned t = deck[0];

		deck[0] = deck[1];
		deck[1] = t;
	}
}

/* S read as the coin's census: its status, its reason in WHAT. */
static int
play(const struct script *s, sa_census **out, char *what, size_t size)
{
	const sa_shuffle stand_in = { .name = "coin", .summary = "t",
	    .run = coin };
	int fds[2], status;

	assert_int_equal(pipe(fds), 0);
	assert_true(write(fds[1], s->b, s->len) == (ssize_t)s->len);
	close(fds[1]);
	status = read_walk(fds[0], 2, &stand_in, out, what, size);
	close(fds[0]);
	return status;
}

static const unsigned char same[] = { 0, 1 }, swapped[] = { 1, 0 };

static void
test_scripts(void **state)
{
	struct script s;
	sa_census *c;
	char what[512];

	(void)state;
	/* As written: both runs, then the end. */
	memset(&s, 0, sizeof s);
	run1(&s, 2, 0, same, 2);
	run1(&s, 2, 1, swapped, 2);
	end(&s, SA_OK);
	assert_int_equal(play(&s, &c, what, sizeof what), SA_OK);
	assert_int_equal(sa_census_count(c, 0), 1);
	assert_int_equal(sa_census_count(c, 1), 1);
	sa_census_free(c);
	/* The first run skipped: its value is not the odometer's. */
	memset(&s, 0, sizeof s);
	run1(&s, 2, 1, swapped, 2);
	end(&s, SA_OK);
	assert_int_equal(play(&s, &c, what, sizeof what), SA_EPROTO);
	assert_null(c);
	assert_true(what[0] != '\0');
	/* A run repeated. */
	memset(&s, 0, sizeof s);
	run1(&s, 2, 0, same, 2);
	run1(&s, 2, 0, same, 2);
	end(&s, SA_OK);
	assert_int_equal(play(&s, &c, what, sizeof what), SA_EPROTO);
	/* Draws below 3 that cover only two of the values: the auditor's
	 * odometer, which takes the code's bounds, wants a third run. */
	memset(&s, 0, sizeof s);
	run1(&s, 3, 0, same, 2);
	run1(&s, 3, 1, swapped, 2);
	end(&s, SA_OK);
	assert_int_equal(play(&s, &c, what, sizeof what), SA_EPROTO);
	/* A value past the bound. */
	memset(&s, 0, sizeof s);
	run1(&s, 2, 0, same, 2);
	run1(&s, 2, 7, swapped, 2);
	end(&s, SA_OK);
	assert_int_equal(play(&s, &c, what, sizeof what), SA_EPROTO);
	/* The walk ends, said to be done, one run short. */
	memset(&s, 0, sizeof s);
	run1(&s, 2, 0, same, 2);
	end(&s, SA_OK);
	assert_int_equal(play(&s, &c, what, sizeof what), SA_EPROTO);
	/* The transcript cut in the middle of a run. */
	memset(&s, 0, sizeof s);
	run1(&s, 2, 0, same, 2);
	put(&s, "R", 1);
	assert_int_equal(play(&s, &c, what, sizeof what), SA_EPROTO);
}

/* Code that did not load ends its walk before its first run. */
static void
test_opening(void **state)
{
	struct script s;
	sa_stream_opts so;
	sa_stream_in *in;
	char msg[64];
	int fds[2], code = SA_OK;
	uint16_t len = 5;
	int32_t st = SA_EINVAL;

	(void)state;
	memset(&s, 0, sizeof s);
	put(&s, "E", 1);
	put(&s, &st, 4);
	put(&s, &len, 2);
	put(&s, "no sy", 5);
	assert_int_equal(pipe(fds), 0);
	assert_true(write(fds[1], s.b, s.len) == (ssize_t)s.len);
	close(fds[1]);
	memset(&so, 0, sizeof so);
	so.from = fds[0];
	so.timeout = 600;
	so.max_draws = 8;
	assert_int_equal(sa_stream_in_new(&so, 2, &in), SA_OK);
	assert_int_equal(sa_stream_in_opening(in, &code, msg, sizeof msg),
	    SA_EINVAL);
	assert_int_equal(code, SA_EINVAL);
	assert_string_equal(msg, "no sy");
	sa_stream_in_free(in);
	close(fds[0]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_honest),
		cmocka_unit_test(test_scripts),
		cmocka_unit_test(test_opening),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
