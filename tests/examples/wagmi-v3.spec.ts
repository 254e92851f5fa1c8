import { wagmiJourney, wagmiMultiWalletJourney } from './wagmi.flow.ts'

wagmiJourney('wagmi-v3', 'useConnection, useSendTransaction().mutate, useCapabilities, useSendCalls().mutate, useCallsStatus, useDisconnect().mutate, useConnect().mutate')
wagmiMultiWalletJourney('wagmi-v3')
