// The audit log's key: every confirmed action adds to it.
export const auditKeys = {
  audit: ['audit'],
};
