/** The records of what an answer generated (its images, its videos), built from the answer's counted turn. */
import type { CountedTurn } from './turns';

/**
 * A record of its own next to the answer's turn (src/domain/image-records.ts names its id): the
 * answer's time, site, conversation, tokenizer and revision, and as its only count what was made.
 */
export function generatedRecord(turn: CountedTurn, made: { turnId: string; modelKey: string; answerTokens: number; customWhPer1k?: number }): CountedTurn {
  return {
    turnId: made.turnId,
    time: turn.time,
    site: turn.site,
    conversationId: turn.conversationId,
    modelKey: made.modelKey,
    ...(made.customWhPer1k === undefined ? {} : { customWhPer1k: made.customWhPer1k }),
    promptTokens: 0,
    historyTokens: 0,
    answerTokens: made.answerTokens,
    tokenizer: turn.tokenizer,
    ...(turn.revision === undefined ? {} : { revision: turn.revision }),
  };
}
