/** The site registry: every fact is declared once by its site module and derived everywhere else. */
import { siteCustomRate } from '../../../src/sites/site-models';
import { describe, expect, it } from 'vitest';
import siteModels from '../../../data/site-models.json';
import { MODELS } from '../../../src/core/tables';
import { SITES, SITE_IDS, SITE_LABELS, type SiteId } from '../../../src/sites';
import { ADAPTERS, adapterForHost } from '../../support/adapters';
import { CHAT_HOST_MATCHES } from '../../../src/sites/hosts';
import { modelRowsFor } from '../../../src/sites/site-models';
import { conversationIdInUrl } from '../../../src/sites/conversation-url';

/** Every tracked site and its hosts, written out: a site added or dropped must be added or dropped here too. */
const THIRTEEN_SITES = {
  chatgpt: ['chatgpt.com', 'chat.openai.com'],
  claude: ['claude.ai'],
  gemini: ['gemini.google.com'],
  deepseek: ['chat.deepseek.com'],
  meta: ['www.meta.ai', 'meta.ai'],
  mistral: ['chat.mistral.ai'],
  perplexity: ['www.perplexity.ai', 'perplexity.ai'],
  copilot: ['copilot.microsoft.com'],
  grok: ['grok.com'],
  doubao: ['www.doubao.com'],
  poe: ['poe.com'],
  qwen: ['chat.qwen.ai'],
  kimi: ['www.kimi.com', 'kimi.com'],
};

