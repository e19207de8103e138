import type { ExportColumn } from './dataset.js';

/** Formats DuckDB writes from the NDJSON rows. */
export type ConvertedFormat = 'csv' | 'parquet';

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Converts an NDJSON file of rows into CSV or Parquet with DuckDB, typed by the dataset's columns. DuckDB
 * streams the conversion (bounded memory; spills to `tempDir`). CSV keeps times as the ISO strings of the
 * NDJSON (spreadsheets and DuckDB both read them as times); Parquet stores them as timestamps (UTC) and JSON
 * columns as JSON-typed strings. `longestLine` sizes DuckDB's JSON reader for the longest row.
 */
export async function convertNdjson(
  source: string,
  target: string,
  format: ConvertedFormat,
  columns: readonly ExportColumn[],
  options: { tempDir: string; longestLine: number },
): Promise<void> {
  // Loaded on demand: DuckDB's native module is large, and only Parquet and CSV conversions need it.
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:', {
    temp_directory: options.tempDir,
    memory_limit: '512MB',
    threads: '1',
    // Row order within a file is not kept (rows carry their order: `seq`, times, lines), so DuckDB can stream.
    preserve_insertion_order: 'false',
  });
  const connection = await instance.connect();
  try {
    const types = columns
      .map(
        (c) =>
          `${sqlString(c.name)}: ${sqlString(format === 'csv' && c.type === 'TIMESTAMP' ? 'VARCHAR' : c.type)}`,
      )
      .join(', ');
    const maxObject = Math.max(16 * 1024 * 1024, options.longestLine + 1024);
    const read = `read_json(${sqlString(source)}, format = 'newline_delimited', columns = {${types}}, maximum_object_size = ${maxObject})`;
    const select = `SELECT ${columns.map((c) => `"${c.name}"`).join(', ')} FROM ${read}`;
    const how =
      format === 'csv' ? 'FORMAT csv, HEADER true' : 'FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048';
    await connection.run(`COPY (${select}) TO ${sqlString(target)} (${how})`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
