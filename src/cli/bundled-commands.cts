/**
 * The commands the bin (`agentlog.cts`) runs from the main bundle (`main-bundle.cjs`): the ones a user runs most
 * and waits for. `scripts/bundle-cli.mjs` reads the same list and leaves the other commands' modules out of the
 * bundle (they load from `dist/`, as every command does from `main.js`).
 */
const bundledCommands: readonly string[] = [
  'report',
  'usage',
  'ls',
  'tools',
  'errors',
  'blocks',
  'validate',
  'show',
  'sql',
  'search',
];

export = { bundledCommands };
