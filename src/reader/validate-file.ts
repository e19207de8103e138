import { createFileValidator } from './file-validator.js';
import { ReadError, readJsonl } from './index.js';
import type { FileValidation, GroupedIssue, LineErrorEntry, UnknownField } from './validation-report.js';

/**
 * What full validation found in one file, in a form that can be stored (plain JSON) and merged with other
 * files' in input order into the same report as validating them together (`mergeValidations`).
 */
export interface FileValidationFacts {
  entry: FileValidation;
  errors: LineErrorEntry[];
  /** Agent versions each unknown record type was seen in, sorted (empty when records carry none). */
  unknownRecordTypeVersions: Record<string, string[]>;
  unknownToolVersions: Record<string, string[]>;
  /** Schema issues grouped within the file, in the order first seen. */
  schemaIssues: GroupedIssue[];
  /** Undeclared fields grouped within the file, in the order first seen. */
  unknownFields: UnknownField[];
  toolCalls: Record<string, number>;
  rejectedInputs: number;
}

export interface ValidateFileOptions {
  /** Also report fields no schema declares (drift). Default true. */
  unknownFields?: boolean;
}

/** Reads one file in full-validation mode. Never throws for bad input: an unreadable file sets `entry.readError`. */
export async function validateFile(
  file: string,
  options: ValidateFileOptions = {},
): Promise<FileValidationFacts> {
  const validator = createFileValidator(file, options);
  const reader = readJsonl(file);
  let readError: string | undefined;
  try {
    for await (const result of reader) validator.add(result);
  } catch (error) {
    readError = error instanceof ReadError ? error.message : `Could not read "${file}": ${String(error)}`;
  }
  const facts = validator.facts(reader.stats.physicalLines, reader.stats.blankLines);
  if (readError !== undefined) facts.entry.readError = readError;
  return facts;
}
