/** The development accounts (anvil's mnemonic and its first five accounts): shared with `latchkey/testing`, where they live. */
export * from '../testing/wallet/accounts.ts'
