import java.util.Collections;

public class Mine {
    public static void main(String[] args) {
        SaHarness.run(deck -> Collections.shuffle(deck, SaHarness.random()));
    }
}
