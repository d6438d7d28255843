// The example agent on stdio, for Zed's `agent_servers` setting:
//   node examples/zed-agent/dist/agent.js
import { Readable, Writable } from 'node:stream'
import { ndJsonStream } from '@agentclientprotocol/sdk'
import { scriptedAgent } from './scripted-agent.js'

const delayMs = Number(process.env.SCRIPTED_AGENT_DELAY_MS ?? 400)
const stream = ndJsonStream(
  Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
  Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
)
const connection = scriptedAgent({ delayMs }).connect(stream)
await connection.closed
