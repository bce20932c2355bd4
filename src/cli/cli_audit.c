/*
 * cli_audit.c - `census --plugin` and `census --exec`: the census of a
 * user's own shuffle, counted by the audit runner (run.h) or added up
 * from the parts under merge; the runner's refusals said, its progress
 * shown, the second models' counts judged, and the report of a
 * misbehaviour.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_escape.h"
#include "cli_part.h"
#include "cli_audit.h"
#include "cli_audit_part.h"

/*
 * The runner's refusal in AU said (when it has words), as STATUS, the
 * exit status it returns.
 */
static int
audit_said(struct audit *au, int status)
{
	if (status == RUN_REFUSED && au->error[0] != '\0')
		cli_error("%s", au->error);
	au->error[0] = '\0';
	return status;
}

/* The runner's view of an audit under way: progress on stderr. */
static struct run_view audit_view;

/* The forecast's line, on a terminal or not. */
static void
view_hint(void *ctx, const struct audit *au, double total,
    const sa_audit_pace *pace, const char *cheaper)
{
	char words[48];

	(void)ctx;
	run_duration(total, words, sizeof words);
	if (audit_view.live)
		cli_clear_line(stderr);
	fprintf(stderr, PROGNAME ": audit: foretold to take about %s "
	    "(about %.3g runs at %.3g a second)%s%s%s\n", words, pace->runs,
	    pace->rate, cheaper[0] ? "; it would take less with " : "",
	    cheaper, au->deadline == 0 ? (cheaper[0] ? ", or --time-limit to "
	    "stop it" : "; --time-limit stops it") : "");
}

/* The progress line on a terminal. */
static void
view_show(void *ctx, const struct audit *au, uint64_t runs,
    const sa_audit_pace *pace)
{
	(void)ctx;
	fprintf(stderr, "\r" PROGNAME ": audit: ");
	if (au->depth != 0)
		fprintf(stderr, "layers to depth %zu: ", au->depth);
	fprintf(stderr, "%llu runs, %.3g runs/s, %.1f%% walked",
	    (unsigned long long)runs, pace->rate, 100.0 * pace->done);
	if (pace->left >= 0)
		fprintf(stderr, ", about %.0f s left", pace->left);
	if (au->instances > 1)
		fprintf(stderr, " (the first of %u copies)", au->instances);
	fputc(' ', stderr);
}

static void
view_end(void *ctx, double spent)
{
	(void)ctx;
	if (audit_view.live && spent >= 1.0)
		cli_clear_line(stderr);
}

/* Live when stderr is a terminal: set by audit_count before each walk. */
static struct run_view audit_view = { false, view_hint, view_show,
    view_end, NULL };

/*
 * The count of JOB: from the parts under merge; otherwise the code's
 * walk, written as a part under --part.
 */
static int
audit_count(struct audit *au, size_t n, const struct part_set *merging,
    struct job *job)
{
	int status;

	if (audit_parted(merging, au, n, job, &status))
		return status;
	audit_view.live = isatty(STDERR_FILENO) != 0;
	au->view = &audit_view;
	status = audit_said(au, run_count(au, n, job));
	if (status == EXIT_FAIR && au->part_count != 0)
		return audit_part_put(au, n, job);
	return status;
}

int
audit_census(struct audit *au, size_t n, const struct part_set *merging,
    sa_census **out)
{
	struct job job = { 0, NULL, NULL };
	int status;

	au->depth = 0;
	status = audit_count(au, n, merging, &job);
	*out = job.census;
	audit_mention_draws(au);
	return status;
}

int
audit_layers(struct audit *au, size_t n, size_t depth,
    const struct part_set *merging, sa_layers **out)
{
	struct job job = { depth, NULL, NULL };
	int status;

	au->depth = depth;
	au->timed_out = false;
	status = audit_count(au, n, merging, &job);
	*out = NULL;
	if (status != EXIT_FAIR)
		return status;
	if ((status = sa_layers_finish(job.layers)) != SA_OK) {
		cli_error("%s: census by layers of %zu cards: %s",
		    au->ops->option, n, sa_strerror(status));
		sa_layers_free(job.layers);
		return EXIT_TROUBLE;
	}
	*out = job.layers;
	return EXIT_FAIR;
}

