import type { Command } from 'commander';
import type { Io } from '../output.js';
import { registerLsCommand } from './ls-command.js';
import { registerShowCommand } from './show-command.js';
import { registerValidateCommand } from './validate-command.js';

/** Every command of the CLI, in the order `--help` lists them. */
export function registerCommands(program: Command, io: Io): void {
  registerLsCommand(program, io);
  registerShowCommand(program, io);
  registerValidateCommand(program, io);
}
