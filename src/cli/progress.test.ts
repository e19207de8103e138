import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardedIo, memoryIo } from './output.js';
import { createProgress } from './progress.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createProgress', () => {
  it('draws its bar with real cursor controls on a terminal, past the guard that escapes log text', () => {
    vi.useFakeTimers();
    const io = memoryIo({});
    Object.assign(io.stderr, { isTTY: true, columns: 80 });
    const progress = createProgress(guardedIo(io), 'Reading logs');
    vi.setSystemTime(Date.now() + 2000);
    progress.update(3, 10);
    progress.stop();
    expect(io.err()).toContain('Reading logs');
    // The bar hides the cursor and redraws its line: raw ESC sequences, not the visible "\x1b" of escaped text.
    expect(io.err()).toContain('\u001b[');
    expect(io.err()).not.toContain('\\x1b');
  });
});
