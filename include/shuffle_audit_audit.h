/*
 * shuffle_audit_audit.h - the census of audited code: a user's own
 * shuffle, run where the auditor can watch it (a child process for a
 * plugin, a program over the exec protocol), counted by the replay
 * engine with its odometer in memory the caller provides, shared out
 * over parts and added up exactly.  The command line's --plugin and
 * --exec are built on it; so can another front end be.  Installed
 * beside shuffle_audit.h, which it needs.
 */
#ifndef SHUFFLE_AUDIT_AUDIT_H
#define SHUFFLE_AUDIT_AUDIT_H

#include "shuffle_audit.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The replay engine's odometer, in memory the caller provides: VAL and
 * BOUND hold CAP draws each, the most a run may record.  RUNS counts the
 * runs started and POS the draws made in the current one; after a
 * breach, VAL[0 .. POS) with BOUND are the draws of the run that broke
 * the contract, the last one the draw that broke it (when it was a
 * draw).  A watcher in another process sharing the memory reads RUNS
 * and POS while the census runs.  A real is recorded as the draw of its
 * cell and, when the cell holds earlier reals of the run, the draw of
 * its place among them (see sa_real_at), whose BOUND carries
 * SA_PLACE_DRAW beside the bound itself.  Place draws do not count
 * against the census's --max-draws nor a census by layers' depth, only
 * against CAP: give the window room for twice the draws allowed.
 */
#define SA_PLACE_DRAW (UINT64_C(1) << 63)
typedef struct sa_replay_window {
	volatile uint64_t runs;
	volatile size_t pos;
	uint64_t *val, *bound;
	size_t cap;
	volatile bool raw_used;	/* set once a run asks for a raw word */
	volatile bool real_used;	/* and for a real */
	/*
	 * The plan of the run under way: its first LEN draws are replayed
	 * (VAL below BOUND); the draws after them are new and answered 0,
	 * and BOUND[LEN .. LAST) are the bounds the run before asked there,
	 * which the program likely asks again.  LAST is the number of draws
	 * the run before made.
	 */
	volatile size_t len, last;
	/*
	 * Set by a watcher to stop the walk before its next run, which then
	 * ends with SA_ETIME, as at a deadline.
	 */
	volatile bool stop;
} sa_replay_window;

/*
 * How audited code is counted (the replay engine only).  TWICE runs
 * every draw sequence a second time and calls it SA_ENONDET when the
 * draws or the deck differ.  WINDOW, when not NULL, is where the engine
 * keeps its odometer.  RAW_BITS is the width sa_word() gives (0: 32).
 */
#define SA_REPEAT_FLOOR 40

