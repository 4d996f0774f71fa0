import { describe, expect, it } from 'vitest';
import { formatCarbon, formatDay, formatEnergy, formatInteger, formatShare, formatSignificant, formatWater, quantityText } from '../../../src/popup/format';

describe('formatEnergy', () => {
  it('shows Wh below one kWh with three significant digits', () => {
    expect(formatEnergy(0.0012345)).toEqual({ value: '1.23', unit: 'Wh' });
    expect(formatEnergy(0.000003)).toEqual({ value: '0.003', unit: 'Wh' });
    expect(formatEnergy(0.5)).toEqual({ value: '500', unit: 'Wh' });
  });
  it('switches to kWh at 1 kWh and to MWh at 1,000 kWh', () => {
    expect(formatEnergy(0.999)).toEqual({ value: '999', unit: 'Wh' });
    expect(formatEnergy(1)).toEqual({ value: '1', unit: 'kWh' });
    expect(formatEnergy(12.345)).toEqual({ value: '12.3', unit: 'kWh' });
    expect(formatEnergy(2500)).toEqual({ value: '2.5', unit: 'MWh' });
  });
  it('shows zero as 0 Wh, not an empty or scientific value', () => {
    expect(quantityText(formatEnergy(0))).toBe('0 Wh');
  });
});

describe('formatCarbon', () => {
  it('uses g below 1 kg, kg from there, t from 1,000 kg', () => {
    expect(formatCarbon(0.4567)).toEqual({ value: '0.457', unit: 'g CO₂e' });
    expect(formatCarbon(950)).toEqual({ value: '950', unit: 'g CO₂e' });
    expect(formatCarbon(1000)).toEqual({ value: '1', unit: 'kg CO₂e' });
    expect(formatCarbon(123_456)).toEqual({ value: '123', unit: 'kg CO₂e' });
    expect(formatCarbon(3_400_000)).toEqual({ value: '3.4', unit: 't CO₂e' });
  });
});

describe('formatWater', () => {
  it('uses mL below one liter and L from one liter', () => {
    expect(formatWater(0.0042)).toEqual({ value: '4.2', unit: 'mL' });
    expect(formatWater(0.9994)).toEqual({ value: '999', unit: 'mL' });
    expect(formatWater(1.25)).toEqual({ value: '1.25', unit: 'L' });
    expect(formatWater(45_678)).toEqual({ value: '45,678', unit: 'L' });
  });
});

describe('formatSignificant', () => {
  it('keeps large values whole with grouping instead of rounding away digits', () => {
    expect(formatSignificant(123_456.7)).toBe('123,457');
  });
  it('never uses exponent notation for tiny values', () => {
    expect(formatSignificant(0.00000123)).toBe('0.00000123');
  });
  it('shows a dash for a value that is not a number', () => {
    expect(formatSignificant(Number.NaN)).toBe('–');
  });
  it('follows the given locale', () => {
    expect(formatSignificant(1.25, 'de-DE')).toBe('1,25');
  });
});

describe('formatInteger', () => {
  it('shows token counts exactly, with grouping', () => {
    expect(formatInteger(1_234_567)).toBe('1,234,567');
    expect(formatInteger(7)).toBe('7');
    expect(formatInteger(0)).toBe('0');
  });
});

describe('formatShare and formatDay', () => {
  it('rounds shares to whole percent and marks small non-zero shares', () => {
    expect(formatShare(0.456)).toBe('46%');
    expect(formatShare(0.004)).toBe('<1%');
    expect(formatShare(0)).toBe('0%');
  });
  it('reads a day key as a calendar date whatever the time zone', () => {
    expect(formatDay('2026-11-03')).toBe('Nov 3');
    expect(formatDay('not-a-day')).toBe('not-a-day');
  });
});
