/*
 * cli_mpi.c - shuffle-audit under Open MPI (make MPI=1).  The work that
 * shares out (an audit's census, seed-space, sample) runs on every rank
 * as its part, rank+1 of P, exactly as --part would; the parts travel to
 * rank 0 as part files' text, where they are checked as one run and the
 * command runs again on their sum (the path merge takes), so that rank
 * 0 alone writes the whole run's report, byte for byte.  Other commands
 * run on rank 0 alone.  A rank that dies takes the job down with it
 * (MPI's default error handler), before rank 0 has written a word.
 *
 * A census of a step shuffle runs sharded instead (mpi_comm): every rank
 * holds a block of the tables and the library exchanges counts through
 * exchange() below; rank 0 writes the report and the others serve it
 * the counts it reads.
 */
#ifdef SA_MPI
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <mpi.h>

#include "cli.h"
#include "cli_part.h"

static int rank, size = 1, local = 1;	/* LOCAL: ranks on this machine */
static bool shared;		/* this run took a part from MPI */
static bool merging;		/* rank 0 runs the command on the sum */
static char *mine;		/* the part this rank made, as text */
static size_t mine_len;

/* Parts travel in pieces an int can count. */
#define PIECE ((size_t)1 << 30)

/*
 * Waits for the COUNT requests R, asleep between looks: Open MPI's
 * blocking calls poll without rest, and ranks waiting on rank 0 (most of
 * them, for work it does alone) would take the cores it works on.  The
 * naps grow from 20 microseconds to 2 milliseconds, so that the sharded
 * census's many short exchanges are not each held up by a long one.
 */
static void
await_all(int count, MPI_Request *r)
{
	struct timespec nap = { 0, 20 * 1000 };
	int done = 0;

	for (;;) {
		MPI_Testall(count, r, &done, MPI_STATUSES_IGNORE);
		if (done)
			return;
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < 2 * 1000 * 1000)
			nap.tv_nsec *= 2;
	}
}

static void
await(MPI_Request *r)
{
	await_all(1, r);
}

/*
 * sa_comm's exchange over MPI_COMM_WORLD: a message each way between
 * every two ranks that have bytes for each other, in pieces an int can
 * count (messages between two ranks keep their order), and this rank's
 * own bytes copied.  Tag 3, which the parts' messages do not use.
 */
static int
exchange(void *ctx, const void *send, const size_t *sendlen, void *recv,
    const size_t *recvlen)
{
	size_t soff = 0, roff = 0, pieces = 0, k = 0;
	MPI_Request *req;

	(void)ctx;
	for (int r = 0; r < size; r++)
		pieces += (sendlen[r] + PIECE - 1) / PIECE +
		    (recvlen[r] + PIECE - 1) / PIECE;
	if ((req = malloc((pieces + 1) * sizeof *req)) == NULL)
		return -1;
	for (int r = 0; r < size; r++) {
		const char *s = (const char *)send + soff;
		char *d = (char *)recv + roff;

		if (r == rank) {
			if (sendlen[r] != recvlen[r]) {
				free(req);
				return -1;
			}
			if (sendlen[r] > 0)
				memcpy(d, s, sendlen[r]);
		} else {
			for (size_t at = 0; at < recvlen[r]; at += PIECE)
				MPI_Irecv(d + at, (int)(recvlen[r] - at < PIECE ?
				    recvlen[r] - at : PIECE), MPI_CHAR, r, 3,
				    MPI_COMM_WORLD, &req[k++]);
			for (size_t at = 0; at < sendlen[r]; at += PIECE)
				MPI_Isend(s + at, (int)(sendlen[r] - at < PIECE ?
				    sendlen[r] - at : PIECE), MPI_CHAR, r, 3,
				    MPI_COMM_WORLD, &req[k++]);
		}
		soff += sendlen[r];
		roff += recvlen[r];
	}
	await_all((int)k, req);
	free(req);
	return 0;
}

static sa_comm world = { 0, 1, NULL, exchange };

const sa_comm *
mpi_comm(void)
{
	world.rank = (unsigned)rank;
	world.size = (unsigned)size;
	return size > 1 ? &world : NULL;
}

unsigned
mpi_threads(void)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned cores = sa_cores();

	/* Bound to fewer cores (mpirun's binding): those are this rank's. */
	if (online > 0 && cores < (unsigned)online)
		return cores;
	return cores / (unsigned)local > 0 ? cores / (unsigned)local : 1;
}

void
mpi_quiet(void)
{
	if (rank != 0 && freopen("/dev/null", "w", stderr) == NULL)
		MPI_Abort(MPI_COMM_WORLD, EXIT_TROUBLE);
}

static void
send_sleeping(const void *buf, int count, MPI_Datatype type, int tag)
{
	MPI_Request r;

	MPI_Isend(buf, count, type, 0, tag, MPI_COMM_WORLD, &r);
	await(&r);
}

static void
receive_sleeping(void *buf, int count, MPI_Datatype type, int from, int tag)
{
	MPI_Request r;

	MPI_Irecv(buf, count, type, from, tag, MPI_COMM_WORLD, &r);
	await(&r);
}

/* The words of ARGC, ARGV, hashed (FNV-1a, 64 bits), NUL after each. */
static unsigned long long
words_hash(int argc, char **argv)
{
	unsigned long long h = 14695981039346656037ULL;

	for (int i = 0; i < argc; i++)
		for (const char *c = argv[i];; c++) {
			h = (h ^ (unsigned char)*c) * 1099511628211ULL;
			if (*c == '\0')
				break;
		}
	return h;
}

