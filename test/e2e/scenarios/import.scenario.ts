/**
 * Import through the popup's real file field, in each browser, against the real worker: a JSON
 * export goes back in after "delete all" and the export that follows has the same turns and daily
 * totals; the same file again adds nothing; every kind of bad file is refused in words and
 * changes nothing in storage.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../../src/domain/import-limits';
import { EXPORT_VERSION } from '../../../src/ledger/write-ledger-file';
import { localDay } from '../../../src/storage/days';
import type { DriverPage } from '../support/driver';
import { waitFor } from '../support/wait';
import type { ScenarioContext } from '../support/scenario-context';
import { send, storedValues } from '../support/extension-api';

const DAY = 86_400_000;

/**
 * What the extension keeps, less the daily pruning's own mark: its alarm first fires a minute after
 * the worker starts and may write that mark while a test runs, which is not the import's doing.
 */
async function keptData(page: DriverPage): Promise<Record<string, unknown>> {
  const { conversationsPrunedAt: _pruned, ...kept } = await storedValues(page);
  return kept;
}

interface LedgerJson {
  format: string;
  version: number;
  exportedAt: string;
  turns: Array<Record<string, unknown>>;
  dailyTotals: Array<Record<string, unknown>>;
}

export function importScenario(ctx: ScenarioContext): void {
  describe('import through the popup’s file field', () => {
    let popup: DriverPage;
    let dir: string;
    let file: LedgerJson;
    let filePath: string;
    const finishedAt = [3, 1, 0].map((daysAgo) => Date.now() - daysAgo * DAY);

    const exportJson = async (): Promise<LedgerJson> => {
      const r = await send<{ content: string }>(popup, 'ledger/export', { format: 'json' });
      if (!r.ok) throw new Error(`ledger/export: ${r.error.code}`);
      return JSON.parse(r.value.content) as LedgerJson;
    };

    async function openDataPanel(): Promise<void> {
      await popup.goto(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.waitForSelector('#data-panel');
      const open = await popup.evaluate(() => (document.getElementById('data-panel') as HTMLDetailsElement).open, null);
      if (!open) await popup.click('#data-panel > summary');
      await popup.waitForSelector('#import-file');
    }

    /** Chooses `path` in the file field; the status or the question that follows. */
    async function choose(path: string): Promise<string> {
      await popup.setInputFile('#import-file', path);
      return waitFor('the import’s answer', async () => {
        const asked = await popup.text('[data-testid="import-preview"]');
        if (asked) return asked;
        const status = await popup.text('[data-testid="import-status"]');
        return status && !status.startsWith('Reading') && status;
      });
    }

    const write = (name: string, content: string) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    };

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'footprint-import-'));
      popup = await ctx.browser().open(`${ctx.browser().extensionOrigin}/popup.html`);
      await popup.setViewport(380, 700);
      expect(await send(popup, 'ledger/clear', { confirm: true })).toEqual({ ok: true, value: { ok: true } });
      for (const [i, at] of finishedAt.entries()) {
        const r = await send(popup, 'turn/completed', {
          site: i === 1 ? 'claude' : 'chatgpt',
          conversationId: `e2e-import-${i}`,
          turnId: `e2e-import-${i}`,
          modelLabel: null,
          finishedAt: at,
          promptText: `Question ${i}: how much energy does a data centre use to answer one chat prompt?`,
          answerText: `Answer ${i}: roughly a fraction of a watt-hour, depending on the model and the length of the answer.`,
        });
        expect(r).toMatchObject({ ok: true });
      }
      file = await exportJson();
      expect(file.turns).toHaveLength(3);
      filePath = write('ledger.json', JSON.stringify(file));
    });
    afterAll(async () => {
      await popup?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('round trip: export, delete all, import through the file field, export gives the same turns and daily totals', async () => {
      expect(await send(popup, 'ledger/clear', { confirm: true })).toMatchObject({ ok: true });
      expect((await exportJson()).turns).toEqual([]);
      await openDataPanel();
      const asked = await choose(filePath);
      const [first, , last] = finishedAt.map(localDay);
      expect(asked).toContain(`3 turns from ${first} to ${last}, 0 already here.`);
      expect(asked).toContain('Add this to this browser’s history?');
      // Nothing is written before the yes.
      expect((await exportJson()).turns).toEqual([]);
      await popup.click('[data-testid="import-confirm"]');
      const done = await waitFor('the import', async () => {
        const s = await popup.text('[data-testid="import-status"]');
        return s.startsWith('Imported.') && s;
      });
      expect(done).toBe(`Imported. 3 turns from ${first} to ${last}, 0 already here.`);
      const again = await exportJson();
      expect(again.turns).toEqual(file.turns);
      expect(again.dailyTotals).toEqual(file.dailyTotals);
      // The popup's numbers follow.
      expect(await popup.text('[data-testid="total-turns"]')).not.toMatch(/^No answers recorded/);
    });

    it('the same file again adds nothing and changes nothing', async () => {
      const before = await keptData(popup);
      await openDataPanel();
      expect(await choose(filePath)).toBe('No new turns: every turn of this file is already here (3).');
      expect(await popup.text('[data-testid="import-preview"]')).toBe('');
      expect(await keptData(popup)).toEqual(before);
    });

    const withTurn = (patch: Record<string, unknown>) => {
      const f = structuredClone(file);
      Object.assign(f.turns[1]!, patch);
      return JSON.stringify(f);
    };
    const BAD: Array<[string, () => string, string]> = [
      ['not JSON', () => '{"format": "ai-chat-footprint-ledger", "version": 3, "turns": [', 'the file is not JSON.'],
      ['JSON of another format', () => JSON.stringify({ hello: 'world' }), 'the file is JSON, but not a history exported by this extension.'],
      [
        'a newer version',
        () => JSON.stringify({ ...file, version: 99 }),
        `the file comes from a newer version of the extension (this one reads format versions 1 to ${EXPORT_VERSION}).`,
      ],
      [
        'wrong types',
        () => withTurn({ promptTokens: 'many' }),
        'a value has the wrong type (text where a number belongs, a missing field, or a fraction of a token). (at turns[1].promptTokens)',
      ],
      ['a negative number', () => withTurn({ energyKwh: -1 }), 'a number is below zero; counts, times and footprints never are. (at turns[1].energyKwh)'],
      ['an unknown site', () => withTurn({ site: 'myspace' }), 'a turn names a chat site this extension does not know. (at turns[1].site)'],
      ['an unknown model key', () => withTurn({ modelKey: 'alpha-99' }), 'a model key is not in this extension’s model table. (at turns[1].modelKey)'],
      [
        'a __proto__ id',
        () => withTurn({ turnId: '__proto__' }),
        'an id is a name the extension refuses for safety (such as __proto__ or constructor). (at turns[1].turnId)',
      ],
      ['too large', () => ' '.repeat(IMPORT_LIMITS.fileBytes + 1), 'the file is larger than 40 MiB.'],
    ];

    it('refuses every kind of bad file in words, and changes nothing', async () => {
      for (const [name, content, why] of BAD) {
        await openDataPanel();
        const before = await keptData(popup);
        const said = await choose(write(`${name.replace(/\W+/g, '-')}.json`, content()));
        expect(said, name).toContain('Not imported, nothing was changed: ');
        expect(said, name).toContain(why);
        expect(await popup.text('[data-testid="import-preview"]'), name).toBe('');
        expect(await keptData(popup), name).toEqual(before);
      }
    });
  });
}
