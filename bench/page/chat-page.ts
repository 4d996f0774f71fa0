/**
 * The page the page bench serves at https://chatgpt.com/c/<id>: a ChatGPT conversation of 200
 * question/answer turns, then a new prompt whose 2,000-token answer streams in.
 *
 * The markup follows the real captures of chatgpt.com (ChatGPT markup a; the MIT snapshots of
 * revivalstack/ai-chat-exporter, reference-html-dom, kept in the shared real-dom fixtures):
 * every turn a `section[data-testid=conversation-turn-N][data-turn]` with its visually hidden
 * heading, the message `div[data-message-author-role][data-message-id]` a few wrappers down, and
 * after it the turn's action bar (`[role=group]`: Copy, Good, Bad, Share, Switch model, More on an
 * answer; Copy and Edit on a prompt), each button with its icon. The composer is the real one's
 * shape: a contenteditable `#prompt-textarea` and one submit button that is the send button when
 * idle and the stop button while an answer is written (the same element, its icon swapped).
 *
 * Sending: the prompt is typed into the composer and Enter pressed (both extensions watch that),
 * the prompt's turn appears, the submit button turns into the stop button, the answer's turn
 * appears and grows one chunk per 16 ms, in paragraphs, with a pause of PAUSE_MS halfway (the
 * model thinking; the stop button stays). At the end the answer gets its action bar and the
 * button turns back into the send button.
 */
import type { BrowserContext } from 'playwright-core';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

export const TURNS = 200;
export const UPDATES = 500;
export const UPDATE_MS = 16;
export const PAUSE_MS = 3_000;
export const CONVERSATION = 'bench-conversation';
export const PAGE_URL = `https://chatgpt.com/c/${CONVERSATION}`;
/** The streamed answer's message id (the page's own, as ChatGPT gives every message one). */
export const NEW_ANSWER_ID = 'a-new';

/** One turn of the conversation already on the page, as an adapter reads it (paragraphs joined by a line break). */
export interface HistoryTurn {
  promptId: string;
  answerId: string;
  prompt: string;
  answer: string;
}

export interface ChatPage {
  html: string;
  historyTokens: number;
  history: HistoryTurn[];
  prompt: string;
  answerText: string;
  updates: number;
}

/** Deterministic text that tokenizes like prose mixed with a little code. */
function* words(seed: number): Generator<string> {
  const vocab = (
    'the energy of a data center depends on cooling load and the grid carbon intensity while water use follows evaporation ' +
    'inference tokens model context window latency throughput efficiency renewable turbine solar battery storage region ' +
    'kilowatt hour emissions estimate measure compare average peak demand supply chain hardware accelerator memory bandwidth'
  ).split(' ');
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const w = vocab[x % vocab.length];
    yield x % 17 === 0 ? `${w}.` : x % 11 === 0 ? `${w},` : x % 97 === 0 ? `${w}_${x % 1000}()` : w;
  }
}

