// A sort with a nextBoolean() comparator: a coin for every comparison
// (unfair); TimSort below 32 items never sees the broken contract.

public class JavaCoinSort {
    public static void main(String[] args) {
        SaHarness.run(deck -> deck.sort((a, b) ->
            SaHarness.random().nextBoolean() ? 1 : -1));
    }
}
