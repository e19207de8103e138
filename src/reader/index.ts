export {
  boundDepth,
  type DepthCut,
  isTruncatedValue,
  jsonDepth,
  MAX_JSON_DEPTH,
  serialize,
  TRUNCATED_KEY,
  type TruncatedValue,
} from '../schemas/common/bound-depth.js';
export { type DecodedLine, decodeLine } from './decode-line.js';
export { describeCut, TOO_DEEP } from './describe-cut.js';
export type { LineError, LineErrorType, LineResult, Location } from './line-result.js';
export { ReadError, type ReadErrorCode } from './read-error.js';
export {
  type JsonlReader,
  type JsonlSource,
  type ReadJsonlOptions,
  type ReadStats,
  readJsonl,
} from './read-jsonl.js';
