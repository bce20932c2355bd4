// std_shuffle.cc - the baseline for tests/bench/sample.sh: DECKS decks of
// N cards by libstdc++'s std::shuffle over std::mt19937_64, each counted
// card by position as `shuffle-audit sample` counts them.  Prints the
// decks a second and a checksum (so that nothing is optimised away).
// With a third argument "fixed" (and N 52), the deck is a std::array of
// 52 bytes, its size known to the compiler: the fastest way a C++
// programmer would write a deal of one pack (issue 65's baseline).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <cstring>
#include <vector>

// DECKS decks of a fixed 52-card deck, counted as main counts them.
static int
fixed52(std::uint64_t decks)
{
	std::mt19937_64 gen(1);
	std::array<std::uint8_t, 52> deck;
	static std::uint64_t cell[52 * 52];
	auto start = std::chrono::steady_clock::now();

	for (std::uint64_t k = 0; k < decks; k++) {
		std::iota(deck.begin(), deck.end(), std::uint8_t{0});
		std::shuffle(deck.begin(), deck.end(), gen);
		for (std::size_t p = 0; p < 52; p++)
			cell[deck[p] * 52 + p]++;
	}
	double s = std::chrono::duration<double>(
	    std::chrono::steady_clock::now() - start).count();
	std::printf("%.0f %llu\n", (double)decks / s,
	    (unsigned long long)cell[0]);
	return 0;
}

int
main(int argc, char **argv)
{
	std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 52;
	std::uint64_t decks = argc > 2 ? std::strtoull(argv[2], nullptr, 10) :
	    1000000;
	if (argc > 3 && std::strcmp(argv[3], "fixed") == 0 && n == 52)
		return fixed52(decks);
	std::mt19937_64 gen(1);
	std::vector<unsigned> deck(n);
	std::vector<std::uint64_t> cell(n * n);
	auto start = std::chrono::steady_clock::now();

	for (std::uint64_t k = 0; k < decks; k++) {
		std::iota(deck.begin(), deck.end(), 0u);
		std::shuffle(deck.begin(), deck.end(), gen);
		for (std::size_t p = 0; p < n; p++)
			cell[deck[p] * n + p]++;
	}
	double s = std::chrono::duration<double>(
	    std::chrono::steady_clock::now() - start).count();
	std::printf("%.0f %llu\n", (double)decks / s,
	    (unsigned long long)cell[0]);
	return 0;
}
