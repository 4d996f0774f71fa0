/** Failures the outbox resends on its own (the worker was asleep or restarting): not a verdict yet. Read by the labels and by what holds them until they load. */
export const TRANSIENT = new Set(['NO_RECEIVER', 'SEND_FAILED']);
