/** Voice: the audio tokens of a spoken exchange, by the site's published audio rule (data/hidden-work.json, `voice`). */
import hiddenData from '../../../data/hidden-work.json';
import type { Result } from '../../core/errors';
import { estimateBy, isDuration, refuse, type HiddenWorkError } from '../work/rules';

export interface VoiceRuleRow {
  id: string;
  provider: string;
  user_tokens_per_second: number;
  assistant_tokens_per_second: number;
  /** Whether each response reads the whole spoken conversation again as input. */
  resends_conversation: boolean;
  source: string;
  derivation: string;
}

const VOICE_RULES: readonly VoiceRuleRow[] = hiddenData.voice.rules;
const VOICE_SITES: readonly { site: string; rule: string }[] = hiddenData.voice.sites;
const voiceRuleIndex = new Map(VOICE_RULES.map((r) => [r.id, r]));
const voiceSiteIndex = new Map(VOICE_SITES.map((r) => [r.site, r.rule]));

export interface VoiceExchange {
  /** Seconds the user spoke. */
  user_seconds: number;
  /** Seconds the assistant spoke. */
  assistant_seconds: number;
}

export interface VoiceResponseTokens {
  /** Audio of everything said before, read again (0 where the rule re-sends nothing). */
  history_tokens: number;
  /** The user's new audio. */
  user_tokens: number;
  /** history_tokens + user_tokens. */
  input_tokens: number;
  /** The assistant's audio. */
  output_tokens: number;
}

export interface VoiceEstimate {
  kind: 'voice';
  estimated: true;
  rule: string;
  source: string;
  site: string;
  responses: VoiceResponseTokens[];
  input_tokens: number;
  output_tokens: number;
}

/** The audio rule of a site, or undefined where none is published (the transcript is counted instead). */
function voiceRule(site: string): VoiceRuleRow | undefined {
  const id = voiceSiteIndex.get(site);
  return id === undefined ? undefined : voiceRuleIndex.get(id);
}

/**
 * Audio tokens of a spoken conversation, one exchange per response, in order. Each message's tokens
 * are its duration times the rule's rate, rounded to a whole token; where the rule re-sends the
 * conversation, each response also reads all earlier audio as input.
 */
export function estimateVoice(site: string, exchanges: readonly VoiceExchange[]): Result<VoiceEstimate, HiddenWorkError> {
  const rule = voiceRule(site);
  if (!rule) return refuse('NO_RULE', `No published audio token rule for ${site}: count the transcript.`);
  if (exchanges.length === 0) return refuse('INVALID_QUANTITY', 'A voice estimate needs at least one exchange.');
  const bad = exchanges.find((e) => !(Number.isFinite(e.user_seconds) && e.user_seconds >= 0 && isDuration(e.assistant_seconds)));
  if (bad) {
    return refuse('INVALID_QUANTITY', `Durations must be finite seconds, the assistant's above 0 (got ${bad.user_seconds} and ${bad.assistant_seconds}).`);
  }
  let said = 0;
  const responses = exchanges.map((e) => {
    const user = Math.round(e.user_seconds * rule.user_tokens_per_second);
    const assistant = Math.round(e.assistant_seconds * rule.assistant_tokens_per_second);
    const history = rule.resends_conversation ? said : 0;
    said += user + assistant;
    return { history_tokens: history, user_tokens: user, input_tokens: history + user, output_tokens: assistant };
  });
  return estimateBy('voice', rule, {
    site,
    responses,
    input_tokens: responses.reduce((sum, r) => sum + r.input_tokens, 0),
    output_tokens: responses.reduce((sum, r) => sum + r.output_tokens, 0),
  });
}
