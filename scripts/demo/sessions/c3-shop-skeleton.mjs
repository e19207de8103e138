// Demo session c3-shop-skeleton: shop-web, Codex 0.77 (gpt-5): `exec_command` with its header output (one exits 2), apply_patch with JSON output, and a call whose output never came.

import { CodexRollout, patchUpdate } from '../codex/rollout.mjs';
import { shopWeb } from '../shop-web-files.mjs';
import { rgLines } from '../text.mjs';

/** Writes demo session c3-shop-skeleton. */
export function c3() {
  const x = new CodexRollout({
    name: 'c3-shop-skeleton',
    project: shopWeb,
    start: '2026-11-18T11:02:15.208Z',
    cliVersion: '0.77.0',
    model: 'gpt-5',
    sandbox: 'type',
    resets: 'at',
  });
  x.meta({
    git: {
      commit_hash: 'f19d2b7c6e0a8354b1c9e7f2a4d60b38e5c1a9f0',
      branch: 'main',
      repository_url: 'git@github.com:demo-shop/shop-web.git',
    },
  });
  x.environment();
  x.prompt(
    'The product page flickers while the product loads. Add a skeleton variant of ProductCard and show it instead of "Loading…".',
    [3000, 8000],
  );
  x.event({ type: 'token_count', info: null, rate_limits: x.rateLimits() });
  x.exec(
    'rg -n "Loading" src',
    rgLines(
      shopWeb,
      /Loading/,
      shopWeb.paths().filter((rel) => rel.startsWith('src/')),
    ),
    {
      reasoning: '**Finding the loading state**',
      seconds: 0.05,
    },
  );
  x.exec("sed -n '1,40p' src/components/ProductCard.tsx", shopWeb.read('src/components/ProductCard.tsx'), {
    seconds: 0.04,
  });
  const card = patchUpdate(shopWeb, 'src/components/ProductCard.tsx', [
    [
      '      <p className="price">{formatPrice(product.priceCents)}</p>\n    </article>\n  );\n}\n',
      '      <p className="price">{formatPrice(product.priceCents)}</p>\n    </article>\n  );\n}\n\n/** Placeholder with the same box as ProductCard, so the layout does not jump. */\nexport function ProductCardSkeleton() {\n  return (\n    <article className="product-card skeleton" aria-busy="true" aria-label="Loading product">\n      <div className="image" />\n      <h3 className="line" />\n      <p className="line short" />\n    </article>\n  );\n}\n',
    ],
  ]);
  x.applyPatch(card, ['M src/components/ProductCard.tsx'], {
    style: 'json',
    reasoning: '**Adding the skeleton component**',
  });
  const page = patchUpdate(shopWeb, 'src/pages/ProductPage.tsx', [
    [
      "import { ProductCard } from '../components/ProductCard';",
      "import { ProductCard, ProductCardSkeleton } from '../components/ProductCard';",
    ],
    ['  if (!product) return <p>Loading…</p>;', '  if (!product) return <ProductCardSkelton />;'],
  ]);
  x.applyPatch(page, ['M src/pages/ProductPage.tsx'], { style: 'json' });
  x.exec(
    'npx tsc --noEmit -p .',
    "src/pages/ProductPage.tsx(13,25): error TS2552: Cannot find name 'ProductCardSkelton'. Did you mean 'ProductCardSkeleton'?\n",
    { exit: 2, seconds: 3.1, reasoning: '**Type-checking**' },
  );
  const fix = patchUpdate(shopWeb, 'src/pages/ProductPage.tsx', [
    ['  if (!product) return <ProductCardSkelton />;', '  if (!product) return <ProductCardSkeleton />;'],
  ]);
  x.applyPatch(fix, ['M src/pages/ProductPage.tsx'], { style: 'json', reasoning: '**Fixing the typo**' });
  x.exec(
    'npx tsc --noEmit -p . && npm test',
    `\n> shop-web@0.9.0 test\n> vitest run\n\n\n RUN  v2.1.2 ${shopWeb.cwd}\n\n ✓ src/components/__tests__/Header.test.tsx (1 test) 22ms\n ✓ src/components/__tests__/CartBadge.test.tsx (2 tests) 29ms\n\n Test Files  2 passed (2)\n      Tests  3 passed (3)\n`,
    { seconds: 6.8 },
  );
  x.answer(
    'Added `ProductCardSkeleton` next to `ProductCard` (same box, `aria-busy`, grey placeholder lines) and the product page now renders it while the product loads, so the layout no longer jumps. Type check and tests pass. You will want styles for `.product-card.skeleton .image/.line` (a light grey background with a shimmer animation).',
    '**Summarizing**',
  );
  x.repeatTokenCount();
  x.prompt('Run the e2e suite too.', [40000, 90000]);
  x.exec('npm run e2e', '', { seconds: 0, reasoning: '**Running end-to-end tests**', noOutput: true });
  return x;
}
