// A small exact-match router over node:http: the devnet serves a fixed, documented set of paths, so a
// framework would add surface without adding anything the interface needs. Each route comes with its
// declared rules (contract.ts): the handler reads the query through a view of the declared parameters only,
// and in strict mode (development and tests) a handler that reads an undeclared parameter or answers an
// undeclared status is an internal error, so /openapi.json, rendered from the same declarations, cannot
// drift from what is served.
import type { IncomingMessage } from 'node:http';
import type { RouteRules } from './contract';
import { HttpError } from './errors';
import type { HttpResponse } from './response';

export interface HttpRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: QueryView;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type RouteHandler = (req: HttpRequest) => HttpResponse | Promise<HttpResponse>;

/** A route breaking its own declaration: a bug in the devnet, answered as InternalError. */
export class ContractViolation extends Error {}

/**
 * The query string as a handler sees it: only the parameters its route declares can be read. Reading any
 * other name throws ContractViolation in strict mode; otherwise it reads as absent, so even then what is
 * served never depends on an undeclared parameter. Parameters the client sends but the route does not
 * declare are ignored, as they always were.
 */
export class QueryView {
  private readonly declared: ReadonlySet<string>;

  constructor(
    private readonly search: URLSearchParams,
    declared: Iterable<string>,
    private readonly strict: boolean,
    private readonly where: string,
  ) {
    this.declared = new Set(declared);
  }

  private allowed(name: string): boolean {
    if (this.declared.has(name)) return true;
    if (this.strict)
      throw new ContractViolation(
        `${this.where} read the query parameter "${name}", which its route does not declare`,
      );
    return false;
  }

  get(name: string): string | null {
    return this.allowed(name) ? this.search.get(name) : null;
  }

  getAll(name: string): string[] {
    return this.allowed(name) ? this.search.getAll(name) : [];
  }

  has(name: string): boolean {
    return this.allowed(name) && this.search.has(name);
  }
}

/** An answer decided from the request's headers alone, before its body is read; null: read it. */
export type BodyGate = (headers: HttpRequest['headers']) => HttpResponse | null;

interface Route {
  method: string;
  pattern: string;
  segments: string[];
  handler: RouteHandler;
  rules: RouteRules;
  refuseBeforeBody?: BodyGate;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

const NO_RULES: RouteRules = { query: [], errors: new Set(), statuses: new Set([200]) };

export class Router {
  private readonly routes: Route[] = [];

  /** strict: a route breaking its declaration answers InternalError (development and tests) */
  constructor(private readonly options: { strict: boolean } = { strict: false }) {}

  add(
    method: string,
    pattern: string,
    handler: RouteHandler,
    rules: RouteRules = NO_RULES,
    refuseBeforeBody?: BodyGate,
  ): this {
    const segments = pattern.split('/').filter(Boolean);
    this.routes.push({
      method,
      pattern,
      segments,
      handler,
      rules,
      ...(refuseBeforeBody ? { refuseBeforeBody } : {}),
    });
    return this;
  }

  get(pattern: string, handler: RouteHandler, rules?: RouteRules): this {
    return this.add('GET', pattern, handler, rules);
  }

  post(pattern: string, handler: RouteHandler, rules?: RouteRules): this {
    return this.add('POST', pattern, handler, rules);
  }

  /** Finds the route; literal segments win over parameters so /account/system is not /account/{id}. */
  match(method: string, path: string): RouteMatch | 'method' | null {
    const parts = path
      .split('/')
      .filter(Boolean)
      .map((part) => {
        try {
          return decodeURIComponent(part);
        } catch {
          throw new HttpError('BadRequest', 'the path is not valid percent-encoding');
        }
      });
    let best: (RouteMatch & { score: number }) | null = null;
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
      if (!best || score > best.score) best = { route, params, score };
    }
    if (best) return { route: best.route, params: best.params };
    return pathMatched ? 'method' : null;
  }

  /** Runs a matched route's handler under its declaration. */
  async run(
    found: RouteMatch,
    input: Omit<HttpRequest, 'params' | 'query'> & { search: URLSearchParams },
  ): Promise<HttpResponse> {
    const { route, params } = found;
    const where = `${route.method} ${route.pattern}`;
    const { search, ...rest } = input;
    const request: HttpRequest = {
      ...rest,
      params,
      query: new QueryView(search, route.rules.query, this.options.strict, where),
    };
    let response: HttpResponse;
    try {
      response = await route.handler(request);
    } catch (error) {
      if (error instanceof HttpError && this.options.strict && !route.rules.errors.has(error.errorName))
        throw new ContractViolation(`${where} answered ${error.errorName}, which its route does not declare`);
      throw error;
    }
    if (this.options.strict && !route.rules.statuses.has(response.status))
      throw new ContractViolation(`${where} answered ${response.status}, which its route does not declare`);
    return response;
  }
}
