// Generated from /openapi.json by `npm run openapi:types` (openapi-typescript); do not edit.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            ok?: boolean;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** Readiness: MongoDB and Temporal reachable */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            mongodb: "ok";
                            /** @enum {string} */
                            temporal: "ok";
                            /**
                             * @description The model server behind /v1/chat/completions, from a check cached for seconds.
                             * @enum {string}
                             */
                            model: "available" | "unavailable" | "not configured";
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
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
        /** The four signals and how a scan reads them */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** The featured demo scan */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            status: string;
                            pct: number;
                            /**
                             * @description queued; ingest (fetching or storing the video); probe (checking it); decode (measuring and transcribing); assembly (writing the read).
                             * @enum {string}
                             */
                            stage?: "queued" | "ingest" | "probe" | "decode" | "assembly";
                            detail?: string;
                            /** @description The title given at submission; null when none was. */
                            title: string | null;
                            /**
                             * Format: date-time
                             * @description When the scan was accepted.
                             */
                            created_at: string;
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
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
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
        /** Your scans, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    /** @description A scan id, usually the previous page's `next_cursor`: the page holds the scans older than it. Not with `offset`. */
                    starting_after?: string;
                    /** @description Only scans in this state. Pages by cursor (not with `offset`). */
                    status?: "queued" | "processing" | "complete" | "error";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                            /** @description Pass as `starting_after` for the next page; null on the last page. `total` and `offset` count the whole history, whatever the filter. */
                            next_cursor: string | null;
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** Submit a video: a public URL (JSON) or an upload (multipart/form-data) */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Default Response */
                202: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
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
        /** One scan: queued, running, complete or error */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            status: string;
                            pct: number;
                            /**
                             * @description queued; ingest (fetching or storing the video); probe (checking it); decode (measuring and transcribing); assembly (writing the read).
                             * @enum {string}
                             */
                            stage?: "queued" | "ingest" | "probe" | "decode" | "assembly";
                            detail?: string;
                            /** @description The title given at submission; null when none was. */
                            title: string | null;
                            /**
                             * Format: date-time
                             * @description When the scan was accepted.
                             */
                            created_at: string;
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** Delete a scan with its media, read, recuts and their re-scans (cancelled first if still running): 204 once done, 202 if it takes over 20 s */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
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
                /** @description done: nothing of the scan is left */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** Cancel a queued or running scan: it ends in error, detail "cancelled", nothing of its media kept */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            scan_id: string;
                            status: string;
                            pct: number;
                            /**
                             * @description queued; ingest (fetching or storing the video); probe (checking it); decode (measuring and transcribing); assembly (writing the read).
                             * @enum {string}
                             */
                            stage?: "queued" | "ingest" | "probe" | "decode" | "assembly";
                            detail?: string;
                            /** @description The title given at submission; null when none was. */
                            title: string | null;
                            /**
                             * Format: date-time
                             * @description When the scan was accepted.
                             */
                            created_at: string;
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** The scanned video (byte ranges supported) */
        get: {
            parameters: {
                query?: never;
                header?: {
                    /** @description one `bytes=start-end` range */
                    range?: string;
                };
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the whole video */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "video/*": string;
                    };
                };
                /** @description the requested byte range */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                        "video/*": string;
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** A complete scan as a download: srt, vtt, csv, edl, chapters or json */
        get: {
            parameters: {
                query: {
                    format: "srt" | "vtt" | "csv" | "edl" | "chapters" | "json";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description the file, with `Content-Disposition: attachment` */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** The agent models (OpenAI-compatible) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                                /** @description Whether the model server behind this model answers now (false when none is configured or it is down). */
                                available: boolean;
                                description?: string;
                            }[];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
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
                /** @description Default Response */
                401: {
                    headers: {
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
                /** @description Default Response */
                404: {
                    headers: {
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
                /** @description Default Response */
                413: {
                    headers: {
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
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
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
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
                /** @description Default Response */
                502: {
                    headers: {
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
                /** @description Default Response */
                503: {
                    headers: {
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
        /** This month's usage and what is left */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
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
                /** @description Default Response */
                401: {
                    headers: {
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
                /** @description Default Response */
                404: {
                    headers: {
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
                /** @description Default Response */
                413: {
                    headers: {
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
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
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
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
                /** @description Default Response */
                502: {
                    headers: {
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
                /** @description Default Response */
                503: {
                    headers: {
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
        /** Ask an agent about your scans (OpenAI-compatible; `stream: true` for Server-Sent Events) */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description the answer: one JSON body (leading spaces keep the connection alive), or an event stream when `stream` is true */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
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
                /** @description Default Response */
                401: {
                    headers: {
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
                /** @description Default Response */
                404: {
                    headers: {
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
                /** @description Default Response */
                413: {
                    headers: {
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
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
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
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
                /** @description Default Response */
                502: {
                    headers: {
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
                /** @description Default Response */
                503: {
                    headers: {
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
        /** Publish your complete scan to the library (signed-in session) */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** Take your scan out of the library: its media and exports need the key again (signed-in session) */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** Published scans, newest first */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** Propose and render a tighter cut of a complete scan */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Default Response */
                202: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
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
        /** One recut */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
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
        /** The recuts of a scan */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
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
         * @description Sends one `webhook.test` event, signed with the account's webhook secret exactly as a scan's end is (Standard Webhooks headers), to `url`, through the same delivery path and public-address rule, in one attempt without retries, and answers with what the receiver said. Counts against the key's per-minute submissions.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Default Response */
                200: {
                    headers: {
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
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description a rate limit or monthly quota reached */
                429: {
                    headers: {
                        /** @description seconds until a retry can succeed */
                        "retry-after"?: number;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
        /** Close your account, confirmed by its email: the key stops working at once; every scan, recut, chat call, key, session and counter is removed. 204 once done, 202 if it takes over 20 s */
        delete: {
            parameters: {
                query?: never;
                header?: never;
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
                /** @description Default Response */
                202: {
                    headers: {
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
                /** @description done: nothing of the scan is left */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            detail: string;
                        };
                    };
                };
                /** @description an internal error (the log has the details) */
                500: {
                    headers: {
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
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
