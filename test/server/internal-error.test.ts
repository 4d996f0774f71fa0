import { expect, it } from 'vitest';
import { startService } from '../../src/server/start';
import { createApiKey } from '../../src/server/store/api-keys';
import { openSqliteStore } from '../../src/server/store/sqlite';
import type { Store } from '../../src/server/store/store';
import { postJson } from './support/http';

it('a failing store is a 503 STORE_UNAVAILABLE problem with Retry-After, without internals; an unexpected fault a 500 INTERNAL', async () => {
  const real = openSqliteStore(':memory:');
  const { key } = await createApiKey(real, 'basic');
  const { key: oddPlanKey, record } = await createApiKey(real, 'basic');
  let failing = true;
  const store: Store = {
    ...real,
    findKeyByHash: async (hash) => {
      const found = await real.findKeyByHash(hash);
      return found?.id === record.id ? { ...found, plan: 'platinum' } : found;
    },
    meter: async (m) => {
      if (failing) throw new Error('SQLITE_CORRUPT at /secret/path/footprint.db');
      return real.meter(m);
    },
  };
  const service = await startService({ store });
  try {
    const a = await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 5 }, key);
    expect(a.status).toBe(503);
    expect(a.headers.get('content-type')).toBe('application/problem+json');
    expect(a.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(a.json).toMatchObject({ code: 'STORE_UNAVAILABLE', status: 503, title: 'Store unavailable' });
    expect(a.text).not.toMatch(/SQLITE|secret|footprint\.db/);
    failing = false;
    expect((await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 5 }, key)).status).toBe(200);

    const b = await postJson(service.url, '/api/v2/calculate', { model: 'alpha-4o', tokens: 5 }, oddPlanKey);
    expect(b.status).toBe(500);
    expect(b.json).toMatchObject({ code: 'INTERNAL', status: 500, title: 'Internal error' });
    expect(b.text).not.toContain('platinum');
  } finally {
    await service.close();
  }
});
