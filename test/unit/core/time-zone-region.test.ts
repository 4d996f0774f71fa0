import { describe, expect, it } from 'vitest';
import { findRegion } from '../../../src/core/tables';
import zoneData from '../../../data/timezone-regions.json';
import { regionForTimeZone } from '../../../src/core/time-zone-region';

describe('the region a time zone points to', () => {
  it('maps a zone with exactly one region in the table', () => {
    expect(regionForTimeZone('Europe/Paris')).toEqual({ region: 'eu-france', fromZone: true });
    expect(regionForTimeZone('Asia/Tokyo')).toEqual({ region: 'asia-japan-tokyo', fromZone: true });
    expect(regionForTimeZone('Europe/Berlin')).toEqual({ region: 'eu-germany', fromZone: true });
  });

  it('falls back to the global average where the zone is not clear (several US regions) or unknown', () => {
    for (const zone of ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Australia/Sydney', '', undefined, null]) {
      expect(regionForTimeZone(zone)).toEqual({ region: 'global-avg', fromZone: false });
    }
    expect(zoneData.fallback).toBe('global-avg');
  });

  it('names only regions of data/regions.json', () => {
    expect(findRegion(zoneData.fallback)).toBeDefined();
    for (const [zone, region] of Object.entries(zoneData.zones)) expect(findRegion(region), zone).toBeDefined();
  });
});
