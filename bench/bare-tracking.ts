/**
 * The ceiling for public tracking in Node: a bare Fastify with node-postgres (same pool size, no rate limit,
 * no headers, no time formatting) running the app's one tracking query, prepared. Started in its own process
 * by tracking.ts, so the load generator and the server do not share a thread.
 */
import Fastify from 'fastify';
import pg from 'pg';

/** The app's tracking query (find-tracked-parcel.ts), as SQL. */
export const TRACKING_SQL = `select d.order_id, d.status, d.estimated_delivery, d.required_by,
  d.pickup_label, d.pickup_lat, d.pickup_lng, d.delivery_label, d.delivery_lat, d.delivery_lng,
  coalesce((select json_agg(json_build_array(e.status, e.location_label, e.lat, e.lng,
    floor(extract(epoch from e.created_at) * 1000)) order by e.seq)
    from delivery_events e where e.delivery_id = d.id), '[]'::json) as events,
  l.lat as driver_lat, l.lng as driver_lng, l.updated_at as driver_at
from deliveries d
left join driver_locations l on l.driver_id = d.driver_id and d.status in ('picked_up', 'in_transit')
where d.order_id = $1 limit 1`;

async function main() {
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: Number(process.env.BENCH_POOL ?? 10) });
  const app = Fastify();
  app.get<{ Params: { n: string } }>('/api/v1/deliveries/track/:n', async (request, reply) => {
    const { rows } = await pool.query({ name: 'track', text: TRACKING_SQL, values: [request.params.n] });
    if (!rows[0]) return reply.code(404).send({ success: false });
    return { success: true, data: rows[0] };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`listening ${address}`);
}

if (process.argv[1]?.endsWith('bare-tracking.ts')) void main();
