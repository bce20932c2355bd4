/*
 * fuzz_protocol.c - the exec protocol's reader, fed a fake program's
 * output: the input is what the program wrote (to a pipe, closed after
 * it), and one run of the protocol is read from it.  It must end in a
 * deck of N numbers or a breach, and never read past what it was given.
 */
#include <fcntl.h>
#include <setjmp.h>
#include <unistd.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

struct fake {
	sa_oracle base;
	jmp_buf out;
	int status;
};

static uint64_t
fake_draw(sa_oracle *o, uint64_t bound)
{
	(void)o;
	return bound > 1 ? bound - 1 : 0;
}

static uint64_t
fake_raw(sa_oracle *o, unsigned bits)
{
	(void)o;
	return bits >= 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
}

static void
fake_fail(sa_oracle *o, int status)
{
	struct fake *f = (struct fake *)o;

	f->status = status;
	longjmp(f->out, 1);
}

int
LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	static struct fake f;
	sa_exec_opts o;
	sa_shuffle sh;
	sa_exec *ex;
	unsigned deck[8];
	int from[2], to[2];
	size_t n = 1 + (size ? data[0] % 8 : 0);

	if (size > 60000)
		return 0;	/* more than a pipe holds without a reader */
	if (pipe(from) < 0 || pipe(to) < 0)
		abort();
	/* Our side writes nothing the fake program would read: keep it open. */
	if (write(from[1], data, size) != (ssize_t)size)
		abort();
	close(from[1]);
	fcntl(to[1], F_SETFL, fcntl(to[1], F_GETFL) | O_NONBLOCK);
	memset(&o, 0, sizeof o);
	o.to = to[1];
	o.from = from[0];
	o.timeout = 1;
	o.raw_bits = 8;
	o.real_cells = 12;
	o.max_draws = 64;
	if (sa_exec_new(&o, &ex) != SA_OK)
		abort();
	memset(&sh, 0, sizeof sh);
	sh.name = "fuzzed";
	sa_exec_shuffle(ex, &sh);
	memset(&f, 0, sizeof f);
	f.base.draw = fake_draw;
	f.base.raw = fake_raw;
	f.base.fail = fake_fail;
	f.base.word_bits = 8;
	if (setjmp(f.out) == 0)
		sh.run(&sh, deck, n, &f.base);
	close(from[0]);
	close(to[0]);
	close(to[1]);
	if (f.status == 0 && sa_exec_what(ex)[0] != '\0')
		abort();	/* a breach described but not reported */
	sa_exec_free(ex);
	return 0;
}
