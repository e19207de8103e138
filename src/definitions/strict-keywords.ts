/** Keyword lists of OpenAI strict mode (spec 5.5), shared by the strict and non-strict converters. */

/** String formats OpenAI strict mode supports (spec 5.5.9); others move to the description. */
export const strictStringFormats: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Keywords a strict schema may carry (spec 5.5.9, plus the structure it needs). */
export const strictKeywords: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'description',
  'title',
  '$defs',
  'definitions',
  '$ref',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
]);

/** Keywords whose removal would change which values are valid in ways a description cannot carry. */
export const rejectedKeywords: ReadonlySet<string> = new Set([
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'prefixItems',
  'additionalItems',
  'contentSchema',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
]);

/** Annotations and markers dropped without a trace in the description. */
export const droppedKeywords: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'strict',
  'readOnly',
  'writeOnly',
  'deprecated',
  'examples',
]);

function quoteJson(value: unknown): string {
  return JSON.stringify(value);
}

/** Moves a constraint OpenAI strict mode does not support into the description. */
export function describedConstraint(keyword: string, value: unknown): string | undefined {
  switch (keyword) {
    case 'minLength':
      return `At least ${quoteJson(value)} characters.`;
    case 'maxLength':
      return `At most ${quoteJson(value)} characters.`;
    case 'format':
      return `Format: ${String(value)}.`;
    case 'default':
      return value === null ? undefined : `Default: ${quoteJson(value)}.`;
    case 'uniqueItems':
      return value === true ? 'Items are unique.' : undefined;
    case 'minProperties':
      return `At least ${quoteJson(value)} properties.`;
    case 'maxProperties':
      return `At most ${quoteJson(value)} properties.`;
    case 'contentEncoding':
      return `Encoding: ${String(value)}.`;
    case 'contentMediaType':
      return `Media type: ${String(value)}.`;
    default:
      return undefined;
  }
}

/** Constraints moved into the description (see `describedConstraint`). */
export const describedKeywords = new Set([
  'minLength',
  'maxLength',
  'default',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentEncoding',
  'contentMediaType',
]);
