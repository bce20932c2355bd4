// Package deck: two shuffles, each taking its random numbers from INTN (a
// number below k), so that a test can hand them the auditor's.
package deck

// FisherYates shuffles DECK in place, fairly: each card in turn from the
// last is swapped with one at or below it.
func FisherYates(deck []int, intn func(k int) int) {
	for i := len(deck) - 1; i > 0; i-- {
		j := intn(i + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// Naive shuffles DECK in place, unfairly: each card is swapped with any
// card at all, so n^n runs fall on n! orderings, which they cannot share
// equally from 3 cards up.
func Naive(deck []int, intn func(k int) int) {
	for i := range deck {
		j := intn(len(deck))
		deck[i], deck[j] = deck[j], deck[i]
	}
}
