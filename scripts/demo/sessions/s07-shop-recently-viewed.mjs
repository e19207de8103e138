// Demo session s07-shop-recently-viewed: shop-web, Claude Code 2.1.27 (Sonnet 4.5): parallel reads fanning out (`sourceToolAssistantUUID`), a legacy `progress` record in the chain, a subagent in `<session>/subagents/` without `.meta.json`.

import { ClaudeSession, HAIKU, SONNET } from '../claude/session.mjs';
import { shopWeb } from '../shop-web-files.mjs';
import { vitestRun } from './vitest-output.mjs';

/** Writes demo session s07-shop-recently-viewed. */
export function s07() {
  const s = new ClaudeSession({
    name: 's07-shop-recently-viewed',
    project: shopWeb,
    version: '2.1.27',
    model: SONNET,
    start: '2026-11-13T09:40:12.035Z',
    slug: 'amber-winding-lantern',
    permissionMode: 'default',
  });
  const c = s.main;
  s.queue('dequeue');
  c.prompt(
    "Add a 'Recently viewed' strip under the product on the product page: the last 4 products, most recent first. Check how product cards are rendered first.",
    { wait: [40, 80] },
  );
  const reads = [
    c.read('src/pages/ProductPage.tsx'),
    c.read('src/components/ProductCard.tsx'),
    c.read('src/lib/price.ts'),
  ];
  c.step({ text: 'Let me read the product page, the card and the price helpers.', calls: reads });
  c.progress(
    { type: 'hook_progress', hookEvent: 'PostToolUse', hookName: 'PostToolUse:Read', command: 'callback' },
    reads[2].id,
  );
  c.step({
    calls: [
      c.task({
        description: 'Find product view tracking',
        subagentType: 'Explore',
        layout: 'subagents',
        model: HAIKU,
        prompt:
          'In /home/demo/src/shop-web, is there any code that records which products a user viewed (history, recently viewed, analytics events)? Quick check; list files or say there is none.',
        script: (a) => {
          a.step({ calls: [a.grep('recent|viewed|history', { dir: 'src', ignoreCase: true })] });
          a.step({ calls: [a.glob('src/**/*.ts')] });
          return a.finish(
            'Nothing tracks product views. There are no matches for recent/viewed/history under `src/`. The only store is `src/store/cart.ts` (zustand); `src/lib/price.ts` holds price helpers. A new store next to `cart.ts` would fit the existing layout.',
          );
        },
      }),
    ],
  });
  c.step({
    calls: [
      c.write(
        'src/store/recentlyViewed.ts',
        "import { create } from 'zustand';\nimport { persist } from 'zustand/middleware';\nimport type { Product } from '../types';\n\nconst LIMIT = 4;\n\ninterface RecentlyViewedState {\n  products: Product[];\n  record: (product: Product) => void;\n}\n\nexport const useRecentlyViewed = create<RecentlyViewedState>()(\n  persist(\n    (set) => ({\n      products: [],\n      record: (product) =>\n        set((state) => ({\n          products: [product, ...state.products.filter((p) => p.sku !== product.sku)].slice(0, LIMIT),\n        })),\n    }),\n    { name: 'recently-viewed' },\n  ),\n);\n",
      ),
      c.write(
        'src/components/RecentlyViewed.tsx',
        'import { useRecentlyViewed } from \'../store/recentlyViewed\';\nimport { ProductCard } from \'./ProductCard\';\n\nexport function RecentlyViewed({ exclude }: { exclude: string }) {\n  const products = useRecentlyViewed((s) => s.products).filter((p) => p.sku !== exclude);\n  if (products.length === 0) return null;\n  return (\n    <section className="recently-viewed" aria-label="Recently viewed">\n      <h2>Recently viewed</h2>\n      <div className="strip">\n        {products.map((product) => (\n          <ProductCard key={product.sku} product={product} />\n        ))}\n      </div>\n    </section>\n  );\n}\n',
      ),
    ],
  });
  c.step({
    calls: [
      c.edit(
        'src/pages/ProductPage.tsx',
        "import { ProductCard } from '../components/ProductCard';\nimport { useProduct } from '../api/useProduct';\n\nexport function ProductPage({ sku }: { sku: string }) {\n  const product = useProduct(sku);\n  if (!product) return <p>Loading…</p>;\n  return (\n    <main>\n      <ProductCard product={product} />\n    </main>\n  );\n}",
        "import { useEffect } from 'react';\nimport { ProductCard } from '../components/ProductCard';\nimport { RecentlyViewed } from '../components/RecentlyViewed';\nimport { useProduct } from '../api/useProduct';\nimport { useRecentlyViewed } from '../store/recentlyViewed';\n\nexport function ProductPage({ sku }: { sku: string }) {\n  const product = useProduct(sku);\n  const record = useRecentlyViewed((s) => s.record);\n  useEffect(() => {\n    if (product) record(product);\n  }, [product, record]);\n  if (!product) return <p>Loading…</p>;\n  return (\n    <main>\n      <ProductCard product={product} />\n      <RecentlyViewed exclude={product.sku} />\n    </main>\n  );\n}",
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
            ['src/components/__tests__/Header.test.tsx', 1, 21],
            ['src/components/__tests__/CartBadge.test.tsx', 2, 30],
          ],
          '09:46:18',
        ),
        ms: [2500, 4000],
      }),
    ],
  });
  c.step({
    text: 'Added the strip:\n\n- `src/store/recentlyViewed.ts`: zustand store persisted to localStorage, keeps the last 4 products, most recent first, without duplicates.\n- `src/components/RecentlyViewed.tsx`: renders them with the existing `ProductCard`, skipping the product being viewed.\n- `src/pages/ProductPage.tsx`: records the product once loaded and shows the strip under it.\n\nTests pass. The strip needs a little CSS (`.recently-viewed .strip`, e.g. a horizontal flex row).',
  });
  return s;
}
