/**
 * chatgpt.com and chat.openai.com. The site serves three transcript markups side by side (by account,
 * rollout and login state); test/fixtures/sites/README.md names the public sources of each.
 *
 * - a, classic: `[data-message-author-role]` elements with `data-message-id`; a stop button with a testid.
 * - b, logged out and some accounts: `ol[data-conversation-transcript] > li[data-message-role]`; the
 *   li's own id (`pending-<uuid>` at first), `data-message-streaming` / `data-message-complete`.
 * - c, the new UI (from about 2026-09): `[data-turn-key]` turns holding units keyed `<turn>:<n>:user`
 *   and `<turn>:<n>:assistant`; the answer carries its id in `data-chatgpt-selection-message-id`.
 *
 * Each markup has its own reader (`VariantReader`), picked by the message element. One turn can hold
 * several assistant messages (a tool call, an image, then the text; a continuation): they are the
 * parts of one answer, which the tracker puts together (src/tracking/exchanges.ts).
 *
 * Only data-/aria- hooks and structure are read: never UI text (it is localized) and never a hashed
 * class alone. Visually hidden headings ("You said:", "ChatGPT said:") are not part of a message.
 */
import { defineAdapter, type GeneratedImage, type PageMessage, type ReasoningRead, type Role, type SiteAdapter, type SiteFacts } from '../adapter';
import { CHROME_SELECTOR, findMark, firstElement, firstMatching, idInUrl, visibleText } from '../dom';

/** The named primary selectors (page report, drift tests); each a chain of alternatives, the usual one first. */
const HOOKS = {
  messageA: '[data-message-author-role]',
  messageB: 'li[data-message-role]',
  unitC: '[data-chatgpt-search-unit-key], [data-content-search-unit-key]',
  turnLegacy: '[data-testid^="conversation-turn-"][data-turn]',
  turnA: '[data-testid^="conversation-turn-"]',
  turnC: '[data-turn-key]',
  promptB: '[data-user-message-copy]',
  bubble: '[data-user-message-bubble]',
  answerB: '[data-assistant-markdown]',
  answerC: '[data-markdown-text-style="assistant-message"]',
  answerIdC: '[data-chatgpt-selection-message-id]',
  finishedB: '[data-message-complete]',
  streamingB: '[data-message-streaming]',
  stopA: 'button[data-testid="stop-button"]',
  stopB: 'button[data-composer-submit][data-stop-generating]',
  busyC: '[role="status"][aria-busy="true"]',
  conversation: 'section[data-conversation-id]',
  reasoningC: '[data-chatgpt-agent-turn-start]',
  gallery: '[data-testid="generated-image-gallery"]',
  imagePreview: '[data-testid="generated-image-preview"]',
  model: '[data-testid="model-switcher-dropdown-button"], button[data-composer-navigation-target="reasoning"]',
} as const;

/** Message elements, in the order the variants are tried (a page serves one of them). */
const MESSAGE_CHAIN = [HOOKS.messageA, HOOKS.messageB, HOOKS.unitC, HOOKS.turnLegacy];
/** Visually hidden or non-message text inside messages: attribution headings, live regions. */
const SKIP = `${CHROME_SELECTOR},[data-message-attribution],h1[data-conversation-role],h2[data-conversation-role],h3[data-conversation-role],h4[data-conversation-role],h5[data-conversation-role],h6[data-conversation-role],[role="status"],[role="alert"]`;
const USER_SIDE =
  '[data-message-author-role="user"], li[data-message-role="user"], [data-user-message-bubble], [data-chatgpt-search-unit-key$=":user"], [data-content-search-unit-key$=":user"]';
const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING

function unitKey(el: Element): string {
  return el.getAttribute('data-chatgpt-search-unit-key') ?? el.getAttribute('data-content-search-unit-key') ?? '';
}

function roleOf(el: Element): Role | null {
  const role =
    el.getAttribute('data-message-author-role') ?? el.getAttribute('data-message-role') ?? el.getAttribute('data-turn') ?? unitKey(el).split(':').pop() ?? null;
  return role === 'user' || role === 'assistant' ? role : null;
}

const lastToken = (value: string | null | undefined): string | null => value?.trim().split(/\s+/).pop() || null;

/** Math as its source (what the model wrote), not the rendered glyphs or the MathML twice over. */
const MATH = '[data-math-source], .katex';
const mathSource = (el: Element): string | null => el.getAttribute('data-math-source') ?? el.querySelector('annotation')?.textContent ?? null;

