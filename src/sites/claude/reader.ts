/**
 * claude.ai. No message ids in the page, so ids are derived from the conversation and the prompt.
 *
 * - Prompts are `[data-testid="user-message"]`; answers `.font-claude-response`, inside a wrapper
 *   whose `data-is-streaming` says whether the answer is still being written.
 * - A thinking block is a toggle button (its label a summary such as "Thought process", in older
 *   markup with a `tabular-nums` duration) followed by a collapsible region that holds the thinking
 *   text even while collapsed (exporters that read the whole answer exported the thinking instead of
 *   the answer). The answer's own text is everything else.
 * - An answer that uses tools is still one container: its text parts (each a `.standard-markdown`)
 *   with tool blocks between them (a web search, the analysis tool: built like the thinking block,
 *   but without `.font-ui`) and artifact cards (buttons). Sources in test/fixtures/sites/README.md.
 */
import { defineAdapter } from '../adapter';
import { type ReasoningRead, type SiteAdapter } from '../types';
import { claudeSite } from './facts';
import { byRole, CHROME_SELECTOR, derivedIds, firstMatching, joinTexts, labelText, lastOf, streamingBy, visibleText } from '../dom';

const { selectors: S, otherSelectors: O } = claudeSite;
const STREAMING_FLAG = S.streaming[0];
const MARKDOWN = S.answerText[0];

/**
 * The collapsible blocks inside an answer (thinking, and tool blocks built the same way): a toggle
 * button and the region after it that holds text. Toggles are known by aria-expanded, else (a
 * renamed attribute) by that shape: any button followed by a sibling with text.
 */
function collapsibles(answer: Element): Array<{ toggle: Element; region: Element }> {
  const shaped = (buttons: Element[]) =>
    buttons.flatMap((toggle) => {
      const region = toggle.nextElementSibling;
      return region && !region.matches('button') && visibleText(region) !== '' ? [{ toggle, region }] : [];
    });
  const marked = shaped(Array.from(answer.querySelectorAll(S.thinkingToggle[0])));
  return marked.length ? marked : shaped(Array.from(answer.querySelectorAll('button')));
}

/** Expanded by aria-expanded, else by the region's open grid row (the collapsed one is 0fr). */
function expanded({ toggle, region }: { toggle: Element; region: Element }): boolean {
  const aria = toggle.getAttribute('aria-expanded');
  if (aria !== null) return aria === 'true';
  return /grid-template-rows:\s*1fr/.test(region.getAttribute('style') ?? '');
}

const inside = (el: Element, regions: Element[]): boolean => regions.some((r) => r.contains(el));

/** Visible text of `root` without the given regions (block by block around them). */
function textOutside(root: Element, regions: Element[]): string {
  if (!inside(root, regions) && !regions.some((r) => root.contains(r))) return visibleText(root);
  if (inside(root, regions)) return '';
  return joinTexts(
    Array.from(root.children).filter((child) => !child.matches(CHROME_SELECTOR)),
    (child) => textOutside(child, regions),
  );
}

/** The newest answer only: no ids or texts needed (this runs on every page change). */
const newestAnswer = (doc: Document): Element | undefined => lastOf(firstMatching(doc, S.answer).filter((el) => !el.closest(O.artifact)));

function streamingFlag(answer: Element): string | null {
  return (answer.closest(STREAMING_FLAG) ?? answer.querySelector(STREAMING_FLAG))?.getAttribute('data-is-streaming') ?? null;
}

export const claude: SiteAdapter = defineAdapter(claudeSite, {
  streamingSignal: 'reliable',
  sendButtonSelector: 'button[aria-label="Send message"], button[aria-label="Send Message"], [data-testid="send-button"]',

  findTurns(doc, conversation) {
    const found = byRole(doc, S.prompt, S.answer).filter(({ element }) => !element.closest(O.artifact));
    return derivedIds(conversation(), found);
  },

  /**
   * What the model wrote as text: every text part, without the thinking and without the tool blocks
   * between the parts. A tool block's label ("Searched the web", "Analyzed data") is the page's, its
   * results are the tool's output; the query or code the model wrote for the tool shares that
   * region with the output (collapsed by default), so it is left out with it. An artifact's card is
   * a button (chrome), its content lives in a side panel.
   */
  readText({ role, element }) {
    if (role === 'user') return visibleText(element);
    const regions = collapsibles(element).map((c) => c.region);
    const parts = Array.from(element.querySelectorAll(MARKDOWN)).filter((md) => !inside(md, regions) && !md.parentElement?.closest(MARKDOWN));
    return joinTexts(parts.length ? parts : [element], (p) => textOutside(p, regions));
  },

  /**
   * Expanded, the thinking text is counted as shown. Collapsed, only its summary line is visible:
   * that is what is counted, marked as a summary. The older duration label is passed on as shown.
   * A tool block is never the thinking, even when it comes first ("Searched the web" is no reasoning).
   */
  readReasoning({ element }): ReasoningRead | null {
    const block = collapsibles(element).find(({ region }) => region.querySelector(O.thinkingText));
    if (!block) return null;
    const duration = labelText(block.toggle.querySelector(O.duration));
    const summary = visibleText(block.toggle, `${CHROME_SELECTOR}, ${O.duration}`);
    const durationLabel = duration ?? (/\d/.test(summary) ? summary : null);
    if (expanded(block)) return { text: visibleText(block.region) || null, summaryOnly: false, durationLabel };
    return { text: summary || null, summaryOnly: true, durationLabel };
  },

  lazyReaders: true,

  /**
   * Streaming while an answer says so or a stop button shows. An answer without the streaming flag
   * at all (the markup changed) is taken as unfinished: it is then never counted, and the tracker
   * reports the page as not recognized, rather than counting an answer that may still grow.
   */
  streaming: (doc) => streamingBy(doc, S.stop, newestAnswer, (answer) => streamingFlag(answer) === null),

  answerFinished(answer) {
    const flag = streamingFlag(answer);
    return flag === 'true' ? false : flag === 'false' ? true : null;
  },
});
