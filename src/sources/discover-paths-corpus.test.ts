import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as sharedCorpusDir } from '../../test/corpus.js';
import { discoverPaths } from './discover-paths.js';

const corpus = sharedCorpusDir;

describe('discoverPaths on the shared corpus', () => {
  it('finds every transcript once, with the counts `find` gives', async () => {
    const found = await discoverPaths([corpus]);
    expect(found.errors).toEqual([]);
    expect(found.warnings).toEqual([]);
    expect(found.skipped).toEqual([]);
    const sessions = found.files.filter((f) => f.role === 'session');
    const subagents = found.files.filter((f) => f.role === 'subagent');
    // cd corpus && find . -name '*.jsonl' ! -name 'agent-*' ! -path '*/subagents/*' | wc -l   -> 49
    expect(sessions).toHaveLength(49);
    // cd corpus && find . -name '*.jsonl' \( -name 'agent-*' -o -path '*/subagents/*' \) | wc -l   -> 16
    expect(subagents).toHaveLength(16);
    // cd corpus && find . -name 'rollout-*.jsonl' | wc -l   -> 5
    expect(found.files.filter((f) => f.agent === 'codex')).toHaveLength(5);
    // cd corpus && find . -name '*.jsonl' -path '*/subagents/*' | wc -l   -> 7
    expect(subagents.filter((f) => f.parentSessionId !== undefined)).toHaveLength(7);
  });

  it('never makes an agent-*.jsonl a session', async () => {
    const found = await discoverPaths([corpus]);
    const agentFiles = found.files.filter((f) => path.basename(f.path).startsWith('agent-'));
    expect(agentFiles.length).toBeGreaterThan(0);
    for (const file of agentFiles) {
      expect(file.role).toBe('subagent');
      expect(file.agent).toBe('claude-code');
      expect(file.agentId).toBe(path.basename(file.path, '.jsonl').slice('agent-'.length));
    }
  });

  it('gives every non-Codex file the folder of its main transcript as projectDir', async () => {
    const found = await discoverPaths([corpus]);
    for (const file of found.files) {
      if (file.agent === 'codex') {
        expect(file.projectDir).toBeUndefined();
        continue;
      }
      const nested = path.basename(path.dirname(file.path)) === 'subagents';
      const expected = nested ? path.dirname(path.dirname(path.dirname(file.path))) : path.dirname(file.path);
      expect(file.projectDir).toBe(expected);
    }
  });

  it('links nested subagent files to the session folder holding them', async () => {
    const found = await discoverPaths([corpus]);
    const withoutMainFile = new Set<string>();
    for (const file of found.files.filter((f) => f.parentSessionId !== undefined)) {
      expect(path.basename(path.dirname(path.dirname(file.path)))).toBe(file.parentSessionId);
      const sessionFile = path.join(file.projectDir ?? '', `${file.parentSessionId}.jsonl`);
      if (!found.files.some((f) => f.path === sessionFile && f.role === 'session')) {
        withoutMainFile.add(path.relative(corpus, path.dirname(path.dirname(file.path))));
      }
    }
    // The spotter fixture ships a session's subagents/ folder without its main transcript:
    // cd corpus && for d in $(find . -type d -name subagents); do s=$(dirname $d); [ -f $s.jsonl ] || echo $s; done
    expect([...withoutMainFile]).toEqual([
      path.join('marot__spotter', 'test', 'fixtures', 'transcripts', 'ae4a77f8-aedd-4bc1-888f-c94edc91af04'),
    ]);
  });
});
