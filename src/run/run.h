/*
 * run.h - the audit runner: audited code (a plugin in a child process,
 * or a program over the exec protocol) started, guarded, fed and reaped,
 * its runs counted by the library.  It prints nothing and never exits:
 * each call returns a status (enum run_status) and, when it refused,
 * its reason in words in the audit's error; when the code broke its
 * contract, what it did and on which run in the audit's breach fields.
 * The command line (src/cli/) parses the options into a struct audit,
 * calls run_count, and prints what comes back.
 */
#ifndef SA_RUN_H
#define SA_RUN_H

#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"

/* What a call of the runner ended with: the command line's exit status. */
enum run_status {
	RUN_OK = 0,		/* counted */
	RUN_REFUSED = 2,	/* not counted: the audit's error says why (may
				   be empty: nothing to say, as documented) */
	RUN_BREACH = 3,		/* the code broke its contract: status, what,
				   run and draws say how */
	RUN_MODEL = 4		/* a run's deck moved with its reals placed
				   elsewhere in their cells (SA_EMODEL): the
				   census's model would decide; what, run and
				   draws say where */
};

/* The most raw-word bits an audit enumerates: 2^16 values a word. */
#define RAW_BITS_MAX 16

/*
 * An audit foretold to take more than RUN_TOO_LONG_S seconds, with no
 * deadline, is stopped within its first seconds, its too_long saying
 * why and what would take less.
 */
#define RUN_TOO_LONG_S 600.0

/*
 * Second models' counts are made when foretold to have at most this many
 * runs: a program's (RUN_BIAS_EXEC_RUNS), one under --batch (a tenth of
 * the cost a run), a plugin's (a thousand times faster a run).  The bound
 * is on runs, not seconds, so that a report is the same on any machine.
 */
#define RUN_BIAS_EXEC_RUNS 16384.0
#define RUN_BIAS_BATCH_RUNS 262144.0
#define RUN_BIAS_PLUGIN_RUNS 4194304.0

/*
 * The protections audited code runs under, as bits: the seccomp filter
 * against the auditor (proc_confine's), no CAP_SYS_PTRACE in the code,
 * the auditor not dumpable, the auditor a child subreaper, and the code
 * in a pid namespace of its own (proc_fork's).
 */
enum {
	GUARD_SECCOMP = 1u << 0,
	GUARD_NO_PTRACE = 1u << 1,
	GUARD_NOT_DUMPABLE = 1u << 2,
	GUARD_SUBREAPER = 1u << 3,
	GUARD_PID_NS = 1u << 4
};
#define GUARD_ALL 31u

struct audit;
struct job;

/*
 * The two kinds of audited code, one table of operations each: OPTION
 * names the kind in messages ("--exec", "--plugin"), COUNT walks the
 * job, BIAS_RUNS is the bound above for AU.
 */
struct run_ops {
	const char *option;
	int (*count)(struct audit *au, size_t n, struct job *job);
	double (*bias_runs)(const struct audit *au);
};

extern const struct run_ops run_exec_ops;	/* a program (run_exec.c) */
extern const struct run_ops run_plugin_ops;	/* a plugin (run_plugin.c) */

/*
 * What an audit under way shows, when its caller wants to (all may be
 * NULL; CTX is theirs).  HINT, once, when the audit is foretold to take
 * more than SHUFFLE_AUDIT_HINT seconds (10 unless set): TOTAL the
 * seconds foretold in all, and CHEAPER the options that would take
 * less ("" for none).  SHOW, at most twice a second once the audit has
 * run a second, when LIVE: the runs so far and the pace.  END, when the
 * walk ends, with the seconds it took.
 */
struct run_view {
	bool live;
	void (*hint)(void *ctx, const struct audit *au, double total,
	    const sa_audit_pace *pace, const char *cheaper);
	void (*show)(void *ctx, const struct audit *au, uint64_t runs,
	    const sa_audit_pace *pace);
	void (*end)(void *ctx, double spent);
	void *ctx;
};

/*
 * An audit: the code, the model its draws are counted under, the walk's
 * limits, and afterwards what happened.  The caller fills in the first
 * block and ops; the runner the rest.
 */
