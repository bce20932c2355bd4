/*
 * internal.h - what the library's files share and callers never see.
 */
#ifndef SA_INTERNAL_H
#define SA_INTERNAL_H

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"

/* Products of two 64-bit words, exact (GCC's and Clang's 128 bits). */
__extension__ typedef unsigned __int128 u128;

/* A = HI * 2^64 + LO (big.c); SA_OK or SA_ENOMEM. */
int sa_big_set_parts(sa_big *a, uint64_t hi, uint64_t lo);

/*
 * F's counts, cell[pos * n + item], for a caller that counts decks itself
 * (sample.c's fast path), and its count of decks; no orderings are kept
 * past SA_FIT_ORDERINGS_MAX items, so above that the cells are all.
 */
uint64_t *sa_fit_cells(sa_fit *f, uint64_t **samples);

/*
 * Part T of COUNT things split over PARTS as evenly as can be: its
 * first thing *OFFSET and its *SIZE.
 */
static inline void
sa_stretch(uint64_t count, unsigned parts, unsigned t, uint64_t *offset,
    uint64_t *size)
{
	uint64_t each = count / parts, extra = count % parts;

	*offset = each * t + (t < extra ? t : extra);
	*size = each + (t < extra);
}

/* Bits set in X. */
static inline unsigned
popcount32(uint32_t x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (x * 0x01010101u) >> 24;
}

/*
 * COUNT zeroed items of SIZE bytes for a tally that is read and written
 * all over, freed with free(); NULL when they do not fit.  From 2 MiB to
 * 1 GiB they are aligned to 2 MiB and asked of the kernel in huge pages
 * where it gives them (MADV_HUGEPAGE): a tally's increments land
 * anywhere in it, so each would otherwise miss the TLB, and each 4 KiB
 * page first touched costs a page fault (a 10-card tally of 29 MB is
 * 7,000 of them).
 */
void *sa_tally_alloc(size_t count, size_t size);

/*
 * Runs FN on each of COUNT (at most 64) jobs of SIZE bytes at JOBS, a
 * thread each; the calling thread takes the first, and runs any job
 * whose thread could not be started after the others.
 */
void sa_parallel(void *(*fn)(void *), void *jobs, size_t size,
    unsigned count);

/*
 * The pace of long work under an sa_time_limit (sys.c), shared by its
 * threads.  The leading thread tells sa_pace_check the share of its part
 * done, and every thread stops once STOP is set; sa_pace_end fills in
 * the limit's figures when the work stopped.  LIMIT may be NULL: no
 * limit.
 */
#include <stdatomic.h>

typedef struct sa_pace {
	sa_time_limit *limit;
	double start, deadline;	/* deadline 0: none */
	double units;
	atomic_int stop;
	double forecast, done;
	bool at_least;
} sa_pace;

void sa_pace_start(sa_pace *p, sa_time_limit *limit, double units);
bool sa_pace_check(sa_pace *p, double share);
static inline bool
sa_pace_stopped(sa_pace *p)
{
	return atomic_load_explicit(&p->stop, memory_order_relaxed) != 0;
}
/*
 * The work foretold, by other means, to take SECONDS in all: stopped at
 * once (true) when that passes the deadline.  AT_LEAST: SECONDS comes
 * from a speed no machine passes, not a measured one.
 */
bool sa_pace_foretell(sa_pace *p, double seconds, bool at_least);
/* STATUS, or SA_ETIME with the limit's figures when the pace stopped. */
int sa_pace_end(sa_pace *p, int status);

/*
 * No machine composes two censuses faster than this many pairs of
 * orderings a second (each is a permutation applied and ranked): work
 * past a limit even at that rate is refused before it begins.
 */
#define SA_PAIRS_MAX_RATE 1e9

/* Bits set in each 11-bit number (perm.c). */
extern const uint8_t sa_bits11[2048];

