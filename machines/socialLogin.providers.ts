/**
 * The social login's constants that Connect's first paint reads (its provider buttons, the popup's size): a module of
 * their own, so that the social login's machine (`socialLogin.ts`) loads with its first use, not with Connect.
 */

/** The social providers of spec §3 (Farcaster is handled separately). */
export const socialProviders = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof socialProviders)[number]

/** Spec §9: the social popup is polled every 1000 ms. */
export const socialPopupPoll = 1000
/** Spec §9: the popup is 600×800. */
export const socialPopupSize = { width: 600, height: 800 } as const
