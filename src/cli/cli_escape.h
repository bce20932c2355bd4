/*
 * cli_escape.h - strings as each format must carry them (cli_escape.c),
 * for the report layer (cli_report.c); cli.h has cli_text_safe.
 */
#ifndef SA_CLI_ESCAPE_H
#define SA_CLI_ESCAPE_H

#include <stdbool.h>
#include <stdio.h>

/*
 * The length (2 to 4) of the well-formed UTF-8 sequence of a character
 * past U+007F at S, or 0 when the bytes there are not one.
 */
int esc_utf8_len(const unsigned char *s);
/* The bytes at S that text escapes (a control, or no character), or 0. */
int esc_unsafe(const unsigned char *s);
/* LEN bytes of S as \xHH each, into OUT. */
void esc_hex(FILE *out, const unsigned char *s, int len);
/* STR as a JSON string, quotes and all, always valid UTF-8. */
void esc_json(FILE *out, const char *str);
/* STR as one TSV cell, and as one CSV field (quoted where it must be). */
void esc_tsv(FILE *out, const char *str);
void esc_csv(FILE *out, const char *str);
/* STR as XML text, or with ATTR as an attribute's value. */
void esc_xml(FILE *out, const char *str, bool attr);

#endif
