/*
 * cli_audit.h - what the audit's files share: cli_audit.c (the counts,
 * the reports, the progress) and cli_audit_part.c (the counts as parts,
 * and under merge).  Private to the command line; the runner below them
 * is run.h's.
 */
#ifndef SA_CLI_AUDIT_H
#define SA_CLI_AUDIT_H

#include "cli.h"
#include "shuffle_audit_audit.h"

/*
 * Parts (cli_audit_part.c): audit_part_put writes JOB as AU's part, spending
 * it (PART_WRITTEN, or EXIT_TROUBLE after a message); audit_parted, under
 * merge, adds the parts up into JOB, with *STATUS the count's exit
 * status, and is false when not merging.
 */
int audit_part_put(struct audit *au, size_t n, struct job *job);
bool audit_parted(struct audit *au, size_t n, struct job *job, int *status);

/*
 * Second models (see audit_check), in parts: audit_parted_again, under
 * merge, adds up the parts' counts of the model KIND to DEPTH (0: a
 * census): an exit status, EXIT_TROUBLE without a message when a part
 * has none.  The layers in *OUT are collected, not yet judged.
 */
int audit_parted_again(struct audit *au, size_t n, size_t depth,
    enum again kind, struct job *out);

/*
 * The runner's refusal in AU said (when it has words), as STATUS, the
 * exit status it returns.
 */
int audit_said(struct audit *au, int status);

/*
 * JOB's count (a census, or layers collected) under the second model
 * KIND, from the parts under merge or counted now: into *OUT (layers
 * judged), an exit status.
 */
int audit_second(struct audit *au, size_t n, const struct job *job,
    enum again kind, struct job *out);

#endif /* SA_CLI_AUDIT_H */
