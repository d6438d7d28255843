// The example agent on stdio, for Zed's `agent_servers` setting:
//   node examples/dist/zed-agent/agent.js
// SCRIPTED_AGENT_DELAY_MS: how long a pause between a call and its result
// lasts (default 400); the turn's other pauses are scaled to match. 0 plays
// the turn without waiting, as the tests do.
import { Readable, Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { ndJsonStream } from '@agentclientprotocol/sdk'
import { BEAT_MS } from '../scripted-turn.js'
import { scriptedAgent } from './scripted-agent.js'

const delayMs = Number(process.env.SCRIPTED_AGENT_DELAY_MS ?? BEAT_MS)
const scale = Number.isFinite(delayMs) && delayMs > 0 ? delayMs / BEAT_MS : 0
const stream = ndJsonStream(
  Writable.toWeb(process.stdout) as WritableStream<Uint8Array>,
  Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>,
)
const connection = scriptedAgent({ pause: scale > 0 ? (ms) => sleep(ms * scale) : undefined }).connect(stream)
await connection.closed
