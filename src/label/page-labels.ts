/**
 * The page labels of one chat page: a label after each answer the tracker counted (or skipped,
 * saying so), kept by turnId. They listen to every event on the tracker's one channel
 * (src/tracking/page-events.ts): where a turn's answer is, then the worker's reply with its footprint;
 * the events come from the tracker's quiet scans and the worker's replies, so nothing here runs per
 * mutation or searches the page. Answers already on the page when it loads (a reload, a reopened
 * conversation) get their label back from the reply to their conversation/seed batch when they were
 * counted before; those never counted (from before the extension was installed) get none. When the
 * site re-renders its messages, the next quiet scan (which already has the message list) puts a
 * detached label back after its answer, or after the new element with the same message id. A
 * live answer's verdict (its footprint, or why it was not counted) is said once by the page's
 * announcer, which goes into the page empty when a prompt is sent, before it has anything to say;
 * labels put back from a seed batch are not announced. Each
 * entry point (onEvent, setEnabled, each slice of seeded labels) catches, once: a label must never
 * throw into the page.
 */
import type { MessageResult } from '../messaging/messaging';
import type { ConversationSeed, ConversationSeeded, TurnFootprint, TurnRecorded } from '../domain/turns';
import type { PageMessage } from '../sites/adapter';
import type { PageEvent, SeededAnswer } from '../tracking/page-events';
import { mapInSlices } from '../tracking/slices';
import type { HealthReason } from '../domain/health-reasons';
import { healthReasonText } from '../i18n/health-reason';
import { t, uiLocale } from '../i18n/t';
import { TRANSIENT } from './transient';
import { createPageAnnouncer, type PageAnnouncer } from './page-announcer';
import { createLabelHost, fillLabel, labelTexts, type LabelContent } from './render';

interface Label {
  messageId: string;
  anchor: Element;
  /** Made when the label is first placed (not while labels are off). */
  host: HTMLElement | null;
  content: LabelContent | null;
}

/** What a turn's reply puts in its label: null when the outbox sends the turn again (its reply comes later). */
function replyContent(result: MessageResult<TurnRecorded>): LabelContent | null {
  if (result.ok) {
    return result.value.footprint ? { kind: 'counted', texts: result.value.footprint.texts } : { kind: 'not-counted', reason: t('label_reasonRecordGone') };
  }
  return TRANSIENT.has(result.error.code) ? null : { kind: 'not-counted', reason: t('label_reasonWorker', result.error.code) };
}

/** Each seeded answer's footprint when it was counted before (undefined when it was not). */
function seededFootprints(messages: ConversationSeed['messages'], result: MessageResult<ConversationSeeded>): Array<[string, TurnFootprint | undefined]> {
  const footprints = result.ok ? result.value.footprints : {};
  return messages.filter((m) => m.role === 'assistant').map((m) => [m.id, Object.hasOwn(footprints, m.id) ? footprints[m.id] : undefined]);
}

export class PageLabels {
  readonly #labels = new Map<string, Label>();
  readonly #doc: Document;
  #enabled = true;
  readonly #announcer: PageAnnouncer;

  constructor(doc: Document) {
    this.#doc = doc;
    this.#announcer = createPageAnnouncer(doc);
  }

  /** The tracker's events (subscribe it with `tracker.subscribe(labels.onEvent)`). */
  readonly onEvent = (event: PageEvent): void =>
    guard(() => {
      switch (event.kind) {
        case 'prompt':
          return this.#announcer.place();
        case 'turn':
          this.#announcer.place();
          return this.#turnSent(event.turn.turnId, event.answer);
        case 'seed':
          return this.#seeded(event.answers);
        case 'skipped':
          return this.#answerSkipped(event.answer, event.reason);
        case 'scanned':
          return this.#scanned(event.messages);
        case 'turn-reply':
          return this.#replied(event.turnId, event.result);
        case 'seed-reply':
          return this.#seedReplied(event.messages, event.result);
        case 'health':
          return; // the site's health is the popup's to show
      }
    });

