import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// Vitest 5's reporter calls Map.groupBy (Node 21+) when it prints failures; Node 20.20 lacks it.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const group = groups.get(k);
        if (group) group.push(item);
        else groups.set(k, [item]);
      }
      return groups;
    },
  });
}

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // First: says in one line which Debian packages are missing, before anything is built.
    globalSetup: ['test/support/check-environment.ts'],
    // Tests live under test/, mirroring src/. `unit` starts no server, browser or Redis (`npm run test:unit`);
    // `integration` runs the extension's code against HTTP services on loopback.
    projects: [
      {
        plugins: [WxtVitest()],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          environment: 'node',
          // One worker runs many files and keeps the modules they share (the tokenizers, the catalogues,
          // the setup file's imports) instead of a fresh process per file: most of the run's CPU went to
          // that start-up. The tests reset what they change (fakeBrowser, timers, mocks, catalogue) in
          // their hooks. Forks, not threads: a worker thread cannot change process.env.TZ.
          isolate: false,
          setupFiles: ['test/support/i18n-setup.ts'],
          // `npm test` runs these beside three browser files on two cores: a test that takes 1 s alone can
          // take more than Vitest's default 5 s then. The timeout is there to stop a hang, not to time code
          // (that is the benches' work).
          testTimeout: 30_000,
        },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/support/i18n-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/e2e/support/global-setup.ts'],
          // Texts the tests expect are rendered in Node from the catalogues, as in unit tests.
          setupFiles: ['test/support/i18n-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Three files at a time, on two cores: a browser test mostly waits (on its browser, on a page's pauses,
          // on the quiet period the tracker waits out), so fewer files leave the cores idle (CONTRIBUTING.md, "How long a run takes").
          // Each file has its own browser, profile and loopback ports. Its own group, after the others,
          // because a group runs one number of workers.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
