/**
 * Every source a rule in data/ is taken from (attachments, out-of-sight work, video, reasoning
 * speeds, context windows, custom rates) has the short passage it was taken from and the day it was
 * read; a source read only in a copy says so and still cites the publisher's own page. A source
 * that still lacks a passage is named here with why, so the list can only shrink.
 */
import { describe, expect, it } from 'vitest';
import attachmentRules from '../../../data/attachment-rules.json';
import contextWindows from '../../../data/context-windows.json';
import customRates from '../../../data/custom-rates.json';
import hiddenWork from '../../../data/hidden-work.json';
import reasoningSpeeds from '../../../data/reasoning-speeds.json';
import sources from '../../../data/sources.json';
import videoEnergy from '../../../data/video-energy.json';

interface Source {
  id: string;
  citation: string;
  quote?: string;
  read?: string;
  copy?: string;
}

/** Sources with no passage yet, and why (none left: a source added without one has to be named here). */
const WITHOUT_PASSAGE: Record<string, string> = {};

/** The ids of sources each rule file names, with the sources it lists itself. */
function ruleSources(): { used: Set<string>; listed: Map<string, Source> } {
  const used = new Set<string>();
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) return o.forEach(walk);
    if (!o || typeof o !== 'object') return;
    for (const [k, v] of Object.entries(o)) {
      if ((k === 'source' || k === 'source_ids' || k === 'sources') && (typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string'))))
        for (const id of [v].flat() as string[]) used.add(id);
      else walk(v);
    }
  };
  const files = [attachmentRules, hiddenWork, videoEnergy, reasoningSpeeds, contextWindows, customRates] as unknown as Array<{ sources?: Source[] }>;
  const listed = new Map<string, Source>((sources.sources as Source[]).map((s) => [s.id, s]));
  for (const file of files) {
    const { sources: own, ...rules } = file;
    walk(rules);
    for (const s of own ?? []) {
      listed.set(s.id, s);
      used.add(s.id);
    }
  }
  return { used, listed };
}

describe('the sources of the rules', () => {
  const { used, listed } = ruleSources();
  // A custom rate names its estimate in words (with its address) where no listed source applies.
  const ids = [...used].filter((id) => /^[a-z0-9-]+$/.test(id));

  it('are listed, each with a passage and the day it was read, but those named as lacking one', () => {
    expect(ids.length).toBeGreaterThan(40);
    const lacking: string[] = [];
    for (const id of ids) {
      const s = listed.get(id);
      expect(s, id).toBeDefined();
      if (!s!.quote) {
        lacking.push(id);
        continue;
      }
      expect(s!.quote.length, id).toBeGreaterThan(20);
      expect(s!.read, id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(lacking.sort()).toEqual(Object.keys(WITHOUT_PASSAGE).sort());
  });

  it('cite the publisher’s own page where they were read in a copy', () => {
    for (const id of ids) {
      const s = listed.get(id)!;
      if (s.copy) expect(`${s.citation} ${s.copy}`, id).toMatch(/https?:\/\/|\w+\.\w+\//);
    }
    // Read on the publisher's own page (rules as published, read the day named): no copy said.
    for (const id of ['openai-images-vision', 'mistral-vision']) expect(listed.get(id), id).not.toHaveProperty('copy');
  });
});
