export { recordAudit, type AuditEntry, type AuditActor } from './audit-log.ts'
export { AUDIT_CSV_HEADER, auditCsvRow, HEALTH_RECORD_TARGET_TYPES, listAuditActions, listAuditEntries, type AuditListEntry } from './audit-list.ts'
