/**
 * One listening process of the live-bus part: LISTEN on the channel, count each NOTIFY and how late it arrived
 * (the payload carries its send time), and on "report" from stdin print the counts and start again.
 */
import pg from 'pg';

async function main() {
  const client = new pg.Client({ connectionString: process.env.BENCH_NOTIFY_URL });
  await client.connect();
  let count = 0;
  let lags: number[] = [];
  client.on('notification', (n) => {
    count += 1;
    const sent = Number(/"t":(\d+)/.exec(n.payload ?? '')?.[1]);
    if (sent) lags.push(Date.now() - sent);
  });
  await client.query(`LISTEN ${process.env.BENCH_NOTIFY_CHANNEL}`);
  console.log('ready');
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (text: string) => {
    if (text.includes('report')) {
      lags.sort((a, b) => a - b);
      const p = (q: number) => (lags.length ? lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] : 0);
      console.log(JSON.stringify({ count, p50: p(0.5), p99: p(0.99) }));
      count = 0;
      lags = [];
    }
    if (text.includes('stop')) void client.end().then(() => process.exit(0));
  });
}

void main();
