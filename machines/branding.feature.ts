import { defineFeature } from './features.ts'

/** The branding footer at the bottom of Connect and Account (spec §9 "branding on"); no view of its own. */
export const brandingManifest = defineFeature()({
  id: 'branding',
  flag: 'reownBranding',
  parts: { 'Connect and Account: branding footer': 'reownBranding' },
})
