// The audit log's methods of the contract: read a page of it, or all of it as CSV.
import type { Handlers } from '../../shared/ipc/contract';
import type { AuditLog } from './audit-log';

export interface AuditDeps {
  audit: Pick<AuditLog, 'list' | 'toCsv'>;
}

export function createAudit({ audit }: AuditDeps): { handlers: Handlers['audit'] } {
  return {
    handlers: {
      list: async (query) => audit.list(query),
      export: async () => ({ csv: audit.toCsv() }),
    },
  };
}
