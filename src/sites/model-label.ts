/**
 * The one model-label reader: where a site's data module says its page names the model
 * (`ModelLabelSource`, src/sites/site-data.ts), the label as the page shows it, or null. The worker
 * maps the label to a model key (src/counting/models.ts); nothing here knows a model.
 */
import type { ModelLabelSource, SiteData } from './site-data';
import { CHROME_SELECTOR, firstElement, labelText, visibleText } from './dom';

/** The text of the element, chrome (or `skip`) left out; null when empty. */
/** The element's text: its visible text without chrome and `skip` where a skip is given, else its whole text; null when empty. */
const textOf = (el: Element | null, skip: string | undefined): string | null =>
  el && skip ? visibleText(el, `${CHROME_SELECTOR},${skip}`) || null : labelText(el);

/** The model named on the answer itself (its element or one around it), else on the newest answer that names one (the page is walked only then). */
function onAnswer(doc: Document, attribute: string, answer: Element | undefined): string | null {
  const own = answer?.closest(`[${attribute}]`);
  const named = own ? [own] : doc.querySelectorAll(`[${attribute}]`);
  return named[named.length - 1]?.getAttribute(attribute) || null;
}

function pressedLabel(doc: Document, pressed: NonNullable<ModelLabelSource['pressed']>): string | null {
  const toggle = doc.querySelector(pressed.selector);
  if (!toggle) return null;
  const on = toggle.getAttribute('aria-pressed') === 'true' || (pressed.pressedClass !== undefined && toggle.classList.contains(pressed.pressedClass));
  return on ? pressed.label : null;
}

/**
 * The model label for a turn: on `answer` where the page names the model on each answer, else
 * where the page shows it (the site's `model` selector and `modelLabel` places); `beside` reads a
 * label the page writes next to an answer (a line under it), for sites whose data cannot say where that line is.
 */
export function readModelLabel(
  doc: Document,
  site: Pick<SiteData, 'selectors' | 'modelLabel'>,
  answer?: Element,
  beside?: (answer: Element | undefined, doc: Document) => Element | null,
): string | null {
  const source = site.modelLabel ?? {};
  if (source.answerAttribute) {
    const named = onAnswer(doc, source.answerAttribute, answer);
    if (named) return named;
  }
  if (beside) {
    const line = textOf(beside(answer, doc), undefined);
    if (line) return line;
  }
  const picker = site.selectors.model;
  const shown = picker ? textOf(firstElement(doc, picker), source.skip) : null;
  if (shown) return shown;
  const checked = source.checked ? textOf(doc.querySelector(source.checked), undefined) : null;
  if (checked) return checked;
  const pressed = source.pressed ? pressedLabel(doc, source.pressed) : null;
  return pressed;
}
