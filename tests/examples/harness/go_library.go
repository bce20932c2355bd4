package main

// math/rand's own Shuffle, over a source of raw words.
func main() {
	r := SaRand()
	SaRun(func(deck []int) {
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	})
}
