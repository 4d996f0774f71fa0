/**
 * The small browser interface the shared end-to-end scenarios (test/e2e/scenarios/) run on.
 * Two implementations: Chromium through playwright-core (chromium-driver.ts) and Firefox
 * through puppeteer-core over WebDriver BiDi (firefox-driver.ts). A scenario never touches a
 * browser library directly, so each flow is written once and runs in both browsers.
 */

export type BrowserName = 'chromium' | 'firefox';

export interface DriverPage {
  /** Navigates and waits for the load event (extension pages too). */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `fn(arg)` in the page (an extension page: with the extension API). */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  waitForSelector(selector: string, timeoutMs?: number): Promise<void>;
  /** Polls `fn` in the page until it returns a truthy value. */
  waitForFunction(fn: () => unknown, timeoutMs?: number): Promise<void>;
  /** Types into a text field (replacing what is there), as a user does. */
  fill(selector: string, text: string): Promise<void>;
  /** Puts a file from this machine into an `<input type="file">`, as a person choosing it does (a change event follows). */
  setInputFile(selector: string, path: string): Promise<void>;
  /** A real mouse click: it counts as a user gesture (permissions.request needs one). */
  click(selector: string): Promise<void>;
  /** Evaluates a script's source in the page as a <script> would (a library such as axe-core; a function passed to evaluate() cannot carry one). */
  runScript(source: string): Promise<void>;
  /** Presses a key (Playwright's names: 'Tab', 'Shift+Tab', 'Enter', 'Space', 'Escape', 'ArrowDown') where the focus is, as a person does. */
  press(key: string): Promise<void>;
  /** The element's text, whitespace collapsed; '' when absent. */
  text(selector: string): Promise<string>;
  setViewport(width: number, height: number): Promise<void>;
  /** Saves screenshot `name` (a file name such as `popup-light.png`) where support/screenshots.ts says. */
  screenshot(name: string, opts?: { fullPage?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export interface DriverBrowser {
  readonly name: BrowserName;
  /** chrome-extension://<id> or moz-extension://<uuid>, no trailing slash. */
  readonly extensionOrigin: string;
  /** Answers every navigation under `origin` with `html` (and every other request there with 404). No network. */
  serveChatPage(origin: string, html: string): Promise<void>;
  /** A new tab showing `url` (a chat page or an extension page such as `${extensionOrigin}/popup.html`). */
  open(url: string): Promise<DriverPage>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * Origins the browser grants the extension without asking, for a browser whose optional-permission
   * prompt cannot be answered by automation (Chromium). Firefox grants them through the real
   * permissions.request flow instead and ignores this.
   */
  preGrantedOrigins?: string[];
}

export type LaunchBrowser = (opts?: LaunchOptions) => Promise<DriverBrowser>;