void
audit_mention_draws(struct audit *au)
{
	size_t len = strlen(au->summary);

	/* Raw words are worth a mention only when the code asked for them. */
	if (au->raw_used && strstr(au->summary, ", raw words of") == NULL)
		snprintf(au->summary + len, sizeof au->summary - len,
		    ", raw words of %u bits", au->raw_bits);
	len = strlen(au->summary);
	/* And reals, with what their cells prove. */
	if (au->real_used && strstr(au->summary, ", reals from") == NULL)
		snprintf(au->summary + len, sizeof au->summary - len,
		    ", reals from %llu cells (exact for floor(u * k), k "
		    "dividing %llu)", (unsigned long long)au->real_cells,
		    (unsigned long long)au->real_cells);
}

/*
 * The misbehaviour as a picture, for a command asked for SVG: its
 * sentence, wrapped, in a white box.  The exit status says the rest.
 */
void
audit_report_svg(const struct audit *au, size_t n)
{
	char line[640], piece[12][80];
	const char *s = line;
	int lines = 0;

	snprintf(line, sizeof line, "The %s shuffle of %zu cards misbehaved: "
	    "it %s.", au->shuffle.name, n, au->what);
	/* Lines of at most 72 bytes, broken at spaces where there are any. */
	while (*s != '\0' && lines < 12) {
		size_t len = strlen(s) > 72 ? 72 : strlen(s);

		while (len < strlen(s) && len > 0 && s[len] != ' ')
			len--;
		if (len == 0)
			len = strlen(s) > 72 ? 72 : strlen(s);
		snprintf(piece[lines++], sizeof piece[0], "%.*s", (int)len, s);
		s += len;
		while (*s == ' ')
			s++;
	}
	printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="
	    "\"http://www.w3.org/2000/svg\" width=\"640\" height=\"%d\" "
	    "font-family=\"sans-serif\" font-size=\"14\">\n<title>",
	    40 + 20 * lines);
	esc_xml(stdout, line, false);
	printf("</title>\n<rect width=\"640\" height=\"%d\" "
	    "fill=\"white\"/>\n", 40 + 20 * lines);
	for (int k = 0; k < lines; k++) {
		printf("<text x=\"12\" y=\"%d\" fill=\"#b2182b\">", 28 + 20 * k);
		esc_xml(stdout, piece[k], false);
		fputs("</text>\n", stdout);
	}
	fputs("</svg>\n", stdout);
}

/* The cells tried in turn, at each of which a run's deck moved. */
static void
tried_field(report *r, const struct audit *au)
{
	char list[160];
	unsigned len = 0;

	for (unsigned i = 0; i < au->ntried && len < sizeof list; i++)
		len += (unsigned)snprintf(list + len, sizeof list - len,
		    "%s%llu", i ? " " : "", (unsigned long long)
		    au->cells_tried[i]);
	rep_list(r, "cells_tried", "cells tried", list, true, "at each, a "
	    "run's deck moved with its reals placed elsewhere in their cells; "
	    "the last is the cap, --real-cells or 2 lcm(1..n)");
}

