import { buildClaudeCodeSession } from '../agents/claude-code/build-session.js';
import { buildCodexSession } from '../agents/codex/build-session.js';
import type { RecordFile } from '../agents/record-file.js';
import { forgetResumeState } from '../agents/resume-state.js';
import type { Session } from '../model/session.js';
import type { LocatedProblem } from '../model/source-location.js';

/** Most records left out of one file before the file as a whole is given up. */
const MAX_LEFT_OUT = 20;

/** The located problem type of a record that made building its session fail. */
export const UNPROCESSABLE_RECORD = 'unprocessable-record';
/** The located problem type of a file whose session could not be built at all. */
export const UNPROCESSABLE_FILE = 'unprocessable-file';

/**
 * Builds a session and guarantees that no record can stop it: when `build` throws, the records that make it
 * throw are found (each the shortest failing prefix's last record), left out with a located problem, and
 * the session is built from the rest. When even that fails (more than 20 such records, or a failure no
 * record explains), the session is built from no records with a problem for the file; only if that fails
 * too does the error propagate. Costs nothing unless `build` throws.
 */
export function buildSafely<F extends RecordFile>(file: F, build: (file: F) => Session): Session {
  let firstError: unknown;
  try {
    return build(file);
  } catch (error) {
    firstError = error;
  }
  const problems: LocatedProblem[] = [];
  let records = file.records;
  const attempt = (subset: F['records']): Session | unknown => {
    try {
      return build({ ...file, records: subset });
    } catch (error) {
      return new Failure(error);
    }
  };
  if (!(attempt([]) instanceof Failure)) {
    for (let left = 0; left < MAX_LEFT_OUT; left++) {
      // Shortest failing prefix: [0, lo) builds, [0, hi) fails.
      let lo = 0;
      let hi = records.length;
      let failure: Failure | undefined;
      while (hi - lo > 1) {
        const mid = (lo + hi) >>> 1;
        const result = attempt(records.slice(0, mid));
        if (result instanceof Failure) {
          hi = mid;
          failure = result;
        } else lo = mid;
      }
      const bad = records[hi - 1];
      if (bad === undefined) break;
      const reason = failure?.error ?? firstError;
      problems.push({
        location: bad.location,
        type: UNPROCESSABLE_RECORD,
        message: `Record could not be processed (${describe(reason)}); it is left out of the session.`,
      });
      records = [...records.slice(0, hi - 1), ...records.slice(hi)];
      const result = attempt(records);
      if (!(result instanceof Failure)) {
        const session = result as Session;
        forgetResumeState(session);
        session.problems.push(...problems);
        return session;
      }
    }
  }
  const session = build({ ...file, records: [] });
  forgetResumeState(session);
  session.problems.push({
    location: { file: file.file, line: 1 },
    type: UNPROCESSABLE_FILE,
    message: `The file could not be built into a session (${describe(firstError)}); its ${file.records.length} records are left out.`,
  });
  return session;
}

class Failure {
  constructor(readonly error: unknown) {}
}

/** An error in a few words, without a stack (and cut short: messages can quote log text). */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * A Claude Code main file with its subagent files, built so that nothing in them stops the run: when the
 * subagent files make the build fail, the main file is built alone and each subagent file becomes a session
 * of its own (marked `isSubagent`), with a located problem.
 */
export function buildClaudeSafely(main: RecordFile, subFiles: readonly RecordFile[]): Session[] {
  try {
    return [buildSafely(main, (f) => buildClaudeCodeSession(f, subFiles))];
  } catch (error) {
    const session = buildSafely(main, (f) => buildClaudeCodeSession(f));
    forgetResumeState(session);
    const alone = subFiles.map((sub) =>
      buildSafely(sub, (f) => {
        const built = buildClaudeCodeSession(f);
        built.isSubagent = true;
        if (f.agentId !== undefined) built.agentId = f.agentId;
        return built;
      }),
    );
    session.problems.push({
      location: { file: main.file, line: 1 },
      type: UNPROCESSABLE_FILE,
      message: `The session could not be built with its ${subFiles.length} subagent files (${describe(error)}); they are listed as sessions of their own.`,
    });
    return [session, ...alone];
  }
}

/** A Codex rollout built so that no record stops the run (see `buildSafely`). */
export function buildCodexSafely(file: RecordFile): Session {
  return buildSafely(file, buildCodexSession);
}
