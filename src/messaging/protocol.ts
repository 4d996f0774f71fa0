/**
 * The one protocol map: every message between content scripts, extension
 * pages and the background worker, with the zod schemas (src/domain/) of what
 * is sent and what comes back. Receivers validate with these at the boundary.
 * Add a message by adding an entry here.
 */
import { z } from 'zod';
import {
  ExportFileSchema,
  ExportRequestSchema,
  PopupStateSchema,
  RemoteConfigSchema,
  RemoteStatusSchema,
  RemoteTestResultSchema,
  SettingsPatchSchema,
} from '../domain/popup';
import { ImportAnswerSchema, ImportRequestSchema } from '../domain/import';
import { KeyMonthAnswerSchema } from '../domain/usage';
import {
  ConversationSeededSchema,
  ConversationSeedSchema,
  SiteHealthSchema,
  SiteIdSchema,
  TurnCompletedSchema,
  TurnExpectedSchema,
  TurnRecordedSchema,
} from '../domain/turns';

const Ack = z.object({ ok: z.literal(true) });

export const protocol = {
  // Content script -> worker (site tracking)
  'turn/expected': { request: TurnExpectedSchema, response: Ack },
  'turn/completed': { request: TurnCompletedSchema, response: TurnRecordedSchema },
  'conversation/seed': { request: ConversationSeedSchema, response: ConversationSeededSchema },
  'site/health': { request: SiteHealthSchema, response: Ack },

  // Popup -> worker (ledger, settings, remote mode)
  'popup/state': { request: z.object({}), response: PopupStateSchema },
  'settings/update': { request: SettingsPatchSchema, response: Ack },
  'ledger/recompute': { request: z.object({}), response: z.object({ ok: z.literal(true), recomputed: z.number().int() }) },
  'ledger/export': { request: ExportRequestSchema, response: ExportFileSchema },
  'ledger/clear': { request: z.object({ confirm: z.literal(true) }), response: Ack },
  // The file's text (up to IMPORT_LIMITS.fileBytes, under Chrome's 64 MiB per message): read and checked in the worker, not the popup.
  'ledger/import': { request: ImportRequestSchema, response: ImportAnswerSchema },
  'remote/configure': { request: RemoteConfigSchema, response: RemoteStatusSchema },
  'remote/test': { request: z.object({}), response: RemoteTestResultSchema },
  // The API key's month on the service (GET /api/v2/usage), asked when the popup opens in remote mode.
  'remote/usage': { request: z.object({}), response: KeyMonthAnswerSchema },

  // Popup -> the content script of the active chat tab (src/sites/page-report.ts): structure only, no page text
  'page/report': { request: z.object({}), response: z.object({ report: z.string() }) },
  // Worker -> the content scripts of the chat tabs: a site's page-label switch changed (src/label/setting.ts, sent by src/label/switch-broadcast.ts)
  'labels/switch': { request: z.object({ site: SiteIdSchema, on: z.boolean() }), response: Ack },
} as const;

/** What a content script may send. Everything else comes only from the extension's own pages (the popup). */
export const CONTENT_SCRIPT_MESSAGES: ReadonlySet<string> = new Set(['turn/expected', 'turn/completed', 'conversation/seed', 'site/health']);

export type Protocol = typeof protocol;
export type MessageType = keyof Protocol;
export type RequestOf<T extends MessageType> = z.infer<Protocol[T]['request']>;
export type ResponseOf<T extends MessageType> = z.infer<Protocol[T]['response']>;
