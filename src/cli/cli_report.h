/*
 * cli_report.h - the report formatter (cli_report.c): every command's result as
 * fields and tables, rendered by one layer as text, TSV, CSV or JSON.
 */
#ifndef SA_CLI_REPORT_H
#define SA_CLI_REPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "shuffle_audit.h"

/*
 * The report formatter.  A command describes its result as fields (a key
 * for scripts, a label for people, a typed value) and tables (typed
 * columns, streamed row by row); the formatter renders them as text, TSV,
 * CSV or JSON.  TSV and CSV carry the table only; JSON is one object
 * holding the fields and, under its key, the table as an array of
 * objects; text prints everything, including prose lines that only text
 * carries.
 */
/*
 * The formats: every list of them is made from this table, in its order
 * (enum rep_format, -f's parsers and their errors, the help texts, the
 * completions).  REP_FORMATS, those every command takes, is written
 * REP_FORMATS(FIRST, NEXT, LAST), each row ROLE(ENUM, name), so that a
 * list in words can say "or" before the last; REP_MORE_FORMATS, those
 * only some commands take (struct cli_command's more_formats names them).
 */
#define REP_FORMATS(FIRST, NEXT, LAST) \
	FIRST(TEXT, "text") NEXT(TSV, "tsv") NEXT(CSV, "csv") LAST(JSON, "json")
#define REP_MORE_FORMATS(ROW) ROW(JUNIT, "junit")

#define REP_ENUM_ROW(e, s) REP_##e,
enum rep_format {
	REP_FORMATS(REP_ENUM_ROW, REP_ENUM_ROW, REP_ENUM_ROW)
	REP_MORE_FORMATS(REP_ENUM_ROW)
};
#undef REP_ENUM_ROW
/* The last of those every command takes, for a text that notes it. */
#define REP_NO_ROW(e, s)
#define REP_LAST_ROW(e, s) REP_LAST_COMMON = REP_##e
enum { REP_FORMATS(REP_NO_ROW, REP_NO_ROW, REP_LAST_ROW) };
#undef REP_NO_ROW
#undef REP_LAST_ROW

/* The formats every command takes, as the help texts say them. */
#define REP_SAY_NAME(e, s) s
#define REP_SAY_DEFAULT(e, s) s " (default)"
#define REP_SAY_NEXT(e, s) ", " s
#define REP_SAY_OR(e, s) " or " s
#define REP_SAY_BAR(e, s) "|" s
/* "text (default), tsv, csv or json" */
#define REP_FORMATS_SAID \
	REP_FORMATS(REP_SAY_DEFAULT, REP_SAY_NEXT, REP_SAY_OR)
/* "text (default), tsv, csv, json", for one more after it */
#define REP_FORMATS_LISTED \
	REP_FORMATS(REP_SAY_DEFAULT, REP_SAY_NEXT, REP_SAY_NEXT)
/* "text, tsv, csv, json" */
#define REP_FORMATS_NAMED REP_FORMATS(REP_SAY_NAME, REP_SAY_NEXT, REP_SAY_NEXT)
/* "text|tsv|csv|json", for usage lines */
#define REP_FORMATS_BARRED REP_FORMATS(REP_SAY_NAME, REP_SAY_BAR, REP_SAY_BAR)
/*
 * REP_JUNIT: JUnit XML, as Ant writes it and Jenkins, GitLab and GitHub's
 * test-report actions read it: one testsuite of one testcase, the
 * audited code and its cards, whose text report is the body of a
 * <failure> (its message the verdict line, its type the verdict's key)
 * when the verdict is not fair, of an <error> when the code misbehaved,
 * and of <system-out> when fair.  The fields and tables render as text,
 * into memory, until rep_end writes the XML.
 */

/* REP_NUM: a number as text; NULL is JSON's null, and empty elsewhere. */
/* REP_LIST: numbers separated by commas or blanks, as text shows them;
 * a JSON array of numbers. */
enum rep_type { REP_STR, REP_U64, REP_FRAC, REP_BOOL, REP_NUM, REP_LIST };
/* REP_FRAC's text shows '+' before a value above 0, as deviations do; a
 * column of chances and distances sets NO_PLUS in its places. */
#define REP_NO_PLUS 0x100

