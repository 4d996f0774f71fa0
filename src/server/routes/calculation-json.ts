/**
 * The version 2 answer as JSON, written by concatenation for its fixed shape:
 * byte for byte what JSON.stringify gives (test/server/calculation-json.test.ts
 * compares them over many generated requests), at a fraction of its cost on
 * the hot path. Strings come from data/ tables and the configuration, so their
 * JSON forms are cached; numbers are written as JSON writes them.
 */
import type { CalculationResponse } from '../../core';

const MAX_CACHED_STRINGS = 4096;
const quoted = new Map<string, string>();

/** JSON of a string, cached (the strings of an answer come from a few table rows). */
function str(s: string): string {
  let q = quoted.get(s);
  if (q === undefined) {
    q = JSON.stringify(s);
    if (quoted.size < MAX_CACHED_STRINGS) quoted.set(s, q);
  }
  return q;
}

/** JSON of a number: JSON.stringify writes non-finite numbers as null. */
const num = (n: number): string => (Number.isFinite(n) ? String(n) : 'null');

const listJson = (list: readonly string[]): string => {
  let out = '[';
  for (let i = 0; i < list.length; i++) out += (i === 0 ? '' : ',') + str(list[i]);
  return out + ']';
};

/** Field names in the order the equivalents object has them, with their `"name":` prefix. */
const equivalentKeys = new Map<string, string>();
function equivalentsJson(e: CalculationResponse['equivalents']): string {
  let out = '{';
  let first = true;
  for (const name in e) {
    let key = equivalentKeys.get(name);
    if (key === undefined) equivalentKeys.set(name, (key = `${JSON.stringify(name)}:`));
    out += (first ? '' : ',') + key + num(e[name as keyof typeof e]);
    first = false;
  }
  return out + '}';
}

const MAX_SHARED_PARTS = 64;
const sharedParts: { sources: readonly string[]; plan: string; url: string; json: string }[] = [];

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The closing part, made once per (data sources, plan, methodology URL): the
 * same string each time, so the store's lookup of it (a Map keyed by the text)
 * finds it without reading its 600 characters again.
 */
function sharedJson(v: CalculationResponse): string {
  for (const p of sharedParts) if (p.plan === v.plan && p.url === v.methodology_url && sameList(p.sources, v.data_sources)) return p.json;
  const json = `,"data_sources":${listJson(v.data_sources)},"plan":${str(v.plan)},"methodology_url":${str(v.methodology_url)}}`;
  if (sharedParts.length < MAX_SHARED_PARTS) sharedParts.push({ sources: [...v.data_sources], plan: v.plan, url: v.methodology_url, json });
  return json;
}

/**
 * The answer in two parts: what this calculation computed, and its closing
 * part (data sources, plan, methodology URL), which many answers share (the
 * SQLite store keeps it once).
 */
export function calculationJsonParts(v: CalculationResponse): { head: string; tail: null; shared: string } {
  const head =
    `{"model":${str(v.model)},"input_tokens":${num(v.input_tokens)},"output_tokens":${num(v.output_tokens)},"tokens":${num(v.tokens)}` +
    (v.images === undefined ? '' : `,"images":${num(v.images)}`) +
    `,"region":${str(v.region)},"region_label":${str(v.region_label)},"energy_kwh":${num(v.energy_kwh)},"carbon_gco2e":${num(v.carbon_gco2e)}` +
    `,"water":{"liters":${num(v.water.liters)},"stress_level":${str(v.water.stress_level)},"wue_liters_per_kwh":${num(v.water.wue_liters_per_kwh)},"note":${str(v.water.note)}}` +
    `,"equivalents":${equivalentsJson(v.equivalents)}`;
  return { head, tail: null, shared: sharedJson(v) };
}

export function calculationJson(v: CalculationResponse): string {
  const { head, shared } = calculationJsonParts(v);
  return head + shared;
}
