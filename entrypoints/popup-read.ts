// popup.html loads this before the popup's modules: it starts the popup's storage read (src/popup/early-read.ts).
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { startEarlyRead } from '../src/popup/early-read';

export default defineUnlistedScript(() => startEarlyRead());
