// Demo session s01-shop-cart-badge: shop-web, Claude Code 1.0.88 (Opus 4.1): a Task subagent written as sidechain records in the main file, TodoWrite, a failed Edit (`<tool_use_error>`), a `summary` record.

import { ClaudeSession, OPUS } from '../claude/session.mjs';
import { shopWeb } from '../shop-web-files.mjs';
import { vitestRun } from './vitest-output.mjs';

/** Writes demo session s01-shop-cart-badge. */
export function s01() {
  const s = new ClaudeSession({
    name: 's01-shop-cart-badge',
    project: shopWeb,
    version: '1.0.88',
    model: OPUS,
    start: '2026-11-07T09:14:22.318Z',
  });
  const c = s.main;
  c.prompt(
    'Add a badge to the Cart link in the header that shows how many items are in the cart. Use the existing zustand store, and keep it accessible: screen readers should hear the count.',
    { wait: [0, 0] },
  );
  c.step({
    text: "I'll start by finding where the cart state lives and how the header is built.",
    calls: [
      c.task({
        description: 'Find cart state and header',
        subagentType: 'general-purpose',
        layout: 'sidechain',
        prompt:
          'In /home/demo/src/shop-web, find where the cart state is defined and which components read it, and the header component that renders the Cart link. Report file paths, the store API, and any existing tests for the header.',
        script: (a) => {
          a.step({
            calls: [a.grep('useCart')],
          });
          a.step({ calls: [a.read('src/store/cart.ts')] });
          return a.finish(
            '## Findings\n\n- **Cart state**: `src/store/cart.ts` exports `useCart`, a zustand store with `items: CartItem[]` (`sku`, `name`, `priceCents`, `quantity`) and the actions `add`, `remove`, `clear`. Adding an existing SKU increments its `quantity`.\n- **Consumers**: `src/pages/CartPage.tsx` and `src/pages/Checkout.tsx` read `items`.\n- **Header**: `src/components/Header.tsx` renders `<Link href="/cart">Cart</Link>` inside `<nav>`; it does not read the store.\n- **Tests**: `src/components/__tests__/Header.test.tsx` checks that the Cart link points to `/cart`.',
          );
        },
      }),
    ],
  });
  c.step({
    thinking:
      'The store keeps one entry per SKU with a quantity, so the badge should show the sum of quantities, not items.length. A selector returning a number keeps re-renders cheap. For screen readers an aria-label with the full phrase works; render nothing when the cart is empty.',
    calls: [c.read('src/components/Header.tsx')],
  });
  const plan = [
    [
      'Create a CartBadge component that reads the item count from useCart',
      'Creating the CartBadge component',
    ],
    ['Render the badge inside the Cart link in Header', 'Rendering the badge in Header'],
    ['Add tests for the badge', 'Adding tests for the badge'],
    ['Run the component tests', 'Running the component tests'],
  ];
  const todos = (done) =>
    plan.map(([content, active], i) => [
      content,
      i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
      active,
    ]);
  c.step({ calls: [c.todo(todos(0))] });
  c.step({
    calls: [
      c.write(
        'src/components/CartBadge.tsx',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: file content with a JSX template literal
        'import { useCart } from \'../store/cart\';\n\nexport function CartBadge() {\n  const count = useCart((s) => s.items.reduce((n, item) => n + item.quantity, 0));\n  if (count === 0) return null;\n  return (\n    <span className="cart-badge" aria-label={`${count} items in cart`}>\n      {count}\n    </span>\n  );\n}\n',
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/components/Header.tsx',
        '        <Link href="/cart"> Cart </Link>',
        '        <Link href="/cart">\n          Cart <CartBadge />\n        </Link>',
        { fails: true },
      ),
    ],
  });
  c.step({
    text: 'My match had the wrong spacing; retrying with the exact line.',
    calls: [
      c.edit(
        'src/components/Header.tsx',
        '        <Link href="/cart">Cart</Link>',
        '        <Link href="/cart">\n          Cart <CartBadge />\n        </Link>',
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/components/Header.tsx',
        "import { Link } from './Link';",
        "import { CartBadge } from './CartBadge';\nimport { Link } from './Link';",
      ),
    ],
  });
  c.step({
    calls: [
      c.write(
        'src/components/__tests__/CartBadge.test.tsx',
        "import { render, screen } from '@testing-library/react';\nimport { beforeEach, describe, expect, it } from 'vitest';\nimport { useCart } from '../../store/cart';\nimport { CartBadge } from '../CartBadge';\n\ndescribe('CartBadge', () => {\n  beforeEach(() => useCart.getState().clear());\n\n  it('renders nothing for an empty cart', () => {\n    const { container } = render(<CartBadge />);\n    expect(container.innerHTML).toBe('');\n  });\n\n  it('sums quantities and announces them', () => {\n    useCart.getState().add({ sku: 'A1', name: 'Mug', priceCents: 900 });\n    useCart.getState().add({ sku: 'A1', name: 'Mug', priceCents: 900 });\n    render(<CartBadge />);\n    expect(screen.getByLabelText('2 items in cart').textContent).toBe('2');\n  });\n});\n",
      ),
    ],
  });
  c.step({
    calls: [
      c.bash('npm test -- src/components', 'Run the component tests', {
        out: vitestRun(
          shopWeb,
          'shop-web@0.9.0',
          [
            ['src/components/__tests__/Header.test.tsx', 1, 23],
            ['src/components/__tests__/CartBadge.test.tsx', 2, 31],
          ],
          '09:21:07',
        ).replace('> vitest run', '> vitest run src/components'),
        ms: [2600, 4200],
      }),
    ],
  });
  c.step({ calls: [c.todo(todos(4))] });
  c.step({
    text: 'Done. The header now shows the number of items in the cart:\n\n- `src/components/CartBadge.tsx` sums `quantity` over the cart items with a zustand selector, renders nothing when the cart is empty, and carries an `aria-label` such as "2 items in cart" for screen readers.\n- `src/components/Header.tsx` renders `<CartBadge />` inside the Cart link.\n- `src/components/__tests__/CartBadge.test.tsx` covers the empty cart and the summed count.\n\nAll component tests pass. You may want a `.cart-badge` style in your stylesheet (a small pill next to the link text).',
  });
  s.summary('Cart item-count badge in the site header', c.tip);
  return s;
}