struct audit {
	const struct run_ops *ops;	/* the kind of code */
	const char *path;	/* a plugin: its shared object, and SYMBOL */
	const char *symbol;
	char *symbol_buf;	/* PATH:SYMBOL split; freed by run_free */
	const char *command;	/* a program: its command line */
	char shown[160];	/* PATH or COMMAND as messages quote it */
	unsigned timeout;	/* seconds without progress */
	unsigned raw_bits;
	uint64_t real_cells;	/* the cells of a real; 0: unset */
	/* The most cells to count at: run_count tries fewer first (see
	 * sa_real_cells_next); 0: REAL_CELLS only. */
	uint64_t cells_cap;
	uint64_t cells_fixed;	/* the cells where none are searched: those
				   given, or lcm(1..n); set on the first count */
	uint64_t cells_tried[24];	/* the cells counted at, in order */
	unsigned ntried;
	uint64_t placed_kept;	/* a streamed walk's runs the auditor made
				   again with their reals placed elsewhere */
	unsigned real_place;	/* the model of a real's place (sa_real_at) */
	bool again;		/* a second model's count: a time limit ends it
				   without a message */
	size_t max_draws;
	uint64_t every;		/* run again one run in EVERY; 0: none */
	bool repeat_set;	/* --repeat was given */
	bool batch;		/* --batch: plans of draws (exec) */
	bool no_stream;		/* --no-stream: a program's offer of a
				   streamed walk is declined (exec) */
	unsigned instances;	/* copies of the code run side by side */
	unsigned part;		/* the copy this is, from 0 */
	unsigned part_index;	/* --part I/P: I, from 1 */
	unsigned part_count;	/* and P; 0: the whole run */
	size_t depth;		/* the layers being counted; 0: a census */
	double deadline;	/* sa_clock() time to stop the walk; 0: none */
	const struct run_view *view;	/* progress, or NULL */
	sa_shuffle shuffle;	/* its name and summary, for the reports */
	char label[64], summary[160];

	/* The runner's: */
	struct crew *crew;	/* the copies, while they run */
	unsigned protections;	/* GUARD_ bits in force for the code */
	bool timed_out;		/* the walk stopped at DEADLINE */
	char too_long[720];	/* foretold too long: why it was stopped */
	char error[1200];	/* RUN_REFUSED: why, in words; "" for none */
	bool streamed;		/* the program streamed its walk (exec) */
	bool raw_used;		/* the code asked for a raw word */
	bool real_used;		/* and for a real */
	/* Runs made again under every other placement of the raw words
	 * (run_raw_place); RAW_UNTOLD: the program used raw words but its
	 * hello did not say it places them, so none was checked. */
	uint64_t raw_placed;
	bool raw_untold;
	bool raw_sampled;	/* placed on a sample of the runs, not all */
	/* A harness: it streamed its walk, or its hello said raw-place
	 * (its walk not streamed: --no-stream); only then are its raw
	 * placements reported (a part's "raw-placed" note). */
	bool raw_hello;
	bool raw_model;		/* RUN_BREACH's deck moved with its raw words */
	/* Wide keys its reals stood for (sa_exec_keys, over every copy):
	 * the narrowest width (0: none) and the most reals in a run. */
	uint64_t key_width, key_reals;
	/* What went wrong (RUN_BREACH): */
	int status;
	char what[512];
	char last_line[72];	/* --exec: its last line then, cut */
	uint64_t run;		/* the run, from 1; 0: none in particular */
	size_t ndraws;		/* its draws and their bounds */
	uint64_t *draws, *bounds;
};

/* What an audit counts: a census, or the layers to DEPTH draws. */
struct job {
	size_t depth;		/* 0: a census */
	sa_census *census;
	sa_layers *layers;	/* collected, not yet judged */
};

/*
 * JOB of AU's code on N cards: a run_status.  Code that drew nothing is
 * run again past a second, twice, for a clock seed (run_own.c).
 */
int run_count(struct audit *au, size_t n, struct job *job);

/*
 * Second models: the same count of JOB under the model KIND, its raw
 * words a bit wider or its reals placed elsewhere in their cells, into
 * *OUT; a run_status, RUN_REFUSED with no error when that count is not
 * to be made (run_wider_runs says 0, or the code drew no real).
 * run_wider_runs: the runs of JOB's count a bit wider, foretold, when
 * cheap enough (the code's bias_runs); 0 otherwise.
 */
