import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { rules } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/temp-dir.js';
import { createRedactor } from './create-redactor.js';
import { mergeFindings } from './finding.js';
import { kindOfMessage } from './secretlint-findings.js';
import { RedactionConfigError } from './user-patterns.js';

// Fake values shaped like real ones; none is a credential.
const githubA = `ghp_${'A1b2C3d4E5'.repeat(3)}x9Y8z7`;
const githubB = `ghp_${'Z9y8X7w6V5'.repeat(3)}a1B2c3`;

function patternsFile(content: unknown): string {
  const dir = tempDir('redact');
  const file = path.join(dir, 'redact.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('createRedactor', () => {
  it('replaces a secret by a placeholder that is stable within the redactor and numbered by kind', async () => {
    const redactor = await createRedactor();
    expect(await redactor.redactText(`push with ${githubA} then ${githubB}`)).toBe(
      'push with [REDACTED:github-token:1] then [REDACTED:github-token:2]',
    );
    expect(await redactor.redactText(`again ${githubA}`)).toBe('again [REDACTED:github-token:1]');
    expect(redactor.summary()).toEqual({ 'github-token': 3 });
    const other = await createRedactor();
    expect(await other.redactText(githubB)).toBe('[REDACTED:github-token:1]');
  });

  it('copies a JSON-like value deeply, redacting strings and keys, keeping the rest and the input intact', async () => {
    const shared = { token: githubA };
    const input = {
      n: 42,
      ok: true,
      none: null,
      list: ['plain text', shared, shared],
      [`key ${githubB}`]: 1,
    };
    const before = JSON.stringify(input);
    const out = await (await createRedactor()).redact(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(out).toEqual({
      n: 42,
      ok: true,
      none: null,
      list: ['plain text', { token: '[REDACTED:github-token:1]' }, { token: '[REDACTED:github-token:1]' }],
      'key [REDACTED:github-token:2]': 1,
    });
    expect(out.list[1]).toBe(out.list[2]);
  });

  it('numbers secrets in the order of the value, whatever the order they were scanned in', async () => {
    const redactor = await createRedactor();
    const out = await redactor.redact([`a ${githubB}`, [`b ${githubA}`], `c ${githubB}`]);
    expect(out).toEqual([
      'a [REDACTED:github-token:1]',
      ['b [REDACTED:github-token:2]'],
      'c [REDACTED:github-token:1]',
    ]);
  });

  it('keeps the host of a URL and replaces only its password', async () => {
    const redactor = await createRedactor();
    expect(await redactor.redactText('psql postgres://app:S3cretFakePw9@db.example.net:5432/shop')).toBe(
      'psql postgres://app:[REDACTED:postgresql-connection-string:1]@db.example.net:5432/shop',
    );
    expect(await redactor.redactText('redis-cli -u redis://:Rf4kePassw0rd@cache:6379')).toBe(
      'redis-cli -u redis://:[REDACTED:url-credentials:1]@cache:6379',
    );
  });

  it('redacts the AWS secret key the preset reports with a shifted range', async () => {
    const redactor = await createRedactor();
    const secret = 'Zq8fAk3s3cr3tK3yF0rT3st1ngOnlyXyZ9Ab+c/D';
    expect(await redactor.redactText(`AWS_SECRET_ACCESS_KEY=${secret}\nnext`)).toBe(
      'AWS_SECRET_ACCESS_KEY=[REDACTED:aws-secret-key:1]\nnext',
    );
  });

  it('redacts what people paste: headers, passwords, key assignments, JWTs', async () => {
    const redactor = await createRedactor();
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmYWtlIiwiaWF0IjoxNzAwMDAwMDAwfQ.ZmFrZVNpZ25hdHVyZUZha2VTaWduYXR1cmU';
    const text = [
      `curl -H "Authorization: Bearer ${jwt}" https://api.example.net`,
      'DB_PASSWORD=hunter2-Fake!',
      '{"password": "c0rrect-horse-fake"}',
      'export SERVICE_API_KEY=f4ke0123456789abcdefFAKE',
    ].join('\n');
    const out = await redactor.redactText(text);
    for (const secret of [jwt, 'hunter2-Fake!', 'c0rrect-horse-fake', 'f4ke0123456789abcdefFAKE'])
      expect(out).not.toContain(secret);
    expect(out).toContain('DB_PASSWORD=[REDACTED:password:1]');
  });

  it('leaves alone what only names a secret, and ordinary text', async () => {
    const redactor = await createRedactor();
    const texts = [
      'const apiKey = process.env.OPENAI_API_KEY;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, on purpose
      'password=${DB_PASSWORD}',
      'PASSWORD=<your password>',
      'Authorization: Bearer YOUR_ACCESS_TOKEN',
      'git checkout 4f2a9c1e0b7d3a5f6e8c9b0a1d2e3f4a5b6c7d8e',
      '{"input_tokens": 12345, "output_tokens": 678, "max_tokens": 4096}',
      'See https://github.com/org/repo/blob/main/src/auth/token-store.ts#L12 for the token logic.',
      'postgres://user:password@localhost:5432/db',
      'short',
    ];
    for (const text of texts) expect(await redactor.redactText(text)).toBe(text);
    expect(redactor.summary()).toEqual({});
  });

  it('adds the user patterns of a file, with flags and a named group `secret`', async () => {
    const file = patternsFile({
      patterns: [
        { kind: 'employee-id', regex: 'EMP-[0-9]{6}', flags: 'i' },
        { kind: 'internal-host', regex: 'host=(?<secret>[a-z0-9-]+)\\.corp' },
      ],
    });
    const redactor = await createRedactor({ patternsFile: file });
    expect(await redactor.redactText('emp-123456 on host=build-7.corp')).toBe(
      '[REDACTED:employee-id:1] on host=[REDACTED:internal-host:1].corp',
    );
  });

  it('says in one sentence what is wrong with a patterns file', async () => {
    const cases: [unknown, RegExp][] = [
      ['{', /is not valid JSON/],
      [{ pattern: [] }, /is invalid at "the top level"|is invalid at "patterns"/],
      [{ patterns: [{ kind: 'Bad Kind', regex: 'x' }] }, /invalid at "patterns\.0\.kind": must be lowercase/],
      [{ patterns: [{ kind: 'k', regex: 'x', flags: 'g' }] }, /"patterns\.0\.flags": may only hold/],
      [{ patterns: [{ kind: 'k', regex: '(' }] }, /invalid regex at "patterns\.0"/],
      [{ patterns: [{ kind: 'k', regex: 'a*' }] }, /matches the empty text/],
    ];
    for (const [content, message] of cases) {
      const attempt = createRedactor({ patternsFile: patternsFile(content) });
      await expect(attempt).rejects.toBeInstanceOf(RedactionConfigError);
      await expect(attempt).rejects.toThrow(message);
    }
  });
});

describe('secretlint kinds', () => {
  it('every rule of the recommended preset has a kind of its own', () => {
    const unmapped = rules
      .filter((rule) => rule.meta.id !== '@secretlint/secretlint-rule-filter-comments')
      .flatMap((rule) =>
        Object.keys(rule.messages ?? {}).map((messageId) => ({ ruleId: rule.meta.id, messageId })),
      )
      .filter(({ ruleId, messageId }) => kindOfMessage(ruleId, messageId) === ruleId.split('-rule-')[1]);
    expect(unmapped).toEqual([]);
    expect(kindOfMessage('@secretlint/secretlint-rule-aws', 'AWSAccessKeyID')).toBe('aws-access-key');
    expect(kindOfMessage('@secretlint/secretlint-rule-slack', 'IncomingWebhook')).toBe('slack-webhook');
  });
});

describe('mergeFindings', () => {
  it('merges overlapping findings into the first one, the higher priority first at the same start', () => {
    expect(
      mergeFindings([
        { kind: 'b', start: 5, end: 9, priority: 1 },
        { kind: 'a', start: 0, end: 6, priority: 2 },
        { kind: 'c', start: 12, end: 15, priority: 1 },
        { kind: 'd', start: 12, end: 20, priority: 0 },
      ]),
    ).toEqual([
      { kind: 'a', start: 0, end: 9, priority: 2 },
      { kind: 'd', start: 12, end: 20, priority: 0 },
    ]);
  });
});

describe('a found secret is followed', () => {
  // Fake values only.
  const pemLines = [
    'MIIEowIBAAKCAQEAfakeFAKEfakeFAKEfakeFAKEfakeFAKEfakeFAKEfakeFAKE',
    'Zm9vYmFyZmFrZWJvZHlsaW5lLXR3by1vZi10aGUtZmFrZS1rZXktYm9keS0xMjM0',
  ];
  const pem = `-----BEGIN RSA PRIVATE KEY-----\n${pemLines.join('\n')}\n-----END RSA PRIVATE KEY-----`;

  it('replaces every other occurrence of a found value in the same output, before or after where it was found', async () => {
    const redactor = await createRedactor();
    const out = await redactor.redact([
      'it was S3cretFakePw9 as before',
      'psql postgres://app:S3cretFakePw9@db.example.net:5432/shop',
      'echo S3cretFakePw9 | pbcopy',
    ]);
    expect(out).toEqual([
      'it was [REDACTED:postgresql-connection-string:1] as before',
      'psql postgres://app:[REDACTED:postgresql-connection-string:1]@db.example.net:5432/shop',
      'echo [REDACTED:postgresql-connection-string:1] | pbcopy',
    ]);
    // And in later texts of the same redactor.
    expect(await redactor.redactText('login with S3cretFakePw9')).toBe(
      'login with [REDACTED:postgresql-connection-string:1]',
    );
  });

  it('follows the lines of a private key body, an AWS secret key and a bearer token on their own', async () => {
    const aws = 'Zq8fAk3s3cr3tK3yF0rT3st1ngOnlyXyZ9Ab+c/D';
    const bearer = 'f4keBearerT0kenValue0123456789';
    const redactor = await createRedactor();
    const out = await redactor.redact({
      key: `cat id_rsa\n${pem}`,
      half: `head -2 says ${pemLines[1]}`,
      env: `AWS_SECRET_ACCESS_KEY=${aws}`,
      bare: `the key ${aws} works`,
      curl: `curl -H "Authorization: Bearer ${bearer}" https://api.example.net`,
      log: `sent ${bearer} (200)`,
    });
    const text = JSON.stringify(out);
    for (const secret of [...pemLines, aws, bearer]) expect(text).not.toContain(secret);
    expect(out.half).toMatch(/^head -2 says \[REDACTED:private-key:\d+\]$/);
    expect(out.bare).toBe('the key [REDACTED:aws-secret-key:1] works');
    expect(out.log).toMatch(/^sent \[REDACTED:(authorization-header|bearer-token):1\] \(200\)$/);
  });

  it('gives one value one placeholder, whichever rule found it', async () => {
    const redactor = await createRedactor();
    const [first, second] = await redactor.redact([
      'DB_PASSWORD=Xyz12345abcFake',
      'redis-cli -u redis://:Xyz12345abcFake@cache:6379',
    ]);
    const placeholder = /\[REDACTED:[a-z-]+:\d+\]/;
    const a = first?.match(placeholder)?.[0];
    expect(a).toBeDefined();
    expect(second?.match(placeholder)?.[0]).toBe(a);
  });
});

describe('passwords in prose', () => {
  it('redacts "password hunter2", "password: hunter2", "pwd=...", "the passphrase is ..."', async () => {
    const redactor = await createRedactor();
    const cases: [string, string][] = [
      ['my password hunter2 works', 'hunter2'],
      ['password: hunter22', 'hunter22'],
      ['set pwd=Tr0ub4dor&3', 'Tr0ub4dor&3'],
      ['the passphrase is c0rrect-horse-battery.', 'c0rrect-horse-battery'],
      ['the password was "swordfish" all along', 'swordfish'],
    ];
    for (const [text, secret] of cases) {
      const out = await redactor.redactText(text);
      expect(out, text).not.toContain(secret);
      expect(out, text).toContain('[REDACTED:password:');
    }
    expect(await redactor.redactText('the passphrase is c0rrect-horse-battery.')).toMatch(/\]\.$/);
  });

  it('keeps prose about passwords that holds none', async () => {
    const redactor = await createRedactor();
    const texts = [
      'Add a password field to the login form',
      'The password reset link expires after 24 hours',
      'password is required',
      'Password: ********',
      'the password (optional) goes here',
      'password for the admin account',
      'Enter password and confirm',
      'Ask for password re-entry on the settings page',
      'store password hashes/salts in the users table',
    ];
    for (const text of texts) expect(await redactor.redactText(text)).toBe(text);
    expect(redactor.summary()).toEqual({});
  });
});