function readPart(root: Element): string {
  if (!root.querySelector(MATH)) return visibleText(root, SKIP);
  return visibleText(root, `${SKIP},${MATH}`, mathSource);
}

function turnOf(el: Element): Element | null {
  return el.closest(`${HOOKS.turnC}, [data-content-search-turn-key]`);
}

/** Any message element of any variant (buttons inside one belong to that message, not to a turn's action bar). */
const ANY_MESSAGE = `${HOOKS.messageA}, ${HOOKS.messageB}, ${HOOKS.unitC}`;

/** The answer's own action bar (Copy, Share, ...) has appeared: buttons after it in its turn, outside every message. */
function hasActionBarAfter(answer: Element, turn: Element): boolean {
  for (const button of Array.from(turn.querySelectorAll('button'))) {
    if (answer.compareDocumentPosition(button) & FOLLOWING && !button.closest(ANY_MESSAGE)) return true;
  }
  return false;
}

const CONTENT_BLOCKS = 'p, pre, ul, ol, table, blockquote, .markdown, [data-assistant-markdown], [data-markdown-text-style]';

/** Variants a and b: the reasoning label is a text button above the answer's first content block. */
function labelAboveContent(scope: Element): string | null {
  const firstBlock = Array.from(scope.querySelectorAll(CONTENT_BLOCKS)).find((b) => !b.closest('button') && !b.matches(SKIP));
  for (const button of Array.from(scope.querySelectorAll('button'))) {
    if (firstBlock && !firstBlock.contains(button) && firstBlock.compareDocumentPosition(button) & FOLLOWING) break;
    if (button.hasAttribute('aria-label') || button.hasAttribute('data-testid') || button.closest(USER_SIDE)) continue;
    const text = visibleText(button, SKIP);
    if (text !== '') return text;
  }
  return null;
}

/**
 * How one markup variant is read: each variant's rules in one place (the adapter below picks the
 * reader by the message element, never branches on the variant itself).
 */
interface VariantReader {
  /** The page's own id for a message, or null. */
  pageId(el: Element): string | null;
  /** An id from the markup's structure when the message has none of its own (else the adapter's positional one). */
  derivedId(el: Element, index: number): string | null;
  /**
   * The elements holding a message's own text. A prompt whose own element is missing reads as empty
   * (the tracker then reports the page as not recognized) rather than as the text around it
   * (attachment cards, headings); an answer falls back to its whole message, headings left out.
   */
  textRoots(el: Element, role: Role): Element[];
  /** The answer's own finished mark: true, false (still written) or null (the markup says nothing). */
  finished(el: Element): boolean | null;
  /** Where the answer's reasoning label sits, read as text; null when none. */
  reasoningLabel(el: Element): string | null;
  /** Where the answer's generated images sit. */
  imageScope(el: Element): Element;
  /** True when a prompt as the page's last message means an answer is on its way (the page shows nothing else yet). */
  promptLastIsStreaming: boolean;
  /**
   * What on a page of this markup says an answer is being written (a stop button, a message or image
   * marked as in progress). Only these are searched while the page shows this markup: each is a walk
   * of the whole page, which on a long chat is most of what noticing an answer's end costs.
   */
  streamingMarks: readonly string[];
}

const noDerivedId = (): null => null;

/** A generated image still being drawn (variants a and c). */
const BUSY_IMAGE = `${HOOKS.imagePreview}[aria-busy="true"]`;

/** True when another assistant message of the same turn container comes before this one (a later part of one answer). */
const earlierPartInTurn = (el: Element, turn: Element): boolean => turn.querySelector('[data-message-author-role="assistant"]') !== el;

/** a, classic: `[data-message-author-role]` with `data-message-id`, inside `article[data-testid^=conversation-turn-]`. */
const classic: VariantReader = {
  pageId: (el) => el.getAttribute('data-message-id'),
  derivedId: noDerivedId,
  textRoots: (el) => [el],
  finished(el) {
    if (el.querySelector('.result-streaming')) return false;
    // Every finished answer gets its action bar in its turn container (no container, no signal).
    const turn = el.closest(HOOKS.turnA);
    return turn ? hasActionBarAfter(el, turn) : null;
  },
  reasoningLabel: (el) => labelAboveContent(imageAndLabelScope(el)),
  imageScope: imageAndLabelScope,
  promptLastIsStreaming: false,
  streamingMarks: [HOOKS.stopA, BUSY_IMAGE, '.result-streaming'],
};

