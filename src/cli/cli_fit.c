/*
 * cli_fit.c - `shuffle-audit fit`: whether a black box's decks look
 * fair, from the decks alone, with the odds of a false alarm stated;
 * and how many decks a known bias takes to show.
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_fit;

static const char usage_text[] =
    "usage: " PROGNAME " fit -n CARDS [--base 0|1] [-d DELIM] [--names]\n"
    "                     [--run COMMAND --samples S [--timeout S]] [--alpha A]\n"
    "                     [-f FORMAT] [FILE ...]\n"
    "       " PROGNAME " fit -n CARDS --detect ALGORITHM [--reduce METHOD:BITS]\n"
    "                     [--alpha A] [--power P] [-f FORMAT]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "Reads decks, one a line (position 0 first, each entry the item\n"
	    "there), from each FILE in turn (- is standard input) or, without\n"
	    "one, from standard input, and tests whether they look fair:\n"
	    "chi-square on the item-by-position counts and, up to 8 cards, on\n"
	    "the orderings.  Exits 0 when consistent with fair, 1 when\n"
	    "rejected at --alpha.\n"
	    "\n"
	    "  -n, --cards N         items in a deck (2 to 4096)\n"
	    "      --base B          the first item's number, 0 (default) or 1\n"
	    "  -d, --delimiter C     entries separated by C as well as blanks\n"
	    "      --names           entries are card names, AS 2S ... KC (52)\n"
	    "      --run COMMAND     read the decks COMMAND writes (sh -c)\n"
	    "      --samples S       with --run: read S decks\n"
	    "      --timeout S       with --run: stop it after S seconds without\n"
	    "                        output (60)\n"
	    "      --alpha A         the false-alarm odds (default 1e-6)\n"
	    "      --detect NAME     how many decks the shuffle NAME's bias\n"
	    "                        takes to show (from its exact matrix)\n"
	    "      --reduce M:B      with --detect: draws made by M from B bits\n"
	    "      --power P         with --detect: the chance to show it (0.99)\n"
	    CLI_HELP_FORMAT
	    CLI_HELP_HELP, out);
}

enum { OPT_BASE = 256, OPT_NAMES, OPT_RUN, OPT_SAMPLES, OPT_ALPHA,
	OPT_DETECT, OPT_POWER, OPT_RUN_TIMEOUT };

/* The most a --run command may write to stderr before it is stopped. */
#define RUN_STDERR_MAX (1u << 20)

struct fit_args {
	size_t n;
	enum rep_format fmt;
	unsigned base;
	int delim;		/* -1: blanks only */
	bool names;
	const char *run;
	uint64_t samples;
	unsigned timeout;	/* --run: seconds without output; 0: unset */
	double alpha, power;
	bool detect;
	sa_shuffle shuffle;
	sa_reduce reduce;
	char **files;		/* the operands, NFILES of them */
	size_t nfiles;
};

/* A number in (0, 1) from S; false after a message. */
bool
cli_parse_prob(const char *opt, const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || errno != 0 || !(v > 0 && v < 1)) {
		cli_error("%s %s: expected a number between 0 and 1, such as "
		    "1e-6", opt, s);
		return false;
	}
	*out = v;
	return true;
}

/*
 * The reader of decks: lines from a descriptor, each read by the
 * library's deck reader and counted into FIT.  LINE counts lines from 1.
 */
struct reader {
	const struct fit_args *a;
	struct proc *run;	/* --run: the command read from */
	uint64_t err_bytes;	/* what it wrote to stderr so far */
	sa_fit *fit;
	sa_deck_reader *decks;
	unsigned *perm;
	uint64_t line;
	double last_deck;	/* --run: when its last whole deck came */
	const char *file;	/* the file read, NULL for standard input */
	char *buf;
	size_t have, cap;
};

/* RD for the decks A describes, lines of up to CAP bytes; false if short
 * of memory (with nothing to free). */
