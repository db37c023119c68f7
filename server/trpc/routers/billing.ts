import { z } from 'zod'
import { CreateApiKeySchema } from '#server/api/shared/api-keys.ts'
import { createApiKey, listApiKeys, revokeApiKey } from '#server/api/index.ts'
import {
	BILLING_MESSAGES,
	cancelSubscription,
	changePlan,
	getOrganizationSubscription,
	getSubscriptionUsage,
	PLAN_IDS,
	planCatalogue,
} from '#server/billing/index.ts'
import { protectedProcedure, router, trpcNotFound, unwrapResult } from '../init.ts'

const NO_SUBSCRIPTION = BILLING_MESSAGES.noSubscription

/** Subscription and API keys (spec 7.1 /subscriptions/*): the same domain calls as /subscription, Settings > API keys and /api/v1. */
export const billingRouter = router({
	/** spec 7.1 GET /subscriptions */
	subscription: protectedProcedure.query(async ({ ctx }) => (await getOrganizationSubscription(ctx.patient.organizationId)) ?? trpcNotFound(NO_SUBSCRIPTION)),
	/** spec 7.1 GET /subscriptions/usage */
	usage: protectedProcedure.query(async ({ ctx }) => (await getSubscriptionUsage(ctx.patient.organizationId)) ?? trpcNotFound(NO_SUBSCRIPTION)),
	plans: protectedProcedure.query(() => planCatalogue()),
	/** spec 7.1 POST /subscriptions/upgrade */
	upgrade: protectedProcedure
		.input(z.object({ plan: z.enum(PLAN_IDS), paymentMethod: z.enum(['credit_card', 'bank_transfer']).optional() }))
		.mutation(async ({ ctx, input }) => unwrapResult(await changePlan(ctx.patient, input.plan, { paymentMethod: input.paymentMethod }))),
	/** spec 7.1 POST /subscriptions/cancel */
	cancel: protectedProcedure.mutation(async ({ ctx }) => unwrapResult(await cancelSubscription(ctx.patient))),
	apiKeys: protectedProcedure.query(({ ctx }) => listApiKeys(ctx.patient)),
	createApiKey: protectedProcedure
		.input(CreateApiKeySchema.omit({ intent: true }))
		.mutation(async ({ ctx, input }) => unwrapResult(await createApiKey(ctx.patient, input.name))),
	revokeApiKey: protectedProcedure
		.input(z.object({ id: z.string().uuid() }))
		.mutation(async ({ ctx, input }) => unwrapResult(await revokeApiKey(ctx.patient, input.id))),
})
