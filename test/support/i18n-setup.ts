// UI text in tests: Node has no browser.i18n, so the fake browser's getMessage renders public/_locales
// (English unless a test picks another language with useCatalog). The browser tests' Node side runs
// without WXT's Vitest plugin, so here the fake browser becomes the global `chrome` that `wxt/browser`
// reads, before any test file loads a module that reads it; under the plugin this is the stub it sets itself.
import { beforeEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getMessage, useCatalog } from './messages';

vi.stubGlobal('chrome', fakeBrowser);
fakeBrowser.i18n.getMessage = getMessage;

// At load (describe bodies run before any hook) and again before each test (a test may switch).
useCatalog('en');
beforeEach(() => useCatalog('en'));