describe('the site registry', () => {
  it('tracks the thirteen sites, each on its hosts, and no other host', () => {
    expect([...SITE_IDS].sort()).toEqual(Object.keys(THIRTEEN_SITES).sort());
    for (const [site, hosts] of Object.entries(THIRTEEN_SITES)) {
      expect(SITES[site as SiteId].hosts, site).toEqual(hosts);
      for (const host of hosts) expect(adapterForHost(host)?.site, host).toBe(site);
    }
    expect(adapterForHost('example.com')).toBeNull();
  });

  it('has one adapter per site id, carrying its own facts', () => {
    expect(Object.keys(ADAPTERS).sort()).toEqual([...SITE_IDS].sort());
    for (const site of SITE_IDS) {
      const { hosts, modelFamily, conversationUrls, version } = SITES[site];
      expect(ADAPTERS[site]).toMatchObject({ site, hosts, modelFamily, conversationUrls, version });
      expect(Object.keys(ADAPTERS[site].selectors).length).toBeGreaterThan(0);
    }
  });

  it('names each site by its main host, without www.', () => {
    expect(SITE_LABELS.chatgpt).toBe('chatgpt.com');
    expect(SITE_LABELS.kimi).toBe('kimi.com');
    expect(SITE_LABELS.perplexity).toBe('perplexity.ai');
    expect(SITE_LABELS.mistral).toBe('chat.mistral.ai');
    expect(Object.keys(SITE_LABELS).sort()).toEqual([...SITE_IDS].sort());
  });

  it('finds the adapter of every declared host, in any letter case, and none for others', () => {
    for (const site of SITE_IDS) {
      for (const host of SITES[site].hosts) {
        expect(adapterForHost(host)?.site).toBe(site);
        expect(adapterForHost(host.toUpperCase())?.site).toBe(site);
      }
    }
    expect(adapterForHost('example.com')).toBeNull();
    expect(adapterForHost('evil-chatgpt.com')).toBeNull();
  });

  it('gives no host to two sites', () => {
    const hosts = SITE_IDS.flatMap((s) => SITES[s].hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
  });

  it('derives the manifest matches from the declared hosts, https only', () => {
    expect([...CHAT_HOST_MATCHES].sort()).toEqual(SITE_IDS.flatMap((s) => SITES[s].hosts.map((h) => `https://${h}/*`)).sort());
    expect(CHAT_HOST_MATCHES).toContain('https://chatgpt.com/*');
    expect(CHAT_HOST_MATCHES).toContain('https://www.meta.ai/*');
  });
});

describe('model keys per site, from the model family and data/site-models.json', () => {
  const table = (siteModels as { sites: Record<string, { default: string; labels: Array<{ key: string }> }> }).sites;
  const families = SITE_IDS.map((s) => SITES[s].modelFamily);
  const familyOf = (key: string) => families.find((f) => key.startsWith(`${f}-`)) ?? null;
  /** The keys the data names for a site: its default and every label's key. */
  const namedModelKeys = (site: SiteId) => new Set([table[site]!.default, ...table[site]!.labels.map((l) => l.key)]);

  it('names the family of each site, and every family of the table belongs to a site', () => {
    expect(Object.keys(table).sort()).toEqual([...SITE_IDS].sort());
    // Several sites may run one provider's models (Copilot runs OpenAI's, as chatgpt.com does).
    const tableFamilies = new Set(MODELS.filter((m) => m.unit === 'wh_per_1k_tokens' && /^[a-z]+-/.test(m.key)).map((m) => m.key.split('-')[0]));
    for (const f of tableFamilies) expect(families, f).toContain(f);
  });

  it.each(SITE_IDS)('%s: every key its data names is offered, custom with the own rate of the site', (site) => {
    const offered = new Set(modelRowsFor(site).map((m) => m.key));
    for (const key of namedModelKeys(site)) {
      if (key === 'custom') expect(siteCustomRate(site), `${site} names custom`).not.toBeNull();
      else expect(offered.has(key), key).toBe(true);
    }
  });

  it('keeps each single-provider site to its family: keys of another family only on Perplexity and Poe, which serve several', () => {
    for (const site of SITE_IDS.filter((s) => s !== 'perplexity' && s !== 'poe')) {
      for (const key of namedModelKeys(site)) expect([SITES[site].modelFamily, null], `${site}: ${key}`).toContain(familyOf(key));
    }
    expect(new Set([...namedModelKeys('perplexity')].map(familyOf))).toEqual(new Set(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', null]));
    expect(new Set([...namedModelKeys('poe')].map(familyOf))).toEqual(new Set(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', null]));
  });

  it('offers the unprefixed OpenAI reasoning keys on the sites that run OpenAI models, without a name rule in code', () => {
    const chatgpt = modelRowsFor('chatgpt').map((m) => m.key);
    expect(chatgpt).toEqual(expect.arrayContaining(['o1', 'o1-mini', 'o3-mini', 'alpha-5.6-terra']));
    expect(modelRowsFor('copilot').map((m) => m.key)).toEqual(expect.arrayContaining(['o1', 'o3-mini', 'alpha-5.6-terra']));
    expect(modelRowsFor('poe').map((m) => m.key)).toEqual(expect.arrayContaining(['o1', 'o3-mini', 'alpha-5.6-terra']));
    for (const site of SITE_IDS.filter((s) => !['chatgpt', 'copilot', 'perplexity', 'poe'].includes(s)))
      expect(modelRowsFor(site).map((m) => m.key)).not.toContain('o1');
  });

  it('offers every token-priced key of the model table to a site, never image-gen, and custom only with a rate', () => {
    const owners = new Map<string, string[]>();
    for (const site of SITE_IDS) for (const m of modelRowsFor(site)) owners.set(m.key, [...(owners.get(m.key) ?? []), site]);
    for (const m of MODELS.filter((r) => r.unit === 'wh_per_1k_tokens')) expect(owners.get(m.key)?.length, m.key).toBeGreaterThan(0);
    expect(owners.has('image-gen')).toBe(false);
    expect(owners.has('custom')).toBe(false);
  });
});

describe('conversation URLs', () => {
  it.each([
    ['chatgpt', 'https://chatgpt.com/c/6810-abcd', '6810-abcd'],
    ['chatgpt', 'https://chatgpt.com/g/g-xyz-helper/c/77aa', '77aa'],
    ['chatgpt', 'https://chatgpt.com/uc/0d1e', '0d1e'],
    ['chatgpt', 'https://chat.openai.com/c/abc?model=x#y', 'abc'],
    ['chatgpt', 'https://chatgpt.com/', null],
    ['chatgpt', 'https://chatgpt.com/g/g-xyz-helper', null],
    ['claude', 'https://claude.ai/chat/c-1', 'c-1'],
    ['claude', 'https://claude.ai/new', null],
    ['gemini', 'https://gemini.google.com/app/5f1d0c', '5f1d0c'],
    ['gemini', 'https://gemini.google.com/u/1/app/77', '77'],
    ['gemini', 'https://gemini.google.com/gem/coding-partner/9a9a', '9a9a'],
    ['gemini', 'https://gemini.google.com/app', null],
    ['deepseek', 'https://chat.deepseek.com/a/chat/s/d26', 'd26'],
    ['deepseek', 'https://chat.deepseek.com/', null],
    ['meta', 'https://www.meta.ai/prompt/abc', 'abc'],
    ['mistral', 'https://chat.mistral.ai/chat/m1', 'm1'],
    ['perplexity', 'https://www.perplexity.ai/search/wind-power-output-q9Xr2b', 'wind-power-output-q9Xr2b'],
    ['perplexity', 'https://www.perplexity.ai/', null],
    ['copilot', 'https://copilot.microsoft.com/chats/Jq2mZ8', 'Jq2mZ8'],
    ['copilot', 'https://copilot.microsoft.com/', null],
    ['grok', 'https://grok.com/c/7c4197f2-10a1-4ebb-a84a-fea89f4f1d06', '7c4197f2-10a1-4ebb-a84a-fea89f4f1d06'],
    ['grok', 'https://grok.com/', null],
    ['doubao', 'https://www.doubao.com/chat/7301234567890123456', '7301234567890123456'],
    ['doubao', 'https://www.doubao.com/chat/local_1732870000000', null],
    ['doubao', 'https://www.doubao.com/chat/', null],
    ['poe', 'https://poe.com/chat/2x7hq9kd3mz0ab1cd2e', '2x7hq9kd3mz0ab1cd2e'],
    ['poe', 'https://poe.com/Claude-Sonnet-4.6', null],
    ['qwen', 'https://chat.qwen.ai/c/5c406d1e-fb04-4a85-9333-e5b1bf10845c', '5c406d1e-fb04-4a85-9333-e5b1bf10845c'],
    ['qwen', 'https://chat.qwen.ai/s/5c1c2962-eef4-4f38-ad9d-494e60eb554b?fev=0.2.9', null],
    ['qwen', 'https://chat.qwen.ai/', null],
    ['kimi', 'https://www.kimi.com/chat/cuq3h25m2citjh45prb0?chat_enter_method=history', 'cuq3h25m2citjh45prb0'],
    ['kimi', 'https://www.kimi.com/?chat_enter_method=new_chat', null],
  ] as const)('%s reads %s as %s', (site, url, id) => {
    expect(ADAPTERS[site].conversationId(url)).toBe(id);
  });

  it('matches patterns from the start of the path, segment by segment', () => {
    const idInUrl = (url: string, conversationUrls: `/${string}`[]) => conversationIdInUrl({ conversationUrls }, url);
    expect(idInUrl('https://x.example/c/1', ['/c/:id'])).toBe('1');
    expect(idInUrl('https://x.example/other/c/1', ['/c/:id'])).toBeNull();
    expect(idInUrl('https://x.example/a/b/c', ['/a/*/:id'])).toBe('c');
    expect(idInUrl('not a url', ['/c/:id'])).toBeNull();
  });
});
