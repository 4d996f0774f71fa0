/**
 * `npm run keys -- create --plan <plan> [--name <label>]` | `list` | `revoke <id>` | `usage [--month YYYY-MM] [--csv]`
 * Manages the service's API keys in the store the environment selects
 * (FOOTPRINT_REDIS_CLUSTER_NODES, else FOOTPRINT_REDIS_URL, else FOOTPRINT_DB_PATH). `create` prints the new key as
 * its last line; it is shown only this once.
 */
import { parseArgs } from 'node:util';
import { PLANS } from '../src/core';
import { ConfigError, loadConfig } from '../src/server/config';
import { createApiKey, UnknownPlanError } from '../src/server/store/api-keys';
import { openStore } from '../src/server/store/open';
import type { Store } from '../src/server/store/store';
import { monthKey, monthStart } from '../src/server/quota';

const USAGE = `Usage:
  npm run keys -- create --plan <${PLANS.map((p) => p.key).join('|')}> [--name <label>]
  npm run keys -- list
  npm run keys -- revoke <id>
  npm run keys -- usage [--month YYYY-MM] [--csv]`;

class UsageError extends Error {}

const USAGE_COLUMNS = ['id', 'name', 'plan', 'month', 'requests', 'energy_kwh', 'carbon_gco2e', 'water_liters'] as const;

/** RFC 4180 quoting; a name a spreadsheet would run as a formula is prefixed with an apostrophe. */
function csvField(v: string | number): string {
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function run(store: Store, argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { plan: { type: 'string' }, name: { type: 'string' }, month: { type: 'string' }, csv: { type: 'boolean' } },
    allowPositionals: true,
  });
  const [command, ...rest] = positionals;
  switch (command) {
    case 'create': {
      if (!values.plan) throw new UsageError('create needs --plan.');
      const { id, key } = await createApiKey(store, values.plan, values.name ?? '');
      console.log(`Created key ${id} on the ${values.plan} plan. Keep it now; it is not stored and will not be shown again:`);
      console.log(key);
      return;
    }
    case 'list': {
      const keys = await store.listKeys();
      const month = monthKey(new Date());
      if (keys.length === 0) console.log('No keys.');
      for (const k of keys) {
        const used = await store.usage(k.id, month);
        const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
        console.log(`${k.id}\t${k.plan}\t${state}\tused ${used} in ${month}\tcreated ${k.createdAt}\t${k.name}`);
      }
      return;
    }
    case 'revoke': {
      const id = rest[0];
      if (!id) throw new UsageError('revoke needs the key id (see keys -- list).');
      if (!(await store.revokeKey(id, new Date()))) throw new UsageError(`No key with id ${id}.`);
      console.log(`Revoked ${id}.`);
      return;
    }
    case 'usage': {
      const month = values.month ?? monthKey(new Date());
      if (!monthStart(month)) throw new UsageError(`--month must be a UTC month as YYYY-MM, not ${month}.`);
      const rows = [USAGE_COLUMNS as readonly (string | number)[]];
      for (const k of await store.listKeys()) {
        const u = await store.monthUsage(k.id, month);
        rows.push([k.id, k.name, k.plan, month, u.requests, u.energyKwh, u.carbonGco2e, u.waterLiters]);
      }
      for (const row of rows) console.log(values.csv ? row.map(csvField).join(',') : row.join('\t'));
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}.` : 'No command.');
  }
}

async function main(): Promise<number> {
  let store: Store | undefined;
  try {
    const config = loadConfig();
    store = await openStore(config, config);
    await run(store, process.argv.slice(2));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof UnknownPlanError) console.error(error.message);
    else if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      console.error(`${error.message}\n${USAGE}`);
    } else console.error(error);
    return 2;
  } finally {
    await store?.close();
  }
}

main().then((code) => process.exit(code));
