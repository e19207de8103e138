#!/usr/bin/env node
/**
 * The `agentlog` command (package.json's `bin`). CommonJS, so that a status line call, a process Claude Code
 * starts for every refresh of its status line, runs from the status line's bundle (`statusline-bundle.cjs`)
 * without Node's ES module loader; every other run is `main.js`'s (an ES module), as is a status line call when
 * there is no bundle (a build by `tsc` alone).
 */
import fs = require('node:fs');
import path = require('node:path');

interface StatuslineBundle {
  runStatuslineProcess(argv: readonly string[]): Promise<void>;
}

const argv = process.argv.slice(2);
const bundle = path.join(__dirname, 'statusline-bundle.cjs');
if (argv[0] === 'statusline' && fs.existsSync(bundle))
  void (require(bundle) as StatuslineBundle).runStatuslineProcess(argv);
else void import('./main.js');
