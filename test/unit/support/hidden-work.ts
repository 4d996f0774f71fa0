/** The tables of work out of sight as the tests read them: from data/hidden-work.json and data/video-energy.json. */
import hiddenData from '../../../data/hidden-work.json';
import videoData from '../../../data/video-energy.json';
import { estimateVideo } from '../../../src/features/video/rules';

export const HIDDEN_WORK_SOURCES = [...hiddenData.sources, ...videoData.sources];
export const SEARCH_RULES = hiddenData.search.rules;
export const SEARCH_SITES = hiddenData.search.sites;
export const RESEARCH_RULE = hiddenData.research;
export const VOICE_RULES = hiddenData.voice.rules;
export const VOICE_SITES = hiddenData.voice.sites;
export const VIDEO_MODELS = videoData.models;
export const VIDEO_SITES = videoData.sites;

/** A source of the two files by id; an id they lack fails the test that asks. */
export function hiddenWorkSource(id: string): { id: string; name: string } {
  const row = HIDDEN_WORK_SOURCES.find((s) => s.id === id);
  if (!row) throw new Error(`data/hidden-work.json and data/video-energy.json have no source ${id}`);
  return row;
}

/** The audio rule of a site, or undefined where the data names none. */
export const voiceRule = (site: string) => {
  const id = VOICE_SITES.find((s) => s.site === site)?.rule;
  return VOICE_RULES.find((r) => r.id === id);
};

/** The rule and source of a video estimate of one model, and of the proxy for a model EcoLogits lacks. */
function videoRule(model: string | null): { rule: string; kind: 'video'; source: string } {
  const estimate = estimateVideo({ model, width: 1280, height: 720, seconds: 6, with_audio: true });
  if (!estimate.ok) throw new Error(estimate.error.message);
  return { rule: estimate.value.rule, kind: 'video', source: estimate.value.source };
}

/** Every rule an estimate can name, with its kind and source, in the methodology's order. */
export const HIDDEN_WORK_RULES: ReadonlyArray<{ rule: string; kind: 'search' | 'research' | 'voice' | 'video'; source: string }> = [
  ...SEARCH_RULES.map((r) => ({ rule: r.id, kind: 'search' as const, source: r.source })),
  { rule: RESEARCH_RULE.id, kind: 'research', source: RESEARCH_RULE.source },
  ...VOICE_RULES.map((r) => ({ rule: r.id, kind: 'voice' as const, source: r.source })),
  videoRule(VIDEO_MODELS[0]!.key),
  videoRule(null),
];
