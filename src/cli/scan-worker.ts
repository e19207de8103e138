/**
 * A worker thread of the scan pool (see `scan-pool.ts`): reads files for the index and validates them,
 * one task at a time per message, answering with the task's id.
 */
import { parentPort } from 'node:worker_threads';
import { validateSource as validateFile } from '../agents/validate-source.js';
import { projectRecord } from '../cache/project-record.js';
import { readWholeUnit } from '../cache/read-whole-unit.js';
import { readRecordSlice } from '../lifecycle/read-record-slice.js';
import { FileUnreadableError } from '../lifecycle/record-slice.js';
import { redirectReads, removeRedirect } from '../reader/read-path.js';
import type { ScanReply, ScanTask } from './scan-pool.js';

const port = parentPort;
if (port === null) throw new Error('scan-worker.js runs only as a worker thread.');

port.on('message', (task: ScanTask) => {
  run(task).then(
    (reply) => port.postMessage(reply),
    (error: unknown) =>
      port.postMessage({
        id: task.id,
        ok: false,
        unreadable: error instanceof FileUnreadableError,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ScanReply),
  );
});

async function run(task: ScanTask): Promise<ScanReply> {
  if (task.kind === 'unit') {
    for (const ref of task.refs) removeRedirect(ref.path);
    return { id: task.id, ok: true, value: await readWholeUnit(task.refs) };
  }
  if (task.bytes !== undefined) redirectReads(task.file, task.bytes);
  else removeRedirect(task.file);
  if (task.kind === 'slice') {
    const slice = await readRecordSlice(task.file, {
      ...(task.start ? { start: task.start } : {}),
      ...(task.project ? { project: projectRecord } : {}),
      ...(task.validate ? { validate: task.validate } : {}),
    });
    return { id: task.id, ok: true, value: slice };
  }
  return { id: task.id, ok: true, value: await validateFile(task.file) };
}
