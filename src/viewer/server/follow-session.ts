import { statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allSessions } from '../../model/all-sessions.js';
import type { Session } from '../../model/session.js';
import { securityHeaders } from './served-policy.js';

/** Sizes and modification times of a session tree's files: when it changes, the session grew. */
function signature(session: Session): string {
  const parts: string[] = [];
  for (const s of allSessions([session]))
    for (const file of s.files) {
      try {
        const st = statSync(file);
        parts.push(`${file}:${st.size}:${st.mtimeMs}`);
      } catch {
        parts.push(`${file}:gone`);
      }
    }
  return parts.join('|');
}

/** Server-sent events: `update` whenever the session's files change (checked every `pollMs`). */
export function followSession(
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
  pollMs: number,
): void {
  res.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    connection: 'keep-alive',
  });
  res.write('retry: 1000\n\n');
  let last = signature(session);
  let beats = 0;
  const timer = setInterval(() => {
    const now = signature(session);
    if (now !== last) {
      last = now;
      res.write(`event: update\ndata: ${Date.now()}\n\n`);
    } else if (++beats * pollMs >= 15_000) {
      beats = 0;
      res.write(': keep-alive\n\n');
    }
  }, pollMs);
  const stop = () => clearInterval(timer);
  req.on('close', stop);
  res.on('error', stop);
}
