/** Gemini CLI's adapter (google-gemini/gemini-cli): `~/.gemini/tmp/<project>/chats/`, JSON documents and JSONL logs. */
import type { AgentAdapter } from '../agent-adapter.js';
import { buildGeminiSession } from './build-session.js';
import { geminiRecordType, looksLikeGeminiSession } from './decode-record.js';
import { claimsGeminiDocument, geminiDocumentRecords } from './read.js';
import { geminiCliRoots } from './roots.js';
import { geminiRecordSchemas } from './schemas/records.js';
import { geminiTools, lookupGeminiTool } from './tools.js';
import { geminiUsageNote, usageFromGemini } from './usage.js';
import { validateGeminiRecord } from './validate-record.js';

export const geminiCliAdapter: AgentAdapter = {
  agent: 'gemini-cli',
  roots: geminiCliRoots,
  read: { document: { claims: claimsGeminiDocument, records: geminiDocumentRecords } },
  decode: {
    looksLike: looksLikeGeminiSession,
    recordType: geminiRecordType,
    validate: validateGeminiRecord,
    subject: (type) => `gemini-cli:${type}`,
    schemas: geminiRecordSchemas,
  },
  tools: { tools: geminiTools, lookup: lookupGeminiTool },
  build: { kind: 'file', buildSession: buildGeminiSession },
  usage: { note: geminiUsageNote, normalise: usageFromGemini },
};
