// What a session takes: the options of a session and of each method, and
// the settings they resolve to once, at creation (the one place a session
// may throw).
import type { ToolDefinition } from '../define-tool.js'
import type { PresentContext } from '../views.js'
import { nonNegative, positiveInteger, sessionCwd, sessionHome, toolsByName } from '../internal/session-options.js'
import { DEFAULT_MAX_OUTPUT_LENGTH, DEFAULT_OUTPUT_INTERVAL, DEFAULT_PARTIAL_INTERVAL } from './limits.js'

/**
 * A tool definition of any argument and meta type. (`any`, not `unknown`:
 * a definition typed for its own `Meta` must fit in the same list.)
 */
export type AnyToolDefinition = ToolDefinition<any, any>

/** What went wrong inside a presenter, reported to `onError`. */
export interface PresentationError {
  /**
   * The id of the call, as passed to the method (anything but a string is
   * named by its type, as `(number)`; a string past the 1,024 code units a
   * tool call id may have, by its length).
   */
  readonly toolCallId: string
  /** `''` for a method whose call is not waiting. */
  readonly toolName: string
  /** Which side failed: the call's (`call`, `permission`) or the result's (`output`, `result`, `cancel`). */
  readonly phase: 'call' | 'result'
  /**
   * What the presenter threw; the `InvalidViewError` (naming the field) for
   * a view that does not fit the union or a result content block that does
   * not; or an `Error` saying that the tool is unknown, has no call
   * presenter, that its presenter returned no view (the arguments did not
   * match its guard), that a value was not plain JSON and what was put in
   * its place, or that a method came for a call that is not waiting.
   */
  readonly error: unknown
}

/** What a session presenter takes, once per session; each protocol's options add to it. */
export interface SessionOptions {
  /** The tools with presenters; two with the same name are a `TypeError`. */
  readonly tools: readonly AnyToolDefinition[]
  /** The session's working directory: an absolute POSIX or Windows path, else a `TypeError`. */
  readonly cwd: string
  /**
   * The user's home directory, absolute (else a `TypeError`): a `~/…` path
   * the model wrote is expanded against it in titles, locations and diffs.
   * Without it such a path is shown as written and never placed in a
   * location (it is never joined to the cwd).
   */
  readonly home?: string | undefined
  /**
   * How the client shows titles and plan entries: `'markdown'` (the
   * default: Zed renders them as Markdown, so file names and other text the
   * model wrote are escaped to show literally) or `'plain'`, for clients
   * that show them as text (acpx, logs), which get them without the
   * escapes. A command's title is never escaped either way. Overrides the
   * title style of the client's profile.
   *
   * @deprecated Use `profile: 'plain'` (or let `clientInfo` pick the profile).
   */
  readonly titles?: 'markdown' | 'plain' | undefined
  /**
   * Show a shell command that only reads, searches or lists files, and does
   * nothing else (`cat a.ts`, `sed -n 1,40p a.ts`, `rg foo src`, `ls src`),
   * as a read or search card with its locations, as codex-acp does; its
   * output still streams onto the card. Anything else stays a terminal.
   * Default: the client's profile says (`readCards`: on for Zed). `false`
   * keeps every command a terminal. A tool built with
   * `bashToolWith({ shellReads })` keeps its own setting.
   */
  readonly shellReads?: boolean | undefined
  /**
   * The most text one call sends, in UTF-16 code units: its text content,
   * and a command's output. Past it the text keeps its head and tail around
   * a marker saying how much was left out. Default 4 Mi
   * (4,194,304).
   */
  readonly maxOutputLength?: number | undefined
  /**
   * For clients without display terminals: the least time, in the units of
   * `now` (milliseconds), between two snapshots of a running command's
   * output. Default 1000.
   */
  readonly outputInterval?: number | undefined
  /**
   * While a call's arguments stream in (`partial: true`): the least time, in
   * the units of `now`, between two partial sightings that are presented.
   * Those in between are skipped (the next one carries their arguments, and
   * the complete call always shows the final card). Default 100.
   */
  readonly partialInterval?: number | undefined
  /**
   * The clock for `outputInterval` and `partialInterval`; default `Date.now`. Inject one to make
   * tests deterministic, or to replay a log with the times it recorded.
   */
  readonly now?: (() => number) | undefined
  /**
   * Told about every call that falls back to a generic card: an unknown
   * tool, a presenter that returns `undefined`, throws or returns an invalid
   * view; about a result presenter that throws or returns an invalid view,
   * result content outside the vocabulary, a method for an id that is not
   * waiting; and about every value that had to be copied to serialise
   * (arguments, a result, a view, an update). The card still renders. If
   * `onError` itself throws, that is swallowed: rendering goes on.
   */
  readonly onError?: ((report: PresentationError) => void) | undefined
  /**
   * Where a child session's updates go when its spawning call's own step
   * changes where its work is: the call's `result`, `cancel`, `decline` or
   * `forget` settles it, `start`, `pause` and heartbeats move it (for
   * clients that take those). Called with each update, in order, before the
   * method returns; send them on the parent session after the method's own
   * updates (queue them). Without it those updates are not sent, and a
   * later `subagent` for the call sends where the work is then.
   *
   * A separate channel, not the method's return value: the updates of
   * `result`, `cancel` and `decline` stay the stable schema's, so a harness
   * typed with the SDK's stable `SessionUpdate` compiles with sub-agents on
   * or off. Each entry point types it with its own updates.
   */
  readonly onSubagent?: ((update: never) => void) | undefined
  /**
   * Where plans by id go (v1's unstable `plan_update`, for a client that
   * keeps them): called with each, in order, before the method returns;
   * send them after the method's own updates. A separate channel for the
   * same reason as `onSubagent`: the methods' updates stay the stable
   * schema's. Each entry point types it with its own updates.
   */
  readonly onPlan?: ((update: never) => void) | undefined
}

