/**
 * Work a chat does out of sight, estimated from what its page shows: the pages a web search reads,
 * a research run, the audio of a voice exchange, a generated video. Every figure comes from
 * data/hidden-work.json or data/video-energy.json with its source; each estimate names the rule it
 * used and is marked estimated, so it is kept and shown apart from what was counted exactly.
 * docs/methodology.md ("Work out of sight") explains each rule.
 */
import hiddenData from '../../data/hidden-work.json';
import videoData from '../../data/video-energy.json';
import { ok, type Result } from './errors';
import { MAX_CUSTOM_RATE, MAX_TOTAL_TOKENS } from './schemas';
import type { Range } from './range';

export interface HiddenWorkSource {
  id: string;
  name: string;
  citation: string;
}

export type SearchBasis = 'published' | 'proxy';

export interface SearchRuleRow {
  id: string;
  tokens_per_search: number;
  basis: SearchBasis;
  source: string;
  derivation: string;
}

export interface SearchSiteRow {
  site: string;
  provider: string;
  rule: string;
  billing_source: string;
  /** Whether the retrieved text is read again as input on the conversation's later turns. */
  stays_in_context: boolean;
  context_source: string;
  context_note: string;
}

export interface ResearchRule {
  id: string;
  low_tokens: number;
  high_tokens: number;
  counted: 'low';
  basis: string;
  source: string;
  derivation: string;
  energy_check: { source: string; wh_per_long_prompt_heaviest: number; wh_per_short_query: number; note: string };
}

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

export interface VideoRegression {
  n: number;
  m: number;
  m1: number;
  m2: number;
  n1: number;
  n2: number;
  g: number;
  non_audio_weight: number;
}

export interface VideoModelRow {
  /** EcoLogits' model name, e.g. "google/veo-3.1". */
  key: string;
  provider: string;
  hardware: string;
  regression: VideoRegression;
  fitted: { resolutions: number[][]; frames_count: number[] };
  audio_generation: boolean;
}

export interface VideoSiteRow {
  site: string;
  label: string;
  /** null: the site's model is not in EcoLogits, so the mean of its models stands in. */
  model: string | null;
  basis: 'model' | 'proxy';
  width: number;
  height: number;
  default_seconds: number;
  with_audio: boolean;
  note: string;
}

interface PowerRange {
  p2_5: number;
  mean: number;
  p97_5: number;
}

const SEARCH_RULES: readonly SearchRuleRow[] = hiddenData.search.rules as SearchRuleRow[];
const SEARCH_SITES: readonly SearchSiteRow[] = hiddenData.search.sites;
const RESEARCH_RULE: ResearchRule = hiddenData.research as ResearchRule;
const VOICE_RULES: readonly VoiceRuleRow[] = hiddenData.voice.rules;
const VOICE_SITES: readonly { site: string; rule: string }[] = hiddenData.voice.sites;
const VIDEO_MODELS: readonly VideoModelRow[] = videoData.models;
const VIDEO_SITES: readonly VideoSiteRow[] = videoData.sites as VideoSiteRow[];
export const VIDEO_FRAMES_PER_SECOND: number = videoData.frames_per_second;
const VIDEO_HARDWARE: Readonly<Record<string, { accelerators: number; server_power_w: PowerRange }>> = videoData.hardware;
const VIDEO_PROVIDERS: Readonly<Record<string, { pue: { min: number; max: number } }>> = videoData.providers;

/** Rule ids of the kinds that are not table rows of their own. */
export const VIDEO_RULE = 'video-ecologits';
export const VIDEO_PROXY_RULE = 'video-ecologits-proxy';
export const VIDEO_SOURCE = 'ecologits-video';

export type HiddenWorkKind = 'search' | 'research' | 'voice' | 'video';

export type HiddenWorkErrorCode = 'NO_RULE' | 'INVALID_QUANTITY' | 'UNKNOWN_VIDEO_MODEL' | 'RATE_TOO_HIGH';

/** Why an estimate was not made; the caller reports it (health, "counted from the transcript"), never a zero. */
export interface HiddenWorkError {
  code: HiddenWorkErrorCode;
  message: string;
}

const refuse = (code: HiddenWorkErrorCode, message: string): { ok: false; error: HiddenWorkError } => ({
  ok: false,
  error: { code, message },
});

const searchRuleIndex = new Map(SEARCH_RULES.map((r) => [r.id, r]));
const searchSiteIndex = new Map(SEARCH_SITES.map((r) => [r.site, r]));
const voiceRuleIndex = new Map(VOICE_RULES.map((r) => [r.id, r]));
const voiceSiteIndex = new Map(VOICE_SITES.map((r) => [r.site, r.rule]));
const videoModelIndex = new Map(VIDEO_MODELS.map((m) => [m.key, m]));
const videoSiteIndex = new Map(VIDEO_SITES.map((s) => [s.site, s]));

