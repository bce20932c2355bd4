/*
 * replay.c - the replay engine, which needs nothing but the program.
 *
 * It treats the draws of a run as an odometer whose digits have the
 * bounds the program asked for: it runs the program, answering recorded
 * draws from the odometer and any new draw with 0 (recording its bound),
 * tallies the result, then advances the last digit that can still move
 * and drops the digits after it.  Since a deterministic program asks the
 * same bounds for the same earlier answers, this visits every sequence
 * of draws exactly once, in lexicographic order, however the bounds
 * depend on earlier draws.  The odometer is the scripted oracle
 * (oracle.c), which checks the draw contract.
 *
 * No count can overflow: the tally checks every product and sum.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"
#include "shuffle_audit_audit.h"

/*
 * The deck a replayed run is given sits between two guards of GUARD
 * entries each, filled with a value no card has.  A run that writes
 * just before or just past its deck (deck[n], deck[-1]) changes one, and
 * is caught however fair the deck it leaves looks.  They are set once,
 * where the deck is made (a run that left them intact left them set),
 * and compared whole after each run: two memcmp calls, not a loop a word.
 */
#define GUARD 16
#define GUARD_VALUE 0xA5A5A5A5u
/*
 * One run in INNER_EVERY that drew reals, and every run made again more
 * than once, is also made with its reals at an inner point of their
 * cells (run_again): evidence beyond the two ends, at 1/64 of a run.
 */
#define INNER_EVERY 64

static const unsigned guard_words[GUARD] = {
	GUARD_VALUE, GUARD_VALUE, GUARD_VALUE, GUARD_VALUE,
	GUARD_VALUE, GUARD_VALUE, GUARD_VALUE, GUARD_VALUE,
	GUARD_VALUE, GUARD_VALUE, GUARD_VALUE, GUARD_VALUE,
	GUARD_VALUE, GUARD_VALUE, GUARD_VALUE, GUARD_VALUE,
};

/* The guards either side of DECK (of N cards) set. */
static void
guards_set(unsigned *deck, size_t n)
{
	memcpy(deck - GUARD, guard_words, sizeof guard_words);
	memcpy(deck + n, guard_words, sizeof guard_words);
}

static bool
guards_intact(const unsigned *deck, size_t n)
{
	return memcmp(deck - GUARD, guard_words, sizeof guard_words) == 0 &&
	    memcmp(deck + n, guard_words, sizeof guard_words) == 0;
}

/*
 * One run from the starting deck, its guards set; the run's status.  OWN
 * (sa_stream_reader, asked once a walk): the auditor's own reader of a
 * streamed walk, which needs neither (a tenth of its time a run went to
 * them).
 */
static int
replay_once(const sa_shuffle *sh, bool own, unsigned *deck, size_t n,
    sa_script *r, sa_replay_window *window)
{
	for (size_t i = 0; i < n && !own; i++)
		deck[i] = (unsigned)i;
	sa_script_rewind(r);
	if (window != NULL) {
		window->pos = 0;
		window->len = r->len;
		if (r->mode != SA_SCRIPT_STRICT)
			window->runs++;	/* a second run is the same run */
	}
	if (setjmp(r->abort) == 0)
		sh->run(sh, deck, n, &r->base);
	if (window != NULL)
		window->last = r->len;
	if (!own && !guards_intact(deck, n))
		r->err = SA_EOVERRUN;	/* before anything else it did */
	else if (r->err == SA_OK && r->pos < r->len)
		r->err = SA_ENONDET;	/* stopped short of the replay */
	return r->err;
}

/*
 * Every draw sequence of SH on N cards, by the odometer (see the top of
 * this file), with the audit's options: TWICE runs each sequence again
 * and compares; WINDOW holds the odometer (and sets the cap) when given.
 */
/* Whether the run in R is in the part AUDIT walks (see audit.h). */
static bool
in_part(const sa_audit_opts *audit, const sa_script *r)
{
	if (audit == NULL || audit->parts < 2)
		return true;
	return (r->len == 0 ? 0 : r->val[0] % audit->parts) == audit->part;
}

/*
 * Moves the odometer R past its run: the last digit that can still
 * move goes up by one and the digits after it are dropped; the first
 * digit moves on to the next value of the walk's part.  False when the
 * walk is over.  SKIP: the run was not in the part, so its first
 * digit's whole subtree is passed over.
 */