/** What `call` takes besides the call itself. */
export interface CallOptions {
  /**
   * The arguments are still streaming in: a presenter that does not
   * recognise them yet is expected and not reported, and the tool's
   * `presentPartialCall` may choose the card. The first sighting fixes
   * whether the call has a display terminal (v1 clients create one only when
   * the call is announced).
   */
  readonly partial?: boolean | undefined
  /**
   * The call that spawned this one, for a sub-agent's calls (say, the id of
   * the `Task` or `Agent` call whose agent made it): every update of the
   * call names it, as claude-agent-acp does (`_meta.claudeCode.parentToolUseId`),
   * so a client can show the calls under their task. Read on the first
   * sighting; a value that is not a well-formed, non-empty string is
   * reported and left out.
   */
  readonly parentToolCallId?: string | undefined
}

/** What `progress` takes: a heartbeat for a call that runs long. */
export interface ProgressOptions {
  /** How long the call has run, in milliseconds (a finite number of at least 0). */
  readonly elapsedMs?: number | undefined
  /** What it is doing now, in a few words (plain text; bounded and made safe). */
  readonly message?: string | undefined
}

/** What `ToolPresenterMethods.elicit` takes: where the question is asked. */
export interface ElicitOptions {
  /** The ACP session the question tool's call belongs to (the request's `sessionId`). */
  readonly sessionId: string
}

/**
 * What `subagent` takes: the child session a call's sub-agent runs in. A
 * later `subagent` for the same call may change the description, the cwd
 * and whether it is cancellable; what it leaves out stays.
 */
export interface SubagentOptions {
  /** The child session's id, chosen by the harness: the session the sub-agent's own calls are sent on. */
  readonly sessionId: string
  /** Its role or purpose in a few words, such as the agent's type (plain text; bounded and made safe). */
  readonly description?: string | undefined
  /** Its working directory, when it is not the parent's: an absolute path (anything else is reported and left out). */
  readonly cwd?: string | undefined
  /** Whether the client may stop the child's current work with `session/cancel` on the child session. Default false. */
  readonly cancellable?: boolean | undefined
  /**
   * The exact prompt the parent gave the sub-agent, for clients that show it
   * as the child session's first message (Zed's `subagent_spawned`); plain
   * text, bounded and made safe. Other shapes leave it out.
   */
  readonly prompt?: string | undefined
}

