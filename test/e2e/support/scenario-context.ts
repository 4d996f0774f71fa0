/** What every shared scenario gets: the browser its test file launched (one per file and browser). */
import type { DriverBrowser } from './driver';

export interface ScenarioContext {
  browser(): DriverBrowser;
}
