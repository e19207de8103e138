/**
 * A Markdown transcript cut into turns, for paging: a turn starts at a top-level prompt (a `## User`
 * heading of `transcriptMarkdown`); what comes before the first prompt is the head (title and facts).
 */
export interface TranscriptTurns {
  head: string[];
  turns: string[][];
}

export function splitTurns(lines: Iterable<string>): TranscriptTurns {
  const head: string[] = [];
  const turns: string[][] = [];
  let current = head;
  for (const line of lines) {
    if (line.startsWith('## User')) {
      // The blank line before a heading belongs to the heading's turn.
      if (current[current.length - 1] === '') current.pop();
      current = [''];
      turns.push(current);
    }
    current.push(line);
  }
  return { head, turns };
}
