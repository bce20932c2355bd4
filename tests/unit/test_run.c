/*
 * test_run.c - the audit runner (src/run/): a program over the exec
 * protocol (a POSIX shell script written here) counted by run_count,
 * against a tally of every draw sequence made here by the same
 * shuffle written in C; copies side by side counting the same; the
 * breaches it must catch (a lost card, hidden state, a bad line) with
 * their runs; its refusals with their reasons and nothing printed; the
 * second model's count; a walk stopped at its deadline told as such;
 * the process primitives (a child stopped and reaped, none left, a
 * program found on PATH as sh finds it); the view called as documented.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/stat.h>
#include <sys/wait.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run.h"
#include "run_internal.h"
#include "reference.h"

/*
 * Shuffles of N cards in sh: Durstenfeld's (draw i+1 for i from N-1
 * down), the naive one (draw N every time), and variants that break the
 * protocol.  d0 .. d(N-1) hold the deck.
 */
#define SCRIPT_HEAD \
	"while read w n; do\n" \
	"  [ \"$w\" = shuffle ] || exit 9\n" \
	"  i=0; while [ $i -lt $n ]; do eval \"d$i=$i\"; i=$((i+1)); done\n" \
	"  i=$((n-1))\n" \
	"  while [ $i -gt 0 ]; do\n"
#define SCRIPT_TAIL \
	"    read j\n" \
	"    eval \"t=\\$d$i; d$i=\\$d$j; d$j=\\$t\"\n" \
	"    i=$((i-1))\n" \
	"  done\n" \
	"  out=deck; i=0\n" \
	"  while [ $i -lt $n ]; do eval \"out=\\\"\\$out \\$d$i\\\"\"; " \
	"i=$((i+1)); done\n"

static const char durstenfeld[] = SCRIPT_HEAD
	"    echo \"draw $((i+1))\"\n" SCRIPT_TAIL
	"  echo \"$out\"\ndone\n";
static const char naive[] = SCRIPT_HEAD
	"    echo \"draw $n\"\n" SCRIPT_TAIL
	"  echo \"$out\"\ndone\n";
/* Card 0 twice: the deck is not a permutation. */
static const char lose_card[] = SCRIPT_HEAD
	"    echo \"draw $((i+1))\"\n" SCRIPT_TAIL
	"  set -- $out; shift 3; echo \"deck 0 0 $*\"\ndone\n";
/* A count kept between runs picks the deck: randomness not drawn. */
static const char hidden[] = "k=0\n" SCRIPT_HEAD
	"    echo \"draw $((i+1))\"\n" SCRIPT_TAIL
	"  k=$((k+1))\n"
	"  if [ $((k % 3)) = 0 ]; then set -- $out; shift; "
	"out=\"deck $2 $1\"; shift 2; out=\"$out $*\"; fi\n"
	"  echo \"$out\"\ndone\n";
static const char garbage[] = "read w n; echo 'hello there'; sleep 1\n";

/* SCRIPT written to a file of its own; its path in PATH (SIZE bytes). */
static void
script_file(const char *script, char *path, size_t size)
{
	FILE *f;
	int fd;

	snprintf(path, size, "/tmp/test_run.XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	assert_true(fputs(script, f) >= 0);
	assert_int_equal(fclose(f), 0);
}

static void
placeholder(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)sh;
	(void)deck;
	(void)n;
	(void)o;
}

/* An audit of COMMAND as the command line sets one up. */
static void
audit_of(struct audit *au, const char *command, size_t n)
{
	memset(au, 0, sizeof *au);
	au->ops = &run_exec_ops;
	au->command = command;
	snprintf(au->shown, sizeof au->shown, "%s", command);
	au->timeout = 60;
	au->raw_bits = 8;
	assert_int_equal(sa_real_cells_for(n, &au->real_cells), SA_OK);
	au->max_draws = SA_CENSUS_MAX_DRAWS;
	au->every = 1;
	au->instances = 1;
	snprintf(au->label, sizeof au->label, "script");
	snprintf(au->summary, sizeof au->summary, "a script");
	au->shuffle.name = au->label;
	au->shuffle.summary = au->summary;
	au->shuffle.run = placeholder;
}