/* Bits set in a set of at most 22 cards, in two lookups. */
static inline unsigned
count22(uint32_t set)
{
	return sa_bits11[set & 2047] + sa_bits11[set >> 11 & 2047];
}

/*
 * A census behind its opaque handle: the facts, and the counts in one
 * of three forms (64-bit, 32-bit, or big integers with a reduction).
 */
/*
 * A count too wide for a 16-bit table, listed apart with its rank
 * (steps.c's spills, and a 16-bit tally's counts past 16 bits).
 */
struct sa_spill {
	uint64_t at, v;
};

struct sa_census {
	sa_census_info info;
	uint64_t *tally;	/* tally[rank], or */
	uint32_t *tally32;	/* here when every count fits in 32 bits, or */
	uint16_t *tally16;	/* here when every count fits in 16 bits, */
	struct sa_spill *over;	/* but these OVERS, by rank (UINT16_MAX */
	size_t overs;		/* at theirs in TALLY16: see sa_over_at), or */
	uint8_t *tally8;	/* here when every count fits in 8 bits, or */
	sa_big *big_tally;	/* here, exactly, when the census is wide, */
	sa_big big_runs, big_max, big_min;	/* with these */
	/*
	 * Sharded (shard.c), else NULL: what the ranks share; a count
	 * outside this rank's block, and the top, asked of the other ranks
	 * (through these pointers, set by shard.c: the files that read a
	 * census do not call into shard.c, which calls them); and the
	 * distance's sums and histogram's buckets over every rank.
	 */
	struct sa_shard *shard;
	uint64_t (*remote)(const struct sa_census *c, uint64_t r);
	int (*remote_top)(const struct sa_census *c, uint64_t k,
	    uint64_t *ranks);
	uint64_t *shard_hist;
	/* The distance's sums, from the summary's pass (sa_summary_set). */
	uint64_t sums[4];
};

