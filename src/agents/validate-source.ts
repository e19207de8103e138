import {
  type AgentLineValidator,
  createFileValidator,
  type FileValidatorOptions,
} from '../reader/file-validator.js';
import {
  type FileValidationFacts,
  type ValidateFileOptions,
  validateLines,
} from '../reader/validate-file.js';
import type { Agent } from '../schemas/common/agent.js';
import { readSource } from './read-source.js';
import { adapterFor, agentOfRecord } from './registry.js';

/** The registry's validators: the adapter of the known agent, or of the agent the first record tells. */
export function agentValidator(first: Record<string, unknown>, known: Agent | undefined): AgentLineValidator {
  const agent = known ?? agentOfRecord(first);
  const adapter = adapterFor(agent);
  const validate = adapter?.decode.validate;
  return {
    agent,
    ...(validate ? { validate } : {}),
    subject: adapter ? adapter.decode.subject : (type) => `${agent}:${type}`,
  };
}

/** `createFileValidator` with the registry's validators. */
export function createAgentFileValidator(
  file: string,
  options: FileValidatorOptions = {},
  from?: Parameters<typeof createFileValidator>[2],
) {
  return createFileValidator(file, { validatorFor: agentValidator, ...options }, from);
}

/**
 * Reads one file of any agent in full-validation mode (`reader/validate-file.ts` for every shape the agents
 * write). Never throws for bad input: an unreadable file sets `entry.readError`.
 */
export function validateSource(
  file: string,
  options: ValidateFileOptions = {},
): Promise<FileValidationFacts> {
  return validateLines(file, createAgentFileValidator(file, options), readSource(file));
}
