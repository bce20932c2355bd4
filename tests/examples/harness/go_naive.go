package main

// The naive shuffle: every position swapped with any.
func main() {
	SaRun(func(deck []int) {
		for i := range deck {
			j := SaIntn(len(deck))
			deck[i], deck[j] = deck[j], deck[i]
		}
	})
}