static bool
advance(const sa_audit_opts *audit, sa_script *r, bool skip)
{
	unsigned parts = audit != NULL && audit->parts > 1 ? audit->parts : 1;
	unsigned part = parts > 1 ? audit->part : 0;
	size_t k;

	if (skip)
		k = r->len > 0 ? 1 : 0;
	else
		for (k = r->len; k > 0 && r->val[k - 1] + 1 ==
		    sa_bound_of(r->bound[k - 1]); k--)
			;
	if (k == 0)
		return false;
	if (k == 1) {
		uint64_t v = r->val[0] + 1;

		while (v % parts != part && v < sa_bound_of(r->bound[0]))
			v++;
		if (v >= sa_bound_of(r->bound[0]))
			return false;
		r->val[0] = v;
	} else {
		r->val[k - 1]++;
	}
	r->len = k;
	r->same = k - 1;
	return true;
}

/*
 * The run just replayed, again: the same draws must give the same deck.
 * SA_OK or why not.
 */
static int
again(const sa_shuffle *sh, bool own, const unsigned *deck, unsigned *copy,
    size_t n, sa_script *r, sa_replay_window *window)
{
	int status;

	/* A streamed repeat, whole in the transcript: as the replay below
	 * would leave the window (its draws all taken again), at once. */
	if (own) {
		if (window != NULL) {
			window->pos = r->len;
			window->len = r->len;
		}
		if (sa_stream_again(sh, n, r->len)) {
			if (window != NULL)
				window->last = r->len;
			return SA_OK;
		}
	}
	r->mode = SA_SCRIPT_STRICT;
	status = replay_once(sh, own, copy, n, r, window);
	r->mode = SA_SCRIPT_REPLAY;
	if (status == SA_OK && memcmp(deck, copy, n * sizeof *deck) != 0)
		status = SA_ENONDET;
	if (status == SA_ENONDET && window != NULL)
		window->pos = r->len;
	return status;
}

/*
 * The run just replayed, again with its reals placed elsewhere in their
 * cells (sa_real_at's PLACE), the cells and their order the same: the
 * census counted the run once for all the values its reals can take
 * there, so the deck must not move.  When it does, the run is made again
 * as it first was and under PLACE once more: another deck either time
 * is randomness of the code's own (SA_ENONDET); the same decks both
 * times are the code's use of where its reals fall inside their cells,
 * which the census did not count (SA_EMODEL).  A run that ties more
 * reals in a cell than PLACE can keep apart (SA_ETIES) is not compared.
 */
/* Whether run VAL, BOUND of SH, with its reals at point T of their
 * cells, lands on DECK (N cards): its draws and its deck the same. */
static bool
lands(const sa_shuffle *sh, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len, sa_audit_opts *ao, unsigned t,
    const unsigned *deck, unsigned *got)
{
	ao->real_place = SA_PLACE_AT(t);
	return sa_replay_strict(sh, n, val, bound, len, ao, got) == SA_OK &&
	    memcmp(deck, got, n * sizeof *deck) == 0;
}

int
sa_replay_edge(const sa_shuffle *sh, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len, const sa_audit_opts *audit,
    uint64_t *cells)
{
	/* Where a run that lands on its deck at the low end may land
	 * elsewhere: the high end, an inner point, the middle. */
	static const unsigned far[] = { SA_PLACE_AT_MAX, 1602070, 1u << 21 };
	sa_audit_opts ao;
	unsigned *deck, *got, lo = 1, hi = 0;
	uint64_t m = audit != NULL ? audit->real_cells : 0, best;
	int status;

	if (m == 0 || m > SA_EDGE_CELLS_MOST)
		return SA_ERANGE;
	if ((deck = malloc(2 * (n ? n : 1) * sizeof *deck)) == NULL)
		return SA_ENOMEM;
	got = deck + (n ? n : 1);
	memset(&ao, 0, sizeof ao);
	ao.raw_bits = audit->raw_bits;
	ao.real_cells = m;
	ao.real_place = SA_PLACE_AT(lo);
	status = sa_replay_strict(sh, n, val, bound, len, &ao, deck);
	for (size_t i = 0; status == SA_OK && i < sizeof far / sizeof far[0] &&
	    hi == 0; i++)
		if (!lands(sh, n, val, bound, len, &ao, far[i], deck, got))
			hi = far[i];
	/* From the low end, where it lands on its deck, to HI, where it
	 * does not, by halves. */
	while (status == SA_OK && hi != 0 && hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;

		if (lands(sh, n, val, bound, len, &ao, mid, deck, got))
			lo = mid;
		else
			hi = mid;
	}
	free(deck);
	best = status == SA_OK && hi != 0 ? sa_edge_cells(m, lo, hi) : 0;
	if (best == 0)
		return SA_ERANGE;
	*cells = best;
	return SA_OK;
}

