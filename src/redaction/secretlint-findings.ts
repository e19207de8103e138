import { lintSource } from '@secretlint/core';
import { creator as recommendedPreset } from '@secretlint/secretlint-rule-preset-recommend';
import type { Finding } from './finding.js';

type SecretLintCoreConfig = Parameters<typeof lintSource>[0]['options']['config'];
type SecretLintCoreResultMessage = Awaited<ReturnType<typeof lintSource>>['messages'][number];

const rulePrefix = '@secretlint/secretlint-rule-';

/** Kinds by secretlint rule (short id), or by rule and message id where one rule finds several kinds. */
const kindsByRule: Record<string, string | Record<string, string>> = {
  aws: {
    AWSAccessKeyID: 'aws-access-key',
    AWSSecretAccessKey: 'aws-secret-key',
    AWSAccountID: 'aws-account-id',
  },
  gcp: 'gcp-service-account-key',
  privatekey: 'private-key',
  npm: 'npm-token',
  basicauth: 'basic-auth',
  slack: { SLACK_TOKEN: 'slack-token', IncomingWebhook: 'slack-webhook' },
  sendgrid: 'sendgrid-key',
  shopify: 'shopify-key',
  github: 'github-token',
  gitlab: 'gitlab-token',
  grafana: 'grafana-token',
  openai: 'openai-api-key',
  anthropic: 'anthropic-api-key',
  groq: 'groq-api-key',
  huggingface: 'huggingface-token',
  linear: 'linear-api-key',
  notion: 'notion-token',
  '1password': '1password-token',
  'database-connection-string': {
    MongoDBConnection: 'mongodb-connection-string',
    MySQLConnection: 'mysql-connection-string',
    PostgreSQLConnection: 'postgresql-connection-string',
  },
  'hashicorp-vault': 'vault-token',
  vercel: 'vercel-token',
  databricks: 'databricks-token',
  docker: 'docker-token',
  figma: 'figma-token',
};

/** The placeholder kind of a secretlint message: `@secretlint/secretlint-rule-aws` + `AWSAccessKeyID` -> `aws-access-key`. */
export function kindOfMessage(ruleId: string, messageId: string): string {
  const short = ruleId.startsWith(rulePrefix) ? ruleId.slice(rulePrefix.length) : ruleId;
  const entry = kindsByRule[short];
  if (typeof entry === 'string') return entry;
  const byMessage = entry?.[messageId];
  if (byMessage !== undefined) return byMessage;
  return short
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/**
 * The secretlint recommended preset, with AWS access key ids and account ids turned on (off by default) and
 * the `secretlint-disable` comment filter turned off (a transcript must not be able to hide its own secrets).
 */
const config: SecretLintCoreConfig = {
  rules: [
    {
      id: '@secretlint/secretlint-rule-preset-recommend',
      rule: recommendedPreset,
      rules: [
        { id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } },
        { id: '@secretlint/secretlint-rule-filter-comments', disabled: true },
      ],
    },
  ],
};

/** Secrets the secretlint recommended preset finds in `text`. */
export async function secretlintFindings(text: string, priority: number): Promise<Finding[]> {
  const result = await lintSource({
    source: { content: text, filePath: 'agentlog-text.txt', contentType: 'text' },
    options: { config, noPhysicFilePath: true },
  });
  return result.messages.flatMap((message) => toFindings(text, message, priority));
}

/**
 * A message's range, corrected: some rules report the start of the whole match with the length of the secret
 * (the AWS secret key rule), so the secret strings in the message data are located instead where they occur
 * in the range's neighbourhood. Credentials in a URL are narrowed to the password, so the host stays readable.
 */
function toFindings(text: string, message: SecretLintCoreResultMessage, priority: number): Finding[] {
  const kind = kindOfMessage(message.ruleId, message.messageId);
  let [start, end] = message.range;
  const data = Object.values((message.data ?? {}) as Record<string, unknown>).filter(
    (v): v is string => typeof v === 'string' && v.length >= 4,
  );
  const around = text.slice(Math.max(0, start - 512), Math.min(text.length, end + 512));
  const value = data.sort((a, b) => b.length - a.length).find((v) => around.includes(v));
  if (value !== undefined && text.slice(start, end) !== value) {
    const at = text.indexOf(value, Math.max(0, start - 512));
    if (at >= 0) {
      start = at;
      end = at + value.length;
    }
  }
  const password = /^[a-zA-Z][a-zA-Z0-9+.:-]{1,30}:\/\/[^\s:/@]*:([^\s@]+)@/.exec(text.slice(start, end));
  if (password?.[1] !== undefined) {
    const offset = password[0].length - 1 - password[1].length;
    return [{ kind, start: start + offset, end: start + offset + password[1].length, priority }];
  }
  return [{ kind, start, end, priority }];
}
