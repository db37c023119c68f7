export { recordAudit, type AuditEntry, type AuditActor } from './audit-log.ts'
