/**
 * The extension's data shapes, shared by the worker, the content script and
 * the popup: turns, ledger records, settings, remote mode and the popup's
 * view. Zod schemas where a shape crosses a message boundary; plain types
 * where it only lives in storage. Import type-only from storage and popup
 * code: the schemas load zod.
 */
export * from './conversation';
export * from './health-reasons';
export * from './ledger';
export * from './popup';
export * from './remote';
export * from './settings';
export * from './turns';
