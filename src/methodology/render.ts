import { Marked, Renderer, type RendererObject } from 'marked';

/**
 * Wide tables and code blocks scroll sideways on their own (the page's CSS): each takes the keyboard
 * focus, so that someone without a mouse can reach it and scroll it with the arrow keys. Marked's own
 * HTML for them, with the focus added.
 */
const focusableScrollers: RendererObject = {
  table(token) {
    return Renderer.prototype.table.call(this, token).replace(/^<table>/, '<table tabindex="0">');
  },
  code(token) {
    return Renderer.prototype.code.call(this, token).replace(/^<pre>/, '<pre tabindex="0">');
  },
};

const markdown = new Marked({ renderer: focusableScrollers });

/** The methodology markdown as HTML: the extension's page and the service's GET /methodology render the same file. */
export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
}
