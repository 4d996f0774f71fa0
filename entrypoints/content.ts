import { defineContentScript } from 'wxt/utils/define-content-script';
import { CHAT_HOST_MATCHES } from '../src/sites/hosts';

export default defineContentScript({
  matches: CHAT_HOST_MATCHES,
  runAt: 'document_idle',
  main() {
    // Wiring lands with the site-tracking issue.
  },
});
