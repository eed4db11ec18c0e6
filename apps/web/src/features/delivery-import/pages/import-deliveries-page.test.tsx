import { IMPORT_COLUMNS } from '@courier/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customerAccount } from '@/testing/fixtures';
import { json, renderRoute, slow, stubApi } from '@/testing/render-route';
import { setSession } from '@/lib/session';
import { importTemplate } from '../lib/import-template';

const csv = `${IMPORT_COLUMNS.join(',')}\r\n...two rows...\r\n`;

/** A file chosen in the file input (jsdom has no way to build a FileList, so one is dressed as it). */
function choose(input: HTMLElement, file: File) {
  const files = Object.create(FileList.prototype, {
    0: { value: file, enumerable: true },
    length: { value: 1 },
    item: { value: (i: number) => (i === 0 ? file : null) },
  });
  fireEvent.change(input, { target: { files } });
}

function stubImport(answer: Response) {
  return stubApi((url) => {
    if (url.includes('/deliveries/import')) return answer;
    return json(200, url.includes('notifications') ? [] : { success: true, data: [] });
  });
}

beforeEach(() => {
  setSession({ token: 't', refreshToken: 'r', user: customerAccount });
});
afterEach(() => vi.unstubAllGlobals());

describe('importing deliveries from a CSV', () => {
  it('sends the file as CSV text and says how many deliveries were booked', async () => {
    const { callsTo } = stubImport(json(201, { success: true, message: 'Imported', created: 2 }));
    renderRoute('/deliveries/import');
    choose(await screen.findByLabelText('CSV file', {}, slow), new File([csv], 'week.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import deliveries' }));
    const done = await screen.findByRole('status', {}, slow);
    expect(done).toHaveTextContent('2 deliveries created.');
    expect(within(done).getByRole('link', { name: 'See them in My Deliveries' })).toHaveAttribute('href', '/deliveries');
    const [, init] = callsTo('/api/v1/deliveries/import')[0];
    expect(init.method).toBe('POST');
    expect(init.body).toBe(csv);
    expect(new Headers(init.headers).get('Content-Type')).toBe('text/csv');
  }, 20_000);

  it('lists every problem by line and field when the file is refused, and says nothing was booked', async () => {
    const errors = [
      { line: 2, field: 'recipientPhone', message: 'Enter a valid phone number' },
      { line: 3, field: 'packageType', message: 'Package type must be one of DOCUMENT, PARCEL' },
    ];
    stubImport(json(422, { success: false, error: 'IMPORT_INVALID', message: 'The file has problems', errors }));
    renderRoute('/deliveries/import');
    choose(await screen.findByLabelText('CSV file', {}, slow), new File([csv], 'week.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import deliveries' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(
      'Nothing was imported: 2 problems to fix. Correct the file and import it again.',
    );
    const rows = within(screen.getByRole('table', { name: 'Problems in the file' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '2recipientPhoneEnter a valid phone number',
      '3packageTypePackage type must be one of DOCUMENT, PARCEL',
    ]);
  }, 20_000);

  it('lists the optional handling columns, and the template carries them with an example', async () => {
    stubImport(json(201, { success: true, message: 'Imported', created: 0 }));
    renderRoute('/deliveries/import');
    const aside = (await screen.findByRole('heading', { name: 'The template' }, slow)).closest('aside') as HTMLElement;
    for (const column of [
      'priority',
      'temperature',
      'controlledSubstance',
      'specimenCategory',
      'specimenCollectedAt',
      'specimenStableForHours',
    ])
      expect(within(aside).getAllByText(new RegExp(column)).length).toBeGreaterThan(0);
    expect(aside).toHaveTextContent('The handling columns may be left out or empty');
    const [header, example] = importTemplate().trim().split('\r\n');
    expect(header.split(',')).toEqual([...IMPORT_COLUMNS]);
    const cells = Object.fromEntries(header.split(',').map((c, i) => [c, example.split(',').at(i - header.split(',').length)]));
    expect(cells).toMatchObject({ priority: 'routine', temperature: 'refrigerated', controlledSubstance: 'no' });
  }, 20_000);

  it('asks for a file before sending anything', async () => {
    const { callsTo } = stubImport(json(201, { success: true, message: 'Imported', created: 0 }));
    renderRoute('/deliveries/import');
    fireEvent.click(await screen.findByRole('button', { name: 'Import deliveries' }, slow));
    expect(await screen.findByText('Choose a CSV file')).toBeVisible();
    expect(callsTo('/api/v1/deliveries/import')).toHaveLength(0);
  }, 20_000);

  it("states the server's own row cap (GET /api/v1/config), not a number of its own", async () => {
    stubApi((url) => {
      if (url.includes('/v1/config'))
        return json(200, { mapTileUrl: '', geocoder: 'offline', dispatchPhone: null, serviceAreaStates: [], importMaxRows: 50 });
      return json(200, url.includes('notifications') ? [] : { success: true, data: [] });
    });
    renderRoute('/deliveries/import');
    expect(await screen.findByText(/Book up to 50 deliveries from one CSV file\./, {}, slow)).toBeVisible();
    expect(screen.queryByText(/1,000/)).toBeNull();
  }, 20_000);
});
