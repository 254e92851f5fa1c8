import { wagmiJourney } from './wagmi.flow.ts'

wagmiJourney('wagmi-v2', 'useAccount, useSendTransaction, useDisconnect, useConnect')
