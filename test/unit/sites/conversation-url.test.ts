/**
 * Every site's conversation link: built from the site's facts, it is a URL its own adapter reads
 * the same conversation id from; a chat without an id gets none.
 */
import { describe, expect, it } from 'vitest';
import { SITES, SITE_IDS } from '../../../src/sites';
import { ADAPTERS } from '../../support/adapters';
import { conversationUrl } from '../../../src/sites/conversation-url';

const ID = '6f2c1d4e-8b3a-4c5d-9e7f-0a1b2c3d4e5f';

describe('conversationUrl', () => {
  it.each(SITE_IDS)('%s: opens on the site’s main host, and its adapter reads the id back', (site) => {
    const url = conversationUrl(SITES[site], ID)!;
    expect(new URL(url).hostname).toBe(SITES[site].hosts[0]);
    expect(new URL(url).protocol).toBe('https:');
    expect(ADAPTERS[site].conversationId(url)).toBe(ID);
  });

  it('is the first pattern without a wildcard', () => {
    expect(conversationUrl(SITES.chatgpt, 'abc')).toBe('https://chatgpt.com/c/abc');
    expect(conversationUrl({ hosts: ['x.example'], conversationUrls: ['/u/*/app/:id', '/app/:id'] }, 'q')).toBe('https://x.example/app/q');
  });

  it('escapes the id, so it stays one path segment', () => {
    expect(conversationUrl(SITES.claude, 'a/b?c')).toBe('https://claude.ai/chat/a%2Fb%3Fc');
  });

  it('is null for a chat the site never named', () => {
    for (const id of ['new', 'new-m3x9k2', '']) expect(conversationUrl(SITES.chatgpt, id), id).toBeNull();
    expect(conversationUrl(SITES.chatgpt, 'newsletter')).toBe('https://chatgpt.com/c/newsletter');
  });
});
