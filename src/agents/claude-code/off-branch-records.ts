import { type BranchNode, offBranchRecords } from '../../model/branch-rule.js';
import { arr, isObject, type JsonObject, obj, str } from '../../schemas/common/value-access.js';

export { type BranchNode, offBranchRecords };

/** What the branch rule needs of a record. */
export function branchNodeOf(value: JsonObject, index: number): BranchNode {
  const type = str(value.type) ?? '';
  const node: BranchNode = { type, index, apiId: str(obj(value.message)?.id) };
  if (type === 'user') node.alternative = userStartsAlternative(value);
  return node;
}

/** A user record that holds a prompt (not only tool results). */
function userStartsAlternative(value: JsonObject): boolean {
  const content = obj(value.message)?.content;
  if (typeof content === 'string') return true;
  const blocks = arr(content);
  return blocks.length === 0 || !blocks.every((b) => isObject(b) && b.type === 'tool_result');
}

/** A 1.0.x compaction: the summary record starts a new chain, with no boundary record before it. */
export function isParentlessCompactSummary(value: JsonObject): boolean {
  return (
    value.isCompactSummary === true &&
    str(value.parentUuid) === undefined &&
    str(value.logicalParentUuid) === undefined
  );
}
