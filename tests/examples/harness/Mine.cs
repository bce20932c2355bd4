using System;

class Mine {
    static void Main() {
        Random rnd = SaHarness.Random;
        SaHarness.Run(deck => {
            for (int i = deck.Length - 1; i > 0; i--) {
                int j = rnd.Next(i + 1);
                int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
        });
    }
}
