import { describe, expect, it } from 'vitest';
import { renderDashboardPage } from './viewer-pages.js';

const options = { problems: [], states: [], sessions: 1 };

describe('the dashboard', () => {
  it('lists models without a price with their requests and tokens, escaped', () => {
    const page = renderDashboardPage(
      { tools: [], days: [], unpriced: [{ model: 'zz-<new>-model', requests: 2, tokens: 43_600 }] },
      {},
      options,
    );
    expect(page).toContain(
      'No price for &quot;zz-&lt;new&gt;-model&quot; (2 requests, 43,600 tokens): their tokens are counted, their cost is left out',
    );
  });

  it('says nothing of prices when every model has one', () => {
    expect(renderDashboardPage({ tools: [], days: [], unpriced: [] }, {}, options)).not.toContain('No price');
  });
});
