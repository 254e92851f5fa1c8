/** Sessions' words (English), read by its view and by its entry in Account (`ui/entries/sessions.tsx`). */
export const featureCopy = {
  sessions: {
    entry: 'Sessions',
    title: 'Sessions',
    intro: 'Permissions your account granted to apps. Revoking one ends it at once.',
    list: 'Active sessions',
    loading: 'Loading sessions…',
    failed: 'Sessions could not be loaded.',
    retry: 'Try again',
    empty: 'No active sessions.',
    revoke: 'Revoke',
    signing: 'Confirm in your wallet…',
    submitting: 'Revoking…',
    revokeFailed: 'Could not revoke this session:',
    expires: 'Expires',
    sessionKey: 'Session key',
    anyPermission: 'Permissions',
  },
}
