import type { PlanCallView, PresentContext, ToolCallView, ToolResult, ToolResultView } from './views.js'

/**
 * A plan a call proposes as a document rather than a list: Markdown (Claude
 * Code's `ExitPlanMode`, its `plan`) or a file (Gemini CLI's
 * `exit_plan_mode`, its `plan_filename`). A client that keeps plans by id
 * shows it in its plan view beside the call's card (ACP's unstable
 * `plan_update`, `type: 'markdown'` or `'file'`); any other client has the
 * card alone.
 */
export type PlanDocument =
  | {
      /** Markdown, as the client renders it: escape model text as for a text content block. */
      readonly format: 'markdown'
      readonly markdown: string
    }
  | {
      /** A file holding the plan: an absolute path (sent as a `file://` URI). */
      readonly format: 'file'
      readonly path: string
    }

/**
 * How one tool's calls render. The harness hands in whatever arguments the
 * model sent (`unknown`); a presenter answers with a view, or `undefined`
 * when it has nothing to say and a generic card should be shown instead.
 *
 * Both functions must be pure: they run on live streams and again on session
 * replay, and must give the same view both times.
 */
export interface ToolDefinition<Args = unknown, Meta = unknown> {
  /** The tool's name, as the model calls it; for a family of tools ({@link ToolDefinition.forName}), a name for the family such as `mcp__*`. */
  readonly name: string
  /**
   * For a family of tools whose names follow a pattern, such as MCP's
   * `mcp__<server>__<tool>`: the definition for the tool `name`, or
   * `undefined` when `name` is not one of the family. A session consults it
   * only for a name no tool of its list has exactly, in list order, so a
   * tool of the family with a presenter of its own wins. Must be pure and
   * must not throw. The definition it returns renders views of the same
   * closed vocabulary as any other.
   *
   * @example
   * const docs: ToolDefinition = {
   *   name: 'docs__*',
   *   forName: (name) => (name.startsWith('docs__') ? defineTool({ name, args: isDocsArgs, presentCall: (args) => docsCard(name, args) }) : undefined),
   * }
   */
  readonly forName?: ((name: string) => ToolDefinition<Args, Meta> | undefined) | undefined
  /** The guard that decides whether a value is this tool's arguments. */
  readonly args?: (value: unknown) => value is Args
  /**
   * The fields of a result's `meta` its result presenter reads. A session
   * presenter reports a result whose meta has any other field (a misspelt
   * `exit_code` would otherwise show a failed command as completed); the
   * card still renders. Absent: the meta is not checked.
   */
  readonly metaKeys?: readonly string[] | undefined
  /** A plan the session keeps across this tool's calls and others' (see {@link SessionPlan}). */
  readonly sessionPlan?: SessionPlan<any> | undefined
  /**
   * The title of a permission prompt for this tool's calls, when it differs
   * from the card's: ExitPlanMode's card is `Approve Plan`, its prompt asks
   * `Ready to code?`, as claude-agent-acp's do. Plain text.
   */
  readonly promptTitle?: string | undefined
  /**
   * The plan a complete call proposes, from the arguments alone
   * (`{ format: 'markdown', markdown }` or `{ format: 'file', path }`); `undefined` when it proposes none. Must be pure
   * and must not throw.
   */
  readonly presentPlan?: ((args: unknown) => PlanDocument | undefined) | undefined
  /** The card for the call, from the arguments alone. */
  readonly presentCall?: (args: unknown, ctx?: PresentContext) => ToolCallView | undefined
  /**
   * The card for a call whose arguments are still streaming in, when
   * `presentCall` has nothing to say about them yet. Sees whatever part of
   * the arguments has arrived (any JSON) and must not throw. A card that
   * shows a display terminal must be chosen here, on the first sighting:
   * clients create the terminal only when the call is announced.
   */
  readonly presentPartialCall?: (partialArgs: unknown, ctx?: PresentContext) => ToolCallView | undefined
  /** The card for the result, from the arguments and what the tool returned. */
  readonly presentResult?: (args: unknown, result: ToolResult<Meta>, ctx?: PresentContext) => ToolResultView | undefined
}

/**
 * The arguments a tool definition's guard accepts: the `Args` type parameter
 * of a {@link ToolDefinition}. Use it to name a presenter's arguments without
 * a type of its own for every tool.
 *
 * @example
 * import type { ArgsOf } from 'tool-render-intent'
 * import { grepTool } from 'tool-render-intent/presenters'
 *
 * const args: ArgsOf<typeof grepTool> = { pattern: 'TODO', path: 'src' }
 * grepTool.presentCall?.(args, { cwd: '/repo' })
 */
export type ArgsOf<Tool> = Tool extends ToolDefinition<infer Args, any> ? Args : never

/**
 * A plan the session keeps across calls of several tools, such as Claude
 * Code's task list (`TaskCreate`, `TaskUpdate`, …): each finished call of a
 * tool that names it folds into its state, and the session sends the plan
 * card `view` gives whenever the state changes. Tools that share the object
 * share the plan. `next` and `view` must be pure and must not throw (a
 * throw is reported, and the plan stays as it was).
 *
 * Claude Code's task tools in `claudeCodePresenters` (`TaskCreate`,
 * `TaskUpdate`, …) share one such plan already.
 *
 * @example
 * // Every file the session's tools wrote, as one plan.
 * const written: SessionPlan<readonly string[]> = {
 *   initial: [],
 *   next: (files, _tool, args) => {
 *     const path = (args as { file_path?: unknown } | null)?.file_path
 *     return typeof path === 'string' ? [...files, path] : files
 *   },
 *   view: (files) => ({ card: 'plan', title: 'Files written', entries: files.map((content) => ({ content, status: 'completed' })) }),
 * }
 * const write = defineTool({ name: 'write', args: isWriteArgs, presentCall, sessionPlan: written })
 */
