/**
 * How much a model reads at once, and what a turn's input is once bounded by it: no turn reads more
 * than the window of the model it is sent to, on the user's plan where the chat site publishes windows
 * per plan (data/context-windows.json, every figure with its source; docs/methodology.md, Context
 * windows). Past the window the site's published behaviour applies, and the bounded input says which,
 * with a code the label and the popup name.
 *
 * Pure: the counts come in, the bounded counts go out.
 */
import windowsData from '../../data/context-windows.json';
import type { Range } from './range';

/** What a site does with input past the window: search the files and drop the oldest history, drop the oldest history, or refuse the message. */
export type PastWindow = 'retrieve' | 'truncate' | 'refuse';

/** Why a turn's input was bounded. */
export const CONTEXT_CODES = [
  /** The earlier messages and files the turn re-reads did not all fit: the oldest are left out, as the site drops them. */
  'history-truncated',
  /** The files sent with the prompt did not all fit: counted at the room left in the window. */
  'files-over-window',
  /** The prompt alone is longer than the window: the site refuses or cuts it; counted at the window. */
  'prompt-over-window',
  /**
   * The site refuses a message whose input is past its window (it neither searches nor drops the
   * oldest): an answered turn counted past it was counted too high, and is held at the window.
   */
  'refused-past-window',
] as const;
export type ContextCode = (typeof CONTEXT_CODES)[number];

interface ModelRow {
  pattern: string;
  context_tokens: number;
  max_output_tokens: number;
  source: string;
}
interface SiteRow {
  plans: string[];
  default_plan: string;
  modes: Array<{ mode: string; pattern: string }>;
  windows: Record<string, Record<string, number>>;
  past_window: string;
  source: string;
}

const MODEL_ROWS = (windowsData.models as ModelRow[]).map((row) => ({ row, re: new RegExp(row.pattern) }));
const SITE_ROWS: Readonly<Record<string, SiteRow>> = windowsData.sites;
const PLAN_LABELS: Readonly<Record<string, string>> = windowsData.plan_labels;

/** A plan's name as the site writes it (a product name, not translated). */
export const planLabel = (plan: string): string => PLAN_LABELS[plan] ?? plan;

/** The window a turn is read in: the site's for the plan and mode where it publishes one, else the model's. */
export interface ContextWindow {
  /** The most tokens the model reads in one turn (input, history included). */
  tokens: number;
  /** The longest answer the model writes (the model's own figure). */
  maxOutputTokens: number;
  /** The plan and mode whose window this is, where the site publishes windows per plan (else null). */
  plan: string | null;
  mode: string | null;
  pastWindow: PastWindow;
  /** Source ids (data/sources.json) of the figures. */
  sources: string[];
}

/** The plans a site publishes windows for, and the one assumed when the user has not said (null: the site has no such table). */
export function sitePlans(site: string): { plans: readonly string[]; defaultPlan: string } | null {
  const row = Object.hasOwn(SITE_ROWS, site) ? SITE_ROWS[site]! : null;
  return row ? { plans: row.plans, defaultPlan: row.default_plan } : null;
}

/** The context window of `modelKey` on `site` for the user's `plan` (absent or unknown: the site's default plan). */
export function contextWindowFor(site: string, modelKey: string, plan?: string): ContextWindow {
  const model = (MODEL_ROWS.find((m) => m.re.test(modelKey)) ?? MODEL_ROWS[MODEL_ROWS.length - 1]!).row;
  const siteRow = Object.hasOwn(SITE_ROWS, site) ? SITE_ROWS[site]! : null;
  if (!siteRow)
    return { tokens: model.context_tokens, maxOutputTokens: model.max_output_tokens, plan: null, mode: null, pastWindow: 'truncate', sources: [model.source] };
  const chosen = plan !== undefined && siteRow.plans.includes(plan) ? plan : siteRow.default_plan;
  const mode = siteRow.modes.find((m) => new RegExp(m.pattern).test(modelKey))?.mode ?? siteRow.modes[siteRow.modes.length - 1]!.mode;
  // The site's window, never above the model's own (unless the model's is only the stated catch-all, as for `custom`).
  const modelCap = model === MODEL_ROWS[MODEL_ROWS.length - 1]!.row ? Infinity : model.context_tokens;
  const tokens = Math.min(siteRow.windows[chosen]?.[mode] ?? model.context_tokens, modelCap);
  return {
    tokens,
    maxOutputTokens: model.max_output_tokens,
    plan: chosen,
    mode,
    pastWindow: siteRow.past_window as PastWindow,
    sources: [siteRow.source, model.source],
  };
}

/** A turn's input before it is bounded: its prompt, its own files, and what it re-reads (earlier messages, earlier files). */
export interface TurnInput {
  prompt: number;
  files: Range;
  history: number;
  carried: number;
}

export interface BoundedInput extends TurnInput {
  codes: ContextCode[];
}

const clamp = (r: Range, max: number): Range => ({ low: Math.min(r.low, max), central: Math.min(r.central, max), high: Math.min(r.high, max) });

/**
 * The input as the window lets the model read it: the prompt first, then its files, then as much of
 * what it re-reads as still fits (earlier messages and files cut in proportion, as the oldest go first
 * whichever they are). Within the window nothing changes and no code is given. On a site that refuses
 * what is past its window (`pastWindow` 'refuse'), the codes also say so.
 */
export function boundInput(input: TurnInput, windowTokens: number, pastWindow: PastWindow = 'truncate'): BoundedInput {
  const bounded = boundToWindow(input, windowTokens);
  if (pastWindow === 'refuse' && bounded.codes.length > 0) bounded.codes.push('refused-past-window');
  return bounded;
}

function boundToWindow(input: TurnInput, windowTokens: number): BoundedInput {
  const codes: ContextCode[] = [];
  const prompt = Math.min(input.prompt, windowTokens);
  if (prompt < input.prompt) codes.push('prompt-over-window');
  const files = clamp(input.files, windowTokens - prompt);
  if (files.high < input.files.high) codes.push('files-over-window');
  const room = Math.max(0, windowTokens - prompt - files.central);
  const reread = input.history + input.carried;
  if (reread <= room) return { prompt, files, history: input.history, carried: input.carried, codes };
  codes.push('history-truncated');
  const history = Math.floor((input.history * room) / reread);
  return { prompt, files, history, carried: Math.min(input.carried, room - history), codes };
}
