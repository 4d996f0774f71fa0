import { defineBackground } from 'wxt/utils/define-background';
import { startWorker } from '../src/worker/start';

export default defineBackground({
  // Firefox: an event page, unloaded when idle as Chrome stops its worker, so no vocabulary stays in memory all day.
  persistent: false,
  // Every listener is registered synchronously inside startWorker.
  main: () => startWorker(),
});
