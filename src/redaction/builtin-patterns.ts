import { type Finding, regexFindings } from './finding.js';

/** A secret pattern agentlog adds to the secretlint preset (for what the preset does not find). */
export interface BuiltinPattern {
  kind: string;
  /** Global, with `d` (indices) when it has a group named `secret` (only that group is replaced). */
  regex: RegExp;
  /** Rejects placeholders and code references; true keeps the match. */
  accept?: (secret: string) => boolean;
  /** What it is for, for the README. */
  description: string;
}

const placeholderWords =
  /^(?:password|passwd|secret|token|changeme|example|redacted|null|none|undefined|true|false|string|required|optional|xxx+|\*+|\.+)$/i;

/** False for values that name a secret instead of being one: `$VAR`, `${x}`, `<token>`, `process.env.X`, `****`. */
export function looksLikeValue(secret: string): boolean {
  if (placeholderWords.test(secret)) return false;
  if (/^[$%<{[(]|^\[REDACTED:/.test(secret)) return false;
  if (/\$\{|\{\{|process\.env|os\.environ|getenv|^env\./i.test(secret)) return false;
  if (/^(.)\1+$/.test(secret)) return false;
  if (/^your[-_]|[-_]here$|^<.*>$|^x{4,}/i.test(secret)) return false;
  // An UPPER_SNAKE name (`YOUR_API_KEY`, `OPENAI_API_KEY`) is a variable, not a value.
  if (/^[A-Z][A-Z_]*$/.test(secret) && secret.includes('_')) return false;
  return true;
}

/** A token-like value: letters and digits mixed (an API key, not a word). */
function tokenLike(secret: string): boolean {
  return looksLikeValue(secret) && /[0-9]/.test(secret) && /[A-Za-z]/.test(secret);
}

/**
 * Patterns for secrets that the secretlint preset leaves out: JWTs, `Authorization` headers, passwords and
 * keys assigned in env files, shell commands and JSON, credentials in any URL scheme (redis, amqp, smtp...),
 * Google API keys, Stripe keys, private key blocks of every kind (PGP included), and looser fallbacks for the
 * Anthropic, OpenAI and GitHub key shapes (admin and OAuth keys, tokens of other lengths).
 */
export const builtinPatterns: BuiltinPattern[] = [
  {
    kind: 'private-key',
    regex:
      /-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----[\s\S]{16,20000}?-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----/g,
    description: 'PEM private key blocks of every kind (RSA, EC, OpenSSH, PGP, PKCS#8, encrypted)',
  },
  {
    kind: 'jwt',
    regex: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    description: 'JSON Web Tokens (three base64url parts, header and payload starting `eyJ`)',
  },
  {
    kind: 'authorization-header',
    regex:
      /\b(?:Authorization|Proxy-Authorization)["']?\s*[:=]\s*["']?(?:Bearer|Basic|Token|Bot|Digest)?\s*(?<secret>[A-Za-z0-9._~+/=-]{12,})/dgi,
    accept: looksLikeValue,
    description: '`Authorization:` header values (Bearer, Basic, Token)',
  },
  {
    kind: 'bearer-token',
    regex: /\bBearer\s+(?<secret>[A-Za-z0-9._~+/-]{16,}=*)/dg,
    accept: tokenLike,
    description: '`Bearer <token>` anywhere (curl commands, code)',
  },
  {
    kind: 'url-credentials',
    regex: /\b[a-zA-Z][a-zA-Z0-9+.-]{1,20}:\/\/[^\s:/@'"`]{0,100}:(?<secret>[^\s@/'"`]{3,200})@[^\s/'"`]/dg,
    accept: looksLikeValue,
    description: 'the password in `scheme://user:password@host` for any scheme (redis, amqp, smtp, ssh...)',
  },
  {
    kind: 'password',
    regex:
      /(?:passw(?:or)?d|passwd|pwd|passphrase)[A-Za-z0-9_-]{0,20}["']?\s*[:=]\s*["']?(?<secret>[^\s"'`,;&|<>(){}[\]]{4,200})/dgi,
    accept: looksLikeValue,
    description:
      '`PASSWORD=...`, `"password": "..."`, `DB_PASSWORD=...`-style assignments (any key containing password, passwd, pwd or passphrase)',
  },
  {
    kind: 'password',
    regex: /(?:^|\s)--?(?:password|passwd|pass)(?:=|\s+)["']?(?<secret>[^\s"'`]{4,200})/dgi,
    accept: looksLikeValue,
    description: '`--password VALUE` command-line options',
  },
  {
    kind: 'password',
    regex:
      /\b(?:password|passwd|passphrase|passcode)(?:\s+(?:is|was))?\s+(?<secret>[^\s"'`]{3,199}[^\s"'`.,;:!?)\]}])/dgi,
    accept: (secret) => looksLikeValue(secret) && /[0-9!@#$%^&*+=?~_]/.test(secret),
    description:
      '`password hunter2`, `the passphrase is c0rrect-horse` in prose (a value with a digit or a sign such as `!@#$%&*`: "password reset" or "password re-entry" is no password)',
  },
  {
    kind: 'password',
    regex:
      /\b(?:password|passwd|passphrase|passcode)(?:\s+(?:is|was))?\s+(["'`])(?<secret>[^\s"'`]{4,200})\1/dgi,
    accept: looksLikeValue,
    description: '`password "swordfish"`, `the passphrase is \'...\'` in prose (quoted)',
  },
  {
    kind: 'secret',
    regex:
      /(?:secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?|client[_-]?secret)["']?\s*[:=]\s*["']?(?<secret>[A-Za-z0-9_~+/=.-]{12,300})/dgi,
    accept: tokenLike,
    description:
      '`*_SECRET=`, `*_TOKEN=`, `*_API_KEY=`, `"apiKey": "..."`-style assignments of token-like values',
  },
  {
    kind: 'aws-secret-key',
    regex:
      /aws[\s\S]{0,30}?secret[\s\S]{0,30}?(?<![A-Za-z0-9/+])(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/dgi,
    accept: tokenLike,
    description:
      'a 40-character AWS secret key written near the words "AWS" and "secret" (not only as `AWS_SECRET_ACCESS_KEY=`)',
  },
  {
    kind: 'google-api-key',
    regex: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
    description: 'Google API keys (`AIza...`)',
  },
  {
    kind: 'stripe-key',
    regex: /\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}/g,
    description: 'Stripe keys (`sk_live_...`, `rk_test_...`)',
  },
  {
    kind: 'anthropic-api-key',
    regex: /\bsk-ant-[a-z]{2,8}\d{2}-[A-Za-z0-9_-]{20,}/g,
    description: 'Anthropic keys of every prefix (API, admin, OAuth), any length',
  },
  {
    kind: 'openai-api-key',
    regex: /\bsk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}/g,
    description: 'OpenAI project, service-account and admin keys, any length',
  },
  {
    kind: 'github-token',
    regex: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
    description: 'GitHub tokens of any length',
  },
];

/** Findings of every built-in pattern in `text`. */
export function builtinFindings(text: string, priority: number): Finding[] {
  return builtinPatterns.flatMap((p) => regexFindings(text, p.regex, p.kind, priority, p.accept));
}
