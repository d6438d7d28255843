// The protocol-neutral call lifecycle, as data: what the session knows of a
// call, and the closed union of events it emits. Each protocol's encoder
// switches on `event.type` and ends with `assertNever`, so a new event is a
// compile error in every encoder until it is encoded. Types only.
import type { GenericCallView, PlanCallView, ToolCallView, ToolResultView } from '../views.js'

/**
 * Where a call is in its life: one state, from which both the card's phase
 * and a sub-agent's work are read (see `workOf`).
 */
export type CallStatus =
  /** Arguments seen, but only a plan: the client has no card for it. */
  | 'plan-only'
  /** The client has its card; it has not started. */
  | 'shown'
  /** It runs: `start`, a heartbeat or a piece of output came. */
  | 'running'
  /** It waits (on the user, a rate limit): `pause` came; `start`, output or a heartbeat resumes it. */
  | 'paused'
  /** Over: its result came. */
  | 'done'
  /** Over: its result came, an error. */
  | 'failed'
  /** Over: cancelled, declined or forgotten. */
  | 'cancelled'

/** What the call's terminal card said, kept so every text update of it can say it again. */
export interface CommandContext {
  /** What the command is for, in the model's words. */
  readonly description?: string | undefined
  /** Where it runs, as the call view gave it (relative to the session cwd, or absolute). */
  readonly cwd?: string | undefined
}

/** A card the client shows as a tool card: every call card but a plan. */
export type CardView = Exclude<ToolCallView, PlanCallView>

/**
 * What the session knows of a call, as the encoders read it. Its card, kind
 * and command are its view's (`view.card`, `kindOf(view)`, `commandOf(view)`).
 */
export interface CallState {
  readonly toolCallId: string
  readonly toolName: string
  /** The arguments as the presenters saw them: plain JSON. */
  readonly input: unknown
  readonly status: CallStatus
  /** A display terminal (its id the tool call id) exists for it on the client. */
  readonly terminal: boolean
  /** The view the card shows now: the announced one, or the one a later call turned it into. */
  readonly view: ToolCallView
  /** The call that spawned it (a sub-agent's task), named on every update. */
  readonly parentToolCallId: string | undefined
  /** The child session its sub-agent runs in, once the harness named one. */
  readonly child: ChildSession | undefined
}

/** A sub-agent's own session, as the call that spawned it announced it. */
export interface ChildSession {
  /** The child session's id: its own calls are sent there. */
  readonly sessionId: string
  /** Its role or purpose, as the harness wrote it (plain text). */
  readonly description: string | undefined
  /** Its working directory, absolute and normalised, when it is not the parent's. */
  readonly cwd: string | undefined
  /** The client may cancel its current work. */
  readonly cancellable: boolean
  /** The exact prompt the parent gave it, as the harness wrote it (plain text), when the harness passed it. */
  readonly prompt: string | undefined
}

/** Where a sub-agent's work is, mirrored from the call that spawned it. */
export type SubagentWork = 'running' | 'waiting' | 'done' | 'failed' | 'cancelled'

/** The call's card appears (`first`) or changes: a new sighting of its arguments. */
export interface CallShown {
  readonly type: 'shown'
  readonly call: CallState
  readonly view: CardView
  /** The client has no tool card for it yet (first sighting, or a plan shown so far). */
  readonly first: boolean
  /** The display terminal the client shows stays: the card was and is a terminal. */
  readonly keepsTerminal: boolean
}

/**
 * The call's arguments are a plan: the plan named `planId` is replaced. The
 * session's plan is {@link SESSION_PLAN_ID}; a sub-agent's plan is its own
 * (see {@link subagentPlanId}), and is sent only to a client that keeps
 * plans by id (a client with one plan shows it as the call's card instead).
 */
export interface PlanShown {
  readonly type: 'plan'
  readonly call: CallState
  readonly view: PlanCallView
  readonly planId: string
}

/**
 * A complete call proposes a plan as a document (its tool's `presentPlan`):
 * sent only to a client that keeps plans by id, beside the call's card.
 * `content` is the unstable schema's: Markdown, or a `file://` URI.
 */
