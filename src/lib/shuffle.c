/*
 * shuffle.c - the built-in shuffles, each written against the draw oracle.
 *
 * Every shuffle here is the short loop its authors wrote, plus, where it
 * is made of steps, the same loop described step by step for the
 * census's dynamic program.  The test suite runs both forms over every
 * draw sequence and checks that they agree.
 *
 * Shuffles that need scratch space keep it on the stack, which bounds
 * the deck they take (max_cards); the census never comes near it.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

#define SCRATCH 1024

static void
swap(unsigned *deck, size_t i, size_t j)
{
	unsigned t = deck[i];

	deck[i] = deck[j];
	deck[j] = t;
}

static size_t
n_steps(const sa_shuffle *self, size_t n)
{
	(void)self;
	return n;
}

static size_t
n_less_one_steps(const sa_shuffle *self, size_t n)
{
	(void)self;
	return n > 0 ? n - 1 : 0;
}

static void
set_step(sa_step *out, enum sa_step_kind kind, size_t pos, size_t lo,
    uint64_t count)
{
	out->kind = kind;
	out->pos = pos;
	out->lo = lo;
	out->count = count;
}

/*
 * The naive shuffle: for each position i from 0 up, swap it with a
 * position drawn from all n.  n^n runs onto n! orderings; n! does not
 * divide n^n for n > 2, so it cannot be fair there.
 */
static void
naive_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	for (size_t i = 0; i < n; i++)
		swap(deck, i, sa_draw(o, n));
}

static void
naive_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	set_step(out, SA_STEP_SWAP, s, 0, n);
}

/*
 * Durstenfeld's shuffle (Algorithm 235, 1964), the in-place Fisher-Yates:
 * for i from n-1 down to 1, swap i with a position drawn from [0, i].
 * The bounds are n, n-1, ..., 2, so there are exactly n! runs, and each
 * lands on a different ordering.
 */
static void
durstenfeld_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)self;
	for (size_t i = n; i-- > 1;)
		swap(deck, i, sa_draw(o, i + 1));
}

static void
durstenfeld_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	set_step(out, SA_STEP_SWAP, n - 1 - s, 0, n - s);
}

/* The same walk from the front: swap i with a position from [i, n). */
static void
forward_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	for (size_t i = 0; i + 1 < n; i++)
		swap(deck, i, i + sa_draw(o, n - i));
}

static void
forward_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	set_step(out, SA_STEP_SWAP, s, s, n - s);
}

/* Inside-out: i from 1 up, swap i with a position from [0, i]. */
static void
inside_out_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)self;
	for (size_t i = 1; i < n; i++)
		swap(deck, i, sa_draw(o, i + 1));
}

static void
inside_out_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	(void)n;
	set_step(out, SA_STEP_SWAP, s + 1, 0, s + 2);
}

/*
 * Sattolo's algorithm (1986): Durstenfeld's loop with the range made
 * exclusive, [0, i).  Card i can never stay put, and the result is
 * always a single cycle: (n-1)! runs onto the (n-1)! cyclic orderings.
 */
static void
sattolo_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	for (size_t i = n; i-- > 1;)
		swap(deck, i, sa_draw(o, i));
}

static void
sattolo_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	set_step(out, SA_STEP_SWAP, n - 1 - s, 0, n - 1 - s);
}

/*
 * The fourth seed document's "fifth algorithm" as written: for i from 1
 * up, swap i with Rand(0, i), whose range excludes i.
 */
static void
forward_exclusive_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)self;
	for (size_t i = 1; i < n; i++)
		swap(deck, i, sa_draw(o, i));
}

static void
forward_exclusive_step(const sa_shuffle *self, size_t n, size_t s,
    sa_step *out)
{
	(void)self;
	(void)n;
	set_step(out, SA_STEP_SWAP, s + 1, 0, s + 1);
}

/*
 * The first seed document's Java: draw each card of the output deck,
 * from the last place down, out of a shrinking temporary deck, and fill
 * the hole with the temporary deck's last card.  The temporary deck goes
 * through exactly Durstenfeld's swaps, so its step form is his, with one
 * more draw at the end: the last card, drawn below 1.
 */
