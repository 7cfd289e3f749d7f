// The audit log: its key and its table (Settings and the drills show it).
export { auditKeys } from './queries';
export { AuditTable } from './AuditTable';
