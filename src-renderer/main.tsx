import { z } from 'zod'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './ui/app/App'
import { connectBridge } from './bridge/connect-bridge'
import './ui/app/styles.css'

// The CSP has no 'unsafe-eval'. Jitless zod never tries `new Function`, so validation costs a
// little speed here but the policy stays strict and no violation is ever reported.
z.config({ jitless: true })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App bridge={connectBridge(window)} />
  </StrictMode>,
)
