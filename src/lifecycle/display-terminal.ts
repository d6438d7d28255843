// Which cards get a display terminal: every terminal card but a command
// that only reads, which is shown as a read or search card with its output
// as text (as codex-acp shows `cat`, `rg` and `ls`).
import type { ToolCallView } from '../views.js'

/**
 * Whether `view` is shown as a display terminal on a client that has them:
 * a terminal card without a `kind`. A reading command (`kind` `read` or
 * `search`) is still a command (its output streams, its exit status decides
 * the outcome) but is shown as text on its card.
 */
export const wantsDisplayTerminal = (view: ToolCallView): boolean => view.card === 'terminal' && view.kind === undefined
