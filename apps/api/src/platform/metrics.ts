import type { Metrics, PrometheusMetrics } from './metrics-types.js';

export type { JobName, Metrics, MetricsSources, PrometheusMetrics, QueueName, SendResult } from './metrics-types.js';

/** Nothing recorded: the default without METRICS_TOKEN or METRICS_PORT. */
export const noMetrics: Metrics = {
  enabled: false,
  booked: () => {},
  moved: () => {},
  sendResult: () => {},
  jobSucceeded: () => {},
};

/** Loads prom-client and builds the registry; called only when metrics are wanted, so the start path stays light. */
export async function loadPrometheusMetrics(): Promise<PrometheusMetrics> {
  const { createPrometheusMetrics } = await import('./prometheus-metrics.js');
  return createPrometheusMetrics();
}
