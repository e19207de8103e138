import type { z } from 'zod';
import { schemaIssuesOf } from '../../../schemas/common/surely-valid.js';
import { lookupClaudeCodeTool } from './registry.js';

/** One problem found in a tool call's input or result. `code` is zod's issue code, or `unknown_tool`. */
export interface ToolIssue {
  part: 'input' | 'result';
  path: (string | number)[];
  message: string;
  code: string;
}

type ZodIssue = z.core.$ZodIssue;

/** An issue that only says "this union branch is the wrong variant" (a discriminator mismatch). */
function isVariantMismatch(issue: ZodIssue): boolean {
  if (issue.path.length !== 1) return false;
  if (issue.code === 'invalid_value') return true;
  if (issue.code === 'invalid_type' && issue.expected === 'never') return true;
  return issue.code === 'invalid_union' && issue.errors.length === 0;
}

/** Picks the union branch that came closest: no variant mismatch first, then fewest issues. */
function closestBranch(branches: ZodIssue[][]): ZodIssue[] | undefined {
  let best: ZodIssue[] | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const branch of branches) {
    const score = (branch.some(isVariantMismatch) ? 10_000 : 0) + branch.length;
    if (score < bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best;
}

function toToolIssues(
  part: ToolIssue['part'],
  issues: readonly ZodIssue[],
  prefix: PropertyKey[],
): ToolIssue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union') {
      const branch = closestBranch(issue.errors);
      if (branch !== undefined && branch.length > 0) return toToolIssues(part, branch, path);
    }
    return [
      {
        part,
        path: path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
        message: issue.message,
        code: issue.code,
      },
    ];
  });
}

function unknownTool(part: ToolIssue['part'], name: string): ToolIssue[] {
  return [{ part, path: [], message: `Unknown tool "${name}"`, code: 'unknown_tool' }];
}

/**
 * Validates a `tool_use.input` against the tool's input schema (MCP tools: any object).
 * Union failures are reported through the closest variant.
 */
export function validateToolInput(name: string, input: unknown): ToolIssue[] {
  const found = lookupClaudeCodeTool(name);
  if (found.kind === 'unknown') return unknownTool('input', name);
  return toToolIssues('input', schemaIssuesOf(found.spec.input, input), []);
}

/**
 * Validates a `toolUseResult` against the tool's result schema. A string result is the error or
 * rejection text Claude Code writes when a call fails, and is always valid.
 */
export function validateToolResult(name: string, result: unknown): ToolIssue[] {
  const found = lookupClaudeCodeTool(name);
  if (found.kind === 'unknown') return unknownTool('result', name);
  if (typeof result === 'string') return [];
  return toToolIssues('result', schemaIssuesOf(found.spec.result, result), []);
}
