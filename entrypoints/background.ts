import { defineBackground } from 'wxt/utils/define-background';
import { registerHandlers } from '../src/messaging/messaging';
import { createTrackingHandlers } from '../src/counting/handlers';
import { createLedgerHandlers, recordTurn, startLedger } from '../src/ledger';

export default defineBackground(() => {
  // Listeners are registered synchronously; handlers wait for start-up (migrations) through `ready`.
  const ready = startLedger();
  registerHandlers({ ...createTrackingHandlers({ record: recordTurn }), ...createLedgerHandlers() }, ready);
});
