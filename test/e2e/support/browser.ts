// Debian's Chromium driven by playwright-core, with the flags of the toolchain notes.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
