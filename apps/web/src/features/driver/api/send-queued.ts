import { IDEMPOTENCY_HEADER, type TDriverJobResponse } from '@courier/contract';
import { api } from '@/lib/api-client';
import type { TQueued } from '../lib/outbox';

const base = (id: string) => `/v1/driver/deliveries/${encodeURIComponent(id)}`;

/**
 * Sends one queued move: POST .../status {status, location?, scannedOrderId?, reason?}, the multipart
 * POST .../pod, or a failed attempt's photo (multipart POST .../attempt-photo), each with the
 * Idempotency-Key it was queued with.
 */
export function sendQueued(item: TQueued): Promise<TDriverJobResponse> {
  const headers = { [IDEMPOTENCY_HEADER]: item.key };
  if (item.kind === 'status') return api.post<TDriverJobResponse>(`${base(item.deliveryId)}/status`, item.body, { headers });
  if (item.kind === 'temperature') return api.post<TDriverJobResponse>(`${base(item.deliveryId)}/temperature`, item.body, { headers });
  if (item.kind === 'temperature-log')
    return api.post<TDriverJobResponse>(`${base(item.deliveryId)}/temperature-log`, new Blob([item.csv], { type: 'text/csv' }), {
      headers,
    });
  if (item.kind === 'logger') return api.post<TDriverJobResponse>(`${base(item.deliveryId)}/logger`, item.body, { headers });
  if (item.kind === 'attempt-photo') {
    const photo = new FormData();
    photo.append('file', item.photo, 'attempt.jpg');
    return api.post<TDriverJobResponse>(`${base(item.deliveryId)}/attempt-photo`, photo, { headers });
  }
  const form = new FormData();
  form.append('recipientName', item.fields.recipientName);
  form.append('notes', item.fields.notes);
  if (item.fields.lat !== undefined && item.fields.lng !== undefined) {
    form.append('lat', String(item.fields.lat));
    form.append('lng', String(item.fields.lng));
  }
  if (item.photo) form.append('photo', item.photo, 'photo.jpg');
  if (item.signature) form.append('signature', item.signature, 'signature.png');
  // The medical handling at hand-over: the temperature and a controlled substance's ID check (type and last 4 only).
  for (const name of ['temperatureC', 'idType', 'idLast4', 'idName', 'relationship'] as const) {
    const value = item.fields[name];
    if (value !== undefined && value !== '') form.append(name, String(value));
  }
  return api.post<TDriverJobResponse>(`${base(item.deliveryId)}/pod`, form, { headers });
}
