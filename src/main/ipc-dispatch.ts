// The one path every IPC call takes, whichever transport carried it (Electron ipcMain or the browser host's
// WebSocket): the method must be a contract name (`group.method`), its argument must parse against the contract's schema
// BEFORE any handler runs, and its text must be well-formed Unicode (one rule for every text field, so no
// field can forget it); whatever happens comes back as a Result, never as a thrown exception.
import { z } from 'zod';
import { handlerOf, isMethodName, specOf, type Handlers, type MethodName } from '../shared/ipc/contract';
import { AppFailure, err, ok, type Result } from '../shared/result';

export type Dispatch = (method: unknown, arg: unknown) => Promise<Result<unknown>>;

export interface DispatchLogger {
  error(message: string): void;
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'argument'}: ${issue.message}`)
    .join('; ');
}

/** Half of a UTF-16 surrogate pair standing alone: /u reads a whole pair as one code point, so only these match. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Where the parsed argument holds text with a lone surrogate, or null. Such text has no UTF-8 form: stored,
 * hashed or derived it silently becomes U+FFFD, so "\uD800" and "\uDBFF" would be one passphrase (and a BIP39
 * passphrase made of one failed inside the derivation). The parsed value is walked, not the raw one: it
 * holds only what the schema declares, so it is finite and as deep as the schema.
 */
function loneSurrogateAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  // the keys are the schema's own: zod keeps no other
  for (const [key, inner] of Object.entries(value)) {
    const found = loneSurrogateAt(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

export function createDispatcher(handlers: Handlers, logger: DispatchLogger = console): Dispatch {
  return async (method, arg) => {
    if (!isMethodName(method))
      return err(
        'INVALID_ARGUMENT',
        typeof method === 'string'
          ? `"${method.slice(0, 64)}" is not an operation of this app`
          : 'The operation name must be text.',
      );
    const name: MethodName = method;
    const parsed = specOf(name).args.safeParse(arg);
    if (!parsed.success) return err('INVALID_ARGUMENT', `${name}: ${describeIssues(parsed.error)}`);
    const broken = loneSurrogateAt(parsed.data);
    if (broken)
      return err(
        'INVALID_ARGUMENT',
        `${name}: ${broken.length ? broken.join('.') : 'argument'}: the text holds a broken character (half of a UTF-16 surrogate pair). Type it again.`,
      );
    try {
      return ok(await handlerOf(handlers, name)(parsed.data));
    } catch (error) {
      if (error instanceof AppFailure) return { ok: false, error: error.toError() };
      // Unknown failures may carry internals (paths, server text): log the name and kind only, answer generically.
      logger.error(`ipc ${name} failed: ${error instanceof Error ? error.name : typeof error}`);
      return err('INTERNAL', 'Something went wrong inside the app. Nothing was signed or sent.');
    }
  };
}
