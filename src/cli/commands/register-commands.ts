import type { Command } from 'commander';
import type { Io } from '../output.js';
import { registerCacheCommand } from './cache-command.js';
import { registerErrorsCommand } from './errors-command.js';
import { registerExportCommand } from './export-command.js';
import { registerHtmlCommand } from './html-command.js';
import { registerLsCommand } from './ls-command.js';
import { registerOtlpCommand } from './otlp-command.js';
import { registerReportCommand } from './report-command.js';
import { registerSchemaCommand } from './schema-command.js';
import { registerSearchCommand } from './search-command.js';
import { registerServeCommand } from './serve-command.js';
import { registerShowCommand } from './show-command.js';
import { registerSqlCommand } from './sql-command.js';
import { registerToolsCommand } from './tools-command.js';
import { registerUsageCommand } from './usage-command.js';
import { registerValidateCommand } from './validate-command.js';

/** Every command of the CLI, in the order `--help` lists them. */
export function registerCommands(program: Command, io: Io): void {
  registerReportCommand(program, io);
  registerToolsCommand(program, io);
  registerUsageCommand(program, io);
  registerErrorsCommand(program, io);
  registerLsCommand(program, io);
  registerShowCommand(program, io);
  registerHtmlCommand(program, io);
  registerExportCommand(program, io);
  registerValidateCommand(program, io);
  registerSchemaCommand(program, io);
  registerSearchCommand(program, io);
  registerServeCommand(program, io);
  registerSqlCommand(program, io);
  registerCacheCommand(program, io);
  registerOtlpCommand(program, io);
}
