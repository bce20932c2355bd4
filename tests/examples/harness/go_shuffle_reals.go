package main

// math/rand's own Shuffle over reals scaled to their range: its
// multiply-and-shift is floor(u * n), exact for every n dividing the
// cells, so Go's standard shuffle is counted exactly (and fair).
func main() {
	r := SaRandReals()
	SaRun(func(deck []int) {
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	})
}
