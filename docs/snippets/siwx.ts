import { createModal, createSiwx, mainnet } from 'latchkey'

const modal = createModal({
  projectId: 'your-project-id',
  networks: [mainnet],
  siwx: createSiwx({
    url: 'https://api.example.org/siwx', // a server implementing openapi/siwx.yaml (the repository's dev/api does)
    statement: 'Sign in to My dapp.', // optional, one line
    expiresIn: 24 * 60 * 60_000, // ms; default 24 h, 0 for no expiry
    required: true, // the modal cannot close until the visitor has signed in
  }),
})
modal.subscribe(({ siwx }) => console.log(siwx?.phase, siwx?.session?.address))
