/*
 * cli_part.c - runs shared out over the jobs of a CI matrix or a
 * scheduler: --part I/P writes part I of P as a part file (the library's
 * format, part.c) instead of a report, and `merge FILES...` reads the
 * parts back, checks that they are one whole run, and runs the command
 * they answer on their counts, so that its report is the whole run's.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shuffle_audit_audit.h"
#include "cli.h"
#include "cli_part.h"

/* The words of the command under way (main.c), as they were given. */
static char **words;
static size_t nwords;
/* The argument of --part, to leave it out of the words a part keeps. */
static const char *part_arg;

void
part_command(int argc, char **argv)
{
	free(words);
	nwords = 0;
	words = malloc(((size_t)argc + 1) * sizeof *words);
	if (words == NULL)
		return;
	memcpy(words, argv, (size_t)argc * sizeof *words);
	nwords = (size_t)argc;
}

void
part_command_free(void)
{
	free(words);
	words = NULL;
	nwords = 0;
	cli_seen_free();
}

bool
part_parse(const char *arg, unsigned *index, unsigned *count)
{
	uint64_t i, p;
	const char *slash = strchr(arg, '/');
	char head[24];

	if (slash == NULL || (size_t)(slash - arg) >= sizeof head) {
		cli_error("--part %s: expected I/P (part I of P)",
		    cli_arg(arg));
		return false;
	}
	memcpy(head, arg, (size_t)(slash - arg));
	head[slash - arg] = '\0';
	if (!cli_parse_uint("--part P", slash + 1, 1, PART_MAX, &p) ||
	    !cli_parse_uint("--part I", head, 1, p, &i))
		return false;
	/* A part file is bytes for merge, not for a screen. */
	if (isatty(STDOUT_FILENO)) {
		cli_error("--part %s: the part file would be written to the "
		    "terminal; send it to a file (> part%llu)", cli_arg(arg),
		    (unsigned long long)i);
		return false;
	}
	*index = (unsigned)i;
	*count = (unsigned)p;
	part_arg = arg;
	return true;
}

/* Whether word K of the command is --part or its argument. */
static bool
is_part_word(size_t k)
{
	const char *w = words[k];

	if (part_arg == NULL)
		return false;
	if (w == part_arg || (part_arg > w && part_arg <= w + strlen(w)))
		return true;
	return k + 1 < nwords && words[k + 1] == part_arg;
}

int
part_put(unsigned index, unsigned count, const char *kind,
    unsigned char *data, size_t len, char **notes, size_t nnotes)
{
	sa_part p;
	char *text = NULL, **kept;
	size_t tlen = 0, nkept = 0;
	int status;

	char **made = NULL;
	size_t nmade = 0, nseen, noperands;
	const struct cli_seen *seen;
	char **operands;
	bool broken = !cli_seen_sorted(&seen, &nseen, &operands, &noperands);

	if ((kept = malloc((nwords + 2 * nseen + noperands + 1) *
	    sizeof *kept)) == NULL || (nseen > 0 && (made = calloc(nseen,
	    sizeof *made)) == NULL)) {
		free(kept);
		free(data);
		cli_error("--part: out of memory");
		return EXIT_TROUBLE;
	}
	if (!broken && nwords > 0) {
		/* The command's name, its options by name, its operands. */
		kept[nkept++] = words[0];
		for (size_t i = 0; i < nseen; i++) {
			if (seen[i].value != NULL && seen[i].optional) {
				made[nmade] = malloc(strlen(seen[i].name) +
				    strlen(seen[i].value) + 2);
				if (made[nmade] == NULL)
					break;
				sprintf(made[nmade], "%s=%s", seen[i].name,
				    seen[i].value);
				kept[nkept++] = made[nmade++];
				continue;
			}
			kept[nkept++] = seen[i].name;
			if (seen[i].value != NULL)
				kept[nkept++] = seen[i].value;
		}
		for (size_t i = 0; i < noperands; i++)
			kept[nkept++] = operands[i];
	} else {
		for (size_t k = 0; k < nwords; k++)
			if (!is_part_word(k))
				kept[nkept++] = words[k];
	}
	memset(&p, 0, sizeof p);
	p.index = index;
	p.count = count;
	p.argv = kept;
	p.argc = nkept;
	p.notes = notes;
	p.nnotes = nnotes;
	p.kind = (char *)kind;
	p.data = data;
	p.len = len;
	status = sa_part_format(&p, &text, &tlen);
	free(kept);
	for (size_t i = 0; i < nmade; i++)
		free(made[i]);
	free(made);
	free(data);
	if (status != SA_OK) {
		cli_error("--part: %s", sa_strerror(status));
		return EXIT_TROUBLE;
	}
	/* Under MPI, the rank's part goes to rank 0 (cli_mpi.c). */
	if (mpi_take(text, tlen))
		return PART_WRITTEN;
	fwrite(text, 1, tlen, stdout);
	free(text);
	return cli_finish(EXIT_FAIR) == EXIT_FAIR ? PART_WRITTEN : EXIT_TROUBLE;
}