/**
 * Variant a keeps an answer's images and reasoning label in its turn container, outside the message
 * elements. One turn can hold several assistant messages (a tool call, an image, then the text):
 * what sits in the container belongs to the first of them, once; a later part reads only itself.
 */
function imageAndLabelScope(el: Element): Element {
  const turn = el.closest(HOOKS.turnA);
  if (!turn) return el;
  return earlierPartInTurn(el, turn) ? el : turn;
}

/** b, logged out and some accounts: `ol[data-conversation-transcript] > li[data-message-role]`. */
const transcriptList: VariantReader = {
  pageId: (el) => el.id || el.getAttribute('data-message-id'),
  derivedId: noDerivedId,
  textRoots(el, role) {
    // The li itself as a last resort: the prompt sits in a button, which is never read as text.
    const parts = firstMatching(el, role === 'user' ? [HOOKS.promptB, HOOKS.bubble] : [HOOKS.answerB]);
    return parts.length > 0 ? parts : [el];
  },
  finished(el) {
    if (el.hasAttribute('data-message-complete')) return true;
    if (el.hasAttribute('data-message-streaming') || el.id.startsWith('pending-')) return false;
    // Between its real id and data-message-complete an answer carries neither mark, so on a page
    // that marks answers complete, no mark means not finished. (The 2026-07 li markup marks nothing.)
    const marks = el.closest('ol[data-conversation-transcript]') || el.querySelector(HOOKS.answerB) || el.ownerDocument.querySelector(`li${HOOKS.finishedB}`);
    return marks ? false : null;
  },
  reasoningLabel: labelAboveContent,
  imageScope: (el) => el,
  promptLastIsStreaming: false,
  streamingMarks: [HOOKS.stopB, `li${HOOKS.streamingB}`, 'li[data-message-role][id^="pending-"]'],
};

/** c, the new UI: `[data-turn-key]` turns holding units keyed `<turn>:<n>:user|assistant`. */
const turnUnits: VariantReader = {
  pageId: (el) =>
    el.querySelector(HOOKS.answerIdC)?.getAttribute('data-chatgpt-selection-message-id') ??
    lastToken(
      el.getAttribute('data-chatgpt-search-message-ids') ??
        el.querySelector('[data-chatgpt-search-message-ids]')?.getAttribute('data-chatgpt-search-message-ids'),
    ),
  derivedId(el, index) {
    // The turn's key and the unit's position in the turn.
    const key = el.closest(HOOKS.turnC)?.getAttribute('data-turn-key');
    return key ? `${key}:${unitKey(el).split(':').slice(-2).join(':') || index}` : null;
  },
  textRoots(el, role) {
    if (role === 'user') {
      const parts = firstMatching(el, [HOOKS.bubble, '[data-content-search-unit-key]']);
      return parts.length > 0 ? parts : el.hasAttribute('data-content-search-unit-key') ? [el] : [];
    }
    const parts = firstMatching(el, [HOOKS.answerC, HOOKS.answerIdC]);
    return parts.length > 0 ? parts : [el];
  },
  finished(el) {
    const turn = turnOf(el);
    if (!turn) return null;
    if (turn.querySelector(`${HOOKS.busyC}, .loading-shimmer`)) return false;
    return hasActionBarAfter(el, turn);
  },
  reasoningLabel(el) {
    const turn = turnOf(el);
    if (!turn) return null;
    // The activity header follows the hidden turn-start marker and precedes the answer unit.
    const starts = Array.from(turn.querySelectorAll(HOOKS.reasoningC)).filter((s) => s.compareDocumentPosition(el) & FOLLOWING);
    const header = starts.at(-1)?.nextElementSibling;
    if (!header) return null;
    const text = visibleText(header, SKIP);
    return text === '' ? null : text;
  },
  imageScope: (el) => el,
  promptLastIsStreaming: true,
  // Its stop button has no testid (only a localized label): the turn's busy status says it instead.
  streamingMarks: [`${HOOKS.turnC} ${HOOKS.busyC}`, BUSY_IMAGE],
};

