// Math.random(), which no harness answers: hidden randomness, which the
// audit reports (exit status 3) every time.
public class JavaHidden {
    public static void main(String[] args) {
        SaHarness.runArray(deck -> {
            for (int i = deck.length - 1; i > 0; i--) {
                int j = (int) (Math.random() * (i + 1));
                int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
        });
    }
}
