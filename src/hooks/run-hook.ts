import type { HookInput } from './hook-input.js';
import type { HookOutput } from './hook-output.js';
import { readHookInput } from './parse-hook-input.js';

/** What a hook does with one event: an output to print, or nothing (Claude Code goes on as usual). */
export type HookHandler = (input: HookInput) => HookOutput | undefined | Promise<HookOutput | undefined>;

/** Where a hook reads and writes; process streams by default (tests inject their own). */
export interface RunHookOptions {
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  /**
   * On unreadable input or a handler that throws, exit 2 (Claude Code blocks the tool call or prompt and
   * shows the message to Claude) instead of 1 (a non-blocking error). For guard hooks that must not fail open.
   */
  failClosed?: boolean;
  /** Set `process.exitCode` to the result (default true); never calls `process.exit`. */
  setExitCode?: boolean;
}

/** Prints a hook output as the one JSON line Claude Code reads from stdout. */
export function writeHookOutput(output: HookOutput, stream: NodeJS.WritableStream = process.stdout): void {
  stream.write(`${JSON.stringify(output)}\n`);
}

/**
 * Runs a hook: reads the event from stdin, calls `handler`, prints its output. Returns the exit code:
 * 0 when the handler ran, 1 (or 2 with `failClosed`) when the input could not be read or the handler
 * threw, with one line on stderr saying why.
 */
export async function runHook(handler: HookHandler, options: RunHookOptions = {}): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let code = 0;
  try {
    const input = await readHookInput(options.stdin ?? process.stdin);
    const output = await handler(input);
    if (output !== undefined) writeHookOutput(output, stdout);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`${message}\n`);
    code = options.failClosed ? 2 : 1;
  }
  if (options.setExitCode ?? true) process.exitCode = code;
  return code;
}