/* The first of C's counts listed apart at rank R or after. */
static inline size_t
sa_over_from(const struct sa_census *c, uint64_t r)
{
	size_t lo = 0, hi = c->overs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->over[mid].at < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The count of rank R of a 16-bit tally that lists some apart. */
static inline uint64_t
sa_over_at(const struct sa_census *c, uint64_t r)
{
	size_t k = sa_over_from(c, r);

	/* Not listed: a count of UINT16_MAX itself. */
	return k < c->overs && c->over[k].at == r ? c->over[k].v :
	    c->tally16[r];
}

/* Counts R to R + LEN of a 16-bit tally into OUT, those listed apart
 * among them. */
void sa_over_block(const struct sa_census *c, uint64_t r, size_t len,
    uint64_t *out);

/*
 * The count of rank R of a census that is not wide.  The tally holds
 * the census's block (all of it but in a shard), from info.shard_lo.
 */
static inline uint64_t
sa_count_at(const struct sa_census *c, uint64_t r)
{
	if (c->shard != NULL) {
		if (r - c->info.shard_lo >= c->info.shard_hi - c->info.shard_lo)
			return c->remote(c, r);
		r -= c->info.shard_lo;
	}
	if (c->tally16 != NULL)
		return c->tally16[r] == UINT16_MAX && c->overs != 0 ?
		    sa_over_at(c, r) : c->tally16[r];
	return c->tally8 != NULL ? c->tally8[r] : c->tally32 != NULL ?
	    c->tally32[r] : c->tally[r];
}

/*
 * Sharded work (shard.c).  Every rank calls these together.
 *
 * sa_comm_swap: rank k sends SENDLEN[j] bytes to each rank j and gets
 * RECVLEN[j] from each (sa_comm's exchange); SA_OK or SA_ECOMM.
 * sa_comm_all: each rank's LEN bytes at MINE into ALL, rank by rank.
 * sa_comm_max: the largest V of any rank.
 */
int sa_comm_swap(const sa_comm *c, const void *send, const size_t *sendlen,
    void *recv, const size_t *recvlen);
int sa_comm_all(const sa_comm *c, const void *mine, size_t len, void *all);
int sa_comm_max(const sa_comm *c, uint64_t *v);

/*
 * steps.c, for plan.c: the swaps with position 0 a step of a census on
 * N cards makes (each sends counts to other ranks); the most terms a
 * rank sends in a round over RANKS ranks.
 */
size_t sa_step_swaps0(const sa_step *st, size_t n);
uint64_t sa_shard_round(size_t n, unsigned ranks);

/* The rank of P's that holds leading card CARD of N. */
unsigned sa_shard_owner(size_t n, unsigned p, unsigned card);

/*
 * Whether a census on N cards by ENGINE with the reduction RED (NULL:
 * none) splits over RANKS ranks: more than one, the step engine, no
 * reduction, 6 cards or more.  sa_shard_wanted: whether a census of SH
 * under OPTS does, over OPTS's comm.
 */
bool sa_shard_splits(unsigned ranks, size_t n, enum sa_engine engine,
    const sa_reduce *red);
bool sa_shard_wanted(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, enum sa_engine engine);

/*
 * After a sharded count: the summary of the whole census on every rank
 * (reached, max, min and where, the distance's sums and the histogram),
 * and the state rank 0 fetches counts with.
 */
int sa_shard_summarize(struct sa_census *c, const sa_comm *comm);

void sa_shard_free(struct sa_census *c);

/*
 * tally.c, for figures.c and shard.c: the histogram's bucket count and
 * width; the counts of the block held, added into HIST; and the
 * histogram from HIST (taken).
 */
uint64_t sa_histogram_buckets(const struct sa_census *c, uint64_t *width);
void sa_histogram_count(const struct sa_census *c, uint64_t *hist);
int sa_histogram_from(const struct sa_census *c, uint64_t *hist,
    sa_histogram *out);

/*
 * A summary of counts (tally.c): how many, how many reached, the largest
 * and smallest, how many have each and the first rank with each.
 * sa_summary_of: of ranks LO to HI of C, held here, on the machine's
 * cores; sa_summary_add: FROM, of ranks after INTO's, added into INTO
 * (a summary of no counts adds nothing).
 */
struct sa_summary {
	uint64_t count, reached, max, min, nmax, nmin, argmax, argmin;
	/* The distance's: above the mean, their counts and how many;
	 * below, the same (tally.c's tvd_block). */
	uint64_t sums[4];
};
void sa_summary_of(const struct sa_census *c, uint64_t lo, uint64_t hi,
    struct sa_summary *out);
void sa_summary_add(struct sa_summary *into, const struct sa_summary *from);

/* C's facts from ALL, the summary of its whole tally; SA_OK or SA_ENOMEM. */
int sa_summary_set(struct sa_census *c, const struct sa_summary *all);

/* The top K by runs of the ranks LO to HI of C, held here (tally.c). */
int sa_census_top_within(const struct sa_census *c, uint64_t lo,
    uint64_t hi, uint64_t k, uint64_t *ranks);

/* Fills in C's reached, max, min and the rest from its tally (census.c). */
int sa_census_summarize(struct sa_census *c);

/*
 * How many equally likely ways step ST of a shuffle on N cards can go:
 * COUNT for a swap; the cards left to pick (N - POS) for a pick, whose
 * retries are folded away; COUNT^2 for a swap of two drawn positions
 * (shuffle.c).
 */
uint64_t sa_step_total(const sa_step *st, size_t n);

/* Runs of the step form: the product of the step totals (plan.c). */
int sa_step_runs(const sa_shuffle *sh, size_t n, uint64_t *runs);

/*
 * The engines, each filling in OUT's counts and, where it knows them,
 * runs, sequences and weighted; PLAN is already checked.
 *
 * steps.c: the dynamic program over the step form.
 */
int sa_engine_steps(const sa_shuffle *sh, size_t n, uint64_t orderings,
    const sa_census_opts *opts, struct sa_census *out);

/*
 * The work of that census, in the units its progress is told in: each
 * step's ways times the counts it reads.  What a census of fewer cards
 * took, scaled by this, foretells the time of one of more (foretell.c).
 */
double sa_engine_steps_work(const sa_shuffle *sh, size_t n,
    uint64_t orderings);

/* walk.c: every run of the step form, depth first, on THREADS threads. */
int sa_engine_walk(const sa_shuffle *sh, size_t n, uint64_t orderings,
    unsigned threads, const sa_census_opts *opts, struct sa_census *out);

/* replay.c: the program re-run for every draw sequence. */
struct sa_audit_opts;
int sa_engine_replay(const sa_shuffle *sh, size_t n, uint64_t orderings,
    size_t max_draws, const struct sa_audit_opts *audit,
    struct sa_census *out);

/* cardtable.c: the shuffles done by hand, for shuffle.c's table. */
void sa_riffle_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o);
int sa_riffle_runs(const sa_shuffle *self, size_t n, sa_big *out);
int sa_riffle_closed(const sa_shuffle *self, size_t n, const unsigned *deck,
    sa_big *out);
