import { describe, expect, it } from 'vitest';
import { rankForRegion, stateOfLabel } from './region.js';

const place = (description: string, label: string, lat = 0, lng = 0) => ({ description, label, lat, lng });

describe('ranking suggestions for the served region', () => {
  it('reads the state of a label, with or without a ZIP', () => {
    expect(stateOfLabel('Boston, MA 02115')).toBe('MA');
    expect(stateOfLabel('Boston, MA')).toBe('MA');
    expect(stateOfLabel('Somewhere')).toBeUndefined();
  });

  it('puts served states first, then street-level matches before a bare city, else keeps the provider order', () => {
    const items = [
      place('Main Street, Springfield, IL 62701', 'Springfield, IL 62701'),
      place('Springfield, MA', 'Springfield, MA'),
      place('12 Main Street, Springfield, MA 01103', 'Springfield, MA 01103'),
      place('Main Street, Worcester, MA 01608', 'Worcester, MA 01608'),
    ];
    expect(rankForRegion(items, { states: ['MA'] }, { streets: true }).map((p) => p.description)).toEqual([
      '12 Main Street, Springfield, MA 01103',
      'Main Street, Worcester, MA 01608',
      'Springfield, MA',
      'Main Street, Springfield, IL 62701',
    ]);
  });
});