/*
 * The tally of every draw sequence of Durstenfeld's shuffle (NAIVE:
 * the naive one) on N cards, by rank, into COUNTS (N! entries).
 */
static void
tally(size_t n, bool naive_one, uint64_t *counts)
{
	size_t draws = n - 1, seqs = 1;
	unsigned deck[8], bound[8];

	for (size_t k = 0; k < draws; k++) {
		bound[k] = naive_one ? (unsigned)n : (unsigned)(n - k);
		seqs *= bound[k];
	}
	for (size_t s = 0; s < seqs; s++) {
		size_t rest = s;

		for (size_t c = 0; c < n; c++)
			deck[c] = (unsigned)c;
		/* The first draw is the most significant digit. */
		unsigned digit[8];

		for (size_t k = draws; k-- > 0;) {
			digit[k] = (unsigned)(rest % bound[k]);
			rest /= bound[k];
		}
		for (size_t k = 0; k < draws; k++) {
			size_t i = n - 1 - k, j = digit[k];
			unsigned t = deck[i];

			deck[i] = deck[j];
			deck[j] = t;
		}
		counts[ref_rank(deck, n)]++;
	}
}

/* The census of SCRIPT on N cards in COPIES copies equals the tally. */
static void
check_census(const char *script, bool naive_one, size_t n, unsigned copies)
{
	char path[64], command[96];
	struct audit au;
	struct job job = { 0, NULL, NULL };
	uint64_t want[120] = { 0 }, orderings = 1;

	for (size_t k = 2; k <= n; k++)
		orderings *= k;
	tally(n, naive_one, want);
	script_file(script, path, sizeof path);
	snprintf(command, sizeof command, "sh %s", path);
	audit_of(&au, command, n);
	au.instances = copies;
	assert_int_equal(run_count(&au, n, &job), RUN_OK);
	assert_string_equal(au.error, "");
	assert_non_null(job.census);
	for (uint64_t r = 0; r < orderings; r++)
		assert_int_equal(sa_census_count(job.census, r), want[r]);
	assert_false(au.raw_used);
	assert_false(au.real_used);
	run_job_free(&job);
	run_free(&au);
	unlink(path);
}

static void
test_durstenfeld(void **state)
{
	(void)state;
	check_census(durstenfeld, false, 4, 1);
}

static void
test_naive(void **state)
{
	(void)state;
	check_census(naive, true, 4, 1);
}

/* Three copies, each on its share of the runs, add up to the same. */
static void
test_instances(void **state)
{
	(void)state;
	check_census(naive, true, 4, 3);
}

/* SCRIPT on N cards must breach with STATUS, its WHAT holding PART. */
static void
check_breach(const char *script, size_t n, int status, const char *part)
{
	char path[64], command[96];
	struct audit au;
	struct job job = { 0, NULL, NULL };

	script_file(script, path, sizeof path);
	snprintf(command, sizeof command, "sh %s", path);
	audit_of(&au, command, n);
	assert_int_equal(run_count(&au, n, &job), RUN_BREACH);
	assert_int_equal(au.status, status);
	assert_non_null(strstr(au.what, part));
	assert_string_equal(au.error, "");
	assert_null(job.census);
	run_job_free(&job);
	run_free(&au);
	unlink(path);
}

static void
test_lost_card(void **state)
{
	(void)state;
	check_breach(lose_card, 3, SA_ENOTPERM, "permutation");
}

/* Caught when a run is run again (every run is, by default) and its
 * deck differs: the third run's first replay at the latest. */
static void
test_hidden_state(void **state)
{
	(void)state;
	check_breach(hidden, 3, SA_ENONDET, "randomness");
}

static void
test_bad_line(void **state)
{
	(void)state;
	check_breach(garbage, 3, SA_EPROTO, "hello there");
}

