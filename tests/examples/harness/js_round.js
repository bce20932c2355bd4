// Fisher-Yates rounding instead of flooring: Math.round(u * i).
const sa = require('./sa_harness.js');

sa.run((deck) => {
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.round(Math.random() * i);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
});
