import http from 'node:http';

export interface RawResponse<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  body: T;
}

export interface RawRequest {
  method: string;
  /** Sent exactly as given: no URL parsing, so `//api/%61uth/./x` reaches the server as typed. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's own address, e.g. `127.0.0.7`: any 127.0.0.0/8 address reaches a server on 127.0.0.1. */
  localAddress?: string;
}

/** One HTTP request with node:http, for what fetch will not send (raw paths, a chosen source address). */
export function rawRequest<T = any>(baseUrl: string, request: RawRequest): Promise<RawResponse<T>> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers:
          request.body === undefined
            ? request.headers
            : { 'content-length': String(Buffer.byteLength(request.body)), ...request.headers },
        localAddress: request.localAddress,
        agent: false, // one connection per request: a refused request may leave its socket closed
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode!, headers: res.headers, text, body: body as T });
        });
      },
    );
    req.on('error', reject);
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

/** A browser-like client at a chosen source address: keeps cookies, sends the CSRF token on writes. */
export class AddressedClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly localAddress: string,
  ) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const all: Record<string, string> = { ...headers };
    if (this.cookies.size > 0) all.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      all['content-type'] ??= 'application/json';
    }
    const response = await rawRequest<T>(this.baseUrl, {
      method,
      path,
      headers: all,
      body: payload,
      localAddress: this.localAddress,
    });
    for (const cookie of response.headers['set-cookie'] ?? []) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return response;
  }

  async post<T = any>(path: string, body?: unknown) {
    if (!this.cookies.has('csrf-token')) await this.request('GET', '/api/auth/csrf-token');
    return this.request<T>('POST', path, body, { 'x-csrf-token': this.cookies.get('csrf-token')! });
  }
}
