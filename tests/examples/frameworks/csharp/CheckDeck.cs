// CheckDeck.cs - the assertion from a plain Main, no test framework: the
// first audit passes, the second throws SaHarness.AuditFailure
// (unhandled: a stack trace and a non-zero exit status).
using System;

public static class CheckDeck {
    public static void Main() {
        Console.WriteLine(SaHarness.AssertFair(deck => Deck.FisherYates(deck, SaHarness.Random), 5));
        SaHarness.AssertFair(deck => Deck.OffByOne(deck, SaHarness.Random), 4);
        Console.WriteLine("not reached");
    }
}
