/**
 * The site list (src/sites/list.ts) is the one place a site is listed: the ids, the registry, the
 * content scripts and the tests' adapters follow it. WXT needs one file per content script, so
 * those are written from it (`npm run sites`); this fails when they disagree.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentScriptFile, contentScriptSource, contentScriptsIn } from '../../../scripts/build/content-scripts';
import { SITE_IDS } from '../../../src/domain/site-ids';
import { SITES } from '../../../src/sites';
import { SITE_LIST } from '../../../src/sites/list';
import { ADAPTERS } from '../../support/adapters';

const ENTRYPOINTS = resolve('entrypoints');

describe('the site list', () => {
  it('gives the ids, the registry and the tests’ adapters, in its order', () => {
    expect(SITE_IDS).toEqual(SITE_LIST.map((s) => s.site));
    expect(Object.keys(SITES)).toEqual(SITE_IDS);
    expect(Object.keys(ADAPTERS)).toEqual(SITE_IDS);
    for (const site of SITE_IDS) expect(ADAPTERS[site]).toMatchObject({ site, hosts: SITES[site].hosts, selectors: SITES[site].selectors });
  });

  it('has a content script for every listed site and for no other (npm run sites writes them)', () => {
    expect(contentScriptsIn(ENTRYPOINTS).sort()).toEqual([...SITE_IDS].sort());
  });

  it.each([...SITE_IDS])('%s: its content script is the template’s, running its own reader', (site) => {
    expect(readFileSync(resolve(ENTRYPOINTS, contentScriptFile(site)), 'utf8')).toBe(contentScriptSource(site));
  });
});
