/** docs/export-format.md against the export's code: every CSV column, every site id, the JSON version. */
import { describe, expect, it } from 'vitest';
import { SITE_IDS } from '../../../src/domain/site-ids';
import { EXPORT_VERSION, toCsv } from '../../../src/ledger/write-ledger-file';
import { codeBlocks, readRepoFile, section, tables } from '../support/markdown';

const doc = readRepoFile('docs/export-format.md');
const csv = tables(section(doc, 'CSV'))[0];

describe('docs/export-format.md', () => {
  it('has one row per CSV column, in the order of the file', () => {
    // The header line of an export with no turns.
    expect(csv.rows.map((r) => r[0])).toEqual(toCsv([]).split('\r\n')[0]!.split(','));
  });

  it('names every site id the `site` column can hold', () => {
    const meaning = csv.rows.find((r) => r[0] === 'site')![1];
    expect(meaning.match(/\b[a-z]+\b/g)!.filter((w) => w !== 'or')).toEqual([...SITE_IDS]);
  });

  it('shows the JSON file at the version the export writes', () => {
    const [json] = codeBlocks(section(doc, 'JSON'), 'json');
    expect(JSON.parse(json).version).toBe(EXPORT_VERSION);
  });
});
