/*
 * run_rawplace.c - the raw words' placements: runs of a streamed walk
 * made again by other copies of the program, each told by
 * SHUFFLE_AUDIT_RAW_PLACE to embed its raw words in the wider words it
 * hands a library another way, and compared with the walk run by run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run_internal.h"

/* The placements other than the walk's own (0, the repetition). */
#define PLACES 3

static const char *const place_words[PLACES + 1] = {
	"repeated across the word (SHUFFLE_AUDIT_RAW_PLACE=0)",
	"at the top of the word, the bits below 0 (SHUFFLE_AUDIT_RAW_PLACE=1)",
	"at the top of the word, the bits below 1 (SHUFFLE_AUDIT_RAW_PLACE=2)",
	"at the top of the word, the bits below a function of the word's "
	    "index in its run (SHUFFLE_AUDIT_RAW_PLACE=3)"
};

struct copy {
	struct proc child;
	sa_exec *ex;
	sa_shuffle sh;
	bool started;
};

/* A copy of AU's program under placement PLACE, its hello answered
 * "plain": false when it could not be started. */
static bool
copy_start(struct copy *c, const struct audit *au, size_t n, unsigned place)
{
	char bits[16], cells[24], real[16], raw[16];
	const char *env[] = { "SHUFFLE_AUDIT_RAW_BITS", bits,
	    "SHUFFLE_AUDIT_REAL_CELLS", cells, "SHUFFLE_AUDIT_REAL_PLACE", real,
	    "SHUFFLE_AUDIT_RAW_PLACE", raw, NULL };
	sa_exec_opts eo;

	snprintf(bits, sizeof bits, "%u", au->raw_bits);
	snprintf(cells, sizeof cells, "%llu",
	    (unsigned long long)au->real_cells);
	snprintf(real, sizeof real, "%u", au->real_place);
	snprintf(raw, sizeof raw, "%u", place);
	memset(c, 0, sizeof *c);
	if (!proc_start(&c->child, au->command, true,
	    PROC_ERR_DROPPED, env))
		return false;
	c->started = true;
	memset(&eo, 0, sizeof eo);
	eo.to = c->child.to;
	eo.from = c->child.from;
	eo.timeout = au->timeout;
	eo.deadline = au->deadline;
	eo.raw_bits = au->raw_bits;
	eo.real_cells = au->real_cells;
	eo.max_draws = au->max_draws;
	if (sa_exec_new(&eo, &c->ex) != SA_OK)
		return false;
	sa_exec_shuffle(c->ex, &c->sh);
	(void)sa_exec_hello(c->ex, n, NULL);	/* plain: its runs are ours */
	return true;
}

static void
copy_end(struct copy *c)
{
	if (!c->started)
		return;
	close(c->child.to);
	(void)proc_wait_exit(c->child.pid, 1.0);
	(void)proc_stop(c->child.pid, NULL);
	close(c->child.from);
	sa_exec_free(c->ex);
}

/* "deck ..." of DECK's N cards into BUF. */
static void
deck_words(const unsigned *deck, size_t n, char *buf, size_t size)
{
	size_t len = (size_t)snprintf(buf, size, "deck");

	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, " %u", deck[i]);
}

/*
 * Run K made again by copy C (placement PLACE): SA_OK when it lands on
 * K's deck; else SA_EMODEL (the same other deck, or other draws, twice:
 * the code reads bits of its words the census does not count) or
 * SA_ENONDET (another deck the second time), said in AU's report, the
 * run shown in SHOW.  Another failure is the copy's, SA_EPROTO.
 */
static int
compare(struct audit *au, struct copy *c, unsigned place, size_t n,
    const sa_stream_kept *k, sa_replay_window *show, unsigned *deck,
    unsigned *again)
{
	sa_audit_opts ao;
	char first[128], other[128];
	int status, second;

	memset(&ao, 0, sizeof ao);
	ao.raw_bits = au->raw_bits;
	ao.real_cells = au->real_cells;
	ao.real_place = au->real_place;
	status = sa_replay_strict(&c->sh, n, k->val, k->bound, k->len, &ao,
	    deck);
	if (status == SA_ETIES)
		status = SA_OK;
	if (status == SA_OK && memcmp(deck, k->deck, n * sizeof *deck) == 0)
		return SA_OK;
	if (status != SA_OK && status != SA_ENONDET) {
		snprintf(au->what, sizeof au->what, "when a copy of it with its "
		    "raw words %s made run %llu of its walk again: %s",
		    place_words[place], (unsigned long long)k->run,
		    status == SA_EPROTO ? sa_exec_what(c->ex) :
		    sa_strerror(status));
		status = SA_EPROTO;
	} else {
		second = sa_replay_strict(&c->sh, n, k->val, k->bound, k->len,
		    &ao, again);
		if (second == SA_ETIES)
			second = SA_OK;
		deck_words(k->deck, n, first, sizeof first);
		deck_words(deck, n, other, sizeof other);
		if (status == SA_OK && second == SA_OK && memcmp(deck, again,
		    n * sizeof *deck) == 0)
			status = SA_EMODEL;
		else if (status == SA_ENONDET && second == SA_ENONDET)
			status = SA_EMODEL;
		else
			status = SA_ENONDET;
		/* A long report is cut, as every report is. */
		if (snprintf(au->what, sizeof au->what, "streamed run %llu with "
		    "\"%s\", its raw words %s, and %s%s%s when a copy of it made "
		    "that run again with its raw words %s%s",
		    (unsigned long long)k->run, first, place_words[0],
		    status == SA_EMODEL && second == SA_ENONDET ?
		    "asked for other draws" : "ended on \"",
		    status == SA_EMODEL && second == SA_ENONDET ? "" : other,
		    status == SA_EMODEL && second == SA_ENONDET ? "" : "\"",
		    place_words[place], status == SA_EMODEL ? ": it reads bits "
		    "of the wider word beyond the B drawn, which the census "
		    "does not count" : ", and another result once more: it "
		    "uses randomness the auditor cannot see") < 0)
			au->what[0] = '\0';
	}
	show->runs = k->run;
	show->pos = k->len;
	memcpy(show->val, k->val, k->len * sizeof *k->val);
	memcpy(show->bound, k->bound, k->len * sizeof *k->bound);
	return status;
}

