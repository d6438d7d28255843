// The session's default limits, in a leaf module: the call and result
// builders bound their output by the same default as the session, without
// importing the session.

/** The default `maxOutputLength`: 4 Mi UTF-16 code units. */
export const DEFAULT_MAX_OUTPUT_LENGTH = 4 * 1024 * 1024

/** The default `outputInterval`: one snapshot a second at most. */
export const DEFAULT_OUTPUT_INTERVAL = 1000

/** The default `partialInterval`: ten partial updates a second at most. */
export const DEFAULT_PARTIAL_INTERVAL = 100