enum again { AGAIN_WIDER, AGAIN_PLACED };

int run_again(struct audit *au, size_t n, const struct job *job,
    enum again kind, struct job *out);
double run_wider_runs(const struct audit *au, const struct job *job);

/*
 * The verdict, judged here and nowhere else (run_verdict.c); the command
 * line words it and maps it to an exit status.
 *   VERDICT_FAIR    fair: the census even; by layers, every layer
 *                   uniform and the remainder within sa_layers_bound;
 *   VERDICT_UNFAIR  unfair as counted, and the second models (when the
 *                   code drew raw words or reals) count the same; by
 *                   layers, also a layer that is not uniform;
 *   VERDICT_MODEL   unfair as counted, but a second model counts
 *                   otherwise or was not counted: the model decides;
 *   VERDICT_DEPTH   by layers: every layer uniform, the remainder above
 *                   the bound: the depth decides (DEPTH_NEEDED foretold).
 * A breach is no verdict: run_count's RUN_BREACH and RUN_MODEL say it.
 */
enum run_verdict {
	VERDICT_FAIR,
	VERDICT_UNFAIR,
	VERDICT_MODEL,
	VERDICT_DEPTH
};

/*
 * A verdict with its reasons: the second models counted when the count
 * is not fair (its raw words one bit wider: loop or reduction, counted
 * when foretold to have at most the code's bias_runs; its reals placed
 * elsewhere in their cells: the same runs), what they found, and what
 * was placed run by run whatever the verdict.
 */
struct audit_check {
	enum run_verdict verdict;
	size_t depth_needed;	/* VERDICT_DEPTH: sa_layers_foretell's */
	enum sa_model_check model;	/* NONE: fair, or nothing to check */
	bool by_layers;		/* of a census by layers */
	/* Raw words: loop or reduction. */
	bool raw_asked;		/* the code asked for raw words */
	bool raw_settled;	/* the wider census ran */
	/* The code's raw words are the B bits it is handed and reads (a
	 * plugin's sa_word): the census at B bits is its own behaviour at
	 * that width, which the wider count only describes. */
	bool raw_exact;
	bool raw_by_placing;	/* RAW_EXACT as every placement agreed */
	enum sa_bias_cause cause;
	unsigned bits, wider;
	double runs;		/* the runs the wider census was foretold */
	/* Reals: placed elsewhere in their cells. */
	bool real_asked;	/* the code asked for reals */
	bool real_settled;	/* the census with other places ran */
	bool real_same;		/* and gave the same chances */
	/* Reals placed elsewhere run by run (fair or not): */
	bool real_drawn;	/* the code drew reals */
	uint64_t placed;	/* runs made again under each placement */
	unsigned every;		/* --repeat 1/EVERY; 0: none */
	bool own_reals;		/* a walk or plans the program made itself */
	char tried[160];	/* the cells counted at, "2 6 12" */
	uint64_t cells;
	size_t n;		/* the cards */
	unsigned protections;	/* GUARD_ bits the code ran under */
	/* Raw words placed otherwise by copies of a program (its walk's
	 * runs made again), or not, its hello not saying it can. */
	bool raw_drawn;
	uint64_t raw_placed;
	bool raw_untold;
	/* Of a streamed walk: the runs the auditor made again, one in
	 * REPLAYED (1: every one; 0: a choice of 64, --repeat none). */
	bool streamed;
	uint64_t replayed;
	/* Keys drawn as integers below KEY_WIDTH (0: none), at most
	 * KEY_COUNT a run: the ties the census counts (a built-in
	 * sort-keys:K) or leaves out (audited code's wide integers, served
	 * as reals that never tie), bounded by sa_ties_bound. */
	uint64_t key_width, key_count;
	bool keys_counted;	/* the census counted their ties */
};

/*
 * Whether a verdict of FAIR rests on wide keys' ties that the count
 * left out (K's keys, not counted): a stable sort turns ties into bias,
 * which census -a sort-keys:K counts, so the model decides it.
 */
