/**
 * Work an answer's page shows was done out of sight (searches, research runs, voice audio, generated
 * videos), estimated by the rules of src/features/work/rules.ts and kept apart from what was counted
 * exactly: `extras.search`, `extras.research`, `extras.voice` and `extras.video` of the counted turn.
 * What the page showed but cannot be counted (unreadable, no rule for the site, beyond the rule's
 * range) is returned as uncounted work for the site's health, never as a zero.
 *
 * Search content some providers keep in the conversation (data/hidden-work.json, `stays_in_context`)
 * is carried: every later turn of the chat reads it again (`extras.search.historyTokens`).
 */
import { estimateResearch } from '../research/rules';
import { estimateSearch, searchSite } from '../search/rules';
import { estimateSiteVideo, videoCalculationRequest, videoSite, type VideoEstimate } from '../video/rules';
import { estimateVoice } from '../voice/rules';
import { type HiddenWorkError } from './rules';
import type { Result } from '../../core/errors';
import { MAX_TOTAL_TOKENS } from '../../core/schemas';
import type { ConversationState } from '../../domain/conversation';
import type { CountedTurn, HiddenWorkKindShown, HiddenWorkShown, TurnCompleted, TurnExtras, UncountedWorkCode } from '../../domain/turns';
import type { SiteId } from '../../domain/site-ids';
import { replaceExtras } from '../extras';
import { HIDDEN_WORK_KINDS } from './kinds';

export interface UncountedWork {
  kind: HiddenWorkKindShown;
  code: UncountedWorkCode;
}

/** The parts of TurnExtras this module fills. */
export type HiddenExtras = Pick<TurnExtras, 'search' | 'research' | 'voice' | 'video'>;

export interface HiddenWorkCount {
  extras: HiddenExtras;
  uncounted: UncountedWork[];
}

const codeOf = (error: HiddenWorkError): UncountedWorkCode =>
  error.code === 'NO_RULE' || error.code === 'UNKNOWN_VIDEO_MODEL' ? 'no-rule' : error.code === 'RATE_TOO_HIGH' ? 'out-of-range' : 'unreadable';

/**
 * The estimates of one answer's out-of-sight work. `searchHistory`: retrieved content of earlier turns
 * the chat reads again (the conversation's `carried.searchTokens` before this turn).
 */
export function countHiddenWork(site: SiteId, shown: HiddenWorkShown | undefined, searchHistory: number): HiddenWorkCount {
  const extras: HiddenExtras = {};
  const uncounted: UncountedWork[] = (shown?.unreadable ?? []).map((kind) => ({ kind, code: 'unreadable' }));
  const miss = (kind: HiddenWorkKindShown, error: HiddenWorkError): void => void uncounted.push({ kind, code: codeOf(error) });

  const searchRow = searchSite(site);
  if (shown?.search) {
    const estimate = withinRequest(estimateSearch(site, shown.search.searches));
    if (estimate.ok)
      extras.search = { searches: estimate.value.searches, tokens: estimate.value.input_tokens, historyTokens: searchHistory, rule: estimate.value.rule };
    else miss('search', estimate.error);
  }
  // A turn without a search of its own still reads again what earlier searches left in the context.
  if (!extras.search && searchHistory > 0 && searchRow) extras.search = { searches: 0, tokens: 0, historyTokens: searchHistory, rule: searchRow.rule };

  if (shown?.research) {
    const estimate = withinRequest(estimateResearch(shown.research.runs));
    if (estimate.ok)
      extras.research = { runs: estimate.value.runs, tokens: estimate.value.low_tokens, highTokens: estimate.value.high_tokens, rule: estimate.value.rule };
    else miss('research', estimate.error);
  }

  if (shown?.voice) {
    const estimate = withinRequest(
      estimateVoice(
        site,
        shown.voice.exchanges.map((e) => ({ user_seconds: e.userSeconds, assistant_seconds: e.assistantSeconds })),
      ),
    );
    // No published audio rule: the transcript is counted as text, and health says so.
    if (estimate.ok) extras.voice = { inputTokens: estimate.value.input_tokens, outputTokens: estimate.value.output_tokens, rule: estimate.value.rule };
    else miss('voice', estimate.error);
  }

  if (shown?.videos) {
    const video = videosOf(site, shown.videos);
    if (video.ok) extras.video = video.value;
    else miss('video', video.error);
  }
  return { extras, uncounted };
}

