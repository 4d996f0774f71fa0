/**
 * What a chat site is, as data: the shape of each site's one data module (src/sites/<site>/facts.ts).
 * Its reader reads the page with the selectors named here, the page report counts them and the
 * drift tests remove and rename them; the registry (src/sites/index.ts), the manifest and the popup
 * read the rest. This file imports nothing, so the site list (src/domain/site-ids.ts) can be derived
 * from the data modules without a cycle.
 */

/**
 * A conversation URL's path, segment by segment from the start of the path: a literal segment,
 * `*` for any one segment, `:id` for the conversation id. `/g/*\/c/:id` reads `/g/g-abc/c/123` as 123.
 */
export type ConversationUrl = `/${string}`;

/**
 * The named primary selectors a reader relies on, each a chain of alternatives (one per markup
 * variant), the usual one first: the page report says which matched, and the drift tests remove or
 * rename each in turn. Named by role (`message`, `prompt`, `answer`, `stop`, ...). `model` is where
 * the page shows the model in use (its picker): the model-label reader reads its text.
 */
export type SiteSelectors = Readonly<Record<string, readonly string[]>>;

/**
 * The reader's other selectors, a selector or a chain each: fallbacks for older markup, parts of
 * composite selectors, what is left out of a text. Not hooks: the drift tests leave them alone.
 */
export type OtherSelectors = Readonly<Record<string, string | readonly string[]>>;

/**
 * Where the page names the model in use besides the `model` selector (`SiteSelectors`), read by one
 * reader in the kit (src/sites/model-label.ts), each tried in this order:
 * - `answerAttribute`: an attribute on the answer (or an element around it) naming the model that wrote it;
 * - the `model` selector: the first match's text is the label (its visible text without chrome and
 *   `skip`, where a `skip` is given);
 * - `checked`: a selector for the checked one of a set of options (a mode's radio); its text;
 * - `pressed`: a toggle that names a model when it is pressed (`aria-pressed`, or `pressedClass`).
 * `answerAttribute` without an answer reads the newest answer's, after `model` and `checked`:
 * what the page shows for the next prompt comes before what an earlier answer was written with.
 */
export interface ModelLabelSource {
  readonly answerAttribute?: string;
  readonly skip?: string;
  readonly checked?: string;
  readonly pressed?: { readonly selector: string; readonly pressedClass?: string; readonly label: string };
}

/** A site's one data module: what it is and where its page keeps what the reader reads. */
export interface SiteData<Id extends string = string> {
  readonly site: Id;
  /**
   * Hostnames the content script runs on, main one first. Each becomes the manifest match
   * `https://<host>/*`; the main one, without `www.`, is the site as the popup names it.
   */
  readonly hosts: readonly string[];
  /**
   * The family prefix of the site's model keys in data/models.json (`alpha` for `alpha-5.6-terra`).
   * Keys without a family prefix that data/site-models.json names for the site belong to it too.
   */
  readonly modelFamily: string;
  /** The page URLs that name a conversation, tried in order (see `ConversationUrl`). */
  readonly conversationUrls: readonly ConversationUrl[];
  /** An id the URL shows for a chat the site has not saved yet (ChatGPT's `/c/local-<uuid>`): not a conversation. */
  readonly draftIdPrefix?: string;
  /** Bumped whenever the selectors change; goes into page reports. */
  readonly version: number;
  /** The named primary selectors (see `SiteSelectors`). */
  readonly selectors: SiteSelectors;
  /** Where the page names the model besides the `model` selector (see `ModelLabelSource`). */
  readonly modelLabel?: ModelLabelSource;
}

/**
 * A site's data module, checked against `SiteData` and typed as written, so that its reader sees
 * each selector it named (`site.selectors.answer` is a chain, never undefined) and the site list
 * (src/domain/site-ids.ts) sees its id as a literal.
 */
export const defineSite = <const D extends SiteData & { readonly otherSelectors?: OtherSelectors }>(data: D): D => data;

/** Stop buttons as most sites label them (English and data attributes; used only as one signal among others). */
export const GENERIC_STOP = ['button[aria-label*="Stop" i]', '[role="button"][aria-label*="Stop" i]', '[data-testid*="stop" i]'];

/** A site's manifest match patterns: `https://<host>/*` for each host it declares. */
export const matchesOf = (site: Pick<SiteData, 'hosts'>): string[] => site.hosts.map((host) => `https://${host}/*`);