/* The cells to count at next for run R, whose deck moved with where
 * its reals fall in their cells (sa_replay_edge); 0: none found. */
static uint64_t
edge_of(const sa_shuffle *sh, size_t n, const sa_script *r)
{
	sa_audit_opts ao;
	uint64_t cells = 0;

	memset(&ao, 0, sizeof ao);
	ao.raw_bits = r->base.word_bits;
	ao.real_cells = r->base.real_cells;
	if (sa_replay_edge(sh, n, r->val, r->bound, r->len, &ao, &cells) !=
	    SA_OK)
		cells = 0;
	return cells;
}

/* A run made again that asked for other draws than it first did. */
static bool
path_moved(int status)
{
	return status == SA_ENONDET || status == SA_ESHORT;
}

static int
placed(const sa_shuffle *sh, bool own, const unsigned *deck, unsigned *copy,
    unsigned *other, size_t n, sa_script *r, sa_replay_window *window,
    unsigned place)
{
	unsigned was = r->real_place;
	int status;
	bool path;

	r->mode = SA_SCRIPT_STRICT;
	r->real_place = place;
	status = replay_once(sh, own, copy, n, r, window);
	/* Its deck moved, or the reals placed elsewhere took it another
	 * way (other draws: a loop on where a real falls in its cell). */
	path = path_moved(status);
	if (path || (status == SA_OK &&
	    memcmp(deck, copy, n * sizeof *deck) != 0)) {
		r->real_place = was;
		status = replay_once(sh, own, other, n, r, window);
		if (status == SA_OK)
			status = memcmp(deck, other, n * sizeof *deck) != 0 ?
			    SA_ENONDET : SA_EMODEL;
		r->real_place = place;
		if (status == SA_EMODEL) {
			status = replay_once(sh, own, other, n, r, window);
			if (status == SA_OK)
				status = path || memcmp(copy, other, n *
				    sizeof *copy) != 0 ? SA_ENONDET :
				    SA_EMODEL;
			else if (path_moved(status))
				status = path ? SA_EMODEL : SA_ENONDET;
		}
	}
	r->mode = SA_SCRIPT_REPLAY;
	r->real_place = was;
	if (status == SA_EMODEL && window != NULL && !own && r->find_edges)
		window->edge_cells = edge_of(sh, n, r);
	if ((status == SA_ENONDET || status == SA_EMODEL) && window != NULL)
		window->pos = r->len;
	return status;
}

/* A deck of N cards between guards, in *MEM (malloc'd); NULL out of memory. */
static unsigned *
guarded_deck(size_t n, unsigned **mem)
{
	*mem = malloc((n + 2 * GUARD) * sizeof **mem);
	if (*mem == NULL)
		return NULL;
	guards_set(*mem + GUARD, n);
	return *mem + GUARD;
}

/*
 * The run just replayed in R, made again TIMES times (see repeats), when
 * it drew reals and PLACING is not NULL, first with them placed
 * elsewhere, in place of its first repeat (a deck that moves is seen
 * either way): ENDS, when the run was counted with its reals near the
 * low ends of their cells (SA_PLACE_LOW), near the high ends, the one
 * run more that both ends of every cell take, and at an inner point in
 * place of its second repeat, or as one run more when INNER; otherwise
 * (a run counted elsewhere: the second model) at all three.  A run
 * compared at both ends (or at all three) is counted in *PLACING.  Then
 * the repeats left, as it was.  SA_OK or why not.
 */