static bool
reader_new(struct reader *rd, const struct fit_args *a, size_t cap)
{
	sa_deck_format f = { a->n, a->base, a->delim, a->names };

	memset(rd, 0, sizeof *rd);
	rd->a = a;
	rd->cap = cap;
	rd->buf = malloc(cap);
	rd->perm = malloc(a->n * sizeof *rd->perm);
	if (rd->buf == NULL || rd->perm == NULL ||
	    sa_deck_reader_new(&f, &rd->decks) != SA_OK ||
	    sa_fit_new(a->n, &rd->fit) != SA_OK) {
		sa_deck_reader_free(rd->decks);
		free(rd->buf);
		free(rd->perm);
		return false;
	}
	return true;
}

static void
reader_free(struct reader *rd)
{
	sa_fit_free(rd->fit);
	sa_deck_reader_free(rd->decks);
	free(rd->buf);
	free(rd->perm);
}

/* "[FILE: ]line N: WHAT" and false. */
static bool
bad_line(const struct reader *rd, const char *what)
{
	if (rd->file != NULL)
		cli_error("fit: %s: line %llu: %s", cli_arg(rd->file),
		    (unsigned long long)rd->line, what);
	else
		cli_error("line %llu: %s", (unsigned long long)rd->line, what);
	return false;
}

/* One line, S to END (no newline), counted; false after a message. */
static bool
take_line(struct reader *rd, const char *s, const char *end)
{
	char why[256];

	if (sa_deck_read(rd->decks, s, (size_t)(end - s), rd->perm, why,
	    sizeof why) != SA_OK)
		return bad_line(rd, why);
	sa_fit_count(rd->fit, rd->perm);
	return true;
}

/* "--run COMMAND: WHAT" on stderr, the command cut if long; false. */
static bool
run_failed(const struct reader *rd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static bool
run_failed(const struct reader *rd, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	cli_error("--run %s: %s", cli_arg(rd->a->run), msg);
	return false;
}

/* "1 deck" or "3 decks". */
static const char *
decks_text(uint64_t count, char *buf, size_t size)
{
	snprintf(buf, size, "%llu deck%s", (unsigned long long)count,
	    count == 1 ? "" : "s");
	return buf;
}

/*
 * --run: waits until the command's output can be read, passing on what
 * it writes to stderr meanwhile; false after a message when it writes
 * nothing for the timeout, writes more than RUN_STDERR_MAX to stderr,
 * or leaves its process group.
 */
static bool
run_ready(struct reader *rd)
{
	/* From its last whole line, not its last byte: a byte a second
	 * is no deck. */
	double until = rd->last_deck + (double)rd->a->timeout;
	char buf[4096], had[48];

	for (;;) {
		struct pollfd pfd[2] = { { rd->run->from, POLLIN, 0 },
		    { rd->run->err, POLLIN, 0 } };
		double left = until - cli_seconds();
		const char *gone;
		ssize_t got;

		if (left <= 0) {
			gone = proc_escape_text(proc_escaped(rd->run->pid));
			return run_failed(rd, "it wrote no deck for %u second%s "
			    "after %s of %llu%s%s, and was stopped",
			    rd->a->timeout, rd->a->timeout == 1 ? "" : "s",
			    decks_text(rd->line, had, sizeof had),
			    (unsigned long long)rd->a->samples,
			    gone ? "; it had " : "", gone ? gone : "");
		}
		if (poll(pfd, pfd[1].fd >= 0 ? 2 : 1,
		    (int)(left * 1000) + 1) < 0) {
			if (errno == EINTR)
				continue;
			return run_failed(rd, "poll: %s", strerror(errno));
		}
		if (pfd[0].revents != 0)
			return true;
		if (pfd[1].revents == 0)
			continue;
		got = read(rd->run->err, buf, sizeof buf);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) {
			close(rd->run->err);	/* its end: nothing more to pass on */
			rd->run->err = -1;
			continue;
		}
		rd->err_bytes += (uint64_t)got;
		if (rd->err_bytes > RUN_STDERR_MAX)
			return run_failed(rd, "it wrote more than %u bytes to "
			    "stderr, and was stopped", RUN_STDERR_MAX);
		fwrite(buf, 1, (size_t)got, stderr);
	}
}