void sa_overhand_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o);
int sa_overhand_runs(const sa_shuffle *self, size_t n, sa_big *out);
void sa_pile_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o);
int sa_pile_runs(const sa_shuffle *self, size_t n, sa_big *out);

/*
 * repeat.c: *CUR replaced by *CUR then ONE (sa_census_then, under OPTS),
 * the old
 * *CUR freed unless it is ONE; on failure *CUR is left as it was.
 */
int sa_census_again(sa_census **cur, const sa_census *one,
    const sa_census_opts *opts);

/* closed.c: every count from the shuffle's own formula, closed(). */
int sa_engine_closed(const sa_shuffle *sh, size_t n, uint64_t orderings,
    struct sa_census *out);

/* weighted.c: exact big counts of draws made from raw words by a reduction. */
int sa_engine_weighted(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, const sa_census_plan *plan,
    struct sa_census *out);

/*
 * The walk of every draw sequence behind sa_walk, with the audit's
 * options (replay.c); AUDIT may be NULL.  RANK, when not NULL, holds
 * each run's rank (sa_perm_rank) when VISIT is called: found as the
 * deck is checked.  PLACED, when not NULL, counts the runs made again
 * under every other placement of their reals (SA_PLACED), deck by deck.
 */
int sa_walk_audited(const sa_shuffle *sh, size_t n, size_t max_draws,
    const struct sa_audit_opts *audit, sa_visit_fn *visit, void *ctx,
    uint64_t *rank, uint64_t *placed);

/*
 * Whether P is an ordering of N cards, as sa_perm_check says, and when
 * it is, its rank (sa_perm_rank) in *RANK: up to 11 cards in one pass
 * over P, which a census of 9 or 10 cards makes a run.
 */
bool sa_perm_rank_checked(const unsigned *p, size_t n, uint64_t *rank);

/*
 * The scripted oracle (oracle.c): the one oracle of the replay engine
 * and of trace, and the one place the draw contract is checked.  It
 * keeps a record of the draws of the run: VAL[k] answered BOUND[k], for
 * k below LEN.  Draw k of a run (POS counts them) is
 *
 *   REPLAY   below LEN, the recorded answer, if the bound asked is the
 *            recorded one (else SA_ENONDET); past it, a new draw,
 *            recorded and answered 0 (the replay odometer);
 *   STRICT   as REPLAY, but no draw past LEN (SA_ENONDET);
 *   GIVEN    the caller's GIVEN[k], which must lie below the bound
 *            (SA_ERANGE); past NGIVEN, SA_ESHORT;
 *   SOURCE   a draw of SOURCE.
 *
 * A real (sa_real) is a draw of its cell and, when the cell holds earlier
 * reals of the run, a place draw, recorded with SA_PLACE_DRAW in its
 * bound; place draws do not count against CAP, only against ROOM, the
 * record's size.
 *
 * Every new draw is checked first: at most CAP a run (SA_EDRAWS), and a
 * bound of 1 to SA_DRAW_MAX (SA_EBOUND); a raw word is a draw below
 * 2^bits, for 1 to 32 bits.  A draw that breaks the contract is
 * recorded, so a report can show it, and does not return: the run jumps
 * back to ABORT, which the caller sets with setjmp before running the
 * shuffle, with ERR saying why.  BEFORE, when set, is called before a new
 * draw is answered (trace snapshots the deck then); WATCH, when set,
 * gets POS + 1 as each draw starts, for a watcher in another process.
 */
