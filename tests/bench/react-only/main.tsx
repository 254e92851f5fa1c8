/**
 * The floor: React and react-dom rendering one stateful button, the least any React wallet modal ships.
 */
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

function App() {
  const [clicks, setClicks] = useState(0)
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      Clicked {clicks} times
    </button>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
