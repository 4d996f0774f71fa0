/** What an absent storage item reads as: the fallbacks src/storage/items.ts gives WXT, for readers that read keys directly. */
import type { BudgetAlert } from '../domain/budget';
import type { AllTimeTotals, LedgerIndex, MonthTotals } from '../domain/ledger';
import { EMPTY_RETRY_QUEUE, INITIAL_REMOTE_STATE, type RemoteState, type RetryQueue } from '../domain/remote';
import { DEFAULT_SETTINGS, type Settings } from '../domain/settings';
import type { SiteHealth } from '../domain/turns';
import type { SiteId } from '../domain/site-ids';

export const FALLBACKS = {
  settings: DEFAULT_SETTINGS as Settings,
  siteHealth: {} as Partial<Record<SiteId, SiteHealth>>,
  remoteState: INITIAL_REMOTE_STATE as RemoteState,
  retryQueue: EMPTY_RETRY_QUEUE as RetryQueue,
  ledgerIndex: { days: {}, months: [], lastTurn: null, lastImages: null } as LedgerIndex,
  allTimeTotals: null as AllTimeTotals | null,
  monthTotals: { days: {} } as MonthTotals,
  budgetAlert: { level: 'off' } as BudgetAlert,
};
