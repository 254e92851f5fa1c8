/** The development Bitcoin keys: shared with `latchkey/testing/bitcoin`, where they live (testing/bitcoin/accounts.ts). */
export * from '../../testing/bitcoin/accounts.ts'
