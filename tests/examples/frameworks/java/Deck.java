// Deck.java - the code under test: the shuffles a user ships, each
// taking the java.util.Random it draws from (in the tests,
// SaHarness.random(), which shuffle-audit answers).
import java.util.Collections;
import java.util.List;
import java.util.Random;

public final class Deck {
    private Deck() {
    }

    /** Durstenfeld's Fisher-Yates: fair. */
    public static void fisherYates(List<Integer> deck, Random rnd) {
        for (int i = deck.size() - 1; i > 0; i--)
            Collections.swap(deck, i, rnd.nextInt(i + 1));
    }

    /** The same loop one short (j < i where j <= i was meant): it makes
     *  only the orderings that are one cycle of all the cards. */
    public static void offByOne(int[] deck, Random rnd) {
        for (int i = deck.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i);
            int t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
    }

    /** Fisher-Yates over Math.random(), which no harness answers: the
     *  audit cannot see its randomness and says so (no verdict). */
    public static void hidden(int[] deck) {
        for (int i = deck.length - 1; i > 0; i--) {
            int j = (int) (Math.random() * (i + 1));
            int t = deck[i];
            deck[i] = deck[j];
            deck[j] = t;
        }
    }
}
