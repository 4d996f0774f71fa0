import { marked } from 'marked';

/** The methodology markdown as HTML: the extension's page and the service's GET /methodology render the same file. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
