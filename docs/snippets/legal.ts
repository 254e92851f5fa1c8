import { createModal, mainnet } from 'latchkey'

export const modal = createModal({
  projectId: 'your-project-id',
  networks: [mainnet],
  features: { legalCheckbox: true },
  termsConditionsUrl: 'https://dapp.example/terms',
  privacyPolicyUrl: 'https://dapp.example/privacy',
})
