// OpenAPI 3 documents generated from the route table, so what is described is exactly what is served.
import { SERVICE_VERSION } from './config';
import type { Route } from './routes';

export function openapiDocument(routes: Route[], title: string, filter: (route: Route) => boolean): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes.filter(filter)) {
    const params = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      ...(params.length ? { parameters: params } : {}),
      responses: {
        '200': { description: 'OK' },
        default: { description: 'A named error body { error, message }' },
      },
    };
  }
  return { openapi: '3.0.3', info: { title, version: SERVICE_VERSION }, paths };
}