/* A command that cannot start is refused with its reason, no breach. */
static void
test_refused(void **state)
{
	struct audit au;
	struct job job = { 0, NULL, NULL };

	(void)state;
	audit_of(&au, "/nonexistent/shuffle-program", 3);
	assert_int_equal(run_count(&au, 3, &job), RUN_REFUSED);
	assert_string_equal(au.error, "--exec /nonexistent/shuffle-program: "
	    "cannot start it: no such command");
	assert_null(job.census);
	run_free(&au);
}

/*
 * The second model a bit wider is not made for code that drew no raw
 * word: refused, with no words (nothing to say).
 */
static void
test_again_needs_raw(void **state)
{
	char path[64], command[96];
	struct audit au;
	struct job job = { 0, NULL, NULL }, other;

	(void)state;
	script_file(durstenfeld, path, sizeof path);
	snprintf(command, sizeof command, "sh %s", path);
	audit_of(&au, command, 3);
	assert_int_equal(run_count(&au, 3, &job), RUN_OK);
	assert_true(run_wider_runs(&au, &job) == 0);
	assert_int_equal(run_again(&au, 3, &job, AGAIN_WIDER, &other),
	    RUN_REFUSED);
	assert_string_equal(au.error, "");
	assert_int_equal(run_again(&au, 3, &job, AGAIN_PLACED, &other),
	    RUN_REFUSED);
	run_job_free(&job);
	run_free(&au);
	unlink(path);
}

/*
 * A walk by layers stopped at its deadline says so (timed_out), one copy
 * or two, so that the deepening keeps the depth before: a deadline
 * already past stops it at once, whatever the machine's speed.
 */
static void
test_deadline(void **state)
{
	char path[64], command[96];

	(void)state;
	script_file(durstenfeld, path, sizeof path);
	snprintf(command, sizeof command, "sh %s", path);
	for (unsigned copies = 1; copies <= 2; copies++) {
		struct audit au;
		struct job job = { 2, NULL, NULL };

		audit_of(&au, command, 4);
		au.instances = copies;
		au.depth = 2;
		au.deadline = sa_clock() - 1;
		assert_int_equal(run_count(&au, 4, &job), RUN_REFUSED);
		assert_true(au.timed_out);
		assert_null(job.layers);
		run_job_free(&job);
		run_free(&au);
	}
	unlink(path);
}

/* The view: END once a walk, with no HINT for a short one. */
static int ends, hints;

static void
on_end(void *ctx, double spent)
{
	(void)ctx;
	assert_true(spent >= 0);
	ends++;
}

static void
on_hint(void *ctx, const struct audit *au, double total,
    const sa_audit_pace *pace, const char *cheaper)
{
	(void)ctx;
	(void)au;
	(void)total;
	(void)pace;
	(void)cheaper;
	hints++;
}

static void
test_view(void **state)
{
	char path[64], command[96];
	struct audit au;
	struct job job = { 0, NULL, NULL };
	const struct run_view view = { false, on_hint, NULL, on_end, NULL };

	(void)state;
	script_file(durstenfeld, path, sizeof path);
	snprintf(command, sizeof command, "sh %s", path);
	audit_of(&au, command, 3);
	au.view = &view;
	ends = hints = 0;
	/* The forecast is given only past SHUFFLE_AUDIT_HINT seconds, and
	 * only after a second of pace: a walk of 6 runs, under a limit of
	 * an hour, gives none however slow the machine. */
	assert_int_equal(setenv("SHUFFLE_AUDIT_HINT", "3600", 1), 0);
	assert_int_equal(run_count(&au, 3, &job), RUN_OK);
	assert_int_equal(ends, 1);
	assert_int_equal(hints, 0);
	unsetenv("SHUFFLE_AUDIT_HINT");
	run_job_free(&job);
	run_free(&au);
	unlink(path);
}

/* A child stopped by the runner is reaped, and none is left. */
static void
test_proc_stop(void **state)
{
	struct proc p;
	int wst = 0;

	(void)state;
	(void)guard_watch();
	assert_true(proc_start(&p, "exec sleep 300", false, PROC_ERR_SHARED,
	    NULL));
	guard_group(p.pid);
	assert_false(proc_exited(p.pid));
	assert_int_equal(proc_escaped(p.pid), PROC_IN_GROUP);
	assert_null(proc_escape_text(PROC_IN_GROUP));
	assert_true(proc_stop(p.pid, &wst));
	assert_true(WIFSIGNALED(wst));
	proc_close(&p);
	guard_group(0);
	guard_release();
	assert_false(guard_strays());
}