export interface SessionPlan<State> {
  /** The state before any call. */
  readonly initial: State
  /** The state after a finished call of one of the plan's tools. */
  readonly next: (state: State, toolName: string, args: unknown, result: ToolResult) => State
  /** The plan card for a state. */
  readonly view: (state: State) => PlanCallView
}

/** What {@link defineTool} takes: presenters that see typed arguments. */
export interface ToolSpec<Args, Meta = unknown> {
  /** The tool's name, as the model calls it. */
  readonly name: string
  /**
   * A type guard for the arguments. ts-pattern's `isMatching(pattern)` fits.
   * Must not throw.
   */
  readonly args: (value: unknown) => value is Args
  /**
   * A type guard for the result's `meta` (what the harness persisted beside
   * the result, perhaps read back from an old log). When given, a meta that
   * fails it reaches `presentResult` as absent (`meta: undefined`), so the
   * `Meta` type it sees is true. Must not throw.
   */
  readonly meta?: ((value: unknown) => value is Meta) | undefined
  /**
   * The fields of `Meta` the result presenter reads: a session presenter
   * reports a result whose meta has any other, so a harness that misspells
   * one hears of it.
   */
  readonly metaKeys?: readonly string[] | undefined
  /** A plan the session keeps across this tool's calls and others' (see {@link SessionPlan}). */
  readonly sessionPlan?: SessionPlan<any> | undefined
  /**
   * The title of a permission prompt for this tool's calls, when it differs
   * from the card's: ExitPlanMode's card is `Approve Plan`, its prompt asks
   * `Ready to code?`, as claude-agent-acp's do. Plain text.
   */
  readonly promptTitle?: string | undefined
  /**
   * The plan a complete call proposes as a document, shown beside its card by clients that
   * keep plans by id (`{ format: 'markdown', markdown }` or `{ format: 'file', path }`).
   */
  readonly presentPlan?: ((args: Args) => PlanDocument | undefined) | undefined
  /** The card for the call; return `undefined` for a generic card. */
  readonly presentCall?: ((args: Args, ctx: PresentContext) => ToolCallView | undefined) | undefined
  /**
   * The card for arguments still streaming in that do not pass `args` yet
   * (any JSON: read it defensively, never throw). Give it when the card must
   * be known from the first sighting, as a terminal must; without it such a
   * call is first shown as a generic card titled with the tool's name.
   */
  readonly presentPartialCall?: ((partialArgs: unknown, ctx: PresentContext) => ToolCallView | undefined) | undefined
  /** The card for the result; return `undefined` to show the raw result content. */
  readonly presentResult?: ((args: Args, result: ToolResult<Meta>, ctx: PresentContext) => ToolResultView | undefined) | undefined
}

// The result as the presenter may see it: a meta that fails the guard is absent.
function checkedMeta<Meta>(result: ToolResult<Meta>, guard: ((value: unknown) => value is Meta) | undefined): ToolResult<Meta> {
  // A null check, not the record guard: defineTool must not pull the vocabulary into a tool author's bundle.
  if (!guard || typeof result !== 'object' || result === null || result.meta === undefined || guard(result.meta)) return result
  return { ...result, meta: undefined }
}

/**
 * Declare how a tool renders. The returned definition soft-validates: when
 * the arguments fail the `args` guard, it returns `undefined` instead of
 * calling your presenter, so a model's malformed call or an old session log
 * never reaches typed code.
 *
 * Give a `meta` guard too when the result presenter reads `result.meta`:
 * meta read back from a log is any JSON, and a meta that fails the guard
 * reaches the presenter as absent.
 *
 * Declare the guard as a constant of its own (or pass the arguments type,
 * `defineTool<MyArgs>(…)`): TypeScript does not carry the type of a guard
 * written inline in the object into the presenters' parameters.
 *
 * A presenter's view may set only its own card's fields: another card's
 * field (`output` on a terminal call) is a compile error, in an unannotated
 * arrow function too, rather than a view the bridge rejects at run time.
 *
 * @example
 * import { isMatching, P } from 'ts-pattern'
 *
 * const isGrepArgs = isMatching({ pattern: P.string })
 *
 * const grepTool = defineTool({
 *   name: 'grep',
 *   args: isGrepArgs,
 *   presentCall: ({ pattern }) => ({ card: 'generic', kind: 'search', title: `grep ${pattern}` }),
 * })
 */
export function defineTool<Args, Meta = unknown>(spec: ToolSpec<Args, Meta>): ToolDefinition<Args, Meta> {
  const { name, args, meta, metaKeys, sessionPlan, promptTitle, presentPlan, presentCall, presentPartialCall, presentResult } = spec
  return {
    name,
    args,
    ...(metaKeys === undefined ? {} : { metaKeys }),
    ...(sessionPlan === undefined ? {} : { sessionPlan }),
    ...(promptTitle === undefined ? {} : { promptTitle }),
    ...(presentPlan === undefined ? {} : { presentPlan: (value: unknown) => (args(value) ? presentPlan(value) : undefined) }),
    presentCall: presentCall && ((value, ctx = {}) => (args(value) ? presentCall(value, ctx) : undefined)),
    presentPartialCall: presentPartialCall && ((value, ctx = {}) => presentPartialCall(value, ctx)),
    presentResult:
      presentResult && ((value, result, ctx = {}) => (args(value) ? presentResult(value, checkedMeta(result, meta), ctx) : undefined)),
  }
}
