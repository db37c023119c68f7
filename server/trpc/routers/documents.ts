import { z } from 'zod'
import { LocalDateSchema } from '#server/time/shared/local-date-schema.ts'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import {
	compareTestDates,
	deleteDocument,
	getDocument,
	getDocumentsByIds,
	listDocuments,
	listTestDates,
	retryDocument,
	signDocumentLink,
} from '#server/documents/index.ts'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'
import { protectedProcedure, router, trpcNotFound, unwrapResult } from '../init.ts'

const DocumentId = z.object({ id: z.string().uuid() })

export const documentsRouter = router({
	/** spec 7.1 GET /documents */
	list: protectedProcedure
		.input(z.object({ query: safeText({ max: TEXT_LIMITS.search }).optional() }).optional())
		.query(({ ctx, input }) => listDocuments(ctx.patient, { query: input?.query })),
	/** The upload screen follows its documents' processing with this. */
	byIds: protectedProcedure.input(z.object({ ids: z.array(z.string().uuid()).max(50) })).query(({ ctx, input }) => getDocumentsByIds(ctx.patient, input.ids)),
	/** spec 7.1 GET /documents/{id} */
	get: protectedProcedure
		.input(DocumentId)
		.query(async ({ ctx, input }) => (await getDocument(ctx.patient, input.id)) ?? trpcNotFound(DOCUMENT_MESSAGES.notFoundTitle)),
	/** spec 7.1 GET /documents/{id}/download: a short-lived signed link. */
	downloadLink: protectedProcedure.input(DocumentId).mutation(async ({ ctx, input }) => {
		const document = await getDocument(ctx.patient, input.id)
		if (!document) trpcNotFound(DOCUMENT_MESSAGES.notFoundTitle)
		return { url: signDocumentLink({ documentId: input.id, userId: ctx.patient.userId }) }
	}),
	/** spec 7.1 DELETE /documents/{id} */
	delete: protectedProcedure.input(DocumentId).mutation(async ({ ctx, input }) => {
		unwrapResult(await deleteDocument(ctx.patient, input.id))
		return { deleted: true }
	}),
	retry: protectedProcedure.input(DocumentId).mutation(async ({ ctx, input }) => {
		unwrapResult(await retryDocument(ctx.patient, input.id))
		return { queued: true }
	}),
	testDates: protectedProcedure.query(({ ctx }) => listTestDates(ctx.patient)),
	compare: protectedProcedure
		.input(z.object({ left: LocalDateSchema, right: LocalDateSchema }))
		.query(({ ctx, input }) => compareTestDates(ctx.patient, input.left, input.right)),
})
