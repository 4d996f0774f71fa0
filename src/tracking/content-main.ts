/**
 * What a chat page's content script does: track the page with its site's adapter, and answer the
 * popup's page report request. Each site has its own content script (entrypoints/<site>.content.ts)
 * so a page loads only its own adapter: the 36 KB budget holds per site, not for every site at once.
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { attachedFiles } from '../features/attachments/page/on-page';
import { lazyPageLabels, PAGE_LABELS_FILE } from '../label/lazy-labels';
import { isLabelHost } from '../label/render';
import { watchLabelSetting } from '../label/setting';
import type { SiteAdapter } from '../sites/adapter';
import { lazyReadersFile, PAGE_REPORT_FILE, type LazyReaders } from '../sites/lazy-readers';
import { lazyModule } from '../domain/lazy-module';
import { answerPageReports, sendToWorker } from './send';
import { createPageTracker } from './tracker';

declare const chrome: { runtime: { getURL(path: string): string } };

type PageReportModule = typeof import('../sites/page-report');
type LabelsModule = typeof import('../label/page-labels');
type ReadersModule = { readers: LazyReaders };

/**
 * An ES module of the extension, imported by its URL (scripts/build/lazy-modules.ts builds each and
 * lists it in web_accessible_resources).
 */
const importModule = <T>(file: string): Promise<T> => import(/* @vite-ignore */ chrome.runtime.getURL(`/${file}`)) as Promise<T>;

export function runOnChatPage(adapter: SiteAdapter, ctx: ContentScriptContext): void {
  // The labels' code loads when the page is first idle, or sooner when a label or verdict is to be shown (src/label/lazy-labels.ts).
  const labels = lazyPageLabels(
    lazyModule(() => importModule<LabelsModule>(PAGE_LABELS_FILE), 'PageLabels'),
    document,
  );
  watchLabelSetting(adapter.site, (on) => labels.setEnabled(on));
  // Files attached by picker, drop or paste, read when attached and sent with the next prompt's turn.
  const files = attachedFiles(document);
  // The site's rarely needed readers (src/sites/lazy-readers.ts), loaded when the page is first idle, or sooner by a prompt
  // sent; an answer waits for them, and a module that failed leaves its work unreadable (src/features/work/page.ts).
  const lazyReaders = adapter.lazyReaders ? lazyModule(() => importModule<ReadersModule>(lazyReadersFile(adapter.site)), 'readers') : undefined;
  const tracker = createPageTracker({ adapter, doc: document, url: () => location.href, send: sendToWorker, ownNode: isLabelHost, files, lazyReaders });
  // The lazy modules load once the page is first idle, so neither its load nor a streaming answer
  // pays for them; a prompt sent or a label needed before then starts them itself.
  ctx.requestIdleCallback(
    () => {
      labels.preload();
      lazyReaders?.load();
    },
    { timeout: 10_000 },
  );
  // The labels get turns and the worker's replies on the tracker's one event channel (src/tracking/page-events.ts).
  tracker.subscribe(labels.onEvent);
  tracker.start();
  answerPageReports(async (version) => (await importModule<PageReportModule>(PAGE_REPORT_FILE)).buildPageReport(document, adapter, version, location.href));
  // WXT fires this from the Navigation API's navigate event, before `location` changes: the
  // destination is the URL the page is going to.
  ctx.addEventListener(window, 'wxt:locationchange', (event) => tracker.navigated(event.newUrl.href));
  ctx.onInvalidated(() => {
    tracker.stop();
    files.stop();
  });
}