/*
 * Decks from FD until its end or, when MAX is not 0, MAX of them; false
 * after a message.
 */
static bool
read_decks(struct reader *rd, int fd, uint64_t max)
{
	for (;;) {
		char *nl, *at = rd->buf;
		ssize_t got;

		while ((nl = memchr(at, '\n', rd->have - (size_t)(at - rd->buf)))
		    != NULL) {
			rd->line++;
			if (!take_line(rd, at, nl))
				return false;
			if (rd->run != NULL)
				rd->last_deck = cli_seconds();
			at = nl + 1;
			if (max != 0 && rd->line == max)
				return true;
		}
		rd->have -= (size_t)(at - rd->buf);
		memmove(rd->buf, at, rd->have);
		if (rd->have == rd->cap) {
			char why[48];

			rd->line++;	/* the line that is too long */
			snprintf(why, sizeof why, "longer than %zu bytes", rd->cap);
			return bad_line(rd, why);
		}
		if (rd->run != NULL && !run_ready(rd))
			return false;
		got = read(fd, rd->buf + rd->have, rd->cap - rd->have);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			if (rd->file != NULL)
				cli_error("fit: %s: %s", cli_arg(rd->file),
				    strerror(errno));
			else
				cli_error("reading the decks: %s",
				    strerror(errno));
			return false;
		}
		if (got == 0) {
			if (rd->have > 0) {	/* a last line with no newline */
				rd->line++;
				if (!take_line(rd, rd->buf, rd->buf + rd->have))
					return false;
				rd->have = 0;
			}
			return true;
		}
		rd->have += (size_t)got;
	}
}

/*
 * The decks of A's files in turn, "-" standard input, or of standard
 * input when there are none; false after a message.
 */
static bool
read_files(struct reader *rd, const struct fit_args *a)
{
	bool ok = true;

	if (a->nfiles == 0)
		return read_decks(rd, STDIN_FILENO, 0);
	for (size_t i = 0; ok && i < a->nfiles; i++) {
		bool std = strcmp(a->files[i], "-") == 0;
		int fd = std ? STDIN_FILENO : open(a->files[i],
		    O_RDONLY | O_CLOEXEC);

		if (fd < 0) {
			cli_error("fit: %s: %s", cli_arg(a->files[i]),
			    strerror(errno));
			return false;
		}
		rd->file = std ? "standard input" : a->files[i];
		rd->line = 0;
		ok = read_decks(rd, fd, 0);
		if (!std)
			close(fd);
	}
	return ok;
}

/*
 * --run: COMMAND started with sh -c, its output read for S decks, then
 * it and its process group stopped; false after a message.  Every wait
 * on it has a deadline (--timeout without a deck), its stderr is passed
 * on up to a bound, and a command that leaves its process group is
 * refused, as an audit's is.
 */
