/*
 * cli_harness.c - `shuffle-audit harness [LANG]`: the harness of a
 * language, as the binary carries it (src/harness/), so that a job with
 * nothing but the binary can audit its shuffle in its own language.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_harness;

static const char usage_text[] =
    "usage: " PROGNAME " harness [-f FORMAT] [LANGUAGE]\n";

/*
 * The languages: every list of them (the help's, an unknown one's
 * error, the completions, tests/examples/harness/build.sh's) is made
 * from this table, and each FILE is one of src/harness/ (the Makefile
 * embeds them all; tests/docs.sh holds the two alike).
 */
static const struct language {
	const char *name, *aliases;	/* aliases: space-separated */
	int said;			/* how many aliases the help names */
	const char *file;
	const char *hooks;		/* what it answers, in brief */
	const char *build;		/* how the example is run */
} languages[] = {
	{ "python", "py python3", 0, "sa_harness.py",
	    "Random._randbelow as draw, random() as real; library mode: "
	    "getrandbits", "python3 mine.py" },
	{ "javascript", "js node typescript ts", 3, "sa_harness.js",
	    "Math.random as real; draw(k); library mode: Math.random from "
	    "raw words", "node mine.js" },
	{ "java", "", 0, "SaHarness.java",
	    "Random.nextInt(bound) as draw, nextDouble as real; library "
	    "mode: next(bits)", "javac SaHarness.java Mine.java; java Mine" },
	{ "go", "golang", 0, "sa_harness.go",
	    "SaIntn as draw, SaFloat64 as real; SaRand(): math/rand over raw "
	    "words", "go build -o mine_go mine.go sa_harness.go; ./mine_go" },
	{ "rust", "rs", 0, "sa_harness.rs",
	    "below(k) as draw, real(), raw()", "rustc -O mine.rs -o mine_rs; "
	    "./mine_rs" },
	{ "csharp", "cs c#", 1, "SaHarness.cs",
	    "Random.Next(max) as draw, NextDouble as real; library mode: "
	    "Sample()", "mcs -out:mine.exe SaHarness.cs Mine.cs; mono "
	    "mine.exe" },
	{ "c", "c++ cpp cxx", 2, "sa_harness.h",
	    "sa_harness_draw as draw, sa_harness_real, sa_harness_raw; C++: "
	    "a random bit generator", "cc -O2 -o mine_c mine.c; ./mine_c" },
};

#define LANGUAGES (sizeof languages / sizeof languages[0])

/*
 * The languages as a sentence into BUF (SIZE bytes), after LEAD: "python,
 * javascript (js, node, typescript), ... and c (c++, cpp)" with the
 * aliases the help names when ALIASES, "python, javascript, ..., c"
 * otherwise, and a full stop when ALIASES.
 */
static const char *
languages_said(char *buf, size_t size, const char *lead, bool aliases)
{
	size_t len = (size_t)snprintf(buf, size, "%s", lead);

	for (size_t i = 0; i < LANGUAGES && len < size; i++) {
		const char *a = languages[i].aliases;

		len += (size_t)snprintf(buf + len, size - len, "%s%s",
		    i == 0 ? "" : ", ", languages[i].name);
		for (int k = 0; aliases && k < languages[i].said &&
		    len < size; k++) {
			size_t w = strcspn(a, " ");

			len += (size_t)snprintf(buf + len, size - len, "%s%.*s",
			    k == 0 ? " (" : ", ", (int)w, a);
			a += w + (a[w] == ' ');
		}
		if (aliases && languages[i].said > 0 && len < size)
			len += (size_t)snprintf(buf + len, size - len, ")");
	}
	if (aliases && len < size)
		snprintf(buf + len, size - len, ".");
	return buf;
}

/*
 * TEXT to OUT in lines of at most 66 columns, as the rest of the help
 * is written, broken at blanks.
 */
static void
wrap(FILE *out, const char *text)
{
	while (strlen(text) > 66) {
		size_t at = 66, end;

		while (at > 0 && text[at] != ' ')
			at--;
		if (at == 0)
			break;
		for (end = at; end > 0 && text[end - 1] == ' '; end--)
			;
		fprintf(out, "%.*s\n", (int)end, text);
		for (text += at; *text == ' '; text++)
			;
	}
	fprintf(out, "%s\n", text);
}