/* FILE in DIR with TEXT and MODE. */
static void
file_in(const char *dir, const char *file, const char *text, mode_t mode)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof path, "%s/%s", dir, file);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_true(fputs(text, f) >= 0);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(chmod(path, mode), 0);
}

/* The first line COMMAND writes, started by proc_start, into OUT. */
static void
first_line(const char *command, char *out, size_t size)
{
	struct proc p;
	ssize_t got;
	size_t have = 0;
	int wst;

	(void)guard_watch();
	assert_true(proc_start(&p, command, false, PROC_ERR_SHARED, NULL));
	guard_group(p.pid);
	while (have + 1 < size && (got = read(p.from, out + have, size - 1 -
	    have)) > 0)
		have += (size_t)got;
	out[have] = '\0';
	out[strcspn(out, "\n")] = '\0';
	assert_true(proc_wait_exit(p.pid, 60));
	assert_true(proc_stop(p.pid, &wst));
	proc_close(&p);
	guard_group(0);
	guard_release();
}

/*
 * A program named by a word with no slash is found on PATH as sh -c
 * would find it (then started with no shell): the first executable
 * regular file, an empty entry the working directory; a word sh takes
 * as its own (a builtin, "echo" here, though a file of that name is on
 * PATH), an unknown one or an unset PATH left to sh.  Each command's
 * output is sh's: a script with no #! line is still run as sh would.
 */
static void
test_which(void **state)
{
	char a[] = "/tmp/test_which_a.XXXXXX", b[] = "/tmp/test_which_b.XXXXXX";
	char path[1024], want[512], line[256], cwd[512];
	const char *old = getenv("PATH");
	char *saved = old != NULL ? strdup(old) : NULL;

	(void)state;
	assert_non_null(mkdtemp(a));
	assert_non_null(mkdtemp(b));
	file_in(a, "prog", "#!/bin/sh\necho a\n", 0644);
	file_in(b, "prog", "#!/bin/sh\necho b \"$@\"\n", 0755);
	file_in(b, "echo", "#!/bin/sh\necho file\n", 0755);
	file_in(b, "plainsh", "echo no hash-bang line\n", 0755);
	mkdir(strcat(strcpy(path, b), "/sa-only-a-dir"), 0755);
	file_in(a, "here", "#!/bin/sh\necho here\n", 0755);
	snprintf(path, sizeof path, "%s:%s:/bin:/usr/bin", a, b);
	assert_int_equal(setenv("PATH", path, 1), 0);

	assert_true(proc_which("prog", line, sizeof line));
	snprintf(want, sizeof want, "%s/prog", b);
	assert_string_equal(line, want);	/* A's is not executable */
	assert_false(proc_which("echo", line, sizeof line));
	assert_false(proc_which("exit", line, sizeof line));
	assert_false(proc_which("sa-only-a-dir", line, sizeof line));
	assert_false(proc_which("sa-no-such-program", line, sizeof line));
	assert_false(proc_which("./prog", line, sizeof line));
	assert_false(proc_which("", line, sizeof line));
	assert_false(proc_which("prog", line, 8));	/* no room */

	first_line("prog x y", line, sizeof line);
	assert_string_equal(line, "b x y");
	first_line("echo builtin", line, sizeof line);
	assert_string_equal(line, "builtin");
	first_line("plainsh", line, sizeof line);
	assert_string_equal(line, "no hash-bang line");

	/* An empty entry: the working directory. */
	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(a), 0);
	snprintf(path, sizeof path, "%s::/bin", b);
	assert_int_equal(setenv("PATH", path, 1), 0);
	assert_true(proc_which("here", line, sizeof line));
	assert_string_equal(line, "./here");
	first_line("here", line, sizeof line);
	assert_string_equal(line, "here");
	assert_int_equal(chdir(cwd), 0);

	assert_int_equal(unsetenv("PATH"), 0);
	assert_false(proc_which("sh", line, sizeof line));

	if (saved != NULL)
		assert_int_equal(setenv("PATH", saved, 1), 0);
	free(saved);
	snprintf(path, sizeof path, "rm -rf '%s' '%s'", a, b);
	assert_int_equal(system(path), 0);
}