static bool
run_command(struct reader *rd, const char *command, uint64_t samples)
{
	struct proc child;
	const char *gone;
	char had[48];
	int wst = 0;
	bool ok;

	(void)guard_watch();
	if (!proc_start(&child, command, false, PROC_ERR_PIPE, NULL)) {
		cli_error("--run %s: cannot start it: %s", cli_arg(command),
		    strerror(errno));
		guard_release();
		return false;
	}
	guard_group(child.pid);
	rd->run = &child;
	rd->last_deck = cli_seconds();
	ok = read_decks(rd, child.from, samples);
	rd->run = NULL;
	if (ok && rd->line < samples) {
		/* Its output ended: it has exited, or will within the grace. */
		bool ended = proc_wait_exit(child.pid, PROC_GRACE_S);

		gone = proc_escape_text(proc_escaped(child.pid));
		proc_stop(child.pid, &wst);
		if (ended && WIFEXITED(wst))
			run_failed(rd, "it wrote %s, not %llu, and exited with "
			    "status %d", decks_text(rd->line, had, sizeof had),
			    (unsigned long long)samples, WEXITSTATUS(wst));
		else if (ended && WIFSIGNALED(wst) && WTERMSIG(wst) == SIGSYS)
			run_failed(rd, "it wrote %s, not %llu, and was killed "
			    "by the seccomp filter (SIGSYS) at a call aimed at "
			    "shuffle-audit (" RUN_FILTER_AIMS ") or made through "
			    "another architecture's calls (int 0x80)",
			    decks_text(rd->line, had, sizeof had),
			    (unsigned long long)samples);
		else if (ended && WIFSIGNALED(wst))
			run_failed(rd, "it wrote %s, not %llu, and was killed "
			    "by signal %d", decks_text(rd->line, had,
			    sizeof had), (unsigned long long)samples,
			    WTERMSIG(wst));
		else
			run_failed(rd, "it wrote %s, not %llu, then closed its "
			    "output%s%s", decks_text(rd->line, had, sizeof had),
			    (unsigned long long)samples, gone ? "; it had " :
			    "", gone ? gone : "");
		ok = false;
	}
	if (ok && (gone = proc_escape_text(proc_escaped(child.pid))) !=
	    NULL) {
		run_failed(rd, "it %s", gone);
		ok = false;
	}
	proc_stop(child.pid, NULL);
	proc_close(&child);
	guard_group(0);
	guard_release();
	return ok;
}

/*
 * One test as fields: ORDERINGS picks its keys.  (A report keeps a
 * field's key by its pointer, so the keys are constant strings.)
 */
static void
test_fields(report *r, bool orderings, const char *label,
    const sa_fit_test *t)
{
	static const char *const keys[2][4] = {
		{ "matrix_statistic", "matrix_df", "matrix_log_p", "matrix_p" },
		{ "orderings_statistic", "orderings_df", "orderings_log_p",
		    "orderings_p" },
	};
	const char *const *k = keys[orderings];
	char v[160], p[48];

	cli_p_text(t->log10_p, p, sizeof p);
	snprintf(v, sizeof v, "chi-square %.6g on %.0f degrees of freedom, "
	    "p = %s", t->stat, t->df, p);
	rep_str(r, NULL, label, v, NULL);
	cli_double_text(t->stat, v, sizeof v);
	rep_num(r, k[0], NULL, v, NULL);
	rep_u64(r, k[1], NULL, (uint64_t)t->df, NULL);
	cli_double_text(t->log10_p, v, sizeof v);
	rep_num(r, k[2], NULL, v, NULL);
	rep_num(r, k[3], NULL, p, NULL);
}

void
fit_fields(report *r, const sa_fit_result *res)
{
	char buf[64], odds[64];

	rep_u64(r, "samples", "decks read", res->samples, NULL);
	test_fields(r, false, "item by position", &res->matrix);
	if (res->has_orderings)
		test_fields(r, true, "orderings", &res->orderings);
	else if (res->orderings_min != 0) {
		char why[96];

		snprintf(why, sizeof why, "not tested: fewer decks than the "
		    "%llu (%d an ordering) it needs",
		    (unsigned long long)res->orderings_min, SA_FIT_PER_CELL);
		rep_str(r, NULL, "orderings", why, NULL);
		rep_u64(r, "orderings_min", NULL, res->orderings_min, NULL);
	}
	snprintf(buf, sizeof buf, "%g", res->alpha);
	rep_str(r, "alpha", "alpha", buf, res->tests > 1 ? "each test at "
	    "alpha / 2 (Bonferroni)" : NULL);
	snprintf(odds, sizeof odds, "about 1 in %.0f", 1.0 / res->alpha);
	rep_str(r, "false_alarm", "false alarms", odds, res->alpha >= 0.01 ?
	    "a fair shuffle's chance to be rejected, to within 1.1 times" :
	    "a fair shuffle's chance to be rejected, to within 1.25 times at "
	    "0.001, 2.5 times at 1e-6");
	rep_str(r, "verdict", "verdict", res->rejected ? "rejected" :
	    "consistent with fair", NULL);
	rep_bool(r, "rejected", NULL, res->rejected, NULL);
}