static void
two_deck_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	unsigned temp[SCRATCH];

	(void)self;
	memcpy(temp, deck, n * sizeof *deck);
	for (size_t number = n; number >= 1; number--) {
		size_t left = sa_draw(o, number);

		deck[number - 1] = temp[left];
		temp[left] = temp[number - 1];
	}
}

/*
 * The brute force: list all n! orderings, draw one.  Its rank is one
 * draw below n! while n! is at most SA_DRAW_MAX (12 cards); past that,
 * a uniform rank is drawn digit by digit in mixed radix, each digit
 * below a product of consecutive factors of n! that stays within the
 * contract (1..12, then 13..19, then 20), which is exactly uniform.
 */
static uint64_t
draw_rank(sa_oracle *o, size_t n)
{
	uint64_t rank = 0, scale = 1;
	size_t k = 1;

	while (k <= n) {
		uint64_t radix = 1;

		while (k <= n && radix * k <= SA_DRAW_MAX)
			radix *= k++;
		rank += scale * sa_draw(o, radix);
		scale *= radix;
	}
	return rank;
}

static void
pick_one_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	unsigned p[SA_PERM_MAX], was[SA_PERM_MAX];

	(void)self;
	sa_perm_unrank(draw_rank(o, n), n, p);
	memcpy(was, deck, n * sizeof *deck);
	for (size_t i = 0; i < n; i++)
		deck[i] = was[p[i]];
}

static int
pick_one_runs(const sa_shuffle *self, size_t n, sa_big *out)
{
	(void)self;
	return sa_big_factorial(out, (uint32_t)n);
}

/*
 * Draw any card; if it was drawn before, draw again; otherwise it goes
 * next.  The cards drawn so far
 * sit before POS, so the new one is swapped in from where it lies.
 */
static void
rejection_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	unsigned char taken[SCRATCH] = { 0 };
	unsigned was[SCRATCH];

	(void)self;
	memcpy(was, deck, n * sizeof *deck);
	for (size_t pos = 0; pos < n; pos++) {
		size_t c, q;

		do
			c = sa_draw(o, n);
		while (taken[c]);
		taken[c] = 1;
		for (q = pos; deck[q] != was[c]; q++)
			;
		swap(deck, pos, q);
	}
}

static void
rejection_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	set_step(out, SA_STEP_PICK, s, 0, n);
}

/* M swaps of two random cards. */
static void
swaps_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	uint64_t m = sa_shuffle_param(self, n);

	for (uint64_t k = 0; k < m; k++) {
		size_t a = sa_draw(o, n);
		size_t b = sa_draw(o, n);

		swap(deck, a, b);
	}
}

static size_t
swaps_steps(const sa_shuffle *self, size_t n)
{
	return (size_t)sa_shuffle_param(self, n);
}

static void
swaps_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	(void)s;
	set_step(out, SA_STEP_SWAP2, 0, 0, n);
}

/*
 * Give each card a random key
 * below K and sort by key, stably, so that ties keep the original order.
 */
static void
sort_keys_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	uint64_t key[SCRATCH], k = sa_shuffle_param(self, n);

	for (size_t i = 0; i < n; i++)
		key[i] = sa_draw(o, k);
	/* Insertion sort moves only past strictly larger keys: stable. */
	for (size_t i = 1; i < n; i++) {
		for (size_t j = i; j > 0 && key[j - 1] > key[j]; j--) {
			uint64_t t = key[j];

			key[j] = key[j - 1];
			key[j - 1] = t;
			swap(deck, j, j - 1);
		}
	}
}

static int
sort_keys_runs(const sa_shuffle *self, size_t n, sa_big *out)
{
	int status = sa_big_set_u64(out, 1);

	for (size_t i = 0; i < n && status == SA_OK; i++)
		status = sa_big_mul_u64(out, sa_shuffle_param(self, n));
	return status;
}

/*
 * The keys that sort into DECK are those that never fall along it and
 * rise strictly wherever DECK has a descent (a larger card before a
 * smaller: equal keys would have kept them the other way round).  With
 * d descents, taking away d from the keys after each forced rise (one
 * per descent) leaves any non-decreasing n keys below K - d, and there
 * are C(K - d + n - 1, n) of those (Stanley, Enumerative Combinatorics
 * I, 1.2: multisets).
 */
