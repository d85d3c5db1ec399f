import { Counter, Histogram } from 'prom-client';

/**
 * The application's Prometheus metrics, on prom-client's default registry so
 * that every part of the process reports through one `/metrics`. Created once
 * per process: the registry refuses a second metric of the same name.
 */

export const httpRequests = new Counter({
  name: 'sufel_http_requests_total',
  help: 'HTTP requests answered, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
});

export const httpRequestDuration = new Histogram({
  name: 'sufel_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

export const documentsPublished = new Counter({
  name: 'sufel_documents_published_total',
  help: 'Documents stored for the first time',
});

export const consultations = new Counter({
  name: 'sufel_consultations_total',
  help: 'Individual consultations, by result (found, not_found, throttled, invalid)',
  labelNames: ['result'] as const,
});

export const throttledAttempts = new Counter({
  name: 'sufel_throttled_attempts_total',
  help: 'Attempts refused because an address or a target used up its failures',
});

export const databaseUnavailable = new Counter({
  name: 'sufel_database_unavailable_total',
  help: 'Requests answered 503 because the database could not be reached',
});

export const fileStoreErrors = new Counter({
  name: 'sufel_file_store_errors_total',
  help: 'Requests the file store could not serve, by driver and fault',
  labelNames: ['driver', 'fault'] as const,
});