int
run_raw_place(struct audit *au, size_t n, const sa_stream_kept *runs,
    size_t m, sa_replay_window *show, unsigned *deck)
{
	struct copy copies[PLACES];
	unsigned *again = malloc((n ? n : 1) * sizeof *again);
	int status = SA_OK;
	unsigned j;

	if (again == NULL)
		return SA_ENOMEM;
	/* All started at once: their start-ups overlap. */
	for (j = 0; j < PLACES; j++)
		if (!copy_start(&copies[j], au, n, j + 1) && status == SA_OK) {
			snprintf(au->what, sizeof au->what, "a copy of it with "
			    "its raw words %s could not be started",
			    place_words[j + 1]);
			status = SA_EPROTO;
		}
	for (j = 0; j < PLACES && status == SA_OK; j++)
		for (size_t i = 0; i < m && status == SA_OK; i++)
			status = compare(au, &copies[j], j + 1, n,
			    &runs[i], show, deck, again);
	for (j = 0; j < PLACES; j++)
		copy_end(&copies[j]);
	if (status == SA_OK)
		au->raw_placed += m;
	free(again);
	return status;
}

/*
 * The runs of a walk that was not streamed, kept as the count makes
 * them (run_rec_add, from the exec's after_run): the first
 * RUN_REC_MOST, after which one more is noted and no other, so that
 * the caller can tell a walk of at most RUN_REC_MOST runs, every one
 * kept, from a longer one.  A run told of again (its repeats, or a
 * first try the engine made again) replaces its own record: every
 * telling of one run has its draws.
 */
void
run_rec_add(struct run_rec *rec, const sa_replay_window *w,
    const unsigned *deck, size_t n)
{
	size_t len = w->pos < w->cap ? w->pos : w->cap;
	struct run_rec_run *last;

	if (rec->failed || deck == NULL)
		return;
	/* A run of another part, made only to pass over its subtree. */
	if (rec->parts > 1 && (len == 0 ? 0 : w->val[0] % rec->parts) !=
	    rec->part)
		return;
	if (rec->count > 0 && rec->runs[rec->count - 1].run == w->runs) {
		rec->count--;
		rec->used = rec->runs[rec->count].at;
	}
	if (rec->count > RUN_REC_MOST)
		return;
	if (rec->count == rec->rcap) {
		size_t cap = rec->rcap ? 2 * rec->rcap : 64;
		struct run_rec_run *r = realloc(rec->runs, cap * sizeof *r);
		unsigned *d = realloc(rec->decks, cap * (n ? n : 1) *
		    sizeof *d);

		if (r != NULL)
			rec->runs = r;
		if (d != NULL)
			rec->decks = d;
		if (r == NULL || d == NULL) {
			rec->failed = true;
			return;
		}
		rec->rcap = cap;
	}
	if (rec->used + len > rec->cap) {
		size_t cap = 2 * (rec->used + len) + 64;
		uint64_t *v = realloc(rec->val, cap * sizeof *v);
		uint64_t *b = realloc(rec->bound, cap * sizeof *b);

		if (v != NULL)
			rec->val = v;
		if (b != NULL)
			rec->bound = b;
		if (v == NULL || b == NULL) {
			rec->failed = true;
			return;
		}
		rec->cap = cap;
	}
	last = &rec->runs[rec->count++];
	last->run = w->runs;
	last->at = rec->used;
	last->len = len;
	memcpy(rec->val + rec->used, w->val, len * sizeof *w->val);
	memcpy(rec->bound + rec->used, w->bound, len * sizeof *w->bound);
	memcpy(rec->decks + (rec->count - 1) * n, deck, n * sizeof *deck);
	rec->used += len;
	rec->n = n;
}

sa_stream_kept *
run_rec_kept(const struct run_rec *rec, size_t *count)
{
	sa_stream_kept *k = malloc((rec->count ? rec->count : 1) * sizeof *k);

	*count = 0;
	if (k == NULL || rec->failed)
		return k;
	for (size_t i = 0; i < rec->count; i++) {
		k[i].run = rec->runs[i].run;
		k[i].len = rec->runs[i].len;
		k[i].val = &rec->val[rec->runs[i].at];
		k[i].bound = &rec->bound[rec->runs[i].at];
		k[i].deck = rec->decks + i * rec->n;
	}
	*count = rec->count;
	return k;
}

void
run_rec_free(struct run_rec *rec)
{
	free(rec->val);
	free(rec->bound);
	free(rec->runs);
	free(rec->decks);
	memset(rec, 0, sizeof *rec);
}
