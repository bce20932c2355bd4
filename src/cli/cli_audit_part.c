/*
 * cli_audit_part.c - an audit in parts (--part, merge, and the ranks of
 * make MPI=1): a part's counts written as a part file, with the census
 * a bit wider where loop or reduction will need it; and under merge, the
 * counts added up from the parts.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_audit.h"

/*
 * The runs of C's census a bit wider, foretold, when that census is to be
 * counted: the code asked for raw words of less than the most bits, the
 * counts are not wide, the audit has no deadline, and the runs are few
 * enough; 0 otherwise.
 */
double
audit_wider_runs(const struct audit *au, const sa_census *c)
{
	const sa_census_info *in = sa_census_about(c);
	double runs;

	if (!au->raw_used || au->raw_bits >= RAW_BITS_MAX || in->wide)
		return 0;
	runs = (double)in->runs * sa_census_widen_factor(c, au->raw_bits,
	    au->raw_bits + 1);
	if (runs > (au->command ? AUDIT_BIAS_EXEC_RUNS :
	    AUDIT_BIAS_PLUGIN_RUNS) || au->deadline > 0)
		return 0;
	return runs;
}

int
audit_wider(struct audit *au, size_t n, const sa_census *c, sa_census **out)
{
	struct job job = { 0, NULL, NULL };
	char summary[sizeof au->summary];
	int status;

	*out = NULL;
	if (audit_wider_runs(au, c) == 0)
		return EXIT_TROUBLE;
	/* The same audit, a bit wider; its report is not this one's. */
	memcpy(summary, au->summary, sizeof summary);
	au->raw_bits++;
	status = au->command != NULL ? audit_exec(au, n, &job) :
	    audit_plugin(au, n, &job);
	au->raw_bits--;
	memcpy(au->summary, summary, sizeof summary);
	*out = job.census;
	return status;
}

/*
 * --part: JOB's counts written as part AU->part_index of AU->part_count
 * (the job is spent); PART_WRITTEN, or EXIT_TROUBLE after a message.
 */
int
audit_part_put(struct audit *au, size_t n, struct job *job)
{
	char raw[16], real[16], wide_note[40], *notes[3] = { raw, real,
	    wide_note };
	unsigned char *data = NULL, *wdata = NULL, *both;
	size_t len = 0, wlen = 0;
	sa_census *wide = NULL;
	int status;

	if (job->depth == 0) {
		/* Loop or reduction needs the census a bit wider, which only
		 * the code can walk: the part walks its part of it too. */
		if (audit_wider(au, n, job->census, &wide) == EXIT_FAIR &&
		    sa_census_pack(wide, &wdata, &wlen) != SA_OK)
			wlen = 0;
		sa_census_free(wide);
		status = sa_census_pack(job->census, &data, &len);
		sa_census_free(job->census);
		job->census = NULL;
	} else {
		status = sa_layers_pack(job->layers, &data, &len);
		sa_layers_free(job->layers);
		job->layers = NULL;
	}
	if (status == SA_OK && wlen > 0) {
		if ((both = realloc(data, len + wlen)) == NULL) {
			status = SA_ENOMEM;
		} else {
			memcpy(both + len, wdata, wlen);
			data = both;
			len += wlen;
		}
	}
	free(wdata);
	if (status != SA_OK) {
		free(data);
		cli_error("--part: census of %zu cards: %s", n,
		    sa_strerror(status));
		return EXIT_TROUBLE;
	}
	snprintf(raw, sizeof raw, "raw-used %s", au->raw_used ? "yes" : "no");
	snprintf(real, sizeof real, "real-used %s", au->real_used ? "yes" :
	    "no");
	snprintf(wide_note, sizeof wide_note, "wider-bytes %zu", wlen);
	return part_put(au->part_index, au->part_count, job->depth == 0 ?
	    "census" : "layers", data, len, notes, job->depth == 0 ? 3 : 2);
}

/* The bytes at the end of part P's data that hold its wider census. */
static size_t
wider_bytes(const sa_part *p)
{
	const char *v = part_note_value(p, "wider-bytes");
	char *end;
	unsigned long long k = v != NULL ? strtoull(v, &end, 10) : 0;

	return v != NULL && *end == '\0' && k <= p->len ? (size_t)k : 0;
}

int
audit_parted_wider(struct audit *au, size_t n, sa_census **out)
{
	size_t count;
	const sa_part *parts = part_merged(&count);
	int status = SA_OK;

	*out = NULL;
	for (size_t i = 0; i < count && status == SA_OK; i++) {
		size_t w = wider_bytes(&parts[i]);
		sa_census *c = NULL;

		if (w == 0) {
			status = SA_EINVAL;
			break;
		}
		status = sa_census_unpack(&au->shuffle, n, parts[i].data +
		    parts[i].len - w, w, &c);
		if (status == SA_OK && *out == NULL)
			*out = c;
		else if (status == SA_OK)
			status = sa_census_merge(*out, c);
		if (c != *out)
			sa_census_free(c);
	}
	if (status != SA_OK) {
		sa_census_free(*out);
		*out = NULL;
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/* Part P's counts added into JOB; an SA_ status. */
static int
take_one(struct audit *au, size_t n, const sa_part *p, struct job *job)
{
	sa_census *c = NULL;
	sa_layers *l = NULL;
	int status;

	if (job->depth == 0) {
		status = sa_census_unpack(&au->shuffle, n, p->data, p->len -
		    wider_bytes(p), &c);
		if (status == SA_OK && job->census == NULL)
			job->census = c;
		else if (status == SA_OK)
			status = sa_census_merge(job->census, c);
		if (c != job->census)
			sa_census_free(c);
		return status;
	}
	status = sa_layers_unpack(&au->shuffle, p->data, p->len, &l);
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

/*
 * Under merge, JOB from the parts, with *STATUS the count's exit status
 * (EXIT_TROUBLE after a message); false when not merging.
 */
bool
audit_parted(struct audit *au, size_t n, struct job *job, int *status)
{
	const char *kind = job->depth == 0 ? "census" : "layers";
	size_t count;
	const sa_part *parts = part_merged(&count);

	if (parts == NULL)
		return false;
	*status = EXIT_TROUBLE;
	if (!part_kind_is(kind))
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
	au->raw_used = part_note("raw-used");
	au->real_used = part_note("real-used");
	*status = EXIT_FAIR;
	return true;
}
