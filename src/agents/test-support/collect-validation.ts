/** Test support: runs a line validator over a file's raw lines into a sink that collects everything. */
import { readFileSync } from 'node:fs';
import type { FileContext, ValidationSink } from '../../reader/validation-sink.js';

export interface Collected {
  records: Record<string, number>;
  unknownRecordTypes: string[];
  unknownTools: string[];
  toolCalls: string[];
  issues: { subject: string; path: readonly (string | number)[]; line: number }[];
  unknownFields: string[];
  versions: string[];
}

type LineValidator = (
  value: Record<string, unknown>,
  line: number,
  context: FileContext,
  sink: ValidationSink,
) => void;

export function collectValidation(file: string, validate: LineValidator): Collected {
  return collectValidationOfText(file, readFileSync(file, 'utf8'), validate);
}

/** The same over `text` as the content of `file`. */
export function collectValidationOfText(file: string, text: string, validate: LineValidator): Collected {
  const out: Collected = {
    records: {},
    unknownRecordTypes: [],
    unknownTools: [],
    toolCalls: [],
    issues: [],
    unknownFields: [],
    versions: [],
  };
  const sink: ValidationSink = {
    record: (type) => {
      out.records[type] = (out.records[type] ?? 0) + 1;
    },
    unknownRecordType: (type) => out.unknownRecordTypes.push(type),
    unknownTool: (name) => out.unknownTools.push(name),
    toolCall: (name) => out.toolCalls.push(name),
    issue: (subject, path, _message, line) => out.issues.push({ subject, path, line }),
    unknownField: (subject, path) => {
      const key = `${subject} ${path.join('.')}`;
      if (!out.unknownFields.includes(key)) out.unknownFields.push(key);
    },
    version: (version) => out.versions.push(version),
    rejectedInput: () => {},
  };
  const context: FileContext = {
    file,
    toolNamesById: new Map(),
    lineIndex: 0,
    currentVersion: undefined,
    pendingInputIssues: new Map(),
  };
  text.split('\n').forEach((text, i) => {
    if (text.trim() === '') return;
    validate(JSON.parse(text) as Record<string, unknown>, i + 1, context, sink);
    context.lineIndex += 1;
  });
  return out;
}