static int
sort_keys_closed(const sa_shuffle *self, size_t n, const unsigned *deck,
    sa_big *out)
{
	uint64_t k = sa_shuffle_param(self, n), d = 0;

	for (size_t i = 1; i < n; i++)
		d += deck[i - 1] > deck[i];
	if (d > k)
		return sa_big_set_u64(out, 0);
	return sa_big_binomial(out, k - d + n - 1, (uint32_t)n);
}

/*
 * array.sort(() => Math.random() - 0.5) under an insertion sort, as
 * engines use for short arrays: the comparator says "greater" (1) or
 * "less" (0) by a fair coin, and a card moves left while it is "less".
 */
static void
comparator_sort_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)self;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && sa_draw(o, 2) == 1; j--)
			swap(deck, j - 1, j);
}

/*
 * V8's Array.prototype.sort (TimSort, V8 7.0 on: third_party/v8/builtins/
 * array-sort.tq) on fewer than 64 items, with the comparator
 * () => Math.random() - 0.5: a coin says "less" (Math.random() < 0.5) or
 * not.  CountAndMakeRun first: the first two items set the run's
 * direction, the run grows while the coins agree, and a descending run is
 * reversed; then binary insertion of the rest, each item's place found by
 * halving with a coin at each step.  The tests check it against the real
 * V8 (tests/examples/exec/v8_sort.js).
 */
static bool
v8_less(sa_oracle *o)
{
	return sa_draw(o, 2) == 0;	/* Math.random() - 0.5 < 0 */
}

static void
comparator_v8_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	size_t run = 2;
	bool desc;

	(void)self;
	if (n < 2)
		return;
	desc = v8_less(o);
	while (run < n && v8_less(o) == desc)
		run++;
	for (size_t i = 0; desc && i < run / 2; i++)
		swap(deck, i, run - 1 - i);
	for (size_t start = run; start < n; start++) {
		unsigned pivot = deck[start];
		size_t left = 0, right = start;

		while (left < right) {
			size_t mid = left + ((right - left) >> 1);

			if (v8_less(o))
				right = mid;
			else
				left = mid + 1;
		}
		memmove(deck + left + 1, deck + left, (start - left) *
		    sizeof *deck);
		deck[left] = pivot;
	}
}

/* The same comparator under a top-down merge sort. */
static void
merge_sort(unsigned *a, unsigned *tmp, size_t lo, size_t hi, sa_oracle *o)
{
	size_t mid = lo + (hi - lo) / 2, i = lo, j = mid, k = lo;

	if (hi - lo < 2)
		return;
	merge_sort(a, tmp, lo, mid, o);
	merge_sort(a, tmp, mid, hi, o);
	while (i < mid && j < hi)
		tmp[k++] = sa_draw(o, 2) == 1 ? a[j++] : a[i++];
	while (i < mid)
		tmp[k++] = a[i++];
	while (j < hi)
		tmp[k++] = a[j++];
	memcpy(a + lo, tmp + lo, (hi - lo) * sizeof *a);
}

static void
comparator_merge_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	unsigned tmp[SCRATCH];

	(void)self;
	merge_sort(deck, tmp, 0, n, o);
}

/*
 * A random rotation: one draw r below n, and the deck turned so that
 * the card at r comes first.  Every card is equally likely at every
 * position, yet only n of the n! orderings can come up: the example of
 * a uniform card-by-position matrix that is not a fair shuffle.
 */
static void
rotation_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	unsigned tmp[SCRATCH];
	size_t r;

	(void)self;
	if (n < 2)
		return;
	r = (size_t)sa_draw(o, n);
	for (size_t i = 0; i < n; i++)
		tmp[i] = deck[(i + r) % n];
	memcpy(deck, tmp, n * sizeof *deck);
}

/*
 * The online poker shuffle published in 1999 (ASF Software's, as
 * Arkin, Hill, Marks, Schmid and Walls of Reliable Software Technologies
 * wrote it up in "How We Learned to Cheat at Online Poker", Developer.com,
 * 1999): for each position from the first, swap it with
 * random(51) + 1 in 1-based Pascal, a position drawn from the first 51
 * only.  Here, for n cards, from [0, n-2]: the last card, untouched
 * until the last step, is then always swapped away, so it never ends
 * last.
 */
static void
poker_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	for (size_t i = 0; n > 1 && i < n; i++)
		swap(deck, i, sa_draw(o, n - 1));
}