const isCount = (n: number): boolean => Number.isInteger(n) && n > 0;
const isDuration = (s: number): boolean => Number.isFinite(s) && s > 0;

// ---------------------------------------------------------------------------------------------
// Web search

export interface SearchEstimate {
  kind: 'search';
  estimated: true;
  rule: string;
  source: string;
  basis: SearchBasis;
  site: string;
  searches: number;
  /** Retrieved content read as input by this turn. */
  input_tokens: number;
  /** Of those, the tokens every later turn of the conversation reads again (0 where the provider does not say they stay). */
  history_tokens: number;
  context_source: string;
}

/** The search rule and context rule of a site, or undefined for a site the table does not have. */
export const searchSite = (site: string): SearchSiteRow | undefined => searchSiteIndex.get(site);

/** Retrieved content of `searches` web searches (a whole number the page shows) on `site`. */
export function estimateSearch(site: string, searches: number): Result<SearchEstimate, HiddenWorkError> {
  const row = searchSiteIndex.get(site);
  if (!row) return refuse('NO_RULE', `No search rule for the site ${site}.`);
  if (!isCount(searches)) return refuse('INVALID_QUANTITY', `A number of searches must be a whole number from 1 (got ${searches}).`);
  const rule = searchRuleIndex.get(row.rule);
  if (!rule) throw new Error(`data/hidden-work.json has no search rule ${row.rule}`);
  const input = searches * rule.tokens_per_search;
  return ok({
    kind: 'search',
    estimated: true,
    rule: rule.id,
    source: rule.source,
    basis: rule.basis,
    site,
    searches,
    input_tokens: input,
    history_tokens: row.stays_in_context ? input : 0,
    context_source: row.context_source,
  });
}

// ---------------------------------------------------------------------------------------------
// Research runs

export interface ResearchEstimate {
  kind: 'research';
  estimated: true;
  rule: string;
  source: string;
  runs: number;
  /** The counted figure: the low end of the published range, read as input of the run's turn. */
  input_tokens: number;
  low_tokens: number;
  high_tokens: number;
}

/** `runs` research runs on one turn: the low end is counted, the range goes with it. */
export function estimateResearch(runs: number): Result<ResearchEstimate, HiddenWorkError> {
  if (!isCount(runs)) return refuse('INVALID_QUANTITY', `A number of research runs must be a whole number from 1 (got ${runs}).`);
  const low = runs * RESEARCH_RULE.low_tokens;
  return ok({
    kind: 'research',
    estimated: true,
    rule: RESEARCH_RULE.id,
    source: RESEARCH_RULE.source,
    runs,
    input_tokens: low,
    low_tokens: low,
    high_tokens: runs * RESEARCH_RULE.high_tokens,
  });
}

// ---------------------------------------------------------------------------------------------
// Voice

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
  return ok({
    kind: 'voice',
    estimated: true,
    rule: rule.id,
    source: rule.source,
    site,
    responses,
    input_tokens: responses.reduce((sum, r) => sum + r.input_tokens, 0),
    output_tokens: responses.reduce((sum, r) => sum + r.output_tokens, 0),
  });
}

// ---------------------------------------------------------------------------------------------
// Generated video

export interface VideoRequest {
  /** An EcoLogits model key; null for a model EcoLogits does not have (the mean of its models stands in). */
  model: string | null;
  width: number;
  height: number;
  seconds: number;
  with_audio: boolean;
}

export type WattHourRange = Range;

export interface VideoEstimate {
  kind: 'video';
  estimated: true;
  rule: string;
  source: string;
  /** The model computed, or the models averaged for a proxy. */
  models: string[];
  width: number;
  height: number;
  seconds: number;
  frames: number;
  /** Energy of the video, in Wh, data-center overhead (PUE) included as EcoLogits reports it. */
  wh: WattHourRange;
  /** wh.central / seconds. */
  wh_per_second: number;
  /** False when the size or length lies outside what a model's regression was fitted on (an extrapolation). */
  within_fitted_range: boolean;
}

/** EcoLogits' frame count: 24 frames per second plus the first frame, whole frames. */
const videoFrames = (seconds: number): number => Math.floor(seconds * VIDEO_FRAMES_PER_SECOND + 1);

/** EcoLogits' regression: seconds of generation for a video of the given size and frame count. */
function videoLatencySeconds(model: VideoModelRow, width: number, height: number, frames: number, withAudio: boolean): number {
  const r = model.regression;
  const area = width * height;
  const volume = (area * frames) / 1000;
  const latency = r.n * frames * area ** 2 + r.m * volume + r.m1 * frames + r.m2 * area ** 2 + r.n1 * frames ** 2 + r.n2 * volume ** 2 + r.g;
  return latency * (withAudio ? 1 : r.non_audio_weight);
}

