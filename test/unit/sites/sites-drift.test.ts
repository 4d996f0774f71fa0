/**
 * Drift tests for the Claude, Gemini, DeepSeek, Meta AI, Le Chat, Perplexity, Copilot, Grok, Doubao, Poe, Qwen Chat and Kimi adapters on their 2026 fixtures,
 * run by the shared harness (drift-harness.ts: each hook removed and renamed, hashed classes
 * rotated, labels translated; the same reading or "not recognized", never a different count that
 * looks fine). This file holds what is site-specific: the fixtures and each page's mid-answer state.
 */
import { describe, expect, it } from 'vitest';
import type { SiteId } from '../../../src/sites';
import { describeDrift, selectorsMatched, type Variant } from '../support/drift-harness';

/** Cuts the last paragraph of the last of these elements in half. */
function halve(els: NodeListOf<Element>): void {
  const ps = els.length ? els[els.length - 1].querySelectorAll('p') : [];
  const p = ps[ps.length - 1];
  if (p) p.textContent = (p.textContent ?? '').slice(0, Math.ceil((p.textContent ?? '').length / 2));
}

/** Puts each page in the state it shows while its newest answer is still being written (and half written). */
const STREAMING_STATE: Partial<Record<SiteId, (doc: Document) => void>> = {
  deepseek(doc) {
    halve(doc.querySelectorAll('.ds-assistant-message-main-content'));
    const items = doc.querySelectorAll('[data-virtual-list-item-key]');
    const last = items[items.length - 1];
    Array.from(last.children)
      .slice(1)
      .forEach((bar) => bar.remove());
    doc.querySelector('.ds-button--circle')!.classList.remove('ds-button--disabled');
  },
  meta(doc) {
    halve(doc.querySelectorAll('[data-testid="assistant-message"]'));
    const rows = doc.querySelectorAll('[data-testid="assistant-message"]');
    rows[rows.length - 1].setAttribute('data-streaming-state', 'STREAMING');
    rows[rows.length - 1].setAttribute('data-streaming-complete', 'false');
  },
  mistral(doc) {
    halve(doc.querySelectorAll('[data-message-part-type="answer"]'));
    // The newest answer has no action bar yet.
    const answers = doc.querySelectorAll('[data-message-author-role="assistant"]');
    answers[answers.length - 1].querySelector('.select-none')!.remove();
    doc.getElementById('send-slot')!.innerHTML =
      `<button type="button" aria-label="${doc.documentElement.lang === 'fr' ? 'Arrêter la génération' : 'Stop generating'}"></button>`;
  },
  claude(doc) {
    halve(doc.querySelectorAll('.font-claude-response'));
    const flags = doc.querySelectorAll('[data-is-streaming]');
    flags[flags.length - 1].setAttribute('data-is-streaming', 'true');
  },
  perplexity(doc) {
    halve(doc.querySelectorAll('[id^="markdown-content-"]'));
    // The newest answer has no model line and no action bar yet.
    const answers = doc.querySelectorAll('[id^="markdown-content-"]');
    let block = answers[answers.length - 1];
    while (block.parentElement && !block.parentElement.querySelector('h1')) block = block.parentElement;
    block.querySelectorAll('.justify-between, .text-quiet').forEach((el) => el.remove());
  },
  copilot(doc) {
    halve(doc.querySelectorAll('[data-testid="ai-message-body"]'));
    const reactions = doc.querySelectorAll('[data-testid="message-item-reactions"]');
    reactions[reactions.length - 1].remove();
    doc.getElementById('send-slot')!.innerHTML = '<button type="button" data-testid="stop-button" aria-label="Stop responding"></button>';
  },
  grok(doc) {
    halve(doc.querySelectorAll('.response-content-markdown'));
    const bars = doc.querySelectorAll('.action-buttons');
    bars[bars.length - 1].remove();
    doc.getElementById('send-slot')!.innerHTML = '<button type="button" aria-label="Stop model response"></button>';
  },
  doubao(doc) {
    halve(doc.querySelectorAll('[data-testid="receive_message"] .md-box-root'));
    const bars = doc.querySelectorAll('[data-foundation-type="receive-message-action-bar"]');
    bars[bars.length - 1].remove();
    doc.getElementById('send-slot')!.innerHTML = '<button type="button" class="break-btn-Vd2k3s" aria-label="停止生成"></button>';
  },
  poe(doc) {
    halve(doc.querySelectorAll('[class*="Message_leftSideMessageBubble"] [class*="Prose_prose"]'));
    const messages = doc.querySelectorAll('[class*="ChatMessage_chatMessage"]');
    messages[messages.length - 1].setAttribute('data-complete', 'false');
    doc.getElementById('send-slot')!.innerHTML = '<button type="button" class="ChatStopMessageButton_stopButton__QOW41" aria-label="Stop message"></button>';
  },
  qwen(doc) {
    halve(doc.querySelectorAll('.response-message-content .qwen-markdown'));
    const footers = doc.querySelectorAll('.response-message-footer');
    footers[footers.length - 1].remove();
    doc.querySelector('.chat-prompt-send-button')!.innerHTML = '<button class="stop-button"></button>';
  },
  kimi(doc) {
    halve(doc.querySelectorAll('.segment-content-box .markdown'));
    const rows = doc.querySelectorAll('.segment-assistant-actions');
    rows[rows.length - 1].remove();
    doc.getElementById('send-slot')!.innerHTML = '<div class="send-button-container disabled stop"></div>';
  },
  gemini(doc) {
    halve(doc.querySelectorAll('message-content'));
    const button = doc.querySelector('button.send-button')!;
    button.classList.add('stop');
    button.querySelector('mat-icon')!.setAttribute('fonticon', 'stop');
    const panels = doc.querySelectorAll('message-content .markdown');
    panels[panels.length - 1].setAttribute('aria-busy', 'true');
    const answers = doc.querySelectorAll('model-response');
    answers[answers.length - 1].querySelector('message-actions')?.remove();
  },
};

