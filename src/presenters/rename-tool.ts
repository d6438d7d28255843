// Tools under other names: the same presenters, named as another agent's
// tools are, or reading another agent's argument shape.
import type { ToolDefinition } from '../define-tool.js'
import type { PresentContext, ToolCallView, ToolResult, ToolResultView } from '../views.js'

/**
 * The same tool under another name: every presenter is kept as it is, so
 * the arguments must have the tool's own shape. Use it for any naming this
 * package does not ship, such as an MCP server's prefixed names.
 *
 * @example
 * import { presenters, readTool, renameTool } from 'tool-render-intent/presenters'
 *
 * const mine = presenters.map((tool) => renameTool(tool, `files__${tool.name}`))
 * renameTool(readTool, 'view_file').presentCall?.({ file_path: '/repo/a.ts' }, { cwd: '/repo' })
 * // { card: 'generic', kind: 'read', title: 'Read a.ts', … }
 */
export function renameTool<Args, Meta>(tool: ToolDefinition<Args, Meta>, name: string): ToolDefinition<Args, Meta> {
  return { ...tool, name }
}

/** What {@link adaptTool} takes: the new name and shape, and how it maps onto the base tool's. */
export interface ToolAdapter<Args, BaseArgs, Meta> {
  /** The tool's name, as the model calls it. */
  readonly name: string
  /** The guard for the new argument shape; must not throw. */
  readonly args: (value: unknown) => value is Args
  /** The tool whose presenters render it. */
  readonly base: ToolDefinition<BaseArgs, Meta>
  /** The base tool's arguments for these; must not throw. */
  readonly toBase: (args: Args) => BaseArgs
  /** The base arguments for arguments still streaming in (any JSON); without it, the base's partial presenter is not used. */
  readonly partialToBase?: ((partialArgs: unknown) => unknown) | undefined
}

// A generic card shows its raw input: the arguments as the model sent them.
function withRawInput(view: ToolCallView | undefined, args: unknown): ToolCallView | undefined {
  return view?.card === 'generic' && view.rawInput !== undefined ? { ...view, rawInput: args } : view
}

/**
 * A tool whose arguments have another shape, rendered by `base`'s
 * presenters after `toBase` maps them (a generic card's `rawInput` stays
 * the arguments as sent). Arguments that fail `args`, or whose mapping the
 * base's own guard refuses, give `undefined`, as any presenter does.
 *
 * @example
 * const bashOutput = adaptTool({
 *   name: 'BashOutput',
 *   args: (value): value is { bash_id: string } => isRecord(value) && typeof value.bash_id === 'string',
 *   base: jobOutputTool,
 *   toBase: (args) => ({ job_id: args.bash_id }),
 * })
 */
export function adaptTool<Args, BaseArgs, Meta>(adapter: ToolAdapter<Args, BaseArgs, Meta>): ToolDefinition<Args, Meta> {
  const { name, args, base, toBase, partialToBase } = adapter
  const { presentCall, presentResult, presentPartialCall, presentPlan, metaKeys, sessionPlan, promptTitle } = base
  return {
    name,
    args,
    ...(metaKeys === undefined ? {} : { metaKeys }),
    ...(sessionPlan === undefined ? {} : { sessionPlan }),
    ...(promptTitle === undefined ? {} : { promptTitle }),
    ...(presentPlan === undefined ? {} : { presentPlan: (value: unknown) => (args(value) ? presentPlan(toBase(value)) : undefined) }),
    presentCall:
      presentCall &&
      ((value: unknown, ctx: PresentContext = {}) => (args(value) ? withRawInput(presentCall(toBase(value), ctx), value) : undefined)),
    presentPartialCall:
      presentPartialCall && partialToBase && ((value: unknown, ctx: PresentContext = {}) => presentPartialCall(partialToBase(value), ctx)),
    presentResult:
      presentResult &&
      ((value: unknown, result: ToolResult<Meta>, ctx: PresentContext = {}): ToolResultView | undefined =>
        args(value) ? presentResult(toBase(value), result, ctx) : undefined),
  }
}
