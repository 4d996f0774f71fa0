/**
 * The settings as the worker reads and writes them. The worker makes every write (pages send it
 * messages), so the copy it read once stays current through its own writes: counting a turn needs
 * no storage round trip, and nothing listens. Not storage.onChanged: Chrome hands such a listener
 * every write to storage.local, the ledger's days and conversations included, which made recording
 * a turn slower.
 */
import type { Settings } from '../domain/settings';
import { STORAGE_ITEMS } from './items';

export interface SettingsSource {
  /** The settings: read from storage once, then the copy the writes keep current. Not to be changed in place. */
  read(): Promise<Settings>;
  /** The copy once read (no await), else null. */
  loaded(): Settings | null;
  /** Writes the settings to storage, then to the copy. */
  write(next: Settings): Promise<void>;
}

export function createSettingsSource(): SettingsSource {
  const item = STORAGE_ITEMS.settings.item;
  let current: Promise<Settings> | null = null;
  let loaded: Settings | null = null;
  return {
    read() {
      if (!current) {
        const reading = item.getValue().then((value) => (loaded = value));
        // A failed read is not kept: the next one reads again.
        reading.catch(() => {
          if (current === reading) current = null;
        });
        current = reading;
      }
      return current;
    },
    loaded: () => loaded,
    async write(next) {
      await item.setValue(next);
      loaded = next;
      current = Promise.resolve(next);
    },
  };
}
