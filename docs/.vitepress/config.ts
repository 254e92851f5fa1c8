import { defineConfig } from 'vitepress'
import { type SidebarItem, writeLlmsFiles } from './llms.ts'

const title = 'latchkey'
const description = 'A statechart-driven wallet-connection modal for web3 sites: EVM, Solana and Bitcoin.'

/** The pages in reading order: the sidebar, and the order of llms.txt and llms-full.txt. */
const sidebar: SidebarItem[] = [
  {
    text: 'Getting started',
    items: [
      { text: 'Install and Vite', link: '/getting-started/' },
      { text: 'Next.js (App Router)', link: '/getting-started/nextjs' },
      { text: 'Remix and React Router', link: '/getting-started/react-router' },
      { text: 'Plain HTML (custom elements)', link: '/getting-started/html' },
      { text: 'Content-Security-Policy', link: '/getting-started/csp' },
      { text: 'The instance and its options', link: '/getting-started/options' },
    ],
  },
  {
    text: 'Guides',
    items: [
      { text: 'Networks and namespaces', link: '/guide/networks' },
      { text: 'Mobile wallets (WalletConnect)', link: '/guide/walletconnect' },
      { text: 'Sign in with the wallet (SIWX)', link: '/guide/siwx' },
      { text: 'Feature flags and remote config', link: '/guide/feature-flags' },
      { text: 'Theming', link: '/guide/theming' },
      { text: 'Email, social and Farcaster login', link: '/guide/embedded-wallet' },
      { text: 'Smart accounts', link: '/guide/smart-accounts' },
      { text: 'Send', link: '/guide/send' },
      { text: 'Swap', link: '/guide/swap' },
      { text: 'Buy crypto (on-ramp)', link: '/guide/onramp' },
      { text: 'Names', link: '/guide/names' },
      { text: 'Multi-wallet', link: '/guide/multi-wallet' },
      { text: 'Batched calls (EIP-5792)', link: '/guide/batched-calls' },
      { text: 'Pay', link: '/guide/pay' },
      { text: 'Languages', link: '/guide/localisation' },
      { text: 'wagmi and ethers', link: '/guide/wagmi-ethers' },
      { text: 'Testing your integration', link: '/guide/testing' },
      { text: 'The inspector', link: '/guide/inspector' },
      { text: 'Hostile wallets and refusals', link: '/guide/hostile-wallets' },
      { text: 'Migrating from RainbowKit', link: '/guide/migrate-rainbowkit' },
      { text: 'Migrating from ConnectKit', link: '/guide/migrate-connectkit' },
      { text: 'Migrating from Web3-Onboard', link: '/guide/migrate-web3-onboard' },
      { text: 'Migrating from OnchainKit', link: '/guide/migrate-onchainkit' },
    ],
  },
  {
    // Generated from the TSDoc of the public entries by `npm run docs:api` (dev/docs-api.ts).
    text: 'API reference',
    items: [
      { text: 'latchkey', link: '/api/latchkey' },
      { text: 'latchkey/react', link: '/api/latchkey/react' },
      { text: 'latchkey/wagmi', link: '/api/latchkey/wagmi' },
      { text: 'latchkey/ethers', link: '/api/latchkey/ethers' },
      { text: 'latchkey/element', link: '/api/latchkey/element' },
      { text: 'latchkey/vite', link: '/api/latchkey/vite' },
      { text: 'latchkey/testing', link: '/api/latchkey/testing' },
      { text: 'latchkey/testing/playwright', link: '/api/latchkey/testing/playwright' },
    ],
  },
  {
    // One page per error class, the address each error's `Docs:` line names (npm run docs:errors, dev/docs-errors.ts).
    text: 'Errors',
    items: [{ text: 'Every error, its cause and fix', link: '/errors/' }],
  },
  {
    text: 'Contributing',
    items: [
      { text: 'Architecture', link: '/contributing/architecture' },
      { text: 'The services and the reference server', link: '/contributing/services' },
      { text: 'The local stack', link: '/contributing/local-stack' },
      { text: 'The package and the example apps', link: '/contributing/package' },
      { text: 'Tests', link: '/contributing/tests' },
      { text: 'Size and speed', link: '/contributing/performance' },
      { text: 'Product spec', link: '/product-spec' },
      { text: 'Spec conformance', link: '/spec-conformance' },
    ],
  },
]

/**
 * The documentation site (`npm run docs` serves it, `npm run test:docs` builds and checks it). VitePress fails the
 * build on a dead internal link; the local search index is built from the pages, nothing is fetched from elsewhere; the
 * build ends with llms.txt and llms-full.txt.
 */
export default defineConfig({
  // llms.txt and llms-full.txt beside the pages (./llms.ts).
  buildEnd: (site) => writeLlmsFiles({ title, description, srcDir: site.srcDir, outDir: site.outDir, sidebar }),
  title,
  description,
  lang: 'en',
  cleanUrls: true,
  lastUpdated: false,
  // The samples are included by the pages (`<<< @/snippets/…`), not pages of their own, and so is the generated
  // section of the architecture page that shows the statecharts (dev/docsCharts.tsx).
  srcExclude: ['snippets/**', '**/README.md', '.generated/**'],
  // The generated API page of `latchkey` is one large chunk (its ~300 exports on one page).
  vite: { build: { chunkSizeWarningLimit: 2000 } },
  // High-contrast code colours: the samples meet WCAG AA contrast on the code blocks' background (axe checks them).
  markdown: { theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' } },
  themeConfig: {
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    nav: [
      { text: 'Getting started', link: '/getting-started/' },
      { text: 'Guides', link: '/guide/networks' },
      { text: 'API', link: '/api/' },
      { text: 'Errors', link: '/errors/' },
      { text: 'Contributing', link: '/contributing/architecture' },
    ],
    sidebar,
  },
})
