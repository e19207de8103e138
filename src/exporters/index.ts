export type { ColumnType, ExportColumn, ExportDataset, ExportDatasetName, RowContext } from './dataset.js';
export { exportDatasetNames } from './dataset.js';
export { exportDatasets } from './datasets.js';
export type { ExportFormat, ExportOptions, ExportResult, ExportTarget } from './export-sessions.js';
export { exportFormats, exportSessions } from './export-sessions.js';
export type { TranscriptDetail } from './transcript-markdown.js';
export { transcriptDetails, transcriptMarkdown } from './transcript-markdown.js';
