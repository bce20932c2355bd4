/*
 * test_stream.c - a walk streamed (stream.c): the code's side writing a
 * census through a pipe and the auditor's side counting it again, in two
 * threads, against the census made directly; and transcripts written
 * here byte by byte, from the format stream.c states, that skip a run,
 * repeat one, give a value past its bound, leave values of a bound
 * unwalked, end one run short or are cut mid-run: each fails with
 * SA_EPROTO, saying why; and code that did not load, told at the opening.
 * Runs that keep the items of the run before (K, the exec protocol's
 * streamed walk), a run given up (X), the runs kept for the caller to
 * make again, and sa_replay_strict, which makes one again; and
 * sa_script_take, the reader's check of a run's kept draws at once, and
 * sa_script_again, which takes a run made again from its record.
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
#include "internal.h"	/* white-box: sa_script_take against digit */

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

/* V as LEN little-endian bytes, as the transcript has its numbers. */
static void
put_le(struct script *s, uint64_t v, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char b = (unsigned char)(v >> (8 * i));

		put(s, &b, 1);
	}
}

/* A run of one draw below K that got V, ending on DECK (N cards). */
static void
run1(struct script *s, uint32_t k, uint32_t v, const unsigned char *deck,
    unsigned char n)
{
	put(s, "R", 1);
	put(s, "v", 1);
	put_le(s, k - 1, 4);
	put_le(s, v, 4);
	put(s, "D", 1);
	put(s, &n, 1);
	put(s, deck, n);
}

static void
end(struct script *s, int32_t status)
{
	put(s, "E", 1);
	put_le(s, (uint32_t)status, 4);
	put_le(s, 0, 2);
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

/* Two coins: the first swaps cards 0 and 1, the second 1 and 2. */
static void
coins(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)sh;
	(void)n;
	for (size_t i = 0; i < 2; i++)
		if (sa_draw(o, 2) == 1) {
			unsigned t = deck[i];

			deck[i] = deck[i + 1];
			deck[i + 1] = t;
		}
}

/* A run of the two coins: it keeps KEPT items, then draws V0.. (NV). */
static void
run2(struct script *s, int kept, const uint32_t *v, size_t nv,
    const unsigned char *deck)
{
	put(s, "R", 1);
	if (kept >= 0) {
		put(s, "K", 1);
		put_le(s, (uint64_t)kept, 4);
	}
	for (size_t i = 0; i < nv; i++) {
		put(s, "v", 1);
		put_le(s, 1, 4);	/* below 2 */
		put_le(s, v[i], 4);
	}
	put(s, "D", 1);
	put(s, "\3", 1);
	put(s, deck, 3);
}

/* The two coins' decks, run by run: 012 021 102 120. */
static const unsigned coin_decks[4][3] = { { 0, 1, 2 }, { 0, 2, 1 },
    { 1, 0, 2 }, { 1, 2, 0 } };

/*
 * S read as the two coins' census, KEEP runs kept (or, with ONE_IN 1,
 * every run, held as each differs from the one before), the first
 * checked.
 */
