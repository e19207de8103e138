import { createFileValidator, type FileValidationFacts, type FileValidator } from './file-validator.js';
import { type JsonlReader, ReadError, readJsonl } from './index.js';

export type { FileValidationFacts } from './file-validator.js';

export interface ValidateFileOptions {
  /** Also report fields no schema declares (drift). Default true. */
  unknownFields?: boolean;
}

/** Reads one file in full-validation mode. Never throws for bad input: an unreadable file sets `entry.readError`. */
export function validateFile(file: string, options: ValidateFileOptions = {}): Promise<FileValidationFacts> {
  return validateLines(file, createFileValidator(file, options), readJsonl(file));
}

/**
 * Feeds every line `reader` gives to `validator` and returns its facts; a file that cannot be read sets
 * `entry.readError` instead of throwing. The agents' `validateSource` runs it on any shape they write.
 */
export async function validateLines(
  file: string,
  validator: FileValidator,
  reader: JsonlReader,
): Promise<FileValidationFacts> {
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