unsigned
part_set_total(const struct part_set *set)
{
	return set != NULL && set->count > 0 ? set->parts[0].count : 0;
}


bool
part_set_kind(const struct part_set *set, const char *kind)
{
	if (set == NULL || set->count == 0 ||
	    strcmp(set->parts[0].kind, kind) == 0)
		return true;
	cli_error("merge: the parts hold %s, and their command asks for %s",
	    set->parts[0].kind, kind);
	return false;
}


void
part_merge_help(FILE *out)
{
	fputs("usage: " PROGNAME " merge [-f FORMAT] FILE...\n"
	    "\n"
	    "Adds up the parts of a run shared out with --part I/P (one file\n"
	    "a part, in any order; - reads one from standard input) and\n"
	    "writes the report the whole run writes, with its exit status.\n"
	    "Refuses parts missing, given twice, changed or cut, of another\n"
	    "run or of another version.\n"
	    "\n"
	    "  -f, --format FORMAT  " REP_FORMATS_NAMED " or, for a census's\n"
	    "                       parts, junit (default: the parts'\n"
	    "                       command's own)\n"
	    "  -h, --help           show this help\n", out);
}

const struct option part_merge_options[] = { CLI_ROW_FORMAT, CLI_ROW_HELP,
	CLI_ROW_END };

/*
 * SET's command words with "--format NAME" after them (the last -f is
 * the one a command takes), into SET's own words; false after a message.
 */
static bool
with_format(struct part_set *set, int format)
{
	const sa_part *p = &set->parts[0];

	if ((set->words = malloc((p->argc + 3) * sizeof *set->words)) == NULL) {
		cli_error("merge: out of memory");
		return false;
	}
	memcpy(set->words, p->argv, p->argc * sizeof *set->words);
	set->words[p->argc] = "--format";
	set->words[p->argc + 1] = format == REP_JUNIT ? "junit" :
	    (char *)cli_format_names[format];
	set->words[p->argc + 2] = NULL;
	return true;
}

/*
 * FILE ("-": standard input) into *TEXT, *LEN, a piece at a time, each
 * piece checked by sa_part_sniff before more is read: a file whose
 * first line is not a part's, or that runs past what its own data line
 * says (/dev/zero, an endless stream), is refused with no more read.
 * False after a message.
 */
static bool
read_file(const char *file, char **text, size_t *len)
{
	FILE *f = strcmp(file, "-") == 0 ? stdin : fopen(file, "rb");
	size_t cap = 0, got = 0, most = 64, n;
	char *buf = NULL, *grown, why[160];
	bool ok = true;

	if (f == NULL) {
		cli_error("merge: %s: %s", cli_arg(file), strerror(errno));
		return false;
	}
	for (;;) {
		if (got + 1 >= cap) {
			cap = cap ? cap * 2 : 4096;
			if ((grown = realloc(buf, cap)) == NULL) {
				cli_error("merge: %s: out of memory", cli_arg(file));
				ok = false;
				break;
			}
			buf = grown;
		}
		/* Never more than one byte past the most a part may hold. */
		n = cap - got - 1;
		if (n > most + 1 - got)
			n = most + 1 - got;
		n = fread(buf + got, 1, n, f);
		got += n;
		if (sa_part_sniff(buf, got, &most, why, sizeof why) != SA_OK) {
			cli_error("merge: %s: %s", cli_arg(file), why);
			ok = false;
			break;
		}
		if (got > most) {
			cli_error("merge: %s: more bytes than its data line says "
			    "(a part holds at most %zu)", cli_arg(file), most);
			ok = false;
			break;
		}
		if (n == 0)
			break;
	}
	if (ok && ferror(f)) {
		cli_error("merge: %s: %s", cli_arg(file), strerror(errno));
		ok = false;
	}
	if (f != stdin)
		fclose(f);
	if (!ok) {
		free(buf);
		buf = NULL;
	}
	*text = buf;
	*len = got;
	return ok;
}

/* The part NAME holds (TEXT, LEN bytes; freed) into *P; false after a
 * message. */
static bool
parse_one(const char *name, char *text, size_t len, sa_part *p)
{
	char why[256];
	int status = sa_part_parse(text, len, p, why, sizeof why);

	free(text);
	if (status != SA_OK)
		cli_error("merge: %s: %s", cli_arg(name), status == SA_EINVAL ?
		    why : sa_strerror(status));
	return status == SA_OK;
}

