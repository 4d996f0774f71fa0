/**
 * Kinds of work a chat does out of sight (src/features/<kind>/rules.ts estimates each from what the page
 * shows). No zod here: the content scripts import the list without the schemas.
 */
export const HIDDEN_WORK_KINDS = ['search', 'research', 'voice', 'video'] as const;
export type HiddenWorkKindShown = (typeof HIDDEN_WORK_KINDS)[number];
