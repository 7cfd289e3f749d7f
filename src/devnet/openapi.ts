// OpenAPI 3 documents generated from the route table, so what is described is exactly what is served: each
// route's declaration (http/contract.ts) is both what the router holds its handler to and what is rendered
// here: path, query and header parameters, the request body, the 200 content type, and every status with
// the named errors behind it, each error body the public engine's schema of that name (rest.md §3).
import { SERVICE_VERSION } from './config';
import type { Route } from './http/route';
import { PATH_PARAMS, implicitErrors, type Parameter, type ResponseSpec, type Schema } from './http/contract';
import { ERROR_NAMES, ERROR_STATUS, type ErrorName } from './http/errors';
import { responseSchema } from './response-schemas';

const ERROR_MEANING: Record<ErrorName, string> = {
  BadRequest: 'a parameter or the body is malformed or out of range',
  RangeTooLarge: 'the requested range is larger than allowed',
  MarketNotFound: 'no such market',
  TokenNotFound: 'no such token',
  UserNotFound: 'no such user or account',
  OrderNotFound: 'no such order',
  VaultNotFound: 'no such vault',
  SnapshotNotFound: 'no such snapshot',
  ActionNotFound: 'no such action',
  NotFound: 'no such resource',
  Forbidden: 'a foreign Host or Origin (DNS rebinding guard)',
  MethodNotAllowed: 'the path exists, the method does not',
  PayloadTooLarge: 'the request body is too large',
  AcceptedMediaType: 'wrong content-type; the accept response header names the expected one',
  TooManyRequests: 'rate limit reached; retry after the Retry-After seconds',
  NotImplemented: 'this mode is not implemented',
  InternalError: 'the devnet failed to handle the request',
};

/** response headers that come with a named error */
const ERROR_HEADERS: Partial<Record<ErrorName, Record<string, { description: string; schema: Schema }>>> = {
  AcceptedMediaType: {
    accept: { description: 'The content type the endpoint takes', schema: { type: 'string' } },
  },
  TooManyRequests: {
    'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
  },
};

/** The body of each named error: rest.md's where it has one, the same style for the interface's own. */
const NULL_BODY = (name: ErrorName) => ({
  description: `${name}: the body is the literal null (the name is in the x-error header)`,
  nullable: true,
  enum: [null],
});
const object = (name: ErrorName, properties: Record<string, Schema>) => ({
  type: 'object',
  description: `${name} (the name is also in the x-error header)`,
  required: Object.keys(properties),
  properties,
});
const ERROR_SCHEMAS: Record<ErrorName, unknown> = Object.fromEntries(
  ERROR_NAMES.map((name) => {
    switch (name) {
      case 'MarketNotFound':
        return [name, object(name, { market_id: { type: 'integer', format: 'uint32' } })];
      case 'VaultNotFound':
        return [name, object(name, { vault_id: { type: 'integer', format: 'uint32' } })];
      case 'AcceptedMediaType':
        return [name, object(name, { expected: { type: 'string' } })];
      case 'PayloadTooLarge':
        return [name, object(name, { limit: { type: 'integer', format: 'uint' } })];
      case 'RangeTooLarge':
        return [
          name,
          object(name, {
            requested: { type: 'integer', format: 'uint64' },
            maximal: { type: 'integer', format: 'uint16' },
          }),
        ];
      case 'NotImplemented':
      case 'InternalError':
        return [name, object(name, { message: { type: 'string' } })];
      default:
        return [name, NULL_BODY(name)];
    }
  }),
) as Record<ErrorName, unknown>;

/** every error response names its error and says why in headers, whatever its body */
const ERROR_NAME_HEADERS = {
  'x-error': { description: 'The error name', schema: { type: 'string', enum: ERROR_NAMES } },
  'x-error-message': { description: 'What went wrong, in plain words (ASCII)', schema: { type: 'string' } },
};
const errorRef = (name: ErrorName): Schema => ({ $ref: `#/components/schemas/${name}` });