static size_t
poker_steps(const sa_shuffle *self, size_t n)
{
	(void)self;
	return n > 1 ? n : 0;
}

static void
poker_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	(void)self;
	set_step(out, SA_STEP_SWAP, s, 0, n - 1);
}

static const sa_shuffle builtins[] = {
	{
		.name = "naive",
		.summary = "for each position i from 0 up, swap it with a "
		    "position drawn from all n",
		.runs_formula = "n^n",
		.run = naive_run, .steps = n_steps, .step = naive_step,
		.source = "the obvious loop: for each i, swap deck[i] with "
		    "deck[rand(0, n-1)]",
	},
	{
		.name = "durstenfeld",
		.summary = "for i from n-1 down to 1, swap i with a position "
		    "drawn from [0, i] (Fisher-Yates)",
		.runs_formula = "n!",
		.run = durstenfeld_run, .steps = n_less_one_steps,
		.step = durstenfeld_step,
		.source = "R. Durstenfeld, Algorithm 235, CACM 1964; Java's "
		    "Collections.shuffle",
	},
	{
		.name = "forward",
		.summary = "for i from 0 up to n-2, swap i with a position drawn "
		    "from [i, n)",
		.runs_formula = "n!",
		.run = forward_run, .steps = n_less_one_steps,
		.step = forward_step,
		.source = "Fisher-Yates walked from the front",
	},
	{
		.name = "inside-out",
		.summary = "for i from 1 up to n-1, swap i with a position drawn "
		    "from [0, i]",
		.runs_formula = "n!",
		.run = inside_out_run, .steps = n_less_one_steps,
		.step = inside_out_step,
		.source = "the loop of libstdc++'s std::random_shuffle",
	},
	{
		.name = "sattolo",
		.summary = "for i from n-1 down to 1, swap i with a position "
		    "drawn from [0, i), the range made exclusive",
		.runs_formula = "(n-1)!",
		.run = sattolo_run, .steps = n_less_one_steps,
		.step = sattolo_step,
		.source = "S. Sattolo, 1986; the off-by-one in Durstenfeld's "
		    "loop",
	},
	{
		.name = "forward-exclusive",
		.summary = "for i from 1 up to n-1, swap i with a position drawn "
		    "from [0, i), Rand(0, i) exclusive",
		.runs_formula = "(n-1)!",
		.run = forward_exclusive_run, .steps = n_less_one_steps,
		.step = forward_exclusive_step,
		.source = "Fisher-Yates with Rand(0, i) exclusive of i, as "
		    "often written by mistake",
	},
	{
		.name = "two-deck",
		.summary = "draw each card, from the last place down, out of a "
		    "shrinking second deck",
		.runs_formula = "n!",
		.run = two_deck_run, .steps = n_steps,
		.step = durstenfeld_step,
		.source = "Fisher-Yates dealt into a second array "
		    "(Java: cardDeck and tempDeck)",
		.max_cards = SCRATCH,
	},
	{
		.name = "pick-one",
		.summary = "list all n! orderings and draw one of them",
		.runs_formula = "n!",
		.run = pick_one_run, .runs = pick_one_runs,
		.source = "list all n! orderings and draw one",
		.max_cards = SA_PERM_MAX,
	},
	{
		.name = "rejection",
		.summary = "draw any card; draw again if it was drawn before",
		.runs_formula = "n!",
		.run = rejection_run, .steps = n_steps, .step = rejection_step,
		.source = "draw any card; draw again while it was drawn",
		.max_cards = SCRATCH,
	},
	{
		.name = "swaps",
		.summary = "M times, swap two positions each drawn from all n",
		.runs_formula = "(n^2)^M",
		.run = swaps_run, .steps = swaps_steps, .step = swaps_step,
		.source = "M swaps of two positions drawn from all n",
		.param = "M", .param_default = "2n", .param_min = 1,
	},
	{
		.name = "sort-keys",
		.summary = "give each card a random key below K, then sort "
		    "stably by key",
		.runs_formula = "K^n",
		.run = sort_keys_run, .runs = sort_keys_runs,
		.closed = sort_keys_closed,
		.closed_formula = "C(K - d + n - 1, n) runs for an ordering "
		    "with d descents",
		.source = "give each card a random key and sort by it",
		.param = "K", .param_default = "n", .param_min = 2,
		.max_cards = SCRATCH,
	},
	{
		.name = "std-random-shuffle",
		.summary = "inside-out with rand() % (i + 1), as libstdc++'s "
		    "std::random_shuffle draws",
		.runs_formula = "n!",
		.run = inside_out_run, .steps = n_less_one_steps,
		.step = inside_out_step,
		.source = "libstdc++'s std::random_shuffle over glibc's "
		    "31-bit rand()",
		.reduce = "modulo:31",
	},
	{
		.name = "comparator-sort",
		.summary = "insertion sort with a comparator that answers by a "
		    "fair coin",
		.run = comparator_sort_run,
		.source = "array.sort(() => Math.random() - 0.5)",
	},
	{
		.name = "comparator-v8",
		.summary = "V8's TimSort below 64 items (a run, then binary "
		    "insertion) with a comparator that answers by a fair coin",
		.run = comparator_v8_run,
		.source = "array.sort(() => Math.random() - 0.5) in V8 7.0 and "
		    "later (Chrome 70, Node.js 11): v8/third_party/v8/builtins/"
		    "array-sort.tq",
	},
	{
		.name = "comparator-merge",
		.summary = "merge sort with a comparator that answers by a fair "
		    "coin",
		.run = comparator_merge_run,
		.source = "array.sort(() => Math.random() - 0.5) under a merge "
		    "sort",
		.max_cards = SCRATCH,
	},
	{
		.name = "rotation",
		.summary = "turn the deck by a number drawn below n: every card "
		    "is as likely at every position, yet only n orderings come "
		    "up",
		.runs_formula = "n",
		.run = rotation_run, .max_cards = SCRATCH,
		.source = "a cut of the deck at a random place; the matrix's "
		    "counterexample",
	},
	{
		.name = "riffle",
		.summary = "K riffle shuffles, Gilbert-Shannon-Reeds: n fair "
		    "coins each, the top packet's cards falling on the 0s",
		.runs_formula = "2^(nK)",
		.run = sa_riffle_run, .runs = sa_riffle_runs,
		.closed = sa_riffle_closed,
		.closed_formula = "C(2^K + n - r, n) runs for an ordering with "
		    "r rising sequences, Bayer and Diaconis 1992",
		.source = "the dovetail shuffle as Gilbert, Shannon and Reeds "
		    "model it (Bayer and Diaconis, Ann. Appl. Probab. 2, 1992)",
		.param = "K", .param_default = "1", .param_min = 1,
		.max_cards = SCRATCH,
	},
	{
		.name = "overhand",
		.summary = "K overhand shuffles: each of the n-1 gaps a cut by "
		    "a fair coin, the packets laid down in reverse order",
		.runs_formula = "2^((n-1)K)",
		.run = sa_overhand_run, .runs = sa_overhand_runs,
		.source = "the overhand shuffle in Pemantle's model (J. Theor. "
		    "Probab. 2, 1989)",
		.param = "K", .param_default = "1", .param_min = 1,
		.max_cards = SCRATCH,
	},
	{
		.name = "pile",
		.summary = "deal into P piles in turn, each card on top of its "
		    "pile, and stack them: no chance at all",
		.runs_formula = "1",
		.run = sa_pile_run, .runs = sa_pile_runs,
		.source = "pile shuffling, as card players deal a deck into "
		    "piles",
		.param = "P", .param_default = "2", .param_min = 2,
		.max_cards = SCRATCH,
	},
	{
		.name = "cut",
		.summary = "one cut at a place drawn below n: the top cards go "
		    "to the bottom (the orderings of rotation)",
		.runs_formula = "n",
		.run = rotation_run, .max_cards = SCRATCH,
		.source = "a single cut of the deck",
	},
	{
		.name = "poker-1999",
		.summary = "for each position i from 0 up, swap it with a "
		    "position drawn from the first n-1 (never the last)",
		.runs_formula = "(n-1)^n",
		.run = poker_run, .steps = poker_steps, .step = poker_step,
		.source = "the 1999 online poker shuffle: random(51)+1 in "
		    "1-based Pascal (Arkin et al., \"How We Learned to Cheat "
		    "at Online Poker\", Developer.com, 1999)",
	},
};

