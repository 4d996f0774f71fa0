/**
 * What attached files add to a turn's recorded input, under the user's settings: the files sent with
 * the prompt, and the earlier files of the chat it re-reads when history is counted. With the
 * attachments switch off the turn is recorded as it was before files were counted.
 */
import type { Settings } from '../../domain/settings';
import type { CountedTurn } from '../../domain/turns';
import { replaceExtras } from '../extras';

/** Input tokens of the turn's files and, with history on, of the files it re-reads (0 with the switch off). */
export function attachmentInputTokens(turn: CountedTurn, settings: Settings): number {
  const files = turn.extras?.attachments;
  if (!files || !settings.countExtras.attachments) return 0;
  return files.tokens + (settings.countHistory ? files.historyTokens : 0);
}

/**
 * The turn as its files count under the settings: without them when the attachments switch is off,
 * without the files it re-reads when history is off (the same object when nothing changes). The
 * record then keeps exactly the files that are in its input.
 */
export function attachmentsUnderSettings(turn: CountedTurn, settings: Settings): CountedTurn {
  const files = turn.extras?.attachments;
  if (!files) return turn;
  if (settings.countExtras.attachments) {
    if (settings.countHistory || files.historyTokens + files.estimatedHistoryTokens === 0) return turn;
    return { ...turn, extras: { ...turn.extras, attachments: { ...files, historyTokens: 0, estimatedHistoryTokens: 0 } } };
  }
  return replaceExtras(turn, ['attachments']);
}