function withinFitted(model: VideoModelRow, width: number, height: number, frames: number): boolean {
  const areas = model.fitted.resolutions.map(([w = 0, h = 0]) => w * h);
  const area = width * height;
  return (
    area >= Math.min(...areas) &&
    area <= Math.max(...areas) &&
    frames >= Math.min(...model.fitted.frames_count) &&
    frames <= Math.max(...model.fitted.frames_count)
  );
}

function modelEnergy(model: VideoModelRow, width: number, height: number, frames: number, withAudio: boolean): WattHourRange {
  const hardware = VIDEO_HARDWARE[model.hardware];
  const provider = VIDEO_PROVIDERS[model.provider];
  if (!hardware || !provider) throw new Error(`data/video-energy.json lacks the hardware or provider of ${model.key}`);
  const hours = videoLatencySeconds(model, width, height, frames, withAudio) / 3600;
  const low = provider.pue.min * hours * hardware.server_power_w.p2_5;
  const high = provider.pue.max * hours * hardware.server_power_w.p97_5;
  return { low, central: (low + high) / 2, high };
}

/** Energy of one generated video by EcoLogits' method. */
export function estimateVideo(request: VideoRequest): Result<VideoEstimate, HiddenWorkError> {
  const { width, height, seconds, with_audio } = request;
  if (!isCount(width) || !isCount(height)) return refuse('INVALID_QUANTITY', `A video size must be whole pixels (got ${width} x ${height}).`);
  if (!isDuration(seconds)) return refuse('INVALID_QUANTITY', `A video length must be a positive number of seconds (got ${seconds}).`);
  let models: VideoModelRow[];
  if (request.model === null) models = [...VIDEO_MODELS];
  else {
    const model = videoModelIndex.get(request.model);
    if (!model) return refuse('UNKNOWN_VIDEO_MODEL', `EcoLogits has no video model ${request.model}.`);
    models = [model];
  }
  const frames = videoFrames(seconds);
  const each = models.map((m) => modelEnergy(m, width, height, frames, with_audio));
  const central = each.reduce((sum, e) => sum + e.central, 0) / each.length;
  const wh = { low: Math.min(...each.map((e) => e.low)), central, high: Math.max(...each.map((e) => e.high)) };
  return ok({
    kind: 'video',
    estimated: true,
    rule: request.model === null ? VIDEO_PROXY_RULE : VIDEO_RULE,
    source: VIDEO_SOURCE,
    models: models.map((m) => m.key),
    width,
    height,
    seconds,
    frames,
    wh,
    wh_per_second: central / seconds,
    within_fitted_range: models.every((m) => withinFitted(m, width, height, frames)),
  });
}

/** The video model, size and default length a site's page stands for, or undefined for a site without one. */
export const videoSite = (site: string): VideoSiteRow | undefined => videoSiteIndex.get(site);

/** What the page shows of one video; what it does not show is taken from the site's row. */
export interface VideoShown {
  seconds?: number;
  /** Both sides, or neither. */
  width?: number;
  height?: number;
  withAudio?: boolean;
}

/** A video made on `site`: its size, length and sound as the page shows them, else the site's own (its default length). */
export function estimateSiteVideo(site: string, shown: VideoShown = {}): Result<VideoEstimate, HiddenWorkError> {
  const row = videoSiteIndex.get(site);
  if (!row) return refuse('NO_RULE', `No video model for the site ${site}.`);
  const size = shown.width !== undefined && shown.height !== undefined ? { width: shown.width, height: shown.height } : row;
  return estimateVideo({
    model: row.model,
    width: size.width,
    height: size.height,
    seconds: shown.seconds ?? row.default_seconds,
    with_audio: shown.withAudio ?? row.with_audio,
  });
}

/**
 * How remote mode sends a video: the service's interface has no video, so it goes as a request of its
 * own for `custom`, its length in milliseconds as `tokens` and its energy per second as
 * `custom_wh_per_1k`, so that the service's energy (rate × tokens / 1000) is the video's central Wh.
 */
/** The request remote mode sends for a video: a valid `/api/v2/calculate` body for `custom`. */
export interface VideoCalculationRequest {
  model: 'custom';
  tokens: number;
  custom_wh_per_1k: number;
  region?: string;
}

export function videoCalculationRequest(
  estimate: { seconds: number; wh: Pick<WattHourRange, 'central'> },
  region?: string,
): Result<VideoCalculationRequest, HiddenWorkError> {
  const tokens = Math.max(1, Math.round(estimate.seconds * 1000));
  const rate = (estimate.wh.central * 1000) / tokens;
  if (!(rate > 0 && rate <= MAX_CUSTOM_RATE) || tokens > MAX_TOTAL_TOKENS) {
    return refuse('RATE_TOO_HIGH', `${rate} Wh per second is above the service's highest custom rate (${MAX_CUSTOM_RATE}); the video is kept local.`);
  }
  return ok({ model: 'custom', tokens, custom_wh_per_1k: rate, ...(region === undefined ? {} : { region }) });
}
