/**
 * Sharing records (issue 13, docs/decisions/016-sharing.md): share links with
 * an expiry and an optional passcode, e-mailed or copied, the public shared
 * page and its files, the access log and revoke. This module owns the share
 * tables (tenant `shares`, `share_documents`, `share_access_log`; platform
 * `share_tokens`).
 */
export { selectOwnerSharesForExport } from './owner-export.ts'
export { createShareLink, getSharePage, shareByEmail, SHARE_EMAILS_PER_DAY, revokeShare, listShares, type ShareListEntry } from './share-links.ts'
export {
	openSharedRecords,
	openSharedFile,
	submitSharePasscode,
	visitorOf,
	PASSCODE_MAX_FAILURES_PER_LINK,
	PASSCODE_MAX_FAILURES_PER_NETWORK,
	type ShareVisitor,
} from './shared-view.ts'
export { grantShareCookie } from './passcode-grant.ts'
