// CheckDeck.java - the assertion from a plain main, no test runner: the
// first audit passes, the second throws an AssertionError (uncaught: a
// stack trace and exit status 1).
public class CheckDeck {
    public static void main(String[] args) {
        System.out.println(SaHarness.assertFair(
            deck -> Deck.fisherYates(deck, SaHarness.random()), 5));
        SaHarness.assertFairArray(deck -> Deck.offByOne(deck, SaHarness.random()), 4);
        System.out.println("not reached");
    }
}
