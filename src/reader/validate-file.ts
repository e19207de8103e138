import { createFileValidator, type FileValidationFacts } from './file-validator.js';
import { ReadError, readJsonl } from './index.js';

export type { FileValidationFacts } from './file-validator.js';

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