export interface PlanDocumentShown {
  readonly type: 'plan-document'
  readonly call: CallState
  readonly planId: string
  readonly content: { readonly type: 'markdown'; readonly content: string } | { readonly type: 'file'; readonly uri: string }
}

/**
 * A plan the client keeps by id is over: a sub-agent's, once its spawning
 * call has ended; a proposed plan whose call was declined, cancelled or
 * failed (the user did not take it).
 */
export interface PlanRemoved {
  readonly type: 'plan-removed'
  readonly call: CallState
  readonly planId: string
}

/** The id of the plan a call of the session proposes as a document (`ExitPlanMode`'s): one, replaced by the next proposal. */
export const PROPOSED_PLAN_ID = 'proposed-plan'

/** The id of the session's own plan: the one `plan` a client without plans by id keeps. */
export const SESSION_PLAN_ID = 'plan'

/**
 * The id of the plan a sub-agent keeps: named by the call that spawned it,
 * so it never replaces its parent's (nor another sub-agent's).
 *
 * @example
 * subagentPlanId('toolu_1') // 'subagent:toolu_1'
 */
export const subagentPlanId = (parentToolCallId: string): string => `subagent:${parentToolCallId}`

/** The call started running. */
export interface CallStarted {
  readonly type: 'started'
  readonly call: CallState
}

/** A piece of a command's output for its display terminal: sanitised and within the bound. */
export interface OutputAppended {
  readonly type: 'output'
  readonly call: CallState
  readonly data: string
}

/** For a client without terminals: the last lines of a running command's output, now and then. */
export interface OutputSnapshot {
  readonly type: 'snapshot'
  readonly call: CallState
  /** The tail so far, as text (escapes and controls shown as markers, `␛[31m`), after a line counting the earlier ones. */
  readonly text: string
}

/** The call's result. */
export interface CallFinished {
  readonly type: 'finished'
  readonly call: CallState
  /** The result's view: the presenter's, or the generic fallback carrying the raw content. */
  readonly view: ToolResultView
  /** The tool reported an error. */
  readonly isError: boolean
  /**
   * For a terminal result on a display terminal that streamed: what completes
   * the terminal (see `TerminalStream.finish`), sanitised, so well formed as
   * `OutputAppended.data` is. Else undefined: the encoder shows the view's
   * whole output.
   */
  readonly rest: string | undefined
  /**
   * For a terminal result of a command that streamed as text: its output
   * marked and bounded (see `TextStream.finish`), when the final output
   * continues what was streamed. Else undefined: the encoder marks and
   * bounds the view's whole output.
   */
  readonly shownOutput: string | undefined
  /** The view is the fallback, and the call's display terminal must still be closed. */
  readonly closesTerminal: boolean
  /** The view is the generic fallback carrying the raw content (else the presenter's). */
  readonly fallback: boolean
  /** The result as the session read it (plain JSON): what a fallback is made of. */
  readonly outcome: unknown
}

/** A plan's tool reported an error: the failure gets a card of its own. */
export interface PlanFailed {
  readonly type: 'plan-failed'
  readonly call: CallState
  readonly view: GenericCallView
}

/** The call will not finish. */
export interface CallCancelled {
  readonly type: 'cancelled'
  readonly call: CallState
  readonly signal: string | undefined
  /** What the output stream held back or had so far: for a display terminal the rest to append, for text the output so far. */
  readonly held: string
}

/** The call was declined (the user or the harness's policy said no): it did not run, and never will. */
export interface CallDeclined {
  readonly type: 'declined'
  readonly call: CallState
  /** Why, in the harness's words; plain text. */
  readonly reason: string | undefined
}

/** A heartbeat of a call that runs long. */
export interface CallProgress {
  readonly type: 'progress'
  readonly call: CallState
  /** The call was not running yet: the heartbeat also says it runs. */
  readonly starts: boolean
  readonly elapsedMs: number | undefined
  /** Plain text from the harness. */
  readonly message: string | undefined
}

/** The call waits (on the user, a rate limit): no status the encoders send says so. */
export interface CallPaused {
  readonly type: 'paused'
  readonly call: CallState
}

