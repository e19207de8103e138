import { describe, expect, it } from 'vitest';
import { corpusDir, corpusMoreDir } from '../../test/corpus.js';
import { discoverPaths } from '../sources/index.js';
import { buildUnit } from './build-unit.js';
import { buildUsageUnit, usageSessionOf } from './build-usage-unit.js';
import { holdsConversation } from './holds-conversation.js';
import { readRecordFile } from './load-sessions.js';
import { probeUnitFirstLine } from './probe-unit-first-line.js';
import { groupUnits, probeUnitKeyFacts } from './session-unit.js';

// Every unit of both corpora built from the usage reader's cut-down records gives the same trees as a
// build from the whole records: the same sessions in the same order, with the same ids, folders, times
// and usage entries in the same order (so sums of costs come out the same to the last bit).
describe.each([
  ['corpus', corpusDir],
  ['corpus-more', corpusMoreDir],
])('buildUsageUnit on %s', (_name, dir) => {
  it('equals the full build unit by unit', async () => {
    const { files } = await discoverPaths([dir]);
    const facts = await Promise.all(files.map((ref) => probeUnitKeyFacts(ref)));
    // The usage pass finds a rollout's unit from its first line: the same facts.
    expect(await Promise.all(files.map((ref) => probeUnitFirstLine(ref)))).toEqual(facts);
    const units = groupUnits(files.map((ref, i) => ({ ref, facts: facts[i] as (typeof facts)[number] })));
    expect(units.length).toBeGreaterThan(10);
    let entries = 0;
    for (const unit of units) {
      const refs = unit.members.map((m) => m.ref);
      const full = await buildUnit(refs, (path) => readRecordFile(path));
      const expected = full.map((b) => ({
        session: usageSessionOf(b.session),
        phase: b.phase,
        anchor: b.anchor,
        conversation: holdsConversation(b.session),
      }));
      const skipped: string[] = [];
      const usage = await buildUsageUnit(refs, (path) => skipped.push(path));
      expect(skipped).toEqual([]);
      expect(usage).toEqual(expected);
      for (const tree of usage) entries += tree.session.usageEntries.length;
    }
    expect(entries).toBeGreaterThan(0);
  });
});