static int
play_kept(const struct script *s, char *what, size_t size, size_t keep,
    uint64_t one_in)
{
	const sa_shuffle stand_in = { .name = "coins", .summary = "t",
	    .run = coins };
	sa_stream_opts so;
	sa_stream_in *in;
	sa_shuffle sh = stand_in, stream;
	sa_census_opts opts = { .engine = SA_ENGINE_REPLAY };
	sa_audit_opts audit;
	sa_census *c = NULL;
	const sa_stream_kept *kept, *ahead;
	size_t want = one_in ? 4 : keep < 4 ? keep : 4;
	int fds[2], status, code;

	assert_int_equal(pipe(fds), 0);
	assert_true(write(fds[1], s->b, s->len) == (ssize_t)s->len);
	close(fds[1]);
	memset(&so, 0, sizeof so);
	so.from = fds[0];
	so.timeout = 600;
	so.max_draws = 8;
	so.keep = keep;
	so.keep_one_in = one_in;
	so.seed = 12345;
	assert_int_equal(sa_stream_in_new(&so, 3, &in), SA_OK);
	sa_stream_in_shuffle(in, &stream);
	sh.run = stream.run;
	sh.ctx = stream.ctx;
	memset(&audit, 0, sizeof audit);
	audit.window = sa_stream_in_window(in);
	status = sa_census_run_audited(&sh, 3, &opts, &audit, &c);
	if (status == SA_OK)
		status = sa_stream_in_finish(in, &code, NULL, 0);
	snprintf(what, size, "%s", sa_stream_in_what(in));
	if (status == SA_OK) {
		/* Each run counted once: decks 012 102 021 120. */
		assert_int_equal(sa_census_about(c)->sequences, 4);
		for (uint64_t r = 0; r < 6; r++)
			assert_int_equal(sa_census_count(c, r), r == 0 ||
			    r == 1 || r == 2 || r == 3 ? 1 : 0);
		/* Every run kept (KEEP of 4 at least), as it was read,
		 * while the second reader reads another. */
		assert_int_equal(sa_stream_in_kept(in, 0, 0, NULL), want);
		for (size_t i = 0; i < want; i++) {
			unsigned deck[3];

			assert_int_equal(sa_stream_in_kept(in, 0, i, &kept),
			    want);
			assert_int_equal(sa_stream_in_kept(in, 1, (i + 2) %
			    want, &ahead), want);
			assert_int_equal(kept->len, 2);
			assert_int_equal(sa_replay_strict(&stand_in, 3,
			    kept->val, kept->bound, kept->len, NULL,
			    deck), SA_OK);
			assert_memory_equal(deck, kept->deck, sizeof deck);
			if (one_in == 1) {
				assert_int_equal(kept->run, i + 1);
				assert_memory_equal(kept->deck, coin_decks[i],
				    sizeof deck);
				assert_memory_equal(ahead->deck,
				    coin_decks[(i + 2) % want], sizeof deck);
			}
		}
		/* The first run's record, asked for after the last: two
		 * draws below 2, both 0. */
		if (want > 0) {
			assert_int_equal(sa_stream_in_kept(in, 0, 0, &kept),
			    want);
			assert_int_equal(kept->run, 1);
			assert_int_equal(kept->bound[0], 2);
			assert_int_equal(kept->val[0] + kept->val[1], 0);
		}
	}
	sa_census_free(c);
	sa_stream_in_free(in);
	close(fds[0]);
	return status;
}

static const unsigned char d012[] = { 0, 1, 2 }, d021[] = { 0, 2, 1 },
    d102[] = { 1, 0, 2 }, d120[] = { 1, 2, 0 };
static const uint32_t v00[] = { 0, 0 }, v01[] = { 0, 1 }, v10[] = { 1, 0 },
    v1[] = { 1 };

/* S read as the two coins' census, KEEP runs kept, the first checked. */
static int
play2(const struct script *s, char *what, size_t size, size_t keep)
{
	return play_kept(s, what, size, keep, 0);
}

/* Runs that keep the items of the run before: K. */
static void
test_kept(void **state)
{
	struct script s;
	char what[512];

	(void)state;
	/* The walk with its changes only: 00, K1 1, K0 10, K1 1. */
	memset(&s, 0, sizeof s);
	run2(&s, -1, v00, 2, d012);
	run2(&s, 1, v1, 1, d021);
	run2(&s, 0, v10, 2, d102);
	run2(&s, 1, v1, 1, d120);
	end(&s, SA_OK);
	assert_int_equal(play2(&s, what, sizeof what, 64), SA_OK);
	assert_int_equal(play2(&s, what, sizeof what, 2), SA_OK);
	assert_int_equal(play2(&s, what, sizeof what, 0), SA_OK);
	assert_int_equal(play_kept(&s, what, sizeof what, 0, 1), SA_OK);
	/* Every item written each run, K0: the same census. */
	memset(&s, 0, sizeof s);
	run2(&s, 0, v00, 2, d012);
	run2(&s, 0, v01, 2, d021);
	run2(&s, 0, v10, 2, d102);
	run2(&s, 0, (const uint32_t[]){ 1, 1 }, 2, d120);
	end(&s, SA_OK);
	assert_int_equal(play2(&s, what, sizeof what, 4), SA_OK);
	assert_int_equal(play_kept(&s, what, sizeof what, 0, 1), SA_OK);
	/* A run that keeps more items than the run before had. */
	memset(&s, 0, sizeof s);
	run2(&s, -1, v00, 2, d012);
	run2(&s, 3, v1, 0, d021);
	end(&s, SA_OK);
	assert_int_equal(play2(&s, what, sizeof what, 4), SA_EPROTO);
	assert_non_null(strstr(what, "keeps 3 items"));
	/* The second run skipped (its second draw stays 0, moves the first):
	 * named as a run skipped. */
	memset(&s, 0, sizeof s);
	run2(&s, -1, v00, 2, d012);
	run2(&s, 0, v10, 2, d120);
	end(&s, SA_OK);
	assert_int_equal(play2(&s, what, sizeof what, 4), SA_EPROTO);
	assert_non_null(strstr(what, "skipped"));
	/* A value at its bound: said so. */
	memset(&s, 0, sizeof s);
	run2(&s, -1, v00, 2, d012);
	run2(&s, 1, (const uint32_t[]){ 2 }, 1, d021);
	end(&s, SA_OK);
	assert_int_equal(play2(&s, what, sizeof what, 4), SA_EPROTO);
	assert_non_null(strstr(what, "got 2 from a draw below 2"));
	/* A run given up, saying why. */
	memset(&s, 0, sizeof s);
	run2(&s, -1, v00, 2, d012);
	put(&s, "RX", 2);
	put_le(&s, 3, 2);
	put(&s, "why", 3);
	assert_int_equal(play2(&s, what, sizeof what, 4), SA_EPROTO);
	assert_string_equal(what, "gave the run up: \"why\"");
}

