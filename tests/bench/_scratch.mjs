import { build } from 'vite'
const root = process.argv[2]
const t = Date.now()
await build({ configFile: '/work/main/tests/bench/vite.config.ts', root: `/work/main/tests/bench/${root}`, build: { outDir: `/tmp/bench-${root}` }, logLevel: 'info' })
console.log('ms', Date.now() - t)
