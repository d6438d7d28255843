// The console fallback lives beside the fence rule, shared with the
// presenters that show command output as Markdown.
export { consoleFence } from '../safety/fence.js'
