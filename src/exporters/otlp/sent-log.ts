import type Database from 'better-sqlite3';

/**
 * What was sent to which endpoint, kept in the index database in a table of its own (`_otlp_sent`):
 * one row per sent item (a span as `<trace id>/<span id>`, a session's metrics as `metrics`, the session's
 * own signature as `session`) with a digest of its content. A session whose signature is unchanged is not
 * even read; a session that grew sends only its new and changed spans, with the ids they had.
 * When the index is rebuilt (another agentlog version) the log starts empty, and spans are sent again
 * with the same ids.
 */
export class SentLog {
  private readonly select: Database.Statement<[string, string], { item: string; digest: string }>;
  private readonly upsert: Database.Statement<[string, string, string, string, string]>;

  constructor(private readonly db: Database.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS _otlp_sent (
      endpoint TEXT NOT NULL,
      session_id TEXT NOT NULL,
      item TEXT NOT NULL,
      digest TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      PRIMARY KEY (endpoint, session_id, item)
    ) WITHOUT ROWID`);
    this.select = db.prepare('SELECT item, digest FROM _otlp_sent WHERE endpoint = ? AND session_id = ?');
    this.upsert = db.prepare(
      `INSERT INTO _otlp_sent (endpoint, session_id, item, digest, sent_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (endpoint, session_id, item) DO UPDATE SET digest = excluded.digest, sent_at = excluded.sent_at`,
    );
  }

  /** The digests sent for a session, by item. */
  sent(endpoint: string, sessionId: string): Map<string, string> {
    return new Map(this.select.all(endpoint, sessionId).map((r) => [r.item, r.digest]));
  }

  /** Records items as sent, all or none. */
  record(endpoint: string, sessionId: string, items: readonly (readonly [string, string])[]): void {
    const at = new Date().toISOString();
    this.db.transaction(() => {
      for (const [item, digest] of items) this.upsert.run(endpoint, sessionId, item, digest, at);
    })();
  }

  /** Forgets what was sent to an endpoint (all sessions); returns the rows removed. */
  forget(endpoint: string): number {
    return this.db.prepare('DELETE FROM _otlp_sent WHERE endpoint = ?').run(endpoint).changes;
  }
}
