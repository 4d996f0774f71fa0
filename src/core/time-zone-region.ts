/** The region a browser time zone points to (data/timezone-regions.json), for the welcome page's preset. */
import zoneData from '../../data/timezone-regions.json';
import { findRegion } from './tables';

const ZONES: Readonly<Record<string, string>> = zoneData.zones;
const FALLBACK_REGION: string = zoneData.fallback;

/** The region for an IANA zone where it maps clearly, else the global average. */
export function regionForTimeZone(zone: string | undefined | null): { region: string; fromZone: boolean } {
  const region = zone ? ZONES[zone] : undefined;
  return region && findRegion(region) ? { region, fromZone: true } : { region: FALLBACK_REGION, fromZone: false };
}
