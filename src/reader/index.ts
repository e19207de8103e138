export { type DecodedLine, decodeLine } from './decode-line.js';
export type { LineError, LineErrorType, LineResult, Location } from './line-result.js';
export { ReadError, type ReadErrorCode } from './read-error.js';
export {
  type JsonlReader,
  type JsonlSource,
  type ReadJsonlOptions,
  type ReadStats,
  readJsonl,
} from './read-jsonl.js';
