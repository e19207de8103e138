import type { Command } from 'commander';
import type { Io } from '../output.js';

type Register = (program: Command, io: Io) => void;

/**
 * Every command of the CLI, in the order `--help` lists them, each loaded only when needed: a command's
 * module brings its dependencies (the schema registries, SQLite, the viewer, OpenTelemetry...), so a run
 * of one command loads that command alone.
 */
const commands: readonly (readonly [name: string, load: () => Promise<Register>])[] = [
  ['report', async () => (await import('./report-command.js')).registerReportCommand],
  ['tools', async () => (await import('./tools-command.js')).registerToolsCommand],
  ['usage', async () => (await import('./usage-command.js')).registerUsageCommand],
  ['blocks', async () => (await import('./blocks-command.js')).registerBlocksCommand],
  ['errors', async () => (await import('./errors-command.js')).registerErrorsCommand],
  ['ls', async () => (await import('./ls-command.js')).registerLsCommand],
  ['show', async () => (await import('./show-command.js')).registerShowCommand],
  ['html', async () => (await import('./html-command.js')).registerHtmlCommand],
  ['export', async () => (await import('./export-command.js')).registerExportCommand],
  ['validate', async () => (await import('./validate-command.js')).registerValidateCommand],
  ['schema', async () => (await import('./schema-command.js')).registerSchemaCommand],
  ['search', async () => (await import('./search-command.js')).registerSearchCommand],
  ['serve', async () => (await import('./serve-command.js')).registerServeCommand],
  ['sql', async () => (await import('./sql-command.js')).registerSqlCommand],
  ['cache', async () => (await import('./cache-command.js')).registerCacheCommand],
  ['archive', async () => (await import('./archive-command.js')).registerArchiveCommand],
  ['otlp', async () => (await import('./otlp-command.js')).registerOtlpCommand],
  ['mcp', async () => (await import('./mcp-command.js')).registerMcpCommand],
  ['statusline', async () => (await import('./statusline-command.js')).registerStatuslineCommand],
  ['pricing', async () => (await import('./pricing-command.js')).registerPricingCommand],
];

/**
 * Registers the commands a run needs: only the named one when `argv` starts with a command name (its
 * help, options and errors are its own), else all of them (`--help`, an unknown command and its
 * suggestions, options before the command).
 */
export async function registerCommands(
  program: Command,
  io: Io,
  argv: readonly string[] = [],
): Promise<void> {
  const named = commands.find(([name]) => name === argv[0]);
  for (const [, load] of named ? [named] : commands) (await load())(program, io);
}
