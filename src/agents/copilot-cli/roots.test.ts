import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copilotRoots } from './roots.js';

const home = path.resolve('/home/someone');

describe('copilotRoots', () => {
  it('defaults to ~/.copilot', () => {
    expect(copilotRoots({}, home)).toEqual([path.join(home, '.copilot')]);
    expect(copilotRoots({ COPILOT_HOME: '  ' }, home)).toEqual([path.join(home, '.copilot')]);
  });
  it('uses COPILOT_HOME instead of ~/.copilot when set', () => {
    expect(copilotRoots({ COPILOT_HOME: '/x/copilot' }, home)).toEqual([path.resolve('/x/copilot')]);
    expect(copilotRoots({ COPILOT_HOME: '~/alt' }, home)).toEqual([path.join(home, 'alt')]);
  });
  it('adds the .copilot folders of XDG_CONFIG_HOME and XDG_STATE_HOME, once each', () => {
    expect(copilotRoots({ XDG_CONFIG_HOME: '/c', XDG_STATE_HOME: '/s' }, home)).toEqual([
      path.join(home, '.copilot'),
      path.resolve('/c/.copilot'),
      path.resolve('/s/.copilot'),
    ]);
    expect(copilotRoots({ XDG_CONFIG_HOME: home }, home)).toEqual([path.join(home, '.copilot')]);
  });
});
