import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Debian's chromium, installed by scripts/install-chromium.sh (which .ci/run calls). */
export const chromiumPath = '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);
if (!hasChromium)
  console.warn(`Browser tests skipped: no Chromium at "${chromiumPath}" (run scripts/install-chromium.sh).`);

/** One headless Chromium for a test file (the flags keep it off the network by itself). */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
