import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createLiveStreams } from './live-streams.js';

describe('live streams at shutdown', () => {
  it('tells every open stream when to reconnect and ends it', async () => {
    const streams = createLiveStreams();
    const a = new PassThrough();
    const b = new PassThrough();
    streams.add(a);
    streams.add(b);
    const received = [text(a), text(b)];
    streams.endAll(1500);
    expect(await Promise.all(received)).toEqual(['retry: 1500\n\n', 'retry: 1500\n\n']);
    expect(streams.size).toBe(0);
  });

  it('leaves alone a stream whose client already left', async () => {
    const streams = createLiveStreams();
    const gone = new PassThrough();
    const remove = streams.add(gone);
    remove();
    streams.endAll();
    expect(gone.writableEnded).toBe(false);
  });
});
