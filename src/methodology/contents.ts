/** The methodology page's table of contents: one link per section (h2) of the rendered text. */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/** Gives every h2 in `article` an id and fills `nav` with a heading and a list of links to them. */
export function buildContents(article: HTMLElement, nav: HTMLElement, heading: string): void {
  const doc = article.ownerDocument;
  const title = doc.createElement('h2');
  title.id = 'contents-h';
  title.textContent = heading;
  const list = doc.createElement('ol');
  const used = new Set<string>();
  for (const h of article.querySelectorAll('h2')) {
    let id = slug(h.textContent ?? '');
    for (let n = 2; used.has(id); n++) id = `${slug(h.textContent ?? '')}-${n}`;
    used.add(id);
    h.id = id;
    const a = doc.createElement('a');
    a.href = `#${id}`;
    a.textContent = h.textContent;
    const li = doc.createElement('li');
    li.append(a);
    list.append(li);
  }
  nav.replaceChildren(title, list);
}
