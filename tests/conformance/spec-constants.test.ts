import { describe, expect, test } from 'vitest'
import { socialPopupPoll, socialPopupSize } from '../../machines/socialLogin.providers.ts'
import { timing } from '../../machines/timing.ts'

/**
 * Spec §9 durations that the flows take from their named constants but whose own tests move the clock by the constant
 * (the model walks): here each is pinned to the spec's value, so a change of the constant is a change of the spec's
 * number, seen here.
 */
describe('spec §9 constants the walks move the clock by', () => {
  test('spec §9: the social popup and the email change are polled every 1000 ms; the popup is 600x800', () => {
    expect(socialPopupPoll).toBe(1000)
    expect(timing.emailChangePoll).toBe(1000)
    expect(socialPopupSize).toEqual({ width: 600, height: 800 })
  })

  test('spec §9: images preload for at most 2000 ms', () => {
    expect(timing.imagePreloadTimeout).toBe(2000)
  })
})
