// libstdc++'s std::shuffle, unmodified, over a generator of B-bit words.
//
// std::shuffle draws each swap position with the library's own
// std::uniform_int_distribution, which throws back words that would
// bias it (and, when the generator's range is wide enough, draws two
// positions from one number).  Here the generator is shuffle-audit's
// raw words of 4 bits, so every path the library can take is counted:
//
//   shuffle-audit census --plugin std_shuffle.so -n 4 --raw-bits 4
//       --layers --depth 4
//
// The word width is part of the generator's type (its max()), so this
// plugin is built for 4 bits and refuses any other --raw-bits.
#include <algorithm>
#include <cstdint>

#include <shuffle_audit.h>

namespace {

constexpr unsigned kBits = 4;

// A uniform random bit generator (in the standard's sense) over the
// auditor's raw words.
class RawWords {
public:
	using result_type = std::uint32_t;

	explicit RawWords(sa_oracle *o) : o_(o) {}
	static constexpr result_type min() { return 0; }
	static constexpr result_type max() { return (1u << kBits) - 1; }
	result_type operator()() { return static_cast<result_type>(sa_word(o_)); }

private:
	sa_oracle *o_;
};

}  // namespace

extern "C" void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	if (sa_word_bits(o) != kBits) {
		o->fail(o, SA_EINVAL);	// built for 4-bit words only
		return;
	}
	RawWords words(o);
	std::shuffle(deck, deck + n, words);
}
