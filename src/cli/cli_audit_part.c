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

static int add_part(struct audit *au, size_t n, const unsigned char *data,
    size_t len, struct job *job);

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
	static const char *const keys[] = { "wider-bytes", "placed-bytes" };
	char raw[16], real[16], again_note[2][40], guards[32], *notes[5] = {
	    raw, real, again_note[0], again_note[1], guards };
	unsigned char *data = NULL, *more[2] = { NULL, NULL }, *both;
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
	for (int k = 0; k < 2 && status == SA_OK; k++) {
		if (more_len[k] == 0)
			continue;
		if ((both = realloc(data, len + more_len[k])) == NULL) {
			status = SA_ENOMEM;
		} else {
			memcpy(both + len, more[k], more_len[k]);
			data = both;
			len += more_len[k];
		}
	}
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
	for (int k = 0; k < 2; k++)
		snprintf(again_note[k], sizeof again_note[k], "%s %zu",
		    keys[k], more_len[k]);
	/* What the code ran under here: a merge names what held in all. */
	snprintf(guards, sizeof guards, "protections %u", au->protections);
	return part_put(au->part_index, au->part_count, job->depth == 0 ?
	    "census" : "layers", data, len, notes, 5);
}

/*
 * The bytes at the end of part P's data that hold its census under the
 * second model KIND (AGAIN_PLACED's last, AGAIN_WIDER's before it), at
 * *AT; 0 when it has none.
 */
static size_t
again_bytes(const sa_part *p, enum again kind, size_t *at)
{
	static const char *const keys[] = { "wider-bytes", "placed-bytes" };
	size_t len[2], end = p->len;

	for (int k = 1; k >= 0; k--) {
		const char *v = part_note_value(p, keys[k]);
		char *stop;
		unsigned long long b = v != NULL ? strtoull(v, &stop, 10) : 0;

		len[k] = v != NULL && *stop == '\0' && b <= end ? (size_t)b : 0;
		end -= len[k];
		if (k == (int)kind)
			*at = end;
	}
	return len[kind];
}

/* The bytes of part P's data that hold its own census. */
static size_t
census_bytes(const sa_part *p)
{
	size_t at;

	(void)again_bytes(p, AGAIN_WIDER, &at);
	return at;	/* where the wider census starts, or would */
}

/*
 * The protections every part's code ran under (a part without the note
 * knows of none).
 */
static unsigned
parted_protections(const struct part_set *merging)
{
	size_t count = merging->count;
	const sa_part *parts = merging->parts;
	unsigned held = GUARD_ALL;

	for (size_t i = 0; i < count; i++) {
		const char *v = part_note_value(&parts[i], "protections");
		char *stop;
		unsigned long b = v != NULL ? strtoul(v, &stop, 10) : 0;

		held &= v != NULL && *stop == '\0' && b <= GUARD_ALL ?
		    (unsigned)b : 0;
	}
	return count != 0 ? held : 0;
}

int
audit_parted_again(const struct part_set *merging, struct audit *au,
    size_t n, size_t depth, enum again kind, struct job *out)
{
	size_t count = merging->count;
	const sa_part *parts = merging->parts;
	int status = SA_OK;

	memset(out, 0, sizeof *out);
	out->depth = depth;
	for (size_t i = 0; i < count && status == SA_OK; i++) {
		size_t at, w = again_bytes(&parts[i], kind, &at);

		status = w == 0 ? SA_EINVAL : add_part(au, n, parts[i].data +
		    at, w, out);
	}
	if (status != SA_OK) {
		run_job_free(out);
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/*
 * Counts packed at DATA (LEN bytes) added into JOB: a census, or layers
 * of its depth; an SA_ status.
 */
static int
add_part(struct audit *au, size_t n, const unsigned char *data, size_t len,
    struct job *job)
{
	sa_census *c = NULL;
	sa_layers *l = NULL;
	int status;

	if (job->depth == 0) {
		status = sa_census_unpack(&au->shuffle, n, data, len, &c);
		if (status == SA_OK && job->census == NULL)
			job->census = c;
		else if (status == SA_OK)
			status = sa_census_merge(job->census, c);
		if (c != job->census)
			sa_census_free(c);
		return status;
	}
	status = sa_layers_unpack(&au->shuffle, data, len, &l);
	if (status == SA_OK && (sa_layers_about(l)->n != n ||
	    sa_layers_about(l)->depth != job->depth))
		status = SA_EINVAL;
	if (status == SA_OK && job->layers == NULL)
		job->layers = l;
	else if (status == SA_OK)
		status = sa_layers_merge(job->layers, l);
	if (l != job->layers)
		sa_layers_free(l);
	return status;
}

/* Part P's counts added into JOB; an SA_ status. */
static int
take_one(struct audit *au, size_t n, const sa_part *p, struct job *job)
{
	return add_part(au, n, p->data, census_bytes(p), job);
}

/*
 * Under merge, JOB from the parts, with *STATUS the count's exit status
 * (EXIT_TROUBLE after a message); false when not merging.
 */
bool
audit_parted(const struct part_set *merging, struct audit *au, size_t n,
    struct job *job, int *status)
{
	const char *kind = job->depth == 0 ? "census" : "layers";
	size_t count;
	const sa_part *parts;

	if (merging == NULL)
		return false;
	count = merging->count;
	parts = merging->parts;
	*status = EXIT_TROUBLE;
	if (!part_set_kind(merging, kind))
		return true;
	for (size_t i = 0; i < count; i++) {
		int st = take_one(au, n, &parts[i], job);

		if (st != SA_OK) {
			if (st == SA_EINVAL)
				cli_error("merge: part %zu of %zu: its counts are "
				    "not of %zu cards%s", i + 1, count, n,
				    job->depth ? " to the depth asked" : "");
			else
				cli_error("merge: part %zu of %zu: %s", i + 1,
				    count, sa_strerror(st));
			sa_census_free(job->census);
			sa_layers_free(job->layers);
			job->census = NULL;
			job->layers = NULL;
			return true;
		}
	}
	if (job->census != NULL) {
		char why[256];
		int st = sa_census_whole(job->census, NULL, why, sizeof why);

		if (st != SA_OK) {
			cli_error("merge: %s", st == SA_EINVAL ? why :
			    sa_strerror(st));
			sa_census_free(job->census);
			job->census = NULL;
			return true;
		}
	}
	au->raw_used = part_set_note(merging, "raw-used");
	au->real_used = part_set_note(merging, "real-used");
	au->protections = parted_protections(merging);
	*status = EXIT_FAIR;
	return true;
}
