import { defineBackground } from 'wxt/utils/define-background';

export default defineBackground(() => {
  // Wiring lands with the tracking and ledger issues.
});
