/**
 * Writes each site's content script (entrypoints/<site>.content.ts) from the site list:
 *   npm run sites
 */
import { resolve } from 'node:path';
import { writeContentScripts } from './build/content-scripts';

writeContentScripts(resolve('entrypoints'));