typedef struct sa_audit_opts {
	bool twice;
	sa_replay_window *window;
	unsigned raw_bits;
	uint64_t real_cells;	/* the cells of sa_real(), 1 to 2^32; 0: 2^32 */
	/*
	 * When not NULL, a run that asks for more than the cap's draws is
	 * unfinished, not a breach: CUT gets the walk's context, the
	 * bounds of its first NDRAWS draws (the cap) and NEXT, the bound of
	 * the draw it asked for past them, and the walk goes on to the next
	 * sequence.  A non-zero return stops the walk.
	 */
	int (*cut)(void *ctx, const uint64_t *bounds, size_t ndraws,
	    uint64_t next);
	/*
	 * When above 0, the walk stops with SA_ETIME once sa_clock() passes
	 * DEADLINE (it looks every few runs, so a run that never returns is
	 * its watcher's to stop).
	 */
	double deadline;
	/*
	 * With TWICE, only one run in EVERY is run again (0 or 1: every
	 * run): the first, the (EVERY+1)th and so on, in the walk's order;
	 * and the k-th run of the walk at least ceil(SA_REPEAT_FLOOR / k)
	 * times, so that a walk of few runs (a single run of no draws among
	 * them) repeats them until hidden randomness that changes a deck
	 * half the time would go unseen with odds below 2^-SA_REPEAT_FLOOR.
	 */
	uint64_t every;
	/*
	 * When PARTS is above 1, only the runs whose first draw is PART
	 * modulo PARTS are walked (a run of no draws is in part 0), so
	 * PARTS walks with PART 0 .. PARTS-1 share the runs between them.
	 */
	unsigned part, parts;
	/*
	 * The model of a real's place within its cell (sa_real_at): 0, or
	 * 1 for the second model, which code that uses its reals only
	 * through their cells and order cannot tell from the first.
	 *
	 * With SA_PLACED added, and TWICE, each run that drew reals is
	 * placed elsewhere in their cells (sa_real_at's places, the cells
	 * and the order of the reals kept): from the first model (0), it is
	 * counted at SA_PLACE_LOW and made again at SA_PLACE_HIGH in place
	 * of its first repeat (a run with more reals in a cell than LOW
	 * keeps apart: counted at the middles, not placed), and at
	 * SA_PLACE_INNER in place of its second repeat or, in one run in
	 * 64, as one run more; from the second, made again at all three in
	 * place of its first repeat.  The decks are compared run by run: a
	 * deck that moves ends the walk with SA_EMODEL (or SA_ENONDET, when
	 * the run made again as it first was moves too).  A streamed walk's transcript must hold
	 * those runs, as the library's own writer (sa_stream_out) makes
	 * them.
	 */
	unsigned real_place;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_audit_opts;
#define SA_PLACED 0x100u

/*
 * One run of SHUFFLE on N cards, made again from its record: its first
 * LEN draws are VAL below BOUND (a real's place marked as the replay
 * engine marks it) and it must ask for exactly those, in order, and no
 * more (SA_ENONDET otherwise); its deck into DECK (N entries), which
 * must be a permutation (SA_ENOTPERM).  AUDIT gives the width of a raw
 * word, the cells of a real and the model of its place (may be NULL).
 * SA_OK, a contract breach, or SA_EPROTO when the code gave the run up
 * (oracle->fail, whatever its status).
 */
int sa_replay_strict(const sa_shuffle *shuffle, size_t n,
    const uint64_t *val, const uint64_t *bound, size_t len,
    const sa_audit_opts *audit, unsigned *deck);

/*
 * sa_census_run() by replay with the audit options AUDIT (OPTS's engine
 * is taken to be SA_ENGINE_REPLAY).
 */
int sa_census_run_audited(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, const sa_audit_opts *audit,
    sa_census **out);

/*
 * A census of SHUFFLE on N cards from a tally counted elsewhere (another
 * process): TALLY holds N! counts adding up to RUNS, from SEQUENCES draw
 * sequences, WEIGHTED when runs differ in probability.  The census takes
 * TALLY, which must come from malloc(), and frees it with the rest
 * (also on failure).  SA_EINVAL when the counts do not add up to RUNS.
 */
int sa_census_from_tally(sa_census **out, const sa_shuffle *shuffle,
    size_t n, uint64_t *tally, uint64_t runs, uint64_t sequences,
    bool weighted);

/*
 * The same for a part of a walk (sa_audit_opts's PART of PARTS), whose
 * counts add up to at most RUNS (the walk's common weight); the parts'
 * censuses add up with sa_census_merge.
 */
int sa_census_from_part(sa_census **out, const sa_shuffle *shuffle,
    size_t n, uint64_t *tally, uint64_t runs, uint64_t sequences,
    bool weighted);

/*
 * Copies the 64-bit counts of C (not wide) into TALLY, room for N!.
 */
void sa_census_copy_tally(const sa_census *c, uint64_t *tally);

/*
 * Adds census FROM into INTO, both of the same shuffle and cards, as if
 * one walk had counted both (the parts of a shared walk): their counts
 * brought to a common weight, their sequences added.  SA_EOVERFLOW when
 * either has wide counts or the sum does not fit in 64 bits; SA_EINVAL
 * when they differ in cards.
 */
int sa_census_merge(sa_census *into, const sa_census *from);

/*
 * Whether census C, merged from parts, is one whole walk: its counts add
 * up to its runs (SA_EINVAL otherwise: a part missing, forged or counted
 * twice), and, when SHUFFLE is not NULL (a built-in shuffle walked with
 * ideal draws), its runs are the step form's run count exactly
 * (sa_runs_exact).  WHY (SIZE bytes) says what does not add up.
 */
int sa_census_whole(const sa_census *c, const sa_shuffle *shuffle,
    char *why, size_t size);

/*
 * A part of a run shared out over machines (--part I/P, then merge):
 * part INDEX (1 .. COUNT) of COUNT, the command it answers (ARGV, ARGC
 * words, without --part), the facts its caller keeps (NOTES: "KEY VALUE"
 * strings), and its counts (DATA, LEN bytes, of the KIND its caller
 * names: "census", "layers", "seeds").  VERSION is the version of
 * shuffle-audit that made it (read back only by the same).
 *
 * sa_part_parse ends ARGV and NOTES with a NULL past their last.
 * sa_part_format writes P as text (malloc'd, *LEN bytes) in the
 * versioned format part.c and the man page's PARTS describe, with a
 * checksum; sa_part_parse reads it back into OUT (freed with
 * sa_part_free), or gives SA_EINVAL and the reason in WHY (SIZE bytes;
 * may be NULL): not a part, cut, changed (its checksum), another
 * version or byte order.  sa_parts_check takes K parts read and says
 * whether they are one whole run: all parts 1 .. COUNT once each, of
 * the same command and kind; ORDER (room for COUNT) gets, for part i,
 * the index in PARTS of part i + 1.  When they are not, SA_EINVAL, the
 * reason in WHY (SIZE bytes), and in AT the indexes in PARTS of the two
 * parts that disagree (SIZE_MAX for none: a part missing).
 */
#define SA_PART_MAX 4096	/* parts in a split, at most */
typedef struct sa_part {
	unsigned index, count;
	char **argv;
	size_t argc;
	char **notes;
	size_t nnotes;
	char *kind;
	unsigned char *data;
	size_t len;
	char version[32];
} sa_part;

int sa_part_format(const sa_part *p, char **text, size_t *len);
int sa_part_parse(const char *text, size_t len, sa_part *out, char *why,
    size_t size);
void sa_part_free(sa_part *p);	/* its members; NULL is fine */
/*
 * A file read a piece at a time, checked before it is read whole: TEXT,
 * its first LEN bytes, can begin a part (SA_OK) or cannot (SA_EINVAL,
 * WHY: its first line is not a part's, or its head passes
 * SA_PART_HEAD_MAX bytes with no data line, or its data line claims more
 * than memory could hold); *MOST is the most bytes the whole file may
 * hold, from its data line once that is in (SA_PART_HEAD_MAX before).
 * A reader stops at *MOST, and /dev/zero or an endless stream is
 * refused within the first line or the head.
 */
#define SA_PART_HEAD_MAX (1 << 20)
int sa_part_sniff(const char *text, size_t len, size_t *most, char *why,
    size_t size);
int sa_parts_check(const sa_part *const *parts, size_t k, size_t *order,
    size_t at[2], char *why, size_t size);

/*
 * A part's notes and sections.  sa_part_note gives the value of part P's
 * note KEY ("KEY VALUE"), or NULL; sa_parts_flag whether any of COUNT
 * PARTS has the note "KEY yes".  A part's data may end in sections that
 * its maker appended after its main counts (an audit's counts under its
 * second models), each named by a note "NAME-bytes LEN", in the order of
 * those notes: sa_part_append appends SEC (SECLEN bytes) to DATA (LEN
 * bytes, malloc'd) as section NAME and writes its note into NOTE (SIZE
 * bytes), SA_OK or SA_ENOMEM (DATA kept); sa_part_section gives where
 * section NAME is in P's data (NULL: the main counts), *LEN 0 for a
 * section P does not have.
 */
const char *sa_part_note(const sa_part *p, const char *key);
bool sa_parts_flag(const sa_part *parts, size_t count, const char *key);
int sa_part_append(unsigned char **data, size_t *len, const char *name,
    const unsigned char *sec, size_t seclen, char *note, size_t size);
void sa_part_section(const sa_part *p, const char *name,
    const unsigned char **data, size_t *len);

/*
 * The parts of one run folded into its counts, one call a kind: section
 * SECTION (NULL: the main counts) of each of COUNT PARTS, in order,
 * unpacked and added up into a census of SHUFFLE on N cards, layers of
 * N cards collected to DEPTH draws, a seed space of N cards, or the
 * decks of N cards.  SA_OK, or the status of the part at *AT that
 * failed (SA_EINVAL: its counts are not of this kind, these cards or
 * this depth, or it lacks the section), with *OUT NULL.
 */
int sa_parts_census(const sa_part *parts, size_t count, const char *section,
    const sa_shuffle *shuffle, size_t n, size_t *at, sa_census **out);
int sa_parts_layers(const sa_part *parts, size_t count, const char *section,
    const sa_shuffle *shuffle, size_t n, size_t depth, size_t *at,
    sa_layers **out);
int sa_parts_seeds(const sa_part *parts, size_t count, size_t n, size_t *at,
    sa_seeds **out);
int sa_parts_decks(const sa_part *parts, size_t count, size_t n, size_t *at,
    sa_fit **out);

/*
 * The counts of census C (not wide) as bytes (malloc'd, *LEN), for a
 * part; sa_census_unpack reads them back as a census of SHUFFLE on N
 * cards, partial as sa_census_from_part's (SA_EINVAL when they are not a
 * census of N cards).  Censuses unpacked from the parts of one walk add
 * up with sa_census_merge.
 */
int sa_census_pack(const sa_census *c, unsigned char **buf, size_t *len);
int sa_census_unpack(const sa_shuffle *shuffle, size_t n,
    const unsigned char *buf, size_t len, sa_census **out);

/*
 * The census by layers in pieces, for audits: sa_layers_collect walks
 * as sa_layers_run does, with AUDIT's options (may be NULL), but leaves
 * the layers unjudged; sa_layers_merge adds FROM's runs into INTO (both
 * collected, of the same cards and depth); sa_layers_finish sorts,
 * sums and judges, after which the sa_layers_ calls of the public
 * interface apply.  sa_layers_pack writes collected layers into a
 * buffer (malloc'd, *LEN bytes) that sa_layers_unpack reads back in
 * another process of the same program, for SHUFFLE; SA_EINVAL when the
 * buffer is not one it wrote.
 */
int sa_layers_collect(const sa_shuffle *shuffle, size_t n,
    const sa_layers_opts *opts, const sa_audit_opts *audit,
    sa_layers **out);
int sa_layers_merge(sa_layers *into, const sa_layers *from);
int sa_layers_finish(sa_layers *l);
int sa_layers_pack(const sa_layers *l, unsigned char **buf, size_t *len);
int sa_layers_unpack(const sa_shuffle *shuffle, const unsigned char *buf,
    size_t len, sa_layers **out);

/*
 * The exec protocol, the auditor's side (exec.c): a program spoken to
 * over TO (its standard input, which should be non-blocking) and FROM
 * (its standard output), as a shuffle.  sa_exec_shuffle makes SH's run
 * speak the protocol to P, one exchange a run; counted with
 * sa_census_run_audited or sa_layers_collect, with P's odometer as the
 * audit's WINDOW.  Every read and write waits at most TIMEOUT seconds;
 * the first answer, the program's start-up, as well.  Past DEPTH (a
 * census by layers), a run's further draws are answered by a generator
 * seeded with DRAIN_SEED and not counted.  BATCH offers each run its
 * plan of draws (--batch).  AFTER_RUN, when not NULL, is told of each
 * run as it ends (for a progress line).  A run that breaks the protocol,
 * or a program that stops answering, fails the run with SA_EPROTO, and
 * sa_exec_what says why, quoting the line; sa_exec_lines counts the
 * lines read (0: the program said nothing).
 */
typedef struct sa_exec_opts {
	int to, from;
	unsigned timeout;
	unsigned raw_bits;	/* the width "raw" answers in, 1 to 32 */
	uint64_t real_cells;	/* the cells "real" answers from, 1 to 2^32 */
	size_t max_draws;	/* the most draws a run may make */
	size_t depth;		/* a census by layers' depth; 0: a census */
	bool batch;
	uint64_t drain_seed;
	void (*after_run)(void *ctx, const sa_replay_window *w);
	void *ctx;
	/* sa_clock() time at which a wait for the program ends the run
	 * with SA_ETIME, however long the timeout; 0: none. */
	double deadline;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_exec_opts;

/*
 * How far a walk has gone, for a progress line: the probability of every
 * run before the odometer's, which is its digits read as a number in
 * [0, 1), the sum of val[k] / (bound[0] ... bound[k]).  An estimate for
 * display: the runs still to come may draw differently.
 */
double sa_replay_done(const sa_replay_window *w);

/*
 * The pace of a walk and its forecast, for display.  Each
 * sa_audit_pace_update (NOW from sa_clock()) reads the odometer W; the
 * first past run SA_REPEAT_FLOOR marks where the forecast starts (so that
 * a program's start-up and the first runs' many repeats are not taken
 * for its pace).  RUNS, the runs since then over the share walked since,
 * is filled in as soon as the walk has moved on (no clock in it); RATE
 * and LEFT once a quarter of a second has passed since, or an eighth of
 * the walk.  LEFT is below 0 until then.
 */
typedef struct sa_audit_pace {
	double t0, done0;	/* when and where the forecast began */
	uint64_t runs0;
	double done;		/* the share of the walk done, 0 .. 1 */
	double rate;		/* runs a second since T0 */
	double runs;		/* the runs foretold in all */
	double left;		/* seconds foretold still to go; < 0: none yet */
} sa_audit_pace;

void sa_audit_pace_update(sa_audit_pace *p, const sa_replay_window *w,
    double now);

/*
 * The cells a census of audited code gives sa_real() on N cards by
 * default: M = lcm(1, ..., N), so that floor(u * k) is exactly uniform
 * for every k up to N.  SA_ERANGE when M passes 2^32 (N past 22).
 */
int sa_real_cells_for(size_t n, uint64_t *m);

/*
 * The cells to suggest when code on N cards uses its reals in a way M
 * cells do not decide: lcm(M, 2 lcm(1, ..., N)), which covers floor(u * k)
 * and rounding, floor(u * k + 1/2), for every k up to N.  SA_ERANGE past
 * 2^32.
 */
int sa_real_cells_wider(size_t n, uint64_t m, uint64_t *out);

/*
 * The cells to count code on N cards at next, when M cells (0: none yet)
 * did not keep every run on its deck with its reals placed elsewhere:
 * the least of 2, lcm(1, 2, 3), ..., lcm(1, ..., N) and 2 lcm(1, ..., N)
 * (where floor(u * k) and rounding for every k up to N fall on cell
 * edges) that is above M and below CAP, else CAP itself.  SA_ERANGE when
 * M is CAP or more (nothing finer to try), or CAP is 0 or past 2^32.
 */
int sa_real_cells_next(size_t n, uint64_t m, uint64_t cap, uint64_t *next);

/*
 * The real a census hands audited code: cell CELL of M, at place POS
 * within it, in units of 2^-52 of the cell (0 < POS < SA_REAL_PLACES).
 * The first real of a run in a cell is at its middle, 2^51; a real that
 * falls in a cell holding others of the run is put, by a draw, in one
 * of the gaps between them (every gap equally likely, as for
 * independent uniform reals), at the middle of that gap.
 *
 * PLACE is where in its cell the real is put, by a map of the place
 * x = POS / 2^52 to h(x) in (0, 1), the same strictly increasing map for
 * every real of a run, so that the cells and the order of the reals
 * (all the census counts) stay as they were, and only their values
 * move:
 *   SA_PLACE_MID     h(x) = x: the census's own, the first real of a
 *                    cell at its middle;
 *   SA_PLACE_QUARTER h(x) = x / 2: the second model of a census counted
 *                    again, the first real a quarter of the way in;
 *   SA_PLACE_LOW     h(x) = x 2^-K: every real within 2^-K of the
 *                    cell's width from its low end;
 *   SA_PLACE_HIGH    h(x) = 1 - (1 - x) 2^-K: from its high end;
 *   SA_PLACE_INNER   h piecewise linear through (1/2, C 2^-J), C an odd
 *                    integer next to (3 - sqrt 5) / 2 2^J, J = 51 - L -
 *                    D for X = A / 2^D (at least K): an inner point no
 *                    fraction of small denominator is, whose low bits
 *                    vary (code reading bit 32 of u is seen to).
 * K = sa_real_place_bits(M) = min(20, (51 - L) / 2), L the bits of M.
 * With h(x) = A / 2^D, A odd, the real is (CELL 2^D + A) / (M 2^D): both
 * terms are exact in a double and the quotient is correctly rounded, so
 * that every language computes the same u.  SA_ETIES when M 2^D passes
 * 2^51, past which a double could not keep floor(u * k) for every k
 * dividing M, nor the order of the reals, exact; SA_EINVAL for POS, M
 * or PLACE out of range.
 */
#define SA_REAL_PLACES (UINT64_C(1) << 52)
enum sa_place {
	SA_PLACE_MID = 0,
	SA_PLACE_QUARTER = 1,
	SA_PLACE_LOW = 2,
	SA_PLACE_HIGH = 3,
	SA_PLACE_INNER = 4
};
int sa_real_at(uint64_t cell, uint64_t pos, uint64_t m, unsigned place,
    double *u);
unsigned sa_real_place_bits(uint64_t m);

/*
 * The line "real" is answered with for cell J of M: the midpoint
 * (2J + 1) / 2M as a double, in 17 significant digits, which every
 * correctly rounding reader (C, Python, JavaScript, Java, Go, Rust, C#)
 * takes back to the same double, and a newline.  SIZE is at least 32.
 */
void sa_real_text(uint64_t j, uint64_t m, char *buf, size_t size);

typedef struct sa_exec sa_exec;

int sa_exec_new(const sa_exec_opts *o, sa_exec **out);
void sa_exec_free(sa_exec *p);	/* NULL is fine */
void sa_exec_shuffle(sa_exec *p, sa_shuffle *sh);
sa_replay_window *sa_exec_window(sa_exec *p);
const char *sa_exec_what(const sa_exec *p);
uint64_t sa_exec_lines(const sa_exec *p);
/*
 * The wide keys the program declared ("key K" lines): into *WIDTH the
 * narrowest K (0: none), into *REALS the most reals of a run that
 * declared one; see sa_ties_bound.
 */
void sa_exec_keys(const sa_exec *p, uint64_t *width, uint64_t *reals);
/* The last line read from the program ("" before the first). */
const char *sa_exec_line(const sa_exec *p);
/* Whether the program closed its output (an end of file was read). */
bool sa_exec_closed(const sa_exec *p);
/*
 * The first run's line, sent before the walk starts, and the program's
 * first answer: true when it answered "stream 1" (or "stream 1 plan",
 * see sa_exec_offer) and WALK (a "walk ..."
 * line; NULL: the plain protocol is kept) was sent, after which the
 * program streams its walk (sa_stream_in) on its output.  Otherwise it
 * was sent "plain" where it offered a stream, and the walk runs as
 * before, its first run's line sent and its first answer held for it.
 */
bool sa_exec_hello(sa_exec *p, size_t n, const char *walk);
/*
 * Whether the program's hello said "raw-place": it embeds each raw word
 * in the wider words it hands a library as SHUFFLE_AUDIT_RAW_PLACE says
 * (0 repeated, 1-3 at the top with low bits 0, 1 or a function of the
 * word's index in its run), so a copy started under another placement
 * can be compared with it run by run.  False before the hello.
 */
bool sa_exec_raw_place(const sa_exec *p);
/* The plain protocol from here on: no plan, no depth, no progress. */
void sa_exec_plain(sa_exec *p);
/*
 * After sa_exec_plain, a run made again: its draws, VAL below BOUND (LEN
 * of them), offered to the program as the next run's plan, one round
 * trip, when its hello said it takes plans ("stream 1 plan"); true if
 * so.  False: the next run is plain, a round trip a draw.
 */
bool sa_exec_offer(sa_exec *p, const uint64_t *val, const uint64_t *bound,
    size_t len);
/*
 * After sa_exec_plain, the plan of a run to be made again, queued behind
 * those already queued (each still offered with sa_exec_offer, in the
 * order queued).  The plans not yet written go in one write when the
 * first of them is to be made, or once they fill half the window, so
 * that the program answers runs back to back while the auditor checks
 * those answered: a round trip for a window of runs, not one a run.
 * True when queued: the program takes plans, the run fits its odometer,
 * and the plans of the runs queued and not yet made stay within the
 * window, SA_EXEC_AHEAD bytes unless sa_exec_ahead says more, so that
 * the auditor never waits to write while the program waits to be read.
 * False: nothing queued (the caller queues it again after a run).
 */
#define SA_EXEC_AHEAD 4096
bool sa_exec_queue(sa_exec *p, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len);
/*
 * The window of sa_exec_queue: BYTES (at least SA_EXEC_AHEAD), which the
 * caller vouches the program's input holds at once whatever it has
 * read (a pipe of that size, F_GETPIPE_SZ on Linux).  Taken only while
 * no run is queued.
 */
void sa_exec_ahead(sa_exec *p, size_t bytes);

/*
 * A walk streamed (stream.c): audited code walks the census in a process
 * of its own, its shuffle wrapped by sa_stream_out_shuffle, which writes
 * to FD what each run did (each draw, its bound and the value it got, and
 * the deck), flushing at least every SA_STREAM_FLUSH_S seconds;
 * sa_stream_out_end writes the end of its walk (the status its census
 * ended with, and a message).  The auditor's census takes
 * sa_stream_in_shuffle as its shuffle: each run read from FROM is made
 * again in the auditor's odometer (sa_stream_in_window), every value
 * must be the one the odometer gives there and the deck is the engine's
 * to check and count, so that nothing the code writes is counted
 * unchecked.  A run is failed with SA_EPROTO (sa_stream_in_what says
 * why) when the transcript disagrees, is damaged or ends, or no whole run
 * comes for TIMEOUT seconds; with SA_ETIME at DEADLINE (sa_clock time; 0:
 * none) or once the window's STOP is set.  sa_stream_in_opening reads
 * whether the code's walk began (SA_OK) or it ended at once, before any
 * run (SA_EINVAL, its status and message given: code that did not
 * load); sa_stream_in_finish, after the auditor's walk, that the code's
 * ended there too, and well (SA_EPROTO otherwise), with its own status
 * and message.
 */
#define SA_STREAM_FLUSH_S 0.01
typedef struct sa_stream_out sa_stream_out;
int sa_stream_out_new(int fd, const sa_shuffle *inner, sa_stream_out **out);
void sa_stream_out_shuffle(sa_stream_out *w, sa_shuffle *sh);
int sa_stream_out_end(sa_stream_out *w, int status, const char *msg);
/* DUE, set non-zero by the caller's timer (a signal handler), asks for a
 * flush after the run under way, instead of a clock read each run. */
void sa_stream_out_timer(sa_stream_out *w, volatile int *due);
/*
 * What W holds written out now, a draw under way as it stands (as a run
 * cut there reads): for a handler of a fatal signal, so that the auditor
 * has each run up to the one that died, to tell it from its own copy.
 * It calls write() and clock_gettime() only, which a handler may.
 */
void sa_stream_out_flush(sa_stream_out *w);
void sa_stream_out_free(sa_stream_out *w);	/* NULL is fine */

typedef struct sa_stream_opts {
	int from;
	unsigned timeout;	/* seconds without a whole run */
	double deadline;	/* sa_clock() time to stop at; 0: none */
	size_t max_draws;	/* the most draws a run may make */
	void (*after_run)(void *ctx, const sa_replay_window *w);
	void *ctx;
	size_t keep;		/* runs kept to be run again (see below) */
	uint64_t seed;		/* of the choice of the runs kept */
	uint64_t keep_one_in;	/* 0: KEEP; 1: every run; K: 1 in K */
} sa_stream_opts;

/*
 * A run the stream kept, for its caller to run again in a way of its
 * own (the exec protocol's plain lines): its number in the walk (the
 * window's runs), its draws (LEN digits of the odometer, reals' places
 * among them) and the deck the code wrote for it.  With KEEP_ONE_IN 0,
 * KEEP runs at most: the first KEEP / 2 completed, and a uniform choice
 * of the rest, drawn with SEED, which the code never learns.  With
 * KEEP_ONE_IN 1, every run, however many (the walk fails with SA_ENOMEM
 * where one cannot be kept); with K above 1, each run with the odds 1 in
 * K, drawn with SEED, so a lie in one run goes unkept with the odds
 * (K - 1) / K whatever the code knows.
 */
typedef struct sa_stream_kept {
	uint64_t run;
	size_t len;
	const uint64_t *val, *bound;
	const unsigned *deck;
} sa_stream_kept;

typedef struct sa_stream_in sa_stream_in;
int sa_stream_in_new(const sa_stream_opts *o, size_t n, sa_stream_in **out);
void sa_stream_in_free(sa_stream_in *p);	/* NULL is fine */
void sa_stream_in_shuffle(sa_stream_in *p, sa_shuffle *sh);
sa_replay_window *sa_stream_in_window(sa_stream_in *p);
const char *sa_stream_in_what(const sa_stream_in *p);
int sa_stream_in_opening(sa_stream_in *p, int *code_status, char *msg,
    size_t size);
int sa_stream_in_finish(sa_stream_in *p, int *code_status, char *msg,
    size_t size);
/*
 * Whether SH is the auditor's own reader of a streamed walk (set by
 * sa_stream_in_shuffle), which sets every card of the deck from the
 * transcript and touches nothing else: the replay engine neither deals
 * it a starting deck nor guards it.
 */
bool sa_stream_reader(const sa_shuffle *sh);
/*
 * How many runs are kept; with RUN not NULL, kept run I (below that
 * count) into *RUN as reader READER (0 or 1) gives it, its draws and deck
 * as they are until that reader gives another.  Runs kept one in K or
 * every one are held as each differs from the one kept before it (some
 * 2 + N bytes a run of N cards), and each reader reads them in turn: a
 * run before the last it gave is read again from the first.  0 when
 * memory is short.
 */
size_t sa_stream_in_kept(sa_stream_in *p, unsigned reader, size_t i,
    const sa_stream_kept **run);
/* The deck of the last run read. */
const unsigned *sa_stream_in_deck(const sa_stream_in *p);
/*
 * Why the stream failed a run: its end of file, its silence, or the
 * code's walk ended first with a status of its own, which the run is
 * failed with (a breach its engine found); SA_STREAM_OK for the rest.
 */
enum { SA_STREAM_OK, SA_STREAM_CLOSED, SA_STREAM_QUIET, SA_STREAM_ENDED };
int sa_stream_in_cause(const sa_stream_in *p);

#ifdef __cplusplus
}
#endif

#endif /* SHUFFLE_AUDIT_AUDIT_H */
