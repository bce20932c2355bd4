/*
 * cli_audit_part.c - an audit in parts (--part, merge, and the ranks of
 * make MPI=1): a part's counts written as a part file, with its
 * censuses under the second models (a bit wider, reals placed
 * elsewhere) where the verdict will need them; and under merge, the
 * counts added up from the parts.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_part.h"
#include "cli_audit.h"
#include "cli_audit_part.h"

/* The sections of a part that hold its counts under the second models,
 * in the order of enum again. */
static const char *const sections[] = { "wider", "placed" };

/* JOB's counts, packed; an SA_ status. */
static int
pack_job(const struct job *job, unsigned char **data, size_t *len)
{
	*data = NULL;
	*len = 0;
	if (job->census == NULL && job->layers == NULL)
		return SA_EINVAL;
	return job->depth == 0 ? sa_census_pack(job->census, data, len) :
	    sa_layers_pack(job->layers, data, len);
}

/*
 * --part: JOB's counts written as part AU->part_index of AU->part_count
 * (the job is spent); PART_WRITTEN, or EXIT_TROUBLE after a message.
 */
int
audit_part_put(struct audit *au, size_t n, struct job *job)
{
	char raw[16], real[16], again_note[2][40], guards[32], keys[48],
	    placed[48], *notes[7] = { raw, real, again_note[0], again_note[1],
	    guards, NULL, NULL };
	size_t count = 5;
	/* The walk's own, before the second models' counts run it again. */
	uint64_t raw_placed = au->raw_placed;
	bool raw_untold = au->raw_untold;
	unsigned char *data = NULL, *more[2] = { NULL, NULL };
	size_t len = 0, more_len[2] = { 0, 0 };
	int status;

	/* The second models need counts that only the code can make: the
	 * part makes its part of them too. */
	for (int k = 0; k < 2; k++) {
		struct job other;

		if (run_again(au, n, job, (enum again)k, &other) ==
		    RUN_OK && pack_job(&other, &more[k], &more_len[k]) !=
		    SA_OK)
			more_len[k] = 0;
		run_job_free(&other);
	}
	status = pack_job(job, &data, &len);
	run_job_free(job);
	for (int k = 0; k < 2 && status == SA_OK; k++)
		status = sa_part_append(&data, &len, sections[k], more[k],
		    more_len[k], again_note[k], sizeof again_note[k]);
	free(more[0]);
	free(more[1]);
	if (status != SA_OK) {
		free(data);
		cli_error("--part: census of %zu cards: %s", n,
		    sa_strerror(status));
		return EXIT_TROUBLE;
	}
	snprintf(raw, sizeof raw, "raw-used %s", au->raw_used ? "yes" : "no");
	snprintf(real, sizeof real, "real-used %s", au->real_used ? "yes" :
	    "no");
	/* What the code ran under here: a merge names what held in all. */
	snprintf(guards, sizeof guards, "protections %u", au->protections);
	/* Wide keys, when the code said it drew any: the narrowest width
	 * and the most reals in a run. */
	snprintf(keys, sizeof keys, "keys %llu %llu", (unsigned long long)
	    au->key_width, (unsigned long long)au->key_reals);
	if (au->key_width != 0)
		notes[count++] = keys;
	/* A harness's raw words placed otherwise: the runs of this part's
	 * walk made again by copies, and whether its hello said it can. */
	snprintf(placed, sizeof placed, "raw-placed %llu %s",
	    (unsigned long long)raw_placed, raw_untold ? "untold" :
	    "told");
	if (au->raw_used && au->raw_hello)
		notes[count++] = placed;
	return part_put(au->part_index, au->part_count, job->depth == 0 ?
	    "census" : "layers", data, len, notes, count);
}

/*
 * The protections every part's code ran under (a part without the note
 * knows of none), and GUARD_NAMED: the report names those not in force
 * in every part, even when that is all of them.
 */
static unsigned
parted_protections(const struct part_set *merging)
{
	unsigned held = GUARD_ALL;

	for (size_t i = 0; i < merging->count; i++) {
		const char *v = sa_part_note(&merging->parts[i], "protections");
		char *stop;
		unsigned long b = v != NULL ? strtoul(v, &stop, 10) : 0;

		held &= v != NULL && *stop == '\0' && b <= GUARD_ALL ?
		    (unsigned)b : 0;
	}
	return merging->count != 0 ? held | GUARD_NAMED : 0;
}

