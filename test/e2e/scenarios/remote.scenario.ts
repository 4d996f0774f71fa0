/**
 * Remote mode in each browser, against the project's own service (src/server) on 127.0.0.1,
 * set up from the popup's form: the Save click asks for the service's origin with
 * permissions.request (an optional host permission), the key is tested, and a turn is computed
 * by the service with its plan.
 *
 * Firefox grants the origin through that real request (extensions.webextOptionalPermissionPrompts
 * is off, so no doorhanger; the click is a real input event). Chromium's prompt cannot be answered
 * headless, so its test file launches a build that already grants http://127.0.0.1/* and the
 * same request resolves at once, as after "Allow".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { calculate } from '../../../src/core';
import { startService, type RunningService } from '../../../src/server/start';
import { createApiKey } from '../../../src/server/store/api-keys';
import type { DriverPage } from '../support/driver';
import type { ScenarioContext } from '../support/scenario-context';
import { FIREFOX_DATA_COLLECTION } from '../../../src/manifest/facts';
import { waitFor } from '../support/wait';
import { grantedDataCollection, hasOrigin, popupState, send } from '../support/extension-api';

/** The origin pattern remote mode asks for when the service runs on this machine. */
export const LOOPBACK_SERVICE_ORIGIN = 'http://127.0.0.1/*';

export function remoteScenario(ctx: ScenarioContext): void {
  describe('remote mode from the popup against the service on loopback', () => {
    let service: RunningService;
    let dbDir: string;
    let key: string;
    let popup: DriverPage;

    beforeAll(async () => {
      dbDir = mkdtempSync(join(tmpdir(), 'footprint-shared-remote-'));
      service = await startService({ host: '127.0.0.1', port: 0, dbPath: join(dbDir, 'keys.sqlite') });
      key = (await createApiKey(service.store, 'basic', 'e2e-shared')).key;
      popup = await ctx.browser().open(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.setViewport(380, 600);
    });
    afterAll(async () => {
      await popup?.close();
      await service?.close();
      if (dbDir) rmSync(dbDir, { recursive: true, force: true });
    });

    it('asks for the service origin when Save is clicked, and keeps the key out of the page', async () => {
      const granted = await hasOrigin(popup, LOOPBACK_SERVICE_ORIGIN);
      if (ctx.browser().name === 'firefox') expect(granted).toBe(false); // granted below, by the real request
      await popup.waitForSelector('#remote-panel');
      const open = await popup.evaluate(() => (document.getElementById('remote-panel') as HTMLDetailsElement).open, null);
      if (!open) await popup.click('#remote-panel > summary');
      const enabled = await popup.evaluate(() => (document.querySelector('#remote-panel input[type="checkbox"]') as HTMLInputElement).checked, null);
      if (!enabled) await popup.click('#remote-panel input[type="checkbox"]');
      await popup.fill('#remote-url', service.url);
      await popup.fill('#remote-key', key);
      await popup.click('#remote-panel button[type="submit"]');

      await waitFor('the origin permission', () => hasOrigin(popup, LOOPBACK_SERVICE_ORIGIN));
      if (ctx.browser().name === 'firefox') {
        // The same request asked for the data category the manifest declares for remote mode.
        expect(await grantedDataCollection(popup)).toEqual(FIREFOX_DATA_COLLECTION.optional);
      }
      const remote = await waitFor('remote mode on', async () => {
        const r = (await popupState(popup)).remote;
        return r.enabled && r.hasKey && r;
      });
      expect(remote.baseUrl).toBe(service.url);
      expect(await popup.evaluate(() => document.documentElement.outerHTML, null)).not.toContain(key);
    });

    it('tests the connection: the plan and the monthly quota left', async () => {
      expect(await send(popup, 'remote/test', {})).toMatchObject({ ok: true, value: { ok: true, plan: 'basic', limit: 100 } });
    });

    it('has a turn computed by the service, with the same numbers as the local core', async () => {
      const turn = {
        site: 'chatgpt',
        conversationId: 'e2e-shared-remote',
        turnId: 'e2e-shared-remote-1',
        modelLabel: null,
        finishedAt: Date.now(),
        promptText: 'What is PUE?',
        answerText: 'Power usage effectiveness: total facility energy divided by IT energy.',
      };
      expect(await send(popup, 'turn/completed', turn)).toMatchObject({ ok: true });
      const last = await waitFor('the remote turn', async () => {
        const t = (await popupState(popup)).lastTurn;
        return t?.turnId === turn.turnId && t;
      });
      expect(last).toMatchObject({
        computedBy: 'remote',
        plan: 'basic',
        inputTokens: countTokens(turn.promptText),
        outputTokens: countTokens(turn.answerText),
      });
      const want = calculate({ model: last.modelKey, input_tokens: last.inputTokens, output_tokens: last.outputTokens, region: last.region });
      if (!want.ok) throw new Error(want.error.message);
      expect(last.energyKwh).toBe(want.value.energy_kwh);
      expect((await popupState(popup)).remote).toMatchObject({ state: 'ok', plan: 'basic', queued: 0 });
    });
  });
}
