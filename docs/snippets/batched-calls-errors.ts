import {
  AtomicCallsUnsupportedError,
  type BatchCallParameter,
  BatchFailedError,
  CallsChainNotConfiguredError,
  CallsStatusUnknownError,
  CallsUnavailableError,
  InvalidCallsError,
  UnknownBatchError,
  UserRejectedRequestError,
} from 'latchkey'
import { modal } from './modal.ts'

export async function send(calls: BatchCallParameter[]) {
  try {
    await modal.sendCalls({ calls })
  } catch (error) {
    if (error instanceof InvalidCallsError)
      console.log(error.path) // 'calls[1].data'
    else if (error instanceof UserRejectedRequestError) console.log('declined')
    else if (error instanceof AtomicCallsUnsupportedError || error instanceof CallsChainNotConfiguredError) console.log(error.shortMessage)
    else if (error instanceof BatchFailedError || error instanceof CallsStatusUnknownError) console.log(error.details)
    else if (error instanceof CallsUnavailableError || error instanceof UnknownBatchError) console.log(error.message)
  }
}
