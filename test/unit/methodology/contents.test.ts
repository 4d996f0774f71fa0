// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildContents } from '../../../src/methodology/contents';
import { renderMarkdown } from '../../../src/methodology/render';
import { t } from '../../../src/i18n/t';
import { useCatalog } from '../../support/messages';

describe('methodology page contents', () => {
  it('links every section of the method, under a heading in the UI language', () => {
    useCatalog('ja');
    const article = document.createElement('main');
    article.innerHTML = renderMarkdown(readFileSync('docs/methodology.md', 'utf8'));
    const nav = document.createElement('nav');
    buildContents(article, nav, t('method_contents'));
    expect(nav.querySelector('h2')!.textContent).toBe('目次');
    const links = [...nav.querySelectorAll('a')];
    const sections = [...article.querySelectorAll('h2')];
    expect(links).toHaveLength(sections.length);
    expect(links.length).toBeGreaterThan(5);
    links.forEach((a, i) => {
      expect(a.textContent).toBe(sections[i]!.textContent);
      expect(a.getAttribute('href')).toBe(`#${sections[i]!.id}`);
    });
    expect(new Set(sections.map((h) => h.id)).size).toBe(sections.length);
  });
  it('makes ids from any script, and a second heading of the same text its own', () => {
    const article = document.createElement('main');
    const headings = ['Worked example', 'What is counted, and what is not?', '計算方法', '!!!', 'Worked example'];
    article.innerHTML = headings.map((h) => `<h2>${h}</h2>`).join('');
    buildContents(article, document.createElement('nav'), 'Contents');
    expect([...article.querySelectorAll('h2')].map((h) => h.id)).toEqual([
      'worked-example',
      'what-is-counted-and-what-is-not',
      '計算方法',
      'section',
      'worked-example-2',
    ]);
  });
});