struct rep_col {
	const char *key;	/* TSV/CSV header and JSON member name */
	const char *label;	/* text header */
	enum rep_type type;
	int width;		/* text: minimum width */
	bool right;		/* text: align right */
	bool json;		/* JSON carries this column */
	int places;		/* REP_FRAC: decimals in text (TSV/CSV: 4) */
	const char *zero;	/* REP_FRAC: text for an exact 0, or NULL */
};

struct rep_cell {
	const char *s;
	uint64_t u;
	const sa_fraction *f;	/* REP_FRAC: an exact fraction */
	bool b;			/* REP_BOOL: yes or no (JSON: true, false) */
};

#define REP_MAX_FIELDS 48
#define REP_MAX_COLS 8

struct rep_field {
	const char *key;	/* NULL: text only */
	const char *label;	/* NULL: machine formats only */
	char *value;		/* as text shows it */
	char *raw;		/* as TSV and CSV show it */
	char *note;		/* text only, or NULL */
};

typedef struct report {
	FILE *out;
	enum rep_format fmt;
	int members;		/* JSON members written */
	bool tabled;		/* a table has been written */
	/*
	 * Fields waiting: in text, to be aligned as one block; in TSV and
	 * CSV, to be written as "field value" rows if no table comes.
	 */
	int pending;
	struct rep_field field[REP_MAX_FIELDS];
	/* the open table */
	const struct rep_col *cols;
	int ncols;
	uint64_t rows;
	/* REP_JUNIT: the XML's stream, the text in memory, what it says */
	FILE *xml;
	char *text;
	size_t text_len;
	char *name, *cards, *verdict, *line, *problem;
} report;

/*
 * The shape FMT's fields and tables take: junit's are text's.  A command
 * that renders differently by format asks this, not FMT.
 */
enum rep_format rep_shape(enum rep_format fmt);

/*
 * When the environment's GITHUB_ACTIONS is "true": the last verdict a
 * report carried (its audited code, cards and verdict line), as a
 * GitHub workflow ::error:: command on ERR ('%', CR and LF written
 * %25, %0D and %0A).  The caller calls it for a verdict that fails.
 */
void rep_annotate(FILE *err);

void rep_begin(report *r, FILE *out, enum rep_format fmt);
/*
 * Fields.  KEY NULL: text only.  LABEL NULL: machine formats only.  Both
 * are kept by their pointers until the report ends: constant strings.
 */
void rep_str(report *r, const char *key, const char *label,
    const char *value, const char *note);
void rep_u64(report *r, const char *key, const char *label, uint64_t value,
    const char *note);
void rep_bool(report *r, const char *key, const char *label, bool value,
    const char *note);
/* DIGITS, an exact integer of any size: a JSON number, not a string. */
void rep_num(report *r, const char *key, const char *label,
    const char *digits, const char *note);
/* A member with no value: JSON null, an empty value in TSV and CSV. */
void rep_null(report *r, const char *key);
/*
 * ITEMS, a space-separated list: in text, TSV and CSV as it is ("none"
 * in text when empty), in JSON an array, of numbers when NUMBERS (each
 * item a JSON number), of strings otherwise.
 */
void rep_list(report *r, const char *key, const char *label,
    const char *items, bool numbers, const char *note);
/*
 * TEXT as prose wrapped to 80 columns, in text only: the first line
 * starts with LEAD padded to INDENT columns, the others with INDENT
 * spaces.  A word longer than a line is left whole.
 */
void rep_wrap(report *r, const char *lead, int indent, const char *text);
/* A line of prose, in text only; an empty string gives a blank line. */
void rep_line(report *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void rep_table(report *r, const char *key, const struct rep_col *cols,
    int ncols);
void rep_row(report *r, const struct rep_cell *cells);
void rep_table_end(report *r);
void rep_end(report *r);

/*
 * FMT and AP written into SMALL (SIZE bytes) when they fit, or into a
 * string from malloc when not (the caller frees it when it is not
 * SMALL); cut to SMALL when memory runs out.
 */
char *cli_vformat(char *small, size_t size, const char *fmt, va_list ap);

/*
 * S made safe to print on a terminal: control characters (C0, DEL and
 * the C1 range) and bytes that are not UTF-8 written as \xNN, \n and
 * \t; NULL when S needs no change.  The caller frees the result.
 */
char *cli_text_safe(const char *s);

#endif /* SA_CLI_REPORT_H */
