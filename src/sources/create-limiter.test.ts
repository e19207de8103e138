import { describe, expect, it } from 'vitest';
import { createLimiter } from './create-limiter.js';

describe('createLimiter', () => {
  it('never runs more than max tasks at once and runs them all', async () => {
    const limit = createLimiter(3);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limit(async () => {
          active++;
          peak = Math.max(peak, active);
          await new Promise((resolve) => setTimeout(resolve, (i % 4) + 1));
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
  it('frees the slot of a task that throws', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(() => Promise.resolve(7))).resolves.toBe(7);
  });
  it('rejects a non-positive concurrency', () => {
    expect(() => createLimiter(0)).toThrow("Concurrency must be a positive integer, got '0'");
  });
});
