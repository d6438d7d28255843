// One presenter interface for every protocol version: each version's
// presenter is `ToolPresenter` over its type map, its return types checked,
// and tool code that serves v1 and v2 is generic over the protocol.
import { describe, expectTypeOf, test } from 'vitest'
import * as acp from 'tool-render-intent/acp'
import * as acpV2 from 'tool-render-intent/acp-v2'
import { presenters } from 'tool-render-intent/presenters'
import type { AcpPlanUpdate, AcpToolCall } from '../../src/acp/call.js'
import type { TerminalOutputKey } from '../../src/acp/capabilities.js'
import type { AcpToolUpdate } from '../../src/acp/presenter.js'
import type { AcpToolCallUpdate } from '../../src/acp/result.js'
import type { AcpV2ToolCallUpdate } from '../../src/acp-v2/types.js'

// Tool code a harness shares between its v1 and v2 agents: no interface of its own.
async function runLs<P extends acp.PresenterProtocol>(
  presenter: acp.ToolPresenter<P>,
  send: (updates: readonly acp.PresenterUpdate<P>[]) => Promise<void>,
): Promise<void> {
  await send(presenter.call('call_1', 'bash', { command: 'ls' }))
  await send(presenter.start('call_1'))
  await send(presenter.output('call_1', 'a.ts\n'))
  await send(presenter.result('call_1', { content: [{ type: 'text', text: 'a.ts\n' }], meta: { exitCode: 0 } }))
}

describe('ToolPresenter', () => {
  test('is one interface over a type map per version', () => {
    expectTypeOf(acp.createToolPresenter).returns.toEqualTypeOf<acp.ToolPresenter<acp.AcpProtocol>>()
    expectTypeOf(acpV2.createToolPresenter).returns.toEqualTypeOf<acpV2.ToolPresenter<acpV2.AcpV2Protocol>>()
    expectTypeOf<acp.ToolPresenter>().toEqualTypeOf<acpV2.ToolPresenter<acp.AcpProtocol>>()
  })

  test("returns each version's own updates, method by method", () => {
    expectTypeOf<ReturnType<acp.ToolPresenter['start']>>().toEqualTypeOf<AcpToolCallUpdate[]>()
    expectTypeOf<ReturnType<acp.ToolPresenter['call']>>().toEqualTypeOf<(AcpToolCall | AcpToolCallUpdate | AcpPlanUpdate)[]>()
    // A result may move the session plan its tool keeps: the plan update is among its updates.
    expectTypeOf<AcpPlanUpdate>().toExtend<ReturnType<acp.ToolPresenter['result']>[number]>()
    expectTypeOf<ReturnType<acpV2.ToolPresenter['start']>>().toEqualTypeOf<AcpV2ToolCallUpdate[]>()
    expectTypeOf<ReturnType<acpV2.ToolPresenter['result']>[number]>().toExtend<acpV2.AcpV2Update>()
    expectTypeOf<ReturnType<acpV2.ToolPresenter['subagent']>>().toEqualTypeOf<acpV2.AcpV2SubagentUpdate[]>()
    expectTypeOf<ReturnType<acp.ToolPresenter['permission']>>().toEqualTypeOf<acp.PermissionRequest>()
    expectTypeOf<ReturnType<acpV2.ToolPresenter['permission']>>().toEqualTypeOf<acpV2.AcpV2PermissionRequest>()
  })

  test('says what it knows of the client, typed per version', () => {
    expectTypeOf<acp.ToolPresenter['protocolVersion']>().toEqualTypeOf<1>()
    expectTypeOf<acpV2.ToolPresenter['protocolVersion']>().toEqualTypeOf<2>()
    expectTypeOf<acpV2.ToolPresenter['terminalOutput']>().toEqualTypeOf<true>()
    expectTypeOf<acp.ToolPresenter['terminalOutputKey']>().toEqualTypeOf<TerminalOutputKey | undefined>()
  })

  test('lets code that serves both versions share its tool code', () => {
    const v1 = acp.createToolPresenter({ tools: presenters, cwd: '/repo' })
    const v2 = acpV2.createToolPresenter({ tools: presenters, cwd: '/repo' })
    expectTypeOf(runLs(v1, async (updates: readonly (AcpToolUpdate | acp.AcpSubagentNotification)[]) => void updates)).resolves.toBeVoid()
    expectTypeOf(runLs(v2, async (updates: readonly (acpV2.AcpV2Update | acpV2.AcpV2SubagentUpdate)[]) => void updates)).resolves.toBeVoid()
    // @ts-expect-error a v2 presenter's updates are not v1's
    runLs(v2, async (updates: readonly AcpToolUpdate[]) => void updates)
  })
})
