import { server } from './server';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  /** The JSON body, or null when there was none. */
  body: unknown;
}

/** Records every request the app makes from now on (the handlers still answer them). */
export function recordRequests(): RecordedRequest[] {
  const recorded: RecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const copy = request.clone();
    const entry: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: null,
    };
    recorded.push(entry);
    void copy.text().then((text) => {
      entry.body = text ? (JSON.parse(text) as unknown) : null;
    });
  });
  return recorded;
}

/** The requests made to one API path. */
export function requestsTo(recorded: RecordedRequest[], method: string, path: string) {
  return recorded.filter((request) => request.method === method && request.url.pathname === path);
}
