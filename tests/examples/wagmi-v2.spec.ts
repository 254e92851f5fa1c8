import { wagmiJourney, wagmiMultiWalletJourney } from './wagmi.flow.ts'

wagmiJourney('wagmi-v2', 'useAccount, useSendTransaction, useCapabilities, useSendCalls, useCallsStatus, useDisconnect, useConnect')
wagmiMultiWalletJourney('wagmi-v2')