/* The misbehaviour, as data: text, TSV, CSV or JSON. */
void
audit_report(const struct audit *au, size_t n, enum rep_format fmt)
{
	static const struct rep_col cols[] = {
		{ "draw", "draw", REP_U64, 6, true, true, 0, NULL },
		{ "bound", "below", REP_U64, 12, true, true, 0, NULL },
		{ "value", "value", REP_U64, 12, true, true, 0, NULL },
	};
	/* The part of the runs that was walked: of --part and the copies. */
	unsigned p = au->part_count ? au->part_count : 1;
	unsigned parts = p * au->instances, part = au->part_count ?
	    au->part_index - 1 + p * au->part : au->part;
	report r;

	bool model = au->status == SA_EMODEL;

	rep_begin(&r, stdout, fmt);
	if (model)
		rep_line(&r, "The %s shuffle of %zu cards: the model decides. "
		    "It %s.", au->shuffle.name, n, au->what);
	else
		rep_line(&r, "The %s shuffle of %zu cards misbehaved: it %s.",
		    au->shuffle.name, n, au->what);
	rep_line(&r, "%s", "");
	rep_str(&r, "audited", "audited", au->command ? au->command :
	    au->path, au->command ? "--exec" : "--plugin");
	if (au->path != NULL)
		rep_str(&r, "symbol", "function", au->symbol, NULL);
	rep_u64(&r, "cards", "cards", n, NULL);
	rep_str(&r, "verdict", "verdict", model ? "the model decides" :
	    "misbehaved", model ? "exit status 4" : "exit status 3");
	rep_bool(&r, "fair", NULL, false, NULL);	/* not shown fair */
	rep_str(&r, "problem", "problem", au->what, NULL);
	if (model && au->raw_model)
		rep_list(&r, "raw_placements", "raw placed",
		    "repeat top-0 top-1 top-index", false, "0 on the walk, the "
		    "other on the run made again by a copy of the program");
	else if (model)
		rep_list(&r, "placements", "reals placed", au->streamed ?
		    "mid low high inner" : "low high inner", false,
		    au->streamed ? "the census's, then the others, on the runs "
		    "the auditor made again" : "the census's, then the "
		    "others, run by run");
	if (model && au->ntried > 1)
		tried_field(&r, au);
	if (parts > 1) {
		char note[96];

		snprintf(note, sizeof note, "of %u, runs whose first draw is "
		    "%u modulo %u", parts, part, parts);
		rep_u64(&r, "part", "in part", part + 1, note);
	}
	if (au->run != 0)
		rep_u64(&r, "run", "on run", au->run, parts > 1 ?
		    (au->ndraws > 0 ? "of its part, counting from 1, in the "
		    "order of the draws below" : "of its part, counting from 1, "
		    "before its first draw") : au->ndraws > 0 ? "counting from "
		    "1, in the order of the draws below" : "counting from 1, "
		    "before its first draw");
	rep_u64(&r, "raw_bits", "raw word bits", au->raw_bits, NULL);
	guard_fields(&r, au->protections);
	if (au->run != 0 && au->ndraws > 0) {
		rep_line(&r, "%s", "");
		rep_table(&r, "draws", cols, 3);
		for (size_t i = 0; i < au->ndraws; i++) {
			struct rep_cell cells[3];

			memset(cells, 0, sizeof cells);
			cells[0].u = i + 1;
			cells[1].u = au->bounds[i];
			cells[2].u = au->draws[i];
			rep_row(&r, cells);
		}
		rep_table_end(&r);
	}
	rep_end(&r);
}

/*
 * JOB's count (a census, or layers collected) under the second model
 * KIND, for the runner's judgement: from the parts under merge (CTX) or
 * counted now, its refusal said; an exit status.
 */
static int
audit_second(void *ctx, struct audit *au, size_t n, const struct job *job,
    enum again kind, struct job *out)
{
	const struct part_set *merging = ctx;

	return merging != NULL ?
	    audit_parted_again(merging, au, n, job->depth, kind, out) :
	    audit_said(au, run_again(au, n, job, kind, out));
}

void
audit_check(struct audit *au, size_t n, const struct part_set *merging,
    const sa_census *c, struct audit_check *out)
{
	struct run_source src = { audit_second, (void *)merging,
	    merging != NULL };

	run_judge_census(au, n, c, &src, out);
}

void
audit_judge_layers(struct audit *au, size_t n,
    const struct part_set *merging, sa_layers *l, struct audit_check *out)
{
	struct run_source src = { audit_second, (void *)merging,
	    merging != NULL };

	run_judge_layers(au, n, l, &src, out);
}

int
check_exit(enum run_verdict v)
{
	static const int exits[] = { EXIT_FAIR, EXIT_UNFAIR, EXIT_MODEL,
	    EXIT_MODEL };

	return exits[v];
}

/*
 * A plugin's raw words, exact at the width it reads them: the verdict
 * stands at B bits, and the wider count, where it was made, only says
 * which way the bias goes.
 */
static void
exact_raw_fields(report *r, const struct audit_check *b)
{
	static const char *const causes[] = { "none", "loop", "reduction",
	    "unsettled" };
	static const char *const trend[] = { "", "the same chances: the "
	    "bias is the loop's", "nearer uniform: the bias is the "
	    "reduction's", "other chances, not nearer uniform" };
	char value[320];

	const char *how = b->raw_by_placing ? "widened by the harness "
	    "every way it places them with no run made again moving (the "
	    "evidence of invariance), so the verdict stands at that width" :
	    "which it reads whole, so the verdict is exact at that width";

	if (b->raw_settled)
		snprintf(value, sizeof value, "the code's own %u-bit words, "
		    "%s; with %u-bit words, %s", b->bits, how, b->wider,
		    trend[b->cause]);
	else
		snprintf(value, sizeof value, "the code's own %u-bit words, "
		    "%s (not counted at %u bits: too costly)", b->bits, how,
		    b->wider);
	rep_str(r, NULL, "raw words", value, NULL);
	rep_bool(r, "raw_own", NULL, true, NULL);
	rep_str(r, "bias_from", NULL, b->raw_settled ? causes[b->cause] :
	    "not settled", NULL);
	rep_u64(r, "bias_bits", NULL, b->wider, NULL);
}

