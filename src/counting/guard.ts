/**
 * The worker checks who sends what it counts: a turn, a seed or a health report for a site is taken
 * only from a tab whose URL is on that site's hosts (the registry's facts, src/sites), or from the
 * extension's own pages, which run no page's code (the browser tests send turns from one). Anything
 * refused, here or by the protocol schemas' limits, is counted in the site's health and never
 * recorded.
 */
import type { Handlers, MessageError, OnRefused, Sender } from '../messaging/messaging';
import { SiteIdSchema } from '../domain/turns';
import { siteOfUrl } from '../sites';
import type { SiteId } from '../domain/site-ids';
import type { SiteHealthRecords } from './health';

type SiteMessage = 'turn/expected' | 'turn/completed' | 'conversation/seed' | 'site/health';

class RefusedMessage extends Error {
  constructor(
    readonly code: 'WRONG_SITE',
    message: string,
  ) {
    super(message);
  }
}

/** The tab's site: the tab's URL (where the content script runs), else the sending frame's. */
const senderSite = (sender: Sender): SiteId | null => siteOfUrl(sender.tabUrl ?? sender.url);

/** The content-script handlers, each taking a message only from a tab on the hosts of the site it names. */
export function fromSiteTabs(handlers: Pick<Handlers, SiteMessage>, health: SiteHealthRecords): Pick<Handlers, SiteMessage> {
  const guarded = <T extends SiteMessage>(handler: Handlers[T]) =>
    (async (data: { site: SiteId }, sender: Sender) => {
      const from = senderSite(sender);
      if (!sender.extensionPage && from !== data.site) {
        const error = new RefusedMessage('WRONG_SITE', `A ${data.site} message from a tab on ${from ?? 'no chat site'}.`);
        await health.noteRefused(from ?? data.site, error.code, Date.now());
        throw error;
      }
      return (handler as (d: unknown, s: Sender) => Promise<unknown>)(data, sender);
    }) as Handlers[T];
  return {
    'turn/expected': guarded<'turn/expected'>(handlers['turn/expected']),
    'turn/completed': guarded<'turn/completed'>(handlers['turn/completed']),
    'conversation/seed': guarded<'conversation/seed'>(handlers['conversation/seed']),
    'site/health': guarded<'site/health'>(handlers['site/health']),
  };
}

/** For registerHandlers: a content-script message the schemas refused counts in the health of the site it names, else of its tab's site. */
export const noteRefusedMessage =
  (health: SiteHealthRecords): OnRefused =>
  (_type, data, error: MessageError, sender) => {
    const named = SiteIdSchema.safeParse((data as { site?: unknown } | null)?.site);
    const site = named.success ? named.data : senderSite(sender);
    if (site) void health.noteRefused(site, error.code, Date.now()).catch(() => undefined);
  };
