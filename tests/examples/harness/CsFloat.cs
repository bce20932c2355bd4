// Fisher-Yates over NextDouble(): (int) (u * (i + 1)).
using System;

class CsFloat {
    static void Main() {
        Random rnd = SaHarness.Random;
        SaHarness.Run(deck => {
            for (int i = deck.Length - 1; i > 0; i--) {
                int j = (int) (rnd.NextDouble() * (i + 1));
                int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
        });
    }
}
