/**
 * A Claude Code session's title, fork origin and entry point from its metadata records: at a build
 * (`applyMetadata`) and again at an append (`append-claude-session.ts`, from the stored title records).
 */
import type { Session } from '../../model/session.js';
import { obj, str } from '../../schemas/common/value-access.js';
import type { LocatedRecord } from '../record-file.js';
import type { Conversation } from './build-conversation.js';
import type { ClaudeSessionResume } from './session-resume.js';

/** Title, fork origin and entry point from the metadata records (last wins, edge case 5). */
export function applyMetadata(
  session: Session,
  records: readonly LocatedRecord[],
  conversation: Conversation,
): void {
  applyOrigin(session, records);
  const ids = new Set(conversation.messages.map((m) => m.id));
  applyTitle(session, metadataInputs(records), (id) => ids.has(id), conversation.firstPrompt);
}

/** Fork origin and entry point from records (last wins). */
export function applyOrigin(session: Session, records: readonly LocatedRecord[]): void {
  for (const { value } of records) {
    const forkedFrom = str(obj(value.forkedFrom)?.sessionId);
    if (forkedFrom !== undefined) session.forkedFromId = forkedFrom;
    const entrypoint = str(value.entrypoint);
    if (entrypoint !== undefined) session.meta.entrypoint = entrypoint;
  }
}

/** The title records of a file: last custom and AI titles, and every summary with the message it ends at. */
export function metadataInputs(
  records: readonly LocatedRecord[],
  previous?: Pick<ClaudeSessionResume, 'customTitle' | 'aiTitle' | 'summaries'>,
): Pick<ClaudeSessionResume, 'customTitle' | 'aiTitle' | 'summaries'> {
  let customTitle = previous?.customTitle ?? null;
  let aiTitle = previous?.aiTitle ?? null;
  const summaries = [...(previous?.summaries ?? [])];
  for (const { value } of records) {
    if (value.type === 'custom-title') customTitle = str(value.customTitle) ?? customTitle;
    else if (value.type === 'ai-title') aiTitle = str(value.aiTitle) ?? aiTitle;
    else if (value.type === 'summary')
      summaries.push([str(value.leafUuid) ?? null, str(value.summary) ?? null]);
  }
  return { customTitle, aiTitle, summaries };
}

/**
 * The title: a custom title, else an AI title, else a summary (the last one that ends at a message of this
 * conversation; the first one when none does), else the first prompt.
 */
export function applyTitle(
  session: Session,
  inputs: Pick<ClaudeSessionResume, 'customTitle' | 'aiTitle' | 'summaries'>,
  isMessage: (id: string) => boolean,
  firstPrompt: string | undefined,
): void {
  let summary: string | undefined;
  for (const [leaf, text] of inputs.summaries)
    if (isMessage(leaf ?? '') || summary === undefined) summary = text ?? summary;
  const title: [string | undefined, Session['titleSource']][] = [
    [inputs.customTitle ?? undefined, 'custom-title'],
    [inputs.aiTitle ?? undefined, 'ai-title'],
    [summary, 'summary'],
    [firstPrompt === undefined ? undefined : shorten(firstPrompt), 'first-prompt'],
  ];
  const chosen = title.find(([text]) => text !== undefined && text.trim().length > 0);
  if (chosen) {
    session.title = chosen[0] as string;
    session.titleSource = chosen[1] as NonNullable<Session['titleSource']>;
  }
}

/**
 * A prompt as a one-line title: a slash command becomes `/name args`; harness tags
 * (`<command-message>`, `<system-reminder>`...) are dropped.
 */
export function shorten(text: string, max = 100): string {
  const command = /<command-name>([^<]*)<\/command-name>/.exec(text);
  const args = /<command-args>([^<]*)<\/command-args>/.exec(text);
  const source = command
    ? `${(command[1] ?? '').trim()} ${(args?.[1] ?? '').trim()}`
    : text.replace(/<([a-z-]+)>[\s\S]*?<\/\1>/g, ' ');
  const flat = (source.trim() ? source : text).replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