size_t
sa_shuffle_count(void)
{
	return sizeof builtins / sizeof builtins[0];
}

const sa_shuffle *
sa_shuffle_at(size_t i)
{
	return i < sa_shuffle_count() ? &builtins[i] : NULL;
}

const sa_shuffle *
sa_shuffle_find(const char *name)
{
	for (size_t i = 0; i < sa_shuffle_count(); i++)
		if (strcmp(builtins[i].name, name) == 0)
			return &builtins[i];
	return NULL;
}

uint64_t
sa_step_total(const sa_step *st, size_t n)
{
	switch (st->kind) {
	case SA_STEP_PICK:
		return st->pos < n ? n - st->pos : 0;
	case SA_STEP_SWAP2:
		return st->count > UINT32_MAX ? 0 : st->count * st->count;
	default:
		return st->count;
	}
}

void
sa_shuffle_reduce(const sa_shuffle *sh, sa_reduce *out)
{
	if (sh->reduce == NULL || sa_reduce_parse(sh->reduce, out) != SA_OK)
		memset(out, 0, sizeof *out);
}

sa_reduce
sa_reduce_settle(const sa_shuffle *sh, const sa_reduce *asked)
{
	sa_reduce r;

	if (asked != NULL && asked->method != SA_REDUCE_NONE)
		return *asked;
	memset(&r, 0, sizeof r);
	if (sh != NULL)
		sa_shuffle_reduce(sh, &r);
	return r;
}

