import type { TTemperatureTrace } from '@courier/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '@/lib/format-date';
import { createQueryClient } from '@/lib/query-client';
import { json, stubApi } from '@/testing/stub-api';
import { TemperatureTrace, TemperatureTraceFigure } from './temperature-trace';
import { traceSummary } from './temperature-trace-summary';

const t0 = Date.parse('2026-03-02T15:00:00Z');
const at = (min: number) => new Date(t0 + min * 60_000).toISOString();
const warm = { above: 8, minutes: 30, severity: 'warning' as const };

/** 12 readings a few minutes apart, warm from the fifth; a silence after the last. */
const trace: TTemperatureTrace = {
  orderId: 'MC-1001',
  temperatureClass: 'refrigerated',
  readings: [2.1, 4, 5, 6, 9.4, 9.1, 9, 8.8, 9.2, 9, 5, 4].map((celsius, i) => ({
    at: at(i * 5),
    celsius,
    source: 'logger' as const,
    deviceId: 'LOG-1',
    inRange: celsius <= 8,
  })),
  boundaries: [warm, { below: 2, minutes: 10, severity: 'critical' }],
  breaches: [
    {
      deviceId: 'LOG-1',
      at: at(50),
      celsius: 9,
      boundary: warm,
      words: 'above 8 °C for 30 cumulative minutes (warning)',
      from: at(20),
      to: at(54),
    },
  ],
  gaps: [{ deviceId: 'LOG-1', from: at(55), to: at(90), open: true }],
};

afterEach(() => vi.unstubAllGlobals());

describe('the temperature trace figure', () => {
  it('sums the trace up in one sentence: readings, range, each breach and gap with its minutes and start', () => {
    expect(traceSummary(trace)).toBe(
      `12 readings, 2.1–9.4 °C; above 8 °C for 34 min from ${formatTime(at(20))}; logger LOG-1 silent since ${formatTime(at(55))}.`,
    );
    expect(traceSummary({ ...trace, breaches: [], gaps: [] })).toBe('12 readings, 2.1–9.4 °C; no boundary breached.');
    expect(traceSummary({ readings: [], breaches: [], gaps: [] })).toBe('No temperature readings yet.');
  });

  it('is a figure with a title and the summary as its description, and the readings as a table on request', () => {
    render(<TemperatureTraceFigure trace={trace} />);
    const figure = screen.getByRole('figure', { name: 'Temperature trace' });
    expect(figure).toHaveAccessibleDescription(traceSummary(trace));
    // The chart keeps the name it had before the trace: the range it is read against, then the summary.
    expect(within(figure).getByRole('img', { name: `Temperature readings against 2 to 8 °C: ${traceSummary(trace)}` })).toBeInTheDocument();
    expect(within(figure).getByText(/Breach: logger LOG-1, above 8 °C for 30 cumulative minutes \(warning\)/)).toBeInTheDocument();
    expect(within(figure).getByText(/Gap: logger LOG-1 silent from .*, still silent/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show the readings as a table' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'Temperature trace: every reading' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getAllByText('out of range')).toHaveLength(6);
  });

  it('names the piece a logger travels in, in its breaches, gaps and readings', () => {
    const bag = 'MC-1001-02';
    const inBag: TTemperatureTrace = {
      ...trace,
      readings: trace.readings.map((r) => ({ ...r, piece: bag })),
      breaches: trace.breaches.map((b) => ({ ...b, piece: bag })),
      gaps: trace.gaps.map((g) => ({ ...g, piece: bag })),
    };
    render(<TemperatureTraceFigure trace={inBag} />);
    const figure = screen.getByRole('figure', { name: 'Temperature trace' });
    expect(within(figure).getByText(/Breach: logger LOG-1 in MC-1001-02, above 8 °C/)).toBeInTheDocument();
    expect(within(figure).getByText(/Gap: logger LOG-1 in MC-1001-02 silent from/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show the readings as a table' }));
    expect(within(screen.getByRole('table')).getAllByText('logger LOG-1 in MC-1001-02')).toHaveLength(12);
  });

  it('reads the trace from the delivery’s endpoint', async () => {
    const api = stubApi((url) => (url.includes('/temperature') ? json(200, { success: true, data: trace }) : json(404, {})));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TemperatureTrace source={{ deliveryId: 'd-1' }} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('trace-summary')).toHaveTextContent('12 readings, 2.1–9.4 °C');
    expect(api.callsTo('/api/v1/deliveries/d-1/temperature')).toHaveLength(1);
  });
});
