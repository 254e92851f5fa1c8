/** The development Bitcoin wallet's name, icon and chain: shared with `latchkey/testing/bitcoin`, where they live. */
export * from '../../testing/bitcoin/identity.ts'
