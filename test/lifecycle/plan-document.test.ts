// What a proposed plan's file becomes on the wire, and which plan ids a
// call's end removes: read through the v1 presenter for a client that keeps
// plans by id.
import { describe, expect, it } from 'vitest'
import { defineTool } from 'tool-render-intent'
import type { PlanDocument } from '../../src/define-tool.js'
import { createToolPresenter } from 'tool-render-intent/acp'
import type { AcpPlanByIdUpdate, AcpPlanRemoved } from '../../src/acp/call.js'
import { PROPOSED_PLAN_ID } from '../../src/lifecycle/events.js'
import { proposedPlanId } from '../../src/lifecycle/plan-document.js'

const proposing = defineTool<{ path: string }>({
  name: 'propose',
  args: (value): value is { path: string } => typeof (value as { path?: unknown })?.path === 'string',
  presentCall: (args) => ({ card: 'generic', title: `Propose ${args.path}` }),
  presentPlan: (args): PlanDocument => ({ format: 'file', path: args.path }),
})

function proposed(path: string) {
  const sent: (AcpPlanByIdUpdate | AcpPlanRemoved)[] = []
  const presenter = createToolPresenter({
    tools: [proposing],
    clientCapabilities: { plan: {} } as object,
    cwd: '/repo',
    onPlan: (u) => sent.push(u),
  })
  presenter.call('c1', 'propose', { path })
  return sent
}

describe('a proposed plan file', () => {
  it.each([
    ['/home/me/plans/a b.md', 'file:///home/me/plans/a%20b.md'],
    ['/plans/../plans/%?#.md', 'file:///plans/%25%3F%23.md'],
    ['C:\\Users\\me\\plan.md', 'file:///C:/Users/me/plan.md'],
    ['\\\\server\\share\\plan.md', 'file://server/share/plan.md'],
  ])('%s is sent as %s', (path, uri) => {
    expect(proposed(path)).toStrictEqual([{ sessionUpdate: 'plan_update', plan: { type: 'file', planId: 'proposed-plan', uri } }])
  })

  it('that is not absolute proposes nothing: the card names it', () => {
    expect(proposed('feature-x.md')).toStrictEqual([])
    expect(proposed('~/plans/x.md')).toStrictEqual([])
  })
})

describe('proposedPlanId', () => {
  it("is the session's one proposal, or a sub-agent's own under its plan id", () => {
    expect(proposedPlanId(undefined)).toBe(PROPOSED_PLAN_ID)
    expect(proposedPlanId('toolu_1')).toBe('subagent:toolu_1/proposed-plan')
  })
})
