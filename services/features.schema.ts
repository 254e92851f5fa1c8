import * as v from 'valibot'

/** The social logins a project config may list (spec §6 socials, §7 `/appkit/v1/config`). */
export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'] as const

/**
 * The features of the directory's project config (`/appkit/v1/config` → `features`, spec §6, §7), each optional: the
 * answer is checked with it at the boundary, and so is the answer the modal remembers in storage
 * (`services/remoteConfigMemory.ts`). A module of its own so that the core's start, which reads the remembered answer,
 * carries this schema and not every API schema of `schemas.ts`.
 */
export const featuresSchema = v.object({
  analytics: v.optional(v.boolean()),
  email: v.optional(v.boolean()),
  socials: v.optional(v.union([v.literal(false), v.array(v.picklist(socialProviders))])),
  swaps: v.optional(v.boolean()),
  onramp: v.optional(v.boolean()),
  activity: v.optional(v.boolean()),
  reownBranding: v.optional(v.boolean()),
  multiWallet: v.optional(v.boolean()),
  pay: v.optional(v.boolean()),
})
export type RemoteFeatures = v.InferOutput<typeof featuresSchema>
