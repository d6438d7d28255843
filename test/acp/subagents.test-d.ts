// A harness typed with the SDK's stable `SessionUpdate` compiles whether
// sub-agents are on or off: the updates a call's own methods return are the
// stable schema's, and a child session's settling comes through the
// separate `onSubagent` channel, typed with the unstable shapes.
import type { SessionUpdate } from '@agentclientprotocol/sdk'
import { describe, expectTypeOf, test } from 'vitest'
import * as acp from 'tool-render-intent/acp'
import * as acpV2 from 'tool-render-intent/acp-v2'
import { claudeCodePresenters } from 'tool-render-intent/presenters'
import type { AcpSubagentSpawned, AcpSubagentStateUpdate } from '../../src/acp/presenter.js'

async function stableHarness(presenter: acp.ToolPresenter, send: (updates: readonly SessionUpdate[]) => Promise<void>) {
  await send(presenter.call('toolu_1', 'Task', { description: 'Explore', prompt: 'Look around' }))
  await send(presenter.start('toolu_1'))
  await send(presenter.progress('toolu_1', { elapsedMs: 1000 }))
  await send(presenter.pause('toolu_1'))
  await send(presenter.output('toolu_1', 'x'))
  await send(presenter.result('toolu_1', { content: [] }))
  await send(presenter.cancel('toolu_2'))
  await send(presenter.decline('toolu_3'))
}

describe('sub-agents and the stable SessionUpdate', () => {
  test('a harness annotated with the stable SessionUpdate compiles with sub-agents off', () => {
    const off = acp.createToolPresenter({ tools: claudeCodePresenters, cwd: '/repo' })
    expectTypeOf(stableHarness(off, async () => {})).resolves.toBeVoid()
  })

  test('and with sub-agents on: the settling goes to onSubagent, not into the call’s updates', () => {
    const on = acp.createToolPresenter({
      tools: claudeCodePresenters,
      cwd: '/repo',
      profile: 'zed',
      onSubagent: (update) => expectTypeOf(update).toEqualTypeOf<acp.AcpSubagentNotification>(),
    })
    expectTypeOf(stableHarness(on, async () => {})).resolves.toBeVoid()
    expectTypeOf<ReturnType<acp.ToolPresenter['result']>[number]>().toExtend<SessionUpdate>()
    expectTypeOf<ReturnType<acp.ToolPresenter['cancel']>[number]>().toExtend<SessionUpdate>()
    expectTypeOf<ReturnType<acp.ToolPresenter['decline']>[number]>().toExtend<SessionUpdate>()
  })

  test('subagent() itself returns every shape a profile may decode, none of them stable', () => {
    expectTypeOf<ReturnType<acp.ToolPresenter['subagent']>>().toEqualTypeOf<acp.AcpSubagentNotification[]>()
    expectTypeOf<AcpSubagentSpawned>().not.toExtend<SessionUpdate>()
    expectTypeOf<AcpSubagentStateUpdate>().not.toExtend<SessionUpdate>()
  })

  test('v2 types its channel with v2’s subagent_update', () => {
    acpV2.createToolPresenter({
      tools: claudeCodePresenters,
      cwd: '/repo',
      onSubagent: (update) => expectTypeOf(update).toEqualTypeOf<acpV2.AcpV2SubagentUpdate>(),
    })
  })
})
