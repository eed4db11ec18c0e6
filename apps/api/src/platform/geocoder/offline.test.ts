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

describe('the offline gazetteer in a served region', () => {
  const labels = async (geo: ReturnType<typeof createOfflineGeocoder>, q: string) => (await geo.autocomplete(q, 5)).map((s) => s.label);

  it('puts places in SERVICE_AREA_STATES first, keeping the rest after them', async () => {
    const anywhere = await labels(createOfflineGeocoder(), 'portl');
    expect(anywhere[0]).not.toBe('Portland, ME');
    const maine = await labels(createOfflineGeocoder({ states: ['ME', 'NH'] }), 'portl');
    expect(maine[0]).toBe('Portland, ME');
    expect(maine.length).toBe(5);
  });

  it('puts the places nearest the depot first', async () => {
    const anywhere = await labels(createOfflineGeocoder(), 'springf');
    expect(anywhere[0]).not.toBe('Springfield, MA');
    const boston = { lat: 42.3601, lng: -71.0589 };
    expect((await labels(createOfflineGeocoder({ depot: boston }), 'springf'))[0]).toBe('Springfield, MA');
    // The served states still come before a nearer place outside them.
    const vermont = await labels(createOfflineGeocoder({ states: ['VT'], depot: boston }), 'springf');
    expect(vermont[0]).toBe('Springfield, VT');
    expect(vermont[1]).toBe('Springfield, MA');
  });

  it('keeps the street typed before the city in a region', async () => {
    const geo = createOfflineGeocoder({ states: ['MA'], depot: { lat: 42.3601, lng: -71.0589 } });
    expect((await geo.autocomplete('55 Fruit St, Bost'))[0].description).toBe('55 Fruit St, Boston, MA');
  });
});
