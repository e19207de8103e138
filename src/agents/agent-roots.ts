/**
 * The roots role (`roots.ts`) of every registered agent that searches folders of its own, in the order of
 * `registry.ts`, without the rest of the adapters: discovery runs on every command, also on a warm run that
 * reads no file and so needs none of the schemas and builders the adapters load. An agent with a
 * `roots.searches` or `roots.searchesIn` is listed here too (`test/agent-adapters.test.ts` checks that both lists agree).
 */
import type { AgentRoots } from './agent-adapter.js';
import { copilotCliRoots } from './copilot-cli/roots.js';
import { cursorRootsRole } from './cursor/roots.js';
import { geminiCliRoots } from './gemini-cli/roots.js';
import { opencodeRoots } from './opencode/roots.js';
import { piRootsRole } from './pi/roots.js';
import { qwenCodeRootsRole } from './qwen-code/roots.js';

export const agentRoots: readonly AgentRoots[] = [
  geminiCliRoots,
  copilotCliRoots,
  qwenCodeRootsRole,
  piRootsRole,
  cursorRootsRole,
  opencodeRoots,
];
