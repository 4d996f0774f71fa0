/**
 * The content scripts, one per site of the site list (src/sites/list.ts). WXT needs one entrypoint
 * file per content script, so each is written from this template by `npm run sites`, and
 * test/unit/sites/site-list.test.ts fails when the files and the list disagree.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SITE_IDS } from '../../src/domain/site-ids';

const SUFFIX = '.content.ts';

/**
 * The most a site's built content script may weigh: it is parsed on every chat page the user opens.
 * What a page needs only now and then loads lazily instead (scripts/build/lazy-modules.ts).
 * The e2e test and the page bench both hold the build to it.
 */
export const CONTENT_SCRIPT_BUDGET_BYTES = 36 * 1024;

/** The content script's file for a site, under entrypoints/. */
export const contentScriptFile = (site: string): string => `${site}${SUFFIX}`;

/** The content script's source: the site's reader, which exports its adapter under the site's id, run on its hosts. */
export const contentScriptSource = (
  site: string,
): string => `// Written by \`npm run sites\` from the site list (src/sites/list.ts): edit the template, scripts/build/content-scripts.ts.
import { defineContentScript } from 'wxt/utils/define-content-script';
import { matchesOf } from '../src/sites/site-data';
import { ${site} } from '../src/sites/${site}/reader';
import { runOnChatPage } from '../src/tracking/content-main';

export default defineContentScript({ matches: matchesOf(${site}), runAt: 'document_idle', main: (ctx) => runOnChatPage(${site}, ctx) });
`;

/** The content scripts found in `dir`, by site id. */
export const contentScriptsIn = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(SUFFIX))
    .map((f) => f.slice(0, -SUFFIX.length));

/** Writes every site's content script into `dir` and removes those of sites no longer listed. */
export function writeContentScripts(dir: string): void {
  for (const stale of contentScriptsIn(dir).filter((site) => !(SITE_IDS as readonly string[]).includes(site))) rmSync(path.join(dir, contentScriptFile(stale)));
  for (const site of SITE_IDS) writeFileSync(path.join(dir, contentScriptFile(site)), contentScriptSource(site));
}
