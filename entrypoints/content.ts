import { defineContentScript } from 'wxt/utils/define-content-script';
import { CHAT_HOST_MATCHES } from '../src/sites/hosts';
import { adapterForHost } from '../src/sites';
import { sendToWorker } from '../src/tracking/send';
import { PageTracker } from '../src/tracking/tracker';

export default defineContentScript({
  matches: CHAT_HOST_MATCHES,
  runAt: 'document_idle',
  main(ctx) {
    const adapter = adapterForHost(location.hostname);
    if (!adapter) return;
    const tracker = new PageTracker({ adapter, doc: document, url: () => location.href, send: sendToWorker });
    tracker.start();
    ctx.addEventListener(window, 'wxt:locationchange', () => tracker.navigated());
    ctx.onInvalidated(() => tracker.stop());
  },
});
