/*
 * cli_progress.h - the progress line of long work (cli_progress.c).
 */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Clears the line a progress report is on: by the erase-line escape, or
 * on a terminal that has none (TERM dumb or unset) by overwriting it.
 */
void cli_clear_line(FILE *out);

/*
 * Progress of long work on stderr, DONE its share done (0 to 1) since
 * START (cli_seconds()).  On a terminal (LIVE), once a second has passed
 * and then at most four times a second, one line rewritten in place:
 * "WHAT P% done, R UNIT/s, about S left", the rate when TOTAL (the
 * units of the whole job) is known, not 0; elsewhere (a log, a pipe) a
 * line of its own each minute.  The time left is sa_eta's, from the pace
 * of the last ten seconds.  When DONE reaches 1 after a line was shown,
 * one more names what is still being done (STILL, "writing the
 * report"), and stays until cli_progress_end() (the report's start, or
 * an error) clears it.
 */
void cli_progress(const char *what, double start, double done,
    uint64_t total, const char *unit, bool live, const char *still);
void cli_progress_end(void);

#endif
