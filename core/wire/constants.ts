// The plain values the wire schemas are built from (enums and limits), at the
// floor with them: the domain imports them from here, never the other way round,
// so no schema reaches up into core/. No TypeBox here, so a workflow that imports
// one of these through the domain bundles no schema library.

/** Longest `webhook_url` accepted at submission (and `url` of a webhook test), in characters. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;
