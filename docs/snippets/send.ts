import { modal } from './modal.ts'

// Account → Send does the same; with the `send` feature off this throws FeatureDisabledError.
modal.open({ view: 'Send' })