/**
 * An estimate that leaves room in one request for the turn's text (the core takes at most
 * MAX_TOTAL_TOKENS): one beyond a quarter of it is out of the rule's range and not counted.
 */
function withinRequest<T extends { input_tokens: number }>(estimate: Result<T, HiddenWorkError>): Result<T, HiddenWorkError> {
  if (!estimate.ok || estimate.value.input_tokens <= MAX_TOTAL_TOKENS / 4) return estimate;
  return { ok: false, error: { code: 'RATE_TOO_HIGH', message: `${estimate.value.input_tokens} estimated tokens leave no room in one request.` } };
}

type VideoShown = NonNullable<HiddenWorkShown['videos']>[number];

/** The answer's videos by the site's model: a size only where the page shows both sides, else the site's. */
function videosOf(site: SiteId, videos: readonly VideoShown[]): { ok: true; value: NonNullable<TurnExtras['video']> } | { ok: false; error: HiddenWorkError } {
  const row = videoSite(site);
  if (!row) return { ok: false, error: { code: 'NO_RULE', message: `No video model for the site ${site}.` } };
  const estimates: VideoEstimate[] = [];
  for (const v of videos) {
    const estimate = estimateSiteVideo(site, v);
    if (!estimate.ok) return estimate;
    estimates.push(estimate.value);
  }
  const seconds = estimates.reduce((sum, e) => sum + e.seconds, 0);
  const wh = estimates.reduce((sum, e) => sum + e.wh.central, 0);
  const whLow = estimates.reduce((sum, e) => sum + e.wh.low, 0);
  const whHigh = estimates.reduce((sum, e) => sum + e.wh.high, 0);
  // Remote mode sends the videos as one custom request: refused here, the answer is counted without them.
  const request = videoCalculationRequest({ seconds, wh: { central: wh } });
  if (!request.ok) return request;
  return { ok: true, value: { videos: estimates.length, seconds, wh, whLow, whHigh, rule: estimates[0].rule } };
}

/** Of a turn's search content, what every later turn of its chat reads again (by the site's row of data/hidden-work.json). */
function searchTokensCarried(turn: Pick<CountedTurn, 'site' | 'extras'>): number {
  const tokens = turn.extras?.search?.tokens ?? 0;
  return tokens > 0 && searchSite(turn.site)?.stays_in_context ? tokens : 0;
}

/** The conversation's carried search content, changed by `delta` tokens (the other carried parts as they are). */
function carrySearch(state: ConversationState, delta: number): void {
  if (delta === 0) return;
  const carried = state.carried ?? { attachmentTokens: 0, estimatedAttachmentTokens: 0, searchTokens: 0 };
  state.carried = { ...carried, searchTokens: Math.max(0, carried.searchTokens + delta) };
}

/** The turn with `extras` replaced by the hidden-work parts of `hidden` (other parts, attachments, kept). */
export function withHiddenExtras(turn: CountedTurn, hidden: HiddenExtras): CountedTurn {
  return replaceExtras(turn, HIDDEN_WORK_KINDS, hidden);
}

/**
 * The out-of-sight work of a turn being counted, and the conversation's carried search content moved
 * to match (in place). `done`: the turn's earlier count when this is a revision (it keeps the history
 * it read; its own carried content is replaced by the revision's). A regenerated answer no longer
 * leaves the searches of the answer it replaces in the context.
 */
export function hiddenWorkOfTurn(state: ConversationState, turn: TurnCompleted, done: CountedTurn | undefined): HiddenWorkCount {
  let before: number;
  if (done) before = done.extras?.search?.historyTokens ?? 0;
  else {
    const earlier = state.prompts?.[turn.promptId ?? `${turn.turnId}:prompt`];
    const replaced = earlier && earlier.answerId !== turn.turnId ? state.turns[earlier.answerId] : undefined;
    if (replaced) carrySearch(state, -searchTokensCarried(replaced));
    before = state.carried?.searchTokens ?? 0;
  }
  const count = countHiddenWork(turn.site, turn.hiddenWork, before);
  carrySearch(state, searchTokensCarried({ site: turn.site, extras: count.extras }) - (done ? searchTokensCarried(done) : 0));
  return count;
}