/** At least `tokens` o200k tokens of text. */
export function textOfTokens(seed: number, tokens: number): string {
  const gen = words(seed);
  const out: string[] = [];
  while (countTokens(out.join(' ')) < tokens) for (let i = 0; i < 50; i++) out.push(gen.next().value);
  return out.join(' ');
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

// ---- Markup, after the real captures ----------------------------------------------

const SPRITE = '/cdn/assets/sprites-core-gmavja41.svg';
const icon = (id: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20" aria-hidden="true" class="icon"><use href="${SPRITE}#${id}" fill="currentColor"></use></svg>`;
const SECTION_CLASS =
  'text-token-text-primary w-full focus:outline-none [--shadow-height:45px] has-data-writing-block:pointer-events-none has-data-writing-block:-mt-(--shadow-height) has-data-writing-block:pt-(--shadow-height) [&amp;:has([data-writing-block])&gt;*]:pointer-events-auto scroll-mt-(--header-height)';
const OUTER_CLASS =
  'text-base my-auto mx-auto [--thread-content-margin:var(--thread-content-margin-xs,calc(var(--spacing)*4))] @w-sm/main:[--thread-content-margin:var(--thread-content-margin-sm,calc(var(--spacing)*6))] @w-lg/main:[--thread-content-margin:var(--thread-content-margin-lg,calc(var(--spacing)*16))] px-(--thread-content-margin)';
const INNER_CLASS =
  '[--thread-content-max-width:40rem] @w-lg/main:[--thread-content-max-width:48rem] mx-auto max-w-(--thread-content-max-width) flex-1 group/turn-messages focus-visible:outline-hidden relative flex w-full min-w-0 flex-col';
const MESSAGE_CLASS =
  'min-h-8 text-message relative flex w-full flex-col items-end gap-2 text-start break-words whitespace-normal outline-none keyboard-focused:focus-ring [.text-message+&amp;]:mt-1';
const BAR_CLASS =
  'touch:-me-2 touch:-ms-3.5 -ms-2.5 -me-1 flex flex-wrap items-center gap-y-4 p-1 select-none focus-within:transition-none hover:transition-none touch:pointer-events-auto pointer-events-none group-hover/turn-messages:pointer-events-auto group-focus-within/turn-messages:pointer-events-auto has-data-[state=open]:pointer-events-auto';
const BUTTON_CLASS = 'text-token-text-secondary hover:bg-token-bg-secondary rounded-lg';
const barButton = (label: string, testid: string | null, iconId: string) =>
  `<button class="${BUTTON_CLASS}" aria-label="${label}"${testid ? ` data-testid="${testid}"` : ''} data-state="closed"><span class="flex items-center justify-center touch:w-10 h-8 w-8">${icon(iconId)}</span></button>`;

const PROMPT_BAR = `<div class="z-0 flex justify-end"><div aria-label="Your message actions" class="${BAR_CLASS}" role="group" tabindex="-1">${barButton('Copy message', 'copy-turn-action-button', 'ce3544')}${barButton('Edit message', null, '6d87e1')}</div></div>`;
/** An answer's action bar: it appears when the answer is finished. */
export const ANSWER_BAR =
  `<div class="z-0 flex min-h-[46px] justify-start"><div aria-label="Response actions" class="${BAR_CLASS}" role="group" tabindex="-1">` +
  barButton('Copy response', 'copy-turn-action-button', 'ce3544') +
  barButton('Good response', 'good-response-turn-action-button', '51ed0c') +
  barButton('Bad response', 'bad-response-turn-action-button', '11fd3a') +
  barButton('Share', null, '630ca2') +
  `<span data-state="closed"><button type="button" aria-haspopup="menu" aria-expanded="false" data-state="closed" class="cursor-pointer text-token-text-secondary hover:bg-token-bg-secondary h-[30px] rounded-md px-1.5" aria-label="Switch model"><div class="flex items-center">${icon('3c8a4f')}</div></button></span>` +
  `<button class="text-token-text-secondary hover:bg-token-bg-secondary flex h-8 w-8 items-center justify-center rounded-lg" aria-label="More actions" type="button" aria-haspopup="menu" aria-expanded="false" data-state="closed">${icon('f6d0e2')}</button>` +
  `</div></div>`;

const promptTurn = (n: number, id: string, text: string) =>
  `<section class="${SECTION_CLASS}" dir="auto" data-turn-id="${id}" data-testid="conversation-turn-${n}" data-scroll-anchor="false" data-turn="user"><h4 class="sr-only select-none">You said:</h4><div class="${OUTER_CLASS} pt-3"><div class="${INNER_CLASS}"><div class="flex max-w-full flex-col gap-4 grow"><div data-message-author-role="user" data-message-id="${id}" dir="auto" class="${MESSAGE_CLASS}"><div class="flex w-full flex-col gap-1 empty:hidden items-end rtl:items-start"><div class="user-message-bubble-color relative rounded-[22px] px-4 py-2.5 leading-6 max-w-(--user-chat-width,70%)"><div class="whitespace-pre-wrap">${esc(text)}</div></div></div></div></div>${PROMPT_BAR}</div></div><span class="sr-only"><br></span></section>`;

/** An answer's turn; `body` is its rendered markdown, `bar` its action bar (none while it is written). */
const answerTurn = (n: number, id: string, body: string, bar: string) =>
  `<section class="${SECTION_CLASS}" dir="auto" data-turn-id="${id}" data-testid="conversation-turn-${n}" data-scroll-anchor="false" data-turn="assistant"><h4 class="sr-only select-none">ChatGPT said:</h4><div class="${OUTER_CLASS}"><div class="${INNER_CLASS} agent-turn"><div class="flex max-w-full flex-col gap-4 grow"><div data-message-author-role="assistant" data-message-id="${id}" dir="auto" data-message-model-slug="gpt-4o" class="${MESSAGE_CLASS}"><div class="flex w-full flex-col gap-1 empty:hidden"><div class="markdown prose dark:prose-invert w-full wrap-break-word light markdown-new-styling">${body}</div></div></div></div>${bar}</div></div><span class="sr-only"><br></span></section>`;

const SEND_ICON = icon('01bab7');
const STOP_ICON = icon('e0a9c3');
const COMPOSER = `<form class="group/composer w-full" data-type="unified-composer"><div class="bg-token-bg-primary flex flex-col rounded-[28px]"><div class="relative flex min-h-14 flex-auto items-start"><div contenteditable="true" translate="no" class="ProseMirror" id="prompt-textarea" data-virtualkeyboard="true" role="textbox" aria-multiline="true"><p data-placeholder="Ask anything" class="placeholder"><br class="ProseMirror-trailingBreak"></p></div></div><div class="ms-auto flex items-center gap-1.5"><span data-state="closed"><button aria-label="Dictate button" type="button" class="composer-btn h-9 min-h-9 w-9 min-w-9">${icon('29f921')}</button></span><span data-state="closed"><button disabled="" id="composer-submit-button" aria-label="Send prompt" data-testid="send-button" class="composer-submit-btn composer-submit-button-color h-9 w-9">${SEND_ICON}</button></span></div></div></form>`;

export function buildChatPage(): ChatPage {
  const turns: string[] = [];
  const history: HistoryTurn[] = [];
  let historyTokens = 0;
  for (let i = 0; i < TURNS; i++) {
    const prompt = textOfTokens(i * 2 + 1, 40);
    const paragraphs = [0, 1, 2].map((k) => textOfTokens(i * 10 + k + 7, 230));
    const turn = { promptId: `u-${i}`, answerId: `a-${i}`, prompt, answer: paragraphs.join('\n') };
    history.push(turn);
    historyTokens += countTokens(turn.prompt) + countTokens(turn.answer);
    turns.push(
      promptTurn(2 * i + 1, turn.promptId, prompt),
      answerTurn(2 * i + 2, turn.answerId, paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n'), ANSWER_BAR),
    );
  }
  const prompt = 'Summarize what we discussed about cooling and water, with numbers.';
  // 2,000 tokens in UPDATES chunks, 10 paragraphs.
  const answerWords = textOfTokens(9_999, 2_000).split(' ');
  const chunks = Array.from({ length: UPDATES }, (_, i) =>
    answerWords.slice(Math.floor((i * answerWords.length) / UPDATES), Math.floor(((i + 1) * answerWords.length) / UPDATES)).join(' '),
  );
  const paragraphs: string[][] = [];
  chunks.forEach((c, i) => {
    const p = Math.floor((i * 10) / chunks.length);
    (paragraphs[p] ??= []).push(paragraphs[p].length ? ` ${c}` : c);
  });
  const answerText = paragraphs.map((p) => p.join('')).join('\n');
  const n = 2 * TURNS;
  const script = `
    window.__updates = 0; window.__streamDone = false;
    window.__startStream = async function () {
      const thread = document.getElementById('thread');
      const box = document.getElementById('prompt-textarea');
      const submit = document.getElementById('composer-submit-button');
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
      box.innerHTML = '<p></p>';
      box.firstChild.textContent = ${JSON.stringify(prompt)};
      submit.removeAttribute('disabled');
      box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
      box.innerHTML = ${JSON.stringify('<p data-placeholder="Ask anything" class="placeholder"><br class="ProseMirror-trailingBreak"></p>')};
      const turn = (html) => { const t = document.createElement('template'); t.innerHTML = html; return t.content.firstElementChild; };
      thread.appendChild(turn(${JSON.stringify(promptTurn(n + 1, 'u-new', prompt))}));
      submit.setAttribute('data-testid', 'stop-button');
      submit.setAttribute('aria-label', 'Stop streaming');
      submit.replaceChildren(turn(${JSON.stringify(STOP_ICON)}));
      const answer = turn(${JSON.stringify(answerTurn(n + 2, NEW_ANSWER_ID, '', ''))});
      thread.appendChild(answer);
      const body = answer.querySelector('.markdown');
      const paragraphs = ${JSON.stringify(paragraphs)};
      for (const [k, para] of paragraphs.entries()) {
        if (k === paragraphs.length / 2) await sleep(${PAUSE_MS});
        const p = document.createElement('p');
        body.appendChild(p);
        for (const chunk of para) {
          p.textContent += chunk;
          window.__updates++;
          await sleep(${UPDATE_MS});
        }
      }
      answer.querySelector('.agent-turn').insertAdjacentHTML('beforeend', ${JSON.stringify(ANSWER_BAR)});
      submit.setAttribute('data-testid', 'send-button');
      submit.setAttribute('aria-label', 'Send prompt');
      submit.setAttribute('disabled', '');
      submit.replaceChildren(turn(${JSON.stringify(SEND_ICON)}));
      window.__streamEndAt = performance.now();
      window.__watchLabel?.();
      window.__streamDone = true;
    };`;
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>ChatGPT</title></head><body><div id="__next"><main class="relative h-full w-full flex-1"><div id="thread" class="flex flex-col text-sm">${turns.join('')}</div>${COMPOSER}</main></div><script>${script}</script></body></html>`;
  return { html, historyTokens, history, prompt, answerText, updates: chunks.length };
}

/** Serves the page at its real URL (no network): the document, and a 404 for everything else there. */
export async function serveChatPage(context: BrowserContext, html: string): Promise<void> {
  await context.route('https://chatgpt.com/**', (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
      : route.fulfill({ status: 404, body: '' }),
  );
}

/**
 * A page script that notes when a label element (`tag`) first appears in the streamed answer's
 * turn, so the bench can tell the label's delay after the answer's end. The stream starts it when
 * it ends: it costs the page nothing while the answer streams.
 */
export const WATCH_LABEL = (tag: string) => `
  window.__watchLabel = function () {
    const turn = document.querySelector('[data-message-id="${NEW_ANSWER_ID}"]').closest('section');
    const seen = () => { if (turn.querySelector('${tag}')) { window.__labelAt = performance.now(); return true; } return false; };
    if (seen()) return;
    const mo = new MutationObserver(() => { if (seen()) mo.disconnect(); });
    mo.observe(turn, { childList: true, subtree: true });
  };`;
