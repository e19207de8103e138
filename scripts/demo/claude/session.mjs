// A Claude Code session: its main transcript, subagent files and metadata records.

import { createClock } from '../clock.mjs';
import { createRandom } from '../random.mjs';
import { atLeast, clean } from '../support.mjs';
import { ClaudeConversation } from './subagents.mjs';

/** Claude models of the demo sessions. */
export const OPUS = 'claude-opus-4-1-20250805';
export const SONNET = 'claude-sonnet-4-5-20250929';
export const HAIKU = 'claude-haiku-4-5-20251001';

/** A Claude Code session: main transcript records, extra files (subagents, `.meta.json`) and metadata records. */
export class ClaudeSession {
  constructor({ name, project, version, model, start, gitBranch = 'main', slug, permissionMode }) {
    this.name = name;
    this.project = project;
    this.version = version;
    this.model = model;
    this.random = createRandom(name);
    this.clock = createClock(start, this.random);
    this.id = this.random.uuid();
    this.gitBranch = gitBranch;
    this.late = atLeast(version, '2.1.100');
    this.slug = atLeast(version, '2.0.31') && !this.late ? slug : undefined;
    this.permissionMode = atLeast(version, '2.1.20') ? permissionMode : undefined;
    this.records = [];
    /** Extra files relative to the project folder: subagent transcripts and their `.meta.json`. */
    this.files = [];
    /** Files touched in this session, for `file-history-snapshot` records: path -> version. */
    this.tracked = new Map();
    this.main = new ClaudeConversation(this, { records: this.records, base: 14200 });
  }

  at(iso) {
    this.clock.set(iso);
    return this;
  }

  meta(record) {
    this.records.push(record);
  }

  summary(summary, leafUuid) {
    this.meta({ type: 'summary', summary, leafUuid });
  }

  customTitle(customTitle) {
    this.meta({ type: 'custom-title', customTitle, sessionId: this.id });
  }

  aiTitle(aiTitle) {
    this.meta({ type: 'ai-title', aiTitle, sessionId: this.id });
  }

  lastPrompt(lastPrompt) {
    const text = lastPrompt.length > 200 ? `${lastPrompt.slice(0, 199)}…` : lastPrompt;
    this.meta({ type: 'last-prompt', lastPrompt: text, sessionId: this.id });
  }

  queue(operation, content) {
    this.meta(
      clean({ type: 'queue-operation', operation, timestamp: this.clock.now(), sessionId: this.id, content }),
    );
  }

  /** The files of this session, relative to the Claude Code root. */
  output() {
    const dir = `claude/projects/${this.project.cwd.replace(/[^A-Za-z0-9]/g, '-')}`;
    return [
      { rel: `${dir}/${this.id}.jsonl`, records: this.records },
      ...this.files.map((f) => ({ ...f, rel: `${dir}/${f.rel}` })),
    ];
  }
}