#include <setjmp.h>

enum sa_script_mode {
	SA_SCRIPT_REPLAY,
	SA_SCRIPT_STRICT,
	SA_SCRIPT_GIVEN,
	SA_SCRIPT_SOURCE
};

/*
 * A run that asks for a draw past CAP when CUT is set ends with this
 * status instead of SA_EDRAWS: it is unfinished, not broken (the census
 * by layers counts it into the remainder).  Never returned to callers.
 */
#define SA_SCRIPT_CUT 1000

typedef struct sa_script {
	sa_oracle base;		/* first, so a pointer to it is one to us */
	enum sa_script_mode mode;
	bool cut;
	uint64_t cut_bound;	/* the bound of the draw that was cut */
	uint64_t *val, *bound;
	size_t len, pos, cap;
	/*
	 * The first SAME draws of the record are as they stood when the run
	 * before ended: the replay engine's odometer moved none of them
	 * (replay.c's advance), only the one after.  0 unless it says so.
	 */
	size_t same;
	size_t room;		/* the record's size: CAP and place draws */
	size_t places;		/* place draws among the run's first POS */
	const uint64_t *given;
	size_t ngiven;
	sa_oracle *source;
	void (*before)(struct sa_script *s);
	void *ctx;		/* BEFORE's */
	volatile size_t *watch;
	volatile bool *raw_used;	/* set true by a raw word, when set */
	volatile bool *real_used;	/* and by a real */
	/*
	 * The run's reals so far, sorted by cell and then by place (see
	 * sa_real_at): NREAL of them, room for CAP, allocated at the first
	 * real and freed by sa_script_release.  PLACE is the model of their
	 * places: 0, or 1 for the second model (sa_audit_opts).
	 */
	uint64_t *real_cell, *real_pos;
	size_t nreal;
	unsigned real_place;
	bool find_edges;	/* sa_audit_opts's: placed() looks for edges */
	int err;
	jmp_buf abort;
} sa_script;

/*
 * edge.c: the least multiple of M cells with an edge on the simplest
 * fraction in [(C 2^22 + LO) / M 2^22, (C 2^22 + HI) / M 2^22] for some
 * cell C (the one that gives the fewest), at most SA_DRAW_MAX; 0 when
 * none is, M is past SA_EDGE_CELLS_MOST, or LO >= HI.
 */
#define SA_EDGE_CELLS_MOST 65536
uint64_t sa_edge_cells(uint64_t m, unsigned lo, unsigned hi);

/* S as a MODE oracle over the record VAL and BOUND of CAP draws. */
void sa_script_init(sa_script *s, enum sa_script_mode mode, uint64_t *val,
    uint64_t *bound, size_t cap, unsigned word_bits);

/* Starts a run from the first draw (the record stays). */
static inline void
sa_script_rewind(sa_script *s)
{
	s->pos = 0;
	s->places = 0;
	s->nreal = 0;
	s->err = SA_OK;
}

/* What S allocated for itself (its reals); S stays usable. */
void sa_script_release(sa_script *s);

/*
 * The bound of the place draw the next real of S's run would make as
 * the odometer stands (its cell replayed, or 0 when new): K + 1 when
 * that cell holds K >= 1 reals of the run already, else 0 (the real is
 * its cell alone).  For the exec protocol, which must know how many
 * draws a real takes: from a plan, and before the depth of a census by
 * layers.
 */