static void
help(FILE *out)
{
	char said[512];

	fputs(usage_text, out);
	fputs("\n"
	    "Prints the harness for LANGUAGE, a file to put beside your code\n"
	    "that answers your language's own randomness from shuffle-audit,\n"
	    "so that `census --exec` counts every run of your shuffle:\n"
	    "\n"
	    "  " PROGNAME " harness python > sa_harness.py\n"
	    "\n", out);
	wrap(out, languages_said(said, sizeof said, "Without LANGUAGE, lists "
	    "the languages, their files and what each harness answers.  "
	    "Languages: ", true));
	fputs("\n"
	    "  -f, --format FORMAT   the list as " REP_FORMATS_SAID "\n"
	    CLI_HELP_HELP, out);
}

/* The language NAME names, by its name or an alias; NULL if none. */
static const struct language *
find(const char *name)
{
	for (size_t i = 0; i < LANGUAGES; i++) {
		const char *a = languages[i].aliases;
		size_t len = strlen(name);

		if (strcasecmp(name, languages[i].name) == 0)
			return &languages[i];
		while (*a != '\0') {
			size_t w = strcspn(a, " ");

			if (w == len && strncasecmp(a, name, w) == 0)
				return &languages[i];
			a += w + (a[w] == ' ');
		}
	}
	return NULL;
}

/* The embedded file named FILE; NULL if the build lost it. */
static const struct cli_file *
embedded(const char *file)
{
	for (const struct cli_file *f = cli_harness_files; f->name; f++)
		if (strcmp(f->name, file) == 0)
			return f;
	return NULL;
}

static int
list(enum rep_format fmt)
{
	static const struct rep_col cols[] = {
		{ "language", "language", REP_STR, 10, false, true, 0, NULL },
		{ "file", "file", REP_STR, 14, false, true, 0, NULL },
		{ "answers", "answers", REP_STR, 0, false, true, 0, NULL },
		{ "aliases", "aliases", REP_STR, 0, false, true, 0, NULL },
		{ "build", "built and run", REP_STR, 0, false, true, 0, NULL },
	};
	report r;

	rep_begin(&r, stdout, fmt);
	/* Text shows the first three; the rest are for scripts. */
	rep_table(&r, "harnesses", cols, fmt == REP_TEXT ? 3 : 5);
	for (size_t i = 0; i < LANGUAGES; i++) {
		struct rep_cell cells[5];

		memset(cells, 0, sizeof cells);
		cells[0].s = languages[i].name;
		cells[1].s = languages[i].file;
		cells[2].s = languages[i].hooks;
		cells[3].s = languages[i].aliases;
		cells[4].s = languages[i].build;
		rep_row(&r, cells);
	}
	rep_table_end(&r);
	rep_line(&r, "%s", "");
	rep_line(&r, "'" PROGNAME " harness LANGUAGE > FILE' writes one; "
	    "shuffle-audit(1), Auditing your own shuffle, says how to use it.");
	rep_end(&r);
	return cli_finish(EXIT_FAIR);
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	CLI_ROW_END,
};

const char *
cli_harness_language(size_t i)
{
	return i < sizeof languages / sizeof languages[0] ?
	    languages[i].name : NULL;
}

static int
cmd_harness(int argc, char **argv)
{
	int fmt = REP_TEXT, c, status;
	const struct cli_options common = { "harness", help, NULL, &fmt, NULL,
	    0 };
	const struct language *lang;
	const struct cli_file *f;

	/* One operand may come, the language (cli_getopts takes none). */
	while ((c = cli_getopt_long(argc, argv, cli_cmd_harness.shortopts,
	    options)) != -1)
		if ((status = cli_option(c, argv, &common)) != CLI_CONTINUE)
			return status;
	if (optind == argc)
		return list((enum rep_format)fmt);
	if (optind + 1 < argc) {
		cli_error("harness: one language at a time, not \"%s\" too",
		    cli_arg(argv[optind + 1]));
		return EXIT_TROUBLE;
	}
	if ((lang = find(argv[optind])) == NULL) {
		char said[256];

		cli_error("harness %s: no harness for that language (%s)",
		    cli_arg(argv[optind]), languages_said(said, sizeof said,
		    "", false));
		return EXIT_TROUBLE;
	}
	if (fmt != REP_TEXT) {
		cli_error("harness %s: -f formats the list of languages; a "
		    "harness is printed as it is", cli_arg(argv[optind]));
		return EXIT_TROUBLE;
	}
	if ((f = embedded(lang->file)) == NULL) {
		cli_error("harness %s: %s is missing from this build",
		    lang->name, lang->file);
		return EXIT_TROUBLE;
	}
	fwrite(f->text, 1, f->size, stdout);
	return cli_finish(EXIT_FAIR);
}

const struct cli_command cli_cmd_harness = {
	.name = "harness",
	.summary = "print the harness that audits code in a language",
	.shortopts = ":f:h",
	.longopts = options,
	.help = help,
	.run = cmd_harness,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_LANGUAGES,
};
