/**
 * The visualiser session's `channel` actor on a real `BroadcastChannel('latchkey-inspect')`: every demo message
 * becomes a `demo.message` event; `{ type: 'post', message }` posts to the demo.
 */
import { fromCallback } from 'xstate'
import { channelName, parseDemoMessage, type ChannelLike, type VisualiserMessage } from './protocol.ts'
import type { SessionEvent } from './session.ts'

/** @param open makes the channel (default `new BroadcastChannel('latchkey-inspect')`); it is closed when the session stops. */
export function broadcastChannelActor(open: () => ChannelLike = () => new BroadcastChannel(channelName) as unknown as ChannelLike) {
  return fromCallback<{ type: 'post'; message: VisualiserMessage }>(({ sendBack, receive }) => {
    const channel = open()
    const onMessage = ({ data }: { data: unknown }) => {
      const message = parseDemoMessage(data)
      if (message) sendBack({ type: 'demo.message', message } satisfies SessionEvent)
    }
    channel.addEventListener('message', onMessage)
    receive((event) => channel.postMessage(event.message))
    return () => {
      channel.removeEventListener('message', onMessage)
      channel.close()
    }
  })
}
