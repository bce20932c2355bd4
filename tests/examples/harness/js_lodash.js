// A shuffle in the style of lodash's _.shuffle: a copy, each position
// from the front swapped with one drawn from it to the end, the draw
// lower + Math.floor(Math.random() * (upper - lower + 1)).
const sa = require('./sa_harness.js');

function randomBetween(lower, upper) {
  return lower + Math.floor(Math.random() * (upper - lower + 1));
}

function shuffle(array) {
  const result = array.slice();
  const last = result.length - 1;
  for (let index = 0; index < result.length; index++) {
    const rand = randomBetween(index, last);
    const value = result[rand];
    result[rand] = result[index];
    result[index] = value;
  }
  return result;
}

sa.run(shuffle);
