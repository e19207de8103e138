import { terminalText } from '../analytics/terminal-text.js';
import { quote } from './cli-error.js';
import { colorsFor, type Io, plural, writeLine } from './output.js';

/** What `usage` and `blocks` say under their tables: requests counted once, models without a price. */
export interface CountedUsageNotes {
  sharedRequests: number;
  unpricedModels: Record<string, number>;
  unpricedTokens: Record<string, number>;
}

/** The notes under a usage table (`usage`, `blocks`), dimmed. */
export function printCountedUsageNotes(io: Io, report: CountedUsageNotes): void {
  const colors = colorsFor(io);
  if (report.sharedRequests > 0)
    writeLine(
      io,
      colors.dim(
        `${plural(report.sharedRequests, 'request')} ${report.sharedRequests === 1 ? 'is' : 'are'} in more than one file (copies, checkpoints): each counted once.`,
      ),
    );
  const unpriced = Object.entries(report.unpricedModels);
  if (unpriced.length > 0)
    writeLine(
      io,
      colors.dim(
        `* no price for ${unpriced.map(([m, n]) => `${terminalText(quote(m))} (${plural(n, 'request')}, ${plural(report.unpricedTokens[m] ?? 0, 'token')})`).join(', ')}: tokens counted, cost left out. Use --pricing FILE to add prices.`,
      ),
    );
}
