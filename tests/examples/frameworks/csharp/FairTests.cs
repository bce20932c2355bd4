// FairTests.cs - NUnit tests that pass: Fisher-Yates at 6 cards (its
// report printed, for the log), and at 5 with the Random a [SetUp]
// method hands it (the audited copy runs the fixture's set-up again
// before the test).
using System;
using NUnit.Framework;

[TestFixture]
public class FairTests {
    [Test]
    public void FisherYatesIsFair() {
        Console.Write(SaHarness.AssertFair(deck => Deck.FisherYates(deck, SaHarness.Random), 6));
    }

    Random rnd;

    [SetUp]
    public void GiveRandom() {
        rnd = SaHarness.Random;
    }

    [Test]
    public void FisherYatesAfterSetUpIsFair() {
        SaHarness.AssertFair(deck => Deck.FisherYates(deck, rnd), 5);
    }
}
