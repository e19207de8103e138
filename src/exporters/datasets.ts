import type { ExportDataset, ExportDatasetName } from './dataset.js';
import { messagesDataset } from './messages-dataset.js';
import { sessionsDataset } from './sessions-dataset.js';
import { toolCallsDataset } from './tool-calls-dataset.js';
import { usageDataset } from './usage-dataset.js';

/** Every export dataset by name, in the order the README documents them. */
export const exportDatasets: Record<ExportDatasetName, ExportDataset> = {
  sessions: sessionsDataset,
  messages: messagesDataset,
  tool_calls: toolCallsDataset,
  usage: usageDataset,
};
