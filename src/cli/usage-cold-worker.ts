/**
 * A worker thread of `usage` with no index yet (see `usage-cold.ts`): builds the units it is given with
 * lifecycle's `buildUsageUnit` and answers once with their usage trees and the files it could not read.
 */
import { parentPort } from 'node:worker_threads';
import { buildUsageUnit } from '../lifecycle/build-usage-unit.js';
import type { ColdUsageReply, ColdUsageTask } from './usage-cold.js';

const port = parentPort;
if (port === null) throw new Error('usage-cold-worker.js runs only as a worker thread.');

port.on('message', (task: ColdUsageTask) => {
  run(task).then(
    (reply) => port.postMessage(reply),
    (error: unknown) =>
      port.postMessage({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ColdUsageReply),
  );
});

async function run(task: ColdUsageTask): Promise<ColdUsageReply> {
  const skipped: [string, string][] = [];
  const units = [];
  for (const refs of task.units)
    units.push(await buildUsageUnit(refs, (path, message) => skipped.push([path, message])));
  return { ok: true, units, skipped };
}
