// Generated from /openapi.json by `npm run openapi:types` (openapi-typescript); do not edit.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 while the API process runs. For a load balancer's liveness check; it reaches nothing else.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The process is up */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok?: boolean;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: MongoDB and Temporal reachable
         * @description Checks that MongoDB and Temporal answer. 503 names what is unreachable; the API keeps serving what it can.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description MongoDB and Temporal reachable */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            mongodb?: string;
                            temporal?: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description MongoDB or Temporal unreachable */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/signals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The four signals and how a scan reads them
         * @description The reference of the four per-second signals (hold, motion, loudness, speech): what each measures, its scale and how the score, grade and hook are read from them. Keyless.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The signal reference */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            version: string;
                            floor: number;
                            dead_min_seconds: number;
                            scale: string;
                            signals: {
                                name: string;
                                reads: string;
                                rises_when: string;
                                falls_when: string;
                                method: string;
                            }[];
                            method: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/demo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The featured demo scan
         * @description The complete scan an operator featured (`npm run demo:feature`), the same one the home page draws. Keyless, limited per client address.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The featured scan, complete */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            status: string;
                            pct?: number;
                            detail?: string;
                            duration_sec?: number;
                            score?: number;
                            grade?: string;
                            label?: string;
                            hook?: number;
                            timeline?: {
                                second: number;
                                scores: {
                                    hold: number;
                                    motion: number;
                                    loudness: number;
                                    speech: number;
                                };
                            }[];
                            cuts?: number[];
                            dead?: {
                                start: number;
                                end: number;
                            }[];
                            moments?: {
                                second: number;
                                label: string;
                                hold: number;
                                quote: string;
                            }[];
                            claims?: string[];
                            transcript?: {
                                start: number;
                                end: number;
                                text: string;
                            }[];
                            summary?: string;
                            method?: string;
                            transcriber?: string | null;
                            /** @description The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields. */
                            language?: string | null;
                            /** @description EBU R128 loudness, beside the spec's fields; null when the file has no sound. */
                            loudness_lufs?: {
                                integrated_lufs: number | null;
                                range_lu: number;
                                true_peak_dbtp: number | null;
                                /** @description Short-term loudness (3 s window ending at t+1) per second t; null below -70 LUFS. */
                                short_term_lufs: (number | null)[];
                                targets: {
                                    id: string;
                                    name: string;
                                    target_lufs: number;
                                    max_true_peak_dbtp: number;
                                    /** @description Integrated loudness minus the target, LU (positive: louder). */
                                    difference_lu: number;
                                    /** @enum {string} */
                                    verdict: "on_target" | "louder" | "quieter";
                                    true_peak_over: boolean;
                                }[];
                            } | null;
                            /** @description Why attention is likely to drop, beside the spec's fields: each dead stretch and each fall of hold by 15 points within 3 s, with its causes and one sentence of advice. */
                            dips?: {
                                start: number;
                                /** @description Exclusive, seconds. */
                                end: number;
                                causes: ("still_picture" | "silence" | "loudness_drop" | "no_speech" | "long_pause" | "long_shot" | "slow_cutting")[];
                                advice: string;
                            }[];
                            /** @description The hook with its scale, what carried the first 3 s and the strongest 3-second window, beside the spec's fields. */
                            hook_report?: {
                                value: number;
                                scale: string;
                                /** @description Percent of this file's seconds whose hold is below the hook. */
                                file_percentile: number;
                                library_percentile: number | null;
                                carried: ("motion" | "sound" | "words")[];
                                missing: ("motion" | "sound" | "words")[];
                                best_opening: {
                                    start: number;
                                    end: number;
                                    hold: number;
                                };
                                advice: string;
                            };
                            /** @description The video stream's average frame rate as probed, beside the spec's fields; null when unknown. The EDL counts frames at it. */
                            frame_rate?: number | null;
                            media_url?: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No scan is featured yet */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your scans, newest first
         * @description Your scans, newest first, as history rows (status, title, score, grade, label, duration, created_at). Pages by `offset` and `limit`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of your scans */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                scan_id: string;
                                status: string;
                                pct: number;
                                title: string | null;
                                created_at: string;
                                duration_sec?: number;
                                score?: number;
                                grade?: string;
                                label?: string;
                            }[];
                            limit: number;
                            offset: number;
                            total: number;
                            has_more: boolean;
                        };
                    };
                };
                /** @description A bad `limit` (1–100) or `offset` (0–10 000) */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Not found for this key: unknown, deleted, or another account's */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Conflict: the resource is not in a state that allows this */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The body is over its size limit */
                413: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        /**
         * Submit a video: a public URL (JSON) or an upload (multipart/form-data)
         * @description Submits one video and answers at once with its `scan_id`; poll `GET /v1/scans/{id}` (or pass `webhook_url`) for the read.
         *
         *     - **A public URL**: `application/json` with `{"input": {"type": "url", "url": "https://…"}}`. The host must resolve to public addresses only; redirects (at most 5) are checked the same way.
         *     - **An upload**: `multipart/form-data` with one part named `file` (up to the upload limit, 400 MB by default) and optional `title` and `webhook_url` parts, before or after it.
         *
         *     `webhook_url` (JSON field or form part): a public http(s) URL that receives a signed `scan.completed` or `scan.failed` event when the scan ends (see the `scanEnded` webhook).
         *
         *     `Idempotency-Key` makes a retry safe: the same key with the same request within 24 h answers the first `202` again (`Idempotent-Replayed: true`) and takes no second quota unit.
         *
         *     The key is checked before a byte of the body is read. Counts one scan of the month's quota; a refused submission gives it back.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description 1 to 255 printable ASCII characters, sent once. The same key with the same request within 24 h answers the first answer again with `Idempotent-Replayed: true`, starting and counting nothing; with a different request, 409. A refused request frees its key. */
                    "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: {
                            /** @enum {string} */
                            type: "url";
                            url: string;
                        };
                        title?: string;
                        /** @description Public http(s) URL that gets a signed POST (Standard Webhooks) when the scan completes or fails. */
                        webhook_url?: string;
                    };
                    "multipart/form-data": {
                        /**
                         * Format: binary
                         * @description the video (one part named "file"; at most the upload limit)
                         */
                        file: string;
                        title?: string;
                        /** @description Public http(s) URL that gets a signed POST (Standard Webhooks) when the scan completes or fails. */
                        webhook_url?: string;
                    };
                };
            };
            responses: {
                /** @description Accepted and queued: `{scan_id, status: "queued", pct: 0}` */
                202: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Idempotent-Replayed": components["headers"]["idempotent-replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            status: string;
                            pct: number;
                        };
                    };
                };
                /** @description Bad input: a malformed body, a URL that is not public http(s), an empty upload, a bad `webhook_url` or `Idempotency-Key`; `detail` names it */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Not found for this key: unknown, deleted, or another account's */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The `Idempotency-Key` was used for a different request (or its first request is still running: `Retry-After: 1`) */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The upload or JSON body is over its limit (by `Content-Length` before reading, or mid-stream) */
                413: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Submissions per minute, or the month's scans, used up: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The store or the workflow service is unavailable; nothing was kept or counted */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One scan: queued, running, complete or error
         * @description One scan in its current state:
         *
         *     - `queued` or `processing`: `{scan_id, status, pct}`;
         *     - `complete`: the whole read (timeline of hold, motion, loudness and speech per second, cuts, dead stretches, moments, claims, transcript, score, grade, label, hook, summary, method);
         *     - `error`: `{scan_id, status: "error", pct, detail}`.
         *
         *     Poll it until `complete` or `error` (every second or two is fine: reads have their own limit of 600 a minute).
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The scan: in flight, complete or in error */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            status: string;
                            pct?: number;
                            detail?: string;
                            duration_sec?: number;
                            score?: number;
                            grade?: string;
                            label?: string;
                            hook?: number;
                            timeline?: {
                                second: number;
                                scores: {
                                    hold: number;
                                    motion: number;
                                    loudness: number;
                                    speech: number;
                                };
                            }[];
                            cuts?: number[];
                            dead?: {
                                start: number;
                                end: number;
                            }[];
                            moments?: {
                                second: number;
                                label: string;
                                hold: number;
                                quote: string;
                            }[];
                            claims?: string[];
                            transcript?: {
                                start: number;
                                end: number;
                                text: string;
                            }[];
                            summary?: string;
                            method?: string;
                            transcriber?: string | null;
                            /** @description The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields. */
                            language?: string | null;
                            /** @description EBU R128 loudness, beside the spec's fields; null when the file has no sound. */
                            loudness_lufs?: {
                                integrated_lufs: number | null;
                                range_lu: number;
                                true_peak_dbtp: number | null;
                                /** @description Short-term loudness (3 s window ending at t+1) per second t; null below -70 LUFS. */
                                short_term_lufs: (number | null)[];
                                targets: {
                                    id: string;
                                    name: string;
                                    target_lufs: number;
                                    max_true_peak_dbtp: number;
                                    /** @description Integrated loudness minus the target, LU (positive: louder). */
                                    difference_lu: number;
                                    /** @enum {string} */
                                    verdict: "on_target" | "louder" | "quieter";
                                    true_peak_over: boolean;
                                }[];
                            } | null;
                            /** @description Why attention is likely to drop, beside the spec's fields: each dead stretch and each fall of hold by 15 points within 3 s, with its causes and one sentence of advice. */
                            dips?: {
                                start: number;
                                /** @description Exclusive, seconds. */
                                end: number;
                                causes: ("still_picture" | "silence" | "loudness_drop" | "no_speech" | "long_pause" | "long_shot" | "slow_cutting")[];
                                advice: string;
                            }[];
                            /** @description The hook with its scale, what carried the first 3 s and the strongest 3-second window, beside the spec's fields. */
                            hook_report?: {
                                value: number;
                                scale: string;
                                /** @description Percent of this file's seconds whose hold is below the hook. */
                                file_percentile: number;
                                library_percentile: number | null;
                                carried: ("motion" | "sound" | "words")[];
                                missing: ("motion" | "sound" | "words")[];
                                best_opening: {
                                    start: number;
                                    end: number;
                                    hold: number;
                                };
                                advice: string;
                            };
                            /** @description The video stream's average frame rate as probed, beside the spec's fields; null when unknown. The EDL counts frames at it. */
                            frame_rate?: number | null;
                            media_url?: string;
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No such scan for this key */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Conflict: the resource is not in a state that allows this */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The body is over its size limit */
                413: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a scan with its media, read, recuts and their re-scans (cancelled first if still running): 204 once done, 202 if it takes over 20 s
         * @description Deletes a scan for good: it disappears from every read at once, then its media, read, parts, history and library entries, Idempotency-Key records and recuts (with their re-scans) are removed. A running scan is cancelled first. A scan cancelled before its decode began gives its quota unit back.
         */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Still being deleted after 20 s (a worker or a store is down): `{scan_id, status: "deleting"}`; it finishes when they are back */
                202: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            /** @enum {string} */
                            status: "deleting";
                        };
                    };
                };
                /** @description Deleted: nothing of the scan is left */
                204: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No such scan for this key (a second DELETE is 404) */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Conflict: the resource is not in a state that allows this */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The body is over its size limit */
                413: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued or running scan: it ends in error, detail "cancelled", nothing of its media kept
         * @description Stops a queued or running scan. It ends in `error` with `detail: "cancelled"` (a webhook gets `scan.failed`), and its video, audio and parts are removed before the answer.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The scan, now `{status: "error", detail: "cancelled"}` */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            status: string;
                            pct?: number;
                            detail?: string;
                            duration_sec?: number;
                            score?: number;
                            grade?: string;
                            label?: string;
                            hook?: number;
                            timeline?: {
                                second: number;
                                scores: {
                                    hold: number;
                                    motion: number;
                                    loudness: number;
                                    speech: number;
                                };
                            }[];
                            cuts?: number[];
                            dead?: {
                                start: number;
                                end: number;
                            }[];
                            moments?: {
                                second: number;
                                label: string;
                                hold: number;
                                quote: string;
                            }[];
                            claims?: string[];
                            transcript?: {
                                start: number;
                                end: number;
                                text: string;
                            }[];
                            summary?: string;
                            method?: string;
                            transcriber?: string | null;
                            /** @description The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields. */
                            language?: string | null;
                            /** @description EBU R128 loudness, beside the spec's fields; null when the file has no sound. */
                            loudness_lufs?: {
                                integrated_lufs: number | null;
                                range_lu: number;
                                true_peak_dbtp: number | null;
                                /** @description Short-term loudness (3 s window ending at t+1) per second t; null below -70 LUFS. */
                                short_term_lufs: (number | null)[];
                                targets: {
                                    id: string;
                                    name: string;
                                    target_lufs: number;
                                    max_true_peak_dbtp: number;
                                    /** @description Integrated loudness minus the target, LU (positive: louder). */
                                    difference_lu: number;
                                    /** @enum {string} */
                                    verdict: "on_target" | "louder" | "quieter";
                                    true_peak_over: boolean;
                                }[];
                            } | null;
                            /** @description Why attention is likely to drop, beside the spec's fields: each dead stretch and each fall of hold by 15 points within 3 s, with its causes and one sentence of advice. */
                            dips?: {
                                start: number;
                                /** @description Exclusive, seconds. */
                                end: number;
                                causes: ("still_picture" | "silence" | "loudness_drop" | "no_speech" | "long_pause" | "long_shot" | "slow_cutting")[];
                                advice: string;
                            }[];
                            /** @description The hook with its scale, what carried the first 3 s and the strongest 3-second window, beside the spec's fields. */
                            hook_report?: {
                                value: number;
                                scale: string;
                                /** @description Percent of this file's seconds whose hold is below the hook. */
                                file_percentile: number;
                                library_percentile: number | null;
                                carried: ("motion" | "sound" | "words")[];
                                missing: ("motion" | "sound" | "words")[];
                                best_opening: {
                                    start: number;
                                    end: number;
                                    hold: number;
                                };
                                advice: string;
                            };
                            /** @description The video stream's average frame rate as probed, beside the spec's fields; null when unknown. The EDL counts frames at it. */
                            frame_rate?: number | null;
                            media_url?: string;
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No such scan for this key */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The scan has already ended (complete or error) */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The body is over its size limit */
                413: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{id}/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The scanned video (byte ranges supported)
         * @description The stored video, served inertly: `Content-Type` from the container ffprobe found, `X-Content-Type-Options: nosniff`, `Content-Security-Policy: default-src 'none'; sandbox`, `Content-Disposition: inline`. One `Range` per request. Needs the owner's key, or none once the scan is published.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description one `bytes=start-end` range */
                    range?: string;
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The whole video */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "video/*": string;
                    };
                };
                /** @description The requested byte range (`Content-Range`) */
                206: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "video/*": string;
                    };
                };
                /** @description No key, and the scan is not published (unknown ids get the same answer) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No such scan for this key */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The range is outside the file */
                416: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A complete scan as a download: srt, vtt, csv, edl, chapters or json
         * @description A complete scan as a file to download (`Content-Disposition: attachment; filename="<scan_id>.<ext>"`):
         *
         *     | format | content |
         *     |---|---|
         *     | `srt`, `vtt` | the transcript as subtitles |
         *     | `csv` | `second,hold,motion,loudness,speech`, one row per second |
         *     | `edl` | CMX3600 edit list: one event per shot, markers at cuts and dead stretches |
         *     | `chapters` | YouTube chapter lines |
         *     | `json` | the scan as `GET /v1/scans/{id}` serves it |
         *
         *     Needs the owner's key, or none once the scan is published.
         */
        get: {
            parameters: {
                query: {
                    format: "srt" | "vtt" | "csv" | "edl" | "chapters" | "json";
                };
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/x-subrip": string;
                        "text/vtt": string;
                        "text/csv": string;
                        "text/plain": string;
                        "application/json": Record<string, never>;
                    };
                };
                /** @description A missing or unknown `format` */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No key, and the scan is not published (unknown ids get the same answer) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No such scan for this key */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The scan is not complete */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agent models (OpenAI-compatible)
         * @description The models of the agent interface, OpenAI's list shape: `holdline` and any configured ids, each naming the open-weight base model it runs on.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The models */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            object: "list";
                            data: {
                                id: string;
                                /** @enum {string} */
                                object: "model";
                                created: number;
                                owned_by: string;
                                base_model: string;
                                description?: string;
                            }[];
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description Not found for this key: unknown, deleted, or another account's */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description The body is over its size limit */
                413: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description The model server answered but failed; nothing was charged */
                502: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description A service this needs is unavailable right now; try again shortly */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This month's usage and what is left
         * @description Your plan and this month: chat calls used and left, tokens, scans used and left.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description This month's usage */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            plan: string;
                            period: {
                                start: string;
                                end: string;
                            };
                            calls_this_month: number;
                            calls_left: number;
                            tokens_used: number;
                            scans_this_month: number;
                            scans_left: number;
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description Not found for this key: unknown, deleted, or another account's */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description The body is over its size limit */
                413: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description The model server answered but failed; nothing was charged */
                502: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description A service this needs is unavailable right now; try again shortly */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/chat/completions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask an agent about your scans (OpenAI-compatible; `stream: true` for Server-Sent Events)
         * @description OpenAI-compatible: any OpenAI client works with its base URL set to this service's `/v1`. Inside one call, agents plan, write and run code in a sandbox, read public web pages and check their own work, then answer as one `chat.completion` whose `holdline` object says how the run ended.
         *
         *     - Non-streamed: the status is sent once the first model step has answered; spaces keep the connection alive until the JSON.
         *     - `stream: true`: Server-Sent Events; progress arrives as `delta.reasoning_content`, the answer as `content`, then `data: [DONE]`.
         *
         *     One call at a time per key; 25 calls a month. Errors use OpenAI's shape `{error: {message, type, param, code}}`.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            /** @description An OpenAI chat completion request: `model`, `messages`, optional `stream`, `stream_options.include_usage`, `max_tokens`. */
            requestBody: {
                content: {
                    "application/json": {
                        model: string;
                        messages: {
                            role: string;
                            content?: unknown;
                        }[];
                        stream?: boolean;
                    };
                };
            };
            responses: {
                /** @description The answer: one JSON body (leading spaces keep the connection alive), or an event stream when `stream` is true */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            /** @enum {string} */
                            object: "chat.completion";
                            created: number;
                            model: string;
                            choices: {
                                index: number;
                                message: {
                                    role: string;
                                    content: string;
                                };
                                logprobs?: null;
                                /** @enum {string} */
                                finish_reason: "stop" | "length";
                            }[];
                            usage: {
                                prompt_tokens: number;
                                completion_tokens: number;
                                total_tokens: number;
                            };
                            holdline: {
                                call_id: string;
                                base_model: string;
                                steps: number;
                                tools_used: string[];
                                /** @enum {string} */
                                stopped: "done" | "step_limit" | "time_limit" | "cancelled" | "upstream_error";
                            };
                        };
                        "text/event-stream": string;
                    };
                };
                /** @description A malformed request: `error.param` names the field (`messages`, `model`, …) */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description Not found for this key: unknown, deleted, or another account's */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description The body is over 256 KB */
                413: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description A call already running for this key, too many running service-wide, or the month's calls used up */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description The model server answered but failed before the first step; nothing was charged */
                502: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
                /** @description The model server is unreachable; nothing was charged */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            error: {
                                message: string;
                                type: string;
                                param: string | null;
                                code: string | null;
                            };
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scans/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish your complete scan to the library (signed-in session)
         * @description Website only (a signed-in session cookie and `Content-Type: application/json`, body `{}`): puts a complete scan in the public library, so its read, media and exports need no key.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        title?: string;
                    };
                };
            };
            responses: {
                /** @description `{scan_id, published: true}` */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            title: string;
                            published_at: string;
                            url: string;
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No signed-in session */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Not your scan */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The scan is not complete */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scans/{id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take your scan out of the library: its media and exports need the key again (signed-in session)
         * @description Website only (a signed-in session): takes the scan out of the library at once; its media and exports need the owner's key again.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description `{scan_id, published: false}` (also when it was not published) */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            /** @enum {boolean} */
                            published: false;
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No signed-in session */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Not your scan */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Conflict: the resource is not in a state that allows this */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Published scans, newest first
         * @description Published scans, newest first, with links to their pages. Keyless, limited per client address.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of the library */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                scan_id: string;
                                title: string;
                                published_at: string;
                                score: number;
                                grade: string;
                                label: string;
                                duration_sec: number;
                                url: string;
                            }[];
                            limit: number;
                            offset: number;
                            total: number;
                            has_more: boolean;
                        };
                    };
                };
                /** @description A bad `limit` (1–100) or `offset` (0–10 000) */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{id}/recut": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Propose and render a tighter cut of a complete scan
         * @description Agents plan. The recut agent proposes a tighter cut of a complete scan (optional `goal`, `max_seconds`), renders it, re-scans it and compares the two reads. Answers at once with the `recut_id`; poll `GET /v1/recuts/{id}`. The re-scan counts one scan of the month. Takes an `Idempotency-Key` as scan submissions do.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description 1 to 255 printable ASCII characters, sent once. The same key with the same request within 24 h answers the first answer again with `Idempotent-Replayed: true`, starting and counting nothing; with a different request, 409. A refused request frees its key. */
                    "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": {
                        goal?: string;
                        max_seconds?: number;
                    };
                };
            };
            responses: {
                /** @description Accepted: `{recut_id, status: "queued", parent_scan_id}` */
                202: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Idempotent-Replayed": components["headers"]["idempotent-replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recut_id: string;
                            status: string;
                            parent_scan_id: string;
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The account is not on the Agents plan; `detail` names the plan that has it */
                403: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No such scan for this key */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The scan is not complete (or shorter than 1 s), or the `Idempotency-Key` was used for another request */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description The month's scans used up, or submissions per minute: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A service this needs is unavailable right now; try again shortly */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/recuts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One recut
         * @description One recut: its stage (`propose`, `render`, `rescan`) and pct while it runs; when complete, the segments kept, the rationale, who proposed it (the model, or the rules when the model server failed) and the before/after comparison.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The recut */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            recut_id: string;
                            status: string;
                            pct?: number;
                            stage?: string;
                            detail?: string;
                            parent_scan_id?: string;
                            scan_id?: string;
                            segments?: {
                                start: number;
                                end: number;
                            }[];
                            rationale?: string;
                            /** @enum {string} */
                            proposed_by?: "model" | "rules";
                            base_model?: string | null;
                            before?: {
                                score: number;
                                grade: string;
                                hook: number;
                                dead_seconds: number;
                                duration_sec: number;
                                average_hold: number;
                            };
                            after?: {
                                score: number;
                                grade: string;
                                hook: number;
                                dead_seconds: number;
                                duration_sec: number;
                                average_hold: number;
                            };
                            goal?: string | null;
                            max_seconds?: number | null;
                            created_at?: string;
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Not allowed on this account's plan */
                403: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No such recut for this key */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Conflict: the resource is not in a state that allows this */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A service this needs is unavailable right now; try again shortly */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/scans/{id}/recuts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The recuts of a scan
         * @description The recuts of one of your scans, newest first.
         */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The scan's recuts */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            parent_scan_id: string;
                            data: {
                                recut_id: string;
                                status: string;
                                pct?: number;
                                stage?: string;
                                detail?: string;
                                parent_scan_id?: string;
                                scan_id?: string;
                                segments?: {
                                    start: number;
                                    end: number;
                                }[];
                                rationale?: string;
                                /** @enum {string} */
                                proposed_by?: "model" | "rules";
                                base_model?: string | null;
                                before?: {
                                    score: number;
                                    grade: string;
                                    hook: number;
                                    dead_seconds: number;
                                    duration_sec: number;
                                    average_hold: number;
                                };
                                after?: {
                                    score: number;
                                    grade: string;
                                    hook: number;
                                    dead_seconds: number;
                                    duration_sec: number;
                                    average_hold: number;
                                };
                                goal?: string | null;
                                max_seconds?: number | null;
                                created_at?: string;
                            }[];
                        };
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Not allowed on this account's plan */
                403: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No such scan for this key */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Conflict: the resource is not in a state that allows this */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A service this needs is unavailable right now; try again shortly */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed webhook.test event to a receiver and report its answer
         * @description Sends one signed `webhook.test` event to `url`, through the same delivery path and address rules as a scan's webhook, and answers with what the receiver said. Counts against submissions per minute.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Public http(s) URL of the receiver; the same address rule as `webhook_url` on POST /v1/scans. */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description What the receiver answered: `delivered` is true for a 2xx */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            type: "webhook.test";
                            /** @description The `webhook-id` header the event was sent with: `msg_test_…`, new for every test. */
                            webhook_id: string;
                            /** @description The receiver, as normalised and checked. */
                            url: string;
                            /** @description True when the receiver answered 2xx, which is what a scan's delivery needs. */
                            delivered: boolean;
                            /** @description The receiver's HTTP status, or null when no answer came. */
                            status: number | null;
                            /** @description Why the event was not delivered (the status, or why no answer came). */
                            detail?: string;
                        };
                    };
                };
                /** @description A `url` that is not a public http(s) URL */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description A rate limit or monthly quota reached: wait `Retry-After` seconds */
                429: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        "Retry-After": components["headers"]["retry-after"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Close your account, confirmed by its email: the key stops working at once; every scan, recut, chat call, key, session and counter is removed. 204 once done, 202 if it takes over 20 s
         * @description Closes the account. The body repeats its email (any case) as confirmation. The key answers 401 at once and website sessions end; then every scan, recut, chat call, key, session and counter is removed by a workflow that retries until done.
         */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
                    "x-request-id"?: components["parameters"]["x-request-id"];
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The account's email, to confirm the closure. */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Closing: the key no longer works and the clean-up goes on */
                202: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            account_id: string;
                            /** @enum {string} */
                            status: "closing";
                        };
                    };
                };
                /** @description Closed: nothing of the account is left */
                204: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description The body's email is missing or not the account's */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    scanEnded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A scan submitted with webhook_url ended (complete, or error)
         * @description Signed per Standard Webhooks with the account's `whsec_…` secret (account page); verify with the raw body, e.g. `new Webhook(secret).verify(body, headers)` from `standardwebhooks`. Retried on `HOLDLINE_WEBHOOK_RETRY_SECONDS` for up to 24 h until a 2xx; 410 stops the retries.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description `msg_<scan_id>_<type>`: the same on every attempt of one event */
                    "webhook-id": string;
                    /** @description Unix seconds of this attempt */
                    "webhook-timestamp": string;
                    /** @description `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        type: "scan.completed" | "scan.failed";
                        /**
                         * Format: date-time
                         * @description When the scan ended; the same on every attempt.
                         */
                        timestamp: string;
                        data: {
                            scan_id: string;
                            /** @enum {string} */
                            status: "complete" | "error";
                            /** @description scan.completed only */
                            score?: number;
                            /** @description scan.completed only */
                            grade?: string;
                            /** @description scan.failed only */
                            detail?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Gone: no further attempts for this event */
                410: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Delivered: no further attempts */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description A failed attempt: retried on the schedule */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: never;
    responses: never;
    parameters: {
        /** @description Your own id for this request, echoed in the `x-request-id` response header and carried by the logs and the workflow it starts. Anything else is replaced by a fresh `req_<24 hex>`, not refused. */
        "x-request-id": string;
        /** @description 1 to 255 printable ASCII characters, sent once. The same key with the same request within 24 h answers the first answer again with `Idempotent-Replayed: true`, starting and counting nothing; with a different request, 409. A refused request frees its key. */
        "Idempotency-Key": string;
    };
    requestBodies: never;
    headers: {
        /** @description This request's id: the client's own `x-request-id` when it matches `^[A-Za-z0-9._-]{1,128}$`, else a fresh `req_<24 hex>`. The logs and the workflow it starts carry it; quote it when reporting a problem. */
        "x-request-id": string;
        /** @description Requests allowed in the window this request was counted in: per key and minute, 60 submissions or 600 reads; on the model interface, the month's chat calls. Sent with every answer to a valid key, refusals included. */
        "x-ratelimit-limit": number;
        /** @description What is left of that window after this request. */
        "x-ratelimit-remaining": number;
        /** @description Whole seconds until that window resets (at least 1). */
        "x-ratelimit-reset": number;
        /** @description Seconds to wait before trying again. */
        "retry-after": number;
        /** @description `true` when this is the stored answer to an earlier request with the same `Idempotency-Key`: nothing new was started or counted. */
        "idempotent-replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