static int
run_again(const sa_shuffle *sh, bool own, const unsigned *deck,
    unsigned *copy, unsigned *other, size_t n, sa_script *r,
    sa_replay_window *window, uint64_t times, uint64_t *placing, bool ends,
    bool inner)
{
	static const unsigned places[] = { SA_PLACE_LOW, SA_PLACE_HIGH,
	    SA_PLACE_INNER };
	int status = SA_OK;
	bool compared = true;

	if (times > 0 && r->nreal > 0 && placing != NULL && ends) {
		status = placed(sh, own, deck, copy, other, n, r, window,
		    SA_PLACE_HIGH);
		compared = status == SA_OK;
		times--;
		if ((status == SA_OK || status == SA_ETIES) &&
		    (times > 0 || inner)) {
			status = placed(sh, own, deck, copy, other, n, r,
			    window, SA_PLACE_INNER);
			times -= times > 0;
		}
		if (status == SA_ETIES)
			status = SA_OK;		/* not kept apart there */
		*placing += status == SA_OK && compared;
	} else if (times > 0 && r->nreal > 0 && placing != NULL &&
	    r->real_place != SA_PLACE_MID) {
		for (size_t p = 0; p < sizeof places / sizeof places[0] &&
		    (status == SA_OK || status == SA_ETIES); p++) {
			status = placed(sh, own, deck, copy, other, n, r,
			    window, places[p]);
			compared = compared && status == SA_OK;
		}
		if (status == SA_ETIES)
			status = SA_OK;
		*placing += status == SA_OK && compared;
		times--;
	}
	for (; times > 0 && status == SA_OK; times--)
		status = again(sh, own, deck, copy, n, r, window);
	return status;
}

/*
 * The run the odometer in R stands on, to be counted: with ENDS, its
 * reals near the low ends of their cells, or, with more reals in a cell
 * than the low end keeps apart, at the middles, and then not placed
 * (run_again); else as R's model places them.  Its status.
 */
static int
count_once(const sa_shuffle *sh, bool own, unsigned *deck, size_t n,
    sa_script *r, sa_replay_window *window, bool ends)
{
	int status;

	if (ends)
		r->real_place = SA_PLACE_LOW;
	status = replay_once(sh, own, deck, n, r, window);
	if (status == SA_ETIES && ends) {
		if (window != NULL)
			window->runs--;		/* the same run */
		r->real_place = SA_PLACE_MID;
		status = replay_once(sh, own, deck, n, r, window);
	}
	return status;
}

/*
 * How many times run DONE + 1 of a walk (counting from 1, as visited) is
 * run again: one in EVERY once, the first, the (EVERY+1)th and so on;
 * and at least ceil(SA_REPEAT_FLOOR / k) times the k-th, so that every
 * walk runs at least SA_REPEAT_FLOOR runs again, however few its runs
 * (a walk of K runs repeats each of them at least SA_REPEAT_FLOOR / K
 * times).  Code that draws on a random source of its own, which changes
 * the deck of a run half the time or more, shows it in every run again
 * with probability 1/2 or more: it goes unseen with odds below
 * 2^-SA_REPEAT_FLOOR, 1 in 10^12.  The cost is about 170 runs more a
 * walk.
 */
static uint64_t
repeats(uint64_t done, uint64_t every)
{
	uint64_t k = done + 1, least = (SA_REPEAT_FLOOR + k - 1) / k;
	uint64_t base = done % every == 0 ? 1 : 0;

	return k <= SA_REPEAT_FLOOR && least > base ? least : base;
}

/*
 * Every draw sequence of SH on N cards, by the odometer (see the top of
 * this file), with the audit's options: TWICE runs sequences again and
 * compares (see repeats); WINDOW holds the odometer (and sets the cap)
 * when given; PARTS shares the walk out.
 */
