// Tests run inside workerd through the real Worker (wrangler.toml), with fixture sites seeded into KV by each file.
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { outbound, TEST_TURNSTILE_SITE_KEY, TURNSTILE_TEST_SECRET, WRONG_SECRET_SITE_KEY } from './test/support/outbound.ts';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    projects: [
      {
        // everything a visitor or the Worker does, inside workerd through the real Worker
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              // tests publish and visit at once: every request reads the host pointer from KV
              // TURNSTILE_SECRET_KEY: one widget per site key; the fake siteverify knows only TURNSTILE_TEST_SECRET
              bindings: {
                SESSION_SECRET: 'test-session-secret-0123456789abcdef',
                RENDER_TIMEOUT_MS: '5000',
                SITE_POINTER_TTL_MS: '0',
                TURNSTILE_SECRET_KEY: JSON.stringify({
                  [TEST_TURNSTILE_SITE_KEY]: TURNSTILE_TEST_SECRET,
                  [WRONG_SECRET_SITE_KEY]: 'not-the-secret',
                }),
              },
              outboundService: outbound,
            },
          }),
        ],
        test: { name: 'workers', include: ['test/*.test.ts', 'test/*.test.tsx'], testTimeout: 20_000 },
      },
      {
        // the command-line tools ops run on Node (publish:site)
        test: { name: 'node', include: ['test/node/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
      {
        // the editor hand-off in Debian's Chromium (playwright-core) against wrangler dev on a free port
        test: { name: 'browser', include: ['test/e2e/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 180_000 },
      },
    ],
  },
});
