/**
 * What attached files add to a turn's recorded input, under the user's settings: the files sent with
 * the prompt, and the earlier files of the chat it re-reads when history is counted. With the
 * attachments switch off the turn is recorded as it was before files were counted.
 */
import type { Settings } from '../../domain/settings';
import type { CountedTurn } from '../../domain/turns';
import { replaceExtras } from '../extras';
import { counted, estimated, present, type TurnParts } from '../part';

/**
 * The turn's files as parts of its record (its extras already under the settings): this prompt's
 * files, with the range their rules allow, and with history on the earlier files it re-reads (a
 * single figure: what later turns carry keeps no range). Estimated where any of them is.
 */
export function attachmentParts(turn: CountedTurn, settings: Pick<Settings, 'countHistory'>): TurnParts {
  const files = turn.extras?.attachments;
  if (!files) return {};
  const part = (tokens: number, estimatedTokens: number, low = tokens, high = tokens) =>
    estimatedTokens > 0 ? estimated({ low, central: tokens, high }) : counted(tokens);
  return present({
    files: part(files.tokens, files.estimatedTokens, files.lowTokens, files.highTokens),
    filesHistory: settings.countHistory ? part(files.historyTokens, files.estimatedHistoryTokens) : undefined,
  });
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
