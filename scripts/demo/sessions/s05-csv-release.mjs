// Demo session s05-csv-release: csv-tool, Claude Code 2.0.42 (Haiku 4.5): a rejected call and its cancelled parallel sibling, the interrupt marker, a queued message (`queue-operation`).

import { ClaudeSession, HAIKU } from '../claude/session.mjs';
import { REJECTED } from '../claude/texts.mjs';
import { csvTool } from '../csv-tool-files.mjs';

/** Writes demo session s05-csv-release. */
export function s05() {
  const s = new ClaudeSession({
    name: 's05-csv-release',
    project: csvTool,
    version: '2.0.42',
    model: HAIKU,
    start: '2026-11-11T11:05:40.208Z',
    slug: 'brisk-counting-otter',
  });
  const c = s.main;
  c.prompt('Release 1.3.0: bump the version and publish to npm.', { wait: [0, 0] });
  c.step({
    text: "I'll bump the version and publish.",
    calls: [
      c.rejected(
        c.bash('npm version 1.3.0 --no-git-tag-version', 'Bump the version to 1.3.0'),
        `Error: ${REJECTED}`,
      ),
      c.cancelled(c.bash('npm publish --access public', 'Publish the package to npm')),
    ],
  });
  c.interruptMarker();
  c.prompt(
    'Not yet. Publish a release candidate first: 1.3.0-rc.1 under the `next` tag, and only as a dry run, CI does the real publish.',
  );
  c.step({
    calls: [
      c.bash('npm version 1.3.0-rc.1 --no-git-tag-version', 'Bump the version to 1.3.0-rc.1', {
        out: 'v1.3.0-rc.1',
      }),
    ],
  });
  s.clock.tick(800, 1500);
  s.queue('enqueue', 'also add the rc to the CHANGELOG');
  csvTool.write(
    'package.json',
    csvTool.read('package.json').replace('"version": "1.2.3"', '"version": "1.3.0-rc.1"'),
  );
  c.step({
    calls: [
      c.bash('npm publish --tag next --dry-run', 'Dry-run publish under the next tag', {
        err: 'npm notice\nnpm notice 📦  @demo/csv-tool@1.3.0-rc.1\nnpm notice Tarball Contents\nnpm notice 1.1kB package.json\nnpm notice 2.4kB dist/cli.js\nnpm notice 1.9kB dist/parse.js\nnpm notice 1.2kB dist/stats.js\nnpm notice Tarball Details\nnpm notice name: @demo/csv-tool\nnpm notice version: 1.3.0-rc.1\nnpm notice total files: 4\nnpm notice Publishing to https://registry.npmjs.org/ with tag next and default access (dry-run)',
        out: '+ @demo/csv-tool@1.3.0-rc.1',
        ms: [2800, 4500],
      }),
    ],
  });
  c.step({
    text: 'Version is now `1.3.0-rc.1` and the dry run succeeded: 4 files, published under the `next` tag. Nothing was uploaded.',
  });
  s.queue('dequeue');
  c.prompt('also add the rc to the CHANGELOG', { wait: [200, 600] });
  c.step({
    calls: [
      c.edit(
        'CHANGELOG.md',
        '# Changelog\n\n## 1.2.3',
        '# Changelog\n\n## 1.3.0-rc.1\n\n- New: `--delimiter` option; comma, semicolon and tab are detected automatically.\n\n## 1.2.3',
      ),
    ],
  });
  c.step({
    text: 'Added a `1.3.0-rc.1` entry to `CHANGELOG.md` for the delimiter option and auto-detection.',
  });
  return s;
}
