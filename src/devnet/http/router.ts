// A small exact-match router over node:http: the devnet serves a fixed, documented set of paths, so a
// framework would add surface without adding anything the interface needs.
import type { IncomingMessage } from 'node:http';

export interface HttpRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface HttpResponse {
  status: number;
  headers?: Record<string, string>;
  /** JSON-serialisable value, or raw bytes/text sent as is */
  json?: unknown;
  raw?: Buffer | string;
}

export type RouteHandler = (req: HttpRequest) => HttpResponse | Promise<HttpResponse>;

interface Route {
  method: string;
  segments: string[];
  handler: RouteHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  get(pattern: string, handler: RouteHandler): this {
    return this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: RouteHandler): this {
    return this.add('POST', pattern, handler);
  }

  /** Finds the route; literal segments win over parameters so /account/system is not /account/{id}. */
  match(
    method: string,
    path: string,
  ): { handler: RouteHandler; params: Record<string, string> } | 'method' | null {
    const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
    let best: { handler: RouteHandler; params: Record<string, string>; score: number } | null = null;
    let pathMatched = false;
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let score = 0;
      let matched = true;
      for (let i = 0; i < parts.length; i += 1) {
        const seg = route.segments[i]!;
        const part = parts[i]!;
        if (seg.startsWith('{') && seg.endsWith('}')) params[seg.slice(1, -1)] = part;
        else if (seg === part) score += 1;
        else {
          matched = false;
          break;
        }
      }
      if (!matched) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      if (!best || score > best.score) best = { handler: route.handler, params, score };
    }
    if (best) return { handler: best.handler, params: best.params };
    return pathMatched ? 'method' : null;
  }
}
