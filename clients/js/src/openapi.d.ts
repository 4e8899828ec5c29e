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
                        /**
                         * @example {
                         *       "ok": true
                         *     }
                         */
                        "application/json": components["schemas"]["Liveness"];
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "mongodb": "ok",
                         *       "temporal": "ok",
                         *       "model": "available"
                         *     }
                         */
                        "application/json": components["schemas"]["Readiness"];
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description MongoDB or Temporal unreachable */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "version": "v1",
                         *       "floor": 30,
                         *       "dead_min_seconds": 2,
                         *       "scale": "Each series is 0 to 100 per second, where 100 is the 95th percentile of that file (values above it are capped at 100).",
                         *       "signals": [
                         *         {
                         *           "name": "hold",
                         *           "reads": "0.45 x motion + 0.25 x loudness + 0.20 x speech, plus a bonus on cuts, smoothed",
                         *           "rises_when": "picture moves, sound comes up, someone speaks, a cut lands",
                         *           "falls_when": "still, quiet frame with nobody talking",
                         *           "method": "h[t] = 0.45 x motion + 0.25 x loudness + 0.20 x speech (scaled series; an absent part counts 0), plus 10 if a cut falls in [t, t+1). The reported hold is the centred 3-second mean of h (fewer seconds at the edges), to one decimal."
                         *         },
                         *         {
                         *           "name": "motion",
                         *           "reads": "mean absolute frame difference at 4 frames per second, 96x54 grey",
                         *           "rises_when": "the picture changes",
                         *           "falls_when": "the picture is static",
                         *           "method": "Frames are sampled at 4 frames per second and scaled to 96x54 grey. d_k is the mean absolute difference between frame k and frame k-1 in grey levels (0-255). motion_raw[t] is the mean of the d_k whose frame time k/4 falls in [t, t+1), leaving out cut samples (a cut is counted by …"
                         *         },
                         *         {
                         *           "name": "loudness",
                         *           "reads": "RMS of 16 kHz mono audio per second",
                         *           "rises_when": "sound gets louder",
                         *           "falls_when": "silence",
                         *           "method": "loudness_raw[t] is the RMS of the 16 kHz mono samples in [t, t+1), full scale 1.0; a second below -60 dBFS counts as 0. Scaled to the file's 95th percentile; if that is below -50 dBFS the series is all 0."
                         *         }
                         *       ],
                         *       "method": "How this read is computed. The series are proxies computed from the file itself, not a measurement of any viewer: no audience data is read or implied. Seconds run t = 0 to N-1 with N = ceil(duration). One decode of the file serves all series. Percentiles use linear interpolation.…"
                         *     }
                         */
                        "application/json": components["schemas"]["SignalsReference"];
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "scan_id": "scn_6849516f8be73951ef711b13",
                         *       "status": "complete",
                         *       "pct": 100,
                         *       "title": "Weak opening",
                         *       "created_at": "2026-11-27T03:20:57.869Z",
                         *       "duration_sec": 30,
                         *       "score": 24,
                         *       "grade": "F",
                         *       "label": "Flat",
                         *       "hook": 0,
                         *       "timeline": [
                         *         {
                         *           "second": 0,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         },
                         *         {
                         *           "second": 1,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         },
                         *         {
                         *           "second": 2,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         }
                         *       ],
                         *       "cuts": [
                         *         4,
                         *         10,
                         *         15
                         *       ],
                         *       "dead": [
                         *         {
                         *           "start": 0,
                         *           "end": 4
                         *         },
                         *         {
                         *           "start": 8,
                         *           "end": 15
                         *         },
                         *         {
                         *           "start": 19,
                         *           "end": 25
                         *         }
                         *       ],
                         *       "moments": [
                         *         {
                         *           "second": 5,
                         *           "label": "peak",
                         *           "hold": 60,
                         *           "quote": "Welcome back. Today we put free camera for"
                         *         },
                         *         {
                         *           "second": 16,
                         *           "label": "peak",
                         *           "hold": 53.2,
                         *           "quote": "Our sail doubled in"
                         *         },
                         *         {
                         *           "second": 26,
                         *           "label": "peak",
                         *           "hold": 80.1,
                         *           "quote": "Let me show you how the rings is together."
                         *         }
                         *       ],
                         *       "claims": [
                         *         "Our sail doubled in just six months."
                         *       ],
                         *       "transcript": [
                         *         {
                         *           "start": 4.226,
                         *           "end": 7.614,
                         *           "text": "Welcome back. Today we put free camera for the storm."
                         *         },
                         *         {
                         *           "start": 16.738,
                         *           "end": 19.102,
                         *           "text": "Our sail doubled in just six months."
                         *         },
                         *         {
                         *           "start": 25.218,
                         *           "end": 27.582,
                         *           "text": "Let me show you how the rings is together."
                         *         }
                         *       ],
                         *       "summary": "Average hold is 27.4 over 30 seconds. The strongest second is 0:26 (hold 80.1). 3 dead stretches: 0:00 to 0:04, 0:08 to 0:15 and 0:19 to 0:25, 17 seconds in all. 5 cuts. The hook (mean hold over the first 3 seconds) is 0.0.",
                         *       "method": "How this read is computed. The series are proxies computed from the file itself, not a measurement of any viewer: no audience data is read or implied. Seconds run t = 0 to N-1 with N = ceil(duration). One decode of the file serves all series. Percentiles use linear interpolation.…",
                         *       "transcriber": "whisper-base int8 (faster-whisper 1.2.1)",
                         *       "language": "en",
                         *       "loudness_lufs": {
                         *         "integrated_lufs": -20.1,
                         *         "range_lu": 9.6,
                         *         "true_peak_dbtp": -4.8,
                         *         "short_term_lufs": [
                         *           null,
                         *           null,
                         *           null
                         *         ],
                         *         "targets": [
                         *           {
                         *             "id": "streaming",
                         *             "name": "most streaming platforms (YouTube, Spotify, Apple Music, Tidal, Amazon Music)",
                         *             "target_lufs": -14,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": -6.1,
                         *             "verdict": "quieter",
                         *             "true_peak_over": false
                         *           },
                         *           {
                         *             "id": "podcast",
                         *             "name": "podcasts (Apple Podcasts and most podcast hosts)",
                         *             "target_lufs": -16,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": -4.1,
                         *             "verdict": "quieter",
                         *             "true_peak_over": false
                         *           },
                         *           {
                         *             "id": "broadcast",
                         *             "name": "broadcast (EBU R128)",
                         *             "target_lufs": -23,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": 2.9,
                         *             "verdict": "louder",
                         *             "true_peak_over": false
                         *           }
                         *         ]
                         *       },
                         *       "technical_cues": [
                         *         {
                         *           "kind": "slate",
                         *           "start": 0,
                         *           "end": 4
                         *         },
                         *         {
                         *           "kind": "colour_bars",
                         *           "start": 10,
                         *           "end": 15
                         *         },
                         *         {
                         *           "kind": "slate",
                         *           "start": 21,
                         *           "end": 25
                         *         }
                         *       ],
                         *       "dips": [
                         *         {
                         *           "start": 0,
                         *           "end": 4,
                         *           "causes": [
                         *             "slate",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Still title card or slate 0:00–0:04 (4 s): cut it; the picture is still, the sound is silent and nobody speaks."
                         *         },
                         *         {
                         *           "start": 10,
                         *           "end": 15,
                         *           "causes": [
                         *             "colour_bars",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Colour bars 0:10–0:15 (5 s): cut them; the picture is still, the sound is silent and nobody speaks."
                         *         },
                         *         {
                         *           "start": 21,
                         *           "end": 25,
                         *           "causes": [
                         *             "slate",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Still title card or slate 0:21–0:25 (4 s): cut it; the picture is still, the sound is silent and nobody speaks."
                         *         }
                         *       ],
                         *       "hook_report": {
                         *         "value": 0,
                         *         "scale": "Mean reported hold over the first 3 s, 0 to 100 like hold itself (100 is this file's 95th percentile mix of motion, sound and words). file_percentile says how many of this file's seconds hold less: 50 is an average opening for the file, 80 or more a strong one.",
                         *         "file_percentile": 0,
                         *         "library_percentile": null,
                         *         "carried": [],
                         *         "missing": [
                         *           "motion",
                         *           "sound",
                         *           "words"
                         *         ],
                         *         "best_opening": {
                         *           "start": 25,
                         *           "end": 28,
                         *           "hold": 67.3
                         *         },
                         *         "advice": "The strongest 3 seconds start at 25 s (mean hold 67.3 against the hook's 0): consider opening with them, or add motion and sound and words to the first 3 s."
                         *       },
                         *       "frame_rate": 24,
                         *       "frame_rate_variable": false,
                         *       "cut_frames": [
                         *         96,
                         *         240,
                         *         360
                         *       ],
                         *       "width": 640,
                         *       "height": 360,
                         *       "media_url": "/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *     }
                         */
                        "application/json": components["schemas"]["Scan"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No scan is featured yet */
                503: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                    /** @description A scan id, usually the previous page's `next_cursor`: the page holds the scans older than it. Not with `offset`. */
                    starting_after?: string;
                    /** @description Only scans in this state. Pages by cursor (not with `offset`). */
                    status?: "queued" | "processing" | "complete" | "error";
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
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "scan_id": "scn_a079afc5791d34d89095cac5",
                         *           "status": "processing",
                         *           "pct": 50,
                         *           "title": "Weak opening (by URL)",
                         *           "created_at": "2026-11-27T03:20:57.948Z"
                         *         },
                         *         {
                         *           "scan_id": "scn_6849516f8be73951ef711b13",
                         *           "status": "complete",
                         *           "pct": 100,
                         *           "title": "Weak opening",
                         *           "created_at": "2026-11-27T03:20:57.869Z",
                         *           "duration_sec": 30,
                         *           "score": 24,
                         *           "grade": "F",
                         *           "label": "Flat"
                         *         }
                         *       ],
                         *       "limit": 2,
                         *       "offset": 0,
                         *       "total": 2,
                         *       "has_more": false,
                         *       "next_cursor": null
                         *     }
                         */
                        "application/json": components["schemas"]["ScanHistory"];
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
                        /**
                         * @example {
                         *       "detail": "querystring/limit must be <= 100"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "missing API key: send Authorization: Bearer sk_sig_…"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
         *     The file's name is kept as the scan's `source_name` (the upload part's file name, base name only; for a URL, the last segment of its path when it names a video file, `…/talk.mp4`); without a `title` the scan is titled by it, without its extension.
         *
         *     `webhook_url` (JSON field or form part): a public http(s) URL that receives a signed `scan.completed` or `scan.failed` event when the scan ends (see the `scanEnded` webhook).
         *
         *     `Idempotency-Key` makes a retry safe: the same key with the same request within 24 h answers the first `202` again (`Idempotent-Replayed: true`) and takes no second quota unit.
         *
         *     The key is checked before a byte of the body is read. Counts one scan of the month's quota; a refused submission gives it back.
         *
         *     An account has at most 3 scans in flight on the Signal plan, 5 on Agents (queued, processing or still being received; `HOLDLINE_SCANS_IN_FLIGHT_SIGNAL`, `…_AGENTS`), and its URL downloads may run 1800 seconds an hour (`HOLDLINE_DOWNLOAD_SECONDS_PER_HOUR`; uploads do not count). Past either, `429` with `Retry-After`, before anything is taken or an upload is read. A scan cancelled before its download began gives its unit back; one whose video was fetched (an upload, a download that began) does not.
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
                    /**
                     * @example {
                     *       "input": {
                     *         "type": "url",
                     *         "url": "https://media.example.com/recut-weak-open.mp4"
                     *       },
                     *       "title": "Weak opening (by URL)",
                     *       "webhook_url": "https://hooks.example.com/holdline"
                     *     }
                     */
                    "application/json": components["schemas"]["ScanSubmission"];
                    /**
                     * @example {
                     *       "file": "(the video's bytes: recut-weak-open.mp4)",
                     *       "title": "Weak opening",
                     *       "webhook_url": "https://hooks.example.com/holdline"
                     *     }
                     */
                    "multipart/form-data": components["schemas"]["ScanUpload"];
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
                        /**
                         * @example {
                         *       "scan_id": "scn_a079afc5791d34d89095cac5",
                         *       "status": "queued",
                         *       "pct": 0
                         *     }
                         */
                        "application/json": components["schemas"]["QueuedScan"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Submissions per minute, the month's scans, the account's scans in flight or, for a URL, the hour's download time used up: wait `Retry-After` seconds; nothing was taken */
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "scan_id": "scn_6849516f8be73951ef711b13",
                         *       "status": "complete",
                         *       "pct": 100,
                         *       "title": "Weak opening",
                         *       "created_at": "2026-11-27T03:20:57.869Z",
                         *       "duration_sec": 30,
                         *       "score": 24,
                         *       "grade": "F",
                         *       "label": "Flat",
                         *       "hook": 0,
                         *       "timeline": [
                         *         {
                         *           "second": 0,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         },
                         *         {
                         *           "second": 1,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         },
                         *         {
                         *           "second": 2,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         }
                         *       ],
                         *       "cuts": [
                         *         4,
                         *         10,
                         *         15
                         *       ],
                         *       "dead": [
                         *         {
                         *           "start": 0,
                         *           "end": 4
                         *         },
                         *         {
                         *           "start": 8,
                         *           "end": 15
                         *         },
                         *         {
                         *           "start": 19,
                         *           "end": 25
                         *         }
                         *       ],
                         *       "moments": [
                         *         {
                         *           "second": 5,
                         *           "label": "peak",
                         *           "hold": 60,
                         *           "quote": "Welcome back. Today we put free camera for"
                         *         },
                         *         {
                         *           "second": 16,
                         *           "label": "peak",
                         *           "hold": 53.2,
                         *           "quote": "Our sail doubled in"
                         *         },
                         *         {
                         *           "second": 26,
                         *           "label": "peak",
                         *           "hold": 80.1,
                         *           "quote": "Let me show you how the rings is together."
                         *         }
                         *       ],
                         *       "claims": [
                         *         "Our sail doubled in just six months."
                         *       ],
                         *       "transcript": [
                         *         {
                         *           "start": 4.226,
                         *           "end": 7.614,
                         *           "text": "Welcome back. Today we put free camera for the storm."
                         *         },
                         *         {
                         *           "start": 16.738,
                         *           "end": 19.102,
                         *           "text": "Our sail doubled in just six months."
                         *         },
                         *         {
                         *           "start": 25.218,
                         *           "end": 27.582,
                         *           "text": "Let me show you how the rings is together."
                         *         }
                         *       ],
                         *       "summary": "Average hold is 27.4 over 30 seconds. The strongest second is 0:26 (hold 80.1). 3 dead stretches: 0:00 to 0:04, 0:08 to 0:15 and 0:19 to 0:25, 17 seconds in all. 5 cuts. The hook (mean hold over the first 3 seconds) is 0.0.",
                         *       "method": "How this read is computed. The series are proxies computed from the file itself, not a measurement of any viewer: no audience data is read or implied. Seconds run t = 0 to N-1 with N = ceil(duration). One decode of the file serves all series. Percentiles use linear interpolation.…",
                         *       "transcriber": "whisper-base int8 (faster-whisper 1.2.1)",
                         *       "language": "en",
                         *       "loudness_lufs": {
                         *         "integrated_lufs": -20.1,
                         *         "range_lu": 9.6,
                         *         "true_peak_dbtp": -4.8,
                         *         "short_term_lufs": [
                         *           null,
                         *           null,
                         *           null
                         *         ],
                         *         "targets": [
                         *           {
                         *             "id": "streaming",
                         *             "name": "most streaming platforms (YouTube, Spotify, Apple Music, Tidal, Amazon Music)",
                         *             "target_lufs": -14,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": -6.1,
                         *             "verdict": "quieter",
                         *             "true_peak_over": false
                         *           },
                         *           {
                         *             "id": "podcast",
                         *             "name": "podcasts (Apple Podcasts and most podcast hosts)",
                         *             "target_lufs": -16,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": -4.1,
                         *             "verdict": "quieter",
                         *             "true_peak_over": false
                         *           },
                         *           {
                         *             "id": "broadcast",
                         *             "name": "broadcast (EBU R128)",
                         *             "target_lufs": -23,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": 2.9,
                         *             "verdict": "louder",
                         *             "true_peak_over": false
                         *           }
                         *         ]
                         *       },
                         *       "technical_cues": [
                         *         {
                         *           "kind": "slate",
                         *           "start": 0,
                         *           "end": 4
                         *         },
                         *         {
                         *           "kind": "colour_bars",
                         *           "start": 10,
                         *           "end": 15
                         *         },
                         *         {
                         *           "kind": "slate",
                         *           "start": 21,
                         *           "end": 25
                         *         }
                         *       ],
                         *       "dips": [
                         *         {
                         *           "start": 0,
                         *           "end": 4,
                         *           "causes": [
                         *             "slate",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Still title card or slate 0:00–0:04 (4 s): cut it; the picture is still, the sound is silent and nobody speaks."
                         *         },
                         *         {
                         *           "start": 10,
                         *           "end": 15,
                         *           "causes": [
                         *             "colour_bars",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Colour bars 0:10–0:15 (5 s): cut them; the picture is still, the sound is silent and nobody speaks."
                         *         },
                         *         {
                         *           "start": 21,
                         *           "end": 25,
                         *           "causes": [
                         *             "slate",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Still title card or slate 0:21–0:25 (4 s): cut it; the picture is still, the sound is silent and nobody speaks."
                         *         }
                         *       ],
                         *       "hook_report": {
                         *         "value": 0,
                         *         "scale": "Mean reported hold over the first 3 s, 0 to 100 like hold itself (100 is this file's 95th percentile mix of motion, sound and words). file_percentile says how many of this file's seconds hold less: 50 is an average opening for the file, 80 or more a strong one.",
                         *         "file_percentile": 0,
                         *         "library_percentile": null,
                         *         "carried": [],
                         *         "missing": [
                         *           "motion",
                         *           "sound",
                         *           "words"
                         *         ],
                         *         "best_opening": {
                         *           "start": 25,
                         *           "end": 28,
                         *           "hold": 67.3
                         *         },
                         *         "advice": "The strongest 3 seconds start at 25 s (mean hold 67.3 against the hook's 0): consider opening with them, or add motion and sound and words to the first 3 s."
                         *       },
                         *       "frame_rate": 24,
                         *       "frame_rate_variable": false,
                         *       "cut_frames": [
                         *         96,
                         *         240,
                         *         360
                         *       ],
                         *       "width": 640,
                         *       "height": 360,
                         *       "media_url": "/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *     }
                         */
                        "application/json": components["schemas"]["Scan"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "detail": "no scan scn_000000000000000000000000"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a scan with its media, read, recuts and their re-scans (cancelled first if still running): 204 once done, 202 if it takes over 20 s
         * @description Deletes a scan for good: it disappears from every read at once, then its media, read, parts, history and library entries, Idempotency-Key records and recuts (with their re-scans) are removed. A running scan is cancelled first. A scan cancelled before anything of its video was fetched (a URL scan whose download had not begun) gives its quota unit back.
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
                        "application/json": components["schemas"]["DeletingScan"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "detail": "no scan scn_4dadd5bd2edd9a7ddc9cd05c"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
         * Cancel a queued or running scan: it ends in error, detail "cancelled", nothing of its media kept; 200 once done, 202 if the clean-up takes over 5 s
         * @description Stops a queued or running scan. It ends in `error` with `detail: "cancelled"` (a webhook gets `scan.failed`), and its video, audio and parts are removed. The answer waits up to 5 s for that clean-up: `200` once it is done, else `202` with the scan as it is now while the cancel goes on (poll `GET /v1/scans/{id}` for its `cancelled` end). Its quota unit goes back only when nothing of its video was fetched yet: a URL scan whose download had not begun; an upload, or a download that began, keeps the unit used.
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
                        /**
                         * @example {
                         *       "scan_id": "scn_4dadd5bd2edd9a7ddc9cd05c",
                         *       "status": "error",
                         *       "pct": 0,
                         *       "title": "Weak opening (by URL)",
                         *       "created_at": "2026-11-27T03:21:55.321Z",
                         *       "detail": "cancelled"
                         *     }
                         */
                        "application/json": components["schemas"]["Scan"];
                    };
                };
                /** @description The cancel was sent and goes on: the scan as it is now, still `queued` or `processing` */
                202: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Scan"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
         * @description The stored video, served inertly: `Content-Type` from the container ffprobe found, `X-Content-Type-Options: nosniff`, `Content-Security-Policy: default-src 'none'; sandbox`, `Content-Disposition: inline` named by the scan's `source_name` (with the served container's extension when its own names another kind of file; `<scan_id>.<ext>` without one), so the download relinks to the exported timelines by that name. One `Range` per request. Needs the owner's key, or none once the scan is published.
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "detail": "range not satisfiable"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
         * A complete scan as a download: srt, vtt, csv, edl, chapters, json, or an editor timeline (otio, fcpxml, markers.csv)
         * @description A complete scan as a file to download (`Content-Disposition: attachment; filename="<scan_id>.<ext>"`):
         *
         *     | format | content |
         *     |---|---|
         *     | `srt`, `vtt` | the transcript as subtitles |
         *     | `csv` | `second,hold,motion,loudness,speech`, one row per second |
         *     | `edl` | CMX3600 edit list: one event per shot, markers at cuts and dead stretches; the record side from `record_start` (default `01:00:00:00`) |
         *     | `chapters` | YouTube chapter lines |
         *     | `json` | the scan as `GET /v1/scans/{id}` serves it |
         *
         *     Needs the owner's key, or none once the scan is published.
         */
        get: {
            parameters: {
                query: {
                    format: "srt" | "vtt" | "csv" | "edl" | "chapters" | "json" | "otio" | "fcpxml" | "markers.csv";
                    /** @description The EDL's first record timecode, `HH:MM:SS:FF` at the source's rate (default `01:00:00:00`); only with `format=edl`. */
                    record_start?: string;
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
                        /**
                         * @example 1
                         *     00:00:04,226 --> 00:00:07,614
                         *     Welcome back. Today we put free camera for the storm.
                         *
                         *     2
                         *     00:00:16,738 --> 00:00:19,102
                         *     Our sail doubled in just six months.
                         */
                        "application/x-subrip": string;
                        /**
                         * @example WEBVTT
                         *
                         *     00:00:04.226 --> 00:00:07.614
                         *     Welcome back. Today we put free camera for the storm.
                         *
                         *     00:00:16.738 --> 00:00:19.102
                         *     Our sail doubled in just six months.
                         */
                        "text/vtt": string;
                        /**
                         * @example second,hold,motion,loudness,speech
                         *     0,0,0,0,0
                         *     1,0,0,0,0
                         *     2,0,0,0,0
                         *     3,21.5,0,0,0
                         *     4,41.2,56.6,70.8,56.3
                         */
                        "text/csv": string;
                        /** @example  */
                        "text/plain": string;
                        /**
                         * @example {
                         *       "scan_id": "scn_6849516f8be73951ef711b13",
                         *       "status": "complete",
                         *       "pct": 100,
                         *       "title": "Weak opening",
                         *       "created_at": "2026-11-27T03:20:57.869Z",
                         *       "duration_sec": 30,
                         *       "score": 24,
                         *       "grade": "F",
                         *       "label": "Flat",
                         *       "hook": 0,
                         *       "timeline": [
                         *         {
                         *           "second": 0,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         },
                         *         {
                         *           "second": 1,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         },
                         *         {
                         *           "second": 2,
                         *           "scores": {
                         *             "hold": 0,
                         *             "motion": 0,
                         *             "loudness": 0,
                         *             "speech": 0
                         *           }
                         *         }
                         *       ],
                         *       "cuts": [
                         *         4,
                         *         10,
                         *         15
                         *       ],
                         *       "dead": [
                         *         {
                         *           "start": 0,
                         *           "end": 4
                         *         },
                         *         {
                         *           "start": 8,
                         *           "end": 15
                         *         },
                         *         {
                         *           "start": 19,
                         *           "end": 25
                         *         }
                         *       ],
                         *       "moments": [
                         *         {
                         *           "second": 5,
                         *           "label": "peak",
                         *           "hold": 60,
                         *           "quote": "Welcome back. Today we put free camera for"
                         *         },
                         *         {
                         *           "second": 16,
                         *           "label": "peak",
                         *           "hold": 53.2,
                         *           "quote": "Our sail doubled in"
                         *         },
                         *         {
                         *           "second": 26,
                         *           "label": "peak",
                         *           "hold": 80.1,
                         *           "quote": "Let me show you how the rings is together."
                         *         }
                         *       ],
                         *       "claims": [
                         *         "Our sail doubled in just six months."
                         *       ],
                         *       "transcript": [
                         *         {
                         *           "start": 4.226,
                         *           "end": 7.614,
                         *           "text": "Welcome back. Today we put free camera for the storm."
                         *         },
                         *         {
                         *           "start": 16.738,
                         *           "end": 19.102,
                         *           "text": "Our sail doubled in just six months."
                         *         },
                         *         {
                         *           "start": 25.218,
                         *           "end": 27.582,
                         *           "text": "Let me show you how the rings is together."
                         *         }
                         *       ],
                         *       "summary": "Average hold is 27.4 over 30 seconds. The strongest second is 0:26 (hold 80.1). 3 dead stretches: 0:00 to 0:04, 0:08 to 0:15 and 0:19 to 0:25, 17 seconds in all. 5 cuts. The hook (mean hold over the first 3 seconds) is 0.0.",
                         *       "method": "How this read is computed. The series are proxies computed from the file itself, not a measurement of any viewer: no audience data is read or implied. Seconds run t = 0 to N-1 with N = ceil(duration). One decode of the file serves all series. Percentiles use linear interpolation.…",
                         *       "transcriber": "whisper-base int8 (faster-whisper 1.2.1)",
                         *       "language": "en",
                         *       "loudness_lufs": {
                         *         "integrated_lufs": -20.1,
                         *         "range_lu": 9.6,
                         *         "true_peak_dbtp": -4.8,
                         *         "short_term_lufs": [
                         *           null,
                         *           null,
                         *           null
                         *         ],
                         *         "targets": [
                         *           {
                         *             "id": "streaming",
                         *             "name": "most streaming platforms (YouTube, Spotify, Apple Music, Tidal, Amazon Music)",
                         *             "target_lufs": -14,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": -6.1,
                         *             "verdict": "quieter",
                         *             "true_peak_over": false
                         *           },
                         *           {
                         *             "id": "podcast",
                         *             "name": "podcasts (Apple Podcasts and most podcast hosts)",
                         *             "target_lufs": -16,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": -4.1,
                         *             "verdict": "quieter",
                         *             "true_peak_over": false
                         *           },
                         *           {
                         *             "id": "broadcast",
                         *             "name": "broadcast (EBU R128)",
                         *             "target_lufs": -23,
                         *             "max_true_peak_dbtp": -1,
                         *             "difference_lu": 2.9,
                         *             "verdict": "louder",
                         *             "true_peak_over": false
                         *           }
                         *         ]
                         *       },
                         *       "technical_cues": [
                         *         {
                         *           "kind": "slate",
                         *           "start": 0,
                         *           "end": 4
                         *         },
                         *         {
                         *           "kind": "colour_bars",
                         *           "start": 10,
                         *           "end": 15
                         *         },
                         *         {
                         *           "kind": "slate",
                         *           "start": 21,
                         *           "end": 25
                         *         }
                         *       ],
                         *       "dips": [
                         *         {
                         *           "start": 0,
                         *           "end": 4,
                         *           "causes": [
                         *             "slate",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Still title card or slate 0:00–0:04 (4 s): cut it; the picture is still, the sound is silent and nobody speaks."
                         *         },
                         *         {
                         *           "start": 10,
                         *           "end": 15,
                         *           "causes": [
                         *             "colour_bars",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Colour bars 0:10–0:15 (5 s): cut them; the picture is still, the sound is silent and nobody speaks."
                         *         },
                         *         {
                         *           "start": 21,
                         *           "end": 25,
                         *           "causes": [
                         *             "slate",
                         *             "still_picture",
                         *             "silence",
                         *             "no_speech"
                         *           ],
                         *           "advice": "Still title card or slate 0:21–0:25 (4 s): cut it; the picture is still, the sound is silent and nobody speaks."
                         *         }
                         *       ],
                         *       "hook_report": {
                         *         "value": 0,
                         *         "scale": "Mean reported hold over the first 3 s, 0 to 100 like hold itself (100 is this file's 95th percentile mix of motion, sound and words). file_percentile says how many of this file's seconds hold less: 50 is an average opening for the file, 80 or more a strong one.",
                         *         "file_percentile": 0,
                         *         "library_percentile": null,
                         *         "carried": [],
                         *         "missing": [
                         *           "motion",
                         *           "sound",
                         *           "words"
                         *         ],
                         *         "best_opening": {
                         *           "start": 25,
                         *           "end": 28,
                         *           "hold": 67.3
                         *         },
                         *         "advice": "The strongest 3 seconds start at 25 s (mean hold 67.3 against the hook's 0): consider opening with them, or add motion and sound and words to the first 3 s."
                         *       },
                         *       "frame_rate": 24,
                         *       "frame_rate_variable": false,
                         *       "cut_frames": [
                         *         96,
                         *         240,
                         *         360
                         *       ],
                         *       "width": 640,
                         *       "height": 360,
                         *       "media_url": "/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *     }
                         */
                        "application/json": components["schemas"]["ScanExportJson"];
                        "application/xml": string;
                    };
                };
                /** @description A missing or unknown `format`, a `record_start` that is not a timecode at the source's rate, or `record_start` with a format other than `edl` */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "unknown export format \"docx\"; use format=srt|vtt|csv|edl|chapters|json|otio|fcpxml|markers.csv"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No key, and the scan is not published (unknown ids get the same answer) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "object": "list",
                         *       "data": [
                         *         {
                         *           "id": "holdline",
                         *           "object": "model",
                         *           "created": 1735689600,
                         *           "owned_by": "holdline",
                         *           "base_model": "SmolLM2-135M-Instruct-Q4_1",
                         *           "available": true,
                         *           "description": "A small demonstration model (SmolLM2-135M-Instruct, 4-bit) running on this machine: it does not call tools, so its answers come without code runs or page reads, and its facts are unreliable. For real work, point MODEL_BASE_URL at vLLM, Ollama or llama.cpp serving a capable model."
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["ModelList"];
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
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "error": {
                         *         "message": "missing API key: send Authorization: Bearer sk_sig_…",
                         *         "type": "invalid_request_error",
                         *         "param": null,
                         *         "code": "invalid_api_key"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        /**
                         * @example {
                         *       "plan": "agents",
                         *       "period": {
                         *         "start": "2026-11-01T00:00:00.000Z",
                         *         "end": "2026-12-01T00:00:00.000Z"
                         *       },
                         *       "calls_this_month": 1,
                         *       "calls_left": 24,
                         *       "tokens_used": 630,
                         *       "scans_this_month": 3,
                         *       "scans_left": 47
                         *     }
                         */
                        "application/json": components["schemas"]["AccountUsage"];
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
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                    /**
                     * @example {
                     *       "model": "holdline",
                     *       "messages": [
                     *         {
                     *           "role": "user",
                     *           "content": "In one sentence: what does a hold score of 24 out of 100 mean?"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ChatCompletionRequest"];
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
                        /**
                         * @example {
                         *       "id": "call_731b5aff6cd360aa16f5a89b",
                         *       "object": "chat.completion",
                         *       "created": 1795749664,
                         *       "model": "holdline",
                         *       "choices": [
                         *         {
                         *           "index": 0,
                         *           "message": {
                         *             "role": "assistant",
                         *             "content": "Catch it."
                         *           },
                         *           "logprobs": null,
                         *           "finish_reason": "stop"
                         *         }
                         *       ],
                         *       "usage": {
                         *         "prompt_tokens": 566,
                         *         "completion_tokens": 64,
                         *         "total_tokens": 630
                         *       },
                         *       "holdline": {
                         *         "call_id": "call_731b5aff6cd360aa16f5a89b",
                         *         "base_model": "SmolLM2-135M-Instruct-Q4_1",
                         *         "steps": 3,
                         *         "tools_used": [],
                         *         "stopped": "done"
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["ChatCompletion"];
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
                        "application/json": components["schemas"]["OpenAIError"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                        "application/json": components["schemas"]["OpenAIError"];
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
                    /** @example {} */
                    "application/json": components["schemas"]["PublishRequest"];
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
                        /**
                         * @example {
                         *       "scan_id": "scn_6849516f8be73951ef711b13",
                         *       "title": "Weak opening",
                         *       "published_at": "2026-11-27T03:21:04.064Z",
                         *       "url": "/library/scn_6849516f8be73951ef711b13"
                         *     }
                         */
                        "application/json": components["schemas"]["Published"];
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No signed-in session */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "sign in first: this needs a signed-in session"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not your scan */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description The scan is not complete */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                    /** @example {} */
                    "application/json": components["schemas"]["UnpublishRequest"];
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
                        /**
                         * @example {
                         *       "scan_id": "scn_6849516f8be73951ef711b13",
                         *       "published": false
                         *     }
                         */
                        "application/json": components["schemas"]["Unpublished"];
                    };
                };
                /** @description Bad input: `detail` says what to fix and names the field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No signed-in session */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "sign in first: this needs a signed-in session"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Not your scan */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Conflict: the resource is not in a state that allows this */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "data": [
                         *         {
                         *           "scan_id": "scn_6849516f8be73951ef711b13",
                         *           "title": "Weak opening",
                         *           "published_at": "2026-11-27T03:21:03.885Z",
                         *           "score": 24,
                         *           "grade": "F",
                         *           "label": "Flat",
                         *           "duration_sec": 30,
                         *           "url": "/library/scn_6849516f8be73951ef711b13"
                         *         }
                         *       ],
                         *       "limit": 2,
                         *       "offset": 0,
                         *       "total": 1,
                         *       "has_more": false
                         *     }
                         */
                        "application/json": components["schemas"]["Library"];
                    };
                };
                /** @description A bad `limit` (1–100) or `offset` (0–10 000) */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description An internal error (the log has the details, under the `x-request-id`) */
                500: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                    /**
                     * @example {
                     *       "goal": "Open on the first lively shot",
                     *       "max_seconds": 20
                     *     }
                     */
                    "application/json": components["schemas"]["RecutRequest"];
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
                        /**
                         * @example {
                         *       "recut_id": "rct_25337f214d66a3f283fd2937",
                         *       "status": "queued",
                         *       "parent_scan_id": "scn_6849516f8be73951ef711b13"
                         *     }
                         */
                        "application/json": components["schemas"]["QueuedRecut"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "recut_id": "rct_25337f214d66a3f283fd2937",
                         *       "status": "complete",
                         *       "parent_scan_id": "scn_6849516f8be73951ef711b13",
                         *       "scan_id": "scn_67df0e4628193e3d60301cc8",
                         *       "segments": [
                         *         {
                         *           "start": 4,
                         *           "end": 8
                         *         },
                         *         {
                         *           "start": 15,
                         *           "end": 19
                         *         },
                         *         {
                         *           "start": 25,
                         *           "end": 30
                         *         }
                         *       ],
                         *       "rationale": "Rules: cut 17 weak seconds of 3 dips: 0–4 s (still picture, silence, no speech), 7–15 s (silence, no speech), 19–25 s (still picture, silence, no speech); started at 4 s, the first second with hold ≥ 30 (the strongest 3 s (25–28 s, hold 67.3) come too late to open on without losi…",
                         *       "proposed_by": "rules",
                         *       "base_model": null,
                         *       "before": {
                         *         "score": 24,
                         *         "grade": "F",
                         *         "hook": 0,
                         *         "dead_seconds": 17,
                         *         "duration_sec": 30,
                         *         "average_hold": 27.4,
                         *         "dips": {
                         *           "count": 4,
                         *           "seconds": 20,
                         *           "causes": {
                         *             "still_picture": 2,
                         *             "silence": 4,
                         *             "no_speech": 4
                         *           }
                         *         }
                         *       },
                         *       "after": {
                         *         "score": 82,
                         *         "grade": "B-",
                         *         "hook": 50,
                         *         "dead_seconds": 0,
                         *         "duration_sec": 13,
                         *         "average_hold": 53.3,
                         *         "dips": {
                         *           "count": 1,
                         *           "seconds": 3,
                         *           "causes": {
                         *             "silence": 1,
                         *             "no_speech": 1,
                         *             "slow_cutting": 1
                         *           }
                         *         }
                         *       },
                         *       "goal": "Open on the first lively shot",
                         *       "max_seconds": 20,
                         *       "created_at": "2026-11-27T03:21:04.119Z"
                         *     }
                         */
                        "application/json": components["schemas"]["Recut"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        /**
                         * @example {
                         *       "parent_scan_id": "scn_6849516f8be73951ef711b13",
                         *       "data": [
                         *         {
                         *           "recut_id": "rct_25337f214d66a3f283fd2937",
                         *           "status": "complete",
                         *           "parent_scan_id": "scn_6849516f8be73951ef711b13",
                         *           "scan_id": "scn_67df0e4628193e3d60301cc8",
                         *           "segments": [
                         *             {
                         *               "start": 4,
                         *               "end": 8
                         *             },
                         *             {
                         *               "start": 15,
                         *               "end": 19
                         *             },
                         *             {
                         *               "start": 25,
                         *               "end": 30
                         *             }
                         *           ],
                         *           "rationale": "Rules: cut 17 weak seconds of 3 dips: 0–4 s (still picture, silence, no speech), 7–15 s (silence, no speech), 19–25 s (still picture, silence, no speech); started at 4 s, the first second with hold ≥ 30 (the strongest 3 s (25–28 s, hold 67.3) come too late to open on without losi…",
                         *           "proposed_by": "rules",
                         *           "base_model": null,
                         *           "before": {
                         *             "score": 24,
                         *             "grade": "F",
                         *             "hook": 0,
                         *             "dead_seconds": 17,
                         *             "duration_sec": 30,
                         *             "average_hold": 27.4,
                         *             "dips": {
                         *               "count": 4,
                         *               "seconds": 20,
                         *               "causes": {
                         *                 "still_picture": 2,
                         *                 "silence": 4,
                         *                 "no_speech": 4
                         *               }
                         *             }
                         *           },
                         *           "after": {
                         *             "score": 82,
                         *             "grade": "B-",
                         *             "hook": 50,
                         *             "dead_seconds": 0,
                         *             "duration_sec": 13,
                         *             "average_hold": 53.3,
                         *             "dips": {
                         *               "count": 1,
                         *               "seconds": 3,
                         *               "causes": {
                         *                 "silence": 1,
                         *                 "no_speech": 1,
                         *                 "slow_cutting": 1
                         *               }
                         *             }
                         *           },
                         *           "goal": "Open on the first lively shot",
                         *           "max_seconds": 20,
                         *           "created_at": "2026-11-27T03:21:04.119Z"
                         *         }
                         *       ]
                         *     }
                         */
                        "application/json": components["schemas"]["RecutList"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
    "/v1/recuts/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A complete recut's cut list on its source as an editor timeline: edl, otio, fcpxml, markers.csv
         * @description A complete recut's cut list on its source (the parent scan's video) as a file to download (`Content-Disposition: attachment; filename="<recut_id>.<ext>"`), built by the same timeline code as the scan's exports: one clip per kept segment, on the source frames nearest its bounds, laid end to end, picture and sound; the parent read's markers that start inside a kept segment, on the frame where they were kept.
         *
         *     | format | content |
         *     |---|---|
         *     | `edl` | CMX3600: one `AA/V` event per kept segment, the record side from `record_start` (default `01:00:00:00`), `* LOC:` markers at cuts and dead stretches |
         *     | `otio` | OpenTimelineIO: a video and an audio track of the kept clips, the markers on the stack |
         *     | `fcpxml` | Final Cut Pro XML 1.9: one `asset-clip` per kept segment with its markers |
         *     | `markers.csv` | the markers with their source and record timecodes |
         *
         *     Needs the recut owner's key.
         */
        get: {
            parameters: {
                query: {
                    format: "edl" | "otio" | "fcpxml" | "markers.csv";
                    /** @description The EDL's first record timecode, `HH:MM:SS:FF` at the source's rate (default `01:00:00:00`); only with `format=edl`. */
                    record_start?: string;
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
                        /**
                         * @example TITLE: Weak opening (recut)
                         *     FCM: NON-DROP FRAME
                         *
                         *     001  AX       AA/V  C        00:00:04:00 00:00:08:00 01:00:00:00 01:00:04:00
                         *     * FROM CLIP NAME: Weak opening (recut)
                         *     * LOC: 00:00:04:00 BLUE    CUT 4
                         *
                         *     002  AX       AA/V  C        00:00:15:00 00:00:19:00 01:00:04:00 01:00:08:…
                         */
                        "text/plain": string;
                        /**
                         * @example {
                         *       "OTIO_SCHEMA": "Timeline.1",
                         *       "metadata": {
                         *         "holdline": {
                         *           "scan_id": "scn_6849516f8be73951ef711b13",
                         *           "recut_id": "rct_25337f214d66a3f283fd2937",
                         *           "frame_rate": "24/1",
                         *           "drop_frame": false
                         *         }
                         *       },
                         *       "name": "Weak opening (recut)",
                         *       "global_start_time": {
                         *         "OTIO_SCHEMA": "RationalTime.1",
                         *         "rate": 24,
                         *         "value": 0
                         *       },
                         *       "tracks": {
                         *         "OTIO_SCHEMA": "Stack.1",
                         *         "metadata": {},
                         *         "name": "tracks",
                         *         "source_range": null,
                         *         "effects": [],
                         *         "markers": [
                         *           {
                         *             "OTIO_SCHEMA": "Marker.2",
                         *             "metadata": {
                         *               "holdline": {
                         *                 "kind": "cut"
                         *               }
                         *             },
                         *             "name": "Cut 1",
                         *             "color": "BLUE",
                         *             "marked_range": {
                         *               "OTIO_SCHEMA": "TimeRange.1",
                         *               "duration": {
                         *                 "OTIO_SCHEMA": "RationalTime.1",
                         *                 "rate": 24,
                         *                 "value": 1
                         *               },
                         *               "start_time": {
                         *                 "OTIO_SCHEMA": "RationalTime.1",
                         *                 "rate": 24,
                         *                 "value": 0
                         *               }
                         *             },
                         *             "comment": "Cut at 4 s (frame 96)."
                         *           },
                         *           {
                         *             "OTIO_SCHEMA": "Marker.2",
                         *             "metadata": {
                         *               "holdline": {
                         *                 "kind": "moment"
                         *               }
                         *             },
                         *             "name": "Moment 0:05 (hold 60)",
                         *             "color": "GREEN",
                         *             "marked_range": {
                         *               "OTIO_SCHEMA": "TimeRange.1",
                         *               "duration": {
                         *                 "OTIO_SCHEMA": "RationalTime.1",
                         *                 "rate": 24,
                         *                 "value": 24
                         *               },
                         *               "start_time": {
                         *                 "OTIO_SCHEMA": "RationalTime.1",
                         *                 "rate": 24,
                         *                 "value": 24
                         *               }
                         *             },
                         *             "comment": "Welcome back. Today we put free camera for"
                         *           },
                         *           {
                         *             "OTIO_SCHEMA": "Marker.2",
                         *             "metadata": {
                         *               "holdline": {
                         *                 "kind": "dip"
                         *               }
                         *             },
                         *             "name": "Dip 0:07–0:15: silence, no speech",
                         *             "color": "YELLOW",
                         *             "marked_range": {
                         *               "OTIO_SCHEMA": "TimeRange.1",
                         *               "duration": {
                         *                 "OTIO_SCHEMA": "RationalTime.1",
                         *                 "rate": 24,
                         *                 "value": 24
                         *               },
                         *               "start_time": {
                         *                 "OTIO_SCHEMA": "RationalTime.1",
                         *                 "rate": 24,
                         *                 "value": 72
                         *               }
                         *             },
                         *             "comment": "Cut or add sound under 0:07–0:15 (8 s): the sound is silent and nobody speaks."
                         *           }
                         *         ],
                         *         "enabled": true,
                         *         "color": null,
                         *         "children": [
                         *           {
                         *             "OTIO_SCHEMA": "Track.1",
                         *             "metadata": {},
                         *             "name": "V1",
                         *             "source_range": null,
                         *             "effects": [],
                         *             "markers": [],
                         *             "enabled": true,
                         *             "color": null,
                         *             "children": [
                         *               {
                         *                 "OTIO_SCHEMA": "Clip.2",
                         *                 "metadata": {},
                         *                 "name": "Kept 1",
                         *                 "source_range": {
                         *                   "OTIO_SCHEMA": "TimeRange.1",
                         *                   "duration": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 96
                         *                   },
                         *                   "start_time": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 96
                         *                   }
                         *                 },
                         *                 "effects": [],
                         *                 "markers": [],
                         *                 "enabled": true,
                         *                 "color": null,
                         *                 "media_references": {
                         *                   "DEFAULT_MEDIA": {
                         *                     "OTIO_SCHEMA": "ExternalReference.1",
                         *                     "metadata": {
                         *                       "holdline": {
                         *                         "width": 640,
                         *                         "height": 360
                         *                       }
                         *                     },
                         *                     "name": "Weak opening",
                         *                     "available_range": {
                         *                       "OTIO_SCHEMA": "TimeRange.1",
                         *                       "duration": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 720
                         *                       },
                         *                       "start_time": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 0
                         *                       }
                         *                     },
                         *                     "available_image_bounds": null,
                         *                     "target_url": "https://api.holdline.example/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *                   }
                         *                 },
                         *                 "active_media_reference_key": "DEFAULT_MEDIA"
                         *               },
                         *               {
                         *                 "OTIO_SCHEMA": "Clip.2",
                         *                 "metadata": {},
                         *                 "name": "Kept 2",
                         *                 "source_range": {
                         *                   "OTIO_SCHEMA": "TimeRange.1",
                         *                   "duration": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 96
                         *                   },
                         *                   "start_time": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 360
                         *                   }
                         *                 },
                         *                 "effects": [],
                         *                 "markers": [],
                         *                 "enabled": true,
                         *                 "color": null,
                         *                 "media_references": {
                         *                   "DEFAULT_MEDIA": {
                         *                     "OTIO_SCHEMA": "ExternalReference.1",
                         *                     "metadata": {
                         *                       "holdline": {
                         *                         "width": 640,
                         *                         "height": 360
                         *                       }
                         *                     },
                         *                     "name": "Weak opening",
                         *                     "available_range": {
                         *                       "OTIO_SCHEMA": "TimeRange.1",
                         *                       "duration": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 720
                         *                       },
                         *                       "start_time": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 0
                         *                       }
                         *                     },
                         *                     "available_image_bounds": null,
                         *                     "target_url": "https://api.holdline.example/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *                   }
                         *                 },
                         *                 "active_media_reference_key": "DEFAULT_MEDIA"
                         *               },
                         *               {
                         *                 "OTIO_SCHEMA": "Clip.2",
                         *                 "metadata": {},
                         *                 "name": "Kept 3",
                         *                 "source_range": {
                         *                   "OTIO_SCHEMA": "TimeRange.1",
                         *                   "duration": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 120
                         *                   },
                         *                   "start_time": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 600
                         *                   }
                         *                 },
                         *                 "effects": [],
                         *                 "markers": [],
                         *                 "enabled": true,
                         *                 "color": null,
                         *                 "media_references": {
                         *                   "DEFAULT_MEDIA": {
                         *                     "OTIO_SCHEMA": "ExternalReference.1",
                         *                     "metadata": {
                         *                       "holdline": {
                         *                         "width": 640,
                         *                         "height": 360
                         *                       }
                         *                     },
                         *                     "name": "Weak opening",
                         *                     "available_range": {
                         *                       "OTIO_SCHEMA": "TimeRange.1",
                         *                       "duration": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 720
                         *                       },
                         *                       "start_time": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 0
                         *                       }
                         *                     },
                         *                     "available_image_bounds": null,
                         *                     "target_url": "https://api.holdline.example/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *                   }
                         *                 },
                         *                 "active_media_reference_key": "DEFAULT_MEDIA"
                         *               }
                         *             ],
                         *             "kind": "Video"
                         *           },
                         *           {
                         *             "OTIO_SCHEMA": "Track.1",
                         *             "metadata": {},
                         *             "name": "A1",
                         *             "source_range": null,
                         *             "effects": [],
                         *             "markers": [],
                         *             "enabled": true,
                         *             "color": null,
                         *             "children": [
                         *               {
                         *                 "OTIO_SCHEMA": "Clip.2",
                         *                 "metadata": {},
                         *                 "name": "Kept 1",
                         *                 "source_range": {
                         *                   "OTIO_SCHEMA": "TimeRange.1",
                         *                   "duration": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 96
                         *                   },
                         *                   "start_time": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 96
                         *                   }
                         *                 },
                         *                 "effects": [],
                         *                 "markers": [],
                         *                 "enabled": true,
                         *                 "color": null,
                         *                 "media_references": {
                         *                   "DEFAULT_MEDIA": {
                         *                     "OTIO_SCHEMA": "ExternalReference.1",
                         *                     "metadata": {
                         *                       "holdline": {
                         *                         "width": 640,
                         *                         "height": 360
                         *                       }
                         *                     },
                         *                     "name": "Weak opening",
                         *                     "available_range": {
                         *                       "OTIO_SCHEMA": "TimeRange.1",
                         *                       "duration": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 720
                         *                       },
                         *                       "start_time": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 0
                         *                       }
                         *                     },
                         *                     "available_image_bounds": null,
                         *                     "target_url": "https://api.holdline.example/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *                   }
                         *                 },
                         *                 "active_media_reference_key": "DEFAULT_MEDIA"
                         *               },
                         *               {
                         *                 "OTIO_SCHEMA": "Clip.2",
                         *                 "metadata": {},
                         *                 "name": "Kept 2",
                         *                 "source_range": {
                         *                   "OTIO_SCHEMA": "TimeRange.1",
                         *                   "duration": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 96
                         *                   },
                         *                   "start_time": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 360
                         *                   }
                         *                 },
                         *                 "effects": [],
                         *                 "markers": [],
                         *                 "enabled": true,
                         *                 "color": null,
                         *                 "media_references": {
                         *                   "DEFAULT_MEDIA": {
                         *                     "OTIO_SCHEMA": "ExternalReference.1",
                         *                     "metadata": {
                         *                       "holdline": {
                         *                         "width": 640,
                         *                         "height": 360
                         *                       }
                         *                     },
                         *                     "name": "Weak opening",
                         *                     "available_range": {
                         *                       "OTIO_SCHEMA": "TimeRange.1",
                         *                       "duration": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 720
                         *                       },
                         *                       "start_time": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 0
                         *                       }
                         *                     },
                         *                     "available_image_bounds": null,
                         *                     "target_url": "https://api.holdline.example/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *                   }
                         *                 },
                         *                 "active_media_reference_key": "DEFAULT_MEDIA"
                         *               },
                         *               {
                         *                 "OTIO_SCHEMA": "Clip.2",
                         *                 "metadata": {},
                         *                 "name": "Kept 3",
                         *                 "source_range": {
                         *                   "OTIO_SCHEMA": "TimeRange.1",
                         *                   "duration": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 120
                         *                   },
                         *                   "start_time": {
                         *                     "OTIO_SCHEMA": "RationalTime.1",
                         *                     "rate": 24,
                         *                     "value": 600
                         *                   }
                         *                 },
                         *                 "effects": [],
                         *                 "markers": [],
                         *                 "enabled": true,
                         *                 "color": null,
                         *                 "media_references": {
                         *                   "DEFAULT_MEDIA": {
                         *                     "OTIO_SCHEMA": "ExternalReference.1",
                         *                     "metadata": {
                         *                       "holdline": {
                         *                         "width": 640,
                         *                         "height": 360
                         *                       }
                         *                     },
                         *                     "name": "Weak opening",
                         *                     "available_range": {
                         *                       "OTIO_SCHEMA": "TimeRange.1",
                         *                       "duration": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 720
                         *                       },
                         *                       "start_time": {
                         *                         "OTIO_SCHEMA": "RationalTime.1",
                         *                         "rate": 24,
                         *                         "value": 0
                         *                       }
                         *                     },
                         *                     "available_image_bounds": null,
                         *                     "target_url": "https://api.holdline.example/v1/scans/scn_6849516f8be73951ef711b13/media"
                         *                   }
                         *                 },
                         *                 "active_media_reference_key": "DEFAULT_MEDIA"
                         *               }
                         *             ],
                         *             "kind": "Audio"
                         *           }
                         *         ]
                         *       }
                         *     }
                         */
                        "application/json": components["schemas"]["OtioTimeline"];
                        /**
                         * @example <?xml version="1.0" encoding="UTF-8"?>
                         *     <!DOCTYPE fcpxml>
                         *     <fcpxml version="1.9">
                         *       <resources>
                         *         <format id="r1" frameDuration="1/24s" width="640" height="360"/>
                         *         <asset id="r2" name="Weak opening" start="0s" duration="30s" hasVideo="1" hasAudio="1" format="r1">
                         *           <media-…
                         */
                        "application/xml": string;
                        /**
                         * @example #,Name,Source In,Source Out,Record In,Record Out,Duration,Color,Notes,Keywords
                         *     1,Cut 1,00:00:04:00,00:00:04:01,00:00:00:00,00:00:00:01,00:00:00:01,Blue,Cut at 4 s (frame 96).,cut
                         *     2,Moment 0:05 (hold 60),00:00:05:00,00:00:06:00,00:00:01:00,00:00:02:00,00:00:01:00,Green,Welcome b…
                         */
                        "text/csv": string;
                    };
                };
                /** @description A missing or unknown `format`, a `record_start` that is not a timecode at the source's rate, or `record_start` with a format other than `edl` */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "unknown recut export format \"srt\"; use format=edl|otio|fcpxml|markers.csv"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No such recut for this key, or its scan was deleted */
                404: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description The recut is not complete */
                409: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                    /**
                     * @example {
                     *       "url": "https://hooks.example.com/holdline"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookTestRequest"];
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
                        /**
                         * @example {
                         *       "type": "webhook.test",
                         *       "webhook_id": "msg_test_8730d980-3261-4287-96bd-d0ef49b8ead9",
                         *       "url": "https://hooks.example.com/holdline",
                         *       "delivered": true,
                         *       "status": 204
                         *     }
                         */
                        "application/json": components["schemas"]["WebhookTestResult"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
    "/v1/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or change your website password with the key: `current_password` is required once the account has one. Signs out every website session of the account
         * @description Sets or changes the account's website password with the key. An account made by `npm run account:create` has none and sets its first with the key alone; once it has one, `current_password` is required. Every website session of the account is signed out (a key is not a session); the key keeps working.
         */
        put: {
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
                    /**
                     * @example {
                     *       "password": "a new long password",
                     *       "current_password": "a long first password"
                     *     }
                     */
                    "application/json": components["schemas"]["PasswordChange"];
                };
            };
            responses: {
                /** @description `{status: "set" | "changed", signed_out_sessions}` */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "status": "set",
                         *       "signed_out_sessions": 1
                         *     }
                         */
                        "application/json": components["schemas"]["PasswordChanged"];
                    };
                };
                /** @description A password outside the rule (8–200 characters), or `current_password` missing once the account has a password */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description The `current_password` is wrong; nothing was changed */
                403: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "current_password is not this account's password; nothing was changed"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Too many wrong current passwords (10 per 15 minutes) or changes (10 per hour) for this account, or the key's submissions per minute are spent */
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        post?: never;
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
         * Close your account, confirmed by its email and password (the key alone cannot close it): the key stops working at once; every scan, recut, chat call, key, session and counter is removed. 204 once done, 202 if it takes over 20 s
         * @description Closes the account. The body repeats its email (any case) as confirmation and, once the account has a password (every account made on the website does), the password as `password`: **the key alone cannot close an account**. Wrong passwords count against the same throttle as `PUT /v1/account/password` (10 per 15 minutes). The key answers 401 at once and website sessions end; then every scan, recut, chat call, key, session and counter is removed by a workflow that retries until done.
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
                    /**
                     * @example {
                     *       "email": "closing@holdline.example",
                     *       "password": "the closing password"
                     *     }
                     */
                    "application/json": components["schemas"]["CloseAccountRequest"];
                };
            };
            responses: {
                /** @description Closing: the key no longer works and the clean-up goes on */
                202: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ClosingAccount"];
                    };
                };
                /** @description Closed: nothing of the account is left */
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
                /** @description The body's email is missing or not the account's, `password` is missing once the account has one, or the body has a field this route does not take */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "this account has a password: send it as password to close the account (the key alone cannot close it)"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description The `password` is not the account's; the account is still open */
                403: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "password is not this account's password; the account is still open"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description Too many wrong passwords for this account (10 per 15 minutes), or the key's submissions per minute are spent */
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your media retention: days a scan's video is kept before it is removed (the read stays), and what is in force
         * @description How long this account's videos are kept: its own setting, the operator's default (`HOLDLINE_MEDIA_RETENTION_DAYS`) and what is in force. The hourly retention run removes older videos and keeps their reads, which then say `media_url: null`.
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
                /** @description The setting and what is in force */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "media_retention_days": null,
                         *       "include_published": false,
                         *       "operator_default_days": null,
                         *       "effective_days": null
                         *     }
                         */
                        "application/json": components["schemas"]["RetentionSetting"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        /**
         * Set your media retention: days (0 keeps videos for good, null follows the operator's default) and whether published scans' videos go too
         * @description Sets the days a video is kept (0 keeps videos for good; null follows the operator's default) and whether published scans' videos go too (`include_published`, false by default: they stay watchable).
         */
        put: {
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
                    /**
                     * @example {
                     *       "media_retention_days": 30,
                     *       "include_published": false
                     *     }
                     */
                    "application/json": components["schemas"]["RetentionUpdate"];
                };
            };
            responses: {
                /** @description The setting now in force */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "media_retention_days": 30,
                         *       "include_published": false,
                         *       "operator_default_days": null,
                         *       "effective_days": 30
                         *     }
                         */
                        "application/json": components["schemas"]["RetentionSetting"];
                    };
                };
                /** @description Days outside 0–3650, or an unknown field */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "body/media_retention_days must be >= 0"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All your scans as one tar stream: each scan as JSON, their videos with `media=1`, and manifest.json (last) with sizes and SHA-256
         * @description Every scan of the account as one tar stream, made entry by entry as it is read: `<scan_id>/scan.json` (the scan as served), its video with `media=1` (a video over the upload limit is left out and the manifest says why), and `manifest.json` last, with each file's size and SHA-256. One archive of an account is sent at a time, and with `media=1` the videos' size counts against the account's hourly allowance of archived video (`HOLDLINE_ARCHIVE_MEDIA_MIB_PER_HOUR`, 20 GiB by default).
         */
        get: {
            parameters: {
                query?: {
                    /** @description `1` adds each scan's stored video to the archive; left out or `0`: reads and manifest only. */
                    media?: "0" | "1";
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
                /** @description The archive (`application/x-tar`, `Content-Disposition: attachment`) */
                200: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /** @example a ustar archive of 5 entries: scn_6849516f8be73951ef711b13/scan.json, scn_a079afc5791d34d89095cac5/scan.json, manifest.json, scn_6849516f8be73951ef711b13/scan.json, scn_a079afc5791d34d89095cac5/scan.json */
                        "application/x-tar": string;
                    };
                };
                /** @description A `media` other than `0` or `1` */
                400: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        "x-ratelimit-limit": components["headers"]["x-ratelimit-limit"];
                        "x-ratelimit-remaining": components["headers"]["x-ratelimit-remaining"];
                        "x-ratelimit-reset": components["headers"]["x-ratelimit-reset"];
                        [name: string]: unknown;
                    };
                    content: {
                        /**
                         * @example {
                         *       "detail": "querystring/media must be equal to constant, querystring/media must be equal to constant, querystring/media must match a schema in anyOf"
                         *     }
                         */
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description No API key, or a key the service does not know (checked before the body is read) */
                401: {
                    headers: {
                        "x-request-id": components["headers"]["x-request-id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorDetail"];
                    };
                };
                /** @description The key's reads per minute are spent, another archive of the account is still being sent, or the videos are more than the hour's allowance left */
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                        "application/json": components["schemas"]["ErrorDetail"];
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
                    /**
                     * @description `msg_<scan_id>_<type>`: the same on every attempt of one event
                     * @example msg_scn_6849516f8be73951ef711b13_scan.completed
                     */
                    "webhook-id": string;
                    /**
                     * @description Unix seconds of this attempt
                     * @example 1773144000
                     */
                    "webhook-timestamp": string;
                    /**
                     * @description `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`
                     * @example v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=
                     */
                    "webhook-signature": string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ScanEndedEvent"];
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
    schemas: {
        /**
         * AccountUsage
         * @description Your plan and this month's use.
         */
        AccountUsage: {
            /** @description `signal` or `agents`. */
            plan: string;
            /** @description The calendar month (UTC) counted. */
            period: {
                /** @description The month's first instant, UTC (ISO 8601). */
                start: string;
                /** @description The next month's first instant, UTC. */
                end: string;
            };
            /** @description Chat calls accepted this month. */
            calls_this_month: number;
            /** @description Chat calls left this month (25 a month on every plan). */
            calls_left: number;
            /** @description Tokens used by this month's calls. */
            tokens_used: number;
            /** @description Scans accepted this month. */
            scans_this_month: number;
            /** @description Scans left this month (30 on Signal, 50 on Agents). */
            scans_left: number;
        };
        /**
         * ChatCompletion
         * @description An OpenAI `chat.completion` with Holdline's run report.
         */
        ChatCompletion: {
            /** @description The completion's id. */
            id: string;
            /**
             * @description `chat.completion`.
             * @enum {string}
             */
            object: "chat.completion";
            /** @description Unix seconds when the answer was made. */
            created: number;
            /** @description The model id asked for. */
            model: string;
            /** @description The one answer. */
            choices: {
                /** @description 0: one choice is made. */
                index: number;
                /** @description The answer as an assistant message. */
                message: {
                    /** @description `assistant`. */
                    role: string;
                    /** @description The answer. */
                    content: string;
                };
                /** @description Always null: no log probabilities are given. */
                logprobs?: null;
                /**
                 * @description `stop` when the answer is whole; `length` when it was cut at the token limit.
                 * @enum {string}
                 */
                finish_reason: "stop" | "length";
            }[];
            usage: components["schemas"]["TokenUsage"];
            holdline: components["schemas"]["Run"];
        };
        /**
         * ChatCompletionRequest
         * @description An OpenAI chat completion request: `model`, `messages`, optional `stream`, `stream_options.include_usage`, `max_tokens`.
         */
        ChatCompletionRequest: {
            model: string;
            messages: {
                role: string;
                content?: unknown;
            }[];
            stream?: boolean;
        };
        /** CloseAccountRequest */
        CloseAccountRequest: {
            /** @description The account's email, to confirm the closure. */
            email: string;
            /** @description The account's password. Required once the account has one (every account made on the website does): the key alone cannot close an account. Wrong ones count against the same throttle as `PUT /v1/account/password`. */
            password?: string;
        };
        /**
         * ClosingAccount
         * @description The account is closing: its key no longer works and the clean-up goes on.
         */
        ClosingAccount: {
            /** @description The account being closed. */
            account_id: string;
            /**
             * @description The key no longer works; the clean-up goes on.
             * @enum {string}
             */
            status: "closing";
        };
        /**
         * CompleteScan
         * @description A `complete` scan: the whole read, `pct` 100.
         */
        CompleteScan: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /**
             * @description The read is done: every field below is there.
             * @enum {string}
             */
            status: "complete";
            /**
             * @description Always 100.
             * @enum {number}
             */
            pct: 100;
            /** @description The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither. */
            title: string | null;
            /**
             * Format: date-time
             * @description When the scan was accepted.
             */
            created_at: string;
            /** @description The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape. */
            source_name?: string | null;
            /** @description The video's length in seconds, as probed. */
            duration_sec: number;
            /** @description Overall score, 0 to 100, from measures that mean the same in every file (the share of live seconds, speech, its pace, cutting, motion, loudness; see `method`), so scores compare across videos. */
            score: number;
            /** @description The letter of the score: A+ from 97, A 93, A- 90, B+ 87, B 83, B- 80, C+ 77, C 73, C- 70, D+ 67, D 63, D- 60, F below (ASCII hyphen). */
            grade: string;
            /** @description The grade's letter in a word: A Gripping, B Engaging, C Steady, D Sluggish, F Flat. */
            label: string;
            /** @description The mean reported hold over the first 3 seconds (fewer if the file is shorter), 0 to 100, one decimal. */
            hook: number;
            /** @description One entry per second, t = 0 to N-1 with N = ceil(duration_sec). */
            timeline: components["schemas"]["TimelineEntry"][];
            /** @description Cut times in seconds, decimal, each refined to the frame where the picture changes (see cut_frames); at least 0.75 s apart. Fades and dissolves are not cuts. */
            cuts: number[];
            /** @description Dead stretches: every run of 2 or more seconds whose hold is below the floor of 30, in time order. */
            dead: components["schemas"]["DeadStretch"][];
            /** @description Peaks of hold, highest first at least 10 s apart, at most 3 (5 for files over 180 s), listed in time order. */
            moments: components["schemas"]["Moment"][];
            /** @description Transcript sentences with a check-worthy cue: a quantity, an evidence word ("studies show"), an absolute or superlative, a comparative, a causal or predictive verb. Flagged for checking, not judged true or false; empty when the speech is not English. */
            claims: string[];
            /** @description What was said, in time order; only words heard inside a voice count. */
            transcript: components["schemas"]["TranscriptSegment"][];
            /** @description One paragraph in plain words: the average hold, the strongest second, the dead stretches, the number of cuts and the hook. */
            summary: string;
            /** @description How this read was computed, every definition in plain words, in short paragraphs separated by blank lines; then the engine that heard the words. The series are proxies computed from the file, not a measurement of any viewer. */
            method: string;
            /** @description The speech-to-text engine that heard the words, e.g. `pocketsphinx 5prealpha en-us`; several, comma-separated, when a server failed on some chunks; null when the file has no sound. Beside the spec's fields. */
            transcriber?: string | null;
            /** @description The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields. */
            language?: string | null;
            /** @description EBU R128 loudness, beside the spec's fields; null when the file has no sound. */
            loudness_lufs?: components["schemas"]["LoudnessReport"] | null;
            /** @description Colour bars, black frames and still title cards or slates, with their spans, in time order, beside the spec's fields; empty when there are none, absent on reads made before they existed. A cue nobody speaks over is a dip of its own and is left out of recuts. */
            technical_cues?: components["schemas"]["TechnicalCue"][];
            /** @description Why attention is likely to drop, beside the spec's fields: each technical cue nobody speaks over (its kind first among the causes, advised to be cut), each dead stretch and each fall of hold by 15 points within 3 s, with its causes and one sentence of advice. */
            dips?: components["schemas"]["Dip"][];
            hook_report?: components["schemas"]["HookReport"];
            /** @description The video stream's average frame rate as probed, beside the spec's fields; null when unknown. The EDL counts frames at it. */
            frame_rate?: number | null;
            /** @description Whether the video's frames come at an uneven rate (the gaps between its first packets' timestamps differ), beside the spec's fields. Then each cut's time is its frame's own timestamp and cut_frames counts at the average rate. */
            frame_rate_variable?: boolean;
            /** @description The frame index at the source's frame rate of each cut, parallel to cuts (whose seconds are the refined times), beside the spec's fields; absent when the frame rate is unknown. */
            cut_frames?: number[];
            /** @description The video's displayed width in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it. The fcpxml export's format carries it. */
            width?: number;
            /** @description The video's displayed height in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it. */
            height?: number;
            /** @description Where the video is served; null once the retention setting removed it (the read is kept). */
            media_url: string | null;
        };
        /**
         * DeadStretch
         * @description A run of 2 or more seconds whose hold is below the floor of 30.
         */
        DeadStretch: {
            /** @description The first second of the stretch. */
            start: number;
            /** @description The second after its last (exclusive); at most the duration. */
            end: number;
        };
        /**
         * DeletingScan
         * @description A deletion still going on after 20 s.
         */
        DeletingScan: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /**
             * @description Hidden from every read already; the rest of the deletion goes on.
             * @enum {string}
             */
            status: "deleting";
        };
        /**
         * Dip
         * @description A stretch where attention is likely to drop: a dead stretch, or a fall of hold by 15 points within 3 s.
         */
        Dip: {
            /** @description The first second of the dip. */
            start: number;
            /** @description Exclusive, seconds. */
            end: number;
            /** @description Why attention is likely to drop there, read from the series over the dip, in this order. */
            causes: components["schemas"]["DipCause"][];
            /** @description One sentence naming the span and every cause, and what to do: cut, add sound under, tighten or talk over, close the pause, add movement or a cutaway, lift the sound, add a cut, cut faster. */
            advice: string;
        };
        /**
         * DipCause
         * @description still_picture: little motion; silence: little sound; loudness_drop: the sound falls against the 3 s before; no_speech: no word starts in it; long_pause: a long pause between words; long_shot: one long shot covers it; slow_cutting: its shot is longer than the file's median shot.
         * @enum {string}
         */
        DipCause: "colour_bars" | "black_frames" | "slate" | "still_picture" | "silence" | "loudness_drop" | "no_speech" | "long_pause" | "long_shot" | "slow_cutting";
        /**
         * DipFigures
         * @description A read's dips summed up.
         */
        DipFigures: {
            /** @description How many dips. */
            count: number;
            /** @description Total length of the dips, seconds. */
            seconds: number;
            /** @description How many dips name each cause; a cause no dip names is absent. */
            causes: {
                /** @description Dips over colour bars. */
                colour_bars?: number;
                /** @description Dips over black frames. */
                black_frames?: number;
                /** @description Dips over a slate or title card. */
                slate?: number;
                /** @description Dips with a still picture. */
                still_picture?: number;
                /** @description Dips with silence. */
                silence?: number;
                /** @description Dips with a loudness drop. */
                loudness_drop?: number;
                /** @description Dips without speech. */
                no_speech?: number;
                /** @description Dips with a long pause. */
                long_pause?: number;
                /** @description Dips inside a long shot. */
                long_shot?: number;
                /** @description Dips with slow cutting. */
                slow_cutting?: number;
            };
        };
        /**
         * ErrorDetail
         * @description An error of the signal interface.
         */
        ErrorDetail: {
            /** @description What went wrong, in a sentence that names the field or limit when there is one. */
            detail: string;
        };
        /**
         * ErrorScan
         * @description A scan that ended in `error`: why, and the progress it reached.
         */
        ErrorScan: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /**
             * @description The scan ended without a read; `detail` says why.
             * @enum {string}
             */
            status: "error";
            /** @description Progress, 0 to 100: queued 0, ingest 5, probe 10, decode and transcription up to 90, assembly 95, complete 100. A scan in error keeps the figure it reached. */
            pct: number;
            /** @description Why the scan ended: the problem with the media or the limit it broke, or `cancelled`. */
            detail: string;
            /** @description The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither. */
            title: string | null;
            /**
             * Format: date-time
             * @description When the scan was accepted.
             */
            created_at: string;
            /** @description The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape. */
            source_name?: string | null;
        };
        /**
         * HookPart
         * @description motion or sound: its mean scaled value over the first 3 s is high enough; words: a counted word starts there.
         * @enum {string}
         */
        HookPart: "motion" | "sound" | "words";
        /**
         * HookReport
         * @description The hook with its scale, what carried the first 3 s and the strongest 3-second window, beside the spec's fields.
         */
        HookReport: {
            /** @description The hook, as `hook`. */
            value: number;
            /** @description How to read the value, in words. */
            scale: string;
            /** @description Percent of this file's seconds whose hold is below the hook. */
            file_percentile: number;
            /** @description Percent of published scans' hooks below this one, placed when the read is served; null while 20 or fewer scans are published. */
            library_percentile: number | null;
            /** @description What carried the first 3 s. */
            carried: components["schemas"]["HookPart"][];
            /** @description What was missing from the first 3 s. */
            missing: components["schemas"]["HookPart"][];
            /** @description The 3-second window with the highest mean hold (the earliest on a tie): a suggested opening. */
            best_opening: {
                /** @description Its first second. */
                start: number;
                /** @description The second after its last (exclusive). */
                end: number;
                /** @description Its mean reported hold. */
                hold: number;
            };
            /** @description One sentence: open with the strongest window, or what to add to the first 3 s. */
            advice: string;
        };
        /**
         * InFlightScan
         * @description A scan while `queued` or `processing`: where it stands, no read yet.
         */
        InFlightScan: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /**
             * @description `queued` until a worker takes it, then `processing`.
             * @enum {string}
             */
            status: "queued" | "processing";
            /** @description Progress, 0 to 100: queued 0, ingest 5, probe 10, decode and transcription up to 90, assembly 95, complete 100. A scan in error keeps the figure it reached. */
            pct: number;
            stage: components["schemas"]["ScanStage"];
            /** @description The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither. */
            title: string | null;
            /**
             * Format: date-time
             * @description When the scan was accepted.
             */
            created_at: string;
            /** @description The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape. */
            source_name?: string | null;
        };
        /**
         * Library
         * @description One page of the public library, newest first.
         */
        Library: {
            /** @description This page's entries, newest first. */
            data: components["schemas"]["LibraryEntry"][];
            /** @description The page size asked for (default 20, at most 100). */
            limit: number;
            /** @description Entries skipped before this page. */
            offset: number;
            /** @description Entries in the whole list. */
            total: number;
            /** @description Whether entries follow this page. */
            has_more: boolean;
        };
        /**
         * LibraryEntry
         * @description One published scan.
         */
        LibraryEntry: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /** @description The title it is listed under. */
            title: string;
            /** @description When it was published (ISO 8601). */
            published_at: string;
            /** @description The score, 0 to 100. */
            score: number;
            /** @description The letter grade. */
            grade: string;
            /** @description The grade's letter in a word. */
            label: string;
            /** @description The video's length, seconds. */
            duration_sec: number;
            /** @description Its public page. */
            url: string;
        };
        /** Liveness */
        Liveness: {
            /** @description Always true: the API process answers. */
            ok: boolean;
        };
        /**
         * LoudnessReport
         * @description The first audio stream's loudness as EBU R128 measures it (ffmpeg's ebur128 filter).
         */
        LoudnessReport: {
            /** @description Integrated loudness, LUFS (gated); null when the sound never rises above -70 LUFS. */
            integrated_lufs: number | null;
            /** @description Loudness range, LU. */
            range_lu: number;
            /** @description True peak, dBTP (4x oversampled); null when every sample is 0. */
            true_peak_dbtp: number | null;
            /** @description Short-term loudness (3 s window ending at t+1) per second t; null below -70 LUFS. */
            short_term_lufs: (number | null)[];
            /** @description The file against the targets of streaming platforms, podcasts and broadcast. */
            targets: components["schemas"]["LoudnessTarget"][];
        };
        /**
         * LoudnessTarget
         * @description The file's loudness against one platform's target.
         */
        LoudnessTarget: {
            /** @description A stable key: `streaming`, `podcast` or `broadcast`. */
            id: string;
            /** @description Who normalises to it, in plain words. */
            name: string;
            /** @description The integrated loudness the platform normalises to, LUFS. */
            target_lufs: number;
            /** @description The highest true peak the platform recommends, dBTP. */
            max_true_peak_dbtp: number;
            /** @description Integrated loudness minus the target, LU (positive: louder). */
            difference_lu: number;
            /**
             * @description `on_target` within 1 LU of the target; `louder` above it (the platform turns the file down); `quieter` below it.
             * @enum {string}
             */
            verdict: "on_target" | "louder" | "quieter";
            /** @description Whether the true peak is above max_true_peak_dbtp. */
            true_peak_over: boolean;
        };
        /**
         * Model
         * @description One model of the agent interface.
         */
        Model: {
            /** @description The id to pass as `model`. */
            id: string;
            /**
             * @description `model`.
             * @enum {string}
             */
            object: "model";
            /** @description Unix seconds: the day the interface opened. */
            created: number;
            /** @description `holdline`. */
            owned_by: string;
            /** @description The open-weight base model the id runs on. */
            base_model: string;
            /** @description Whether the model server behind this model answers now (false when none is configured or it is down). */
            available: boolean;
            /** @description What the embedded demonstration model can and cannot do; only on it. */
            description?: string;
        };
        /**
         * ModelList
         * @description The models, in OpenAI's list shape.
         */
        ModelList: {
            /**
             * @description `list`.
             * @enum {string}
             */
            object: "list";
            /** @description `holdline` first, then the ids the operator configured. */
            data: components["schemas"]["Model"][];
        };
        /**
         * Moment
         * @description A peak of hold: a local maximum of at least 30 and at least the median, outside dead stretches.
         */
        Moment: {
            /** @description The second of the peak. */
            second: number;
            /** @description What the moment is: `peak`. */
            label: string;
            /** @description The reported hold at that second. */
            hold: number;
            /** @description The words spoken starting from 1 s before to 2 s after the second, at most 15; empty when none. */
            quote: string;
        };
        /**
         * OpenAIError
         * @description An error of the model interface, in OpenAI's shape.
         */
        OpenAIError: {
            /** @description The error. */
            error: {
                /** @description What went wrong, in a sentence. */
                message: string;
                /** @description OpenAI's error type: `invalid_request_error`, `authentication_error`, `rate_limit_error`, `server_error` … */
                type: string;
                /** @description The request field at fault (`messages`, `model`, …); null when none is. */
                param: string | null;
                /** @description A stable code: `quota_exceeded`, `rate_limit`, `request_too_large`, `upstream_unavailable`, `model_unavailable`, …; null when none applies. */
                code: string | null;
            };
        };
        /**
         * OtioTimeline
         * @description An OpenTimelineIO `Timeline.1` document: a video and an audio track of the kept clips, the markers on the stack.
         */
        OtioTimeline: Record<string, never>;
        /** PasswordChange */
        PasswordChange: {
            /** @description The new password: 8 to 200 characters (sign-up's rule). */
            password: string;
            /** @description The account's password now. Required once the account has one; an account made by `npm run account:create` sets its first with the key alone. */
            current_password?: string;
        };
        /**
         * PasswordChanged
         * @description The website password was set or changed.
         */
        PasswordChanged: {
            /**
             * @description `set`: the account had no password before; `changed`: it replaced one.
             * @enum {string}
             */
            status: "set" | "changed";
            /** @description Website sessions of the account signed out by the change (all of them: a key is not a session). */
            signed_out_sessions: number;
        };
        /**
         * Published
         * @description A scan now in the public library.
         */
        Published: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /** @description The title it is listed under. */
            title: string;
            /** @description When it was published (ISO 8601). */
            published_at: string;
            /** @description Its public page. */
            url: string;
        };
        /** PublishRequest */
        PublishRequest: {
            title?: string;
        };
        /**
         * QueuedRecut
         * @description A recut accepted and queued.
         */
        QueuedRecut: {
            /** @description The recut's id: `rct_` and 24 hex digits; poll `GET /v1/recuts/{id}` with it. */
            recut_id: string;
            /** @description `queued`. */
            status: string;
            /** @description The scan being recut. */
            parent_scan_id: string;
        };
        /**
         * QueuedScan
         * @description A scan accepted and queued.
         */
        QueuedScan: {
            /** @description The new scan's id: `scn_` and 24 hex digits; poll `GET /v1/scans/{id}` with it. */
            scan_id: string;
            /** @description `queued`. */
            status: string;
            /** @description 0. */
            pct: number;
        };
        /**
         * Readiness
         * @description What the API depends on, and whether it answers.
         */
        Readiness: {
            /**
             * @description MongoDB answers.
             * @enum {string}
             */
            mongodb: "ok";
            /**
             * @description Temporal answers.
             * @enum {string}
             */
            temporal: "ok";
            /**
             * @description The model server behind /v1/chat/completions, from a check cached for seconds.
             * @enum {string}
             */
            model: "available" | "unavailable" | "not configured";
            /** @description Why the model is unavailable when the service knows (the embedded model server could not start), with the variable that fixes it. */
            model_detail?: string;
        };
        /**
         * Recut
         * @description A recut in any state: `{recut_id, status, pct, stage}` in flight, the cut and both reads' figures when complete, `{recut_id, status, detail}` in error.
         */
        Recut: {
            /** @description The recut's id: `rct_` and 24 hex digits. */
            recut_id: string;
            /** @description `queued`, `processing`, `complete` or `error`. */
            status: string;
            /** @description Progress, 0 to 100 (in flight only). */
            pct?: number;
            /** @description In flight: `queued`, `propose` (the agent plans the cut), `render` (the cut is rendered), `rescan` (the cut is scanned). */
            stage?: string;
            /** @description Why the recut failed (error only). */
            detail?: string;
            /** @description The scan that was recut (complete only). */
            parent_scan_id?: string;
            /** @description The scan of the rendered cut (complete only): read it like any scan. */
            scan_id?: string;
            /** @description The parts of the source kept, in order, laid end to end. */
            segments?: {
                /** @description Where the kept part starts in the source, seconds. */
                start: number;
                /** @description Where it ends, seconds (exclusive). */
                end: number;
            }[];
            /** @description Why this cut, in the proposer's words. */
            rationale?: string;
            /**
             * @description `model` when the agent proposed the cut; `rules` when the model server failed and the rules did.
             * @enum {string}
             */
            proposed_by?: "model" | "rules";
            /** @description The base model that proposed the cut; null when the rules did. */
            base_model?: string | null;
            before?: components["schemas"]["RecutFigures"];
            after?: components["schemas"]["RecutFigures"];
            /** @description The goal asked for; null when none was given. */
            goal?: string | null;
            /** @description The longest length asked for, seconds; null when none was given. */
            max_seconds?: number | null;
            /** @description When the recut was asked for (ISO 8601). */
            created_at?: string;
        };
        /**
         * RecutFigures
         * @description The figures of one read: `before` is the scan's, `after` the rendered cut's.
         */
        RecutFigures: {
            /** @description The read's score. */
            score: number;
            /** @description The read's grade. */
            grade: string;
            /** @description The read's hook. */
            hook: number;
            /** @description Seconds inside dead stretches. */
            dead_seconds: number;
            /** @description The video's length, seconds. */
            duration_sec: number;
            /** @description Mean reported hold over the seconds, one decimal. */
            average_hold: number;
            /** @description The dips of the read (beside the spec's fields); null for a read made before dips existed. */
            dips?: components["schemas"]["DipFigures"] | null;
        };
        /**
         * RecutList
         * @description The recuts of one scan.
         */
        RecutList: {
            /** @description The scan. */
            parent_scan_id: string;
            /** @description Its recuts, newest first. */
            data: components["schemas"]["Recut"][];
        };
        /** RecutRequest */
        RecutRequest: {
            goal?: string;
            max_seconds?: number;
        };
        /**
         * RetentionSetting
         * @description How long this account's videos are kept.
         */
        RetentionSetting: {
            /** @description Days a scan's video is kept before the hourly retention run removes it (the read stays); 0 keeps videos for good; null follows the operator's default. */
            media_retention_days: number | null;
            /** @description Whether published scans' videos are removed too (default false: they stay watchable). */
            include_published: boolean;
            /** @description The operator's default (`HOLDLINE_MEDIA_RETENTION_DAYS`); null: off. */
            operator_default_days: number | null;
            /** @description The retention in force for this account; null: videos are kept for good. */
            effective_days: number | null;
        };
        /** RetentionUpdate */
        RetentionUpdate: {
            /** @description Days (0 to 3650; 0 keeps videos for good), or null for the operator's default. */
            media_retention_days: number | null;
            /** @description Remove published scans' videos too; left out: false. */
            include_published?: boolean;
        };
        /**
         * Run
         * @description How the call ran (the `holdline` object beside OpenAI's fields).
         */
        Run: {
            /** @description The call's id: `call_` and 24 hex digits. */
            call_id: string;
            /** @description The open-weight base model the call ran on. */
            base_model: string;
            /** @description Model steps the agents took (at most 15). */
            steps: number;
            /** @description The tools the agents ran, in the order first used (`write_file`, `run`, `fetch`, …). */
            tools_used: string[];
            /**
             * @description `done` when the agents finished; `step_limit` or `time_limit` when a limit stopped them (15 steps, 15 minutes); `cancelled` when the client went away; `upstream_error` when the model server failed.
             * @enum {string}
             */
            stopped: "done" | "step_limit" | "time_limit" | "cancelled" | "upstream_error";
        };
        /**
         * Scan
         * @description A scan in any state: `{scan_id, status, pct, stage}` in flight, the whole read when complete, `{scan_id, status, pct, detail}` in error; the identity fields in all.
         */
        Scan: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /** @description `queued`, `processing`, `complete` or `error`; only a complete scan carries the read. */
            status: string;
            /** @description Progress, 0 to 100: queued 0, ingest 5, probe 10, decode and transcription up to 90, assembly 95, complete 100. A scan in error keeps the figure it reached. */
            pct: number;
            stage?: components["schemas"]["ScanStage"];
            /** @description Why the scan ended in `error` (error only): the problem with the media or the limit it broke, or `cancelled`. */
            detail?: string;
            /** @description The title given at submission; without one, the source's file name (`source_name`) without its extension; null when there is neither. */
            title: string | null;
            /**
             * Format: date-time
             * @description When the scan was accepted.
             */
            created_at: string;
            /** @description The name of the file the scan was made from: the upload's file name, or the last segment of the video URL's path when it names a video file (`talk.mp4`); base name only, controls removed, at most 255 characters; null when there is none. The timeline exports name the media with it and the media download is named by it. Beside the spec's fields; in every scan shape. */
            source_name?: string | null;
            /** @description The video's length in seconds, as probed. */
            duration_sec?: number;
            /** @description Overall score, 0 to 100, from measures that mean the same in every file (the share of live seconds, speech, its pace, cutting, motion, loudness; see `method`), so scores compare across videos. */
            score?: number;
            /** @description The letter of the score: A+ from 97, A 93, A- 90, B+ 87, B 83, B- 80, C+ 77, C 73, C- 70, D+ 67, D 63, D- 60, F below (ASCII hyphen). */
            grade?: string;
            /** @description The grade's letter in a word: A Gripping, B Engaging, C Steady, D Sluggish, F Flat. */
            label?: string;
            /** @description The mean reported hold over the first 3 seconds (fewer if the file is shorter), 0 to 100, one decimal. */
            hook?: number;
            /** @description One entry per second, t = 0 to N-1 with N = ceil(duration_sec). */
            timeline?: components["schemas"]["TimelineEntry"][];
            /** @description Cut times in seconds, decimal, each refined to the frame where the picture changes (see cut_frames); at least 0.75 s apart. Fades and dissolves are not cuts. */
            cuts?: number[];
            /** @description Dead stretches: every run of 2 or more seconds whose hold is below the floor of 30, in time order. */
            dead?: components["schemas"]["DeadStretch"][];
            /** @description Peaks of hold, highest first at least 10 s apart, at most 3 (5 for files over 180 s), listed in time order. */
            moments?: components["schemas"]["Moment"][];
            /** @description Transcript sentences with a check-worthy cue: a quantity, an evidence word ("studies show"), an absolute or superlative, a comparative, a causal or predictive verb. Flagged for checking, not judged true or false; empty when the speech is not English. */
            claims?: string[];
            /** @description What was said, in time order; only words heard inside a voice count. */
            transcript?: components["schemas"]["TranscriptSegment"][];
            /** @description One paragraph in plain words: the average hold, the strongest second, the dead stretches, the number of cuts and the hook. */
            summary?: string;
            /** @description How this read was computed, every definition in plain words, in short paragraphs separated by blank lines; then the engine that heard the words. The series are proxies computed from the file, not a measurement of any viewer. */
            method?: string;
            /** @description The speech-to-text engine that heard the words, e.g. `pocketsphinx 5prealpha en-us`; several, comma-separated, when a server failed on some chunks; null when the file has no sound. Beside the spec's fields. */
            transcriber?: string | null;
            /** @description The spoken language, ISO 639-1 (null when no words were heard). Beside the spec's fields. */
            language?: string | null;
            /** @description EBU R128 loudness, beside the spec's fields; null when the file has no sound. */
            loudness_lufs?: components["schemas"]["LoudnessReport"] | null;
            /** @description Colour bars, black frames and still title cards or slates, with their spans, in time order, beside the spec's fields; empty when there are none, absent on reads made before they existed. A cue nobody speaks over is a dip of its own and is left out of recuts. */
            technical_cues?: components["schemas"]["TechnicalCue"][];
            /** @description Why attention is likely to drop, beside the spec's fields: each technical cue nobody speaks over (its kind first among the causes, advised to be cut), each dead stretch and each fall of hold by 15 points within 3 s, with its causes and one sentence of advice. */
            dips?: components["schemas"]["Dip"][];
            hook_report?: components["schemas"]["HookReport"];
            /** @description The video stream's average frame rate as probed, beside the spec's fields; null when unknown. The EDL counts frames at it. */
            frame_rate?: number | null;
            /** @description Whether the video's frames come at an uneven rate (the gaps between its first packets' timestamps differ), beside the spec's fields. Then each cut's time is its frame's own timestamp and cut_frames counts at the average rate. */
            frame_rate_variable?: boolean;
            /** @description The frame index at the source's frame rate of each cut, parallel to cuts (whose seconds are the refined times), beside the spec's fields; absent when the frame rate is unknown. */
            cut_frames?: number[];
            /** @description The video's displayed width in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it. The fcpxml export's format carries it. */
            width?: number;
            /** @description The video's displayed height in pixels as probed (rotation applied), beside the spec's fields; absent on reads made before it. */
            height?: number;
            /** @description Where the video is served; null once the retention setting removed it (the read is kept). */
            media_url?: string | null;
        };
        /**
         * ScanEndedEvent
         * @description What a `webhook_url` receives when its scan ends.
         */
        ScanEndedEvent: {
            /**
             * @description `scan.completed` when the scan is complete, `scan.failed` when it ended in error.
             * @enum {string}
             */
            type: "scan.completed" | "scan.failed";
            /**
             * Format: date-time
             * @description When the scan ended; the same on every attempt.
             */
            timestamp: string;
            /** @description The scan as it ended; read the whole of it with `GET /v1/scans/{id}`. */
            data: {
                /** @description The scan's id: `scn_` and 24 hex digits. */
                scan_id: string;
                /**
                 * @description The scan's status now.
                 * @enum {string}
                 */
                status: "complete" | "error";
                /** @description scan.completed only */
                score?: number;
                /** @description scan.completed only */
                grade?: string;
                /** @description scan.failed only */
                detail?: string;
            };
        };
        /**
         * ScanExportJson
         * @description `format=json`: the scan as `GET /v1/scans/{id}` serves it; `format=otio`: an OpenTimelineIO timeline.
         */
        ScanExportJson: components["schemas"]["Scan"] | components["schemas"]["OtioTimeline"];
        /**
         * ScanHistory
         * @description One page of your scans, newest first.
         */
        ScanHistory: {
            /** @description This page's entries, newest first. */
            data: components["schemas"]["ScanHistoryEntry"][];
            /** @description The page size asked for (default 20, at most 100). */
            limit: number;
            /** @description Entries skipped before this page. */
            offset: number;
            /** @description Entries in the whole list. */
            total: number;
            /** @description Whether entries follow this page. */
            has_more: boolean;
            /** @description Pass as `starting_after` for the next page; null on the last page. `total` and `offset` count the whole history, whatever the filter. */
            next_cursor: string | null;
        };
        /**
         * ScanHistoryEntry
         * @description One scan in the history; the figures once it is complete.
         */
        ScanHistoryEntry: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /** @description `queued`, `processing`, `complete` or `error`. */
            status: string;
            /** @description Progress, 0 to 100. */
            pct: number;
            /** @description The scan's title; null when it has none. */
            title: string | null;
            /** @description When the scan was accepted (ISO 8601). */
            created_at: string;
            /** @description The video's length in seconds (complete only). */
            duration_sec?: number;
            /** @description The score, 0 to 100 (complete only). */
            score?: number;
            /** @description The letter grade of the score (complete only). */
            grade?: string;
            /** @description The grade's letter in a word (complete only). */
            label?: string;
        };
        /**
         * ScanStage
         * @description queued; ingest (fetching or storing the video); probe (checking it); decode (measuring and transcribing); assembly (writing the read).
         * @enum {string}
         */
        ScanStage: "queued" | "ingest" | "probe" | "decode" | "assembly";
        /** ScanSubmission */
        ScanSubmission: {
            input: {
                /** @enum {string} */
                type: "url";
                url: string;
            };
            title?: string;
            /** @description Public http(s) URL that gets a signed POST (Standard Webhooks) when the scan completes or fails. */
            webhook_url?: string;
        };
        /** ScanUpload */
        ScanUpload: {
            /**
             * Format: binary
             * @description the video (one part named "file"; at most the upload limit)
             */
            file: string;
            title?: string;
            /** @description Public http(s) URL that gets a signed POST (Standard Webhooks) when the scan completes or fails. */
            webhook_url?: string;
        };
        /**
         * Signal
         * @description One series of the read.
         */
        Signal: {
            /** @description `hold`, `motion`, `loudness` or `speech`: the key of the series in `timeline[].scores`. */
            name: string;
            /** @description What the series measures, in a line. */
            reads: string;
            /** @description What in the video makes it rise. */
            rises_when: string;
            /** @description What makes it fall. */
            falls_when: string;
            /** @description Its exact definition, as the method text states it. */
            method: string;
        };
        /**
         * SignalScores
         * @description The four series at one second.
         */
        SignalScores: {
            /** @description Reported hold, 0 to 100: the centred 3-second mean of 0.45 x motion + 0.25 x loudness + 0.20 x speech, plus 10 on a second with a cut; one decimal. A proxy computed from the file, not a measurement of viewers. */
            hold: number;
            /** @description How much the picture changes: the mean absolute frame difference at 4 frames per second on 96x54 grey frames (cut samples left out), 0 to 100, where 100 is this file's 95th percentile (higher values are capped at 100); all 0 when that percentile is under 0.5 grey levels. */
            motion: number;
            /** @description How loud the sound is: the RMS of the 16 kHz mono audio in this second, 0 to 100, where 100 is this file's 95th percentile (higher values are capped at 100); all 0 when that percentile is under -50 dBFS. */
            loudness: number;
            /** @description How densely someone speaks: the words heard inside a voice (fillers removed) whose middle falls in this second, 0 to 100, where 100 is this file's 95th percentile (higher values are capped at 100); all 0 with fewer than 3 words in the file. */
            speech: number;
        };
        /**
         * SignalsReference
         * @description What each series reads and how the read is computed.
         */
        SignalsReference: {
            /** @description The version of these definitions: `v1`. */
            version: string;
            /** @description Hold below this is dead: 30. */
            floor: number;
            /** @description Seconds in a row under the floor that make a dead stretch: 2. */
            dead_min_seconds: number;
            /** @description How every series is scaled, in words. */
            scale: string;
            /** @description The four series: hold, motion, loudness, speech. */
            signals: components["schemas"]["Signal"][];
            /** @description The method text every complete scan carries, without a scan's own last sentences (its engine, uncut frames). */
            method: string;
        };
        /**
         * TechnicalCue
         * @description A span that is not content: test bars, black, or a slate.
         */
        TechnicalCue: {
            /**
             * @description colour_bars (SMPTE or EBU test bars), black_frames (a picture near black) or slate (a still title card or slate between parts, over silence or a steady tone).
             * @enum {string}
             */
            kind: "colour_bars" | "black_frames" | "slate";
            /** @description Seconds; at a cut, its time (to the frame where the cut is refined). */
            start: number;
            /** @description Exclusive, seconds; no later than duration_sec. */
            end: number;
        };
        /**
         * TimelineEntry
         * @description One second of the read.
         */
        TimelineEntry: {
            /** @description The second t, from 0; the entry covers [t, t+1). */
            second: number;
            scores: components["schemas"]["SignalScores"];
        };
        /**
         * TokenUsage
         * @description Tokens of the call, over all its steps.
         */
        TokenUsage: {
            /** @description Tokens the model read, over every step of the call. */
            prompt_tokens: number;
            /** @description Tokens the model wrote, over every step. */
            completion_tokens: number;
            /** @description The two added. */
            total_tokens: number;
        };
        /**
         * TranscriptSegment
         * @description Words heard inside a voice, split at pauses of 0.5 s or more or after 25 words.
         */
        TranscriptSegment: {
            /** @description When its first word starts, seconds. */
            start: number;
            /** @description When its last word ends, seconds. */
            end: number;
            /** @description The words, as heard. */
            text: string;
        };
        /**
         * Unpublished
         * @description The scan is out of the library.
         */
        Unpublished: {
            /** @description The scan's id: `scn_` and 24 hex digits. */
            scan_id: string;
            /**
             * @description false: the scan is out of the library.
             * @enum {boolean}
             */
            published: false;
        };
        /** UnpublishRequest */
        UnpublishRequest: Record<string, never>;
        /** WebhookTestRequest */
        WebhookTestRequest: {
            /** @description Public http(s) URL of the receiver; the same address rule as `webhook_url` on POST /v1/scans. */
            url: string;
        };
        /**
         * WebhookTestResult
         * @description What the receiver answered to the test event.
         */
        WebhookTestResult: {
            /**
             * @description `webhook.test`.
             * @enum {string}
             */
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
