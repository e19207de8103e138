// The "a subagent starts" step: what Claude Code 2.1.x writes when the active session starts a subagent, and
// how to undo it. The session file gets the Task call and two `agent_progress` records streaming the
// subagent's first response; the subagent's transcript (`<session>/subagents/agent-<id>.jsonl`) and its
// `.meta.json` appear with its prompt and that response. The lines are those of the test fixture
// test/fixtures/claude-code/agent-progress (a real-shaped 2.1.30 session with one subagent), given the active
// session's id, a parent on the session's last record and times after its last one. A journal of the session
// file's size and times and of the files made is written first, so that an interrupted run is undone by the
// next one.
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixture = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/claude-code/agent-progress',
);
const fixtureId = '7c4e2b90-1f3a-4d6b-8e5c-2a9d0f1b3c47';
const agent = 'agent-a3f9c21';

/** Starts the subagent in `session` (a Claude Code session file); returns the bytes written. */
export function startSubagent(session, journalPath) {
  const id = basename(session, '.jsonl');
  const stat = statSync(session);
  const folder = join(dirname(session), id, 'subagents');
  const made = [join(dirname(session), id), folder].filter((dir) => !existsSync(dir));
  const files = [join(folder, `${agent}.jsonl`), join(folder, `${agent}.meta.json`)];
  const journal = {
    path: session,
    size: stat.size,
    atimeMs: stat.atimeMs,
    mtimeMs: stat.mtimeMs,
    files,
    made,
  };
  writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);

  const tail = readFileSync(session, 'utf8').slice(-262144);
  const parent = [...tail.matchAll(/"uuid":"([^"]+)"/g)].pop()?.[1];
  const last = [...tail.matchAll(/"timestamp":"([^"]+)"/g)].pop()?.[1];
  if (parent === undefined || last === undefined)
    throw new Error(`${session} has no record to continue from.`);
  const shift = Date.parse(last) + 60_000 - Date.parse('2026-02-01T10:00:00.000Z');
  const remap = (line) =>
    line
      .replaceAll(fixtureId, id)
      .replaceAll('"parentUuid":"m-u1"', `"parentUuid":"${parent}"`)
      .replace(
        /"timestamp":"([^"]+)"/g,
        (_, t) => `"timestamp":"${new Date(Date.parse(t) + shift).toISOString()}"`,
      );
  const lines = (file) => readFileSync(join(fixture, file), 'utf8').split('\n').filter(Boolean).map(remap);
  // The session's Task call and the first two progress records; the subagent's prompt and first response.
  const main = `${lines(`${fixtureId}.jsonl`).slice(1, 4).join('\n')}\n`;
  const sub = `${lines(`${fixtureId}/subagents/${agent}.jsonl`).slice(0, 2).join('\n')}\n`;
  appendFileSync(session, main);
  mkdirSync(folder, { recursive: true });
  copyFileSync(join(fixture, fixtureId, 'subagents', `${agent}.meta.json`), files[1]);
  writeFileSync(files[0], sub);
  return Buffer.byteLength(main) + Buffer.byteLength(sub);
}

/** Undoes `startSubagent` from its journal; returns whether there was anything to undo. */
export function undoSubagent(journalPath) {
  if (!existsSync(journalPath)) return false;
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  if (existsSync(journal.path)) {
    if (statSync(journal.path).size > journal.size) truncateSync(journal.path, journal.size);
    utimesSync(journal.path, journal.atimeMs / 1000, journal.mtimeMs / 1000);
  }
  for (const file of journal.files) rmSync(file, { force: true });
  for (const dir of [...journal.made].reverse()) if (existsSync(dir)) rmdirSync(dir);
  rmSync(journalPath, { force: true });
  return true;
}
