/**
 * docs/methodology.md's "Work out of sight" against data/hidden-work.json, data/video-energy.json and
 * the core: each table is rebuilt from the data and compared, and each worked example is computed.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CUSTOM_RATE, calculate, findModel } from '../../../src/core';
import { estimateResearch } from '../../../src/features/research/rules';
import { estimateSearch } from '../../../src/features/search/rules';
import { estimateSiteVideo, estimateVideo, videoCalculationRequest, type VideoEstimate } from '../../../src/features/video/rules';
import { estimateVoice } from '../../../src/features/voice/rules';
import { calculationBody } from '../../../src/domain/remote';
import { mediaRecordsOf, mediaRequestFor } from '../../../src/features/pricing';
import { turnUnderSettings } from '../../../src/ledger/compute';
import { DEFAULT_SETTINGS } from '../../../src/domain/settings';
import type { CountedTurn } from '../../../src/domain/turns';
import hiddenData from '../../../data/hidden-work.json';
import videoData from '../../../data/video-energy.json';
import {
  HIDDEN_WORK_RULES,
  HIDDEN_WORK_SOURCES,
  RESEARCH_RULE,
  SEARCH_RULES,
  SEARCH_SITES,
  VIDEO_MODELS,
  VIDEO_SITES,
  VOICE_RULES,
  VOICE_SITES,
  hiddenWorkSource,
  voiceRule,
} from '../support/hidden-work';
import { videoTable } from '../../../scripts/methodology/video-table';
import { codeBlocks, leadingNumber, readRepoFile, records, section, tables, text } from '../support/markdown';

const doc = readRepoFile('docs/methodology.md');
const hidden = section(doc, 'Work out of sight');
const sub = (heading: string) => section(text(hidden), heading);
const en = (n: number): string => n.toLocaleString('en');
/** Three significant figures, as the tables write them. */
const p3 = (n: number): string => en(Number(n.toPrecision(3)));
const PROXY = `mean of the ${VIDEO_MODELS.length} models`;

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected a value, got ${JSON.stringify(result.error)}`);
  return result.value;
}
/** Energy in Wh that `calculate` gives for a turn's input and output tokens on a model of the table. */
function wh(model: string, input: number, output: number): number {
  const result = calculate({ model, input_tokens: input, output_tokens: output, region: 'global-avg' });
  if (!result.ok) throw new Error(result.error.message);
  return Number((result.value.energy_kwh * 1000).toPrecision(6));
}
const turnOf = (site: CountedTurn['site']): CountedTurn => ({
  turnId: 't',
  time: 0,
  site,
  conversationId: 'c',
  modelKey: 'gamma-3-pro',
  promptTokens: 1,
  historyTokens: 0,
  answerTokens: 1,
  tokenizer: 'o200k',
});
const rangeCells = (e: VideoEstimate): string[] => [`${p3(e.wh.low)} to ${p3(e.wh.high)}`, p3(e.wh.central), p3(e.wh_per_second)];

describe('methodology: work out of sight', () => {
  it('dates its figures as the data does', () => {
    expect(text(hidden)).toContain(`(as of ${hiddenData.as_of})`);
  });

  it('lists every rule of the data once, in order, with its kind, figure, basis and source', () => {
    const table = records(tables(sub('Every rule and its source'))[0]!);
    expect(table.map((r) => [r.rule, r.kind])).toEqual(HIDDEN_WORK_RULES.map((r) => [r.rule, r.kind]));
    table.forEach((row, i) => expect(row.source).toContain(hiddenWorkSource(HIDDEN_WORK_RULES[i]!.source).name));
    const byRule = new Map(table.map((r) => [r.rule, r]));
    for (const rule of SEARCH_RULES) {
      expect(leadingNumber(byRule.get(rule.id)!.figure)).toBe(rule.tokens_per_search);
      expect(byRule.get(rule.id)!.basis).toBe(rule.basis);
    }
    const research = byRule.get(RESEARCH_RULE.id)!;
    expect(leadingNumber(research.figure)).toBe(RESEARCH_RULE.low_tokens);
    expect(research.figure).toContain(`range ${en(RESEARCH_RULE.low_tokens)} to ${en(RESEARCH_RULE.high_tokens)}`);
    expect(research.basis).toBe(RESEARCH_RULE.basis);
    for (const rule of VOICE_RULES) {
      const figure = byRule.get(rule.id)!.figure;
      expect(leadingNumber(figure)).toBe(rule.user_tokens_per_second);
      if (rule.assistant_tokens_per_second !== rule.user_tokens_per_second) expect(figure).toContain(`${rule.assistant_tokens_per_second} per second`);
    }
  });

  it('gives each site’s search rule and whether retrieved text is read again, as the data does', () => {
    const table = records(tables(sub('Web search'))[0]!);
    expect(table.map((r) => [r.site, r.provider, r.rule, r['retrieved text on later turns']])).toEqual(
      SEARCH_SITES.map((s) => [s.site, s.provider, s.rule, s.stays_in_context ? 'read again' : 'this turn only']),
    );
    table.forEach((row, i) => expect(row.source).toContain(hiddenWorkSource(SEARCH_SITES[i]!.context_source).name));
  });

  it('reproduces the search example with the core', () => {
    const section = text(sub('Web search'));
    const chatgpt = value(estimateSearch('chatgpt', 3));
    expect(section).toContain(`3 × ${en(SEARCH_RULES[0]!.tokens_per_search)} = ${en(chatgpt.input_tokens)} estimated input tokens`);
    const rate = findModel('alpha-5.5')!.rate!;
    expect(section).toContain(`${rate} × 0.5 × ${en(chatgpt.input_tokens)} / 1000 = ${wh('alpha-5.5', chatgpt.input_tokens, 0)} Wh`);
    const claude = value(estimateSearch('claude', 3));
    expect(claude.history_tokens).toBe(chatgpt.input_tokens);
    expect(section).toContain(`add ${en(claude.input_tokens)} input tokens to this turn and to every later turn`);
  });

  it('reproduces the research example with the core', () => {
    const section = text(sub('Research runs'));
    const run = value(estimateResearch(1));
    expect(section).toContain(`3 × 0.5 × ${en(run.input_tokens)} / 1000 = ${en(wh('alpha-5.5', run.input_tokens, 0))} Wh counted`);
    expect(section).toContain(`3 × 0.5 × ${en(run.high_tokens)} / 1000 = ${en(wh('alpha-5.5', run.high_tokens, 0))} Wh`);
    expect(section).toContain(`over ${RESEARCH_RULE.energy_check.wh_per_long_prompt_heaviest} Wh`);
    expect(section).toContain(`${RESEARCH_RULE.energy_check.wh_per_short_query} Wh for a short query`);
  });

  it('gives each site’s voice rule as the data does, and reproduces the example', () => {
    const section = text(sub('Voice'));
    const table = records(tables(sub('Voice'))[0]!);
    expect(
      table.map((r) => [r.site, r.rule, Number(r['user tokens per second']), Number(r['assistant tokens per second']), r['conversation sent again']]),
    ).toEqual(
      VOICE_SITES.map((s) => {
        const rule = voiceRule(s.site)!;
        return [s.site, rule.id, rule.user_tokens_per_second, rule.assistant_tokens_per_second, rule.resends_conversation ? 'yes' : 'no'];
      }),
    );
    const voice = value(
      estimateVoice('chatgpt', [
        { user_seconds: 5, assistant_seconds: 10 },
        { user_seconds: 3, assistant_seconds: 6 },
      ]),
    );
    const [first, second] = voice.responses;
    expect(section).toContain(`5 × 10 = ${first!.input_tokens} input tokens and makes 10 × 20 = ${first!.output_tokens}`);
    expect(section).toContain(`reads the ${second!.history_tokens} tokens said before plus 3 × 10 = ${second!.user_tokens}, that is ${second!.input_tokens}`);
    expect(section).toContain(`makes 6 × 20 = ${second!.output_tokens}`);
    expect(section).toContain(
      `(0.5 × ${second!.input_tokens} + 1.5 × ${second!.output_tokens}) / 1000 = ${wh('alpha-4o', second!.input_tokens, second!.output_tokens)} Wh`,
    );
    // The page's example: the split test/unit/sites/hidden-work.test.ts reads from test/fixtures/sites/chatgpt-voice.html.
    const closing = value(estimateVoice('chatgpt', [{ user_seconds: (90 * 42) / 140, assistant_seconds: 90 - (90 * 42) / 140 }]));
    expect(section).toContain(
      `90 × 42 / 140 = 27 s spoken by the user and 63 s by the assistant: ${en(closing.input_tokens)} input and ${en(closing.output_tokens)} output tokens`,
    );
  });

  describe('generated video', () => {
    const video = sub('Generated video');
    const [byModel, bySite] = tables(video).map(records);

    it('shows every model and size at 8 s exactly as npm run methodology:video-table prints them', () => {
      const table = video.tokens.find((t) => t.type === 'table');
      expect(table?.raw.trimEnd()).toBe(videoTable());
      // Every model of the data has a row, and so does the proxy that stands in for the others.
      const models = new Set(byModel!.map((r) => r.model));
      expect([...models]).toEqual([...VIDEO_MODELS.map((m) => m.key), PROXY]);
    });

    it('shows each site’s video model, size and default length as the data does, computed by the core', () => {
      expect(bySite!.map((r) => [r.site, r.video, r.model, r.size, Number(r['default length (s)'])])).toEqual(
        VIDEO_SITES.map((s) => [s.site, s.label, s.model ?? PROXY, `${s.width} × ${s.height}`, s.default_seconds]),
      );
      for (const row of bySite!) {
        expect([row['Wh (low to high)'], row['Wh (central)'], row['Wh per second']]).toEqual(rangeCells(value(estimateSiteVideo(row.site!))));
      }
    });

    it('names the EcoLogits commits its inputs come from', () => {
      const commits = Object.values(videoData.ecologits).flatMap((v) => v.match(/\b[0-9a-f]{40}\b/g) ?? []);
      expect(commits).toHaveLength(3);
      for (const commit of commits) expect(text(video)).toContain(commit);
    });

    it('reproduces the worked example by hand', () => {
      const e = value(estimateVideo({ model: 'google/veo-3.1', width: 1280, height: 720, seconds: 8, with_audio: true }));
      expect(text(video)).toContain(`F = 8 × 24 + 1 = ${e.frames} frames`);
      expect(text(video)).toContain(`= ${p3(e.wh.low)} Wh to`);
      expect(text(video)).toContain(`= ${p3(e.wh.high)} Wh, ${p3(e.wh.central)} Wh central`);
    });

    it('shows the remote request the core builds, and the service’s limit', () => {
      const request = value(videoCalculationRequest(value(estimateSiteVideo('gemini'))));
      const [json, sent] = codeBlocks(video, 'json');
      expect(JSON.parse(json!)).toEqual({ ...request, custom_wh_per_1k: Number(request.custom_wh_per_1k!.toPrecision(6)) });
      // The ledger's video record and the request remote mode sends for it: the same energy.
      const estimate = value(estimateSiteVideo('gemini'));
      const [record] = mediaRecordsOf(
        turnUnderSettings(
          { ...turnOf('gemini'), extras: { video: { videos: 1, seconds: estimate.seconds, wh: estimate.wh.central, rule: estimate.rule } } },
          DEFAULT_SETTINGS,
        ),
      );
      const { region, ...body } = mediaRequestFor(record!, { region: 'global-avg' })!;
      expect(JSON.parse(sent!)).toEqual({ ...body, custom_wh_per_1k: Number(body.custom_wh_per_1k!.toPrecision(6)) });
      const energy = (b: Record<string, unknown>) => {
        const r = calculate({ ...b, region });
        if (!r.ok) throw new Error(r.error.message);
        return r.value.energy_kwh;
      };
      expect(energy(calculationBody({ ...body, region }))).toBe(energy(request as unknown as Record<string, unknown>));
      expect(text(video)).toContain(`${Number(body.custom_wh_per_1k!.toPrecision(6))} × 1.5 × 8,000 / 1000 = ${p3(estimate.wh.central)} Wh`);
      expect(text(video)).toContain(`highest custom rate (${en(MAX_CUSTOM_RATE)} Wh per second`);
    });
  });

  it('reproduces the examples of how the estimates are counted apart', () => {
    const counted = text(sub('Counted apart'));
    const search = value(estimateSearch('chatgpt', 3)).input_tokens;
    const share = (0.5 * search) / (0.5 * (40 + search) + 1.5 * 640);
    expect(counted).toContain(`0.5 × ${en(search)} / (0.5 × ${en(40 + search)} + 1.5 × 640) = ${(share * 100).toFixed(1)} %`);
    const second = value(
      estimateVoice('chatgpt', [
        { user_seconds: 5, assistant_seconds: 10 },
        { user_seconds: 3, assistant_seconds: 6 },
      ]),
    ).responses[1]!;
    expect(counted).toContain(`${second.input_tokens} input and ${second.output_tokens} output tokens`);
    expect(counted).toContain(`${p3(value(estimateSiteVideo('chatgpt')).wh.central)} Wh (est.)`);
  });

  it('names every source of the data in its list of sources', () => {
    const listed = text(sub('Sources of this section'));
    for (const source of HIDDEN_WORK_SOURCES) expect(listed).toContain(`**${source.name}**`);
  });
});
