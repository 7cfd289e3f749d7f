// What a route answers, in a module of its own: the error helpers build it and the router sends it, and
// neither should have to import the other to name it.
export interface HttpResponse {
  status: number;
  headers?: Record<string, string>;
  /** JSON-serialisable value, or raw bytes/text sent as is */
  json?: unknown;
  raw?: Buffer | string;
}