/** The oldest markup: turn containers with `data-turn` and the message id inside. */
const legacy: VariantReader = {
  pageId: (el) => el.getAttribute('data-turn-id') ?? el.querySelector('[data-message-id]')?.getAttribute('data-message-id') ?? null,
  derivedId: noDerivedId,
  textRoots: (el) => [el],
  finished: (el) => (el.querySelector('.result-streaming') ? false : null),
  reasoningLabel: labelAboveContent,
  imageScope: (el) => el,
  promptLastIsStreaming: false,
  streamingMarks: [HOOKS.stopA, '.result-streaming'],
};

const marksOf = (readers: readonly VariantReader[]): string[] => Array.from(new Set(readers.flatMap((r) => r.streamingMarks)));
/**
 * Every markup's marks: searched while the page shows no message yet (the first answer of a new
 * chat). One pure call, so bundles that need only the site's facts (the popup) drop the readers.
 */
const ANY_STREAMING_MARK = /* @__PURE__ */ marksOf([classic, transcriptList, turnUnits, legacy]);

function readerOf(el: Element): VariantReader {
  if (el.hasAttribute('data-message-author-role')) return classic;
  if (el.tagName === 'LI' && el.hasAttribute('data-message-role')) return transcriptList;
  if (el.hasAttribute('data-chatgpt-search-unit-key') || el.hasAttribute('data-content-search-unit-key')) return turnUnits;
  return legacy;
}

function hasPlaceholderImage(el: Element): boolean {
  return readImages(readerOf(el).imageScope(el), 'placeholder-check').some((i) => !i.ready);
}

function finished(message: PageMessage): boolean | null {
  const el = message.element;
  if (message.role !== 'assistant') return null;
  if (hasPlaceholderImage(el)) return false;
  return readerOf(el).finished(el);
}

function estuaryFileId(src: string | null): string | null {
  if (!src) return null;
  try {
    const url = new URL(src, 'https://chatgpt.com/');
    if (!url.pathname.endsWith('/backend-api/estuary/content')) return null;
    const id = url.searchParams.get('id');
    return id && /^file[-_]/.test(id) ? id : null;
  } catch {
    return null;
  }
}

const readyImage = (img: Element | null): boolean => {
  const src = img?.getAttribute('src') ?? '';
  return estuaryFileId(src) !== null || /^(blob|https):/.test(src);
};

/**
 * Generated images in an answer. A gallery holds one preview button per image. The key is the
 * message id and the image's position in the answer: it stays the same from the placeholder to the
 * final image, across re-renders, and whether the page shows an estuary URL or a blob: URL (the new
 * UI uses blob: URLs, which change on every render). Without a message id, the estuary file id.
 * Two previews of one file count once. A preview without a loaded image, or busy, is a placeholder.
 */
function readImages(scope: Element, messageId: string | null): GeneratedImage[] {
  const out: GeneratedImage[] = [];
  const files = new Set<string>();
  const add = (fileId: string | null, ready: boolean): void => {
    if (fileId !== null) {
      if (files.has(fileId)) return;
      files.add(fileId);
    }
    const index = out.length;
    const key = messageId !== null ? `${messageId}:image:${index}` : fileId !== null ? `file:${fileId}` : null;
    if (key !== null) out.push({ key, ready });
  };
  // One preview button per image; without the preview testid, each child of the gallery is one image.
  let images = Array.from(scope.querySelectorAll(HOOKS.imagePreview));
  if (images.length === 0) images = Array.from(scope.querySelectorAll(HOOKS.gallery)).flatMap((g) => Array.from(g.children));
  images = images.filter((p) => !p.closest(USER_SIDE));
  for (const image of images) {
    const imgs = Array.from(image.querySelectorAll('img'));
    const fileId = imgs.map((i) => estuaryFileId(i.getAttribute('src'))).find((id) => id) ?? null;
    const busy = image.getAttribute('aria-busy') === 'true' || image.querySelector('[aria-busy="true"]') !== null;
    add(fileId, !busy && imgs.some(readyImage));
  }
  if (images.length > 0) return out;
  // Older markup: the generated image inside its own image container (no gallery testids).
  for (const img of Array.from(scope.querySelectorAll('[id^="image-"] img, .imagegen-image img'))) {
    const fileId = estuaryFileId(img.getAttribute('src'));
    if (fileId !== null && !img.closest(USER_SIDE)) add(fileId, true);
  }
  return out;
}

/** The newest message element of the page's variant, without reading the others. */
function lastMessage(doc: Document): Element | null {
  for (const selector of MESSAGE_CHAIN) {
    const found = doc.querySelectorAll(selector);
    if (found.length > 0) return found[found.length - 1];
  }
  return null;
}

