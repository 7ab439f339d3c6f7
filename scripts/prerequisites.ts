// What `npm test`, `npm run screenshots` and `npm run bench` need beyond `npm install`, found or provisioned before
// they start: Chromium (the browser tests, the screenshots, Lighthouse and the islands figures) and Java 11 or later
// (the Nu HTML checker of the page-quality tests). Where the machine allows it (root with apt-get, as in CI) the
// missing Debian packages are installed, as .ci/run does; Java may also be vnu-jar's own runtime, downloaded into
// node_modules. Otherwise the command stops here with one line naming exactly what to install: a page-quality check
// is never skipped because its tool is missing.
//
//   tsx scripts/prerequisites.ts test|screenshots|bench
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath, javaPath, vnuJava } from './tools.ts';

const NEEDS: Record<string, { npm: string; chromiumFor: string; java: boolean }> = {
  test: { npm: 'npm test', chromiumFor: 'its browser tests', java: true },
  screenshots: { npm: 'npm run screenshots', chromiumFor: 'the screenshots', java: false },
  bench: { npm: 'npm run bench', chromiumFor: 'Lighthouse and the islands figures', java: false },
};
const command = process.argv[2] ?? 'test';
const needs = NEEDS[command];
if (!needs) {
  console.error(`prerequisites: unknown command ${command} (test, screenshots or bench)`);
  process.exit(2);
}
// the bench without Lighthouse and the islands figures drives no browser
const chromiumNeeded = !(command === 'bench' && process.env.BENCH_LIGHTHOUSE === '0' && process.env.BENCH_ISLANDS === '0');

const lacking = () => [
  ...(chromiumNeeded && !chromiumPath() ? ['chromium'] : []),
  ...(needs.java && !javaPath() ? ['default-jre-headless'] : []),
];

/** Installs Debian packages when this process may (root, apt-get present); false when it may not or it failed. */
function aptInstall(packages: string[]): boolean {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.error(`${needs!.npm}: installing ${packages.join(' ')} with apt-get (running as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const io = { stdio: ['ignore', 'ignore', 'inherit'] as ('ignore' | 'inherit')[], env };
  return (
    spawnSync('apt-get', ['update'], io).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], io).status === 0
  );
}

if (chromiumNeeded && process.env.CHROME_PATH && !chromiumPath()) {
  console.error(`${needs.npm} stops: CHROME_PATH=${process.env.CHROME_PATH} is not an executable Chromium; set it to one, or unset it`);
  process.exit(1);
}
let missing = lacking();
if (missing.length) aptInstall(missing);
if (needs.java && !javaPath()) {
  // not root: vnu-jar fetches a Java runtime of its own into node_modules/.cache, as its install script would have
  await vnuJava.resolveJava().catch(() => undefined);
}
missing = lacking();
if (missing.length) {
  const names = missing.map((p) => (p === 'chromium' ? 'Chromium' : 'Java 11 or later'));
  console.error(
    `${needs.npm} stops: it needs ${names.join(' and ')}; install with: sudo apt-get install -y ${missing.join(' ')}${missing.includes('chromium') ? ' (or set CHROME_PATH to a Chromium or Chrome)' : ''}`,
  );
  process.exit(1);
}