/* A run made again from its record must ask for exactly those draws. */
static void
test_strict(void **state)
{
	const sa_shuffle two = { .name = "coins", .summary = "t",
	    .run = coins };
	const sa_shuffle *naive = sa_shuffle_find("naive");
	uint64_t val[3] = { 1, 0, 1 }, bound[3] = { 2, 2, 2 };
	unsigned deck[3];

	(void)state;
	/* 1 then 0: cards 0 and 1 swapped, 1 and 2 not. */
	assert_int_equal(sa_replay_strict(&two, 3, val, bound, 2, NULL,
	    deck), SA_OK);
	assert_int_equal(deck[0], 1);
	assert_int_equal(deck[1], 0);
	assert_int_equal(deck[2], 2);
	/* One draw too few, one too many, another bound. */
	assert_int_equal(sa_replay_strict(&two, 3, val, bound, 3, NULL,
	    deck), SA_ENONDET);
	assert_int_equal(sa_replay_strict(&two, 3, val, bound, 1, NULL,
	    deck), SA_ENONDET);
	bound[1] = 3;
	assert_int_equal(sa_replay_strict(&two, 3, val, bound, 2, NULL,
	    deck), SA_ENONDET);
	/* The naive shuffle on 3 cards: three draws below 3. */
	bound[0] = bound[1] = bound[2] = 3;
	val[0] = 2;
	val[1] = 2;
	val[2] = 1;
	assert_int_equal(sa_replay_strict(naive, 3, val, bound, 3, NULL,
	    deck), SA_OK);
	/* swap(0,2): 210; swap(1,2): 201; swap(2,1): 210. */
	assert_int_equal(deck[0], 2);
	assert_int_equal(deck[1], 1);
	assert_int_equal(deck[2], 0);
	assert_int_equal(sa_replay_strict(naive, 3, NULL, NULL, 0, NULL,
	    deck), SA_ENONDET);
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

	(void)state;
	memset(&s, 0, sizeof s);
	put(&s, "E", 1);
	put_le(&s, (uint32_t)SA_EINVAL, 4);
	put_le(&s, 5, 2);
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

/*
 * sa_script_take, which the reader uses for a run's kept draws, against
 * the same draws asked for one by one through the script's oracle: the
 * same position and watch after each prefix, stopping at the first
 * draw whose bound or value the record does not hold (the one the
 * reader then asks for as ever, and which fails there), at a place
 * draw's mark, at the record's end, and taking nothing from a script
 * past its run's start or from an oracle that is not a script.
 */
static void
test_take(void **state)
{
	uint64_t val[8], bound[8];
	/* A run's items as the reader holds them: bound, then value. */
	struct { uint64_t bound, value; } it[6] = {
		{ 5, 4 }, { 4, 0 }, { 3, 2 }, { 2, 1 }, { 9, 9 }, { 7, 0 }
	};
	sa_script s;
	volatile size_t watch = 0;
	sa_oracle other;

	(void)state;
	sa_script_init(&s, SA_SCRIPT_REPLAY, val, bound, 8, 32);
	s.watch = &watch;
	/* The record the run before left: 5 4 3 2 below, 4 0 2 1 drawn. */
	for (size_t k = 0; k < 4; k++) {
		bound[k] = it[k].bound;
		val[k] = it[k].value;
	}
	s.len = 4;
	for (size_t m = 0; m <= 6; m++) {
		size_t took, want = m < 4 ? m : 4;

		s.pos = 0;
		watch = 0;
		took = sa_script_take(&s.base, &it[0].bound, &it[0].value,
		    sizeof it[0], m, 0);
		assert_int_equal(took, want);
		/* One by one: each draw of the prefix returns its value. */
		sa_script_rewind(&s);
		if (setjmp(s.abort) == 0)
			for (size_t k = 0; k < want; k++)
				assert_int_equal(s.base.draw(&s.base,
				    it[k].bound), it[k].value);
		assert_int_equal(s.pos, want);
		if (want > 0)
			assert_int_equal(watch, want);
	}
	/* A value the record does not hold stops it there. */
	it[2].value = 0;
	s.pos = 0;
	assert_int_equal(sa_script_take(&s.base, &it[0].bound, &it[0].value,
	    sizeof it[0], 4, 0), 2);
	assert_int_equal(s.pos, 2);
	it[2].value = 2;
	/* So does another bound, and a place draw's mark. */
	it[1].bound = 6;
	s.pos = 0;
	assert_int_equal(sa_script_take(&s.base, &it[0].bound, &it[0].value,
	    sizeof it[0], 4, 0), 1);
	it[1].bound = 4;
	bound[1] |= SA_PLACE_DRAW;
	s.pos = 0;
	assert_int_equal(sa_script_take(&s.base, &it[0].bound, &it[0].value,
	    sizeof it[0], 4, 0), 1);
	bound[1] = 4;
	/* Past its run's start, or not a script: nothing taken. */
	s.pos = 1;
	assert_int_equal(sa_script_take(&s.base, &it[0].bound, &it[0].value,
	    sizeof it[0], 4, 0), 0);
	assert_int_equal(s.pos, 1);
	memset(&other, 0, sizeof other);
	assert_int_equal(sa_script_take(&other, &it[0].bound, &it[0].value,
	    sizeof it[0], 4, 0), 0);
	/*
	 * The draws known to be the run before's are taken unread as far as
	 * the record says it kept them (SAME), and read past it: a value
	 * changed below both goes unseen (the caller vouches for those),
	 * one at SAME or past KNOWN stops the take.
	 */
	it[0].value = 9;
	s.same = 2;
	s.pos = 0;
	assert_int_equal(sa_script_take(&s.base, &it[0].bound, &it[0].value,
	    sizeof it[0], 4, 3), 4);
	it[0].value = 4;
	it[2].value = 0;
	s.pos = 0;
	assert_int_equal(sa_script_take(&s.base, &it[0].bound, &it[0].value,
	    sizeof it[0], 4, 3), 2);
	s.same = 3;
	s.pos = 0;
	assert_int_equal(sa_script_take(&s.base, &it[0].bound, &it[0].value,
	    sizeof it[0], 4, 1), 2);
	it[2].value = 2;
	sa_script_release(&s);
}

/*
 * A run made again takes its record's draws at once, where the script
 * is a strict one at its run's start; elsewhere nothing, and the caller
 * takes them one by one (or by sa_script_take), which checks them.
 */
static void
test_again(void **state)
{
	uint64_t val[8] = { 4, 0, 2, 1 }, bound[8] = { 5, 4, 3, 2 };
	sa_script s;
	volatile size_t watch = 0;
	sa_oracle other;

	(void)state;
	sa_script_init(&s, SA_SCRIPT_STRICT, val, bound, 8, 32);
	s.watch = &watch;
	s.len = 4;
	assert_int_equal(sa_script_again(&s.base, 3), 3);
	assert_int_equal(s.pos, 3);
	assert_int_equal(watch, 3);
	/* No further than the record, and then the run is whole. */
	s.pos = 0;
	assert_int_equal(sa_script_again(&s.base, 6), 4);
	assert_int_equal(s.pos, 4);
	/* Past its start: nothing. */
	assert_int_equal(sa_script_again(&s.base, 4), 0);
	assert_int_equal(s.pos, 4);
	/* A run walked anew (the odometer's successor) is no run made
	 * again: its draws are checked, not taken. */
	s.mode = SA_SCRIPT_REPLAY;
	s.pos = 0;
	assert_int_equal(sa_script_again(&s.base, 4), 0);
	assert_int_equal(s.pos, 0);
	memset(&other, 0, sizeof other);
	assert_int_equal(sa_script_again(&other, 4), 0);
	sa_script_release(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_honest),
		cmocka_unit_test(test_scripts),
		cmocka_unit_test(test_opening),
		cmocka_unit_test(test_kept),
		cmocka_unit_test(test_strict),
		cmocka_unit_test(test_take),
		cmocka_unit_test(test_again),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