/** What the site is: src/sites/index.ts derives hosts, manifest matches, labels and model keys from it. */
export const chatgptSite: SiteFacts = {
  site: 'chatgpt',
  label: 'chatgpt.com',
  hosts: ['chatgpt.com', 'chat.openai.com'],
  modelFamily: 'alpha',
  conversationUrls: ['/c/:id', '/g/*/c/:id', '/uc/:id'],
  version: 2,
};

/** The hooks as the page report and the drift tests take them: alternatives split into chains. */
const HOOK_CHAINS = Object.fromEntries(Object.entries(HOOKS).map(([name, selector]) => [name, selector.split(', ')]));

export const chatgpt: SiteAdapter = /* @__PURE__ */ defineAdapter(chatgptSite, {
  hooks: HOOK_CHAINS,
  streamingSignal: 'reliable',
  sendButtonSelector: '[data-testid="send-button"], #composer-submit-button, button[data-composer-submit]:not([data-stop-generating])',

  findTurns(doc) {
    const conversation = chatgpt.conversationId(doc.location?.href ?? '') ?? chatgpt.conversationIdInPage?.(doc) ?? 'new';
    const out: PageMessage[] = [];
    firstMatching(doc, MESSAGE_CHAIN).forEach((element, index) => {
      const role = roleOf(element);
      if (!role) return;
      const reader = readerOf(element);
      const own = reader.pageId(element);
      out.push({ id: own ?? reader.derivedId(element, index) ?? `${conversation}:${index}:${role}`, role, element, pageId: own !== null });
    });
    return out;
  },

  readText({ element, role }) {
    return readerOf(element)
      .textRoots(element, role)
      .map(readPart)
      .filter((t) => t !== '')
      .join('\n');
  },

  readReasoning(answer): ReasoningRead | null {
    if (answer.role !== 'assistant') return null;
    const durationLabel = readerOf(answer.element).reasoningLabel(answer.element);
    // The thoughts themselves show only in a side panel after a click: never on the page.
    return durationLabel === null ? null : { text: null, summaryOnly: false, durationLabel };
  },

  generatedImages(answer) {
    if (answer.role !== 'assistant') return [];
    return readImages(readerOf(answer.element).imageScope(answer.element), answer.pageId ? answer.id : null);
  },

  answerFinished: finished,

  streaming(doc) {
    // The page's markup from its first message (found near the top, without walking the page).
    const first = firstElement(doc, MESSAGE_CHAIN);
    const mark = findMark(doc, first ? readerOf(first).streamingMarks : ANY_STREAMING_MARK);
    if (mark) return mark;
    const last = lastMessage(doc);
    const role = last && roleOf(last);
    if (!last || !role) return null;
    if (role === 'user' && readerOf(last).promptLastIsStreaming) return 'unmarked';
    // An answer its page marks as not finished yet (a, b and c all have a mark) is still coming.
    return role === 'assistant' && finished({ id: '', role, element: last, pageId: false }) === false ? 'unmarked' : null;
  },

  readModelLabel(doc, answer) {
    // The answer's own slug; else the newest one on the page (the whole page is walked only then).
    const own = answer?.element.closest('[data-message-model-slug]');
    const assistants = own ? [own] : doc.querySelectorAll('[data-message-model-slug]');
    const slug = assistants[assistants.length - 1]?.getAttribute('data-message-model-slug');
    if (slug) return slug;
    const picker = firstElement(doc, HOOKS.model.split(', '));
    const text = picker ? visibleText(picker, SKIP) : '';
    return text === '' ? null : text;
  },

  conversationId(url) {
    const id = idInUrl(url, chatgptSite.conversationUrls);
    // A new chat shows /c/local-<uuid> until the server gives it its id: not a conversation yet.
    return id && !id.startsWith('local-') ? id : null;
  },

  conversationIdInPage(doc) {
    const section = doc.querySelector(HOOKS.conversation)?.getAttribute('data-conversation-id');
    if (section) return section;
    const c = doc.querySelector('[data-chatgpt-selection-conversation-id]')?.getAttribute('data-chatgpt-selection-conversation-id');
    if (c) return c;
    const composer = doc.querySelector('[data-above-composer-conversation-id]')?.getAttribute('data-above-composer-conversation-id');
    return composer ? composer.replace(/^chatgpt:/, '') || null : null;
  },
});
