// npm run platform -- [--env staging|production | --remote] [--persist-to DIR] (--newer ID | --older ID)... | --clear | --show
// Names the two versions of a gradual deployment for §9's platform-version cookies (worker/hosting/platform-versions.ts):
// a browser with `platform_preview=true` is served by --newer, one with `platform_previous=true` by --older, while
// that version is in the environment's current deployment (`wrangler versions deploy`; docs/operations.md,
// "Previewing a version from a browser"). Writes the SITES record `platform:versions`; --clear removes it (every
// browser is then served by the deployment's percentages); --show prints it. Isolates read it again within
// SITE_POINTER_TTL_MS plus KV's 60 s edge cache.
import { parseArgs } from 'node:util';
import { PLATFORM_VERSIONS_KEY, platformVersionsSchema, type PlatformVersions } from '../shared/platform-versions.ts';
import { OperatorError, parseEnvironment, readEnvironment } from './cloudflare-api.ts';
import { deleteKeys, describeTarget, readKey, targetOf, writeRecords, type Target } from './publish-lib.ts';

const USAGE =
  'usage: npm run platform -- [--env staging|production | --remote] [--persist-to DIR] (--newer ID | --older ID)... | --clear | --show';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    remote: { type: 'boolean', default: false },
    env: { type: 'string' },
    'persist-to': { type: 'string' },
    newer: { type: 'string' },
    older: { type: 'string' },
    clear: { type: 'boolean', default: false },
    show: { type: 'boolean', default: false },
  },
});

const naming = values.newer !== undefined || values.older !== undefined;
if (positionals.length || [naming, values.clear, values.show].filter(Boolean).length !== 1) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const target: Target = targetOf(values);
  // the override header names the Worker of the environment: wrangler.toml's name for it
  const worker = values.env ? readEnvironment('wrangler.toml', parseEnvironment(values.env)).workerName : 'site-runtime';
  const where = describeTarget(target);
  if (values.show) {
    console.log(
      `${where}: ${readKey(PLATFORM_VERSIONS_KEY, target) ?? `no ${PLATFORM_VERSIONS_KEY} record (every browser follows the deployment's percentages)`}`,
    );
  } else if (values.clear) {
    deleteKeys([PLATFORM_VERSIONS_KEY], target);
    console.log(`${where}: removed ${PLATFORM_VERSIONS_KEY}; every browser follows the deployment's percentages`);
  } else {
    const before = readKey(PLATFORM_VERSIONS_KEY, target);
    const kept = before === null ? undefined : platformVersionsSchema.safeParse(JSON.parse(before)).data;
    const record: PlatformVersions = {
      worker,
      newer: values.newer ?? kept?.newer ?? null,
      older: values.older ?? kept?.older ?? null,
      writtenAt: new Date().toISOString(),
    };
    const checked = platformVersionsSchema.safeParse(record);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw new OperatorError(`--${String(issue.path[0])}: ${issue.message}`);
    }
    if (record.newer !== null && record.newer === record.older) throw new OperatorError('--newer and --older name the same version');
    writeRecords([{ key: PLATFORM_VERSIONS_KEY, value: JSON.stringify(record) }], target);
    console.log(
      `${where}: ${PLATFORM_VERSIONS_KEY} of Worker ${worker}: platform_preview=true → ${record.newer ?? 'none'}, ` +
        `platform_previous=true → ${record.older ?? 'none'} (each applies while the version is in the current deployment)`,
    );
  }
} catch (error) {
  if (!(error instanceof OperatorError) && !(error instanceof SyntaxError) && !/^--env/.test((error as Error).message)) throw error;
  console.error(`platform: ${(error as Error).message}`);
  process.exit(1);
}
