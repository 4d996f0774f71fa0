/**
 * What the worker's counting and ledger share of storage: the one write queue and the settings source.
 * The worker makes one at start and hands it to both (src/worker/start.ts); a test makes its own.
 */
import { createSettingsSource, type SettingsSource } from './settings-source';
import { createWriteQueue, type WriteQueue } from './write-queue';

export interface WorkerStorage {
  writes: WriteQueue;
  settings: SettingsSource;
}

export const createWorkerStorage = (): WorkerStorage => ({ writes: createWriteQueue(), settings: createSettingsSource() });