void
fit_conclusion(report *r, const sa_fit_result *res)
{
	rep_line(r, "%s", "");
	rep_line(r, "%s", res->rejected ? "These decks are not what a fair "
	    "shuffle deals: a fair one would look this far off less often "
	    "than the false-alarm odds above." : "Nothing here tells these "
	    "decks from a fair shuffle's; that is not a proof of fairness, "
	    "which only counting every run can give (census, matrix).");
}

static void
render(const struct fit_args *a, const sa_fit_result *res)
{
	report r;

	rep_begin(&r, stdout, a->fmt);
	rep_line(&r, "%llu decks of %zu cards, tested for fairness from the "
	    "decks alone.", (unsigned long long)res->samples, res->n);
	rep_line(&r, "%s", "");
	rep_u64(&r, "cards", "cards", res->n, NULL);
	fit_fields(&r, res);
	fit_conclusion(&r, res);
	rep_end(&r);
}

/* --detect: the decks the shuffle's bias takes to show. */
static int
detect(const struct fit_args *a)
{
	sa_matrix_opts o;
	sa_matrix *m;
	uint64_t decks = 0;
	char label[96], buf[64];
	report r;
	int status;

	memset(&o, 0, sizeof o);
	o.reduce = a->reduce;
	status = sa_matrix_run(&a->shuffle, a->n, &o, &m);
	if (status != SA_OK) {
		char what[64];

		snprintf(what, sizeof what, "--detect %s", a->shuffle.name);
		cli_matrix_refused(what, &a->shuffle, a->n, &a->reduce, false,
		    status);
		return EXIT_TROUBLE;
	}
	status = sa_fit_detect(m, a->alpha, a->power, &decks);
	sa_matrix_free(m);
	if (status == SA_EOVERFLOW) {
		cli_error("--detect %s: more than 2^63 decks: its matrix is so "
		    "near uniform that no sample this test can take shows it "
		    "(matrix and census show it exactly)", a->shuffle.name);
		return EXIT_TROUBLE;
	}
	if (status != SA_OK && status != SA_ERANGE) {
		cli_error("--detect %s: %s", a->shuffle.name,
		    sa_strerror(status));
		return EXIT_TROUBLE;
	}
	cli_shuffle_label(&a->shuffle, a->n, label, sizeof label);
	rep_begin(&r, stdout, a->fmt);
	rep_line(&r, "How many decks of the %s shuffle the item-by-position "
	    "test needs to reject it, from its exact matrix.", label);
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", "algorithm", label, NULL);
	rep_u64(&r, "cards", "cards", a->n, NULL);
	snprintf(buf, sizeof buf, "%g", a->alpha);
	rep_str(&r, "alpha", "alpha", buf, NULL);
	snprintf(buf, sizeof buf, "%g", a->power);
	rep_str(&r, "power", "power", buf, "the chance of rejecting it");
	if (status == SA_ERANGE) {
		rep_str(&r, "decks", "decks needed", "none suffice",
		    "every cell is 1/n: this test cannot see it");
	} else {
		rep_u64(&r, "decks", "decks needed", decks, NULL);
		rep_line(&r, "%s", "");
		rep_line(&r, "With fewer decks the test misses this bias more than "
		    "1 time in %.0f; the census and the matrix prove it with no "
		    "decks at all.", 1.0 / (1.0 - a->power));
	}
	rep_end(&r);
	return cli_finish(EXIT_FAIR);
}

