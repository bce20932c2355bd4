// A Random of its own, which no harness answers: hidden randomness, which
// the audit reports (exit status 3) every time.
using System;

class CsHidden {
    static void Main() {
        Random own = new Random();
        SaHarness.Run(deck => {
            for (int i = deck.Length - 1; i > 0; i--) {
                int j = own.Next(i + 1);
                int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
            }
        });
    }
}
