// A sort by random integer keys from math/rand: rand.Int31() for each
// card, sorted stably.  Keys of 2^31 values tie now and then, and a
// stable sort keeps tied cards in deck order, so the sort is unfair by
// about one part in 2^31, as census -a sort-keys:2147483648 counts it.
// The harness tells the keys' width ("key 2147483648") and the audit
// states the same bound on their ties: the model decides (4).
package main

import "sort"

func main() {
	r := SaRandReals()
	SaRun(func(deck []int) {
		key := make(map[int]int32, len(deck))
		for _, c := range deck {
			key[c] = r.Int31()
		}
		sort.SliceStable(deck, func(i, j int) bool { return key[deck[i]] < key[deck[j]] })
	})
}
