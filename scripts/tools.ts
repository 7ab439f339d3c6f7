// Where the machine's Chromium and Java are: one answer for the browser tests, the screenshots, the bench and the
// prerequisites check that runs before each of them (scripts/prerequisites.ts).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Where Debian and others put Chromium (or Chrome), in order; CHROME_PATH, when set, is the only one asked. */
const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium to launch: CHROME_PATH if set and executable, else the first one installed; undefined if none. */
export function chromiumPath(): string | undefined {
  const chosen = process.env.CHROME_PATH;
  if (chosen) return executable(chosen) ? chosen : undefined;
  return CHROMIUM_PATHS.find(executable);
}

/** vnu-jar's helper that finds a Java or downloads a runtime of its own into node_modules/.cache (its install script). */
export const vnuJava = require('vnu-jar/vnu-java-downloader.js') as {
  resolveJava(): Promise<string>;
  findCachedJava(): string | null;
};

/** A Java of version 11 or later for the Nu HTML checker: the one on PATH, or the runtime vnu-jar downloaded. */
export function javaPath(): string | undefined {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const version = /version "(\d+)/.exec(`${run.stderr ?? ''}${run.stdout ?? ''}`);
  if (!run.error && version && Number(version[1]) >= 11) return 'java';
  return vnuJava.findCachedJava() ?? undefined;
}
