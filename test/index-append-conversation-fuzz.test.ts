// Seeded random Claude Code main sessions (no subagent files), written in random cuts and compared with a fresh
// build after every cut (`runSteps`): what the index appends to a stored conversation ("fold") must equal a
// build of the whole file. Each scenario (10 to 60 records) mixes prompts, responses with text, thinking and
// tool calls, results one or several prompts later or never, interrupts, API messages split over several
// records (at once or continued later, usage repeated or growing), second results, call ids used again,
// results without a call, rewinds, records whose parent comes later, copies of records written again,
// different records reusing a uuid, records without a uuid, compactions (with and without a boundary), other
// system records, summaries, titles, metadata records, hook blocking errors before or after a call's result,
// hook progress and other attachments, new models, `<synthetic>` API errors, meta prompts, and lines cut
// across refreshes.
//
// AGENTLOG_CONV_FUZZ_SEEDS=a-b runs other seeds (default 1-40). Features that the generator knows but that
// are off by default (`offByDefault` in conversation-scenario.ts, empty when every feature passes) are turned on with
// AGENTLOG_CONV_FUZZ_FEATURES=name,name (or `all`); AGENTLOG_CONV_FUZZ_FEATURES=-name,-name turns features off.
import { describe, expect, it } from 'vitest';
import { runSteps } from './append-scenario.js';
import { enabledFeatures, scenario, stepsOf } from './conversation-scenario.js';

const [first, last] = (process.env.AGENTLOG_CONV_FUZZ_SEEDS ?? '1-40').split('-').map(Number) as [
  number,
  number,
];
const enabled = enabledFeatures(process.env.AGENTLOG_CONV_FUZZ_FEATURES);
const totals = { appended: 0, fromLastPrompt: 0, built: 0 };

describe('random main conversations appended in cuts', () => {
  for (let seed = first; seed <= last; seed++)
    it(`equal a fresh build at every cut (seed ${seed})`, async () => {
      const { log } = await runSteps(stepsOf(scenario(seed, enabled)));
      for (const step of log.slice(1)) {
        totals.appended += step.appended;
        totals.fromLastPrompt += step.fromLastPrompt;
        totals.built += step.built;
      }
    });
  // Reusing a stored uuid, a parent that comes late and the like are left to a build; most steps append, and
  // some of those read the session from its last prompt on.
  it('take most steps as appends, some from the last prompt', () => {
    expect(totals.appended).toBeGreaterThan(totals.built);
    expect(totals.fromLastPrompt).toBeGreaterThan(0);
  });
});