/* Loop or reduction, in words. */
static void
raw_fields(report *r, const struct audit_check *b)
{
	static const char *const causes[] = { "none", "loop", "reduction",
	    "unsettled" };
	char value[320];

	if (b->raw_exact) {
		exact_raw_fields(r, b);
		return;
	}
	if (!b->raw_settled && b->by_layers) {
		snprintf(value, sizeof value, "not settled: a census by layers "
		    "at --raw-bits %u would tell the loop's bias from the "
		    "reduction's", b->wider);
		rep_str(r, NULL, "bias from", value, NULL);
		rep_str(r, "bias_from", NULL, "not settled", NULL);
		rep_u64(r, "bias_bits", NULL, b->wider, NULL);
		return;
	}
	if (!b->raw_settled) {
		snprintf(value, sizeof value, "not settled: a census at "
		    "--raw-bits %u, of about %.3g runs, would tell the loop's "
		    "bias from the reduction's", b->wider, b->runs);
		rep_str(r, NULL, "bias from", value, NULL);
		rep_str(r, "bias_from", NULL, "not settled", NULL);
		rep_u64(r, "bias_bits", NULL, b->wider, NULL);
		return;
	}
	switch (b->cause) {
	case SA_BIAS_LOOP:
		snprintf(value, sizeof value, "the loop, at these widths: the "
		    "same chances with %u-bit words as with %u (evidence, not "
		    "proof: the bits past those drawn were not varied)",
		    b->wider, b->bits);
		break;
	case SA_BIAS_REDUCTION:
		snprintf(value, sizeof value, "the reduction of raw words: "
		    "nearer uniform with %u-bit words than with %u; audit the "
		    "loop itself over bounded draws (\"draw K\", \"real\", a "
		    "harness's draw mode)", b->wider, b->bits);
		break;
	default:
		snprintf(value, sizeof value, "unsettled: other chances with "
		    "%u-bit words than with %u%s", b->wider, b->bits,
		    b->by_layers ? ", so the width decides" :
		    ", not nearer uniform");
		break;
	}
	rep_str(r, NULL, "bias from", value, NULL);
	rep_str(r, "bias_from", NULL, causes[b->cause], NULL);
	rep_u64(r, "bias_bits", NULL, b->wider, NULL);
}

/* The reals placed elsewhere in their cells, in words. */
static void
real_fields(report *r, const struct audit_check *k)
{
	char value[480], more[160] = "";
	uint64_t wider;

	if (sa_real_cells_wider(k->n, k->cells, &wider) == SA_OK &&
	    wider != k->cells)
		snprintf(more, sizeof more, "; --real-cells %llu, which covers "
		    "floor(u * k) and rounding for every k up to %zu, may count "
		    "it exactly", (unsigned long long)wider, k->n);

	if (!k->real_settled)
		snprintf(value, sizeof value, "not counted (--time-limit): "
		    "whether the code uses its reals only through their %llu "
		    "cells and their order is not known",
		    (unsigned long long)k->cells);
	else if (k->real_same)
		snprintf(value, sizeof value, "the same chances with every "
		    "real placed a quarter into its cell as at its middle: "
		    "evidence, not proof, that the code uses its reals only "
		    "through their %llu cells and their order (shuffle-audit(1), "
		    "Placements, says what proves it)",
		    (unsigned long long)k->cells);
	else
		snprintf(value, sizeof value, "other chances with every real "
		    "placed elsewhere in its cell: the code uses its reals "
		    "other than through floor(u * k) for k dividing %llu and "
		    "comparisons (rounding, u * k for another k, arithmetic "
		    "on reals), so the cells decide%s", (unsigned long long)
		    k->cells, more);
	rep_str(r, NULL, "reals checked", value, NULL);
	rep_str(r, "reals_checked", NULL, !k->real_settled ? "not counted" :
	    k->real_same ? "same" : "differ", NULL);
}

