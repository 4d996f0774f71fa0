/**
 * ChatGPT's variant fixtures for drift tests, each with the state it shows mid-answer (the last
 * answer half written, the page still generating). Shaped like the drift harness's `Variant`
 * (test/unit/support/drift-harness.ts), so the shared harness can run them too.
 */

export interface ChatgptVariant {
  site: 'chatgpt';
  name: string;
  file: string;
  url: string;
  /** Turns the loaded (finished) page into the same page paused mid-answer: the last answer partial, the page still generating. */
  pause(doc: Document): void;
  /** Optional clean-up so the finished state really is finished (fixtures that also show a pending answer). */
  finish?(doc: Document): void;
}

function truncateLastAnswer(el: Element | null | undefined): void {
  const blocks = el ? Array.from(el.querySelectorAll('p')) : [];
  const last = blocks.at(-1);
  if (last) last.textContent = (last.textContent ?? '').slice(0, Math.ceil((last.textContent ?? '').length / 2));
}

const pauseA = (doc: Document) => {
  const articles = doc.querySelectorAll('[data-testid^="conversation-turn-"]');
  const last = articles[articles.length - 1];
  last.querySelectorAll('[data-testid="copy-turn-action-button"]').forEach((b) => b.closest('div')?.remove());
  truncateLastAnswer(last);
  doc.body.insertAdjacentHTML('beforeend', '<button data-testid="stop-button" aria-label="Stop streaming"></button>');
};

/** b, after the id switch: the li has its real id and neither mark yet (the live capture's notes). */
const pauseB = (doc: Document) => {
  const lis = doc.querySelectorAll('li[data-message-role="assistant"]');
  const li = lis[lis.length - 1];
  li.removeAttribute('data-message-complete');
  li.querySelector('[data-assistant-message-actions]')?.remove();
  truncateLastAnswer(li);
  const submit = doc.querySelector('button[data-composer-submit]')!;
  submit.setAttribute('data-stop-generating', '');
  submit.setAttribute('aria-label', submit.getAttribute('data-stop-label') ?? 'Stop');
};

/** b, just mounted: li#pending-<uuid> with data-message-streaming. */
const pauseBPending = (doc: Document) => {
  pauseB(doc);
  const lis = doc.querySelectorAll('li[data-message-role="assistant"]');
  const li = lis[lis.length - 1];
  li.id = `pending-${li.id}`;
  li.setAttribute('data-message-streaming', '');
};

const pauseC = (doc: Document) => {
  const turns = doc.querySelectorAll('[data-turn-key]');
  const turn = turns[turns.length - 1];
  // Everything after the turn's blocks (the action bar, a rating prompt) only comes when the answer is done.
  const block = turn.querySelector('[data-content-search-unit-key$=":assistant"]')!.closest('.block-BQZwFn, .flex.flex-col.gap-3 > *')!;
  while (block.nextElementSibling) block.nextElementSibling.remove();
  truncateLastAnswer(turn.querySelector('[data-content-search-unit-key$=":assistant"]'));
  turn.querySelector('.group')!.insertAdjacentHTML('beforeend', '<span class="sr-only" role="status" aria-busy="true">ChatGPT is responding</span>');
};

export const CHATGPT_DRIFT_VARIANTS: ChatgptVariant[] = [
  { site: 'chatgpt', name: 'a, classic (fixture)', file: 'sites/chatgpt.html', url: 'https://chatgpt.com/c/drift-a', pause: pauseA },
  {
    site: 'chatgpt',
    name: 'a, real snapshot (2 pairs)',
    file: 'real-dom/chatgpt-dom-2question-ans-pairs.html',
    url: 'https://chatgpt.com/c/drift-a2',
    pause: pauseA,
  },
  {
    site: 'chatgpt',
    name: 'a, answers in several messages (tool call, image, continuation)',
    file: 'sites/chatgpt-multipart.html',
    url: 'https://chatgpt.com/c/drift-am',
    pause: pauseA,
  },
  { site: 'chatgpt', name: 'b, zh-CN (live capture)', file: 'sites/chatgpt-b-zh.html', url: 'https://chatgpt.com/uc/drift-b', pause: pauseBPending },
  { site: 'chatgpt', name: 'b, en', file: 'sites/chatgpt-b-en.html', url: 'https://chatgpt.com/uc/drift-b', pause: pauseB },
  { site: 'chatgpt', name: 'c, en (live recording)', file: 'sites/chatgpt-c-en.html', url: 'https://chatgpt.com/c/drift-c', pause: pauseC },
  { site: 'chatgpt', name: 'c, ja', file: 'sites/chatgpt-c-ja.html', url: 'https://chatgpt.com/c/drift-c', pause: pauseC },
  {
    site: 'chatgpt',
    name: 'c, generated images',
    file: 'sites/chatgpt-images.html',
    url: 'https://chatgpt.com/c/drift-ci',
    // The fixture's second answer is still generating its image: the finished page is the first turn only.
    finish: (doc) => doc.querySelectorAll('[data-turn-key]')[1].parentElement!.remove(),
    pause: pauseC,
  },
];
