// The one path every IPC call takes, whichever transport carried it (Electron ipcMain or the browser host's
// WebSocket): the method must be a contract name (`group.method`), its argument must parse against the contract's schema
// BEFORE any handler runs, and whatever happens comes back as a Result, never as a thrown exception.
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