/*
 * The forecast taken again, on the test's own clock: a walk of 1000
 * runs (its odometer one draw below 1000, a run each) whose first 100
 * runs take 0.01 s each and the rest SLOW s each.  Fast all through it
 * is never stopped; slow later (2 s a run: about 1,800 s foretold) it is
 * stopped once the last seconds' pace says so, which the first second's
 * pace (about 10 s in all) never would; under a deadline it is not.
 */
static double fake_now;

static double
fake_clock(void)
{
	return fake_now;
}

static int stops;

static void
count_stop(void *ctx)
{
	(void)ctx;
	stops++;
}

static uint64_t
walk_metered(double slow, unsigned deadline, char *why, size_t size)
{
	struct audit au;
	struct meter m;
	uint64_t val = 0, bound = 1000;
	sa_replay_window w;

	audit_of(&au, "true", 8);
	au.deadline = deadline;
	memset(&w, 0, sizeof w);
	w.val = &val;
	w.bound = &bound;
	w.cap = 1;
	w.pos = 1;
	fake_now = 100;
	run_meter_start(&m, &au, 8);
	m.clock = fake_clock;
	m.start = m.last = fake_now;
	m.stop = count_stop;
	stops = 0;
	for (val = 0; val < 1000 && stops == 0; val++) {
		w.runs = val + 1;
		fake_now += val < 100 ? 0.01 : slow;
		run_meter_show(&m, &w);
	}
	snprintf(why, size, "%s", au.too_long);
	run_free(&au);
	return val;
}

static void
test_forecast_again(void **state)
{
	char why[720];
	uint64_t at;

	(void)state;
	assert_int_equal(setenv("SHUFFLE_AUDIT_HINT", "3600", 1), 0);
	assert_int_equal(walk_metered(0.01, 0, why, sizeof why), 1000);
	assert_int_equal(stops, 0);
	assert_string_equal(why, "");
	at = walk_metered(2.0, 0, why, sizeof why);
	assert_int_equal(stops, 1);
	/* Stopped within the last seconds' window (10 s, 5 runs) of the
	 * slowing, and not before it. */
	assert_true(at > 100 && at <= 112);
	assert_non_null(strstr(why, "past 10 minutes, so it was stopped "
	    "after "));
	assert_non_null(strstr(why, "no verdict is drawn from"));
	assert_int_equal(walk_metered(2.0, 3600, why, sizeof why), 1000);
	assert_int_equal(stops, 0);
	unsetenv("SHUFFLE_AUDIT_HINT");
}

static void
test_duration(void **state)
{
	char buf[48];

	(void)state;
	run_duration(45, buf, sizeof buf);
	assert_string_equal(buf, "45 s");
	run_duration(12 * 60, buf, sizeof buf);
	assert_string_equal(buf, "12 minutes");
	run_duration(3.2 * 3600, buf, sizeof buf);
	assert_string_equal(buf, "3.2 hours");
	run_duration(96 * 86400, buf, sizeof buf);
	assert_string_equal(buf, "96 days");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_durstenfeld),
		cmocka_unit_test(test_naive),
		cmocka_unit_test(test_instances),
		cmocka_unit_test(test_lost_card),
		cmocka_unit_test(test_hidden_state),
		cmocka_unit_test(test_bad_line),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_again_needs_raw),
		cmocka_unit_test(test_deadline),
		cmocka_unit_test(test_view),
		cmocka_unit_test(test_proc_stop),
		cmocka_unit_test(test_which),
		cmocka_unit_test(test_forecast_again),
		cmocka_unit_test(test_duration),
	};

	guard_startup();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
