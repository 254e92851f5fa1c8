import { wagmiJourney } from './wagmi.flow.ts'

wagmiJourney('wagmi-v3', 'useConnection, useSendTransaction().mutate, useDisconnect().mutate, useConnect().mutate')
