export { recordAudit, recordAuditOnce, type AuditEntry, type AuditActor } from './audit-log.ts'
export { AUDIT_CSV_HEADER, auditCsvRow, listAuditActions, listAuditEntries } from './audit-list.ts'
