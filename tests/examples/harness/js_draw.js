// Fisher-Yates over the harness's bounded draw, sa.draw(k).
const sa = require('./sa_harness.js');

sa.run((deck) => {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = sa.draw(i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
});
