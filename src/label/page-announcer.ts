/**
 * The page's announcer: the one live region a live answer's verdict is said by (./render.ts makes
 * it). It goes into the page empty when a prompt is sent, before it has anything to say, and says a
 * verdict only once it has been in the page a moment, so a screen reader hears it as a change.
 */
import { announce, createAnnouncer } from './render';

/**
 * How long the announcer is in the page, empty, before its first text: long enough for the browser
 * to have put it in the accessibility tree (it updates that tree after a frame or so), so that the
 * text is a change a screen reader announces.
 */
const ANNOUNCER_SETTLE_MS = 250;

export interface PageAnnouncer {
  /** Puts the announcer into the page (empty) if it is not there. */
  place(): void;
  /** Says `text`, at once or once the announcer has settled; a later text replaces one still waiting. */
  say(text: string, guard: (work: () => void) => void): void;
}

export function createPageAnnouncer(doc: Document): PageAnnouncer {
  let host: HTMLElement | null = null;
  let since = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const place = (): HTMLElement => {
    host ??= createAnnouncer(doc);
    if (!host.isConnected) {
      (doc.body ?? doc.documentElement).append(host);
      since = Date.now();
    }
    return host;
  };
  return {
    place: () => void place(),
    say(text, guard) {
      const placed = place();
      clearTimeout(timer);
      const wait = since + ANNOUNCER_SETTLE_MS - Date.now();
      if (wait <= 0) announce(placed, text);
      else timer = setTimeout(() => guard(() => announce(placed, text)), wait);
    },
  };
}
