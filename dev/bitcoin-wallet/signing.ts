/** The development Bitcoin wallet's cryptography: shared with `latchkey/testing/bitcoin`, where it lives. */
export * from '../../testing/bitcoin/signing.ts'
