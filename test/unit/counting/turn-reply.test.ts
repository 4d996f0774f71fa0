/**
 * The worker's reply to turn/completed carries what the page label shows: the recorded footprint of
 * the turn (with its generated images), the same for a resend, and a revised turn's final figures.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countingHandlers } from '../../../src/counting/handlers';
import type { TurnCompleted, TurnRecorded } from '../../../src/domain/turns';
import { protocol } from '../../../src/messaging/protocol';
import { newLedger } from '../support/ledger';
import { newCounting } from '../../support/counting';
import { countedLabelTexts } from '../../../src/label/texts';
import { completedTurn } from '../support/completed-turn';

const turn = completedTurn;

function handlersOverLedger() {
  const ledger = newLedger();
  const handlers = countingHandlers({
    counting: newCounting(),
    record: async (t) => {
      const o = await ledger.record(t);
      return o.entry ? { entry: o.entry, images: o.images } : null;
    },
  });
  const send = async (t: TurnCompleted) => protocol['turn/completed'].response.parse(await handlers['turn/completed']!(t, {} as never)) as TurnRecorded;
  return { ledger, send };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('the reply to turn/completed', () => {
  it('carries the recorded footprint and token counts, the same as the ledger entry', async () => {
    const { ledger, send } = handlersOverLedger();
    const reply = await send(turn());
    const entry = (await ledger.popupState()).lastTurn!;
    const figures = {
      energyKwh: entry.energyKwh,
      carbonG: entry.carbonG,
      waterL: entry.waterL,
      inputTokens: entry.inputTokens,
      outputTokens: entry.outputTokens,
    };
    // With the label's texts formatted here, in the worker, in the UI language: the page formats nothing.
    expect(reply.footprint).toEqual({ ...figures, texts: countedLabelTexts(figures, 'en') });
    expect(reply.footprint!.texts.summary).toMatch(/^≈\s.+ · ≈\s.+ · ≈\s.+$/);
    expect(reply.footprint!.energyKwh).toBeGreaterThan(0);
  });

  it('adds the generated images’ record and says how many', async () => {
    const { ledger, send } = handlersOverLedger();
    const reply = await send(turn({ images: ['img-1', 'img-2'] }));
    const state = await ledger.popupState();
    expect(reply.footprint!.images).toBe(2);
    expect(reply.footprint!.energyKwh).toBeCloseTo(state.lastTurn!.energyKwh + state.lastImages!.energyKwh, 12);
  });

  it('answers a resend with the footprint already recorded, and a revision with the final one', async () => {
    const { send } = handlersOverLedger();
    const first = await send(turn());
    expect((await send(turn())).footprint).toEqual(first.footprint);
    const revised = await send(turn({ answerText: `${turn().answerText} Evaporative cooling uses the most, by far, in hot summers.`, revision: 1 }));
    expect(revised.footprint!.outputTokens).toBeGreaterThan(first.footprint!.outputTokens);
  });

  it('is null with a reason when nothing was recorded', async () => {
    const handlers = countingHandlers({ counting: newCounting(), record: async () => null });
    const reply = protocol['turn/completed'].response.parse(await handlers['turn/completed']!(turn(), {} as never));
    expect(reply).toEqual({ ok: true, turnId: 'a1', footprint: null, notRecorded: 'duplicate-unknown' });
  });
});
