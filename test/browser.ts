import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Debian's chromium, installed by scripts/install-chromium.sh (which .ci/run calls); missing, the tests fail. */
export const chromiumPath = '/usr/bin/chromium';

/** One headless Chromium for a test file (the flags keep it off the network by itself). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath))
    throw new Error(
      `No Chromium at "${chromiumPath}": run scripts/install-chromium.sh (the browser tests never skip).`,
    );
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