bool run_fair_but_ties(bool fair, const struct audit_check *k);

/*
 * Where the second models' counts come from: AGAIN (a run_status), or
 * run_again when SRC or AGAIN is NULL.  MERGED: from a merge's parts,
 * which hold them whatever they cost, so none is too costly to take.
 */
struct run_source {
	int (*again)(void *ctx, struct audit *au, size_t n,
	    const struct job *job, enum again kind, struct job *out);
	void *ctx;
	bool merged;
};

/*
 * The verdict of census C of AU's code on N cards into OUT, with the
 * second models counted from SRC when C is not fair.
 */
void run_judge_census(struct audit *au, size_t n, const sa_census *c,
    const struct run_source *src, struct audit_check *out);
/*
 * The same for the layers L (judged) of AU's code, or of a built-in
 * shuffle when AU is NULL.
 */
void run_judge_layers(struct audit *au, size_t n, sa_layers *l,
    const struct run_source *src, struct audit_check *out);
/*
 * The verdict of a fairness FAIR measured otherwise (a matrix uniform or
 * not) under K's second models (NULL: none asked).
 */
enum run_verdict run_verdict_of(bool fair, const struct audit_check *k);
/*
 * Into K, whatever the verdict: whether AU's code drew reals, and the
 * PLACED runs (sa_census_info's) made again with them elsewhere in their
 * cells, deck by deck.
 */
void run_placed(const struct audit *au, uint64_t placed,
    struct audit_check *k);

/* S seconds in words: "45 s", "12 minutes", "3.2 hours", "96 days". */
void run_duration(double s, char *buf, size_t size);

/*
 * The time past which work foretold to take longer says so on stderr:
 * 10 seconds, or SHUFFLE_AUDIT_HINT's (0: all work).
 */
double run_hint_seconds(void);

/* JOB's counts let go. */
void run_job_free(struct job *job);
/* What the runner left in AU let go (its draws, its symbol). */
void run_free(struct audit *au);

/*
 * The process around an audit (run_guard.c).  guard_startup, first
 * thing in main: /dev/null onto a closed descriptor 0, 1 or 2, and the
 * default SIGCHLD and SIGPIPE with nothing blocked.  guard_watch, before
 * an audit starts its child: this process becomes a child subreaper and
 * SIGHUP, SIGINT and SIGTERM (unless ignored when we started) kill and
 * reap every child and exit 128 + the signal; it returns the GUARD_
 * protections it set up (not dumpable, subreaper).  guard_group names the
 * child's process group (0 for none); guard_child, in a child after
 * fork, restores default signal actions.  guard_release kills and reaps
 * the group and every child left, and restores the signal actions.
 */
void guard_startup(void);
unsigned guard_watch(void);
void guard_group(pid_t pgid);
void guard_child(void);
void guard_release(void);
/*
 * guard_own notes a child started for the audit; guard_strays says
 * whether some child of this process is neither one of them nor in one's
 * group: an orphan of the audited code, reparented to us (we are its
 * subreaper) after it left the group (a double fork and setsid).
 */
void guard_own(pid_t pid);
bool guard_strays(void);
/*
 * guard_init notes the init of a pid namespace proc_fork made (one of
 * this process's children) as the audit's own, not a stray (nothing
 * for an INIT of 0); guard_strays looks at the inits' children too,
 * where the orphans of the code inside go.
 */
void guard_init(pid_t init);

/*
 * A child that can always be stopped (run_proc.c).  proc_start runs
 * COMMAND as /bin/sh -c would (directly when its words need no shell)
 * as the leader of a process group of its own, its stdout a pipe
 * (FROM), its stdin one when INPUT (TO, written without blocking), its
 * stderr as ERRORS says (the auditor's own, a pipe ERR, or /dev/null:
 * a copy the auditor starts for itself, whose words are not the
 * user's), and the names and values of ENV (pairs,
 * then NULL; may be NULL) set in its environment; false with errno.
 * The caller watches (guard_watch) first.  proc_exited: PID has ended
 * (left unreaped).  proc_wait_exit: waits at most SECONDS for that.
 * proc_stop kills PID by its pid and by its group and reaps it into
 * *WST (may be NULL), waiting at most PROC_GRACE_S seconds; false when
 * it could not be reaped in that time.
 * proc_escaped: whether PID, or a process under it, has left PID's
 * process group, and where to; proc_escape_text puts that in words
 * (NULL for PROC_IN_GROUP).
 */
