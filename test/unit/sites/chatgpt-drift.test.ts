/**
 * Drift tests for ChatGPT's three markups (a, b, c; fixtures from live captures where there are
 * some), run by the shared harness (drift-harness.ts: each hook removed and renamed, hashed classes
 * rotated, labels translated; the same reading or "not recognized", never a different count that
 * looks fine), finished and paused mid-answer. The variants and their mid-answer states are in
 * chatgpt-variants.ts.
 */
import { describe, expect, it } from 'vitest';
import { CHATGPT_DRIFT_VARIANTS } from '../support/chatgpt-variants';
import { describeDrift, selectorsMatched } from '../support/drift-harness';

describeDrift(CHATGPT_DRIFT_VARIANTS);

describe('ChatGPT drift coverage', () => {
  it('every hook the adapter names matches on one of the variants, finished or mid-answer', { timeout: 60_000 }, () => {
    expect(selectorsMatched('chatgpt', CHATGPT_DRIFT_VARIANTS)).toEqual([]);
  });
});
