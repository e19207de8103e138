// Demo session s11-csv-tag-release: csv-tool, Claude Code 2.1.104 (Haiku 4.5): the 2.1.1xx envelope, a PreToolUse hook block (`hook_blocking_error` attachment), a call the user rejected.

import { ClaudeSession, HAIKU } from '../claude/session.mjs';
import { csvTool } from '../csv-tool-files.mjs';

/** Writes demo session s11-csv-tag-release. */
export function s11() {
  const s = new ClaudeSession({
    name: 's11-csv-tag-release',
    project: csvTool,
    version: '2.1.104',
    model: HAIKU,
    start: '2026-11-19T09:50:27.640Z',
    permissionMode: 'default',
  });
  const c = s.main;
  c.prompt(
    'Tag the 1.3.0 release and push it. I amended the last commit on main, so it needs a force push first.',
    {
      wait: [0, 0],
    },
  );
  c.step({
    calls: [
      c.bash('git status --short --branch && git log --oneline -3', 'Check the branch state', {
        out: '## main...origin/main [ahead 1, behind 1]\nb7e21d4 Release 1.3.0\n6c0f9a2 Add --json to stats\n3d84e17 Detect ISO dates in columns',
      }),
    ],
  });
  s.aiTitle('Tag and push csv-tool 1.3.0');
  c.step({
    calls: [
      c.hookBlocked(
        c.bash('git push --force origin main', 'Force-push the amended main'),
        '~/.claude/hooks/guard-git.sh',
        'Blocked: force-pushing main is not allowed. Push a branch and open a PR, or ask a maintainer.',
      ),
    ],
  });
  c.step({
    text: 'Your guard hook blocks force-pushing main, so I will leave main alone and tag the release commit.',
    calls: [c.bash('git tag -a v1.3.0 -m "csv-tool 1.3.0"', 'Tag the release commit')],
  });
  c.step({ calls: [c.rejected(c.bash('npm publish --access public', 'Publish 1.3.0 to npm'))] });
  c.interruptMarker();
  c.prompt("Don't publish from here, CI publishes when the tag is pushed. Just push the tag.");
  c.step({
    calls: [
      c.bash('git push origin v1.3.0', 'Push the release tag', {
        err: 'To github.com:demo/csv-tool.git\n * [new tag]         v1.3.0 -> v1.3.0',
        ms: [1500, 2600],
      }),
    ],
  });
  c.step({
    text: 'Pushed the `v1.3.0` tag; CI will publish from it. Main was not force-pushed (blocked by `guard-git.sh`), so origin/main still has the commit before your amend. The tag points at the amended commit, which is only reachable from the tag until main is updated.',
  });
  s.aiTitle('Tag and push csv-tool 1.3.0');
  s.lastPrompt("Don't publish from here, CI publishes when the tag is pushed. Just push the tag.");
  return s;
}