/* FILES (COUNT of them) read into PARTS; false after a message. */
static bool
read_parts(char **files, size_t count, sa_part *parts)
{
	bool stdin_used = false;

	for (size_t i = 0; i < count; i++) {
		char *text;
		size_t len;

		if (strcmp(files[i], "-") == 0 && stdin_used) {
			cli_error("merge: -: standard input holds one part");
			return false;
		}
		stdin_used = stdin_used || strcmp(files[i], "-") == 0;
		if (!read_file(files[i], &text, &len))
			return false;
		if (!parse_one(files[i], text, len, &parts[i]))
			return false;
	}
	return true;
}

/* SET's parts, checked as one run, in order; false after a message. */
static bool
order_parts(char **files, struct part_set *set)
{
	sa_part *parts = set->read;
	size_t count = set->count;
	const sa_part **list = malloc(count * sizeof *list);
	size_t *order = malloc(((size_t)parts[0].count + 1) * sizeof *order);
	char why[256];
	size_t at[2];
	bool ok = list != NULL && order != NULL;

	for (size_t i = 0; ok && i < count; i++)
		list[i] = &parts[i];
	if (ok && sa_parts_check(list, count, order, at, why,
	    sizeof why) != SA_OK) {
		if (at[0] == SIZE_MAX)
			cli_error("merge: %s", why);
		else
			cli_error("merge: %s and %s: %s", cli_arg(files[at[0]]),
			    cli_arg(files[at[1]]), why);
		ok = false;
	}
	if (ok && (set->parts = malloc(count * sizeof *set->parts)) != NULL &&
	    (set->names = malloc(count * sizeof *set->names)) != NULL) {
		for (size_t i = 0; i < count; i++) {
			set->parts[i] = parts[order[i]];
			set->names[i] = files[order[i]];
		}
	} else if (ok) {
		cli_error("merge: out of memory");
		ok = false;
	}
	free(list);
	free(order);
	return ok;
}

void
part_set_free(struct part_set *set)
{
	for (size_t i = 0; set->read != NULL && i < set->count; i++)
		sa_part_free(&set->read[i]);
	free(set->read);
	free(set->parts);
	free(set->names);
	free(set->words);
	memset(set, 0, sizeof *set);
}

const char *
part_set_name(const struct part_set *set, size_t at)
{
	return set->names != NULL && at < set->count ?
	    cli_arg(set->names[at]) : "-";
}

int
part_merge_load(int argc, char **argv, struct part_set *set,
    char ***words_out, int *count_out)
{
	int c, status, format = -1;
	const struct cli_options common = { "merge", part_merge_help, NULL,
	    &format, NULL, 0 };

	*words_out = NULL;
	*count_out = 0;
	while ((c = cli_getopt_long(argc, argv, ":f:h", part_merge_options)) !=
	    -1) {
		if (c == 'f' && !cli_parse_format_junit(optarg, &format))
			return EXIT_TROUBLE;
		if (c != 'f' && (status = cli_option(c, argv, &common)) !=
		    CLI_CONTINUE)
			return status == EXIT_FAIR ? -1 : status;
	}
	if (optind == argc) {
		cli_error("merge: no parts given (the files --part wrote)");
		return EXIT_TROUBLE;
	}
	memset(set, 0, sizeof *set);
	set->count = (size_t)(argc - optind);
	if ((set->read = calloc(set->count, sizeof *set->read)) == NULL) {
		set->count = 0;
		cli_error("merge: out of memory");
		return EXIT_TROUBLE;
	}
	if (!read_parts(argv + optind, set->count, set->read) ||
	    !order_parts(argv + optind, set) ||
	    (format >= 0 && !with_format(set, format))) {
		part_set_free(set);
		return EXIT_TROUBLE;
	}
	*words_out = set->words != NULL ? set->words : set->parts[0].argv;
	*count_out = (int)set->parts[0].argc + (set->words != NULL ? 2 : 0);
	return 0;
}

int
part_merge_texts(char **names, char **texts, size_t *lens, size_t count,
    struct part_set *set)
{
	memset(set, 0, sizeof *set);
	set->count = count;
	if ((set->read = calloc(count, sizeof *set->read)) == NULL) {
		set->count = 0;
		for (size_t i = 0; i < count; i++)
			free(texts[i]);
		cli_error("merge: out of memory");
		return EXIT_TROUBLE;
	}
	for (size_t i = 0; i < count; i++) {
		bool ok = parse_one(names[i], texts[i], lens[i], &set->read[i]);

		texts[i] = NULL;
		if (!ok) {
			for (size_t k = i + 1; k < count; k++)
				free(texts[k]);
			part_set_free(set);
			return EXIT_TROUBLE;
		}
	}
	if (!order_parts(names, set)) {
		part_set_free(set);
		return EXIT_TROUBLE;
	}
	return 0;
}
