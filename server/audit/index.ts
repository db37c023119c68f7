export { recordAudit, type AuditEntry } from './audit-log.ts'
