/*
 * wild.c - famous shuffles from real code, each as a model this library
 * counts (an algorithm, a reduction and a generator), with where it is
 * publicly documented.  Data only; `algorithms --wild` lists it, and the
 * tests count every model.
 */
#include "shuffle_audit.h"

static const sa_wild wild[] = {
	{ "naive", "the swap-with-any loop: swap each position with one "
	  "drawn from all n", "naive", NULL, NULL,
	  "J. Atwood, \"The Danger of Naivete\", Coding Horror, 2007" },
	{ "c-rand-modulo", "C: Fisher-Yates with rand() % (i + 1) over "
	  "glibc's 31-bit rand()", "durstenfeld", "modulo:31", "glibc",
	  "C FAQ 13.16; glibc stdlib/random_r.c" },
	{ "std-random-shuffle", "C++ std::random_shuffle(first, last) in "
	  "libstdc++: rand() % (i + 1), removed in C++17",
	  "std-random-shuffle", NULL, "glibc",
	  "libstdc++ include/bits/stl_algo.h; ISO C++17 removed it "
	  "(N4190)" },
	{ "php-shuffle", "PHP before 7.1 shuffle() and str_shuffle(): "
	  "float scaling (RAND_RANGE) over rand()", "durstenfeld",
	  "multiply:31", "glibc",
	  "php-src ext/standard/php_rand.h (RAND_RANGE) and array.c; "
	  "replaced in PHP 7.1" },
	{ "lodash-shuffle", "lodash and underscore _.shuffle: forward, "
	  "floor(Math.random() * k)", "forward", "multiply:53", NULL,
	  "lodash.js (shuffle, baseRandom); underscore.js (_.shuffle, "
	  "_.random)" },
	{ "python-shuffle-random", "Python random.shuffle(x, random): "
	  "int(random() * (i + 1))", "durstenfeld", "multiply:53", NULL,
	  "CPython Lib/random.py; the argument was deprecated in 3.9 and "
	  "removed in 3.11" },
	{ "sattolo", "Sattolo's algorithm where Fisher-Yates was meant: "
	  "the swap range made exclusive", "sattolo", NULL, NULL,
	  "S. Sattolo, Information Processing Letters 22 (1986)" },
	{ "poker-1999", "the 1999 online poker shuffle: swap each card "
	  "with random(51) + 1, seeded with the milliseconds since midnight",
	  "poker-1999", NULL, "delphi",
	  "Arkin, Hill, Marks, Schmid, Walls, McGraw, \"How We Learned to "
	  "Cheat at Online Poker\", Developer.com, 1999" },
	{ "dotnet-random", ".NET Fisher-Yates with new Random(seed) and "
	  "Next(i + 1): (int)(Sample() * k), Sample() = x / int.MaxValue",
	  "durstenfeld", "scale:31", "dotnet",
	  "Microsoft .NET reference source System/Random.cs; "
	  "dotnet/runtime Net5CompatSeedImpl" },
	{ "dotnet-orderby", "LINQ OrderBy(x => rnd.Next()): a stable sort "
	  "on keys below int.MaxValue", "sort-keys:2147483647", NULL, NULL,
	  "Microsoft docs: Enumerable.OrderBy is a stable sort; "
	  "Random.Next() is below int.MaxValue" },
	{ "v8-sort-random", "array.sort(() => Math.random() - 0.5) in V8 "
	  "7.0 and later (Chrome 70, Node.js 11): TimSort",
	  "comparator-v8", NULL, NULL,
	  "v8.dev/blog/array-sort (2018); v8 third_party/v8/builtins/"
	  "array-sort.tq" },
	{ "java-collections-shuffle", "Java Collections.shuffle(list, new "
	  "Random(seed)): Fisher-Yates with nextInt, fair draws",
	  "durstenfeld", NULL, "java",
	  "OpenJDK java/util/Collections.java and java/util/Random.java" },
	{ "seeded-js-deal", "the seeded JavaScript deal: Math.floor(u * k) "
	  "with u from mulberry32", "durstenfeld", "multiply:32",
	  "mulberry32", "this project's seed documents; mulberry32 by "
	  "T. Ettinger (2017)" },
};

const sa_wild *
sa_wild_list(size_t *count)
{
	*count = sizeof wild / sizeof wild[0];
	return wild;
}
