/*
 * cli_util.c - messages, number, name and format parsing, and output
 * checks for the CLI (the option loop is cli_getopt.c).
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

void
cli_matrix_refused(const char *what, const sa_shuffle *sh, size_t n,
    const sa_reduce *r, bool census, int status)
{
	sa_census_opts co;
	sa_census_plan plan;
	sa_matrix_work work;
	const char *why;

	if (n > SA_MATRIX_MAX_CARDS) {
		cli_error("%s: the exact matrix goes to at most %d cards, not "
		    "%zu (fit and sample judge larger decks by their decks)",
		    what, SA_MATRIX_MAX_CARDS, n);
		return;
	}
	if (status == SA_ETOOBIG && !census &&
	    sa_matrix_size(sh, n, r, &work) == SA_ETOOBIG) {
		cli_error("%s of %zu cards: the %s shuffle's chain: %s; fewer "
		    "cards or steps", what, n, sh->name, work.why);
		return;
	}
	if ((status != SA_ETOOBIG && status != SA_EOVERFLOW) ||
	    (!census && sa_matrix_by_chain(sh, n, r))) {
		cli_error("%s of %zu cards: %s", what, n, sa_strerror(status));
		return;
	}
	why = census ? "--census was asked for" : sh->steps == NULL ?
	    "it has no step form" : "its steps cannot be followed card by "
	    "card under its reduction";
	memset(&co, 0, sizeof co);
	co.reduce = *r;
	(void)sa_census_plan_for(sh, n, &co, &plan);
	cli_error("%s of %zu cards: the %s shuffle's matrix comes from its "
	    "census (%s): %s; sample judges a larger deck by its decks", what,
	    n, sh->name, why, plan.why);
}

bool
cli_parse_time_limit(const char *s, double *out)
{
	uint64_t v;

	if (!cli_parse_uint("--time-limit", s, 1, 1000000, &v))
		return false;
	*out = (double)v;
	return true;
}

void
cli_time_refusal(const char *what, const sa_time_limit *l, const char *unit,
    const char *instead)
{
	char whole[48], limit[48];

	run_duration(l->seconds, limit, sizeof limit);
	if (l->forecast > 0 && l->at_least) {
		run_duration(l->forecast, whole, sizeof whole);
		cli_error("%s: %s%.4g %s would take at least %s, even at %.3g "
		    "%s a second (more than any machine does), past the time "
		    "limit of %s (--time-limit)%s%s", what, l->units_at_least ?
		    "at least " : "", l->units, unit, whole, l->rate, unit,
		    limit, instead ? "; " : "", instead ? instead : "");
	} else if (l->forecast > 0) {
		run_duration(l->forecast, whole, sizeof whole);
		cli_error("%s: %.4g %s would take about %s at the %.3g %s a "
		    "second measured here, past the time limit of %s "
		    "(--time-limit)%s%s", what, l->units, unit, whole, l->rate,
		    unit, limit, instead ? "; " : "", instead ? instead : "");
	} else {
		cli_error("%s: stopped at the time limit of %s (--time-limit), "
		    "%.1f%% of %.4g %s done; no result%s%s", what, limit,
		    100 * l->done, l->units, unit, instead ? "; " : "",
		    instead ? instead : "");
	}
}

const char *
cli_arg(const char *s)
{
	static char bufs[4][96];
	static unsigned next;
	size_t len = strlen(s), cut = 64;
	char *b;

	if (len <= 80)
		return s;
	while (cut > 0 && ((unsigned char)s[cut] & 0xc0) == 0x80)
		cut--;
	b = bufs[next++ % 4];
	snprintf(b, sizeof bufs[0], "%.*s... (%zu bytes)", (int)cut, s, len);
	return b;
}

void
cli_error(const char *fmt, ...)
{
	char small[512], *msg, *safe;
	va_list ap;

	fflush(stdout);
	cli_progress_end();
	va_start(ap, fmt);
	msg = cli_vformat(small, sizeof small, fmt, ap);
	va_end(ap);
	/*
	 * One line, whatever the user typed: a newline, a tab or a
	 * terminal escape inside an argument is shown, not obeyed.
	 */
	safe = cli_text_safe(msg);
	fprintf(stderr, PROGNAME ": %s\n", safe != NULL ? safe : msg);
	free(safe);
	if (msg != small)
		free(msg);
}

