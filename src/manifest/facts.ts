/**
 * Manifest facts that the build (wxt.config.ts), the manifest tests and the store
 * listing check all read from here, so each is written once.
 */

/** public/icon/<size>.png, made from assets/icon.svg by `npm run icons`. */
export const ICON_SIZES = [16, 32, 48, 96, 128] as const;
export const MANIFEST_ICONS: Record<string, string> = Object.fromEntries(ICON_SIZES.map((s) => [String(s), `icon/${s}.png`]));

/**
 * Chrome 120: the retry and midnight alarms are scheduled 30 s ahead at the least
 * (src/worker/alarms.ts); before 120 Chrome raised every alarm under 1 minute to 1 minute.
 */
export const MINIMUM_CHROME_VERSION = '120';

/** Firefox 142: the first desktop and Android versions with built-in data-collection consent. */
export const FIREFOX_MIN_VERSION = '142.0';

/**
 * What the extension transmits, in Firefox's categories. Local mode sends nothing.
 * Remote mode (off by default) sends counts of a chat turn (model, token counts,
 * region) to the service the user configures: activity on a chat site, no content.
 */
export const FIREFOX_DATA_COLLECTION = { required: ['none'], optional: ['websiteActivity'] };

/** API permissions asked for only when the person turns a feature on: the weekly budget's notification. */
export const OPTIONAL_API_PERMISSIONS = ['notifications'] as const;

/** Origins remote mode may ask for: any HTTPS service, or plain HTTP on this machine. */
export const REMOTE_ORIGIN_PATTERNS = ['https://*/*', 'http://localhost/*', 'http://127.0.0.1/*'];

/**
 * The extension pages' policy: the browsers' default plus 'wasm-unsafe-eval', so that the worker can
 * compile kitoken's WebAssembly (tokenizers/kitoken.wasm, a file of the package). Nothing evaluates strings.
 */
export const EXTENSION_PAGES_CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'";
