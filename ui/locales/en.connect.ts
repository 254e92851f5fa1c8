import { enShell } from './en.shell.ts'

/**
 * The English words of Connect (spec §2 Connect) and its ways of connecting, over the shell's (`en.shell.ts`): the wallet
 * list and its tags, the legal checkbox, the foot's 'New to wallets?', the email field and the social buttons. Part of
 * the first opening's group (`ui/firstOpen.ts`), so a cold first tap fetches these few words and not the whole catalogue;
 * the rest of English (`en.ts`, which spreads these in) comes with the next views' chunks, after Connect's first paint.
 * Connect's components read them with `useConnectCopy()` (`ui/copy.connect.ts`); `en.connect.test.ts` checks that every
 * word they read is here.
 */
export const enConnect = {
  ...enShell,
  /** Connect's foot link (onboarding's `connect.foot` entry). */
  newToWallets: 'New to wallets?',
  /** The legal checkbox (spec §9 "legal checkbox off" by default). */
  /** The checkbox's sentence, its two slots the links named by `legalTerms` and `legalPrivacy`. */
  legalAgree: (terms: string, privacy: string) => `I agree to the ${terms} and ${privacy}`,
  legalTerms: 'Terms of Service',
  legalPrivacy: 'Privacy Policy',
  legalRequired: 'Agree to the terms above to choose a wallet.',
  qrCode: 'QR code',
  /** The tag of a catalogue row whose wallet link was refused (nothing of it is opened). */
  linkRefusedTag: 'Link refused',
  allWallets: 'All Wallets',
  recent: 'Recent',
  featured: 'Featured',
  installed: 'Installed',
  /** The ✓ badge of a directory wallet the directory certifies (its description for assistive technology). */
  certified: 'Certified',
  noWallets: 'No browser wallet found. Install one, or open this page in a wallet app.',
  emailLabel: 'Email',
  emailPlaceholder: 'Email',
  emailContinue: 'Continue',
  emailInvalid: 'Enter a valid email address',
  emailThrottled: (seconds: number) => `Please try again after ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`,
  emailSending: 'Sending…',
  emailDeviceTitle: 'Approve this device',
  emailDeviceBody: (email: string) => `We sent a link to ${email}. Open it on this device to continue.`,
  emailOtpLabel: (email: string) => `Enter the 6-digit code sent to ${email}`,
  emailOtpField: 'Code',
  emailOtpInvalid: 'Enter the 6 digits of the code',
  emailOtpSubmit: 'Confirm',
  emailResend: 'Resend code',
  emailResendWait: 'You can resend the code in a moment',
  emailUseAnother: 'Use another email',
  emailConnecting: 'Connecting…',
  emailOr: 'or',
  socialNames: { google: 'Google', github: 'GitHub', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord', farcaster: 'Farcaster' } as Record<string, string>,
  socialContinueWith: (name: string) => `Continue with ${name}`,
  socialWaiting: (name: string) => `Continue in the ${name} window`,
  socialRedirecting: (name: string) => `Taking you to ${name}…`,
  socialConnecting: 'Connecting…',
  socialCancel: 'Cancel',
  socialPopupClosed: 'The sign-in window was closed. Choose a way to connect again.',
  socialLabel: 'Social login',
} as const
