import type { ValidateFileOptions } from '../reader/validate-file.js';
import { mergeValidations } from '../reader/validate-files.js';
import type { ValidationReport } from '../reader/validation-report.js';
import { validateSource } from './validate-source.js';

export interface ValidateOptions extends ValidateFileOptions {
  onFile?: (file: string, index: number) => void;
}

/**
 * The library's `validateFiles`: reads every file in full-validation mode, whatever agent wrote it and in
 * whatever shape (JSONL, a JSON document, a text transcript, a Cursor chat store: `validateSource`), and
 * returns the grouped report. Never throws for bad input: an unreadable file sets its entry's `readError`.
 */
export async function validateFiles(
  files: readonly string[],
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const facts = [];
  let index = 0;
  for (const file of files) {
    options.onFile?.(file, index++);
    facts.push(await validateSource(file, options));
  }
  return mergeValidations(facts);
}
