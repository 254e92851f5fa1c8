import { createModal, mainnet } from 'latchkey'

const modal = createModal({ projectId: 'your-project-id', networks: [mainnet], features: { activity: false, send: false } })
modal.getState().features // { send: false, receive: true, activity: false, reownBranding: true, … }
modal.open({ view: 'Send' }) // throws FeatureDisabledError (feature 'send', option 'features.send')
