// Fisher-Yates over the runtime's own Next(max): (int) (Sample() * max).
using System;

class CsReduction {
    static void Main() {
        Random rnd = SaHarness.Random;
        SaHarness.Run(deck => {
            for (int i = deck.Length - 1; i > 0; i--) {
                int j = rnd.Next(i + 1);
                int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
        }, SaHarness.Mode.Library);
    }
}