#define PROC_GRACE_S 5.0

struct proc {
	pid_t pid;
	int to, from, err;
};

enum proc_escape {
	PROC_IN_GROUP,
	PROC_JOINED_OURS,
	PROC_LEFT_GROUP,
	PROC_CHILD_JOINED_OURS,
	PROC_CHILD_LEFT_GROUP
};

enum proc_errors { PROC_ERR_SHARED, PROC_ERR_PIPE, PROC_ERR_DROPPED };

bool proc_start(struct proc *p, const char *command, bool input,
    enum proc_errors errors, const char *const *env);
void proc_close(struct proc *p);
bool proc_exited(pid_t pid);
bool proc_wait_exit(pid_t pid, double seconds);
bool proc_stop(pid_t pid, int *wst);
enum proc_escape proc_escaped(pid_t pid);
const char *proc_escape_text(enum proc_escape e);
/*
 * The calls proc_confine's filter kills audited code at, in words, for
 * the message of a code killed by SIGSYS: what it aimed at the auditor.
 */
#define RUN_FILTER_AIMS "a signal, F_SETOWN, pidfd_open or " \
	"process_vm_*, setpgid into its process group, or tkill of a " \
	"thread not its own"
/*
 * In a child about to run audited code: a seccomp filter that keeps it,
 * and all it starts, from signalling, tracing or writing into the
 * auditor AUDITOR (its pid) and its group GROUP, and CAP_SYS_PTRACE
 * dropped; returns the GUARD_ bits of those that hold.
 */
unsigned proc_confine(pid_t auditor, pid_t group);
/*
 * proc_confine's GUARD_ bits here, tried once in a child made for it:
 * proc_probe starts that child (once), proc_protections waits for its
 * answer (starting it first if need be).
 */
void proc_probe(void);
unsigned proc_protections(void);
/*
 * fork() for a child that will run audited code (run_ns.c): where the
 * kernel allows it, the child runs in a pid namespace of its own
 * (its pid there its init's pid outside, unique while it runs;
 * through a user namespace of its own when this is not root), in
 * which no process outside, the auditor least of all, has a number.  It
 * is this process's child all the same, so that waits, kills and its
 * exit status are as fork()'s; the namespace's init (pid 1, also our
 * child, the leader of a group of its own) is put in *INIT, else 0:
 * killing it kills everything inside.  The init lives until proc_stop
 * ends it with its code, the audit's clean-up kills it, or this
 * process is gone.  Where the kernel refuses the namespace, a plain
 * fork(), nothing said.  proc_isolation probes for it once (on the
 * thread that first watches an audit): GUARD_PID_NS or 0.
 * proc_ns_kill: the init of CODE's namespace killed (all inside die
 * with it), its pid returned (0 for none) and a pidfd of it in *FD
 * (-1 for none), which proc_ns_reap closes once the init is reaped, or
 * UNTIL (sa_clock) passes: an init ends once every pid inside is free,
 * the code's included, so its caller reaps the code first.
 * proc_ns_inits: the inits whose code is not yet ended, into PIDS (at
 * most MAX); how many.  proc_ns_forget, once the audit's clean-up has
 * ended them all, forgets them.
 */
pid_t proc_fork(pid_t *init);
pid_t proc_ns_kill(pid_t code, int *fd);
void proc_ns_reap(pid_t init, int fd, double until);
size_t proc_ns_inits(pid_t *pids, size_t max);
void proc_ns_forget(void);
unsigned proc_isolation(void);
/*
 * WORD, a name with no slash, as sh -c would find it on PATH: the path
 * of the first executable regular file there, into BUF (of SIZE).  False
 * when there is none, PATH is unset, or WORD is sh's own (a builtin or
 * reserved word of dash or bash), all of which are sh's to judge.
 */
bool proc_which(const char *word, char *buf, size_t size);
/* In a plugin's child: a seccomp filter that kills any new process. */
void proc_forbid_forks(void);

#endif /* SA_RUN_H */
