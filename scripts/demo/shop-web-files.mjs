// The shop-web project as it is before the first demo session.

import { createProject } from './project.mjs';

/** A small React shop front end. */
export const shopWeb = createProject('/home/demo/src/shop-web', {
  'package.json': `{
  "name": "shop-web",
  "version": "0.9.0",
  "private": true,
  "type": "module",
  "scripts": {
    "dev": "vite",
    "build": "tsc -b && vite build",
    "test": "vitest run",
    "lint": "eslint src"
  },
  "dependencies": {
    "react": "^18.3.1",
    "react-dom": "^18.3.1",
    "zustand": "^4.5.2"
  },
  "devDependencies": {
    "@testing-library/react": "^16.0.0",
    "typescript": "^5.6.2",
    "vite": "^5.4.8",
    "vitest": "^2.1.2"
  }
}
`,
  'src/store/cart.ts': `import { create } from 'zustand';

export interface CartItem {
  sku: string;
  name: string;
  priceCents: number;
  quantity: number;
}

interface CartState {
  items: CartItem[];
  add: (item: Omit<CartItem, 'quantity'>) => void;
  remove: (sku: string) => void;
  clear: () => void;
}

export const useCart = create<CartState>((set) => ({
  items: [],
  add: (item) =>
    set((state) => {
      const existing = state.items.find((i) => i.sku === item.sku);
      if (existing) {
        return { items: state.items.map((i) => (i.sku === item.sku ? { ...i, quantity: i.quantity + 1 } : i)) };
      }
      return { items: [...state.items, { ...item, quantity: 1 }] };
    }),
  remove: (sku) => set((state) => ({ items: state.items.filter((i) => i.sku !== sku) })),
  clear: () => set({ items: [] }),
}));
`,
  'src/components/Header.tsx': `import { Link } from './Link';

export function Header() {
  return (
    <header className="site-header">
      <Link href="/" className="logo">
        Shop
      </Link>
      <nav>
        <Link href="/products">Products</Link>
        <Link href="/cart">Cart</Link>
      </nav>
    </header>
  );
}
`,
  'src/components/Link.tsx': `import type { AnchorHTMLAttributes } from 'react';

export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <a {...props} />;
}
`,
  'src/components/ProductCard.tsx': `import { formatPrice } from '../lib/price';
import type { Product } from '../types';

export function ProductCard({ product }: { product: Product }) {
  return (
    <article className="product-card">
      <img src={product.image} alt="" loading="lazy" />
      <h3>{product.name}</h3>
      <p className="price">{formatPrice(product.priceCents)}</p>
    </article>
  );
}
`,
  'src/pages/ProductPage.tsx': `import { ProductCard } from '../components/ProductCard';
import { useProduct } from '../api/useProduct';

export function ProductPage({ sku }: { sku: string }) {
  const product = useProduct(sku);
  if (!product) return <p>Loading…</p>;
  return (
    <main>
      <ProductCard product={product} />
    </main>
  );
}
`,
  'src/pages/CartPage.tsx': `import { formatPrice, cartTotal } from '../lib/price';
import { useCart } from '../store/cart';

export function CartPage() {
  const items = useCart((s) => s.items);
  const remove = useCart((s) => s.remove);
  return (
    <main>
      <ul className="cart-lines">
        {items.map((item) => (
          <li key={item.sku}>
            {item.name} × {item.quantity}
            <button onClick={() => remove(item.sku)}>Remove</button>
          </li>
        ))}
      </ul>
      <p className="total">{formatPrice(cartTotal(items))}</p>
    </main>
  );
}
`,
  'src/pages/Checkout.tsx': `import { formatPrice, cartTotal } from '../lib/price';
import { useCart } from '../store/cart';

export function Checkout() {
  const items = useCart((s) => s.items);
  const total = cartTotal(items);
  return (
    <section className="checkout">
      <h2>Order summary</h2>
      <p>{items.length} items</p>
      <p className="total">Total: {formatPrice(total)}</p>
    </section>
  );
}
`,
  'src/lib/price.ts': `export function formatPrice(cents: number, currency = 'EUR'): string {
  return new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(cents / 100);
}

export function cartTotal(items: { priceCents: number; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
}
`,
  'src/components/__tests__/Header.test.tsx': `import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Header } from '../Header';

describe('Header', () => {
  it('links to the cart', () => {
    render(<Header />);
    expect(screen.getByText('Cart').getAttribute('href')).toBe('/cart');
  });
});
`,
});