/*
 * The wide keys of MERGING's parts (their "keys W M" notes) into AU: the
 * narrowest width any declared, and the most reals in a run.
 */
static void
parted_keys(const struct part_set *merging, struct audit *au)
{
	for (size_t i = 0; i < merging->count; i++) {
		const char *v = sa_part_note(&merging->parts[i], "keys");
		unsigned long long w, m;

		if (v == NULL || sscanf(v, "%llu %llu", &w, &m) != 2)
			continue;
		if (w != 0 && (au->key_width == 0 || w < au->key_width))
			au->key_width = w;
		if (m > au->key_reals)
			au->key_reals = m;
	}
}

/*
 * The raw placements of MERGING's parts (their "raw-placed N told|untold"
 * notes) into AU: the runs placed, added up, and not told where any part
 * was not.  A part without the note (an older one, or code that drew no
 * raw word or spoke the plain protocol) adds none.
 */
static void
parted_raw_placed(const struct part_set *merging, struct audit *au)
{
	for (size_t i = 0; i < merging->count; i++) {
		const char *v = sa_part_note(&merging->parts[i], "raw-placed");
		unsigned long long m;
		char told[8];

		if (v == NULL || sscanf(v, "%llu %7s", &m, told) != 2)
			continue;
		au->raw_hello = true;
		au->raw_placed += m;
		au->raw_untold = au->raw_untold || strcmp(told, "told") != 0;
	}
}

/*
 * Section SECTION (NULL: the main counts) of MERGING's parts added up
 * into OUT, of OUT's depth; an SA_ status, *AT the part that failed.
 */
static int
fold(const struct part_set *merging, const char *section,
    const struct audit *au, size_t n, size_t *at, struct job *out)
{
	if (out->depth == 0)
		return sa_parts_census(merging->parts, merging->count, section,
		    &au->shuffle, n, at, &out->census);
	return sa_parts_layers(merging->parts, merging->count, section,
	    &au->shuffle, n, out->depth, at, &out->layers);
}

int
audit_parted_again(const struct part_set *merging, struct audit *au,
    size_t n, size_t depth, enum again kind, struct job *out)
{
	size_t at;

	memset(out, 0, sizeof *out);
	out->depth = depth;
	if (fold(merging, sections[kind], au, n, &at, out) != SA_OK) {
		run_job_free(out);
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/*
 * Under merge, JOB from the parts, with *STATUS the count's exit status
 * (EXIT_TROUBLE after a message); false when not merging.
 */
bool
audit_parted(const struct part_set *merging, struct audit *au, size_t n,
    struct job *job, int *status)
{
	size_t at;
	int st;

	if (merging == NULL)
		return false;
	*status = EXIT_TROUBLE;
	if (!part_set_kind(merging, job->depth == 0 ? "census" : "layers"))
		return true;
	if ((st = fold(merging, NULL, au, n, &at, job)) != SA_OK) {
		if (st == SA_EINVAL)
			cli_error("merge: %s: part %zu of %zu: its counts are not "
			    "of %zu cards%s", part_set_name(merging, at), at + 1,
			    merging->count, n, job->depth ? " to the depth "
			    "asked, or hold a run's chance that no walk to that "
			    "depth makes (a draw's bound is at most 2^32)" : "");
		else
			cli_error("merge: %s: part %zu of %zu: %s",
			    part_set_name(merging, at), at + 1, merging->count,
			    sa_strerror(st));
		return true;
	}
	if (job->census != NULL) {
		char why[256];

		st = sa_census_whole(job->census, NULL, why, sizeof why);
		if (st != SA_OK) {
			cli_error("merge: %s", st == SA_EINVAL ? why :
			    sa_strerror(st));
			sa_census_free(job->census);
			job->census = NULL;
			return true;
		}
	}
	au->raw_used = sa_parts_flag(merging->parts, merging->count,
	    "raw-used");
	au->real_used = sa_parts_flag(merging->parts, merging->count,
	    "real-used");
	au->protections = parted_protections(merging);
	parted_keys(merging, au);
	parted_raw_placed(merging, au);
	*status = EXIT_FAIR;
	return true;
}
