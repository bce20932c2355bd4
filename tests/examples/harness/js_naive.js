// The naive shuffle over Math.random: every position swapped with any.
const sa = require('./sa_harness.js');

sa.run((deck) => {
  for (let i = 0; i < deck.length; i++) {
    const j = Math.floor(Math.random() * deck.length);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
});