int
sa_walk_audited(const sa_shuffle *sh, size_t n, size_t max_draws,
    const sa_audit_opts *audit, sa_visit_fn *visit, void *ctx,
    uint64_t *rank, uint64_t *placed)
{
	sa_replay_window *window = audit ? audit->window : NULL;
	bool twice = audit && audit->twice;
	bool own = sh != NULL && sa_stream_reader(sh);
	uint64_t every = audit && audit->every > 1 ? audit->every : 1, done = 0;
	size_t room;
	sa_script r;
	uint64_t *val, *bound;
	unsigned *deck = NULL, *copy = NULL, *other = NULL;
	unsigned *deck_mem, *copy_mem, *other_mem;
	uint64_t none = 0, *placing = placed != NULL ? placed : &none;
	bool ends;
	int status = SA_OK;

	if (sh == NULL || sh->run == NULL || visit == NULL)
		return SA_EINVAL;
	if (audit != NULL && audit->parts > 1 && audit->part >= audit->parts)
		return SA_EINVAL;
	if (max_draws == 0)
		max_draws = SA_CENSUS_MAX_DRAWS;
	/* The record has room for the draws and the reals' places. */
	room = window != NULL ? window->cap : 2 * max_draws;
	if (window != NULL) {
		val = window->val;
		bound = window->bound;
	} else {
		val = malloc(room * sizeof *val);
		bound = malloc(room * sizeof *bound);
	}
	sa_script_init(&r, SA_SCRIPT_REPLAY, val, bound, max_draws,
	    audit ? audit->raw_bits : 0);
	r.room = room;
	r.base.real_cells = audit ? audit->real_cells : 0;
	r.real_place = audit ? audit->real_place & ~SA_PLACED : 0;
	r.find_edges = audit != NULL && audit->find_edges != 0;
	if (audit == NULL || (audit->real_place & SA_PLACED) == 0)
		placing = NULL;
	/* Placed and made again, a run is counted with its reals near the
	 * low ends of their cells (count_once, run_again). */
	ends = placing != NULL && twice && r.real_place == SA_PLACE_MID;
	r.cut = audit != NULL && audit->cut != NULL;
	if (window != NULL) {
		r.watch = &window->pos;
		r.raw_used = &window->raw_used;
		r.real_used = &window->real_used;
	}
	deck = guarded_deck(n, &deck_mem);
	copy = guarded_deck(n, &copy_mem);
	other = guarded_deck(n, &other_mem);
	if (val == NULL || bound == NULL || deck == NULL || copy == NULL ||
	    other == NULL) {
		status = SA_ENOMEM;
		goto out;
	}
	for (uint64_t walked = 0;; walked++) {
		bool skip;

		/* The clock is read once in 64 runs: a few ns a run at most. */
		if ((audit != NULL && audit->deadline > 0 && walked % 64 == 0 &&
		    sa_clock() >= audit->deadline) ||
		    (window != NULL && window->stop)) {
			status = SA_ETIME;
			break;
		}
		status = count_once(sh, own, deck, n, &r, window, ends);
		skip = !in_part(audit, &r);
		if (status == SA_SCRIPT_CUT && r.cut) {
			/* Unfinished at the cap: its prefix, then on. */
			if (!skip && (status = audit->cut(ctx, r.bound,
			    r.len, r.cut_bound)) != SA_OK)
				break;
			status = SA_OK;
			if (!advance(audit, &r, skip))
				break;
			continue;
		}
		if (status != SA_OK)
			break;
		if (rank != NULL ? !sa_perm_rank_checked(deck, n, rank) :
		    !sa_perm_check(deck, n)) {
			status = SA_ENOTPERM;
			break;
		}
		if (!skip) {
			status = run_again(sh, own, deck, copy, other, n, &r,
			    window, twice ? repeats(done, every) : 0, placing,
			    ends && r.real_place == SA_PLACE_LOW,
			    done % INNER_EVERY == 0);
			if (status != SA_OK)
				break;
			done++;
			status = visit(ctx, deck, n, r.val, r.bound, r.len);
			if (status != SA_OK)
				break;
		}
		if (!advance(audit, &r, skip))
			break;
	}
out:
	sa_script_release(&r);
	if (window == NULL) {
		free(val);
		free(bound);
	}
	free(deck_mem);
	free(copy_mem);
	free(other_mem);
	return status;
}