bool
cli_parse_uint(const char *opt, const char *s, uint64_t min, uint64_t max,
    uint64_t *out)
{
	const char *p = s;
	uint64_t v = 0;
	bool neg = false;

	/* Only digits, with an optional sign; strtoull would allow spaces. */
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if (!isdigit((unsigned char)*p)) {
		cli_error("%s %s: not a number", opt, cli_arg(s));
		return false;
	}
	for (; isdigit((unsigned char)*p); p++) {
		unsigned d = (unsigned)(*p - '0');

		if (v > (UINT64_MAX - d) / 10) {
			/* Skip the rest to tell "too large" from "4x". */
			while (isdigit((unsigned char)*p))
				p++;
			if (*p != '\0') {
				cli_error("%s %s: not a number", opt, cli_arg(s));
				return false;
			}
			if (neg)
				cli_error("%s %s: must be at least %llu", opt, cli_arg(s),
				    (unsigned long long)min);
			else
				cli_error("%s %s: too large (at most %llu)", opt,
				    cli_arg(s), (unsigned long long)max);
			return false;
		}
		v = v * 10 + d;
	}
	if (*p != '\0') {
		cli_error("%s %s: not a number", opt, cli_arg(s));
		return false;
	}
	if (neg && v != 0) {
		cli_error("%s %s: must be at least %llu", opt, cli_arg(s),
		    (unsigned long long)min);
		return false;
	}
	if (v < min) {
		cli_error("%s %s: must be at least %llu", opt, cli_arg(s),
		    (unsigned long long)min);
		return false;
	}
	if (v > max) {
		cli_error("%s %s: too large (at most %llu)", opt, cli_arg(s),
		    (unsigned long long)max);
		return false;
	}
	*out = v;
	return true;
}

/*
 * The edit distance between A and B, letters in any case (a letter
 * inserted, deleted, changed, or two side by side swapped, each costing
 * 1), or more than 9 for words past 31 letters.
 */
static size_t
edits(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), d[32][32];

	if (la > 31 || lb > 31)
		return 10;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t cost = tolower((unsigned char)a[i - 1]) !=
			    tolower((unsigned char)b[j - 1]), best;

			best = d[i - 1][j - 1] + cost;
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

void
cli_near_init(struct cli_near *n, const char *typed)
{
	size_t len = strlen(typed);

	n->typed = typed;
	n->best = NULL;
	/* a slip of one letter in three, at most three */
	n->within = len < 9 ? (len + 2) / 3 : 3;
}

/*
 * NAME is near when it is within the slips the typed word's length
 * allows, and the slips change fewer than half the letters of the longer
 * word: "zhs" is "zsh" (a swap), "nieve" "naive" (two in five), but
 * "tcsh" is not "bash" (two in four).
 */
void
cli_near_try(struct cli_near *n, const char *name)
{
	size_t d = edits(n->typed, name), la = strlen(n->typed),
	    lb = strlen(name);

	if (d <= n->within && d > 0 && 2 * d < (la > lb ? la : lb)) {
		n->within = d - 1;	/* only a nearer one from now on */
		n->best = name;
	}
}

const char *
cli_near_say(const struct cli_near *n, char *buf, size_t size)
{
	if (n->best == NULL)
		return "";
	snprintf(buf, size, "; did you mean '%s'?", n->best);
	return buf;
}

bool
cli_parse_choice(const char *opt, const char *s, const char *const *names,
    const char *what, int *out)
{
	char list[256], did[96];
	size_t len = 0;
	struct cli_near near;

	cli_near_init(&near, s);
	for (int i = 0; names[i] != NULL; i++) {
		/* Names in any case: -f JSON is -f json. */
		if (strcasecmp(s, names[i]) == 0) {
			*out = i;
			return true;
		}
		cli_near_try(&near, names[i]);
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
		    i ? ", " : "", names[i]);
		if (len >= sizeof list)
			len = sizeof list - 1;
	}
	cli_error("%s %s: unknown %s%s (%s)", opt, cli_arg(s), what,
	    cli_near_say(&near, did, sizeof did), list);
	return false;
}

/* In the order of enum rep_format. */
#define NAME_ROW(e, s) s,
const char *const cli_format_names[] = {
	REP_FORMATS(NAME_ROW, NAME_ROW, NAME_ROW) NULL
};
#undef NAME_ROW
/* In the order of enum sa_notation. */
const char *const cli_notation_names[] = { "array", "inverse", "cycles",
	NULL };

bool
cli_parse_format(const char *s, int *out)
{
	if (strcasecmp(s, "junit") == 0) {
		cli_error("-f junit: only census and merge write JUnit XML (a "
		    "test case a verdict); this command has none");
		return false;
	}
	return cli_parse_choice("-f", s, cli_format_names, "format", out);
}

bool
cli_parse_format_junit(const char *s, int *out)
{
	if (strcasecmp(s, "junit") == 0) {
		*out = REP_JUNIT;
		return true;
	}
	return cli_parse_format(s, out);
}

bool
cli_parse_notation(const char *s, int *out)
{
	return cli_parse_choice("--notation", s, cli_notation_names,
	    "notation", out);
}

