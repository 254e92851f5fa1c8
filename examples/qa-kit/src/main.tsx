import { StrictMode, version } from 'react'
import { createRoot } from 'react-dom/client'
import App from './App.tsx'

const root = document.getElementById('root')!
// Which React runs the page (the example's test checks there is one, the app's own).
root.dataset.reactVersion = version
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
