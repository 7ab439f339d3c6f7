// npm run deploy -- --env <staging|production> [any other `wrangler deploy` argument]: checks that the environment is
// set up (its SITES namespace named in wrangler.toml; production routed through its SaaS zone), builds public/, then
// runs `wrangler deploy --env <env>`, which also refuses while a required secret is missing ([secrets] required).
// Without the check a first deploy would let wrangler create a namespace of its own, and production would deploy to
// no address at all. `--dry-run --outdir DIR` bundles offline, as npm run check:bundle does; `--skip-build` uses the
// public/ already built (CI, and the tests, which must not rebuild it under the other test files).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { OperatorError, parseEnvironment, readEnvironment } from './cloudflare-api.ts';

const skipBuild = process.argv.includes('--skip-build');
const args = process.argv.slice(2).filter((a) => a !== '--skip-build');
const at = args.findIndex((a) => a === '--env' || a.startsWith('--env='));
const value = at < 0 ? undefined : args[at]!.includes('=') ? args[at]!.slice('--env='.length) : args[at + 1];
const rest = at < 0 ? args : args.filter((_, i) => i !== at && (args[at]!.includes('=') || i !== at + 1));
const configAt = rest.findIndex((a) => a === '--config' || a === '-c');
const configPath = configAt >= 0 ? rest[configAt + 1]! : 'wrangler.toml';

try {
  const env = parseEnvironment(value);
  const config = readEnvironment(configPath, env);
  const problems: string[] = [];
  if (!config.sitesNamespaceId) problems.push(`env.${env} names no SITES namespace id`);
  if (!config.zone && (env === 'production' || !config.workersDev))
    problems.push(`env.${env} routes no SaaS zone and has no workers.dev address`);
  if (problems.length)
    throw new OperatorError(
      `${problems.join('; ')}: run npm run setup -- --env ${env}${config.zone ? '' : ' --zone <SaaS zone>'} first (docs/operations.md)`,
    );
  console.log(
    `deploy: env.${env} is Worker ${config.workerName}, SITES ${config.sitesNamespaceId}${config.zone ? `, route */* on ${config.zone}` : ''}${config.workersDev ? ', workers.dev' : ''}`,
  );
} catch (error) {
  if (!(error instanceof OperatorError)) throw error;
  console.error(`deploy: ${error.message}`);
  process.exit(1);
}

const quiet = { ...process.env, WRANGLER_SEND_METRICS: process.env.WRANGLER_SEND_METRICS ?? 'false' };
if (!skipBuild) {
  const build = spawnSync('node', [join('scripts', 'build-assets.mjs')], { stdio: 'inherit', env: quiet });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const deploy = spawnSync(join('node_modules', '.bin', 'wrangler'), ['deploy', '--env', value!, ...rest], { stdio: 'inherit', env: quiet });
process.exit(deploy.status ?? 1);
