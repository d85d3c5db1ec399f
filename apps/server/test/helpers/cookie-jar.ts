import type { LightMyRequestResponse } from 'fastify';

/** Keeps the cookies a browser would, for requests made with `app.inject`. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Headers of a browser request; unsafe ones echo the XSRF cookie like the web app does. */
  headers(unsafe = false): Record<string, string> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    return {
      cookie: this.header(),
      ...(unsafe && xsrf !== undefined ? { 'x-xsrf-token': xsrf } : {}),
    };
  }
}
