/** `buildTurns` lives in `model/` so that agent adapters (below lifecycle) can split their sessions into turns. */
export { buildTurns } from '../model/build-turns.js';
