package main

func main() {
	SaRun(func(deck []int) {
		for i := len(deck) - 1; i > 0; i-- {
			j := SaIntn(i + 1)
			deck[i], deck[j] = deck[j], deck[i]
		}
	})
}