const CASES: Array<[SiteId, string, string]> = [
  ['deepseek', 'real-dom/deepseek-live-2026-10-03.html', 'https://chat.deepseek.com/a/chat/s/219872f6'],
  ['deepseek', 'sites/deepseek-2026-10.html', 'https://chat.deepseek.com/a/chat/s/d1'],
  ['deepseek', 'sites/deepseek-2026-10-rotated.html', 'https://chat.deepseek.com/a/chat/s/d2'],
  ['mistral', 'sites/mistral-2026-en.html', 'https://chat.mistral.ai/work/m1'],
  ['mistral', 'sites/mistral-2026-fr.html', 'https://chat.mistral.ai/chat/m2'],
  ['meta', 'sites/meta-2026-en.html', 'https://www.meta.ai/prompt/e1'],
  ['meta', 'sites/meta-2026-fr.html', 'https://www.meta.ai/prompt/e2'],
  ['gemini', 'sites/gemini-2026-en.html', 'https://gemini.google.com/app/g1'],
  ['gemini', 'sites/gemini-2026-ko.html', 'https://gemini.google.com/app/g2'],
  ['gemini', 'sites/gemini-2026-drafts-en.html', 'https://gemini.google.com/app/g3'],
  ['claude', 'sites/claude-2026-en.html', 'https://claude.ai/chat/c1'],
  ['claude', 'sites/claude-2026-de.html', 'https://claude.ai/chat/c2'],
  ['claude', 'sites/claude-2026-tools-en.html', 'https://claude.ai/chat/c3'],
  ['perplexity', 'real-dom/perplexity-2026-05-21.html', 'https://www.perplexity.ai/search/p0'],
  ['perplexity', 'sites/perplexity-2026-en.html', 'https://www.perplexity.ai/search/p1'],
  ['copilot', 'sites/copilot-2026-en.html', 'https://copilot.microsoft.com/chats/k1'],
  ['grok', 'sites/grok-2026-en.html', 'https://grok.com/c/x1'],
  ['doubao', 'sites/doubao-2026-zh.html', 'https://www.doubao.com/chat/7301234567890123456'],
  ['poe', 'sites/poe-2026-en.html', 'https://poe.com/chat/2x7hq9kd3mz0ab1cd2e'],
  ['qwen', 'real-dom/qwen-2026-05-21.html', 'https://chat.qwen.ai/c/x0'],
  ['qwen', 'sites/qwen-2026-en.html', 'https://chat.qwen.ai/c/x1'],
  ['qwen', 'sites/qwen-2026-zh.html', 'https://chat.qwen.ai/c/x1'],
  ['kimi', 'sites/kimi-2026-en.html', 'https://www.kimi.com/chat/x1'],
  ['kimi', 'sites/kimi-2026-zh.html', 'https://www.kimi.com/chat/x1'],
];

// Le Chat has no streaming marker beyond a labelled stop button: there the tracker's quiet time
// decides, and an answer counted early is corrected in place when it grows.
const VARIANTS: Variant[] = CASES.map(([site, file, url]) => ({
  site,
  file,
  url,
  pause: STREAMING_STATE[site],
  pausedUnderDrift: site !== 'mistral',
  // Perplexity shows a link the user wrote as a chip (role=button) inside the prompt: the user's words, not UI.
  ...(site === 'perplexity' ? { ownWords: '.select-text [role="button"]' } : {}),
}));

describe('the named selectors of Claude, Gemini, DeepSeek, Meta AI, Le Chat, Perplexity, Copilot, Grok, Doubao, Poe, Qwen Chat and Kimi', () => {
  it.each(['claude', 'gemini', 'deepseek', 'meta', 'mistral', 'perplexity', 'copilot', 'grok', 'doubao', 'poe', 'qwen', 'kimi'] as const)(
    "%s: every hook finds something on the site's 2026 fixtures, finished or mid-answer",
    (site) => {
      expect(selectorsMatched(site, VARIANTS)).toEqual([]);
    },
  );
});

describeDrift(VARIANTS);
