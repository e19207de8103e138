/** Turn building is agent-neutral and lives in `model/` (adapters in `agents/` use it); re-exported for lifecycle. */
export { buildTurns } from '../model/build-turns.js';
