// Deck.cs - the code under test: the shuffles a user ships, each taking
// the System.Random it draws from (in the tests, SaHarness.Random, which
// shuffle-audit answers).
using System;

public static class Deck {
    // Durstenfeld's Fisher-Yates: fair.
    public static void FisherYates(int[] deck, Random rnd) {
        for (int i = deck.Length - 1; i > 0; i--) {
            int j = rnd.Next(i + 1);
            int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
        }
    }

    // The same loop one short (j < i where j <= i was meant): it makes
    // only the orderings that are one cycle of all the cards.
    public static void OffByOne(int[] deck, Random rnd) {
        for (int i = deck.Length - 1; i > 0; i--) {
            int j = rnd.Next(i);
            int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
        }
    }

    // Fisher-Yates over a Random of its own, which no harness answers:
    // the audit cannot see its randomness and says so (no verdict).
    static readonly Random own = new Random();

    public static void Hidden(int[] deck) {
        FisherYates(deck, own);
    }
}
