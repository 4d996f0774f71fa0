/**
 * claude.ai: the site's one data module (what it is, the selectors its reader reads, where the page
 * names the model; see src/sites/site-data.ts). The registry, the manifest and the popup import only this.
 */
import { defineSite } from '../site-data';

export const claudeSite = defineSite({
  site: 'claude',
  hosts: ['claude.ai'],
  modelFamily: 'beta',
  conversationUrls: ['/chat/:id'],
  version: 2,
  selectors: {
    prompt: ['[data-testid="user-message"]', '.font-user-message'],
    /** Answers, never the artifact panel (its text is the answer's, shown a second time). */
    answer: ['.font-claude-response', '[data-is-streaming]', '.font-claude-message'],
    streaming: ['[data-is-streaming]'],
    answerText: ['.standard-markdown, .font-claude-response-body'],
    /** A collapsible block: the toggle, then the region it opens. */
    thinkingToggle: ['button[aria-expanded]'],
    stop: ['[data-is-streaming="true"]', 'button[aria-label="Stop response"]', 'button[aria-label="Stop Response"]'],
    model: ['[data-testid="model-selector-dropdown"] .whitespace-nowrap', '[data-testid="model-selector-dropdown"]'],
  },
  otherSelectors: {
    /** Only a thinking block's region holds its text in `.font-ui`; a tool block's holds the tool's query, code and results. */
    thinkingText: '.font-ui',
    duration: '.tabular-nums',
    artifact: '#markdown-artifact',
  },
});