uint64_t sa_script_real_place(const sa_script *s);

/*
 * A weighted tally (runs of different probabilities, counted over the
 * common WEIGHT) in its lowest terms: TALLY's ORDERINGS counts and
 * *WEIGHT divided by their greatest common divisor, so that a census
 * however walked (whole, in parts, its reals' places enumerated or not
 * needed) gives the same figures for the same chances.  An unweighted
 * tally, whose WEIGHT is its runs, is left as it is.
 */
/* qsort's order of 64-bit words (the first word of each element). */
int sa_cmp_u64(const void *a, const void *b);

/*
 * An odometer's room for MAX_DRAWS draws and as many reals' places
 * (exec.c, stream.c); false when short of memory.  sa_window_free
 * frees it.
 */
bool sa_window_new(sa_replay_window *w, size_t max_draws);
void sa_window_free(sa_replay_window *w);

void sa_tally_lowest(uint64_t *tally, uint64_t orderings, uint64_t *weight,
    bool weighted);


/*
 * The run SH (a reader) just read made again, when its transcript holds
 * the repeat whole ("R K LEN D N deck": the run before's LEN draws, all
 * returned, and the deck it read, which the engine holds): taken as the
 * replay would take it, with its progress told, and true.  False, with
 * nothing taken, otherwise: the replay then reads it and says what is
 * wrong.
 */
bool sa_stream_again(const sa_shuffle *sh, size_t n, size_t len);

/*
 * The library's own end of O's run, with STATUS (an SA_ status of its
 * choosing: a protocol broken, the deadline, a draw out of range): on a
 * script, the walk ends the run with STATUS as it stands; on another
 * oracle, its fail (when it has one).  Does not return from a script.
 * Audited code's own oracle->fail is never this: on a script it is
 * SA_EPROTO whatever status it gives (oracle.c's script_abandon).
 */
void sa_oracle_break(sa_oracle *o, int status);

/* O as the scripted oracle it is, or NULL when it is another. */
const sa_script *sa_script_of(const sa_oracle *o);

/* The draws S's run has asked for so far, its place draws left out. */
size_t sa_script_requests(const sa_script *s);

/*
 * Whether S, made again strictly from its record, has its next draw
 * below BOUND there (a real's: its cell's bound), as a run that goes
 * the way it first went asks; true when S is not strict.
 */
bool sa_script_expects(const sa_script *s, uint64_t bound);

/*
 * The first draws of O's run that its record holds already, below the
 * bounds in BOUND with the values in VALUE (N of them, the items' STRIDE
 * bytes apart), taken at once: as many calls of O's draw would take them
 * and return those values, each its own draw (no place, no raw word).
 * How many it took, stopping at the first it cannot take so (the caller
 * asks for that one as ever); 0 when O is not a script at its run's start.
 * KNOWN: the first KNOWN of the N are the draws the run before took, each
 * its own draw, as the record held them when it ended; those the record
 * still holds so (its SAME) are taken unread.
 */
size_t sa_script_take(sa_oracle *o, const uint64_t *bound,
    const uint64_t *value, size_t stride, size_t n, size_t known);
/*
 * O's run made again (a strict script, as --repeat makes it) from its
 * record, whose first N draws the caller knows to be those of the run
 * before (which were checked as it made them): taken at once.  How many;
 * 0 when O is not a strict script at its run's start (the caller then
 * takes them as above).
 */
size_t sa_script_again(sa_oracle *o, size_t n);

/* BOUND, a recorded draw's, without the mark of a place draw. */
static inline uint64_t
sa_bound_of(uint64_t bound)
{
	return bound & ~SA_PLACE_DRAW;
}

/*
 * The matrix by following the chain card by card, even where it has a
 * solution (matrix.c's naive_form): the tests' check of the solution.
 */
int sa_matrix_follow(const sa_shuffle *sh, size_t n,
    const sa_matrix_opts *opts, sa_matrix **out);

#endif /* SA_INTERNAL_H */