const JSON_OK: ResponseSpec = { description: 'OK', contentType: 'application/json' };

function response(spec: ResponseSpec): Record<string, unknown> {
  return {
    description: spec.description,
    ...(spec.headers ? { headers: spec.headers } : {}),
    ...(spec.contentType
      ? { content: { [spec.contentType]: spec.schema ? { schema: spec.schema } : {} } }
      : {}),
  };
}

function parameter(p: Parameter, where: 'query' | 'header'): Record<string, unknown> {
  return {
    name: p.name,
    in: where,
    description: p.description,
    required: p.required ?? false,
    ...(p.deprecated ? { deprecated: true } : {}),
    ...(p.repeated
      ? { style: 'form', explode: true, schema: { type: 'array', items: p.schema } }
      : { schema: p.schema }),
  };
}

function pathParameters(route: Route): Record<string, unknown>[] {
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => {
    const name = m[1]!;
    const declared = route.params?.[name] ?? PATH_PARAMS[name];
    if (!declared)
      throw new Error(`${route.method} ${route.path}: the path parameter ${name} is not declared`);
    return { name, in: 'path', required: true, description: declared.description, schema: declared.schema };
  });
}

function responses(route: Route): Record<string, unknown> {
  const schema = route.method === 'GET' ? responseSchema(route.path) : undefined;
  const ok = route.ok ?? (schema ? { ...JSON_OK, schema } : JSON_OK);
  const out: Record<string, unknown> = route.noOk ? {} : { '200': response(ok) };
  for (const [status, spec] of Object.entries(route.responses ?? {})) out[status] = response(spec);
  const byStatus = new Map<number, ErrorName[]>();
  for (const name of new Set([...(route.errors ?? []), ...implicitErrors(route.method)])) {
    const status = ERROR_STATUS[name];
    byStatus.set(status, [...(byStatus.get(status) ?? []), name]);
  }
  for (const [status, names] of [...byStatus].sort(([a], [b]) => a - b)) {
    if (out[status] !== undefined)
      throw new Error(`${route.method} ${route.path}: ${status} is declared both as a response and an error`);
    const headers = Object.assign(
      { ...ERROR_NAME_HEADERS },
      ...names.map((n) => ERROR_HEADERS[n] ?? {}),
    ) as Record<string, unknown>;
    out[status] = {
      description: names.map((n) => `${n}: ${ERROR_MEANING[n]}`).join('; '),
      headers,
      content: {
        'application/json': {
          schema: names.length === 1 ? errorRef(names[0]!) : { oneOf: names.map(errorRef) },
        },
      },
    };
  }
  return out;
}

/** getAccountByAccountIdHistoryDeposit for GET /account/{account_id}/history/deposit */
function operationId(route: Route): string {
  const camel = (text: string) =>
    text
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join('');
  const parts = route.path
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith('{') ? `By${camel(seg.slice(1, -1))}` : camel(seg)));
  return route.method.toLowerCase() + parts.join('');
}

export function openapiDocument(routes: Route[], title: string, filter: (route: Route) => boolean): unknown {
  const chosen = routes.filter(filter);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of chosen) {
    const parameters = [
      ...pathParameters(route),
      ...(route.query ?? []).map((p) => parameter(p, 'query')),
      ...(route.headers ?? []).map((p) => parameter(p, 'header')),
    ];
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: route.summary,
      tags: [route.tag],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              description: route.body.description,
              content: { [route.body.contentType]: { schema: route.body.schema } },
            },
          }
        : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title,
      version: SERVICE_VERSION,
      description:
        'Generated from the route table that serves these paths. Query parameters an operation does not list are ignored. A listed path with another method answers 405 MethodNotAllowed; any other path 404 NotFound. Each error body is the public engine’s schema of that error (components.schemas), and the x-error header names it. Prices, sizes and amounts are JSON numbers in human units; ids typed as strings are decimal u64.',
    },
    tags: [...new Set(chosen.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: ERROR_SCHEMAS },
  };
}