void
guard_fields(report *r, unsigned protections)
{
	static const struct {
		unsigned bit;
		const char *key, *words;
	} all[] = {
		{ GUARD_SECCOMP, "seccomp", "seccomp" },
		{ GUARD_NO_PTRACE, "no-ptrace", "no CAP_SYS_PTRACE" },
		{ GUARD_NOT_DUMPABLE, "not-dumpable", "not dumpable" },
		{ GUARD_SUBREAPER, "subreaper", "subreaper" },
	};
	char keys[96] = "", words[320] = "", missing[160] = "";
	size_t nk = 0, nw = 0, nm = 0;

	if (protections == 0)
		return;
	if (protections == GUARD_NAMED)
		nw = (size_t)snprintf(words, sizeof words, "none");
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		if (protections & all[i].bit) {
			nk += (size_t)snprintf(keys + nk, sizeof keys - nk, "%s%s",
			    nk ? " " : "", all[i].key);
			nw += (size_t)snprintf(words + nw, sizeof words - nw,
			    "%s%s", nw ? ", " : "", all[i].words);
		} else {
			nm += (size_t)snprintf(missing + nm, sizeof missing - nm,
			    "%s%s", nm ? ", " : "", all[i].words);
		}
	}
	if (nm != 0)
		snprintf(words + nw, sizeof words - nw, "; not in force %s: %s "
		    "(shuffle-audit(1), SECURITY CONSIDERATIONS)", protections &
		    GUARD_NAMED ? "in every part" : "here", missing);
	/* The pid namespace in a field of its own, before protections:
	 * the one line that depends on what the kernel allows, which
	 * tests/cli.sh can set aside. */
	rep_str(r, NULL, "isolation", protections & GUARD_PID_NS ?
	    "pid namespace" : protections & GUARD_NAMED ?
	    "none in some part" : "none (refused by the kernel)", NULL);
	rep_str(r, "isolation", NULL, protections & GUARD_PID_NS ?
	    "pid-namespace" : "none", NULL);
	rep_str(r, NULL, "protections", words, NULL);
	rep_str(r, "protections", NULL, keys, NULL);
}

/* The runs made again with their reals placed elsewhere, in words. */
static void
placed_fields(report *r, const struct audit_check *k)
{
	char runs[24], note[400];

	if (!k->real_drawn)
		return;
	snprintf(runs, sizeof runs, "%llu", (unsigned long long)k->placed);
	if (k->placed > 0)
		snprintf(note, sizeof note, "sequences of draws that drew "
		    "reals, %s", k->own_reals ? "those of the program's own "
		    "walk the auditor made again itself (all of a walk of at "
		    "most 4096, else the first 32 and 32 more at random): "
		    "each made again with its "
		    "reals at both ends of their cells and at an inner point, "
		    "and landing on its deck every time" : k->every == 1 ?
		    "every one: each counted with its reals near the low ends "
		    "of their cells and made again near the high ends (the "
		    "first runs and one in 64 at an inner point too), landing "
		    "on its deck every time" : "those --repeat made again: "
		    "each counted with its reals near the low ends of their "
		    "cells and made again near the high ends (the first runs "
		    "and one in 64 at an inner point too), landing on its deck "
		    "every time");
	else
		snprintf(note, sizeof note, "the census's middle of each cell "
		    "only: %s, so what the verdict says holds for the model of "
		    "%llu cells", k->every == 0 ? "no run was made again "
		    "(--repeat none)" : k->own_reals ? "the program works its "
		    "reals out itself in its walk or plans (the auditor places "
		    "at most the few runs it makes again over the plain "
		    "protocol)" : "no run was made again elsewhere in its cells",
		    (unsigned long long)k->cells);
	rep_str(r, NULL, "reals placed", runs, note);
	rep_list(r, "placements", NULL, k->placed == 0 ? "mid" :
	    k->own_reals ? "mid low high inner" : "low high inner", false,
	    NULL);
	rep_u64(r, "placed_sequences", NULL, k->placed, NULL);
	if (k->tried[0] != '\0') {
		snprintf(note, sizeof note, "of %s, tried in turn, each the "
		    "cells that put where a run moved on an edge, or the next "
		    "of 2, 4, 6, 12, ...: the first at which every run placed "
		    "kept its deck", k->tried);
		rep_u64(r, "real_cells", "real cells", k->cells, note);
		rep_list(r, "cells_tried", NULL, k->tried, true, NULL);
	}
}

/*
 * A harness's runs made again with its raw words placed otherwise.  The
 * value is a number (0 when none was), its words in the note, so that
 * the text's columns do not move.
 */