/** A call's child session is announced, or what the client has of it changes (its title, its work). */
export interface SubagentChanged {
  readonly type: 'subagent'
  readonly call: CallState
  readonly child: ChildSession
  /** Where its work is now; undefined when that did not change. */
  readonly work: SubagentWork | undefined
  /** The first event of this child: the one that announces it (a client that cannot patch a child gets it only then). */
  readonly first: boolean
  /** The spawning call's own step (its result, cancel, decline, forget, start, pause, heartbeat) made it, not `subagent`. */
  readonly followed: boolean
}

/** Every event a session emits for the encoders. */
export type LifecycleEvent =
  | CallShown
  | PlanShown
  | PlanDocumentShown
  | PlanRemoved
  | CallStarted
  | OutputAppended
  | OutputSnapshot
  | CallFinished
  | PlanFailed
  | CallCancelled
  | CallDeclined
  | CallProgress
  | CallPaused
  | SubagentChanged

/** A permission prompt's subject: the call as the card shows it, or as it would be announced. */
export interface PromptEvent {
  readonly call: CallState
  readonly view: ToolCallView
  /** The client has a card for the call. */
  readonly announced: boolean
  /** The prompt's own title (plain text: the encoder escapes it), when the tool gives one; else the card's. */
  readonly title: string | undefined
  readonly choices: readonly PermissionChoice[]
}

/** One choice of a permission prompt (ACP's `PermissionOption`, restated without the SDK). */
export interface PermissionChoice {
  readonly optionId: string
  readonly name: string
  readonly kind: 'allow_once' | 'allow_always' | 'reject_once' | 'reject_always'
}

/** Told what a wire check had to change to make an update serialise. */
export type ProblemReport = (problems: readonly string[]) => void

/** The name of a lifecycle event: `shown`, `finished`, … */
export type EventType = LifecycleEvent['type']

/** The lifecycle event named `K`. */
export type EventOf<K extends EventType> = Extract<LifecycleEvent, { readonly type: K }>

/** What a protocol sends for each lifecycle event: one update type per event name. */
export type UpdatesByEvent = { readonly [K in EventType]: object }

/**
 * One function per lifecycle event, each typed with what its protocol sends
 * for that event: a table naming every event, so a new event is a compile
 * error in every encoder, and each arm's return type is checked.
 */
export type EventEncoders<Updates extends UpdatesByEvent> = {
  readonly [K in EventType]: (event: EventOf<K>, onProblems: ProblemReport) => Updates[K][]
}

/**
 * A protocol's encoder: turns lifecycle events into its updates. One per
 * session (it may remember what the client has). An arm may throw on a
 * view it cannot build: the session reports it and encodes a fallback.
 */
export interface Encoder<Updates extends UpdatesByEvent, Prompt> {
  /** Whether a terminal card gets a display terminal when it is first shown. */
  readonly displayTerminals: boolean
  /** Whether a card that becomes a terminal later gets one then (v2 can create a terminal at any time; v1 only with the `tool_call`). */
  readonly lateTerminals: boolean
  /** Whether the client keeps plans by id (`plan_update`): a sub-agent's plan is then its own plan, else the call's card. */
  readonly plansById: boolean
  readonly encoders: EventEncoders<Updates>
  /** What the encoder adds to every update of a call it sends, once what the client has is left out (a sub-agent's parent). */
  stamp<Update>(updates: Update[], call: CallState): Update[]
  prompt(event: PromptEvent, onProblems: ProblemReport): Prompt
  /** The card fields a client applies from a prompt (ACP clients apply its tool call as an update), so later updates leave them out. */
  appliedByPrompt(prompt: Prompt): Record<string, unknown>
  /**
   * The prompt that stands in when none can be built: the tool's name as
   * its title. `toolCallId` is undefined when the harness's id was not a
   * non-empty string; `idLabel` names it either way.
   */
  refusedPrompt(toolCallId: string | undefined, idLabel: string, title: string, choices: readonly PermissionChoice[]): Prompt
}

/** What an encoder is made with: the session's checked settings. */
export interface EncoderSettings {
  /** The session cwd, absolute and normalised. */
  readonly cwd: string
  readonly maxOutputLength: number
  /** How the client shows titles and plan entries: Markdown (escaped for Zed) or plain text. The encoder escapes every title with it. */
  readonly titles: 'markdown' | 'plain'
}