int
sa_replay_strict(const sa_shuffle *sh, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len, const sa_audit_opts *audit,
    unsigned *deck)
{
	/* A small run's room here, not the heap's: every run of a streamed
	 * walk is made again so. */
	enum { SMALL = 64 };
	unsigned small_mem[SMALL + 2 * GUARD], *mem = small_mem;
	uint64_t small_v[SMALL], small_b[SMALL], *v = small_v, *b = small_b;
	sa_script r;
	int status;

	if (sh == NULL || sh->run == NULL || deck == NULL ||
	    (len > 0 && (val == NULL || bound == NULL)))
		return SA_EINVAL;
	if (n > SMALL)
		mem = malloc((n + 2 * GUARD) * sizeof *mem);
	if (len + 1 > SMALL) {
		v = malloc((len + 1) * sizeof *v);
		b = malloc((len + 1) * sizeof *b);
	}
	if (mem == NULL || v == NULL || b == NULL) {
		if (mem != small_mem)
			free(mem);
		if (v != small_v) {
			free(v);
			free(b);
		}
		return SA_ENOMEM;
	}
	if (len > 0) {
		memcpy(v, val, len * sizeof *v);
		memcpy(b, bound, len * sizeof *b);
	}
	/* The run's own draws are its cap: it may ask no more. */
	sa_script_init(&r, SA_SCRIPT_STRICT, v, b, len + 1,
	    audit ? audit->raw_bits : 0);
	r.len = len;
	r.base.real_cells = audit ? audit->real_cells : 0;
	r.real_place = audit ? audit->real_place & ~SA_PLACED : 0;
	guards_set(mem + GUARD, n);
	status = replay_once(sh, sa_stream_reader(sh), mem + GUARD, n, &r,
	    NULL);
	if (status == SA_OK && !sa_perm_check(mem + GUARD, n))
		status = SA_ENOTPERM;
	memcpy(deck, mem + GUARD, n * sizeof *deck);
	sa_script_release(&r);
	if (mem != small_mem)
		free(mem);
	if (v != small_v) {
		free(v);
		free(b);
	}
	return status;
}

int
sa_walk(const sa_shuffle *sh, size_t n, size_t max_draws, sa_visit_fn *visit,
    void *ctx)
{
	return sa_walk_audited(sh, n, max_draws, NULL, visit, ctx, NULL,
	    NULL);
}

/*
 * The replay tally.  A run whose draws had bounds k1, k2, ... has
 * probability 1 / (k1 k2 ...).  Runs of different lengths differ in
 * probability, so each run adds WEIGHT / (k1 k2 ...) to its ordering,
 * where WEIGHT is a common multiple of every run's denominator seen so
 * far; when a run's denominator does not divide it, WEIGHT grows to the
 * least common multiple and the counts so far are scaled up to match.
 * At the end the counts add up to WEIGHT exactly.  When every run has
 * the same denominator, WEIGHT is that denominator, the number of runs,
 * and every run adds 1.
 */
/*
 * A run's count is added a few runs after its rank is known, the slot
 * fetched meanwhile: a tally of 9 or more cards outgrows the caches, and
 * an increment that waits on memory would hold up every run.
 */
#define TALLY_AHEAD 16
#define TALLY_KEPT 64

struct tally_ctx {
	uint64_t *tally;
	uint64_t orderings;
	uint64_t weight;	/* 0 until the first run */
	uint64_t first;		/* the first run's denominator */
	uint64_t sequences;
	bool weighted;
	size_t waiting;		/* adds in AT and ADD not yet made */
	uint64_t at[TALLY_AHEAD], add[TALLY_AHEAD];
	/*
	 * The run before's first NKEPT bounds, and PRODUCT[k], the product
	 * of the first k of them (PRODUCT[0] = 1): a run of the odometer
	 * shares most of its bounds with the run before, and its
	 * denominator is then the product kept times the bounds after it.
	 */
	size_t nkept;
	uint64_t kept[TALLY_KEPT], product[TALLY_KEPT + 1];
	uint64_t rank;		/* the run's, set by the walk (its RANK) */
};

/* T's waiting adds made: before its counts are read or scaled. */
static void
tally_settle(struct tally_ctx *t)
{
	for (size_t i = 0; i < t->waiting; i++)
		t->tally[t->at[i]] += t->add[i];
	t->waiting = 0;
}


