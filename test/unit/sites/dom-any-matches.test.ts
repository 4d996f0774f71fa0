/**
 * findMark (and anyMatches over it) remembers the element it found last, so a stop button asked
 * about again is checked in place instead of by walking the page. Its answer must stay exactly
 * querySelector's: these change the page under it in every way that could make the memory stale.
 */
import { describe, expect, it } from 'vitest';
import { anyMatches, findMark } from '../../../src/sites/dom';
import { loadPage } from '../support/load-page';

const STOP = ['[data-testid="stop-button"]', 'button[data-stop-generating]'];
const page = (body: string) => loadPage(`<!doctype html><html><body>${body}</body></html>`, 'https://chat.example/');

describe('anyMatches with the element it found last', () => {
  it('says false once that element is removed, and true again for a new one', () => {
    const doc = page('<form><button data-testid="stop-button">Stop</button></form>');
    expect(anyMatches(doc, STOP)).toBe(true);
    doc.querySelector('button')!.remove();
    expect(anyMatches(doc, STOP)).toBe(false);
    doc.querySelector('form')!.innerHTML = '<button data-stop-generating>Stop</button>';
    expect(anyMatches(doc, STOP)).toBe(true);
  });

  it('returns the element that matches, the same one while it still does', () => {
    const doc = page('<form><button data-testid="stop-button" id="one">Stop</button></form>');
    const one = doc.getElementById('one');
    expect(findMark(doc, STOP)).toBe(one);
    doc.querySelector('form')!.insertAdjacentHTML('afterbegin', '<button data-stop-generating>Stop</button>');
    expect(findMark(doc, STOP)).toBe(one);
  });

  it('says false when that element no longer matches (the same button turned back into send)', () => {
    const doc = page('<button data-stop-generating>Stop</button>');
    expect(anyMatches(doc, STOP)).toBe(true);
    doc.querySelector('button')!.removeAttribute('data-stop-generating');
    expect(anyMatches(doc, STOP)).toBe(false);
  });

  it('finds another match when the remembered one goes', () => {
    const doc = page('<button data-testid="stop-button" id="one">Stop</button><div><button data-stop-generating id="two">Stop</button></div>');
    expect(anyMatches(doc, STOP)).toBe(true);
    doc.getElementById('one')!.remove();
    expect(anyMatches(doc, STOP)).toBe(true);
    doc.getElementById('two')!.remove();
    expect(anyMatches(doc, STOP)).toBe(false);
  });

  it('keeps roots apart: an element moved out of a scoped root no longer counts for it', () => {
    const doc = page('<section id="a"><button data-testid="stop-button">Stop</button></section><section id="b"></section>');
    const a = doc.getElementById('a')!;
    const b = doc.getElementById('b')!;
    expect(anyMatches(a, STOP)).toBe(true);
    expect(anyMatches(b, STOP)).toBe(false);
    b.append(a.querySelector('button')!);
    expect(anyMatches(a, STOP)).toBe(false);
    expect(anyMatches(b, STOP)).toBe(true);
    expect(anyMatches(doc, STOP)).toBe(true);
  });

  it('agrees with querySelector over 500 random changes', () => {
    const doc = page('<main></main><form></form>');
    const parents = [doc.querySelector('main')!, doc.querySelector('form')!];
    const kinds = ['<button data-testid="stop-button"></button>', '<button data-stop-generating></button>', '<button></button>', '<p>text</p>'];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let disagreements = 0;
    for (let i = 0; i < 500; i++) {
      const all = [...doc.querySelectorAll('main *, form *')];
      const op = next(4);
      if (op === 0 || all.length === 0) parents[next(2)].insertAdjacentHTML('beforeend', kinds[next(kinds.length)]);
      else if (op === 1) all[next(all.length)].remove();
      else if (op === 2) all[next(all.length)].toggleAttribute('data-stop-generating');
      else parents[next(2)].append(all[next(all.length)]);
      const mark = findMark(doc, STOP);
      const expected = doc.querySelector(STOP.join(','));
      if ((mark !== null) !== (expected !== null) || (mark && !(doc.contains(mark) && mark.matches(STOP.join(','))))) disagreements++;
      if (anyMatches(doc, STOP) !== (expected !== null)) disagreements++;
    }
    expect(disagreements).toBe(0);
  });
});