static void
raw_placed_fields(report *r, const struct audit_check *k)
{
	if (!k->raw_drawn)
		return;
	rep_u64(r, "raw_placed_sequences", "raw placed", k->raw_placed,
	    k->raw_untold ? "not checked: its harness did not say it places "
	    "raw words as SHUFFLE_AUDIT_RAW_PLACE tells (\"raw-place\" in its "
	    "hello), an older copy, so the verdict is the model's of words "
	    "repeated across the wider word" : k->raw_placed > 0 ? "runs of "
	    "its walk made again by copies of it with each raw word at the "
	    "top of the wider word, the bits below 0, 1 and a function of "
	    "the word's index, each landing on its deck" : "no run of its "
	    "walk was made again by a copy: the "
	    "verdict is the model's of words repeated across the wider word");
	rep_bool(r, "raw_place_told", NULL, !k->raw_untold, NULL);
}

/*
 * The runs of a streamed walk the auditor made again over the plain
 * protocol, where that is not all of them (--repeat 1/K or none), and
 * the odds that a lie in one run goes unseen.
 */
static void
replay_fields(report *r, const struct audit_check *k)
{
	char value[64], note[128];

	if (!k->streamed || k->replayed == 1)
		return;
	if (k->replayed == 0) {
		rep_str(r, "replayed", "runs made again", "64", "the first 32 "
		    "and 32 more at random; --repeat none: a lie in one "
		    "streamed run past them goes unseen");
		return;
	}
	snprintf(value, sizeof value, "1 in %llu",
	    (unsigned long long)k->replayed);
	snprintf(note, sizeof note, "at random, --repeat 1/%llu: a lie in one "
	    "streamed run goes unseen with odds %llu/%llu", (unsigned long long)
	    k->replayed, (unsigned long long)k->replayed - 1,
	    (unsigned long long)k->replayed);
	rep_str(r, "replayed", "runs made again", value, note);
}

/*
 * The odds that two keys of a run tie (sa_ties_bound), where the keys
 * are integers below a width: counted (sort-keys:K), or left out by a
 * count that took them as reals (audited code's wide integers).
 */
static void
ties_fields(report *r, const struct audit_check *k)
{
	sa_fraction f;
	char *exact, *sig, note[480];
	int status;

	if (k->key_width == 0)
		return;
	sa_fraction_init(&f);
	exact = sig = NULL;
	status = sa_ties_bound(k->key_count, k->key_width, &f);
	if (status == SA_OK) {
		exact = sa_fraction_exact(&f);
		sig = sa_fraction_sig(&f, 3);
	} else if (status == SA_ERANGE && k->keys_counted) {
		return;		/* few values: the count says it all */
	} else if (status == SA_ERANGE) {
		exact = strdup("1");	/* the bound that 1 is, alone */
		sig = strdup("1");
	}
	if (exact != NULL && sig != NULL) {
		snprintf(note, sizeof note, "about %s: the odds that two of the "
		    "%llu keys of a run, each below %llu, tie; a stable sort "
		    "gives the runs where keys tie to the orderings that keep "
		    "tied cards in place: %s", sig, (unsigned long long)
		    k->key_count, (unsigned long long)k->key_width,
		    k->keys_counted ? "counted here, that is all of this "
		    "shuffle's bias; an audit that serves such keys as reals "
		    "states this bound" : "left out here, where each key was a "
		    "real and no two reals tie; census -a sort-keys:K counts "
		    "them");
		rep_str(r, NULL, "keys' ties at most", exact, note);
		rep_str(r, "ties_bound", NULL, exact, NULL);
		rep_num(r, "ties_bound_value", NULL, sig, NULL);
	}
	rep_u64(r, "key_width", NULL, k->key_width, NULL);
	rep_u64(r, "keys", NULL, k->key_count, NULL);
	rep_bool(r, "ties_counted", NULL, k->keys_counted, NULL);
	free(exact);
	free(sig);
	sa_fraction_free(&f);
}

void
check_fields(report *r, const struct audit_check *k)
{
	static const char *const models[] = { "none", "same", "differs",
	    "unchecked" };

	ties_fields(r, k);
	guard_fields(r, k->protections);
	placed_fields(r, k);
	raw_placed_fields(r, k);
	replay_fields(r, k);
	if (k->model == SA_MODEL_NONE)
		return;
	if (k->raw_asked)
		raw_fields(r, k);
	if (k->real_asked)
		real_fields(r, k);
	rep_str(r, "model_check", NULL, models[k->model], NULL);
}
