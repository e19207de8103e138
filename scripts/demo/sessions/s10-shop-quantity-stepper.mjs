// Demo session s10-shop-quantity-stepper: shop-web, Claude Code 2.1.70 (Sonnet 4.5): the Agent tool (renamed from Task in 2.1.63) with a `.meta.json` subagent, a branch switch, an MCP tool, `custom-title`.

import { ClaudeSession, HAIKU, SONNET } from '../claude/session.mjs';
import { shopWeb } from '../shop-web-files.mjs';
import { vitestRun } from './vitest-output.mjs';

/** Writes demo session s10-shop-quantity-stepper. */
export function s10() {
  const s = new ClaudeSession({
    name: 's10-shop-quantity-stepper',
    project: shopWeb,
    version: '2.1.70',
    model: SONNET,
    start: '2026-11-17T10:25:09.306Z',
    slug: 'lively-stacking-tern',
    permissionMode: 'acceptEdits',
  });
  const c = s.main;
  c.prompt('Add a quantity stepper (− / +) to each line on the cart page, then open a PR.', { wait: [0, 0] });
  c.step({
    text: "I'll have an Explore agent map the cart page and the store first.",
    calls: [
      c.task({
        tool: 'Agent',
        description: 'Map cart page and store',
        subagentType: 'Explore',
        layout: 'subagents',
        meta: true,
        model: HAIKU,
        prompt:
          'In /home/demo/src/shop-web, describe how the cart page renders lines and which store actions exist for changing quantities. Quick look; file paths and the relevant snippets.',
        script: (a) => {
          a.step({ calls: [a.read('src/pages/CartPage.tsx'), a.read('src/store/cart.ts')] });
          return a.finish(
            '`src/pages/CartPage.tsx` maps `items` to `<li>` lines showing `name × quantity` and a Remove button (`remove(sku)`). The store (`src/store/cart.ts`) has `add` (increments quantity for an existing SKU), `remove` and `clear`; there is no action to set or decrement a quantity.',
          );
        },
      }),
    ],
  });
  c.step({
    thinking:
      'Add setQuantity(sku, quantity) to the store; quantity 0 removes the line. Then two buttons per line.',
    calls: [
      c.edit(
        'src/store/cart.ts',
        '  remove: (sku: string) => void;\n  clear: () => void;\n}',
        '  remove: (sku: string) => void;\n  setQuantity: (sku: string, quantity: number) => void;\n  clear: () => void;\n}',
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/store/cart.ts',
        '  clear: () => set({ items: [] }),',
        '  setQuantity: (sku, quantity) =>\n    set((state) => ({\n      items:\n        quantity <= 0\n          ? state.items.filter((i) => i.sku !== sku)\n          : state.items.map((i) => (i.sku === sku ? { ...i, quantity } : i)),\n    })),\n  clear: () => set({ items: [] }),',
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/pages/CartPage.tsx',
        '  const remove = useCart((s) => s.remove);\n  return (\n    <main>\n      <ul className="cart-lines">\n        {items.map((item) => (\n          <li key={item.sku}>\n            {item.name} × {item.quantity}\n',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: file content with a JSX template literal
        '  const remove = useCart((s) => s.remove);\n  const setQuantity = useCart((s) => s.setQuantity);\n  return (\n    <main>\n      <ul className="cart-lines">\n        {items.map((item) => (\n          <li key={item.sku}>\n            {item.name}\n            <button aria-label={`One less ${item.name}`} onClick={() => setQuantity(item.sku, item.quantity - 1)}>\n              −\n            </button>\n            <span className="quantity">{item.quantity}</span>\n            <button aria-label={`One more ${item.name}`} onClick={() => setQuantity(item.sku, item.quantity + 1)}>\n              +\n            </button>\n',
      ),
    ],
  });
  c.step({
    calls: [
      c.bash('npm test', 'Run the test suite', {
        out: vitestRun(
          shopWeb,
          'shop-web@0.9.0',
          [
            ['src/components/__tests__/Header.test.tsx', 1, 22],
            ['src/components/__tests__/CartBadge.test.tsx', 2, 28],
          ],
          '10:31:40',
        ),
        ms: [2500, 4000],
      }),
    ],
  });
  c.step({
    calls: [
      c.bash(
        'git checkout -b feat/quantity-stepper && git commit -am "Add quantity stepper to cart lines"',
        'Create a branch and commit',
        {
          out: '[feat/quantity-stepper 5e2b9c1] Add quantity stepper to cart lines\n 2 files changed, 17 insertions(+), 1 deletion(-)',
          err: "Switched to a new branch 'feat/quantity-stepper'",
        },
      ),
    ],
  });
  s.gitBranch = 'feat/quantity-stepper';
  c.step({
    calls: [
      c.bash('git push -u origin feat/quantity-stepper', 'Push the branch', {
        err: "remote: \nremote: Create a pull request for 'feat/quantity-stepper' on GitHub by visiting:\nremote:      https://github.com/demo-shop/shop-web/pull/new/feat/quantity-stepper\nremote: \nTo github.com:demo-shop/shop-web.git\n * [new branch]      feat/quantity-stepper -> feat/quantity-stepper",
        out: "branch 'feat/quantity-stepper' set up to track 'origin/feat/quantity-stepper'.",
        ms: [1800, 3000],
      }),
    ],
  });
  c.step({
    calls: [
      c.mcp(
        'mcp__github__create_pull_request',
        {
          owner: 'demo-shop',
          repo: 'shop-web',
          title: 'Add quantity stepper to cart lines',
          head: 'feat/quantity-stepper',
          base: 'main',
          body: '## Summary\n\n- New `setQuantity(sku, quantity)` store action; 0 removes the line.\n- − / + buttons on each cart line, with accessible labels.\n\n## Test plan\n\n- `npm test`\n- Manually: add an item twice, step it down to 0.',
        },
        JSON.stringify({
          number: 42,
          html_url: 'https://github.com/demo-shop/shop-web/pull/42',
          state: 'open',
          title: 'Add quantity stepper to cart lines',
          head: { ref: 'feat/quantity-stepper' },
          base: { ref: 'main' },
          draft: false,
        }),
      ),
    ],
  });
  c.step({
    text: 'Opened https://github.com/demo-shop/shop-web/pull/42.\n\n- `src/store/cart.ts`: `setQuantity(sku, quantity)`; a quantity of 0 or less removes the line.\n- `src/pages/CartPage.tsx`: − and + buttons around the quantity, labelled "One less …" / "One more …" for screen readers.\n\nTests pass.',
  });
  s.customTitle('cart quantity stepper PR');
  return s;
}