  #turnSent(turnId: string, answer: PageMessage): void {
    this.#note(turnId, answer);
    // A counted answer is no longer a skipped one.
    this.#drop(`skipped:${answer.id}`);
  }

  /** Noted until the seed batch's reply says whether these answers were counted before. */
  #seeded(answers: readonly SeededAnswer[]): void {
    for (const { turnId, answer } of answers) this.#note(turnId, answer);
  }

  #answerSkipped(answer: PageMessage, reason: HealthReason): void {
    const content: LabelContent = { kind: 'not-counted', reason: healthReasonText(reason, uiLocale()) };
    this.#show(`skipped:${answer.id}`, { messageId: answer.id, anchor: answer.element }, content);
    this.#announce(labelTexts(content).spoken);
  }

  /** Puts back labels the site's re-render detached. */
  #scanned(messages: readonly PageMessage[]): void {
    if (this.#enabled) for (const label of detached(this.#labels.values(), messages)) this.#place(label);
  }

  /** The site's switch in the popup: off removes every label (kept, so on shows them again). */
  setEnabled(on: boolean): void {
    guard(() => {
      this.#enabled = on;
      for (const label of this.#labels.values()) {
        if (on) this.#place(label);
        else label.host?.remove();
      }
    });
  }

  #replied(turnId: string, result: MessageResult<TurnRecorded>): void {
    const label = this.#labels.get(turnId);
    const content = label ? replyContent(result) : null;
    if (!label || !content) return;
    this.#show(turnId, label, content);
    this.#announce(labelTexts(content).spoken);
  }

  /** Says a live answer's verdict once, when labels are on (./page-announcer.ts). */
  #announce(text: string): void {
    if (this.#enabled) this.#announcer.say(text, guard);
  }

  /**
   * The seeded answers that were counted before get their label; the others are forgotten (no
   * label, no element kept). Up to a whole conversation's labels at once, so they are made in
   * slices of a few milliseconds, never one long task.
   */
  #seedReplied(messages: ConversationSeed['messages'], result: MessageResult<ConversationSeeded>): void {
    // The outbox resends the batch: its reply comes later.
    if (!result.ok && TRANSIENT.has(result.error.code)) return;
    const counted: Array<[string, TurnFootprint]> = [];
    for (const [id, footprint] of seededFootprints(messages, result)) {
      const label = this.#labels.get(id);
      if (footprint && label) counted.push([id, footprint]);
      else if (label && !label.content) this.#labels.delete(id);
    }
    if (counted.length === 0) return;
    void mapInSlices(counted, ([turnId, footprint]) =>
      guard(() => {
        const label = this.#labels.get(turnId);
        if (label) this.#show(turnId, label, { kind: 'counted', texts: footprint.texts });
      }),
    );
  }

  #show(key: string, at: { messageId: string; anchor: Element }, content: LabelContent): void {
    let label = this.#labels.get(key);
    if (!label) {
      label = { messageId: at.messageId, anchor: at.anchor, host: null, content: null };
      this.#labels.set(key, label);
    }
    label.content = content;
    if (label.host) fillLabel(label.host, content);
    if (this.#enabled) this.#place(label);
  }

  /** The answer a turn's label goes after (a label the turn already has moves to it). */
  #note(turnId: string, answer: PageMessage): void {
    const label = this.#labels.get(turnId);
    if (label) {
      label.anchor = answer.element;
      label.messageId = answer.id;
    } else this.#labels.set(turnId, { messageId: answer.id, anchor: answer.element, host: null, content: null });
  }

  #place(label: Label): void {
    place(label, this.#doc);
  }

  #drop(key: string): void {
    this.#labels.get(key)?.host?.remove();
    this.#labels.delete(key);
  }
}

/** Right after the answer element, in the page flow. */
function place(label: Label, doc: Document): void {
  if (!label.content || !label.anchor.isConnected) return;
  if (!label.host) {
    label.host = createLabelHost(doc);
    fillLabel(label.host, label.content);
  }
  if (label.anchor.nextSibling !== label.host) label.anchor.after(label.host);
}

/**
 * The labels a site's re-render detached, each moved to its message's element as the scan found it:
 * one isConnected check per label, the message list only when one is detached.
 */
function detached(labels: Iterable<Label>, messages: readonly PageMessage[]): Label[] {
  let byId: Map<string, PageMessage> | null = null;
  const out: Label[] = [];
  for (const label of labels) {
    if (!label.content || label.host?.isConnected) continue;
    if (!label.anchor.isConnected) {
      byId ??= new Map(messages.map((m) => [m.id, m]));
      const now = byId.get(label.messageId);
      if (!now) continue; // scrolled out of a virtual list, or gone: it comes back with its message
      label.anchor = now.element;
    }
    out.push(label);
  }
  return out;
}

function guard(work: () => void): void {
  try {
    work();
  } catch (e) {
    // The page must never see our errors; the label is only decoration of a count already sent.
    console.debug('[footprint] page label', e);
  }
}