/** What `output` takes besides the piece itself. */
export interface OutputOptions {
  /**
   * Which of the command's streams the piece came from, when the harness
   * feeds them separately: bytes are decoded as UTF-8 per stream, so a
   * character cut between two pieces of one stream is never mixed with the
   * other's. Default `'stdout'`. Pieces that are strings need no decoding.
   */
  readonly source?: 'stdout' | 'stderr' | undefined
}

/** What `cancel` takes. */
export interface CancelOptions {
  /** The signal that stopped the command, such as `SIGTERM`; shown on its terminal or in its text. */
  readonly signal?: string | undefined
}

/** What `decline` takes. */
export interface DeclineOptions {
  /** Why the call will not run, in a sentence the user reads (Markdown-escaped). */
  readonly reason?: string | undefined
}

/** The options as a session reads them: checked and normalised once. */
export interface SessionSettings {
  /** The session cwd, absolute and normalised. */
  readonly cwd: string
  /** What every presenter is given: one frozen object, so no presenter can change it for the others. */
  readonly context: PresentContext
  readonly tools: ReadonlyMap<string, AnyToolDefinition>
  readonly maxOutputLength: number
  readonly outputInterval: number
  readonly partialInterval: number
  readonly now: () => number
  /** How the client shows titles and plan entries: Markdown (escaped for Zed) or plain text. */
  readonly titles: 'markdown' | 'plain'
  /** Whether a terminal card gets a display terminal when it is first shown (the encoder's answer). */
  readonly displayTerminals: boolean
  /** Whether a card that becomes a terminal later gets one then (the encoder's answer). */
  readonly lateTerminals: boolean
  /** Whether the client keeps plans by id (the encoder's answer). */
  readonly plansById: boolean
}

/** The settings of `options` but the encoder's three answers. @throws TypeError naming the option. */
export function readSessionOptions(options: SessionOptions): Omit<SessionSettings, 'displayTerminals' | 'lateTerminals' | 'plansById'> {
  const cwd = sessionCwd(options.cwd)
  const home = options.home === undefined ? undefined : sessionHome(options.home)
  const shellReads = readShellReads(options.shellReads)
  return {
    cwd,
    context: Object.freeze({ cwd, ...(home === undefined ? {} : { home }), ...(shellReads ? { shellReads } : {}) }),
    tools: toolsByName(options.tools),
    maxOutputLength: positiveInteger(options.maxOutputLength, 'maxOutputLength', DEFAULT_MAX_OUTPUT_LENGTH),
    outputInterval: nonNegative(options.outputInterval, 'outputInterval', DEFAULT_OUTPUT_INTERVAL),
    partialInterval: nonNegative(options.partialInterval, 'partialInterval', DEFAULT_PARTIAL_INTERVAL),
    now: typeof options.now === 'function' ? options.now : Date.now,
    titles: readTitles(options.titles),
  }
}

// The titles option: absent means Markdown; anything but the two names is a TypeError.
function readTitles(titles: unknown): 'markdown' | 'plain' {
  if (titles === undefined || titles === 'markdown') return 'markdown'
  if (titles === 'plain') return 'plain'
  throw new TypeError(
    `createToolPresenter: options.titles must be 'markdown' or 'plain', got ${typeof titles === 'string' ? JSON.stringify(titles) : typeof titles}`,
  )
}

// The shellReads option: a boolean or absent (off); anything else is a TypeError.
function readShellReads(shellReads: unknown): boolean {
  if (shellReads === undefined || typeof shellReads === 'boolean') return shellReads === true
  throw new TypeError(`createToolPresenter: options.shellReads must be a boolean, got ${typeof shellReads}`)
}
