/**
 * What a chat page's content script does: track the page with its site's adapter, and answer the
 * popup's page report request. Each site has its own content script (entrypoints/<site>.content.ts)
 * so a page loads only its own adapter: the 40 KB budget holds per site, not for every site at once.
 */
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { attachedFiles } from '../attachments/on-page';
import { PageLabels } from '../label/page-labels';
import { isLabelHost } from '../label/render';
import { watchLabelSetting } from '../label/setting';
import type { SiteAdapter } from '../sites/adapter';
import { buildPageReport } from '../sites/page-report';
import { answerPageReports, sendToWorker } from './send';
import { createPageTracker } from './tracker';

export function runOnChatPage(adapter: SiteAdapter, ctx: ContentScriptContext): void {
  const labels = new PageLabels(document);
  watchLabelSetting(adapter.site, (on) => labels.setEnabled(on));
  // Files attached by picker, drop or paste, read when attached and sent with the next prompt's turn.
  const files = attachedFiles(document);
  const tracker = createPageTracker({ adapter, doc: document, url: () => location.href, send: sendToWorker, ownNode: isLabelHost, files });
  // The labels get turns and the worker's replies on the tracker's one event channel (src/tracking/page-events.ts).
  tracker.subscribe(labels.onEvent);
  tracker.start();
  answerPageReports((version) => buildPageReport(document, adapter, version, location.href));
  // WXT fires this from the Navigation API's navigate event, before `location` changes: the
  // destination is the URL the page is going to.
  ctx.addEventListener(window, 'wxt:locationchange', (event) => tracker.navigated(event.newUrl.href));
  ctx.onInvalidated(() => {
    tracker.stop();
    files.stop();
  });
}