/* In the order of enum cli_color. */
const char *const cli_color_names[] = { "auto", "always", "never", NULL };

bool
cli_parse_color(const char *s, int *out)
{
	return cli_parse_choice("--color", s, cli_color_names, "choice", out);
}

bool
cli_color_on(int when, int fd)
{
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");

	if (when != CLI_COLOR_AUTO)
		return when == CLI_COLOR_ALWAYS;
	return isatty(fd) && (no_color == NULL || *no_color == '\0') &&
	    term != NULL && *term != '\0' && strcmp(term, "dumb") != 0;
}

int
cli_finish(int status)
{
	/* A closed pipe has already ended us quietly through SIGPIPE. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		int e = errno;

		cli_error("write error: %s", e ? strerror(e) : "output failed");
		return EXIT_TROUBLE;
	}
	return status;
}

bool
cli_parse_shuffle(const char *spec, sa_shuffle *out)
{
	switch (sa_shuffle_parse(spec, out)) {
	case SA_OK:
		return true;
	case SA_EPARAM:
		if (out->param == NULL)
			cli_error("-a %s: the %s shuffle takes no parameter", cli_arg(spec),
			    out->name);
		else
			cli_error("-a %s: %s must be a whole number from %llu to "
			    "%llu", cli_arg(spec), out->param,
			    (unsigned long long)out->param_min,
			    (unsigned long long)SA_PARAM_MAX);
		return false;
	default: {
		struct cli_near near;
		char did[96];

		cli_near_init(&near, spec);
		for (size_t i = 0; i < sa_shuffle_count(); i++)
			cli_near_try(&near, sa_shuffle_at(i)->name);
		cli_error("-a %s: unknown algorithm%s (see '" PROGNAME
		    " algorithms')", cli_arg(spec), cli_near_say(&near, did,
		    sizeof did));
		return false;
	}
	}
}

bool
cli_check_cards(const sa_shuffle *sh, size_t n)
{
	if (sh->max_cards != 0 && n > sh->max_cards) {
		cli_error("-n %zu: the %s shuffle takes at most %zu cards", n,
		    sh->name, sh->max_cards);
		return false;
	}
	return true;
}

void
cli_double_text(double x, char *buf, size_t size)
{
	for (int digits = 1; digits <= 17; digits++) {
		snprintf(buf, size, "%.*g", digits, x);
		if (strtod(buf, NULL) == x)
			return;
	}
}

const char *
cli_plural(uint64_t n)
{
	return n == 1 ? "" : "s";
}

const char *
cli_past_census(bool audited, int status, const sa_census_plan *plan,
    size_t n)
{
	if ((status != SA_ETOOBIG && (status != SA_EOVERFLOW ||
	    plan->orderings != 0)) || n <= plan->fits)
		return "";
	return audited ? "; for more cards, 'fit --run' tests the decks the "
	    "code deals" : "; for more cards, 'matrix' gives where each card "
	    "lands, exactly, and 'fit' or 'sample' test decks";
}

/* The fewest bits whose 2^bits reaches K. */
unsigned
cli_bits_for(uint64_t k)
{
	unsigned b = 0;

	while (b < 64 && (UINT64_C(1) << b) < k)
		b++;
	return b;
}

bool
cli_check_reduce(const sa_shuffle *sh, const sa_reduce *r, size_t n)
{
	sa_reduce_refusal why;
	int status = sa_reduce_check(sh, n, r, &why);

	if (status == SA_OK)
		return true;
	if (status == SA_ERANGE)
		cli_error("--reduce %s:%u: %s", sa_reduce_name(why.reduce.method),
		    why.reduce.bits, why.text);
	else
		cli_error("--reduce: %s", sa_strerror(status));
	return false;
}

void
cli_formula(const sa_shuffle *sh, size_t n, char *buf, size_t size)
{
	const char *formula = sh->runs_formula ? sh->runs_formula : "";
	size_t len = 0;

	buf[0] = '\0';
	for (const char *p = formula; *p && len + 1 < size; p++) {
		if (*p == 'n')
			len += (size_t)snprintf(buf + len, size - len, "%zu", n);
		else if (sh->param != NULL && *p == sh->param[0])
			len += (size_t)snprintf(buf + len, size - len, "%llu",
			    (unsigned long long)sa_shuffle_param(sh, n));
		else
			buf[len++] = *p, buf[len] = '\0';
		if (len >= size)
			len = size - 1;
	}
}

void
cli_shuffle_label(const sa_shuffle *sh, size_t n, char *buf, size_t size)
{
	if (sh->param != NULL)
		snprintf(buf, size, "%s:%llu", sh->name,
		    (unsigned long long)sa_shuffle_param(sh, n));
	else
		snprintf(buf, size, "%s", sh->name);
}

bool
cli_parse_reduce(const char *spec, sa_reduce *out)
{
	switch (sa_reduce_parse(spec, out)) {
	case SA_OK:
		return true;
	case SA_EPARAM:
		if (out->method == SA_REDUCE_SCALE)
			cli_error("--reduce %s: BITS must be a whole number "
			    "from 2 to %d for scale", cli_arg(spec), SA_SCALE_MAX_BITS);
		else
			cli_error("--reduce %s: BITS must be a whole number "
			    "from 1 to 64", cli_arg(spec));
		return false;
	default:
		cli_error("--reduce %s: unknown method (modulo, multiply, "
		    "reject, lemire, scale)", cli_arg(spec));
		return false;
	}
}

bool
cli_reducer_ok(const sa_reducer *red, const sa_shuffle *sh)
{
	if (red->err == SA_OK)
		return true;
	if (red->r.method == SA_REDUCE_SCALE) {
		cli_error("--reduce scale:%u: the %s shuffle asked for a draw "
		    "below %llu, more values than the 2^%u - 1 words scaled",
		    red->r.bits, sh->name, (unsigned long long)red->bad_bound,
		    red->r.bits);
		return false;
	}
	cli_error("--reduce %s:%u: the %s shuffle asked for a draw below %llu, "
	    "which %u-bit words cannot make by %s (every word would be thrown "
	    "back)", sa_reduce_name(red->r.method), red->r.bits, sh->name,
	    (unsigned long long)red->bad_bound, red->r.bits,
	    sa_reduce_name(red->r.method));
	return false;
}

double
cli_seconds(void)
{
	return sa_clock();	/* the clock the library's deadlines use */
}

void
cli_p_text(double l, char *buf, size_t size)
{
	double e = floor(l);

	if (l >= -4)
		snprintf(buf, size, "%.3g", pow(10.0, l));
	else
		snprintf(buf, size, "%.2ge%.0f", pow(10.0, l - e), e);
}

/*
 * A probability EPS strictly between 0 and 1, written 2^-K (K from 1 to
 * 4096) or as a decimal 0.DDD (up to 60 decimals), into OUT exactly.
 */
bool
cli_parse_fraction(const char *opt, const char *s, sa_fraction *out)
{
	switch (sa_fraction_parse(s, out)) {
	case SA_OK:
		return true;
	case SA_ENOMEM:
		cli_error("%s: out of memory", opt);
		return false;
	case SA_ERANGE:
		if (strncmp(s, "2^-", 3) != 0) {
			cli_error("%s %s: must be above 0", opt, cli_arg(s));
			return false;
		}
		/* FALLTHROUGH */
	default:
		if (strncmp(s, "2^-", 3) == 0)
			cli_error("%s %s: expected 2^-K with K from 1 to 4096, "
			    "or a decimal such as 0.001", opt, cli_arg(s));
		else if (strncmp(s, "0.", 2) != 0 || s[2] == '\0')
			cli_error("%s %s: expected a decimal between 0 and 1, "
			    "such as 0.001, or 2^-K", opt, cli_arg(s));
		else
			cli_error("%s %s: expected a decimal between 0 and 1 "
			    "with at most 60 decimals, or 2^-K", opt, cli_arg(s));
		return false;
	}
}

/* How the reduction makes a draw below k, in words. */
const char *
cli_reduce_words(enum sa_reduce_method m)
{
	switch (m) {
	case SA_REDUCE_MODULO:
		return "r % k";
	case SA_REDUCE_MULTIPLY:
		return "floor(r k / 2^B)";
	case SA_REDUCE_REJECT:
		return "rejection of the last, incomplete block";
	case SA_REDUCE_SCALE:
		return "(int)(r * (1.0 / (2^B - 1)) * k) as .NET's Next(k) "
		    "does (the all-ones word never drawn)";
	default:
		return "Lemire's multiply-and-reject";
	}
}

bool
cli_parse_format_or(const char *s, const char *extra, int *fmt, bool *is_extra)
{
	struct cli_near near;
	char did[96];

	*is_extra = strcasecmp(s, extra) == 0;
	if (*is_extra)
		return true;
	if (strcasecmp(s, "junit") == 0)
		return cli_parse_format(s, fmt);	/* its refusal */
	for (size_t i = 0; cli_format_names[i] != NULL; i++)
		if (strcasecmp(s, cli_format_names[i]) == 0)
			return cli_parse_format(s, fmt);
	cli_near_init(&near, s);
	for (size_t i = 0; cli_format_names[i] != NULL; i++)
		cli_near_try(&near, cli_format_names[i]);
	cli_near_try(&near, extra);
	cli_error("-f %s: expected " REP_FORMATS_NAMED " or %s%s", cli_arg(s),
	    extra, cli_near_say(&near, did, sizeof did));
	return false;
}
