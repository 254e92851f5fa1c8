import { describe, expect, test } from 'vitest'
import { fitName, laneWidthFor, sequenceMetrics } from './Sequence.tsx'

describe('the sequence lanes', () => {
  test('behavior: a lane is as wide as the longest lifeline name needs, within its bounds', () => {
    expect(laneWidthFor(['root', 'router'])).toBe(sequenceMetrics.minLane)
    const wide = laneWidthFor(['root', 'tags.remoteConfig', 'loadRemoteConfig'])
    expect(wide).toBeGreaterThan(sequenceMetrics.minLane)
    // Every name fits its lane whole (12 px font, 0.6 em a character, 6 px each side).
    expect(fitName('tags.remoteConfig', wide - 12, sequenceMetrics.nameSize)).toBe('tags.remoteConfig')
    expect(laneWidthFor(['x'.repeat(80)])).toBe(sequenceMetrics.maxLane)
    expect(laneWidthFor([])).toBe(sequenceMetrics.minLane)
  })

  test('behavior: a name longer than the widest lane is cut with an ellipsis to fit', () => {
    const long = 'connection.eip155.walletConnect.pairing.watchSessionProposals'
    const shown = fitName(long, sequenceMetrics.maxLane - 12, sequenceMetrics.nameSize)
    expect(shown.endsWith('…')).toBe(true)
    expect(long.startsWith(shown.slice(0, -1))).toBe(true)
    expect(shown.length * sequenceMetrics.nameSize * 0.6).toBeLessThanOrEqual(sequenceMetrics.maxLane - 12)
  })
})
