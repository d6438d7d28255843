// What the user approves is what runs: a prompt whose command or title would
// be cut to the title bound could not show it, so it is refused instead.
import { runTitle, shownTitleLength, TITLE_LENGTH, type TitleStyle, wireTitleLength } from '../safety/title-text.js'
import type { ToolCallView } from '../views.js'

/**
 * Why a permission prompt for `view` cannot show what will run, or
 * `undefined` when it can: a command whose prompt title (`Run` and the
 * command in a code span, on every client kind alike) would pass
 * `TITLE_LENGTH` code units as shown, or any other card's title that would
 * (escaped as the client's `titles` style asks).
 * The reason names the length, for the report and the refusal's title.
 */
export function tooLongToShow(view: ToolCallView, titles: TitleStyle = 'markdown'): string | undefined {
  if (view.card === 'terminal') {
    const command = view.title
    // Measured before it is built: a command of megabytes is not marked whole.
    const marked = shownTitleLength(command, 'execute')
    const shown = marked > TITLE_LENGTH ? marked : runTitle(command).length
    return shown > TITLE_LENGTH ? `the command is too long to show: ${tooLong(command.length, shown)}` : undefined
  }
  const title = view.card === 'plan' ? (view.title ?? 'Update the plan') : view.title
  const shown = wireTitleLength(title, view.card === 'generic' ? view.kind : undefined, titles)
  return shown > TITLE_LENGTH ? `the title is too long to show: ${tooLong(title.length, shown)}` : undefined
}

const tooLong = (length: number, shown: number) => `${length} characters, ${shown} as shown, past the ${TITLE_LENGTH} a title shows`
