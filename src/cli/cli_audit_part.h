/*
 * cli_audit_part.h - an audit in parts (cli_audit_part.c), for cli_audit.c
 * above it: the counts written as a part, and under merge added up from
 * the parts.  Private to the command line; the runner below them is
 * run.h's.
 */
#ifndef SA_CLI_AUDIT_PART_H
#define SA_CLI_AUDIT_PART_H

#include "cli.h"
#include "shuffle_audit_audit.h"

/*
 * Parts (cli_audit_part.c): audit_part_put writes JOB as AU's part,
 * spending it (PART_WRITTEN, or EXIT_TROUBLE after a message);
 * audit_parted, under merge (MERGING, not NULL), adds the parts up into
 * JOB, with *STATUS the count's exit status, and is false when not
 * merging.
 */
struct part_set;
int audit_part_put(struct audit *au, size_t n, struct job *job);
bool audit_parted(const struct part_set *merging, struct audit *au, size_t n,
    struct job *job, int *status);

/*
 * Second models (see audit_check), in parts: audit_parted_again, under
 * merge, adds up the parts' counts of the model KIND to DEPTH (0: a
 * census): an exit status, EXIT_TROUBLE without a message when a part
 * has none.  The layers in *OUT are collected, not yet judged.
 */
int audit_parted_again(const struct part_set *merging, struct audit *au,
    size_t n, size_t depth, enum again kind, struct job *out);

#endif /* SA_CLI_AUDIT_PART_H */