uint64_t
sa_shuffle_param(const sa_shuffle *sh, size_t n)
{
	if (sh->param == NULL)
		return 0;
	if (sh->value != 0)
		return sh->value;
	/* The defaults: swaps:2n, sort-keys:n, and plain numbers. */
	if (strcmp(sh->param_default, "2n") == 0)
		return 2 * (uint64_t)n;
	if (strcmp(sh->param_default, "n") == 0)
		return (uint64_t)n;
	return strtoull(sh->param_default, NULL, 10);
}

int
sa_shuffle_parse(const char *spec, sa_shuffle *out)
{
	const char *colon = strchr(spec, ':');
	size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
	uint64_t v = 0;
	const char *p;

	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		if (strlen(builtins[i].name) != len ||
		    strncmp(builtins[i].name, spec, len) != 0)
			continue;
		*out = builtins[i];
		if (colon == NULL)
			return SA_OK;
		if (out->param == NULL || colon[1] == '\0')
			return SA_EPARAM;
		for (p = colon + 1; *p; p++) {
			if (*p < '0' || *p > '9' ||
			    v > (SA_PARAM_MAX - (uint64_t)(*p - '0')) / 10)
				return SA_EPARAM;
			v = v * 10 + (uint64_t)(*p - '0');
		}
		if (v < out->param_min)
			return SA_EPARAM;
		out->value = v;
		return SA_OK;
	}
	return SA_EUNKNOWN;
}

bool
sa_shuffle_keys(const sa_shuffle *sh, size_t n, uint64_t *width,
    uint64_t *keys)
{
	if (sh == NULL || sh->run != sort_keys_run)
		return false;
	*width = sa_shuffle_param(sh, n);
	*keys = n;
	return true;
}

/*
 * Key I and key J (I < J) tie with odds exactly 1/WIDTH, whatever came
 * before J: J is drawn uniform below WIDTH, and one value of it ties.
 * The union over the C(KEYS, 2) pairs bounds the odds that any tie.
 */
int
sa_ties_bound(uint64_t keys, uint64_t width, sa_fraction *out)
{
	sa_big num, den;
	int status;

	sa_big_init(&num);
	sa_big_init(&den);
	status = sa_big_set_u64(&num, keys);
	if (status == SA_OK)
		status = sa_big_mul_u64(&num, keys > 0 ? keys - 1 : 0);
	if (status == SA_OK) {
		(void)sa_big_div_u32(&num, 2);
		status = sa_big_set_u64(&den, width);
	}
	if (status == SA_OK && sa_big_cmp(&num, &den) >= 0)
		status = SA_ERANGE;	/* a bound of 1 or more says nothing */
	if (status == SA_OK)
		status = sa_fraction_set(out, &num, &den, false);
	sa_big_free(&num);
	sa_big_free(&den);
	return status;
}
