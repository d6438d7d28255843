// Asking the user before a call runs: `session/request_permission`, whose
// `toolCall` is what the prompt shows (and, in Zed, an update applied to the
// call's card, so content there replaces the card's content).
import type { PermissionOption, RequestPermissionRequest } from './sdk.js'

/** The parameters of `session/request_permission`, without `sessionId`. */
export type PermissionRequest = Omit<RequestPermissionRequest, 'sessionId'>

/**
 * The usual choices, with stable option ids a harness can match on when the
 * client answers: `allow_once` ("Allow"), `allow_always` ("Always allow"),
 * `reject_once` ("Reject"). A fresh array each time.
 *
 * @example
 * const { outcome } = await connection.request('session/request_permission', { sessionId, ...presenter.permission(id) })
 * if (outcome.outcome === 'selected' && outcome.optionId.startsWith('allow')) run()
 */
export function permissionOptions(): PermissionOption[] {
  return [
    { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
    { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
    { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
  ]
}