static bool
fit_option(int c, const char *arg, struct fit_args *a)
{
	uint64_t v;

	switch (c) {
	case OPT_BASE:
		if (strcmp(arg, "0") != 0 && strcmp(arg, "1") != 0) {
			cli_error("--base %s: expected 0 or 1", arg);
			return false;
		}
		a->base = arg[0] == '1';
		return true;
	case 'd':
		if (strlen(arg) != 1 || (arg[0] >= '0' && arg[0] <= '9') ||
		    arg[0] == '\n') {
			cli_error("-d %s: expected one character of one byte%s, "
			    "not a digit", cli_arg(arg), strlen(arg) > 1 &&
			    (unsigned char)arg[0] >= 0x80 ? " (this one is "
			    "several: UTF-8)" : "");
			return false;
		}
		a->delim = (unsigned char)arg[0];
		return true;
	case OPT_NAMES:
		a->names = true;
		return true;
	case OPT_RUN:
		if (*arg == '\0') {
			cli_error("--run: the command is empty");
			return false;
		}
		a->run = arg;
		return true;
	case OPT_SAMPLES:
		if (!cli_parse_uint("--samples", arg, 1, UINT64_C(1) << 40, &v))
			return false;
		a->samples = v;
		return true;
	case OPT_RUN_TIMEOUT:
		if (!cli_parse_uint("--timeout", arg, 1, 86400, &v))
			return false;
		a->timeout = (unsigned)v;
		return true;
	case OPT_ALPHA:
		return cli_parse_prob("--alpha", arg, &a->alpha);
	case OPT_POWER:
		return cli_parse_prob("--power", arg, &a->power);
	case OPT_DETECT:
		a->detect = true;
		return cli_parse_shuffle(arg, &a->shuffle);
	default:	/* CLI_OPT_REDUCE */
		return cli_parse_reduce(arg, &a->reduce);
	}
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_CARDS,
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	{ "delimiter", required_argument, NULL, 'd' },
	{ "base", required_argument, NULL, OPT_BASE },
	{ "names", no_argument, NULL, OPT_NAMES },
	{ "run", required_argument, NULL, OPT_RUN },
	{ "samples", required_argument, NULL, OPT_SAMPLES },
	{ "alpha", required_argument, NULL, OPT_ALPHA },
	{ "detect", required_argument, NULL, OPT_DETECT },
	CLI_ROW_REDUCE,
	{ "power", required_argument, NULL, OPT_POWER },
	{ "timeout", required_argument, NULL, OPT_RUN_TIMEOUT },
	CLI_ROW_END,
};

/* The options' combinations; false after a message. */
static bool
fit_args_fit(const struct fit_args *a, bool have_n, bool have_power)
{
	if (!have_n) {
		cli_error("fit: -n CARDS is needed: the decks' size");
		return false;
	}
	if (a->n < 2) {
		cli_error("-n %zu: a deck of one card has nothing to test", a->n);
		return false;
	}
	if (a->timeout != 0 && a->run == NULL) {
		cli_error("--timeout: only with --run");
		return false;
	}
	if ((a->run != NULL) != (a->samples != 0)) {
		cli_error("%s", a->run ? "--run: needs --samples S, the decks to "
		    "read" : "--samples: only with --run");
		return false;
	}
	if (a->detect && (a->run != NULL || a->names || a->delim >= 0 ||
	    a->base != 0)) {
		cli_error("--detect: works from the exact matrix and reads no "
		    "decks, so not with --run, --names, -d or --base");
		return false;
	}
	if (!a->detect && (a->reduce.method != SA_REDUCE_NONE || have_power)) {
		cli_error("%s: only with --detect", have_power ? "--power" :
		    "--reduce");
		return false;
	}
	if (a->names && a->n != 52) {
		cli_error("--names: card names make a deck of 52, not %zu", a->n);
		return false;
	}
	if (a->nfiles > 0 && (a->run != NULL || a->detect)) {
		cli_error("fit %s: %s reads no files", cli_arg(a->files[0]),
		    a->run != NULL ? "--run reads the decks its command writes, "
		    "and" : "--detect works from the exact matrix, and");
		return false;
	}
	return true;
}

