import { describe, expect, it } from 'vitest';
import { createOfflineGeocoder, nearestGazetteerPlace } from './offline.js';

describe('the offline gazetteer', () => {
  const geo = createOfflineGeocoder();

  it.each([
    ['55 Fruit St, Boston, MA 02114', 'Boston, MA 02114'],
    ['55 Fruit St, Boston, MA 02114-2696', 'Boston, MA 02114'],
    ['1 Main St, Springfield, IL', 'Springfield, IL'],
    ['Houston, Texas', 'Houston, TX'],
    ['200 Longwood Ave Boston MA', 'Boston, MA'],
    ['500 Pasteur Dr, Palo Alto, California, USA', 'Palo Alto, CA'],
    ['San Jose CA', 'San Jose, CA'],
  ])('places %s as %s', async (address, label) => {
    expect((await geo.geocode(address))?.label).toBe(label);
  });

  it('places nothing it cannot find', async () => {
    expect(await geo.geocode('Behind the old mill')).toBeNull();
    expect(await geo.geocode('')).toBeNull();
  });

  it('suggests the biggest cities first', async () => {
    const [first] = await geo.autocomplete('bost');
    expect(first).toMatchObject({ label: 'Boston, MA', description: 'Boston, MA' });
    const [ny] = await geo.autocomplete('new yo');
    expect(ny.label).toMatch(/^New York, NY/);
  });

  it('keeps the street typed before the city, with or without a comma, and adds no made-up ZIP', async () => {
    expect((await geo.autocomplete('55 Fruit St, Bost'))[0].description).toBe('55 Fruit St, Boston, MA');
    expect((await geo.autocomplete('55 Fruit St Bost'))[0].description).toBe('55 Fruit St, Boston, MA');
  });

  it('suggests by ZIP prefix', async () => {
    const hits = await geo.autocomplete('0211', 3);
    expect(hits).toHaveLength(3);
    for (const h of hits) expect(h.label).toMatch(/ 0211\d$/);
  });

  it('suggests a city typed before its state and a comma, like without the comma', async () => {
    const [withComma] = await geo.autocomplete('Newark, NJ');
    const [withoutComma] = await geo.autocomplete('Newark NJ');
    expect(withComma).toMatchObject({ label: 'Newark, NJ', description: 'Newark, NJ' });
    expect(withoutComma.label).toBe('Newark, NJ');
    expect((await geo.autocomplete('Newark, New Jersey'))[0].label).toBe('Newark, NJ');
    expect((await geo.autocomplete('12 Broad St, Newark, nj'))[0].description).toBe('12 Broad St, Newark, NJ');
  });

  it('names the gazetteer place nearest a position', () => {
    expect(nearestGazetteerPlace(42.3601, -71.0589)?.label).toBe('Boston, MA');
  });
});
