import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { latchkeyCompileHints } from 'latchkey/vite'

// https://vite.dev/config/
export default defineConfig({
  plugins: [react(), latchkeyCompileHints()],
})