static int
parse_args(int argc, char **argv, struct fit_args *a)
{
	int c, fmt = REP_TEXT, status;
	uint64_t cards = 0;
	bool have_power = false;
	const struct cli_options common = { "fit", help, NULL, &fmt, &cards,
	    SA_FIT_MAX_CARDS };

	memset(a, 0, sizeof *a);
	a->delim = -1;
	a->alpha = 1e-6;
	a->power = 0.99;
	while ((c = cli_getopt_long(argc, argv, cli_cmd_fit.shortopts,
	    options)) != -1) {
		switch (c) {
		case 'd':
		case OPT_BASE:
		case OPT_NAMES:
		case OPT_RUN:
		case OPT_SAMPLES:
		case OPT_ALPHA:
		case OPT_DETECT:
		case CLI_OPT_REDUCE:
		case OPT_POWER:
		case OPT_RUN_TIMEOUT:
			have_power = have_power || c == OPT_POWER;
			if (!fit_option(c, optarg, a))
				return EXIT_TROUBLE;
			break;
		default:
			if ((status = cli_option(c, argv, &common)) !=
			    CLI_CONTINUE)
				return status == EXIT_FAIR ? -1 : status;
			break;
		}
	}
	a->files = argv + optind;
	a->nfiles = (size_t)(argc - optind);
	a->fmt = (enum rep_format)fmt;
	a->n = (size_t)cards;
	if (!fit_args_fit(a, cards != 0, have_power))
		return EXIT_TROUBLE;
	if (a->timeout == 0)
		a->timeout = 60;
	if (a->detect && (!cli_check_cards(&a->shuffle, a->n) ||
	    !cli_check_reduce(&a->shuffle, &a->reduce, a->n)))
		return EXIT_TROUBLE;
	return 0;
}

static int
cmd_fit(int argc, char **argv)
{
	struct fit_args a;
	struct reader rd;
	sa_fit_result res;
	int status = parse_args(argc, argv, &a);
	int judged;
	bool ok;

	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	if (a.detect)
		return detect(&a);
	if (!reader_new(&rd, &a, (size_t)1 << 20)) {
		cli_error("fit: out of memory");
		return EXIT_TROUBLE;
	}
	ok = a.run != NULL ? run_command(&rd, a.run, a.samples) :
	    read_files(&rd, &a);
	if (ok && sa_fit_samples(rd.fit) == 0) {
		cli_error("fit: no decks were read");
		ok = false;
	}
	judged = ok ? sa_fit_judge(rd.fit, a.alpha, &res) : SA_EINVAL;
	status = EXIT_TROUBLE;
	if (judged == SA_ERANGE)
		cli_error("fit: %llu deck%s of %zu cards: too few for the "
		    "item-by-position test to keep its odds; it needs %d decks "
		    "a cell expected, %llu decks", (unsigned long long)
		    res.samples, res.samples == 1 ? "" : "s", a.n,
		    SA_FIT_PER_CELL, (unsigned long long)res.min_samples);
	else if (judged == SA_OK) {
		render(&a, &res);
		status = cli_finish(res.rejected ? EXIT_UNFAIR : EXIT_FAIR);
	}
	reader_free(&rd);
	return status;
}

const struct cli_command cli_cmd_fit = {
	.name = "fit",
	.summary = "whether a black box's decks look fair",
	.shortopts = ":d:f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_fit,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_FILES,
};
