// Demo session s04-shop-nan-total: shop-web, Claude Code 2.0.31 (Sonnet 4.5): an Explore subagent in a flat `agent-<id>.jsonl`, linked by `toolUseResult.agentId`; `slug`.

import { ClaudeSession, HAIKU, SONNET } from '../claude/session.mjs';
import { shopWeb } from '../shop-web-files.mjs';
import { vitestRun } from './vitest-output.mjs';

/** Writes demo session s04-shop-nan-total. */
export function s04() {
  const s = new ClaudeSession({
    name: 's04-shop-nan-total',
    project: shopWeb,
    version: '2.0.31',
    model: SONNET,
    start: '2026-11-10T16:42:51.660Z',
    slug: 'quiet-sorting-pebble',
  });
  const c = s.main;
  c.prompt(
    'Checkout shows "€NaN" as the total when a product has no price yet (our pre-order items). Find the cause and fix it.',
    { wait: [0, 0] },
  );
  c.step({
    text: "I'll have an Explore agent trace how the checkout total is computed.",
    calls: [
      c.task({
        description: 'Trace NaN in checkout total',
        subagentType: 'Explore',
        layout: 'flat',
        model: HAIKU,
        prompt:
          'Trace how the checkout total is computed in /home/demo/src/shop-web: find cartTotal and formatPrice, where Checkout renders the total, and anything that could produce NaN when a product has no price. Quick search; report file paths and line numbers.',
        script: (a) => {
          a.step({ calls: [a.grep('cartTotal|formatPrice', { dir: 'src', mode: 'content' })] });
          a.step({ calls: [a.read('src/lib/price.ts'), a.read('src/pages/Checkout.tsx')] });
          return a.finish(
            'The total is computed in `src/lib/price.ts:6` (`cartTotal`): `sum + item.priceCents * item.quantity`. For a pre-order item `priceCents` is `undefined`, so the product is `NaN` and the whole sum becomes `NaN`. `src/pages/Checkout.tsx:6` passes that to `formatPrice` (`src/lib/price.ts:1`), and `Intl.NumberFormat` formats `NaN` as "€NaN". `CartPage.tsx` has the same problem. Nothing validates prices when items are added to the cart (`src/store/cart.ts`).',
          );
        },
      }),
    ],
  });
  c.step({
    thinking:
      'Fix at the source: cartTotal should skip items without a price, and the checkout should say that some prices are still to be confirmed rather than show a misleading total.',
    text: '`cartTotal` multiplies an undefined price. I will make it skip unpriced items and have the checkout say so.',
    calls: [
      c.edit(
        'src/lib/price.ts',
        'export function cartTotal(items: { priceCents: number; quantity: number }[]): number {\n  return items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);\n}',
        '/** Sum of priced items; pre-order items without a price yet count as 0. */\nexport function cartTotal(items: { priceCents?: number; quantity: number }[]): number {\n  return items.reduce((sum, item) => sum + (item.priceCents ?? 0) * item.quantity, 0);\n}\n\nexport function hasUnpricedItems(items: { priceCents?: number }[]): boolean {\n  return items.some((item) => item.priceCents === undefined);\n}',
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/pages/Checkout.tsx',
        "import { formatPrice, cartTotal } from '../lib/price';",
        "import { formatPrice, cartTotal, hasUnpricedItems } from '../lib/price';",
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/pages/Checkout.tsx',
        '      <p className="total">Total: {formatPrice(total)}</p>',
        '      <p className="total">Total: {formatPrice(total)}</p>\n      {hasUnpricedItems(items) && <p className="note">Pre-order prices are confirmed before shipping.</p>}',
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
            ['src/components/__tests__/CartBadge.test.tsx', 2, 29],
          ],
          '16:47:55',
        ),
        ms: [2500, 4000],
      }),
    ],
  });
  c.step({
    text: 'Fixed. `cartTotal` multiplied `undefined × quantity` for pre-order items, which turned the whole total into `NaN`.\n\n- `src/lib/price.ts`: unpriced items count as 0 in `cartTotal`; new `hasUnpricedItems()`.\n- `src/pages/Checkout.tsx`: shows "Pre-order prices are confirmed before shipping." when the cart has unpriced items.\n\n`CartPage.tsx` uses the same `cartTotal`, so it is fixed too. Tests pass; there is no test for `price.ts` yet, want me to add one?',
  });
  return s;
}