static int
tally_run(void *ctx, const unsigned *deck, size_t n, const uint64_t *draws,
    const uint64_t *bounds, size_t ndraws)
{
	struct tally_ctx *t = ctx;
	size_t k = 0, same = ndraws < t->nkept ? ndraws : t->nkept;
	uint64_t denom;

	/* The deck was ranked as the walk checked it (its RANK). */
	(void)deck;
	(void)n;
	(void)draws;
	while (k < same && bounds[k] == t->kept[k])
		k++;
	denom = t->product[k];
	for (; k < ndraws; k++) {
		/* the check by a multiplication: a division a draw costs */
		u128 d = (u128)denom * sa_bound_of(bounds[k]);

		if (d > UINT64_MAX) {
			t->nkept = k < TALLY_KEPT ? k : TALLY_KEPT;
			return SA_EOVERFLOW;
		}
		denom = (uint64_t)d;
		if (k < TALLY_KEPT) {
			t->kept[k] = bounds[k];
			t->product[k + 1] = denom;
		}
	}
	t->nkept = ndraws < TALLY_KEPT ? ndraws : TALLY_KEPT;
	if (t->weight == 0)
		t->weight = t->first = denom;
	if (denom != t->weight && t->weight % denom != 0) {
		uint64_t scale = denom / sa_gcd(t->weight, denom);

		if (t->weight > UINT64_MAX / scale)
			return SA_EOVERFLOW;
		tally_settle(t);
		t->weight *= scale;
		for (uint64_t r = 0; r < t->orderings; r++)
			t->tally[r] *= scale;
	}
	if (denom != t->first)
		t->weighted = true;
	if (t->sequences == UINT64_MAX)
		return SA_EOVERFLOW;
	t->sequences++;
	if (t->waiting == TALLY_AHEAD)
		tally_settle(t);
	t->at[t->waiting] = t->rank;
	t->add[t->waiting] = denom == t->weight ? 1 : t->weight / denom;
#ifdef __GNUC__
	__builtin_prefetch(&t->tally[t->at[t->waiting]], 1);
#endif
	t->waiting++;
	return SA_OK;
}

int
sa_engine_replay(const sa_shuffle *sh, size_t n, uint64_t orderings,
    size_t max_draws, const sa_audit_opts *audit, struct sa_census *out)
{
	struct tally_ctx t;
	int status;

	memset(&t, 0, sizeof t);
	t.product[0] = 1;
	t.orderings = orderings;
	t.tally = sa_tally_alloc(orderings, sizeof *t.tally);
	if (t.tally == NULL)
		return SA_ENOMEM;
	status = sa_walk_audited(sh, n, max_draws, audit, tally_run, &t,
	    &t.rank, &out->info.placed);
	tally_settle(&t);
	if (status != SA_OK) {
		free(t.tally);
		return status;
	}
	sa_tally_lowest(t.tally, orderings, &t.weight, t.weighted);
	out->info.runs = t.weight;
	out->info.sequences = t.sequences;
	out->info.weighted = t.weighted;
	out->tally = t.tally;
	return SA_OK;
}


double
sa_replay_done(const sa_replay_window *w)
{
	double f = 0, scale = 1;
	size_t pos = w->pos < w->cap ? w->pos : w->cap;

	for (size_t k = 0; k < pos && w->bound[k] != 0; k++) {
		scale /= (double)sa_bound_of(w->bound[k]);
		f += (double)w->val[k] * scale;
	}
	return f;
}

void
sa_audit_pace_update(sa_audit_pace *p, const sa_replay_window *w, double now)
{
	double f = sa_replay_done(w);

	p->done = f;
	/* The forecast starts past the first runs, which are run again many
	 * times (SA_REPEAT_FLOOR) and would foretell too much. */
	if (p->t0 == 0 || w->runs <= SA_REPEAT_FLOOR) {
		if (w->runs > SA_REPEAT_FLOOR) {
			p->t0 = now;
			p->done0 = f;
			p->runs0 = w->runs;
		}
		p->left = -1;
		return;
	}
	if (f <= p->done0 || w->runs <= p->runs0)
		return;
	/* The runs foretold are the runs since T0 over the share walked
	 * since: no clock in them. */
	p->runs = (double)w->runs + (double)(w->runs - p->runs0) * (1 - f) /
	    (f - p->done0);
	/* The time, once a quarter second or an eighth of the walk says
	 * enough of the pace. */
	if (now <= p->t0 || (now - p->t0 < 0.25 && f - p->done0 < 0.125))
		return;
	p->rate = (double)(w->runs - p->runs0) / (now - p->t0);
	p->left = (now - p->t0) * (1 - f) / (f - p->done0);
}
