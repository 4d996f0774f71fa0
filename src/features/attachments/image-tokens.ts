/**
 * The tokens of one picture by a provider's published rule (data/attachment-rules.json, `image_rules`),
 * as a range: where the rule has settings the chat site does not say it uses (OpenAI's `detail`,
 * Gemini's `media_resolution`), the low and high ends are the cheapest and the dearest setting and the
 * central figure is the setting docs/methodology.md names and explains. A rule with no such setting
 * gives an exact range (all three equal).
 *
 * Pure: width and height are the picture's pixel size as the page read it from the file's header.
 */
import type { Range } from '../../core/range';

/** One of OpenAI's `detail` settings for the patch rule: fit the picture within a square, then an optional patch budget. */
interface PatchLevel {
  name: string;
  fit_px: number;
  max_patches: number | null;
}

interface PatchesRule {
  id: string;
  method: 'patches';
  patch_px: number;
  multiplier: number;
  levels: PatchLevel[];
  central: string;
}
interface TilesRule {
  id: string;
  method: 'tiles';
  fit_within_px: number;
  short_side_px: number;
  tile_px: number;
  base_tokens: number;
  tokens_per_tile: number;
}
interface SquarePatchesRule {
  id: string;
  method: 'square-patches';
  patch_px: number;
  max_long_edge_px: number;
  max_tokens: number;
}
interface AreaRule {
  id: string;
  method: 'area';
  pixels_per_token: number;
  max_long_edge_px: number;
}
interface GeminiTilesRule {
  id: string;
  method: 'gemini-tiles';
  small_max_px: number;
  tile_px: number;
  tokens_per_tile: number;
}
interface FixedRule {
  id: string;
  method: 'fixed';
  levels: Array<{ name: string; tokens: number }>;
  central: string;
}
interface ThumbnailTilesRule {
  id: string;
  method: 'thumbnail-tiles';
  tile_px: number;
  tokens_per_tile: number;
  max_tiles: number;
}

export type ImageRule = (PatchesRule | TilesRule | SquarePatchesRule | AreaRule | GeminiTilesRule | FixedRule | ThumbnailTilesRule) & {
  provider: string;
  source: string;
  note: string;
};

const exact = (n: number): Range => ({ low: n, central: n, high: n });

/** Scales width x height down (never up) so that both sides fit within `side` px. */
function fitWithin(w: number, h: number, side: number): [number, number] {
  const s = Math.min(1, side / Math.max(w, h));
  return [w * s, h * s];
}

/**
 * OpenAI's patch count at one setting: 32-px patches covering the picture after it is fitted in the
 * setting's square; past the patch budget, the guide's two steps (shrink to the budget, then again so
 * a whole number of patches fits the width or the height).
 */
function patchCount(rule: PatchesRule, level: PatchLevel, width: number, height: number): number {
  const p = rule.patch_px;
  const [w, h] = fitWithin(width, height, level.fit_px);
  const patches = Math.ceil(w / p) * Math.ceil(h / p);
  const budget = level.max_patches;
  if (budget === null || patches <= budget) return patches;
  const shrink = Math.sqrt((budget * p * p) / (w * h));
  // Rounded to 9 places: a whole number of patches that floating point may land just beside.
  const round = (n: number) => Number(n.toFixed(9));
  const w1 = round((w * shrink) / p);
  const h1 = round((h * shrink) / p);
  const fit = Math.min(Math.floor(w1) / w1, Math.floor(h1) / h1);
  const cols = Math.ceil(round(w1 * fit));
  const rows = Math.ceil(round(h1 * fit));
  return Math.min(budget, cols * rows);
}

/** OpenAI's older tile rule at high detail: fit 2048, short side to 768, then base plus each 512-px tile. */
function tileTokens(rule: TilesRule, width: number, height: number): number {
  let [w, h] = fitWithin(width, height, rule.fit_within_px);
  const shorten = Math.min(1, rule.short_side_px / Math.min(w, h));
  w *= shorten;
  h *= shorten;
  return rule.base_tokens + rule.tokens_per_tile * Math.ceil(w / rule.tile_px) * Math.ceil(h / rule.tile_px);
}

/** Anthropic's patches: one token per 28-px patch (the picture padded to whole patches), scaled down past the long edge or the token cap. */
function squarePatchTokens(rule: SquarePatchesRule, width: number, height: number): number {
  const p = rule.patch_px;
  const count = (w: number, h: number) => Math.ceil(Math.floor(w) / p) * Math.ceil(Math.floor(h) / p);
  let [w, h] = fitWithin(width, height, rule.max_long_edge_px);
  if (count(w, h) > rule.max_tokens) {
    const s = Math.sqrt((rule.max_tokens * p * p) / (w * h));
    w *= s;
    h *= s;
    // Padding to whole patches can still leave it a little over the cap: shrink in small steps until it fits.
    while (count(w, h) > rule.max_tokens) {
      w *= 0.995;
      h *= 0.995;
    }
  }
  return count(w, h);
}

/** xAI's tiles (and Llama 4's): the picture in tiles of `tile_px`, at most `max_tiles`, plus one thumbnail tile when it takes more than one. */
function thumbnailTileTokens(rule: ThumbnailTilesRule, width: number, height: number): number {
  const tiles = Math.min(rule.max_tiles, Math.ceil(width / rule.tile_px) * Math.ceil(height / rule.tile_px));
  return rule.tokens_per_tile * (tiles + (tiles > 1 ? 1 : 0));
}

/** The tokens of one width x height picture by `rule`: low, central and high over the settings the rule has. */
export function imageTokenRange(rule: ImageRule, width: number, height: number): Range {
  switch (rule.method) {
    case 'patches': {
      const at = (level: PatchLevel) => Math.ceil(patchCount(rule, level, width, height) * rule.multiplier);
      const all = rule.levels.map(at);
      const central = rule.levels.find((l) => l.name === rule.central);
      if (!central) throw new Error(`data/attachment-rules.json: ${rule.id} has no level ${rule.central}`);
      return { low: Math.min(...all), central: at(central), high: Math.max(...all) };
    }
    case 'tiles':
      // Low detail is the base tokens alone; high detail is the tile count. ChatGPT does not say which it asks for.
      return { low: rule.base_tokens, central: tileTokens(rule, width, height), high: tileTokens(rule, width, height) };
    case 'square-patches':
      return exact(squarePatchTokens(rule, width, height));
    case 'area': {
      const [w, h] = fitWithin(width, height, rule.max_long_edge_px);
      return exact(Math.ceil((w * h) / rule.pixels_per_token));
    }
    case 'gemini-tiles':
      if (width <= rule.small_max_px && height <= rule.small_max_px) return exact(rule.tokens_per_tile);
      return exact(Math.ceil(width / rule.tile_px) * Math.ceil(height / rule.tile_px) * rule.tokens_per_tile);
    case 'fixed': {
      const all = rule.levels.map((l) => l.tokens);
      const central = rule.levels.find((l) => l.name === rule.central);
      if (!central) throw new Error(`data/attachment-rules.json: ${rule.id} has no level ${rule.central}`);
      return { low: Math.min(...all), central: central.tokens, high: Math.max(...all) };
    }
    case 'thumbnail-tiles':
      return exact(thumbnailTileTokens(rule, width, height));
  }
}
