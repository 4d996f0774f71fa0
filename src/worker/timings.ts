/**
 * Timings the page benchmark reads (bench/page.bench.ts, with
 * performance.getEntriesByName in the worker): how long counting a turn took,
 * and handling it up to the acknowledgement. Wrappers, so the counting and
 * ledger code carry no instrumentation; only the latest turn's entries are kept.
 */
import type { Counting } from '../counting/count-turn';
import type { Handlers } from '../messaging/messaging';

const COUNT_TURN_MEASURE = 'footprint:count-turn';
const TURN_HANDLED_MEASURE = 'footprint:turn-handled';

function measure(name: string, start: number): void {
  performance.clearMeasures(name);
  performance.measure(name, { start, end: performance.now() });
}

/** The same countTurn, timed. */
export function timedCount(countTurn: Counting['countTurn']): Counting['countTurn'] {
  return async (turn) => {
    const start = performance.now();
    const result = await countTurn(turn);
    measure(COUNT_TURN_MEASURE, start);
    return result;
  };
}

/** The same handlers, turn/completed timed from its start to its acknowledgement. */
export function timedHandlers(handlers: Handlers): Handlers {
  const handle = handlers['turn/completed'];
  if (!handle) return handlers;
  return {
    ...handlers,
    'turn/completed': async (turn, sender) => {
      const start = performance.now();
      const answer = await handle(turn, sender);
      measure(TURN_HANDLED_MEASURE, start);
      return answer;
    },
  };
}
