export type { BuiltinPattern } from './builtin-patterns.js';
export { builtinPatterns } from './builtin-patterns.js';
export type { RedactionOptions, Redactor } from './create-redactor.js';
export { createRedactor } from './create-redactor.js';
export { kindOfMessage } from './secretlint-findings.js';
export type { UserPattern } from './user-patterns.js';
export { loadUserPatterns, RedactionConfigError } from './user-patterns.js';
