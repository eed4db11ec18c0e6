/**
 * The lab's list (a customer with 200,000 deliveries): page 1 and page 5000 of my-deliveries, one request at a
 * time, so the figures are latencies rather than queueing.
 */
import autocannon from 'autocannon';
import { HEAVY_EMAIL, HEAVY_PASSWORD } from './seed.js';

export async function signIn(baseURL: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { success: boolean; message?: string; data?: { token: string } };
  if (!body.data?.token) throw new Error(`bench: cannot sign in as ${email}: ${res.status} ${body.message}`);
  return body.data.token;
}

async function pageLatency(baseURL: string, token: string, page: number, seconds: number) {
  const url = `${baseURL}/api/v1/deliveries/my-deliveries?page=${page}`;
  const headers = { authorization: `Bearer ${token}` };
  await autocannon({ url, headers, connections: 1, amount: 30 });
  const r = await autocannon({ url, headers, connections: 1, duration: seconds });
  return { page, mean: r.latency.average, p50: r.latency.p50, p99: r.latency.p99, failures: r.non2xx + r.errors + r.timeouts };
}

export async function benchMyDeliveries(baseURL: string, seconds: number) {
  const token = await signIn(baseURL, HEAVY_EMAIL, HEAVY_PASSWORD);
  const first = await pageLatency(baseURL, token, 1, seconds);
  const deep = await pageLatency(baseURL, token, 5000, seconds);
  return { first, deep, ratio: deep.mean / first.mean };
}