bool
mpi_start(int *argc, char ***argv)
{
	int provided;
	unsigned long long h, v[2];

	MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	{
		MPI_Comm node;

		MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank,
		    MPI_INFO_NULL, &node);
		MPI_Comm_size(node, &local);
		MPI_Comm_free(&node);
	}
	/* Only rank 0 writes a report. */
	if (rank != 0 && freopen("/dev/null", "w", stdout) == NULL)
		MPI_Abort(MPI_COMM_WORLD, EXIT_TROUBLE);
	/*
	 * Every rank runs the same command, or none does: a rank of
	 * another (an MPMD run, "A : B") would never send the part rank 0
	 * waits for, or send one nobody takes.  The largest of each hash
	 * and its complement is every rank's own only when all agree.
	 */
	h = words_hash(*argc, *argv);
	v[0] = h;
	v[1] = ~h;
	MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX,
	    MPI_COMM_WORLD);
	if (v[0] != h || v[1] != ~h) {
		if (rank == 0)
			cli_error("mpirun: the ranks were given different "
			    "commands; every rank runs the same one");
		return false;
	}
	return true;
}

bool
mpi_part(unsigned *index, unsigned *count)
{
	/* Parts merged (its caller asks only when not merging) are not
	 * shared out again. */
	if (size < 2 || merging || *count != 0)
		return false;
	*index = (unsigned)rank + 1;
	*count = (unsigned)size;
	shared = true;
	return true;
}

bool
mpi_take(char *text, size_t len)
{
	if (!shared || merging)
		return false;
	free(mine);
	mine = text;
	mine_len = len;
	return true;
}

bool
mpi_idle(bool parted)
{
	return size > 1 && !merging && rank != 0 && !(parted && shared);
}

bool
mpi_runs(bool shares)
{
	return size < 2 || rank == 0 || shares;
}

/* This rank's exit status and part to rank 0. */
static void
send_part(int status)
{
	long long len = mine != NULL ? (long long)mine_len : -1;

	send_sleeping(&status, 1, MPI_INT, 0);
	send_sleeping(&len, 1, MPI_LONG_LONG, 1);
	for (size_t at = 0; mine != NULL && at < mine_len; at += PIECE) {
		size_t n = mine_len - at < PIECE ? mine_len - at : PIECE;

		send_sleeping(mine + at, (int)n, MPI_CHAR, 2);
	}
}

/* Rank R's exit status into *STATUS and its part (NULL for none). */
static char *
receive_part(int r, int *status, size_t *len)
{
	long long n;
	char *text;

	receive_sleeping(status, 1, MPI_INT, r, 0);
	receive_sleeping(&n, 1, MPI_LONG_LONG, r, 1);
	if (n < 0)
		return NULL;
	if ((text = malloc((size_t)n + 1)) == NULL)
		MPI_Abort(MPI_COMM_WORLD, EXIT_TROUBLE);
	for (size_t at = 0; at < (size_t)n; at += PIECE) {
		size_t k = (size_t)n - at < PIECE ? (size_t)n - at : PIECE;

		receive_sleeping(text + at, (int)k, MPI_CHAR, r, 2);
	}
	*len = (size_t)n;
	return text;
}

/*
 * On rank 0: every rank's part, then the command's MERGE (ARGC, ARGV) on
 * them; STATUS is rank 0's own.  The exit status.
 */
static int
gather(int (*merge)(int, char **, const struct part_set *), int argc,
    char **argv, int status)
{
	char **texts = calloc((size_t)size, sizeof *texts);
	char **names = calloc((size_t)size, sizeof *names);
	char *name_buf = malloc((size_t)size * 32);
	size_t *lens = calloc((size_t)size, sizeof *lens);
	int worst = status, failed = -1;

	if (texts == NULL || names == NULL || name_buf == NULL || lens == NULL)
		MPI_Abort(MPI_COMM_WORLD, EXIT_TROUBLE);
	texts[0] = mine;
	lens[0] = mine_len;
	mine = NULL;
	for (int r = 0; r < size; r++) {
		int st = status;

		names[r] = name_buf + 32 * r;
		snprintf(names[r], 32, "rank %d", r);
		if (r > 0)
			texts[r] = receive_part(r, &st, &lens[r]);
		if (st != EXIT_FAIR && failed < 0)
			failed = r;
		if (st > worst)
			worst = st;
	}
	if (failed > 0 && status == EXIT_FAIR)
		cli_error("rank %d of %d (part %d of %d) failed with exit status "
		    "%d; no report (run it alone with --part %d/%d to see why)",
		    failed, size, failed + 1, size, worst, failed + 1, size);
	if (worst == EXIT_FAIR) {
		struct part_set set;

		status = part_merge_texts(names, texts, lens, (size_t)size,
		    &set);
		if (status == 0) {
			merging = true;
			optind = 0;
			status = merge(argc, argv, &set);
			part_set_free(&set);
		}
	} else {
		for (int r = 0; r < size; r++)
			free(texts[r]);
		status = worst;
	}
	free(texts);
	free(names);
	free(name_buf);
	free(lens);
	return status;
}

int
mpi_finish(int (*merge)(int, char **, const struct part_set *), int argc,
    char **argv, int status)
{
	if (size > 1 && shared) {
		if (rank == 0)
			status = gather(merge, argc, argv, status);
		else
			send_part(status);
	}
	free(mine);
	mine = NULL;
	/* Every rank here first, asleep, so that MPI_Finalize's own wait
	 * is short. */
	{
		MPI_Request r;

		MPI_Ibarrier(MPI_COMM_WORLD, &r);
		await(&r);
	}
	MPI_Finalize();
	return status;
}
#endif /* SA_MPI */
