/**
 * Generated video: its energy by EcoLogits' method (data/video-energy.json), from the size and
 * length the page shows or the site's own.
 */
import videoData from '../../../data/video-energy.json';
import { ok, type Result } from '../../core/errors';
import type { Range } from '../../core/range';
import { MAX_CUSTOM_RATE, MAX_TOTAL_TOKENS } from '../../core/schemas';
import { estimateBy, isCount, isDuration, refuse, type HiddenWorkError } from '../work/rules';

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

const VIDEO_MODELS: readonly VideoModelRow[] = videoData.models;
const VIDEO_SITES: readonly VideoSiteRow[] = videoData.sites as VideoSiteRow[];
const VIDEO_FRAMES_PER_SECOND: number = videoData.frames_per_second;
const VIDEO_HARDWARE: Readonly<Record<string, { accelerators: number; server_power_w: PowerRange }>> = videoData.hardware;
const VIDEO_PROVIDERS: Readonly<Record<string, { pue: { min: number; max: number } }>> = videoData.providers;

/** Rule ids of the kinds that are not table rows of their own. */
const VIDEO_RULE = 'video-ecologits';
const VIDEO_PROXY_RULE = 'video-ecologits-proxy';
const VIDEO_SOURCE = 'ecologits-video';

const videoModelIndex = new Map(VIDEO_MODELS.map((m) => [m.key, m]));
const videoSiteIndex = new Map(VIDEO_SITES.map((s) => [s.site, s]));

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
  return estimateBy(
    'video',
    { id: request.model === null ? VIDEO_PROXY_RULE : VIDEO_RULE, source: VIDEO_SOURCE },
    {
      models: models.map((m) => m.key),
      width,
      height,
      seconds,
      frames,
      wh,
      wh_per_second: central / seconds,
      within_fitted_range: models.every((m) => withinFitted(m, width, height, frames)),
    },
  );
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
