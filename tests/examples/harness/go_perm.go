package main

// math/rand's own Perm, over a source of raw words: exact at 2 cards
// (Intn(2) reads one bit), a model from 3 on (Intn(3) is a remainder of
// a rejected 31-bit word), which the audit's second model shows.
func main() {
	r := SaRand()
	SaRun(func(deck []int) {
		copy(deck, r.Perm(len(deck)))
	})
}
