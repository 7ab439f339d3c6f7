// Debian's Chromium driven by playwright-core, with the flags of the toolchain notes.
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from '../../../scripts/tools.ts';

/** the machine's Chromium (npm test's prerequisites check has found or installed it before any test runs) */
export const CHROMIUM = chromiumPath() ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    timeout: 60_000,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // every {site}.localhost host is the local server, whatever the machine's resolver says
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
    ],
  });
}
